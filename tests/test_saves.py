"""Saves a player can trust and a flash that lasts.

- The write budget: one-hour sessions of each game at a key every 3 s stay within 20 nvm
  writes an hour (each one a flash erase of the SAMD51's one nvm block), and a switch-off
  at any instant of them would lose at most 5 minutes of play.
- Nothing is lost once the keys have rested 10 s or the pause menu has opened; a quit
  game counts as played and lost, with its set-up choices kept.
- Jekyll & Hyde: a save never holds half of a CPU turn; a game resumed in the middle of
  one shows the same turn and ends where the uninterrupted game does.
- The save mark, Save & sleep and the backlight.
"""

import os
import sys

import pytest
from driven import DrivenSim, app, fresh_nvm, name_of, top, top_name
from test_jekyll_screens import SETUP_CPU_FIRST

import host_sim
from decktet import search
from decktet.rng import Rng
from handheld import store
from handheld.storelog import LogStore
from host_sim.fakes import Nvm, RpNvm

sys.path.insert(0, os.path.join(host_sim.ROOT, "tools", "app"))
import make_scripts  # noqa: E402

from games.jekyll import engine as jekyll_engine  # noqa: E402
from games.jekyll import flow as jekyll_flow  # noqa: E402

HOUR_MS = 3_600_000
KEY_EVERY_MS = 3000
WRITES_PER_HOUR = 20
LOSS_BOUND_MS = 5 * 60_000
ERASE_CYCLES = 10_000
# Each game's set-up for the sessions: Whist of three passes (about 9 minutes at this
# pace; a one-pass game takes 3, and its result alone is a write); Bharg to its default
# target (50) against a CPU (normal); Jekyll & Hyde at the Poole level against a CPU
# (normal).
SESSIONS = (
    ("whist", (0, 0, 0, 2, 0)),
    ("bharg", (0, 1, 0, 2, 0)),
    ("jekyll", (0, 0, 0, 2)),
)


class Paced:
    """A key every 3 s: the screens tests' planner for one game (``make_scripts.Chain``),
    its keys pressed one at a time, the game played again and again until ``until_ms`` of
    the run have passed."""

    def __init__(self, game, choices, until_ms):
        self.game = game
        self.choices = choices
        self.until_ms = until_ms
        self.chain = make_scripts.Chain([])
        self.games = 0
        self.keys = 0
        self.words = []  # the planner's keys still to press

    def __call__(self, sim):
        if not self.words:
            keys = self._next(sim)
            if not keys:
                return None
            self.words = keys.split()
        word = self.words.pop(0)
        if not word.startswith("WAIT"):
            self.keys += 1
        return word

    def _next(self, sim):
        """The next keys: the planner's, or the player's while the CPU plays."""
        screen = app().top()
        flow = getattr(screen, "flow", None)
        show = getattr(flow, "show", None)  # Jekyll & Hyde's CPU show
        showing = bool(getattr(show, "turn", ()))  # its turn on show
        if name_of(screen) == "CpuScreen" or showing:
            # Jekyll & Hyde's CPU plays: the player goes on pressing a key every 3 s, A for
            # the next action on show while the show outlasts the 3 s until it lands (the
            # planner would press A through it, and an A after the show acts on the
            # table), else B, which does nothing there.
            slow = KEY_EVERY_MS + jekyll_flow.SHOW_MS
            left = len(flow.show.turn) - flow.show.shown if showing else 0  # actions still to show
            return "A" if left * jekyll_flow.SHOW_MS > slow else "B"
        chain = self.chain
        if not chain.segments and sim.clock_ms < self.until_ms:
            label = "%s-%d" % (self.game, self.games)
            chain.segments.append((label, make_scripts._planner(self.game, []), 0, self.choices))
            self.games += 1
        return chain(sim)


