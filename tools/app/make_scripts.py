"""Write the key script of the whole-app run (tools/app/app.keys).

Host only. Plays the app in the simulator (host_sim, real Blinka displayio) from boot:
every game once per choice of each set-up row (so every option value is played at
least once), each to its end and back to the main menu, plus a game of each quit from
the pause menu. The players are the planners of the screens tests (tests/test_*_screens.py),
which act by key presses only. What they pressed, and the game seeds the run drew, are
written out; tools/app/driver.py replays them on MicroPython's WebAssembly port, where
the same seeds and keys give the same games.

Each game is reached from the main menu by name (``GAME:<id>``: the driver and the
simulator find its row when they get there), so a game added to the menu moves nothing.
Regenerate after a change to the screens' keys: ``python tools/app/make_scripts.py``.
(The device-time model's tour, tools/devtime/tour.keys, is written by hand: its markers
name the screen each must find on top.)
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for path in (
    os.path.join(ROOT, "tests"),
    os.path.join(ROOT, "tests", "device"),
    ROOT,
    os.path.join(ROOT, "lib"),
):
    if path not in sys.path:
        sys.path.insert(0, path)

import test_bharg_screens  # noqa: E402
import test_jekyll_screens  # noqa: E402
import test_whist_screens  # noqa: E402
from driven import DrivenSim, app, fresh_nvm  # noqa: E402

from host_sim.sim import BOOT_MS, name_taps, parse_script  # noqa: E402

SCRIPT = os.path.join(HERE, "app.keys")
_MAX_KEYS_HOME = 30


def _row_keys(choices, current, shown_when=()):
    """Set-up keys that move row r from where the set-up opened it (the choice last played)
    to ``choices[r]`` (RIGHT wraps). A row listed only while another row has a choice
    (``shown_when``: the set-up's ``(row, other row, choice)``) is skipped when, with the
    rows above it set, it is not listed; its choice stays as it was."""
    keys = []
    chosen = list(current)
    first = True
    for row, (choice, default) in enumerate(zip(choices, current)):
        if any(row == hidden and chosen[other] != want for hidden, other, want in shown_when):
            continue
        if not first:
            keys.append("DOWN")
        first = False
        keys += ["RIGHT"] * (choice - default) + ["LEFT"] * (default - choice)
        chosen[row] = choice
    return keys


def _taps_of(keys, sim):
    """``keys`` with each ``GAME:``/``ROW:`` word as the taps it stands for on the top
    screen now (where the simulator and the driver resolve it, the keys being asked for
    on it), for their time."""
    words = []
    for word in keys.split():
        if word.upper().startswith(("GAME:", "ROW:")):
            words += name_taps(sim.top_screen(), word)
        else:
            words.append(word)
    return " ".join(words)


def _planner(game, setup):
    """The screens tests' planner for one game, from its set-up screen on."""
    if game == "whist":
        return test_whist_screens.Strategy(setup + ["A"], illegal_probe=False)
    if game == "bharg":
        return test_bharg_screens.Player(
            " ".join(setup + ["A"]), lambda player, name, screen: False
        )
    player = test_jekyll_screens.Player()
    player.setup = setup + ["A"]
    return player


class Chain:
    """Plays segments one after the other: a segment's planner until the game's result
    is recorded (or, for a quit, a few moves), then A until the game-over screen, where B
    goes back to the main menu (A there would play again)."""

    def __init__(self, segments):
        self.segments = list(segments)
        self.current = None
        self.label = None
        self.quit_after = 0
        self.choices = None  # the set-up choices still to make
        self.moves = 0
        self.home_keys = 0
        self.words = []  # the key script, with #markers
        self.keys_done_at = BOOT_MS  # when the driver would start the next key

    def __call__(self, sim):
        keys = self._next(sim)
        if keys:
            # DrivenSim starts these keys lead_ms after this question; the driver starts a
            # key when the one before it is done, so the difference becomes a WAIT.
            press_at = sim.clock_ms + sim.lead_ms
            if press_at > self.keys_done_at:
                self.words.append("WAIT*%d" % (press_at - self.keys_done_at))
            self.keys_done_at = press_at + parse_script(_taps_of(keys, sim))[1] - BOOT_MS
            self.words += keys.split()
        return keys

    def _next(self, sim):
        while True:
            if self.current is None:
                if not self.segments:
                    return None
                self.label, self.current, self.quit_after, self.choices = self.segments.pop(0)
                self.words.append("#start-" + self.label)
                self.moves = 0
                self.home_keys = 0
                self.started = False
                # The main menu remembers its row: the driver walks from there to the
                # game's, found by its id.
                return "GAME:" + self.label.partition("-")[0]
            running = app()
            if self.choices is not None and hasattr(running.top(), "rows"):
                # The set-up is open, each row at the choice last played.
                current = [row[2] for row in running.top().rows]
                shown_when = getattr(running.top(), "_shown_when", ())
                keys = _row_keys(self.choices, current, shown_when)
                self.choices = None
                if keys:
                    return " ".join(keys)
            if running.game is not None:
                self.started = True
            if self.started and len(running.stack) == 1:
                if not self.quit_after and not running.session.recorded:
                    raise RuntimeError("%s: back at the menu with no result" % self.label)
                self.current = None
                self.words.append(("#quit-" if self.quit_after else "#done-") + self.label)
                continue
            if self.quit_after and self.moves >= self.quit_after and running.top().pausable:
                return "START UP A A"  # UP: the pause menu's last row, Quit
            if not (self.started and running.session.recorded):
                keys = self.current(sim)
                if keys:
                    self.moves += 1
                    return keys if isinstance(keys, str) else " ".join(keys)
            # The game is over (or its planner stopped): A until its game-over screen, B
            # there for the main menu.
            self.home_keys += 1
            if self.home_keys > _MAX_KEYS_HOME:
                raise RuntimeError("%s: no way back to the menu" % self.label)
            return "B" if type(running.top()).__name__ == "GameOverScreen" else "A"


# Set-up choices per run: every value of every row at least once (Jekyll & Hyde's handicap
# row has 15 values, the same rule with other amounts: Off, one for each side, and the
# largest). The set-up opens at the choices last played: the keys go from there.
RUNS = (
    (
        "whist",
        (
            (0, 1, 0, 0, 0),
            (1, 0, 1, 1, 1),
            (4, 1, 0, 2, 0),
            (5, 0, 1, 3, 1),
            (2, 0, 0, 0, 0),
            (3, 1, 1, 0, 0),
        ),
    ),
    # Bharg's last two: Player 2 a CPU (normal) to 25, and three players with Players 2
    # and 3 CPUs (easy, normal) for one round.
    (
        "bharg",
        (
            (0, 1, 0, 0, 0),
            (1, 0, 1, 0, 0),
            (0, 3, 2, 0, 0),
            (1, 3, 3, 0, 0),
            (0, 2, 0, 0, 0),
            (0, 0, 0, 2, 0),
            (1, 3, 1, 1, 2),
        ),
    ),
    # Jekyll & Hyde's last three: against the CPU (easy as Dr. Jekyll, normal as Mr. Hyde
    # at the Mr. Hyde level, normal as Dr. Jekyll); the quit run is against the CPU too.
    (
        "jekyll",
        ((0, 0, 0, 0), (1, 3, 1, 0), (2, 12, 0, 0), (0, 7, 1, 1), (2, 0, 0, 2), (1, 0, 1, 2)),
    ),
)


def segments():
    """(label, planner, quit after n moves or 0, set-up choices or None) for every run of
    the script."""
    runs = []
    for game, choice_sets in RUNS:
        for number, choices in enumerate(choice_sets):
            runs.append(("%s-%d" % (game, number), _planner(game, []), 0, choices))
        runs.append(("%s-quit" % game, _planner(game, []), 12, None))
    return runs


def make(seed=3):
    """Play every segment in one simulator run; returns (seeds, words)."""
    chain = Chain(segments())
    sim = DrivenSim(chain, seed=seed, nvm=fresh_nvm())
    sim.run()
    if chain.segments or chain.current is not None:
        raise RuntimeError("the run stopped before its last segment")
    return sim.seeds, chain.words


def write(path=SCRIPT, seed=3):
    """Write the script file: a SEEDS line, then one line per segment."""
    seeds, words = make(seed)
    lines = ["SEEDS " + " ".join(str(s) for s in seeds)]
    for word in words:
        if word.startswith("#start-") or not lines[-1:] or lines[-1].startswith("SEEDS"):
            lines.append(word)
        else:
            lines[-1] += " " + word
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return len(words)


if __name__ == "__main__":
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        count = write()
        print("wrote %s: %d words" % (SCRIPT, count))
    finally:
        os.chdir(here)
