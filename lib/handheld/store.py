# SPDX-License-Identifier: MIT
"""
`handheld.store`
================

Everything the app keeps in non-volatile memory (``microcontroller.nvm`` on the device,
any bytearray in tests): the settings, the statistics and each game's game in progress
(one saved game per game: starting one game never touches another's save), saved
together as one record, a *copy*, in one nvm assignment.

Two copies, two flash pages (1,024 bytes) each: copy A at ``COPY_A`` (0), copy B at
``COPY_B`` (1024). A save writes the copy that does not hold the newest valid one, with
the next sequence number, so the newest valid copy is always the last save and the other
one the save before it. A copy (offsets from its start, numbers big-endian)::

    0   2  magic "DS"           62 112  statistics: STAT_FIELDS u16 per game slot
    2   1  format version 3    174   1  n: games saved (0..MAX_GAMES)
    3   2  sequence number     175      n saved games, the newest first, each:
    5  57  settings fields              game slot (1), length m (2, 1..GAME_ROOM), m bytes
    then 2 CRC-16/CCITT of every byte before it (polynomial 0x1021, initial 0xFFFF)
    and  1 end mark 0xA5

The settings fields are the key repeat, ``GAME_SETTINGS`` per game slot (its declared
settings), then ``SETUP_ROWS`` per game slot: the set-up choices last played. A game
slot's statistics: played, won, current winning run, best run, then its highest and
lowest final score and highest and lowest part score (e.g. per pass), each stored as
score + 32768, 0 for none yet. A game's bytes are opaque here (its engine's and screens'
own save). The copies of older versions still load, into these fields: format 2 (one
game in progress: its slot at 174, 255 for none, its length at 175, its bytes at 177;
one page a copy) and format 1 (settings 15 bytes, played and won per slot).

A copy loads only if its magic, version, lengths, end mark and CRC check out and its
fields are in range (a key repeat choice, no slot with more wins than games, each saved
game's slot below ``MAX_GAMES`` and saved once); of two that do, the newer sequence
number wins (16-bit, wrapping: the newer is 1..32767 ahead). Anything else is ignored:
the defaults load (settings at their defaults, zero statistics, no game), and loading
never raises. A save that would not fit in a copy sets the oldest other games' saves
aside until it does (never with this app's three games: their saves are under 200
bytes each).

Why this survives a power cut: on the PyBadge every nvm assignment erases the whole
8 KB flash block, then programs it back 512-byte page by page from the lowest address.
Copy A is in the first two pages, so once its bytes are programmed it is whole again:
the previous save if the new one goes to B (B is whole when its own bytes are), the new
one if it goes to A. Only a cut before copy A's last byte is programmed loses both. A
copy cut short ends in erased bytes (0xFF), so its end mark never reads as written.
CRC-16/CCITT sees every burst of up to 16 bits (a 0x00 byte read as 0xFF, which
Fletcher-16 cannot tell apart), every odd number of flipped bits and every 2 or 3 of
them at this length. Flash wears out (10,000 erase cycles per block, guaranteed): a
save writes nothing unless the settings, statistics or saved games changed since the
last one.

Nothing here holds a saved game's bytes: the store knows where each one is in the newest
copy and reads it from the nvm when a game is continued or the next copy is written.
"""

from micropython import const

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

