"""The shared conformance test on CPython: every games/*/engine.py, every OPTION_SETS entry,
many seeds. The MicroPython gate runs the same check for a few seeds per game."""

import importlib
import os

import pytest
from conformance import run_all

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = sorted(
    name
    for name in os.listdir(os.path.join(ROOT, "games"))
    if os.path.exists(os.path.join(ROOT, "games", name, "engine.py"))
)
# Seeds per option set; CI plays thousands of games in all.
SEEDS_PER_OPTION_SET = int(os.environ.get("CONFORMANCE_SEEDS", "150"))
# Random Jekyll & Hyde games nearly always run to the 60-turn limit (about 730 actions
# with over a thousand legal actions each), so that game plays fewer, longer games.
SEEDS_SCALE = {"jekyll": 0.2}


@pytest.mark.parametrize("game", GAMES)
def test_conformance(game):
    engine = importlib.import_module("games.%s.engine" % game)
    seeds = max(1, int(SEEDS_PER_OPTION_SET * SEEDS_SCALE.get(game, 1)))
    for _ in run_all(engine, range(seeds)):
        pass


def test_every_game_is_discovered():
    assert GAMES == sorted(set(GAMES))
