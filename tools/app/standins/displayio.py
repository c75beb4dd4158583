"""Stand-in ``displayio`` for the whole-app run on MicroPython's WebAssembly port.

The objects the app makes, keeping what CircuitPython's keep (pixels, tiles, colours,
members, positions) and allocating on the heap what CircuitPython 10's C objects allocate
(docs/STANDINS.md: each object's bytes, measured both ways). Nothing is drawn.

A MicroPython instance costs 16 bytes plus its attribute table (8 bytes a slot, in steps of
two slots up to twelve, then 17, 23...); a bytearray 16 bytes plus its data (none if
empty). So each class keeps few attributes and its bulk (pixels, tiles, colours) in one
bytearray, padded where the C object is bigger; where no layout matches C's exactly, the
stand-in costs 16 bytes more, never less. Each raises the exception CircuitPython raises
for what it rejects. Reading or changing a made object allocates nothing (a Group's
member list grows as C's does).
"""


def _int(value):
    """``value`` as a coordinate: an int (a bool converts; a float does not, as in C)."""
    if isinstance(value, int):
        return value
    if isinstance(value, bool):
        return int(value)
    raise TypeError("can't convert %s to int" % type(value).__name__)


def _positive(value, name):
    """``value`` as an int of at least 1; ValueError otherwise."""
    value = _int(value)
    if value < 1:
        raise ValueError("%s must be >= 1" % name)
    return value


class _Layer:
    """What a Group's members share: a position, ``hidden``, and whether a group (or a
    display, as its root) holds the layer: it may be in one at a time. Four attributes."""

    def __init__(self, x, y):
        self._sd_x = _int(x)
        self._sd_y = _int(y)
        self._sd_hidden = False
        self._sd_in_group = False

    @property
    def x(self):
        """Left edge in the parent, in pixels."""
        return self._sd_x

    @x.setter
    def x(self, value):
        self._sd_x = _int(value)

    @property
    def y(self):
        """Top edge in the parent, in pixels."""
        return self._sd_y

    @y.setter
    def y(self, value):
        self._sd_y = _int(value)

    @property
    def hidden(self):
        """True while the layer is not drawn."""
        return self._sd_hidden

    @hidden.setter
    def hidden(self, value):
        self._sd_hidden = bool(value)


class Group(_Layer):
    """displayio.Group: layers drawn in order (C: 48 bytes and a list of the members; here
    16 bytes, six attribute slots (48) and the same list: 16 bytes more)."""

    def __init__(self, *, scale=1, x=0, y=0):
        super().__init__(x, y)
        self._sd_scale = _positive(scale, "scale")
        self._sd_members = []

    @property
    def scale(self):
        """Pixels per layer pixel in each direction (at least 1)."""
        return self._sd_scale

    @scale.setter
    def scale(self, value):
        self._sd_scale = _positive(value, "scale")

    def _sd_take(self, layer):
        """Mark ``layer`` as held; TypeError for a non-layer, ValueError if held already."""
        if not isinstance(layer, _Layer):
            raise TypeError("Layer must be a Group or TileGrid subclass")
        if layer._sd_in_group:
            raise ValueError("Layer already in a group")
        layer._sd_in_group = True

    def append(self, layer):
        """Add ``layer`` on top of the others."""
        self._sd_take(layer)
        self._sd_members.append(layer)

    def insert(self, index, layer):
        """Add ``layer`` at ``index``."""
        self._sd_take(layer)
        self._sd_members.insert(index, layer)

    def pop(self, i=-1):
        """Take out the layer at ``i`` (the top one by default) and return it."""
        layer = self._sd_members.pop(i)
        layer._sd_in_group = False
        return layer

    def remove(self, layer):
        """Take out ``layer``; ValueError if it is not here."""
        self._sd_members.remove(layer)
        layer._sd_in_group = False

    def index(self, layer):
        """Where ``layer`` is; ValueError if it is not here."""
        return self._sd_members.index(layer)

    def __len__(self):
        return len(self._sd_members)

    def __getitem__(self, index):
        return self._sd_members[index]

    def __setitem__(self, index, layer):
        """Put ``layer`` in the place of the one at ``index`` (which leaves the group)."""
        old = self._sd_members[index]
        self._sd_take(layer)
        old._sd_in_group = False
        self._sd_members[index] = layer

    def __delitem__(self, index):
        """Take out the layer at ``index``."""
        self.pop(index)