# Settings fields, by index into Settings.values: the kit's key repeat, then each game's
# settings (``SETTINGS`` in its package), GAME_SETTINGS fields per game, by its slot.
SET_REPEAT = const(0)
REPEAT_CHOICES = ("Slow", "Normal", "Fast")
REPEAT_DEFAULT = const(1)
MAX_GAMES = const(7)  # game slots the records have room for (statistics slots)
GAME_SETTINGS = const(2)  # settings each game may declare
# The last game slot is the kit's own (``handheld.registry`` gives games the others): its
# first settings field is the sound level (``handheld.sound.SOUND_CHOICES``); a record
# from before it has 255 there, read as the default.
KIT_SLOT = const(6)
SET_SOUND = const(13)  # game_setting(KIT_SLOT, 0)
SETUP_ROWS = const(6)  # set-up rows remembered per game
STAT_FIELDS = const(8)  # u16 statistics per game slot (STAT_*)
STAT_PLAYED = const(0)
STAT_WON = const(1)
STAT_RUN = const(2)
STAT_BEST_RUN = const(3)
STAT_HIGH = const(4)  # scores: + 32768, 0 = none yet
STAT_LOW = const(5)
STAT_PART_HIGH = const(6)
STAT_PART_LOW = const(7)
NO_GAME = const(255)  # format 2's game slot of a copy with no game in progress

COPY_A = const(0)  # the block's first two flash pages
COPY_B = const(1024)  # its next two
COPY_ROOM = const(1024)  # two flash pages: a copy is whole once they are programmed
# One game's bytes at most: its engine's save (90 to 186 bytes for the three games today)
# and its screen state, with room for a larger game.
GAME_ROOM = const(332)

_SETTING_FIELDS = const(57)  # 1 + MAX_GAMES * (GAME_SETTINGS + SETUP_ROWS)
_SETUP_FIELDS_AT = const(15)  # 1 + MAX_GAMES * GAME_SETTINGS
_UNSET = const(255)
_MAGIC0 = const(0x44)  # "D"
_MAGIC1 = const(0x53)  # "S"
_VERSION = const(3)
_SEQ_AT = const(3)
_SETTINGS_AT = const(5)
_STATS_AT = const(62)  # _SETTINGS_AT + _SETTING_FIELDS
_COUNT_AT = const(174)  # _STATS_AT + MAX_GAMES * STAT_FIELDS * 2
_GAMES_AT = const(175)
_ENTRY = const(3)  # a saved game's slot and length, before its bytes
# Formats 1 and 2: one game in progress, its slot then its length then its bytes.
_OLD_STATS_AT = const(20)
_OLD_SLOT_AT = const(48)
_V2_COPY_B = const(512)  # format 2's copy B: one page a copy
_TAIL = const(3)  # CRC (2 bytes), end mark
_END_MARK = const(0xA5)


def game_setting(slot: int, index: int) -> int:
    """The settings field of a game's ``index``-th declared setting."""
    return 1 + slot * GAME_SETTINGS + index


def setup_field(slot: int, row: int) -> int:
    """The settings field that remembers a game's set-up choice on ``row``."""
    return _SETUP_FIELDS_AT + slot * SETUP_ROWS + row


# CRC-16/CCITT of a nibble: the remainder of each 4-bit value shifted to the top, so a
# byte takes two lookups instead of eight bit steps (a save's CRC is most of its work).
_CRC_NIBBLES = (
    0x0000,
    0x1021,
    0x2042,
    0x3063,
    0x4084,
    0x50A5,
    0x60C6,
    0x70E7,
    0x8108,
    0x9129,
    0xA14A,
    0xB16B,
    0xC18C,
    0xD1AD,
    0xE1CE,
    0xF1EF,
)


def crc16(data: Any, start: int, end: int) -> int:
    """CRC-16/CCITT (polynomial 0x1021, initial 0xFFFF, "CCITT-FALSE") of
    ``data[start:end]``: a nibble at a time (``_CRC_NIBBLES``), every value a small int,
    nothing allocated."""
    table = _CRC_NIBBLES
    crc = 0xFFFF
    i = start
    while i < end:
        byte = data[i]
        crc = (crc << 4 & 0xFFFF) ^ table[crc >> 12 ^ byte >> 4]
        crc = (crc << 4 & 0xFFFF) ^ table[crc >> 12 ^ byte & 0xF]
        i += 1
    return crc


def _get16(memory: Any, at: int) -> int:
    """The big-endian u16 at ``memory[at]``."""
    return memory[at] << 8 | memory[at + 1]


