"""Host tests of the computer players (games/bharg/cpu.py, games/jekyll/cpu.py), the Gongor
Whist coach (games/whist/coach.py) and the tournament tool (tools/tournament.py).

The players may read only ``observation(seat)``. Two proofs: (1) at every decision of many
games, a *twin* game is built whose hidden cards (opponents' hands, draw piles, face-down
ribbon cards, the Ace stack, the dummy's cards to come) are shuffled, so that the
observation is equal but the state is not; a copy of the player, given the twin's
observation, makes the same move; (2) while a player decides, any attribute access on any
engine ``Game`` object raises."""

import copy
import os
import random
import sys

import pytest

from decktet.search import units
from decktet.state import STATE_AT
from games.bharg import engine as bharg
from games.bharg.cpu import Player as BhargPlayer
from games.jekyll import engine as jekyll
from games.jekyll.cpu import Player as JekyllPlayer
from games.whist import engine as whist
from games.whist.coach import Coach, play_hint

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")
)


def _state(game):
    """The game's save, to edit (the state bytes start at ``STATE_AT``)."""
    return bytearray(game.to_bytes())


def _rebuild(module, game, state):
    """The game of an edited save (its invariants checked by ``from_bytes``)."""
    return module.Game.from_bytes(bytes(state))


# ----- twins: the same observation, other hidden cards -----


def bharg_twin(game, seat, rng):
    """Bharg: the other seats' hands and the draw pile dealt again from their own cards."""
    e = bharg
    data = _state(game)
    b = STATE_AT
    n = game.num_players()
    slots = []
    for other in range(n):
        if other != seat:
            start = b + e._HANDS + e._HAND_SLOTS * other
            slots.append((start, data[b + e._NHAND + other], True))
    slots.append((b + e._DRAWS, data[b + e._NDRAW], False))
    cards = [data[start + i] for start, count, _ in slots for i in range(count)]
    rng.shuffle(cards)
    for start, count, ordered in slots:
        part = [cards.pop() for _ in range(count)]
        if ordered:
            part.sort()
        data[start : start + count] = bytes(part)
    return _rebuild(e, game, data)


def jekyll_twin(game, seat, rng):
    """Jekyll & Hyde: the opponent's hand, the hidden pile cards (all of the Poole level's
    face-down pile; below the tops of the apothecary piles) and the codes of the face-down
    ribbon cards, shuffled together."""
    e = jekyll
    data = _state(game)
    b = STATE_AT
    side = data[b + e._SIDE]
    places = []  # (offset, keep the face bit)
    other = 1 - seat
    hand = [b + e._HAND + other * e._HCAP + i for i in range(data[b + e._HLEN + other])]
    level = data[b + e._OPT] & 3
    for pile in range(3):
        count = data[b + e._PLEN + pile]
        hidden = count if level == e.LEVEL_POOLE else count - 1
        places.extend((b + e._PILE + pile * 4 + i, False) for i in range(max(hidden, 0)))
    for i in range(data[b + e._RLEN]):
        at = b + e._RIB + i
        if data[at] >> 6 != side:
            places.append((at, True))
    codes = [data[at] & 63 for at in hand] + [data[at] & 63 for at, _ in places]
    rng.shuffle(codes)
    mine = sorted(codes[: len(hand)])
    for at, code in zip(hand, mine):
        data[at] = code
    for (at, face), code in zip(places, codes[len(hand) :]):
        data[at] = (data[at] & 64 | code) if face else code
    return _rebuild(e, game, data)


