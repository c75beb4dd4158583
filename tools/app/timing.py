"""The device-time model: how long the app takes on a PyBadge, estimated from runs on
CircuitPython's unix port with its displayio, and the time gate of ``make test``.

The app is the bundle's files, unpacked, driven by a key script from boot
(tools/cpapp/time_driver.py, on the stand-ins of the whole-app gate, 120 KB of heap for
the app). Every frame is timed, and turned into an estimate for the SAMD51:

    device time = VM time x (pystone of the unix port, in the same run / 1,521.6)
                  + wire time of the pixels the frame's refresh pushes (16 bits at 24 MHz)
                  + 75 ms for each nvm assignment (a flash block erase and 16 page writes;
                    up to 250 ms)

(../shared/DEVICE.md: the SAMD51 runs pystone 1.1 at 1,521.6 passes a second; the display's
SPI runs at 24 MHz.) Two ways to get the VM time, the same model:

- ``--clock wall``: wall-clock time, each frame's least over ``--runs`` runs (a shared
  machine only ever adds time) against pystone's best run; what ``make bench`` prints.
- ``--clock count``: instructions, counted by ``valgrind --tool=callgrind`` (each stamp of
  the driver ends a dump), against pystone's instructions a pass in the same run:
  deterministic, whatever the load; what the gate uses.

The pixels each refresh pushes come from the simulator (host_sim, Blinka's displayio decides
the dirty areas) playing the same script, frame for frame.

What each row is (from the frames; a frame is ``App.step`` and the loop around it):
boot (the shell imported to the main menu drawn); a screen opening (a frame after which
the top screen, the stack depth or the game changed: the key that opened it, the build and
the refresh); keys by kind (the frame that read the key: a cursor move is an arrow that
opened no screen); a CPU decision or the coach's suggestion (the frames from the first one
that starts with the search running to the one that ends it, with the 10 ms pauses between
frames of a screen that is not ``busy``); a Jekyll & Hyde CPU turn (its cover screen's
frames: the turn's decisions and the frames around them); an autosave (a frame with an nvm
assignment and no key).

usage: python tools/cpapp/timing.py [--clock wall|count|both] [--runs N] [--script F]
                                    [--gate] [--short]
"""

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import bundle  # noqa: E402
import cptools  # noqa: E402

SCRIPT = os.path.join(HERE, "time.keys")
APP_HEAP = 120 * 1024
SAMD51_PYSTONE = 1521.6  # passes a second, ../shared/DEVICE.md
SPI_HZ = 24_000_000
WIRE_US_PER_PIXEL = 16 * 1e6 / SPI_HZ  # 16-bit colour
FULL_FRAME = 160 * 128
NVM_STALL_MS = 75  # one assignment: block erase 50 ms + 16 page writes of 1.5 ms (typical)
NVM_STALL_MAX_MS = 250  # the data sheet's maxima: 200 + 16 x 3
PAUSE_MS = 10  # the loop's pause after a frame of a screen that is not busy
K_B, K_A, K_START, K_SELECT, K_DIRECTIONS = 1, 2, 4, 8, 240

# The budgets of issue 20, in ms of estimated device time.
BUDGETS = (
    ("boot", "boot to the main menu drawn", 1000),
    ("open", "a screen's opening (slowest)", 200),
    ("move", "a cursor move (slowest)", 20),
    ("key99", "every key, p99", 100),
    ("turn90", "Jekyll & Hyde CPU turn, p90", 1500),
    ("turnmax", "Jekyll & Hyde CPU turn, slowest", 2500),
    ("coach", "the coach's suggestion (slowest)", 500),
    ("think_frame", "a frame while a CPU or the coach thinks", 50),
)


class Frame:
    """One frame of the run: VM time (us or instructions), what happened."""

    __slots__ = (
        "index",
        "vm",
        "keys",
        "refreshed",
        "writes",
        "busy",
        "depth",
        "screen",
        "game",
        "thinking",
        "pixels",
        "units",
    )

    def __init__(self, words):
        self.index = int(words[1])
        self.vm = 0.0
        self.keys = int(words[4])
        self.refreshed = words[5] == "1"
        self.writes = int(words[6])
        self.busy = words[7] == "1"
        self.thinking = words[8] == "1"
        self.depth = int(words[9])
        self.screen = words[10]
        self.game = words[11]
        self.units = int(words[12]) if len(words) > 12 else 0
        self.pixels = 0


