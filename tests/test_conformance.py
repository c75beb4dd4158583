"""The shared conformance test on CPython: every games/*/engine.py (and the toy game's,
tests/fixtures/toygame), every OPTION_SETS entry, many seeds. The MicroPython gate runs the
same check for a few seeds per game."""

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
# The engines: every game's, then the toy's (the example game, not on the menu).
ENGINES = ["games.%s.engine" % game for game in GAMES] + ["tests.fixtures.toygame.engine"]
# Seeds per option set; CI plays thousands of games in all.
SEEDS_PER_OPTION_SET = int(os.environ.get("CONFORMANCE_SEEDS", "150"))
# Random Jekyll & Hyde games nearly always run to the 60-turn limit (about 730 actions
# with over a thousand legal actions each), so that game plays fewer, longer games.
SEEDS_SCALE = {"jekyll": 0.2}


@pytest.mark.parametrize("module", ENGINES)
def test_conformance(module):
    engine = importlib.import_module(module)
    game = module.split(".")[-2]
    seeds = max(1, int(SEEDS_PER_OPTION_SET * SEEDS_SCALE.get(game, 1)))
    for _ in run_all(engine, range(seeds)):
        pass


def test_every_game_is_discovered():
    assert GAMES == sorted(set(GAMES))
