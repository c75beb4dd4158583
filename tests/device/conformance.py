# SPDX-License-Identifier: MIT
"""
The shared engine conformance check (see docs/ENGINE.md), in the spirit of OpenSpiel's
random-simulation test. Device-compatible: it runs under pytest on CPython and step by
step on MicroPython through the runtime gate. ``play_random`` is a generator: each
``yield`` is a safe point where the MicroPython gate collects garbage.
"""

from decktet.rng import Rng


def _check_actions(actions):
    assert isinstance(actions, list), "legal_actions() must return a list"
    previous = -(1 << 29)
    for action in actions:
        assert isinstance(action, int), "actions are ints"
        assert action > previous, "legal actions must be sorted and unique"
        previous = action


def _illegal_samples(actions, rng):
    """A few ints that are not legal now: out of range, and holes near the legal ones."""
    samples = [-1, 1 << 20]
    top = actions[-1] + 40 if actions else 40
    tries = 0
    while len(samples) < 6 and tries < 30:
        candidate = rng.randbelow(top + 1)
        if candidate not in actions:
            samples.append(candidate)
        tries += 1
    return samples


def check_step(engine, game, rng):
    """Check one non-terminal state; returns the legal actions."""
    game.check_invariants()
    actions = game.legal_actions()
    _check_actions(actions)
    assert actions, "a game that is not over must offer an action"
    assert not game.is_over()
    player = game.current_player()
    assert 0 <= player < game.num_players()
    assert isinstance(game.observation(player), dict)
    # describe() the first, the last and a few random legal actions: a game such as
    # Jekyll & Hyde offers over a thousand actions per step.
    count = len(actions)
    for index in (0, count - 1, rng.randbelow(count), rng.randbelow(count)):
        text = game.describe(actions[index])
        assert isinstance(text, str) and text, "describe() must give text"
    saved = game.to_bytes()
    assert isinstance(saved, bytes)
    for bad in _illegal_samples(actions, rng):
        try:
            game.apply_action(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("illegal action %d was accepted" % bad)
        assert game.to_bytes() == saved, "a refused action changed the state"
    clone = engine.Game.from_bytes(saved)
    assert clone.to_bytes() == saved
    assert clone.current_player() == player
    assert clone.legal_actions() == actions
    return actions


def check_save_corruption(engine, saved, rng):
    """A truncated save is refused; a save with one byte changed is refused or valid."""
    for cut in (0, 1, len(saved) // 2, len(saved) - 1):
        try:
            engine.Game.from_bytes(saved[:cut])
        except ValueError:
            pass
        else:
            raise AssertionError("a truncated save (%d bytes) was accepted" % cut)
    data = bytearray(saved)
    index = rng.randbelow(len(data))
    data[index] = (data[index] + 1 + rng.randbelow(255)) & 255
    try:
        loaded = engine.Game.from_bytes(bytes(data))
    except ValueError:
        return
    loaded.check_invariants()


def play_random(engine, seed, options, play_seed=None):
    """Play one random game, checking the contract at every step (a generator)."""
    rng = Rng(seed if play_seed is None else play_seed)
    game = engine.Game(seed, options)
    history = bytearray()
    steps = 0
    while not game.is_over():
        actions = check_step(engine, game, rng)
        if steps % 16 == 0:
            check_save_corruption(engine, game.to_bytes(), rng)
        action = actions[rng.randbelow(len(actions))]
        clone = engine.Game.from_bytes(game.to_bytes())
        game.apply_action(action)
        clone.apply_action(action)
        assert clone.to_bytes() == game.to_bytes(), "a loaded game diverged"
        # Actions are small ints; keep them as 2 bytes each for the replay check.
        history.append(action & 255)
        history.append(action >> 8)
        steps += 1
        assert steps <= engine.MAX_ACTIONS, "game longer than MAX_ACTIONS"
        yield
    game.check_invariants()
    assert game.current_player() == -1
    assert game.legal_actions() == []
    assert len(game.scores()) == game.num_players()
    final = game.to_bytes()
    assert engine.Game.from_bytes(final).to_bytes() == final
    replay = engine.Game(seed, options)
    index = 0
    while index < len(history):
        replay.apply_action(history[index] | history[index + 1] << 8)
        index += 2
    assert replay.to_bytes() == final, "seed, options and actions must give the same game"
    yield


def check_bad_decks(engine, options):
    """An explicit deck that is not a valid deal raises ValueError (never a TypeError)."""
    for bad in ([], [0], ["x"] * 45, list(range(45)) + [0], [0] * 45):
        try:
            engine.Game(0, options, bad)
        except ValueError:
            pass
        else:
            raise AssertionError("a bad deck was accepted")


def run_all(engine, seeds, play_seed_base=0):
    """Play every option set in ``engine.OPTION_SETS`` for each seed (a generator)."""
    for options in engine.OPTION_SETS:
        check_bad_decks(engine, options)
        for seed in seeds:
            for _ in play_random(engine, seed, options, play_seed_base + seed):
                yield
