"""The app's interned names, counted statically from the bundle's .mpy files (no npm, no
VM): what `make check` prints and holds to a margin below the string pool's next block.

CircuitPython interns every name a loaded module uses and never frees one. The names
compiled into the firmware (its ROM pool) cost nothing; every other one goes into pools
allocated on the heap, which grow in doubling blocks. MicroPython's and CircuitPython's
``py/qstr.c`` (the same code in both): the ROM pool is created with ``alloc =
MICROPY_ALLOC_QSTR_ENTRIES_INIT``, which is fixed at 10 there, and ``qstr_add`` allocates a
new pool of twice the last one's ``alloc`` when the last is full (never fewer than 10
entries): 20, 40, 80, 160, 320, 640 entries, 1,260 in all. A board with frozen modules
(the PyBadge's CircuitPython freezes ``stage`` and ``ugame``) has one more ROM pool,
which mpy-tool.py writes with ``alloc = min(its names, 10)``: 10 for any real library, so
the same 20, 40, ...; only a frozen pool of under 5 names would make the first dynamic pool
10 and the limit 1,270. The port the whole-app gate runs on shows the same rule (248 names
in 4 pools, 569 in 5, 888 in 6); the 1,261st dynamic name allocates a pool of 1,280 entries (4 bytes
a pointer, 1-2 of hash and 1 of length per entry: 7.5-9 KB at once), and the one after
that waits until 2,540.

What this counts: the union, over every .mpy file of the bundle (a session can load all
of them, one game after another, and the names stay), of the qstr tables' strings that
are not MicroPython's *static* qstrs (mpy-cross writes those as an index, which every
port holds in ROM: ``py/makeqstrdata.py``'s ``static_qstr_list``, which CircuitPython keeps
the same so that .mpy files load on both). A module's dotted name (``games.whist.flow``,
interned when it is imported) is in the table of the file that imports it. What it does
not know: the names CircuitPython's firmware holds in ROM beyond the static list (its C
modules' names: ``TileGrid``, ``pixel_shader``, ``refresh`` ...), which the device does not
add again, so this count is an upper bound, a little above what a device holds; and the
rare name interned at run time from a string made then (none in the app today:
``tests/test_bundle_rules.py`` refuses a computed ``getattr``). The whole-app gate
(tools/app/heap.py) measures what the VM actually holds, the harness's own names apart.

The .mpy format (MicroPython's documentation, "MicroPython .mpy files", version 6): after
the 4-byte header, ``n_qstr`` and ``n_obj`` as variable-length unsigned ints (7 bits a
byte, most significant first, the top bit set on all but the last), then ``n_qstr``
qstrs, each a vuint ``v``: a static qstr's index if ``v & 1``, else ``v >> 1`` bytes of
the string and a NUL.

usage: python tools/names.py [--folder DIR] [--margin N] [--list]
       (default: stages the bundle in a temporary folder)
"""

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# The dynamic names the pools hold before the 1,280-entry block is allocated: 20 + 40 + 80
# + 160 + 320 + 640 (py/qstr.c, MICROPY_ALLOC_QSTR_ENTRIES_INIT = 10).
POOL_ENTRIES_INIT = 10
POOL_LIMIT = sum(POOL_ENTRIES_INIT * 2**k for k in range(1, 7))  # 1,260
# `make check` fails when fewer names than this are left below POOL_LIMIT (the static
# count's headroom). The static count is an upper bound of the device's (it cannot tell
# CircuitPython's ROM names), so the margin only has to cover what it cannot see: names
# interned at run time (none today) and a CircuitPython release whose static list moves;
# 40 names is about a module's worth of new public names.
MARGIN = 40


# CircuitPython's C modules the app imports (with what they import), whose names the
# firmware holds in ROM: a name the app shares with them is not added to the pool on the
# device. Read from the CircuitPython typeshed `make venv` installs (circuitpython-typeshed,
# .venv/cp-typeshed): every name its stubs of these modules define (classes, functions,
# methods, their arguments, attributes) and the board's own stub (its pins). An
# approximation from the API's side: a C module's every attribute and keyword argument is
# a ROM qstr; the stubs list no private C names, so nothing is taken off that the firmware
# does not hold.
C_MODULES = (
    "analogio",
    "audiocore",
    "audioio",
    "bitmaptools",
    "busdisplay",
    "digitalio",
    "displayio",
    "fontio",
    "fourwire",
    "keypad",
    "microcontroller",
    "nvm",
    "supervisor",
    "terminalio",
    "vectorio",
)
TYPESHED = os.path.join(os.path.dirname(HERE), ".venv", "cp-typeshed")


