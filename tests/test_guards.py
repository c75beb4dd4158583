"""No accidental moves: what appears without the player's own
action (a CPU's move or turn, a round's result, the table itself) takes A and B only once
it has been shown for ``PRIVACY_MS``, its key hint hidden till then; START on a privacy
screen pauses without showing a card.

Driven headless through the simulator (key scripts with time), and the kit's
``NoticeScreen`` on its own with a stand-in app.
"""

import os

import pytest
from driven import FULL, DrivenSim, app, fresh_nvm, name_of, top, top_name

import host_sim
from games.bharg import engine as bharg_engine
from games.bharg import flow as bharg_flow
from games.jekyll import engine as jekyll_engine
from games.jekyll import flow as jekyll_flow
from handheld.keys import K_A, K_B, K_DOWN
from handheld.screens import PRIVACY_MS

SETTLE = "WAIT*%d" % PRIVACY_MS
# The case a player met: Bharg, three players, target 25, +Pawns, Players 2 and 3 CPUs
# (easy, normal); after 2.5 s "P3 (CPU) moved ... A go on" is on the table.
SEED_22 = "GAME:bharg RIGHT DOWN LEFT DOWN DOWN RIGHT DOWN RIGHT RIGHT A WAIT*2500"
BHARG_2P = "GAME:bharg A"  # Bharg, two players (humans), target 50
JEKYLL_2P = "GAME:jekyll A"  # Jekyll & Hyde, Poole, two players
# Jekyll & Hyde against the CPU (normal), which plays Dr. Jekyll and moves first.
JEKYLL_CPU_FIRST = "GAME:jekyll DOWN DOWN RIGHT DOWN RIGHT RIGHT A"
MARK_BOX = (156, 0, 160, 12)  # the save mark's corner


class StandIn:
    """What a screen uses of the app, for screens tested on their own: the frame's clock
    and the stack's calls (recorded)."""

    def __init__(self, now=1000):
        self.frame_at = now
        self.calls = []

    def pop(self):
        self.calls.append("pop")

    def replace(self, screen):
        self.calls.append(("replace", name_of(screen)))

    def push(self, screen):
        self.calls.append(("push", name_of(screen)))

    def record_result(self, *args):
        self.calls.append("record")

    def game_over(self, title, text):
        self.calls.append(("game_over", title))


@pytest.fixture
def at_root():
    """Build screens from the repository root (the card sheet's path)."""
    here = os.getcwd()
    os.chdir(host_sim.ROOT)
    yield
    os.chdir(here)


# -- Bharg: the CPU's move, and the turn after it ------------------------------------------------


def test_the_double_tap_after_a_cpu_move_draws_no_card():
    host_sim.run(SEED_22, seed=22, nvm=fresh_nvm())
    screen = top()
    assert screen.status.text == "P3 (CPU) moved" and screen.hint.text == "A go on  SEL help"
    before = screen.flow.game.to_bytes()
    # A goes on, and the second A, 100 ms later, lands on the player's own turn before it
    # has been seen: it is dropped (it drew from the deck, which cannot be undone).
    host_sim.run(SEED_22 + " A A", seed=22, nvm=fresh_nvm())
    screen = top()
    assert screen.flow.mover == -1 and screen.flow.drawing()
    assert screen.status.text == "You draw a card"
    assert screen.flow.game.to_bytes() == before and screen.hint.hidden
    # Once the table has been shown for PRIVACY_MS its hint shows, and A draws.
    host_sim.run(SEED_22 + " A A " + SETTLE, seed=22, nvm=fresh_nvm())
    assert not top().hint.hidden
    host_sim.run(SEED_22 + " A A %s A" % SETTLE, seed=22, nvm=fresh_nvm())
    assert top().flow.phase == bharg_flow.PHASE_DISCARD
    assert top().flow.game.to_bytes() != before


def test_a_cpu_move_takes_a_only_after_a_moment():
    # Player 2 (CPU easy) starts; the moment its move shows, A is dropped (the hint
    # hidden); PRIVACY_MS later the hint says "A go on" and A goes on.
    setup = "GAME:bharg DOWN DOWN DOWN RIGHT A".split()
    seen = {}

    def planner(sim):
        if setup:
            return setup.pop(0)
        screen = top()
        play = screen.flow
        if "early" not in seen:
            if play.mover < 0:
                return "WAIT*10"
            seen["early"] = (screen.hint.hidden, app().frame_at - screen.changed_at)
            return "A"
        if "dropped" not in seen:
            seen["dropped"] = play.mover
            return SETTLE
        if "go on" not in seen:
            seen["go on"] = (screen.hint.hidden, screen.hint.text)
            return "A"
        seen["after"] = (play.mover, play.drawing())
        return None

    DrivenSim(planner, seed=4, nvm=fresh_nvm()).run()
    hidden, age = seen["early"]
    assert hidden and age < PRIVACY_MS
    assert seen["dropped"] == 1  # still on show
    assert seen["go on"] == (False, "A go on  SEL help")
    assert seen["after"] == (-1, True)


