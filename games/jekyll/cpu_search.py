# SPDX-License-Identifier: MIT
"""
`games.jekyll.cpu_search`
=========================

The searches of the Jekyll & Hyde CPU (``games.jekyll.cpu``, whose docstring says how it
plays) and their scoring: the opening's search one deep, the beam search after the
transformation, the tricks a turn takes and the value of a node. ``Searcher`` is
``cpu.Player``'s base: the player builds the model from the observation and follows its
plan. The third part of the CPU to load.
"""

from micropython import const

from decktet.search import Search
from games.jekyll.cpu_node import (
    END,
    GAIN,
    HAND,
    HN,
    LEFT,
    NODE,
    NPLAN,
    PLAN,
    PLAYED,
    RIBBON_SIDE,
    WIN,
    N,
    R,
    _apply,
    _first_trick,
    _outcome,
    count,
    counted,
)
from games.jekyll.cpu_survey import BEST, CARDS, MINE, TAKEABLE, TOTAL, Candidates, _survey
from games.jekyll.engine import END_TURN, TAKE_BASE

try:
    from typing import Any, Iterator, List
except ImportError:
    pass

# Beam width of normal's search after the transformation.
_BEAM = const(3)
# Candidates tried by one search after the transformation, at most (the plan is the best
# found by then). With plays and moves only where they can pair (``_candidates``) most
# searches see the whole turn in fewer; the bound keeps the longest turns short
# (``python -m tools.tournament --game jekyll`` measures what a bound costs in games won).
_MAX_TRIED = const(500)
# Candidates tried between two yields of the search.
_CHUNK = const(1)
# What a unit of search costs on the badge, in microseconds, when it costs more than a
# candidate (``Player.cost``), by the device-time model; the search yields it, so that a
# frame's step ends sooner (``decktet.search``). The first unit from a node also counts the
# node and finds its gaps (``Candidates._gaps``; the first of a level also builds that
# level's nodes); a unit whose candidate took tricks scored the node twice.
_FIRST_US = const(10000)
_TAKE_US = const(7000)
# Scoring, in tenths of a point: faces on one's own side, the tricks one action away
# (best one on the side the opponent opens on; all of them, capped, on the other side),
# cards kept in hand, an end the opponent can force, and an end of the game.
_STEER = const(3)
_ONE_OWN = const(6)
_ONE_OTHER = const(4)
_ONE_CAP = const(20)
_POTENTIAL = const(7)
_HAND_CARD = const(3)
_DANGER = const(300)


