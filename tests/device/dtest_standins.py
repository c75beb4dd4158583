"""Device-side tests of the whole-app run's stand-ins for CircuitPython's C modules
(tools/app/standins/, tools/app/boards/; docs/STANDINS.md), on MicroPython's WebAssembly
port: ``node tools/mpgate/run.mjs --only dtest_standins`` puts /standins on sys.path ahead
of /lib for this module only.

- Each displayio/vectorio object the app makes costs on the heap at least what
  CircuitPython 10's C object costs (docs/DEVICE.md, "What CircuitPython's own
  displayio objects cost on the heap") and at most 32 bytes more.
- Each stand-in rejects what the real API rejects, with CircuitPython's exception.
- What the app reads back is kept: pixels (``bitmaptools.readinto`` fills them from the
  file), tiles, colours, members, the nvm's bytes.

On CPython (tests/test_device_suites.py) the module offers no tests: the stand-ins take
CircuitPython's place on MicroPython only, and ``gc.mem_alloc`` is MicroPython's.
"""

import gc
import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"
if ON_MICROPYTHON:
    import io

    import audiocore
    import audioio
    import bitmaptools
    import board
    import digitalio
    import displayio
    import keypad
    import microcontroller
    import supervisor
    import vectorio

# CircuitPython 10's bytes (docs/DEVICE.md's table); a stand-in may cost up to SLACK more.
SLACK = 32
GROUP_BYTES = ((1, 80), (4, 80), (5, 96), (8, 96), (10, 128), (16, 128), (17, 192), (23, 192))
TILEGRID_BYTES = (((3, 3), 112), ((45, 1), 144), ((120, 1), 224), ((160, 1), 256))
PALETTE_BYTES = ((1, 32), (2, 48), (4, 80), (5, 96), (13, 224))
# (width, height, value_count): 2, 4 and 16 values take 1, 2 and 4 bits.
BITMAP_BYTES = (
    ((4, 3, 4), 64),
    ((21, 7, 16), 144),
    ((505, 8, 2), 560),
    ((606, 10, 2), 816),
    ((64, 80, 16), 2608),
)
RECTANGLE_BYTES = 96
TEXT_BYTES = (176, 208)  # ui.Text, 1-31 columns
CARD_BYTES = 176


def cost(make, count=6):
    """Heap bytes one ``make(i)`` keeps, averaged over ``count`` made (collected before and
    after; the list that keeps them is made first)."""
    kept = [None] * count
    gc.collect()
    before = gc.mem_alloc()
    i = 0
    while i < count:
        kept[i] = make(i)
        i += 1
    gc.collect()
    return (gc.mem_alloc() - before) // count


def check_cost(name, measured, c_bytes):
    """At least C's bytes, at most SLACK more."""
    assert c_bytes <= measured <= c_bytes + SLACK, "%s: %d bytes, C %d" % (name, measured, c_bytes)


def raises(error, call):
    """True if ``call()`` raises ``error`` (and not another exception)."""
    try:
        call()
    except error:
        return True
    return False


def put(target, start, stop, value):
    """``target[start:stop] = value`` (MicroPython makes no slice objects by call)."""
    target[start:stop] = value


def palette(count=2):
    """A palette of ``count`` colours."""
    return displayio.Palette(count)


def test_group_costs_what_c_does():
    for members, c_bytes in GROUP_BYTES:
        layers = [[displayio.Group() for _ in range(members)] for _ in range(6)]

        def make(i):
            group = displayio.Group()
            for layer in layers[i]:
                group.append(layer)
            return group

        check_cost("Group of %d" % members, cost(make), c_bytes)


def test_tilegrid_costs_what_c_does():
    sheet = displayio.Bitmap(8, 10, 2)
    shader = palette()
    for (width, height), c_bytes in TILEGRID_BYTES:

        def make(i):
            return displayio.TileGrid(
                sheet, pixel_shader=shader, width=width, height=height, tile_width=4, tile_height=5
            )

        check_cost("TileGrid %dx%d" % (width, height), cost(make), c_bytes)


def test_palette_costs_what_c_does():
    for colours, c_bytes in PALETTE_BYTES:
        check_cost("Palette(%d)" % colours, cost(lambda i: displayio.Palette(colours)), c_bytes)


def test_bitmap_costs_what_c_does():
    for (width, height, values), c_bytes in BITMAP_BYTES:
        measured = cost(lambda i: displayio.Bitmap(width, height, values), 3)
        check_cost("Bitmap %dx%d/%d" % (width, height, values), measured, c_bytes)


