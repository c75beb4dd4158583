"""Device-side tests of the computer players (games/bharg/cpu.py, games/jekyll/cpu.py) and
the Gongor Whist coach (games/whist/coach.py): a few decisions per game, each one legal,
the same for the same seed, and the heap one decision allocates with no collection during
it (everything it allocates, garbage included): at most ``DECISION_BUDGET`` bytes.

On MicroPython and CircuitPython each test prints ``HEAP <what> <bytes>``, the most one
decision allocated; CPython has no ``gc.mem_alloc`` and skips the figure. Each decision is
one step of a generator test, so the gates also report the live heap between decisions."""

import gc

from decktet.search import Search, units
from games.bharg import engine as bharg
from games.bharg.cpu import Player as BhargPlayer
from games.jekyll import engine as jekyll
from games.jekyll.cpu import Player as JekyllPlayer
from games.whist import engine as whist
from games.whist.coach import Coach, play_hint

DECISION_BUDGET = 8192


def _allocated(player, obs, legal):
    """(the player's action, bytes allocated while it chose, -1 without gc.mem_alloc)."""
    if not hasattr(gc, "mem_alloc"):
        return player.choose(obs, legal), -1
    gc.collect()
    gc.disable()
    try:
        start = gc.mem_alloc()
        action = player.choose(obs, legal)
        used = gc.mem_alloc() - start
    finally:
        gc.enable()
    return action, used


def _report(what, worst):
    if worst >= 0:
        print("HEAP %s %d bytes" % (what, worst))
    assert worst <= DECISION_BUDGET, "%s: one decision allocated %d bytes" % (what, worst)


def _bharg_game(seed, options, strengths, decisions):
    """Generator: ``decisions`` decisions of a Bharg game, each legal; returns the actions
    and the most one decision allocated (in ``result``)."""
    game = bharg.Game(seed, options)
    players = [
        BhargPlayer(seat, strengths[seat], seed + seat) for seat in range(game.num_players())
    ]
    actions = []
    worst = 0
    while not game.is_over() and len(actions) < decisions:
        seat = game.current_player()
        obs = game.observation(seat)
        legal = game.legal_actions()
        action, used = _allocated(players[seat], obs, legal)
        assert action in legal, (action, legal)
        worst = max(worst, used)
        game.apply_action(action)
        actions.append(action)
        obs = legal = None
        yield
    return actions, worst


def test_bharg_normal_and_easy_two_players():
    # A match, so that rounds follow one another (NEXT_ROUND) until 30 decisions are made.
    actions, worst = yield from _bharg_game(5, bharg.OPT_TARGET_100, ("normal", "easy"), 30)
    assert len(actions) == 30
    _report("bharg_2p_decision", worst)
    again, _ = yield from _bharg_game(5, bharg.OPT_TARGET_100, ("normal", "easy"), 30)
    assert again == actions, "the same seed plays the same"


def test_bharg_three_players_extended_deck():
    options = bharg.OPT_TARGET_100 | bharg.OPT_THREE_PLAYERS | bharg.OPT_EXCUSE | bharg.OPT_PAWNS
    actions, worst = yield from _bharg_game(11, options, ("normal", "normal", "easy"), 30)
    assert len(actions) == 30
    _report("bharg_3p_decision", worst)


def test_bharg_spread_over_steps():
    game = bharg.Game(3, bharg.OPT_ONE_ROUND)
    for _ in range(6):
        seat = game.current_player()
        obs = game.observation(seat)
        legal = game.legal_actions()
        whole = BhargPlayer(seat, "normal", 9).choose(obs, legal)
        player = BhargPlayer(seat, "normal", 9)
        player.begin(obs, legal)
        steps = 1
        while not player.step(units(2)):
            steps += 1
        assert player.result() == whole
        game.apply_action(whole)
        yield


class _Weighed(Search):
    """Three units: the class's cost, one that weighs its own (5,000), the class's."""

    cost = 100

    def begin(self):
        self.work = self._work()

    def _work(self):
        yield
        yield 5000
        yield


