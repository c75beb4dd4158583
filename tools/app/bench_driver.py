"""The heap bench inside CircuitPython's unix port with its displayio (tools/cpapp/bench.py
starts it and prints the tables; this file runs on CircuitPython, not CPython).

The whole-app run of tools/cpapp/driver.py (same stand-ins, same key script, garbage
collected every frame, app heap = ``gc.mem_alloc()`` minus what is held before the shell is
imported), plus:

- every import the app makes goes through a hook on ``builtins.__import__`` that collects
  garbage and prints the heap and the qstr pool before and after it;
- at the first frame of every state (top screen, stack depth, game) and whenever a state's
  heap rises, a walk of the displayio tree of every screen on the app's stack, with the
  font glyph sheets (``handheld.ui``) and the card sheet (``handheld.cardview``): objects
  counted, and each kind's unit cost measured here by allocating one alike and taking the
  ``gc.mem_alloc()`` delta.

Everything the bench itself keeps is allocated before BASE; what it allocates later (the
walks, the measuring copies) is garbage again by the next frame's collection, so the
per-frame figures are the app's, as in driver.py.

usage: circuitpython-unix32-displayio -X heapsize=N bench_driver.py SCRIPT

Output, besides driver.py's lines (S, M, MARK, END, ERROR; all figures in bytes):
  qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=.., n_total_bytes=..
                            micropython.qstr_info(), after BASE, IB, IE and W lines (and
                            where driver.py prints it: MARK, the first S)
  IB name                   an import of a module not loaded yet begins
  IE name bytes ok          it ended: heap it added (nested imports included), 1 if it
                            succeeded (0: ImportError, e.g. typing)
  IN name                   a module that import added to sys.modules
  W frame heap              a walk at this frame (the heap the driver measured)
  X kind count bytes key..  objects alike: kind group (key: members), tilegrid and any
                            TileGrid subclass by class name (key: width height tile_width
                            tile_height), label (handheld.ui.Text; key: columns size),
                            Rectangle/Circle/Polygon (vectorio; key: w h / radius /
                            points), palette (key: colours); bytes is the unit cost
                            measured (-1: a layer of a kind the bench does not know)
  XB tag w h bits bytes on  a distinct bitmap: tag fontsheet0/1, cardsheet or bitmap;
                            on = 1 if it is in the tree
  XM name ...               the modules loaded
  WE                        the walk ended
"""

import builtins
import gc
import sys

import displayio
import micropython
import vectorio
from driver import Done, Driver

_import = builtins.__import__


def _import_hook(name, globals=None, locals=None, fromlist=None, level=0):
    """builtins.__import__ that reports what a first import of a module costs."""
    if level or name in sys.modules:
        return _import(name, globals, locals, fromlist, level)
    before = tuple(sys.modules)
    gc.collect()
    start = gc.mem_alloc()
    print("IB", name)
    micropython.qstr_info()
    ok = 0
    try:
        module = _import(name, globals, locals, fromlist, level)
        ok = 1
    finally:
        gc.collect()
        added = gc.mem_alloc() - start
        print("IE", name, added, ok)
        micropython.qstr_info()
        for loaded in sys.modules:
            if loaded not in before:
                print("IN", loaded)
    return module


def _cost(make):
    """Heap one object made by ``make()`` holds (garbage collected before and after)."""
    gc.collect()
    start = gc.mem_alloc()
    made = make()
    gc.collect()
    used = gc.mem_alloc() - start
    made = None  # noqa: F841 - let it go
    return used


def _bitmap_cost(bitmap):
    bits = bitmap.bits_per_value
    values = (1 << bits) if bits < 30 else 0x3FFFFFFF
    return _cost(lambda: displayio.Bitmap(bitmap.width, bitmap.height, values))


def _palette_cost(colours):
    return _cost(lambda: displayio.Palette(colours))


def _group_cost(members):
    """A Group holding ``members`` layers: the group and its member list, not the layers."""
    tiny = displayio.Bitmap(1, 1, 2)
    shader = displayio.Palette(2)

    def layer():
        return displayio.TileGrid(tiny, pixel_shader=shader)

    def group():
        made = displayio.Group()
        i = 0
        while i < members:
            made.append(layer())
            i += 1
        return made

    return _cost(group) - members * _cost(layer)


def _tilegrid_cost(grid, kind, ui):
    """One like ``grid``: a ui.Text with its columns, a subclass made with no arguments (as
    CardSprite), else a plain TileGrid of its size over the same bitmap."""
    if kind == "label":
        try:
            return _cost(
                lambda: ui.Text(
                    grid.text, 0, 0, grid._size, grid._color, grid._right, grid._columns
                )
            )
        except Exception:  # noqa: BLE001 - the Text signature changed: fall back
            pass
    elif kind != "tilegrid":
        try:
            return _cost(type(grid))
        except Exception:  # noqa: BLE001 - needs arguments: fall back
            pass
    return _cost(
        lambda: displayio.TileGrid(
            grid.bitmap,
            pixel_shader=grid.pixel_shader,
            width=grid.width,
            height=grid.height,
            tile_width=grid.tile_width,
            tile_height=grid.tile_height,
        )
    )


