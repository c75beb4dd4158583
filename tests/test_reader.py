"""The rules page (handheld.reader) and its laid-out texts (tools/make_pages.py): the
committed ``rules.lines`` files match their ``rules.txt``, are wrapped as the page always
wrapped them, and the page shows them a page per read, setting only the tiles that change,
with its page turns ending at a paragraph's or a sentence's end."""

import os
import random
import sys

import pytest
from driven import app, top, top_name

import host_sim
from handheld import layout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bundle  # noqa: E402
import make_pages  # noqa: E402

VISIBLE = 12
GAMES = ("whist", "bharg", "jekyll")


def shown(screen):
    """The lines a rules page shows, read back from its rows' tiles."""
    return [
        "".join(chr(32 + row[column]) for column in range(row.width)).rstrip()
        for row in screen._rows
    ]


def lines_of(game):
    """A game's laid-out lines, from its committed file."""
    with open(os.path.join(ROOT, "games", game, "rules.lines"), "rb") as handle:
        return make_pages.lines_of(handle.read())


def open_rules(game):
    """Open a game's rules page (``game``: its id) from its set-up (Rules is the last
    row)."""
    keys = "GAME:%s UP A" % game
    host_sim.run(keys)
    assert top_name() == "TextScreen"
    return keys


# -- the laid-out files ---------------------------------------------------------------


def test_committed_laid_out_files_match_their_texts():
    made = make_pages.laid_out()
    # Every game's text (and the fixtures'), a new game's too.
    wanted = ["games/%s/rules.lines" % game for game in GAMES]
    assert set(wanted + ["tests/fixtures/toygame/rules.lines"]) <= set(made)
    for path, data in made.items():
        with open(os.path.join(ROOT, path), "rb") as handle:
            assert handle.read() == data, "%s is stale: run tools/make_pages.py" % path


def test_the_bundle_ships_the_laid_out_files():
    shipped = bundle.asset_files()
    for game in GAMES:
        assert "games/%s/rules.lines" % game in shipped


def test_lay_out_wraps_as_the_page_did_and_pads_lines_to_a_fixed_width():
    # Blank lines at both ends dropped (as strip() does), runs of spaces, a word longer
    # than a line, CRLF line ends, an empty paragraph kept.
    text = (
        "\r\n\n  Title  of the page\r\n\nA paragraph with  two   spaces and"
        " some words that wrap.\n" + "x" * 40 + " tail\n   \nend.\n\n\n"
    )
    data = make_pages.lay_out(text)
    assert len(data) % 32 == 0
    assert all(data[at + 31] == 10 for at in range(0, len(data), 32))
    want = layout.wrap_text(text.replace("\r", "").strip(), 31)
    assert make_pages.lines_of(data) == want
    assert want[0] == "Title of the page" and "x" * 31 in want and want[-1] == "end."
    # Every game's text: lines of at most 31 columns, none starting with a space.
    for game in GAMES:
        lines = lines_of(game)
        assert len(lines) > 20 and all(len(line) <= 31 for line in lines)
        assert all(not line.startswith(" ") for line in lines)


@pytest.mark.parametrize("bad", ["tab\there", "caf\u00e9", "a\x00b"])
def test_lay_out_refuses_a_character_the_font_lacks(bad):
    with pytest.raises(ValueError):
        make_pages.lay_out(bad)


def test_a_laid_out_file_is_whole_lines():
    with pytest.raises(ValueError):
        make_pages.lines_of(b"x" * 33)


# -- the page ---------------------------------------------------------------------------


def ends(line):
    """The page-turn rule: a page may end after a blank line or a sentence's end."""
    return not line or line[-1] in ".:!?)"


