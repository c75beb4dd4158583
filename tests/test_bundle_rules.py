"""What breaks only in the bundle is caught here, fast (no npm): tools/inline_consts.py and
tools/shortnames.py rewrite the device sources the bundle compiles (docs/CONTRIBUTING.md,
"What the bundle rewrites"), so a name the sources have may not be in the bundle.

- Device code: a getattr/setattr/hasattr/delattr whose name is computed can reach a name
  the bundle renamed, which no tool can see; it is refused unless its object is one whose
  attributes the bundle never renames (the ``board`` module's pins, a module in
  ``sys.modules``: its submodules). One with a literal name is fine when the bundle keeps
  that name (the tools keep any name a string names): checked against the bundle.
- Host tools that run on the bundle (tools/app/driver.py and the stand-ins, inside the
  whole-app run): an attribute they read that the bundle renamed is refused, unless the
  tool defines it itself (its own fields and methods).
"""

import ast
import io
import os
import sys
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

ATTRIBUTE_CALLS = ("getattr", "setattr", "hasattr", "delattr")
# Host files that run on the bundle's modules (inside the whole-app run).
HOST_DIRS = (os.path.join("tools", "app", "standins"), os.path.join("tools", "app", "boards"))
HOST_FILES = (os.path.join("tools", "app", "driver.py"),)


def names_of(text):
    return {
        token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.NAME
    }


def dropped_names(sources, compiled):
    """Names a device source has that its compiled text (the bundle's) does not."""
    dropped = set()
    for relative, text in sources.items():
        if relative in compiled:
            dropped |= names_of(text) - names_of(compiled[relative])
    return dropped


def _receiver_never_renamed(node):
    """``board`` (a C module: its pins) or ``sys.modules[...]`` (a module: its submodules)."""
    if isinstance(node, ast.Name) and node.id == "board":
        return True
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "modules"
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "sys"
    )


def device_problems(sources, dropped):
    """The computed attribute calls, and the literal ones whose name the bundle dropped."""
    problems = []
    for relative, text in sorted(sources.items()):
        for node in ast.walk(ast.parse(text)):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ATTRIBUTE_CALLS
                and len(node.args) >= 2
            ):
                continue
            name = node.args[1]
            where = "%s:%d %s()" % (relative, node.lineno, node.func.id)
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                if name.value in dropped:
                    problems.append("%s: %r is renamed in the bundle" % (where, name.value))
            elif not _receiver_never_renamed(node.args[0]):
                problems.append(
                    "%s: a computed name (%s) may be one the bundle renames"
                    % (where, ast.unparse(name))
                )
    return problems


def _defined_in(tree):
    """Names a host file defines itself: functions, classes, assigned attributes and
    names, arguments."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            found.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
    return found


def host_problems(texts, dropped):
    """Attributes host tools read (``x.name``, ``getattr(x, "name")``) that the bundle
    renamed and the tool does not define itself."""
    problems = []
    for path, text in sorted(texts.items()):
        tree = ast.parse(text)
        own = _defined_in(tree)
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Attribute):
                name = node.attr
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ATTRIBUTE_CALLS
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                name = node.args[1].value
            if name in dropped and name not in own:
                problems.append(
                    "%s:%d reads %s, which the bundle renames" % (path, node.lineno, name)
                )
    return problems


def device_sources():
    sources = {}
    for relative in bundle.device_python_files(ROOT):
        relative = relative.replace(os.sep, "/")
        with open(os.path.join(ROOT, relative), encoding="utf-8") as handle:
            sources[relative] = handle.read()
    return sources


def host_texts():
    paths = [os.path.join(ROOT, path) for path in HOST_FILES]
    for top in HOST_DIRS:
        for folder, _dirs, files in os.walk(os.path.join(ROOT, top)):
            paths += [os.path.join(folder, name) for name in files if name.endswith(".py")]
    texts = {}
    for path in sorted(paths):
        with open(path, encoding="utf-8") as handle:
            texts[os.path.relpath(path, ROOT)] = handle.read()
    return texts


def test_the_bundle_keeps_every_name_read_from_outside_its_module(monkeypatch):
    for switch in ("DECKTET_BUNDLE_OFF", "DECKTET_KEEP_NAMES", "DECKTET_LINE_NUMBERS"):
        monkeypatch.delenv(switch, raising=False)
    sources = device_sources()
    _compiled, texts = bundle.compiled_texts(ROOT)
    assert texts, "the bundle rewrites nothing: nothing to check"
    dropped = dropped_names(sources, texts)
    assert dropped  # the rewrites ran: private names and constants are gone
    problems = device_problems(sources, dropped) + host_problems(host_texts(), dropped)
    assert not problems, "\n".join(problems)


def test_the_checks_catch_what_breaks_in_the_bundle():
    sources = {
        "lib/handheld/x.py": (
            "def f(thing, name):\n"
            "    a = getattr(thing, name)\n"  # computed: refused
            "    b = getattr(thing, '_gone')\n"  # a literal the bundle dropped: refused
            "    c = getattr(board, name)\n"  # board's pins: fine
            "    d = hasattr(sys.modules['games'], name)\n"  # a submodule: fine
            "    return getattr(thing, 'kept', None)\n"
        )
    }
    problems = device_problems(sources, {"_gone", "_other"})
    assert len(problems) == 2
    assert "computed name (name)" in problems[0] and "'_gone'" in problems[1]
    host = {
        "tools/app/driver.py": (
            "class Driver:\n"
            "    def __init__(self):\n"
            "        self._own = 1\n"
            "    def read(self, app):\n"
            "        return app._gone, self._own, getattr(app, '_other')\n"
        )
    }
    problems = host_problems(host, {"_gone", "_other", "_own"})
    assert [problem.rpartition(" reads ")[2] for problem in problems] == [
        "_gone, which the bundle renames",
        "_other, which the bundle renames",
    ]
