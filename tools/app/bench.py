"""Where the app's heap goes, measured on CircuitPython's unix port with its C displayio.

Runs tools/cpapp/bench_driver.py on the unpacked bundle, as tools/cpapp/run.py runs
driver.py (same module path, stand-ins and key script, garbage collected every frame), and
prints four tables, all in bytes of app heap (``gc.mem_alloc()`` minus what the
interpreter, the bench and the stand-ins hold before the shell is imported):

1. per module, in the order the app first imports it: the heap it adds (its own imports
   not included), and of that the part in the qstr pool (interned names from its .mpy,
   never freed); what a later import of it costs again; whether it is still loaded at the
   end of the run;
2. per screen (game, screen class): the heap at its first frame and at its peak, and at
   the peak what holds it: the qstr pool, the loaded modules, each kind of displayio
   object on the screens of the app's stack (groups, tile grids, labels = ``ui.Text``,
   cards = ``CardSprite``, vectorio shapes, palettes, the font glyph sheets, the card
   sheet, other bitmaps), and the rest (screens', games' and the app's own Python objects); then the
   same objects counted;
3. the unit costs those figures use, each measured in the run by allocating one alike;
4. a summary: the main menu at boot, each game's peak, the main menu after each game.

The bench runs with a larger heap than the gate (its walks and measuring copies need
room), which changes no figure: garbage is collected before every measurement.

usage: python tools/cpapp/bench.py [--folder DIR] [--script FILE]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import bundle  # noqa: E402
import cptools  # noqa: E402

SCRIPT = os.path.join(HERE, "app.keys")  # the key script run.py plays
APP_HEAP = 120 * 1024  # what a PyBadge gives the app (run.py's figure)
BENCH_HEAP = 4 * APP_HEAP  # room for the walks and the measuring copies
QSTR_LINE = re.compile(r"qstr pool:.*n_qstr=(\d+).*n_total_bytes=(\d+)")


@dataclass
class Import:
    """One import of a module not loaded yet (a first load, or a reload after unloading)."""

    name: str
    depth: int
    bytes: int = 0  # heap it added, nested imports included
    qstr: int = 0  # of which the qstr pool's growth
    own: int = 0  # nested imports (that succeeded) taken out
    own_qstr: int = 0
    names: int = 0  # qstrs interned, nested imports included
    own_names: int = 0
    ok: bool = False
    added: list = field(default_factory=list)  # every module it added to sys.modules
    modules: list = field(default_factory=list)  # those not added by a nested import
    children: list = field(default_factory=list)
    screen: str = ""  # the first state reached after it: "game ScreenClass"


@dataclass
class Walk:
    """The displayio objects of every screen on the stack at one frame."""

    frame: int
    heap: int
    qstr: int = 0
    kinds: list = field(default_factory=list)  # (kind, count, unit bytes, key)
    bitmaps: list = field(default_factory=list)  # (tag, w, h, bits, bytes, in tree)
    modules: list = field(default_factory=list)
    module_bytes: int = 0  # what the loaded modules hold (qstr part left out)


@dataclass
class Bench:
    """What one bench run measured."""

    base: int = 0
    base_qstr: int = 0
    imports: list = field(default_factory=list)  # every Import, in the order begun
    order: list = field(default_factory=list)  # state keys (module, screen) as first reached
    first_walk: dict = field(default_factory=dict)  # state key -> Walk at its first frame
    peak_walk: dict = field(default_factory=dict)  # state key -> Walk at its most heap
    mark_qstr: dict = field(default_factory=dict)  # marker label -> qstr pool bytes
    states: dict = field(default_factory=dict)  # key -> [first frame's heap, most heap]
    marks: list = field(default_factory=list)  # (label, stack depth, heap)
    errors: list = field(default_factory=list)
    end: list | None = None
    last_modules: list = field(default_factory=list)


def run_device(folder, program, driver, script, heap=BENCH_HEAP):
    """Run a device script (bench_driver.py, driver.py) on an unpacked bundle as run.py
    does: stand-ins, the bundle's lib/ and its root on the module path; output lines."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(
        (os.path.join(HERE, "standins"), os.path.join(folder, "lib"), folder)
    )
    command = [program, "-X", "heapsize=%d" % heap, os.path.join(HERE, driver), script]
    result = subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, check=False
    )
    lines = result.stdout.splitlines()
    if result.returncode != 0:
        lines.append("ERROR exit %d %s" % (result.returncode, result.stderr.strip()[-600:]))
    return lines