def test_rectangle_costs_what_c_does():
    shader = palette(1)
    measured = cost(lambda i: vectorio.Rectangle(pixel_shader=shader, width=160, height=12))
    check_cost("Rectangle", measured, RECTANGLE_BYTES)


def test_text_and_card_cost_what_c_does():
    from handheld import cardview, ui

    # The sheets the app reads from fonts/ and sprites/ (not on this filesystem).
    ui._sheets[0] = displayio.Bitmap(5 * 101, 8, 2)
    ui._sheets[1] = displayio.Bitmap(6 * 101, 10, 2)
    ui.palette(ui.WHITE)
    cards = displayio.Bitmap(64, 80, 16)
    shader = palette(16)
    cardview._sheet = (cards, shader, shader, shader, shader)
    for columns in (1, 16, 17, 31):
        measured = cost(lambda i: ui.Text("", 0, 0, ui.SMALL, ui.WHITE, False, columns))
        assert TEXT_BYTES[0] <= measured <= TEXT_BYTES[1], (columns, measured)
    check_cost("CardSprite", cost(lambda i: cardview.CardSprite()), CARD_BYTES)


def test_bitmap_keeps_pixels_and_rejects_what_c_does():
    bitmap = displayio.Bitmap(5, 3, 4)  # 2 bits a pixel
    assert (bitmap.width, bitmap.height, bitmap.bits_per_value) == (5, 3, 2)
    bitmap[4, 2] = 3
    bitmap[1, 0] = 2
    assert bitmap[4, 2] == 3 and bitmap[14] == 3 and bitmap[1] == 2 and bitmap[3, 2] == 0
    assert raises(ValueError, lambda: bitmap.__setitem__((0, 0), 4))
    assert raises(IndexError, lambda: bitmap.__setitem__((5, 0), 1))
    assert raises(IndexError, lambda: bitmap[0, 3])
    assert raises(IndexError, lambda: bitmap[15])
    wide = displayio.Bitmap(3, 2, 300)  # 16 bits a pixel
    wide[2, 1] = 299
    assert wide.bits_per_value == 16 and wide[2, 1] == 299 and wide[1, 1] == 0


def test_readinto_fills_a_bitmap_from_the_file():
    # A glyph sheet: 1 bit a pixel, the leftmost in each byte's lowest bit, rows of 2 bytes.
    sheet = displayio.Bitmap(10, 2, 2)
    bitmaptools.readinto(sheet, io.BytesIO(b"\x81\x02\x00\x01"), 1, 1, False, False, False)
    assert [x for x in range(10) if sheet[x, 0]] == [0, 7, 9]
    assert [x for x in range(10) if sheet[x, 1]] == [8]
    # A BMP's pixels: a byte each, the bottom row first.
    cards = displayio.Bitmap(4, 2, 16)
    bitmaptools.readinto(cards, io.BytesIO(bytes(range(8))), 8, 1, False, False, True)
    assert [cards[i] for i in range(8)] == [4, 5, 6, 7, 0, 1, 2, 3]
    # Two-byte elements, swapped, their first pixel in their highest bits.
    nibbles = displayio.Bitmap(4, 1, 16)
    bitmaptools.readinto(nibbles, io.BytesIO(b"\x12\x34"), 4, 2, True, True, False)
    assert [nibbles[i] for i in range(4)] == [1, 2, 3, 4]
    assert raises(ValueError, lambda: bitmaptools.readinto(sheet, io.BytesIO(b"\xff" * 4), 3))
    assert raises(EOFError, lambda: bitmaptools.readinto(sheet, io.BytesIO(b"\x00"), 1))
    one_bit = displayio.Bitmap(2, 1, 2)
    assert raises(ValueError, lambda: bitmaptools.readinto(one_bit, io.BytesIO(b"\x02\x00"), 8))


def test_tilegrid_keeps_tiles_and_rejects_what_c_does():
    sheet = displayio.Bitmap(16, 10, 2)  # four 4x10 tiles
    grid = displayio.TileGrid(
        sheet, pixel_shader=palette(), width=3, height=2, tile_width=4, default_tile=2, x=5
    )
    assert (grid.width, grid.height, grid.tile_width, grid.tile_height) == (3, 2, 4, 10)
    assert grid[5] == 2 and (grid.x, grid.y, grid.hidden) == (5, 0, False)
    grid[2, 1] = 3
    grid[0] = 1
    assert grid[5] == 3 and grid[0, 0] == 1
    assert raises(ValueError, lambda: grid.__setitem__(0, 4))
    assert raises(IndexError, lambda: grid.__setitem__(6, 0))
    assert raises(IndexError, lambda: grid[3, 0])
    assert raises(TypeError, lambda: setattr(grid, "x", 1.5))
    assert raises(TypeError, lambda: setattr(grid, "pixel_shader", sheet))
    assert raises(AttributeError, lambda: setattr(grid, "width", 4))
    assert raises(
        ValueError, lambda: displayio.TileGrid(sheet, pixel_shader=palette(), tile_width=3)
    )
    assert raises(TypeError, lambda: displayio.TileGrid(sheet, palette()))


