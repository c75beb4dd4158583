"""The soak (tools/app/soak.py) bites: a switch-off keeps the nvm for the next boot,
which offers "Continue"; a tiny soak with switch-offs passes; a screen held too long, an
app that raises (a MemoryError) and a heap budget exceeded each fail it with their own
line, and a failing segment can be replayed. Needs node and the npm harness (`make node`);
without them these tests fail, they do not skip."""

import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "app"))
sys.path.insert(0, os.path.join(ROOT, "lib"))
import bundle  # noqa: E402
import heap  # noqa: E402

from handheld.store import Store  # noqa: E402

pytestmark = pytest.mark.wholeapp  # the tier `make check` leaves out

SOAK = os.path.join(ROOT, "tools", "app", "soak.py")
ERASED = b"\xff" * 8192
# Boot, open Gongor Whist's set-up, start, play a little, pause (the pause menu saves).
PLAY_AND_PAUSE = "SEEDS 5\nGAME:whist WAIT*200 A WAIT*300 A RIGHT A WAIT*200 START WAIT*300\n"
# The same without the pause: nothing saved yet at the switch-off.
PLAY_ONLY = "SEEDS 5\nGAME:whist WAIT*200 A WAIT*300 A RIGHT A WAIT*200\n"


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return bundle.stage(str(tmp_path_factory.mktemp("drive")))


def boot(drive, tmp_path, script, nvm):
    """One driver run in soak mode, as the soak runs a segment: its output lines and the
    nvm it printed at its switch-off."""
    path = tmp_path / "segment.keys"
    path.write_text(script)
    lines = heap.run_driver(drive, str(path), nvm=nvm, stop=400)
    after = bytes.fromhex("".join(line[4:] for line in lines if line.startswith("nvm ")))
    assert len(after) == len(nvm), lines
    return lines, after


def soak(drive, tmp_path, *extra):
    command = [sys.executable, SOAK, "--folder", drive, "--keep", str(tmp_path / "kept")]
    command += ["--keys", "600", "--chains", "1", "--segment", "150,250", "--allow-unvisited"]
    return subprocess.run(command + list(extra), capture_output=True, text=True, check=False)


def test_switch_off_keeps_the_game_for_continue(drive, tmp_path):
    # A new device (erased nvm): nothing to continue; the pause menu saves the game.
    lines, nvm = boot(drive, tmp_path, PLAY_AND_PAUSE, ERASED)
    assert "MENU-AT-BOOT Gongor Whist" in lines
    assert [line for line in lines if line.startswith("SWITCHED-OFF")][0].endswith(
        "games.whist.screens 1"
    )
    assert Store(bytearray(nvm)).saved_slots() == [0]
    lines, _ = boot(drive, tmp_path, "SEEDS\nROW:Continue_Gongor_Whist A WAIT*300\n", nvm)
    assert "MENU-AT-BOOT Continue Gongor Whist" in lines
    assert "MENU-CHOSEN 1 Continue Gongor Whist" in lines
    assert any(line.startswith("S WhistScreen 2 games.whist.screens") for line in lines)
    # Switched off before any save: the game is gone, the menu offers no Continue.
    _, nvm = boot(drive, tmp_path, PLAY_ONLY, ERASED)
    assert Store(bytearray(nvm)).saved_slots() == []
    assert "MENU-AT-BOOT Gongor Whist" in boot(drive, tmp_path, "SEEDS\n", nvm)[0]


def test_the_drivers_rows_by_name(drive, tmp_path):
    # GAME: and ROW: words are resolved on the top screen when reached: a game's row by
    # its id, then A; a row by its label, no A. A word naming no row is an error.
    script = "SEEDS 5\nROW:Settings A WAIT*300 B WAIT*300 GAME:bharg WAIT*300\n"
    lines, _ = boot(drive, tmp_path, script, ERASED)
    chosen = [line.split(None, 2)[2] for line in lines if line.startswith("MENU-CHOSEN")]
    assert chosen == ["Settings", "Bharg"]
    assert any(line.startswith("S _SetupScreen 2 games.bharg.screens") for line in lines), lines
    lines, _ = boot(drive, tmp_path, "SEEDS\nROW:No_such_row\n", ERASED)
    assert any(line.startswith("ERROR ValueError") for line in lines)


def test_tiny_soak_passes(drive, tmp_path):
    result = soak(drive, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    found = re.search(r"presses 600 in (\d+) segments", result.stdout)
    assert found and int(found.group(1)) >= 3, result.stdout
    assert "longest run of presses without progress" in result.stdout
    assert "soak: ok" in result.stdout


def test_a_screen_held_too_long_fails_and_replays(drive, tmp_path):
    result = soak(drive, tmp_path, "--max-still", "3")
    assert result.returncode == 1
    failures = [line for line in result.stdout.splitlines() if line.startswith("SOAK FAILURE")]
    assert "a screen that cannot be left" in failures[0] and "chain 0 segment 0" in failures[0]
    assert "--replay" in failures[1]
    kept = str(tmp_path / "kept" / "chain0-seg0")
    command = [sys.executable, SOAK, "--folder", drive, "--max-still", "3", "--replay", kept]
    replay = subprocess.run(command, capture_output=True, text=True, check=False)
    assert replay.returncode == 1 and "NO-PROGRESS" in replay.stdout


def test_an_app_that_raises_fails(drive, tmp_path):
    # A drive without the pause menu's module: the first START in a game raises.
    broken = tmp_path / "broken"
    shutil.copytree(drive, broken)
    os.remove(broken / "lib" / "handheld" / "pause.mpy")
    result = soak(str(broken), tmp_path)
    assert result.returncode == 1
    failure = re.search(
        r"SOAK FAILURE: chain 0 segment \d+ .*: the app raised: ImportError.*", result.stdout
    )
    assert failure and "(press " in failure.group(0) and "traceback: " in failure.group(0)


def test_a_heap_budget_exceeded_fails(drive, tmp_path):
    result = soak(drive, tmp_path, "--game-kb", "40")
    assert result.returncode == 1
    assert re.search(r"SOAK FAILURE: .* peak \d+ bytes > 40 KB", result.stdout)