class Run:
    """What one run of the driver printed."""

    def __init__(self, lines):
        self.pystone = None  # (passes, empty loop s0, s1, passes s2, s3)
        self.boot = None
        self.frames = []
        self.stamps = []  # per frame (s0, s1)
        self.base = 0
        self.errors = []
        for line in lines:
            words = line.split()
            if not words:
                continue
            if words[0] == "PYSTONE":
                self.pystone = [int(word) for word in words[1:6]]
            elif words[0] == "BASE":
                self.base = int(words[1])
            elif words[0] == "BOOT":
                self.boot = (int(words[1]), int(words[2]))
            elif words[0] == "F":
                self.frames.append(Frame(words))
                self.stamps.append((int(words[2]), int(words[3])))
            elif words[0] in ("ERROR", "Traceback"):
                self.errors.append(line)


def driver_command(program, folder, heap, script, clock, probe=False):
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(
        (os.path.join(HERE, "standins"), os.path.join(folder, "lib"), folder, HERE)
    )
    command = [program, "-X", "heapsize=%d" % heap, os.path.join(HERE, "time_driver.py")]
    command += [script, clock] + (["probe"] if probe else [])
    return command, env


def run_driver(program, folder, heap, script, clock, prefix=(), probe=False):
    command, env = driver_command(program, folder, heap, script, clock, probe)
    result = subprocess.run(
        list(prefix) + command, cwd=folder, env=env, capture_output=True, text=True, check=False
    )
    lines = result.stdout.splitlines()
    if result.returncode != 0:
        lines.append("ERROR exit %d: %s" % (result.returncode, result.stderr[-800:]))
    return lines


# ----- instructions, counted by callgrind -----

MARK_SCRIPT = """import micropython
f = micropython.%s
for i in range(%d):
    f()
"""
_CALLS = 777


def _calls_by_function(path):
    """callgrind output (uncompressed names) -> {function name: calls made to it}."""
    calls = {}
    callee = None
    with open(path) as handle:
        for line in handle:
            if line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls=") and callee is not None:
                calls[callee] = calls.get(callee, 0) + int(line[6:].split()[0])
    return calls


def find_marker(program, scratch):
    """The address (callgrind's name, ``0x...``) of the C function behind
    ``micropython.mem_peak`` in this (stripped) program: the function called exactly
    _CALLS times by a script calling mem_peak _CALLS times, and not by one calling
    mem_current as often."""
    found = {}
    for name in ("mem_peak", "mem_current"):
        path = os.path.join(scratch, "mark_%s.py" % name)
        with open(path, "w") as handle:
            handle.write(MARK_SCRIPT % (name, _CALLS))
        out = os.path.join(scratch, "mark_%s.out" % name)
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=" + out,
                "--compress-strings=no",
                "--dump-instr=no",
                program,
                path,
            ],
            capture_output=True,
            check=True,
        )
        found[name] = {fn for fn, n in _calls_by_function(out).items() if n == _CALLS}
    candidates = sorted(found["mem_peak"] - found["mem_current"])
    if len(candidates) != 1:
        raise RuntimeError("cannot tell mem_peak's C function apart: %s" % candidates)
    return candidates[0]


def _dump_totals(folder):
    """{dump number: instructions} of the callgrind dumps in ``folder``."""
    totals = {}
    pattern = re.compile(r"cg\.out\.(\d+)$")
    for name in os.listdir(folder):
        match = pattern.match(name)
        if not match:
            continue
        with open(os.path.join(folder, name)) as handle:
            for line in handle:
                if line.startswith("totals:") or line.startswith("summary:"):
                    totals[int(match.group(1))] = int(line.split()[1])
                    break
    return totals


