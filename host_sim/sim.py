"""The simulator: virtual clock, key scripts, fake hardware and running code.py."""

import os
import runpy
import sys
import time

from host_sim import ROOT, cpdisplayio, fakes
from host_sim.display import SimDisplay

# Key name -> key number on the badge's shift register (bit = 1 << number).
KEY_NUMBERS = {"B": 0, "A": 1, "START": 2, "SELECT": 3, "RIGHT": 4, "DOWN": 5, "UP": 6, "LEFT": 7}
FRAME_MS = 10
TAP_MS = 40
GAP_MS = 60
BOOT_MS = 50
SETTLE_MS = 100
CENTRE = 32768
CUE_NAMES = ("place", "trick", "refused", "won", "lost")  # handheld.sound's CUE_* by number


def _take_app_modules():
    """Take the app's modules (those of lib/ and games/) and ``displayio``/``vectorio`` out
    of sys.modules; returns them by name (a run on another displayio imports its own)."""
    folders = tuple(os.path.join(ROOT, name) + os.sep for name in ("lib", "games"))
    taken = {}
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        if name in ("displayio", "vectorio") or path.startswith(folders):
            taken[name] = sys.modules.pop(name)
    return taken


class SimDone(Exception):
    """The key script ran out (or the window was closed): the run is over."""


def _joystick(word):
    """The (x, y) of a ``JOY:x,y`` word (0..65535 each), or None for ``JOY:OFF``."""
    value = word[4:].upper()
    if value == "OFF":
        return None
    parts = value.split(",")
    if len(parts) != 2 or not all(part.isdigit() and int(part) <= 65535 for part in parts):
        raise ValueError("bad joystick word %r: use JOY:x,y (0..65535 each) or JOY:OFF" % word)
    return (int(parts[0]), int(parts[1]))


def _label(text):
    """A row label as ``ROW:`` words match it: ``_`` for spaces, case-insensitive."""
    return text.replace("_", " ").lower()


def name_taps(screen, word):
    """The taps a ``GAME:<id>`` or ``ROW:<text>`` word stands for on ``screen`` (the top
    screen when the word is reached): DOWN or UP, the fewer way round (its cursor may
    wrap), to the row that ``ROW:`` names by its label, or to the main menu's row of the
    game ``GAME:`` names by its id (``handheld.registry``: its package's last part), then
    A. Raises ValueError if the screen has no such row."""
    kind, _, text = word.partition(":")
    menu = getattr(screen, "menu", None)
    labels = getattr(menu, "items", None)
    if labels is None:
        raise ValueError("%s: the top screen (%s) has no rows" % (word, type(screen).__name__))
    if kind.upper() == "GAME":
        from handheld import registry

        games = [e for e in registry.GAMES if e.package.rpartition(".")[2] == text.lower()]
        if not games:
            ids = ", ".join(e.package.rpartition(".")[2] for e in registry.GAMES)
            raise ValueError("%s: no game has that id (the games: %s)" % (word, ids))
        want = games[0].name.lower()
    else:
        want = _label(text)
    rows = [label.lower() for label in labels]
    if want not in rows:
        raise ValueError(
            "%s: no row %r on the top screen (%s), whose rows are %s"
            % (word, want, type(screen).__name__, ", ".join(labels))
        )
    cursor = menu.cursor
    down = rows.index(want) - cursor.index
    if cursor.wrap and down:
        down %= cursor.count
        if cursor.count - down < down:
            down -= cursor.count
    taps = ["DOWN"] * down + ["UP"] * -down
    return taps + ["A"] if kind.upper() == "GAME" else taps


def parse_script(text):
    """A key script as a timeline of (time ms, op, arg); see the package docstring. A
    ``GAME:`` or ``ROW:`` word is an op of its own ("name"), taking no time until it is
    reached (``Sim.sleep`` puts its taps in then); a ``#label`` marker is one too
    ("mark")."""
    timeline = []
    now = BOOT_MS
    for word in text.split():
        upper = word.upper()
        if word.startswith("#"):
            timeline.append((now, "mark", word[1:]))
            continue
        if upper.startswith("GAME:") or upper.startswith("ROW:"):
            if not word.partition(":")[2]:
                raise ValueError("bad word %r: use GAME:<id> or ROW:<label>" % word)
            timeline.append((now, "name", word))
            continue
        if upper.startswith("JOY:"):
            timeline.append((now, "joy", _joystick(word)))
            now += FRAME_MS * 2
            continue
        name, _, hold = upper.partition("*")
        duration = TAP_MS
        if hold:
            if not hold.isdigit():
                raise ValueError("bad hold in %r: use NAME*ms with ms a whole number >= 0" % word)
            duration = int(hold)
        if name == "WAIT":
            now += duration
            continue
        if name not in KEY_NUMBERS:
            raise ValueError(
                "unknown key %r in script: use %s, WAIT, JOY:x,y, GAME:<id> or ROW:<label>"
                % (word, ", ".join(sorted(KEY_NUMBERS)))
            )
        timeline.append((now, "press", name))
        now += duration
        timeline.append((now, "release", name))
        now += GAP_MS
    return timeline, now