def _offsets(version: int) -> Tuple[int, int, int]:
    """Where a copy of format ``version`` keeps its statistics and its games (format 1
    and 2: the one game's slot; 3: the number of games), and its statistics' bytes per
    game slot."""
    if version == 1:
        return _OLD_STATS_AT, _OLD_SLOT_AT, 4
    return _STATS_AT, _COUNT_AT, STAT_FIELDS * 2


def copy_end(memory: Any, at: int) -> int:
    """Where the CRC of the copy at ``at`` is (the end of its games), if its header and
    game entries are well formed (magic, version, slots, lengths within ``COPY_ROOM``),
    else -1. May raise IndexError where ``memory`` ends (``check_copy`` never lets it:
    a Store's memory holds both copies' room)."""
    version = memory[at + 2]
    if memory[at] != _MAGIC0 or memory[at + 1] != _MAGIC1 or not 1 <= version <= _VERSION:
        return -1
    games_at = _offsets(version)[1]
    limit = at + COPY_ROOM - _TAIL
    if version < 3:
        slot = memory[at + games_at]
        length = _get16(memory, at + games_at + 1)
        end = at + games_at + 3 + length
        if (slot == NO_GAME) != (length == 0) or (slot != NO_GAME and slot >= MAX_GAMES):
            return -1
        if version == 2 and end > at + _V2_COPY_B - _TAIL:  # format 2's copy: one page
            return -1
        return end if end <= limit else -1
    count = memory[at + games_at]
    if count > MAX_GAMES:
        return -1
    seen = 0
    end = at + _GAMES_AT
    while count:
        slot = memory[end]
        length = _get16(memory, end + 1)
        if slot >= MAX_GAMES or seen & 1 << slot or not 0 < length <= GAME_ROOM:
            return -1
        seen |= 1 << slot
        end += _ENTRY + length
        if end > limit:
            return -1
        count -= 1
    return end


def check_copy(memory: Any, at: int) -> int:
    """The sequence number of the copy at ``at`` if it is whole and valid, else -1."""
    end = copy_end(memory, at)
    if end < 0 or memory[end + 2] != _END_MARK or crc16(memory, at, end) != _get16(memory, end):
        return -1
    if memory[at + _SETTINGS_AT + SET_REPEAT] >= len(REPEAT_CHOICES):
        return -1
    stats_at, games_at, size = _offsets(memory[at + 2])
    i = at + stats_at
    while i < at + games_at:
        # played >= won, and (format 2) played >= best run >= current run
        if _get16(memory, i + 2) > _get16(memory, i):
            return -1
        if size > 4 and not _get16(memory, i + 4) <= _get16(memory, i + 6) <= _get16(memory, i):
            return -1
        i += size
    return _get16(memory, at + _SEQ_AT)


