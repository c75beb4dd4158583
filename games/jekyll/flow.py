# SPDX-License-Identifier: MIT
"""
`games.jekyll.flow`
===================

Display-free logic of the Jekyll & Hyde screens: set-up rows to option bits, the action
menu's legal items (through the engine's allocation-free ``can_apply``), cursor positions
to actions (play at a gap, move a card to a gap, flip, take), the ribbon viewport's
scrolling, and the texts of the info line and the result. Runs on MicroPython
(tests/device/dtest_jekyll_flow.py).

Gaps. A gap is a place between ribbon cards: gap ``g`` (0..n) lies before card ``g``
(gap n is the right end). A play lands at its gap. A move of the card at ``source`` to
gap ``g`` ends at index ``g`` when ``g < source``, else ``g - 1``; gaps ``source`` and
``source + 1`` would leave the card where it is, so the move cursor skips them.
"""

from micropython import const

from games.jekyll import engine

try:
    from typing import Any, Dict, List, Tuple
except ImportError:
    pass

SEAT_NAMES = ("Dr. Jekyll", "Mr. Hyde")
SHORT_NAMES = ("Jekyll", "Hyde")

# Action menu items, left to right; the last one is "Transform" or "End turn" by phase
# (never both legal at once).
ITEM_PLAY = const(0)
ITEM_MOVE = const(1)
ITEM_FLIP = const(2)
ITEM_TAKE = const(3)
ITEM_LAST = const(4)
ITEM_COUNT = const(5)
ITEM_NAMES = ("Play", "Move", "Flip", "Take")

HANDICAP_MAX = const(7)


def handicap_choices() -> Tuple[str, ...]:
    """Set-up choices for the handicap row: "Off", "Jekyll +1".."+7", "Hyde +1".."+7"."""
    out = ["Off"]
    for side in SHORT_NAMES:
        for n in range(1, HANDICAP_MAX + 1):
            out.append("%s +%d" % (side, n))
    return tuple(out)


def options_for(level: int, handicap: int) -> int:
    """Engine option bits for a level index (0 Poole, 1 Jekyll, 2 Hyde) and a handicap
    choice index (0 off, 1..7 toward Jekyll, 8..14 toward Hyde)."""
    if not 0 <= level <= 2 or not 0 <= handicap <= 2 * HANDICAP_MAX:
        raise ValueError("bad set-up values")
    options = (0, engine.OPT_JEKYLL, engine.OPT_HYDE)[level]
    if handicap > HANDICAP_MAX:
        options |= (handicap - HANDICAP_MAX) * engine.OPT_HANDICAP_1 | engine.OPT_HANDICAP_HYDE
    elif handicap:
        options |= handicap * engine.OPT_HANDICAP_1
    return options


# --- actions from cursors ------------------------------------------------------------------


def play_action(card: int, gap: int, face_up: bool) -> int:
    """Play ``card`` from the hand into ``gap``, face up or down as the ribbon lies now."""
    return engine.PLAY_BASE + card * 128 + gap * 2 + (1 if face_up else 0)


def move_gap_ok(source: int, gap: int, length: int) -> bool:
    """True if moving the card at ``source`` to ``gap`` changes the ribbon."""
    return 0 <= gap <= length and gap != source and gap != source + 1


def move_action(source: int, gap: int) -> int:
    """Move the card at ``source`` so that it lands in ``gap`` (see the module docstring)."""
    target = gap if gap < source else gap - 1
    return engine.MOVE_BASE + source * 64 + target


def flip_action(index: int) -> int:
    """Flip the ribbon card at ``index``."""
    return engine.FLIP_BASE + index


def take_action(start: int) -> int:
    """Take the trick whose first card is at ``start``."""
    return engine.TAKE_BASE + start


def next_move_gap(source: int, gap: int, step: int, length: int) -> int:
    """The next gap from ``gap`` in direction ``step`` (+1/-1) a move may use, wrapping
    around; ``gap`` itself if there is none."""
    g = gap
    for _ in range(length + 1):
        g = (g + step) % (length + 1)
        if move_gap_ok(source, g, length):
            return g
    return gap


def first_move_gap(source: int, length: int) -> int:
    """A gap to start the move cursor at: just right of the card, else just left."""
    if source + 2 <= length:
        return source + 2
    return source - 1 if source >= 1 else 0


# --- the action menu -----------------------------------------------------------------------


