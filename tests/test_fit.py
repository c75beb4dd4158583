"""Everything fits: on every screen of scripted sessions of each game (played to
their ends by the screens tests' planners) and of seeded random keys from boot, no text
leaves the 160x128 screen and no text is cut short by its label."""

import os
import random
import sys

import pytest
from driven import DrivenSim, fresh_nvm

import host_sim
from handheld import ui

sys.path.insert(0, os.path.join(host_sim.ROOT, "tools", "app"))
import make_scripts  # noqa: E402


def texts_off_screen(group, x=0, y=0, found=None, screen=""):
    """Every shown ``ui.Text`` that is cut short or leaves the screen, as descriptions."""
    if found is None:
        found = set()
    for layer in group:
        if getattr(layer, "hidden", False):
            continue
        if isinstance(layer, ui.Text):
            size = layer._size
            width = len(layer.text) * ui.CHAR_WIDTH[size]
            left = (
                x + layer.x + (layer._columns * ui.CHAR_WIDTH[size] - width if layer._right else 0)
            )
            top = y + layer.y
            if len(layer.text) > layer._columns:
                found.add("%s: %r cut at %d columns" % (screen, layer.text, layer._columns))
            elif layer.text and (left < 0 or left + width > ui.WIDTH):
                found.add(
                    "%s: %r runs off the side (x %d..%d)" % (screen, layer.text, left, left + width)
                )
            elif layer.text and top + ui.LINE_HEIGHT[size] > ui.HEIGHT:
                found.add("%s: %r runs off the bottom (y %d)" % (screen, layer.text, top))
        elif hasattr(layer, "__len__") and hasattr(layer, "x"):
            texts_off_screen(layer, x + layer.x, y + layer.y, found, screen)
    return found


class Watch:
    """Checks the screen after every refresh."""

    def __init__(self):
        self.found = set()

    def __call__(self, display):
        from driven import app

        running = app()
        if running is None or display.root_group is None:
            return
        name = type(running.top()).__name__
        texts_off_screen(display.root_group, found=self.found, screen=name)


def run_watched(next_keys, seed):
    watch = Watch()
    sim = DrivenSim(next_keys, seed=seed, nvm=fresh_nvm())
    sim.display.on_refresh = watch
    sim.run()
    return watch.found


# The default set-up of each game, and games against the CPU (its moves' captions).
@pytest.mark.parametrize(
    "game,seed,choices",
    [
        ("whist", 3, None),
        ("bharg", 4, None),
        ("jekyll", 5, None),
        ("bharg", 6, (0, 0, 0, 2, 0)),  # Player 2: CPU normal
        ("jekyll", 7, (2, 0, 1, 2)),  # Mr. Hyde level, the CPU (normal) plays Dr. Jekyll
        ("jekyll", 8, (0, 0, 0, 1)),  # Mr. Poole level, the CPU (easy) plays Mr. Hyde
    ],
)
def test_scripted_games_fit(game, seed, choices):
    planner = make_scripts._planner(game, [])
    chain = make_scripts.Chain([(game + "-0", planner, 0, choices)])
    assert sorted(run_watched(chain, seed)) == []


# Fifty random sessions from boot, 300 keys each.
@pytest.mark.parametrize("seed", range(1, 51))
def test_random_keys_fit(seed):
    rng = random.Random(seed)
    keys = ("A", "A", "A", "B", "LEFT", "RIGHT", "UP", "DOWN", "SELECT", "START")
    left = [300]

    def next_keys(sim):
        if left[0] <= 0:
            return None
        left[0] -= 20
        return " ".join(rng.choice(keys) for _ in range(20))

    assert sorted(run_watched(next_keys, seed)) == []
