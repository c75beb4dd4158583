"""CircuitPython's ``displayio`` and ``vectorio`` as a refresh sees them: a model of the
dirty areas the C code reports and of the pixels it then sends, for the simulator.

Blinka's displayio (what the simulator draws with) tracks dirty areas in its own way: its
``Group`` counts a removed group's vectorio shapes in the area to redraw, and a new Group
starts at an identity transform. CircuitPython does neither, and the PicoSystem showed it
(pixels left behind, areas repainted where the app is not). This
module follows the C code instead, function by function (no code copied; Group.c,
TileGrid.c and Rectangle.c read in adafruit/circuitpython, the other files in forks that
track it, tyeth/circuitpython and jepler/circuitpython, as CircuitPython 10 has them):

- ``shared-module/displayio/area.c``: ``Area`` (empty, union, overlap, canon, shift).
- ``shared-module/displayio/Group.c``: ``Group``. ``_update_transform`` and
  ``_update_child_transforms`` (children follow only while the group is in a group);
  ``_add_layer`` and ``_remove_layer``; ``_previous_area`` (the area a removed group
  leaves to redraw: its TileGrids' and groups' last drawn areas, and what its own
  removals left; a vectorio member is in neither branch of the C loop, which then reads
  an area it never set: here it adds nothing, which is what the device showed);
  ``_refresh_areas``, ``_fill_area``, ``_finish_refresh``. A Group's absolute transform
  is never set at construction: its memory comes zeroed from the GC heap, so until the
  group is put in one it is all zero (dx = dy = 0).
- ``shared-module/displayio/TileGrid.c``: ``TileGrid``. The current area follows every
  transform update (``_update_current``); a first draw reports only the current area, a
  move the union of the last drawn one and the current (or both apart when the union is
  over twice the grid), hidden the last drawn area; tile changes a partial dirty area;
  a changed palette or bitmap the whole grid. ``_finish_refresh`` records what was drawn.
- ``shared-module/vectorio/VectorShape.c`` with ``Rectangle.c``: ``Rectangle``. Its area
  is worked out at construction under the null transform (where it would be at the
  screen's origin) and again at every change (``_set_dirty``); each time it moves, the
  area it had joins its ephemeral dirty area, emptied only by a refresh that draws it.
  ``_refresh_areas`` joins or separates the two as the C heuristic does.
- ``shared-module/displayio/Bitmap.c``, ``Palette.c``: dirty areas and ``needs_refresh``.
- ``shared-module/displayio/display_core.c``, ``shared-module/busdisplay/BusDisplay.c``:
  ``Display``. A new root group means a full refresh (the whole screen); otherwise the
  root group's areas, each clipped to the screen and filled from the layers top down.

Left out, as the app uses none of it: scale other than 1, flips, transposed transforms
(rotation), ``OnDiskBitmap``, ``ColorConverter``, circles and polygons, tile offsets.

``Display`` keeps what the panel shows (``panel``, colours in RGB565 as sent) and can
render the whole tree afresh (``render``): where the two differ, pixels were left behind.
"""

from array import array

from PIL import Image

# -- area.c ---------------------------------------------------------------------------


class Area:
    """``displayio_area_t``: x1, y1 inclusive, x2, y2 exclusive; empty if x1 == x2 or
    y1 == y2 (an "empty" area may hold any other coordinates, as in C)."""

    __slots__ = ("x1", "y1", "x2", "y2")

    def __init__(self, x1=0, y1=0, x2=0, y2=0):
        self.x1, self.y1, self.x2, self.y2 = x1, y1, x2, y2

    def copy(self):
        return Area(self.x1, self.y1, self.x2, self.y2)

    def empty(self):
        return self.x1 == self.x2 or self.y1 == self.y2

    def clear(self):
        self.x1 = self.x2  # C's "cheat to set area to empty"

    def __eq__(self, other):
        return (self.x1, self.y1, self.x2, self.y2) == (other.x1, other.y1, other.x2, other.y2)

    def __repr__(self):
        return "Area(%d, %d, %d, %d)" % (self.x1, self.y1, self.x2, self.y2)

    def tuple(self):
        return (self.x1, self.y1, self.x2, self.y2)

    def width(self):
        return (self.x2 - self.x1) & 0xFFFF  # uint16_t, as displayio_area_width

    def height(self):
        return (self.y2 - self.y1) & 0xFFFF

    def size(self):
        return self.width() * self.height() & 0xFFFFFFFF


