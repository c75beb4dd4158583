# SPDX-License-Identifier: MIT
"""
The shared flow conformance check: every game's ``flow.py`` against the flow contract
(docs/ARCHITECTURE.md, "Adding a game"), the way tests/device/conformance.py holds every
engine to docs/ENGINE.md (OpenSpiel's random-simulation test). Device-compatible: it runs
under pytest on CPython and step by step on MicroPython through the runtime gate.

``walk(flow, values, seed, play_seed, steps)`` starts a game with ``flow.new_play(values,
seed)`` and drives its ``Play`` as a screen would, with seeded random keys (``K_*``, never
START: the app keeps it for the pause menu) and ``tick``s, checking at every step:

- ``key`` and ``tick`` return ints (DRAW bits), never None; ``event`` is an int, ``refusal``
  a str, ``applied`` an int that never goes back;
- a key whose bits include ``REFUSED`` changed nothing: ``saved()`` and ``applied`` are
  as they were;
- the engine's ``check_invariants()`` (``Play.game``);
- undo goes back to a state the player has seen: where ``can_undo()``, ``undo()`` (called
  on some steps) gives back the engine's exact state (``game.to_bytes()``) of an earlier
  step of the walk, along the way it came (a second undo goes further back, never forward
  again), and counts one change in ``applied``. Where undo must stop (never past a card
  drawn or revealed) is each game's own rule, which its flow's ``can_undo()`` says and its
  own tests check: ``can_undo()`` may be False for a while and True again (Jekyll & Hyde's
  transformation wave), so a state where it was False is no limit here;
- save and resume: ``load_play(saved())`` gives a flow whose ``saved()`` is equal, its
  engine passing its invariants; an empty save, or one with a byte changed, raises
  ``ValueError`` or loads a game that passes them (never another exception);
- nothing raises, and a walk ends within its move bound ``steps``: at the game's end, at
  the bound, or when the flow waits for a screen of its own (a privacy screen, a round's
  result). After ``_STALL`` steps that change nothing, the walk only ticks, up to
  ``_BURST`` times (a CPU thinking moves in the end; these ticks are not counted in
  ``steps``), and ends if nothing changes even then.

``run_flow(package, ...)`` walks a few games with random set-up rows (the package's
``SETUP``); ``registered()`` lists the menu's game packages. Each is a generator: every
``yield`` is a point where the MicroPython gate collects garbage.
"""

import sys

from decktet.rng import Rng
from decktet.search import units
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP, REFUSED

# The keys a walk presses, A most (it acts): START never reaches a flow.
_KEYS = (K_A, K_A, K_A, K_B, K_LEFT, K_RIGHT, K_UP, K_DOWN, K_SELECT)
# After this many steps that change nothing, a walk only ticks (a CPU may be thinking), at
# most ``_BURST`` times, 100 ms apart; if nothing changes then, the flow waits for a screen.
_STALL = 40
_BURST = 400
# A CPU's or the coach's work per tick (``decktet.search`` units), as a test gives it.
_WORK = 6


def _module(name):
    """The module ``name``, imported."""
    __import__(name)
    return sys.modules[name]


def forget(package):
    """Drop ``package`` and its modules from ``sys.modules`` (and from their parents), so
    the next game's walk does not hold this one's heap."""
    for name in [name for name in sys.modules if name == package or name.startswith(package + ".")]:
        del sys.modules[name]
        at = name.rfind(".")
        if at > 0 and name[:at] in sys.modules:
            parent = sys.modules[name[:at]]
            if hasattr(parent, name[at + 1 :]):
                delattr(parent, name[at + 1 :])


def has_contract(package):
    """True if the package's flow module has ``new_play`` and ``load_play``."""
    flow = _module(package + ".flow")
    return hasattr(flow, "new_play") and hasattr(flow, "load_play")


def registered():
    """The packages of the games on the main menu (``handheld.registry.GAMES``)."""
    from handheld import registry

    return [entry.package for entry in registry.GAMES]


