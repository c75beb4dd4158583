"""Differential tests: each computer player's own model of the rules against its engine.

``games/jekyll/cpu.py`` does not search on the engine: it rebuilds the ribbon in a
``bytearray`` node and plays candidate actions on it with its own ``_apply``,
``_check_end``, ``_points``, ``_first_trick`` and ``_outcome``. Nothing else checks that
this model says what ``games/jekyll/engine.py`` does; if the two drift apart the CPU
still plays legal moves (the caller checks them) but plans with wrong consequences, and
only plays worse. So here random games are played on the engine, at every level, and each
action is applied to the model node as well; after every step the two must agree on the
ribbon (codes and face sides, in order), the hand, the side the ribbon lies on, the basic
actions left, the points taken, the leftmost trick, and whether and how the game ended
(and, at the end, who won). The node is built by the player's own ``_build`` from the
mover's observation, with the memory ``finish`` keeps within a turn.

What the model deliberately does not know is treated explicitly: face-down cards the
player has not seen are code 63 (``_UNSEEN``) in the node it builds; the test checks that
every other byte is the engine's and that after the transformation nothing is unseen, then
writes the engine's codes into a copy of the node so the chained comparison covers every
card. The model has no draws, turn ends or turn limit (the node is rebuilt each turn) and
no recipe (hidden at the Mr. Hyde level): those are left out. Its empty-ribbon end is
unreachable in the engine too (see ``_check_outcome``).

The Bharg CPU keeps one rules model of its own, ``_loose`` (a card-counting copy of the
binding solver): checked against a brute force over ``binding.is_set`` and against
``binding.all_bound``. The Whist coach's play-out (``_play_out``, ``_wins``, ``_pick``) is
checked against the engine's tricks on the real deals, and against ``play_hint``'s play
card for card.
"""

import bisect
import copy
import random
from collections import Counter

import pytest

from decktet.cards import ALL_SUITS, FIRST_NUMBER, NUM_CARDS, rank, suits
from decktet.state import STATE_AT
from games.bharg import binding
from games.bharg import cpu as bharg_cpu
from games.jekyll import cpu
from games.jekyll import engine as je
from games.whist import coach
from games.whist import engine as whist

JEKYLL_LEVELS = (0, je.OPT_JEKYLL, je.OPT_HYDE)
JEKYLL_SEEDS = range(18)

# Kinds of action, for the random player and the coverage check.
_BOUNDS = (je.MOVE_BASE, je.FLIP_BASE, je.TAKE_BASE, je.DRAW_BASE, je.TRANSFORM, je.END_TURN)
_KINDS = ("play", "move", "flip", "take", "draw", "transform", "end")
# Relative weights of the kinds when more than one is legal (a take, when there is one, is
# taken more often than not: they are rare otherwise).
# Random basic actions tried on a copy of the engine when looking for one that makes a trick.
_TRIES = 12
_WEIGHTS = {"play": 4, "move": 3, "flip": 4, "draw": 1, "transform": 1, "end": 1}


def _split(legal):
    """The legal actions (sorted) per kind."""
    out = {}
    start = 0
    for kind, bound in zip(_KINDS, _BOUNDS + (je.END_TURN + 1,)):
        stop = bisect.bisect_left(legal, bound)
        if stop > start:
            out[kind] = legal[start:stop]
        start = stop
    return out


def _ribbon(game):
    """The engine's ribbon bytes (code | face side << 6), every card known."""
    data = game.to_bytes()
    at = STATE_AT + je._RIB
    return bytes(data[at : at + data[STATE_AT + je._RLEN]])


def _taken(obs, seat):
    """Trick points ``seat`` has taken (the scores without the end's bonus)."""
    cards = obs["tricks"][seat]
    return sum(je.trick_points(cards[i : i + 3]) for i in range(0, len(cards), 3))


def _has_trick(game):
    """True if a trick can be taken now."""
    n = len(_ribbon(game))
    return any(game.can_apply(je.TAKE_BASE + start) for start in range(n - 2))