class Store:
    """The settings, statistics and saved games (one per game slot), loaded from nvm and
    saved to it as one copy per save (the layout is in the module's docstring). One
    ``Store`` per nvm: ``Settings`` and ``Stats`` are views of it, and every save writes
    them all.

    :param memory: the nvm (anything with ``len``, indexing and slice assignment; at
      least two copies' room), or None: defaults, nothing saved
    """

    def __init__(self, memory: Any = None) -> None:
        self.memory: Any = None
        self.settings = bytearray(b"\xff" * _SETTING_FIELDS)  # 255: never set
        self.settings[SET_REPEAT] = REPEAT_DEFAULT
        self.counters = bytearray(MAX_GAMES * STAT_FIELDS * 2)  # STAT_* per slot, u16 each
        # The saved games, newest first: their slots, and where each one's bytes are in the
        # nvm (the newest copy) and how many.
        self.slots: List[int] = []
        self.where = [0] * MAX_GAMES
        self.sizes = [0] * MAX_GAMES
        self.seq = 0  # the newest copy's sequence number
        self.at = -1  # its offset (COPY_A or COPY_B), -1: none valid
        self.length = 0  # its bytes before the CRC
        self.loaded = False  # True if a valid copy was loaded
        self.writes = 0  # nvm writes made (each one a flash erase on the SAMD51)
        if memory is None or len(memory) < COPY_B + COPY_ROOM:
            return
        self.memory = memory
        seq_a = check_copy(memory, COPY_A)
        b_at = COPY_B
        seq_b = check_copy(memory, b_at)
        if seq_b < 0 and (seq_a < 0 or memory[COPY_A + 2] < _VERSION):
            # No copy of this format yet: the version before kept copy B in page 1 (once a
            # copy of this format is written, what is left there is never read again).
            b_at = _V2_COPY_B
            seq_b = check_copy(memory, b_at) if memory[b_at + 2] < _VERSION else -1
        if seq_b >= 0 and (seq_a < 0 or 0 < (seq_b - seq_a) & 0xFFFF < 0x8000):
            self._load(b_at, seq_b)
        elif seq_a >= 0:
            self._load(COPY_A, seq_a)

    def _load(self, at: int, seq: int) -> None:
        """Take the fields of the valid copy at ``at`` (older formats' into their new
        places)."""
        memory = self.memory
        version = memory[at + 2]
        stats_at, games_at, size = _offsets(version)
        if size == 4:
            self.settings[:_SETUP_FIELDS_AT] = memory[at + _SETTINGS_AT : at + stats_at]
            for slot in range(MAX_GAMES):
                old = at + stats_at + slot * 4
                new = slot * STAT_FIELDS * 2
                self.counters[new : new + 4] = memory[old : old + 4]
        else:
            self.settings[:] = memory[at + _SETTINGS_AT : at + stats_at]
            self.counters[:] = memory[at + stats_at : at + games_at]
        self.slots = []
        if version < 3:
            slot = memory[at + games_at]
            if slot != NO_GAME:
                self._found(slot, at + games_at + _ENTRY, _get16(memory, at + games_at + 1))
        else:
            entry = at + _GAMES_AT
            count = memory[at + games_at]
            while count:
                length = _get16(memory, entry + 1)
                self._found(memory[entry], entry + _ENTRY, length)
                entry += _ENTRY + length
                count -= 1
        self.seq = seq
        self.at = at
        self.length = copy_end(memory, at) - at
        self.loaded = True

    def _found(self, slot: int, where: int, size: int) -> None:
        """Note a saved game of the newest copy: the next newest after those noted."""
        self.slots.append(slot)
        self.where[slot] = where
        self.sizes[slot] = size

    def save(self, game_slot: int = -1, game: Any = None) -> None:
        """Write settings, statistics and saved games as a new copy (one nvm assignment,
        one flash erase), unless none of them changed since the newest copy; with
        ``game``, as the newest saved game of ``game_slot`` (``save_game``)."""
        memory = self.memory
        if memory is None:
            return
        slots = self.slots
        sizes = self.sizes
        if game is not None:
            if game_slot in slots:
                slots.remove(game_slot)
            slots.insert(0, game_slot)
            sizes[game_slot] = len(game)
        # Too long for a copy: the oldest other saves are set aside.
        end = _GAMES_AT
        for slot in slots:
            end += _ENTRY + sizes[slot]
        while end > COPY_ROOM - _TAIL and len(slots) > 1:
            end -= _ENTRY + sizes[slots.pop()]
        record = bytearray(end + _TAIL)
        record[0] = _MAGIC0
        record[1] = _MAGIC1
        record[2] = _VERSION
        record[_SETTINGS_AT:_STATS_AT] = self.settings
        record[_STATS_AT:_COUNT_AT] = self.counters
        record[_COUNT_AT] = len(slots)
        entry = _GAMES_AT
        for slot in slots:
            size = sizes[slot]
            record[entry] = slot
            record[entry + 1] = size >> 8
            record[entry + 2] = size & 0xFF
            entry += _ENTRY
            if slot == game_slot and game is not None:
                record[entry : entry + size] = game
            else:
                where = self.where[slot]
                record[entry : entry + size] = memory[where : where + size]
            entry += size
        at = self.at
        if at >= 0 and self.length == end:
            # Unchanged since the newest copy: nothing to write. Compared byte by byte, so
            # no slice of either is allocated (a save may come at a game's heap peak).
            i = _SETTINGS_AT
            while i < end and memory[at + i] == record[i]:
                i += 1
            if i == end:
                self._placed(at)
                return
        seq = (self.seq + 1) & 0xFFFF
        record[_SEQ_AT] = seq >> 8
        record[_SEQ_AT + 1] = seq & 0xFF
        crc = crc16(record, 0, end)
        record[end] = crc >> 8
        record[end + 1] = crc & 0xFF
        record[end + 2] = _END_MARK
        self._placed(self._write(memory, record))
        self.length = end
        self.writes += 1
        self.seq = seq

    def _placed(self, at: int) -> None:
        """The newest copy is at ``at``: note where its saved games' bytes are."""
        self.at = at
        entry = at + _GAMES_AT
        for slot in self.slots:
            self.where[slot] = entry + _ENTRY
            entry += _ENTRY + self.sizes[slot]

    def _write(self, memory: Any, record: Any) -> int:
        """Write ``record`` in one nvm assignment to the copy that does not hold the newest
        valid one (A after format 2's copy B); returns where it went (``LogStore``:
        appended to its log)."""
        target = COPY_B if self.at == COPY_A else COPY_A
        memory[target : target + len(record)] = record
        return target

    def save_game(self, slot: int, data: Any) -> None:
        """Keep ``data`` (1..GAME_ROOM bytes: the game's own save, e.g. its engine's
        ``to_bytes()`` and a few bytes of screen state) as game ``slot``'s saved game, the
        newest, and save; nothing is written if it is saved so already. The other games'
        saves are kept. ValueError if the slot or the size is out of range."""
        if not 0 <= slot < MAX_GAMES or not 0 < len(data) <= GAME_ROOM:
            raise ValueError("bad game save")
        self.save(slot, data)

    def saved_slots(self) -> List[int]:
        """The game slots with a saved game, the newest first (the store's own list: read
        it, do not change it)."""
        return self.slots

    def load_game(self, slot: int) -> Optional[bytes]:
        """Game ``slot``'s saved game as ``save_game`` got it, whole (the CRC checked it),
        or None. The game's ``from_bytes`` still checks its meaning: on ValueError, clear it
        and start afresh."""
        if slot not in self.slots:
            return None
        where = self.where[slot]
        return bytes(self.memory[where : where + self.sizes[slot]])

    def clear_game(self, slot: int, save: bool = True) -> None:
        """Forget game ``slot``'s saved game (finished or abandoned) and save; nothing is
        written if it has none. ``save=False``: the next save writes it, e.g. a game's end
        as one write: ``clear_game(slot, False)``, then ``Stats.record`` (which saves)."""
        if slot in self.slots:
            self.slots.remove(slot)
        if save:
            self.save()


