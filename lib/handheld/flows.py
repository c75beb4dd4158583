# SPDX-License-Identifier: MIT
"""
`handheld.flows`
================

The one driver of a CPU's turn that every game's flow uses (every CPU player's, and a
coach's; the flow contract is docs/FLOW.md, its ``REFUSED`` and ``EVENT_NONE`` are in
``handheld.keys``). Loaded only with a CPU or a coach.

``Thinker`` spreads a decision (a ``decktet.search.Search``: a CPU player, the coach) over
frames and times what follows it: ``begin`` starts one, ``step(more)`` works on it a
frame's worth (``more``, see ``decktet.search``) and says when its result may be taken
(with ``wait``, only the frame after the search ends: the frame that ends a search does
nothing else, so frames stay short), ``result`` takes it; ``show(now)`` puts the move on
show (``show(-1)``: what follows it at once) and ``shown(now)`` says when it has been on
show for ``hold`` ms. The flow keeps its
players (a CPU remembers what it saw) and applies the moves; the screens run no loop.
"""

from handheld.keys import ticks_diff

try:
    from typing import Any, Callable
except ImportError:
    pass


class Thinker:
    """One decision at a time over frames, and the show of its move (see the module
    docstring).

    :param int hold: how long a move stays on show (ms; ``show``/``shown``)
    :param bool wait: the result is taken the frame after the search ends, not in it
    """

    def __init__(self, hold: int = 0, wait: bool = True) -> None:
        # The player that decides (kept between decisions; the flow may park what it
        # needs there before the first, e.g. the class it is about to make).
        self.player: Any = None
        self.busy = False  # a decision under way (``begin`` .. ``result``)
        self.hold = hold
        self.wait = wait
        self.shown_at = -1  # when the move on show went up (ms), -1: none, or skipped

    def begin(self, player: Any, *what: Any) -> None:
        """Start ``player``'s decision: its ``begin(*what)`` (what it is shown: the
        observation, and the legal actions for a CPU)."""
        self.player = player
        self.busy = True
        player.begin(*what)

    def step(self, more: "Callable[[int, int], bool]") -> bool:
        """Work on the decision while ``more`` allows (None, as a test may give a flow's
        ``tick``: the whole decision at once); True once its result may be taken (with
        ``wait``, from the frame after the one in which the search ended). False while no
        decision is under way."""
        if not self.busy:
            return False
        if more is None:
            from decktet.search import always

            more = always
        player = self.player
        searching = player.work is not None
        if not player.step(more):
            return False
        return not (self.wait and searching)

    def result(self) -> Any:
        """The decision (finished first if need be); the thinker is free again."""
        self.busy = False
        return self.player.result()

    def show(self, now: int) -> None:
        """A move went on show at ``now`` (ms, wrapping ticks); -1: what follows it is due
        at once (the player pressed A, or the show starts)."""
        self.shown_at = now

    def shown(self, now: int) -> bool:
        """True once the move has been on show ``hold`` ms (or was skipped)."""
        return self.shown_at < 0 or ticks_diff(now, self.shown_at) >= self.hold
