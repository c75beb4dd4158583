"""Host-only tests of the Jekyll & Hyde engine: brute-force references for the helpers and
can_apply/legal_actions agreement over random play."""

import itertools

from decktet.cards import rank
from decktet.rng import Rng
from games.jekyll import engine
from games.jekyll.engine import END_TURN, OPTION_SETS, Game, is_set, takeable


def _reference_is_set(cards):
    ranks = [rank(card) for card in cards]
    if 0 in ranks:
        return False
    wild = [r for r in ranks if r > 10]
    plain = [r for r in ranks if r <= 10]
    return len(wild) <= 1 and len(set(plain)) == 1


def test_is_set_matches_reference_on_every_triple():
    for triple in itertools.combinations(range(45), 3):
        for order in (triple, triple[::-1]):
            assert is_set(order) == _reference_is_set(order), order


def test_takeable_matches_reference_on_random_ribbons():
    rng = Rng(9)
    for _ in range(3000):
        n = rng.randbelow(9)
        codes = [rng.randbelow(44) for _ in range(n)]
        flags = [rng.randbelow(3) > 0 for _ in range(n)]
        padded = [False] + flags + [False]
        expected = [
            s
            for s in range(n - 2)
            if all(flags[s : s + 3])
            and not padded[s]
            and not padded[s + 4]
            and _reference_is_set(codes[s : s + 3])
        ]
        assert takeable(codes, flags) == expected


def test_can_apply_agrees_with_legal_actions_in_random_games():
    for options in OPTION_SETS:
        game = Game(21, options)
        rng = Rng(options + 1)
        steps = 0
        while not game.is_over() and steps < 60:
            legal = game.legal_actions()
            allowed = [a for a in range(END_TURN + 64) if game.can_apply(a)]
            assert allowed == legal
            # The trick starts agree with the pure helper on the full (hidden) ribbon.
            s = game._s
            n = s[7]
            codes = [s[15 + i] & 63 for i in range(n)]
            flags = [(s[15 + i] >> 6) == s[1] for i in range(n)]
            base = engine.TAKE_BASE
            starts = [a - base for a in legal if base <= a < engine.DRAW_BASE]
            if s[3] != engine.PHASE_DRAW:
                assert starts == takeable(codes, flags)
            game.apply_action(legal[rng.randbelow(len(legal))])
            steps += 1


def test_observation_hides_the_other_hand_and_peeks():
    game = Game(2, engine.OPT_HYDE)
    view = game.observation(1)
    assert view["opponent_hand"] == 3 and "recipe" in view and view["recipe"] == []
    assert set(view["hand"]).isdisjoint(game.observation(0)["hand"])
    assert all(card == -1 for card, up in zip(view["ribbon"], view["face_up"]) if not up)
