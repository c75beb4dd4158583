"""The whole-app heap gate: the bundle's files, unpacked, run on MicroPython's WebAssembly
port (32-bit, as the Cortex-M's object sizes) with stand-ins for CircuitPython's C modules
(tools/app/standins: displayio's allocate what CircuitPython's C objects allocate,
docs/STANDINS.md), under the heap a PyBadge gives the app, and held to heap budgets.

Runs of tools/app/driver.py, one frame per call from tools/mpgate/app.mjs: the recorded key
script (tools/app/app.keys: every game with every set-up choice, each played to its end and
back to the main menu, and each quit from the pause menu), then seeded random keys from
boot (one run per seed); then the key script once on each other board's stand-ins (the
Hack Club Sprig's keys and pins, the PicoSystem's 240x240 display, the RP2040's 4 KB nvm
written as its port writes it). The app heap is what the app holds beyond the interpreter,
the driver and the stand-in modules (imported before the baseline: C modules on the
device; the objects the app makes from them count): after each frame that may have
changed something, live (collected in one call from JavaScript, read in the next: the
port collects only when a call returns, tools/mpgate/app.mjs) and the frame's peak
(everything it allocated before the collection, garbage included).

Interned names: the app's are those the VM added after the baseline and those of the
harness's that a module the app loaded lists in its qstr table, less the names
CircuitPython holds in ROM (its C modules' and the board's, tools/names.py). A device holds
pools for the app's names from the first one, the port's app heap only those it allocated
after the baseline, for the app's and the harness's names together; every heap figure gets
the difference at its frame (``corrector``), and the strings of the names the app shares
with the harness. Printed per run: the app's names and the headroom to the pool's next
block (1,260 names, py/qstr.c).

Prints a table and exits 1 if a budget is exceeded, the app raised, a scripted game did
not reach its end and the main menu, or the app's names pass 1,260.

usage: python tools/app/heap.py [--random N] [--seeds S,S..] [--folder DIR] [--script F]
                                [--game-kb KB] [--boards B,B..]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import bundle  # noqa: E402
import names  # noqa: E402

SCRIPT = os.path.join(HERE, "app.keys")
APP_MJS = os.path.join(os.path.dirname(HERE), "mpgate", "app.mjs")
# What a PyBadge's gc.mem_free() shows when code.py starts (docs/DEVICE.md: about
# 147 KB, from CircuitPython 10's link map and heap code).
APP_HEAP = 147 * 1024
# Budgets (KB of app heap, live after a collection): the main menu at most 56 KB; every
# game's peak at most 112 KB, a quarter of the heap kept for what no stand-in sees
# (fragmentation across the split heap's areas, the flash cache a write borrows); no
# single allocation over 32 KB (the heap's areas are 8-64 KB: one object cannot span two);
# the main menu after quitting a game at most 4 KB above the main menu at boot, not
# counting the interned strings (qstrs) the games' .mpy files added. The VM never frees a
# qstr, so those stay after a game is unloaded; they are bounded (a game played again adds
# none) and held to their own ceiling, so that growth is seen too.
# The boards: the PyBadge's stand-ins in tools/app/standins, the others' in
# tools/app/boards/<board> (pins, display size) and boards/rp2040 (the nvm). The RP2040
# boards have more RAM; the budgets stay, so one bundle serves all five.
BOARDS = ("pybadge", "hack_club_sprig", "pimoroni_picosystem")
MENU_KB = 56
GAME_PEAK_KB = 112
LARGEST_KB = 32
AFTER_QUIT_KB = 4
QSTR_GROWTH_KB = 14


def standin_path(board):
    """The stand-ins' folders for a board, first found first: the board's own (its pins
    and display; the RP2040 boards' nvm), then the PyBadge's (tools/app/standins)."""
    if board == "pybadge":
        return (os.path.join(HERE, "standins"),)
    return (
        os.path.join(HERE, "boards", board),
        os.path.join(HERE, "boards", "rp2040"),
        os.path.join(HERE, "standins"),
    )


def module_tables(folder):
    """{module name: the names its .mpy file's qstr table lists} for an unpacked bundle
    (``games/whist/flow.mpy`` -> ``games.whist.flow``; lib/ is on the path)."""
    tables = {}
    for path, data in names.bundle_mpy_files(folder).items():
        module = path[4:] if path.startswith("lib/") else path
        module = module[: -len(".mpy")].replace("/", ".")
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        tables[module] = set(names.mpy_qstrs(data)[0])
    return tables


def app_names(pool, harness, tables, rom=frozenset()):
    """The interned names of ``pool`` (the VM's, in the order they were added) a device
    running the app would hold, as (count, the string bytes of those the VM holds as the
    harness's): every name added after BASE (``harness``: the pool then, the stand-ins',
    the driver's and the VM's own), and each of the harness's names that a module the app
    has loaded lists in its qstr table (the device would add it for the app); neither the
    names CircuitPython holds in ROM (``rom``: its C modules', tools/names.py). A module is
    loaded when its name is in the pool (an import interns it)."""
    held = set(pool)
    used = set()
    for module, table in tables.items():
        if module in held:
            used |= table
    after = [name for name in pool[len(harness) :] if name not in rom]
    shared = [name for name in harness if name in used and name not in rom]
    return len(after) + len(shared), sum(len(name.encode("utf-8")) + 1 for name in shared)


def pools_for(count):
    """The dynamic pools (py/qstr.c: 20, 40, 80, ... entries) that hold ``count`` names."""
    pools = 0
    room = 0
    while room < count:
        pools += 1
        room += names.POOL_ENTRIES_INIT * 2**pools
    return pools


def pool_bytes(pools):
    """The heap the first ``pools`` dynamic pools take (32-bit: a 24-byte header and 7 bytes
    an entry, a pointer, a 2-byte hash and a length, in 16-byte blocks: as measured on the
    port, where qstr_info()'s n_total_bytes less n_str_data_bytes is exactly this)."""
    return sum(
        (24 + 7 * names.POOL_ENTRIES_INIT * 2**k + 15) // 16 * 16 for k in range(1, pools + 1)
    )


def device_names(pool, harness, tables, rom):
    """(the app's names on a device, the bytes the device's heap holds for them that the
    port's app heap does not): the pools the device allocates for the app's names less
    those the port allocated after BASE (for the harness's names and the app's), and the
    strings of the harness's names the app shares (interned before BASE on the port)."""
    count, shared_bytes = app_names(pool, harness, tables, rom)
    port = pool_bytes(pools_for(len(pool))) - pool_bytes(pools_for(len(harness)))
    return count, pool_bytes(pools_for(count)) - port + shared_bytes


def name_figures(lines, tables, rom=frozenset()):
    """(the harness's names at BASE, the pool's names at the end, (the app's names at the
    end, their correction: ``device_names``), [(marker, the app's names there, the
    correction there)]) from a run's lines, or None if the run printed no NAMES-END (it
    crashed). The pool at a marker is the first ``n_qstr`` names of the pool at the end:
    names are never freed and are added in order."""
    harness = pool = None
    counts = []
    label = None
    for line in lines:
        if line.startswith("NAMES-BASE "):
            harness = json.loads(line[len("NAMES-BASE ") :])
        elif line.startswith("NAMES-END "):
            pool = json.loads(line[len("NAMES-END ") :])
        elif line.startswith("MARK "):
            label = line.split()[1]
        elif line.startswith("qstr pool:") and label is not None:
            counts.append((label, int(line.partition("n_qstr=")[2].partition(",")[0])))
            label = None
    if harness is None or pool is None or pool[: len(harness)] != harness:
        return None
    marks = [(label,) + device_names(pool[:n], harness, tables, rom) for label, n in counts]
    return harness, pool, device_names(pool, harness, tables, rom), marks


def corrector(lines, tables, rom=frozenset()):
    """For ``parse``: a function of the VM's interned names at a frame (n_qstr) giving the
    bytes the device's heap holds for the app's names then beyond the port's app heap
    (``device_names``), from the run's NAMES-BASE and NAMES-END; None when the run printed
    no NAMES-END (it crashed: its figures stay as the port read them)."""
    harness = pool = None
    for line in lines:
        if line.startswith("NAMES-BASE "):
            harness = json.loads(line[len("NAMES-BASE ") :])
        elif line.startswith("NAMES-END "):
            pool = json.loads(line[len("NAMES-END ") :])
    if harness is None or pool is None or pool[: len(harness)] != harness:
        return None
    known = {}

    def correct(count):
        count = max(len(harness), min(count, len(pool)))
        if count not in known:
            known[count] = device_names(pool[:count], harness, tables, rom)[1]
        return known[count]

    return correct


def report_names(figures, board):
    """Print a run's interned names; returns the problems (the app's names past the pool's
    next block)."""
    if figures is None:
        print("interned names: no NAMES-END line (the run did not finish)")
        return []
    harness, pool, (count, extra), marks = figures
    worst = {}
    for label, at_mark, _extra in marks:
        game = label.partition("-")[2].partition("-")[0]
        worst[game] = max(worst.get(game, 0), at_mark)
    print(
        "interned names on a %s: the app's %d (the VM's %d, less the harness's %d but those"
        " a module the app loaded lists, less CircuitPython's ROM names); the pool's next"
        " block (1,280 entries, %d bytes) comes after %d: headroom %d names"
        % (
            board,
            count,
            len(pool),
            len(harness),
            pool_bytes(7) - pool_bytes(6),
            names.POOL_LIMIT,
            names.POOL_LIMIT - count,
        )
    )
    if worst:
        print(
            "  the app's names at each game's markers, most: %s"
            % ", ".join("%s %d" % (game, n) for game, n in sorted(worst.items()))
        )
    print(
        "  the device's name pools and the names it shares with the harness: %+d bytes"
        " beyond the port's app heap at the end (every heap figure above has its frame's)" % extra
    )
    if count > names.POOL_LIMIT:
        return ["the app's %d interned names pass the pool's %d" % (count, names.POOL_LIMIT)]
    return []


def run_driver(folder, script, random_count=0, seed=0, nvm=None, stop=0, board="pybadge"):
    """Run driver.py (through app.mjs) on the unpacked bundle; returns its output lines (an
    ERROR line is added for a crash that printed none). ``nvm`` (bytes) and ``stop``: soak
    mode; ``board``: whose stand-ins."""
    command = ["node", APP_MJS, "--folder", folder, "--paths", ":".join(standin_path(board))]
    # The port's first heap area; it adds more when a call needs them (no collection inside
    # a call), so this sets no limit: the budgets below hold the app to APP_HEAP.
    command += ["--heap", str(APP_HEAP + 48 * 1024)]
    with tempfile.TemporaryDirectory() as scratch:
        if nvm is not None:
            path = os.path.join(scratch, "nvm.bin")
            with open(path, "wb") as handle:
                handle.write(nvm)
            command += ["--nvm", path, "--stop", str(stop)]
        command += ["--", script]
        if random_count:
            command += ["random", str(random_count), str(seed)]
        result = subprocess.run(command, capture_output=True, check=False)
    lines = result.stdout.decode("utf-8", "replace").splitlines()
    stderr = result.stderr.decode("utf-8", "replace").strip()
    if result.returncode != 0 and not any(line.startswith("ERROR") for line in lines):
        lines.append("ERROR exit %d %s" % (result.returncode, stderr[-400:]))
    return lines


def parse(lines, correct=None):
    """Figures of one run: per state (game, screen) the first and most heap and the most a
    frame held before its collection, the markers ``[label, depth, recorded, heap, qstr
    pool]``, errors, the end line, the qstr pool at boot and the largest allocation.

    ``correct``: a function of the VM's interned names then (n_qstr) giving the bytes to add
    for the names the device's heap holds and the port's app heap does not (``corrector``);
    it is added to every heap figure (the state's first and most, a marker's heap and its
    qstr pool's bytes, so that a marker's "rest" is unchanged), the most within a frame
    with the names at the frame that held the state's most."""
    states = {}
    marks = []
    errors = []
    end = None
    current = None
    qstr_boot = None
    largest = 0

    def fix(words, at):
        return correct(int(words[at])) if correct and len(words) > at else 0

    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "S":
            current = (words[3], words[1])
            first = int(words[4]) + fix(words, 5)
            low, high, frame = states.get(current, (first, first, first))
            states[current] = (min(low, first), high, frame)
        elif words[0] == "M" and current is not None:
            low, high, frame = states[current]
            extra = fix(words, 3)
            most = int(words[1]) + extra
            states[current] = (low, max(high, most), max(frame, int(words[2]) + extra))
        elif words[0] == "MARK":
            marks.append([words[1], int(words[3]), int(words[4]), int(words[5]), 0])
        elif line.startswith("qstr pool:"):
            extra = correct(int(line.partition("n_qstr=")[2].partition(",")[0])) if correct else 0
            pool = int(line.rpartition("n_total_bytes=")[2]) + extra
            if marks:
                marks[-1][4] = pool
                marks[-1][3] += extra
            elif qstr_boot is None:
                qstr_boot = pool
        elif words[0] in ("ERROR", "NO-PROGRESS"):
            errors.append(line)
        elif words[0] == "END":
            end = [int(word) for word in words[1:]]
        elif words[0] == "LARGEST":
            # Only a block above the largest held before the app started is the app's.
            largest = int(words[1]) if int(words[1]) > int(words[2]) else 0
    return states, marks, errors, end, qstr_boot or 0, largest


def game_name(module):
    """ "games.whist.screens" -> "whist"; "-" is the main menu (no game loaded)."""
    return module.split(".")[1] if module.startswith("games.") else "menu"


def game_peaks(states):
    """Per game ("menu" for none): (most live heap, most within a frame) over its states."""
    peaks = {}
    for (module, _screen), (_low, high, frame) in states.items():
        game = game_name(module)
        live, within = peaks.get(game, (0, 0))
        peaks[game] = (max(live, high), max(within, frame))
    return peaks


def port_part(port_peaks, game):
    """ ", on the port N" for a game whose peak the names' correction changed."""
    if not port_peaks or game not in port_peaks:
        return ""
    return "; as the port read it %d" % port_peaks[game][0]


def report(
    title, states, marks, errors, end, qstr_boot, largest, game_kb=GAME_PEAK_KB, port_peaks=None
):
    """Print a run's table; returns the budget problems found. ``port_peaks``: game_peaks
    of the run as the port read it, printed beside each game's (corrected) peak."""
    problems = list(errors)
    print("== %s" % title)
    if end:
        print("frames %d, refreshes %d, peak app heap %d bytes, within a frame %d" % tuple(end))
    elif not errors:
        problems.append("the run did not reach its end")
    boot_menu = states.get(("-", "MenuScreen"), (0, 0, 0))[0]
    print("%-8s %-20s %9s %9s %12s" % ("game", "screen", "first", "most", "frame peak"))
    for (module, screen), (low, high, frame) in sorted(states.items()):
        print("%-8s %-20s %9d %9d %12d" % (game_name(module), screen, low, high, frame))
    print("main menu at boot: %d bytes (budget %d KB)" % (boot_menu, MENU_KB))
    if boot_menu > MENU_KB * 1024:
        problems.append("main menu %d bytes > %d KB" % (boot_menu, MENU_KB))
    for game, (peak, within) in sorted(game_peaks(states).items()):
        if game == "menu":
            continue
        print(
            "%s peak: %d bytes (%.1f KB; budget %d KB)%s; within a frame, garbage included: %d"
            % (game, peak, peak / 1024, game_kb, port_part(port_peaks, game), within)
        )
        if peak > game_kb * 1024:
            problems.append("%s peak %d bytes > %d KB" % (game, peak, game_kb))
    print(
        "largest single allocation: %s (budget %d KB)"
        % ("%d bytes" % largest if largest else "none above the 8 KB nvm buffer", LARGEST_KB)
    )
    if largest > LARGEST_KB * 1024:
        problems.append("an allocation of %d bytes > %d KB" % (largest, LARGEST_KB))
    for label, depth, recorded, heap, qstr_pool in marks:
        kind, _, name = label.partition("-")
        if kind == "start":
            continue
        qstrs = qstr_pool - qstr_boot
        left = heap - boot_menu - qstrs
        print(
            "after %-12s main menu %d bytes: +%d over boot = qstrs +%d, the rest %+d"
            " (budgets: qstrs %d KB, rest %d KB)"
            % (name, heap, heap - boot_menu, qstrs, left, QSTR_GROWTH_KB, AFTER_QUIT_KB)
        )
        if depth != 1:
            problems.append("%s: not back at the main menu (stack depth %d)" % (name, depth))
        if kind == "done" and not recorded:
            problems.append("%s: the game did not reach its end" % name)
        if left > AFTER_QUIT_KB * 1024:
            problems.append(
                "%s: the menu after quitting holds %d bytes more than at boot, beyond its"
                " qstrs (> %d KB)" % (name, left, AFTER_QUIT_KB)
            )
        if qstrs > QSTR_GROWTH_KB * 1024:
            problems.append("%s: qstr pool grew %d bytes (> %d KB)" % (name, qstrs, QSTR_GROWTH_KB))
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=3000, help="random key taps (0: none)")
    # Seeds whose random keys, between them, open and play all three games (seed 7 alone
    # never opens Jekyll & Hyde).
    parser.add_argument("--seeds", default="1,7", help="random-key seeds, comma-separated")
    parser.add_argument("--folder", help="an unpacked bundle to run instead of building one")
    parser.add_argument("--script", default=SCRIPT, help="the key script (default: app.keys)")
    parser.add_argument("--game-kb", type=int, default=GAME_PEAK_KB, help="game peak budget")
    parser.add_argument(
        "--boards",
        default=",".join(BOARDS),
        help="boards to run on (the PyBadge: the script and the random keys; the others: the"
        " script, on their stand-ins in tools/app/boards)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or bundle.stage(os.path.join(scratch, "drive"))
        tables = module_tables(folder)
        empty = os.path.join(scratch, "empty.keys")
        with open(empty, "w") as handle:
            handle.write("SEEDS\n")
        runs = []
        for board in args.boards.split(","):
            if board not in BOARDS:
                print("whole-app gate: unknown board %r: use %s" % (board, ", ".join(BOARDS)))
                return 1
            runs.append((args.script, 0, 0, "key script %s" % args.script, board))
            if args.random and board == "pybadge":
                for seed in args.seeds.split(","):
                    title = "%d random keys, seed %s" % (args.random, seed)
                    runs.append((empty, args.random, int(seed), title, board))
        print(
            "MicroPython's WebAssembly port (npm), stand-ins of tools/app; the app's heap:"
            " %d bytes (a PyBadge's at code.py start)" % APP_HEAP
        )
        problems = []
        for script, count, seed, title, board in runs:
            if board != "pybadge":
                title += ", on the %s's stand-ins" % board
            lines = run_driver(folder, script, count, seed, board=board)
            rom = names.rom_names(board)
            figures = parse(lines, corrector(lines, tables, rom))
            port_peaks = game_peaks(parse(lines)[0])
            problems += report(title, *figures, game_kb=args.game_kb, port_peaks=port_peaks)
            problems += report_names(name_figures(lines, tables, rom), board)
    for problem in problems:
        print("BUDGET/RUN FAILURE: %s" % problem)
    print("whole-app gate: %s" % ("FAILED, %d problems" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
