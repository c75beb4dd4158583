"""The whole-app gate reads the heap the device would hold: a frame's garbage is collected
before the live heap is read (on MicroPython's WebAssembly port a gc.collect() runs only
when the outermost call from JavaScript returns: tools/mpgate/app.mjs collects in one call
and reads in the next), the stand-ins of CircuitPython's C modules are in the baseline
(only the objects the app makes from them count), and the interned names the harness adds
are told from the app's. Runs tiny apps on the port through tools/app/heap.py's driver, so
needs node and the npm harness (`make node`); without them these tests fail."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "app"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import heap  # noqa: E402

pytestmark = pytest.mark.wholeapp  # the tier `make check` leaves out

# A frame's garbage: under the port's gc.threshold() (16 KB), so that no collection is
# pending when the frame's call returns, as in most of the real app's frames.
GARBAGE = 8000

APP = """
class Screen:
    pass


class App:
    def __init__(self):
        self.stack = [Screen()]
        self.game_module = None
        self.recorded = False
        self.play = None
        self.junk = None
%(init)s

    def run(self, ticks_ms, sleep):
        pass

    def start(self, ticks_ms):
        pass

    def frame(self):
        self.junk = bytearray(%(garbage)d)
        self.junk = None
        return 0.01
"""

SHELL = """
from handheld.app import App

seed_source = None
current_app = None


def main():
    global current_app
    current_app = App()
    current_app.run(None, None)
"""


def tiny_drive(tmp_path, name, init="", garbage=GARBAGE):
    """A drive whose app does nothing but make ``garbage`` bytes of garbage a frame (and
    ``init`` when it is built)."""
    folder = tmp_path / name
    package = folder / "lib" / "handheld"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "app.py").write_text(APP % {"init": init, "garbage": garbage})
    (package / "shell.py").write_text(SHELL)
    return str(folder)


def run(tmp_path, drive, board="pybadge"):
    script = tmp_path / "wait.keys"
    script.write_text("SEEDS\nWAIT*3000\n")
    lines = heap.run_driver(drive, str(script), board=board)
    states, _, errors, end, _, _ = heap.parse(lines)
    assert not errors and end is not None, "\n".join(lines[-20:])
    return lines, states, end


def test_the_live_heap_is_read_after_the_frames_garbage_is_collected(tmp_path):
    _, states, end = run(tmp_path, tiny_drive(tmp_path, "garbage"))
    frames, _, peak, within = end
    assert frames > 100
    # Within a frame the garbage is there (the port collects nothing inside a call) ...
    assert within >= GARBAGE
    # ... and the live heap, read after the collection, holds none of it. Read in the
    # same call as the gc.collect() (the old gate), every reading held this frame's
    # bytearray at least.
    assert peak < GARBAGE // 4, end
    ((first, most, _),) = states.values()
    assert first <= most < GARBAGE // 4


def test_the_stand_in_modules_are_in_the_baseline_and_their_objects_count(tmp_path):
    plain = run(tmp_path, tiny_drive(tmp_path, "plain", init="        pass"), "hack_club_sprig")[2][
        2
    ]
    imports = "        import vectorio, bitmaptools, analogio, displayio\n        self.x = 1"
    # (On the Sprig's stand-ins: the SAMD51 boards' builds have no vectorio.)
    importing = run(tmp_path, tiny_drive(tmp_path, "importing", init=imports), "hack_club_sprig")[
        2
    ][2]
    # The modules' code and globals are the harness's (C modules on a device): importing
    # them costs the app only its own bytecode and one attribute, not the ~2.5 KB of the
    # vectorio and bitmaptools stand-ins.
    assert abs(importing - plain) <= 256, (plain, importing)
    # What the app makes from them is the app's: a 64x80x4 Bitmap costs 2,608 bytes on the
    # device (docs/STANDINS.md).
    bitmap = "        import displayio\n        self.x = displayio.Bitmap(64, 80, 16)"
    made = run(tmp_path, tiny_drive(tmp_path, "bitmap", init=bitmap), "hack_club_sprig")[2][2]
    assert made - plain >= 2608, (plain, made)


def test_the_harness_names_are_not_the_apps(tmp_path):
    # The app interns a few names of its own, and uses one the stand-ins interned before
    # BASE ("pixel_shader": on the device it would add it).
    init = "        self.pixel_shader = 1\n        self.tiny_app_only_name = 2"
    drive = tiny_drive(tmp_path, "names", init=init)
    lines, _, _ = run(tmp_path, drive, "hack_club_sprig")  # (its stand-ins have vectorio)
    harness = json.loads(next(line for line in lines if line.startswith("NAMES-BASE "))[11:])
    assert "Rectangle" in harness and "color_index" in harness  # the stand-ins are in BASE
    # The tiny app is source, not .mpy: tell app_names its table as a .mpy's would be.
    tables = {"handheld.app": {"pixel_shader", "tiny_app_only_name"}}
    _, pool, (app, extra), _ = heap.name_figures(lines, tables)
    assert "tiny_app_only_name" in pool[len(harness) :]
    assert "pixel_shader" in harness and "pixel_shader" not in pool[len(harness) :]
    after = len(pool) - len(harness)
    assert app == after + 1  # pixel_shader counts, the other harness names do not
    assert app < 100 < len(harness)
    # The device holds pools for the app's names from the first one; the port's app heap
    # counts only those it allocated after BASE.
    assert extra >= heap.pool_bytes(heap.pools_for(app)) - heap.pool_bytes(
        heap.pools_for(len(pool))
    ) + heap.pool_bytes(heap.pools_for(len(harness)))
    # CircuitPython holds pixel_shader in ROM (displayio's): on the device it is no name.
    rom = {"pixel_shader"}
    assert heap.name_figures(lines, tables, rom)[2][0] == after


def test_the_port_reads_garbage_when_collect_and_read_share_a_call(tmp_path):
    # The port's behaviour the gate depends on, shown directly: in one call from
    # JavaScript gc.collect() collects nothing; the next call reads the collected heap.
    port = os.path.join(
        ROOT,
        "tools",
        "mpgate",
        "node_modules",
        "@micropython",
        "micropython-webassembly-pyscript",
        "micropython.mjs",
    )
    script = tmp_path / "experiment.mjs"
    script.write_text(
        "const { loadMicroPython } = await import(%s);\n"
        % json.dumps("file://" + port)
        + "const mp = await loadMicroPython({ heapsize: 256 * 1024 });\n"
        "mp.runPython(`\nimport gc\ndef garbage():\n    junk = bytearray(%d)\n"
        "def same():\n    gc.collect()\n    return gc.mem_alloc()\n"
        "def read():\n    return gc.mem_alloc()\n`);\n"
        "const g = (name) => mp.globals.get(name);\n"
        'g("same")(); const clean = g("read")();\n'
        'g("garbage")(); const same = g("same")(); const next = g("read")();\n'
        "console.log(JSON.stringify([clean, same, next]));\n" % GARBAGE
    )
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    clean, same, following = json.loads(result.stdout.strip().splitlines()[-1])
    assert same - clean >= GARBAGE  # read in the collecting call: the garbage is there
    assert following - clean < 256  # read in the next call: collected
