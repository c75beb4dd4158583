"""Headless simulator runs: boot code.py on each board, drive it by key presses only, and
check screens, saved records, board branches and how many pixels each refresh pushes."""

import os
import subprocess
import sys

import pytest
from driven import FULL, app, fresh_nvm, top, top_name

import host_sim
from handheld import registry, store
from handheld.keys import K_DOWN


@pytest.fixture
def unbuilt(monkeypatch):
    """Every game looks unbuilt ("not built yet", then the kit's demo table)."""
    from handheld import registry

    monkeypatch.setattr(registry.GameEntry, "available", lambda self: False)


# -- boot and the main menu ------------------------------------------------------------


@pytest.mark.parametrize("board", ["pybadge", "pygamer", "hack_club_sprig", "pimoroni_picosystem"])
def test_boots_to_main_menu_on_each_board(board):
    sim = host_sim.run("", board=board, nvm=bytearray(b"\xff" * 4096))
    assert top_name() == "MenuScreen"
    # Every registered game (Gongor Whist, Bharg, Jekyll & Hyde, ...), then the kit's rows.
    games = [entry.name for entry in registry.GAMES]
    assert {"Gongor Whist", "Bharg", "Jekyll & Hyde"} <= set(games)
    assert app().top().items == games + ["Cards", "Statistics", "Settings", "About"]
    # the first refresh draws the whole screen
    assert sim.display.pushed[0] == sim.display.width * sim.display.height
    assert sim.display.auto_refresh is False


def shown_stats():
    """The Statistics screen's won/played of Gongor Whist, Bharg and Jekyll & Hyde, found
    by their rows' names."""
    menu = app().top().menu
    values = dict(zip(menu.items, menu.values))
    return [values[name] for name in ("Gongor Whist", "Bharg", "Jekyll & Hyde")]


def test_the_rp2040_boards_as_data():
    # Each board's keys in the K_* bits' order, its battery pin, divider, nvm.
    from handheld import boards
    from host_sim import fakes

    for board, pins in fakes.KEY_PINS.items():
        index = boards.BOARDS.index(board)
        words = boards._PINS[index].split()
        assert words == [fakes.BATTERY_PINS[board], *pins]
        assert boards._DIVIDERS[index] == 3 and boards._NVM[index] == (4096, 4096, 256, 1)
    for index in (boards.BOARDS.index("pybadge"), boards.BOARDS.index("pygamer")):
        assert boards._PINS[index] == "A6" and boards._NVM[index][3] == 0
    assert len(boards.BOARDS) == len(boards._PINS) == len(boards._NVM) == len(boards._SCREENS)
    assert "edgebadge" not in boards.BOARDS  # an EdgeBadge reports pybadge
    assert boards._SCREENS[boards.BOARDS.index("pimoroni_picosystem")] == (240, 240)
    # The Sprig's right-hand cluster: L (right) A, K (bottom) B, I (top) START, J SELECT.
    assert fakes.KEY_PINS["hack_club_sprig"][:4] == ("BUTTON_K", "BUTTON_L", "BUTTON_I", "BUTTON_J")
    # The PicoSystem: Y is START, X is SELECT.
    assert fakes.KEY_PINS["pimoroni_picosystem"][2:4] == ("SW_Y", "SW_X")


@pytest.mark.parametrize("board", ["hack_club_sprig", "pimoroni_picosystem"])
def test_each_logical_key_on_the_rp2040_boards(board):
    # Each run boots afresh: DOWN moves the main menu's cursor, A opens the row, B goes
    # back, START on a table opens the pause menu, UP goes round the menu to Settings.
    nvm = bytearray(b"\xff" * 4096)
    host_sim.run("DOWN", board=board, nvm=nvm)
    assert app().top().menu.index == 1
    host_sim.run("A", board=board, nvm=nvm)
    assert top_name() == "_SetupScreen"
    host_sim.run("A B", board=board, nvm=nvm)
    assert top_name() == "MenuScreen"
    host_sim.run("GAME:whist A A START", board=board, nvm=nvm)
    assert top_name() == "PauseMenu"
    host_sim.run("GAME:whist A A START B", board=board, nvm=nvm)
    assert app().top().pausable
    host_sim.run("UP UP A", board=board, nvm=nvm)
    assert top_name() == "_SettingsScreen"