class Session(DrivenSim):
    """A paced run that watches, every frame, what a switch-off would lose: the play since
    the oldest action the nvm does not hold (checked against the store's bytes after
    each write)."""

    def __init__(self, next_keys, **kwargs):
        super().__init__(next_keys, lead_ms=KEY_EVERY_MS, **kwargs)
        self.unsaved_from = None  # clock ms of the oldest action not in nvm
        self.changes = 0
        self._writes_seen = 0
        self.longest_loss_ms = 0

    def sleep(self, seconds):
        self._watch()
        super().sleep(seconds)

    def _watch(self):
        running = app()
        if running is None or not hasattr(self, "nvm_device"):
            return
        play = running.play
        if self.nvm_device.writes != self._writes_seen:
            self._writes_seen = self.nvm_device.writes
            saved = store.Store(bytes(self.nvm)).load_game(running.game.slot)
            if play is None or running.session.recorded:
                self.unsaved_from = None
            elif saved is not None and saved == play.saved():
                self.unsaved_from = None
                self.changes = play.flow.applied
        if play is None or running.session.recorded:
            self.changes = 0
            return
        if play.flow.applied != self.changes:
            self.changes = play.flow.applied
            if self.unsaved_from is None:
                self.unsaved_from = self.clock_ms
        if self.unsaved_from is not None:
            self.longest_loss_ms = max(self.longest_loss_ms, self.clock_ms - self.unsaved_from)


class Replayed(Nvm):
    """The PyBadge's nvm, each write also saved by the RP2040 boards' store
    (``handheld.storelog.LogStore``) on their nvm (``RpNvm``): the same saves, so its
    erases are what the same session costs a Sprig or a PicoSystem."""

    def __init__(self, data):
        super().__init__(data)
        self.rp2040 = RpNvm()
        self.log = LogStore(self.rp2040)

    def __setitem__(self, index, value):
        super().__setitem__(index, value)
        # The copy just written, appended to the log as it is (the same record format).
        saved = store.Store(bytes(self.data))
        end = store.copy_end(self.data, saved.at) + 3
        self.log._write(self.rp2040, bytes(self.data[saved.at : end]))


def one_hour(game, choices, seed=11):
    """One hour of a game at a decision every 3 s: (writes, hours, longest loss s, games
    begun, keys, RP2040 erases, RP2040 saves)."""
    paced = Paced(game, choices, HOUR_MS)
    nvm = Replayed(fresh_nvm())
    sim = Session(paced, seed=seed, nvm=nvm)
    sim.run()
    hours = sim.clock_ms / HOUR_MS
    rp2040 = nvm.rp2040
    return (
        sim.nvm_device.writes,
        hours,
        sim.longest_loss_ms / 1000,
        paced.games,
        paced.keys,
        rp2040.writes,
        rp2040.writes + rp2040.programs,
    )


@pytest.fixture(scope="module")
def sessions():
    return {game: one_hour(game, choices) for game, choices in SESSIONS}


@pytest.mark.parametrize("game", [game for game, _ in SESSIONS])
def test_an_hour_of_steady_play_stays_within_the_write_budget_and_the_loss_bound(game, sessions):
    writes, hours, longest_loss, games, _, erases, saves = sessions[game]
    assert hours >= 1 and games >= 2, (hours, games)
    # The RP2040 boards: the same saves, erasing about once per sector's worth of records.
    assert saves == writes and 0 < erases * 8 <= writes, (game, erases, writes)
    assert writes <= WRITES_PER_HOUR * hours, (game, writes, hours)
    # Steady play is saved too, and a switch-off loses at most 5 minutes of it.
    assert 0 < longest_loss * 1000 <= LOSS_BOUND_MS, (game, longest_loss)


