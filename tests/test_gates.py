"""The gates bite: CPython-only device code and heap hogs are caught."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mpy_gate  # noqa: E402

MYPY = os.path.join(os.path.dirname(sys.executable), "mypy")
TYPESHED = os.path.join(ROOT, ".venv", "cp-typeshed")
NODE_MODULES = os.path.join(ROOT, "tools", "mpgate", "node_modules")


def run_type_gate(path):
    """mypy with the project's config (CircuitPython typeshed) on one file."""
    return subprocess.run(
        [
            MYPY,
            "--config-file",
            os.path.join(ROOT, "pyproject.toml"),
            "--custom-typeshed-dir",
            TYPESHED,
            "--cache-dir",
            os.devnull,
            path,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.skipif(not os.path.isdir(TYPESHED), reason="make venv installs the typeshed")
def test_type_gate_refuses_cpython_only_modules(tmp_path):
    device_module = tmp_path / "uses_dataclasses.py"
    device_module.write_text(
        "import dataclasses\nimport itertools\nimport random\n\n"
        "@dataclasses.dataclass\nclass Card:\n    code: int\n\n"
        "random.shuffle([1, 2])\n"
    )
    result = run_type_gate(str(device_module))
    assert result.returncode != 0
    assert "dataclasses" in result.stdout
    assert "itertools" in result.stdout
    assert "shuffle" in result.stdout


@pytest.mark.skipif(not os.path.isdir(TYPESHED), reason="make venv installs the typeshed")
def test_type_gate_knows_the_pybadge_pins(tmp_path):
    device_module = tmp_path / "pins.py"
    device_module.write_text("import board\n\nclock = board.BUTTON_CLOCK\n")
    result = run_type_gate(str(device_module))
    assert result.returncode == 0, result.stdout


def test_syntax_gate_refuses_bad_device_code(tmp_path, capsys):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "good.py").write_text("x = 1\n")
    assert mpy_gate.main(str(tmp_path)) == 0
    (tmp_path / "lib" / "pads.py").write_text("label = 'a'.ljust(5)\n")
    assert mpy_gate.main(str(tmp_path)) == 1
    assert "ljust" in capsys.readouterr().out
    (tmp_path / "lib" / "pads.py").unlink()
    (tmp_path / "lib" / "broken.py").write_text("def f(:\n")
    assert mpy_gate.main(str(tmp_path)) == 1


def _runtime_gate(root):
    return subprocess.run(
        ["node", os.path.join(ROOT, "tools", "mpgate", "run.mjs"), "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.skipif(not os.path.isdir(NODE_MODULES), reason="make node installs MicroPython")
def test_runtime_gate_passes_fails_and_caps_heap(tmp_path):
    device_tests = tmp_path / "tests" / "device"
    device_tests.mkdir(parents=True)
    (device_tests / "dtest_sample.py").write_text(
        "def test_ok():\n    assert 1 + 1 == 2\n\n"
        "def test_steps():\n    for i in range(3):\n        junk = [i] * 2000\n        yield\n"
    )
    result = _runtime_gate(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed, 0 failed" in result.stdout

    (device_tests / "dtest_bad.py").write_text(
        "def test_hog():\n    keep = [bytearray(1000) for _ in range(200)]\n    assert keep\n\n"
        "def test_wrong():\n    assert 'x'.ljust(3) == 'x  '\n"
    )
    result = _runtime_gate(tmp_path)
    assert result.returncode == 1
    assert "heap grew" in result.stdout
    assert "ljust" in result.stdout
    assert "2 passed, 2 failed" in result.stdout


def test_name_count_reads_the_qstr_tables_and_fails_below_its_margin(tmp_path):
    # tools/names.py (`make check`): the names of a .mpy file's qstr table, MicroPython's
    # static qstrs left out (mpy-cross writes those as an index: `append`, `self`).
    import bundle
    import names

    source = tmp_path / "m.py"
    source.write_text("def grow(self, quite_a_long_name):\n    self.append(quite_a_long_name)\n")
    out = tmp_path / "m.mpy"
    subprocess.run([bundle.mpy_cross(), "-o", str(out), str(source)], check=True)
    found, static = names.mpy_qstrs(out.read_bytes())
    assert {"grow", "quite_a_long_name"} <= set(found)
    assert "append" not in found and "self" not in found and static >= 2
    # 20 + 40 + ... + 640 names fit before the 1,280-entry pool (py/qstr.c).
    assert names.POOL_LIMIT == 1260
    just_under = {"n%d" % i for i in range(names.POOL_LIMIT - names.MARGIN)}
    assert names.summary(just_under, 1)[1]
    assert not names.summary(just_under | {"one_more"}, 1)[1]
