"""Runtime gate on CircuitPython: runs the device-side tests (tests/device/dtest_*.py) on
CircuitPython's own unix port, built 32-bit (``circuitpython-unix32``, found by
tools/cptools.py), one fresh interpreter per test module, with the heap set to the cap.

The device code (everything under lib/ and games/) is loaded as .mpy files compiled by
CircuitPython's own mpy-cross, staged in a temporary folder laid out like the CIRCUITPY
drive; the tests stay source files. The module path is that of tools/mpgate/run.mjs (the
MicroPython gate): the tests first, then lib/, then the root (for the games package).

A test function may be a generator: it is stepped, and after every step the runner inside
CircuitPython (tools/cpgate/dtest_runner.py) collects garbage and checks the live heap
(gc.mem_alloc()) and the heap itself against the cap. The heap is fixed at the cap here
(``-X heapsize``), so a test that needs more gets a MemoryError, reported as a failure. A
failed test is run again alone in a fresh interpreter to print its traceback.

If CircuitPython's programs are missing, tools/build_circuitpython.sh is tried once; if that
fails too, the gate fails with a one-line reason (it never skips).

Usage: python tools/cpgate/run_device_tests.py [--root DIR] [--cap-kb 120] [--only TEXT]
       [--jobs N]
Live heap figures are after gc.collect(); (+N) is the peak above the start of the test.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
PROJECT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)

import cptools  # noqa: E402

MARK = "@cpgate"
RUNNER = os.path.join(HERE, "dtest_runner.py")
BUILD_SCRIPT = os.path.join(TOOLS, "build_circuitpython.sh")
MODULE_TIMEOUT = 600


class GateError(Exception):
    """The gate cannot run; the message is the one-line reason."""


def _one_line(text):
    return " ".join(text.split())


def build_circuitpython():
    """Runs tools/build_circuitpython.sh, showing its output. Returns None on success, else
    the last line it printed (its one-line reason)."""
    print("circuitpython: programs missing, trying tools/build_circuitpython.sh", flush=True)
    try:
        process = subprocess.Popen(
            ["bash", BUILD_SCRIPT],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=PROJECT,
        )
    except OSError as error:
        return "cannot start bash: %s" % error
    last = "it printed nothing"
    assert process.stdout is not None
    for line in process.stdout:
        print("  build: " + line.rstrip(), flush=True)
        if line.strip():
            last = line.strip()
    if process.wait() == 0:
        return None
    return last


def find_programs():
    """(circuitpython-unix32, mpy-cross); builds them once if missing; GateError if not."""
    try:
        return cptools.program("circuitpython-unix32"), cptools.mpy_cross()
    except cptools.Missing:
        failure = build_circuitpython()
        if failure is not None:
            raise GateError(
                "CircuitPython's unix port and mpy-cross are not in %s, and "
                "tools/build_circuitpython.sh failed: %s"
                % (", ".join(cptools.candidates()), failure.replace("build_circuitpython.sh: ", ""))
            ) from None
    try:
        return cptools.program("circuitpython-unix32"), cptools.mpy_cross()
    except cptools.Missing as missing:
        raise GateError(
            "tools/build_circuitpython.sh succeeded but: %s" % _one_line(str(missing))
        ) from None


def stage(root, mpy_cross, where):
    """Lays out lib/ and games/ (Python files as .mpy) and the device tests (as source, in
    dtests/) under ``where``. Returns the failures of mpy-cross as (file, message) pairs."""
    failures = []
    for top in ("lib", "games"):
        for folder, subfolders, names in os.walk(os.path.join(root, top)):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(names):
                full = os.path.join(folder, name)
                rel = os.path.relpath(full, root).replace(os.sep, "/")
                if name.endswith(".mpy"):
                    continue
                if not name.endswith(".py"):
                    target = os.path.join(where, rel)
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    shutil.copyfile(full, target)
                    continue
                target = os.path.join(where, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(target), exist_ok=True)
                result = subprocess.run(
                    [mpy_cross, "-o", target, "-s", rel, full],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                if result.returncode != 0:
                    failures.append((rel, _one_line(result.stdout + result.stderr)))
    tests = os.path.join(where, "dtests")
    os.makedirs(tests)
    device_tests = os.path.join(root, "tests", "device")
    if os.path.isdir(device_tests):
        for name in sorted(os.listdir(device_tests)):
            if name.endswith(".py"):
                shutil.copyfile(os.path.join(device_tests, name), os.path.join(tests, name))
    gate = os.path.join(where, "gate")
    os.makedirs(gate)
    shutil.copyfile(RUNNER, os.path.join(gate, "dtest_runner.py"))
    return failures


class Runner:
    """Runs dtest_runner.py in a fresh CircuitPython interpreter."""

    def __init__(self, program, where, cap_kb):
        self.command = [
            program,
            "-X",
            "heapsize=%dk" % cap_kb,
            os.path.join(where, "gate", "dtest_runner.py"),
        ]
        self.cap = cap_kb * 1024
        self.where = where
        self.env = dict(os.environ)
        # As on the device and in run.mjs: the tests, then lib/, then the root (games/).
        self.env["MICROPYPATH"] = ":".join(
            (os.path.join(where, "dtests"), os.path.join(where, "lib"), where)
        )

    def readable(self, output):
        """Output with the staged paths shown as project paths and the runner's own frames
        left out of tracebacks."""
        lines = []
        for line in output.splitlines():
            if '/gate/dtest_runner.py"' in line:
                continue
            line = line.replace(os.path.join(self.where, "dtests") + os.sep, "tests/device/")
            lines.append(line.replace(self.where + os.sep, ""))
        return "\n".join(lines)

    def __call__(self, *args):
        """(exit code or None on timeout, output: stdout then stderr)."""
        try:
            result = subprocess.run(
                self.command + list(args),
                capture_output=True,
                text=True,
                cwd=self.where,
                env=self.env,
                timeout=MODULE_TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired as expired:
            output = expired.stdout or b""
            if isinstance(output, bytes):
                output = output.decode("utf-8", "replace")
            return None, self.readable(output)
        return result.returncode, self.readable(result.stdout + result.stderr)


def parse(output):
    """The "@cpgate" report lines as word lists, and the other lines."""
    reports = []
    other = []
    for line in output.splitlines():
        if line.startswith(MARK + " "):
            reports.append(line[len(MARK) + 1 :].split(" ", 2))
        else:
            other.append(line)
    return reports, other


def collapse(lines):
    """Non-empty lines, each run of the same line once with its count (a warning printed on
    every call would otherwise fill the report)."""
    out = []
    previous, count = None, 0
    for line in [line for line in lines if line.strip()] + [None]:
        if line == previous:
            count += 1
            continue
        if previous is not None:
            out.append(previous + (" (%d times)" % count if count > 1 else ""))
        previous, count = line, 1
    return out


def traceback_of(runner, module, name):
    """The traceback of one test run alone in a fresh interpreter (lines), or a note."""
    code, output = runner(module, str(runner.cap), name)
    reports, other = parse(output)
    if code == 0 and any(report[0] == "ok" for report in reports):
        return ["(passes when run alone: it depends on what earlier tests left on the heap)"]
    return [line for line in other if line.strip()] or ["(no traceback: exit code %s)" % code]


def run_module(runner, module):
    """Runs one dtest module. Returns (passed, failed, lines to print): a line per test."""
    passed = failed = 0
    lines = []
    code, output = runner(module, str(runner.cap))
    reports, other = parse(output)
    names = []
    finished = set()
    current = None
    for report in reports:
        kind = report[0]
        if kind == "names":
            names = report[1].split() if len(report) > 1 else []
        elif kind == "import":
            lines.append("%s: import leaves %s bytes live" % (module, report[1]))
        elif kind == "start":
            current = report[1]
        elif kind == "ok":
            name = report[1]
            steps, above, peak = (int(word) for word in report[2].split())
            passed += 1
            finished.add(name)
            lines.append(
                "ok   %-60s %5d steps, peak live %6d B (+%d)"
                % ("%s.%s" % (module, name), steps, peak, above)
            )
        elif kind == "FAIL":
            name = report[1]
            failed += 1
            finished.add(name)
            lines.append("FAIL %s.%s: %s" % (module, name, report[2] if len(report) > 2 else ""))
            lines.extend("     " + line for line in traceback_of(runner, module, name))
    if code == 0 and reports and reports[-1][0] == "done":
        lines.extend("     | " + line for line in collapse(other))
        return passed, failed, lines
    # The interpreter stopped early: an import error, a crash, or the time limit.
    why = "timed out after %d s" % MODULE_TIMEOUT if code is None else "exit code %s" % code
    tail = " ".join(line.strip() for line in other[-1:])
    if not names:
        lines.append("FAIL %s (import): %s: %s" % (module, why, tail or "no output"))
        lines.extend("     " + line for line in collapse(other))
        return passed, failed + 1, lines
    lines.extend("     | " + line for line in collapse(other))
    for name in names:
        if name in finished:
            continue
        failed += 1
        if name == current:
            lines.append("FAIL %s.%s: interpreter stopped (%s): %s" % (module, name, why, tail))
        else:
            lines.append("FAIL %s.%s: not run (the interpreter stopped before it)" % (module, name))
    return passed, failed, lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=PROJECT, help="project folder (default: this one)")
    parser.add_argument("--cap-kb", type=int, default=120, help="heap size and cap in KB")
    parser.add_argument("--only", default="", help="only dtest modules whose name has TEXT")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="modules at once")
    args = parser.parse_args(argv)
    root = os.path.abspath(args.root)
    began = time.monotonic()
    try:
        program, mpy_cross = find_programs()
    except GateError as error:
        print("circuitpython: FAILED, cannot run: %s" % error)
        return 1
    device_tests = os.path.join(root, "tests", "device")
    modules = sorted(
        name[:-3]
        for name in (os.listdir(device_tests) if os.path.isdir(device_tests) else [])
        if re.match(r"dtest_.*\.py$", name) and args.only in name
    )
    if not modules:
        print(
            "no tests/device/dtest_*.py%s under %s"
            % (" with %r in the name" % args.only if args.only else "", root)
        )
    passed = failed = 0
    where = tempfile.mkdtemp(prefix="cpgate-")
    try:
        for rel, message in stage(root, mpy_cross, where):
            failed += 1
            print("FAIL mpy-cross %s: %s" % (rel, message))
        runner = Runner(program, where, args.cap_kb)
        # Modules run side by side (each in its own interpreter), reported in name order.
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for module_passed, module_failed, lines in pool.map(
                lambda module: run_module(runner, module), modules
            ):
                passed += module_passed
                failed += module_failed
                print("\n".join(lines), flush=True)
    finally:
        shutil.rmtree(where, ignore_errors=True)
    print(
        "heap %d KB (-X heapsize, the cap: %d bytes); %s; device code as .mpy from "
        "CircuitPython's mpy-cross; %d modules in %.1f s"
        % (
            args.cap_kb,
            args.cap_kb * 1024,
            os.path.basename(program),
            len(modules),
            time.monotonic() - began,
        )
    )
    print("circuitpython: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
