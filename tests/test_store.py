"""The store (handheld.store) on the host: a recorded session of saves (settings, statistics,
saved games of the three games, up to three at once, from their engines' real
``to_bytes()``) cut after
every byte of each flash write by the simulator's fake nvm (host_sim.fakes.Nvm), property
tests (hypothesis) throwing random bytes, truncations and bit flips at it, the Fletcher-16
blind spot of the old store, and the fake nvm itself. tests/device/dtest_store.py holds the
tests that also run on the device's interpreters."""

import importlib

import pytest
from driven import fresh_nvm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import host_sim
from decktet.rng import Rng
from handheld import store
from host_sim.fakes import FLASH_PAGE, NVM_SIZE, Nvm, PowerCut

GAMES = ("whist", "bharg", "jekyll")  # by registry slot
STATS_AT = 62  # a copy's statistics (the layout in handheld/store.py)
COUNT_AT = 174  # its number of saved games
GAMES_AT = 175  # its first saved game
STAT_BYTES = 16  # per game slot
PROPERTY = settings(
    max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def games(saved):
    """A store's saved games, the newest first: ((slot, bytes), ...)."""
    return tuple((slot, saved.load_game(slot)) for slot in saved.saved_slots())


def state(saved):
    """What a store holds: settings, counters, saved games."""
    return (bytes(saved.settings), bytes(saved.counters), games(saved))


DEFAULTS = state(store.Store())


def load(memory):
    """(loaded, state) of a store booted on a copy of ``memory``."""
    saved = store.Store(bytearray(memory))
    return saved.loaded, state(saved)


def copy_length(memory, at):
    """The length of the copy at ``at``, header to end mark."""
    return store.copy_end(memory, at) - at + 3


def game_saves(name, moves, seed):
    """The engine's ``to_bytes()`` of a game of ``name`` after each of its first ``moves``
    random legal actions (the first: before any)."""
    engine = importlib.import_module("games.%s.engine" % name)
    game = engine.Game(seed, engine.OPTION_SETS[-1])
    rng = Rng(seed)
    saves = [game.to_bytes()]
    for _ in range(moves):
        actions = game.legal_actions()
        game.apply_action(actions[rng.randbelow(len(actions))])
        saves.append(game.to_bytes())
    return saves


class RecordingNvm(Nvm):
    """The fake nvm, keeping the last assignment (index, bytes) to replay it cut short."""

    def __setitem__(self, index, value):
        self.last = (index, bytes(value))
        super().__setitem__(index, value)


def session():
    """A recorded session: (label, step) pairs, each step one change and one save."""
    steps = []

    def setting(field, choice):
        def step(saved):
            store.Settings(saved).set(field, choice)
            saved.save()

        return step

    def game(slot, data):
        return lambda saved: saved.save_game(slot, data)

    def finish(slot, won):
        def step(saved):
            saved.clear_game(slot, False)
            store.Stats(saved).record(slot, won)  # the game's end: one write

        return step

    steps.append(("settings: key repeat", setting(store.SET_REPEAT, 2)))
    steps.append(("statistics: Whist won", lambda saved: store.Stats(saved).record(0, True)))
    # Each game saved in turn while the ones before stay saved: up to three at once.
    for slot, name in enumerate(GAMES):
        saves = game_saves(name, 3, 11 + slot)
        for move, data in enumerate(saves):
            steps.append(("%s: move %d" % (name, move), game(slot, data)))
        # A game with a few bytes of its own screen state after the engine's.
        steps.append(("%s: + screen" % name, game(slot, saves[-1] + b"\x02\x01")))
    steps.append(("whist: continued", game(0, game_saves("whist", 4, 11)[-1])))
    for slot, name in enumerate(GAMES[:2]):
        steps.append(("%s: finished" % name, finish(slot, slot != 1)))
    steps.append(("settings: Bharg target", setting(store.game_setting(1, 0), 2)))
    steps.append(("whist: abandoned", game(0, game_saves("whist", 1, 5)[-1])))
    steps.append(("jekyll: cleared", lambda saved: saved.clear_game(2)))
    steps.append(("whist: cleared", lambda saved: saved.clear_game(0)))
    steps.append(("statistics: reset", lambda saved: store.Stats(saved).reset()))
    return steps


def test_a_cut_after_any_byte_of_any_save_leaves_the_previous_or_the_new_one():
    """Every save of the session, cut after every byte of its flash write (erase, then the
    block's 16 pages from the lowest address), then a reboot: what loads is exactly the
    previous save or the new one; both are lost only while copy A (page 0) is being
    programmed again."""
    live = RecordingNvm(fresh_nvm())
    saved = store.Store(live)
    rows = []
    for label, step in session():
        before = bytes(live.data)
        previous = load(before)[1]
        writes = live.writes
        step(saved)
        assert live.writes == writes + 1, label  # each step changed something: one write
        after = bytes(live.data)
        new = load(after)[1]
        assert new == state(saved) != previous, label
        index, value = live.last
        new_end = saved.at + copy_length(after, saved.at)
        whole_a = copy_length(after, store.COPY_A)
        loads = {}
        counts = {"lost": 0, "previous": 0, "new": 0}
        for cut in range(NVM_SIZE + 1):
            nvm = Nvm(bytearray(before))
            nvm.cut_after = cut
            with pytest.raises(PowerCut):
                nvm[index] = value
            key = bytes(nvm.data)
            if key not in loads:
                loads[key] = load(key)
            loaded, got = loads[key]
            if cut >= new_end:
                assert loaded and got == new, (label, cut)
                counts["new"] += 1
            elif cut >= whole_a:
                assert loaded and got == previous, (label, cut)
                counts["previous"] += 1
            else:
                assert not loaded and got == DEFAULTS, (label, cut)
                counts["lost"] += 1
        assert counts["lost"] == whole_a <= store.COPY_ROOM, label
        rows.append((label, "AB"[saved.at // store.COPY_B], new_end - saved.at, counts))
    line = "%-22s %4s %5s %5s %8s %5s"
    print(
        "\n"
        + line
        % ("save (cut points: %d)" % (NVM_SIZE + 1), "copy", "bytes", "lost", "previous", "new")
    )
    for label, copy, size, counts in rows:
        print(line % (label, copy, size, counts["lost"], counts["previous"], counts["new"]))
    total = sum(row[3]["lost"] for row in rows)
    print("lost both copies: %d of %d cut points" % (total, len(rows) * (NVM_SIZE + 1)))


def real_image():
    """An nvm after a session's saves: copy A the save before, copy B (the newest) a Jekyll
    & Hyde game in progress; and the states of both."""
    nvm = fresh_nvm()
    saved = store.Store(nvm)
    for _, step in session()[:-4]:
        step(saved)
    saved.save_game(2, game_saves("jekyll", 2, 4)[-1] + b"\x01")
    older = bytearray(nvm)
    older[saved.at : saved.at + store.COPY_ROOM] = b"\xff" * store.COPY_ROOM
    return nvm, saved.at, load(older)[1], state(saved)


IMAGE, NEWEST, PREVIOUS, NEWEST_STATE = real_image()
OLDER = store.COPY_A if NEWEST == store.COPY_B else store.COPY_B


def valid_fields(saved):
    """The fields a loaded store may hold, whatever the nvm held."""
    assert saved.settings[store.SET_REPEAT] < len(store.REPEAT_CHOICES)
    stats = store.Stats(saved)
    for slot in range(store.MAX_GAMES):
        assert stats.won(slot) <= stats.played(slot)
    slots = saved.saved_slots()
    assert len(set(slots)) == len(slots) <= store.MAX_GAMES
    for slot, data in games(saved):
        assert 0 <= slot < store.MAX_GAMES and 0 < len(data) <= store.GAME_ROOM


def test_every_bit_flip_of_real_saves_is_refused():
    for at, expected in ((NEWEST, PREVIOUS), (OLDER, NEWEST_STATE)):
        for i in range(copy_length(IMAGE, at)):
            for bit in range(8):
                memory = bytearray(IMAGE)
                memory[at + i] ^= 1 << bit
                assert load(memory) == (True, expected), (at, i, bit)


def test_the_fletcher16_blind_spot_is_gone():
    """The old store's Fletcher-16 (sums modulo 255) read 0x00 and 0xFF alike: 10 games
    played loaded as 65,290. Every 0x00 or 0xFF byte of a real copy, swapped, is refused."""

    def fletcher16(data):
        sum1 = sum2 = 0
        for byte in data:
            sum1 = (sum1 + byte) % 255
            sum2 = (sum2 + sum1) % 255
        return sum2 << 8 | sum1

    nvm = fresh_nvm()
    stats = store.Stats(nvm)
    for _ in range(10):
        stats.record(0, False)
    at = stats.store.at
    damaged = bytearray(nvm)
    damaged[at + STATS_AT] = 0xFF  # played 10 (0x000A) read as 0xFF0A
    old_end = at + copy_length(nvm, at) - 3
    assert fletcher16(nvm[at:old_end]) == fletcher16(damaged[at:old_end])  # the blind spot
    again = store.Stats(damaged)
    assert again.loaded and again.played(0) == 9  # the save before, not 65,290
    swaps = 0
    for copy, expected in ((NEWEST, PREVIOUS), (OLDER, NEWEST_STATE)):
        for i in range(copy_length(IMAGE, copy)):
            if IMAGE[copy + i] in (0x00, 0xFF):
                damaged = bytearray(IMAGE)
                damaged[copy + i] ^= 0xFF
                assert load(damaged) == (True, expected), (copy, i)
                swaps += 1
    assert swaps > 50


@PROPERTY
@given(
    st.one_of(
        st.binary(max_size=store.COPY_B + store.COPY_ROOM - 1),
        st.binary(min_size=store.COPY_B + store.COPY_ROOM, max_size=NVM_SIZE),
    )
)
def test_random_bytes_never_raise_nor_load_out_of_range(data):
    memory = bytearray(data)
    saved = store.Store(memory)
    valid_fields(saved)
    if len(data) < store.COPY_B + store.COPY_ROOM:
        assert not saved.loaded and state(saved) == DEFAULTS
    settings_view = store.Settings(memory)
    for field in range(57):
        settings_view.get(field, 4, 0)
    store.counters_text(store.Stats(memory), 6)


def parse(copy):
    """A format-3 copy's saved games ((slot, bytes), ...) and where its CRC is, read by
    the layout's own words (handheld/store.py); None if its entries are not well formed."""
    if copy[COUNT_AT] > store.MAX_GAMES:
        return None
    found = []
    at = GAMES_AT
    for _ in range(copy[COUNT_AT]):
        slot, length = copy[at], copy[at + 1] << 8 | copy[at + 2]
        if slot >= store.MAX_GAMES or slot in [f[0] for f in found]:
            return None
        if not 0 < length <= store.GAME_ROOM or at + 3 + length > store.COPY_ROOM - 3:
            return None
        found.append((slot, bytes(copy[at + 3 : at + 3 + length])))
        at += 3 + length
    return tuple(found), at


def in_range(copy):
    """True if a copy's fields are all in range (what the store may load)."""
    if copy[5 + store.SET_REPEAT] >= len(store.REPEAT_CHOICES):
        return False
    for slot in range(store.MAX_GAMES):
        at = STATS_AT + slot * STAT_BYTES
        played, won, run, best = (copy[at + i] << 8 | copy[at + i + 1] for i in (0, 2, 4, 6))
        if won > played or not run <= best <= played:
            return False
    return parse(copy) is not None


@PROPERTY
@given(
    st.sampled_from((store.COPY_A, store.COPY_B)),
    st.booleans(),
    st.integers(0, 0xFFFF),
    st.lists(
        st.tuples(st.integers(0, store.MAX_GAMES), st.integers(0, store.GAME_ROOM + 1)),
        max_size=4,
    ),
    st.booleans(),
    st.booleans(),
    st.binary(min_size=store.COPY_ROOM, max_size=store.COPY_ROOM),
)
def test_copies_with_a_right_header_and_random_fields_load_only_in_range(
    at, over_real, seq, entries, seal, tidy, body
):
    """Random copies that pass the cheap checks (magic, version, end mark) and reach the
    CRC (``seal``: a right CRC too; ``tidy``: key repeat and counters mostly in range),
    with random saved games (slots, a slot twice, lengths 0..GAME_ROOM + 1, too many
    bytes for a copy): never an exception, never a field out of range; a sealed copy with
    every field in range loads as it is."""
    memory = bytearray(IMAGE) if over_real else fresh_nvm()
    copy = bytearray(body)
    if tidy:
        copy[5] %= 4  # 3: out of range
        for at_ in range(STATS_AT, COUNT_AT, STAT_BYTES):
            for field in (2, 6, 4):  # won, then best run, then run: not above played
                if copy[at_ + field] > copy[at_]:
                    copy[at_ + field] = copy[at_]
            if copy[at_ + 4] > copy[at_ + 6]:
                copy[at_ + 4] = copy[at_ + 6]
    copy[0:3] = b"DS\x03"
    copy[3] = seq >> 8
    copy[4] = seq & 0xFF
    copy[COUNT_AT] = len(entries)
    end = GAMES_AT
    for slot, length in entries:
        if end + 3 > store.COPY_ROOM - 3:
            break
        copy[end] = slot
        copy[end + 1] = length >> 8
        copy[end + 2] = length & 0xFF
        end += 3 + length
    end = min(end, store.COPY_ROOM - 3)
    if seal:
        crc = store.crc16(copy, 0, end)
        copy[end] = crc >> 8
        copy[end + 1] = crc & 0xFF
    copy[end + 2] = 0xA5
    memory[at : at + store.COPY_ROOM] = copy
    saved = store.Store(memory)
    valid_fields(saved)
    sealed = store.crc16(copy, 0, end) == copy[end] << 8 | copy[end + 1]
    parsed = parse(copy)
    good = sealed and in_range(copy) and parsed[1] == end
    if not over_real:
        assert saved.loaded == good
    if saved.loaded and saved.at == at:
        assert good
        assert state(saved) == (bytes(copy[5:STATS_AT]), bytes(copy[STATS_AT:COUNT_AT]), parsed[0])


def format2_copy(seq, slot, game):
    """A copy as the version before this one wrote it: format 2, one page, one game in
    progress (its slot, 255 for none, at 174, its length at 175, its bytes at 177)."""
    copy = bytearray(177 + len(game) + 3)
    copy[0:3] = b"DS\x02"
    copy[3:5] = bytes((seq >> 8, seq & 0xFF))
    copy[5:62] = bytes(range(3, 60))  # settings: repeat 3 is out of range, so:
    copy[5] = 1
    copy[62:64] = b"\x00\x05"  # Whist: played 5
    copy[174] = slot
    copy[175:177] = bytes((len(game) >> 8, len(game) & 0xFF))
    copy[177 : 177 + len(game)] = game
    crc = store.crc16(copy, 0, 177 + len(game))
    copy[-3:] = bytes((crc >> 8, crc & 0xFF, 0xA5))
    return copy


@pytest.mark.parametrize("nvm_at", (0, 512))
def test_a_save_of_the_version_before_loads_its_game_and_is_kept_beside_new_ones(nvm_at):
    """Format 2 copies (in page 0 or page 1) load: settings, statistics and the one game
    in progress, which stays saved when another game is saved (as format 3)."""
    whist = game_saves("whist", 2, 7)[-1] + b"\x01"
    memory = fresh_nvm()
    memory[nvm_at : nvm_at + len(whist) + 180] = format2_copy(9, 0, whist)
    saved = store.Store(memory)
    assert saved.loaded and store.Stats(saved).played(0) == 5
    assert saved.settings[1:] == bytes(range(4, 60)) and games(saved) == ((0, whist),)
    jekyll = game_saves("jekyll", 1, 3)[-1]
    saved.save_game(2, jekyll)
    again = store.Store(memory)
    assert again.seq == 10 and memory[again.at + 2] == 3
    assert games(again) == ((2, jekyll), (0, whist)) and store.Stats(again).played(0) == 5
    assert format2_copy(9, 255, b"")[174:177] == b"\xff\x00\x00"
    memory = fresh_nvm()
    memory[0:180] = format2_copy(4, 255, b"")
    assert store.Store(memory).loaded and games(store.Store(memory)) == ()


def test_games_are_saved_one_per_game_the_newest_first_and_the_oldest_set_aside_if_too_long():
    """Saving a game keeps every other game's save; a game saved again moves to the front;
    clearing one keeps the rest; a copy that would be too long sets the oldest aside."""
    memory = fresh_nvm()
    saved = store.Store(memory)
    saved.save_game(0, b"w" * 10)
    saved.save_game(1, b"b" * 20)
    saved.save_game(2, b"j" * 30)
    assert games(store.Store(memory)) == ((2, b"j" * 30), (1, b"b" * 20), (0, b"w" * 10))
    saved.save_game(1, b"B" * 21)
    assert [slot for slot, _ in games(store.Store(memory))] == [1, 2, 0]
    writes = saved.writes
    saved.save_game(1, b"B" * 21)  # the same again: nothing written
    saved.clear_game(5)  # nothing saved there: nothing written
    assert saved.writes == writes
    saved.clear_game(2)
    assert games(store.Store(memory)) == ((1, b"B" * 21), (0, b"w" * 10))
    for slot in (3, 4, 5):
        saved.save_game(slot, bytes([slot]) * store.GAME_ROOM)
    # 175 + 3 x 335 > 1021: the oldest (Whist, then Bharg) went to make room.
    assert store.Stats(memory).store.saved_slots() == [5, 4]
    assert store.Store(memory).load_game(0) is None


@PROPERTY
@given(st.integers(0, NVM_SIZE))
def test_a_truncated_nvm_never_raises(size):
    loaded, got = load(IMAGE[:size])
    if size >= store.COPY_B + store.COPY_ROOM:
        assert (loaded, got) == (True, NEWEST_STATE)
    else:
        assert (loaded, got) == (False, DEFAULTS)


@PROPERTY
@given(st.data())
def test_a_copy_cut_short_loads_the_other_one(data):
    """The newest copy cut short at any byte, the rest of it erased (0xFF), stuck at 0x00
    or random: the save before loads (or the newest, if the rest is what it was)."""
    length = copy_length(IMAGE, NEWEST)
    cut = data.draw(st.integers(0, length - 1))
    fill = data.draw(
        st.one_of(
            st.just(b"\xff" * (length - cut)),
            st.just(b"\x00" * (length - cut)),
            st.binary(min_size=length - cut, max_size=length - cut),
        )
    )
    memory = bytearray(IMAGE)
    memory[NEWEST + cut : NEWEST + length] = fill
    expected = NEWEST_STATE if memory == IMAGE else PREVIOUS
    assert load(memory) == (True, expected)


@PROPERTY
@given(st.data())
def test_bursts_of_up_to_16_bits_are_refused(data):
    which = data.draw(st.sampled_from((NEWEST, OLDER)))
    length = copy_length(IMAGE, which)
    start = data.draw(st.integers(0, length * 8 - 1))
    pattern = data.draw(st.integers(1, 0xFFFF)) | 1  # the burst starts at ``start``
    memory = bytearray(IMAGE)
    bit = start
    while pattern and bit < length * 8:
        if pattern & 1:
            memory[which + bit // 8] ^= 0x80 >> (bit % 8)
        pattern >>= 1
        bit += 1
    assert load(memory) == (True, PREVIOUS if which == NEWEST else NEWEST_STATE)


@PROPERTY
@given(st.integers(0, 2 * store.COPY_ROOM * 8 - 1), st.integers(0, 2 * store.COPY_ROOM * 8 - 1))
def test_a_flip_in_each_copy_leaves_defaults_or_an_intact_copy(first, second):
    memory = bytearray(IMAGE)
    memory[first // 8] ^= 1 << first % 8
    memory[second // 8] ^= 1 << second % 8
    loaded, got = load(memory)
    intact = [
        expected
        for at, expected in ((NEWEST, NEWEST_STATE), (OLDER, PREVIOUS))
        if memory[at : at + copy_length(IMAGE, at)] == IMAGE[at : at + copy_length(IMAGE, at)]
    ]
    if intact:
        assert loaded and got == intact[0]
    else:
        assert (loaded, got) == (False, DEFAULTS)


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("setting"), st.integers(0, 14), st.integers(0, 2)),
        st.tuples(st.just("record"), st.integers(0, store.MAX_GAMES - 1), st.booleans()),
        st.tuples(
            st.just("game"),
            st.integers(0, store.MAX_GAMES - 1),
            st.binary(min_size=1, max_size=store.GAME_ROOM),
        ),
        st.tuples(st.just("clear"), st.integers(0, store.MAX_GAMES - 1), st.just(0)),
        st.tuples(st.just("reset"), st.just(0), st.just(0)),
        st.tuples(st.just("reboot"), st.just(0), st.just(0)),
    ),
    max_size=40,
)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(OPERATIONS)
def test_any_sequence_of_saves_and_reboots_loads_the_last_save(operations):
    nvm = Nvm()
    saved = store.Store(nvm)
    for kind, a, b in operations:
        before = state(saved)
        writes = nvm.writes
        had_copy = load(nvm.data)[0]
        if kind == "setting":
            store.Settings(saved).set(a, b)
            saved.save()
        elif kind == "record":
            store.Stats(saved).record(a, b)
        elif kind == "game":
            saved.save_game(a, b)
        elif kind == "clear":
            saved.clear_game(a)
        elif kind == "reset":
            store.Stats(saved).reset()
        else:
            saved = store.Store(nvm)
        # One write when something changed (or nothing was saved yet), none otherwise.
        changed = kind != "reboot" and (state(saved) != before or not had_copy)
        assert nvm.writes == writes + (1 if changed else 0)
        assert load(nvm.data)[1] == state(saved)


# -- the fake nvm ------------------------------------------------------------------------


def test_fake_nvm_erases_the_block_then_programs_pages_from_the_lowest():
    data = bytearray(range(256)) * 32
    nvm = Nvm(data)
    assert len(nvm) == NVM_SIZE and bytes(nvm) == bytes(data)
    nvm.cut_after = FLASH_PAGE + 10
    with pytest.raises(PowerCut):
        nvm[4000:4004] = b"abcd"  # far from the cut: still, the whole block was erased
    assert data is nvm.data and nvm.writes == 1 and nvm.programmed == FLASH_PAGE + 10
    assert data[: FLASH_PAGE + 10] == (bytearray(range(256)) * 3)[: FLASH_PAGE + 10]
    assert data[FLASH_PAGE + 10 :] == b"\xff" * (NVM_SIZE - FLASH_PAGE - 10)
    assert nvm.cut_after is None  # one cut, then the power is back
    nvm[0:4] = b"wxyz"
    assert nvm.writes == 2 and nvm.programmed == FLASH_PAGE + 10 + NVM_SIZE
    assert data[:4] == b"wxyz" and data[4000:4004] == b"\xff" * 4
    nvm[5] = 7
    assert nvm[5] == 7 and nvm[0:2] == b"wx" and nvm.writes == 3


def test_fake_nvm_cut_counts_across_writes_and_at_the_edges():
    nvm = Nvm()
    nvm.cut_after = 0
    with pytest.raises(PowerCut):
        nvm[0] = 1
    assert bytes(nvm) == b"\xff" * NVM_SIZE and nvm.writes == 1
    nvm.cut_after = NVM_SIZE + 3  # the first write whole, the second cut after 3 bytes
    nvm[0:2] = b"\x01\x02"
    with pytest.raises(PowerCut):
        nvm[0:4] = b"\x03\x04\x05\x06"
    assert nvm[0:5] == b"\x03\x04\x05\xff\xff"
    nvm.cut_after = NVM_SIZE  # ends with the write's last byte: the power goes after it
    with pytest.raises(PowerCut):
        nvm[1] = 9
    assert nvm[0:2] == b"\x03\x09" and nvm.cut_after is None


def test_fake_nvm_refuses_what_the_device_refuses():
    nvm = Nvm()
    with pytest.raises(ValueError):
        nvm[0:4] = b"abc"  # CircuitPython: "Slice and value different lengths."
    with pytest.raises(ValueError):
        nvm[0] = 256
    with pytest.raises(IndexError):
        nvm[NVM_SIZE] = 0
    with pytest.raises(NotImplementedError):
        nvm[0:4:2] = b"ab"
    assert nvm.writes == 0 and len(nvm) == NVM_SIZE


def test_simulator_counts_writes_and_can_be_cut():
    nvm = fresh_nvm()
    # Settings: Key repeat Fast, leave: one write; looking at Statistics writes nothing.
    sim = host_sim.run("ROW:Settings A RIGHT B", nvm=nvm)
    assert sim.nvm_device.writes == 1 and sim.nvm_device.data is nvm
    assert store.Settings(nvm).get(store.SET_REPEAT, 3, 1) == 2
    sim = host_sim.run("ROW:Statistics A B", nvm=nvm)
    assert sim.nvm_device.writes == 0
    # Power cut while the Settings are saved, before copy B's pages are done: A holds.
    device = Nvm(nvm)
    device.cut_after = FLASH_PAGE + 20
    with pytest.raises(PowerCut):
        host_sim.run("ROW:Settings A LEFT B", nvm=device)
    assert store.Settings(nvm).get(store.SET_REPEAT, 3, 1) == 2
    sim = host_sim.run("ROW:Settings A LEFT B", nvm=nvm)
    assert sim.nvm_device.writes == 1 and store.Settings(nvm).get(store.SET_REPEAT, 3, 1) == 1
