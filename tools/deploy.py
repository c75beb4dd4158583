"""Put the game on a CIRCUITPY drive: build the project bundle, copy its files onto the drive.

The bundle (tools/bundle.py, ``dist/decktet-handheld-cp10.zip``) carries code.py, the
compiled modules, fonts, sprites and rules texts: nothing else to install (the app uses no
library beyond them). Files already on the drive with the same bytes are not rewritten
(less flash wear, fewer auto-reloads); code.py is written last. A ``.py`` left on the drive
beside a bundled ``.mpy`` (an older copy) is removed, as CircuitPython would import it
instead of the ``.mpy``. Nothing else on the drive is touched (settings, other files).

Usage: python tools/deploy.py /path/to/CIRCUITPY
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bundle  # noqa: E402


def _same(path, data):
    if not os.path.isfile(path) or os.path.getsize(path) != len(data):
        return False
    with open(path, "rb") as handle:
        return handle.read() == data


def copy_files(files, target):
    """Write {relative path: bytes} into target; returns (written, unchanged, removed .py)."""
    written, unchanged, removed = [], [], []
    # code.py last: CircuitPython restarts it on every write, best when the rest is there.
    for path in sorted(files, key=lambda name: (name == "code.py", name)):
        destination = os.path.join(target, *path.split("/"))
        if path.endswith(".mpy"):
            shadow = destination[: -len(".mpy")] + ".py"
            if os.path.isfile(shadow):
                os.remove(shadow)
                removed.append(path[: -len(".mpy")] + ".py")
        if _same(destination, files[path]):
            unchanged.append(path)
            continue
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "wb") as handle:
            handle.write(files[path])
        written.append(path)
    return written, unchanged, removed


def deploy(target, zip_path=bundle.DEFAULT_ZIP):
    """Build the bundle into zip_path and copy its files into target (a mounted drive)."""
    if not os.path.isdir(target):
        raise SystemExit("no such drive folder: %s" % target)
    return copy_files(bundle.read_zip(bundle.build(zip_path)), target)


def main(argv):
    if len(argv) != 1:
        raise SystemExit(__doc__)
    written, unchanged, removed = deploy(argv[0])
    print(
        "%s -> %s: %d files written, %d already up to date"
        % (os.path.relpath(bundle.DEFAULT_ZIP), argv[0], len(written), len(unchanged))
    )
    if removed:
        print("removed %d old .py files the .mpy files replace:" % len(removed), " ".join(removed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
