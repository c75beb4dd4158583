"""The whole-app heap gate (tools/app/heap.py) bites: a short key script on the unpacked
bundle passes under the real budgets and fails under a budget it exceeds, a game that does
not reach its end fails the run, and so does an app that raises. Needs node and the npm
harness (`make node`); without them these tests fail, they do not skip."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

pytestmark = pytest.mark.wholeapp  # the tier `make check` leaves out

# Boot, open Gongor Whist's set-up, start, play a little, quit from the pause menu.
QUIT_SCRIPT = (
    "SEEDS 5\n#start-whist-quit GAME:whist WAIT*200 A WAIT*300 A RIGHT A WAIT*200 "
    "START UP A A WAIT*300 #quit-whist-quit\n"
)
# The same, but the marker claims the game was played to its end.
UNFINISHED_SCRIPT = QUIT_SCRIPT.replace("#quit-", "#done-")


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return bundle.stage(str(tmp_path_factory.mktemp("drive")))


def gate(drive, tmp_path, script, *extra):
    path = tmp_path / "short.keys"
    path.write_text(script)
    command = [sys.executable, os.path.join(ROOT, "tools", "app", "heap.py")]
    command += ["--folder", drive, "--script", str(path), "--random", "0"]
    if "--boards" not in extra:
        command += ["--boards", "pybadge"]
    command += list(extra)
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_short_session_meets_the_budgets(drive, tmp_path):
    result = gate(drive, tmp_path, QUIT_SCRIPT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "whist peak:" in result.stdout and "whole-app gate: ok" in result.stdout


def test_the_rp2040_boards_run_on_their_stand_ins(drive, tmp_path):
    # The Sprig's keys and pins, the PicoSystem's 240x240, the RP2040's nvm.
    result = gate(drive, tmp_path, QUIT_SCRIPT, "--boards", "hack_club_sprig,pimoroni_picosystem")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "on the hack_club_sprig's stand-ins" in result.stdout
    assert "on the pimoroni_picosystem's stand-ins" in result.stdout
    assert result.stdout.count("whist peak:") == 2


def test_heap_gate_fails_over_budget(drive, tmp_path):
    result = gate(drive, tmp_path, QUIT_SCRIPT, "--game-kb", "40")
    assert result.returncode == 1
    assert "whist peak" in result.stdout and "> 40 KB" in result.stdout


def test_gate_fails_when_a_game_does_not_end(drive, tmp_path):
    result = gate(drive, tmp_path, UNFINISHED_SCRIPT)
    assert result.returncode == 1
    assert "did not reach its end" in result.stdout


def test_every_frame_reports_its_live_heap_and_its_peak(drive, tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "tools", "app"))
    import heap

    path = tmp_path / "short.keys"
    path.write_text(QUIT_SCRIPT)
    states, marks, errors, end, _, largest = heap.parse(heap.run_driver(drive, str(path)))
    assert not errors and end is not None
    frames, refreshes, peak, within = end
    assert frames > 50 and refreshes > 5
    # A frame's peak holds its garbage too: never below the live heap after it.
    assert within >= peak > 20 * 1024
    assert largest <= heap.LARGEST_KB * 1024
    for low, high, frame in states.values():
        assert low <= high <= frame
    assert [mark[0] for mark in marks] == ["start-whist-quit", "quit-whist-quit"]


def test_an_app_that_raises_fails_the_run(drive, tmp_path):
    # A drive whose code.py raises at once: the run ends with an ERROR line and the gate
    # fails.
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "lib").mkdir()
    (broken / "lib" / "handheld").mkdir()
    (broken / "lib" / "handheld" / "__init__.py").write_text("")
    (broken / "lib" / "handheld" / "app.py").write_text("class App:\n    pass\n")
    (broken / "lib" / "handheld" / "shell.py").write_text(
        "seed_source = None\ncurrent_app = None\ndef main():\n    raise OSError(5)\n"
    )
    result = gate(str(broken), tmp_path, QUIT_SCRIPT)
    assert result.returncode == 1
    assert "OSError" in result.stdout


def test_an_allocation_over_32_kb_fails_and_one_held_before_the_app_does_not(capsys):
    sys.path.insert(0, os.path.join(ROOT, "tools", "app"))
    import heap

    lines = ["S MenuScreen 1 - 30000", "M 30000 31000", "END 10 2 30000 31000"]
    figures = heap.parse(lines + ["LARGEST 40000 8192"])
    assert figures[-1] == 40000
    assert any("40000 bytes > 32 KB" in problem for problem in heap.report("t", *figures))
    figures = heap.parse(lines + ["LARGEST 31760 31760"])
    assert figures[-1] == 0 and heap.report("t", *figures) == []