def _pick(rng, game, legal, ribbon, side, target):
    """A random legal action, leaning toward actions that make a trick (tried on a copy
    of the engine; tricks are rare in random play) and toward turning faces to ``target``
    so that games end on the faces as well as on the turn limit (``target`` None: no
    leaning)."""
    kinds = _split(legal)
    if "take" in kinds and rng.random() < 0.7:
        return "take", rng.choice(kinds["take"])
    names = [k for k in kinds if k != "take"] or ["take"]
    kind = rng.choices(names, [_WEIGHTS.get(k, 1) for k in names])[0]
    actions = kinds[kind]
    if kind in ("play", "move", "flip") and rng.random() < 0.5:
        for _ in range(_TRIES):
            action = rng.choice(actions)
            trial = copy.deepcopy(game)
            trial.apply_action(action)
            if not trial.is_over() and _has_trick(trial):
                return kind, action
    if target is not None and kind == "flip" and rng.random() < 0.6:
        toward = [a for a in actions if ribbon[a - je.FLIP_BASE] >> 6 != target]
        if toward:
            return kind, rng.choice(toward)
    if target is not None and kind == "play" and rng.random() < 0.6:
        up = 1 if side == target else 0
        toward = [a for a in actions if a & 1 == up]
        if toward:
            return kind, rng.choice(toward)
    return kind, rng.choice(actions)


def _detail(kind, action, ribbon, side):
    """A finer label for coverage: which gap a play lands in, which way a move or flip
    goes."""
    n = len(ribbon)
    if kind == "play":
        at = (action & 127) >> 1
        gap = "left end" if at == 0 else "right end" if at == n else "inside"
        return "play %s face %s" % (gap, "up" if action & 1 else "down")
    if kind == "move":
        source = (action - je.MOVE_BASE) >> 6
        return "move right" if (action & 63) > source else "move left"
    if kind == "flip":
        up = ribbon[action - je.FLIP_BASE] >> 6 == side
        return "flip face up->down" if up else "flip face down->up"
    return kind


def _end_of(node):
    """The model's end as the engine's reason and the side of the faces (-1: none)."""
    end = node[cpu._END]
    if end == 3:
        return je.REASON_EMPTY, -1
    if end:
        return je.REASON_FACES, end - 1
    return 0, -1


def _engine_end(game, obs):
    """The engine's way play stopped (``ribbon_end``) and the faces' side (-1: none)."""
    reason = obs["ribbon_end"]
    ribbon = _ribbon(game)
    return reason, ribbon[0] >> 6 if reason == je.REASON_FACES else -1


def _check_build(node, ribbon, obs, after_transform):
    """The node ``_build`` made against the engine: every byte the engine's, except a
    face-down card the player has not seen (code 63, its face side right); none unseen
    once the ribbon has turned this turn (the player remembers what it saw before)."""
    n = len(ribbon)
    assert node[cpu._N] == n
    assert node[cpu._SIDE] == obs["side"]
    assert list(node[cpu._H : cpu._H + node[cpu._HN]]) == obs["hand"]
    assert node[cpu._LEFT] == obs["actions_left"]
    unseen = 0
    for i in range(n):
        value = node[cpu._R + i]
        if value & 63 == cpu._UNSEEN:
            unseen += 1
            assert not obs["face_up"][i], "a face-up card unseen at %d" % i
            assert value >> 6 == ribbon[i] >> 6, "face side of unseen card %d" % i
        else:
            assert value == ribbon[i], "ribbon byte %d" % i
    if after_transform:
        assert unseen == 0


def _known(node, ribbon):
    """A copy of ``node`` with the engine's codes for the cards it has not seen."""
    out = bytearray(node)
    for i, value in enumerate(ribbon):
        if out[cpu._R + i] & 63 == cpu._UNSEEN:
            assert out[cpu._R + i] >> 6 == value >> 6
            out[cpu._R + i] = value
    return out


def _counts(ribbon):
    """Cards per side and rank, as ``cpu._count`` lays them out (the Excuse at 15)."""
    out = bytearray(32)
    for value in ribbon:
        out[(value >> 6) * 16 + (rank(value & 63) or 15)] += 1
    return out