def _check_fields(play):
    """The contract's fields have their types now."""
    assert isinstance(play.event, int), "event is an int"
    assert isinstance(play.refusal, str), "refusal is a str"
    assert isinstance(play.applied, int), "applied is an int"
    saved = play.saved()
    assert isinstance(saved, bytes), "saved() is bytes"
    if play.game is not None:
        play.game.check_invariants()
    return saved


def check_load(flow, saved, rng):
    """``load_play(saved)`` round-trips; an empty or a changed save is refused or valid."""
    other = flow.load_play(saved)
    assert other.saved() == saved, "load_play(saved()).saved() differs"
    if other.game is not None:
        other.game.check_invariants()
    other = None
    try:
        flow.load_play(b"")
    except ValueError:
        pass
    else:
        raise AssertionError("an empty save was loaded")
    data = bytearray(saved)
    index = rng.randbelow(len(data))
    data[index] = (data[index] + 1 + rng.randbelow(255)) & 255
    try:
        other = flow.load_play(bytes(data))
    except ValueError:
        return
    if other.game is not None:
        other.game.check_invariants()


def _state(play):
    """The engine's exact state, what undo restores, as a 29-bit digest (a walk keeps one
    per step: small ints cost no heap on the device, a save each would)."""
    if play.game is None:
        return 0
    data = play.game.to_bytes()
    digest = len(data)
    for byte in data:
        digest = (digest * 31 + byte) & 0x1FFFFFFF
    return digest


def walk(flow, values, seed, play_seed, steps):
    """One game driven by random keys and ticks, checked at every step (a generator)."""
    rng = Rng(play_seed)
    more = units(_WORK)
    play = flow.new_play(values, seed)
    saved = _check_fields(play)
    check_load(flow, saved, rng)
    applied = play.applied
    # The engine states the walk came by, oldest first (one entry per change): undo goes
    # back along them.
    seen = [_state(play)]
    now = 0
    still = 0
    step = 0
    while step < steps and still < _STALL + _BURST:
        if play.game is not None and play.game.is_over():
            break
        if still < _STALL:
            step += 1
            choice = rng.randbelow(8)
        else:
            choice = 1  # a tick, 100 ms on
            now -= rng.randbelow(1600) - 100
        if choice == 0 and play.can_undo():
            play.undo()
            assert play.applied == applied + 1, "an undo counts one change in applied"
            state = _state(play)
            at = len(seen) - 2
            while at >= 0 and seen[at] != state:
                at -= 1
            assert at >= 0, "undo went to a state the player has not seen"
            del seen[at + 1 :]
        elif choice <= 2:
            now += rng.randbelow(1600)
            changed = play.tick(now, more)
            assert isinstance(changed, int), "tick() returns DRAW bits"
            assert not changed & REFUSED, "a tick refuses nothing"
        else:
            key = _KEYS[rng.randbelow(len(_KEYS))]
            changed = play.key(key)
            assert isinstance(changed, int), "key() returns DRAW bits, never None"
            if changed & REFUSED:
                assert play.saved() == saved, "a refused key changed saved()"
                assert play.applied == applied, "a refused key changed applied"
        fresh = _check_fields(play)
        assert play.applied >= applied, "applied never goes back"
        state = _state(play)
        if state != seen[-1]:
            seen.append(state)
        if fresh != saved or play.applied != applied:
            still = 0
            if rng.randbelow(3) == 0:
                check_load(flow, fresh, rng)
        else:
            still += 1
        saved = fresh
        applied = play.applied
        yield
    check_load(flow, saved, rng)
    yield


def run_flow(package, walks=3, steps=150, seed_base=0):
    """Walk ``walks`` games of ``package`` with random set-up rows (a generator)."""
    flow = _module(package + ".flow")
    setup = _module(package).SETUP
    rng = Rng(seed_base + 1)
    number = 0
    while number < walks:
        values = [rng.randbelow(len(choices)) for _, choices in setup]
        seed = rng.randbelow(1 << 29)
        for _ in walk(flow, values, seed, seed_base + number, steps):
            yield
        number += 1