def whist_twin(game, rng):
    """Gongor Whist: the dummy's cards still to come, every later hand and leftover, and
    the Aces not turned, shuffled."""
    e = whist
    data = _state(game)
    b = STATE_AT
    options = data[b + e._O_OPT]
    size = 8 if options & e.OPT_PAWNS else 7
    hand = data[b + e._O_HAND]
    trick = data[b + e._O_TRICK]
    phase = data[b + e._O_PHASE]
    start = e._O_MAIN + size * (4 if hand == 2 else 2 * hand)
    length = 1 if hand == 2 else size
    shown = trick + (1 if phase in (e.PHASE_PLAY, e.PHASE_TWIDDLE) else 0)
    main = len(e.main_cards(options))
    places = [b + start + length + i for i in range(shown, length)]
    places += [b + i for i in range(start + 2 * length, e._O_MAIN + main)]
    cards = [data[at] for at in places]
    rng.shuffle(cards)
    for at, card in zip(places, cards):
        data[at] = card
    turned = data[b + e._O_TURNED]
    aces = [b + e._O_ACES + i for i in range(turned, 6)]
    codes = [data[at] for at in aces]
    rng.shuffle(codes)
    for at, code in zip(aces, codes):
        data[at] = code
    return _rebuild(e, game, data)


def _play_with_twins(module, twin, game, players, rng, legal_lists=True):
    """Play ``game`` to its end; at every decision, check a copy of the player on a twin.
    Returns how many decisions had a twin whose state differed."""
    differed = 0
    while not game.is_over():
        seat = game.current_player()
        obs = game.observation(seat)
        other = twin(game, seat, rng)
        assert other.observation(seat) == obs
        if other.to_bytes() != game.to_bytes():
            differed += 1
        shadow = copy.deepcopy(players[seat])
        legal = game.legal_actions() if legal_lists else None
        action = players[seat].choose(obs, legal)
        assert shadow.choose(other.observation(seat), legal) == action
        game.apply_action(action)
    return differed


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    "options",
    [bharg.OPT_ONE_ROUND, bharg.OPT_ONE_ROUND | bharg.OPT_THREE_PLAYERS | bharg.OPT_PAWNS],
)
def test_bharg_players_see_only_the_observation(seed, options):
    game = bharg.Game(seed, options)
    strengths = ("normal", "easy", "normal")
    players = [BhargPlayer(s, strengths[s], seed + s) for s in range(game.num_players())]
    differed = _play_with_twins(bharg, bharg_twin, game, players, random.Random(seed))
    assert differed > 0


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("options", [0, jekyll.OPT_JEKYLL, jekyll.OPT_HYDE])
def test_jekyll_players_see_only_the_observation(seed, options):
    game = jekyll.Game(seed, options)
    players = [JekyllPlayer(0, "normal", seed), JekyllPlayer(1, "easy", seed + 1)]
    if seed % 2:
        players = [JekyllPlayer(0, "easy", seed), JekyllPlayer(1, "normal", seed + 1)]
    twin = lambda game, seat, rng: jekyll_twin(game, seat, rng)  # noqa: E731
    differed = _play_with_twins(jekyll, twin, game, players, random.Random(seed), False)
    assert differed > 0


@pytest.mark.parametrize("seed", range(6))
def test_whist_coach_sees_only_the_observation(seed):
    options = (whist.OPT_EASY, whist.OPT_PAWNS | whist.OPT_UNDER, whist.OPT_EXCUSE)[seed % 3]
    game = whist.Game(seed, options)
    rng = random.Random(seed)
    differed = 0
    while not game.is_over():
        obs = game.observation(0)
        other = whist_twin(game, rng)
        assert other.observation(0) == obs
        differed += other.to_bytes() != game.to_bytes()
        if obs["phase"] == whist.PHASE_BID:
            suggestion = Coach(seed).suggest(obs)
            assert Coach(seed).suggest(other.observation(0)) == suggestion
            action = whist.BID_BASE + suggestion[0]
        else:
            action = play_hint(obs)
            assert play_hint(other.observation(0)) == action
        game.apply_action(action)
    assert differed > 0


class _Guard:
    """While on, any attribute access on an engine ``Game`` object raises."""

    def __init__(self, monkeypatch, *modules):
        self.on = False
        guard = self
        for module in modules:
            original = module.Game.__getattribute__

            def getattribute(obj, name, original=original):
                if guard.on:
                    raise AssertionError("a player read the game: .%s" % name)
                return original(obj, name)

            monkeypatch.setattr(module.Game, "__getattribute__", getattribute)


