"""Tournaments between strategies (host side): win rates with 95% confidence intervals.

Plays seeded games between the strategies ``random`` (a uniformly random legal action),
``easy`` and ``normal`` (``games/<game>/cpu.py``) and prints each side's win rate with its
Wilson 95% interval:

- Bharg: single rounds (``OPT_ONE_ROUND``), two players (the tested strategy's seat
  alternates) and three (one tested seat against two of the other strategy, the seat
  rotating); a round won by nobody (no score) counts as not won.
- Jekyll & Hyde: the tested strategy as Dr. Jekyll (seat 0) in half the games and as
  Mr. Hyde (seat 1) in the other half, reported per seat and together; a draw counts as
  not won. A CPU plays as on the device: a new ``cpu.Player`` each turn, seeded by the
  turn number (``TurnPlayer``).
- Gongor Whist: the bidding coach (``games/whist/coach.py``) against a fixed bid of 3 on
  the same deals (one pass: the fore and aft hands, easy mode), both played with the
  coach's ``play_hint``: how often each bid is made, the points per hand, and the coach's
  expected tricks against the tricks taken.

``--device-time`` times decisions on CircuitPython's unix port (device code compiled with
its ``mpy-cross``, 120 KB heap) as a ratio to a fixed reference loop timed in the same run.

Game ``i`` of a match uses seed ``--seed + i`` for the deal and seeds derived from it for
the players, so a run is exactly reproducible.

Usage: python -m tools.tournament [--game bharg|jekyll|whist|all] [--rounds N] [--games N]
       [--hands N] [--seed S] [--jobs N] [--quick] [--device-time]
"""

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _path in (os.path.join(ROOT, "lib"), ROOT):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from decktet.rng import Rng  # noqa: E402

STRATEGIES = ("random", "easy", "normal")
# (tested, opponent) pairs played for the two-player games.
MATCHUPS = (("normal", "random"), ("normal", "easy"), ("easy", "random"))


def wilson(wins, n, z=1.96):
    """The Wilson score interval (low, high) of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(wins, n):
    """``"wins/n  rate%  [low%, high%]"``."""
    low, high = wilson(wins, n)
    rate = wins / n if n else 0.0
    return "%5d/%-5d %5.1f%%  [%5.1f%%, %5.1f%%]" % (wins, n, 100 * rate, 100 * low, 100 * high)


class RandomPlayer:
    """A uniformly random legal action, from the project's portable generator."""

    def __init__(self, seed):
        self.rng = Rng(seed % (1 << 30))

    def choose(self, observation, legal_actions):
        """Any legal action, uniformly."""
        return legal_actions[self.rng.randbelow(len(legal_actions))]


class TurnPlayer:
    """A Jekyll & Hyde CPU as the device plays it (``games.jekyll.flow.Play.think``): a new
    ``cpu.Player`` every turn, seeded by the turn number."""

    def __init__(self, seat, strategy):
        self.seat = seat
        self.strategy = strategy
        self.turn = 0
        self.player = None

    def choose(self, observation, legal_actions):
        """The turn's player's choice (a new player when the turn is new)."""
        from games.jekyll.cpu import Player

        if observation["turn"] != self.turn:
            self.turn = observation["turn"]
            self.player = Player(self.seat, self.strategy, self.turn)
        return self.player.choose(observation, legal_actions)


def make_player(game, strategy, seat, seed):
    """A player of ``strategy`` for ``game`` ("bharg" or "jekyll")."""
    if strategy == "random":
        return RandomPlayer(seed)
    if game == "bharg":
        from games.bharg.cpu import Player

        return Player(seat, strategy, seed % (1 << 30))
    return TurnPlayer(seat, strategy)


def play_bharg(seed, strategies):
    """One Bharg round (one player per seat, ``strategies`` by seat): the winning seat, or
    -1 for a round with no score."""
    from games.bharg import engine

    options = engine.OPT_ONE_ROUND
    if len(strategies) == 3:
        options |= engine.OPT_THREE_PLAYERS
    game = engine.Game(seed, options)
    players = [
        make_player("bharg", strategy, seat, seed * 7 + seat)
        for seat, strategy in enumerate(strategies)
    ]
    _play_out(game, players, strategies)
    return game.observation(0)["round_result"]["winner"]


