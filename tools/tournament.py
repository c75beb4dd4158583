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

Game ``i`` of a match uses seed ``--seed + i`` for the deal and seeds derived from it for
the players, so a run is exactly reproducible.

Usage: python -m tools.tournament [--game bharg|jekyll|whist|all] [--rounds N] [--games N]
       [--hands N] [--seed S] [--jobs N] [--quick]
"""

import argparse
import math
import os
import sys
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
    print("tournament: %.0f s%s" % (time.time() - started, " (quick)" if args.quick else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
