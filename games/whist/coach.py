# SPDX-License-Identifier: MIT
"""
`games.whist.coach`
===================

A bidding coach for Gongor Whist, from what the player can see (``observation(0)`` only).

``Coach(seed)``: ``suggest(observation)`` returns ``(bid, expected_tenths, chance)``: the
suggested bid, the tricks it expects to take playing for that bid (in tenths), and the
chance of making it (percent). A suggestion may be spread over frames:
``begin(observation)``, ``step(more)`` (``decktet.search``) until it returns True (a unit
of work is one simulated hand played for one bid), then ``result()``. The same seed and
observation give the same suggestion.

How: the dummy's cards are dealt at random from the cards the player has not seen, as the
real deal would deal them: the main deck (the Pawns when it has them, ``pawns``; the
Excuse when it has it, ``excuse``) less the hand and, in easy mode, the fore hand's tricks,
``_SAMPLES`` times. The Ace stack is dealt with them: ``aces_left`` Aces in random order,
from the Aces not turned (easy mode knows which; hardball, any but the trump's). Each deal
is played out for every bid with ``play_hint``'s plan: while short of the bid, win the
trick as cheaply as possible; once there, lose it, shedding the most dangerous card;
twiddle trump when the trick would otherwise go the wrong way. The bid suggested is the
one made most often (the higher expected score between equals).

``play_hint(observation)``: that plan's action in the play and twiddle phases (the card to
play, ``TWIDDLE`` or ``KEEP``); the tournament tool plays the hands with it.
"""

from micropython import const

from decktet.cards import (
    EXCUSE,
    FIRST_ACE,
    FIRST_COURT,
    FIRST_NUMBER,
    FIRST_PAWN,
    NUM_CARDS,
    suits,
)
from decktet.rng import Rng
from decktet.search import Search, always
from games.whist.engine import (
    KEEP,
    PHASE_BID,
    PHASE_PLAY,
    PHASE_TWIDDLE,
    TWIDDLE,
    player_wins,
    strength,
)

try:
    from typing import Any, Dict, Iterator, List, Sequence, Tuple
except ImportError:
    pass

# Deals simulated per suggestion.
_SAMPLES = const(24)
_MAX_HAND = const(8)
_MAX_BIDS = const(9)  # bids 0..8
_ACES = const(6)
_UNDER = const(2)
_NOT_AT = const(255)


# Each card's suit mask (``suits``) and strength (``strength``), read in the simulation's
# inner loops instead of calling those functions: the same answers, far fewer calls.
_SUIT = bytes([suits(card) for card in range(NUM_CARDS)])
_POWER = bytes([strength(card) for card in range(NUM_CARDS)])


def _wins(mine: int, dummy: int, trump: int) -> bool:
    """``engine.player_wins`` on the tables above."""
    if mine == EXCUSE or dummy == EXCUSE:
        return False
    suit = _SUIT
    my_trump = suit[mine] & trump
    dummy_trump = suit[dummy] & trump
    if my_trump and not dummy_trump:
        return True
    if dummy_trump and not my_trump:
        return False
    if not my_trump and not suit[mine] & suit[dummy]:
        return False
    return _POWER[mine] > _POWER[dummy]


def _pick(hand: Sequence[int], count: int, lead: int, trump: int, want_win: bool) -> int:
    """Index in ``hand[:count]`` of the card the plan plays on ``lead``: the cheapest
    winner while ``want_win``, else the strongest loser (the Excuse when every other card
    would win); if the wish cannot be met, the weakest card."""
    suit = _SUIT
    strong = _POWER
    led = suit[lead]
    led_trump = led & trump
    led_power = strong[lead]
    must_follow = False
    for i in range(count):
        card = hand[i]
        if card != EXCUSE and suit[card] & led:
            must_follow = True
            break
    best = -1
    best_key = 0
    fallback = -1
    fallback_key = 0
    for i in range(count):
        card = hand[i]
        mask = suit[card]
        if must_follow and card != EXCUSE and not mask & led:
            continue
        my_trump = mask & trump
        # _wins(card, lead, trump), written out: this is the simulation's innermost loop.
        if card == EXCUSE or lead == EXCUSE:
            wins = False
        elif my_trump:
            wins = not led_trump or strong[card] > led_power
        elif led_trump or not mask & led:
            wins = False
        else:
            wins = strong[card] > led_power
        power = strong[card] + (16 if my_trump else 0)
        if wins == want_win:
            # Win cheaply; lose with the card most likely to win a later trick.
            key = 64 - power if want_win else power + (0 if card == EXCUSE else 32)
            # Ties go to the lowest card code: the same card whatever the hand's order
            # (``play_hint`` sees it sorted, the play-out reorders it as it plays).
            if best < 0 or key > best_key or (key == best_key and card < hand[best]):
                best = i
                best_key = key
        else:
            # Cannot do as wished: give the card that matters least (the Excuse first
            # when a trick cannot be won; the weakest winner when it cannot be lost).
            key = 64 - power if card != EXCUSE else 96
            if (
                fallback < 0
                or key > fallback_key
                or (key == fallback_key and card < hand[fallback])
            ):
                fallback = i
                fallback_key = key
    return best if best >= 0 else fallback


