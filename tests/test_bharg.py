"""Host-only tests of Bharg: the binding solver against a brute-force reference, the
project decisions (round cap, turn cap) and save checks."""

import random

import pytest

from decktet.cards import WITH_EXCUSE, WITH_PAWNS, deck, suits
from decktet.state import put16
from games.bharg import engine
from games.bharg.binding import all_bound, best_arrangement, card_value, is_set, unbound_value


def brute_unbound(hand, ace_top):
    """Least unbound value over every collection of disjoint sets (exhaustive)."""
    ace = 0 if ace_top < 0 else suits(ace_top)
    n = len(hand)
    sets = [
        mask for mask in range(1, 1 << n) if is_set([hand[i] for i in range(n) if mask >> i & 1])
    ]

    def value_left(used):
        return sum(
            card_value(hand[i])
            for i in range(n)
            if not used >> i & 1 and hand[i] != 44 and not suits(hand[i]) & ace
        )

    best = value_left(0)
    stack = [(0, 0)]
    while stack:
        first, used = stack.pop()
        best = min(best, value_left(used))
        for index in range(first, len(sets)):
            if not sets[index] & used:
                stack.append((index + 1, used | sets[index]))
    return best


def _random_hand(rng, cards, size):
    """A random hand; half the time seeded with a set, so multi-set hands are common."""
    hand = []
    if rng.random() < 0.5:
        rank = rng.randrange(2, 10)
        hand = [6 + 3 * (rank - 2) + k for k in range(3)]
        if rng.random() < 0.5:
            other = rng.choice([r for r in range(2, 10) if r != rank])
            hand += [6 + 3 * (other - 2) + k for k in range(3)]
    rest = [card for card in cards if card not in hand]
    hand += rng.sample(rest, size - len(hand))
    rng.shuffle(hand)
    return hand


def test_solver_matches_brute_force():
    rng = random.Random(20240611)
    cards = deck(WITH_PAWNS | WITH_EXCUSE)
    checked = 0
    wins = 0
    for _ in range(21000):
        size = rng.choice((6, 7, 8))
        hand = _random_hand(rng, cards, size)
        ace_top = rng.choice((-1, 0, 1, 2, 3, 4, 5))
        expected = brute_unbound(hand, ace_top)
        assert unbound_value(hand, ace_top) == expected, (hand, ace_top)
        assert all_bound(hand, ace_top) == (expected == 0), (hand, ace_top)
        sets, bound_outside, unbound = best_arrangement(hand, ace_top)
        # The arrangement is a partition of the hand into valid disjoint sets, Ace-bound
        # cards (or the Excuse) and unbound cards worth exactly unbound_value.
        placed = [card for group in sets for card in group] + bound_outside + unbound
        assert sorted(placed) == sorted(hand)
        for group in sets:
            assert is_set(group)
        ace = 0 if ace_top < 0 else suits(ace_top)
        for card in bound_outside:
            assert card == 44 or suits(card) & ace
        for card in unbound:
            assert card != 44 and not suits(card) & ace
        assert sum(card_value(card) for card in unbound) == expected
        checked += 1
        wins += expected == 0
    assert checked == 21000
    # The sample really exercises bound hands.
    assert wins > 500


def test_solver_handles_two_sets_and_pawns():
    # Two disjoint sets needed: the 2s and the 3s, plus Crown of Moons unbound.
    assert unbound_value([6, 7, 8, 9, 10, 11, 30], -1) == 10
    assert best_arrangement([6, 7, 8, 9, 10, 11, 30], -1)[0] == [[6, 7, 8], [9, 10, 11]]
    # Pawn Harvest [MSL] with the Sea, Calamity and Windfall: one set, all bound.
    assert all_bound([36, 32, 34, 35], -1)
    # Choosing the wrong set is worse: Battle [YK] (4) or Soldier [YK] (5) with Mountain/Sailor.
    assert unbound_value([12, 13, 14, 17], -1) == 4


def _play_until(game, rng, stop):
    while not stop(game):
        actions = game.legal_actions()
        game.apply_action(actions[rng.randrange(len(actions))])


# Hands that hold no set and no Ace can fully bind (seat 0 lacks Moons, Suns and Waves,
# seat 1 lacks Wyrms and Knots); the Castle starts the discard pile.
NEVER_WIN_0 = [14, 17, 20, 26, 33, 34, 35]
NEVER_WIN_1 = [12, 15, 24, 27, 30, 31, 32]


def _never_win_deck():
    order = []
    for index in range(7):
        order += [NEVER_WIN_1[index], NEVER_WIN_0[index]]
    order.append(22)
    return order + [card for card in range(36) if card not in order]


