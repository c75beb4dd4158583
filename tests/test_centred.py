"""The PicoSystem's centred frame with CircuitPython's own dirty areas.

Blinka's displayio, which the simulator draws with, counts a removed group's vectorio
shapes in what it redraws and starts a Group at an identity transform, so it never showed
the device's defect. ``host_sim.cpdisplayio`` models the C code (its docstring names the
files it follows); ``displayio="circuitpython"`` runs the app on it. The first tests pin
the model to the C behaviour the fix rests on; the rest play the app on the PicoSystem.
"""

import host_sim
from host_sim import cpdisplayio as cp

APP = (40, 56, 200, 184)  # the app's 160x128 on the PicoSystem's 240x240
PAUSE = "GAME:whist A A START"  # Gongor Whist's set-up, its table, then the pause menu


def _palette(color=0x2E5A88):
    palette = cp.Palette(1)
    palette[0] = color
    return palette


def _screen():
    """A 240x240 display showing an empty frame at the app's corner, refreshed."""
    display = cp.Display(240, 240)
    frame = cp.Group(x=40, y=56)
    display.root_group = frame
    display.refresh()
    return display, frame


def _bar(x, y, width, height):
    """A solid bar as a TileGrid (``handheld.solid.Solid``'s rows)."""
    return cp.TileGrid(
        cp.Bitmap(width, 1, 1),
        pixel_shader=_palette(),
        width=1,
        height=height,
        tile_width=width,
        tile_height=1,
        x=x,
        y=y,
    )


# -- the model follows the C code --------------------------------------------------------


def test_a_shape_shown_in_an_offset_frame_repaints_where_it_was_made():
    # VectorShape.c works out a shape's area when it is made, under the null transform
    # (the screen's origin), and every later area joins it until a refresh draws it.
    display, frame = _screen()
    screen = cp.Group()
    screen.append(cp.Rectangle(pixel_shader=_palette(), width=20, height=10, x=5, y=5))
    frame.append(screen)
    display.refresh()
    assert (45, 61, 65, 71) in display.last_areas  # where it is drawn
    assert (0, 0, 25, 15) in display.last_areas  # and the origin's corner, outside the app
    # A TileGrid's area follows its transform: only where it is drawn.
    frame.pop()
    display.refresh()
    screen = cp.Group()
    screen.append(_bar(5, 5, 20, 10))
    frame.append(screen)
    display.refresh()
    assert display.last_areas == [(45, 61, 65, 71)]


def test_a_group_taken_off_the_screen_leaves_its_shapes_pixels():
    # Group.c's get_previous_area takes a removed group's TileGrids and groups only.
    display, frame = _screen()
    screen = cp.Group()
    screen.append(cp.Rectangle(pixel_shader=_palette(), width=160, height=12, y=15))
    screen.append(_bar(3, 16, 150, 10))  # a label over it, narrower
    frame.append(screen)
    display.refresh()
    assert display.left_behind() == []
    frame.pop()
    frame.append(cp.Group())
    display.refresh()
    # The frame redraws the label's area only: the rest of the bar stays on the screen.
    bar = {(x, y) for x in range(40, 200) for y in range(71, 83)}
    label = {(x, y) for x in range(43, 193) for y in range(72, 82)}
    assert set(display.left_behind()) == bar - label
    # Made of TileGrids, the same bar goes with its group.
    display, frame = _screen()
    screen = cp.Group()
    screen.append(_bar(0, 15, 160, 12))
    screen.append(_bar(3, 16, 150, 10))
    frame.append(screen)
    display.refresh()
    frame.pop()
    frame.append(cp.Group())
    display.refresh()
    assert display.left_behind() == []


def test_a_new_root_group_is_a_full_refresh_and_a_moved_bar_repaints_both_places():
    display = cp.Display(160, 128)
    root = cp.Group()
    bar = _bar(0, 15, 160, 12)
    root.append(bar)
    display.root_group = root
    display.refresh()
    assert display.pushed == [160 * 128]
    bar.y = 27
    display.refresh()
    assert display.last_areas == [(0, 15, 160, 39)]
    assert display.left_behind() == []


def test_the_model_draws_what_blinka_draws():
    keys = PAUSE + " DOWN A"  # the rules page over the pause menu over a table
    nvm = bytearray(4096)
    blinka = host_sim.run(keys, board="pimoroni_picosystem", seed=5, nvm=bytearray(nvm))
    model = host_sim.run(
        keys, board="pimoroni_picosystem", seed=5, nvm=nvm, displayio="circuitpython"
    )
    assert type(model.app.top()).__name__ == "TextScreen"
    assert blinka.display.image.tobytes() == model.display.image.tobytes()


# -- the app on the PicoSystem -------------------------------------------------------------


