"""Device-side differential tests: each computer player's own rules model against its
engine, random legal actions applied to both and compared after every step (what is
compared: tests/device/cpu_models.py). A few seeds each, so that they run on CPython,
MicroPython and CircuitPython; tests/test_cpu_models.py plays many more on CPython."""

from cpu_models import bharg_hands, check_whist_trick_winners, jekyll_games, whist_hands

from games.jekyll import engine as je
from games.whist import engine as whist

# Seeds that lean the faces toward a side (seed % 3 - 1): their games end on the faces, two
# on either side, within a few hundred steps. Seeds that lean nowhere run to the turn limit
# (over 600 steps each, slow on the MicroPython gate): tests/test_cpu_models.py plays those.
JEKYLL_SEEDS = (1, 2, 4, 5)


def _jekyll(options):
    """Generator: the games of ``JEKYLL_SEEDS``, then checks what they covered."""
    coverage = {}
    yield from jekyll_games(options, JEKYLL_SEEDS, coverage)
    assert coverage.get("steps", 0) >= 400
    assert coverage.get("take", 0) + coverage.get("take before the transformation", 0) >= 3
    for label in ("transform", "end", "move left", "move right"):
        assert coverage.get(label, 0) >= 1, label
    # Every game ended on the faces (the model's end and outcome compared), two each way.
    for side in range(2):
        ends = 0
        for label in coverage:
            if label.startswith("end %d %d " % (je.REASON_FACES, side)):
                ends += coverage[label]
        assert ends == 2, side


def test_jekyll_poole_model_follows_the_engine():
    yield from _jekyll(0)


def test_jekyll_apothecary_model_follows_the_engine():
    yield from _jekyll(je.OPT_JEKYLL)


def test_jekyll_hyde_model_follows_the_engine():
    yield from _jekyll(je.OPT_HYDE)


def test_whist_coach_trick_winner_is_the_engines():
    for trump in (0, 1, 2, 4, 8, 16, 32):
        check_whist_trick_winners(trump)
        yield


def test_whist_coach_play_out_matches_the_engine():
    # Easy mode, with the Excuse, the under hand and three passes; the play-out's own order.
    options = whist.OPT_EASY | whist.OPT_UNDER | whist.OPT_EXCUSE | whist.OPT_PASSES_3
    tally = {}
    yield from whist_hands(options, (1, 2), True, tally)
    assert tally["hands"] == 18 and tally.get("mismatches", 0) == 0, tally


def test_whist_coach_play_out_is_play_hints_play():
    # Easy mode with the Pawns (hands of eight) and five passes; play_hint's cards.
    tally = {}
    yield from whist_hands(
        whist.OPT_EASY | whist.OPT_PAWNS | whist.OPT_PASSES_5, (3,), False, tally
    )
    assert tally["hands"] == 10 and tally.get("mismatches", 0) == 0, tally


def test_bharg_cpu_counts_unbound_cards_as_the_rules_bind_them():
    tally = {}
    yield from bharg_hands(7, 500, tally)
    assert tally["checked"] == 500
    assert tally["won"] >= 15 and tally["checked"] - tally["won"] >= 15, tally