def _store(memory: Any) -> Store:
    """``memory`` if it is a Store, else a Store loaded from it."""
    return memory if isinstance(memory, Store) else Store(memory)


class Settings:
    """The player's settings: one small int per field, the index of a choice. The kit knows
    only its own field (key repeat); a game's fields are checked against its choices when
    read (``get``), so a value no longer valid reads as the default.

    :param memory: a ``Store`` (the app's: shared with ``Stats``), or the nvm to load a
      Store of its own from, or None (defaults, nothing saved)
    """

    def __init__(self, memory: Any = None) -> None:
        self.store = _store(memory)
        self.values = self.store.settings
        self.loaded = self.store.loaded

    def get(self, field: int, count: int, default: int) -> int:
        """The choice index of one field, if below ``count`` (its choices), else
        ``default`` (never set, or no longer valid)."""
        value = self.values[field]
        return value if value < count else default

    def set(self, field: int, choice: int) -> None:
        """Change one field (saved by ``save()``); ValueError if out of range."""
        if not 0 <= field < _SETTING_FIELDS or not 0 <= choice < _UNSET:
            raise ValueError("setting out of range")
        if field == SET_REPEAT and choice >= len(REPEAT_CHOICES):
            raise ValueError("setting out of range")
        self.values[field] = choice

    def save(self) -> None:
        """Save the store (only if something changed: flash has limited writes)."""
        self.store.save()