def test_players_never_touch_a_game_object(monkeypatch):
    guard = _Guard(monkeypatch, bharg, jekyll, whist)
    for seed in range(2):
        game = bharg.Game(seed, bharg.OPT_ONE_ROUND | bharg.OPT_THREE_PLAYERS)
        players = [BhargPlayer(s, ("normal", "easy", "normal")[s], s) for s in range(3)]
        while not game.is_over():
            seat = game.current_player()
            obs, legal = game.observation(seat), game.legal_actions()
            guard.on = True
            action = players[seat].choose(obs, legal)
            guard.on = False
            game.apply_action(action)
        game = jekyll.Game(seed, jekyll.OPT_JEKYLL)
        players = [JekyllPlayer(0, "normal", 1), JekyllPlayer(1, "easy", 2)]
        while not game.is_over():
            seat = game.current_player()
            obs = game.observation(seat)
            guard.on = True
            action = players[seat].choose(obs, None)
            guard.on = False
            game.apply_action(action)
        game = whist.Game(seed, whist.OPT_EASY)
        while not game.is_over():
            obs = game.observation(0)
            guard.on = True
            if obs["phase"] == whist.PHASE_BID:
                action = whist.BID_BASE + Coach(seed).suggest(obs)[0]
            else:
                action = play_hint(obs)
            guard.on = False
            game.apply_action(action)
    # The guard does bite.
    guard.on = True
    with pytest.raises(AssertionError):
        game.is_over()
    guard.on = False


# ----- legal moves only, every option set; determinism -----


