"""Shared harness of the simulator tests (tests/test_host_sim.py, tests/test_*_screens.py):
the running app and its top screen, a blank nvm, and ``DrivenSim``, a headless run driven
like a player (the next keys come from a function that looks at the screen once the
previous keys have been handled)."""

import host_sim
from handheld import shell
from handheld.screens import PRIVACY_MS
from host_sim.sim import BOOT_MS, FRAME_MS, parse_script

FULL = 160 * 128  # pixels in a whole-screen refresh
# A privacy screen's A, pressed once the screen takes it (keys before are dropped).
PASS_KEYS = "WAIT*%d A" % PRIVACY_MS


def app():
    """The App of the last run."""
    return shell.current_app


def top():
    """The screen on top of the last run's stack."""
    return shell.current_app.top()


def name_of(screen):
    """A screen's class name."""
    return type(screen).__name__


def top_name():
    """The class name of the screen on top."""
    return name_of(top())


def fresh_nvm():
    """A blank (erased) nvm for a run, so saved records start empty."""
    return bytearray(b"\xff" * 8192)


class DrivenSim(host_sim.Sim):
    """A simulator run whose keys come from ``next_keys(sim)`` (a key script, or None or ""
    to end the run), asked whenever the previous keys are done.

    :param int quiet_ms: how long after the previous keys' last release to wait before asking
    :param int lead_ms: the new keys start this long after the question
    """

    def __init__(self, next_keys, quiet_ms=0, lead_ms=FRAME_MS, **kwargs):
        super().__init__(**kwargs)
        self.next_keys = next_keys
        self.quiet_ms = quiet_ms
        self.lead_ms = lead_ms
        self.finished = False
        self.log = []  # (key script, pixels pushed by each refresh until the next question)
        self._mark = 0

    def sleep(self, seconds):
        if not self.finished and not self.timeline and self.clock_ms >= self.end_ms + self.quiet_ms:
            pushed = self.display.pushed
            if self.log:
                self.log[-1][1].extend(pushed[self._mark :])
            self._mark = len(pushed)
            keys = self.next_keys(self)
            if keys:
                timeline, end = parse_script(keys)
                shift = self.clock_ms + self.lead_ms - BOOT_MS
                self.timeline = [(t + shift, op, arg) for t, op, arg in timeline]
                self.end_ms = end + shift
                self.log.append((keys, []))
            else:
                self.finished = True
        super().sleep(seconds)


# The games shipped with the kit, by package, in their menu order: pictures and figures
# taken of the menus with these three stay the same whatever else is registered.
SHIPPED = ("games.whist", "games.bharg", "games.jekyll")


def game_id(entry):
    """A registry entry's id, as the key scripts' ``GAME:<id>`` names it: its package's
    last part."""
    return entry.package.rpartition(".")[2]


def menu_to(game):
    """The key words that open a game's set-up from the main menu, by its id (``"bharg"``)
    or its registry entry: ``GAME:<id>`` (host_sim moves to its row when it gets there)."""
    return "GAME:" + (game if isinstance(game, str) else game_id(game))


def shipped_games():
    """The registry's entries of the shipped games (``SHIPPED``), in that order."""
    from handheld import registry

    return tuple(entry for name in SHIPPED for entry in registry.GAMES if entry.package == name)