def _play_out(game, players, strategies):
    """Let each seat's player choose until the game is over; an illegal choice fails."""
    while not game.is_over():
        seat = game.current_player()
        legal = game.legal_actions()
        action = players[seat].choose(game.observation(seat), legal)
        if action not in legal:
            raise AssertionError("illegal action %r from %s" % (action, strategies[seat]))
        game.apply_action(action)


def play_jekyll(seed, strategies, options=0):
    """One game of Jekyll & Hyde (``strategies`` by seat): the winning seat, -1 a draw."""
    from games.jekyll import engine

    game = engine.Game(seed, options)
    players = [
        make_player("jekyll", strategy, seat, seed * 7 + seat)
        for seat, strategy in enumerate(strategies)
    ]
    _play_out(game, players, strategies)
    return game.winner()


def whist_hands(seed, fixed, options):
    """One session of Gongor Whist, bid by the coach (``fixed`` None) or ``fixed`` (clamped
    to the legal range), played with ``play_hint``: per hand ``(made, points, expected
    tenths or -1, tricks taken)``."""
    from games.whist import engine
    from games.whist.coach import Coach, play_hint

    game = engine.Game(seed, options)
    coach = Coach(seed % (1 << 30))
    hands = []
    expected = -1
    bids = 0
    while not game.is_over():
        obs = game.observation(0)
        if obs["phase"] == engine.PHASE_BID:
            if bids:
                hands.append(_hand_record(obs["last_hand"], expected))
            bids += 1
            if fixed is None:
                bid, expected, _ = coach.suggest(obs)
            else:
                bid = min(max(fixed, obs["min_bid"]), obs["max_bid"])
            game.apply_action(engine.BID_BASE + bid)
        else:
            game.apply_action(play_hint(obs))
    hands.append(_hand_record(game.observation(0)["last_hand"], expected))
    return hands


def _hand_record(last_hand, expected):
    which, bid, took, points = last_hand
    return (took == bid, points, expected, took)


# ----- the matches (each task is one game, so they spread over processes) -----


def _bharg_task(args):
    seed, strategies = args
    return play_bharg(seed, strategies)


def _jekyll_task(args):
    seed, strategies, options = args
    return play_jekyll(seed, strategies, options)


def _whist_task(args):
    seed, fixed, options = args
    return whist_hands(seed, fixed, options)


def _run(pool, function, tasks):
    if pool is None:
        return [function(task) for task in tasks]
    return list(pool.map(function, tasks, chunksize=4))


def bharg_report(pool, rounds, seed):
    """Print the Bharg table: two- and three-player rounds."""
    print("Bharg, single rounds, basic deck: rounds won by the first strategy")
    print("  %-24s %-40s %s" % ("match", "won / rounds, rate, 95% interval", "no score"))
    for seats in (2, 3):
        for tested, other in MATCHUPS:
            tasks = []
            for i in range(rounds):
                strategies = [other] * seats
                strategies[i % seats] = tested
                tasks.append((seed + i, tuple(strategies)))
            started = time.time()
            winners = _run(pool, _bharg_task, tasks)
            wins = 0
            for i, winner in enumerate(winners):
                if winner == i % seats:
                    wins += 1
            label = "%s vs %s%s" % (tested, other, " x2 (3p)" if seats == 3 else "")
            print(
                "  %-24s %s  %4d   (%.0f s)"
                % (label, rate_text(wins, rounds), winners.count(-1), time.time() - started)
            )
    print(
        "  seeds %d..%d; the tested seat alternates (rotates with 3 players)"
        % (seed, seed + rounds - 1)
    )


