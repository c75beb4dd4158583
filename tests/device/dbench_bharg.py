"""Heap benchmarks of Bharg on MicroPython (run by the gate's bench mode only).

The gate collects garbage between steps, so ``gc.mem_alloc()`` at the start of a step is the
live heap. Prints ``BENCH <name> <value> <unit>`` lines."""

import gc

from devtools import measure_imports


def bench_import():
    """Heap kept by importing the engine module(s), decktet.* loaded first."""
    yield from measure_imports("bharg", ("games.bharg.binding", "games.bharg.engine"))


def bench_state_and_match():
    """Live heap of a game state, and the most live heap over a whole match."""
    from games.bharg import engine

    yield
    before = gc.mem_alloc()
    game = engine.Game(7, engine.OPT_TARGET_25 | engine.OPT_EXCUSE | engine.OPT_PAWNS)
    yield
    state = gc.mem_alloc() - before
    print("BENCH bharg_state %d bytes" % state)
    peak = state
    steps = 0
    while not game.is_over():
        actions = game.legal_actions()
        game.observation(game.current_player())
        game.apply_action(actions[(steps * 7) % len(actions)])
        steps += 1
        yield
        peak = max(peak, gc.mem_alloc() - before)
    print("BENCH bharg_match_peak_live %d bytes" % peak)
    print("BENCH bharg_match_actions %d actions" % steps)


def bench_solver_allocation():
    """Heap allocated by one solver call on 8-card hands (no collection inside the step)."""
    from games.bharg.binding import all_bound, best_arrangement, unbound_value

    # Two sets and spares; a Pawn-rich hand; a hand with no set at all.
    hands = (
        [6, 7, 8, 9, 10, 11, 30, 36],
        [36, 37, 38, 39, 30, 31, 32, 44],
        [12, 13, 14, 15, 16, 17, 24, 25],
        [0, 14, 17, 20, 26, 33, 34, 35],
    )
    yield
    worst = 0
    worst_arrangement = 0
    for hand in hands:
        for ace_top in (-1, 1):
            start = gc.mem_alloc()
            unbound_value(hand, ace_top)
            used = gc.mem_alloc() - start
            worst = max(worst, used)
            start = gc.mem_alloc()
            all_bound(hand, ace_top)
            worst = max(worst, gc.mem_alloc() - start)
            start = gc.mem_alloc()
            best_arrangement(hand, ace_top)
            worst_arrangement = max(worst_arrangement, gc.mem_alloc() - start)
            yield
    print("BENCH bharg_unbound_value_alloc %d bytes" % worst)
    print("BENCH bharg_best_arrangement_alloc %d bytes" % worst_arrangement)
