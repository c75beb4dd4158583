"""The work the device does, counted: bytecodes executed in the device's own modules while
the simulator plays a key script, frame by frame, and in pystone 1.1.

``OpcodeCounter`` is a ``sys.settrace`` tracer: a frame whose code lives in one of its
``roots`` (code.py, lib/ and games/ of the repository: the modules the device runs as
bytecode) has opcode events turned on and each one counted; every other frame (Blinka's
displayio, host_sim's stand-ins, the standard library: C on the device) is not traced at
all. Counts do not depend on the machine's load: the same run gives the same counts.

``ImportNotes`` notes the modules the import system loads (a module imported for the
first time, or again after the app unloaded it: ``handheld.app.unload_modules``), so a
frame knows which device modules it loaded; ``mpy_sizes`` gives each one's size as the
device reads it, its ``.mpy`` file in the bundle (tools/bundle.py).

``run_tour`` plays a tour (``tour.keys``) headless from code.py's start and returns one
``Frame`` per frame of the app's loop: from one ``sleep`` of the loop (the pause between
frames) to the next.
"""

import builtins
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_ROOTS = (
    os.path.join(ROOT, "code.py"),
    os.path.join(ROOT, "lib") + os.sep,
    os.path.join(ROOT, "games") + os.sep,
)
TOUR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tour.keys")


class OpcodeCounter:
    """Counts the opcodes executed in frames whose code's file is under ``roots`` (paths:
    a folder ending in the separator, or a file), between ``start()`` and ``stop()``."""

    def __init__(self, roots=DEVICE_ROOTS):
        self.roots = tuple(
            os.path.realpath(root) + (os.sep if root.endswith(os.sep) else "") for root in roots
        )
        self.ops = 0
        self.files = {}  # code file name -> counted or not

    def counted(self, filename):
        """True if code from ``filename`` is counted (cached per name)."""
        known = self.files.get(filename)
        if known is None:
            path = os.path.realpath(filename) if not filename.startswith("<") else filename
            known = self.files[filename] = path.startswith(self.roots)
        return known

    def _call(self, frame, event, arg):
        """The global tracer: a frame starts; trace it only if its code is counted."""
        if not self.counted(frame.f_code.co_filename):
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return self._opcode

    def _opcode(self, frame, event, arg):
        """The local tracer of a counted frame."""
        if event == "opcode":
            self.ops += 1
        return self._opcode

    def start(self):
        """Start counting (this thread)."""
        sys.settrace(self._call)

    def stop(self):
        """Stop counting."""
        sys.settrace(None)


class ImportNotes:
    """A ``sys.meta_path`` finder that finds nothing: while installed (first in the path,
    ``start()`` to ``stop()``) it notes, in ``names``, every module the import system looks
    for, i.e. every one not in ``sys.modules`` (imported for the first time, or again after
    the app took it out), and leaves the finding to the other finders. The device loads
    each such module's ``.mpy``; a name with no device file (a fake's, the standard
    library's) is left out by whoever reads the names (``mpy_sizes`` has no entry).

    With a ``counter``, it also counts in ``import_ops`` the opcodes the counter counted
    inside import statements (the modules' own code run as they load, and what it calls):
    ``builtins.__import__`` is wrapped while installed."""

    def __init__(self, counter=None):
        self.names = []
        self.counter = counter
        self.import_ops = 0
        self._depth = 0
        self._import = None

    def find_spec(self, name, path=None, target=None):
        """Note ``name``; find nothing (the next finder finds it)."""
        self.names.append(name)
        return None

    def _counted_import(self, *args, **kwargs):
        """``__import__``, counting the opcodes inside the outermost one."""
        self._depth += 1
        before = self.counter.ops
        try:
            return self._import(*args, **kwargs)
        finally:
            self._depth -= 1
            if not self._depth:
                self.import_ops += self.counter.ops - before

    def start(self):
        """Install (first in ``sys.meta_path``)."""
        sys.meta_path.insert(0, self)
        if self.counter is not None:
            self._import = builtins.__import__
            builtins.__import__ = self._counted_import

    def stop(self):
        """Uninstall."""
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        if self._import is not None:
            builtins.__import__ = self._import
            self._import = None


def module_name(path):
    """The module a device file is (``lib/handheld/app.mpy`` -> ``handheld.app``,
    ``games/whist/__init__.mpy`` -> ``games.whist``), or None for ``code.py`` and other
    files."""
    from tools import inline_consts

    path = path.replace(os.sep, "/")
    stem, dot, ext = path.rpartition(".")
    if not dot or ext not in ("py", "mpy") or "/" not in stem:
        return None
    return inline_consts.module_name(path)


