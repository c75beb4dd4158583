"""Stand-in ``audioio`` (the PyBadge's DAC speaker): plays nothing."""


class AudioOut:
    """An audio output that takes samples and plays none."""

    def __init__(self, pin, **kwargs):
        self.playing = False

    def play(self, sample, loop=False):
        """Nothing to hear here."""
        self.playing = True

    def stop(self):
        """Stop nothing."""
        self.playing = False