def count_run(program, folder, heap, script, scratch):
    """One run under callgrind; returns the Run with instructions in place of stamps."""
    marker = find_marker(program, scratch)
    dumps = os.path.join(scratch, "dumps")
    shutil.rmtree(dumps, ignore_errors=True)
    os.makedirs(dumps)
    prefix = (
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=" + os.path.join(dumps, "cg.out"),
        "--dump-before=" + marker,
        "--dump-instr=no",
        "--dump-line=no",
        "--compress-pos=yes",
    )
    lines = run_driver(program, folder, heap, script, "count", prefix)
    totals = _dump_totals(dumps)
    shutil.rmtree(dumps, ignore_errors=True)
    return Run(lines), totals


def between(totals, start, end):
    """Instructions between stamp ``start`` and stamp ``end`` (dump k ends at stamp k)."""
    return sum(totals.get(k, 0) for k in range(start + 1, end + 1))


# ----- pixels, from the simulator -----


def script_keys(path):
    """(seeds, the key words host_sim reads) of a driver key script."""
    with open(path) as handle:
        text = handle.read()
    first, _, rest = text.partition("\n")
    seeds = [int(word) for word in first.split()[1:]]
    words = [word for word in rest.split() if not word.startswith("#")]
    return seeds, " ".join(words)


def sim_pixels(path):
    """(pixels pushed at boot, pixels per frame) of the same script in the simulator: frame
    k is what was pushed between the loop's k-th and k+1-th pause."""
    for extra in (ROOT, os.path.join(ROOT, "lib")):
        if extra not in sys.path:
            sys.path.insert(0, extra)
    from host_sim.sim import Sim

    seeds, keys = script_keys(path)

    class TimedSim(Sim):
        def __init__(self):
            super().__init__(keys=keys, nvm=bytearray(b"\xff" * 8192))
            self.marks = []
            self.queue = list(seeds)

        def seed_source(self):
            return self.queue.pop(0) if self.queue else 12345

        def sleep(self, seconds):
            self.marks.append(sum(self.display.pushed))
            super().sleep(seconds)

    sim = TimedSim().run()
    marks = sim.marks
    return marks[0], [marks[k] - marks[k - 1] for k in range(1, len(marks))]


# ----- the model -----


class Model:
    """Frames turned into estimated device milliseconds."""

    def __init__(self, run, clock, totals=None, runs=()):
        self.clock = clock
        passes, s0, s1, s2, s3 = run.pystone
        if clock == "count":
            per_pass = (between(totals, s2, s3) - between(totals, s0, s1)) / passes
            self.unit = "Minstr"
            self.vm_scale = 1e6  # instructions per shown unit
            self.ms_per_vm = 1000 / per_pass / SAMD51_PYSTONE
            self.pystone_text = "%.0f instructions a pystone pass" % per_pass
            self.boot_vm = between(totals, *run.boot)
            for frame, (a, b) in zip(run.frames, run.stamps):
                frame.vm = between(totals, a, b)
        else:
            # Least of the runs: each frame, the pystone, boot.
            best = None
            for other in runs:
                p = other.pystone
                us = (p[4] - p[3]) - (p[2] - p[1])
                best = us if best is None else min(best, us)
            rate = passes * 1e6 / best
            self.unit = "ms VM"
            self.vm_scale = 1000
            self.ms_per_vm = rate / SAMD51_PYSTONE / 1000  # device ms per VM us
            self.pystone_text = "unix port %.0f pystone/s (%.1fx the SAMD51)" % (
                rate,
                rate / SAMD51_PYSTONE,
            )
            self.boot_vm = min(other.boot[1] - other.boot[0] for other in runs)
            for index, frame in enumerate(run.frames):
                frame.vm = min(other.stamps[index][1] - other.stamps[index][0] for other in runs)
        self.frames = run.frames
        self.list_slowest = 0

    def ms(self, frame, stall=NVM_STALL_MS):
        """A frame's estimated device time, ms."""
        return (
            frame.vm * self.ms_per_vm
            + frame.pixels * WIRE_US_PER_PIXEL / 1000
            + frame.writes * stall
        )


