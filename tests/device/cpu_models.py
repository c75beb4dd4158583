"""
Differential checks: each computer player's own model of the rules against its engine.
Shared by tests/device/dtest_cpu_models.py (a few seeds, on CPython, MicroPython and
CircuitPython) and tests/test_cpu_models.py (many seeds, with coverage, on CPython).
Device-compatible: ``decktet.rng.Rng`` for randomness, engine copies through
``to_bytes``/``from_bytes``, and the long checks are generators that yield once per step
(where the MicroPython gate collects garbage).

``games/jekyll/cpu.py`` does not search on the engine: it rebuilds the ribbon in a
``bytearray`` node and plays candidate actions on it with its own model
(``games/jekyll/cpu_node.py``: ``_apply``, ``_check_end``, ``points``, ``_first_trick`` and
``_outcome``). Nothing else checks that
this model says what ``games/jekyll/engine.py`` does; if the two drift apart the CPU
still plays legal moves (the caller checks them) but plans with wrong consequences, and
only plays worse. So ``play_jekyll`` plays a random game on the engine and applies each
action to the model node as well; after every step the two must agree on the ribbon (codes
and face sides, in order), the hand, the side the ribbon lies on, the basic actions left,
the points taken, the rank counts per side, the leftmost trick, the survey's tricks and
faces per side, and whether and how the game ended (and, at the end, who won). The node is
built by the player's own ``_build`` from the mover's observation, with the memory
``finish`` keeps within a turn.

What the model deliberately does not know is treated explicitly: face-down cards the
player has not seen are code 63 (``_UNSEEN``) in the node it builds; the check is that
every other byte is the engine's and that after the transformation nothing is unseen, then
the engine's codes are written into a copy of the node so the chained comparison covers
every card. The model has no draws, turn ends or turn limit (the node is rebuilt each
turn) and no recipe (hidden at the Mr. Hyde level): those are left out. Its empty-ribbon
end is unreachable in the engine too (see ``_check_outcome``).

The Bharg CPU keeps one rules model of its own, ``_loose`` (a card-counting copy of the
binding solver): ``check_bharg_hand`` checks it against a brute force over
``binding.is_set`` and against ``binding.all_bound``. The Whist coach's play-out
(``_play_out``, ``_wins``, ``_pick``): ``whist_hands`` checks it against the engine's
tricks on the real deals, and against ``play_hint``'s play card for card.

The model's node and the engines' states are laid out by private constants, which compiled
device code keeps no names for: their values are written out below (tests/test_cpu_models.py
checks them against the modules on CPython), and what is read through them is checked
against the observations too.
"""

from decktet.cards import ALL_SUITS, FIRST_NUMBER, NUM_CARDS, rank, suits
from decktet.rng import Rng
from decktet.state import STATE_AT
from games.bharg import binding
from games.bharg import cpu as bharg_cpu
from games.jekyll import cpu, cpu_node, cpu_survey
from games.jekyll import engine as je
from games.whist import coach
from games.whist import engine as whist

# games/jekyll/cpu_node.py: the fields of a node, the code of an unseen card; and
# games/jekyll/cpu_survey.py: the fields of a survey (per side, at 5 * side).
_N = 0
_SIDE = 1
_HN = 2
_GAIN = 3
_END = 4
_LEFT = 5
_R = 14
_H = 60
_UNSEEN = 63
_TAKEABLE = 0
_CARDS = 4
# games/jekyll/engine.py: the ribbon's length and bytes in the state.
_RLEN = 7
_RIB = 15
# games/whist/engine.py: the Aces turned this pass and the Ace stack in the state.
_O_TURNED = 6
_O_ACES = 18

# ----- Jekyll & Hyde: the CPU's node model against the engine -----

# Kinds of action other than takes, and their relative weights when more than one is
# legal (a take, when there is one, is taken more often than not: they are rare otherwise).
_KINDS = ("play", "move", "flip", "draw", "transform", "end")
_WEIGHTS = (4, 3, 4, 1, 1, 1)
# Random basic actions tried on a copy of the engine when looking for one that makes a
# trick (tricks are rare in random play).
_TRIES = 12


def _add(coverage, label):
    coverage[label] = coverage.get(label, 0) + 1


