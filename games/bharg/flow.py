# SPDX-License-Identifier: MIT
"""
`games.bharg.flow`
==================

The display-free half of Bharg's screens: set-up rows to option bits, the hand laid out
by its best arrangement, the pile cursor to actions, and the texts (turn summary, round
result, scoreboard, match result). Runs on MicroPython too (tests/device/dtest_bharg_flow.py).

Seats are shown as "Player 1".."Player 3" (seat 0 is Player 1, the device's owner).
"""

from micropython import const

from decktet.cards import name
from games.bharg.engine import (
    DRAW_DECK,
    FROM_DECK,
    OPT_EXCUSE,
    OPT_ONE_ROUND,
    OPT_PAWNS,
    OPT_TARGET_25,
    OPT_TARGET_100,
    OPT_THREE_PLAYERS,
    TAKE_DISCARD,
)
from handheld.store import SET_BHARG_TARGET, SETTING_CHOICES

try:
    from typing import Any, Dict, List, Sequence, Tuple
except ImportError:
    pass

# Set-up rows (the Deck row uses handheld.registry.DECK_CHOICES: Basic, +Pawns, +Excuse, +Both).
PLAYER_CHOICES = ("2", "3")
# The Settings screen's own choices, so the saved setting is the Target row's index.
TARGET_CHOICES = SETTING_CHOICES[SET_BHARG_TARGET]
ROW_PLAYERS = const(0)
ROW_TARGET = const(1)
ROW_DECK = const(2)
_TARGET_BITS = (OPT_TARGET_25, 0, OPT_TARGET_100, OPT_ONE_ROUND)
_DECK_BITS = (0, OPT_PAWNS, OPT_EXCUSE, OPT_PAWNS | OPT_EXCUSE)

# Hand marks (one per shown card).
MARK_NONE = const(0)  # unbound: counts against its holder
MARK_SET = const(1)  # in a set (sets alternate MARK_SET / MARK_SET_2 so neighbours differ)
MARK_SET_2 = const(2)
MARK_ACE = const(3)  # bound by the Ace Pile top (or the Excuse, always bound)

# The summary lines' width in the small font (32 columns, less a 2 px margin).
SUMMARY_COLUMNS = const(31)

# Pile cursor positions in the draw phase.
PILE_DECK = const(0)
PILE_DISCARD = const(1)


def options_from_values(values: Sequence[int]) -> int:
    """Engine option bits from the set-up rows' chosen indices (Players, Target, Deck)."""
    options = _TARGET_BITS[values[ROW_TARGET]] | _DECK_BITS[values[ROW_DECK]]
    if values[ROW_PLAYERS] == 1:
        options |= OPT_THREE_PLAYERS
    return options


def player_name(seat: int) -> str:
    """ "Player 1" for seat 0."""
    return "Player %d" % (seat + 1)


def hand_layout(
    arrangement: Tuple[List[List[int]], List[int], List[int]],
) -> Tuple[List[int], bytearray, bytearray]:
    """The hand in display order with a mark and a group number per card.

    Order: each set, then the other bound cards, then the unbound ones; a new group
    starts at each of those boundaries (the screen leaves a gap there).
    Returns ``(cards, marks, groups)``.
    """
    sets, bound, unbound = arrangement
    count = len(bound) + len(unbound)
    for group in sets:
        count += len(group)
    cards = []  # type: List[int]
    marks = bytearray(count)
    groups = bytearray(count)
    group_no = 0
    set_no = 0
    for members in sets:
        for card in members:
            marks[len(cards)] = MARK_SET if set_no % 2 == 0 else MARK_SET_2
            groups[len(cards)] = group_no
            cards.append(card)
        set_no += 1
        group_no += 1
    for part, mark in ((bound, MARK_ACE), (unbound, MARK_NONE)):
        if part:
            for card in part:
                marks[len(cards)] = mark
                groups[len(cards)] = group_no
                cards.append(card)
            group_no += 1
    return cards, marks, groups


