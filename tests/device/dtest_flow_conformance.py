"""Device-side runs of the shared flow conformance check (tests/device/flow_conformance.py):
every game on the main menu (``handheld.registry.GAMES``) and the toy game
(tests/fixtures/toygame), on CPython and MicroPython. A registered game whose flow module
lacks ``new_play``/``load_play`` fails, unless it is listed in ``_NOT_YET``. The toy has no
device test file of its own, so its engine's conformance runs here too."""

import conformance
from flow_conformance import forget, has_contract, registered, run_flow

# Registered games whose flows do not follow the contract yet: none (a new one must).
_NOT_YET = ()
_TOY = "tests.fixtures.toygame"


def test_the_toy_game_follows_the_flow_contract():
    try:
        for _ in run_flow(_TOY, walks=6, steps=120):
            yield
    finally:
        forget(_TOY)  # (tests/test_fourth_game.py checks a game's package is unloaded)


def test_the_toy_engine_on_device():
    engine = __import__(_TOY + ".engine", None, None, ["Game"])
    try:
        for _ in conformance.run_all(engine, range(3)):
            yield
    finally:
        forget(_TOY)


def test_every_registered_game_follows_the_flow_contract():
    missing = []
    for package in registered():
        if not has_contract(package):
            if package not in _NOT_YET:
                missing.append(package)
        else:
            try:
                for _ in run_flow(package, walks=3, steps=200):
                    yield
            finally:
                forget(package)
        forget(package)  # one game's modules at a time
        yield
    assert not missing, "no new_play/load_play in %s.flow" % ", ".join(missing)