def test_a_unit_may_weigh_its_own_cost():
    # ``Search.step`` counts a unit at what it yields (its own estimate) or at the class's
    # ``cost``; Bharg's first unit (learning, making the pool) weighs several of the
    # search's, so the frame that starts a decision does fewer of them. The decision is
    # the same however the work is sliced.
    seen = []

    def more(done, spent):
        seen.append((done, spent))
        return True

    search = _Weighed()
    search.begin()
    assert search.step(more)
    assert seen == [(1, 100), (2, 5100), (3, 5200)]
    game = bharg.Game(3, bharg.OPT_ONE_ROUND)
    seat = game.current_player()
    obs = game.observation(seat)
    legal = game.legal_actions()
    seen = []

    def frame(done, spent):
        seen.append(spent)
        return spent < 25000

    player = BhargPlayer(seat, "normal", 9)
    player.begin(obs, legal)
    while not player.step(frame):
        yield
    cost = BhargPlayer.cost
    assert seen[0] > 3 * cost, seen[:3]  # the set-up unit
    steps = [seen[i] - seen[i - 1] for i in range(1, len(seen)) if seen[i] > seen[i - 1]]
    assert steps and min(steps) == cost and max(steps) == cost, steps
    assert player.result() == BhargPlayer(seat, "normal", 9).choose(obs, legal)


def _jekyll_game(seed, options, strengths, decisions):
    """Generator: ``decisions`` decisions of a Jekyll & Hyde game (no legal-action lists:
    each action is checked with ``can_apply``); returns the actions and the worst heap."""
    game = jekyll.Game(seed, options)
    players = [JekyllPlayer(seat, strengths[seat], seed + seat) for seat in range(2)]
    actions = []
    worst = 0
    while not game.is_over() and len(actions) < decisions:
        seat = game.current_player()
        obs = game.observation(seat)
        action, used = _allocated(players[seat], obs, None)
        assert game.can_apply(action), action
        worst = max(worst, used)
        game.apply_action(action)
        actions.append(action)
        obs = None
        yield
    return actions, worst


def test_jekyll_normal_against_easy():
    actions, worst = yield from _jekyll_game(4, 0, ("normal", "easy"), 30)
    _report("jekyll_decision", worst)
    again, _ = yield from _jekyll_game(4, 0, ("normal", "easy"), 30)
    assert again == actions, "the same seed plays the same"


def test_jekyll_apothecary_easy_against_normal():
    _, worst = yield from _jekyll_game(8, jekyll.OPT_JEKYLL, ("easy", "normal"), 30)
    _report("jekyll_apothecary_decision", worst)


def test_jekyll_spread_over_steps():
    game = jekyll.Game(2, 0)
    players = [JekyllPlayer(0, "normal", 1), JekyllPlayer(1, "normal", 2)]
    spread = 0
    while not game.is_over() and spread < 2:
        seat = game.current_player()
        obs = game.observation(seat)
        if seat == 1 and obs["phase"] == jekyll.PHASE_AFTER and obs["actions_left"] == 3:
            # The same search, whole and in steps, from players with no memory of the turn.
            whole = JekyllPlayer(1, "normal", 5).choose(obs, None)
            player = JekyllPlayer(1, "normal", 5)
            player.begin(obs, None)
            while not player.step(units(16)):
                yield
            assert player.result() == whole
            spread += 1
        game.apply_action(players[seat].choose(obs, None))
        obs = None
        yield
    assert spread == 2


def test_whist_coach_and_hints():
    worst = 0
    for seed, options in ((1, whist.OPT_EASY), (2, whist.OPT_PAWNS | whist.OPT_UNDER)):
        game = whist.Game(seed, options)
        coach = Coach(seed)
        while not game.is_over():
            obs = game.observation(0)
            if obs["phase"] == whist.PHASE_BID:
                if hasattr(gc, "mem_alloc"):
                    gc.collect()
                    gc.disable()
                    start = gc.mem_alloc()
                    suggestion = coach.suggest(obs)
                    worst = max(worst, gc.mem_alloc() - start)
                    gc.enable()
                else:
                    suggestion = coach.suggest(obs)
                bid, tenths, chance = suggestion
                assert obs["min_bid"] <= bid <= obs["max_bid"]
                assert 0 <= tenths <= 10 * obs["hand_size"] and 0 <= chance <= 100
                assert Coach(seed).suggest(obs) == suggestion, "the same seed suggests the same"
                action = whist.BID_BASE + bid
            else:
                action = play_hint(obs)
            assert action in game.legal_actions(), action
            game.apply_action(action)
            obs = None
            yield
    _report("whist_coach_suggestion", worst if hasattr(gc, "mem_alloc") else -1)