class Sim:
    """One run of code.py on fake hardware.

    :param str board: board_id of the fake board ("pybadge", "pygamer", ...; an EdgeBadge
        reports "pybadge")
    :param int seed: game seeds come from Rng(seed)
    :param str keys: a key script (headless)
    :param nvm: a bytearray to use as microcontroller.nvm (shared across runs in tests)
    :param str nvm_path: or a file that keeps nvm between runs
    :param window: a host_sim.window.Window (interactive), or None for headless
    :param battery: the battery's voltage (e.g. 3.7), or None: USB power, no battery
    :param str displayio: "blinka" (Blinka's displayio draws, as always) or "circuitpython":
        ``host_sim.cpdisplayio``, CircuitPython's own dirty areas (what the device sends
        and leaves behind; slower). The app's modules are imported afresh for such a run
        and the process's own put back after it (``app``: the run's App).
    """

    def __init__(
        self,
        board="pybadge",
        seed=1,
        keys="",
        nvm=None,
        nvm_path=None,
        window=None,
        record=None,
        battery=None,
        displayio="blinka",
    ):
        if displayio not in ("blinka", "circuitpython"):
            raise ValueError("displayio %r: use blinka or circuitpython" % displayio)
        self.displayio = displayio
        self.app = None
        self.battery = battery
        self.board_id = board
        self.window = window
        # A window's clock is the host's from the start (the app keeps time in ticks).
        self.clock_ms = 0 if window is None else int(time.monotonic() * 1000)
        self.timeline, self.end_ms = parse_script(keys)
        self.held = set()
        self.joy_override = None
        self.keypads = []
        self.analog_reads = [0, 0, 0]
        self.nvm_path = nvm_path
        if nvm is None:
            nvm = bytearray(b"\xff" * fakes.nvm_size(board))
            if nvm_path and os.path.exists(nvm_path):
                with open(nvm_path, "rb") as handle:
                    data = handle.read()
                nvm[: len(data)] = data
        self.nvm = nvm
        self.frames = []  # (image, clock ms) for --record
        self.record = record
        width, height = fakes.SCREEN_SIZES.get(board, (160, 128))
        kind = cpdisplayio.Display if displayio == "circuitpython" else SimDisplay
        self.display = kind(width, height, on_refresh=self._on_refresh)
        self.frame_count = 0
        from decktet.rng import Rng

        self.seed_rng = Rng(seed)
        self.seeds = []
        self.cues = []  # the speaker's cues, by name (CUE_NAMES), in order
        self.sound = None  # the app's handheld.sound.Sound, once it runs

    # -- what code.py sees --------------------------------------------------------

    def ticks_ms(self):
        """supervisor.ticks_ms(): the virtual clock, wrapping at 2**29."""
        return self.clock_ms & ((1 << 29) - 1)

    def seed_source(self):
        """Game seeds for the run, from Rng(seed)."""
        seed = (self.seed_rng.next() << 15 | self.seed_rng.next()) & 0x3FFFFFFF
        self.seeds.append(seed)
        return seed

    def joystick(self):
        """Raw joystick readings: a script override, else from the held arrows."""
        if self.joy_override is not None:
            return self.joy_override
        x = y = CENTRE
        if "LEFT" in self.held:
            x = 1000
        elif "RIGHT" in self.held:
            x = 64500
        if "UP" in self.held:
            y = 1000
        elif "DOWN" in self.held:
            y = 64500
        return (x, y)

    def battery_reading(self):
        """The raw battery pin's reading: half the battery's voltage on a 3.3 V scale (A6);
        a third on the RP2040 boards (0 with none)."""
        if self.battery is None:
            return 0
        divider = 3 if fakes.is_rp2040(self.board_id) else 2
        return min(65535, int(self.battery / divider / 3.3 * 65536))

    def screen(self):
        """What a person sees: the display's image at its backlight's brightness."""
        image = self.display.image
        brightness = self.display.brightness
        if brightness >= 1:
            return image.copy()
        return image.point(lambda value: int(value * brightness))

    def key(self, name, pressed):
        """A key goes down or up: queued as a keypad event if the keypad has that key."""
        if pressed:
            self.held.add(name)
        else:
            self.held.discard(name)
        number = KEY_NUMBERS[name]
        for keys in self.keypads:
            if number < keys.key_count:
                keys.events.items.append((number, pressed))

    def _heard(self, play):
        """The speaker's ``Sound.play`` wrapped (``App.cue`` plays every cue through it): the
        cues a speaker at a level other than Off plays, logged."""

        def heard(cue, now):
            play(cue, now)
            if self.sound.level:
                self.cues.append(CUE_NAMES[cue])

        return heard

    def sleep(self, seconds):
        """The app loop's pause between frames: advance the clock, feed the script (and,
        the first time, listen to the app's speaker)."""
        if self.sound is None:
            from handheld import shell

            app = shell.current_app
            self.sound = app.session.sound if app is not None else None
            if self.sound is not None:
                # (an instance attribute: this run's speaker only)
                self.sound.play = self._heard(self.sound.play)
        self.frame_count += 1
        if self.window is not None:
            time.sleep(seconds)
            self.clock_ms = int(time.monotonic() * 1000)
            self.window.pump(self)
            return
        self.clock_ms += max(1, int(seconds * 1000))
        while self.timeline and self.timeline[0][0] <= self.clock_ms:
            at, op, arg = self.timeline.pop(0)
            if op == "joy":
                self.joy_override = arg
            elif op == "name":
                self._tap_in(at, name_taps(self.top_screen(), arg))
            elif op == "mark":
                self.marked(arg)
            else:
                self.key(arg, op == "press")
        if not self.timeline and self.clock_ms >= self.end_ms + SETTLE_MS:
            raise SimDone()

    def top_screen(self):
        """The running app's top screen."""
        from handheld import shell

        return shell.current_app.stack[-1]

    def _tap_in(self, at, taps):
        """A name word's taps, from ``at`` (the time it was reached on the script's clock),
        with the usual tap and gap; everything after them in the script shifts later by
        the time they take."""
        ops = []
        for name in taps:
            ops.append((at, "press", name))
            ops.append((at + TAP_MS, "release", name))
            at += TAP_MS + GAP_MS
        shift = len(taps) * (TAP_MS + GAP_MS)
        self.timeline = ops + [(t + shift, op, arg) for t, op, arg in self.timeline]
        self.end_ms += shift

    def marked(self, label):
        """A ``#label`` marker in the script was reached (nothing here; see
        tools/devtime)."""

    def _on_refresh(self, display):
        if self.record is not None:
            self.frames.append((self.screen(), self.clock_ms))
        if self.window is not None:
            self.window.show(self.screen())

    # -- running ----------------------------------------------------------------

    def install(self):
        """Fake hardware in sys.modules and the injected seed source and sleep (and, for a
        run on CircuitPython's displayio, the model's modules and a fresh import of the
        app's)."""
        self._taken = None
        if self.displayio == "circuitpython":
            self._taken = _take_app_modules()
            model = cpdisplayio.modules()
            sys.modules["displayio"], sys.modules["vectorio"] = model
        self._hidden = fakes.install(self, self.board_id)
        from handheld import shell, ui

        # A run is a boot: the kit's hook for an offset frame is set again only by the
        # board that has one (handheld.centred), not left over from an earlier run.
        ui.shape = None
        shell.seed_source = self.seed_source
        shell.sleep = self.sleep

    def run(self):
        """Run code.py from the repo root until the script ends; returns self."""
        self.install()
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
        except SimDone:
            pass
        finally:
            os.chdir(here)
            from handheld import shell

            self.app = getattr(shell, "current_app", None)
            fakes.uninstall(self._hidden)
            if self._taken is not None:
                _take_app_modules()
                sys.modules.update(self._taken)
            if self.nvm_path:
                with open(self.nvm_path, "wb") as handle:
                    handle.write(bytes(self.nvm))
        return self

    def save_gif(self, path):
        """The refreshed frames as an animated GIF, timed by the virtual clock."""
        if not self.frames:
            self.frames.append((self.screen(), self.clock_ms))
        images = [frame.resize((frame.width * 2, frame.height * 2)) for frame, _ in self.frames]
        times = [t for _, t in self.frames] + [self.clock_ms + 500]
        durations = [max(20, times[i + 1] - times[i]) for i in range(len(images))]
        images[0].save(path, save_all=True, append_images=images[1:], duration=durations, loop=0)

    def summary(self):
        """One line about the refreshes (count, total and per-refresh pixels pushed), the
        nvm writes and the flash erases they cost (each one on the badges; on the RP2040
        boards only a write that could not be appended to erased flash), the backlight at
        the end, the battery and the speaker's cues (the simulator plays none: it counts
        them)."""
        pushed = [n for n in self.display.pushed if n]
        counts = {}
        for cue in self.cues:
            counts[cue] = counts.get(cue, 0) + 1
        cues = ", ".join("%s %d" % item for item in counts.items()) or "none"
        return (
            "refreshes %d, pixels pushed %d (per refresh: min %d, max %d, last %d), nvm writes %d"
            " (erases %d),"
            " brightness %.2f, battery %s, cues %s"
            % (
                len(pushed),
                sum(pushed),
                min(pushed) if pushed else 0,
                max(pushed) if pushed else 0,
                self.display.pushed[-1] if self.display.pushed else 0,
                self.nvm_device.writes + getattr(self.nvm_device, "programs", 0),
                self.nvm_device.writes,
                self.display.brightness,
                "none (USB)" if self.battery is None else "%.2f V" % self.battery,
                cues,
            )
        )


def run(
    keys="",
    board="pybadge",
    seed=1,
    nvm=None,
    nvm_path=None,
    record=None,
    battery=None,
    displayio="blinka",
):
    """A headless run; returns the Sim (display image, per-refresh pixel counts, nvm)."""
    return Sim(
        board=board,
        seed=seed,
        keys=keys,
        nvm=nvm,
        nvm_path=nvm_path,
        record=record,
        battery=battery,
        displayio=displayio,
    ).run()
