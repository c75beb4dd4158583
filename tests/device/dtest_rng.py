"""Device-side known-answer tests of decktet.rng: identical on CPython and MicroPython."""

from devtools import raises

from decktet.cards import deck
from decktet.rng import MAX_BOUND, RANGE, Rng

# Known answers, computed once and pinned: the gate proves MicroPython gives the same.
_FIRST_DRAWS_SEED_12345 = [29486, 14193, 5207, 22275, 30176]
_SHUFFLE_45_SEED_0 = [
    26,
    11,
    16,
    1,
    3,
    23,
    38,
    17,
    0,
    32,
    37,
    20,
    6,
    21,
    28,
    25,
    29,
    30,
    42,
    2,
    9,
    36,
    15,
    5,
    10,
    34,
    31,
    35,
    18,
    8,
    33,
    19,
    22,
    12,
    40,
    39,
    27,
    41,
    7,
    4,
    24,
    13,
    44,
    14,
    43,
]


def test_known_draws():
    rng = Rng(12345)
    assert [rng.next() for _ in range(5)] == _FIRST_DRAWS_SEED_12345


def test_known_45_card_shuffle():
    cards = deck(7)
    Rng(0).shuffle(cards)
    assert cards == _SHUFFLE_45_SEED_0


def test_draws_stay_small_and_in_range():
    for seed in (0, 1, 2, 77, (1 << 30) - 1):
        rng = Rng(seed)
        for _ in range(300):
            value = rng.next()
            assert 0 <= value < RANGE
            for state in rng.get_state():
                assert 0 < state < 32363


def test_randbelow_bounds():
    rng = Rng(5)
    for bound in (1, 2, 3, 7, 45, 1000, RANGE, RANGE + 1, MAX_BOUND):
        for _ in range(20):
            assert 0 <= rng.randbelow(bound) < bound
    for bad in (0, -3, MAX_BOUND + 1):
        raises(ValueError, lambda: rng.randbelow(bad), "bound %d accepted" % bad)


def test_randbelow_is_roughly_uniform():
    rng = Rng(99)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(6)] += 1
    for count in counts:
        assert 850 < count < 1150, counts


def test_state_round_trip_and_bad_seed():
    rng = Rng(31337)
    rng.next()
    state = rng.get_state()
    expected = [rng.next() for _ in range(10)]
    again = Rng(0)
    again.set_state(state)
    assert [again.next() for _ in range(10)] == expected
    for bad_state in ((0, 1, 1), (1, 40000, 1)):
        raises(ValueError, lambda: again.set_state(bad_state), "bad state accepted")
    for bad_seed in (-1, 1 << 30):
        raises(ValueError, lambda: Rng(bad_seed), "bad seed accepted")


def test_shuffle_is_a_permutation():
    rng = Rng(3)
    for size in (0, 1, 2, 10, 45):
        items = list(range(size))
        rng.shuffle(items)
        assert sorted(items) == list(range(size))