def _bharg_actions(seed, options, strengths):
    game = bharg.Game(seed, options)
    players = [BhargPlayer(s, strengths[s], seed * 3 + s) for s in range(game.num_players())]
    actions = []
    while not game.is_over():
        seat = game.current_player()
        legal = game.legal_actions()
        action = players[seat].choose(game.observation(seat), legal)
        assert action in legal
        game.apply_action(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("options", bharg.OPTION_SETS)
def test_bharg_legal_and_deterministic(options):
    for seed in range(3):
        strengths = ("normal", "easy", "normal") if seed % 2 else ("easy", "normal", "easy")
        actions = _bharg_actions(seed, options, strengths)
        assert actions == _bharg_actions(seed, options, strengths)


def _jekyll_actions(seed, options, strengths, with_lists):
    game = jekyll.Game(seed, options)
    players = [JekyllPlayer(s, strengths[s], seed * 3 + s) for s in range(2)]
    actions = []
    while not game.is_over():
        seat = game.current_player()
        legal = game.legal_actions()
        action = players[seat].choose(game.observation(seat), legal if with_lists else None)
        assert action in legal
        game.apply_action(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("options", jekyll.OPTION_SETS)
def test_jekyll_legal_and_deterministic(options):
    for seed in range(3):
        strengths = ("normal", "easy") if seed % 2 else ("easy", "normal")
        actions = _jekyll_actions(seed, options, strengths, True)
        # Without legal-action lists the player relies on its model: the same moves.
        assert actions == _jekyll_actions(seed, options, strengths, False)


def test_jekyll_normal_against_normal_is_legal():
    for seed in range(3):
        _jekyll_actions(seed, 0, ("normal", "normal"), True)


@pytest.mark.parametrize("options", whist.OPTION_SETS[::3])
def test_whist_coach_bids_in_range_and_hints_are_legal(options):
    for seed in range(2):
        game = whist.Game(seed, options)
        while not game.is_over():
            obs = game.observation(0)
            legal = game.legal_actions()
            if obs["phase"] == whist.PHASE_BID:
                bid, tenths, chance = Coach(seed).suggest(obs)
                assert obs["min_bid"] <= bid <= obs["max_bid"]
                assert 0 <= tenths <= 10 * obs["hand_size"] and 0 <= chance <= 100
                action = whist.BID_BASE + bid
            else:
                action = play_hint(obs)
            assert action in legal
            game.apply_action(action)


def _brute_loose(hand, ace_top):
    """The fewest unbound cards over every collection of disjoint sets (exhaustive)."""
    from decktet.cards import suits
    from games.bharg.binding import is_set

    ace = suits(ace_top) if ace_top >= 0 else 0
    n = len(hand)
    sets = [m for m in range(1, 1 << n) if is_set([hand[i] for i in range(n) if m >> i & 1])]
    best = n
    stack = [(0, 0)]
    while stack:
        first, used = stack.pop()
        loose = sum(
            1 for i in range(n) if not used >> i & 1 and hand[i] != 44 and not suits(hand[i]) & ace
        )
        best = min(best, loose)
        for k in range(first, len(sets)):
            if not sets[k] & used:
                stack.append((k + 1, used | sets[k]))
    return best


def test_bharg_count_solver_matches_brute_force():
    from games.bharg.binding import all_bound
    from games.bharg.cpu import _loose

    rng = random.Random(13)
    cards = list(range(36, 40)) + list(range(36)) + [44]
    for _ in range(3000):
        hand = rng.sample(cards, rng.choice((6, 7, 8)))
        ace = rng.choice((-1, 0, 1, 2, 3, 4, 5))
        loose = _loose(hand, ace)
        assert loose == _brute_loose(hand, ace), (hand, ace)
        assert (loose == 0) == all_bound(hand, ace)


# ----- the interface -----


def test_strength_is_checked():
    with pytest.raises(ValueError):
        BhargPlayer(0, "hard", 1)
    with pytest.raises(ValueError):
        JekyllPlayer(0, "hard", 1)


def test_steps_give_the_same_decision_as_choose():
    game = jekyll.Game(6, 0)
    players = [JekyllPlayer(0, "normal", 1), JekyllPlayer(1, "normal", 2)]
    checked = 0
    while not game.is_over() and checked < 6:
        seat = game.current_player()
        obs = game.observation(seat)
        shadow = copy.deepcopy(players[seat])
        action = players[seat].choose(obs, None)
        shadow.begin(obs, None)
        steps = 1
        while not shadow.step(units(8)):
            steps += 1
        assert shadow.result() == action
        checked += steps > 2
        game.apply_action(action)
    assert checked == 6
    game = bharg.Game(6, bharg.OPT_TARGET_100)
    for _ in range(12):
        seat = game.current_player()
        obs, legal = game.observation(seat), game.legal_actions()
        action = BhargPlayer(seat, "normal", 3).choose(obs, legal)
        player = BhargPlayer(seat, "normal", 3)
        player.begin(obs, legal)
        assert player.result() == action  # result() finishes a search not stepped
        game.apply_action(action)
    coach = Coach(4)
    obs = whist.Game(4, 0).observation(0)
    coach.begin(obs)
    while not coach.step(units(1)):
        pass
    assert coach.result() == Coach(4).suggest(obs)


def test_bharg_takes_a_winning_card_and_makes_a_winning_discard():
    # Seat 1 (first to play) holds Desert, Origin, Journey, Painter, Savage, End, Calamity:
    # two sets if the Author (the discard pile's top) replaces the Savage.
    mine = [7, 8, 9, 10, 11, 33, 34]
    theirs = [12, 13, 14, 15, 16, 17, 18]
    order = []
    for i in range(7):
        order += [mine[i], theirs[i]]
    order.append(6)  # the Author starts the discard pile
    rest = [card for card in range(36) if card not in order]
    for strength in ("easy", "normal"):
        game = bharg.Game(0, bharg.OPT_ONE_ROUND, deck=order + rest)
        player = BhargPlayer(1, strength, 0)
        obs = game.observation(1)
        assert obs["hand"] == mine and obs["discard_top"] == 6
        action = player.choose(obs, game.legal_actions())
        assert action == bharg.TAKE_DISCARD
        game.apply_action(action)
        action = player.choose(game.observation(1), game.legal_actions())
        assert action == bharg.DISCARD_BASE + 11
        game.apply_action(action)
        assert game.observation(1)["round_result"]["winner"] == 1


def test_jekyll_takes_a_trick_that_is_there():
    game = jekyll.Game(3, 0)
    player = JekyllPlayer(0, "easy", 0)
    while not game.is_over():
        seat = game.current_player()
        obs = game.observation(seat)
        tricks = jekyll.takeable(obs["ribbon"], obs["face_up"])
        action = (
            player.choose(obs, None) if seat == 0 else JekyllPlayer(1, "easy", 1).choose(obs, None)
        )
        if tricks and obs["phase"] != jekyll.PHASE_DRAW:
            assert action == jekyll.TAKE_BASE + tricks[0]
        game.apply_action(action)


def test_jekyll_trick_tables():
    """The CPU's written-out rank table is what it says (``PAIRS``: two ranks as the start
    of a trick), and ``points`` scores every three ranks as the rules do (10 pure, 5 with
    one wild)."""
    from games.jekyll import cpu_node

    def key(ra, rb):
        if ra == 15 or rb == 15 or (ra >= 11 and rb >= 11):
            return 0
        if ra >= 11:
            return 16 + rb
        if rb >= 11:
            return 16 + ra
        return ra if ra == rb else 0

    assert cpu_node.PAIRS == bytes(key(i >> 4, i & 15) for i in range(256))
    codes = {}
    for code in range(64):
        codes.setdefault(cpu_node.RANKS[code], code)
    for ra, a in codes.items():
        for rb, b in codes.items():
            for rc, c in codes.items():
                ranks = (ra, rb, rc)
                wilds = sum(1 for r in ranks if r in (11, 12))
                plain = [r for r in ranks if r not in (11, 12)]
                if 15 in ranks or wilds > 1 or len(set(plain)) != 1:
                    want = 0
                else:
                    want = 10 if wilds == 0 else 5
                assert cpu_node.points(a, b, c) == want, ranks


# ----- the tournament tool -----


def test_wilson_interval():
    import tournament

    low, high = tournament.wilson(95, 100)
    assert 0.88 < low < 0.89 and 0.978 < high < 0.979
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_tournament_quick_tables(capsys):
    import tournament

    tournament.main(["--game", "bharg", "--rounds", "4"])
    tournament.main(["--game", "jekyll", "--games", "1"])
    tournament.main(["--game", "whist", "--hands", "6"])
    out = capsys.readouterr().out
    assert "normal vs random x2 (3p)" in out
    assert "as Mr. Hyde (seat 1)" in out
    assert "fixed bid 3" in out


def test_coach_play_outs_shared_by_the_bids_match_one_per_bid():
    """The coach plays the highest bid out once and each lower bid on from where that one
    first had its count of tricks: the same tricks as playing every bid out from the
    start (games.whist.coach._simulate)."""
    from decktet.cards import FIRST_ACE, FIRST_NUMBER, NUM_CARDS, suits
    from games.whist import coach as whist_coach

    rng = random.Random(20)
    notes = Coach()
    checked = 0
    for _ in range(3000):
        size = rng.randint(1, 8)
        cards = rng.sample(range(FIRST_NUMBER, NUM_CARDS), 2 * size)
        mine, dummy = bytearray(cards[:size]), bytearray(cards[size:])
        aces = bytearray(rng.sample(range(FIRST_ACE, FIRST_NUMBER), rng.randint(0, 6)) + [0])
        _n_aces = len(aces) - 1
        trump = rng.choice([0] + [suits(card) for card in range(FIRST_ACE, FIRST_NUMBER)])
        low, high = 0, size
        play = bytearray(mine)
        top = whist_coach._play_out(
            play, size, 0, dummy, trump, aces, _n_aces, 0, 0, high, notes, low
        )
        for bid in range(low, high + 1):
            alone = whist_coach._play_out(
                bytearray(mine), size, 0, dummy, trump, aces, _n_aces, 0, 0, bid, None, 0
            )
            took = top
            start = notes._at[bid]
            if bid < high and start != 255:
                rest = bytearray(notes._at_hand[bid * 8 : bid * 8 + size - start])
                took = whist_coach._play_out(
                    rest,
                    size,
                    start,
                    dummy,
                    notes._at_trump[bid],
                    aces,
                    _n_aces,
                    notes._at_turned[bid],
                    bid,
                    bid,
                    None,
                    0,
                )
            assert took == alone
            checked += 1
    assert checked > 10000