def slot_xs(groups: Sequence[int], width: int, card_w: int, gap: int, group_gap: int) -> List[int]:
    """x of each card laid out in ``width`` px, centred, ``group_gap`` extra px between
    groups; cards overlap evenly when they do not fit side by side."""
    count = len(groups)
    if not count:
        return []
    breaks = 0
    i = 1
    while i < count:
        if groups[i] != groups[i - 1]:
            breaks += 1
        i += 1
    stride = card_w + gap
    if count > 1:
        room = (width - card_w - breaks * group_gap) // (count - 1)
        if room < stride:
            stride = room
    total = card_w + (count - 1) * stride + breaks * group_gap
    x = (width - total) // 2
    out = [x]
    i = 1
    while i < count:
        x += stride
        if groups[i] != groups[i - 1]:
            x += group_gap
        out.append(x)
        i += 1
    return out


def pile_action(pile: int) -> int:
    """The draw-phase action for a pile cursor position."""
    return TAKE_DISCARD if pile == PILE_DISCARD else DRAW_DECK


def turn_text(seat: int, took: int, discarded: int) -> str:
    """One seat's last turn in at most ``SUMMARY_COLUMNS`` characters, e.g.
    "P1 took Sea, out Mill" or "P1 drew, out Ace Moons" (a long taken name is cut short)."""
    if discarded < 0:
        return "P%d: no turn yet" % (seat + 1)
    tail = ", out " + _short(discarded)
    if took == FROM_DECK:
        return "P%d drew%s" % (seat + 1, tail)
    head = "P%d took " % (seat + 1)
    taken = _short(took)
    room = SUMMARY_COLUMNS - len(head) - len(tail)
    if len(taken) > room:
        taken = taken[: room - 1] + "."
    return head + taken + tail


def _short(card: int) -> str:
    """A card name short enough for the summary line ("Ace Moons" for "Ace of Moons")."""
    text = name(card)
    if card < 6:
        return "Ace " + text[7:]
    return text


def turn_summary(observation: Dict[str, Any]) -> List[str]:
    """What the other seats did since this seat's last turn: one line per other seat, in
    turn order starting after this seat (empty at the start of a round before anyone
    played)."""
    seat = observation["player"]
    last = observation["last_turns"]
    count = len(last)
    lines = []  # type: List[str]
    step = 1
    while step < count:
        other = (seat + step) % count
        took, discarded = last[other]
        if discarded >= 0:
            lines.append(turn_text(other, took, discarded))
        step += 1
    return lines


def round_text(observation: Dict[str, Any]) -> str:
    """The round result for the title bar: "P2 wins 17 pts" or "no score"."""
    result = observation["round_result"]
    if result is None:
        return ""
    if result["winner"] < 0:
        # Why (turn limit, rebuilt twice) goes on the round-end screen's hint line.
        return "no score"
    return "P%d wins %d pts" % (result["winner"] + 1, result["points"])


def target_text(observation: Dict[str, Any]) -> str:
    """ "to 50", or "1 round" for a single-round game."""
    target = observation["target"]
    if target == 0:
        return "1 round"
    return "to %d" % target


def match_text(observation: Dict[str, Any]) -> str:
    """The match result: the winner with the final scores, or a draw."""
    winner = observation["match_winner"]
    scores = observation["scores"]
    parts = []
    seat = 0
    while seat < len(scores):
        parts.append("P%d %d" % (seat + 1, scores[seat]))
        seat += 1
    head = "Draw" if winner < 0 else "%s wins!" % player_name(winner)
    return head + "  " + "  ".join(parts)


def won_for_stats(observation: Dict[str, Any]) -> bool:
    """Statistics count every finished match as played and as won when Player 1 (the
    device's owner, seat 0) won it."""
    return observation["match_winner"] == 0