def ribbon_of(game, obs):
    """The engine's ribbon bytes (code | face side << 6), every card known; checked against
    what ``obs`` (an observation of the state now) shows."""
    data = game.to_bytes()
    at = STATE_AT + _RIB
    out = bytes(data[at : at + data[STATE_AT + _RLEN]])
    shown = obs["ribbon"]
    assert len(out) == len(shown), "ribbon length"
    side = obs["side"]
    for i in range(len(out)):
        up = out[i] >> 6 == side
        assert up == (obs["face_up"][i] == 1), "face side of card %d" % i
        assert not up or out[i] & 63 == shown[i], "code of card %d" % i
    return out


def _takes(game, n):
    """The starts of the tricks that can be taken now (``n``: the ribbon's length, or
    more)."""
    return [start for start in range(n - 2) if game.can_apply(je.TAKE_BASE + start)]


def _legal_kind(game, kind, hand):
    """True if some action of ``kind`` (not a take) is legal now."""
    if kind == "play":
        return len(hand) > 0 and game.can_apply(je.play_action(hand[0], 0, True))
    if kind == "move":
        return game.can_apply(je.move_action(0, 1))
    if kind == "flip":
        return game.can_apply(je.FLIP_BASE)
    if kind == "draw":
        return _piles(game) != []
    return game.can_apply(je.TRANSFORM if kind == "transform" else je.END_TURN)


def _piles(game):
    return [pile for pile in range(3) if game.can_apply(je.DRAW_BASE + pile)]


def _random(rng, game, kind, hand, n):
    """A uniformly random legal action of ``kind`` (legal now; not a take)."""
    if kind == "play":
        card = hand[rng.randbelow(len(hand))]
        return je.play_action(card, rng.randbelow(n + 1), rng.randbelow(2) == 1)
    if kind == "move":
        source = rng.randbelow(n)
        target = rng.randbelow(n - 1)
        return je.move_action(source, target + 1 if target >= source else target)
    if kind == "flip":
        return je.FLIP_BASE + rng.randbelow(n)
    if kind == "draw":
        piles = _piles(game)
        return je.DRAW_BASE + piles[rng.randbelow(len(piles))]
    return je.TRANSFORM if kind == "transform" else je.END_TURN


def pick(rng, game, obs, ribbon, target):
    """(kind, action): a random legal action, leaning toward actions that make a trick
    (up to ``_TRIES`` tried on a copy of the engine) and toward turning faces to ``target``
    so that games end on the faces as well as on the turn limit (``target`` None: no
    leaning)."""
    n = len(ribbon)
    takes = _takes(game, n)
    if takes and rng.randbelow(10) < 7:
        return "take", je.TAKE_BASE + takes[rng.randbelow(len(takes))]
    hand = obs["hand"]
    kinds = [k for k in range(len(_KINDS)) if _legal_kind(game, _KINDS[k], hand)]
    if not kinds:
        return "take", je.TAKE_BASE + takes[rng.randbelow(len(takes))]
    draw = rng.randbelow(sum(_WEIGHTS[k] for k in kinds))
    for k in kinds:
        draw -= _WEIGHTS[k]
        if draw < 0:
            break
    kind = _KINDS[k]
    if kind in ("play", "move", "flip") and rng.randbelow(2):
        data = game.to_bytes()
        for _ in range(_TRIES):
            action = _random(rng, game, kind, hand, n)
            trial = je.Game.from_bytes(data)
            trial.apply_action(action)
            # A play lengthens the ribbon by one.
            if not trial.is_over() and _takes(trial, n + 1):
                return kind, action
    if target is not None and kind == "flip" and rng.randbelow(10) < 6:
        toward = [i for i in range(n) if ribbon[i] >> 6 != target]
        if toward:
            return kind, je.FLIP_BASE + toward[rng.randbelow(len(toward))]
    if target is not None and kind == "play" and rng.randbelow(10) < 6:
        card = hand[rng.randbelow(len(hand))]
        return kind, je.play_action(card, rng.randbelow(n + 1), obs["side"] == target)
    return kind, _random(rng, game, kind, hand, n)


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


def _taken(obs, seat):
    """Trick points ``seat`` has taken (the scores without the end's bonus)."""
    cards = obs["tricks"][seat]
    return sum(je._trick_points(cards[i : i + 3]) for i in range(0, len(cards), 3))


def _end_of(node):
    """The model's end as the engine's reason and the side of the faces (-1: none)."""
    end = node[_END]
    if end == 3:
        return je.REASON_EMPTY, -1
    if end:
        return je.REASON_FACES, end - 1
    return 0, -1