def _unseen_aces(obs: Dict[str, Any], out: bytearray) -> int:
    """The Aces that may still be turned, into ``out``; how many. Easy mode knows which
    were turned (as many as ``aces_left``); hardball only knows the trump's Ace is not in
    the stack: any other may be (more than ``aces_left`` of them, unless all 5 are left)."""
    turned = obs["aces_turned"]
    trump = obs["trump"]
    count = 0
    for ace in range(FIRST_ACE, FIRST_NUMBER):
        if turned is not None:
            if ace in turned:
                continue
        elif suits(ace) == trump:
            continue
        out[count] = ace
        count += 1
    return count


def play_hint(observation: Dict[str, Any]) -> int:
    """The coach's plan for the play and twiddle phases (see the module docstring): a card
    code, ``TWIDDLE`` or ``KEEP``; -1 in other phases."""
    obs = observation
    phase = obs["phase"]
    want_win = obs["tricks_won"] < obs["bid"]
    trump = obs["trump"]
    lead = obs["dummy_card"]
    if phase == PHASE_PLAY:
        hand = obs["hand"]
        return hand[_pick(hand, len(hand), lead, trump, want_win)]
    if phase != PHASE_TWIDDLE:
        return -1
    mine = obs["played_card"]
    if player_wins(mine, lead, trump) == want_win:
        return KEEP
    if not obs["aces_left"]:
        return TWIDDLE if player_wins(mine, lead, 0) == want_win else KEEP
    aces = bytearray(_ACES)
    count = _unseen_aces(obs, aces)
    for i in range(count):
        if player_wins(mine, lead, suits(aces[i])) == want_win:
            return TWIDDLE
    return KEEP


