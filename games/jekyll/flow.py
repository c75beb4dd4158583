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

The ribbon as drawn. On Hyde's side the ribbon is drawn mirrored (the engine's docstring
says why): ``Play.obs`` holds the ribbon in drawn order, left to right, and every cursor
counts in it; ``Play.action`` turns drawn places into the engine's (index ``i`` of ``n``
is ``n - 1 - i``, gap ``g`` is ``n - g``). The engine's action helpers take engine
places.

Undo. A turn can be taken back action by action to its start, but never past an action
that showed the player something hidden: the draw (a hidden card, or the card under an
apothecary pile's top, or a recipe peek), a face-down card flipped face up, the
transformation (every face-down card shows), the end of the turn. After such an action the
flow keeps the state (``state``, the engine's bytes) and the actions since (``stack``);
``undo`` loads the state and replays all but the last.

A CPU opponent. With ``opponent`` 1 or 2 the seat the device's owner does not play is a
CPU's (easy or normal): the table always shows the owner's seat. On the CPU's turn the
flow is in ``MODE_CPU`` (``state`` is then the position the turn starts from, ``stack``
the CPU's actions so far) and the screen covers the table (``screens.CpuScreen``) while
``tick`` loads ``games.jekyll.cpu`` a part a frame and plays the whole turn on the game
through a ``handheld.flows.Thinker``, a frame's worth of search a frame, then drops the
CPU's parts. ``CpuShow.show_turn`` then takes the game
back to ``state`` and shows the turn on the table action by action (``MODE_SHOW``):
``tick`` plays one action every ``SHOW_MS`` from where the turn began,
naming it on the caption (a card played face down unnamed) and lighting the card it left;
A shows the next one at once. The engine is deterministic, so the show ends where the CPU
did. The turn on show (``show.turn``, ``show.shown``) and undo (``state``, ``stack``) are apart:
nothing of the CPU's turn can be undone.

Saves never hold half of a CPU turn (``saved``): while the CPU thinks, the position
before its turn (a resumed game thinks it again: the CPU is seeded by the turn, so it
chooses the same); while its turn is shown, that position and the whole turn, which a
resumed game shows again from its start.

``new_play(values, seed)`` and ``load_play(data)`` make a ``Play`` for a new game and from
``Play.saved()``. A cursor-built action the rules refuse returns ``handheld.keys.REFUSED``
(the caption says "not allowed" already: ``refusal`` is "").
"""

from micropython import const

from decktet.cards import display_name
from games.jekyll import HANDICAP_MAX, engine
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP, REFUSED, ticks_diff

try:
    from typing import Any, Dict, List, Tuple
except ImportError:
    pass

_CAPTION_COLUMNS = const(31)  # the caption line's characters (small font, 160 px)
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


def options_for(level: int, handicap: int, first: int = 0) -> int:
    """Engine option bits for a level index (0 Poole, 1 Jekyll, 2 Hyde), a handicap
    choice index (0 off, 1..7 toward Jekyll, 8..14 toward Hyde) and who moves first as
    Dr. Jekyll (0 the device's owner, 1 the other player: the owner plays Mr. Hyde)."""
    if not 0 <= level <= 2 or not 0 <= handicap <= 2 * HANDICAP_MAX or not 0 <= first <= 1:
        raise ValueError("bad set-up values")
    options = (0, engine.OPT_JEKYLL, engine.OPT_HYDE)[level] | first * engine.OPT_OWNER_HYDE
    if handicap > HANDICAP_MAX:
        options |= (handicap - HANDICAP_MAX) * engine.OPT_HANDICAP_1 | engine.OPT_HANDICAP_HYDE
    elif handicap:
        options |= handicap * engine.OPT_HANDICAP_1
    return options


# --- actions from cursors ------------------------------------------------------------------


def _move_gap_ok(source: int, gap: int, length: int) -> bool:
    """True if moving the card at ``source`` to ``gap`` changes the ribbon."""
    return 0 <= gap <= length and gap != source and gap != source + 1


def _next_move_gap(source: int, gap: int, step: int, length: int) -> int:
    """The next gap from ``gap`` in direction ``step`` (+1/-1) a move may use, wrapping
    around; ``gap`` itself if there is none."""
    g = gap
    for _ in range(length + 1):
        g = (g + step) % (length + 1)
        if _move_gap_ok(source, g, length):
            return g
    return gap


def _first_move_gap(source: int, length: int) -> int:
    """A gap to start the move cursor at: just right of the card, else just left."""
    if source + 2 <= length:
        return source + 2
    return source - 1 if source >= 1 else 0


# --- the action menu -----------------------------------------------------------------------


def _menu_mask(game: Any, obs: Dict[str, Any], tricks: List[int]) -> int:
    """Bit per legal menu item now (bit ``ITEM_*``); ``tricks`` = ``engine.takeable`` of the
    ribbon. Checks one sample action per kind with ``can_apply`` (no legal_actions list)."""
    mask = 0
    hand = obs["hand"]
    if hand and game.can_apply(engine.play_action(hand[0], 0, True)):
        mask |= 1 << ITEM_PLAY
    if game.can_apply(engine.move_action(0, 1)):
        mask |= 1 << ITEM_MOVE
    if game.can_apply(engine.FLIP_BASE):
        mask |= 1 << ITEM_FLIP
    if tricks:
        mask |= 1 << ITEM_TAKE
    if game.can_apply(engine.TRANSFORM) or game.can_apply(engine.END_TURN):
        mask |= 1 << ITEM_LAST
    return mask


def last_item_name(phase: int) -> str:
    """The menu's last item: "Transform" while that is due, else "End turn"."""
    return "Transform" if phase == engine.PHASE_TRANSFORM else "End turn"


def _step_item(mask: int, index: int, step: int) -> int:
    """The next legal item from ``index`` in direction ``step``, wrapping; ``index`` if the
    mask holds no other."""
    i = index
    for _ in range(ITEM_COUNT):
        i = (i + step) % ITEM_COUNT
        if mask & (1 << i):
            return i
    return index


def _default_item(mask: int, phase: int, current: int) -> int:
    """The item the menu cursor starts on: the transformation when it is due, else
    ``current`` if still legal, else the first legal item (End turn when no action is left).
    Right after the transformation the cursor leaves its item (now End turn) for the first
    action, so that one press of A does not end a turn with actions left."""
    if phase == engine.PHASE_TRANSFORM and mask & (1 << ITEM_LAST):
        return ITEM_LAST
    if mask & (1 << current) and not (current == ITEM_LAST and mask != 1 << ITEM_LAST):
        return current
    for i in range(ITEM_COUNT):
        if mask & (1 << i):
            return i
    return current


# --- the ribbon viewport -------------------------------------------------------------------


def _window_top(top: int, first: int, last: int, visible: int, length: int) -> int:
    """The viewport's first card so that cards ``first..last`` show (``last`` wins when they
    do not fit), moved as little as possible from ``top``, inside ``0..length - visible``."""
    if last >= top + visible:
        top = last - visible + 1
    if first < top:
        top = first
    top = min(top, length - visible)
    return max(top, 0)


def _gap_window(gap: int, top: int, visible: int, length: int) -> int:
    """The viewport's first card so that a gap shows with a card beside it."""
    return _window_top(top, max(gap - 1, 0), min(gap, length - 1), visible, length)


# --- texts --------------------------------------------------------------------------------


def seat_name(seat: int, cpu_seat: int = -1, short: bool = False) -> str:
    """How the texts name a seat: by its part, "Dr. Jekyll" ("Jekyll" if ``short``), the
    CPU's seat (``cpu_seat``; -1: two players) with "(CPU)": "Mr. Hyde (CPU)". (Jekyll and
    Hyde are the seats' own names, which say who starts and whose side is whose; "You" is
    only the one player against the CPU, in ``result_title``.)"""
    name = SHORT_NAMES[seat] if short else SEAT_NAMES[seat]
    return name + " (CPU)" if seat == cpu_seat else name


def phase_text(obs: Dict[str, Any], cpu_seat: int = -1) -> str:
    """The info line: whose turn it is and what is due (the actions left); ``cpu_seat``:
    the CPU's seat, named so, or -1."""
    who = seat_name(obs["current"], cpu_seat, True) if obs["current"] >= 0 else "Game over"
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


def result_title(winner: int, cpu_seat: int = -1) -> str:
    """The result screen's title: "Mr. Hyde wins"; against the CPU (``cpu_seat``) "You
    win" or "Mr. Hyde (CPU) wins"."""
    if winner < 0:
        return "A draw"
    if cpu_seat >= 0 and winner != cpu_seat:
        return "You win"
    return "%s wins" % seat_name(winner, cpu_seat)


def result_text(obs: Dict[str, Any], names: Any, cpu_seat: int = -1) -> str:
    """Why the game ended, the scores and the deciding rule (``names`` = card names;
    ``cpu_seat``: the CPU's seat, named so, or -1)."""
    reason = obs["reason"]
    winner = obs["winner"]
    scores = obs["scores"]
    end = obs["ribbon_end"]
    if end == engine.REASON_FACES:
        # Every card faces one way: the ribbon's side if they are face up, else the other.
        side = obs["side"] if obs["face_up"][0] else obs["side"] ^ 1
        why = "Every face shows on %s's side: +5 to %s." % (
            SHORT_NAMES[side],
            seat_name(side, cpu_seat, True),
        )
    elif end == engine.REASON_EMPTY:
        why = "The ribbon is empty."
    else:
        why = "Turn limit reached (60 turns each); no bonus."
    text = why + "\n%s %d, %s %d." % (
        seat_name(0, cpu_seat, True),
        scores[0],
        seat_name(1, cpu_seat, True),
        scores[1],
    )
    if reason == engine.REASON_RECIPE:
        who = seat_name(winner, cpu_seat, True)
        text += "\n%s's trick matches the recipe: an instant win." % who
    elif winner >= 0 and scores[0] == scores[1]:
        if end == engine.REASON_EMPTY:
            text += "\nTie: fewer cards in hand wins."
        else:
            text += "\nTie: the bonus decides."
    recipe = obs["recipe"]
    if recipe:
        text += "\nRecipe: " + ", ".join([names(card) for card in recipe]) + "."
    return text


def _place_text(card: str, face_up: bool, gap: int, length: int) -> str:
    """A play's caption, "9 <icons> Merchant up, at 3" (``gap`` as drawn, the ends by name):
    the engine's words ("play X face up at the left end") run past the line, and so may
    this, without the rank and suit icons."""
    where = "at %d" % (gap + 1)
    if gap == 0:
        where = "left end"
    elif gap == length:
        where = "right end"
    text = "%s %s, %s" % (card, "up" if face_up else "down", where)
    if len(text) > _CAPTION_COLUMNS:
        text = text[text.find(" ") + 1 :]  # display_name: rank and icons, a space, the name
    return text


def owner_seat(options: int) -> int:
    """The seat whose result the statistics keep, the device's owner's: 0 Dr. Jekyll, who
    moves first, unless the set-up gave the first move to the other player (1 Mr. Hyde).
    A game is won when that seat wins; draws and the other seat's wins count as played."""
    return 1 if options & engine.OPT_OWNER_HYDE else 0


# --- the play screen's state machine -------------------------------------------------------

# Modes of the play screen: what the keys do now.
MODE_MENU = const(0)  # pick an action from the menu
MODE_DRAW = const(1)  # pick a pile to draw from
MODE_HAND = const(2)  # Play: pick a hand card
MODE_FACE = const(3)  # Play: face up or down
MODE_PLACE = const(4)  # Play: pick the gap
MODE_MOVE_PICK = const(5)  # Move: pick a ribbon card
MODE_MOVE_DEST = const(6)  # Move: pick the gap
MODE_FLIP = const(7)  # Flip: pick a ribbon card
MODE_TAKE = const(8)  # Take: pick a trick
MODE_ANIM = const(9)  # the transformation's wave is playing
MODE_OVER = const(10)
MODE_CPU = const(11)  # the CPU's turn: the screen covers the table while the CPU plays it
MODE_SHOW = const(12)  # the CPU's turn, shown action by action (``tick``)

VISIBLE = const(8)  # ribbon cards in the viewport
CURSOR_BYTES = const(6)  # what ``Play.cursors`` saves (an older save: 5, no opponent byte)
SHOW_MS = const(1500)  # each action of the CPU's turn stays on show this long

# What a key or a tick changed, for the screen to redraw (bits, OR-ed).
DRAW_TABLE = const(1)  # everything read from the observation: banner, texts, piles, hand
DRAW_RIBBON = const(2)  # the viewport's cards (it scrolled, or the ribbon changed)
DRAW_STYLE = const(4)  # lit and dimmed ribbon cards, the gap bar, the minimap marks
DRAW_MODE = const(8)  # menu or hint line, hand and pile cursors, the caption
DRAW_CAPTION = const(16)  # the caption alone
DRAW_PILES = const(32)  # the pile cursor alone
DRAW_WAVE = const(64)  # one frame of the transformation's wave
DRAW_ALL = const(63)
DRAW_WAIT = const(128)  # the CPU's turn on show moved on or ended: A and B wait

# What the screen does after a key (``Play.event``).
EVENT_NONE = const(0)
EVENT_INFO = const(1)  # SELECT: show tricks, piles and peeks (``info_text``)
EVENT_PASS = const(2)  # the turn ended: hand the device to the next player
EVENT_PEEK = const(3)  # a recipe card was peeked: show it to ``seat`` (who drew) only
EVENT_OVER = const(4)  # the game is over: record it and show the result
EVENT_CONFIRM_END = const(5)  # End turn with actions left: ask first (``end_turn``)

_HINTS = (
    "",
    "<> pile  A draw  SELECT tricks",
    "<> card  A pick  B back",
    "<> face up/down  A ok  B back",
    "<> place ^v face A play B back",
    "<> card  A pick  B back",
    "<> place  A move  B back",
    "<> card  A flip  B back",
    "<> trick  A take  B back",
    "",
    "",
    "",
    "CPU: A next  SELECT tricks",
)
_WAVE_MS = const(45)  # one step of the transformation's wave
# The CPU's modules, loaded in this order, one a frame (each part imports only those before
# it): the search driver (it stays), then the CPU's parts (dropped after its turn).
_PARTS = (
    "decktet.search",
    "games.jekyll.cpu_node",
    "games.jekyll.cpu_survey",
    "games.jekyll.cpu_search",
    "games.jekyll.cpu",
)
_STRENGTHS = ("easy", "normal")  # games.jekyll.cpu's, by ``Play.opponent`` - 1


def split_save(data: bytes) -> Tuple[Any, bytes]:
    """A save (``Play.saved``) as its ``engine.Game`` and the tail ``Play.restore`` takes
    (older saves end in the cursors only); ValueError if it holds no game."""
    turn = data[-1] * 2 if data else 0
    for size in (CURSOR_BYTES + 1 + turn, CURSOR_BYTES, CURSOR_BYTES - 1):
        if len(data) > size:
            try:
                return engine.Game.from_bytes(data[:-size]), data[-size:]
            except ValueError:
                pass
    raise ValueError("not a saved game")


def new_play(values: List[int], seed: int) -> "Play":
    """A new game from the set-up rows' chosen indices (level, handicap, who plays Dr.
    Jekyll, the opponent; rows left out count as their first choice) and a seed."""
    count = len(values)
    options = options_for(values[0], values[1] if count > 1 else 0, values[2] if count > 2 else 0)
    return Play(engine.Game(seed, options), display_name, values[3] if count > 3 else 0)


def load_play(data: bytes) -> "Play":
    """The game saved as ``data`` (``Play.saved``); ValueError if it does not load. Older
    saves end in the cursors only (``Play.restore``)."""
    game, tail = split_save(data)
    play = Play(game, display_name)
    play.restore(tail)
    return play


class Viewport:
    """The viewport over the ribbon as drawn and the cursors on it: ``top``, the first card
    it shows (``VISIBLE`` at most), the ribbon card cursor (Move, Flip), the gap cursor
    (``gap``: Play, Move), the card being moved (``source``), the takeable tricks'
    first cards (``tricks``) and the one picked (``trick``, an index into them); and the
    transformation's wave across it (``Play.wave_code``). ``length``: the ribbon's, as
    ``Play.sync`` last read it. Its scrolls return the ``DRAW_*`` bits to redraw."""

    def __init__(self) -> None:
        self.length = 0
        self.top = 0
        self._rcur = 0
        self.gap = 0
        self.source = 0
        self.tricks: List[int] = []
        self.trick = 0
        self._wave_old: List[int] = []  # the viewport's cards before the wave, and after
        self.wave_new: List[int] = []
        self._wave_frame = 0
        self._wave_at = 0
        self._transformations = 0  # waves played to their end (for tests)

    def _set_top(self, top: int) -> int:
        """Scroll the viewport: its cards change only if it moved."""
        if top != self.top:
            self.top = top
            return DRAW_RIBBON | DRAW_STYLE
        return DRAW_STYLE

    def _scroll_to(self, first: int, last: int) -> int:
        """Scroll so cards first..last show."""
        return self._set_top(_window_top(self.top, first, last, VISIBLE, self.length))

    def _scroll_to_gap(self) -> int:
        """Scroll so the gap cursor shows."""
        return self._set_top(_gap_window(self.gap, self.top, VISIBLE, self.length))

    def _pan(self, delta: int) -> int:
        """UP/DOWN in the menu: look along the ribbon."""
        return self._set_top(max(min(self.top + delta, self.length - VISIBLE), 0))


class CpuShow:
    """The turns as the captions tell them, and the CPU's turn on show.

    ``words``: the turn under way in the captions' words, "; " between them (a card played
    face down unnamed); ``_last_words`` the last finished turn's as SELECT's page says it
    ("Hyde's last turn: ..."): the page shows the other player's. While the CPU's turn is
    shown: ``turn``, its actions (empty otherwise; ``show_turn``), ``shown`` how many of
    them have been shown, ``said`` the caption of the one on show and ``lit`` the ribbon
    index of the card it left, or -1. ``cpu``: the CPU's decisions and the show of its turn
    (``handheld.flows.Thinker``, made for the first CPU turn): its ``shown_at`` is when the
    last action was shown, -1: show the next one now. The methods that play take the
    ``Play`` (``play``)."""

    def __init__(self) -> None:
        self.turn: Any = ()
        self.shown = 0
        self.cpu: Any = None
        self.said = ""
        self.lit = -1
        self.words = ""
        self._last_words = ""

    def _record(self, action: int, words: str, seat: int) -> None:
        """Note an applied action for the turn's words; the end of the turn keeps them as
        the last turn (``seat``'s)."""
        if action == engine.END_TURN:
            self._last_words = "%s's last turn: %s." % (SHORT_NAMES[seat], self.words)
            self.words = ""
        else:
            self.words = words if not self.words else self.words + "; " + words

    def _thinker(self) -> Any:
        """``cpu``, the ``handheld.flows.Thinker`` of the CPU's turns (made on first use)."""
        if self.cpu is None:
            from handheld.flows import Thinker

            # An action is applied in the frame its search ends; each is shown SHOW_MS.
            self.cpu = Thinker(SHOW_MS, False)
        return self.cpu

    def _think(self, play: Any, more: Any) -> int:
        """A frame of the CPU's turn (``MODE_CPU``; the screen covers the table): load its
        parts, one a frame; make the player (seeded by the turn: a game and its actions
        give the same moves again) and start its decision in the next; then a frame's
        worth of search a frame, each action applied on the game in the frame its search
        ends (``play.stack``: the turn so far) and the next decision started. Once the turn
        is over the CPU's parts are dropped and the turn shows (``show_turn``)."""
        thinker = self._thinker()
        cpu = thinker.player
        if cpu is None:
            # One module a frame, the player made in the frame after the last: no frame
            # loads two, so frames stay short.
            import sys

            for name in _PARTS:
                if name not in sys.modules:
                    __import__(name)
                    return 0
            from games.jekyll.cpu import Player

            thinker.player = Player
            return 0
        game = play.game
        seat = play.cpu_seat
        if type(cpu) is type:
            cpu = cpu(seat, _STRENGTHS[play.opponent - 1], play.obs["turn"])
        elif not thinker.step(more):
            return 0
        else:
            action = thinker.result()
            if not game.can_apply(action):
                action = game.legal_actions()[0]  # never expected: the game goes on
            game.apply_action(action)
            play.stack.append(action)
            if game.is_over() or game.current_player() != seat:
                thinker.player = None
                from handheld.app import forget_module

                for name in _PARTS[1:]:
                    forget_module(name)
                return self.show_turn(play, play.stack)
        thinker.begin(cpu, game.observation(seat), None)
        return 0

    def show_turn(self, play: Any, turn: List[int], played: bool = True) -> int:
        """Show the CPU's whole turn, ``turn`` (its actions, played on ``play.game`` by
        ``_think``), from where it began (``play.state``: in ``MODE_CPU`` the position the
        turn starts from), action by action (``MODE_SHOW``, ``Play.tick``); ``played``: new
        actions, counted as changes (a resumed turn's are not)."""
        play.game = engine.Game.from_bytes(play.state)
        play.stack = []
        self.turn = turn
        self.shown = 0
        self._thinker().show(-1)
        if played:
            play.applied += len(turn)
        return play.sync()

    def _saved_turn(self, play: Any, packed: bytes) -> None:
        """Show a saved CPU turn again from its start (two bytes an action); ValueError,
        with nothing changed, unless the CPU is to move and the game can play it all."""
        turn = []
        trial = engine.Game.from_bytes(play.game.to_bytes())
        at = 0
        while at < len(packed):
            action = packed[at] << 8 | packed[at + 1]
            if trial.current_player() != play.cpu_seat or not trial.can_apply(action):
                raise ValueError("not a turn of the CPU's")
            trial.apply_action(action)
            turn.append(action)
            at += 2
        self.show_turn(play, turn, False)

    def _show_next(self, play: Any, now: int) -> int:
        """Show the next action of the CPU's turn (its words on the caption, the card it
        left lit), or end the show: then the owner's turn, or the game's end."""
        self.cpu.show(now)
        game = play.game
        turn = self.turn
        if self.shown < len(turn) and turn[self.shown] == engine.END_TURN:
            game.apply_action(engine.END_TURN)
            self.shown += 1
            self._record(engine.END_TURN, "", play.cpu_seat)
        if self.shown == len(turn):
            self.turn = ()
            self.lit = -1
            play.state = game.to_bytes()  # nothing of the CPU's turn can be undone
            changed = play.sync()
            if game.is_over():
                play.event = EVENT_OVER
            return changed
        action = turn[self.shown]
        self.shown += 1
        # The card the action leaves, by the engine's index (none for a take or a draw).
        lit = engine.placed(action)
        self.said = play._words(action)
        self.lit = -1
        if action == engine.TRANSFORM:
            return play._transform() | DRAW_CAPTION
        game.apply_action(action)
        self._record(action, self.said, play.cpu_seat)
        changed = play.sync()
        if lit >= 0:
            if play.obs["side"]:
                lit = len(play.obs["ribbon"]) - 1 - lit
            changed |= play.view._scroll_to(lit, lit)
        self.lit = lit
        return changed


class Play:
    """The play screen's state, display-free: the seat shown, the observation, the mode and
    the keys' cursors (menu item, hand card, face up or down, pile); the viewport over the
    ribbon and the ribbon's cursors are ``view`` (a ``Viewport``), the turns' words and the
    CPU's turn on show ``show`` (a ``CpuShow``). ``key`` and ``tick`` change it and return
    ``DRAW_*`` bits saying what the screen must redraw; ``event`` then says whether the
    screen must open another one. Actions are built from the cursors and sent only when the
    engine's ``can_apply`` accepts them.

    :param game: an ``engine.Game``
    :param names: ``decktet.cards.display_name`` (how the captions name a card: rank,
      suit icons, name)
    :param opponent: who plays the seat the device's owner does not: 0 a human (pass and
      play), 1 the CPU easy, 2 the CPU normal
    """

    refusal = ""  # why a key was refused: the caption says it (``handheld.keys``)

    def __init__(self, game: Any, names: Any, opponent: int = 0) -> None:
        self.game = game
        self.applied = 0  # actions sent to the engine (the app saves a changed game)
        self.names = names
        self.opponent = opponent
        self.cpu_seat = owner_seat(game.options) ^ 1 if opponent else -1
        self.show = CpuShow()
        self.view = Viewport()
        # What the last key did, for the speaker: the action it applied, or -1.
        self.acted = -1
        self.seat = 0  # whose view is shown: the current player (the owner's with a CPU)
        self.obs: Dict[str, Any] = {}
        self.mode = MODE_MENU
        self.item = ITEM_PLAY
        self.mask = 0
        self._hcur = 0  # hand cursor
        self.face_up = True
        self.pile = 0
        self.event = EVENT_NONE
        self.peek_card = -1
        # Undo: the state it goes back to at most, and the actions since. While the CPU's
        # turn is shown: where the turn began (nothing to undo).
        self.state = game.to_bytes()
        self.stack: List[int] = []
        self.sync()

    # -- state from the engine -------------------------------------------------------------

    def sync(self) -> int:
        """Read the observation again and pick the mode its phase calls for."""
        game = self.game
        if not game.is_over():
            self.seat = game.current_player() if self.cpu_seat < 0 else self.cpu_seat ^ 1
        obs = game.observation(self.seat)
        if obs["side"]:
            # Hyde's side: the ribbon as drawn, mirrored (face-down cards are -1).
            ribbon = obs["ribbon"]
            ribbon.reverse()
            obs["face_up"] = bytes([0 if code < 0 else 1 for code in ribbon])
        self.obs = obs
        view = self.view
        view.tricks = engine.takeable(obs["ribbon"], obs["face_up"])
        self._hcur = min(self._hcur, max(len(obs["hand"]) - 1, 0))
        length = len(obs["ribbon"])
        view.length = length
        view._rcur = min(view._rcur, max(length - 1, 0))
        view.top = min(view.top, max(length - VISIBLE, 0))
        self.mask = _menu_mask(game, obs, view.tricks)
        self.item = _default_item(self.mask, obs["phase"], self.item)
        if self.show.turn:
            self.mode = MODE_SHOW  # to its end, the game's end included
        elif game.is_over():
            self.mode = MODE_OVER
        elif game.current_player() == self.cpu_seat:
            self.mode = MODE_CPU
        elif obs["phase"] == engine.PHASE_DRAW:
            self.mode = MODE_DRAW
            self.pile = 0
            while self.pile < 2 and not obs["pile_counts"][self.pile]:
                self.pile += 1
        else:
            self.mode = MODE_MENU
        return DRAW_ALL

    def cursors(self) -> bytes:
        """The cursors a resumed game keeps (``CURSOR_BYTES`` bytes): the menu item, the
        viewport, the ribbon, hand and pile cursors, and the opponent."""
        return bytes(
            (self.item, self.view.top, self.view._rcur, self._hcur, self.pile, self.opponent)
        )

    def saved(self) -> Any:
        """The game as ``restore`` takes it back: the engine's bytes, the cursors, the CPU
        turn on show (two bytes an action) and its length. Never half of a CPU turn: while
        the CPU thinks or its turn is shown, the position before the turn."""
        turn = self.show.turn
        thinking = self.mode == MODE_CPU  # (the game may be part of the way into the turn)
        out = bytearray(self.state if turn or thinking else self.game.to_bytes())
        out += self.cursors()
        for action in turn:
            out.append(action >> 8)
            out.append(action & 255)
        out.append(len(turn))
        return bytes(out)

    def restore(self, saved: bytes) -> int:
        """Put back ``cursors()`` (each clamped into what the game now allows) and, from
        ``saved()``'s tail, the CPU turn to show; ValueError if that turn is not one the
        game can play. An older save holds the cursors only: 6 bytes (no CPU turn), or 5
        (no opponent byte: a human opponent)."""
        if len(saved) > CURSOR_BYTES and len(saved) == CURSOR_BYTES + 1 + 2 * saved[-1]:
            self.restore(saved[:CURSOR_BYTES])
            if saved[-1]:
                self.show._saved_turn(self, saved[CURSOR_BYTES:-1])
            return DRAW_ALL
        if not CURSOR_BYTES - 1 <= len(saved) <= CURSOR_BYTES:
            raise ValueError("bad cursors")
        if len(saved) == CURSOR_BYTES:
            if saved[5] > 2:
                raise ValueError("bad opponent")
            self.opponent = saved[5]
            self.cpu_seat = owner_seat(self.game.options) ^ 1 if saved[5] else -1
            self.sync()
        length = len(self.obs["ribbon"])
        # The menu item and the pile cursor as they were; on the menu the item only if it
        # is legal, in the draw the pile only if it has cards (elsewhere the next ``sync``
        # settles them as it would have without the save).
        item = saved[0]
        if item < ITEM_COUNT and (self.mode != MODE_MENU or self.mask & (1 << item)):
            self.item = item
        self.view.top = min(saved[1], max(length - VISIBLE, 0))
        self.view._rcur = min(saved[2], max(length - 1, 0))
        self._hcur = min(saved[3], max(len(self.obs["hand"]) - 1, 0))
        counts = self.obs["pile_counts"]
        if saved[4] < len(counts) and (self.mode != MODE_DRAW or counts[saved[4]]):
            self.pile = saved[4]
        return DRAW_ALL

    # -- what the screen shows -------------------------------------------------------------

    def ribbon_codes(self) -> List[int]:
        """The viewport's cards: codes, or -1 (a back) for face-down cards."""
        ribbon = self.obs["ribbon"]
        out = []
        for i in range(self.view.top, min(self.view.top + VISIBLE, len(ribbon))):
            code = ribbon[i]
            out.append(-1 if code < 0 else code)
        return out

    def lit_cards(self) -> Tuple[int, int]:
        """The first and last ribbon index lit (raised) for the mode, or (-1, -1)."""
        view = self.view
        mode = self.mode
        if mode == MODE_MOVE_PICK or mode == MODE_FLIP:
            return view._rcur, view._rcur
        if mode == MODE_MOVE_DEST:
            return view.source, view.source
        if mode == MODE_TAKE and view.tricks:
            start = view.tricks[view.trick]
            return start, start + 2
        if mode == MODE_SHOW and self.show.lit >= 0:
            return self.show.lit, self.show.lit
        return -1, -1

    def gap_shown(self) -> bool:
        """True while the placement bar shows (choosing a gap)."""
        return self.mode == MODE_PLACE or self.mode == MODE_MOVE_DEST

    def map_cursor(self) -> int:
        """The ribbon index marked as the cursor on the minimap, or -1."""
        view = self.view
        mode = self.mode
        if mode == MODE_MOVE_PICK or mode == MODE_FLIP:
            return view._rcur
        if self.gap_shown():
            return min(view.gap, len(self.obs["ribbon"]) - 1)
        if mode == MODE_TAKE and view.tricks:
            return view.tricks[view.trick] + 1
        return -1

    def hint(self) -> str:
        """The key hint shown instead of the menu."""
        if self.mode == MODE_DRAW and len(self.obs["pile_counts"]) == 1:
            return "A draw  SELECT tricks"
        return _HINTS[self.mode]

    def hand_cursor(self) -> int:
        """The hand card under the cursor, or -1 when the hand has no cursor."""
        mode = self.mode
        if (mode == MODE_HAND or mode == MODE_FACE or mode == MODE_PLACE) and self.obs["hand"]:
            return self._hcur
        return -1

    def hand_face_down(self) -> bool:
        """True if the picked hand card is to be shown face down (its back)."""
        return (self.mode == MODE_FACE or self.mode == MODE_PLACE) and not self.face_up

    def pile_lit(self, pile: int) -> bool:
        """True for the pile under the draw cursor."""
        return self.mode == MODE_DRAW and pile == self.pile and not self.obs["over"]

    def action(self) -> int:
        """The action the cursors build now (drawn places turned into the engine's), or -1."""
        view = self.view
        mode = self.mode
        obs = self.obs
        # Drawn index i is the engine's i, or n - 1 - i on the mirrored side; gap g, n - g.
        n = len(obs["ribbon"])
        mirrored = obs["side"] == 1
        if mode == MODE_DRAW:
            return engine.DRAW_BASE + self.pile
        if mode == MODE_PLACE and obs["hand"]:
            gap = n - view.gap if mirrored else view.gap
            return engine.play_action(obs["hand"][self._hcur], gap, self.face_up)
        if mode == MODE_MOVE_DEST:
            source = n - 1 - view.source if mirrored else view.source
            gap = n - view.gap if mirrored else view.gap
            # The card lands in the gap: at index gap, or gap - 1 once it has left source.
            return engine.move_action(source, gap if gap < source else gap - 1)
        if mode == MODE_FLIP:
            return engine.FLIP_BASE + (n - 1 - view._rcur if mirrored else view._rcur)
        if mode == MODE_TAKE and view.tricks:
            start = view.tricks[view.trick]
            return engine.TAKE_BASE + (n - 3 - start if mirrored else start)
        return -1

    def status_text(self) -> str:
        """The info line: whose turn it is and what is due (``phase_text``); while the
        CPU's turn is on show, which of its actions the caption names ("Hyde (CPU) 2/5"),
        not the step after it."""
        if self.mode == MODE_SHOW and self.show.turn:
            total = len(self.show.turn) - (engine.END_TURN in self.show.turn)
            who = seat_name(self.cpu_seat, self.cpu_seat, True)
            return "%s %d/%d" % (who, min(self.show.shown, total), total)
        if self.mode == MODE_ANIM:
            # The observation is already past it: the turn goes on once the wave ends.
            return "%s: transform" % seat_name(self.obs["current"], self.cpu_seat, True)
        return phase_text(self.obs, self.cpu_seat)

    def caption(self) -> str:
        """What A would do (the engine's words), or what there is to know."""
        mode = self.mode
        obs = self.obs
        action = self.action()
        if action >= 0:
            if not self.game.can_apply(action):
                return "not allowed"
            if mode == MODE_PLACE:
                card = self.names(obs["hand"][self._hcur])
                return _place_text(card, self.face_up, self.view.gap, len(obs["ribbon"]))
            return self.game.describe(action)
        if (mode == MODE_HAND or mode == MODE_FACE) and obs["hand"]:
            text = self.names(obs["hand"][self._hcur])
            if mode == MODE_FACE:
                text += " face up" if self.face_up else " face down"
            return text
        if mode == MODE_MOVE_PICK:
            code = obs["ribbon"][self.view._rcur] if obs["ribbon"] else -1
            return "move %s" % (
                self.names(code) if code >= 0 else "card %d" % (self.view._rcur + 1)
            )
        if mode == MODE_OVER:
            return result_title(obs["winner"], self.cpu_seat)
        if mode == MODE_ANIM:
            return "transformation!"
        if mode == MODE_SHOW or mode == MODE_CPU:
            return self.show.said
        other = seat_name(self.seat ^ 1, self.cpu_seat, True)
        text = "%s holds %d  ribbon %d" % (other, obs["opponent_hand"], len(obs["ribbon"]))
        return text if len(text) <= _CAPTION_COLUMNS else text.replace("  ", " ")

    def wave_code(self, slot: int) -> int:
        """What viewport slot ``slot`` shows in this frame of the transformation's wave:
        the old card, -2 (edge-on, mid-turn) or the new one."""
        view = self.view
        count = len(view.wave_new)
        # Position along the wave: 0 turns first.
        along = slot if self.obs["side"] != 1 else count - 1 - slot
        frame = view._wave_frame - 1  # the frame just set up by tick()
        if along < frame - 1:
            return view.wave_new[slot]
        if along == frame - 1:
            return -2
        return view._wave_old[slot]

    def info_text(self) -> str:
        """SELECT: tricks taken, piles, the opponent's hand, this player's recipe peeks and
        what the other player (or the CPU) did in its last turn, in the captions' words."""
        obs = self.obs
        names = self.names
        text = ""
        for seat in range(2):
            taken = obs["tricks"][seat]
            listed = ", ".join([names(card) for card in taken]) if taken else "no tricks"
            text += "%s %d: %s.\n" % (SHORT_NAMES[seat], obs["scores"][seat], listed)
        counts = obs["pile_counts"]
        text += "Draw pile%s: %s. " % (
            "s" if len(counts) > 1 else "",
            " ".join(["%d" % n for n in counts]),
        )
        text += "%s holds %d.\n" % (SHORT_NAMES[self.seat ^ 1], obs["opponent_hand"])
        if obs["peeks"]:
            text += "Your recipe peeks: %s.\n" % ", ".join([names(c) for c in obs["peeks"]])
        if self.show._last_words and not self.show._last_words.startswith(SHORT_NAMES[self.seat]):
            text += self.show._last_words
        return text

    # -- keys --------------------------------------------------------------------------------

    def key(self, key: int) -> int:
        """One key (a ``handheld.keys.K_*`` bit); returns the ``DRAW_*`` bits to redraw and
        sets ``event`` (and ``acted``)."""
        view = self.view
        self.event = EVENT_NONE
        self.acted = -1
        mode = self.mode
        if mode == MODE_SHOW and key == K_A:
            self.show.cpu.show(-1)  # the next tick shows the next action
            return 0
        if mode == MODE_SHOW and key == K_SELECT:
            self.event = EVENT_INFO
            return 0
        if mode == MODE_ANIM or mode == MODE_OVER or mode >= MODE_CPU:
            return 0
        step = 1 if key == K_RIGHT else (-1 if key == K_LEFT else 0)
        if mode == MODE_MENU or mode == MODE_DRAW:
            if key == K_SELECT:
                self.event = EVENT_INFO
                return 0
            if key == K_UP or key == K_DOWN:
                return view._pan(4 if key == K_DOWN else -4)
            if mode == MODE_DRAW:
                return self._draw_key(key, step)
            return self._menu_key(key, step)
        if key == K_B:
            return self._back()
        length = len(self.obs["ribbon"])
        if mode == MODE_HAND:
            if step:
                self._hcur = (self._hcur + step) % len(self.obs["hand"])
            elif key == K_A:
                self.face_up = True
                self.mode = MODE_FACE
            return DRAW_MODE
        if mode == MODE_FACE:
            if step or key == K_UP or key == K_DOWN:
                self.face_up = not self.face_up
                return DRAW_MODE
            if key == K_A:
                self.mode = MODE_PLACE
                view.gap = min(view.top + 1, length)
                return view._scroll_to_gap() | DRAW_MODE
            return 0
        if mode == MODE_PLACE:
            if key == K_UP or key == K_DOWN:
                self.face_up = not self.face_up
                return DRAW_MODE
            if step:
                view.gap = (view.gap + step) % (length + 1)
                return view._scroll_to_gap() | DRAW_CAPTION
            if key == K_A:
                return self._apply(self.action())
            return 0
        if mode == MODE_MOVE_PICK or mode == MODE_FLIP:
            if step:
                view._rcur = (view._rcur + step) % length
                return view._scroll_to(view._rcur, view._rcur) | DRAW_CAPTION
            if key == K_A and mode == MODE_FLIP:
                return self._apply(self.action())
            if key == K_A:
                view.source = view._rcur
                view.gap = _first_move_gap(view.source, length)
                self.mode = MODE_MOVE_DEST
                return view._scroll_to_gap() | DRAW_MODE
            return 0
        if mode == MODE_MOVE_DEST:
            if step:
                view.gap = _next_move_gap(view.source, view.gap, step, length)
                return view._scroll_to_gap() | DRAW_CAPTION
            if key == K_A:
                return self._apply(self.action())
            return 0
        # MODE_TAKE
        if step:
            view.trick = (view.trick + step) % len(view.tricks)
            start = view.tricks[view.trick]
            return view._scroll_to(start, start + 2) | DRAW_CAPTION
        if key == K_A:
            return self._apply(self.action())
        return 0

    def _draw_key(self, key: int, step: int) -> int:
        """Pick a pile, draw."""
        counts = self.obs["pile_counts"]
        if step and len(counts) > 1:
            pile = self.pile
            for _ in range(3):
                pile = (pile + step) % 3
                if counts[pile]:
                    break
            self.pile = pile
            return DRAW_PILES | DRAW_CAPTION
        if key == K_A:
            return self._apply(self.action())
        return 0

    def _menu_key(self, key: int, step: int) -> int:
        """Pick a menu item; A opens its steps (or transforms, or ends the turn)."""
        view = self.view
        if step:
            self.item = _step_item(self.mask, self.item, step)
            return DRAW_MODE
        if key != K_A or not self.mask & (1 << self.item):
            return 0
        item = self.item
        changed = DRAW_STYLE | DRAW_MODE
        if item == ITEM_PLAY:
            self.mode = MODE_HAND
        elif item == ITEM_MOVE:
            self.mode = MODE_MOVE_PICK
            changed |= view._scroll_to(view._rcur, view._rcur)
        elif item == ITEM_FLIP:
            self.mode = MODE_FLIP
            changed |= view._scroll_to(view._rcur, view._rcur)
        elif item == ITEM_TAKE:
            self.mode = MODE_TAKE
            view.trick = 0
            start = view.tricks[0]
            changed |= view._scroll_to(start, start + 2)
        elif self.obs["phase"] == engine.PHASE_TRANSFORM:
            return self._transform()
        elif self.obs["actions_left"] and self.mask & ~(1 << ITEM_LAST):
            # Actions are left and some could be taken: the screen asks first.
            self.event = EVENT_CONFIRM_END
            return 0
        else:
            return self._apply(engine.END_TURN)
        if not self.obs["ribbon"] and self.mode != MODE_HAND:
            self.mode = MODE_MENU
        return changed

    def _back(self) -> int:
        """B: one step back in the current action's steps."""
        view = self.view
        mode = self.mode
        changed = DRAW_STYLE | DRAW_MODE
        if mode == MODE_FACE:
            self.mode = MODE_HAND
        elif mode == MODE_PLACE:
            self.mode = MODE_FACE
        elif mode == MODE_MOVE_DEST:
            self.mode = MODE_MOVE_PICK
            view._rcur = view.source
            changed |= view._scroll_to(view._rcur, view._rcur)
        else:
            self.mode = MODE_MENU
        return changed

    # -- actions -------------------------------------------------------------------------------

    def _apply(self, action: int) -> int:
        """Send a cursor-built action if the engine accepts it, then say what follows: the
        next player, a recipe peek, the end."""
        game = self.game
        if action < 0 or not game.can_apply(action):
            return REFUSED
        self.acted = action
        peeks = len(self.obs["peeks"])
        seat = self.seat
        # What shows something hidden (see Undo in the module docstring): the draw, the end
        # of the turn, a face-down card flipped (flips come from the ribbon cursor).
        shows = action >= engine.DRAW_BASE or (
            self.mode == MODE_FLIP and not self.obs["face_up"][self.view._rcur]
        )
        # The words of the turn: only another human reads them (against the CPU, only
        # the CPU's turn is listed; its captions are made for its show anyway).
        words = self._words(action) if self.cpu_seat < 0 else ""
        game.apply_action(action)
        if self.cpu_seat < 0:
            self.show._record(action, words, seat)
        self.applied += 1
        if shows:
            self.state = game.to_bytes()
            self.stack = []
        else:
            self.stack.append(action)
        changed = self.sync()
        if game.is_over():
            self.event = EVENT_OVER
        elif action == engine.END_TURN and self.cpu_seat < 0:
            self.event = EVENT_PASS
        elif len(self.obs["peeks"]) > peeks:
            self.event = EVENT_PEEK
            self.peek_card = self.obs["peeks"][-1]
        return changed

    def can_undo(self) -> bool:
        """True if an action of this turn can be taken back (see Undo in the module
        docstring): not during the transformation's wave, nor once the game is over."""
        mode = self.mode
        return len(self.stack) > 0 and mode != MODE_ANIM and mode != MODE_OVER and mode < MODE_CPU

    def undo(self) -> int:
        """Take back the last action: the state before it, exactly (the kept state with the
        other actions replayed), back in the menu; ``game`` is a new ``engine.Game``.
        Counts as a change (``applied`` only grows). Returns the ``DRAW_*`` bits (0 when
        there is nothing to undo)."""
        self.event = EVENT_NONE
        if not self.can_undo():
            return 0
        self.stack.pop()
        if self.cpu_seat < 0:
            self.show.words = self.show.words[: max(self.show.words.rfind("; "), 0)]
        game = engine.Game.from_bytes(self.state)
        for action in self.stack:
            game.apply_action(action)
        self.game = game
        self.applied += 1
        return self.sync()

    def _words(self, action: int) -> str:
        """An action in the captions' words, said before it is applied: a play as the
        owner's own are captioned, a card played face down unnamed; else the engine's."""
        if action < engine.MOVE_BASE:
            obs = self.obs
            card, gap, face_up = engine.play_parts(action)
            n = len(obs["ribbon"])
            text = self.names(card) if face_up else "a card"
            return _place_text(text, face_up, n - gap if obs["side"] else gap, n)
        return self.game.describe(action)

    def end_turn(self) -> int:
        """End the turn (confirmed with actions left); ``event`` EVENT_PASS or EVENT_OVER."""
        self.event = EVENT_NONE
        return self._apply(engine.END_TURN)

    def _transform(self) -> int:
        """Apply the transformation and start its wave (``tick`` plays it). The ribbon is
        now drawn mirrored: the viewport shows the same cards, in the other order. Every
        face-down card shows: no undo goes back past it."""
        view = self.view
        view._wave_old = self.ribbon_codes()
        top = view.top
        game = self.game
        game.apply_action(engine.TRANSFORM)
        if self.show.turn or self.cpu_seat < 0:
            self.show._record(
                engine.TRANSFORM, self.show.said if self.show.turn else "transform", 0
            )
        if not self.show.turn:  # (a CPU's transformation shown: counted, its show goes on)
            self.applied += 1
            self.state = game.to_bytes()
            self.stack = []
        self.sync()
        length = len(self.obs["ribbon"])
        view.top = max(length - VISIBLE - top, 0)
        view._rcur = max(length - 1 - view._rcur, 0)
        view.wave_new = self.ribbon_codes()
        # (Toward Hyde's side the wave runs right to left, toward Jekyll's left to right:
        # ``wave_code``.)
        view._wave_frame = 0
        view._wave_at = -1
        self.mode = MODE_ANIM
        # The minimap and the banner keep the old side until the wave has played.
        return DRAW_MODE

    def tick(self, now: int, more: Any) -> int:
        """Every frame (``now`` in ms): the CPU's turn while it is to move (``CpuShow._think``, a
        frame's worth of search, ``more``: see ``decktet.search``; None: a decision a
        frame), the next action of its turn on show every ``SHOW_MS``, the transformation's
        wave a step every ``_WAVE_MS``. Returns the ``DRAW_*`` bits (with ``DRAW_WAIT``
        when the CPU's turn on show moved on or ended) and sets ``event`` (EVENT_OVER if it
        ended the game)."""
        view = self.view
        self.event = EVENT_NONE
        self.acted = -1
        mode = self.mode
        if mode == MODE_CPU:
            return self.show._think(self, more)
        if mode == MODE_SHOW:
            if not self.show.cpu.shown(now):
                return 0
            return self.show._show_next(self, now) | DRAW_WAIT
        if mode != MODE_ANIM:
            return 0
        if view._wave_at >= 0 and ticks_diff(now, view._wave_at) < _WAVE_MS:
            return 0
        view._wave_at = now
        # The wave of a CPU's transformation is part of its turn on show.
        wait = DRAW_WAIT if self.show.turn else 0
        if view._wave_frame > len(view.wave_new):
            view._transformations += 1
            if wait:
                self.show.cpu.show(now)  # its turn's show goes on after
            changed = self.sync()
            if self.game.is_over():
                self.event = EVENT_OVER
            return changed | wait
        view._wave_frame += 1
        return DRAW_WAVE | wait
