# SPDX-License-Identifier: MIT
"""
`games.jekyll.cpu`
==================

A computer player for Jekyll & Hyde that reads only ``observation(seat)`` (and remembers
what earlier observations of the same turn showed): never the engine's hidden state.

``Player(seat, strength, seed)``, strength ``"easy"`` or ``"normal"``;
``choose(observation, legal_actions)`` returns the action (``legal_actions`` may be None:
the player then relies on its own model of the rules, which mirrors the engine's, and the
caller may check the action with ``Game.can_apply``). A decision may be spread over
frames (``decktet.search``): ``begin(observation, legal_actions)``, ``step(more)`` until
it returns True (a unit of work is one candidate action tried on the model), then
``result()``. The same seed and the same observations give the same actions.

**The model.** The player rebuilds the ribbon from the observation in a ``bytearray`` (the
engine's byte layout: card code, face side in bit 6; code 63 for a card it has not seen).
Within a turn it remembers the codes it saw before the transformation, so after it the
whole ribbon is known. Every candidate is tried on a copy of this model, never on the game.

**A turn.** Tricks are taken as soon as they are there (unless taking one ends the game in
a loss). The draw takes the apothecary card that best fits the ribbon and the hand. Normal
plans the turn in two searches, both over the same candidates (every flip; every play and
move into a gap where it changes the runs, an end of the ribbon, beside a run of one to
three cards facing the same way, or inside a run of two or more facing the other way, and
where the card lands beside a card facing its way that it could make a trick with):
the opening action on the opponent's side, one deep (the tricks it makes there, faces
turned toward its own side, what it leaves the opponent on that side); then, after the
transformation, a beam search three wide and as deep as the actions left (at most three;
at most ``cpu_search._MAX_TRIED`` candidates), each step followed by the tricks it makes. A plan is
scored as the turn would end there: points taken, minus what the opponent could take next
turn (tricks isolated on either side, the best trick one action away on the side it opens
on, all of them on the other side), plus ``_STEER`` per face on its own side more than on
the other, minus ``_DANGER`` if the opponent could then turn every face its way and win;
a finished game is a win or a loss. Unfinished plans are ranked with the tricks one more
action (a hand card included) could isolate. The plan is kept while the game goes as it
predicted, else the search runs again. Easy looks one action ahead only and values only the
points and the faces on its own side: it leaves the opponent what it leaves.

The player is loaded in parts, one a frame (``games.jekyll.screens.CpuScreen``): the model
(``games.jekyll.cpu_node``), what it reads in a node (``games.jekyll.cpu_survey``: the
survey a score reads, the candidate actions), the searches and their scoring
(``games.jekyll.cpu_search``, the player's base class), then this module: the player, the
model built from the observation, its memory of the turn and its plan.
"""

from decktet.rng import Rng
from decktet.search import always
from games.jekyll.cpu_node import (
    END,
    GAIN,
    HAND,
    HN,
    LEFT,
    NODE,
    NPLAN,
    PLAYED,
    RANKS,
    RIBBON_SIDE,
    UNSEEN,
    WILD,
    N,
    R,
    _apply,
    _first_trick,
    _outcome,
    points,
)
from games.jekyll.cpu_search import Searcher
from games.jekyll.engine import (
    CODE_BITS,
    DRAW_BASE,
    END_TURN,
    FACE_BIT,
    FACE_SHIFT,
    PHASE_AFTER,
    PHASE_DRAW,
    PHASE_FIRST,
    PHASE_OPENING,
    PHASE_TRANSFORM,
    TAKE_BASE,
    TRANSFORM,
)

try:
    from typing import Any, Dict, Iterator, Optional, Sequence
except ImportError:
    pass