def _shape_key(layer):
    """(kind, size...) of a layer that is neither a Group nor a TileGrid: a vectorio shape
    (Rectangle w h, Circle radius, Polygon points) or something else (kind only)."""
    kind = type(layer).__name__
    if isinstance(layer, vectorio.Rectangle):
        return (kind, layer.width, layer.height)
    if isinstance(layer, vectorio.Circle):
        return (kind, layer.radius)
    if isinstance(layer, vectorio.Polygon):
        return (kind, len(layer.points))
    return (kind,)


def _shape_cost(layer, key):
    """One vectorio shape like ``layer`` (its points too, for a Polygon); -1 if unknown."""
    shader = layer.pixel_shader
    if key[0] == "Rectangle":
        return _cost(lambda: vectorio.Rectangle(pixel_shader=shader, width=key[1], height=key[2]))
    if key[0] == "Circle":
        return _cost(lambda: vectorio.Circle(pixel_shader=shader, radius=key[1]))
    if key[0] == "Polygon":
        points = layer.points
        return _cost(lambda: vectorio.Polygon(pixel_shader=shader, points=list(points)))
    return -1


def walk(app):
    """Print the displayio objects of every screen on the stack, with unit costs."""
    ui = sys.modules.get("handheld.ui")
    cardview = sys.modules.get("handheld.cardview")
    text_type = getattr(ui, "Text", None)
    kinds = {}  # (kind, key...) -> [count, unit bytes]
    bitmaps = {}  # id -> [bitmap, tag, in tree]
    palettes = {}  # id -> palette
    tags = {}
    if ui is not None:
        for index, sheet in enumerate(getattr(ui, "_sheets", ())):
            if sheet is not None:
                tags[id(sheet)] = "fontsheet%d" % index
                bitmaps[id(sheet)] = [sheet, tags[id(sheet)], 0]
        for shared in getattr(ui, "_palettes", {}).values():
            palettes[id(shared)] = shared
    loaded = getattr(cardview, "_sheet", None)
    if loaded is not None:
        tags[id(loaded[0])] = "cardsheet"
        bitmaps[id(loaded[0])] = [loaded[0], "cardsheet", 0]
        for shared in loaded[1:]:
            palettes[id(shared)] = shared
    pending = []
    for screen in app.stack:
        if getattr(screen, "group", None) is not None:
            pending.append(screen.group)
    seen = {}
    while pending:
        layer = pending.pop()
        if id(layer) in seen:
            continue
        seen[id(layer)] = 1
        if isinstance(layer, displayio.Group):
            key = ("group", len(layer))
            for member in layer:
                pending.append(member)
        elif isinstance(layer, displayio.TileGrid):
            if text_type is not None and isinstance(layer, text_type):
                kind = "label"
                key = (kind, layer._columns, layer._size)
            else:
                kind = "tilegrid" if type(layer) is displayio.TileGrid else type(layer).__name__
                key = (kind, layer.width, layer.height, layer.tile_width, layer.tile_height)
            bitmap = layer.bitmap
            entry = bitmaps.get(id(bitmap))
            if entry is None:
                bitmaps[id(bitmap)] = [bitmap, tags.get(id(bitmap), "bitmap"), 1]
            else:
                entry[2] = 1
            shader = layer.pixel_shader
            if isinstance(shader, displayio.Palette):
                palettes[id(shader)] = shader
        else:
            key = _shape_key(layer)
            shader = getattr(layer, "pixel_shader", None)
            if isinstance(shader, displayio.Palette):
                palettes[id(shader)] = shader
        found = kinds.get(key)
        if found is None:
            unit = -1
            if key[0] == "group":
                unit = _group_cost(key[1])
            elif isinstance(layer, displayio.TileGrid):
                unit = _tilegrid_cost(layer, key[0], ui)
            else:
                unit = _shape_cost(layer, key)
            kinds[key] = [1, unit]
        else:
            found[0] += 1
    for shared in palettes.values():
        key = ("palette", len(shared))
        found = kinds.get(key)
        if found is None:
            kinds[key] = [1, _palette_cost(key[1])]
        else:
            found[0] += 1
    for key, (count, unit) in kinds.items():
        print("X", key[0], count, unit, " ".join([str(part) for part in key[1:]]))
    for bitmap, tag, on in bitmaps.values():
        print(
            "XB",
            tag,
            bitmap.width,
            bitmap.height,
            bitmap.bits_per_value,
            _bitmap_cost(bitmap),
            on,
        )
    print("XM", " ".join(sys.modules))


class BenchDriver(Driver):
    """driver.Driver that also walks the displayio tree when the state changes or its heap
    rises."""

    def sleep(self, seconds):
        last = self.last_state
        peak = self.state_peak
        Driver.sleep(self, seconds)  # raises Done when the script is over
        if self.last_state is not last or self.state_peak > peak:
            print("W", self.frame, self.state_peak)
            micropython.qstr_info()
            walk(self.shell.current_app)
            print("WE")


def main():
    driver = BenchDriver(sys.argv[1], 0, 0)
    builtins.__import__ = _import_hook
    gc.collect()
    driver.base = gc.mem_alloc()
    print("BASE", driver.base)
    micropython.qstr_info()
    from handheld import shell

    driver.shell = shell
    shell.seed_source = driver.seed_source
    shell.sleep = driver.sleep
    try:
        shell.main()
    except Done:
        print("M", driver.state_peak)
        print("END", driver.frame, sys.modules["board"].DISPLAY.refreshes, driver.peak)
    except Exception as error:
        print("ERROR", type(error).__name__, error)
        raise


if __name__ == "__main__":
    main()