def mpy_sizes(files=None):
    """{module name: bytes of its ``.mpy`` file}: the device modules as the device reads
    them, from the bundle's files (``tools.bundle.contents()``, the same bytes ``stage``
    unpacks onto a drive: compiled at -O3, private names shortened; built here if
    ``files`` is not given, a few seconds)."""
    if files is None:
        from tools import bundle

        files = bundle.contents()
    sizes = {}
    for path, data in files.items():
        name = module_name(path) if path.endswith(".mpy") else None
        if name:
            sizes[name] = len(data)
    return sizes


def pystone_ops(passes):
    """Opcodes of one pystone 1.1 pass: the benchmark's opcodes for ``passes`` passes, less
    the empty loop's, over ``passes``, counted by ``OpcodeCounter`` with the opcode count
    as pystone's clock (so the null loop is taken out exactly as pystone takes it out)."""
    from tools.devtime import pystone

    counter = OpcodeCounter((pystone.__file__,))
    counter.start()
    try:
        bench, _ = pystone.proc_0(passes, lambda: counter.ops)
    finally:
        counter.stop()
    return bench / passes


class Frame:
    """One frame of the app's loop and what it did.

    ``ops``: opcodes counted; ``pixels``: pixels its refresh pushed; ``writes``: nvm
    assignments (flash erases); ``keys``: the K_* bits the app read; ``busy``: the top
    screen was busy at its start; ``units``: units of a CPU's or the coach's search done
    (calls of the app's ``more``); ``before``/``screen``: the top screen's class at its
    start and end; ``depth``, ``game``: the stack's depth and the game's module at its end;
    ``played``: the running game's action count (``flow.applied``) grew in it;
    ``imported``: the device modules it loaded (names, in order; again if the app had
    unloaded one), ``loaded``: their ``.mpy`` bytes.
    """

    __slots__ = (
        "index",
        "ops",
        "pixels",
        "writes",
        "keys",
        "busy",
        "units",
        "before",
        "screen",
        "depth",
        "game",
        "played",
        "opened",
        "imported",
        "loaded",
    )

    def __init__(
        self,
        index=0,
        ops=0,
        pixels=0,
        writes=0,
        keys=0,
        busy=False,
        units=0,
        before="MenuScreen",
        screen="MenuScreen",
        depth=1,
        game="-",
        played=False,
        opened=False,
        imported=(),
        loaded=0,
    ):
        self.index = index
        self.ops = ops
        self.pixels = pixels
        self.writes = writes
        self.keys = keys
        self.busy = busy
        self.units = units
        self.before = before
        self.screen = screen
        self.depth = depth
        self.game = game
        self.played = played
        self.opened = opened  # set by the run: the top screen, depth or game changed
        self.imported = imported
        self.loaded = loaded

    @property
    def thinking(self):
        """A CPU player or the coach worked in this frame (a busy screen, or search)."""
        return self.busy or self.units > 0


def read_tour(path):
    """A tour file: (seeds, key words for host_sim, markers). The first line is ``SEEDS s1
    s2 ...`` (the game seeds the app draws, in order); then key words as host_sim reads
    them (rows by name too: ``GAME:whist``, ``ROW:Statistics``), and markers ``#label`` or
    ``#label=Screen`` (that screen is then on top when the script reaches it). The key
    words keep the markers in their place (host_sim passes them by, and the tour notes
    each as it is reached: a name word's taps, put in when it is reached, shift what
    follows); markers are (label, screen or None, time ms on the script's clock before
    any name word's taps)."""
    from host_sim.sim import parse_script

    with open(path) as handle:
        first, _, rest = handle.read().partition("\n")
    words = first.split()
    if not words or words[0] != "SEEDS":
        raise ValueError("%s: the first line must be SEEDS s1 s2 ..." % path)
    seeds = [int(word) for word in words[1:]]
    keys = []
    markers = []
    for word in rest.split():
        if word.startswith("#"):
            label, _, screen = word[1:].partition("=")
            markers.append((label, screen or None, parse_script(" ".join(keys))[1]))
        keys.append(word)
    return seeds, " ".join(keys), markers


class Run:
    """What ``run_tour`` returns: ``boot`` (a Frame: code.py's start to the first pause,
    the main menu drawn), ``frames``, ``reached`` ({marker label: top screen when reached}),
    ``markers`` (as ``read_tour``), ``error`` (the app's exception as text, or None),
    ``boot_import_ops`` (the boot frame's opcodes inside import statements)."""

    def __init__(self):
        self.boot = None
        self.boot_import_ops = 0
        self.frames = []
        self.reached = {}
        self.markers = []
        self.error = None

    def missed(self):
        """The markers not reached, or reached on another screen than they name."""
        out = []
        for label, screen, _ in self.markers:
            if label not in self.reached:
                out.append("%s (not reached)" % label)
            elif screen is not None and self.reached[label] != screen:
                out.append("%s (on %s, not %s)" % (label, self.reached[label], screen))
        return out


