"""Golden screenshots of the simulator: exact pixels of key screens and card faces.

Regenerate after an intended change to the look (then review the PNGs in the diff):

    UPDATE_GOLDENS=1 .venv/bin/python -m pytest -q tests -k golden     # or: make goldens

A mismatch writes the new image next to the golden as build/golden/<name>.png.
"""

import pytest
from goldens import check_golden

import host_sim
from handheld import registry

# name -> key script from boot
SCREENS = {
    "main_menu": "",
    "whist_setup": "A",
    "whist_rules": "A UP A",
    "cards_primer": "DOWN DOWN DOWN A",
    "settings": "UP UP A",
    "cards_1_to_24": "UP A A",
    "cards_25_to_45": "UP A A DOWN DOWN DOWN",
    "cards_dimmed": "UP A A SELECT",
    "cards_backs": "UP A A SELECT SELECT",
    "demo_table": "A A A RIGHT",
    "pause_menu": "A A A START",
    "privacy": "A A A SELECT",
    "quit_confirm": "A A START UP A",
    "statistics": "UP UP UP A",
    "statistics_page": "UP UP UP A A",
    "game_over": "DOWN DOWN DOWN A LEFT A RIGHT A A A A A A A",  # the toy won, 3 cards
}


# The kit's demo table is reached through a game with no screens module ("not built yet").
DEMO_SCREENS = ("demo_table", "pause_menu", "privacy")
# The kit's game-over screen ("Play again"), at the end of the toy game of
# tests/fixtures/toygame, the fourth game on the menu.
TOY_SCREENS = ("game_over",)


# The RP2040 boards (issue 22): the main menu and Gongor Whist's table on each, the
# PicoSystem's at the app's size in the middle of its 240x240 screen.
BOARD_SCREENS = {
    "sprig_main_menu": ("hack_club_sprig", ""),
    "sprig_whist_table": ("hack_club_sprig", "A A A"),
    "picosystem_main_menu": ("pimoroni_picosystem", ""),
    "picosystem_whist_table": ("pimoroni_picosystem", "A A A"),
}


@pytest.mark.parametrize("name", sorted(BOARD_SCREENS))
def test_golden_board_screen(name):
    board, keys = BOARD_SCREENS[name]
    image = host_sim.run(keys, board=board, seed=3, nvm=bytearray(b"\xff" * 4096)).display.image
    check_golden(name, image)


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(name, monkeypatch):
    if name in DEMO_SCREENS:
        monkeypatch.setattr(registry.GameEntry, "available", lambda self: False)
    if name in TOY_SCREENS:
        entry = registry.GameEntry("Toy", "tests.fixtures.toygame")
        entry.slot = len(registry.GAMES)
        monkeypatch.setattr(registry, "GAMES", registry.GAMES + (entry,))
    image = host_sim.run(SCREENS[name], seed=3).display.image
    check_golden(name, image)