def _stub_names(path):
    import ast

    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
    return found


def rom_names(board="pybadge"):
    """The names CircuitPython's firmware for ``board`` holds in ROM that this module can
    tell (C_MODULES' and the board's stubs), or an empty set without the typeshed."""
    found = set()
    paths = [os.path.join(TYPESHED, "board_definitions", board, "__init__.pyi")]
    for module in C_MODULES:
        found.add(module)
        paths.append(os.path.join(TYPESHED, "stdlib", module, "__init__.pyi"))
    for path in paths:
        if os.path.exists(path):
            found |= _stub_names(path)
    return found if len(found) > len(C_MODULES) else set()


def _vuint(data, at):
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = value << 7 | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def mpy_qstrs(data):
    """(dynamic names, count of static ones) of one .mpy file's qstr table."""
    if len(data) < 4 or data[0] not in (ord("C"), ord("M")) or data[1] != 6:
        raise ValueError("not a .mpy v6 file")
    n_qstr, at = _vuint(data, 4)
    _n_obj, at = _vuint(data, at)
    names = []
    static = 0
    for _ in range(n_qstr):
        value, at = _vuint(data, at)
        if value & 1:
            static += 1
            continue
        size = value >> 1
        names.append(bytes(data[at : at + size]).decode("utf-8"))
        at += size + 1  # the string and its NUL
    return names, static


def bundle_mpy_files(folder):
    """{drive path: bytes} of every .mpy file under an unpacked bundle."""
    found = {}
    for top, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for filename in sorted(filenames):
            if filename.endswith(".mpy"):
                path = os.path.join(top, filename)
                with open(path, "rb") as handle:
                    found[os.path.relpath(path, folder).replace(os.sep, "/")] = handle.read()
    return found


def app_names(folder):
    """{name: first drive file that lists it} over every .mpy file of the bundle."""
    names = {}
    for path, data in bundle_mpy_files(folder).items():
        for name in mpy_qstrs(data)[0]:
            names.setdefault(name, path)
    return names


def count(folder):
    """(the bundle's dynamic names, files read)."""
    files = bundle_mpy_files(folder)
    names = set()
    for data in files.values():
        names.update(mpy_qstrs(data)[0])
    return names, len(files)


BOARDS = ("pybadge", "hack_club_sprig", "pimoroni_picosystem")


def summary(found, files, margin=MARGIN):
    """The lines `make check` prints for the names ``found``, and whether the headroom is at
    least ``margin`` (held on the count that knows no ROM name: an upper bound)."""
    total = len(found)
    left = POOL_LIMIT - total
    per_board = []
    for board in BOARDS:
        rom = rom_names(board)
        if rom:
            per_board.append("%s %d" % (board, len(found - rom)))
    lines = [
        "interned names (static count): %d distinct non-static qstrs in the qstr tables of"
        " the bundle's %d .mpy files (all of them: a session can load every game, and a"
        " name is never freed)" % (total, files),
    ]
    if per_board:
        lines.append(
            "  less the names CircuitPython's C modules and the board hold in ROM"
            " (circuitpython-typeshed): %s" % ", ".join(per_board)
        )
    lines.append(
        "string pool: its 1,280-entry block (about 9 KB) is allocated after %d dynamic"
        " names: headroom %d names on the upper bound (margin %d)" % (POOL_LIMIT, left, margin)
    )
    return lines, left >= margin


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", help="an unpacked bundle (default: build one)")
    parser.add_argument("--margin", type=int, default=MARGIN, help="names left that fail")
    parser.add_argument("--list", action="store_true", help="print the names, sorted")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder
        if not folder:
            import bundle

            folder = bundle.stage(os.path.join(scratch, "drive"))
        names, files = count(folder)
    if args.list:
        for name in sorted(names):
            print(name)
    lines, ok = summary(names, files, args.margin)
    for line in lines:
        print(line)
    if not ok:
        print(
            "names: FAILED: fewer than %d names left before the pool's next block"
            " (docs/CONTRIBUTING.md, 'Interned names')" % args.margin
        )
        return 1
    print("names: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