def gate_boot(folder, program, scratch):
    """The main menu at boot as the gate's driver.py measures it (None if it did not say)."""
    script = os.path.join(scratch, "boot.keys")
    with open(script, "w") as handle:
        handle.write("SEEDS 1\nWAIT*100\n")
    for line in run_device(folder, program, "driver.py", script):
        words = line.split()
        if words[:1] == ["S"] and len(words) > 4:
            return int(words[4])
    return None


def game_name(module):
    """ "games.whist.screens" -> "whist"; "-" (no game loaded) -> "menu"."""
    return module.split(".")[1] if module.startswith("games.") else "menu"


def state_label(key):
    """(module, screen class) -> "whist _SetupScreen"."""
    return "%s %s" % (game_name(key[0]), key[1])


def parse_bench(lines):
    """Read bench_driver.py's output into a Bench."""
    bench = Bench()
    open_imports = []  # begun, not ended (nested)
    ended = None  # the import whose IE came last: IN lines follow it
    waiting = []  # ended imports whose next state is not known yet
    latest = {}  # module name -> its latest successful import
    qstr_for = None  # what the next qstr line belongs to: (kind, object)
    walk = None
    state = None
    for line in lines:
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == "qstr":
            match = QSTR_LINE.match(line)
            if match is not None and qstr_for is not None:
                _take_qstr(bench, qstr_for, int(match.group(1)), int(match.group(2)))
            qstr_for = None
            continue
        # A qstr line belongs to the line just before it, if that one asks for it.
        qstr_for = None
        if head == "BASE":
            bench.base = int(words[1])
            qstr_for = ("base", None)
        elif head == "IB":
            record = Import(words[1], len(open_imports))
            if open_imports:
                open_imports[-1].children.append(record)
            open_imports.append(record)
            bench.imports.append(record)
            qstr_for = ("begin", record)
        elif head == "IE" and open_imports:
            ended = open_imports.pop()
            ended.bytes = int(words[2])
            ended.ok = words[3] == "1"
            ended.own = ended.bytes - sum(c.bytes for c in ended.children if c.ok)
            if ended.ok:
                latest[ended.name] = ended
            waiting.append(ended)
            qstr_for = ("end", ended)
        elif head == "IN" and ended is not None:
            ended.added.append(words[1])
            if not any(words[1] in child.added for child in ended.children):
                ended.modules.append(words[1])
        elif head == "S":
            state = (words[3], words[1])
            heap = int(words[4])
            if state not in bench.order:
                bench.order.append(state)
                bench.states[state] = [heap, heap]
            bench.states[state][0] = min(bench.states[state][0], heap)
            for record in waiting:
                record.screen = state_label(state)
            waiting = []
        elif head == "M" and state is not None:
            bench.states[state][1] = max(bench.states[state][1], int(words[1]))
        elif head == "MARK":
            bench.marks.append((words[1], int(words[3]), int(words[5])))
            qstr_for = ("mark", words[1])
        elif head in ("ERROR", "TRACEBACK"):
            bench.errors.append(line)
        elif head == "END":
            bench.end = [int(word) for word in words[1:]]
        elif head == "W" and state is not None:
            walk = Walk(int(words[1]), int(words[2]))
            bench.first_walk.setdefault(state, walk)
            best = bench.peak_walk.get(state)
            if best is None or walk.heap > best.heap:
                bench.peak_walk[state] = walk
            qstr_for = ("walk", walk)
        elif head == "X" and walk is not None:
            walk.kinds.append((words[1], int(words[2]), int(words[3]), " ".join(words[4:])))
        elif head == "XB" and walk is not None:
            walk.bitmaps.append((words[1],) + tuple(int(word) for word in words[2:7]))
        elif head == "XM" and walk is not None:
            walk.modules = words[1:]
            bench.last_modules = walk.modules
        elif head == "WE" and walk is not None:
            walk.module_bytes = sum(
                latest[name].own - latest[name].own_qstr for name in walk.modules if name in latest
            )
            walk = None
    for record in waiting:
        record.screen = "(end)"
    return bench


def _take_qstr(bench, target, names, total):
    """File one qstr_info() figure (n_qstr, n_total_bytes) where it belongs."""
    kind, thing = target
    if kind == "base":
        bench.base_qstr = total
    elif kind == "begin":
        thing.qstr = -total
        thing.names = -names
    elif kind == "end":
        thing.qstr += total
        thing.names += names
        done = [child for child in thing.children if child.ok]
        thing.own_qstr = thing.qstr - sum(child.qstr for child in done)
        thing.own_names = thing.names - sum(child.names for child in done)
    elif kind == "walk":
        thing.qstr = total
    elif kind == "mark":
        bench.mark_qstr[thing] = total


