"""Heap benchmarks of Gongor Whist on MicroPython (run by the gate's bench mode only).

The gate collects garbage between steps, so ``gc.mem_alloc()`` at the start of a step is the
live heap. Prints ``BENCH <name> <value> <unit>`` lines."""

import gc

from devtools import live, measure_imports


def bench_import():
    """Heap kept by importing the engine module(s), decktet.* loaded first."""
    yield from measure_imports("whist", ("games.whist.engine",))


def bench_state_and_full_pass():
    """Live heap of a game state, and the most live heap while playing a full pass."""
    from games.whist import engine

    yield
    before = live()
    game = engine.Game(7, engine.OPT_UNDER | engine.OPT_EXCUSE | engine.OPT_PAWNS | engine.OPT_EASY)
    yield
    state = live() - before
    print("BENCH whist_state %d bytes" % state)
    peak = state
    steps = 0
    garbage = 0
    while not game.is_over():
        actions = game.legal_actions()
        game.observation(0)
        action = actions[steps % len(actions)]
        start = gc.mem_alloc()
        game.apply_action(action)
        # Heap allocated by apply_action alone (a new pass's deal shuffles two small lists).
        garbage = max(garbage, gc.mem_alloc() - start)
        steps += 1
        peak = max(peak, live() - before)
        yield
    print("BENCH whist_pass_peak_live %d bytes" % peak)
    print("BENCH whist_pass_steps %d actions" % steps)
    print("BENCH whist_apply_action_max_alloc %d bytes" % garbage)