def _compare(node, game, obs, gained):
    """The chained node against the engine after the same actions."""
    ribbon = _ribbon(game)
    n = node[cpu._N]
    assert bytes(node[cpu._R : cpu._R + n]) == ribbon
    assert node[cpu._SIDE] == obs["side"]
    assert list(node[cpu._H : cpu._H + node[cpu._HN]]) == obs["hand"]
    assert node[cpu._LEFT] == obs["actions_left"]
    assert node[cpu._GAIN] == gained
    assert _end_of(node) == _engine_end(game, obs)
    counts = bytearray(32)
    cpu._count(node, counts)
    assert counts == _counts(ribbon)
    if not obs["over"]:
        legal = game.legal_actions()
        takes = [a - je.TAKE_BASE for a in legal if je.TAKE_BASE <= a < je.DRAW_BASE]
        assert cpu._first_trick(node) == (takes[0] if takes else -1)
    # The survey's tricks isolated on either side and the faces per side, against the
    # engine's ``takeable`` with that side face up.
    out = bytearray(10)
    cpu._survey(bytearray(node), bytearray(32), out, False)
    codes = [value & 63 for value in ribbon]
    for side in range(2):
        faces = bytes(value >> 6 == side for value in ribbon)
        points = sum(je.trick_points(codes[i : i + 3]) for i in je.takeable(codes, faces))
        assert out[5 * side + cpu._TAKEABLE] == points
        assert out[5 * side + cpu._CARDS] == sum(faces)


def _check_outcome(node, obs, seat, mine, theirs, skipped):
    """At the end: the model's value of the finished game against the engine's winner."""
    value = cpu._outcome(node, seat, mine, theirs)
    winner = obs["winner"]
    if obs["reason"] == je.REASON_RECIPE:
        # The recipe decided: the model does not know it (hidden cards, never modelled).
        skipped["recipe"] += 1
        return
    # Both also have an end on an empty ribbon (the model's ``_END`` 3, a draw to it at
    # equal points where the engine looks at the hands), but no game reaches it: a take
    # leaves at least the face-down card that isolated it, and a ribbon of three cards all
    # facing one way has already ended the game. So every end is on the faces here.
    assert node[cpu._END] in (1, 2) and value != 0
    assert winner in (0, 1)
    assert (value > 0) == (winner == seat), (value, winner, seat)


def _play_jekyll(seed, options, coverage):
    """One random game; every step compared. Returns the steps compared."""
    game = je.Game(seed, options)
    rng = random.Random(seed)
    target = (None, 0, 1)[seed % 3]
    players = [cpu.Player(0, "easy", 0), cpu.Player(1, "easy", 0)]
    node = None
    steps = 0
    while not game.is_over():
        seat = game.current_player()
        obs = game.observation(seat)
        ribbon = _ribbon(game)
        kind, action = _pick(rng, game, game.legal_actions(), ribbon, obs["side"], target)
        label = _detail(kind, action, ribbon, obs["side"])
        if kind == "take" and obs["phase"] in (je.PHASE_OPENING, je.PHASE_TRANSFORM):
            label = "take before the transformation"
        coverage[label] += 1
        if kind == "draw":
            # The model has no draws: the node is rebuilt once the hand is known.
            game.apply_action(action)
            continue
        player = players[seat]
        player._build(obs)
        # After the transformation every card has been seen this turn (the player keeps
        # what it saw before it): the node it builds is the engine's ribbon. Before it, and
        # on Jekyll's first turn (no transformation), the cards facing away are unseen.
        _check_build(player._root, ribbon, obs, obs["phase"] == je.PHASE_AFTER)
        if node is None:
            # The chained node of this turn: the player's, with the unseen codes filled in.
            node = _known(player._root, ribbon)
            start = _taken(obs, seat)
            mine, theirs = obs["scores"][seat], obs["scores"][1 - seat]
        # The player remembers the model after the action played, as after its search.
        player._action = action
        player.finish()
        game.apply_action(action)
        steps += 1
        if action == je.END_TURN:
            # The model has no turn ends (nor the turn limit): next turn, a new node.
            node = None
            continue
        counts = bytearray(32)
        cpu._count(node, counts)
        cpu._apply(node, action)
        if action < je.TAKE_BASE:
            # The search updates the rank counts per basic action instead of recounting.
            cpu._counted(node, action, counts)
            assert counts == _counts(_ribbon(game))
        after = game.observation(seat)
        _compare(node, game, after, _taken(after, seat) - start)
        if after["over"]:
            coverage["end %d %d by %s" % (_engine_end(game, after) + (kind,))] += 1
            _check_outcome(node, after, seat, mine, theirs, coverage)
    if game.observation(0)["ribbon_end"] == je.REASON_TURNS:
        coverage["end on the turn limit"] += 1
    return steps


