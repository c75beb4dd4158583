"""Copy the device files (code.py, lib/, games/, fonts/, sprites/) to a CIRCUITPY drive.

Python files, fonts, sprites and the text files the app reads (rules pages under lib/).

Usage: python tools/deploy.py /path/to/CIRCUITPY
Third-party libraries are installed separately: circup install -r requirements-device.txt
"""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from device_files import ROOT, device_python_files  # noqa: E402

ASSET_DIRS = ("fonts", "sprites", "lib", "games")
ASSET_SUFFIXES = (".bdf", ".pcf", ".bmp", ".txt")


def device_files(root=ROOT):
    """Every file that belongs on the device, relative to root."""
    files = device_python_files(root)
    for top in ASSET_DIRS:
        for folder, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.lower().endswith(ASSET_SUFFIXES):
                    files.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(files)


def deploy(target, root=ROOT):
    """Copy the device files into target, keeping the layout; returns the count."""
    if not os.path.isdir(target):
        raise SystemExit("no such drive folder: %s" % target)
    files = device_files(root)
    for relative in files:
        destination = os.path.join(target, relative)
        os.makedirs(os.path.dirname(destination) or target, exist_ok=True)
        shutil.copyfile(os.path.join(root, relative), destination)
    return len(files)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    print("copied %d files to %s" % (deploy(sys.argv[1]), sys.argv[1]))
