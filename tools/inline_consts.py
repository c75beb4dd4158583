"""Public integer constants written in, for the device bundle (host-only; used by
tools/shortnames.py, which tools/bundle.py calls).

A module's public ``NAME = const(7)`` is a global of that module on the device: its name
is interned in CircuitPython's string pool (never freed; docs/MEASUREMENTS.md, "Heap on
the device") and it takes a slot in the module's dictionary, so that other modules can
read ``flow.NAME`` or ``from flow import NAME``. A private ``_NAME = const(7)`` costs
neither: the compiler writes the number in wherever the file uses it. This does, in the
copy of the sources the bundle compiles, what the compiler cannot do across files:

- every ``module.NAME`` and every imported ``NAME`` of a constant of another device module
  becomes the number (the ``from`` import loses that name, or becomes ``pass``);
- the defining module's ``NAME`` becomes ``_NAME`` when nothing else names it any more,
  so it is inlined there too, and tools/shortnames.py may then shorten it.

A constant is left alone (public, read by name) when its value is not an integer
expression of numbers and constants already known, when a string of a device file or a
host tool that runs on the bundle (``readers``) names it, or when any file assigns to it.
A module alias that a file also binds to something else is not followed. The sources in
the repository are untouched; ``DECKTET_KEEP_NAMES=1`` builds a bundle without this.
"""

import ast
import io
import operator
import tokenize

_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor,
}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}


def module_name(relative):
    """ "games/whist/flow.py" -> "games.whist.flow" (lib/ is on the device's path; a
    compiled ``.mpy`` names its module the same way)."""
    path = relative[4:] if relative.startswith("lib/") else relative
    path = path.rpartition(".")[0]
    if path.endswith("/__init__"):
        path = path[: -len("/__init__")]
    return path.replace("/", ".")


def _value(node, known, aliases):
    """The int an expression of numbers and known constants makes, or None."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.Name):
        return known.get((None, node.id))
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        module = aliases.get(node.value.id)
        return known.get((module, node.attr)) if module else None
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left = _value(node.left, known, aliases)
        right = _value(node.right, known, aliases)
        if left is None or right is None:
            return None
        try:
            return _BINARY[type(node.op)](left, right)
        except (ZeroDivisionError, ValueError):
            return None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        operand = _value(node.operand, known, aliases)
        return None if operand is None else _UNARY[type(node.op)](operand)
    return None


def _const_call(node):
    """The argument of ``const(x)``, or None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "const"
        and len(node.args) == 1
        and not node.keywords
    ):
        return node.args[0]
    return None


def words(text):
    """The identifier-like words of a text."""
    found = set()
    word = ""
    for char in text + " ":
        if char.isalnum() or char == "_":
            word += char
        else:
            if word:
                found.add(word)
            word = ""
    return found