def test_the_picosystem_shows_the_app_centred_pixel_for_pixel():
    keys = "A A A RIGHT"
    badge = host_sim.run(keys, seed=5).display.image.copy()
    pico = host_sim.run(keys, board="pimoroni_picosystem", seed=5, nvm=bytearray(4096)).display
    assert (pico.width, pico.height) == (240, 240)
    from PIL import ImageChops

    # The same pixels above the key hint line, which names the PicoSystem's own keys
    # (its SELECT is X).
    above = (0, 0, 160, 118)
    centred = pico.image.crop((40, 56, 200, 184))
    assert ImageChops.difference(badge.crop(above), centred.crop(above)).getbbox() is None
    assert any("X look" in getattr(item, "text", "") for item in app().top().group)
    border = pico.image.copy()
    border.paste((0, 0, 0), (40, 56, 200, 184))
    assert border.getbbox() is None  # black around it


def test_unknown_board_says_so(capsys):
    sim = host_sim.run("A", board="feather_m4")
    out = capsys.readouterr().out
    assert "Unsupported board 'feather_m4'" in out
    assert "pybadge, pygamer, hack_club_sprig, pimoroni_picosystem" in out
    assert sim.display.pushed == []


def test_cursor_move_pushes_far_fewer_pixels_than_a_screen_change():
    # Three cursor moves, then on to Bharg's row (as many more as it takes) and its set-up.
    sim = host_sim.run("DOWN DOWN UP ROW:Bharg A")
    pushed = sim.display.pushed
    # boot, the cursor moves, then the Bharg set-up screen
    assert pushed[0] == FULL
    moves = pushed[1:-1]
    assert len(moves) >= 3 and all(0 < n <= 2 * 160 * 12 for n in moves), moves
    assert pushed[-1] == FULL
    assert max(moves) * 5 < pushed[-1]
    assert app().top().heading == "Bharg"


def test_card_cursor_move_pushes_few_pixels():
    # About, then the card gallery; RIGHT moves the card cursor.
    sim = host_sim.run("ROW:About A A RIGHT")
    assert top_name() == "GalleryScreen"
    cursor_move = sim.display.pushed[-1]
    assert 0 < cursor_move < FULL // 4, cursor_move
    # Labelled by rank, suit icons and name (not by the card's index), under a title.
    from decktet.cards import display_name

    screen = app().top()
    assert screen.name.text == display_name(1) and screen.header.text == "Cards 1-24 of 45"
    host_sim.run("ROW:About A A UP")
    assert app().top().header.text == "Cards 25-45 of 45"
    assert app().top().name.text == display_name(37)


def test_no_refresh_without_input():
    sim = host_sim.run("WAIT*500")
    assert [n for n in sim.display.pushed if n] == [FULL]


# -- input branches: keypad, joystick, repeat -------------------------------------------


def test_pygamer_directions_come_from_the_joystick():
    sim = host_sim.run("DOWN DOWN", board="pygamer")
    assert app().top().menu.index == 2
    assert sim.analog_reads[0] > 0 and sim.analog_reads[1] > 0
    # The four-key keypad never saw a direction.
    assert sim.keypads[0].key_count == 4


def test_pygamer_joystick_hysteresis():
    centre = 32768
    # Engage DOWN, wobble inside the band (no new edge), come back, engage again.
    script = " ".join(
        "JOY:%d,%d WAIT*30" % (centre, y)
        for y in (
            centre + 20000,
            centre + 12000,
            centre + 19000,
            centre + 12000,
            centre,
            centre + 20000,
        )
    )
    host_sim.run(script + " JOY:off", board="pygamer")
    assert app().top().menu.index == 2


@pytest.mark.parametrize("board", ["pybadge", "pygamer"])
def test_held_direction_repeats(board):
    # Gallery: the cursor walks the 45 cards, so the index counts the moves.
    host_sim.run("ROW:About A A RIGHT*1000", board=board)
    moves = app().top().index
    # Normal repeat: the press, then after 400 ms every 130 ms: 0, 400, 530, 660, 790, 920.
    assert moves == 6, moves