class Searcher(Search):
    """The searches of ``cpu.Player`` (its base class): ``_search_opening`` and
    ``_search_after`` are generators, one ``yield`` per ``_CHUNK`` candidates tried, that
    leave their choice in ``action``; they start from ``root`` and score nodes with the
    scores ``mine`` and ``theirs`` the player sets.

    :param bool easy: easy looks one action ahead only (a beam one wide).
    """

    # Set by the player: its seat, its tie-breaking generator, and whether it takes a trick.
    seat: int
    rng: Any
    _take_ok: Any

    def __init__(self, easy: bool) -> None:
        super().__init__()
        self.easy = easy
        self.root = bytearray(NODE)
        self._work = bytearray(NODE)
        self._plan = bytearray(NODE)  # the plan chosen (its actions in the header)
        self._plan_root = bytearray(NODE)  # the root it starts from
        self._plan_at = 0  # next plan action to play; 0: no plan
        self._plan_whole = False
        self._next = bytearray(NODE)  # where the plan expects the next call to find the game
        width = 1 if easy else _BEAM
        self._width = width
        self._beam = [bytearray(NODE) for _ in range(2 * width)]
        self._ranks: List[int] = [0] * width
        self._picks: List[int] = [0] * (2 * width)  # (parent, action) per beam slot
        self._best = bytearray(NODE)
        self._counts = bytearray(32)
        self._known = bytearray(32)
        self._candidates = Candidates()
        self._out = bytearray(10)
        self._pot = 0
        self.mine = 0
        self.theirs = 0
        self.action = END_TURN

    def _take_all(self, st: bytearray) -> None:
        """Take the tricks as a turn would: leftmost first, while taking one is not a
        losing end of the game."""
        while not st[END]:
            start = _first_trick(st)
            if start < 0:
                return
            if not self._take_ok(st, start):
                return
            _apply(st, TAKE_BASE + start)

    def _value(self, st: bytearray, opening: bool, counted: bool = False) -> int:
        """The node scored from this seat, the turn ending there (``opening``: before the
        transformation, with the rest of the turn still to come). Also sets ``pot``, what
        a further action could take on the side the ribbon lies on (for ranking unfinished
        plans)."""
        me = self.seat
        self._pot = 0
        if st[END]:
            return _outcome(st, me, self.mine, self.theirs)
        out = self._out
        _survey(st, self._counts, out, counted)
        if st[LEFT]:
            self._pot = _POTENTIAL * out[5 * st[RIBBON_SIDE] + MINE]
        own = 5 * me  # the opponent opens on this side
        other = 5 - own
        cards_own = out[own + CARDS]
        cards_other = out[other + CARDS]
        value = 10 * st[GAIN] + _STEER * (cards_own - cards_other)
        if self.easy:
            return value
        value -= _HAND_CARD * st[PLAYED]
        threats = out[other + TOTAL]
        if threats > _ONE_CAP:
            threats = _ONE_CAP
        if opening:
            # The other side is the opponent's next; the rest of the turn may mend it.
            return value - (_ONE_OTHER >> 1) * threats
        value -= 10 * out[own + TAKEABLE] + _ONE_OWN * out[own + BEST]
        value -= 9 * out[other + TAKEABLE] + _ONE_OTHER * threats
        mine = self.mine + st[GAIN]
        theirs = self.theirs
        # The opponent has four actions: can it turn every face its way and win?
        if cards_own <= 4 and theirs + 5 >= mine:
            value -= _DANGER
        elif cards_other <= 4 and theirs > mine + 5:
            value -= _DANGER
        return value

    def _settle(self, st: bytearray, opening: bool) -> int:
        """Take the tricks the node offers (as a turn would), then score it (``value``;
        ``counts`` holds the node's counts)."""
        value = self._value(st, opening, True)
        if not st[END] and self._out[5 * st[RIBBON_SIDE] + TAKEABLE]:
            self._take_all(st)
            value = self._value(st, opening)
        return value

    def _search_opening(self) -> Iterator[Any]:
        """One action on the opponent's side: every candidate, one deep."""
        self._plan_at = 0
        root = self.root
        work = self._work
        counts = self._counts
        known = self._known
        count(root, known)
        best = -WIN * 4
        tried = 0
        first = True  # the first unit also counts the node and finds its gaps
        for action in self._candidates(root):
            work[:] = root
            _apply(work, action)
            counts[:] = known
            counted(work, action, counts)
            value = self._settle(work, True) * 4 + (self.rng.next() & 3)
            if value > best:
                best = value
                self.action = action
            tried += 1
            if tried == _CHUNK:
                tried = 0
                if first:
                    first = False
                    yield _FIRST_US
                elif work[GAIN] != root[GAIN]:
                    yield _TAKE_US
                else:
                    yield None

    def _search_after(self, must_act: bool) -> Iterator[Any]:
        """Up to the actions left, beam search; the best plan's first action, or END_TURN
        (``must_act``: the first action is compulsory)."""
        if self._plan_at and self._matches():
            # The game went as the plan predicted: its next action.
            chosen = self._plan
            at = self._plan_at
            if at < chosen[NPLAN]:
                self.action = chosen[PLAN + 2 * at] << 8 | chosen[PLAN + 2 * at + 1]
                self._plan_at = at + 1
                self._set_expect(at + 1)
                return
            self._plan_at = 0
            if self._plan_whole:
                # The search saw to the end of the turn: stopping here was its choice.
                return
        self._plan_at = 0
        root = self.root
        work = self._work
        width = self._width
        beam = self._beam
        ranks = self._ranks
        picks = self._picks
        best_node = self._best
        counts = self._counts
        known = self._known  # the counts of the node whose candidates are tried
        best = -WIN * 4
        if not must_act:
            # Ending the turn now (jitter 3: a candidate must do better to be played).
            best = self._value(root, False) * 4 + 3
        best_node[NPLAN] = 0
        # The beam: ``size`` nodes in beam[base : base + size].
        base = 0
        size = 1
        beam[0][:] = root
        depth = root[LEFT]
        if self.easy:
            depth = 1
        # True while the plan may stop early by choice (the search sees the whole turn).
        self._plan_whole = depth == root[LEFT]
        tried = 0
        spent = 0
        for level in range(depth):
            kept = 0
            for b in range(base, base + size):
                node = beam[b]
                count(node, known)
                first = True  # the first unit also counts the node and finds its gaps
                for action in self._candidates(node):
                    spent += 1
                    if spent > _MAX_TRIED:
                        # The bound: the best plan found so far.
                        self._plan_whole = False
                        break
                    work[:] = node
                    _apply(work, action)
                    counts[:] = known
                    counted(work, action, counts)
                    value = self._settle(work, False) * 4 + (self.rng.next() & 3)
                    if value > best:
                        best = value
                        best_node[:] = work
                        plan = work[NPLAN]
                        best_node[PLAN + 2 * plan] = action >> 8
                        best_node[PLAN + 2 * plan + 1] = action & 255
                        best_node[NPLAN] = plan + 1
                    if level + 1 < depth and not work[END]:
                        rank_value = value + 4 * self._pot
                        # Keep the ``width`` best by rank (insertion into a short list).
                        if kept < width or rank_value > ranks[kept - 1]:
                            j = kept if kept < width else width - 1
                            while j > 0 and ranks[j - 1] < rank_value:
                                ranks[j] = ranks[j - 1]
                                picks[2 * j] = picks[2 * j - 2]
                                picks[2 * j + 1] = picks[2 * j - 1]
                                j -= 1
                            ranks[j] = rank_value
                            picks[2 * j] = b
                            picks[2 * j + 1] = action
                            if kept < width:
                                kept += 1
                    tried += 1
                    if tried == _CHUNK:
                        tried = 0
                        if first:
                            first = False
                            yield _FIRST_US
                        elif work[GAIN] != node[GAIN]:
                            yield _TAKE_US
                        else:
                            yield None
            if not kept or spent > _MAX_TRIED:
                break
            # The next level's nodes, in the other half of ``beam``.
            other = width - base
            for j in range(kept):
                node = beam[other + j]
                parent = beam[picks[2 * j]]
                node[:] = parent
                action = picks[2 * j + 1]
                _apply(node, action)
                self._take_all(node)
                plan = node[NPLAN]
                node[PLAN + 2 * plan] = action >> 8
                node[PLAN + 2 * plan + 1] = action & 255
                node[NPLAN] = plan + 1
            base = other
            size = kept
        if best_node[NPLAN] == 0:
            self.action = END_TURN
            return
        self._plan[:] = best_node
        self.action = best_node[PLAN] << 8 | best_node[PLAN + 1]
        # Where the game should be at the next call: after this action and its tricks.
        self._plan_root[:] = root
        self._plan_at = 1
        self._set_expect(1)

    def _matches(self) -> bool:
        """True if the root is the node the plan expects now."""
        root = self.root
        expect = self._next
        if root[N] != expect[N] or root[HN] != expect[HN]:
            return False
        if root[RIBBON_SIDE] != expect[RIBBON_SIDE]:
            return False
        for i in range(R, R + root[N]):
            if root[i] != expect[i]:
                return False
        for i in range(HAND, HAND + root[HN]):
            if root[i] != expect[i]:
                return False
        return root[LEFT] == expect[LEFT]

    def _set_expect(self, count: int) -> None:
        """Replay the plan's first ``count`` actions (with their tricks) from the root of
        the search into ``_work``: where the next call should find the game."""
        plan = self._plan
        work = self._next
        work[:] = self._plan_root
        for k in range(count):
            _apply(work, plan[PLAN + 2 * k] << 8 | plan[PLAN + 2 * k + 1])
            self._take_all(work)