def run_tour(path=TOUR, board="pybadge", counter=None, sizes=None, script=None):
    """Play the tour at ``path`` (or ``script``: what ``read_tour`` returns) in the
    simulator (``board``) from code.py's start, counting; returns a ``Run``. ``sizes``
    ({module name: .mpy bytes}, ``mpy_sizes``) gives each frame's ``loaded`` (0 without).
    Every run imports the device's modules afresh (the same counts from runs in the same
    process); the caller's are back in ``sys.modules`` after."""
    for extra in (ROOT, os.path.join(ROOT, "lib")):
        if extra not in sys.path:
            sys.path.insert(0, extra)
    from host_sim import fakes
    from host_sim.sim import Sim

    seeds, keys, markers = script if script is not None else read_tour(path)
    counter = counter or OpcodeCounter()
    sizes = sizes or {}
    notes = ImportNotes(counter)
    run = Run()
    run.markers = markers

    class TourSim(Sim):
        def __init__(self):
            super().__init__(board=board, keys=keys, nvm=bytearray(b"\xff" * fakes.nvm_size(board)))
            self.seeds_left = list(seeds)
            self.app = None
            self.mark = (0, 0, 0, 0)  # ops, refreshes, nvm writes, imports at the last pause
            self.state = None  # (top screen, depth, game) at the last pause
            self.keys_read = 0
            self.units = 0
            self.flow = None
            self.applied = 0
            self.busy = False

        def seed_source(self):
            if not self.seeds_left:
                raise RuntimeError("the tour drew more game seeds than its SEEDS line names")
            return self.seeds_left.pop(0)

        def sleep(self, seconds):
            ops = counter.ops
            pushed = self.display.pushed
            writes = self.nvm_device.writes
            last_ops, last_pushed, last_writes, last_imports = self.mark
            imported = tuple(name for name in notes.names[last_imports:] if name in sizes)
            from handheld import shell

            app = shell.current_app
            top = app.stack[-1]
            state = (type(top).__name__, len(app.stack), app.game_module or "-")
            frame = Frame(
                index=len(run.frames),
                ops=ops - last_ops,
                pixels=sum(pushed[last_pushed:]),
                writes=writes - last_writes,
                keys=self.keys_read,
                busy=self.busy,
                units=self.units,
                before=self.state[0] if self.state else "-",
                screen=state[0],
                depth=state[1],
                game=state[2],
                played=self.flow is not None and self.flow.applied > self.applied,
                opened=state != self.state,
                imported=imported,
                loaded=sum(sizes[name] for name in imported),
            )
            if self.app is None:
                self.app = app
                self._listen(app)
                run.boot = frame
                run.boot_import_ops = notes.import_ops
            else:
                run.frames.append(frame)
            self.state = state
            self.keys_read = self.units = 0
            self.busy = top.busy
            self.flow = app.play.flow if app.play is not None else None
            self.applied = self.flow.applied if self.flow is not None else 0
            self.mark = (counter.ops, len(pushed), writes, len(notes.names))
            super().sleep(seconds)

        def marked(self, label):
            # A marker is reached at the last pause before the script's clock gets to it
            # (its next key not yet read): the screen on top then.
            run.reached[label.partition("=")[0]] = self.state[0]

        def _listen(self, app):
            """Note the keys the app reads and the search units it grants."""
            buttons = app.buttons
            poll, more = buttons.poll, app.more

            def read(now):
                keys = poll(now)
                self.keys_read |= keys
                return keys

            def granted(units, spent):
                self.units += 1
                return more(units, spent)

            buttons.poll = read
            app.more = granted

    sim = TourSim()
    # The run imports the device's modules afresh, as a device does at boot (the
    # simulator's seed source imported decktet.rng), and the caller's are put back after.
    saved = _take_device_modules()
    notes.start()
    counter.start()
    try:
        sim.run()
    except Exception as error:  # the app raised: the figures so far, and the error
        run.error = "%s: %s (frame %d)" % (type(error).__name__, error, len(run.frames))
    finally:
        counter.stop()
        notes.stop()
        _take_device_modules()
        sys.modules.update(saved)
    return run


BOOT_SCRIPT = ([], "WAIT*10", [])  # read_tour's (seeds, keys, markers): the boot, no key


def run_boot(board, sizes=None):
    """A run of ``board`` to its main menu and a few idle frames (``BOOT_SCRIPT``): its
    ``boot`` is that board's boot frame."""
    return run_tour(board=board, sizes=sizes, script=BOOT_SCRIPT)


def _take_device_modules():
    """Take every loaded module of the device's folders out of ``sys.modules``; returns
    them by name."""
    counter = OpcodeCounter()
    taken = {}
    for name, module in list(sys.modules.items()):
        filename = getattr(module, "__file__", None)
        if filename and counter.counted(filename):
            taken[name] = sys.modules.pop(name)
    return taken
