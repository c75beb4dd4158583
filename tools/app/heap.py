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
the driver and the stand-ins: after each frame that may have changed something, live
(after a collection) and the frame's peak (everything it allocated before the collection,
garbage included: the port never collects inside a call). Prints a table and exits 1 if a
budget is exceeded, the app raised, or a scripted game did not reach its end and the main
menu.

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
# What a PyBadge's gc.mem_free() shows when code.py starts (../shared/DEVICE.md: about
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


def app_names(pool, harness, tables):
    """How many of the interned names ``pool`` (the VM's, in the order they were added) are
    the app's: every name added after BASE (``harness``: the pool then, the stand-ins', the
    driver's and the VM's own), and each of the harness's names that a module the app has
    loaded lists in its qstr table (it would have added it on the device). A module is
    loaded when its name is in the pool (an import interns it)."""
    held = set(pool)
    used = set()
    for module, table in tables.items():
        if module in held:
            used |= table
    return len(pool) - len(harness) + sum(1 for name in harness if name in used)


def pools_for(count):
    """The dynamic pools (py/qstr.c: 20, 40, 80, ... entries) that hold ``count`` names."""
    pools = 0
    room = 0
    while room < count:
        pools += 1
        room += names.POOL_ENTRIES_INIT * 2**pools
    return pools


def name_figures(lines, tables):
    """(the harness's names at BASE, the pool's names at the end, the app's names at the
    end, [(marker, the app's names there)]) from a run's lines, or None if the run printed
    no NAMES-END (it crashed). The pool at a marker is the first ``n_qstr`` names of the
    pool at the end: names are never freed and are added in order."""
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
    marks = [(label, app_names(pool[:n], harness, tables)) for label, n in counts]
    return harness, pool, app_names(pool, harness, tables), marks


def report_names(figures):
    """Print a run's interned names; returns the problems (the app's names past the pool's
    next block)."""
    if figures is None:
        print("interned names: no NAMES-END line (the run did not finish)")
        return []
    harness, pool, app, marks = figures
    worst = {}
    for label, count in marks:
        game = label.partition("-")[2].partition("-")[0]
        worst[game] = max(worst.get(game, 0), count)
    print(
        "interned names: the app's %d (the harness's %d of the VM's %d are not counted, but"
        " for those a module the app loaded lists); the pool's next block (1,280 entries)"
        " comes after %d: headroom %d names"
        % (app, len(harness), len(pool), names.POOL_LIMIT, names.POOL_LIMIT - app)
    )
    print(
        "  after each game's markers, most: %s"
        % ", ".join("%s %d" % (game, count) for game, count in sorted(worst.items()))
    )
    if pools_for(len(pool)) != pools_for(app):
        print(
            "  note: the VM holds %d pools for its %d names, a device %d for the app's %d:"
            " the heap above counts the difference"
            % (pools_for(len(pool)), len(pool), pools_for(app), app)
        )
    if app > names.POOL_LIMIT:
        return ["the app's %d interned names pass the pool's %d" % (app, names.POOL_LIMIT)]
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


def parse(lines):
    """Figures of one run: per state (game, screen) the first and most heap and the most a
    frame held before its collection, the markers ``[label, depth, recorded, heap, qstr
    pool]``, errors, the end line, the qstr pool at boot and the largest allocation."""
    states = {}
    marks = []
    errors = []
    end = None
    current = None
    qstr_boot = None
    largest = 0
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "S":
            current = (words[3], words[1])
            first = int(words[4])
            low, high, frame = states.get(current, (first, first, first))
            states[current] = (min(low, first), high, frame)
        elif words[0] == "M" and current is not None:
            low, high, frame = states[current]
            states[current] = (low, max(high, int(words[1])), max(frame, int(words[2])))
        elif words[0] == "MARK":
            marks.append([words[1], int(words[3]), int(words[4]), int(words[5]), 0])
        elif line.startswith("qstr pool:"):
            pool = int(line.rpartition("n_total_bytes=")[2])
            if marks:
                marks[-1][4] = pool
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


def report(title, states, marks, errors, end, qstr_boot, largest, game_kb=GAME_PEAK_KB):
    """Print a run's table; returns the budget problems found."""
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
            "%s peak: %d bytes (%.1f KB; budget %d KB); within a frame, garbage included: %d"
            % (game, peak, peak / 1024, game_kb, within)
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
            problems += report(title, *parse(lines), game_kb=args.game_kb)
            problems += report_names(name_figures(lines, tables))
    for problem in problems:
        print("BUDGET/RUN FAILURE: %s" % problem)
    print("whole-app gate: %s" % ("FAILED, %d problems" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