def test_palette_keeps_colours_and_rejects_what_c_does():
    colours = displayio.Palette(3)
    colours[2] = 0x123456
    colours.make_transparent(0)
    assert colours[2] == 0x123456 and len(colours) == 3
    assert colours.is_transparent(0) and not colours.is_transparent(2)
    assert raises(IndexError, lambda: colours.__setitem__(3, 0))
    assert raises(IndexError, lambda: colours[-1])
    assert raises(IndexError, lambda: colours.make_transparent(3))
    assert raises(ValueError, lambda: colours.__setitem__(0, 0x1000000))


def test_group_membership_as_c_keeps_it():
    group = displayio.Group(x=2, y=3)
    other = displayio.Group()
    shader = palette(1)
    first = vectorio.Rectangle(pixel_shader=shader, width=2, height=8, x=1)
    second = displayio.Group()
    group.append(first)
    group.insert(0, second)
    assert len(group) == 2 and group[0] is second and group[-1] is first
    assert group.index(first) == 1 and (group.x, group.y, group.scale) == (2, 3, 1)
    assert raises(ValueError, lambda: group.append(first))
    assert raises(ValueError, lambda: other.append(first))
    assert raises(TypeError, lambda: group.append(shader))
    assert group.pop() is first
    other.append(first)  # free again once out of its group
    group.remove(second)
    assert len(group) == 0 and raises(ValueError, lambda: group.remove(second))
    assert raises(ValueError, lambda: displayio.Group(scale=0))
    first.width = 5
    first.hidden = True
    assert first.width == 5 and first.hidden and first.x == 1
    assert raises(ValueError, lambda: setattr(first, "width", 0))
    # group[i] = layer swaps one layer for another (the set-up screen's new row list).
    third = displayio.Group()
    group.append(third)
    fourth = displayio.Group()
    group[0] = fourth
    assert group[0] is fourth and len(group) == 1
    group.append(third)  # the layer swapped out is free again
    assert raises(ValueError, lambda: group.__setitem__(0, third))
    del group[1]
    assert len(group) == 1


def test_display_counts_refreshes_and_rejects_what_c_does():
    display = board.DISPLAY
    root = displayio.Group()
    display.root_group = root
    refreshes = display.refreshes
    assert display.refresh() and display.refreshes == refreshes + 1
    assert display.root_group is root and (display.width, display.height) == (160, 128)
    assert raises(ValueError, lambda: displayio.Group().append(root))
    display.root_group = displayio.Group()
    displayio.Group().append(root)  # let go by the display
    held = displayio.Group()
    displayio.Group().append(held)
    assert raises(ValueError, lambda: setattr(display, "root_group", held))
    display.brightness = 0.5
    assert display.brightness == 0.5
    assert raises(ValueError, lambda: setattr(display, "brightness", 1.5))
    assert raises(ValueError, lambda: setattr(display, "brightness", -0.1))
    assert raises(TypeError, lambda: display.refresh(30))


def test_keypad_reads_the_queue_and_takes_only_its_keywords():
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=8,
        value_when_pressed=True,
    )
    event = keypad.Event()
    supervisor.NOW[0] = 2**29 + 5
    keypad.QUEUE.append(3 << 1 | 1)
    keypad.QUEUE.append(3 << 1)
    assert keys.events.get_into(event) and event.key_number == 3 and event.pressed
    assert event.timestamp == 5 and supervisor.ticks_ms() == 5
    assert keys.events.get_into(event) and event.released
    assert not keys.events.get_into(event) and keys.key_count == 8
    pins = ("SW_A", "SW_B")
    assert keypad.Keys(pins, value_when_pressed=False, pull=True).key_count == 2
    assert raises(TypeError, lambda: keypad.Keys(pins, False))
    assert raises(TypeError, lambda: keypad.Keys(pins))
    assert raises(TypeError, lambda: keypad.Keys(pins, value_when_pressed=False, pulls=True))
    assert raises(ValueError, lambda: keypad.Keys(pins, value_when_pressed=False, max_events=0))
    assert raises(
        TypeError, lambda: keypad.ShiftRegisterKeys(clock=1, data=2, latch=3, key_count=8)
    )
    assert raises(
        TypeError,
        lambda: keypad.ShiftRegisterKeys(1, 2, 3, key_count=8, value_when_pressed=True),
    )
    assert raises(TypeError, lambda: keys.events.get_into(None))