def string_words(tree):
    """Identifier-like words in the strings of a module (``getattr(m, "NAME")``), leaving
    out docstrings and other string statements, which the device never keeps."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in skipped:
                found |= words(node.value)
    return found


def _name_tokens(text):
    return {
        token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.NAME
    }


class _File:
    """One device file: its tree, module aliases, imported constants, bound names."""

    def __init__(self, relative, text, modules):
        self.relative = relative
        self.text = text
        self.module = module_name(relative)
        self.tree = ast.parse(text)
        self.aliases = {}  # local name -> device module it stands for
        self.imported = {}  # local name -> (module, name) imported with ``from``
        self.import_nodes = []  # (ImportFrom node, module)
        self.bound = set()  # names assigned, deleted or taken as arguments
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in modules:
                        self.aliases[alias.asname] = alias.name
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                self.import_nodes.append(node)
                for alias in node.names:
                    local = alias.asname or alias.name
                    full = node.module + "." + alias.name
                    if full in modules:
                        self.aliases[local] = full
                    elif node.module in modules:
                        self.imported[local] = (node.module, alias.name)
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.bound.add(node.id)
            elif isinstance(node, ast.arg):
                self.bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                self.bound.add(node.name)
        for name in list(self.aliases):
            if name in self.bound:
                del self.aliases[name]
        self.own = {}  # name -> its const() value node (top level only)
        for node in self.tree.body:
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and _const_call(node.value) is not None
            ):
                self.own[node.targets[0].id] = _const_call(node.value)


def _offsets(text):
    """Per line: a function from a UTF-8 byte column to a character column."""
    lines = text.splitlines(keepends=True)

    def column(row, byte_col):
        return len(lines[row - 1].encode("utf-8")[:byte_col].decode("utf-8"))

    return lines, column


def _literal(value):
    return "(%d)" % value if value < 0 else "%d" % value


def inline(sources, readers=()):
    """``{relative: new text}``: ``sources`` (``{relative: text}`` of every device file)
    with other modules' public constants written in and their definitions made private
    where nothing names them any more; ``readers``: texts of host tools that read device
    names (a name they contain is kept)."""
    modules = {module_name(relative) for relative in sources}
    files = [_File(relative, text, modules) for relative, text in sorted(sources.items())]
    blocked = set()
    for item in files:
        blocked |= string_words(item.tree)
    for text in readers:
        blocked |= _name_tokens(text) | string_words(ast.parse(text))
    # Values: (module, NAME) -> int, public and private, to a fixed point (a constant may
    # be built from another module's).
    known = {}
    grew = True
    while grew:
        grew = False
        for item in files:
            for name, node in item.own.items():
                key = (item.module, name)
                if key in known:
                    continue
                local = {(None, n): v for (m, n), v in known.items() if m == item.module}
                for local_name, (module, imported) in item.imported.items():
                    if (module, imported) in known:
                        local[(None, local_name)] = known[(module, imported)]
                env = dict(known)
                env.update(local)
                value = _value(node, env, item.aliases)
                if value is not None:
                    known[key] = value
                    grew = True
    public = {
        key: value
        for key, value in known.items()
        if not key[1].startswith("_") and key[1] not in blocked
    }
    # A constant some file assigns to (``module.NAME = ...``) stays as it is.
    for item in files:
        for node in ast.walk(item.tree):
            if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                if isinstance(node.value, ast.Name) and node.value.id in item.aliases:
                    public.pop((item.aliases[node.value.id], node.attr), None)
    out = {}
    for item in files:
        out[item.relative] = _inline_file(item, public)
    # Definitions nothing else names any more become private.
    names_elsewhere = {}  # name -> modules using it, other than as their own constant
    for item in files:
        for name in _name_tokens(out[item.relative]):
            if name not in item.own:
                names_elsewhere.setdefault(name, set()).add(item.module)
    for item in files:
        mapping = {}
        taken = _name_tokens(out[item.relative])
        for name in item.own:
            if (item.module, name) not in public:
                continue
            if names_elsewhere.get(name):
                continue
            if "_" + name in taken:
                continue
            mapping[name] = "_" + name
        if mapping:
            out[item.relative] = _rename(out[item.relative], mapping)
    return out


def _inline_file(item, public):
    """One file's text with other modules' public constants written in."""
    edits = []  # (row, start byte, end row, end byte, new text)
    for node in ast.walk(item.tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            if isinstance(node.value, ast.Name) and node.value.id in item.aliases:
                key = (item.aliases[node.value.id], node.attr)
                if key in public and key[0] != item.module:
                    edits.append(_edit(node, _literal(public[key])))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            key = item.imported.get(node.id)
            if key in public and node.id not in item.bound:
                edits.append(_edit(node, _literal(public[key])))
    for node in item.import_nodes:
        kept = []
        for alias in node.names:
            local = alias.asname or alias.name
            key = item.imported.get(local)
            if key in public and local not in item.bound and key == (node.module, alias.name):
                continue
            kept.append(alias.name + (" as " + alias.asname if alias.asname else ""))
        if len(kept) == len(node.names):
            continue
        text = "from %s import %s" % (node.module, ", ".join(kept)) if kept else "pass"
        text += "\n" * (node.end_lineno - node.lineno)
        edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, text))
    if not edits:
        return item.text
    lines, column = _offsets(item.text)
    # Right to left, bottom to top: earlier positions stay valid.
    for row, start, end_row, end, text in sorted(edits, reverse=True):
        first = lines[row - 1]
        last = lines[end_row - 1]
        head = first[: column(row, start)]
        tail = last[column(end_row, end) :]
        lines[row - 1 : end_row] = (head + text + tail).splitlines(keepends=True) or [""]
    return "".join(lines)


def _edit(node, text):
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, text)


def _rename(text, mapping):
    """``text`` with every NAME token in ``mapping`` replaced."""
    lines = text.splitlines(keepends=True)
    edits = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.NAME and token.string in mapping:
            row, col = token.start
            edits.setdefault(row - 1, []).append((col, token.string))
    for row, changes in edits.items():
        line = lines[row]
        for col, old in sorted(changes, reverse=True):
            line = line[:col] + mapping[old] + line[col + len(old) :]
        lines[row] = line
    return "".join(lines)