def test_the_table_after_the_players_own_a_takes_a_at_once():
    # The privacy screen waited already, and its A was the player's own: the table it
    # uncovers takes A at once (a draw, then the discard).
    host_sim.run(BHARG_2P + " %s A A A" % SETTLE, seed=4, nvm=fresh_nvm())
    screen = top()
    assert name_of(screen) == "PrivacyScreen" and screen.text == "Pass to Player 1"


def test_the_round_end_and_the_scores_wait_before_a(at_root):
    from games.bharg import screens

    # A round played out by the engine (everyone draws and throws the drawn card back).
    game = bharg_engine.Game(11, bharg_engine.OPT_TARGET_25)
    while bharg_engine.NEXT_ROUND not in game.legal_actions():
        before = game.observation(game.current_player())["hand"]
        game.apply_action(bharg_engine.DRAW_DECK)
        after = game.observation(game.current_player())["hand"]
        (drawn,) = [card for card in after if card not in before]
        game.apply_action(bharg_engine.DISCARD_BASE + drawn)
    play = bharg_flow.Play(game)
    for kind in (screens.RoundEndScreen, screens.ScoreScreen):
        stand_in = StandIn(1000)
        screen = kind(play)
        screen.build(stand_in)
        assert screen.prompt.hidden
        for now in (1000, 1100, 1000 + PRIVACY_MS - 10):
            stand_in.frame_at = now
            screen.key(stand_in, K_A)
            screen.key(stand_in, K_B)
            assert not screen.tick(stand_in, now) and screen.prompt.hidden
        assert stand_in.calls == [] and play.phase == bharg_flow.PHASE_ROUND_OVER
        stand_in.frame_at = 1000 + PRIVACY_MS
        assert screen.tick(stand_in, stand_in.frame_at) and not screen.prompt.hidden
        screen.key(stand_in, K_A)
        if kind is screens.RoundEndScreen:
            assert stand_in.calls == [("replace", "ScoreScreen")]
        else:
            assert play.phase == bharg_flow.PHASE_DRAW  # the next round was dealt
    assert "A: deal round 2" in screen.prompt.text


# -- Jekyll & Hyde: the CPU's turn on show, and the owner's turn after it ------------------------


def _cpu_turn_planner(taps):
    """A planner for a game against the CPU that, once the last action of the CPU's first
    turn is on show (and the table takes A), presses ``taps``; it records the flow's
    change count and mode then and after."""
    setup = JEKYLL_CPU_FIRST.split()
    seen = {}

    def planner(sim):
        if setup:
            return setup.pop(0)
        screen = top()
        if name_of(screen) != "PlayScreen":
            return "WAIT*50"
        play = screen.flow
        if "tapped" not in seen:
            last = len(play.show.turn) - (jekyll_engine.END_TURN in play.show.turn)
            if play.mode != jekyll_flow.MODE_SHOW or play.show.shown < last:
                return "WAIT*50"
            if not screen.settled(app().frame_at):
                assert screen.hint.hidden
                return "WAIT*50"
            seen["tapped"] = (play.applied, screen.hint.text)
            return taps
        seen["after"] = (play.applied, play.mode, screen.hint.hidden)
        return None

    return planner, seen


def test_a_double_tap_at_the_end_of_the_cpus_turn_draws_no_card():
    planner, seen = _cpu_turn_planner("A A A")
    DrivenSim(planner, seed=5, nvm=fresh_nvm()).run()
    applied, hint = seen["tapped"]
    assert hint == "CPU: A next  SELECT tricks"
    # The first A ended the show; the owner's turn came back unseen, so the next two A
    # (100 ms apart) were dropped: no card drawn, the hint line hidden.
    assert seen["after"] == (applied, jekyll_flow.MODE_DRAW, True)
    planner, seen = _cpu_turn_planner("A %s A" % SETTLE)
    DrivenSim(planner, seed=5, nvm=fresh_nvm()).run()
    applied, _ = seen["tapped"]
    assert seen["after"][:2] == (applied + 1, jekyll_flow.MODE_MENU)  # drew


def test_the_table_after_the_cpus_cover_takes_a_after_a_moment():
    # The cover screen goes, the table shows the CPU's turn from its first action: A at
    # once does not skip it.
    setup = JEKYLL_CPU_FIRST.split()
    seen = {}

    def planner(sim):
        if setup:
            return setup.pop(0)
        screen = top()
        play = screen.flow
        if (
            name_of(screen) != "PlayScreen"
            or play.mode != jekyll_flow.MODE_SHOW
            or not play.show.shown
        ):
            return "WAIT*10"
        if "first" not in seen:
            seen["first"] = (screen.flow.show.shown, screen.hint.hidden)
            return "A"
        seen["after"] = screen.flow.show.shown
        return None

    DrivenSim(planner, seed=5, nvm=fresh_nvm()).run()
    assert seen["first"] == (1, True) and seen["after"] == 1


