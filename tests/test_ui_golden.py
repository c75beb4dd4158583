"""Golden screenshots of the simulator: exact pixels of key screens and card faces.

Regenerate after an intended change to the look (then review the PNGs in the diff):

    UPDATE_GOLDENS=1 .venv/bin/python -m pytest -q tests -k golden     # or: make goldens

A mismatch writes the new image next to the golden as build/golden/<name>.png.
"""

import pytest
from driven import shipped_games
from goldens import check_golden

import host_sim
from handheld import registry

# name -> key script from boot
SCREENS = {
    "main_menu": "",
    "whist_setup": "GAME:whist",
    "whist_rules": "GAME:whist UP A",
    "cards_primer": "ROW:Cards A",
    "settings": "ROW:Settings A",
    "cards_1_to_24": "ROW:About A A",
    "cards_25_to_45": "ROW:About A A DOWN DOWN DOWN",
    "cards_dimmed": "ROW:About A A SELECT",
    "cards_backs": "ROW:About A A SELECT SELECT",
    "demo_table": "GAME:whist A A RIGHT",
    "pause_menu": "GAME:whist A A START",
    "privacy": "GAME:whist A A SELECT",
    "quit_confirm": "GAME:whist A START UP A",
    "statistics": "ROW:Statistics A",
    "statistics_page": "ROW:Statistics A ROW:Gongor_Whist A",
    "game_over": "GAME:toygame LEFT A RIGHT A A A A A A A",  # the toy won, 3 cards
}


# The kit's demo table is reached through a game with no screens module ("not built yet").
DEMO_SCREENS = ("demo_table", "pause_menu", "privacy")
# The kit's game-over screen ("Play again"), at the end of the toy game of
# tests/fixtures/toygame, put fourth on the menu.
TOY_SCREENS = ("game_over",)


# The RP2040 boards: the main menu and Gongor Whist's table on each, the
# PicoSystem's at the app's size in the middle of its 240x240 screen.
BOARD_SCREENS = {
    "sprig_main_menu": ("hack_club_sprig", ""),
    "sprig_whist_table": ("hack_club_sprig", "GAME:whist A A"),
    "picosystem_main_menu": ("pimoroni_picosystem", ""),
    "picosystem_whist_table": ("pimoroni_picosystem", "GAME:whist A A"),
}


@pytest.mark.parametrize("name", sorted(BOARD_SCREENS))
def test_golden_board_screen(name, monkeypatch):
    # The menus show the three games these pictures were taken of, whatever else is
    # registered.
    monkeypatch.setattr(registry, "GAMES", shipped_games())
    board, keys = BOARD_SCREENS[name]
    image = host_sim.run(keys, board=board, seed=3, nvm=bytearray(b"\xff" * 4096)).display.image
    check_golden(name, image)


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(name, monkeypatch):
    monkeypatch.setattr(registry, "GAMES", shipped_games())
    if name in DEMO_SCREENS:
        monkeypatch.setattr(registry.GameEntry, "available", lambda self: False)
    if name in TOY_SCREENS:
        entry = registry.GameEntry("Toy", "tests.fixtures.toygame", 3)
        monkeypatch.setattr(registry, "GAMES", registry.GAMES + (entry,))
    image = host_sim.run(SCREENS[name], seed=3).display.image
    check_golden(name, image)
