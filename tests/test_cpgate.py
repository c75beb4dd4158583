"""The CircuitPython device gate (tools/cpgate) bites: a failing test, a heap hog and a
machine without CircuitPython's programs all fail it, and it never skips."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GATE = os.path.join(ROOT, "tools", "cpgate", "run_device_tests.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))

import cptools  # noqa: E402

pytestmark = pytest.mark.circuitpython  # the tier `make check` leaves out


def _have_circuitpython():
    try:
        cptools.folder()
    except cptools.Missing:
        return False
    return True


needs_circuitpython = pytest.mark.skipif(
    not _have_circuitpython(), reason="CircuitPython's programs: tools/build_circuitpython.sh"
)


def _gate(root, env=None):
    return subprocess.run(
        [sys.executable, GATE, "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=300,
    )


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@needs_circuitpython
def test_gate_passes_fails_and_caps_heap(tmp_path):
    # Device code under lib/ and games/ is loaded as .mpy, the games package from the root.
    _write(tmp_path / "lib" / "thing.py", "X = 1\n")
    _write(tmp_path / "games" / "__init__.py", "")
    _write(tmp_path / "games" / "sample" / "__init__.py", "")
    _write(tmp_path / "games" / "sample" / "engine.py", "Y = 2\n")
    device_tests = tmp_path / "tests" / "device"
    _write(
        device_tests / "dtest_sample.py",
        "import thing\nfrom games.sample import engine\n\n"
        "def test_ok():\n    assert thing.X + engine.Y == 3\n"
        "    assert thing.__file__.endswith('.mpy') and engine.__file__.endswith('.mpy')\n\n"
        "def test_steps():\n    for i in range(3):\n        junk = [i] * 2000\n        yield\n",
    )
    result = _gate(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "circuitpython: 2 passed, 0 failed"
    assert "ok   dtest_sample.test_steps" in result.stdout

    _write(
        device_tests / "dtest_bad.py",
        "def test_hog():\n    keep = [bytearray(1000) for _ in range(200)]\n    assert keep\n\n"
        "def test_hog_in_steps():\n    keep = []\n    for _ in range(200):\n"
        "        keep.append(bytearray(1000))\n        yield\n\n"
        "def test_wrong():\n    assert 1 + 1 == 3, 'arithmetic'\n\n"
        "def test_cpython_only():\n    assert 'x'.ljust(3) == 'x  '\n",
    )
    result = _gate(tmp_path)
    assert result.returncode == 1
    out = result.stdout
    assert "FAIL dtest_bad.test_hog: heap cap 122880 bytes exhausted" in out
    assert "FAIL dtest_bad.test_hog_in_steps: heap cap 122880 bytes exhausted" in out
    # A failure shows the traceback (the test run again alone), in the project's paths.
    assert "FAIL dtest_bad.test_wrong: AssertionError('arithmetic',)" in out
    assert 'File "tests/device/dtest_bad.py", line 12, in test_wrong' in out
    assert "ljust" in out
    assert out.splitlines()[-1] == "circuitpython: 2 passed, 4 failed"


@needs_circuitpython
def test_gate_fails_an_import_error_and_an_empty_run(tmp_path):
    _write(tmp_path / "tests" / "device" / "dtest_broken.py", "import not_a_module\n")
    result = _gate(tmp_path)
    assert result.returncode == 1
    assert "FAIL dtest_broken (import)" in result.stdout
    assert "not_a_module" in result.stdout
    assert result.stdout.splitlines()[-1] == "circuitpython: 0 passed, 1 failed"
    (tmp_path / "tests" / "device" / "dtest_broken.py").unlink()
    result = _gate(tmp_path)
    assert result.returncode == 1  # nothing ran: not a pass
    assert result.stdout.splitlines()[-1] == "circuitpython: 0 passed, 0 failed"


def test_gate_without_circuitpython_fails_in_one_line(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    env = dict(os.environ)
    env.pop("MPY_CROSS", None)
    env.update(
        CIRCUITPYTHON_DIR=str(empty),  # looked in first: holds nothing
        DECKTET_NO_SHARED="1",  # ../shared/circuitpython is not looked in
        XDG_CACHE_HOME=str(tmp_path / "cache"),  # nor is the real cache
        # The build it tries fails fast even with a 32-bit compiler and a network.
        CIRCUITPYTHON_GIT_URL="file://" + str(tmp_path / "no-such-repository"),
    )
    result = _gate(tmp_path, env)
    assert result.returncode == 1
    last = result.stdout.splitlines()[-1]
    assert last.startswith("circuitpython: FAILED, cannot run: ")
    assert "not in %s, " % empty in last
    assert "tools/build_circuitpython.sh failed: " in last
    assert "skip" not in result.stdout.lower()
