"""Host tests of the shared save layout (lib/decktet/state.py) across the three engines:
exhaustive one-byte corruption, random junk, ``python -O``, and source checks (no bare
``assert`` in device code that validates state, no card numbers typed as literals).
The device-side half is tests/device/dtest_state.py."""

import ast
import os
import random
import subprocess
import sys

import pytest

from decktet import state
from decktet.state import STATE_AT, StateError
from games.bharg import engine as bharg
from games.jekyll import engine as jekyll
from games.whist import engine as whist

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINES = {"whist": whist, "bharg": bharg, "jekyll": jekyll}
# Files that build or check game state: none may use a bare assert.
CHECKED_SOURCES = (
    "lib/decktet/cards.py",
    "lib/decktet/rng.py",
    "lib/decktet/state.py",
    "games/whist/engine.py",
    "games/bharg/engine.py",
    "games/bharg/binding.py",
    "games/jekyll/engine.py",
)


def _states(engine, options, seed, every):
    """Saves along one seeded random game, every ``every`` actions, and the end."""
    game = engine.Game(seed, options)
    chooser = random.Random(seed)
    saves = []
    steps = 0
    while not game.is_over():
        if steps % every == 0:
            saves.append(game.to_bytes())
        game.apply_action(chooser.choice(game.legal_actions()))
        steps += 1
    saves.append(game.to_bytes())
    return saves


def _load_or_refuse(engine, data):
    """Load ``data``: either ValueError, or a consistent game that saves to the same bytes."""
    try:
        loaded = engine.Game.from_bytes(data)
    except ValueError:
        return False
    loaded.check_invariants()
    assert loaded.to_bytes() == data
    actions = loaded.legal_actions()
    assert actions or loaded.is_over()
    if actions:
        loaded.describe(actions[0])
        loaded.describe(actions[-1])
    loaded.observation(max(0, loaded.current_player()))
    str(loaded)
    return True


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("whist", whist.OPT_UNDER | whist.OPT_EXCUSE | whist.OPT_PAWNS | whist.OPT_EASY),
        ("whist", whist.OPT_PASSES_2),
        ("bharg", bharg.OPT_TARGET_25 | bharg.OPT_THREE_PLAYERS | bharg.OPT_EXCUSE),
        ("bharg", bharg.OPT_ONE_ROUND | bharg.OPT_PAWNS),
        ("jekyll", jekyll.OPT_HYDE | 3 * jekyll.OPT_HANDICAP_1),
        ("jekyll", jekyll.OPT_JEKYLL),
    ],
)
def test_every_one_byte_change_is_refused_or_consistent(name, options):
    engine = ENGINES[name]
    saves = _states(engine, options, 4, 40 if name == "jekyll" else 7)
    middle = saves[len(saves) // 2]
    for saved in saves[:: max(1, len(saves) // 4)]:
        tried = 0
        loaded = 0
        for index in range(len(saved)):
            old = saved[index]
            values = range(256)  # every value for one state, the telling ones for the rest
            if saved is not middle:
                values = (0, 1, 2, 44, 45, 63, 64, 127, 128, 254, 255, old ^ 128, old + 1, old - 1)
            for value in values:
                if value == old or not 0 <= value < 256:
                    continue
                data = bytearray(saved)
                data[index] = value
                tried += 1
                loaded += _load_or_refuse(engine, bytes(data))
        # Most changes make an invalid state (the invariants catch them, not only the tag).
        assert loaded < tried // 2


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_random_junk_is_refused_or_consistent(name):
    engine = ENGINES[name]
    size = len(engine.Game(0).to_bytes())
    tag = engine.Game(0).to_bytes()[0]
    rng = random.Random(name)
    for _ in range(3000):
        data = bytearray(rng.randrange(256) for _ in range(size))
        data[0] = tag
        _load_or_refuse(engine, bytes(data))


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_wrong_types_are_value_errors(name):
    engine = ENGINES[name]
    data = engine.Game(1).to_bytes()
    for bad in (None, 0, 1.5, "text", list(data), tuple(data), memoryview(data), {0: 1}):
        with pytest.raises(ValueError):
            engine.Game.from_bytes(bad)


def test_one_layout_for_every_engine():
    for engine in ENGINES.values():
        game = engine.Game(3)
        data = game.to_bytes()
        body, rng = state.unpack(data, data[0], len(data) - STATE_AT - state.RNG_BYTES)
        assert rng.get_state() == game._rng.get_state()
        assert data == state.pack(data[0], body, rng)
    tags = [engine.Game(0).to_bytes()[0] for engine in ENGINES.values()]
    assert len(set(tags)) == len(tags)


_UNDER_O = """
import sys
sys.path[:0] = [%r, %r]
assert not __debug__
from decktet.state import STATE_AT, StateError
from games.bharg import engine as bharg
from games.jekyll import engine as jekyll
from games.whist import engine as whist
for engine in (whist, bharg, jekyll):
    game = engine.Game(2)
    data = bytearray(game.to_bytes())
    data[STATE_AT] = 255
    try:
        engine.Game.from_bytes(bytes(data))
    except StateError:
        pass
    else:
        raise SystemExit("refused save loaded under -O")
    (game._b if hasattr(game, "_b") else game._s)[0] = 255
    try:
        game.check_invariants()
    except StateError:
        pass
    else:
        raise SystemExit("broken state passed under -O")
print("ok")
"""


def test_checks_hold_under_python_o():
    code = _UNDER_O % (os.path.join(ROOT, "lib"), ROOT)
    result = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "ok"


def _tree(path):
    with open(os.path.join(ROOT, path)) as source:
        return ast.parse(source.read(), path)


@pytest.mark.parametrize("path", CHECKED_SOURCES)
def test_no_bare_assert_in_state_code(path):
    for node in ast.walk(_tree(path)):
        assert not isinstance(node, ast.Assert), "%s:%d: assert" % (path, node.lineno)
        if isinstance(node, ast.Name):
            assert node.id != "AssertionError", "%s:%d: AssertionError" % (path, node.lineno)


def _const_calls(tree):
    """Ids of the nodes inside ``const(...)`` calls (named constants may hold any number)."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "const":
            inside.update(id(child) for child in ast.walk(node))
    return inside


# Card-code boundaries (the Aces, numbers, Crowns, Pawns, Courts, the Excuse, the count).
_CARD_NUMBERS = (6, 30, 36, 40, 44, 45)


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_no_card_numbers_typed_in_engines(name):
    # Card counts and codes come from decktet.cards or a named const(): no 44/45 literal,
    # and no range() over literal card boundaries such as range(6, 36).
    path = "games/%s/engine.py" % name
    tree = _tree(path)
    named = _const_calls(tree)
    for node in ast.walk(tree):
        if id(node) in named:
            continue
        where = "%s:%d" % (path, getattr(node, "lineno", 0))
        if isinstance(node, ast.Constant) and type(node.value) is int:
            assert node.value not in (44, 45), "%s: literal %d" % (where, node.value)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "range":
            values = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            if len(values) == len(node.args):
                assert not set(values) & set(_CARD_NUMBERS), "%s: range over cards" % where


def test_state_error_is_a_value_error():
    assert issubclass(StateError, ValueError)
    with pytest.raises(ValueError):
        state.check(False, "x")