def engine_end(obs, ribbon):
    """The engine's way play stopped (``ribbon_end``) and the faces' side (-1: none)."""
    reason = obs["ribbon_end"]
    return reason, ribbon[0] >> 6 if reason == je.REASON_FACES else -1


def _check_build(node, ribbon, obs, after_transform):
    """The node ``_build`` made against the engine: every byte the engine's, except a
    face-down card the player has not seen (code 63, its face side right); none unseen
    once the ribbon has turned this turn (the player remembers what it saw before)."""
    n = len(ribbon)
    assert node[_N] == n
    assert node[_SIDE] == obs["side"]
    assert list(node[_H : _H + node[_HN]]) == obs["hand"]
    assert node[_LEFT] == obs["actions_left"]
    unseen = 0
    for i in range(n):
        value = node[_R + i]
        if value & 63 == _UNSEEN:
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
    for i in range(len(ribbon)):
        value = ribbon[i]
        if out[_R + i] & 63 == _UNSEEN:
            assert out[_R + i] >> 6 == value >> 6
            out[_R + i] = value
    return out


def _counts(ribbon):
    """Cards per side and rank, as ``cpu_node.count`` lays them out (the Excuse at 15)."""
    out = bytearray(32)
    for value in ribbon:
        out[(value >> 6) * 16 + (rank(value & 63) or 15)] += 1
    return out


def _compare(node, game, obs, gained):
    """The chained node against the engine after the same actions."""
    now = ribbon_of(game, obs)
    n = node[_N]
    assert bytes(node[_R : _R + n]) == now, "ribbon"
    assert node[_SIDE] == obs["side"], "side"
    assert list(node[_H : _H + node[_HN]]) == obs["hand"], "hand"
    assert node[_LEFT] == obs["actions_left"], "actions left"
    assert node[_GAIN] == gained, "points taken"
    assert _end_of(node) == engine_end(obs, now), "end"
    counts = bytearray(32)
    cpu_node.count(node, counts)
    assert counts == _counts(now), "rank counts"
    if not obs["over"]:
        takes = _takes(game, n)
        assert cpu_node._first_trick(node) == (takes[0] if takes else -1), "first trick"
    # The survey's tricks isolated on either side and the faces per side, against the
    # engine's ``takeable`` with that side face up.
    out = bytearray(10)
    cpu_survey._survey(bytearray(node), bytearray(32), out, False)
    codes = [value & 63 for value in now]
    for side in range(2):
        faces = bytearray(n)
        for i in range(n):
            faces[i] = 1 if now[i] >> 6 == side else 0
        points = sum(je._trick_points(codes[i : i + 3]) for i in je.takeable(codes, faces))
        assert out[5 * side + _TAKEABLE] == points, "survey: tricks isolated"
        assert out[5 * side + _CARDS] == sum(faces), "survey: faces"


def _check_outcome(node, obs, seat, mine, theirs, coverage):
    """At the end: the model's value of the finished game against the engine's winner."""
    value = cpu_node._outcome(node, seat, mine, theirs)
    winner = obs["winner"]
    if obs["reason"] == je.REASON_RECIPE:
        # The recipe decided: the model does not know it (hidden cards, never modelled).
        _add(coverage, "recipe")
        return
    # Both also have an end on an empty ribbon (the model's ``_END`` 3, a draw to it at
    # equal points where the engine looks at the hands), but no game reaches it: a take
    # leaves at least the face-down card that isolated it, and a ribbon of three cards all
    # facing one way has already ended the game. So every end is on the faces here.
    assert node[_END] in (1, 2) and value != 0
    assert winner in (0, 1)
    assert (value > 0) == (winner == seat), (value, winner, seat)


