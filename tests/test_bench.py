"""tools/cpapp/bench.py (`make bench`): its tables from a captured run, with the figures
worked out by hand, and from a short real run of tools/cpapp/bench_driver.py on
CircuitPython's unix port (like test_cpapp.py, that one fails without CircuitPython's
programs, it does not skip)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "cpapp"))
import bench  # noqa: E402
import bundle  # noqa: E402
import cptools  # noqa: E402


def qstr(names, total):
    return "qstr pool: n_pool=4, n_qstr=%d, n_str_data_bytes=0, n_total_bytes=%d" % (
        names,
        total,
    )


# Boot (handheld, handheld.ui importing handheld.layout, typing failing), the main menu,
# Gongor Whist's set-up (a walk at its first frame, another when its heap rises), back to
# the main menu with a marker.
CAPTURED = [
    "BASE 20000",
    qstr(100, 3000),
    "IB handheld",
    qstr(100, 3000),
    "IE handheld 256 1",
    qstr(102, 3064),
    "IN handheld",
    "IB handheld.ui",
    qstr(102, 3064),
    "IB typing",
    qstr(130, 3300),
    "IE typing 128 0",
    qstr(130, 3300),
    "IB handheld.layout",
    qstr(130, 3300),
    "IE handheld.layout 800 1",
    qstr(140, 3400),
    "IN handheld.layout",
    "IE handheld.ui 5000 1",
    qstr(140, 3400),
    "IN handheld.ui",
    "IN handheld.layout",
    "S MenuScreen 1 - 9000",
    qstr(140, 3400),  # driver.py's own line at boot: belongs to no bench figure
    "W 1 9000",
    qstr(140, 3400),
    "X group 2 80 3",
    "X label 4 192 10 0",
    "X Rectangle 1 96 160 12",
    "X palette 2 48 2",
    "XB fontsheet0 475 8 1 528 1",
    "XB fontsheet1 570 10 1 768 0",
    "XM handheld handheld.ui handheld.layout board",
    "WE",
    "MARK start-whist-0 5 1 0 9000",
    qstr(140, 3400),
    "IB games.whist.screens",
    qstr(140, 3400),
    "IE games.whist.screens 9000 1",
    qstr(300, 5400),
    "IN games.whist.screens",
    "IN games.whist",
    "IN games",
    "M 9000",
    "S _SetupScreen 2 games.whist.screens 19000",
    "W 6 19000",
    qstr(300, 5400),
    "X group 3 80 3",
    "X label 6 192 10 0",
    "X CardSprite 2 176 3 3 8 10",
    "X palette 2 48 2",
    "XB fontsheet0 475 8 1 528 1",
    "XB fontsheet1 570 10 1 768 1",
    "XB cardsheet 64 80 4 2608 1",
    "XM handheld handheld.ui handheld.layout games games.whist games.whist.screens",
    "WE",
    "W 7 19500",
    qstr(300, 5400),
    "X group 3 80 3",
    "XM handheld handheld.ui handheld.layout games games.whist games.whist.screens",
    "WE",
    "M 19500",
    "S MenuScreen 1 - 12000",
    "W 9 12000",
    qstr(300, 5400),
    "XM handheld handheld.ui handheld.layout",
    "WE",
    "MARK done-whist-0 12 1 1 11600",
    qstr(300, 5400),
    "M 12000",
    "END 20 3 19500",
]


def test_captured_run_parses():
    run = bench.parse_bench(CAPTURED)
    assert (run.base, run.base_qstr) == (20000, 3000)
    assert run.errors == [] and run.end == [20, 3, 19500]
    menu, setup = ("-", "MenuScreen"), ("games.whist.screens", "_SetupScreen")
    assert run.order == [menu, setup]
    assert run.states == {menu: [9000, 12000], setup: [19000, 19500]}
    assert run.first_walk[setup].frame == 6 and run.peak_walk[setup].frame == 7
    assert run.mark_qstr == {"start-whist-0": 3400, "done-whist-0": 5400}
    loads = bench.first_loads(run)
    assert list(loads) == ["handheld", "handheld.ui", "handheld.layout", "games.whist.screens"]
    ui = loads["handheld.ui"][0]
    # typing failed: its 128 bytes (the ImportError in flight) are not taken out of ui's.
    assert (ui.bytes, ui.own, ui.qstr, ui.own_qstr, ui.own_names) == (5000, 4200, 336, 236, 28)
    assert ui.modules == ["handheld.ui"] and ui.screen == "menu MenuScreen"
    screens = loads["games.whist.screens"][0]
    assert screens.modules == ["games.whist.screens", "games.whist", "games"]
    assert (screens.own, screens.own_qstr, screens.screen) == (9000, 2000, "whist _SetupScreen")


def test_captured_run_tables():
    run = bench.parse_bench(CAPTURED)
    boot = run.first_walk[("-", "MenuScreen")]
    parts = bench.breakdown(run, boot)
    # modules: handheld 256-64, handheld.ui 4200-236, handheld.layout 800-100 (board was
    # loaded before BASE: not the app's)
    assert parts["qstr"] == 400 and parts["mods"] == 192 + 3964 + 700
    assert parts["groups"] == 160 and parts["labels"] == 768 and parts["shapes"] == 96
    assert parts["pals"] == 96 and parts["fonts"] == 528 + 768
    assert sum(parts.values()) == boot.heap
    assert parts["rest"] == 9000 - (400 + 4856 + 160 + 768 + 96 + 96 + 1296)
    assert bench.counts(run.first_walk[("games.whist.screens", "_SetupScreen")])["cards"] == 2

    modules = bench.module_table(run)
    rows = [row.split() for row in modules if row[:1].isdigit()]
    assert [row[1] for row in rows] == [
        "handheld",
        "handheld.ui",
        "handheld.layout",
        "games.whist.screens",
    ]
    assert rows[1][2:10] == ["menu", "MenuScreen", "4200", "236", "28", "3964", "5000", "1"]
    assert rows[3][-2:] == ["games.whist", "games"]
    assert any(row.split()[:4] == ["all", "first", "loads", "14256"] for row in modules)

    screens = bench.screen_tables(run)
    table = [row.split() for row in screens]
    assert ["boot", "MenuScreen", "8.8", "8.8", "0.4", "4.7"] == table[2][:6]
    assert ["menu", "MenuScreen", "8.8", "11.7"] == table[3][:4]
    assert ["whist", "_SetupScreen", "18.6", "19.0"] == table[4][:4]
    assert ["whist", "_SetupScreen", "7"] == [row for row in table if row[:1] == ["whist"]][1][:3]

    units = "\n".join(bench.unit_table(run))
    assert "group (members" in units and " 3:80" in units
    assert "10/0:192" in units and "3x3/8x10:176" in units and "160x12:96" in units
    assert "cardsheet 64x80x4:2608" in units

    summary = [row.split() for row in bench.summary_table(run)]
    assert summary[2] == ["main", "menu", "at", "boot", "9000", "400"]
    assert summary[3] == ["whist", "peak", "(_SetupScreen)", "19500", "+10500", "2400", "+2000"]
    assert summary[4][-4:] == ["11600", "+2600", "2400", "+2000"]
    assert not [line for line in bench.report(run) if line.startswith("RUN FAILURE")]


def test_a_failed_run_is_reported():
    lines = CAPTURED[:30] + ["ERROR MemoryError memory allocation failed"]
    report = bench.report(bench.parse_bench(lines))
    assert "RUN FAILURE: ERROR MemoryError memory allocation failed" in report


# Boot, Gongor Whist's set-up, a few plays, quit from the pause menu (as test_cpapp.py).
QUIT_SCRIPT = (
    "SEEDS 5\n#start-whist-quit A WAIT*200 A WAIT*300 A RIGHT A WAIT*200 "
    "START UP A A WAIT*300 #quit-whist-quit\n"
)


@pytest.fixture(scope="module")
def short_run(tmp_path_factory):
    folder = bundle.stage(str(tmp_path_factory.mktemp("drive")))
    script = tmp_path_factory.mktemp("keys") / "quit.keys"
    script.write_text(QUIT_SCRIPT)
    program = cptools.program("circuitpython-unix32-displayio")
    return bench.parse_bench(bench.run_device(folder, program, "bench_driver.py", str(script)))


@pytest.mark.circuitpython
def test_short_real_run(short_run):
    run = short_run
    assert run.errors == [] and run.end is not None
    loads = bench.first_loads(run)
    for name in ("handheld.shell", "handheld.ui", "games.whist.screens", "handheld.cardview"):
        assert loads[name][0].own > 0, name
    assert "typing" not in loads and "displayio" not in loads
    states = {(bench.game_name(key[0]), key[1]) for key in run.order}
    assert {("menu", "MenuScreen"), ("whist", "_SetupScreen"), ("whist", "PauseMenu")} <= states
    boot = run.first_walk[("-", "MenuScreen")]
    # The play screen's peak (the highest of all may be a screen over it, its cards let go).
    play = max(
        (walk for key, walk in run.peak_walk.items() if key[1] == "WhistScreen"),
        key=lambda walk: walk.heap,
    )
    for walk in (boot, play):
        parts = bench.breakdown(run, walk)
        assert parts["qstr"] > 0 and parts["mods"] > 0 and parts["labels"] > 0
        assert parts["fonts"] > 0 and sum(parts.values()) == walk.heap
    assert bench.breakdown(run, play)["cards"] > 0 and bench.breakdown(run, play)["csheet"] > 0
    for walk in run.peak_walk.values():
        assert all(unit > 0 for kind, _, unit, _ in walk.kinds), walk.kinds
    summary = "\n".join(bench.summary_table(run))
    assert "whist peak" in summary and "main menu after whist" in summary
    assert run.mark_qstr["quit-whist-quit"] > run.first_walk[("-", "MenuScreen")].qstr
