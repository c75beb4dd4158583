"""The README and docs/ stay true to the tree: the README is a page for players (at most 150
lines), every relative link and every repository path they name exists, the facts they
cite live in the repository (docs/DEVICE.md, not a file outside it), and they carry no
issue numbers (which mean nothing in the repository)."""

import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
DOCS = os.path.join(ROOT, "docs")
PAGES = [README] + sorted(
    os.path.join(DOCS, name) for name in os.listdir(DOCS) if name.endswith(".md")
)
# The README's length for a player: what it is, screenshots, the two commands, the boards,
# how to play, where to read more. The tables and how the gates measure are in docs/.
README_LINES = 150

# [text](target) and <img src="target">.
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
# A `code span` that names a path in the repository: it starts with one of the tree's own
# top-level folders or is one of its top-level files.
_SPAN = re.compile(r"`([^`\s]+)`")
_TOP = tuple(
    name
    for name in ("code.py", "lib", "games", "tests", "tools", "docs", "host_sim", "fonts")
    + ("sprites", ".ci", "Makefile", "requirements-dev.txt", "requirements-device.txt")
)


def _read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _rel(path):
    return os.path.relpath(path, ROOT)


def _slug(heading):
    """GitHub's anchor for a Markdown heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path):
    return {_slug(line.lstrip("#")) for line in _read(path).splitlines() if line.startswith("#")}


def _targets(path):
    """Every relative link and image target of a page: (target, line number)."""
    out = []
    for number, line in enumerate(_read(path).splitlines(), 1):
        for pattern in (_LINK, _IMG):
            for target in pattern.findall(line):
                if not re.match(r"[a-z]+:", target):
                    out.append((target, number))
    return out


def _repo_paths(path):
    """Every code span of a page that names a file or folder of the tree: (path, line)."""
    out = []
    in_block = False
    for number, line in enumerate(_read(path).splitlines(), 1):
        if line.startswith("```"):
            in_block = not in_block
        if in_block:
            continue
        for span in _SPAN.findall(line):
            span = span.rstrip(".,:;")
            if "<" in span or "*" in span or "$" in span or "::" in span:
                continue  # a pattern (games/<game>/...), not a path; or a test id
            first = span.split("/")[0]
            if first in _TOP and (first == span or "/" in span):
                out.append((span, number))
    return out


def test_the_readme_is_short():
    lines = _read(README).splitlines()
    assert len(lines) <= README_LINES, "README.md has %d lines (at most %d)" % (
        len(lines),
        README_LINES,
    )


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_exists(page):
    missing = []
    for target, number in _targets(page):
        file, _, anchor = target.partition("#")
        where = os.path.normpath(os.path.join(os.path.dirname(page), file)) if file else page
        if not os.path.exists(where):
            missing.append("%s:%d: %s" % (_rel(page), number, target))
        elif anchor and where.endswith(".md") and anchor not in _anchors(where):
            missing.append("%s:%d: %s (no such heading)" % (_rel(page), number, target))
    assert not missing, "links to nothing:\n" + "\n".join(missing)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_path_it_names_exists(page):
    missing = [
        "%s:%d: %s" % (_rel(page), number, span)
        for span, number in _repo_paths(page)
        if not os.path.exists(os.path.join(ROOT, span))
    ]
    assert not missing, "paths not in the tree:\n" + "\n".join(missing)


def test_the_readme_names_what_it_promises():
    text = _read(README)
    # The two commands, and CI running exactly the test command.
    assert "make sim" in text and "make test" in text
    assert _read(os.path.join(ROOT, ".ci", "run")).strip().splitlines()[-1] == "make test"
    # Every game on the menu has its few lines.
    for name in ("Gongor Whist", "Bharg", "Jekyll & Hyde"):
        assert "**%s.**" % name in text, name


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_no_issue_numbers(page):
    found = [
        "%s:%d: %s" % (_rel(page), number, line.strip())
        for number, line in enumerate(_read(page).splitlines(), 1)
        if re.search(r"\bissues? #?\d", line, re.IGNORECASE)
    ]
    assert not found, "issue numbers mean nothing in the repository:\n" + "\n".join(found)


def test_the_device_facts_live_in_the_repository():
    # The docs, tools and tests cite docs/DEVICE.md, never a file outside the repository.
    outside = []
    for folder in ("docs", "lib", "games", "tests", "tools", "host_sim"):
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [name for name in dirs if name not in ("node_modules", "__pycache__")]
            for name in files:
                if not name.endswith((".py", ".md", ".mjs", ".txt", ".sh", ".keys")):
                    continue
                path = os.path.join(base, name)
                if path == os.path.abspath(__file__):
                    continue
                for number, line in enumerate(_read(path).splitlines(), 1):
                    if "../shared/" in line:
                        outside.append("%s:%d" % (_rel(path), number))
    assert not outside, "points outside the repository:\n" + "\n".join(outside)
    assert os.path.exists(os.path.join(DOCS, "DEVICE.md"))
