"""Never lose a game (issue 11): a game played part way, saved once the keys stop, the
device "switched off" (the app dropped, the nvm kept), booted again, continued from the
main menu and finished ends exactly as the same keys end it without the switch-off. Also:
finishing or quitting a game clears its save, pausing saves at once, and a save its game
cannot read is set aside."""

import os
import sys

import pytest
from driven import DrivenSim, app, fresh_nvm, name_of, top, top_name

import host_sim
from handheld import store
from handheld.app import App

sys.path.insert(0, os.path.join(host_sim.ROOT, "tools", "app"))
import make_scripts  # noqa: E402

from games.whist import flow as whist_flow  # noqa: E402


@pytest.fixture
def finals(monkeypatch):
    """The engine bytes of every game at the moment its result is recorded."""
    seen = []
    original = App.record_result

    def record(self, won, score=None, parts=()):
        if self.play is not None and not self.recorded:
            seen.append(self.play.flow.game.to_bytes())
        original(self, won, score, parts)

    monkeypatch.setattr(App, "record_result", record)
    return seen


def _at_boundary(game):
    """True where a switch-off and a resume leave the player on the same screen: a turn
    handed over (the next player's privacy screen), or a Whist hand's bid."""
    running = app()
    screen = top()
    if running.play is None or running.play.flow.applied == 0:
        return False
    if game == "whist":
        play = running.play
        # A hand's bid, before the picker moved (a resumed flow starts it afresh).
        fresh = whist_flow.Play(play.flow.game)
        return (
            screen is play
            and play.flow.step == whist_flow.STEP_BID == fresh.step
            and (play.flow.bid == fresh.bid)
        )
    return name_of(screen) == "PrivacyScreen" and screen.text.startswith("Pass to")


def record_game(game, seed):
    """One game from boot to its end by the screens tests' planner: its keys (with the
    waits between them), the word counts at each boundary, and its final bytes."""
    chain = make_scripts.Chain([(game + "-0", make_scripts._planner(game, []), 0, None)])
    boundaries = []
    ask = chain.__call__

    def asked(sim):
        if chain.current is not None and _at_boundary(game):
            boundaries.append(len(chain.words))
        return ask(sim)

    sim = DrivenSim(asked, seed=seed, nvm=fresh_nvm())
    sim.run()
    words = [word for word in chain.words if not word.startswith("#")]
    marks = [len([w for w in chain.words[:b] if not w.startswith("#")]) for b in boundaries]
    return words, marks


@pytest.mark.parametrize("game,seed", [("whist", 3), ("bharg", 4), ("jekyll", 5)])
def test_switch_off_continue_and_finish_as_without_it(game, seed, finals):
    words, boundaries = record_game(game, seed)
    assert len(finals) == 1 and boundaries, (len(finals), boundaries)
    uninterrupted = finals.pop()
    cut = boundaries[len(boundaries) // 2]
    nvm = fresh_nvm()
    # Play to the cut, then stop pressing keys: the game is saved; then the power goes.
    sim = host_sim.run(" ".join(words[:cut]) + " WAIT*11000", seed=seed, nvm=nvm)
    assert store.Store(nvm).load_game() is not None
    assert sim.nvm_device.writes >= 1
    # Boot: "Continue" comes first; A continues, the rest of the keys finish the game.
    host_sim.run("", nvm=nvm)
    assert app().top().items[0].startswith("Continue ")
    host_sim.run("A " + " ".join(words[cut:]), seed=seed + 1, nvm=nvm)
    assert finals == [uninterrupted]
    # Finished: the save is gone, the result counted once, no "Continue" any more.
    assert store.Store(nvm).load_game() is None
    assert not app().top().items[0].startswith("Continue ")
    slot = {"whist": 0, "bharg": 1, "jekyll": 2}[game]
    assert store.Stats(nvm).played(slot) == 1


def test_quitting_clears_the_save_and_pausing_saves_at_once():
    nvm = fresh_nvm()
    # Bharg, 2 players: start, pass the device, draw (a changed game), pause.
    host_sim.run("DOWN A A WAIT*600 A A START", seed=2, nvm=nvm)
    assert top_name() == "PauseMenu"
    assert store.Store(nvm).load_game()[0] == 1
    # Resume from the pause menu, quit to the menu: the game is abandoned, its save goes.
    host_sim.run("DOWN A A WAIT*600 A A START A START UP A A", seed=2, nvm=nvm)
    assert top_name() == "MenuScreen" and store.Store(nvm).load_game() is None


def test_a_save_its_game_cannot_read_is_set_aside():
    nvm = fresh_nvm()
    saved = store.Store(nvm)
    saved.save_game(2, b"\x00" * 20)  # Jekyll & Hyde's slot, bytes no engine accepts
    host_sim.run("", nvm=nvm)
    assert app().top().items[0] == "Continue Jekyll & Hyde"
    host_sim.run("A", nvm=nvm)
    assert top_name() == "MessageScreen" and "could not be read" in top().text
    assert store.Store(nvm).load_game() is None
    host_sim.run("A", nvm=nvm)  # boot again: no "Continue"; A opens the first game
    assert top_name() == "_SetupScreen" and top().heading == "Gongor Whist"