def play_jekyll(seed, options, coverage):
    """Generator, a yield per step: one random game; every step compared. Counts what it
    covered in ``coverage`` (label: count; "steps": the steps compared)."""
    game = je.Game(seed, options)
    rng = Rng(1000 + seed)
    target = (None, 0, 1)[seed % 3]
    players = [cpu.Player(0, "easy", 0), cpu.Player(1, "easy", 0)]
    node = None
    start = mine = theirs = 0
    while not game.is_over():
        seat = game.current_player()
        obs = game.observation(seat)
        before = ribbon_of(game, obs)
        kind, action = pick(rng, game, obs, before, target)
        label = _detail(kind, action, before, obs["side"])
        if kind == "take" and obs["phase"] in (je.PHASE_OPENING, je.PHASE_TRANSFORM):
            label = "take before the transformation"
        _add(coverage, label)
        if kind == "draw":
            # The model has no draws: the node is rebuilt once the hand is known.
            game.apply_action(action)
            yield
            continue
        player = players[seat]
        player._build(obs)
        # After the transformation every card has been seen this turn (the player keeps
        # what it saw before it): the node it builds is the engine's ribbon. Before it, and
        # on Jekyll's first turn (no transformation), the cards facing away are unseen.
        _check_build(player.root, before, obs, obs["phase"] == je.PHASE_AFTER)
        if node is None:
            # The chained node of this turn: the player's, with the unseen codes filled in.
            node = _known(player.root, before)
            start = _taken(obs, seat)
            mine, theirs = obs["scores"][seat], obs["scores"][1 - seat]
        # The player remembers the model after the action played, as after its search.
        player.action = action
        player.finish()
        game.apply_action(action)
        _add(coverage, "steps")
        obs = None
        if action == je.END_TURN:
            # The model has no turn ends (nor the turn limit): next turn, a new node.
            node = None
            yield
            continue
        counts = bytearray(32)
        cpu_node.count(node, counts)
        cpu_node._apply(node, action)
        after = game.observation(seat)
        if action < je.TAKE_BASE:
            # The search updates the rank counts per basic action instead of recounting.
            cpu_node.counted(node, action, counts)
            assert counts == _counts(ribbon_of(game, after)), "counted"
        _compare(node, game, after, _taken(after, seat) - start)
        if after["over"]:
            reason, side = engine_end(after, ribbon_of(game, after))
            _add(coverage, "end %d %d by %s" % (reason, side, kind))
            _check_outcome(node, after, seat, mine, theirs, coverage)
        yield
    if game.observation(0)["ribbon_end"] == je.REASON_TURNS:
        _add(coverage, "end on the turn limit")


def jekyll_games(options, seeds, coverage):
    """Generator: ``play_jekyll`` for each seed."""
    for seed in seeds:
        yield from play_jekyll(seed, options, coverage)


# ----- Gongor Whist: the coach's play-out against the engine's tricks -----


def check_whist_trick_winners(trump):
    """``coach._wins`` (the simulation's table-driven winner) is ``player_wins`` for every
    pair of cards, with trump ``trump`` (a suit bit, or 0)."""
    for mine in range(NUM_CARDS):
        for dummy in range(NUM_CARDS):
            assert coach._wins(mine, dummy, trump) == whist.player_wins(mine, dummy, trump)


def _whist_deal(game, obs):
    """The real deal of the hand about to be bid: the dummy's cards in order and the Aces
    left in the stack (what the coach's simulation deals at random)."""
    data = game.to_bytes()
    b = STATE_AT
    size = obs["hand_size"]
    start = b + game._player_start(obs["hand_index"]) + size
    dummy = bytearray(data[start : start + size])
    turned = data[b + _O_TURNED]
    stack = data[b + _O_ACES : b + _O_ACES + 6]
    if obs["aces_turned"] is not None:
        assert list(stack[:turned]) == obs["aces_turned"], "Aces turned"
    assert obs["aces_left"] == 6 - turned, "Aces left"
    return dummy, bytearray(stack[turned:])


def _whist_hand_on_engine(data, bid, as_simulated, dummy):
    """Bid ``bid`` on a copy of the game saved in ``data`` and play the hand: the tricks
    taken. The cards are ``play_hint``'s (the plan on the sorted hand the observation
    shows) or, ``as_simulated``, the plan's ``_pick`` on the hand kept in the play-out's
    order (a played card's place taken by the last one); twiddles are ``play_hint``'s.
    Each dummy card led must be the next of ``dummy``."""
    trial = whist.Game.from_bytes(data)
    obs = trial.observation(0)
    hand_index = obs["hand_index"]
    order = bytearray(obs["hand"])
    count = len(order)
    trial.apply_action(whist.BID_BASE + bid)
    while True:
        obs = trial.observation(0)
        if obs["phase"] == whist.PHASE_BID or obs["phase"] == whist.PHASE_OVER:
            break
        action = coach.play_hint(obs)
        if obs["phase"] == whist.PHASE_PLAY:
            assert obs["dummy_card"] == dummy[obs["tricks_played"]], "dummy's card"
            if as_simulated:
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


