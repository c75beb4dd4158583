"""Jekyll & Hyde screens, driven headless by key presses only (from boot).

A driver looks at the running screen (like a player looking at the display, plus the
engine's observation to choose) and answers with the next keys; it never calls the engine's
apply_action. Also: the transformation's animation, pixels pushed per input, the privacy and
recipe-peek screens, and golden screenshots (tests/golden/jekyll_*.png; regenerate with
UPDATE_GOLDENS=1).
"""

import contextlib

import pytest
from driven import FULL, PASS_KEYS, DrivenSim, app, fresh_nvm, name_of, top, top_name
from goldens import check_golden

import host_sim
from games.jekyll import engine, flow
from handheld import app as handheld_app
from handheld import store

BACK_RGB = (0x20, 0x38, 0x78)
FACE_RGB = (0xF4, 0xF0, 0xE0)


def close(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def item_keys(screen, target):
    """LEFT/RIGHT presses that bring the menu cursor to ``target`` (skipping grey items)."""
    keys = []
    item = screen.flow.item
    while item != target:
        item = flow._step_item(screen.flow.mask, item, 1)
        keys.append("RIGHT")
        assert len(keys) < 6, "menu item %d not reachable" % target
    return keys


def steps(current, target, count):
    """Shortest LEFT/RIGHT presses on a wrapping cursor of ``count`` positions."""
    right = (target - current) % count
    left = (current - target) % count
    return ["RIGHT"] * right if right <= left else ["LEFT"] * left


class Player:
    """A quick policy for both seats: take every trick, play and move once on the first
    turn, otherwise flip cards whose face is on Hyde's side (toward Jekyll's), so the
    ribbon soon shows every face one way. Records what it saw for the asserts."""

    def __init__(self, level_keys="", handicap_keys="", stop=None):
        self.setup = ["GAME:jekyll"] + level_keys.split() + handicap_keys.split() + ["A"]
        self.started = False
        self.stop = stop
        self.privacy_checks = 0
        self.back_checks = 0
        self.peeks = 0
        self.result = None
        self.played = self.moved = self.taken = self.transforms = 0
        self.plays = []  # pixels pushed by the A that played a card
        self.cpu_covers = 0  # frames of the CPU's cover screen
        self.cpu_shown = []  # (caption, lit card, hint, info) of each CPU action on show
        self.sheet_kept = 0  # cover frames with the card sheet still loaded

    def __call__(self, sim):
        if not self.started:
            self.started = True
            return " ".join(self.setup)
        screen = top()
        kind = name_of(screen)
        if hasattr(screen, "settled") and not screen.settled(app().frame_at):
            # A and B would be dropped yet (a double tap's guard): look again in a moment.
            return "WAIT*50"
        if self.stop is not None and self.stop(sim, screen):
            return None
        if kind == "PrivacyScreen":
            self._check_privacy(sim)
            return "A"
        if kind == "PeekScreen":
            self.peeks += 1
            return "A"
        if kind == "GameOverScreen":
            self.result = (screen.heading, screen.text, app().stack[-2])
            return None
        if kind == "CpuScreen":
            self._check_cover(sim, screen)
            return "WAIT*50"
        assert kind == "PlayScreen", kind
        return " ".join(self._turn(sim, screen))

    def _check_privacy(self, sim):
        colours = {colour for _, colour in sim.display.image.getcolors(FULL)}
        # Black, the message and the prompt: no table, no card face, no card back.
        assert len(colours) <= 4, colours
        assert not any(close(c, FACE_RGB) or close(c, BACK_RGB) for c in colours)
        self.privacy_checks += 1

    def _check_cover(self, sim, screen):
        """While the CPU thinks: no card on the display, the table's widgets and the card
        sheet let go, the CPU's module loaded."""
        import sys

        from handheld import cardview

        colours = {colour for _, colour in sim.display.image.getcolors(FULL)}
        assert not any(close(c, FACE_RGB) or close(c, BACK_RGB) for c in colours)
        assert app().stack[-2].group is None and app().stack[-2].ribbon is None
        if cardview._sheet is not None:
            self.sheet_kept += 1
        thinker = screen.flow.show.cpu  # (the flow plays the CPU's turn)
        if self.cpu_covers and thinker is not None and thinker.player is not None:
            assert "games.jekyll.cpu" in sys.modules
        self.cpu_covers += 1

    def _check_backs(self, sim, screen):
        """Every face-down card in the viewport is drawn as a card back."""
        obs = screen.flow.obs
        image = sim.display.image
        for i, sprite in enumerate(screen.ribbon.sprites):
            index = screen.flow.view.top + i
            if index >= len(obs["ribbon"]) or sprite.y:
                continue
            x = 8 + sprite.x
            # Inside the last visible strip of the card (the next card overlaps the rest).
            pixel = image.getpixel((x + 6, 35 + 26))
            if obs["face_up"][index]:
                assert close(pixel, FACE_RGB), (index, pixel)
            else:
                assert screen.ribbon.card_at(i) == -1
                assert close(pixel, BACK_RGB) or close(pixel, (0xC8, 0xA0, 0x40)), (index, pixel)
                self.back_checks += 1

    def _turn(self, sim, screen):
        from games.jekyll.flow import MODE_ANIM, MODE_DRAW, MODE_MENU

        if screen.flow.mode == MODE_ANIM:
            return ["WAIT*50"]
        if screen.flow.mode == flow.MODE_SHOW:
            import sys

            # The CPU's turn on show: its module already gone; A shows the next action.
            assert "games.jekyll.cpu" not in sys.modules
            shown = (
                screen.caption.text,
                screen.flow.lit_cards()[0],
                screen.hint.text,
                screen.info.text,
            )
            if not self.cpu_shown or self.cpu_shown[-1] != shown:
                self.cpu_shown.append(shown)
            return ["A"]
        assert screen.flow.mode in (MODE_MENU, MODE_DRAW), screen.flow.mode
        self._check_backs(sim, screen)
        obs = screen.flow.obs
        if screen.flow.mode == MODE_DRAW:
            return ["A"]
        phase = obs["phase"]
        if screen.flow.view.tricks:
            self.taken += 1
            return item_keys(screen, flow.ITEM_TAKE) + ["A", "A"]
        if phase == engine.PHASE_TRANSFORM:
            self.transforms += 1
            return item_keys(screen, flow.ITEM_LAST) + ["A"]
        if obs["actions_left"] == 0 or not screen.flow.mask & ~(1 << flow.ITEM_LAST):
            return item_keys(screen, flow.ITEM_LAST) + ["A"]
        if obs["turn"] == 1 and not self.played and obs["hand"]:
            self.played += 1
            # Play the first hand card face up at the default gap.
            return item_keys(screen, flow.ITEM_PLAY) + ["A", "A", "A", "A"]
        if obs["turn"] == 1 and not self.moved:
            self.moved += 1
            return item_keys(screen, flow.ITEM_MOVE) + ["A", "A", "A"]
        # Flip the nearest card whose face is on Hyde's side.
        side = obs["side"]
        length = len(obs["ribbon"])
        wrong = [i for i in range(length) if (side if obs["face_up"][i] else side ^ 1) == 1]
        target = min(wrong, key=lambda i: len(steps(screen.flow.view._rcur, i, length)))
        keys = item_keys(screen, flow.ITEM_FLIP) + ["A"]
        return keys + steps(screen.flow.view._rcur, target, length) + ["A"]


def play(player, seed=5):
    sim = DrivenSim(player, seed=seed, nvm=fresh_nvm())
    sim.run()
    return sim


def test_full_game_by_key_presses_to_the_result():
    player = Player()
    nvm = fresh_nvm()
    sim = DrivenSim(player, seed=5, nvm=nvm)
    sim.run()
    heading, text, screen = player.result
    game = screen.flow.game
    assert game.is_over()
    obs = game.observation(0)
    assert obs["reason"] == engine.REASON_FACES
    assert game.winner() == obs["winner"] == 0
    # The result screen names the winner, the reason and the scores.
    assert heading == "Dr. Jekyll wins"
    assert "Every face shows on Jekyll's side" in text
    scores = game.scores()
    assert "Jekyll %d, Hyde %d." % (scores[0], scores[1]) in text
    assert scores[0] >= 5
    # Every kind of action was made through the keys.
    assert player.played == 1 and player.moved == 1 and player.transforms >= 2
    assert player.privacy_checks >= 2 and player.back_checks > 10
    # The play screen's last frame shows the table under the result, which offers to play
    # again.
    assert name_of(top()) == "GameOverScreen"
    # Recorded once: one game played, won (Jekyll won), his points as the score.
    stats = store.Stats(nvm)
    assert stats.played(2) == 1 and stats.won(2) == 1
    assert stats.score(2, store.STAT_HIGH) == stats.score(2, store.STAT_LOW) == scores[0]


def test_transformation_animates_through_tick_and_ends_on_the_new_side():
    seen = []

    def stop(sim, screen):
        if name_of(screen) != "PlayScreen":
            return False
        from games.jekyll.flow import MODE_ANIM

        if screen.flow.mode == MODE_ANIM:
            row = screen.ribbon
            cards = [row.card_at(i) for i, s in enumerate(row.sprites) if not s.hidden]
            seen.append((screen.flow.view._wave_frame, cards, screen._banner_h.hidden))
            return False
        return screen.flow.view._transformations == 1

    player = Player(stop=stop)
    sim = play(player)
    screen = top()
    assert name_of(screen) == "PlayScreen" and screen.flow.view._transformations == 1
    # Hyde's turn: the ribbon went from Jekyll's side to Hyde's, the banner too.
    assert screen.flow.obs["side"] == 1 and screen.flow.obs["current"] == 1
    assert not screen._banner_h.hidden and screen._banner_j.hidden
    assert screen.banner.text == "MR. HYDE'S SIDE"
    # Several frames, each a partial wave: one card edge-on (EMPTY), the banner still blue.
    assert len(seen) >= 4
    middle = [cards for frame, cards, hyde_hidden in seen if -2 in cards]
    assert middle and all(cards.count(-2) == 1 for cards in middle)
    assert all(hyde_hidden for _, _, hyde_hidden in seen)
    # It ends showing the new side's view of the viewport, mirrored: the engine's ribbon
    # right to left (its last card at the left).
    row = screen.ribbon
    shown = [row.card_at(i) for i, s in enumerate(row.sprites) if not s.hidden]
    top_card = screen.flow.view.top
    ribbon = screen.flow.obs["ribbon"][top_card : top_card + 8]
    assert shown == [-1 if code < 0 else code for code in ribbon]
    engine_view = screen.flow.game.observation(1)["ribbon"][::-1]
    assert shown == engine_view[top_card : top_card + 8]
    assert sim.display.image.getpixel((80, 5)) != sim.display.image.getpixel((80, 14))


def test_pixels_pushed_per_input():
    # Set-up, start, draw; menu: RIGHT RIGHT = Flip, A; RIGHT moves the ribbon cursor.
    start = "GAME:jekyll A WAIT*600 A A RIGHT RIGHT A"
    sim = host_sim.run(start + " RIGHT", seed=5)
    screen = top()
    assert (
        name_of(screen) == "PlayScreen"
        and screen.flow.view._rcur == 1
        and screen.flow.view.top == 0
    )
    cursor_move = sim.display.pushed[-1]
    # Back to the menu, Play: pick the card, face up, A plays it at the first gap.
    sim = host_sim.run(start + " B LEFT LEFT A A A A", seed=5)
    assert len(top().flow.obs["hand"]) == 3 and len(top().flow.obs["ribbon"]) == 29
    card_play = sim.display.pushed[-1]
    # A screen change: the pause menu.
    sim = host_sim.run(start + " START", seed=5)
    # (then the hint line's "Saved", once the game is written after that refresh)
    screen_change = max(sim.display.pushed[-2:])
    print(
        "jekyll pixels: cursor move %d, card play %d, screen change %d"
        % (cursor_move, card_play, screen_change)
    )
    assert screen_change == FULL
    assert 0 < cursor_move < FULL // 4
    assert cursor_move * 4 < card_play


def test_hyde_level_recipe_peek_behind_a_privacy_screen():
    texts = []
    peeked = []

    class Peeker(Player):
        def __call__(self, sim):
            screen = top()
            if self.started and name_of(screen) == "PrivacyScreen":
                texts.append(screen.text)
            if self.started and name_of(screen) == "PeekScreen":
                play_screen = app().stack[-2]
                peeked.append((screen.card, list(play_screen.flow.obs["peeks"])))
                colours = {c for _, c in sim.display.image.getcolors(FULL)}
                assert any(close(c, FACE_RGB) for c in colours)
            return super().__call__(sim)

    player = Peeker(level_keys="RIGHT RIGHT")
    play(player)
    heading, text, screen = player.result
    assert screen.flow.game.observation(0)["level"] == engine.LEVEL_HYDE
    assert player.peeks >= 1 and peeked
    card, peeks = peeked[0]
    assert peeks[-1] == card
    # The peek came right after its own privacy screen, naming who may look.
    assert "Recipe peek: Dr. Jekyll only" in texts
    assert "Recipe:" in text
    # The peek screen closed again: the table is back under the result.
    assert name_of(app().stack[-2]) == "PlayScreen"


def test_setup_rows_match_engine_options():
    host_sim.run("GAME:jekyll")
    screen = top()
    labels = [row[0] for row in screen.rows]
    assert labels == ["Level", "Handicap", "You play", "Opponent", "Rules"]
    assert screen.rows[0][1] == ("Poole", "Jekyll", "Hyde")
    assert len(screen.rows[1][1]) == 15
    assert screen.rows[2][1] == ("Jekyll 1st", "Hyde 2nd")
    assert screen.rows[3][1] == ("Human", "CPU easy", "CPU normal")
    # Jekyll level, handicap 3 toward Hyde (LEFT from Off wraps to Hyde +7).
    host_sim.run("GAME:jekyll RIGHT DOWN " + "LEFT " * 5 + "A")
    # The first turn comes after Dr. Jekyll's privacy screen.
    assert name_of(top()) == "PrivacyScreen" and top().text == "Pass to Dr. Jekyll"
    host_sim.run("GAME:jekyll RIGHT DOWN " + "LEFT " * 5 + "A WAIT*600 A")
    game = top().flow.game
    options = engine.OPT_JEKYLL | 3 * engine.OPT_HANDICAP_1 | engine.OPT_HANDICAP_HYDE
    assert game.to_bytes()[1] == options  # the state's first byte, after the tag
    obs = top().flow.obs
    assert len(obs["pile_counts"]) == 3 and sum(obs["face_up"]) == 13 - 3


# -- golden screenshots --------------------------------------------------------------------


def _stop_at(kind, mode=None, frame=None):
    def stop(sim, screen):
        if name_of(screen) != kind:
            return False
        if mode is not None and screen.flow.mode != mode:
            return False
        return frame is None or screen.flow.view._wave_frame == frame

    return stop


def _driven(stop, level_keys=""):
    return play(Player(level_keys=level_keys, stop=stop)).display.image


@contextlib.contextmanager
def _slow_cpu():
    """A context in which the app gives a CPU search one unit of work a frame: its cover
    stays up for many frames, however quick its turns (the planner is asked only once its
    keys are done, and a whole turn may fit in the time of a key)."""
    from games.jekyll.cpu import Player as Cpu

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(handheld_app, "_WORK_US", Cpu.cost)
        yield


def _against_the_cpu(stop):
    """The display where ``stop`` stops a game against the CPU (normal, Dr. Jekyll)."""
    player = Player(stop=stop)
    player.setup = SETUP_CPU_FIRST.split()
    with _slow_cpu():
        return play(player).display.image


def _cpu_thinking_image():
    """The CPU's cover screen, as drawn when the planner first finds it (a CPU turn takes
    few frames in the simulator, a frame's worth of search each: it may be over before the
    run's last keys have settled)."""
    seen = []

    def stop(sim, screen):
        if name_of(screen) != "CpuScreen":
            return False
        seen.append(sim.display.image.copy())
        return True

    _against_the_cpu(stop)
    return seen[0]


def _cpu_move_lit(sim, screen):
    """Stop on the CPU's turn on show at a card it played or moved (lit)."""
    return (
        name_of(screen) == "PlayScreen"
        and screen.flow.mode == flow.MODE_SHOW
        and screen.flow.show.lit >= 0
        and " to " in screen.caption.text
    )


# Jekyll & Hyde from the main menu, started, his privacy screen, the draw; then Play: the
# first hand card face up at the first gap.
_DRAWN = "GAME:jekyll A WAIT*600 A A"
_PLAYED = _DRAWN + " A A A A"


def _golden_images():
    """name -> a function making the image (fixed seeds and keys, so exact pixels)."""
    return {
        "jekyll_setup": lambda: host_sim.run("GAME:jekyll", seed=3).display.image,
        "jekyll_draw_poole": lambda: host_sim.run("GAME:jekyll A WAIT*600 A", seed=3).display.image,
        "jekyll_menu_apothecary": lambda: (
            host_sim.run("GAME:jekyll RIGHT A WAIT*600 A A", seed=3).display.image
        ),
        "jekyll_place_face_down": lambda: (
            host_sim.run(
                "GAME:jekyll RIGHT A WAIT*600 A A A A RIGHT A RIGHT RIGHT", seed=3
            ).display.image
        ),
        "jekyll_flip": lambda: (
            host_sim.run(
                "GAME:jekyll A WAIT*600 A A RIGHT RIGHT A"
                " RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT",
                seed=3,
            ).display.image
        ),
        "jekyll_transformation": lambda: _driven(_stop_at("PlayScreen", 9, 5)),
        "jekyll_privacy": lambda: _driven(_stop_at("PrivacyScreen")),
        "jekyll_peek": lambda: _driven(_stop_at("PeekScreen"), "RIGHT RIGHT"),
        "jekyll_result": lambda: _driven(_stop_at("GameOverScreen")),
        "jekyll_undo": lambda: host_sim.run(_PLAYED + " START DOWN", seed=5).display.image,
        "jekyll_cpu_thinking": _cpu_thinking_image,
        "jekyll_cpu_move": lambda: _against_the_cpu(_cpu_move_lit),
    }


@pytest.mark.parametrize("name", sorted(_golden_images()))
def test_jekyll_golden(name):
    image = _golden_images()[name]()
    check_golden(name, image)


def test_take_a_trick_by_keys():
    # Seed 10: a trick becomes takeable on the way; the driver takes it (Take, A).
    player = Player()
    play(player, seed=10)
    heading, text, screen = player.result
    assert player.taken == 1
    obs = screen.flow.game.observation(0)
    assert len(obs["tricks"][0]) + len(obs["tricks"][1]) == 3
    assert screen.flow.game.is_over() and heading.endswith("wins")


def test_ending_a_turn_with_actions_left_asks_first():
    # Jekyll's first turn: draw, flip one card (two actions left), End turn: a question.
    keys = "GAME:jekyll A WAIT*600 A A RIGHT RIGHT A A RIGHT A"
    host_sim.run(keys, seed=5)
    assert name_of(top()) == "ConfirmScreen" and top().text == "You have 2 actions left."
    # B: back at the table, the turn goes on.
    host_sim.run(keys + " B", seed=5)
    screen = top()
    assert name_of(screen) == "PlayScreen" and screen.flow.obs["current"] == 0
    assert screen.flow.obs["actions_left"] == 2
    # A: the turn ends, the device goes to Mr. Hyde.
    host_sim.run(keys + " A", seed=5)
    assert name_of(top()) == "PrivacyScreen" and top().text == "Pass to Mr. Hyde"


def test_undo_from_the_pause_menu_restores_the_turn():
    sim = host_sim.run(_DRAWN, seed=5)
    drawn = top().flow.game.to_bytes()
    drawn_image = sim.display.image.copy()
    assert top().flow.applied == 1 and not top().flow.can_undo()
    host_sim.run(_PLAYED, seed=5)
    assert len(top().flow.obs["ribbon"]) == 29 and top().flow.can_undo()
    # START: the pause menu offers Undo (golden jekyll_undo); DOWN A undoes the play.
    host_sim.run(_PLAYED + " START", seed=5)
    assert top_name() == "PauseMenu" and top().items[1] == "Undo"
    sim = host_sim.run(_PLAYED + " START DOWN A", seed=5)
    screen = top()
    assert name_of(screen) == "PlayScreen" and screen is app().play
    assert screen.flow.game.to_bytes() == drawn
    assert screen.saved()[: len(drawn)] == drawn
    assert screen.flow.applied == 3  # the draw, the play, the undo: it never goes back
    assert len(screen.flow.obs["hand"]) == 4 and len(screen.flow.obs["ribbon"]) == 28
    # The table is drawn again exactly as it was after the draw.
    assert sim.display.image.tobytes() == drawn_image.tobytes()
    # Nothing more to undo: the draw put a hidden card into the hand.
    host_sim.run(_PLAYED + " START DOWN A START", seed=5)
    assert top_name() == "PauseMenu" and "Undo" not in top().items


def test_who_goes_first_kept_by_continue_and_in_the_statistics():
    # You play: Hyde 2nd (the third row). Pausing saves the game at once.
    nvm = fresh_nvm()
    host_sim.run("GAME:jekyll DOWN DOWN RIGHT A WAIT*600 A A START", seed=5, nvm=nvm)
    assert top_name() == "PauseMenu"
    assert store.Store(nvm).saved_slots() == [2]
    data = store.Store(nvm).load_game(2)
    assert data[1] == 64  # the option byte, after the tag
    # Switched off and on: Continue, Dr. Jekyll's privacy screen, the same game.
    host_sim.run("ROW:Continue_Jekyll_&_Hyde A", nvm=nvm)
    assert top_name() == "PrivacyScreen" and top().text == "Pass to Dr. Jekyll"
    host_sim.run("ROW:Continue_Jekyll_&_Hyde A WAIT*600 A", nvm=nvm)
    assert top().flow.game.options == 64 and top().flow.obs["current"] == 0
    # A whole game with the owner as Mr. Hyde: Jekyll wins (the policy turns faces to his
    # side), so it counts as played, not won, with Hyde's points as the score.
    player = Player()
    player.setup = ["GAME:jekyll", "DOWN", "DOWN", "RIGHT", "A"]
    nvm = fresh_nvm()
    DrivenSim(player, seed=5, nvm=nvm).run()
    game = player.result[2].flow.game
    assert game.options == 64 and game.winner() == 0
    stats = store.Stats(nvm)
    assert stats.played(2) == 1 and stats.won(2) == 0
    assert stats.score(2, store.STAT_HIGH) == game.scores()[1]


# -- the CPU opponent ---------------------------------------------------------------

# From the main menu: Jekyll & Hyde's set-up, "You play: Hyde 2nd", "Opponent: CPU normal".
SETUP_CPU_FIRST = "GAME:jekyll DOWN DOWN RIGHT DOWN RIGHT RIGHT A"


def test_a_whole_game_against_the_cpu_by_keys():
    import sys

    player = Player()
    player.setup = SETUP_CPU_FIRST.split()
    nvm = fresh_nvm()
    sim = DrivenSim(player, seed=7, nvm=nvm)
    with _slow_cpu():
        sim.run()
    heading, text, screen = player.result
    game = screen.flow.game
    assert game.is_over() and screen.flow.cpu_seat == 0 and screen.flow.opponent == 2
    # One human: never a privacy screen. The CPU (Dr. Jekyll) thought behind its cover,
    # with the table and the card sheet let go; each of its actions was then shown.
    assert player.privacy_checks == 0 and player.cpu_covers > 5 and player.sheet_kept == 0
    assert len(player.cpu_shown) > 10
    plays = 0
    for caption, lit, hint_text, info in player.cpu_shown:
        assert hint_text == "CPU: A next  SELECT tricks" and len(caption) <= 31
        # The info line counts the actions on show, not the step after them.
        done, total = info.split()[-1].split("/")
        assert info.startswith("Jekyll (CPU) ") and 1 <= int(done) <= int(total) <= 8
        played = " up, " in caption or " down, " in caption
        if played or caption.startswith("move ") or caption.startswith("flip "):
            assert lit >= 0  # the card it left is lit
        plays += played
        # A card it plays face down is not named.
        if " down, " in caption:
            assert caption.startswith("a card down, ")
    assert plays >= 1  # (face-down plays: the flow's device tests)
    # The owner played Mr. Hyde: the statistics keep Hyde's result and points.
    obs = game.observation(1)
    stats = store.Stats(nvm)
    assert stats.played(2) == 1 and stats.won(2) == (1 if obs["winner"] == 1 else 0)
    assert stats.score(2, store.STAT_HIGH) == obs["scores"][1]
    # Against the CPU: "You win", or the CPU's seat by its name and "(CPU)".
    assert heading == ("You win" if obs["winner"] == 1 else "Dr. Jekyll (CPU) wins")
    assert "games.jekyll.cpu" not in sys.modules


def test_continue_restores_the_cpu_opponent():
    # Against the CPU (normal, Dr. Jekyll): its first turn thought and shown, the owner's
    # draw, then the pause menu, which saves the game.
    nvm = fresh_nvm()
    host_sim.run(SETUP_CPU_FIRST + " WAIT*20000" + " A" * 8 + " START", seed=5, nvm=nvm)
    assert top_name() == "PauseMenu"
    assert store.Store(nvm).saved_slots() == [2]
    data = store.Store(nvm).load_game(2)
    # The cursors' last byte: the opponent, CPU normal; then no CPU turn on show.
    assert data[-2] == 2 and data[-1] == 0
    # Switched off and on: Continue goes straight to the table (no privacy screen), the
    # CPU still playing Dr. Jekyll.
    host_sim.run("ROW:Continue_Jekyll_&_Hyde A", nvm=nvm)
    screen = top()
    assert name_of(screen) == "PlayScreen"
    assert screen.flow.opponent == 2 and screen.flow.cpu_seat == 0 and screen.flow.seat == 1
    assert screen.flow.game.to_bytes() == data[: -flow.CURSOR_BYTES - 1]


def test_a_double_tap_does_not_skip_the_privacy_screen():
    # "End turn" confirmed with a double tap: the second A lands on "Pass to Mr. Hyde"
    # 100 ms after it was drawn and is dropped; Mr. Hyde's hand stays covered.
    keys = "GAME:jekyll A WAIT*600 A A RIGHT RIGHT A A RIGHT A"
    sim = host_sim.run(keys + " A A", seed=5)
    assert name_of(top()) == "PrivacyScreen" and top().text == "Pass to Mr. Hyde"
    colours = {c for _, c in sim.display.image.getcolors(FULL)}
    assert not any(close(c, FACE_RGB) for c in colours)
    host_sim.run(keys + " A " + PASS_KEYS, seed=5)
    assert name_of(top()) == "PlayScreen" and top().flow.obs["current"] == 1


@pytest.mark.parametrize("opponent", [0, 1])
def test_the_play_keeps_at_most_20_fields_the_viewport_and_the_cpu_show_their_own(opponent):
    # Play keeps the keys' cursors, the game and the flow contract; the viewport over the
    # ribbon and its cursors are play.view's (flow.Viewport), the turns' words and the CPU's
    # turn on show play.show's (flow.CpuShow). Counted at every step of a game played by
    # seeded random keys to its end, against a human and against the CPU.
    import random

    from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP

    rng = random.Random(opponent)
    play = flow.new_play([0, 0, 0, opponent], 3)
    keys = [K_A, K_A, K_A, K_B, K_LEFT, K_RIGHT, K_UP, K_DOWN, K_SELECT]
    most = len(vars(play))
    now = 0
    modes = set()
    for _ in range(20000):
        if play.game.is_over():
            break
        if play.event == flow.EVENT_CONFIRM_END:
            play.end_turn()
        else:
            play.key(rng.choice(keys))
        now += flow.SHOW_MS
        play.tick(now, None)
        modes.add(play.mode)
        most = max(most, len(vars(play)))
    assert play.game.is_over() and flow.MODE_ANIM in modes
    assert (flow.MODE_SHOW in modes) == (opponent > 0)
    assert most <= 20 and len(vars(play)) <= 20
