"""Saves of a game are checked: every engine's ``from_bytes`` refuses anything
that is not a consistent game with ValueError (nothing else), and whatever it accepts
plays on to its end with ``check_invariants()`` holding after every action. Thrown at it:
every single-bit flip and every truncation of real saves, and random bytes and bit flips
from hypothesis (fixed seed: the same cases every run)."""

import random

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from games.bharg import engine as bharg
from games.jekyll import engine as jekyll
from games.whist import engine as whist

ENGINES = {"whist": whist, "bharg": bharg, "jekyll": jekyll}
OPTIONS = {
    "whist": whist.OPT_UNDER | whist.OPT_EXCUSE | whist.OPT_PAWNS | whist.OPT_EASY,
    "bharg": bharg.OPT_TARGET_25 | bharg.OPT_THREE_PLAYERS | bharg.OPT_EXCUSE,
    "jekyll": jekyll.OPT_HYDE | 2 * jekyll.OPT_HANDICAP_1,
}


def real_saves(name, count=3):
    """Saves along one seeded random game of ``name``: its start, middle and near its end."""
    engine = ENGINES[name]
    game = engine.Game(11, OPTIONS[name])
    chooser = random.Random(name)
    saves = []
    while not game.is_over():
        saves.append(game.to_bytes())
        game.apply_action(chooser.choice(game.legal_actions()))
    picks = [saves[0], saves[len(saves) // 2], saves[-1]]
    return picks[:count]


def load_and_play(engine, data, moves_seed=0):
    """``from_bytes(data)``: False if refused (ValueError, nothing else may escape); True
    if accepted, after playing the game to its end by seeded random legal actions with the
    invariants checked after each."""
    try:
        game = engine.Game.from_bytes(data)
    except ValueError:
        return False
    chooser = random.Random(moves_seed)
    game.check_invariants()
    steps = 0
    while not game.is_over():
        actions = game.legal_actions()
        assert actions, "a game that is not over must have legal actions"
        game.apply_action(chooser.choice(actions))
        game.check_invariants()
        steps += 1
        assert steps <= engine.MAX_ACTIONS
    assert game.legal_actions() == []
    return True


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_bit_flip_of_a_real_save_is_refused_or_plays_to_its_end(name):
    engine = ENGINES[name]
    accepted = 0
    for saved in real_saves(name, 2):
        for index in range(len(saved)):
            for bit in range(8):
                data = bytearray(saved)
                data[index] ^= 1 << bit
                accepted += load_and_play(engine, bytes(data), index * 8 + bit)
    print("%s: %d of %d single-bit flips accepted" % (name, accepted, 2 * 8 * len(saved)))


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_truncation_is_refused(name):
    engine = ENGINES[name]
    for saved in real_saves(name):
        for length in range(len(saved)):
            assert not load_and_play(engine, saved[:length])
        assert not load_and_play(engine, saved + b"\x00")


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_random_bytes_and_flips(name):
    engine = ENGINES[name]
    saves = real_saves(name)
    size = len(saves[0])

    @seed(20261201)
    @settings(max_examples=300, deadline=None, database=None)
    @given(
        st.one_of(
            st.binary(max_size=2 * size),
            st.binary(min_size=size - 1, max_size=size - 1).map(lambda b: saves[0][:1] + b),
            st.tuples(
                st.sampled_from(range(len(saves))),
                st.lists(st.integers(0, 8 * size - 1), min_size=1, max_size=8),
            ).map(lambda case: _flipped(saves[case[0]], case[1])),
        )
    )
    def check(data):
        load_and_play(engine, data)

    check()


def _flipped(saved, bits):
    """``saved`` with each bit in ``bits`` flipped."""
    data = bytearray(saved)
    for bit in bits:
        data[bit // 8] ^= 1 << (bit % 8)
    return bytes(data)
