# SPDX-License-Identifier: MIT
"""
`decktet.search`
================

The one driver of a decision worked out a little each frame (a CPU player's, the Gongor
Whist coach's), loaded only with one of them.

A ``Search`` subclass's ``begin`` sets ``work`` to a generator that yields once per unit
of work; ``step(more)`` runs units until the work is done (then ``finish()``, and True) or
until ``more(units, spent)`` returns False: ``units`` run in this step so far, ``spent``
their estimated cost on the badge in microseconds (the class's ``cost`` a unit, or what a
unit yields: a costlier one says so, e.g. a decision's set-up). The app's
``more`` (``handheld.app.App.more``) ends a step once a frame's worth of work is spent, on
the estimate or on the clock, whichever comes first; ``units(n)`` allows ``n`` units
(tests, the host); ``always`` runs the work to its end. However it is sliced, the work and
its result are the same: a decision depends only on its seed and what it was shown.
"""

try:
    from typing import Any, Callable
except ImportError:
    pass


def always(units: int, spent: int) -> bool:
    """A ``more`` that never ends a step: the work runs to its end."""
    return True


def units(count: int) -> "Callable[[int, int], bool]":
    """A ``more`` that allows ``count`` units a step, whatever they cost."""

    def more(done: int, spent: int) -> bool:
        return done < count

    return more


class Search:
    """A decision spread over frames (see the module docstring)."""

    # A unit's estimated cost on the badge, in microseconds (a subclass sets its own,
    # measured by ``make bench``'s device-time model).
    cost = 1000

    def __init__(self) -> None:
        self.work: Any = None  # the generator, while a decision is under way

    def step(self, more: "Callable[[int, int], bool]") -> bool:
        """Work on the decision while ``more`` allows; True once it is made."""
        work = self.work
        if work is None:
            return True
        cost = self.cost
        done = 0
        spent = 0
        try:
            while True:
                # A unit may yield its own estimate (a costlier one than the class's).
                spent += next(work) or cost
                done += 1
                if not more(done, spent):
                    return False
        except StopIteration:
            self.work = None
            self.finish()
            return True

    def finish(self) -> None:
        """The work has ended (a subclass settles its result here)."""