# -- the tables -------------------------------------------------------------------------


def kb(value):
    """Bytes as KB with one decimal."""
    return "%.1f" % (value / 1024)


def first_loads(bench):
    """{name: [first Import, loads, last reload or None]} for the imports that loaded a
    module, in the order first begun."""
    found = {}
    for record in bench.imports:
        if not record.ok or not record.modules:
            continue  # a built-in module (no file), or typing (ImportError on the device)
        entry = found.get(record.name)
        if entry is None:
            found[record.name] = [record, 1, None]
        else:
            entry[1] += 1
            entry[2] = record
    return found


def module_table(bench):
    """Table 1: per module imported."""
    layout = "%-3s %-30s %-20s %6s %6s %5s %6s %8s %5s %6s %-4s %s"
    rows = [
        "Per module, in the order first imported (bytes of app heap; own = without its nested"
        " imports; qstr = of own, the qstr pool's growth, and the names interned)",
        layout
        % (
            "#",
            "module",
            "first needed by",
            "own",
            "qstr",
            "names",
            "rest",
            "w/nested",
            "loads",
            "again",
            "end",
            "also added",
        ),
    ]
    loaded_at_end = set(bench.last_modules)
    total = total_qstr = total_names = 0
    for number, (name, (record, loads, again)) in enumerate(first_loads(bench).items(), 1):
        extra = [module for module in record.modules if module != name]
        rows.append(
            layout
            % (
                number,
                "  " * record.depth + name,
                record.screen,
                record.own,
                record.own_qstr,
                record.own_names,
                record.own - record.own_qstr,
                record.bytes,
                loads,
                again.own if again is not None else "-",
                "yes" if name in loaded_at_end else "no",
                " ".join(extra),
            )
        )
        total += record.own
        total_qstr += record.own_qstr
        total_names += record.own_names
    rows.append(
        layout
        % (
            "",
            "all first loads",
            "",
            total,
            total_qstr,
            total_names,
            total - total_qstr,
            "",
            "",
            "",
            "",
            "",
        )
    )
    rows.append(
        "again: own bytes when last imported again (after a game unloaded it: its names are"
        " interned already); end: still loaded at the end of the run. The pool grows by whole"
        " blocks, so the import that overflows it is charged the new block."
    )
    return [row.rstrip() for row in rows]


def breakdown(bench, walk):
    """{column: bytes} of a walk: qstr pool, modules, each kind of displayio object, and the
    rest of the heap."""
    parts = {"qstr": walk.qstr - bench.base_qstr, "mods": walk.module_bytes}
    for kind, count, unit, _ in walk.kinds:
        column = KIND_COLUMNS.get(kind, kind)
        parts[column] = parts.get(column, 0) + count * max(unit, 0)
    for tag, _, _, _, size, _ in walk.bitmaps:
        column = BITMAP_COLUMNS.get(tag, "bmps")
        parts[column] = parts.get(column, 0) + size
    parts["rest"] = walk.heap - sum(parts.values())
    return parts


def counts(walk):
    """{column: objects} of a walk."""
    found = {}
    for kind, count, _, _ in walk.kinds:
        column = KIND_COLUMNS.get(kind, kind)
        found[column] = found.get(column, 0) + count
    for tag, _, _, _, _, _ in walk.bitmaps:
        column = BITMAP_COLUMNS.get(tag, "bmps")
        found[column] = found.get(column, 0) + 1
    return found


KIND_COLUMNS = {
    "group": "groups",
    "tilegrid": "grids",
    "label": "labels",
    "CardSprite": "cards",
    "Rectangle": "shapes",
    "Circle": "shapes",
    "Polygon": "shapes",
    "palette": "pals",
}
BITMAP_COLUMNS = {"fontsheet0": "fonts", "fontsheet1": "fonts", "cardsheet": "csheet"}
COLUMNS = (
    "qstr",
    "mods",
    "groups",
    "grids",
    "labels",
    "cards",
    "shapes",
    "pals",
    "fonts",
    "csheet",
    "bmps",
)
LEGEND = (
    "qstr = the qstr pool; mods = the loaded modules' code and objects (qstr left out); then"
    " the displayio objects of every screen on the stack: groups (with their member lists),"
    " grids = plain TileGrids, labels = ui.Text, cards = CardSprite, shapes = vectorio shapes,"
    " pals = distinct palettes,"
    " fonts = the two glyph sheets, csheet = the card sheet, bmps = other bitmaps; rest = the"
    " screens', games' and app's own Python objects (and garbage the stack still points at)"
)