def test_sound_takes_its_options_by_keyword_only():
    sample = audiocore.RawSample(bytearray(8), sample_rate=8000)
    sample.sample_rate = 7040
    out = audioio.AudioOut(board.SPEAKER)
    out.play(sample, loop=True)
    assert out.playing and sample.sample_rate == 7040
    out.stop()
    assert not out.playing
    assert raises(TypeError, lambda: out.play(sample, True))
    assert raises(TypeError, lambda: out.play(bytearray(8)))
    assert raises(TypeError, lambda: audiocore.RawSample(bytearray(8), 1))
    assert raises(TypeError, lambda: audioio.AudioOut(board.SPEAKER, None))
    assert raises(ValueError, lambda: audioio.AudioOut(board.SPEAKER, quiescent_value=-1))
    enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
    assert raises(AttributeError, lambda: setattr(enable, "value", True))
    enable.switch_to_output(value=False)
    enable.value = True
    assert enable.value


def test_nvm_takes_whole_slices_and_counts_writes():
    nvm = microcontroller.nvm
    assert len(nvm) == 8192 and nvm[0] == 0xFF and nvm[8191] == 0xFF
    writes = nvm.writes
    nvm[10:13] = b"abc"
    nvm[13] = 0x64
    assert nvm[10:14] == b"abcd" and bytes(nvm.data[10:14]) == b"abcd"
    assert nvm.writes == writes + 2 and len(nvm.data) == 8192
    assert raises(ValueError, lambda: put(nvm, 0, 3, b"ab"))
    assert raises(ValueError, lambda: put(nvm, 8190, 8193, b"abc"))
    assert raises(ValueError, lambda: nvm.__setitem__(0, 256))
    assert raises(IndexError, lambda: nvm[8192])
    assert raises(IndexError, lambda: nvm.__setitem__(8192, 0))
    assert raises(TypeError, lambda: put(nvm, 0, 1, 5))
    assert nvm.writes == writes + 2 and len(nvm.data) == 8192


def load(folder, name):
    """Module ``name`` from ``folder`` (another board's stand-in), leaving sys.path and
    sys.modules as they were."""
    saved = sys.modules.pop(name, None)
    sys.path.insert(0, folder)
    try:
        module = __import__(name)
    finally:
        sys.path.pop(0)
        sys.modules.pop(name, None)
        if saved is not None:
            sys.modules[name] = saved
    return module


def test_rp2040_nvm_erases_only_over_written_bytes():
    nvm = load("/boards/rp2040", "microcontroller").nvm
    assert len(nvm) == 4096 and nvm[4095] == 0xFF
    nvm[0:4] = b"\x01\x02\x03\x04"
    nvm[4:8] = b"\x05\x06\x07\x08"  # into erased bytes: programmed only
    assert nvm.count == 0 and nvm.writes == 2
    nvm[2:6] = b"\x00\x00\x00\x00"  # over written bytes: the sector erased
    assert nvm.count == 1 and nvm.writes == 3
    assert bytes(nvm[0:8]) == b"\x01\x02\x00\x00\x00\x00\x07\x08"
    assert raises(ValueError, lambda: put(nvm, 0, 2, b"\x00"))
    assert nvm.count == 1 and nvm.writes == 3


def test_rp2040_boards_have_their_pins_and_screens():
    sprig = load("/boards/hack_club_sprig", "board")
    pico = load("/boards/pimoroni_picosystem", "board")
    assert sprig.board_id == "hack_club_sprig" and pico.board_id == "pimoroni_picosystem"
    assert (sprig.DISPLAY.width, sprig.DISPLAY.height) == (160, 128)
    assert (pico.DISPLAY.width, pico.DISPLAY.height) == (240, 240)
    for name in ("BUTTON_W", "BUTTON_A", "BUTTON_S", "BUTTON_D", "BUTTON_I", "BUTTON_J"):
        assert getattr(sprig, name) == name
    assert sprig.BUTTON_K and sprig.BUTTON_L and sprig.VOLTAGE_MONITOR
    for name in ("SW_UP", "SW_DOWN", "SW_LEFT", "SW_RIGHT", "SW_A", "SW_B", "SW_X", "SW_Y"):
        assert getattr(pico, name) == name
    assert pico.BAT_SENSE and not hasattr(sprig, "SPEAKER") and board.board_id == "pybadge"


if not ON_MICROPYTHON:
    # CPython gets no tests from this module (see its docstring).
    for _name in [name for name in globals() if name.startswith("test_")]:
        del globals()[_name]
