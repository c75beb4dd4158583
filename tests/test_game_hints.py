"""Key names in Bharg's, Jekyll & Hyde's and the demo's hints: every
hint line and message naming keys passes through ``handheld.keys.hint``, so the Hack Club
Sprig (A is L, B is K, START is I, SELECT is J) shows its own buttons' names; a card's
label ("A" of an Ace) is never taken for a key."""

import os

import pytest
from driven import app, top

import host_sim
from decktet import cards
from games.bharg import engine as bharg_engine
from games.bharg import flow as bharg_flow
from handheld import keys
from handheld.screens import PRIVACY_MS

SPRIG = "hack_club_sprig"
SETTLE = "WAIT*%d" % PRIVACY_MS


def sprig_nvm():
    """A blank nvm the size of the Sprig's."""
    return bytearray(b"\xff" * 4096)


@pytest.fixture
def sprig_names():
    """The Sprig's key names for screens built outside the simulator, from the repository
    root (the card sheet's path)."""
    saved = keys.KEY_NAMES[:]
    here = os.getcwd()
    keys.KEY_NAMES[:] = ["K", "L", "I", "J"]
    os.chdir(host_sim.ROOT)
    yield
    os.chdir(here)
    keys.KEY_NAMES[:] = saved


class StandIn:
    """What a screen's build reads of the app."""

    frame_at = 0


def test_bharg_on_the_sprig_names_its_keys():
    keys_script = "GAME:bharg A"  # two players
    host_sim.run(keys_script + " " + SETTLE, board=SPRIG, seed=4, nvm=sprig_nvm())
    assert top().prompt.text == "press L"
    host_sim.run(keys_script + " %s A %s" % (SETTLE, SETTLE), board=SPRIG, seed=4, nvm=sprig_nvm())
    screen = top()
    assert screen.hint.text in ("<> pile  L take  J help", "bars: blue/pink sets, green Ace")
    # Took the discard top: B undoes it.
    script = keys_script + " %s A %s RIGHT A" % (SETTLE, SETTLE)
    host_sim.run(script, board=SPRIG, seed=4, nvm=sprig_nvm())
    assert top().hint.text == "<> card  L discard  K undo"


def test_bharg_result_hints_name_the_key_not_the_aces_label(sprig_names):
    from games.bharg import screens

    # Three seats, the round won with an Ace on the Ace Pile: "Ace: A~ Ace ...  L scores".
    for seed in range(40):
        game = bharg_engine.Game(seed, bharg_engine.OPT_THREE_PLAYERS)
        if game.observation(0)["ace_top"] >= 0:
            break
    obs = game.observation(0)
    ace = obs["ace_top"]
    # (The flow reads the result from the view: a won round, put in by hand.)
    play = bharg_flow.Play(game)
    play.obs = dict(
        obs, round_result={"winner": 1, "points": 5, "unbound": [5, 0, 3], "reason": "win"}
    )
    play.obs["hands"] = [obs["hand"]] * 3
    screen = screens.RoundEndScreen(play)
    screen.build(StandIn())
    assert cards.label(ace).startswith("A")
    assert screen.prompt.text == "Ace: %s  L scores" % bharg_flow.short_name(ace)
    play.phase = bharg_flow.PHASE_ROUND_OVER
    scores = screens.ScoreScreen(play)
    scores.build(StandIn())
    assert scores.prompt.text == "L: deal round 2"


def test_jekyll_on_the_sprig_names_its_keys(sprig_names):
    from games.jekyll import engine, flow, screens

    play = flow.Play(engine.Game(5), cards.display_name)
    assert keys.hint(play.hint()) == "L draw  J tricks"  # Poole: one pile
    play.mode = flow.MODE_SHOW
    assert keys.hint(play.hint()) == "CPU: L next  J tricks"
    play = flow.Play(engine.Game(5, engine.OPT_JEKYLL), cards.display_name)
    assert keys.hint(play.hint()) == "<> pile  L draw  J tricks"
    peek = screens.PeekScreen(7, "Mr. Hyde")
    peek.build(StandIn())
    assert peek.prompt.text == "L hide it again"


def test_jekyll_table_on_the_sprig():
    script = "GAME:jekyll A %s A %s" % (SETTLE, SETTLE)
    host_sim.run(script, board=SPRIG, seed=3, nvm=sprig_nvm())
    assert top().hint.text == "L draw  J tricks" and not top().hint.hidden


def test_the_demo_names_its_keys_on_the_sprig(sprig_names):
    from handheld.demo import DemoScreen

    class App:
        frame_at = 0

        def new_seed(self):
            return 5

    screen = DemoScreen()
    screen.build(App())
    texts = [getattr(layer, "text", "") for layer in screen.group]
    assert "<> pick  L play  J pass" in texts


def test_the_pybadge_keeps_the_written_names():
    host_sim.run("GAME:bharg A " + SETTLE, seed=4)
    assert app().top().prompt.text == "press A"