# What every level's games must have covered (at least once each).
_COVERED = [
    "play %s face %s" % (gap, face)
    for gap in ("left end", "right end", "inside")
    for face in ("up", "down")
] + [
    "move left",
    "move right",
    "flip face up->down",
    "flip face down->up",
    "take",
    "take before the transformation",
    "transform",
    "end",
    "end on the turn limit",
]


@pytest.mark.parametrize("options", JEKYLL_LEVELS)
def test_jekyll_model_follows_the_engine(options):
    coverage = Counter()
    steps = sum(_play_jekyll(seed, options, coverage) for seed in JEKYLL_SEEDS)
    print("level %d: %d steps, %s" % (options, steps, sorted(coverage.items())))
    missing = [label for label in _COVERED if not coverage[label]]
    assert not missing
    assert coverage["take"] + coverage["take before the transformation"] >= 30
    # Games ended with every face on either side, and on a trick too.
    ends = [label for label in coverage if label.startswith("end %d " % je.REASON_FACES)]
    assert {label.split()[2] for label in ends} == {"0", "1"}


# ----- Gongor Whist: the coach's play-out against the engine's tricks -----


def test_whist_coach_trick_winner_is_the_engines():
    """``coach._wins`` (the simulation's table-driven winner) is ``player_wins`` for every
    pair of cards and every trump (none, or one suit)."""
    for trump in (0, 1, 2, 4, 8, 16, 32):
        for mine in range(NUM_CARDS):
            for dummy in range(NUM_CARDS):
                assert coach._wins(mine, dummy, trump) == whist.player_wins(mine, dummy, trump)


def _whist_hand_on_engine(game, bid, as_simulated):
    """Bid ``bid`` on a copy of ``game`` and play the hand: the tricks taken. The cards are
    ``play_hint``'s (the plan on the sorted hand the observation shows) or, ``as_simulated``,
    the plan's ``_pick`` on the hand kept in the play-out's order (a played card's place
    taken by the last one); twiddles are ``play_hint``'s."""
    trial = copy.deepcopy(game)
    hand_index = trial.observation(0)["hand_index"]
    order = bytearray(trial.observation(0)["hand"])
    count = len(order)
    trial.apply_action(whist.BID_BASE + bid)
    while True:
        obs = trial.observation(0)
        if obs["phase"] == whist.PHASE_BID or obs["phase"] == whist.PHASE_OVER:
            break
        action = coach.play_hint(obs)
        if obs["phase"] == whist.PHASE_PLAY and as_simulated:
            want_win = obs["tricks_won"] < bid
            i = coach._pick(order, count, obs["dummy_card"], obs["trump"], want_win)
            action = order[i]
            count -= 1
            order[i] = order[count]
        assert action in trial.legal_actions()
        trial.apply_action(action)
    last = trial.observation(0)["last_hand"]
    assert last[0] == hand_index and last[1] == bid
    return last[2]


def _whist_play_out(game, bid):
    """The coach's ``_play_out`` for ``bid`` on the engine's real deal: the dummy's cards
    in order and the Aces left in the stack (what the simulation deals at random)."""
    obs = game.observation(0)
    data = game.to_bytes()
    b = STATE_AT
    size = obs["hand_size"]
    start = b + game._player_start(obs["hand_index"]) + size
    dummy = bytearray(data[start : start + size])
    turned = data[b + whist._O_TURNED]
    aces = bytearray(data[b + whist._O_ACES + turned : b + whist._O_ACES + 6])
    hand = bytearray(obs["hand"])
    n_aces = obs["aces_left"]
    assert n_aces == len(aces)
    return coach._play_out(hand, size, 0, dummy, obs["trump"], aces, n_aces, 0, 0, bid, None, 0)


# Easy mode only: there play_hint knows which Aces are left, as the play-out does. In
# hardball it only knows the trump's Ace is not among them (the simulation deals the stack
# from that pool), so its twiddles on a real deal need not be the play-out's.
WHIST_OPTIONS = (
    whist.OPT_EASY,
    whist.OPT_EASY | whist.OPT_UNDER | whist.OPT_EXCUSE | whist.OPT_PASSES_3,
    whist.OPT_EASY | whist.OPT_PAWNS | whist.OPT_PASSES_5,
)


