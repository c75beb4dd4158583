"""Never lose a game: a game played part way, saved once the keys stop, the
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
        if self.play is not None and not self.session.recorded:
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
    slot = {"whist": 0, "bharg": 1, "jekyll": 2}[game]
    assert store.Store(nvm).saved_slots() == [slot]
    assert sim.nvm_device.writes >= 1
    # Boot: "Continue" comes first; A continues, the rest of the keys finish the game.
    host_sim.run("", nvm=nvm)
    assert app().top().items[0].startswith("Continue ")
    host_sim.run("A " + " ".join(words[cut:]), seed=seed + 1, nvm=nvm)
    assert finals == [uninterrupted]
    # Finished: the save is gone, the result counted once, no "Continue" any more.
    assert store.Store(nvm).saved_slots() == []
    assert not app().top().items[0].startswith("Continue ")
    assert store.Stats(nvm).played(slot) == 1


def test_quitting_clears_the_save_and_pausing_saves_at_once():
    nvm = fresh_nvm()
    # Bharg, 2 players: start, pass the device, draw (a changed game), pause.
    host_sim.run("GAME:bharg A WAIT*600 A A START", seed=2, nvm=nvm)
    assert top_name() == "PauseMenu"
    assert store.Store(nvm).saved_slots() == [1]
    # The same from a new device, then resume from the pause menu and quit to the menu:
    # the game is abandoned, its save goes.
    nvm = fresh_nvm()
    host_sim.run("GAME:bharg A WAIT*600 A A START A START UP A A", seed=2, nvm=nvm)
    assert top_name() == "MenuScreen" and store.Store(nvm).saved_slots() == []


def test_a_save_its_game_cannot_read_is_set_aside():
    nvm = fresh_nvm()
    saved = store.Store(nvm)
    saved.save_game(2, b"\x00" * 20)  # Jekyll & Hyde's slot, bytes no engine accepts
    host_sim.run("", nvm=nvm)
    assert app().top().items[0] == "Continue Jekyll & Hyde"
    host_sim.run("ROW:Continue_Jekyll_&_Hyde A", nvm=nvm)
    assert top_name() == "MessageScreen" and "could not be read" in top().text
    assert store.Store(nvm).saved_slots() == []
    host_sim.run("", nvm=nvm)  # boot again: no "Continue"
    assert not any(item.startswith("Continue") for item in app().top().items)
    host_sim.run("GAME:whist", nvm=nvm)
    assert top_name() == "_SetupScreen" and top().heading == "Gongor Whist"


def _menu(nvm):
    """The main menu's rows after a boot on ``nvm``."""
    host_sim.run("", nvm=nvm)
    return app().top().items


def test_starting_another_game_keeps_the_saved_one():
    """A saved Whist game, switched off; Bharg chosen instead of "Continue":
    both can be continued after the next switch-off, the newest first, and the Whist game
    is neither lost nor dodges the statistics."""
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A RIGHT A A START", seed=3, nvm=nvm)  # Whist: a move, paused: saved
    whist = store.Store(nvm).load_game(0)
    assert _menu(nvm)[:2] == ["Continue Gongor Whist", "Gongor Whist"]
    # Bharg (a row further down now), 2 players: start, pass, draw, pause: saved.
    host_sim.run("GAME:bharg A WAIT*600 A A START", seed=2, nvm=nvm)
    assert store.Store(nvm).saved_slots() == [1, 0]
    assert store.Store(nvm).load_game(0) == whist
    assert _menu(nvm)[:3] == ["Continue Bharg", "Continue Gongor Whist", "Gongor Whist"]
    # Continue the Whist game (second row): the same table; quit it: counted, its save
    # gone, Bharg's kept.
    host_sim.run("ROW:Continue_Gongor_Whist A", nvm=nvm)
    assert app().game.slot == 0 and app().play.saved() == whist
    host_sim.run("ROW:Continue_Gongor_Whist A START UP A A", nvm=nvm)
    assert store.Store(nvm).saved_slots() == [1]
    assert store.Stats(nvm).played(0) == 1 and store.Stats(nvm).played(1) == 0
    assert _menu(nvm)[:2] == ["Continue Bharg", "Gongor Whist"]


def test_a_new_game_of_a_saved_game_asks_and_counts_the_saved_one_as_lost():
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A RIGHT A A START", seed=3, nvm=nvm)
    # "Gongor Whist" (second row) with a Whist game saved: a question first.
    host_sim.run("GAME:whist", nvm=nvm)
    assert top_name() == "ConfirmScreen" and "counts as a loss" in top().text
    host_sim.run("GAME:whist B", nvm=nvm)  # no: back at the main menu, nothing changed
    assert top_name() == "MenuScreen" and store.Store(nvm).saved_slots() == [0]
    assert store.Stats(nvm).played(0) == 0
    # Yes, then the set-up, then A starts: the saved game is counted and its save goes.
    sim = host_sim.run("GAME:whist A A", nvm=nvm)
    assert name_of(top()) == "WhistScreen"
    assert store.Stats(nvm).played(0) == 1 and store.Stats(nvm).won(0) == 0
    assert store.Store(nvm).saved_slots() == [] and sim.nvm_device.writes == 1


def test_saved_is_said_only_when_a_switch_off_brings_the_table_back():
    """A game just dealt is not saved: its mark is orange; the pause menu says
    "Saved" only once the save is written, and then "Continue" brings it back."""
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A", seed=5, nvm=nvm)
    assert app().unsaved() and not app().session.marks.saved
    host_sim.run("GAME:whist A START", seed=5, nvm=nvm)
    assert top().status.text == "Saved" and store.Store(nvm).saved_slots() == [0]
    dealt = app().play.saved()
    assert _menu(nvm)[0] == "Continue Gongor Whist"
    host_sim.run("ROW:Continue_Gongor_Whist A", nvm=nvm)
    assert app().play.saved() == dealt and not app().unsaved() and app().session.marks.saved
    # A new game with no move in it, paused (so saved), then quit: not counted, and its
    # save goes.
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A START UP A", nvm=nvm)
    assert "not counted" in top().text and store.Store(nvm).saved_slots() == [0]
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A START UP A A", nvm=nvm)
    assert top_name() == "MenuScreen" and store.Store(nvm).saved_slots() == []
    assert store.Stats(nvm).played(0) == 0
