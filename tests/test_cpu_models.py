"""Differential tests, the broad run on CPython: each computer player's own model of the
rules against its engine, over many seeds, with what the random games covered.

The checks are tests/device/cpu_models.py's (its docstring says what they compare), shared
with tests/device/dtest_cpu_models.py, which runs a few seeds of each on MicroPython and
CircuitPython as well. Here also: the node and state layouts that module writes out (the
device's compiled code keeps no names for private constants) are the modules' own.
"""

import cpu_models
import pytest
from cpu_models import bharg_hands, jekyll_games, whist_hands

from games.jekyll import cpu_node, cpu_survey
from games.jekyll import engine as je
from games.whist import engine as whist

JEKYLL_LEVELS = (0, je.OPT_JEKYLL, je.OPT_HYDE)
JEKYLL_SEEDS = range(24)


def _run(generator):
    for _ in generator:
        pass


@pytest.mark.parametrize(
    ("module", "names"),
    [
        (cpu_node, ("_N", "_SIDE", "_HN", "_GAIN", "_END", "_LEFT", "_R", "_H", "_UNSEEN")),
        (cpu_survey, ("_TAKEABLE", "_CARDS")),
        (je, ("_RLEN", "_RIB")),
        (whist, ("_O_TURNED", "_O_ACES")),
    ],
)
def test_the_layouts_written_out_are_the_modules(module, names):
    for name in names:
        # The CPU's parts share theirs, so they are public there (and a few renamed).
        public = {"_SIDE": "RIBBON_SIDE", "_H": "HAND"}.get(name, name[1:])
        value = getattr(module, name) if hasattr(module, name) else getattr(module, public)
        assert getattr(cpu_models, name) == value, name


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
    coverage: dict[str, int] = {}
    _run(jekyll_games(options, JEKYLL_SEEDS, coverage))
    print("level %d: %s" % (options, sorted(coverage.items())))
    missing = [label for label in _COVERED if not coverage.get(label)]
    assert not missing
    assert coverage["take"] + coverage["take before the transformation"] >= 30
    # Games ended with every face on either side.
    ends = [label for label in coverage if label.startswith("end %d " % je.REASON_FACES)]
    assert {label.split()[2] for label in ends} == {"0", "1"}


# ----- Gongor Whist: the coach's play-out against the engine's tricks -----

# Easy mode only: there play_hint knows which Aces are left, as the play-out does. In
# hardball it only knows the trump's Ace is not among them (the simulation deals the stack
# from that pool), so its twiddles on a real deal need not be the play-out's.
WHIST_OPTIONS = (
    whist.OPT_EASY,
    whist.OPT_EASY | whist.OPT_UNDER | whist.OPT_EXCUSE | whist.OPT_PASSES_3,
    whist.OPT_EASY | whist.OPT_PAWNS | whist.OPT_PASSES_5,
)


@pytest.mark.parametrize("options", WHIST_OPTIONS)
def test_whist_coach_play_out_matches_the_engine(options):
    """For every hand of random games and every bid, the tricks the coach's play-out
    predicts on the real deal are the tricks the engine gives the same plan: its cards
    legal there, its twiddles turning the same Aces, its tricks won and lost alike."""
    tally: dict[str, int] = {}
    _run(whist_hands(options, range(16), True, tally))
    assert tally["hands"] >= 32
    assert tally.get("mismatches", 0) == 0


@pytest.mark.parametrize("options", WHIST_OPTIONS)
def test_whist_coach_play_out_is_play_hints_play(options):
    """The play-out plays what ``play_hint`` would, card for card. It once did not: its
    ``_pick`` broke ties between cards of equal key by their place in the hand, which the
    play-out reorders as it plays, while ``play_hint`` sees the hand sorted (Gongor Whist,
    easy, seed 3, the random actions of ``random.Random(3)``: in the aft hand of the first
    pass, hand 6, 9, 16, 24, 25, 32, 33, trump Suns, one Ace left, bid 2, it played the
    Crown End on the fifth trick where play_hint plays the Sea, and predicted 5 tricks for
    4). Ties now go to the lowest card code."""
    tally: dict[str, int] = {}
    _run(whist_hands(options, range(8), False, tally))
    assert tally["hands"] >= 16 and tally.get("mismatches", 0) == 0


# ----- Bharg: the CPU's card-counting solver against the binding rules -----


def test_bharg_cpu_counts_unbound_cards_as_the_rules_bind_them():
    tally: dict[str, int] = {}
    _run(bharg_hands(2024, 1500, tally))
    assert tally["checked"] == 1500
    assert tally["won"] >= 50 and tally["checked"] - tally["won"] >= 50
