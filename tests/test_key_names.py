"""Key hints name the board's own buttons: ``handheld.keys.hint`` rewrites the
PyBadge's key names in a hint or a message to the names the board table gives
(``handheld.boards``): the Sprig's keys are marked L, K, I, J; the PicoSystem's START and
SELECT are Y and X."""

import pytest
from driven import app

import host_sim
from handheld import keys

BOARD_NAMES = {
    "pybadge": ["B", "A", "START", "SEL"],
    "hack_club_sprig": ["K", "L", "I", "J"],
    "pimoroni_picosystem": ["B", "A", "Y", "X"],
}


@pytest.fixture
def names():
    saved = keys.KEY_NAMES[:]
    yield keys.KEY_NAMES
    keys.KEY_NAMES[:] = saved


def test_the_pybadge_hint_is_the_text_itself(names):
    text = "<> pick  A ok  B undo  SEL look"
    assert keys.hint(text) is text


@pytest.mark.parametrize(
    "board,text,expected",
    [
        ("hack_club_sprig", "<> pick  A ok  B undo  SEL look", "<> pick  L ok  K undo  J look"),
        ("hack_club_sprig", "A/B back", "L/K back"),
        ("hack_club_sprig", "START: pause  SELECT help", "I: pause  J help"),
        ("hack_club_sprig", "P3 (CPU) took the 5. A go on", "P3 (CPU) took the 5. L go on"),
        ("hack_club_sprig", "Aces, a BA, Ace, AB", "Aces, a BA, Ace, AB"),
        ("pimoroni_picosystem", "A ok  START menu  SEL look", "A ok  Y menu  X look"),
    ],
)
def test_hints_name_the_boards_keys(names, board, text, expected):
    names[:] = BOARD_NAMES[board]
    assert keys.hint(text) == expected


@pytest.mark.parametrize("board", sorted(BOARD_NAMES))
def test_each_board_sets_its_key_names_and_the_main_menu_shows_them(board):
    host_sim.run("", board=board)
    try:
        assert keys.KEY_NAMES == BOARD_NAMES[board]
        texts = [getattr(item, "text", "") for item in app().top().group]
        assert BOARD_NAMES[board][1] + " choose" in texts, texts
    finally:
        keys.KEY_NAMES[:] = BOARD_NAMES["pybadge"]
