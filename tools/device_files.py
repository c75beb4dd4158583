"""The device files: what the gates check and what the bundle (tools/bundle.py) compiles."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIRS = ("lib", "games")
DEVICE_TOP_FILES = ("code.py",)


def device_python_files(root=ROOT):
    """Every device .py file under root, as paths relative to root, sorted."""
    found = [name for name in DEVICE_TOP_FILES if os.path.exists(os.path.join(root, name))]
    for top in DEVICE_DIRS:
        for folder, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for filename in filenames:
                if filename.endswith(".py"):
                    found.append(os.path.relpath(os.path.join(folder, filename), root))
    return sorted(found)