def test_key_repeat_setting_changes_speed():
    nvm = fresh_nvm()
    # Settings, Key repeat -> Fast, leave (saved).
    host_sim.run("ROW:Settings A RIGHT B", nvm=nvm)
    assert store.Settings(nvm).get(store.SET_REPEAT, 3, 1) == 2
    host_sim.run("ROW:About A A RIGHT*1000", nvm=nvm)
    assert app().top().index > 6


def test_buttons_poll_reuses_one_event():
    host_sim.run("DOWN")
    buttons = app().buttons
    event = buttons.event
    buttons.keys.events.items.append((5, True))
    assert buttons.poll(10_000) == K_DOWN
    assert buttons.event is event


# -- screens -------------------------------------------------------------------------------


def test_game_setup_rules_and_not_built_yet(unbuilt):
    host_sim.run("GAME:whist")
    screen = app().top()
    assert screen.heading == "Gongor Whist"
    # The rows games.whist declares, then Rules.
    declared = [e for e in registry.GAMES if e.package == "games.whist"][0].declaration()
    assert [row[0] for row in screen.rows] == [label for label, _ in declared.SETUP] + ["Rules"]
    host_sim.run("GAME:whist UP A")
    assert top_name() == "TextScreen"
    # (tests/test_reader.py reads the rules pages.)
    assert app().top().heading == "Gongor Whist"
    host_sim.run("GAME:whist UP A DOWN DOWN")
    assert app().top().top == 2
    host_sim.run("GAME:whist UP A RIGHT")
    assert 6 < app().top().top <= 13
    host_sim.run("GAME:whist UP A B")
    assert app().top().heading == "Gongor Whist"
    host_sim.run("GAME:whist A")
    assert top_name() == "MessageScreen"
    assert app().top().text.startswith("Not built yet")


def test_pause_menu_resume_rules_quit(unbuilt):
    # Whist set-up, start, "not built yet", demo table, START.
    host_sim.run("GAME:whist A A START")
    assert top_name() == "PauseMenu"
    assert app().stack[-2].pausable
    host_sim.run("GAME:whist A A START A")
    assert top_name() == "DemoScreen"
    host_sim.run("GAME:whist A A START START")
    assert top_name() == "DemoScreen"
    host_sim.run("GAME:whist A A START DOWN A")
    assert top_name() == "TextScreen" and app().top().heading == "Gongor Whist"
    host_sim.run("GAME:whist A A START DOWN A B")
    assert top_name() == "PauseMenu"
    # Quit asks first: B plays on, A quits.
    host_sim.run("GAME:whist A A START DOWN DOWN DOWN A")
    assert top_name() == "ConfirmScreen" and top().hint_text == "A yes  B no"
    host_sim.run("GAME:whist A A START DOWN DOWN DOWN A B")
    assert top_name() == "PauseMenu"
    host_sim.run("GAME:whist A A START DOWN DOWN DOWN A A")
    assert len(app().stack) == 1 and top_name() == "MenuScreen"
    assert app().game is None


def test_privacy_screen_hides_the_cards(unbuilt):
    sim = host_sim.run("GAME:whist A A SELECT")
    assert top_name() == "PrivacyScreen"
    colours = {colour for _, colour in sim.display.image.getcolors(FULL)}
    # Only black, the message and the prompt: no table green, no card face.
    assert len(colours) <= 4
    host_sim.run("GAME:whist A A SELECT B")
    assert top_name() == "PrivacyScreen"
    host_sim.run("GAME:whist A A SELECT WAIT*600 A")
    assert top_name() == "DemoScreen"


def test_seeds_come_from_the_simulator_seed(unbuilt):
    first = host_sim.run("GAME:whist A A", seed=5)
    again = host_sim.run("GAME:whist A A", seed=5)
    other = host_sim.run("GAME:whist A A", seed=6)
    assert first.seeds == again.seeds and first.seeds != other.seeds
    assert first.display.image.tobytes() == again.display.image.tobytes()
    assert first.display.image.tobytes() != other.display.image.tobytes()
    assert app().top().seed == other.seeds[0]


