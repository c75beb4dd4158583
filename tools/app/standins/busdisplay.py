"""Stand-in ``busdisplay``: the ``BusDisplay`` every board's stand-in ``board`` offers as
``DISPLAY``. It keeps its root group and counts refreshes (``refreshes``, read by the
whole-app driver); nothing is drawn. On a device it is static, not on the heap."""

from displayio import Group


class BusDisplay:
    """A ``width`` x ``height`` display: ``root_group``, ``auto_refresh``, ``brightness``
    (0.0-1.0) and ``refresh()``."""

    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.auto_refresh = True
        self.refreshes = 0
        self._sd_root_group = None
        self._sd_brightness = 1.0

    @property
    def root_group(self):
        """The group shown (None: nothing). A group in another group, or another display's
        root, is refused (ValueError); the root counts as held until it is replaced."""
        return self._sd_root_group

    @root_group.setter
    def root_group(self, group):
        if group is not None and not isinstance(group, Group):
            raise TypeError("root_group must be a Group")
        if group is self._sd_root_group:
            return
        if group is not None:
            if group._sd_in_group:
                raise ValueError("Group already used")
            group._sd_in_group = True
        if self._sd_root_group is not None:
            self._sd_root_group._sd_in_group = False
        self._sd_root_group = group

    @property
    def brightness(self):
        """The backlight, 0.0 (off) to 1.0 (full); ValueError outside."""
        return self._sd_brightness

    @brightness.setter
    def brightness(self, value):
        if not 0 <= value <= 1:
            raise ValueError("Brightness must be 0-1.0")
        self._sd_brightness = float(value)

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Count the refresh (nothing to draw); True, as a refresh that was not skipped."""
        self.refreshes += 1
        return True
