"""Heap benchmarks of Jekyll & Hyde on MicroPython (run by the gate's bench mode only).

The gate collects garbage between steps, so ``gc.mem_alloc()`` at the start of a step is the
live heap. Prints ``BENCH <name> <value> <unit>`` lines."""

import gc

from devtools import live, measure_imports


def bench_import():
    """Heap kept by importing the engine module(s), decktet.* loaded first."""
    yield from measure_imports("jekyll", ("games.jekyll.engine",))


def bench_state_game_and_largest_action_list():
    """Live state after construction, the most live heap over a random game (with a
    legal_actions() list held), and the largest legal_actions() list with its heap."""
    from decktet.rng import Rng
    from games.jekyll import engine

    yield
    before = live()
    game = engine.Game(7, engine.OPT_JEKYLL)
    yield
    state = live() - before
    print("BENCH jekyll_state %d bytes" % state)
    rng = Rng(1)
    peak = state
    largest = 0
    largest_save = b""
    while not game.is_over():
        actions = game.legal_actions()
        game.observation(game.current_player())
        if len(actions) > largest:
            largest = len(actions)
            largest_save = game.to_bytes()
        game.apply_action(actions[rng.randbelow(len(actions))])
        actions = None
        yield
        peak = max(peak, live() - before)
    print("BENCH jekyll_game_peak_live %d bytes" % peak)
    game = engine.Game.from_bytes(largest_save)
    largest_save = None
    yield
    base = gc.mem_alloc()
    held = game.legal_actions()
    yield
    print("BENCH jekyll_legal_actions_max %d actions" % len(held))
    print("BENCH jekyll_legal_actions_list %d bytes" % (gc.mem_alloc() - base))
    held = None
    yield
    base = gc.mem_alloc()
    count = 0
    for action in range(engine.END_TURN + 1):
        if game.can_apply(action):
            count += 1
    print("BENCH jekyll_can_apply_scan_garbage %d bytes" % (gc.mem_alloc() - base))
    print("BENCH jekyll_can_apply_count %d actions" % count)
