"""The soak: seeded random key presses from boot through every screen, with
switch-offs at random moments, on the whole-app gate's VM (tools/app/heap.py: the bundle,
unpacked, on MicroPython's WebAssembly port with the stand-ins of tools/app, 147 KB for the
app).

The presses are cut into segments of a seeded random length (200-5,000 presses, then a
seeded random 0-12 s of no keys). A segment is one run of tools/app/driver.py from
boot (driver.py's soak mode: the nvm comes in on stdin); its end is the switch-off: the
app just stops, and the nvm as the app last assigned it (printed by the driver) is what the
next segment boots on, as a device keeps its flash. Chains of segments run side by side
(one per core), each with its own nvm: the even ones from an erased one, the odd ones from
a device whose Jekyll & Hyde set-up was last played against the CPU (``against_the_cpu``).

The presses: A 11/32, arrows 15/32 (one in 40 held 0.4-1.2 s, so it repeats), B 4/32,
SELECT and START 1/32 each, as driver.py's random mode; after one press in 200 the keys stop
for 1.5-3 s (the autosave's quiet time) or 9.5-12 s (its idle time). Game seeds are
seeded random too.

A segment fails, with one line per problem, if:
- the app raised (a MemoryError included), or the run crashed or stopped early;
- a screen could not be left: ``--max-still`` presses in a row found the app where it was
  (driver.py ``Driver.update``: the same stack depth, top screen and game, and the running
  game took no action; the pause menu and what it opens count as the screen under it, so
  START, wandering there and resuming is no progress, quitting the game is);
- a budget of heap.py is exceeded: the main menu at boot over 56 KB, a game's peak over
  112 KB, an allocation over 32 KB;
- the main menu at boot does not offer "Continue <game>" first exactly when the nvm it
  booted on holds a game in progress (read on the host with lib/handheld/store.py), or a
  "Continue" chosen did not open the game.
Over the whole soak it also fails if a screen class of the app (any subclass of
``handheld.app.Screen`` in lib/ and games/, but ``UNREACHABLE``) was never on top.

It prints per segment a line, then the totals: presses, segments and switch-offs, the
switch-offs inside a game (a play screen running), of those the ones whose game was saved
(the next boot offered "Continue") and the ones the next segment's presses continued, the
(game, screen) pairs visited, the longest run of presses without progress, the main menu
at boot and each game's peak. A failing segment's key script and starting nvm are kept
(``--keep``, default build/soak) and ``--replay`` runs one of them again. The heap is
measured as heap.py measures it, in the frames where the app may have changed (driver.py).

usage: python tools/app/soak.py [--keys N] [--chains C] [--seed S] [--segment MIN,MAX]
                                  [--max-still N] [--folder DIR] [--game-kb KB]
                                  [--app-kb KB] [--allow-unvisited] [--keep DIR]
       python tools/app/soak.py --replay build/soak/chain0-seg3 [--folder DIR]
"""

import argparse
import ast
import glob
import os
import random
import re
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))
sys.path.insert(0, ROOT)  # the games' packages (their set-up rows)
import heap  # noqa: E402
from heap import bundle, game_name, game_peaks  # noqa: E402

from handheld import registry  # noqa: E402
from handheld.store import NO_GAME, Store, setup_field  # noqa: E402

KEYS = 100000
CHAINS = 2
SEGMENT = (200, 5000)
TAIL_MS = 12000
MAX_STILL = 400
# Screen classes the random keys cannot reach: the demo table stands in for a game whose
# play screens are not built (every registered game is).
UNREACHABLE = ("DemoScreen",)
KEEP = os.path.join(ROOT, "build", "soak")
_ARROWS = ("RIGHT", "LEFT", "DOWN", "UP")
_WORDS_PER_LINE = 20
ERASED = b"\xff" * 8192  # a new device's nvm