def _columns(bench):
    """COLUMNS, then any other kind found (a new TileGrid subclass, another layer type)."""
    extra = []
    for walk in bench.peak_walk.values():
        for column in counts(walk):
            if column not in COLUMNS and column not in extra:
                extra.append(column)
    return list(COLUMNS) + sorted(extra)


def screen_rows(bench):
    """(game, screen, first heap, peak heap, walk at the peak) per state, in the order first
    reached; the main menu at boot first, with its walk at boot."""
    found = []
    boot = bench.first_walk.get(("-", "MenuScreen"))
    if boot is not None:
        found.append(("boot", "MenuScreen", boot.heap, boot.heap, boot))
    for key in bench.order:
        first, most = bench.states.get(key, (0, 0))
        found.append((game_name(key[0]), key[1], first, most, bench.peak_walk.get(key)))
    return found


def screen_tables(bench):
    """Table 2: per screen, heap at the first frame and at the peak, what holds the peak
    (KB), then the objects counted."""
    columns = _columns(bench)
    rows = [
        "Per screen (KB of app heap): first frame, peak, and what holds the peak",
        "%-6s %-15s %6s %6s" % ("game", "screen", "first", "peak")
        + "".join(" %6s" % column[:6] for column in columns)
        + " %6s" % "rest",
    ]
    count_rows = [
        "Per screen, displayio objects at the peak (bitmaps and palettes: distinct ones)",
        "%-6s %-15s %6s" % ("game", "screen", "frame")
        + "".join(" %6s" % column[:6] for column in columns[2:]),
    ]
    for game, screen, first, most, walk in screen_rows(bench):
        head = "%-6s %-15s" % (game, screen[:15])
        if walk is None:
            rows.append(head + " %6s %6s" % (kb(first), kb(most)))
            continue
        parts = breakdown(bench, walk)
        rows.append(
            head
            + " %6s %6s" % (kb(first), kb(most))
            + "".join(" %6s" % kb(parts.get(column, 0)) for column in columns)
            + " %6s" % kb(parts["rest"])
        )
        found = counts(walk)
        count_rows.append(
            head
            + " %6d" % walk.frame
            + "".join(" %6d" % found.get(column, 0) for column in columns[2:])
        )
    return rows + [LEGEND, ""] + count_rows


UNIT_KINDS = (
    ("group", "group (members: bytes, the group and its member list)"),
    ("label", "label = ui.Text (columns/font: bytes)"),
    ("tilegrid", "TileGrid (tiles w x h/tile size: bytes)"),
    ("CardSprite", "CardSprite (tiles w x h/tile size: bytes)"),
    ("Rectangle", "vectorio.Rectangle (w x h: bytes)"),
    ("Circle", "vectorio.Circle (radius: bytes)"),
    ("Polygon", "vectorio.Polygon (points: bytes)"),
    ("palette", "palette (colours: bytes)"),
    ("bitmap", "bitmap (w x h x bits: bytes)"),
)


def _unit_key(kind, key):
    """How one measured object is named in the unit table, and its sort order."""
    if kind == "bitmap":
        return key, [int(part) for part in re.findall(r"\d+", key)]
    numbers = [int(part) for part in key.split() if part.lstrip("-").isdigit()]
    if kind == "label" and len(numbers) == 2:
        return "%d/%d" % tuple(numbers), numbers
    if len(numbers) == 4:
        return "%dx%d/%dx%d" % tuple(numbers), numbers
    if len(numbers) == 2:
        return "%dx%d" % tuple(numbers), numbers
    return key.replace(" ", ","), numbers


