"""Stand-in ``audioio`` (the PyBadge's DAC speaker): it takes samples and plays none."""

from audiocore import RawSample


class AudioOut:
    """An audio output on ``left_channel``; its options by keyword only, as in C."""

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if not 0 <= quiescent_value <= 0xFFFF:
            raise ValueError("quiescent_value must be 0-65535")
        self._sd_playing = False

    def play(self, sample, *, loop=False):
        """Start ``sample`` (a RawSample here; TypeError otherwise), looped if ``loop``."""
        if not isinstance(sample, RawSample):
            raise TypeError("sample must be an audio sample")
        self._sd_playing = True

    def stop(self):
        """Stop playing."""
        self._sd_playing = False

    @property
    def playing(self):
        """True while a sample plays (read-only)."""
        return self._sd_playing