class Stats:
    """Per game slot: games played and won, the current and best winning run, and the
    highest and lowest final and part scores (``STAT_*``), saved as 16-bit fields.

    :param memory: a ``Store`` (the app's: shared with ``Settings``), or the nvm to load
      a Store of its own from, or None (zeros, nothing saved)
    """

    def __init__(self, memory: Any = None) -> None:
        self.store = _store(memory)
        self.counters = self.store.counters
        self.loaded = self.store.loaded

    def get(self, slot: int, field: int) -> int:
        """One u16 field (``STAT_*``) of a game slot."""
        return _get16(self.counters, (slot * STAT_FIELDS + field) * 2)

    def _put(self, slot: int, field: int, value: int) -> None:
        """Set one u16 field."""
        at = (slot * STAT_FIELDS + field) * 2
        self.counters[at] = value >> 8
        self.counters[at + 1] = value & 0xFF

    def played(self, slot: int) -> int:
        """Games played in a slot."""
        return self.get(slot, STAT_PLAYED)

    def won(self, slot: int) -> int:
        """Games won in a slot."""
        return self.get(slot, STAT_WON)

    def score(self, slot: int, field: int) -> Optional[int]:
        """A score field (``STAT_HIGH``..``STAT_PART_LOW``), or None if none yet."""
        value = self.get(slot, field)
        return value - 32768 if value else None

    def _keep(self, slot: int, high: int, score: int) -> None:
        """Widen the high/low pair at ``high`` to take ``score``."""
        stored = max(1, min(65535, score + 32768))
        old = self.get(slot, high)
        if not old or stored > old:
            self._put(slot, high, stored)
        old = self.get(slot, high + 1)
        if not old or stored < old:
            self._put(slot, high + 1, stored)

    def record(
        self, slot: int, won: bool, score: Any = None, parts: Any = (), save: bool = True
    ) -> None:
        """Count one finished game (saturating at 65535), its winning run, its final
        ``score`` and ``parts`` scores (ints, or None and () if the game has none), and
        save (``save=False``: the caller saves the store soon after)."""
        if not 0 <= slot < MAX_GAMES:
            raise ValueError("bad stats slot")
        played = self.played(slot)
        if played >= 0xFFFF:
            return
        self._put(slot, STAT_PLAYED, played + 1)
        run = 0
        if won:
            self._put(slot, STAT_WON, self.won(slot) + 1)
            run = self.get(slot, STAT_RUN) + 1
            if run > self.get(slot, STAT_BEST_RUN):
                self._put(slot, STAT_BEST_RUN, run)
        self._put(slot, STAT_RUN, run)
        if score is not None:
            self._keep(slot, STAT_HIGH, score)
        for part in parts:
            self._keep(slot, STAT_PART_HIGH, part)
        if save:
            self.save()

    def reset(self, save: bool = True) -> None:
        """Clear every counter and save (``save=False``: the caller saves the store soon
        after, e.g. the app in its next idle frame)."""
        self.counters[:] = bytes(len(self.counters))
        if save:
            self.save()

    def save(self) -> None:
        """Save the store (only if something changed)."""
        self.store.save()


def counters_text(stats: Stats, slot: int) -> str:
    """``"won/played"`` for one slot, for the Statistics screen."""
    return "%d/%d" % (stats.won(slot), stats.played(slot))