def union(a, b):
    """``displayio_area_union``: the bounding box; an empty side gives the other."""
    if a.empty():
        return b.copy()
    if b.empty():
        return a.copy()
    return Area(min(a.x1, b.x1), min(a.y1, b.y1), max(a.x2, b.x2), max(a.y2, b.y2))


def overlap(a, b):
    """``displayio_area_compute_overlap``: (True, overlap) or (False, what C leaves in the
    output: x fields set, and y too once x overlaps)."""
    out = Area(max(a.x1, b.x1), 0, min(a.x2, b.x2), 0)
    if out.x1 >= out.x2:
        # C returns before it sets y1 and y2: the caller's variable keeps what it held.
        # Here they are worked out as the next lines would (see Rectangle._refresh_areas).
        out.y1, out.y2 = max(a.y1, b.y1), min(a.y2, b.y2)
        return False, out
    out.y1, out.y2 = max(a.y1, b.y1), min(a.y2, b.y2)
    return out.y1 < out.y2, out


def canon(area):
    if area.x1 > area.x2:
        area.x1, area.x2 = area.x2, area.x1
    if area.y1 > area.y2:
        area.y1, area.y2 = area.y2, area.y1


# -- transforms -------------------------------------------------------------------------


class Transform:
    """``displayio_buffer_transform_t`` without mirror and transpose (rotation 0)."""

    __slots__ = ("x", "y", "dx", "dy", "scale")

    def __init__(self, x=0, y=0, dx=0, dy=0, scale=0):
        self.x, self.y, self.dx, self.dy, self.scale = x, y, dx, dy, scale


NULL_TRANSFORM = Transform(0, 0, 1, 1, 1)  # null_transform: the screen's own coordinates


def _check_index_range(value, name, low, high):
    if not isinstance(value, int) or not low <= value <= high:
        raise ValueError("%s must be %d-%d" % (name, low, high))
    return value


# -- Palette.c, Bitmap.c ----------------------------------------------------------------


class Palette:
    """``displayio.Palette``: colours (RGB888) and transparency; ``needs_refresh`` set by
    a change, cleared by the refresh of a layer that uses it. A new palette is all black
    and opaque (zeroed memory)."""

    def __init__(self, color_count, *, dither=False):
        if color_count < 1:
            raise ValueError("color_count must be >= 1")
        self._colors = [0] * color_count
        self._transparent = [False] * color_count
        self.needs_refresh = False
        self.dither = dither

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, index):
        return self._colors[index]

    def __setitem__(self, index, value):
        if isinstance(value, (bytes, bytearray, tuple, list)):
            value = value[0] << 16 | value[1] << 8 | value[2]
        if self._colors[index] == value:  # set_color returns early on the same colour
            return
        self._colors[index] = value
        self.needs_refresh = True

    def make_transparent(self, index):
        self._transparent[index] = True
        self.needs_refresh = True

    def make_opaque(self, index):
        self._transparent[index] = False
        self.needs_refresh = True

    def is_transparent(self, index):
        return self._transparent[index]

    def _color(self, value):
        """The RGB565 the display is sent for a pixel value, or None if transparent."""
        if value >= len(self._colors) or self._transparent[value]:
            return None
        color = self._colors[value]
        return (color >> 19) << 11 | ((color >> 10) & 0x3F) << 5 | ((color >> 3) & 0x1F)


class Bitmap:
    """``displayio.Bitmap``: values, and the dirty area (the whole bitmap when new; each
    pixel written joins it; a refresh empties it)."""

    def __init__(self, width, height, value_count):
        if not 1 <= value_count <= 65536:
            raise ValueError("value_count must be in the range of 1-65536")
        self.width = width
        self.height = height
        self._values = bytearray(width * height) if value_count <= 256 else [0] * (width * height)
        bits = 1
        while (value_count - 1) >> bits:
            bits = bits << 1 if bits < 8 else bits + 8
        self._bits_per_value = bits  # read by the host's bitmaptools.readinto
        self._dirty = Area(0, 0, width, height)

    def _index(self, index):
        if isinstance(index, tuple):
            x, y = index
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise IndexError("pixel out of range")
            return x, y
        return index % self.width, index // self.width

    def __getitem__(self, index):
        x, y = self._index(index)
        return self._values[y * self.width + x]

    def __setitem__(self, index, value):
        x, y = self._index(index)
        self._set_dirty(Area(x, y, x + 1, y + 1))
        self._values[y * self.width + x] = value

    def fill(self, value):
        self._set_dirty(Area(0, 0, self.width, self.height))
        for i in range(len(self._values)):
            self._values[i] = value

    def _set_dirty(self, area):
        joined = union(area, self._dirty)
        _, self._dirty = overlap(joined, Area(0, 0, self.width, self.height))

    def _finish_refresh(self):
        self._dirty.x1 = self._dirty.x2 = 0