def next_top(lines, top):
    """Where RIGHT goes from ``top`` (the rule, on the whole text)."""
    row = VISIBLE - 1
    while row >= VISIBLE // 2 and not ends(lines[top + row]):
        row -= 1
    new = top + (row + 1 if row >= VISIBLE // 2 else VISIBLE)
    if new < len(lines) and not lines[new]:
        new += 1
    return min(new, len(lines) - VISIBLE)


def previous_top(lines, top):
    """Where LEFT goes from ``top``."""
    first = top - VISIBLE
    if first <= 0:
        return 0
    for row in range(VISIBLE // 2 + 1):
        if ends(lines[first - 1 + row]):
            return first + row
    return first


@pytest.mark.parametrize("game", GAMES)
def test_every_page_shows_its_lines_and_turns_at_sentence_ends(game, monkeypatch):
    open_rules(game)
    monkeypatch.chdir(ROOT)  # the page reads its file from the device's root
    screen = top()
    lines = lines_of(game)
    assert screen._lines == len(lines)
    # The goal in two lines, then a blank line.
    assert shown(screen)[:3] == lines[:3] and lines[0].startswith("Goal: ") and not lines[2]
    last = len(lines) - VISIBLE
    for start in range(last + 1):
        screen._show(start)
        assert screen.top == start and shown(screen) == lines[start : start + VISIBLE]
        assert min(screen._next_top(), last) == next_top(lines, start)  # _show clamps
        assert screen._previous_top() == previous_top(lines, start)
    # Shown pages follow any jump (each shows only what changed from the one before).
    rng = random.Random(7)
    for _ in range(40):
        start = rng.randrange(-3, last + 4)
        screen._show(start)
        want = min(max(start, 0), last)
        assert screen.top == want and shown(screen) == lines[want : want + VISIBLE]


@pytest.mark.parametrize("game", GAMES)
def test_page_turns_and_the_percentage_read(game):
    keys = open_rules(game)
    screen = app().top()
    lines = lines_of(game)
    assert screen.position.text == "%d%%" % (VISIBLE * 100 // len(lines))
    assert "B back" in [layer.text for layer in screen.group if hasattr(layer, "text")][-1]
    tops = [0]
    for presses in range(1, 12):
        host_sim.run(keys + " RIGHT" * presses)
        now = app().top().top
        if now == tops[-1]:
            break
        # Each page turn ends the page before at a paragraph or a sentence (where one
        # falls in the page's second half), and the new page starts with text.
        previous = lines[now - 1]
        if now == len(lines) - VISIBLE:
            break  # the last page: as far as the text goes
        assert now - tops[-1] <= VISIBLE + 1 and lines[now]
        assert not previous or previous[-1] in ".:!?)" or now - tops[-1] >= VISIBLE
        tops.append(now)
    assert len(tops) > 3 and app().top().position.text == "100%"
    # Line scrolling moves the count too; LEFT turns back a page.
    host_sim.run(keys + " RIGHT DOWN")
    assert app().top().top == tops[1] + 1
    assert app().top().position.text == "%d%%" % ((tops[1] + 1 + VISIBLE) * 100 // len(lines))
    host_sim.run(keys + " RIGHT RIGHT LEFT")
    assert app().top().top <= tops[1]
    host_sim.run(keys + " UP")
    assert app().top().top == 0


def test_the_scroll_marker_follows_the_page():
    keys = open_rules("whist")
    lines = lines_of("whist")
    marker = top()._marker
    assert marker.y == 15 and marker.height == max(4, 96 * VISIBLE // len(lines))
    host_sim.run(keys + " DOWN" * len(lines))
    marker = top()._marker
    assert top().top == len(lines) - VISIBLE and marker.y + marker.height == 15 + 96


def test_a_line_scroll_redraws_only_the_cells_that_change():
    """A line scrolled redraws, in each row, from its first changed cell to its last (the
    row's dirty area), with the percentage and the marker; never a cell set to itself."""
    keys = open_rules("whist")
    lines = [line + " " * (31 - len(line)) for line in lines_of("whist")]
    sim = host_sim.run(keys + " DOWN DOWN", displayio="circuitpython")
    display = sim.display
    pushed = display.pushed[-1] if display.pushed[-1] else [n for n in display.pushed if n][-1]
    rows = 0
    for row in range(VISIBLE):
        old, new = lines[1 + row], lines[2 + row]
        changed = [column for column in range(31) if old[column] != new[column]]
        if changed:
            rows += (changed[-1] - changed[0] + 1) * 5 * 8
    # The percentage's changed cells (at most 3) and the marker's move (2 px wide).
    assert rows <= pushed <= rows + 3 * 40 + 2 * 96
    assert pushed < 15000  # under the text area's 155 x 96 = 14880 and the rest


def test_a_short_text_fills_part_of_the_page_and_does_not_scroll(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the fonts' sheets
    with open(os.path.join(tmp_path, "rules.lines"), "wb") as handle:
        handle.write(make_pages.lay_out("Three short\n\nlines."))
    from handheld.reader import TextScreen

    screen = TextScreen("Toy", os.path.join(tmp_path, "rules.txt"))
    screen.build(None)
    assert shown(screen) == ["Three short", "", "lines."] + [""] * 9
    assert screen._marker is None and screen.position.text == "100%"
    assert not screen._show(1) and screen._next_top() == 12 and screen._previous_top() == 0
    screen.key(None, 0x80)  # DOWN: nothing moves
    assert screen.top == 0


def test_select_opens_the_primer_and_b_comes_back_where_it_was():
    host_sim.run("GAME:whist UP A")
    screen = top()
    assert "SELECT" in shown(screen)[4] + shown(screen)[5]
    host_sim.run("GAME:whist UP A SELECT")
    assert top_name() == "PrimerScreen" and "handheld.reader" not in sys.modules
    host_sim.run("GAME:whist UP A DOWN DOWN SELECT B")
    assert top_name() == "TextScreen" and top().top == 2
    assert shown(top()) == lines_of("whist")[2 : 2 + VISIBLE]