def jekyll_report(pool, games, seed, options):
    """Print the Jekyll & Hyde table: each matchup from both seats."""
    print("Jekyll & Hyde, options %d: games won by the first strategy" % options)
    print(
        "  %-22s %-40s %-40s %s"
        % ("match", "as Dr. Jekyll (seat 0)", "as Mr. Hyde (seat 1)", "both seats")
    )
    for tested, other in MATCHUPS:
        started = time.time()
        cells = []
        total = 0
        for seat in (0, 1):
            tasks = []
            for i in range(games):
                strategies = [other, other]
                strategies[seat] = tested
                tasks.append((seed + i, tuple(strategies), options))
            winners = _run(pool, _jekyll_task, tasks)
            wins = winners.count(seat)
            total += wins
            cells.append(rate_text(wins, games))
        print(
            "  %-22s %s  %s  %s  (%.0f s)"
            % (
                "%s vs %s" % (tested, other),
                cells[0],
                cells[1],
                rate_text(total, 2 * games),
                time.time() - started,
            )
        )
    print("  seeds %d..%d from each seat; a draw counts as not won" % (seed, seed + games - 1))


def whist_report(pool, hands, seed, options):
    """Print the coach's table: bids made, points, expected against taken tricks."""
    sessions = max(1, hands // 2)
    print(
        "Gongor Whist, options %d: the coach's bid against a fixed bid of 3, same deals" % options
    )
    rows = []
    for fixed in (None, 3):
        started = time.time()
        results = _run(pool, _whist_task, [(seed + i, fixed, options) for i in range(sessions)])
        records = [record for session in results for record in session]
        made = sum(1 for record in records if record[0])
        points = sum(record[1] for record in records)
        rows.append((fixed, records))
        print(
            "  %-12s made %s  points/hand %+.2f  (%.0f s)"
            % (
                "coach" if fixed is None else "fixed bid %d" % fixed,
                rate_text(made, len(records)),
                points / len(records),
                time.time() - started,
            )
        )
    records = rows[0][1]
    error = sum(abs(record[2] / 10 - record[3]) for record in records) / len(records)
    mean_expected = sum(record[2] for record in records) / 10 / len(records)
    mean_taken = sum(record[3] for record in records) / len(records)
    hits = sum(1 for record in records if (record[2] + 5) // 10 == record[3])
    print(
        "  coach: expected %.2f tricks a hand, took %.2f; mean |expected - taken| %.2f; "
        "expected (rounded) = taken %s"
        % (mean_expected, mean_taken, error, rate_text(hits, len(records)).strip())
    )
    print(
        "  %d hands (fore and aft of %d sessions, seeds %d..%d)"
        % (len(records), sessions, seed, seed + sessions - 1)
    )


# ----- decision time on CircuitPython's unix port -----

DEVICE_SCRIPT = r"""
import time
from decktet.search import units

def now():
    return time.time_ns() // 1000

def reference():
    # The fixed reference loop: 100,000 iterations of a small-int sum.
    x = 0
    for i in range(100000):
        x += i & 7
    return x

def timed_reference():
    t = now()
    reference()
    return now() - t

def timed(name, player, obs, legal, budget):
    # One decision spread over step(budget) calls, as a screen would: begin, then steps.
    t = now()
    player.begin(obs, legal)
    times = [now() - t]
    while True:
        t = now()
        done = player.step(units(budget))
        times.append(now() - t)
        if done:
            break
    print("D", name, " ".join([str(x) for x in times]))
    return player.result()

def bharg(seeds, budget):
    from games.bharg import engine
    from games.bharg.cpu import Player
    for seed in seeds:
        game = engine.Game(seed, engine.OPT_ONE_ROUND)
        players = [Player(0, "normal", seed), Player(1, "normal", seed + 1)]
        while not game.is_over():
            seat = game.current_player()
            obs = game.observation(seat)
            action = timed("bharg", players[seat], obs, game.legal_actions(), budget)
            obs = None
            game.apply_action(action)

def jekyll(seeds, budget, turns):
    from games.jekyll import engine
    from games.jekyll.cpu import Player
    for seed in seeds:
        game = engine.Game(seed, 0)
        players = [Player(0, "normal", seed), Player(1, "easy", seed + 1)]
        while not game.is_over() and game.observation(0)["turn"] <= turns:
            seat = game.current_player()
            obs = game.observation(seat)
            if seat == 0:
                print("T", seed, obs["turn"])
                action = timed("jekyll", players[0], obs, None, budget)
            else:
                action = players[1].choose(obs, None)
            obs = None
            game.apply_action(action)

def whist(seeds, budget):
    from games.whist import engine
    from games.whist.coach import Coach, play_hint
    coach = Coach(1)
    for seed in seeds:
        game = engine.Game(seed, engine.OPT_EASY)
        while not game.is_over():
            obs = game.observation(0)
            if obs["phase"] == engine.PHASE_BID:
                t = now()
                coach.begin(obs)
                times = [now() - t]
                while True:
                    t = now()
                    done = coach.step(units(budget))
                    times.append(now() - t)
                    if done:
                        break
                print("D whist", " ".join([str(x) for x in times]))
                game.apply_action(engine.BID_BASE + coach.result()[0])
            else:
                game.apply_action(play_hint(obs))
            obs = None

print("REF", timed_reference())
bharg(SEEDS_BHARG, BUDGET_BHARG)
print("REF", timed_reference())
jekyll(SEEDS_JEKYLL, BUDGET_JEKYLL, TURNS_JEKYLL)
print("REF", timed_reference())
whist(SEEDS_WHIST, BUDGET_WHIST)
print("REF", timed_reference())
"""

# Step budgets the timing uses for the spread-out search (one step per frame).
BUDGETS = {"bharg": 1, "jekyll": 4, "whist": 1}
RUNS = 3  # the timing script runs this often; each figure is its least over the runs


def device_time(quick, runs=RUNS):
    """Time decisions on CircuitPython's unix port; print them as ratios to the reference
    loop. Returns False if the port is missing.

    The script is deterministic, so every run makes the same decisions in the same steps;
    each step's time is its least over ``runs`` runs (wall-clock time on a shared machine
    only ever adds), and a decision's time is the sum of its steps'."""
    sys.path.insert(0, HERE)
    sys.path.insert(0, os.path.join(HERE, "cpgate"))
    import cptools
    import run_device_tests

    try:
        program = cptools.program("circuitpython-unix32")
        mpy_cross = cptools.mpy_cross()
    except cptools.Missing as missing:
        print(
            "device time: CircuitPython's unix port not found (%s)" % " ".join(str(missing).split())
        )
        return False
    settings = {
        "SEEDS_BHARG": "(1, 2)" if quick else "(1, 2, 3, 4, 5, 6, 7, 8)",
        "SEEDS_JEKYLL": "(1,)" if quick else "(1, 2, 3, 4)",
        "TURNS_JEKYLL": "8" if quick else "40",
        "SEEDS_WHIST": "(1, 2)" if quick else "(1, 2, 3, 4, 5, 6, 7, 8)",
        "BUDGET_BHARG": str(BUDGETS["bharg"]),
        "BUDGET_JEKYLL": str(BUDGETS["jekyll"]),
        "BUDGET_WHIST": str(BUDGETS["whist"]),
    }
    script = DEVICE_SCRIPT
    for key, value in settings.items():
        script = script.replace(key, value)
    where = tempfile.mkdtemp(prefix="tournament-")
    outputs = []
    try:
        failures = run_device_tests.stage(ROOT, mpy_cross, where)
        if failures:
            print("device time: mpy-cross failed: %s" % failures)
            return False
        path = os.path.join(where, "timing.py")
        with open(path, "w") as handle:
            handle.write(script)
        env = dict(os.environ)
        env["MICROPYPATH"] = ":".join((os.path.join(where, "lib"), where))
        for _ in range(runs):
            result = subprocess.run(
                [program, "-X", "heapsize=120k", path],
                capture_output=True,
                text=True,
                cwd=where,
                env=env,
                timeout=3600,
                check=False,
            )
            if result.returncode != 0:
                print("device time: the run failed:\n" + result.stdout + result.stderr)
                return False
            outputs.append(result.stdout.splitlines())
    finally:
        shutil.rmtree(where, ignore_errors=True)
    refs = []
    decisions = []  # per decision: [name, step times], least over the runs
    turns = []  # per Jekyll & Hyde decision: the turn it belongs to
    for run, lines in enumerate(outputs):
        index = 0
        for line in lines:
            words = line.split()
            if words and words[0] == "REF":
                refs.append(int(words[1]))
            elif words and words[0] == "T" and run == 0:
                turns.append((int(words[1]), int(words[2])))
            elif words and words[0] == "D":
                times = [int(word) for word in words[2:]]
                if len(decisions) <= index:
                    decisions.append([words[1], times])
                else:
                    kept = decisions[index][1]
                    if len(kept) != len(times):
                        raise AssertionError(
                            "the runs differ: the timing script is not deterministic"
                        )
                    decisions[index][1] = [min(a, b) for a, b in zip(kept, times)]
                index += 1
    ref = min(refs)
    print(
        "Decision time on CircuitPython's unix port (%s, 120 KB heap), in multiples of the "
        "reference loop (100,000 iterations of `x += i & 7`: least %.1f ms, most %.1f ms over "
        "the runs); each step's least of %d runs"
        % (os.path.basename(program), ref / 1000, max(refs) / 1000, runs)
    )
    print(
        "  %-11s %9s %8s %8s %8s %8s %9s"
        % ("game", "decisions", "mean", "median", "p90", "max", "step max")
    )
    # A Jekyll & Hyde turn: the decisions of one turn together (draw, opening, tricks, the
    # transformation, the actions after it).
    per_turn = {}
    for turn, (_, times) in zip(turns, [d for d in decisions if d[0] == "jekyll"]):
        previous = per_turn.get(turn, ["jekyll turn", []])
        per_turn[turn] = [previous[0], previous[1] + times]
    decisions = decisions + list(per_turn.values())
    for name in ("bharg", "jekyll", "jekyll turn", "whist"):
        totals = sorted(sum(times) for kind, times in decisions if kind == name)
        if not totals:
            continue
        longest = max(max(times) for kind, times in decisions if kind == name)
        count = len(totals)
        print(
            "  %-11s %9d %7.2fx %7.2fx %7.2fx %7.2fx %8.3fx  (step budget %d)"
            % (
                name,
                count,
                sum(totals) / count / ref,
                totals[count // 2] / ref,
                totals[min(count - 1, count * 9 // 10)] / ref,
                totals[-1] / ref,
                longest / ref,
                BUDGETS[name.split()[0]],
            )
        )
    print(
        "  Bharg: every decision of two normal players (single rounds); Jekyll & Hyde: every "
        "decision, and every turn, of normal (seat 0) against easy; Gongor Whist: the coach's "
        "suggestions"
    )
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", default="all", choices=("bharg", "jekyll", "whist", "all", "none")
    )
    parser.add_argument("--rounds", type=int, default=1000, help="Bharg rounds per match")
    parser.add_argument("--games", type=int, default=200, help="Jekyll & Hyde games per seat")
    parser.add_argument("--hands", type=int, default=2000, help="Gongor Whist hands")
    parser.add_argument("--jekyll-options", type=int, default=0, help="Jekyll & Hyde option bits")
    parser.add_argument(
        "--whist-options", type=int, default=8, help="Gongor Whist option bits (8: easy mode)"
    )
    parser.add_argument("--seed", type=int, default=1000, help="first seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--quick", action="store_true", help="a short run (make bench)")
    parser.add_argument(
        "--device-time", action="store_true", help="time decisions on CircuitPython"
    )
    parser.add_argument("--runs", type=int, default=RUNS, help="timing runs (least time kept)")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds = min(args.rounds, 60)
        args.games = min(args.games, 4)
        args.hands = min(args.hands, 200)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    started = time.time()
    try:
        if args.game in ("bharg", "all"):
            bharg_report(pool, args.rounds, args.seed)
        if args.game in ("jekyll", "all"):
            jekyll_report(pool, args.games, args.seed, args.jekyll_options)
        if args.game in ("whist", "all"):
            whist_report(pool, args.hands, args.seed, args.whist_options)
    finally:
        if pool is not None:
            pool.shutdown()
    if args.device_time:
        device_time(args.quick, args.runs)
    print("tournament: %.0f s%s" % (time.time() - started, " (quick)" if args.quick else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
