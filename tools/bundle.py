"""The project bundle: one zip with everything a CIRCUITPY drive needs, as Adafruit ships them.

``dist/decktet-handheld-cp10.zip`` holds one folder, ``decktet-handheld-cp10/``, whose
contents go on the drive as they are:

- ``code.py`` (source: CircuitPython runs it);
- ``lib/decktet/``, ``lib/handheld/`` and ``games/`` compiled to ``.mpy``, plus every other
  file found under ``lib/`` and ``games/`` (the rules texts, ...);
- the Adafruit library the app imports (``adafruit_bitmap_font``, which reads the BDF fonts
  into glyph sheets at start-up), compiled to ``.mpy`` from the copy installed in ``.venv``;
- ``fonts/``, ``sprites/``;
- ``bundle.txt``: the project's commit, the libraries' versions, the mpy-cross used.

Everything is compiled with CircuitPython's own mpy-cross (``cptools.mpy_cross()``), with
``-s`` set to the file's path on the drive so tracebacks name it, and ``-O3``: no line
numbers in the bytecode, which saves about 8% of every module's heap (2-2.5 KB of a
game's peak); a traceback on the device then names the file and function but not the
line. ``DECKTET_LINE_NUMBERS=1`` builds a bundle that keeps them, for debugging on the
device (it may not fit every game). The zip is reproducible:
sorted entries, fixed timestamps and modes, so two builds of one tree are byte-identical.

Usage: python tools/bundle.py [--out PATH] [--unpack DIR]
"""

import argparse
import glob
import hashlib
import os
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cptools  # noqa: E402
import shortnames  # noqa: E402
from device_files import DEVICE_DIRS, ROOT, device_python_files  # noqa: E402

NAME = "decktet-handheld-cp10"
DEFAULT_ZIP = os.path.join(ROOT, "dist", NAME + ".zip")
MANIFEST = "bundle.txt"
# Copied whole, as they are.
ASSET_DIRS = ("fonts", "sprites")
# The Adafruit libraries on the device: distribution name -> its modules' top-level name.
ADAFRUIT_LIBRARIES = (("adafruit-circuitpython-bitmap-font", "adafruit_bitmap_font"),)
# 1980-01-01, the earliest time a zip entry can hold.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def site_packages():
    """The project venv's site-packages (else this interpreter's), where the libraries are."""
    found = sorted(glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages")))
    return found[-1] if found else sysconfig.get_paths()["purelib"]


def installed_library(distribution, site=None):
    """(version, [module paths relative to site-packages]) from the installed dist-info."""
    site = site or site_packages()
    stem = distribution.replace("-", "_")
    infos = glob.glob(os.path.join(site, stem + "-*.dist-info"))
    if len(infos) != 1:
        raise SystemExit("%s is not installed in %s (make venv installs it)" % (distribution, site))
    version = None
    with open(os.path.join(infos[0], "METADATA"), encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("Version:"):
                version = line.split(":", 1)[1].strip()
                break
    modules = []
    with open(os.path.join(infos[0], "RECORD"), encoding="utf-8") as handle:
        for line in handle:
            path = line.split(",", 1)[0]
            if path.endswith(".py") and "__pycache__" not in path and ".dist-info" not in path:
                modules.append(path)
    if not version or not modules:
        raise SystemExit("cannot read %s's version or files in %s" % (distribution, infos[0]))
    return version, sorted(modules)


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


def optimize_flags():
    """mpy-cross's optimisation: -O3 (no line numbers) unless DECKTET_LINE_NUMBERS is set."""
    return [] if os.environ.get("DECKTET_LINE_NUMBERS") else ["-O3"]


def compile_mpy(mpy_cross, source, drive_name, out_dir, text=None):
    """The .mpy bytes of one source file. The file name a traceback shows (-s): its path
    on the drive when line numbers are kept; else one short name for every module, since
    each distinct name is a string interned for good on the device, and the app is close
    to the number of names that makes CircuitPython's string pool grow by a 9 KB block
    (README, "Heap on the device")."""
    out = os.path.join(out_dir, "out.mpy")
    flags = optimize_flags()
    if text is not None:
        # The source with shorter private names (tools/shortnames.py), compiled from a copy.
        source = os.path.join(out_dir, "source.py")
        with open(source, "w", encoding="utf-8") as handle:
            handle.write(text)
    shown = SHARED_SOURCE_NAME if flags else drive_name
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
    return data


def mpy_cross_version(mpy_cross):
    """What ``mpy-cross --version`` says, e.g. 'CircuitPython 10.3.0 ...; mpy v6.3'."""
    return subprocess.run(
        [mpy_cross, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()


def _sha256(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def compiled_texts(root=ROOT):
    """The device files compiled to .mpy (paths relative to ``root``), and ``{path: text}``
    of what is compiled in their place: other modules' constants written in and private
    names made short and shared between files (tools/shortnames.py). A debug bundle keeps
    the sources as they are, and so does DECKTET_KEEP_NAMES=1, for a comparison."""
    ours = [relative.replace(os.sep, "/") for relative in device_python_files(root)]
    # code.py goes on the drive as it is: it reads the modules' names like a host tool.
    compiled = [relative for relative in ours if relative != "code.py"]
    if os.environ.get("DECKTET_KEEP_NAMES") or not optimize_flags():
        return compiled, {}
    readers = sorted(glob.glob(os.path.join(root, "tools", "cpapp", "*.py")))
    readers += [os.path.join(root, relative) for relative in ours if relative == "code.py"]
    return compiled, shortnames.shorten(root, compiled, readers)


def contents(root=ROOT):
    """{path inside the top folder: bytes}: every file of the bundle."""
    mpy_cross = cptools.mpy_cross()  # cptools.Missing says how to get it
    site = site_packages()
    files = {}
    sources = []  # (path on disk, .py path on the drive)
    compiled, texts = compiled_texts(root)
    for relative in compiled:
        sources.append((os.path.join(root, relative), relative))
    libraries = []
    for distribution, _ in ADAFRUIT_LIBRARIES:
        version, modules = installed_library(distribution, site)
        libraries.append("%s %s" % (distribution, version))
        sources.extend((os.path.join(site, module), "lib/" + module) for module in modules)
    with tempfile.TemporaryDirectory() as out_dir:
        for source, drive_name in sources:
            files[drive_name[:-3] + ".mpy"] = compile_mpy(
                mpy_cross, source, drive_name, out_dir, texts.get(drive_name)
            )
    for relative in ["code.py"] + asset_files(root):
        with open(os.path.join(root, relative), "rb") as handle:
            files[relative] = handle.read()
    manifest = [
        "Decktet Handheld, project bundle for CircuitPython 10.x (.mpy v6, which 9.x loads too).",
        "Copy everything in this folder to the CIRCUITPY drive.",
        "",
        "commit: %s" % git_commit(root),
        "mpy-cross: %s %s" % (mpy_cross_version(mpy_cross), " ".join(optimize_flags())),
        "mpy-cross sha256: %s" % _sha256(mpy_cross),
        "libraries (from PyPI, compiled here):",
    ] + ["  " + line for line in libraries]
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
    try:
        zip_path = build(args.out)
    except cptools.Missing as error:
        raise SystemExit(str(error)) from None
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
