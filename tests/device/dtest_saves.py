"""Device-side tests of when a game is written to nvm (``handheld.app.Autosave``): the
write budget's token bucket, and the saves it cannot hold back (CPython, MicroPython and
CircuitPython). The whole policy in play: tests/test_saves.py."""

from handheld.app import Autosave

_WRITE = 225000  # ms of credit a write costs (16 an hour)
_WRAP = 1 << 29  # supervisor.ticks_ms wraps here


def _policy(start=0):
    """A policy whose bucket is empty at ``start`` (the one write it starts with spent)."""
    policy = Autosave(start)
    policy._spend(1)
    return policy


def test_nothing_unsaved_is_never_due():
    policy = Autosave(0)
    assert not policy.due(0) and not policy.due(3600000)


def test_steady_play_waits_for_a_pause_an_old_enough_change_and_a_write_in_hand():
    policy = Autosave(0)  # one write in hand
    policy._unsaved_since = 1000
    policy._last_key = 29000
    assert not policy.due(30000)  # the oldest change is 29 s old
    policy._last_key = 61000
    assert not policy.due(61500)  # the keys paused only 0.5 s
    assert policy.due(62000)
    policy._spend(1)
    policy._unsaved_since = 62500
    policy._last_key = 200000
    policy._earn(201000)
    assert not policy.due(201000)  # the bucket has not earned the next write yet
    policy._earn(_WRITE + 1000)
    policy._last_key = _WRITE
    assert policy.due(_WRITE + 1000)


def test_a_rest_of_10_s_or_a_change_295_s_old_is_saved_whatever_the_bucket():
    policy = _policy()
    policy._spend(2)  # a game's end and a quit took it below empty
    policy._unsaved_since = 0
    policy._last_key = 5000
    assert not policy.due(14999)
    assert policy.due(15000)  # 10 s without a key
    policy._last_key = 294000  # steady play, a key every few seconds
    assert not policy.due(294500)
    assert policy.due(295000)  # the oldest unsaved change is 4 min 55 s old


def test_the_bucket_holds_two_writes_and_its_debt_is_bounded():
    policy = Autosave(0)
    policy._earn(10 * _WRITE)
    assert policy.credit == 2 * _WRITE
    policy._spend(10)
    assert policy.credit == -2 * _WRITE
    policy._earn(10 * _WRITE + 4 * _WRITE)
    assert policy.credit == 2 * _WRITE


def test_the_clock_may_wrap():
    start = _WRAP - 1000
    policy = _policy(start)
    policy._unsaved_since = start
    policy._last_key = start
    now = (start + 10000) % _WRAP
    assert now < start and policy.due(now)
    policy._earn(now)
    assert policy.credit == 10000