def test_demo_play_dims_illegal_cards(unbuilt):
    host_sim.run("GAME:whist A A", seed=5)
    screen = app().top()
    from decktet import cards

    for i, card in enumerate(screen.hand):
        legal = card in screen._legal()
        assert bool(screen.row.dimmed & (1 << i)) == (not legal)
        assert (
            cards.suits(card) & cards.suits(screen.lead)
            or not legal
            or len(screen._legal()) == len(screen.hand)
        )


# -- saved records ------------------------------------------------------------------------


def test_settings_saved_and_used_as_defaults():
    nvm = fresh_nvm()
    # Settings: Bharg target, 50 -> 100, leave.
    host_sim.run("ROW:Settings A ROW:Bharg_target RIGHT B", nvm=nvm)
    assert store.Settings(nvm).get(store.game_setting(1, 0), 4, 1) == 2
    host_sim.run("GAME:bharg", nvm=nvm)
    rows = app().top().rows
    # Bharg's set-up offers the same targets (25, 50, 100, 1 round) and starts at the setting.
    assert rows[1][0] == "Target" and rows[1][1][rows[1][2]] == "100"


def test_stats_screen_reads_nvm_and_ignores_a_corrupt_record():
    nvm = fresh_nvm()
    stats = store.Stats(nvm)
    stats.record(0, True)
    stats.record(0, False)
    stats.record(2, True)
    host_sim.run("ROW:Statistics A", nvm=nvm)
    screen = app().top()
    assert screen.heading.startswith("Statistics")
    assert shown_stats() == ["1/2", "0/0", "1/1"]
    # A byte of slot 1's counters in the newest copy (A: the third save): the save before
    # it (copy B) loads; damage that one too and the statistics start from zero.
    nvm[store.COPY_A + 20 + 6] ^= 0xFF
    host_sim.run("ROW:Statistics A", nvm=nvm)
    assert shown_stats() == ["1/2", "0/0", "0/0"]
    nvm[store.COPY_B + 20 + 6] ^= 0xFF
    host_sim.run("ROW:Statistics A", nvm=nvm)
    assert shown_stats() == ["0/0", "0/0", "0/0"]


def test_stats_reset_from_the_screen():
    nvm = fresh_nvm()
    store.Stats(nvm).record(1, True)
    # Reset asks first: B keeps the counts, A clears them.
    host_sim.run("ROW:Statistics A ROW:Reset_all A B", nvm=nvm)
    assert top_name() == "StatsScreen" and store.Stats(nvm).played(1) == 1
    host_sim.run("ROW:Statistics A ROW:Reset_all A A", nvm=nvm)
    assert shown_stats() == ["0/0", "0/0", "0/0"]
    assert store.Stats(nvm).played(1) == 0


def test_record_result_counts_the_running_game():
    nvm = fresh_nvm()
    host_sim.run("GAME:bharg A A", nvm=nvm)
    app().record_result(True)
    app().record_result(False)  # a second call for the same game is ignored
    assert store.Stats(nvm).played(1) == 0  # written after the next refresh
    app()._flush()
    assert store.Stats(nvm).played(1) == 1 and store.Stats(nvm).won(1) == 1


def test_nvm_file_persists_between_runs(tmp_path):
    path = str(tmp_path / "nvm.bin")
    host_sim.run("ROW:Settings A ROW:Jekyll_level RIGHT B", nvm_path=path)
    assert os.path.getsize(path) == 8192
    host_sim.run("", nvm_path=path)
    assert app().settings.get(store.game_setting(2, 0), 3, 0) == 1  # Jekyll level


# -- the command line ------------------------------------------------------------------------


def test_headless_command_line(tmp_path):
    shot = tmp_path / "shot.png"
    gif = tmp_path / "run.gif"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "host_sim",
            "--headless",
            "--keys",
            "DOWN DOWN",
            "--screenshot",
            str(shot),
            "--record",
            str(gif),
            "--nvm",
            str(tmp_path / "nvm"),
        ],
        cwd=host_sim.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "refreshes 3" in result.stdout
    assert shot.exists() and gif.exists()