class Player(Searcher):
    """A Jekyll & Hyde computer player for one seat (see the module docstring).

    :param int seat: 0 (Dr. Jekyll) or 1 (Mr. Hyde).
    :param str strength: ``"easy"`` or ``"normal"``.
    :param int seed: seeds its tie-breaking generator (0 <= seed < 2**30).
    """

    cost = 2300  # a candidate tried, in microseconds on the badge (make timing's model)

    def __init__(self, seat: int, strength: str = "normal", seed: int = 0) -> None:
        if strength not in ("easy", "normal"):
            raise ValueError("strength is easy or normal")
        super().__init__(strength == "easy")
        self.seat = seat
        self.rng = Rng(seed)
        self._mem = bytearray(NODE)  # the model after the last action chosen
        self._mem_turn = 0  # the turn it belongs to (0: none)
        self._tmp = bytearray(NODE)  # scratch of take_ok
        self._turn = 0
        self._legal: Optional[Sequence[int]] = None

    def choose(self, observation: Dict[str, Any], legal_actions: Optional[Sequence[int]]) -> int:
        """The action to play now (one of ``legal_actions`` when a list is given)."""
        self.begin(observation, legal_actions)
        self.step(always)
        return self.action

    def begin(self, observation: Dict[str, Any], legal_actions: Optional[Sequence[int]]) -> None:
        """Start a decision; then call ``step`` until it returns True."""
        self._legal = legal_actions
        self.work = self._decide(observation)

    def result(self) -> int:
        """The action chosen (finishes the search first if ``step`` was not run to its end)."""
        self.step(always)
        return self.action

    def _build(self, obs: Dict[str, Any]) -> None:
        """The root node from the observation and what the player remembers of this turn."""
        root = self.root
        mem = self._mem
        ribbon = obs["ribbon"]
        face_up = obs["face_up"]
        side = obs["side"]
        n = len(ribbon)
        known = self._mem_turn == obs["turn"] and mem[N] == n
        for i in range(n):
            face = side if face_up[i] else side ^ 1
            code = ribbon[i] if face_up[i] else UNSEEN
            if known:
                value = mem[R + i]
                seen = value & CODE_BITS
                if value >> FACE_SHIFT != face or (face_up[i] and seen != code and seen != UNSEEN):
                    known = False
                elif not face_up[i]:
                    code = value & CODE_BITS
            root[R + i] = code | face << FACE_SHIFT
        if not known:
            # What it remembered does not fit: forget the face-down codes.
            for i in range(n):
                if not face_up[i]:
                    root[R + i] = UNSEEN | (side ^ 1) << FACE_SHIFT
        hand = obs["hand"]
        for i in range(len(hand)):
            root[HAND + i] = hand[i]
        root[N] = n
        root[RIBBON_SIDE] = side
        root[HN] = len(hand)
        root[GAIN] = 0
        root[END] = 0
        root[LEFT] = obs["actions_left"]
        root[PLAYED] = 0
        root[NPLAN] = 0
        self._turn = obs["turn"]
        scores = obs["scores"]
        self.mine = scores[self.seat]
        self.theirs = scores[1 - self.seat]

    def finish(self) -> None:
        """Remember the model after the action chosen, and make sure it is legal."""
        action = self.action
        legal = self._legal
        if legal is not None and action not in legal:
            # Never expected; a legal fallback keeps the game going.
            action = (
                END_TURN if END_TURN in legal else (TRANSFORM if TRANSFORM in legal else legal[0])
            )
            self.action = action
            self._plan_at = 0
        mem = self._mem
        mem[:] = self.root
        if action < DRAW_BASE or action == TRANSFORM:
            _apply(mem, action)
        self._mem_turn = self._turn

    def _take_ok(self, st: bytearray, start: int) -> bool:
        """True unless taking the trick at ``start`` ends the game in a loss."""
        tmp = self._tmp
        tmp[:] = st
        _apply(tmp, TAKE_BASE + start)
        return not tmp[END] or _outcome(tmp, self.seat, self.mine, self.theirs) > 0

    def _decide(self, obs: Dict[str, Any]) -> Iterator[Any]:
        """The decision as a generator: one ``yield`` per ``_CHUNK`` candidates."""
        self.action = END_TURN
        phase = obs["phase"]
        if obs["over"] or obs["current"] != self.seat:
            self._turn = obs["turn"]
            return
        self._build(obs)
        root = self.root
        if phase == PHASE_DRAW:
            self.action = self._draw(obs)
            return
        # Tricks first, at any time of the turn.
        start = _first_trick(root)
        if start >= 0 and self._take_ok(root, start):
            self.action = TAKE_BASE + start
            return
        if phase == PHASE_TRANSFORM:
            self.action = TRANSFORM
            return
        if phase == PHASE_OPENING:
            yield from self._search_opening()
            return
        if phase != PHASE_AFTER and phase != PHASE_FIRST:
            return
        if not root[LEFT]:
            return
        yield from self._search_after(phase == PHASE_FIRST and root[LEFT] == 3)

    def _draw(self, obs: Dict[str, Any]) -> int:
        """The pile to draw from: the top card that best fits what the player sees."""
        counts = obs["pile_counts"]
        tops = obs["pile_tops"]
        best = -1
        pick = 0
        root = self.root
        for pile in range(len(counts)):
            if not counts[pile]:
                continue
            card = tops[pile]
            score = self.rng.randbelow(4)
            if card >= 0 and not self.easy:
                score += 4 * self._fit(root, card)
            elif card >= 0:
                score += self._fit(root, card)
            if score > best:
                best = score
                pick = pile
        return DRAW_BASE + pick

    def _fit(self, st: bytearray, card: int) -> int:
        """How well a drawn card fits: a pair it completes on the side the ribbon lies on
        (a trick at the opening), a wild, cards of its rank in the hand."""
        want = RANKS[card]
        fit = 0
        if want >= WILD:
            fit += 2
        for at in range(HAND, HAND + st[HN]):
            if RANKS[st[at]] == want:
                fit += 1
        face = st[RIBBON_SIDE] << FACE_SHIFT
        n = st[N]
        i = 0
        while i < n:
            if st[R + i] & FACE_BIT != face:
                i += 1
                continue
            a = i
            while i < n and st[R + i] & FACE_BIT == face:
                i += 1
            if i - a == 2 and points(st[R + a], st[R + a + 1], card):
                fit += 5
        return fit
