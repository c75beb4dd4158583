"""The whole-app CircuitPython gate (tools/cpapp/run.py) bites: a short key script on the
unpacked bundle passes under the real budgets and fails under a budget it exceeds, and a
game that does not reach its end fails the run. Needs CircuitPython's programs
(tools/cptools.py); without them these tests fail, they do not skip."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

pytestmark = pytest.mark.circuitpython  # the tier `make check` leaves out

# Boot, open Gongor Whist's set-up, start, play a little, quit from the pause menu.
QUIT_SCRIPT = (
    "SEEDS 5\n#start-whist-quit A WAIT*200 A WAIT*300 A RIGHT A WAIT*200 "
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
    command = [sys.executable, os.path.join(ROOT, "tools", "cpapp", "run.py")]
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
    # Issue 22: the Sprig's keys and pins, the PicoSystem's 240x240, the RP2040's nvm.
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


def test_memory_error_fails_the_run(drive, tmp_path):
    # 30 KB for the app, far below what it needs: the app raises MemoryError.
    sys.path.insert(0, os.path.join(ROOT, "tools", "cpapp"))
    import run

    path = tmp_path / "short.keys"
    path.write_text(QUIT_SCRIPT)
    program = run.cptools.program("circuitpython-unix32-displayio")
    probe = run.run_driver(drive, program, 4 * run.APP_HEAP, str(path), probe=True)
    base = int(probe[0].split()[1])
    lines = run.run_driver(drive, program, base + 30 * 1024, str(path))
    _, _, errors, end, _ = run.parse(lines)
    assert end is None and errors and "MemoryError" in errors[0]