def test_window_mode_without_a_display_points_to_headless(tmp_path):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run(
        [sys.executable, "-m", "host_sim", "--nvm", str(tmp_path / "nvm")],
        cwd=host_sim.ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 2
    assert "--headless" in result.stderr


def test_window_mode_with_sdl_dummy_driver(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from host_sim.window import Window

    class ScriptedWindow(Window):
        """Posts keyboard events as a user would, then closes the window."""

        frames = 0

        def pump(self, sim):
            pygame = self.pygame
            self.frames += 1
            if self.frames == 3:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
            elif self.frames == 5:
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
            elif self.frames == 7:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x))
            elif self.frames == 12:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            super().pump(sim)

    window = ScriptedWindow()
    sim = host_sim.Sim(window=window, nvm=fresh_nvm()).run()
    # DOWN then X (= A): the second row's set-up (Bharg's, unless a game was put before it)
    assert app().top().heading == registry.GAMES[1].name
    assert window.surface.get_size() == (640, 512)
    for x, y in ((5, 5), (80, 20), (150, 120)):  # scaled x4
        assert tuple(window.surface.get_at((4 * x + 2, 4 * y + 2)))[
            :3
        ] == sim.display.image.getpixel((x, y))
    assert sim.display.pushed[-1] == FULL


@pytest.mark.parametrize(
    "board, down, a, size",
    [("hack_club_sprig", "s", "l", (640, 512)), ("pimoroni_picosystem", "down", "a", (720, 720))],
)
def test_window_key_maps_of_the_rp2040_boards(monkeypatch, board, down, a, size):
    # The Sprig's own letters (S = DOWN, L = A), the PicoSystem's (arrows, A) in a
    # 240x240 window at x3.
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from host_sim.window import Window

    class ScriptedWindow(Window):
        frames = 0

        def pump(self, sim):
            pygame = self.pygame
            self.frames += 1
            steps = {
                3: (pygame.KEYDOWN, down),
                5: (pygame.KEYUP, down),
                7: (pygame.KEYDOWN, a),
            }
            if self.frames in steps:
                kind, name = steps[self.frames]
                pygame.event.post(pygame.event.Event(kind, key=pygame.key.key_code(name)))
            elif self.frames == 12:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            super().pump(sim)

    window = ScriptedWindow(board=board)
    host_sim.Sim(board=board, window=window, nvm=bytearray(b"\xff" * 4096)).run()
    assert app().top().heading == registry.GAMES[1].name  # DOWN then A: the second row
    assert window.surface.get_size() == size


@pytest.mark.parametrize(
    "arguments",
    [
        ["--keys", "FOO"],
        ["--keys", "A JOY:abc"],
        ["--keys", "JOY:1,2,3"],
        ["--keys", "JOY:70000,1"],
        ["--keys", "DOWN*-500"],
        ["--keys", "DOWN*x"],
        ["--seed", "-1"],
        ["--seed", str(2**30)],
        ["--board", "nope"],
        ["--scale", "0"],
        ["--screenshot", "/no/such/folder/x.png"],
        ["--record", "/no/such/folder/x.gif"],
        ["--nvm", "FOLDER"],
        ["--nvm", "/no/such/folder/nvm.bin"],
        ["--nvm", "BIG"],
    ],
)
def test_bad_arguments_stop_before_the_run_with_one_line(arguments, tmp_path, capsys):
    from host_sim.__main__ import main

    big = tmp_path / "big.bin"
    big.write_bytes(bytes(9000))
    arguments = [
        str(tmp_path) if a == "FOLDER" else str(big) if a == "BIG" else a for a in arguments
    ]
    started = []
    original = host_sim.Sim.run
    host_sim.Sim.run = lambda self: started.append(1)
    try:
        code = main(["--headless", "--nvm", str(tmp_path / "nvm.bin")] + arguments)
    finally:
        host_sim.Sim.run = original
    err = capsys.readouterr().err.strip()
    assert code == 2 and not started
    assert err.startswith("host_sim: ") and "\n" not in err, err
    assert big.stat().st_size == 9000


def test_the_command_line_knows_the_boards_the_app_supports():
    import ast

    from host_sim.__main__ import BOARDS

    with open(os.path.join(host_sim.ROOT, "lib", "handheld", "boards.py")) as handle:
        tree = ast.parse(handle.read())
    assigned = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BOARDS"
    ]
    assert assigned == [BOARDS]