# -- TileGrid.c -------------------------------------------------------------------------


class TileGrid:
    """``displayio.TileGrid`` (no flips, no transpose, no tile offset)."""

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
        y=0,
    ):
        tile_width = bitmap.width if tile_width is None else tile_width
        tile_height = bitmap.height if tile_height is None else tile_height
        if bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        self._bitmap = bitmap
        self._pixel_shader = pixel_shader
        self._width_in_tiles = width
        self._height_in_tiles = height
        self._tile_width = tile_width
        self._tile_height = tile_height
        self._bitmap_width_in_tiles = bitmap.width // tile_width
        self._tiles_in_bitmap = self._bitmap_width_in_tiles * (bitmap.height // tile_height)
        self._tiles = [default_tile] * (width * height)
        self._x = x
        self._y = y
        self._pixel_width = width * tile_width
        self._pixel_height = height * tile_height
        self._in_group = False
        self._hidden = False
        self._hidden_by_parent = False
        self._rendered_hidden = False
        self._previous = Area(0xFFFF, 0, 0xFFFF, 0)  # x1 == x2: never drawn
        self._current = Area()
        self._dirty = Area()
        self._moved = False
        self._full_change = False
        self._partial_change = False
        self._transform = None

    # the Python API

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        if value == self._x:
            return
        self._moved = True
        self._x = value
        if self._transform is not None:
            self._update_current()

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        if value == self._y:
            return
        self._moved = True
        self._y = value
        if self._transform is not None:
            self._update_current()

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = bool(value)
        self._rendered_hidden = False
        if not value:
            self._full_change = True

    @property
    def pixel_shader(self):
        return self._pixel_shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._pixel_shader = value
        self._full_change = True

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, value):
        if (value.width, value.height) != (self._bitmap.width, self._bitmap.height):
            raise ValueError("New bitmap must be same size as old bitmap")
        self._bitmap = value
        self._full_change = True

    @property
    def width(self):
        return self._width_in_tiles

    @property
    def height(self):
        return self._height_in_tiles

    @property
    def tile_width(self):
        return self._tile_width

    @property
    def tile_height(self):
        return self._tile_height

    def _position(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            if index < 0:
                index += len(self._tiles)
            x, y = index % self._width_in_tiles, index // self._width_in_tiles
        if not (0 <= x < self._width_in_tiles and 0 <= y < self._height_in_tiles):
            raise IndexError("Tile index out of bounds")
        return x, y

    def __getitem__(self, index):
        x, y = self._position(index)
        return self._tiles[y * self._width_in_tiles + x]

    def __setitem__(self, index, tile):
        x, y = self._position(index)
        if not 0 <= tile < self._tiles_in_bitmap:
            raise ValueError("Tile index out of bounds")
        self._tiles[y * self._width_in_tiles + x] = tile
        # displayio_tilegrid_mark_tile_dirty, in the grid's own pixels
        area = Area(
            x * self._tile_width,
            y * self._tile_height,
            (x + 1) * self._tile_width,
            (y + 1) * self._tile_height,
        )
        self._dirty = union(self._dirty, area) if self._partial_change else area
        self._partial_change = True

    # what a group and a refresh call

    def _update_current(self):
        t = self._transform or NULL_TRANSFORM
        x1 = t.x + t.dx * self._x
        x2 = t.x + t.dx * (self._x + self._pixel_width)
        y1 = t.y + t.dy * self._y
        y2 = t.y + t.dy * (self._y + self._pixel_height)
        self._current = Area(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))

    def _update_transform(self, transform):
        self._in_group = transform is not None
        self._transform = transform
        if transform is not None:
            self._moved = True
            self._update_current()

    def _set_hidden_by_parent(self, hidden):
        self._hidden_by_parent = hidden
        self._rendered_hidden = False
        if not hidden:
            self._full_change = True

    def _previous_area(self):
        return None if self._previous.x1 == self._previous.x2 else self._previous.copy()

    def _refresh_areas(self, out):
        first_draw = self._previous.x1 == self._previous.x2
        hidden = self._hidden or self._hidden_by_parent
        if hidden:
            self._rendered_hidden = True
            if not first_draw:
                out.append(self._previous.copy())
            return
        if self._moved and not first_draw:
            self._dirty = union(self._previous, self._current)
            if self._dirty.size() <= 2 * self._pixel_width * self._pixel_height:
                out.append(self._dirty.copy())
            else:
                out.append(self._current.copy())
                out.append(self._previous.copy())
            return
        bitmap_dirty = self._bitmap._dirty
        if bitmap_dirty.x1 != bitmap_dirty.x2:
            if self._tiles_in_bitmap == 1:
                self._dirty = bitmap_dirty.copy()
                self._partial_change = True
            else:
                self._full_change = True
        self._full_change = self._full_change or self._pixel_shader.needs_refresh
        if self._full_change or first_draw:
            out.append(self._current.copy())
            return
        if self._partial_change:
            t = self._transform
            x1 = t.x + t.dx * (self._x + self._dirty.x1)
            y1 = t.y + t.dy * (self._y + self._dirty.y1)
            x2 = t.x + t.dx * (self._x + self._dirty.x2)
            y2 = t.y + t.dy * (self._y + self._dirty.y2)
            self._dirty = Area(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
            out.append(self._dirty.copy())

    def _finish_refresh(self):
        first_draw = self._previous.x1 == self._previous.x2
        hidden = self._hidden or self._hidden_by_parent
        if not first_draw and hidden:
            self._previous.x2 = self._previous.x1
        elif self._moved or first_draw:
            self._previous = self._current.copy()
        self._moved = self._full_change = self._partial_change = False
        self._pixel_shader.needs_refresh = False
        self._bitmap._finish_refresh()

    def _fill_area(self, area, canvas):
        if self._hidden or self._hidden_by_parent:
            return
        ok, part = overlap(area, self._current)
        if not ok:
            return
        canvas.visits += part.size()
        tw, th = self._tile_width, self._tile_height
        grid_w = self._width_in_tiles
        across = self._bitmap_width_in_tiles
        values, bitmap_w = self._bitmap._values, self._bitmap.width
        color = self._pixel_shader._color
        left, top = self._current.x1, self._current.y1
        for y in range(part.y1, part.y2):
            local_y = y - top
            row_tiles = (local_y // th) * grid_w
            in_tile_y = local_y % th
            for x in range(part.x1, part.x2):
                if canvas.is_set(x, y):
                    continue
                local_x = x - left
                tile = self._tiles[row_tiles + local_x // tw]
                bx = (tile % across) * tw + local_x % tw
                by = (tile // across) * th + in_tile_y
                pixel = color(values[by * bitmap_w + bx])
                if pixel is not None:
                    canvas.set(x, y, pixel)


# -- VectorShape.c, Rectangle.c ---------------------------------------------------------


class Rectangle:
    """``vectorio.Rectangle`` with the VectorShape it is drawn through."""

    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        if width < 1 or height < 1:
            raise ValueError("width and height must be >= 1")
        self._width = width
        self._height = height
        self._color_index = color_index
        self._pixel_shader = pixel_shader
        self._x = x
        self._y = y
        self._hidden = False
        self._in_group = False
        self._transform = NULL_TRANSFORM  # "critical to have a valid transform"
        self._ephemeral = Area()  # x1 == x2: empty
        self._current_dirty = True
        self._current = self._screen_area()

    def _screen_area(self):
        """``_get_screen_area``: the shape's area (0, 0, w, h) placed by its transform; a
        transform whose dx or dy is under 1 mirrors it (a zeroed group's does)."""
        t = self._transform
        area = Area(0, 0, self._width, self._height)
        x = t.x + t.dx * self._x
        y = t.y + t.dy * self._y
        if t.dx < 1:
            x -= 1
            area.x1, area.x2 = 1 - area.x1, 1 - area.x2
        if t.dy < 1:
            y -= 1
            area.y1, area.y2 = 1 - area.y1, 1 - area.y2
        canon(area)
        area.x1 += x
        area.x2 += x
        area.y1 += y
        area.y2 += y
        return area

    def _set_dirty(self):
        """``common_hal_vectorio_vector_shape_set_dirty``."""
        current = self._screen_area()
        if current != self._current:
            self._ephemeral = union(self._current, self._ephemeral)
            self._current = current
        self._current_dirty = True

    # the Python API

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        if value == self._x:
            return
        self._x = value
        self._set_dirty()

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        if value == self._y:
            return
        self._y = value
        self._set_dirty()

    @property
    def location(self):
        return (self._x, self._y)

    @location.setter
    def location(self, value):
        x, y = value
        if (x, y) != (self._x, self._y):
            self._x, self._y = x, y
            self._set_dirty()

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        self._hidden = bool(value)
        self._set_dirty()

    @property
    def pixel_shader(self):
        return self._pixel_shader

    @pixel_shader.setter
    def pixel_shader(self, value):
        self._pixel_shader = value
        self._set_dirty()

    @property
    def width(self):
        return self._width

    @width.setter
    def width(self, value):
        self._width = abs(value)
        self._set_dirty()

    @property
    def height(self):
        return self._height

    @height.setter
    def height(self, value):
        self._height = abs(value)
        self._set_dirty()

    @property
    def color_index(self):
        return self._color_index

    @color_index.setter
    def color_index(self, value):
        self._color_index = abs(value)
        self._set_dirty()

    # what a group and a refresh call

    def _update_transform(self, transform):
        self._transform = NULL_TRANSFORM if transform is None else transform
        self._set_dirty()

    def _dirty_area(self):
        """``vectorio_vector_shape_get_dirty_area`` (for a group it is removed from)."""
        return union(self._ephemeral, self._current)

    def _refresh_areas(self, out):
        if self._current_dirty or self._pixel_shader.needs_refresh:
            if not self._ephemeral.empty():
                # Both dirty: one area or two, whichever repaints fewer pixels
                # (C's sizes are unsigned: a "no overlap" area can count huge).
                _, part = overlap(self._ephemeral, self._current)
                joined = union(self._ephemeral, self._current)
                dirty_size = self._ephemeral.size()
                current_size = self._current.size()
                excluded = (joined.size() - dirty_size - current_size + part.size()) & 0xFFFFFFFF
                if excluded <= min(dirty_size, current_size):
                    self._ephemeral = joined
                else:
                    out.append(self._current.copy())
                out.append(self._ephemeral.copy())
            else:
                out.append(self._current.copy())
        elif not self._ephemeral.empty():
            out.append(self._ephemeral.copy())

    def _finish_refresh(self):
        if self._ephemeral.empty() and not self._current_dirty:
            return
        self._ephemeral.clear()
        self._current_dirty = False
        self._pixel_shader.needs_refresh = False

    def _fill_area(self, area, canvas):
        if self._hidden:
            return
        ok, part = overlap(area, self._current)
        if not ok:
            return
        canvas.visits += part.size()
        t = self._transform
        left = t.x + t.dx * self._x
        top = t.y + t.dy * self._y
        pixel = self._pixel_shader._color(self._color_index)
        if pixel is None:
            return
        for y in range(part.y1, part.y2):
            if not 0 <= y - top < self._height:
                continue
            for x in range(part.x1, part.x2):
                if 0 <= x - left < self._width and not canvas.is_set(x, y):
                    canvas.set(x, y, pixel)


# -- Group.c ----------------------------------------------------------------------------


class Group:
    """``displayio.Group`` (scale 1 only)."""

    def __init__(self, *, scale=1, x=0, y=0):
        if scale != 1:
            raise NotImplementedError("the model draws groups at scale 1 only")
        self._scale = scale
        self._x = x
        self._y = y
        self._members = []
        self._hidden = False
        self._hidden_by_parent = False
        self._in_group = False
        self._item_removed = False
        self._dirty = Area()
        self._transform = Transform()  # never set at construction: zeroed memory

    # the Python API

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        if value == self._x:
            return
        self._transform.x += (self._transform.dx // self._scale) * (value - self._x)
        self._x = value
        self._update_child_transforms()

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        if value == self._y:
            return
        self._transform.y += (self._transform.dy // self._scale) * (value - self._y)
        self._y = value
        self._update_child_transforms()

    @property
    def scale(self):
        return self._scale

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        value = bool(value)
        if value == self._hidden:
            return
        self._hidden = value
        if self._hidden_by_parent:
            return
        self._tell_members_hidden(value)

    def _set_hidden_by_parent(self, hidden):
        if hidden == self._hidden_by_parent:
            return
        self._hidden_by_parent = hidden
        if self._hidden:
            return
        self._tell_members_hidden(hidden)

    def _tell_members_hidden(self, hidden):
        for layer in self._members:
            if isinstance(layer, Rectangle):
                layer._set_dirty()
            else:
                layer._set_hidden_by_parent(hidden)

    def __len__(self):
        return len(self._members)

    def __bool__(self):
        return bool(self._members)

    def __getitem__(self, index):
        return self._members[index]

    def __iter__(self):
        return iter(list(self._members))

    def __contains__(self, layer):
        return layer in self._members

    def index(self, layer):
        for i, member in enumerate(self._members):
            if member is layer:
                return i
        raise ValueError("object not in sequence")

    def append(self, layer):
        self.insert(len(self._members), layer)

    def insert(self, index, layer):
        self._add_layer(layer)
        self._members.insert(index, layer)

    def pop(self, index=-1):
        if index < 0:
            index += len(self._members)
        if not 0 <= index < len(self._members):
            raise IndexError("Group index out of range")
        self._remove_layer(index)
        return self._members.pop(index)

    def remove(self, layer):
        self.pop(self.index(layer))

    def __setitem__(self, index, layer):
        if index < 0:
            index += len(self._members)
        self._add_layer(layer)
        self._remove_layer(index)
        self._members[index] = layer

    def __delitem__(self, index):
        self.pop(index)

    # transforms, adding, removing

    def _update_transform(self, parent):
        self._in_group = parent is not None
        if parent is not None:
            t = self._transform
            t.x = parent.x + parent.dx * self._x
            t.y = parent.y + parent.dy * self._y
            t.dx = parent.dx * self._scale
            t.dy = parent.dy * self._scale
            t.scale = parent.scale * self._scale
        self._update_child_transforms()

    def _update_child_transforms(self):
        if not self._in_group:
            return
        for layer in self._members:
            layer._update_transform(self._transform)

    def _add_layer(self, layer):
        if isinstance(layer, Rectangle):
            if layer._in_group:
                raise ValueError("Layer already in a group")
            layer._in_group = True
            layer._update_transform(self._transform)
            return
        if not isinstance(layer, (TileGrid, Group)):
            raise ValueError("Layer must be a Group or TileGrid subclass")
        if layer._in_group:
            raise ValueError("Layer already in a group")
        layer._in_group = True
        layer._update_transform(self._transform)
        layer._set_hidden_by_parent(self._hidden or self._hidden_by_parent)

    def _remove_layer(self, index):
        layer = self._members[index]
        area = None
        if isinstance(layer, Rectangle):
            area = layer._dirty_area()
            layer._update_transform(None)
            layer._in_group = False
        elif isinstance(layer, TileGrid):
            layer._in_group = False
            area = layer._previous_area()
            layer._update_transform(None)
        else:
            layer._in_group = False
            area = layer._previous_area()
            layer._update_transform(None)
        if area is None:
            return
        self._dirty = union(self._dirty, area) if self._item_removed else area
        self._item_removed = True

    def _previous_area(self):
        """``displayio_group_get_previous_area``: None if nothing of it was drawn."""
        area = None
        for layer in self._members:
            if isinstance(layer, Rectangle):
                continue  # no branch of the C loop takes a shape (see the module's doc)
            part = layer._previous_area()
            if part is None:
                continue
            area = part if area is None else union(area, part)
        if self._item_removed:
            area = self._dirty.copy() if area is None else union(area, self._dirty)
        return area

    # refresh

    def _refresh_areas(self, out):
        if self._item_removed:
            out.append(self._dirty.copy())
        for layer in reversed(self._members):
            if isinstance(layer, TileGrid) and layer._rendered_hidden:
                continue
            layer._refresh_areas(out)

    def _fill_area(self, area, canvas):
        if self._hidden:
            return
        for layer in reversed(self._members):
            if canvas.full():
                return
            layer._fill_area(area, canvas)

    def _finish_refresh(self):
        self._item_removed = False
        for layer in reversed(self._members):
            layer._finish_refresh()


# -- display_core.c, BusDisplay.c ------------------------------------------------------


class _Canvas:
    """One area being filled: the buffer and the mask of pixels already set."""

    def __init__(self, area):
        self.area = area
        self.width = area.x2 - area.x1
        self.pixels = array("H", bytes(2 * self.width * (area.y2 - area.y1)))
        self.mask = bytearray(len(self.pixels))
        self.left = len(self.pixels)
        self.visits = 0  # pixels the layers looked at (each layer: its overlap with the area)

    def is_set(self, x, y):
        return self.mask[(y - self.area.y1) * self.width + x - self.area.x1]

    def set(self, x, y, pixel):
        i = (y - self.area.y1) * self.width + x - self.area.x1
        self.pixels[i] = pixel
        self.mask[i] = 1
        self.left -= 1

    def full(self):
        return self.left == 0


class Display:
    """``board.DISPLAY`` as CircuitPython refreshes it (rotation 0, 16-bit colour).

    ``pushed``: pixels sent by each refresh; ``composed``: the pixels its layers looked at
    (each layer its overlap with each area, until an area is covered: the composing work,
    which on the RP2040 costs more than the sending); ``last_areas``: the clipped areas of
    the last;
    ``panel``: what the panel holds (RGB565, row by row); ``image``: it as a PIL image;
    ``on_refresh(display)``: called after a refresh that sent pixels.
    """

    def __init__(self, width=160, height=128, on_refresh=None):
        self.width = width
        self.height = height
        self.rotation = 0
        self.brightness = 1.0
        self.auto_refresh = True
        self.pushed = []
        self.composed = []
        self.last_areas = []
        self.on_refresh = on_refresh
        self.panel = array("H", bytes(2 * width * height))
        self.image = Image.new("RGB", (width, height))
        self._area = Area(0, 0, width, height)
        self._transform = Transform(0, 0, 1, 1, 1)
        self._root = None
        self._full = True

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        if group is self._root:
            return
        if group is not None and group._in_group:
            raise ValueError("Group already used")
        if self._root is not None:
            self._root._in_group = False
        if group is not None:
            group._update_transform(self._transform)
            group._in_group = True
        self._root = group
        self._full = True

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """Send the dirty areas (the whole screen after a new root group)."""
        root = self._root
        areas = []
        if self._full:
            areas.append(self._area.copy())
        elif root is not None:
            root._refresh_areas(areas)
        self.last_areas = []
        count = visits = 0
        for area in areas:
            ok, clipped = overlap(self._area, area)
            if not ok:
                continue
            canvas = self._fill(clipped)
            self._send(clipped, canvas)
            self.last_areas.append(clipped.tuple())
            count += clipped.size()
            visits += canvas.visits
        if root is not None:
            root._finish_refresh()
        self._full = False
        self.pushed.append(count)
        self.composed.append(visits)
        if count and self.on_refresh is not None:
            self.on_refresh(self)
        return True

    def _fill(self, area):
        canvas = _Canvas(area)
        if self._root is not None:
            self._root._fill_area(area, canvas)
        return canvas

    def _send(self, area, canvas):
        width = area.x2 - area.x1
        for row in range(area.y2 - area.y1):
            start = (area.y1 + row) * self.width + area.x1
            self.panel[start : start + width] = canvas.pixels[row * width : (row + 1) * width]
        tile = Image.frombuffer(
            "RGB", (width, area.y2 - area.y1), canvas.pixels.tobytes(), "raw", "BGR;16", 0, 1
        )
        self.image.paste(tile, (area.x1, area.y1))

    def render(self):
        """The whole screen drawn afresh from the tree (what the panel should hold)."""
        return self._fill(self._area.copy()).pixels

    def left_behind(self):
        """(x, y) of every pixel where the panel differs from a fresh render."""
        fresh = self.render()
        return [
            (i % self.width, i // self.width)
            for i, (held, drawn) in enumerate(zip(self.panel, fresh))
            if held != drawn
        ]


def modules():
    """Module objects ``displayio`` and ``vectorio`` made of this model."""
    import types

    displayio = types.ModuleType("displayio")
    displayio.__dict__.update(
        Group=Group, TileGrid=TileGrid, Bitmap=Bitmap, Palette=Palette, __version__="model"
    )
    vectorio = types.ModuleType("vectorio")
    vectorio.Rectangle = Rectangle
    return displayio, vectorio