def _whist_compare(options, seeds, as_simulated):
    """Every hand of random games, every bid: (hands, mismatches) of the play-out's
    tricks against the engine's."""
    hands = mismatches = 0
    for seed in seeds:
        game = whist.Game(seed, options)
        rng = random.Random(seed)
        while not game.is_over():
            obs = game.observation(0)
            if obs["phase"] == whist.PHASE_BID:
                for bid in range(obs["min_bid"], obs["max_bid"] + 1):
                    predicted = _whist_play_out(game, bid)
                    if predicted != _whist_hand_on_engine(game, bid, as_simulated):
                        mismatches += 1
                hands += 1
            game.apply_action(rng.choice(game.legal_actions()))
    return hands, mismatches


@pytest.mark.parametrize("options", WHIST_OPTIONS)
def test_whist_coach_play_out_matches_the_engine(options):
    """For every hand of random games and every bid, the tricks the coach's play-out
    predicts on the real deal are the tricks the engine gives the same plan: its cards
    legal there, its twiddles turning the same Aces, its tricks won and lost alike."""
    hands, mismatches = _whist_compare(options, range(16), True)
    assert hands >= 32
    assert mismatches == 0


@pytest.mark.parametrize("options", WHIST_OPTIONS)
def test_whist_coach_play_out_is_play_hints_play(options):
    """The play-out plays what ``play_hint`` would, card for card. It once did not: its
    ``_pick`` broke ties between cards of equal key by their place in the hand, which the
    play-out reorders as it plays, while ``play_hint`` sees the hand sorted (Gongor Whist,
    easy, seed 3, the random actions of ``random.Random(3)``: in the aft hand of the first
    pass, hand 6, 9, 16, 24, 25, 32, 33, trump Suns, one Ace left, bid 2, it played the
    Crown End on the fifth trick where play_hint plays the Sea, and predicted 5 tricks for
    4). Ties now go to the lowest card code."""
    hands, mismatches = _whist_compare(options, range(8), False)
    assert hands >= 16 and mismatches == 0


# ----- Bharg: the CPU's card-counting solver against the binding rules -----
# The Bharg CPU judges hands with ``binding.all_bound`` (shared with the engine) and with
# its own solver ``_loose``: the fewest cards left unbound, a copy of the binding search
# counting cards instead of points. That copy is the only rules model it keeps; it is
# checked here against a brute force over ``binding.is_set`` (the engine's sets) and
# against ``all_bound`` (the engine's test of a won round).


def _fewest_unbound(hand, ace):
    """Brute force: the fewest cards of ``hand`` neither in a set nor sharing a suit with
    the Ace top ``ace`` (-1: none), over every arrangement of disjoint sets."""
    ace_mask = suits(ace) if ace >= 0 else 0
    n = len(hand)
    loose = [suits(card) and not suits(card) & ace_mask for card in hand]
    groups = [
        mask
        for mask in range(1, 1 << n)
        if binding.is_set([hand[i] for i in range(n) if mask >> i & 1])
    ]

    def cover(index, used):
        best = 0
        for k in range(index, len(groups)):
            mask = groups[k]
            if not mask & used:
                gain = sum(loose[i] for i in range(n) if mask >> i & 1)
                best = max(best, gain + cover(k + 1, used | mask))
        return best

    return sum(loose) - cover(0, 0)


def _random_set(rng):
    """The cards of a random set (pairwise disjoint suits covering all six)."""
    while True:
        cards = list(range(NUM_CARDS))
        rng.shuffle(cards)
        chosen = []
        seen = 0
        for card in cards:
            mask = suits(card)
            if mask and not mask & seen:
                chosen.append(card)
                seen |= mask
                if seen == ALL_SUITS:
                    return chosen


def test_bharg_cpu_counts_unbound_cards_as_the_rules_bind_them():
    rng = random.Random(2024)
    checked = won = 0
    for _ in range(1500):
        cards = set()
        for _ in range(rng.randrange(3)):
            cards.update(_random_set(rng))
        cards.update(rng.sample(range(NUM_CARDS), rng.randrange(1, 6)))
        hand = sorted(cards)[:10] if len(cards) > 10 else sorted(cards)
        rng.shuffle(hand)
        ace = rng.choice([-1] + list(range(FIRST_NUMBER)))
        loose = bharg_cpu._loose(hand, ace)
        assert loose == _fewest_unbound(hand, ace), (hand, ace)
        assert (loose == 0) == binding.all_bound(hand, ace), (hand, ace)
        checked += 1
        won += loose == 0
    assert won >= 50 and checked - won >= 50