def test_cards_primer_from_the_menu_and_from_a_rules_page():
    # The Decktet explained: the six suits with their icons, ranks and extra
    # cards with the letters the cards show, then A for every card.
    host_sim.run("ROW:Cards A")
    screen = app().top()
    assert top_name() == "PrimerScreen"
    texts = [layer.text for layer in screen.group if hasattr(layer, "text")]
    # Each suit: its icon (the fonts' character for it) and name, in the cards' colour for
    # the suit (tools/make_sprites.py draws the cards' icons in those); no card sheet.
    from tools import make_sprites

    for suit, word in enumerate(("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")):
        text = chr(127 + suit) + " " + word
        assert text in texts
        layer = [layer for layer in screen.group if getattr(layer, "text", "") == text][0]
        red, green, blue = make_sprites.PALETTE[4 + suit]
        assert layer.color == red << 16 | green << 8 | blue
    assert "cardview" not in vars(sys.modules["handheld.primer"])
    assert any("P Pawn, T Court" in text for text in texts)
    assert all(len(text) <= 31 for text in texts)
    host_sim.run("ROW:Cards A A")
    assert top_name() == "GalleryScreen"
    # A rules page points to it, and SELECT opens it; B goes back to the page where it
    # was (tests/test_reader.py reads what the page shows).
    host_sim.run("GAME:whist UP A SELECT")
    assert top_name() == "PrimerScreen"
    host_sim.run("GAME:whist UP A DOWN DOWN SELECT B")
    assert top_name() == "TextScreen" and app().top().top == 2  # where it was


# -- the speaker ----------------------------------------------------------------------------


def test_cues_of_a_scripted_game_and_the_sound_setting():
    # Bharg, two humans: the first player draws from the deck (a move: "place"), then B
    # cannot undo a deck draw ("refused"); the simulator logs what the speaker plays.
    keys = "GAME:bharg A WAIT*600 A A B"
    sim = host_sim.run(keys, nvm=fresh_nvm())
    assert sim.cues == ["place", "refused"]
    assert "cues place 1, refused 1" in sim.summary()
    # Settings, Sound: Quiet (the default) -> Off: nothing sounds, nothing is logged.
    nvm = fresh_nvm()
    host_sim.run("ROW:Settings A ROW:Sound LEFT B", nvm=nvm)
    assert app().settings.get(store.SET_SOUND, 3, 1) == 0
    sim = host_sim.run(keys, nvm=nvm)
    assert sim.cues == [] and app().session.sound.level == 0
    # On: the setting's new level sounds as a sample, and the game's cues again.
    host_sim.run("ROW:Settings A ROW:Sound RIGHT RIGHT B", nvm=nvm)
    sim = host_sim.run(keys, nvm=nvm)
    assert sim.cues == ["place", "refused"] and app().session.sound.level == 2


def test_a_cue_plays_its_notes_then_stops_the_amplifier(monkeypatch):
    import sys

    from handheld import sound as sound_module
    from host_sim import fakes

    monkeypatch.setitem(
        sys.modules, "audiocore", fakes._module("audiocore", RawSample=fakes.RawSample)
    )
    monkeypatch.setitem(sys.modules, "audioio", fakes._module("audioio", AudioOut=fakes.AudioOut))

    sound = sound_module.Sound(fakes.Pin("SPEAKER"), fakes.DigitalInOut("EN"), 2)
    sound.play(sound_module.CUE_WON, 1000)
    assert sound.enable.value and sound.out.playing
    assert sound.sample.sample_rate == 0x42 * 10 * 8  # the first note: 660 Hz
    rates = [sound.sample.sample_rate]
    now = 1000
    while sound.at >= 0:
        now += 10
        sound.tick(now)
        if sound.at >= 0 and sound.sample.sample_rate != rates[-1]:
            rates.append(sound.sample.sample_rate)
    assert len(rates) == 4 and rates == sorted(rates)  # a rising arpeggio
    assert not sound.out.playing and not sound.enable.value and now - 1000 == 390
    # Quiet is a smaller wave than On; Off plays nothing.
    assert max(sound.wave) - min(sound.wave) > 2 * 3 * 10
    sound.set_level(1)
    assert 0 < max(sound.wave) - min(sound.wave) <= 20
    sound.set_level(0)
    sound.play(sound_module.CUE_PLACE, now)
    assert not sound.out.playing and sound.at < 0