def _throw_back_until_round_over(game):
    """Draw from the deck and discard the drawn card until the round ends (no one wins)."""
    while game.legal_actions() != [engine.NEXT_ROUND] and not game.is_over():
        hand_before = game.observation(game.current_player())["hand"]
        game.apply_action(engine.DRAW_DECK)
        hand = game.observation(game.current_player())["hand"]
        game.apply_action([card for card in hand if card not in hand_before][0])


@pytest.mark.parametrize(("seat1_score", "winner"), [(7, 1), (0, -1)])
def test_round_cap_ends_match_with_highest_score(seat1_score, winner):
    # Project decision: after MAX_ROUNDS rounds the highest score wins; a tie is a draw.
    game = engine.Game(11, 0, _never_win_deck())
    game._b[engine._ROUND] = engine.MAX_ROUNDS
    put16(game._b, engine._SCORES + 2, seat1_score)
    game.check_invariants()
    _throw_back_until_round_over(game)
    view = game.observation(0)
    assert game.is_over() and view["game_over"] and game.legal_actions() == []
    assert view["round_result"]["reason"] == "rebuilt twice"
    assert game.scores() == [0, seat1_score]
    assert view["match_winner"] == winner


def test_round_before_cap_goes_on():
    game = engine.Game(11, 0, _never_win_deck())
    game._b[engine._ROUND] = engine.MAX_ROUNDS - 1
    _throw_back_until_round_over(game)
    assert not game.is_over() and game.legal_actions() == [engine.NEXT_ROUND]
    game.apply_action(engine.NEXT_ROUND)
    assert game.observation(0)["round"] == engine.MAX_ROUNDS


def test_turn_limit_ends_round_without_score():
    # Project decision: a round ends with no score after MAX_TURNS turns (players could
    # otherwise pass cards back and forth through the discard pile for ever).
    game = engine.Game(0, 0, _never_win_deck())
    previous = [-1, -1]
    turns = 0
    while game.legal_actions() != [engine.NEXT_ROUND]:
        player = game.current_player()
        game.apply_action(engine.TAKE_DISCARD)
        choices = game.legal_actions()
        # Throw back the card taken the turn before (legal now), else the lowest card.
        game.apply_action(previous[player] if previous[player] in choices else choices[0])
        previous[player] = game.observation(0)["last_turns"][player][0]
        turns += 1
    result = game.observation(0)["round_result"]
    assert turns == engine.MAX_TURNS
    assert result["reason"] == "turn limit" and result["winner"] == -1
    assert game.scores() == [0, 0] and game.observation(0)["deck_count"] == 21


def test_game_length_bound():
    assert engine.MAX_ACTIONS == engine.MAX_ROUNDS * (2 * engine.MAX_TURNS + 1)


@pytest.mark.parametrize("options", [0, engine.OPT_THREE_PLAYERS | engine.OPT_PAWNS])
def test_full_matches_end_properly(options):
    for seed in range(5):
        game = engine.Game(seed, options)
        rng = random.Random(seed)
        _play_until(game, rng, lambda g: g.is_over())
        view = game.observation(0)
        scores = game.scores()
        target = view["target"]
        if view["round"] < engine.MAX_ROUNDS:
            assert max(scores) >= target
            assert view["match_winner"] == scores.index(max(scores))


def test_bad_saves_refused():
    game = engine.Game(4, engine.OPT_EXCUSE)
    data = bytearray(game.to_bytes())
    for index, value in ((0, 0), (1 + engine._OPTIONS, 64), (1 + engine._NDRAW, 40)):
        bad = bytearray(data)
        bad[index] = value
        with pytest.raises(ValueError):
            engine.Game.from_bytes(bytes(bad))
    with pytest.raises(ValueError):
        engine.Game.from_bytes(b"")


def test_bad_deck_refused():
    with pytest.raises(ValueError):
        engine.Game(0, 0, list(range(35)))
    with pytest.raises(ValueError):
        engine.Game(0, 0, list(range(36)) + [44])
    with pytest.raises(ValueError):
        engine.Game(0, engine.OPT_EXCUSE, list(range(36)))


def test_one_round_option():
    # Project decision: OPT_ONE_ROUND plays a single round; a no-score round is a draw.
    game = engine.Game(2, engine.OPT_ONE_ROUND, _never_win_deck())
    _throw_back_until_round_over(game)
    view = game.observation(1)
    assert game.is_over() and view["match_winner"] == -1 and view["target"] == 0
    assert view["round_result"]["reason"] == "rebuilt twice"
    with pytest.raises(ValueError):
        engine.Game(0, engine.OPT_ONE_ROUND | engine.OPT_TARGET_25)


def test_every_turn_text_fits_the_summary_line():
    from games.bharg import flow

    for took in list(range(45)) + [engine.FROM_DECK]:  # a card taken, or a draw
        for discarded in range(45):
            assert len(flow._turn_text(2, took, discarded)) <= flow.SUMMARY_COLUMNS
