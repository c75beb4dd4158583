"""Host tests of the text widgets' redraw discipline: a label rewrites only the cells whose
glyph changes, and a ``ListMenu`` lists other rows in place (``relist``), redrawing only
the texts that change."""

import displayio
import pytest

import host_sim
from handheld import ui


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    """The widgets open fonts/ by relative path, as on the device."""
    monkeypatch.chdir(host_sim.ROOT)


def tiles(text):
    """The tile indices of a label's cells."""
    return [text[i] for i in range(text.width)]


def glyph(char):
    """The font sheet's tile for a character."""
    return ord(char) - 32


def test_label_cells_left_and_right_aligned():
    left = ui.Text("abc", 0, 0, ui.SMALL, ui.WHITE, False, 6)
    assert tiles(left) == [glyph("a"), glyph("b"), glyph("c"), 0, 0, 0]
    left.text = "xy"
    assert tiles(left) == [glyph("x"), glyph("y"), 0, 0, 0, 0]
    left.text = "toolongtext"  # cut to its columns; the text kept whole
    assert tiles(left) == [glyph(c) for c in "toolon"]
    assert left.text == "toolongtext"
    right = ui.Text("abc", 60, 0, ui.SMALL, ui.WHITE, True, 5)
    assert tiles(right) == [0, 0, glyph("a"), glyph("b"), glyph("c")]
    right.text = "x"
    assert tiles(right) == [0, 0, 0, 0, glyph("x")]
    right.text = "wxyz"
    assert tiles(right) == [0, glyph("w"), glyph("x"), glyph("y"), glyph("z")]
    right.text = ""
    assert tiles(right) == [0] * 5
    odd = ui.Text("a\u00e9b", 0, 0, ui.SMALL, ui.WHITE, False, 4)  # no glyph: blank
    assert tiles(odd) == [glyph("a"), 0, glyph("b"), 0]
    odd.text = "\u00e9\u00e9"
    assert tiles(odd) == [0, 0, 0, 0]


def test_label_rewrites_only_cells_that_change():
    text = ui.Text("hello world", 0, 0, ui.SMALL, ui.WHITE, False, 20)
    written = []
    set_tile = displayio.TileGrid.__setitem__

    def spy(grid, index, value):
        written.append(index)
        set_tile(grid, index, value)

    displayio.TileGrid.__setitem__ = spy
    try:
        text.text = "hello there"
        assert written == [6, 7, 8, 9, 10]  # "world" -> "there", every letter differs
        written.clear()
        text.text = "hello"
        assert written == [6, 7, 8, 9, 10]  # "there" blanked (a space is the blank already)
        written.clear()
        text.text = "hello"  # the same text: nothing written
        assert written == []
    finally:
        displayio.TileGrid.__setitem__ = set_tile


def menu_texts(menu):
    """(row text, value text) of each label row of a menu."""
    return [(label.text, value.text) for label, value in zip(menu.labels, menu._value_labels)]


def test_menu_relist_in_place():
    menu = ui.ListMenu(["A", "B", "Rules"], 0, 15, 160, 9, values=True)
    for i, value in enumerate(("1", "2", "read")):
        menu.set_value(i, value)
    menu.select(2)
    group = menu.group
    labels = list(menu.labels)
    # A row comes: the new one gets its labels; the others are the same objects.
    menu.relist(["A", "B", "C", "Rules"], ["1", "2", "3", "read"], 3)
    assert menu.group is group and menu.labels[:3] == labels
    assert menu_texts(menu) == [("A", "1"), ("B", "2"), ("C", "3"), ("Rules", "read")]
    assert menu.index == 3 and menu.bar.y == 15 + 3 * menu.line
    # It goes again: the last label row is blank, the selection kept in the list.
    menu.relist(["A", "B", "Rules"], ["1", "2", "read"], 2)
    assert menu_texts(menu) == [("A", "1"), ("B", "2"), ("Rules", "read"), ("", "")]
    assert menu.index == 2 and menu.bar.y == 15 + 2 * menu.line
    assert menu.move(1) and menu.index == 0  # wraps over the three rows listed


def test_menu_relist_scrolling_window():
    items = ["row %d" % i for i in range(6)]
    menu = ui.ListMenu(items, 0, 15, 160, 3)
    menu.select(5)
    assert menu.cursor.top == 3
    menu.relist(items[:4], None, 3)
    assert menu.cursor.top == 1 and menu.index == 3
    assert [label.text for label in menu.labels] == ["row 1", "row 2", "row 3"]
    menu.relist(items[:2], None, 0)
    assert menu.cursor.top == 0
    assert [label.text for label in menu.labels] == ["row 0", "row 1", ""]
