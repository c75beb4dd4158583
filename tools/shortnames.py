"""Shorter private names for the device bundle (host-only; used by tools/bundle.py).

CircuitPython interns every name a loaded module uses (functions, methods, attributes,
arguments, globals) in its string pool, never freed, and the pool grows in doubling
blocks: the block after the app's ~1,260th name costs about 9 KB at once (docs/MEASUREMENTS.md,
"Heap on the device"). Most of the app's names are private (``_name``) and used in one file only.
This renames each such name, in the copy of the source the bundle compiles, to a short
one (``_a``, ``_b``, ...) that files reuse: twenty modules each with a private ``_a`` are
one interned name, not twenty. The sources in the repository are untouched; a debug
bundle (``DECKTET_LINE_NUMBERS=1``) keeps the real names.

A private name is renamed only when nothing outside its file can reach it:

- it is a NAME token of exactly one device file (so no other module imports it, reads it
  as an attribute or passes it as a keyword argument), or of several that all get the same
  short name (a package's modules sharing a private helper);
- it appears in no string of any device file, docstrings aside (``getattr(x, "_name")`` and
  f-string expressions keep the name);
- it is not a class name (tracebacks and the gates' reports name screens by class);
- no host tool that runs on the bundle reads it (the bench measures labels through their
  private fields): ``readers`` lists those tools' files.

Two files whose classes inherit from each other (a game's screen from the kit's
``Screen``) share instances, so their private attribute names must not meet: files are
grouped by inheritance, and the files of one group get disjoint short names.
"""

import ast
import io
import keyword
import os
import tokenize

import inline_consts

_STRING_TOKENS = {tokenize.STRING} | (
    {tokenize.FSTRING_MIDDLE} if hasattr(tokenize, "FSTRING_MIDDLE") else set()
)


def _private(name):
    """True for ``_name`` (not a dunder, not ``_`` alone)."""
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def _tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _base_modules(tree, module):
    """The device modules whose classes this module's classes inherit from."""
    imported = {}  # local name -> module it came from
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                imported[alias.asname or alias.name] = node.module
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                if isinstance(base, ast.Name) and base.id in imported:
                    found.add(imported[base.id])
                elif isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
                    found.add(imported.get(base.value.id, base.value.id))
    found.discard(module)
    return found


def _short_name(index):
    """_a.._z, _A.._Z, then _aa, _ab, ..."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = ""
    index += 1
    while index:
        index -= 1
        name = letters[index % len(letters)] + name
        index //= len(letters)
    return "_" + name


def plan(sources, readers=(), shared=True):
    """``{relative path: {old name: new name}}`` for ``sources``, ``{relative path:
    text}`` of every device file (the renames must see them all); ``readers``: the texts
    of host tools that read the device modules' private names. ``shared=False`` leaves a
    private name several files use as it is (tools/bundle.py's ``shared_shortnames``
    switch, to weigh what sharing saves)."""
    files = {}  # relative -> (set of private NAME tokens, classes)
    in_strings = set()
    owners = {}  # name -> files it appears in
    modules = {}
    bases = {}
    for relative, text in sources.items():
        tokens = _tokens(text)
        names = set()
        classes = set()
        previous = None
        for token in tokens:
            if token.type == tokenize.NAME and not keyword.iskeyword(token.string):
                if _private(token.string):
                    names.add(token.string)
                    owners.setdefault(token.string, set()).add(relative)
                if previous == "class":
                    classes.add(token.string)
            previous = token.string if token.type == tokenize.NAME else None
        # Docstrings are not kept on the device: only other strings can name a name.
        in_strings |= inline_consts.string_words(ast.parse(text))
        files[relative] = (names, classes)
        module = inline_consts.module_name(relative)
        modules[module] = relative
        bases[relative] = _base_modules(ast.parse(text), module)
    # Inheritance groups: files joined by a class inheriting across them.
    group = {relative: relative for relative in sources}

    def root(relative):
        while group[relative] != relative:
            relative = group[relative]
        return relative

    for text in readers:
        for token in _tokens(text):
            if token.type == tokenize.NAME and _private(token.string):
                owners.setdefault(token.string, set()).add(None)
            elif token.type in _STRING_TOKENS:  # getattr(ui, "_sheets")
                in_strings |= inline_consts.words(token.string)
    for relative, modules_used in bases.items():
        for module in modules_used:
            other = modules.get(module)
            if other is not None:
                group[root(other)] = root(relative)
    next_index = {}  # group root -> next short name index
    taken_in = {}  # group root -> every name its files use
    for relative, text in sources.items():
        taken_in.setdefault(root(relative), set()).update(_all_names(text))
    renames = {relative: {} for relative in sources}
    # A private name that several device files use (a package's modules sharing a helper,
    # or two files' own names that happen to match) gets one short name in all of them, one
    # that no file of their groups uses, reserved in those groups before each file's own
    # names are given theirs: the short names are the ones other groups use already, so
    # such a name costs no interned name at all.
    every_class = set()
    for _names, classes in files.values():
        every_class |= classes
    reserved = {}  # group root -> short names given to shared names there
    for name in sorted(owners):
        holders = owners[name]
        if len(holders) < 2 or None in holders or name in in_strings or name in every_class:
            continue
        if not shared:
            continue
        starts = {root(relative) for relative in holders}
        index = 0
        short = _short_name(index)
        while any(short in taken_in[start] or short in reserved.get(start, ()) for start in starts):
            index += 1
            short = _short_name(index)
        if len(short) >= len(name):
            continue
        for start in starts:
            reserved.setdefault(start, set()).add(short)
        for relative in holders:
            renames[relative][name] = short
    for relative in sorted(sources):
        names, classes = files[relative]
        start = root(relative)
        taken = taken_in[start] | reserved.get(start, set())
        index = next_index.get(start, 0)
        mapping = renames[relative]
        for name in sorted(names):
            if len(owners[name]) != 1 or name in in_strings or name in classes:
                continue
            short = _short_name(index)
            while short in taken or len(short) >= len(name):
                if len(short) >= len(name):
                    short = None
                    break
                index += 1
                short = _short_name(index)
            if short is None:
                continue
            index += 1
            mapping[name] = short
        next_index[start] = index
    return renames


def _all_names(text):
    return {token.string for token in _tokens(text) if token.type == tokenize.NAME}


def rename(text, mapping):
    """``text`` with every NAME token in ``mapping`` replaced (positions kept per line)."""
    if not mapping:
        return text
    lines = text.splitlines(keepends=True)
    edits = {}  # line index -> [(col, old, new)]
    for token in _tokens(text):
        if token.type == tokenize.NAME and token.string in mapping:
            row, col = token.start
            edits.setdefault(row - 1, []).append((col, token.string, mapping[token.string]))
    for row, changes in edits.items():
        line = lines[row]
        for col, old, new in sorted(changes, reverse=True):
            line = line[:col] + new + line[col + len(old) :]
        lines[row] = line
    return "".join(lines)


def shorten(root, relatives, readers=()):
    """``{relative: new text}`` of the device files ``relatives`` under ``root``
    (``readers``: paths of host tools that read their private names)."""
    sources = {}
    for relative in relatives:
        with open(os.path.join(root, relative), encoding="utf-8") as handle:
            sources[relative] = handle.read()
    texts = []
    for path in readers:
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            texts.append(handle.read())
    sources = inline_consts.inline(sources, texts)
    renames = plan(sources, texts)
    return {relative: rename(text, renames[relative]) for relative, text in sources.items()}
