"""Gongor Whist keeps nothing per key, trick, hand or session: a long run of seeded random
keys in the headless simulator (several sessions, each ended and played again, the coach
on, the look back and undo used) holds a bounded number of live objects, and the flow's
per-pass lists stay within a session's size.

A guard behind the whole-app heap gate (tools/app/heap.py): if a Whist screen's heap
climbs in a long random run there, and this test passes, what grows is not Whist's (in
that gate, a previous session can be kept whole by a word of other data that the port's
conservative collector takes for a pointer into it)."""

import gc
import random
import weakref

import pytest
from driven import DrivenSim, app, top

import host_sim
from handheld.screens import PRIVACY_MS
from host_sim.sim import FRAME_MS, SETTLE_MS

# Main menu -> set-up (Gongor Whist, by name): +Pawns, under hand on, 3 passes,
# coach on; A starts.
SETUP = "GAME:whist WAIT*300 RIGHT DOWN RIGHT DOWN DOWN RIGHT RIGHT DOWN RIGHT A WAIT*300"
# Random keys as a player mashing them: A often, the arrows, B (undo, back off), SELECT
# (the look back); no START (it would leave for the pause menu and maybe quit).
KEYS = ("A",) * 6 + ("LEFT", "RIGHT", "UP", "DOWN") * 2 + ("B", "SELECT")
WAITS = (40, 100, PRIVACY_MS + 50)
PRESSES = 1500
# Objects a run may hold more at its end than at its start (a session in another step,
# a summary open, the coach's search at another point): a leak of even one object per
# key press passes this many within a few hundred presses.
SLACK = 150


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    """Widgets open sprites/ and fonts/ by relative path, as on the device."""
    monkeypatch.chdir(host_sim.ROOT)


class Masher:
    """Seeded random keys; back to the set-up from the main menu; a live-object count
    (after a collection) at every third key while a Whist table is on top."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.presses = 0
        self.samples = []  # (press, live objects)
        self.games = 0  # play screens seen (each game's flow is new)
        self.flow = None  # a weak reference to the last one: holding it would keep it

    def __call__(self, sim):
        self.presses += 1
        sim.log.clear()  # the harness's own record of keys: not the app's
        if self.presses > PRESSES:
            return None
        screen = top()
        if type(screen).__name__ == "MenuScreen" and app().game is None:
            return SETUP
        # By name: the app unloads and imports the game's modules again, so the class
        # may not be the one this file imported (it depends on the tests run before).
        if type(screen).__name__ == "WhistScreen":
            f = screen.flow
            if self.flow is None or self.flow() is not f:
                self.games += 1
                self.flow = weakref.ref(f)
            assert f.coach and f.obs["passes"] == 3  # the set-up as chosen
            assert len(f.pass_points) <= 3  # the hands of one pass
            assert len(f.parts) <= f.obs["passes"]  # the passes of one session
            if self.presses % 3 == 0:
                gc.collect()
                self.samples.append((self.presses, len(gc.get_objects())))
        return "%s WAIT*%d" % (self.rng.choice(KEYS), self.rng.choice(WAITS))


def test_a_long_random_whist_run_holds_no_more_objects():
    masher = Masher(seed=1)
    DrivenSim(masher, quiet_ms=SETTLE_MS - FRAME_MS, seed=5).run()
    # Several games were played (each ended and played again), so what one leaves behind
    # would show too.
    assert masher.games >= 3
    counts = [count for _, count in masher.samples]
    third = len(counts) // 3
    assert third > 100
    early = max(counts[:third])
    late = max(counts[-third:])
    assert late <= early + SLACK, (early, late)