class Coach(Search):
    """Suggests a bid from the player's observation (see the module docstring).

    :param int seed: seeds the deals it simulates (0 <= seed < 2**30).
    :param int samples: deals per suggestion.
    """

    cost = 1700  # a hand played for one bid, in microseconds on the badge (make bench)

    def __init__(self, seed: int = 0, samples: int = _SAMPLES) -> None:
        super().__init__()
        self.seed = seed
        self.samples = samples
        self._unseen = bytearray(NUM_CARDS)
        self._hand = bytearray(_MAX_HAND)
        self._play = bytearray(_MAX_HAND)
        # Where the highest bid's play-out stood when it had first taken ``b`` tricks, for
        # each bid ``b`` below it (``_simulate``): the trick, trump, Aces turned, the hand.
        self._at = bytearray(_MAX_BIDS)
        self._at_trump = bytearray(_MAX_BIDS)
        self._at_turned = bytearray(_MAX_BIDS)
        self._at_hand = bytearray(_MAX_BIDS * _MAX_HAND)
        self._aces = bytearray(_ACES)
        self._made = bytearray(_MAX_BIDS)
        self._won: List[int] = [0] * _MAX_BIDS
        self._result = (1, 0, 0)

    def suggest(self, observation: Dict[str, Any]) -> Tuple[int, int, int]:
        """``(bid, expected tricks in tenths, chance of making it in percent)``."""
        self.begin(observation)
        return self.result()

    def begin(self, observation: Dict[str, Any]) -> None:
        """Start a suggestion; then call ``step`` until it returns True."""
        self.work = self._simulate(observation)

    def result(self) -> Tuple[int, int, int]:
        """The suggestion (finishes the simulation first if needed)."""
        self.step(always)
        return self._result

    def _simulate(self, obs: Dict[str, Any]) -> Iterator[None]:
        """The simulation as a generator: one ``yield`` per simulated hand."""
        hand = obs["hand"]
        size = len(hand)
        low = obs["min_bid"]
        high = obs["max_bid"]
        if obs["phase"] != PHASE_BID or not size:
            self._result = (low, 0, 0)
            return
        mine = self._hand
        seed = self.seed
        for i in range(size):
            mine[i] = hand[i]
            seed = (seed * 31 + hand[i] + 1) % 1000003
        rng = Rng(seed)
        # The cards the dummy may hold: not in the hand, not seen in the fore hand.
        seen = bytearray(NUM_CARDS)
        for card in hand:
            seen[card] = 1
        fore = obs["fore_tricks"]
        if fore:
            for trick in fore:
                seen[trick[0]] = 1
                seen[trick[1]] = 1
        pawns = obs["pawns"]
        excuse = obs["excuse"]
        unseen = self._unseen
        count = 0
        for card in range(FIRST_NUMBER, NUM_CARDS):
            if seen[card] or FIRST_COURT <= card < EXCUSE:
                continue
            if FIRST_PAWN <= card < FIRST_COURT and not pawns:
                continue
            if card == EXCUSE and not excuse:
                continue
            unseen[count] = card
            count += 1
        aces = self._aces
        # The stack: ``n_aces`` Aces, drawn from the ``pool`` that may be in it.
        pool = _unseen_aces(obs, aces)
        _n_aces = min(obs["aces_left"], pool)
        # Shuffling the first ``n_aces`` places is enough; the last of the pool's would
        # swap with itself.
        shuffled = min(_n_aces, pool - 1)
        made = self._made
        won = self._won
        for bid in range(_MAX_BIDS):
            made[bid] = 0
            won[bid] = 0
        play = self._play
        trump = obs["trump"]
        for _ in range(self.samples):
            # A deal: the dummy's cards are the first ``size`` of the unseen, shuffled;
            # the Ace stack the first ``n_aces`` of the pool, shuffled too.
            for i in range(size):
                j = i + rng.randbelow(count - i)
                unseen[i], unseen[j] = unseen[j], unseen[i]
            for i in range(shuffled):
                j = i + rng.randbelow(pool - i)
                aces[i], aces[j] = aces[j], aces[i]
            # Every bid's play-out is the highest bid's until it has taken as many tricks as
            # it bids, then plays to lose: the highest bid is played out once, noting where
            # it stood at each count of tricks, and each lower bid goes on from there.
            for i in range(size):
                play[i] = mine[i]
            top = _play_out(play, size, 0, unseen, trump, aces, _n_aces, 0, 0, high, self, low)
            for bid in range(low, high + 1):
                took = top
                if bid < high and self._at[bid] != _NOT_AT:
                    start = self._at[bid]
                    base = bid * _MAX_HAND
                    for i in range(size - start):
                        play[i] = self._at_hand[base + i]
                    took = _play_out(
                        play,
                        size,
                        start,
                        unseen,
                        self._at_trump[bid],
                        aces,
                        _n_aces,
                        self._at_turned[bid],
                        bid,
                        bid,
                        None,
                        0,
                    )
                won[bid] += took
                if took == bid:
                    made[bid] += 1
                yield
        best = low
        best_key = -1
        for bid in range(low, high + 1):
            # Made most often; between equals, the better expected score.
            key = made[bid] * 64 + bid
            if key > best_key:
                best_key = key
                best = bid
        samples = self.samples
        self._result = (
            best,
            (won[best] * 10 + samples // 2) // samples,
            (made[best] * 100 + samples // 2) // samples,
        )


def _play_out(
    hand: bytearray,
    size: int,
    first: int,
    dummy: bytearray,
    trump: int,
    aces: bytearray,
    _n_aces: int,
    turned: int,
    won: int,
    bid: int,
    notes: Any,
    low: int,
) -> int:
    """Tricks the plan takes for ``bid``, from trick ``first`` on (``won`` taken so far,
    ``turned`` Aces turned), with ``hand`` (the ``size - first`` cards left; consumed)
    against the dummy's cards ``first..size-1`` in order, trump ``trump``, the Ace stack
    ``aces``. With ``notes`` (a ``Coach``), where it stands when it has first taken ``b``
    tricks, for each ``b`` from ``low`` below ``bid``, goes into its ``_at*`` buffers
    (``_at[b]`` stays ``_NOT_AT`` for a count never reached)."""
    count = size - first
    if notes is not None:
        at = notes._at
        for b in range(_MAX_BIDS):
            at[b] = _NOT_AT
    for trick in range(first, size):
        if notes is not None and low <= won < bid and notes._at[won] == _NOT_AT:
            notes._at[won] = trick
            notes._at_trump[won] = trump
            notes._at_turned[won] = turned
            base = won * _MAX_HAND
            for i in range(count):
                notes._at_hand[base + i] = hand[i]
        lead = dummy[trick]
        want_win = won < bid
        i = _pick(hand, count, lead, trump, want_win)
        card = hand[i]
        count -= 1
        hand[i] = hand[count]
        wins = _wins(card, lead, trump)
        if wins != want_win and trump:
            # As ``play_hint``: twiddle if some Ace still to come (or no trump, once the
            # stack is empty) would turn the trick; the next one in the deal decides.
            helps = turned >= _n_aces and _wins(card, lead, 0) == want_win
            k = turned
            while not helps and k < _n_aces:
                helps = _wins(card, lead, _SUIT[aces[k]]) == want_win
                k += 1
            if helps:
                trump = _SUIT[aces[turned]] if turned < _n_aces else 0
                turned += 1
                wins = _wins(card, lead, trump)
        if wins:
            won += 1
    return won
