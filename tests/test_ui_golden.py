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
}


# The kit's demo table is reached through a game with no screens module ("not built yet").
DEMO_SCREENS = ("demo_table", "pause_menu", "privacy")


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(name, monkeypatch):
    if name in DEMO_SCREENS:
        monkeypatch.setattr(registry.GameEntry, "available", lambda self: False)
    image = host_sim.run(SCREENS[name], seed=3).display.image
    check_golden(name, image)
