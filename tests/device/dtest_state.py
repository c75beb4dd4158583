"""Device-side tests of decktet.state (the save layout and StateError) and of the three
engines' saves through it: round trips, every kind of bad input refused with ValueError,
invariant checks raising StateError, one-byte corruption. CPython and MicroPython."""

from devtools import raises

from decktet.rng import Rng
from decktet.state import (
    RNG_BYTES,
    STATE_AT,
    StateError,
    check,
    get16,
    pack,
    put16,
    unpack,
    verify,
)
from games.bharg import engine as bharg
from games.jekyll import engine as jekyll
from games.whist import engine as whist

_TAG = 0x42
# (engine, seed, options, actions to play first) per game; the options are each game's
# richest variants.
_GAMES = (
    (whist, 5, whist.OPT_UNDER | whist.OPT_EXCUSE | whist.OPT_PAWNS | whist.OPT_EASY, 9),
    (bharg, 6, bharg.OPT_THREE_PLAYERS | bharg.OPT_EXCUSE | bharg.OPT_PAWNS, 9),
    (jekyll, 7, jekyll.OPT_HYDE | 2 * jekyll.OPT_HANDICAP_1, 9),
)


def _played(engine, seed, options, steps):
    """A game of ``engine`` after ``steps`` seeded random actions (fewer if it ends)."""
    game = engine.Game(seed, options)
    rng = Rng(seed)
    while steps and not game.is_over():
        actions = game.legal_actions()
        game.apply_action(actions[rng.randbelow(len(actions))])
        steps -= 1
    return game


def _state(game):
    # The engine's state bytearray (Bharg calls it _b).
    return game._b if hasattr(game, "_b") else game._s


def test_put16_get16_are_big_endian():
    data = bytearray(4)
    put16(data, 1, 0x1234)
    assert data == bytearray(b"\x00\x12\x34\x00")
    for value in (0, 1, 255, 256, 32767, 32768, 65535):
        put16(data, 2, value)
        assert get16(data, 2) == value
        assert data[2] == value >> 8 and data[3] == value & 255


def test_pack_unpack_round_trip():
    rng = Rng(77)
    rng.next()
    state = bytearray(b"\x00\x01\x7f\xff")
    data = pack(_TAG, state, rng)
    assert isinstance(data, bytes) and len(data) == STATE_AT + len(state) + RNG_BYTES
    assert data[0] == _TAG and data[STATE_AT : STATE_AT + len(state)] == state
    for source in (data, bytearray(data)):
        again, restored = unpack(source, _TAG, len(state))
        assert isinstance(again, bytearray) and again == state
        assert restored.get_state() == rng.get_state()
        again[0] = 9  # a copy: the save is untouched
        assert data[STATE_AT] == 0
    # The generator continues exactly where the saved one stood.
    again, restored = unpack(data, _TAG, len(state))
    assert [restored.next() for _ in range(5)] == [rng.next() for _ in range(5)]


def test_unpack_refuses_every_kind_of_bad_input():
    assert issubclass(StateError, ValueError)
    data = pack(_TAG, bytearray(3), Rng(1))
    zero_rng = bytearray(data)
    for i in range(len(data) - RNG_BYTES, len(data)):
        zero_rng[i] = 0
    big_rng = bytearray(data)
    big_rng[-2] = 255
    wrong_tag = bytearray(data)
    wrong_tag[0] = _TAG + 1
    bad_inputs = (
        None,
        5,
        "text",
        list(data),
        tuple(data),
        memoryview(data),
        b"",
        data[:-1],
        data + b"\x00",
        bytes(wrong_tag),
        bytes(zero_rng),
        bytes(big_rng),
    )
    for bad in bad_inputs:
        raises(StateError, lambda: unpack(bad, _TAG, 3), "bad save accepted")


class _Broken:
    """Stands in for a game whose invariant check fails in a given way."""

    def __init__(self, error):
        self.error = error

    def check_invariants(self):
        if self.error is not None:
            raise self.error


def test_check_and_verify():
    check(True, "fine")
    check(1, "fine")
    try:
        check(0, "counters")
    except StateError as error:
        assert "counters" in str(error)
    else:
        raise AssertionError("check(0) did not raise")
    fine = _Broken(None)
    assert verify(fine) is fine
    # A counter read past a table: StateError, never IndexError.
    raises(StateError, lambda: verify(_Broken(IndexError("index"))), "IndexError leaked")
    raises(StateError, lambda: verify(_Broken(StateError("x"))), "StateError lost")


def test_engine_saves_round_trip():
    for engine, seed, options, steps in _GAMES:
        game = _played(engine, seed, options, steps)
        data = game.to_bytes()
        assert isinstance(data, bytes)
        for source in (data, bytearray(data)):
            clone = engine.Game.from_bytes(source)
            assert clone.to_bytes() == data
            assert clone.legal_actions() == game.legal_actions()
            assert clone.current_player() == game.current_player()
        yield


def test_engine_saves_refuse_bad_input():
    saves = [_played(engine, seed, options, 3).to_bytes() for engine, seed, options, _ in _GAMES]
    for index in range(len(_GAMES)):
        engine = _GAMES[index][0]
        data = saves[index]
        other = saves[(index + 1) % len(saves)]
        wrong_tag = bytearray(data)
        wrong_tag[0] ^= 1
        bad_rng = bytearray(data)
        bad_rng[-1] = bad_rng[-2] = 0
        bad_inputs = (
            None,
            0,
            list(data),
            memoryview(data),
            b"",
            data[:STATE_AT],
            data[:-1],
            data + b"\x00",
            other,
            bytes(wrong_tag),
            bytes(bad_rng),
            bytes(len(data)),
            b"\xff" * len(data),
        )
        for bad in bad_inputs:
            raises(ValueError, lambda: engine.Game.from_bytes(bad), "bad save accepted")
        yield


def test_invariant_violations_raise_state_error():
    for engine, seed, options, steps in _GAMES:
        game = _played(engine, seed, options, steps)
        game.check_invariants()
        data = game.to_bytes()
        # Unknown option bits in the state's first byte: refused by the invariants.
        broken = bytearray(data)
        broken[STATE_AT] = 255
        raises(StateError, lambda: engine.Game.from_bytes(bytes(broken)), "options accepted")
        # The same on a live game: check_invariants itself raises StateError.
        state = _state(game)
        state[0] = 255
        raises(StateError, game.check_invariants, "invariants passed")
        yield


def test_one_byte_corruption_is_refused_or_consistent():
    # A changed byte may still be a valid state (another game): then it loads, passes its
    # invariants and saves to the same bytes. It never loads a broken game or crashes.
    for engine, seed, options, steps in _GAMES:
        data = _played(engine, seed, options, steps).to_bytes()
        for index in range(len(data)):
            for change in (1, 128):
                broken = bytearray(data)
                broken[index] = (broken[index] + change) & 255
                try:
                    loaded = engine.Game.from_bytes(bytes(broken))
                except ValueError:
                    continue
                loaded.check_invariants()
                assert loaded.to_bytes() == bytes(broken)
                # It plays: its actions and observation build without an error.
                loaded.legal_actions()
                loaded.observation(max(0, loaded.current_player()))
            yield
