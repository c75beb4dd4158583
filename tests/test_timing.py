"""The device-time model (tools/cpapp/timing.py, `make bench` and the time gate): the
project's pystone does a pystone pass's work, the model's arithmetic on a captured run
worked out by hand, and the callgrind marker found in CircuitPython's unix port (that one
fails without valgrind or CircuitPython's programs, it does not skip: the time gate needs
both)."""

import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "cpapp"))
import cptools  # noqa: E402
import pystone  # noqa: E402
import pytest  # noqa: E402
import timing  # noqa: E402


def test_pystone_leaves_the_dhrystone_end_state():
    """After n passes the globals and the records are what Dhrystone 1.1's loop leaves:
    a pass that skipped or added a procedure call would leave something else."""
    module = importlib.reload(pystone)
    reads = []

    def clock():
        reads.append(len(reads))
        return len(reads)

    module.run(1000, clock)
    assert len(reads) == 4  # the empty loop's start and end, the passes' start and end
    assert module.g_int == 5 and module.g_bool and module.g_char_1 == "A"
    assert module.g_char_2 == "B"
    assert module.g_array_1[8] == 7 and module.g_array_1[9] == 7 and module.g_array_1[38] == 8
    assert module.g_array_2[8][7] == 1000 + 10  # one increment a pass
    assert module.g_array_2[8][8] == 8 and module.g_array_2[28][8] == 7
    record = module.g_record
    assert (record.discr, record.enum, record.number) == (1, 3, 17)
    assert record.text == "DHRYSTONE PROGRAM, SOME STRING"
    following = record.link
    assert following is not record and following.link is None
    assert (following.discr, following.enum, following.number) == (1, 2, 18)


def frame(
    index,
    us,
    keys=0,
    refreshed=0,
    writes=0,
    busy=0,
    thinking=0,
    depth=1,
    screen="Menu",
    game="-",
    units=0,
):
    start = 1000 * index
    return "F %d %d %d %d %d %d %d %d %d %s %s %d" % (
        index,
        start,
        start + us,
        keys,
        refreshed,
        writes,
        busy,
        thinking,
        depth,
        screen,
        game,
        units,
    )


# pystone: 5,000 passes in 50,000 us (the empty loop took 1,000 of 51,000): 100,000
# passes/s, 65.72x the SAMD51, so a VM microsecond is 65.72 us on the badge.
CAPTURED = [
    "PYSTONE 5000 0 1000 2000 53000",
    "BASE 30000",
    "BOOT 0 10000",
    frame(1, 100),
    frame(2, 2000, keys=2, refreshed=1, depth=2, screen="Setup", game="games.x.screens"),
    frame(3, 300, keys=16, refreshed=1, depth=2, screen="Setup", game="games.x.screens"),
    frame(4, 400, thinking=1, depth=2, screen="Setup", game="games.x.screens", units=3),
    frame(5, 400, thinking=1, depth=2, screen="Setup", game="games.x.screens", units=3),
    frame(6, 100, depth=2, screen="Setup", game="games.x.screens"),
    frame(7, 200, writes=1, depth=2, screen="Setup", game="games.x.screens"),  # autosave
    "END 8",
]


def test_the_model_on_a_captured_run():
    run = timing.Run(CAPTURED)
    assert run.base == 30000 and len(run.frames) == 7 and not run.errors
    pixels = [0, timing.FULL_FRAME, 640, 0, 0, 0, 0]
    assert timing.align(run, pixels) == []
    for each, count in zip(run.frames, pixels):
        each.pixels = count
    model = timing.Model(run, "wall", None, [run])
    scale = 100000 / timing.SAMD51_PYSTONE / 1000  # device ms per VM us
    assert abs(model.ms_per_vm - scale) < 1e-9
    rows, details = timing.analyse(model, timing.FULL_FRAME)
    full_wire = timing.FULL_FRAME * 16 / 24000  # 13.65 ms
    assert abs(rows["boot"][0] - (10000 * scale + full_wire)) < 1e-6
    # Frame 2 (A) opened a screen; frame 3 moved the cursor.
    assert abs(details["openings"]["Setup"][0] - (2000 * scale + full_wire)) < 1e-6
    assert abs(rows["move"][0] - (300 * scale + 640 * 16 / 24000)) < 1e-6
    assert len(rows["key99"]) == 2
    # The two frames that worked make one decision of game x, with no pause between them.
    assert rows["turn"] == [] and rows["think_frame"] == [400 * scale, 400 * scale]
    assert details["per_unit"] == {"x": [800 * scale, 6]}
    # The autosave: its VM time and a typical erase.
    (save, worst) = rows["autosave"][0]
    assert abs(save - (200 * scale + timing.NVM_STALL_MS)) < 1e-6
    assert abs(worst - (200 * scale + timing.NVM_STALL_MAX_MS)) < 1e-6
    values = timing.figures(rows)
    assert values["boot"] == rows["boot"][0] and values["move"] == rows["move"][0]


def test_misaligned_runs_are_a_problem():
    run = timing.Run(CAPTURED)
    assert timing.align(run, [0] * 6)
    assert timing.align(run, [5, 0, 0, 0, 0, 0, 0])  # pixels in a frame that did not refresh


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert timing.percentile(values, 0.99) == 99
    assert timing.percentile(values, 0.9) == 90
    assert timing.percentile([7], 0.99) == 7
    assert timing.percentile([], 0.5) == 0.0


@pytest.mark.circuitpython
def test_the_marker_is_found_in_the_unix_port(tmp_path):
    program = cptools.program("circuitpython-unix32-displayio")
    marker = timing.find_marker(program, str(tmp_path))
    assert marker.startswith("0x")
