"""The display every board's stand-in ``board`` module offers as ``DISPLAY`` in the
whole-app run: it keeps its root group and counts refreshes (nothing is drawn)."""


class Display:
    """Keeps ``root_group`` and counts refreshes; ``width``, ``height``: the screen's."""

    def __init__(self, width=160, height=128):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0
        self.width = width
        self.height = height

    def refresh(self, *args, **kwargs):
        """Nothing to draw here; the run counts the call."""
        self.refreshes += 1
        return True