def test_the_recipe_peek_waits_before_a(at_root):
    from games.jekyll import screens

    stand_in = StandIn(5000)
    screen = screens.PeekScreen(7, "Mr. Hyde")
    screen.build(stand_in)
    stand_in.frame_at = 5100
    screen.key(stand_in, K_A)
    assert stand_in.calls == [] and screen.prompt.hidden
    stand_in.frame_at = 5000 + PRIVACY_MS
    assert screen.tick(stand_in, stand_in.frame_at) and screen.prompt.text == "A hide it again"
    screen.key(stand_in, K_A)
    assert stand_in.calls == ["pop"]


# -- the kit -------------------------------------------------------------------------------------


def test_a_notice_scrolls_at_once_and_closes_after_a_moment(at_root):
    from handheld.screens import NoticeScreen

    closed = []
    stand_in = StandIn(0)
    screen = NoticeScreen("P2 (CPU) moved", "\n".join("line %d" % i for i in range(20)))
    screen.then = closed.append
    screen.build(stand_in)
    assert screen.prompt.hidden and screen.prompt.text.endswith("A ok")
    stand_in.frame_at = 100
    screen.key(stand_in, K_A)
    screen.key(stand_in, K_B)
    screen.key(stand_in, K_DOWN)  # scrolling is not an action: it counts at once
    assert stand_in.calls == [] and screen.page.top == 1
    stand_in.frame_at = PRIVACY_MS
    screen.key(stand_in, K_B)
    assert stand_in.calls == ["pop"] and closed == [stand_in]
    # Back on top after another screen: it waits again.
    screen.shown(stand_in)
    screen.key(stand_in, K_A)
    assert stand_in.calls == ["pop"] and screen.prompt.hidden


# -- START on a privacy screen (point 4) -----------------------------------------------------


def _no_card(sim):
    """True if no card can show: the table has let its widgets go (a covering screen is on
    top), and a privacy screen on top shows black, its message and its prompt only."""
    play = app().stack[1]
    if name_of(play) != "PlayScreen" or play.group is not None:
        return False
    if top_name() != "PrivacyScreen":
        return True
    image = sim.display.image.copy()
    image.paste((0, 0, 0), MARK_BOX)
    return len(image.getcolors(FULL)) <= 3


@pytest.mark.parametrize("setup", [BHARG_2P, JEKYLL_2P])
def test_start_on_the_privacy_screen_pauses_without_showing_the_hand(setup):
    sim = host_sim.run(setup + " START", seed=4, nvm=fresh_nvm())
    assert top_name() == "PauseMenu"
    # Nothing to undo behind a privacy screen; the menu shows no card.
    assert top().items == ["Resume", "Rules", "Save & sleep", "Quit to menu"]
    assert app().stack[-2].text.startswith("Pass to") and _no_card(sim)
    # Resume: the privacy screen again, the hand still covered, and a double tap on Resume
    # does not uncover it (A waits again).
    sim = host_sim.run(setup + " START A A", seed=4, nvm=fresh_nvm())
    assert top_name() == "PrivacyScreen" and _no_card(sim)
    host_sim.run(setup + " START A %s A" % SETTLE, seed=4, nvm=fresh_nvm())
    assert name_of(top()) == "PlayScreen"
    # Save & sleep from it: the screen goes dark; a key wakes it on the pause menu, from
    # which Resume goes back to the privacy screen.
    sim = host_sim.run(setup + " START DOWN DOWN A", seed=4, nvm=fresh_nvm())
    assert app().session.light.asleep and sim.display.brightness == 0
    sim = host_sim.run(setup + " START DOWN DOWN A WAIT*500 B UP UP A", seed=4, nvm=fresh_nvm())
    assert top_name() == "PrivacyScreen" and _no_card(sim)


class _Ending:
    """Just what a game-over screen asks of the app."""

    def __init__(self):
        self.frame_at = 0
        self.again = 0
        self.homes = 0

    def play_again(self):
        self.again += 1

    def home(self):
        self.homes += 1


def test_the_game_over_screen_waits_before_a_plays_again_or_b_goes_home():
    """It may follow a CPU's last move or a round's result at once: a double tap meant for
    that screen must not start a new game (A) or leave (B)."""
    from handheld.keys import K_A, K_B
    from handheld.over import GameOverScreen
    from handheld.screens import PRIVACY_MS

    screen = GameOverScreen("Game over", "You win")
    ending = _Ending()
    ending.frame_at = 1000
    screen.shown_at = 1000
    for at in (1000, 1000 + PRIVACY_MS // 2, 1000 + PRIVACY_MS - 1):
        ending.frame_at = at
        screen.key(ending, K_A)
        screen.key(ending, K_B)
    assert (ending.again, ending.homes) == (0, 0)
    ending.frame_at = 1000 + PRIVACY_MS
    screen.key(ending, K_A)
    screen.key(ending, K_B)
    assert (ending.again, ending.homes) == (1, 1)