def menu_mask(game: Any, obs: Dict[str, Any], tricks: List[int]) -> int:
    """Bit per legal menu item now (bit ``ITEM_*``); ``tricks`` = ``engine.takeable`` of the
    ribbon. Checks one sample action per kind with ``can_apply`` (no legal_actions list)."""
    mask = 0
    hand = obs["hand"]
    if hand and game.can_apply(play_action(hand[0], 0, True)):
        mask |= 1 << ITEM_PLAY
    if game.can_apply(engine.MOVE_BASE + 1):
        mask |= 1 << ITEM_MOVE
    if game.can_apply(flip_action(0)):
        mask |= 1 << ITEM_FLIP
    if tricks:
        mask |= 1 << ITEM_TAKE
    if game.can_apply(engine.TRANSFORM) or game.can_apply(engine.END_TURN):
        mask |= 1 << ITEM_LAST
    return mask


def last_item_name(phase: int) -> str:
    """The menu's last item: "Transform" while that is due, else "End turn"."""
    return "Transform" if phase == engine.PHASE_TRANSFORM else "End turn"


def step_item(mask: int, index: int, step: int) -> int:
    """The next legal item from ``index`` in direction ``step``, wrapping; ``index`` if the
    mask holds no other."""
    i = index
    for _ in range(ITEM_COUNT):
        i = (i + step) % ITEM_COUNT
        if mask & (1 << i):
            return i
    return index


def default_item(mask: int, phase: int, current: int) -> int:
    """The item the menu cursor starts on: the transformation when it is due, else
    ``current`` if still legal, else the first legal item (End turn when no action is left)."""
    if phase == engine.PHASE_TRANSFORM and mask & (1 << ITEM_LAST):
        return ITEM_LAST
    if mask & (1 << current):
        return current
    for i in range(ITEM_COUNT):
        if mask & (1 << i):
            return i
    return current


# --- the ribbon viewport -------------------------------------------------------------------


def window_top(top: int, first: int, last: int, visible: int, length: int) -> int:
    """The viewport's first card so that cards ``first..last`` show (``last`` wins when they
    do not fit), moved as little as possible from ``top``, inside ``0..length - visible``."""
    if last >= top + visible:
        top = last - visible + 1
    if first < top:
        top = first
    top = min(top, length - visible)
    return max(top, 0)


def gap_window(gap: int, top: int, visible: int, length: int) -> int:
    """The viewport's first card so that a gap shows with a card beside it."""
    return window_top(top, max(gap - 1, 0), min(gap, length - 1), visible, length)


# --- texts --------------------------------------------------------------------------------


def phase_text(obs: Dict[str, Any]) -> str:
    """The info line: whose turn it is and what is due (the actions left)."""
    who = SHORT_NAMES[obs["current"]] if obs["current"] >= 0 else "Game over"
    phase = obs["phase"]
    if obs["over"]:
        return "Game over"
    if phase == engine.PHASE_DRAW:
        return "%s: draw" % who
    if phase == engine.PHASE_OPENING:
        return "%s: 1st action" % who
    if phase == engine.PHASE_TRANSFORM:
        return "%s: transform" % who
    return "%s: %d left" % (who, obs["actions_left"])


def score_text(scores: List[int]) -> str:
    """Both scores, short: "J 10  H 5"."""
    return "J %d  H %d" % (scores[0], scores[1])


def result_title(winner: int) -> str:
    """The result screen's title."""
    if winner < 0:
        return "A draw"
    return "%s wins" % SEAT_NAMES[winner]


def result_text(obs: Dict[str, Any], names: Any) -> str:
    """Why the game ended, the scores and the deciding rule (``names`` = card names)."""
    reason = obs["reason"]
    winner = obs["winner"]
    scores = obs["scores"]
    end = obs["ribbon_end"]
    if end == engine.REASON_FACES:
        # Every card faces one way: the ribbon's side if they are face up, else the other.
        side = obs["side"] if obs["face_up"][0] else obs["side"] ^ 1
        why = "Every face shows on %s's side: +5 to %s." % (SHORT_NAMES[side], SHORT_NAMES[side])
    elif end == engine.REASON_EMPTY:
        why = "The ribbon is empty."
    else:
        why = "Turn limit reached (60 turns each); no bonus."
    text = why + "\nJekyll %d, Hyde %d." % (scores[0], scores[1])
    if reason == engine.REASON_RECIPE:
        text += "\n%s's trick matches the recipe: an instant win." % SHORT_NAMES[winner]
    elif winner >= 0 and scores[0] == scores[1]:
        if end == engine.REASON_EMPTY:
            text += "\nTie: fewer cards in hand wins."
        else:
            text += "\nTie: the bonus decides."
    recipe = obs["recipe"]
    if recipe:
        text += "\nRecipe: " + ", ".join([names(card) for card in recipe]) + "."
    return text


def recorded_win(winner: int) -> bool:
    """What the statistics count as a win: Dr. Jekyll (seat 0, the player who starts and
    usually owns the device) winning. Draws and Hyde's wins count as played only."""
    return winner == 0