def segment_script(rng, presses, tail_ms, low_battery=False):
    """A segment's key script: game seeds, ``presses`` random presses (with holds and
    pauses), then ``tail_ms`` of no keys before the switch-off; with ``low_battery``, a
    line that makes the battery read 3.30 V."""
    seeds = [str(rng.randrange(1 << 30)) for _ in range(presses // 25 + 4)]
    words = []
    for _ in range(presses):
        pick = rng.randrange(32)
        if pick < 11:
            word = "A"
        elif pick < 26:
            word = _ARROWS[pick % 4]
            if rng.randrange(40) == 0:
                word += "*%d" % rng.randint(400, 1200)
        elif pick < 30:
            word = "B"
        elif pick < 31:
            word = "SELECT"
        else:
            word = "START"
        words.append(word)
        if rng.randrange(200) == 0:
            quiet = rng.randint(1500, 3000) if rng.randrange(10) < 7 else rng.randint(9500, 12000)
            words.append("WAIT*%d" % quiet)
    words.append("WAIT*%d" % tail_ms)
    lines = ["SEEDS " + " ".join(seeds)]
    if low_battery:
        # 3.30 V through the badges' halving divider: the table's low-battery mark and
        # its warning, once a game.
        lines.append("BATTERY 32768")
    for at in range(0, len(words), _WORDS_PER_LINE):
        lines.append(" ".join(words[at : at + _WORDS_PER_LINE]))
    return "\n".join(lines) + "\n"


def against_the_cpu():
    """A device whose Jekyll & Hyde set-up was last played against the CPU (normal): the
    odd chains start on it, so random keys meet the CPU's turn (its cover screen) as often
    as a human opponent's; on a new device the Opponent row starts on Human and random keys
    rarely change it before they start the game."""
    memory = bytearray(ERASED)
    store = Store(memory)
    jekyll = [entry for entry in registry.GAMES if entry.package == "games.jekyll"][0]
    rows = [label for label, _ in jekyll.declaration().SETUP]
    store.settings[setup_field(jekyll.slot, rows.index("Opponent"))] = 2
    store.save()
    return bytes(memory)


def saved_slot(nvm):
    """The slot of the newest saved game the store loads from these nvm bytes (the main
    menu's first row continues it), or NO_GAME."""
    slots = Store(bytearray(nvm)).saved_slots()
    return slots[0] if slots else NO_GAME


def screen_classes():
    """The screens of the app, as ``(game, class name)``, game None for the kit's
    (lib/handheld): every class that derives from handheld.app.Screen (by name) and is
    made somewhere or has no subclass (not only a base class, as OptionsScreen is)."""
    classes = {}  # (game, name) -> base names
    called = set()
    for path in glob.glob(os.path.join(ROOT, "lib", "handheld", "*.py")) + glob.glob(
        os.path.join(ROOT, "games", "*", "*.py")
    ):
        parts = os.path.relpath(path, ROOT).split(os.sep)
        game = parts[1] if parts[0] == "games" else None
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {getattr(base, "id", getattr(base, "attr", "")) for base in node.bases}
                classes.setdefault((game, node.name), set()).update(names)
            elif isinstance(node, ast.Call):
                called.add(getattr(node.func, "id", getattr(node.func, "attr", "")))
    found = {"Screen"}
    grew = True
    while grew:
        grew = False
        for (_, name), parents in classes.items():
            if name not in found and parents & found:
                found.add(name)
                grew = True
    parents = set().union(*classes.values())
    return {
        (game, name)
        for game, name in classes
        if name in found and name != "Screen" and (name in called or name not in parents)
    }


def shown_path(path):
    """A path as the reader types it: relative to the project if it is inside it."""
    relative = os.path.relpath(path, ROOT)
    return path if relative.startswith("..") else relative


class Soak:
    """One soak: the bundle, the budgets, and the results gathered."""

    def __init__(self, args, folder, scratch):
        self.args = args
        self.folder = folder
        self.scratch = scratch
        self.lock = threading.Lock()
        self.problems = []
        self.segments = []  # one dict per segment run
        # What tells the app's interned names from the harness's (heap.name_figures).
        self.tables = heap.module_tables(folder)
        self.rom = heap.names.rom_names("pybadge")

    def corrector(self, lines):
        """heap.corrector of a run: the bytes the device holds for the app's names beyond
        the port's app heap, as a function of the VM's names at a frame."""
        return heap.corrector(lines, self.tables, self.rom)

    def drive(self, script_path, nvm):
        """One run of the driver in soak mode on a script, booting on ``nvm`` (bytes):
        its output lines and the nvm at its switch-off (None if it printed none)."""
        lines = heap.run_driver(self.folder, script_path, nvm=nvm, stop=self.args.max_still)
        kept = [line[4:] for line in lines if line.startswith("nvm ")]
        after = bytes.fromhex("".join(kept)) if kept else None
        return lines, after if after is not None and len(after) == len(nvm) else None

    def chain(self, number, presses):
        """Segments from boot on one nvm until ``presses`` are played; stops at a segment
        that raised, held or crashed."""
        rng = random.Random("soak-%d-%d" % (self.args.seed, number))
        nvm = ERASED if number % 2 == 0 else against_the_cpu()
        script_path = os.path.join(self.scratch, "chain%d.keys" % number)
        done = 0
        index = 0
        while done < presses:
            count = rng.randint(*self.args.segment)
            if presses - done - count < self.args.segment[0]:
                count = presses - done  # no short last segment: this one plays the rest
            # The odd chains run on a low battery (the warning is a screen to reach too).
            script = segment_script(rng, count, rng.randint(0, TAIL_MS), number % 2 == 1)
            with open(script_path, "w") as handle:
                handle.write(script)
            start = nvm
            lines, nvm = self.drive(script_path, start)
            segment = analyse(lines, saved_slot(start), self.args, self.corrector(lines))
            if nvm is None and not segment["fatal"]:
                segment["problems"].append("the switch-off left no nvm")
                segment["fatal"] = True
            segment.update(chain=number, index=index, presses=count, first=done)
            label = "chain %d segment %d (presses %d-%d)" % (number, index, done + 1, done + count)
            with self.lock:
                self.segments.append(segment)
                print(summary_line(label, segment), flush=True)
                if segment["problems"]:
                    kept = self.keep(number, index, script, start)
                    for problem in segment["problems"]:
                        self.problems.append("%s: %s" % (label, problem))
                    self.problems.append(
                        "%s: its keys and nvm are kept: python tools/app/soak.py --replay %s"
                        % (label, shown_path(kept))
                    )
            if segment["fatal"]:
                return
            done += count
            index += 1

    def keep(self, number, index, script, start):
        """Keep a failing segment's key script and starting nvm; returns their stem."""
        os.makedirs(self.args.keep, exist_ok=True)
        stem = os.path.join(self.args.keep, "chain%d-seg%d" % (number, index))
        with open(stem + ".keys", "w") as handle:
            handle.write(script)
        with open(stem + ".nvm", "wb") as handle:
            handle.write(start)
        return stem


def analyse(lines, boot_slot, args, correct=None):
    """What one segment's output says: problems, heap, visits, boot and switch-off.
    ``correct``: heap.corrector of the segment (its heap figures with the device's names)."""
    states, _, errors, end, _, largest = heap.parse(lines, correct)
    problems = []
    for error in errors:
        words = error.split()
        if words[0] == "NO-PROGRESS":
            error = (
                "a screen that cannot be left: %s %s (stack depth %s) held %s presses in a"
                " row without progress, up to press %s of the segment"
                % (game_name(words[4]), words[2], words[3], words[5], words[1])
            )
        elif words[0] == "ERROR":
            error = "the app raised: " + error[6:]
            # The driver prints the traceback: its functions, outermost first (the bundle
            # has no line numbers: DECKTET_LINE_NUMBERS=1 keeps them).
            calls = [
                "%s:%s %s" % (os.path.basename(path), number, function)
                for path, number, function in re.findall(
                    r'File "([^"]+)", line (\d+), in (\S+)', "\n".join(lines)
                )
            ]
            if calls:
                error += "; traceback: " + " > ".join(calls)
        problems.append(error)
    fatal = bool(errors)
    if end is None and not errors:
        problems.append("the run stopped before its switch-off")
        fatal = True
    segment = {
        "boot_row": None,
        "boot_menu": 0,
        "continued": None,
        "off": None,
        "still": (0, "-"),
        "peaks": {},
        "visited": set(),
    }
    after_continue = None
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "S":
            if not segment["boot_menu"]:
                segment["boot_menu"] = int(words[4])
                if correct and len(words) > 5:
                    segment["boot_menu"] += correct(int(words[5]))
            if after_continue is not None:
                opened = words[3] != "-" and game_name(words[3]) == after_continue
                if not opened:
                    problems.append(
                        "Continue %s opened %s (%s) instead of the game"
                        % (after_continue, words[1], words[3])
                    )
                segment["continued"] = after_continue
                after_continue = None
        elif words[0] == "MENU-AT-BOOT":
            segment["boot_row"] = line[13:]
        elif words[0] == "MENU-CHOSEN" and words[2] == "Continue" and not segment["continued"]:
            name = line.split(None, 3)[3]
            entry = [e for e in registry.GAMES if e.name == name]
            after_continue = game_name(entry[0].module) if entry else name
        elif words[0] == "SWITCHED-OFF":
            segment["off"] = (words[3], game_name(words[5]), words[6] == "1")
        elif words[0] == "LONGEST-STILL":
            segment["still"] = (int(words[1]), "%s %s" % (game_name(words[4]), words[2]))
    for module, screen in states:
        segment["visited"].add((game_name(module), screen))
    segment["peaks"] = {game: live for game, (live, _) in game_peaks(states).items()}
    if largest > heap.LARGEST_KB * 1024:
        problems.append("an allocation of %d bytes > %d KB" % (largest, heap.LARGEST_KB))
    # The main menu's first row against the nvm it booted on.
    row = segment["boot_row"]
    if row is not None:
        expected = None
        saved = [entry for entry in registry.GAMES if entry.slot == boot_slot]
        if boot_slot != NO_GAME and saved:
            expected = "Continue " + saved[0].name
        if expected and row != expected:
            problems.append(
                "booted on a saved %s but the menu's first row is %r" % (expected[9:], row)
            )
        elif not expected and row.startswith("Continue"):
            problems.append("booted with no game saved but the menu offers %r" % row)
    elif not fatal:
        problems.append("the main menu was never shown")
    if segment["boot_menu"] > heap.MENU_KB * 1024:
        problems.append("main menu at boot %d bytes > %d KB" % (segment["boot_menu"], heap.MENU_KB))
    for game, peak in sorted(segment["peaks"].items()):
        if game != "menu" and peak > args.game_kb * 1024:
            problems.append("%s peak %d bytes > %d KB" % (game, peak, args.game_kb))
    segment["problems"] = problems
    segment["fatal"] = fatal
    segment["saved_at_boot"] = boot_slot != NO_GAME
    return segment


def summary_line(label, segment):
    """One line per segment."""
    off = segment["off"]
    where = "%s %s%s" % (off[1], off[0], " (playing)" if off[2] else "") if off else "?"
    peak = max([0] + [p for g, p in segment["peaks"].items() if g != "menu"])
    return "%s: boot %r, %s, off in %s, game peak %.1f KB, longest still %d%s" % (
        label,
        segment["boot_row"],
        "continued %s" % segment["continued"] if segment["continued"] else "no continue",
        where,
        peak / 1024,
        segment["still"][0],
        ", %d PROBLEMS" % len(segment["problems"]) if segment["problems"] else "",
    )


def totals(soak, seconds):
    """Print the soak's totals; returns the problems found over the whole soak."""
    segments = sorted(soak.segments, key=lambda s: (s["chain"], s["index"]))
    args = soak.args
    problems = []
    presses = sum(s["presses"] for s in segments)
    # A switch-off inside a game: the next segment of its chain booted on it.
    by_chain = {}
    for segment in segments:
        by_chain.setdefault(segment["chain"], []).append(segment)
    inside = saved = continued = 0
    for chain in by_chain.values():
        for before, after in zip(chain, chain[1:]):
            if before["off"] and before["off"][2]:
                inside += 1
                if after["saved_at_boot"]:
                    saved += 1
                    if after["continued"]:
                        continued += 1
    offered = sum(1 for s in segments if s["saved_at_boot"])
    resumed = sum(1 for s in segments if s["continued"])
    print("== soak: seed %d, %d chains" % (args.seed, len(by_chain)))
    print(
        "presses %d in %d segments, each ending in a switch-off; %.0f s wall"
        % (presses, len(segments), seconds)
    )
    print(
        "switch-offs inside a game %d: its game saved (next boot offered Continue) %d, "
        "continued by the next segment's presses %d" % (inside, saved, continued)
    )
    print("boots offering Continue %d, games continued %d" % (offered, resumed))
    visited = set()
    for segment in segments:
        visited |= segment["visited"]
    for game in sorted({game for game, _ in visited}):
        screens = sorted(screen for g, screen in visited if g == game)
        print("visited %-6s %s" % (game, " ".join(screens)))
    anywhere = {screen for _, screen in visited}
    unvisited = sorted(
        "%s.%s" % (game or "handheld", name)
        for game, name in screen_classes()
        if name not in UNREACHABLE
        and ((game, name) not in visited if game else name not in anywhere)
    )
    if unvisited:
        print("never on top: %s" % " ".join(unvisited))
        if not args.allow_unvisited:
            problems.append("screens never reached: %s" % " ".join(unvisited))
    longest = max((s["still"] for s in segments), default=(0, "-"))
    print(
        "longest run of presses without progress: %d (%s; a screen that cannot be left: %d)"
        % (longest[0], longest[1], args.max_still)
    )
    menu = max((s["boot_menu"] for s in segments), default=0)
    print("main menu at boot: at most %d bytes (budget %d KB)" % (menu, heap.MENU_KB))
    peaks = {}
    for segment in segments:
        for game, peak in segment["peaks"].items():
            peaks[game] = max(peaks.get(game, 0), peak)
    for game, peak in sorted(peaks.items()):
        if game != "menu":
            print(
                "%s peak: %d bytes (%.1f KB; budget %d KB)"
                % (game, peak, peak / 1024, args.game_kb)
            )
    return problems


def replay(args, folder, scratch):
    """Run one kept segment again: the driver's lines but the per-frame ones and the nvm,
    then the segment's line and its problems."""
    with open(args.replay + ".nvm", "rb") as handle:
        start = handle.read()
    soak = Soak(args, folder, scratch)
    lines, _ = soak.drive(os.path.abspath(args.replay + ".keys"), start)
    for line in lines:
        if not line.startswith(("S ", "M ", "qstr pool", "nvm ", "NAMES-")):
            print(line)
    segment = analyse(lines, saved_slot(start), args, soak.corrector(lines))
    print(summary_line(shown_path(args.replay), segment))
    for problem in segment["problems"]:
        print("SOAK FAILURE: %s" % problem)
    return 1 if segment["problems"] else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=KEYS, help="random presses in all")
    parser.add_argument("--chains", type=int, default=CHAINS, help="chains run side by side")
    parser.add_argument("--seed", type=int, default=1, help="the soak's seed")
    parser.add_argument(
        "--segment",
        default="%d,%d" % SEGMENT,
        type=lambda text: tuple(int(word) for word in text.split(",")),
        help="presses per segment, MIN,MAX",
    )
    parser.add_argument(
        "--max-still", type=int, default=MAX_STILL, help="presses without progress that fail"
    )
    parser.add_argument("--folder", help="an unpacked bundle to run instead of building one")
    parser.add_argument("--game-kb", type=int, default=heap.GAME_PEAK_KB, help="game peak budget")
    parser.add_argument(
        "--allow-unvisited", action="store_true", help="a short soak: no screen check"
    )
    parser.add_argument("--keep", default=KEEP, help="where a failing segment is kept")
    parser.add_argument("--replay", help="run a kept segment again (its path without .keys)")
    args = parser.parse_args(argv)
    started = time.time()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or bundle.stage(os.path.join(scratch, "drive"))
        if args.replay:
            return replay(args, folder, scratch)
        soak = Soak(args, folder, scratch)
        chains = max(1, args.chains)
        shares = [args.keys // chains + (1 if n < args.keys % chains else 0) for n in range(chains)]
        with ThreadPoolExecutor(max_workers=chains) as pool:
            for future in [pool.submit(soak.chain, n, share) for n, share in enumerate(shares)]:
                future.result()
        problems = soak.problems + totals(soak, time.time() - started)
    for problem in problems:
        print("SOAK FAILURE: %s" % problem)
    print("soak: %s" % ("FAILED, %d problems" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
