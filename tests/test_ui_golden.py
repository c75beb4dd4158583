"""Golden screenshots of the simulator: exact pixels of key screens and card faces.

Regenerate after an intended change to the look (then review the PNGs in the diff):

    UPDATE_GOLDENS=1 .venv/bin/python -m pytest -q tests -k golden     # or: make goldens

A mismatch writes the new image next to the golden as build/golden/<name>.png.
"""

import os

import pytest
from PIL import Image, ImageChops

import host_sim
from handheld import registry

GOLDEN_DIR = os.path.join(host_sim.ROOT, "tests", "golden")
OUT_DIR = os.path.join(host_sim.ROOT, "build", "golden")

# name -> key script from boot
SCREENS = {
    "main_menu": "",
    "whist_setup": "A",
    "whist_rules": "A UP A",
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
    path = os.path.join(GOLDEN_DIR, name + ".png")
    if os.environ.get("UPDATE_GOLDENS"):
        os.makedirs(GOLDEN_DIR, exist_ok=True)
        image.save(path)
        return
    assert os.path.exists(path), "no golden %s: run UPDATE_GOLDENS=1 pytest -k golden" % path
    golden = Image.open(path).convert("RGB")
    difference = ImageChops.difference(golden, image).getbbox()
    if difference is not None:
        os.makedirs(OUT_DIR, exist_ok=True)
        image.save(os.path.join(OUT_DIR, name + ".png"))
    assert difference is None, "%s differs from its golden in %s (new image in build/golden/)" % (
        name,
        difference,
    )
