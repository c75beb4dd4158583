"""The device-time model (tools/devtime): the opcode tracer counts only the device's own
modules; pystone 1.1 leaves its end state; the counts of a run do not move; the modules a
frame loads and their cost; frames are classified as the model says; the budget lines and
the gate's logic. Short tours and synthetic frames and sizes only (the whole tour, with
the bundle's .mpy sizes, is ``python -m tools.devtime``)."""

import importlib.util
import os
import sys

import pytest

from tools.devtime import count, pystone, timing
from tools.devtime.count import Frame
from tools.devtime.timing import K_A, K_B, K_START

# A short tour: the primer, Bharg's set-up, a pass-and-play game (its privacy screen), a
# card drawn and one discarded.
SHORT = """SEEDS 34961384
WAIT*10 ROW:Cards A WAIT*10 #primer=PrimerScreen B WAIT*10 GAME:bharg WAIT*10
#setup=_SetupScreen A WAIT*10 #privacy=PrivacyScreen WAIT*600 A WAIT*10 A WAIT*10 A WAIT*10
#played
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- the tracer ----


def test_the_tracer_counts_only_frames_of_its_roots(tmp_path):
    """A counted function calling an uncounted one: only its own opcodes count, however
    much the other does; counting the other file too counts its loop."""
    inner = write(tmp_path, "inner.py", "def f(g, n):\n    return g(n) + 1\n")
    outer = write(
        tmp_path,
        "outer.py",
        "def g(n):\n    x = 0\n    for i in range(n):\n        x += i\n    return x\n",
    )
    f, g = load(inner, "inner_mod").f, load(outer, "outer_mod").g

    def counted(roots, n):
        counter = count.OpcodeCounter(roots)
        counter.start()
        try:
            f(g, n)
        finally:
            counter.stop()
        return counter.ops

    assert 0 < counted((inner,), 10) == counted((inner,), 1000)
    assert counted((inner, outer), 1000) > counted((inner, outer), 10) + 900
    assert counted((str(tmp_path) + os.sep,), 1000) == counted((inner, outer), 1000)


def test_the_device_roots_are_code_lib_and_games():
    counter = count.OpcodeCounter()
    root = count.ROOT
    import displayio

    for path in ("code.py", "lib/handheld/app.py", "lib/decktet/search.py", "games/jekyll/cpu.py"):
        assert counter.counted(os.path.join(root, path)), path
    for path in ("host_sim/sim.py", "host_sim/fakes.py", "tools/devtime/count.py"):
        assert not counter.counted(os.path.join(root, path)), path
    assert not counter.counted(displayio.__file__)  # Blinka: C on the device
    assert not counter.counted(os.__file__)
    assert not counter.counted("<frozen importlib._bootstrap>")


# ---- pystone 1.1 ----


@pytest.fixture
def fresh_pystone():
    """pystone with its module state as imported (its globals are the benchmark's)."""
    return importlib.reload(pystone)


def test_pystone_leaves_pystone_1_1s_end_state(fresh_pystone):
    """Every global and both records as pystone 1.1 leaves them after n passes: a pass
    that skipped or added work would leave something else."""
    p = fresh_pystone
    assert len(p.array2_glob) == 51 and len({id(row) for row in p.array2_glob}) == 51
    assert all(row == [0] * 51 for row in p.array2_glob) and p.array1_glob == [0] * 51
    reads = []

    def clock():
        reads.append(len(reads))
        return len(reads)

    p.proc_0(300, clock)
    assert len(reads) == 4  # the empty loop's start and end, the passes' start and end
    assert (p.int_glob, p.bool_glob, p.char1_glob, p.char2_glob) == (5, True, "A", "B")
    assert [(i, v) for i, v in enumerate(p.array1_glob) if v] == [(8, 7), (9, 7), (38, 8)]
    cells = {(r, c): v for r, row in enumerate(p.array2_glob) for c, v in enumerate(row) if v}
    assert cells == {(8, 7): 10 + 300, (8, 8): 8, (8, 9): 8, (28, 8): 7}
    glob, following = p.rec_glob, p.rec_glob.ptr
    text = "DHRYSTONE PROGRAM, SOME STRING"
    assert (glob.discr, glob.enum, glob.number, glob.text) == (1, 3, 17, text)
    assert following is not glob and following is not p.rec_next
    assert (following.ptr, following.discr, following.enum, following.number) == (None, 1, 2, 18)
    assert following.text == text
    assert vars(p.rec_next) == {"ptr": None, "discr": 0, "enum": 0, "number": 0, "text": 0}


def test_pystone_reads_true_and_false_as_globals(fresh_pystone):
    """Proc5, Func2 and Func3 read the globals TRUE and FALSE, as pystone 1.1 does."""
    p = fresh_pystone
    p.TRUE, p.FALSE = "true", "false"
    p.proc_5()
    assert p.bool_glob == "false"
    assert (p.func_3(p.THREE), p.func_3(p.ONE)) == ("true", "false")
    assert p.func_2("DHRYSTONE PROGRAM, 1'ST STRING", "DHRYSTONE PROGRAM, 2'ND STRING") == "false"
    assert p.func_2("DHRYSTONE PROGRAM, 3'RD STRING", "DHRYSTONE PROGRAM, 2'ND STRING") == "true"
    record = p.Rec()
    copy = record.copy()
    assert copy is not record and vars(copy) == vars(record)


def test_pystone_opcodes_a_pass_do_not_depend_on_the_passes():
    """The empty loop is taken out as pystone takes out its null time: a pass's opcodes are
    the same for any number of passes, and a whole number."""
    per_pass = count.pystone_ops(200)
    assert per_pass == count.pystone_ops(700) == int(per_pass) > 300


# ---- a run ----


def source_sizes():
    """{module name: 1000 + its index}: a size for every device module, without mpy-cross."""
    from tools.device_files import device_python_files

    names = [count.module_name(path) for path in device_python_files(count.ROOT)]
    return {name: 1000 + i for i, name in enumerate(sorted(n for n in names if n))}


@pytest.fixture(scope="module")
def short_runs(tmp_path_factory):
    path = tmp_path_factory.mktemp("tour") / "short.keys"
    path.write_text(SHORT)
    sizes = source_sizes()
    return str(path), count.run_tour(str(path), sizes=sizes), count.run_tour(str(path), sizes=sizes)


@pytest.fixture
def small_sizes(monkeypatch):
    """``timing.main`` with synthetic module sizes (no bundle built)."""
    monkeypatch.setattr(timing, "bundle_sizes", source_sizes)


def test_two_runs_count_the_same(short_runs):
    _, first, second = short_runs

    def figures(run):
        return [
            (f.ops, f.pixels, f.writes, f.keys, f.screen, f.imported, f.loaded)
            for f in [run.boot] + run.frames
        ]

    assert first.error is None and first.missed() == []
    assert figures(first) == figures(second)
    assert first.boot.ops > 1000 and first.boot.pixels == 160 * 128


def test_a_run_notes_keys_screens_and_plays(short_runs):
    _, run, _ = short_runs
    opened = [(f.before, f.screen) for f in run.frames if f.opened]
    assert ("MenuScreen", "PrimerScreen") in opened and ("_SetupScreen", "PrivacyScreen") in opened
    played = [f for f in run.frames if f.played]
    assert len(played) == 2 and all(f.keys == K_A for f in played)
    assert all(not f.keys for f in run.frames if f.ops == 0)
    assert set(run.reached) == {"primer", "setup", "privacy", "played"}


def test_a_run_notes_the_modules_each_frame_loads(short_runs):
    """The boot loads the shell's modules, the primer's key loads handheld.primer (and
    what it imports), each module once until the app unloads it; ``loaded`` is the sum
    of their sizes."""
    _, run, _ = short_runs
    sizes = source_sizes()
    boot = run.boot
    assert {"handheld", "handheld.shell", "handheld.app", "handheld.ui"} <= set(boot.imported)
    assert "games.bharg.engine" not in boot.imported and "micropython" not in boot.imported
    assert len(set(boot.imported)) == len(boot.imported)
    for frame in [boot] + run.frames:
        assert frame.loaded == sum(sizes[name] for name in frame.imported)
    primer = next(f for f in run.frames if f.screen == "PrimerScreen" and f.opened)
    assert "handheld.primer" in primer.imported
    loaded = [name for f in run.frames for name in f.imported]
    assert "games.bharg.engine" in loaded and "games.bharg.screens" in loaded
    assert run.boot_import_ops > 0


def test_import_notes_note_a_module_again_once_unloaded(tmp_path, monkeypatch):
    """The finder notes a module each time the import system looks for it: once while it
    stays in sys.modules, again after it was taken out; the opcodes inside the import
    statement are counted."""
    pack = tmp_path / "notepack"
    pack.mkdir()
    (pack / "__init__.py").write_text("")
    (pack / "low.py").write_text("X = [i for i in range(50)]\n")
    (pack / "high.py").write_text("from notepack import low\nY = low.X[3]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    counter = count.OpcodeCounter((str(tmp_path) + os.sep,))
    notes = count.ImportNotes(counter)
    notes.start()
    counter.start()
    try:
        __import__("notepack.high")
        __import__("notepack.high")  # loaded: not looked for again
        del sys.modules["notepack.high"]
        __import__("notepack.high")
    finally:
        counter.stop()
        notes.stop()
        for name in ("notepack", "notepack.low", "notepack.high"):
            sys.modules.pop(name, None)
    assert notes.names == ["notepack", "notepack.high", "notepack.low", "notepack.high"]
    assert notes not in sys.meta_path and 50 < notes.import_ops <= counter.ops


def test_module_names_and_sizes_of_the_bundles_files():
    files = {
        "code.py": b"x" * 50,
        "lib/handheld/app.mpy": b"x" * 10,
        "lib/handheld/__init__.mpy": b"x" * 3,
        "games/whist/__init__.mpy": b"x" * 4,
        "games/whist/screens.mpy": b"x" * 7,
        "games/whist/rules.txt": b"x" * 99,
        "bundle.txt": b"x",
    }
    assert count.mpy_sizes(files) == {
        "handheld.app": 10,
        "handheld": 3,
        "games.whist": 4,
        "games.whist.screens": 7,
    }
    assert count.module_name("code.py") is None
    assert count.module_name("lib/decktet/search.py") == "decktet.search"


def test_markers_missed_and_an_app_that_raises(tmp_path, small_sizes):
    path = write(
        tmp_path, "bad.keys", "SEEDS\nWAIT*10 #menu=StatsScreen GAME:bharg WAIT*10 A WAIT*50\n"
    )
    run = count.run_tour(path)
    assert "more game seeds" in run.error  # no seed for the game: the app raised
    assert run.missed() == ["menu (on MenuScreen, not StatsScreen)"]
    assert timing.main(["--tour", path, "--gate"]) == 1
    with pytest.raises(ValueError):
        count.read_tour(write(tmp_path, "worse.keys", "A B\n"))


def test_read_tour_gives_seeds_keys_and_marker_times(tmp_path):
    seeds, keys, markers = count.read_tour(
        write(tmp_path, "t.keys", "SEEDS 3 4\n#a WAIT*10 A #b=MenuScreen\nB*500 #c\n")
    )
    assert seeds == [3, 4] and keys == "#a WAIT*10 A #b=MenuScreen B*500 #c"
    # host_sim's clock: the script starts at 50 ms; a tap is 40 ms and a gap 60.
    assert markers == [("a", None, 50), ("b", "MenuScreen", 160), ("c", None, 720)]


def test_the_tour_parses():
    seeds, _, markers = count.read_tour(count.TOUR)
    labels = [label for label, _, _ in markers]
    assert len(seeds) >= 7 and len(set(labels)) == len(labels)
    assert {"setup-rules", "pause-rules", "privacy", "start-stats-reset"} <= set(labels)


def test_main_ends_with_the_budget_lines(short_runs, small_sizes, capsys):
    path, _, _ = short_runs
    assert timing.main(["--tour", path, "--gate"]) == 0
    lines = capsys.readouterr().out.splitlines()[-len(timing.BUDGETS) :]
    assert [line.split()[1] for line in lines] == [name for name, _, _ in timing.BUDGETS]
    assert all(line.startswith("budget ") and line.split()[4] in ("ok", "over") for line in lines)


# ---- the model and the classification (synthetic frames) ----

ONE_MS_AN_OP = dict(ops_per_pass=1, pystone=1000.0, pixel_us=0.0, stall_ms=75)


def test_a_frames_ms_is_work_pixels_and_stall():
    model = timing.Model(494)
    frame = Frame(ops=494 * 1521.6 / 10, pixels=1000, writes=1)  # 100 ms of work
    pixel_us = timing.COMPOSE_US + timing.WIRE_US
    assert model.ms(frame) == pytest.approx(100 + pixel_us + 75)
    assert model.ms(frame, stall=False) == pytest.approx(100 + pixel_us)
    assert timing.COMPOSE_US == pytest.approx(0.73 * 118.5e3 / 20480 * 1247 / 1521.6)
    assert timing.WIRE_US == pytest.approx(16 / 24)


def test_loading_costs_its_mpy_bytes():
    """A frame that loads 2,000 bytes of .mpy costs 2,000 x the per-byte constant more;
    the constant is the Sprig's boot less the model's, over its bytes, scaled by pystone."""
    sprig_us = (605 - 137.5) * 1000 / 19814
    assert timing.SPRIG_LOAD_US == pytest.approx(sprig_us)
    assert timing.LOAD_US == pytest.approx(sprig_us * 1247 / 1521.6)
    model = timing.Model(494)
    work = Frame(ops=494 * 1521.6 / 10, pixels=100)
    loading = Frame(ops=494 * 1521.6 / 10, pixels=100, imported=("a", "b"), loaded=2000)
    assert model.load_ms(work) == 0 and model.load_ms(loading) == pytest.approx(2 * timing.LOAD_US)
    assert model.ms(loading) - model.ms(work) == pytest.approx(2 * timing.LOAD_US)
    sprig = timing.sprig_model(494)
    assert sprig.load_ms(loading) == pytest.approx(2 * sprig_us)
    # The PicoSystem's check: loading, loading with the imports' code, the whole boot.
    boot = Frame(ops=494 * 1247 / 10, pixels=0, loaded=1000)
    loads, imports, whole = timing.pico_check(sprig, boot, 494 * 1247 / 100)
    assert loads == pytest.approx(sprig_us) and imports == pytest.approx(sprig_us + 10)
    assert whole == pytest.approx(sprig_us + 100)


def test_a_frames_breakdown_adds_up_to_its_ms():
    """The slowest frames' columns (vm, composing, wire, loading, nvm) sum to the frame's
    estimate, and name its pixels."""
    model = timing.Model(494)
    frame = Frame(ops=494 * 1521.6 / 10, pixels=20480, writes=1, loaded=1000)
    text = timing.breakdown(model, frame)
    parts = text.split()
    values = {parts[i]: float(parts[i + 1]) for i in range(0, 10, 2)}
    assert values["vm"] == pytest.approx(100, abs=0.05)
    assert values["wire"] == pytest.approx(13.65, abs=0.05)  # a full frame on 24 MHz SPI
    assert sum(values.values()) == pytest.approx(model.ms(frame), abs=0.3)
    assert parts[-2:] == ["20480", "px"]


def frames_of(*specs):
    """Frames from (kwargs) dicts, indexed in order."""
    return [Frame(index=i, **spec) for i, spec in enumerate(specs)]


def test_classify_sorts_frames_into_kinds():
    frames = frames_of(
        dict(ops=90, keys=K_A, opened=True, screen="_SetupScreen"),  # 0 an opening
        dict(ops=5),  # 1 idle
        dict(ops=12, keys=16, before="_SetupScreen", screen="_SetupScreen"),  # 2 cursor
        dict(ops=150, keys=K_A, opened=True, before="PauseMenu", screen="TextScreen"),  # 3
        dict(ops=30, keys=32, before="TextScreen", screen="TextScreen"),  # 4 a rules line
        dict(ops=60, keys=K_A, played=True, before="PlayScreen", screen="PlayScreen"),  # 5
        dict(ops=10, writes=1),  # 6 an autosave: idle 10, its stall apart
        dict(ops=40, keys=K_A, before="PlayScreen", screen="PlayScreen"),  # 7 A, no play
        dict(ops=20, units=3, game="games.whist.screens"),  # 8 the coach
        dict(ops=30, units=2, game="games.whist.screens"),  # 9
        dict(ops=1, game="games.whist.screens"),  # 10 idle: the suggestion is 50
        dict(ops=100, busy=True, game="games.jekyll.screens"),  # 11 a CPU turn
        dict(ops=300, busy=True, opened=True, game="games.jekyll.screens"),  # 12 ends it
        dict(ops=2, keys=K_START, opened=True, screen="PauseMenu"),  # 13
    )
    rows = timing.classify(frames, timing.Model(**ONE_MS_AN_OP))

    def indexes(name):
        return [f.index for _, f in rows[name]]

    assert indexes("open") == [0, 3, 12, 13]
    assert indexes("rules-open") == [3]
    assert indexes("key") == [0, 2, 3, 4, 5, 7, 13]
    assert indexes("cursor") == [2] and indexes("rules-scroll") == [4]
    assert indexes("play-a") == [5]
    assert indexes("idle") == [1, 6, 10] and rows["idle"][1][0] == pytest.approx(10)
    assert indexes("nvm") == [6] and rows["nvm"][0][0] == pytest.approx(85)
    assert indexes("thinking-frame") == [8, 9, 11]  # (12 opened a screen)
    assert [ms for ms, _ in rows["coach"]] == pytest.approx([50])
    assert [ms for ms, _ in rows["cpu-turn"]] == pytest.approx([400])
    assert rows["cpu-turn"][0][1].index == 12 and rows["cpu-turn"][0][1].ops == 400
    values = timing.figures(rows, 70.0)
    assert values["boot"] == 70.0 and values["open"] == pytest.approx(300)
    assert values["cursor"] == pytest.approx(12) and values["rules-scroll"] == pytest.approx(30)
    assert values["idle"] == pytest.approx(10) and values["coach"] == pytest.approx(50)
    assert values["cpu-turn-max"] == pytest.approx(400)
    assert values["thinking-frame"] == pytest.approx(100)
    assert values["key-p99"] == pytest.approx(150)


def test_thinking_runs_end_at_a_frame_that_does_not_think():
    """A run of thinking frames is one decision, filed under its game."""
    frames = frames_of(
        dict(ops=100, busy=True, game="games.jekyll.screens"),
        dict(ops=1),
        dict(ops=200, busy=True, game="games.jekyll.screens"),
        dict(ops=300, busy=True, game="games.jekyll.screens"),
        dict(ops=1, game="games.jekyll.screens"),
        dict(ops=7, units=1, game="games.bharg.screens"),
    )
    rows = timing.classify(frames, timing.Model(**ONE_MS_AN_OP))
    assert [round(ms) for ms, _ in rows["cpu-turn"]] == [100, 500]
    assert [round(ms) for ms, _ in rows["bharg"]] == [7] and rows["coach"] == []
    values = timing.figures(rows, 0.0)
    assert (values["cpu-turn-p90"], values["cpu-turn-max"]) == pytest.approx((500, 500))


def test_a_thinking_run_sums_its_frames_loading():
    """A run's entry is one frame summing the run: a module loaded in its first frame is
    in the run's loading."""
    model = timing.Model(ops_per_pass=1, pystone=1000.0, pixel_us=0.0, stall_ms=75, load_us=10)
    frames = frames_of(
        dict(ops=5, busy=True, game="games.jekyll.screens", imported=("x",), loaded=300),
        dict(ops=20, busy=True, game="games.jekyll.screens"),
        dict(ops=1, game="games.jekyll.screens"),
    )
    rows = timing.classify(frames, model)
    ((ms, run),) = rows["cpu-turn"]
    assert ms == pytest.approx(5 + 3 + 20) and model.ms(run) == pytest.approx(ms)
    assert (run.index, run.imported, model.load_ms(run)) == (1, ("x",), pytest.approx(3))
    assert [f.index for _, f in rows["thinking-frame"]] == [0, 1]


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert timing.percentile(values, 0.99) == 99 and timing.percentile(values, 0.9) == 90
    assert timing.percentile([5], 0.9) == 5 and timing.percentile([], 0.5) == 0.0


# ---- the budget lines and the gate ----


def values_at(fraction, **overrides):
    values = {name: limit * fraction for name, limit, _ in timing.BUDGETS}
    values.update(overrides)
    return values


def test_budget_lines_in_order_and_format():
    lines = timing.budget_lines(values_at(0.5, boot=1000.0, cursor=20.04, idle=61.24))
    assert len(lines) == 12
    assert lines[0] == "budget boot 1000.0 1000 ok"  # the budget itself is met
    assert lines[1] == "budget open 100.0 200 ok"
    assert lines[2] == "budget cursor 20.0 20 over"
    assert lines[5] == "budget idle 61.2 50 over"
    names = [line.split()[1] for line in lines]
    assert names == [
        "boot", "open", "cursor", "key-p99", "play-a", "idle", "rules-open", "rules-scroll",
        "cpu-turn-p90", "cpu-turn-max", "coach", "thinking-frame",
    ]  # fmt: skip


def test_the_gate_holds_the_met_budgets_only():
    known = ("cursor", "idle")
    assert timing.gate(values_at(0.9, cursor=30, idle=80), known) == ([], [])
    problems, notes = timing.gate(values_at(0.9, cursor=30, coach=501), known)
    assert len(problems) == 1 and problems[0].startswith("coach")
    assert notes == ["idle is met now (45.0 <= 50 ms): take it out of KNOWN_OVER"]
    assert set(timing.KNOWN_OVER) <= {name for name, _, _ in timing.BUDGETS}


def test_k_bits_are_the_apps():
    from handheld import keys

    assert (K_A, K_B, K_START) == (keys.K_A, keys.K_B, keys.K_START)
    assert timing.K_ARROWS == keys.K_DIRECTIONS and timing.K_LINES == keys.K_UP | keys.K_DOWN
