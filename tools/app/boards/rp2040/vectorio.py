"""Stand-in ``vectorio``: the one shape the app draws, ``Rectangle`` (nothing is drawn).
See displayio.py for how the stand-ins match the C objects' heap."""

from displayio import _Layer, _positive, _shader


class Rectangle(_Layer):
    """vectorio.Rectangle: a solid ``width`` x ``height`` block in colour 0 of its palette
    (C: 96 bytes whatever its size; here 16 bytes and nine attribute slots (80))."""

    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        super().__init__(x, y)
        self._sd_pixel_shader = _shader(pixel_shader)
        self._sd_width = _positive(width, "width")
        self._sd_height = _positive(height, "height")
        self.color_index = color_index
        # A ninth attribute: its slot takes the table from 64 bytes to 80, as C's 96.
        self._sd_pad = None

    @property
    def width(self):
        """Width in pixels (at least 1)."""
        return self._sd_width

    @width.setter
    def width(self, value):
        self._sd_width = _positive(value, "width")

    @property
    def height(self):
        """Height in pixels (at least 1)."""
        return self._sd_height

    @height.setter
    def height(self, value):
        self._sd_height = _positive(value, "height")

    @property
    def pixel_shader(self):
        """The palette the rectangle is coloured with."""
        return self._sd_pixel_shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._sd_pixel_shader = _shader(value)