def unit_table(bench):
    """Table 3: the unit costs measured (each kind and size of object once)."""
    units = {}
    for walk in list(bench.first_walk.values()) + list(bench.peak_walk.values()):
        for kind, _, unit, key in walk.kinds:
            units.setdefault(kind, {}).setdefault(key, set()).add(unit)
        for tag, width, height, bits, size, _ in walk.bitmaps:
            name = "%dx%dx%d" % (width, height, bits)
            if tag != "bitmap":
                name = "%s %s" % (tag, name)
            units.setdefault("bitmap", {}).setdefault(name, set()).add(size)
    rows = ["Unit costs, each measured in the run by allocating one alike (bytes)"]
    titles = dict(UNIT_KINDS)
    order = [kind for kind, _ in UNIT_KINDS if kind in units]
    order += sorted(kind for kind in units if kind not in titles)
    for kind in order:
        entries = []
        for key, values in units[kind].items():
            name, numbers = _unit_key(kind, key)
            figure = "/".join(str(value) for value in sorted(values))
            entries.append((not key[:1].isdigit(), numbers, "%s:%s" % (name, figure)))
        entries.sort()
        line = "  %s:" % titles.get(kind, "%s (tiles w x h/tile size: bytes)" % kind)
        for _, _, entry in entries:
            if len(line) + len(entry) > 99:
                rows.append(line)
                line = "     "
            line += " " + entry
        rows.append(line)
    return rows


def summary_table(bench):
    """Table 4: main menu at boot, each game's peak, the main menu after each game."""
    boot_key = ("-", "MenuScreen")
    boot = bench.states.get(boot_key, (0, 0))[0]
    boot_walk = bench.first_walk.get(boot_key)
    boot_qstr = boot_walk.qstr - bench.base_qstr if boot_walk else 0
    rows = [
        "Summary (bytes of app heap; qstr = the qstr pool, which is never freed)",
        "%-34s %8s %8s %8s %8s" % ("", "heap", "vs boot", "qstr", "vs boot"),
        "%-34s %8d %8s %8d %8s" % ("main menu at boot", boot, "", boot_qstr, ""),
    ]
    peaks = {}
    for key in bench.order:
        walk = bench.peak_walk.get(key)
        if walk is None:
            continue
        game = game_name(key[0])
        if game != "menu" and (game not in peaks or walk.heap > peaks[game][1].heap):
            peaks[game] = (key, walk)
    for game, (key, walk) in peaks.items():
        qstr = walk.qstr - bench.base_qstr
        rows.append(
            "%-34s %8d %+8d %8d %+8d"
            % ("%s peak (%s)" % (game, key[1]), walk.heap, walk.heap - boot, qstr, qstr - boot_qstr)
        )
    after = {}  # game -> [times, most heap, qstr then]
    for label, _, heap in bench.marks:
        kind, _, name = label.partition("-")
        if kind == "start":
            continue
        game = name.split("-")[0]
        qstr = bench.mark_qstr.get(label, bench.base_qstr) - bench.base_qstr
        entry = after.setdefault(game, [0, heap, qstr])  # no qstr line (older driver): 0
        entry[0] += 1
        if heap >= entry[1]:
            entry[1:] = [heap, qstr]
    for game, (times, heap, qstr) in after.items():
        rows.append(
            "%-34s %8d %+8d %8d %+8d"
            % (
                "main menu after %s (most of %d)" % (game, times),
                heap,
                heap - boot,
                qstr,
                qstr - boot_qstr,
            )
        )
    return rows


def report(bench):
    """Every table, as lines."""
    lines = []
    for table in (module_table, screen_tables, unit_table, summary_table):
        lines.extend(table(bench))
        lines.append("")
    for error in bench.errors:
        lines.append("RUN FAILURE: %s" % error)
    if bench.end is None and not bench.errors:
        lines.append("RUN FAILURE: the run did not reach its end")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", help="an unpacked bundle to run instead of building one")
    parser.add_argument("--script", default=SCRIPT, help="the key script (default: app.keys)")
    args = parser.parse_args(argv)
    try:
        program = cptools.program("circuitpython-unix32-displayio")
    except cptools.Missing as error:
        print("bench: %s" % error)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or bundle.stage(os.path.join(scratch, "drive"))
        lines = run_device(folder, program, "bench_driver.py", args.script)
        gate = gate_boot(folder, program, scratch)
    bench = parse_bench(lines)
    print(
        "CircuitPython heap bench: %s on the unpacked bundle, key script %s; app heap ="
        " gc.mem_alloc() - %d (interpreter, bench, stand-ins)"
        % (os.path.basename(program), os.path.relpath(args.script), bench.base)
    )
    boot = bench.states.get(("-", "MenuScreen"), [0])[0]
    if gate is not None:
        print(
            "main menu at boot: %d bytes here, %d by the gate's driver.py (run.py): the names"
            " the bench interns before BASE are not the app's to intern" % (boot, gate)
        )
    print()
    lines = report(bench)
    print("\n".join(lines))
    return 1 if any(line.startswith("RUN FAILURE") for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