class Checked(host_sim.Sim):
    """A run on the model that notes, at each refresh, the top screen, the areas sent, the
    pixels sent and what was left behind (pixels where the panel differs from the tree)."""

    def __init__(self, keys, **kwargs):
        kwargs.setdefault("board", "pimoroni_picosystem")
        kwargs.setdefault("seed", 5)
        kwargs.setdefault("nvm", bytearray(4096))
        super().__init__(keys=keys, displayio="circuitpython", **kwargs)
        self.log = []
        refresh = self.display.refresh

        def checked(**options):
            result = refresh(**options)
            from handheld import shell

            self.log.append(
                (
                    type(shell.current_app.top()).__name__,
                    list(self.display.last_areas),
                    self.display.pushed[-1],
                    self.display.left_behind(),
                )
            )
            return result

        self.display.refresh = checked


def _outside_left_or_above(areas):
    """The areas that reach left of or above the app (where no widget of it ever is)."""
    return [area for area in areas if area[0] < APP[0] or area[1] < APP[1]]


def test_pause_menu_rules_quit_question_and_menu_leave_nothing_and_repaint_only_the_app():
    # The device's path: the pause menu, its rules page and back, the quit question, the
    # main menu. Each screen change repaints only the app (nothing left of or above it,
    # where the old frame repainted the app's size at the origin), and no pixel stays
    # behind (the highlight bar's ends stayed on every screen after the pause menu).
    sim = Checked(PAUSE + " DOWN A B DOWN DOWN A A").run()
    names = [name for name, _, _, _ in sim.log]
    start = names.index("PauseMenu")
    assert names[-3:] == ["PauseMenu", "ConfirmScreen", "MenuScreen"]
    assert "TextScreen" in names[start:]
    for name, areas, pushed, left in sim.log[start:]:
        assert left == [], name
        assert _outside_left_or_above(areas) == [], name
        assert pushed < 240 * 240, name
    assert sim.app.top() is sim.app.stack[0]  # the main menu


def test_the_highlight_bar_moves_without_leaving_its_ends():
    sim = Checked(PAUSE + " DOWN DOWN UP DOWN DOWN DOWN").run()
    moves = [entry for entry in sim.log if entry[0] == "PauseMenu"][1:]
    assert moves
    for _, areas, pushed, left in moves:
        assert left == []
        assert all(APP[0] <= a[0] and a[2] <= APP[2] for a in areas)
        assert pushed <= 160 * 24 + 160 * 8  # two rows of the bar, and the saved note


def test_the_battery_gauge_fill_changes_width_in_the_frame():
    # The main menu's gauge changes its fill's width (a vectorio shape's width elsewhere,
    # a new TileGrid in a Solid here) when the battery drains.
    class Draining(Checked):
        def sleep(self, seconds):
            self.battery = 4.15 if self.clock_ms < 30000 else 3.45
            super().sleep(seconds)

    sim = Draining("WAIT*62000", battery=4.15).run()
    gauge = sim.app.top().group[-1]
    assert gauge[3].width == 2 and not gauge.hidden
    assert len(sim.log) >= 2
    for _, areas, _, left in sim.log[1:]:
        assert left == [] and _outside_left_or_above(areas) == []


def test_rectangles_are_solids_in_the_frame_and_shapes_elsewhere():
    sim = Checked(PAUSE).run()
    menu = sim.app.top().menu
    assert type(menu.bar).__module__ == "handheld.solid"
    assert (menu.bar.width, menu.bar.height, menu.bar[0].tile_width) == (160, 12, 160)
    title = sim.app.top().group[0][0]
    assert type(title).__module__ == "handheld.solid" and title.width == 160
    # A board without the frame, even after one with it in the same process: shapes.
    host_sim.run(PAUSE, board="pimoroni_picosystem", nvm=bytearray(4096))
    sim = host_sim.run(PAUSE, board="hack_club_sprig", nvm=bytearray(4096))
    assert type(sim.app.top().menu.bar).__module__.startswith("vectorio")


def test_the_samd51_boards_draw_solids_for_their_builds_have_no_vectorio():
    # The PyBadge's and PyGamer's CircuitPython builds leave vectorio out: an import of it
    # fails there, so ``ui.rect`` makes solids; the same pixels as the Sprig's shapes.
    for board in ("pybadge", "pygamer"):
        sim = host_sim.run(PAUSE, board=board)
        assert type(sim.app.top().menu.bar).__module__ == "handheld.solid"
    sprig = host_sim.run(PAUSE, board="hack_club_sprig", nvm=bytearray(4096))
    assert type(sprig.app.top().menu.bar).__module__.startswith("vectorio")


def test_a_play_screen_repaints_only_the_app():
    sim = Checked(PAUSE + " B").run()
    for name, areas, _, left in sim.log[1:]:
        assert left == []
        assert _outside_left_or_above(areas) == [], name