def percentile(values, fraction):
    """The value at ``fraction`` (nearest rank) of a list."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = math.ceil(fraction * len(ordered) - 1e-9) - 1  # the nearest rank, 1-based
    return ordered[max(0, min(len(ordered) - 1, rank))]


def analyse(model, boot_pixels):
    """Rows of the table: {name: (count, mean, p90, max) in ms} and details."""
    frames = model.frames
    rows = {}
    details = {}
    boot = model.boot_vm * model.ms_per_vm + boot_pixels * WIRE_US_PER_PIXEL / 1000
    rows["boot"] = [boot]
    details["boot_vm"] = model.boot_vm
    openings = {}
    keys = {"move": [], "action": [], "back": [], "menu": [], "all": []}
    thinking = {"jekyll": [], "bharg": [], "whist": []}
    think_frames = []
    autosave = []
    slow = []  # (ms, frame, keys, screen before, screen after, nvm writes) of every key
    slow_think = []  # (ms, frame, screen, units, refreshed) of every frame that thought
    slow_moves = []  # (ms, frame, screen) of every cursor move
    previous = (1, "MenuScreen", "-")
    run_game = None
    run_ms = 0.0
    for frame in frames:
        ms = model.ms(frame)
        state = (frame.depth, frame.screen, frame.game)
        opened = state != previous
        if opened:
            openings.setdefault(frame.screen, []).append(ms)
        if frame.keys:
            keys["all"].append(ms)
            slow.append((ms, frame.index, frame.keys, previous[1], frame.screen, frame.writes))
            if frame.keys & K_DIRECTIONS:
                if not opened:
                    keys["move"].append(ms)
                    slow_moves.append((ms, frame.index, frame.screen + " " + frame.game))
            elif frame.keys & K_A:
                keys["action"].append(ms)
            elif frame.keys & K_B:
                keys["back"].append(ms)
            else:
                keys["menu"].append(ms)
        elif frame.writes:
            autosave.append((ms, model.ms(frame, NVM_STALL_MAX_MS)))
        if frame.thinking:
            game = frame.game.split(".")[1] if frame.game.startswith("games.") else frame.game
            if not opened:  # the frame that ends it and opens a screen is an opening
                think_frames.append(ms)
                slow_think.append((ms, frame.index, frame.screen, frame.units, frame.refreshed))
            # A frame that worked (or a busy screen's) takes no pause after it.
            run_ms += ms + (0 if frame.busy or frame.units else PAUSE_MS)
            run_game = game
        elif run_game is not None:
            thinking.setdefault(run_game, []).append(run_ms)
            run_game = None
            run_ms = 0.0
        previous = state
    if run_game is not None:
        thinking.setdefault(run_game, []).append(run_ms)
    rows["open"] = [max(values) for values in openings.values()]
    details["openings"] = openings
    rows["move"] = keys["move"]
    rows["key99"] = keys["all"]
    details["keys"] = keys
    details["slow"] = sorted(slow, reverse=True)
    details["slow_think"] = sorted(slow_think, reverse=True)
    details["slow_moves"] = sorted(slow_moves, reverse=True)
    rows["turn"] = thinking.get("jekyll", [])
    rows["bharg"] = thinking.get("bharg", [])
    rows["coach"] = thinking.get("whist", [])
    rows["think_frame"] = think_frames
    rows["autosave"] = autosave
    # What a unit of each game's search costs on the estimate (its frames' VM time, the
    # loop's share included, over its units): the ``cost`` its class declares should be
    # about this, for the app's ``more`` to slice the work in frames of _WORK_MS.
    per_unit = {}
    for frame in frames:
        if frame.units:
            game = frame.game.split(".")[1] if frame.game.startswith("games.") else frame.game
            total = per_unit.setdefault(game, [0.0, 0])
            total[0] += frame.vm * model.ms_per_vm
            total[1] += frame.units
    details["per_unit"] = per_unit
    return rows, details


def figures(rows):
    """{budget name: the figure held to it}."""
    return {
        "boot": rows["boot"][0],
        "open": max(rows["open"] or [0]),
        "move": max(rows["move"] or [0]),
        "key99": percentile(rows["key99"], 0.99),
        "turn90": percentile(rows["turn"], 0.9),
        "turnmax": max(rows["turn"] or [0]),
        "coach": max(rows["coach"] or [0]),
        "think_frame": max(rows["think_frame"] or [0]),
    }


def stats(values):
    if not values:
        return "      -"
    return "%5d %8.1f %8.1f %8.1f %8.1f" % (
        len(values),
        sum(values) / len(values),
        percentile(values, 0.5),
        percentile(values, 0.9),
        max(values),
    )


def print_table(model, rows, details, title):
    print("== %s" % title)
    print(
        "   %s; device ms = VM x %.4f ms + wire (16 bits a pixel at 24 MHz) + nvm"
        % (
            model.pystone_text,
            model.ms_per_vm * model.vm_scale / 1000
            if model.clock == "count"
            else model.ms_per_vm * 1000,
        )
    )
    print(
        "   %-44s %5s %8s %8s %8s %8s"
        % ("estimated SAMD51 ms", "n", "mean", "median", "p90", "max")
    )
    print("   %-44s %s" % ("boot (shell start to the main menu drawn)", stats(rows["boot"])))
    openings = details["openings"]
    for name in sorted(openings, key=lambda n: -max(openings[n])):
        print("   %-44s %s" % ("open " + name, stats(openings[name])))
    keys = details["keys"]
    for kind, label in (
        ("move", "key: cursor move (no screen opened)"),
        ("action", "key: A"),
        ("back", "key: B (back, undo)"),
        ("menu", "key: START, SELECT"),
        ("all", "key: every key"),
    ):
        print("   %-44s %s" % (label, stats(keys[kind])))
    for name, label in (
        ("turn", "Jekyll & Hyde CPU turn (normal or easy)"),
        ("bharg", "Bharg CPU decision"),
        ("coach", "Gongor Whist coach's suggestion"),
        ("think_frame", "a frame while a CPU or the coach thinks"),
    ):
        print("   %-44s %s" % (label, stats(rows[name])))
    per_unit = details["per_unit"]
    if per_unit:
        print(
            "   a unit of search work, estimated: %s"
            % ", ".join(
                "%s %.2f ms (%d units)" % (game, total / count, count)
                for game, (total, count) in sorted(per_unit.items())
            )
        )
    names = {K_B: "B", K_A: "A", K_START: "START", K_SELECT: "SELECT"}
    slowest = details["slow"][: model.list_slowest]
    if slowest:
        print("   the slowest keys:")
    for ms, index, keys, before, after, writes in slowest:
        name = names.get(keys, "arrow" if keys & K_DIRECTIONS else str(keys))
        print(
            "     %7.1f ms  frame %5d  %-6s %s -> %s%s"
            % (ms, index, name, before, after, "  (nvm write)" if writes else "")
        )
    slowest = details["slow_moves"][: min(3, model.list_slowest)]
    if slowest:
        print("   the slowest cursor moves:")
    for ms, index, screen in slowest:
        print("     %7.1f ms  frame %5d  %s" % (ms, index, screen))
    slowest = details["slow_think"][: min(4, model.list_slowest)]
    if slowest:
        print("   the slowest frames while thinking:")
    for ms, index, screen, units, refreshed in slowest:
        print(
            "     %7.1f ms  frame %5d  %s, %d units of work%s"
            % (ms, index, screen, units, ", refreshed" if refreshed else "")
        )
    saves = rows["autosave"]
    print(
        "   %-44s %s  (with the data sheet's slowest erase: max %.1f)"
        % (
            "autosave (nvm write, 75 ms of it typical)",
            stats([a for a, _ in saves]),
            max([b for _, b in saves] or [0]),
        )
    )


# The gate (``--gate``, a gate of ``make test``). Instructions are counted, so the figures
# do not move from run to run, only with the code and, through the heap's layout and where
# garbage collections fall, a few ms with the folder the project sits in (the path's
# length). The budgets far from their figures are held as they are (ENFORCED). Those
# within a collection of theirs (about 12 ms on the badge: a key's p99, the slowest cursor
# move and thinking frame, all met today) are held to their budget and about one
# collection (CEILINGS): the gate fails when such a budget is clearly broken, not when a
# clone at another path moves a collection into one frame; the table prints every figure
# against its budget.
ENFORCED = ("boot", "open", "coach", "turn90", "turnmax")
CEILINGS = {
    "key99": 112,
    "move": 30,
    "think_frame": 62,
}


def check(rows, gate=False):
    """Print each budget with its figure; returns the problems (gate: a budget held that
    is exceeded)."""
    values = figures(rows)
    problems = []
    print("   %-44s %9s %9s" % ("budget (issue 20)", "estimate", "budget"))
    for name, label, budget in BUDGETS:
        value = values[name]
        if value <= budget:
            status = "ok"
        else:
            status = "NOT YET MET (%.1fx the budget)" % (value / budget)
            if gate and name in CEILINGS:
                status += ", held to %d" % CEILINGS[name]
        print("   %-44s %9.1f %9d  %s" % (label, value, budget, status))
        if not gate:
            continue
        if name in ENFORCED and value > budget:
            problems.append("%s: %.1f ms > the budget, %d ms" % (label, value, budget))
        elif name in CEILINGS and value > CEILINGS[name]:
            problems.append("%s: %.1f ms > its ceiling, %d ms" % (label, value, CEILINGS[name]))
    return problems


def align(run, pixels):
    """Problems if the simulator's frames are not the driver's (the same script, played the
    same way, must refresh in the same frames)."""
    if len(pixels) != len(run.frames):
        return [
            "the simulator's run has %d frames, the driver's %d" % (len(pixels), len(run.frames))
        ]
    for frame, count in zip(run.frames, pixels):
        if count and not frame.refreshed:
            return [
                "frame %d: the simulator pushed pixels, the driver did not refresh" % frame.index
            ]
    return []


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clock", default="wall", choices=("wall", "count", "both"))
    parser.add_argument("--runs", type=int, default=3, help="wall-clock runs (least kept)")
    parser.add_argument("--script", default=SCRIPT)
    parser.add_argument("--folder", help="an unpacked bundle to run instead of building one")
    parser.add_argument("--slowest", type=int, default=12, help="list the N slowest keys")
    parser.add_argument(
        "--gate", action="store_true", help="the time gate: counted instructions, budgets held"
    )
    args = parser.parse_args(argv)
    args.script = os.path.abspath(args.script)
    if args.gate:
        args.clock = "count"
    try:
        program = cptools.program("circuitpython-unix32-displayio")
    except cptools.Missing as error:
        print("device time: %s" % error)
        return 1
    if args.clock != "wall" and shutil.which("valgrind") is None:
        print("device time: valgrind is not installed (the count clock needs its callgrind)")
        return 1
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or bundle.stage(os.path.join(scratch, "drive"))
        probe = run_driver(program, folder, 4 * APP_HEAP, args.script, "wall", probe=True)
        base = Run(probe).base
        if not base:
            print("device time: the driver did not start: %s" % " ".join(probe)[-600:])
            return 1
        heap = base + APP_HEAP
        boot_pixels, pixels = sim_pixels(args.script)
        clocks = ("wall", "count") if args.clock == "both" else (args.clock,)
        for clock in clocks:
            if clock == "wall":
                runs = [
                    Run(run_driver(program, folder, heap, args.script, "wall"))
                    for _ in range(args.runs)
                ]
                run = runs[0]
                totals = None
            else:
                run, totals = count_run(program, folder, heap, args.script, scratch)
                runs = [run]
            errors = [e for r in runs for e in r.errors]
            if errors:
                print("device time: the run failed: %s" % errors[:3])
                return 1
            problems += align(run, pixels)
            for frame, count in zip(run.frames, pixels):
                frame.pixels = count
            model = Model(run, clock, totals, runs)
            model.list_slowest = args.slowest
            rows, details = analyse(model, boot_pixels)
            print_table(
                model,
                rows,
                details,
                "device-time model (%s clock), %s" % (clock, os.path.basename(args.script)),
            )
            problems += check(rows, args.gate)
    for problem in problems:
        print("TIME BUDGET/RUN FAILURE: %s" % problem)
    if args.gate:
        print("time gate: %s" % ("FAILED, %d problems" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