def whist_hands(options, seeds, as_simulated, tally):
    """Generator, a yield per bid tried: every hand of random games, every bid, the
    coach's ``_play_out`` on the real deal against the engine's tricks for the same plan.
    Counts "hands" and "mismatches" in ``tally``."""
    for seed in seeds:
        game = whist.Game(seed, options)
        rng = Rng(1000 + seed)
        while not game.is_over():
            obs = game.observation(0)
            if obs["phase"] == whist.PHASE_BID:
                data = game.to_bytes()
                size = obs["hand_size"]
                dummy, aces = _whist_deal(game, obs)
                for bid in range(obs["min_bid"], obs["max_bid"] + 1):
                    hand = bytearray(obs["hand"])
                    predicted = coach._play_out(
                        hand, size, 0, dummy, obs["trump"], aces, len(aces), 0, 0, bid, None, 0
                    )
                    if predicted != _whist_hand_on_engine(data, bid, as_simulated, dummy):
                        _add(tally, "mismatches")
                    yield
                _add(tally, "hands")
            legal = game.legal_actions()
            game.apply_action(legal[rng.randbelow(len(legal))])


# ----- Bharg: the CPU's card-counting solver against the binding rules -----
# The Bharg CPU judges hands with ``binding.all_bound`` (shared with the engine) and with
# its own solver ``_loose``: the fewest cards left unbound, a copy of the binding search
# counting cards instead of points. That copy is the only rules model it keeps; it is
# checked against a brute force over ``binding.is_set`` (the engine's sets) and against
# ``all_bound`` (the engine's test of a won round).


def _cover(groups, loose, index, used):
    """The most ``loose`` cards (a bit per position) disjoint groups from ``index`` on,
    none in ``used``, can hold."""
    best = 0
    for k in range(index, len(groups)):
        mask = groups[k]
        if not mask & used:
            gain = 0
            bits = mask & loose
            while bits:
                gain += bits & 1
                bits >>= 1
            gain += _cover(groups, loose, k + 1, used | mask)
            if gain > best:
                best = gain
    return best


def _sets(hand, start, mask, group, groups):
    """Every group of positions that is a set (``binding.is_set``), as masks into
    ``groups``: ``group`` (the cards of ``mask``) grown by each position from ``start``."""
    if len(group) >= 3 and binding.is_set(group):
        groups.append(mask)
    for i in range(start, len(hand)):
        group.append(hand[i])
        _sets(hand, i + 1, mask | 1 << i, group, groups)
        group.pop()


def _fewest_unbound(hand, ace):
    """Brute force: the fewest cards of ``hand`` neither in a set nor sharing a suit with
    the Ace top ``ace`` (-1: none), over every arrangement of disjoint sets."""
    ace_mask = suits(ace) if ace >= 0 else 0
    n = len(hand)
    loose = 0
    count = 0
    for i in range(n):
        if suits(hand[i]) and not suits(hand[i]) & ace_mask:
            loose |= 1 << i
            count += 1
    groups = []
    _sets(hand, 0, 0, [], groups)
    return count - _cover(groups, loose, 0, 0)


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


def bharg_hands(seed, count, tally):
    """Generator, a yield per hand: ``count`` random hands of up to ten cards (none to two
    whole sets, plus a few cards) and Ace tops, ``_loose`` of each against the brute force
    and ``all_bound``. Counts "checked" and "won" (every card bound) in ``tally``."""
    rng = Rng(seed)
    for _ in range(count):
        cards = []
        for _ in range(rng.randbelow(3)):
            for card in _random_set(rng):
                if card not in cards:
                    cards.append(card)
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        for card in deck[: 1 + rng.randbelow(5)]:
            if card not in cards:
                cards.append(card)
        hand = sorted(cards)[:10]
        rng.shuffle(hand)
        ace = rng.randbelow(FIRST_NUMBER + 1) - 1
        loose = bharg_cpu._loose(hand, ace)
        assert loose == _fewest_unbound(hand, ace), (hand, ace)
        assert (loose == 0) == binding.all_bound(hand, ace), (hand, ace)
        _add(tally, "checked")
        if loose == 0:
            _add(tally, "won")
        yield