def test_the_write_budget_table(sessions, capsys):
    with capsys.disabled():
        print("\nnvm writes in one-hour sessions, a key every %d s" % (KEY_EVERY_MS // 1000))
        print(
            "game    games  keys/min  writes/h  hours to %d  years at 1 h/day  longest loss s"
            "  RP2040 erases/h  saves/erase" % ERASE_CYCLES
        )
        for game, _ in SESSIONS:
            writes, hours, longest_loss, games, keys, erases, saves = sessions[game]
            per_hour = writes / hours
            print(
                "%-7s %5d %9.1f %9.1f %12.0f %16.1f %15.0f %16.2f %12.1f"
                % (
                    game,
                    games,
                    keys / hours / 60,
                    per_hour,
                    ERASE_CYCLES / per_hour,
                    ERASE_CYCLES / per_hour / 365,
                    longest_loss,
                    erases / hours,
                    saves / max(1, erases),
                )
            )
        print(
            "writes/h: flash erases an hour on the SAMD51 (every write erases its 8 KB block);"
            " RP2040 erases/h: the same saves appended to the Sprig's and PicoSystem's 4 KB"
            " sector, erased only when it is full"
        )


def _saved_is_current(nvm):
    """True if the nvm holds the running game as it is now."""
    saved = store.Store(nvm).load_game(app().game.slot)
    return saved is not None and saved == app().play.saved()


def test_a_rest_of_10_s_saves_the_game():
    nvm = fresh_nvm()
    # Whist: a few keys of the first hand, then 9.5 s of rest: not yet (the bucket's one
    # write may have gone to steady play's save, so only the rest's own rule counts).
    keys = "GAME:whist A RIGHT A A"
    host_sim.run(keys + " WAIT*9000", nvm=nvm)
    assert app().play.flow.applied > 0
    host_sim.run(keys + " WAIT*10500", nvm=nvm)
    assert _saved_is_current(nvm) and not app().unsaved()


def test_the_pause_menu_saves_at_once_after_it_is_drawn():
    nvm = fresh_nvm()
    sim = host_sim.run("GAME:whist A RIGHT A A START", nvm=nvm)
    assert top_name() == "PauseMenu" and top().status.text == "Saved"
    assert store.Store(nvm).saved_slots() == [0]
    # The write came after the pause menu's refresh, not between the key and its redraw.
    assert sim.display.pushed[-2] == 160 * 128 and sim.display.pushed[-1] < 160 * 128 // 4


def test_a_quit_counts_as_played_and_lost_and_keeps_the_set_up_choices():
    nvm = fresh_nvm()
    store.Stats(nvm).record(0, True)  # a winning run of one
    # Whist with Under hand On (set-up row 2), a few moves, then Quit from the pause menu.
    host_sim.run("GAME:whist DOWN RIGHT A A RIGHT A START UP A", nvm=nvm)
    assert top_name() == "ConfirmScreen" and "counts as a loss" in top().text
    # (Switched on again, "Continue" resumes that game, and it is quit.)
    host_sim.run("ROW:Continue_Gongor_Whist A DOWN RIGHT A A RIGHT A START UP A A", nvm=nvm)
    stats = store.Stats(nvm)
    assert stats.played(0) == 2 and stats.won(0) == 1
    assert stats.get(0, store.STAT_RUN) == 0 and stats.get(0, store.STAT_BEST_RUN) == 1
    assert store.Store(nvm).saved_slots() == []
    # Switched off and on: the set-up opens at the choices the quit game was played with.
    host_sim.run("GAME:whist", nvm=nvm)
    assert top().rows[1][2] == 1


def test_a_quit_before_any_action_is_not_counted():
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A START UP A", nvm=nvm)
    assert top_name() == "ConfirmScreen" and "not counted" in top().text
    # (A fresh nvm: pausing saved the new game, so a boot on this one offers Continue.)
    nvm = fresh_nvm()
    host_sim.run("GAME:whist A START UP A A", nvm=nvm)
    assert store.Stats(nvm).played(0) == 0 and store.Store(nvm).saved_slots() == []


def test_the_save_mark_follows_the_game():
    nvm = fresh_nvm()
    sim = host_sim.run("GAME:whist A RIGHT A A", nvm=nvm)
    marks = app().session.marks
    mark = marks.mark
    assert app().unsaved() and marks.group is top().group and not marks.saved
    red, green, _ = sim.display.image.getpixel((158, 5))
    assert red > 200 and green < 130  # orange
    sim = host_sim.run("GAME:whist A RIGHT A A WAIT*10500", nvm=nvm)
    marks = app().session.marks
    assert not app().unsaved() and marks.saved and marks.group is top().group
    red, green, _ = sim.display.image.getpixel((158, 5))
    assert green > 180 and red < 100  # green
    # Covered by the pause menu, the play screen lets go of its widgets, the mark too;
    # back on top, it has a new one (and only one).
    host_sim.run("GAME:whist A RIGHT A A START", nvm=nvm)
    assert app().session.marks.group is None and app().stack[-2].group is None
    host_sim.run("GAME:whist A RIGHT A A START START", nvm=nvm)
    assert app().session.marks.group is top().group and mark is not app().session.marks.mark
    assert sum(1 for layer in top().group if layer is app().session.marks.mark) == 1


def test_save_and_sleep_turns_the_screen_off_and_a_key_only_wakes_it():
    nvm = fresh_nvm()
    keys = "GAME:whist A RIGHT A A START UP UP A"  # the last row but one: Save & sleep
    sim = host_sim.run(keys, nvm=nvm)
    assert sim.display.brightness == 0 and _saved_is_current(nvm)
    assert top_name() == "PauseMenu"
    sim = host_sim.run(keys + " A", nvm=nvm)
    assert sim.display.brightness == 1 and top_name() == "PauseMenu"  # woken, no choice
    sim = host_sim.run(keys + " A START", nvm=nvm)
    assert top().pausable


def test_the_backlight_dims_then_goes_off_and_the_first_key_only_wakes_it():
    sim = host_sim.run("DOWN WAIT*31000")
    assert 0 < sim.display.brightness < 1
    sim = host_sim.run("DOWN WAIT*121000")
    assert sim.display.brightness == 0
    sim = host_sim.run("DOWN WAIT*121000 DOWN")
    assert sim.display.brightness == 1 and top().menu.index == 1  # the DOWN only woke it
    sim = host_sim.run("DOWN WAIT*121000 DOWN DOWN")
    assert top().menu.index == 2


def test_the_battery_gauge():
    def gauge():
        return top().group[-1]

    sim = host_sim.run("", battery=None)
    # USB power, no battery: nothing shown (no gauge is built until a battery's reading).
    assert type(gauge()).__name__ == "Text" and gauge() is top().group[2]
    assert "battery none (USB)" in sim.summary() and "brightness 1.00" in sim.summary()
    sim = host_sim.run("", battery=4.15)
    assert not gauge().hidden and gauge()[3].width == 11
    assert "battery 4.15 V" in sim.summary()
    host_sim.run("", battery=3.45)
    assert not gauge().hidden and gauge()[3].width == 2
    host_sim.run("", battery=3.2)
    assert not gauge().hidden and gauge()[3].hidden  # no bar left
    from handheld import home

    bars = [home._battery_bars(mv) for mv in (2000, 3250, 3300, 3700, 4150, 5000)]
    assert bars == [-1, 0, 1, 3, 4, -1]


def test_the_gauge_reads_the_battery_again_every_minute():
    class Draining(DrivenSim):
        def sleep(self, seconds):
            self.battery = 4.15 if self.clock_ms < 30000 else 3.45
            super().sleep(seconds)

    steps = iter(["WAIT*59000", "WAIT*3000"])
    Draining(lambda sim: next(steps, None), battery=4.15).run()
    assert top().group[-1][3].width == 2


# -- Jekyll & Hyde: a save never holds half of a CPU turn ---------------------------------


def _names(card):
    return "card %d" % card


def _owner_turn(play, rng):
    """The owner's turn by random legal actions on the engine (the flow follows)."""
    game = play.game
    while not game.is_over() and game.current_player() != play.cpu_seat:
        actions = game.legal_actions()
        game.apply_action(actions[rng.randbelow(len(actions))])
    play.state = game.to_bytes()
    play.stack = []
    play.sync()


def _run_show(play, now):
    """Tick a CPU turn on show (its transformation's wave too) to its end."""
    while play.mode == jekyll_flow.MODE_SHOW or play.mode == jekyll_flow.MODE_ANIM:
        now += jekyll_flow.SHOW_MS
        play.tick(now, None)
    return now


class _Cover:
    """What ``games.jekyll.screens.CpuScreen.tick`` uses of the app."""

    def __init__(self, more):
        self.more = more

    def pop(self):
        pass


def _think(play, more, stop_at=-1):
    """The CPU's turn played by its cover screen (``games.jekyll.screens.CpuScreen``), on
    the game, ``more`` a frame, then shown; ``saved()`` after frame ``stop_at``."""
    from games.jekyll.screens import CpuScreen

    screen = CpuScreen(play)
    cover = _Cover(more)
    calls = 0
    data = None
    while not screen.tick(cover, 0):
        calls += 1
        if calls == stop_at:
            data = play.saved()
    return data


def _resume(data):
    """A new flow from a save, as ``games.jekyll.screens.resume`` makes it."""
    game, tail = jekyll_flow.split_save(data)
    play = jekyll_flow.Play(game, _names)
    play.restore(tail)
    return play


def test_a_cpu_turn_resumed_midway_is_the_same_turn_and_ends_in_the_same_state():
    rng = Rng(19)
    resumed = 0
    mid_think = 0
    seed = 0
    while resumed < 100:
        seed += 1
        level = seed % 3
        play = jekyll_flow.Play(
            jekyll_engine.Game(seed, jekyll_flow.options_for(level, 0, seed & 1)),
            _names,
            1 + seed % 2,
        )
        now = 0
        while not play.game.is_over() and resumed < 100:
            if play.mode != jekyll_flow.MODE_CPU:
                _owner_turn(play, rng)
                continue
            # The CPU's turn: sometimes saved while it thinks, else while it is shown.
            before = play.game.to_bytes()
            stop_at = rng.randbelow(6) if seed % 4 == 0 else -1
            data = _think(play, search.units(4), stop_at)
            if data is not None:
                assert data[-1] == 0  # no turn yet: the position before it
                assert jekyll_flow.split_save(data)[0].to_bytes() == before
                mid_think += 1
            turn = list(play.show.turn)
            shown = rng.randbelow(len(turn) + 1)
            for _ in range(shown):
                now += jekyll_flow.SHOW_MS
                play.tick(now, None)
                while play.mode == jekyll_flow.MODE_ANIM:
                    now += 100
                    play.tick(now, None)
            data = play.saved()
            if play.show.turn:
                # The position before the turn and the whole turn, whatever was shown.
                game, tail = jekyll_flow.split_save(data)
                assert game.to_bytes() == before and data[-1] == len(turn)
                other = _resume(data)
                assert other.mode == jekyll_flow.MODE_SHOW and other.show.turn == turn
                _run_show(other, now)
                now = _run_show(play, now)
                assert other.game.to_bytes() == play.game.to_bytes()
                assert other.mode == play.mode
                resumed += 1
            else:
                now = _run_show(play, now)
    assert mid_think > 0


def test_a_resumed_cpu_turn_that_the_game_cannot_play_is_refused():
    game = jekyll_engine.Game(4, jekyll_flow.options_for(0, 0, 1))  # the CPU moves first
    play = jekyll_flow.Play(game, _names, 2)
    _think(play, search.units(4))
    data = bytearray(play.saved())
    assert data[-1] == len(play.show.turn) > 0
    data[-3] ^= 0x55  # the turn's last action's low byte
    with pytest.raises(ValueError):
        _resume(bytes(data))


def test_continue_in_the_middle_of_a_cpu_turn_shows_it_from_its_start():
    # Against the CPU (normal, it plays Dr. Jekyll and moves first): START while its
    # first turn is shown saves the position before the turn with the turn.
    nvm = fresh_nvm()
    host_sim.run(SETUP_CPU_FIRST + " WAIT*1000 START", seed=5, nvm=nvm)
    play = app().play
    assert play.flow.show.turn and top_name() == "PauseMenu"
    assert store.Store(nvm).saved_slots() == [2]
    data = store.Store(nvm).load_game(2)
    turn = play.flow.show.turn
    assert data[-1] == len(turn) > 0
    host_sim.run("ROW:Continue_Jekyll_&_Hyde A", nvm=nvm)
    screen = top()
    assert name_of(screen) == "PlayScreen" and screen.flow.mode == jekyll_flow.MODE_SHOW
    assert screen.flow.show.turn == turn


def test_goldens_of_the_save_mark_and_the_dimmed_screen(monkeypatch):
    from driven import shipped_games
    from goldens import check_golden

    from handheld import registry

    # (The main menu's picture is of the three shipped games, whatever else is registered.)
    monkeypatch.setattr(registry, "GAMES", shipped_games())

    # A Whist table saved after the keys rested: the green mark at the top right.
    sim = host_sim.run("GAME:whist A RIGHT A A WAIT*10500", nvm=fresh_nvm())
    check_golden("whist_saved", sim.screen())
    # The same table 30 s later: dimmed (what a person sees at the backlight's level).
    sim = host_sim.run("GAME:whist A RIGHT A A WAIT*31000", nvm=fresh_nvm())
    assert 0 < sim.display.brightness < 1
    check_golden("whist_dimmed", sim.screen())
    # The pause menu says the game is saved; the main menu shows the battery.
    sim = host_sim.run("GAME:whist A RIGHT A A START", nvm=fresh_nvm())
    check_golden("pause_saved", sim.screen())
    sim = host_sim.run("", nvm=fresh_nvm(), battery=3.8)
    check_golden("main_menu_battery", sim.screen())