class Bitmap:
    """displayio.Bitmap: ``width`` x ``height`` values of 1, 2, 4, 8, 16 or 32 bits, kept
    like C's in rows of whole 32-bit words (C: 48 bytes and the rows; here 16 bytes, four
    attribute slots (32) and a bytearray of the rows: 16 bytes more)."""

    def __init__(self, width, height, value_count):
        if width < 0 or height < 0:
            raise ValueError("width and height must be >= 0")
        if value_count < 1:
            raise ValueError("value_count must be >= 1")
        bits = 1
        while bits < 32 and 1 << bits < value_count:
            bits *= 2
        self._sd_width = width
        self._sd_height = height
        self._sd_bits = bits
        self._sd_rows = bytearray((width * bits + 31) // 32 * 4 * height)

    @property
    def width(self):
        """Width in pixels (read-only)."""
        return self._sd_width

    @property
    def height(self):
        """Height in pixels (read-only)."""
        return self._sd_height

    @property
    def bits_per_value(self):
        """Bits a pixel (read-only)."""
        return self._sd_bits

    def _sd_where(self, index):
        """The pixel number ``y * width + x`` of an index: an (x, y) tuple or that number;
        IndexError outside the bitmap."""
        width = self._sd_width
        if isinstance(index, tuple):
            x, y = index
            if not (0 <= x < width and 0 <= y < self._sd_height):
                raise IndexError("pixel coordinates out of bounds")
            return y * width + x
        if not 0 <= index < width * self._sd_height:
            raise IndexError("pixel coordinates out of bounds")
        return index

    def __getitem__(self, index):
        return self._sd_get(self._sd_where(index))

    def __setitem__(self, index, value):
        self._sd_put(self._sd_where(index), value)

    def _sd_byte(self, number):
        """The byte where pixel ``number`` starts (its first bit: ``number % width * bits``
        mod 8)."""
        width = self._sd_width
        bits = self._sd_bits
        return number // width * ((width * bits + 31) // 32 * 4) + (number % width * bits >> 3)

    def _sd_get(self, number):
        """The value of pixel ``number`` (in range)."""
        bits = self._sd_bits
        at = self._sd_byte(number)
        rows = self._sd_rows
        if bits < 8:
            shift = number % self._sd_width * bits & 7
            return rows[at] >> shift & ((1 << bits) - 1)
        value = 0
        i = bits >> 3
        while i:
            i -= 1
            value = value << 8 | rows[at + i]
        return value

    def _sd_put(self, number, value):
        """Set pixel ``number`` (in range); ValueError if ``value`` needs more bits than a
        pixel has (``bitmaptools.readinto`` writes through here too)."""
        bits = self._sd_bits
        if value < 0 or value >> bits:
            raise ValueError("pixel value requires too many bits")
        at = self._sd_byte(number)
        rows = self._sd_rows
        if bits < 8:
            shift = number % self._sd_width * bits & 7
            rows[at] = rows[at] & ~(((1 << bits) - 1) << shift) | value << shift
            return
        i = 0
        while i < bits >> 3:
            rows[at + i] = value >> (8 * i) & 0xFF
            i += 1


class Palette:
    """displayio.Palette: ``color_count`` colours, each 0xRRGGBB and maybe transparent
    (C: 16 bytes and 16 bytes a colour; here 16 bytes, two attribute slots (16) and a
    bytearray: 4 bytes a colour, padded to C's size from three colours on)."""

    def __init__(self, color_count, *, dither=False):
        if color_count < 1:
            raise ValueError("color_count must be >= 1")
        self._sd_count = color_count
        # Red, green, blue and a transparent flag a colour; the rest pads.
        self._sd_colors = bytearray(max(4 * color_count, 16 * color_count - 32))

    def __len__(self):
        return self._sd_count

    def _sd_at(self, index):
        """Where colour ``index`` is kept; IndexError outside 0..color_count-1."""
        if not 0 <= index < self._sd_count:
            raise IndexError("Palette index out of range")
        return index * 4

    def __getitem__(self, index):
        at = self._sd_at(index)
        colors = self._sd_colors
        return colors[at] << 16 | colors[at + 1] << 8 | colors[at + 2]

    def __setitem__(self, index, value):
        at = self._sd_at(index)
        if not isinstance(value, int):
            raise TypeError("stand-in: a colour as an int only")
        if not 0 <= value <= 0xFFFFFF:
            raise ValueError("color must be between 0x000000 and 0xffffff")
        colors = self._sd_colors
        colors[at] = value >> 16
        colors[at + 1] = value >> 8 & 0xFF
        colors[at + 2] = value & 0xFF

    def make_transparent(self, palette_index):
        """Draw nothing for this index."""
        self._sd_colors[self._sd_at(palette_index) + 3] = 1

    def is_transparent(self, palette_index):
        """True if this index draws nothing."""
        return self._sd_colors[self._sd_at(palette_index) + 3] == 1


def _shader(pixel_shader):
    """``pixel_shader`` if it is one (a Palette here); TypeError otherwise."""
    if not isinstance(pixel_shader, Palette):
        raise TypeError("unsupported pixel_shader type")
    return pixel_shader


class TileGrid(_Layer):
    """displayio.TileGrid: ``width`` x ``height`` tiles of ``bitmap``, one byte a tile
    (C: 96 bytes and the tiles; here 16 bytes, ten attribute slots (80) and a bytearray of
    the tiles: 16 bytes more. A Python subclass's attributes then cost what C's do, in a
    table of their own beside the C object, within 16 bytes.) Up to 256 tiles (C keeps two
    bytes a tile beyond)."""

    def __init__(
        self,
        bitmap,
        *,
        pixel_shader,
        width=1,
        height=1,
        tile_width=None,
        tile_height=None,
        default_tile=0,
        x=0,
        y=0
    ):
        if not isinstance(bitmap, Bitmap):
            raise TypeError("unsupported bitmap type")
        if tile_width is None:
            tile_width = bitmap.width
        if tile_height is None:
            tile_height = bitmap.height
        if tile_width < 1 or bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if tile_height < 1 or bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        width = _positive(width, "width")
        height = _positive(height, "height")
        if width * height > 256:
            raise NotImplementedError("stand-in: at most 256 tiles")
        super().__init__(x, y)
        self.bitmap = bitmap
        self._sd_pixel_shader = _shader(pixel_shader)
        self._sd_width = width
        self._sd_tile_width = tile_width
        self._sd_tile_height = tile_height
        self._sd_tiles = bytearray(width * height)
        if default_tile:
            self._sd_check_tile(default_tile)
            i = 0
            while i < width * height:
                self._sd_tiles[i] = default_tile
                i += 1

    @property
    def width(self):
        """Width in tiles (read-only)."""
        return self._sd_width

    @property
    def height(self):
        """Height in tiles (read-only)."""
        return len(self._sd_tiles) // self._sd_width

    @property
    def tile_width(self):
        """A tile's width in pixels (read-only)."""
        return self._sd_tile_width

    @property
    def tile_height(self):
        """A tile's height in pixels (read-only)."""
        return self._sd_tile_height

    @property
    def pixel_shader(self):
        """The palette the tiles' pixels are coloured with."""
        return self._sd_pixel_shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._sd_pixel_shader = _shader(value)

    def _sd_where(self, index):
        """The tile number of an index: an (x, y) tuple or ``y * width + x``; IndexError
        outside the grid."""
        if isinstance(index, tuple):
            x, y = index
            if not (0 <= x < self._sd_width and 0 <= y < len(self._sd_tiles) // self._sd_width):
                raise IndexError("Tile index out of bounds")
            return y * self._sd_width + x
        if not 0 <= index < len(self._sd_tiles):
            raise IndexError("Tile index out of bounds")
        return index

    def _sd_check_tile(self, value):
        """ValueError unless ``value`` is a tile of the bitmap."""
        bitmap = self.bitmap
        count = bitmap.width // self._sd_tile_width * (bitmap.height // self._sd_tile_height)
        if not 0 <= value < count:
            raise ValueError("Tile value out of bounds")

    def __getitem__(self, index):
        return self._sd_tiles[self._sd_where(index)]

    def __setitem__(self, index, value):
        at = self._sd_where(index)
        self._sd_check_tile(value)
        self._sd_tiles[at] = value
