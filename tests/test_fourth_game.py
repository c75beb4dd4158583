"""Adding a game touches only its package and one registry line: a toy game from
tests/fixtures/toygame (declarations, an engine, a flow, a screens module, a rules page)
reaches the main menu, its set-up (rows and setting from its declaration), its rules, its
play screen, the Settings and Statistics screens, and back to the menu with its result
counted. The toy is put on the menu after the registered games (first and second too, for
the first test), in the next free slot; a toy already registered (``games.toy``) makes way
for it.

The toy is Beat the Row: a row of cards to beat from a hand, two rows a game. The key
scripts below that play one to its end take the best line of the deal the run's seed gives
(so it is a win)."""

import pytest
from driven import app, fresh_nvm, menu_to, top, top_name

import host_sim
from handheld import registry, store

# The best line of the first deal of a run with seed 1 (five cards: 7 tricks of 10), and of
# the first two of a run with seed 14 (three cards: 3 and 4 of 6, best row 3); each a win.
_WIN_5 = "A A A A A A RIGHT A RIGHT A A A A"
_SEED_3 = 14
_WIN_3 = ("A RIGHT A A A RIGHT A A A", "A A A A RIGHT RIGHT A A A")


def _insert_toy(monkeypatch, at=None):
    """The fixture's toy on the menu at row ``at`` (None: last), in the next free slot."""
    games = [entry for entry in registry.GAMES if entry.name != "Toy"]
    entry = registry.GameEntry("Toy", "tests.fixtures.toygame", max(e.slot for e in games) + 1)
    games.insert(len(games) if at is None else at, entry)
    monkeypatch.setattr(registry, "GAMES", tuple(games))
    return entry


@pytest.fixture
def toy(monkeypatch):
    return _insert_toy(monkeypatch)


@pytest.fixture(params=[None, 0, 1])
def toy_anywhere(monkeypatch, request):
    return _insert_toy(monkeypatch, request.param)


def test_a_fourth_game_from_its_package_alone(toy_anywhere):
    toy = toy_anywhere
    nvm = fresh_nvm()
    host_sim.run("", nvm=nvm)
    names = [entry.name for entry in registry.GAMES]
    assert app().top().items[: len(names)] == names and "Toy" in names
    assert {"Gongor Whist", "Bharg", "Jekyll & Hyde"} <= set(names)
    # Its set-up: the declared row, starting at the declared setting's default, and Rules.
    host_sim.run(menu_to(toy), nvm=nvm)
    screen = top()
    assert screen.heading == "Toy"
    assert screen.rows == [["Cards", ("3", "5"), 1], ["Rules", ("A: read",), 0]]
    host_sim.run(menu_to(toy) + " DOWN A", nvm=nvm)
    first = top()._rows[0]  # the rules page's first line, read back from its tiles
    assert top_name() == "TextScreen"
    assert "TOY GAME" in "".join(chr(32 + first[column]) for column in range(31))
    # Start: the play screen shows five cards in the hand; play the game won; the menu.
    host_sim.run(menu_to(toy) + " A", nvm=nvm)
    assert top_name() == "ToyScreen" and top().hand.count == 5
    host_sim.run(menu_to(toy) + " A " + _WIN_5 + " WAIT*700 B", nvm=nvm)  # the result waits 0.6 s
    assert top_name() == "MenuScreen" and len(app().stack) == 1
    assert store.Stats(nvm).played(toy.slot) == 1 and store.Stats(nvm).won(toy.slot) == 1
    # The game's package was unloaded with the game.
    import sys

    assert not any(name.startswith("tests.fixtures.toygame") for name in sys.modules)


def test_settings_and_statistics_list_the_fourth_game(toy):
    nvm = fresh_nvm()
    # Settings: the toy's setting, by its label; 5 -> 3, leave (saved).
    host_sim.run("ROW:Settings A ROW:Toy_cards LEFT B", nvm=nvm)
    assert store.Settings(nvm).get(store.game_setting(toy.slot, 0), 2, 1) == 0
    host_sim.run(menu_to(toy), nvm=nvm)
    assert top().rows[0][2] == 0  # the set-up starts at the setting
    # Statistics: a row per game; A on one opens its page, ending with the game's WON.
    host_sim.run("ROW:Statistics A ROW:Toy", nvm=nvm)
    screen = top()
    assert [row[0] for row in screen.rows][: len(registry.GAMES)] == [
        entry.name for entry in registry.GAMES
    ]
    assert screen.rows[screen.row()][0] == "Toy"
    host_sim.run("ROW:Statistics A ROW:Toy A", nvm=nvm)
    assert top_name() == "MessageScreen" and top().text.endswith("\n(won: half the tricks or more)")


def test_play_again_undo_and_the_remembered_set_up(toy):
    nvm = fresh_nvm()
    toy_menu = menu_to(toy)
    # 3 cards (LEFT on the Cards row), two cards played, one taken back from the pause menu.
    # (Each pause saves the game: these runs start from a blank nvm, with no "Continue".)
    host_sim.run(toy_menu + " LEFT A A A START", nvm=fresh_nvm())
    assert top().items == ["Resume", "Undo", "Rules", "Save & sleep", "Quit to menu"]
    host_sim.run(toy_menu + " LEFT A A A START DOWN A", nvm=fresh_nvm())
    play = top()
    assert top_name() == "ToyScreen" and play.flow.obs["trick"] == 1 and play.flow.applied == 3
    # Paused, it was saved (the base's ``changes``, its ``saved``): "Continue" resumes it.
    saved = fresh_nvm()
    host_sim.run(toy_menu + " LEFT A A A START", nvm=saved)
    host_sim.run("", nvm=saved)
    assert top().items[0] == "Continue Toy"
    host_sim.run("ROW:Continue_Toy A", nvm=saved)
    play = top()
    assert top_name() == "ToyScreen" and play.hand.count == 3 and play.flow.obs["trick"] == 2
    assert app().play is play and not app().unsaved() and play.flow.can_undo()
    host_sim.run(toy_menu + " LEFT A START", nvm=fresh_nvm())
    assert top().items == ["Resume", "Rules", "Save & sleep", "Quit to menu"]  # nothing to undo
    # A game won: the result with "play again"; A there deals again with 3 cards.
    script = toy_menu + " LEFT A " + _WIN_3[0]
    host_sim.run(script, nvm=fresh_nvm(), seed=_SEED_3)
    assert top_name() == "GameOverScreen" and top().hint_text == "A play again  B menu"
    host_sim.run(script + " WAIT*700 A", nvm=fresh_nvm(), seed=_SEED_3)  # the result waits 0.6 s
    again = top()
    assert top_name() == "ToyScreen" and again.hand.count == 3 and again.flow.applied == 0
    assert again.flow.obs["row"] == 0 and again.flow.obs["trick"] == 0
    assert len(app().stack) == 2 and app().play is again
    host_sim.run(script + " WAIT*700 A " + _WIN_3[1] + " WAIT*700 B", nvm=nvm, seed=_SEED_3)
    stats = store.Stats(nvm)
    assert stats.played(toy.slot) == 2 and stats.won(toy.slot) == 2
    assert stats.get(toy.slot, store.STAT_BEST_RUN) == 2
    assert stats.score(toy.slot, store.STAT_HIGH) == 4
    assert stats.score(toy.slot, store.STAT_LOW) == 3
    assert stats.score(toy.slot, store.STAT_PART_HIGH) == 3
    # The set-up opens with the choice last played (3 cards), over the setting's default.
    host_sim.run(toy_menu, nvm=nvm)
    assert top().rows[0][2] == 0
    # Changed on the Settings screen afterwards, the setting wins.
    host_sim.run("ROW:Settings A ROW:Toy_cards RIGHT B", nvm=nvm)
    host_sim.run(toy_menu, nvm=nvm)
    assert top().rows[0][2] == 1


def test_a_games_statistics_page():
    from handheld import records

    stats = store.Stats(fresh_nvm())
    stats.record(2, True, 12, (5, -3))
    stats.record(2, True, -4, (7,))
    stats.record(2, False)
    stats.record(2, True, 30)
    text = records._stats_text(stats, 2, False, "pass")
    assert "Played 4, won 3." in text and "Winning run: 1 now, best 2." in text
    assert "Score: best 30, worst -4." in text and "Per pass: best 7, worst -3." in text
    low = records._stats_text(stats, 2, True, None)
    assert "best -4, worst 30" in low and "Per" not in low
    assert "Score: none yet." in records._stats_text(stats, 0, False, None)


def test_the_toy_play_screen_is_the_kits_base_and_a_flow():
    # What the app and the pause menu use of a game: the base (pausable), the screen's
    # ``flow`` and ``saved()``; nothing else (no ``changes``, ``can_undo``, ``undo``): the
    # screen draws (``build``, ``draw``, and ``shown`` after the pause menu's Undo) and
    # opens what its flow's event asks for (``follow``); the kit's base hands the flow its
    # keys and frames and gives ``saved()`` from the flow.
    from handheld.cardview import PlayScreen
    from tests.fixtures.toygame import screens

    own = set(vars(screens.ToyScreen)) - {"__module__", "__qualname__", "__doc__", "__init__"}
    assert issubclass(screens.ToyScreen, PlayScreen) and screens.ToyScreen.pausable
    assert own == {"build", "shown", "draw", "follow"}


def test_a_play_screen_that_keeps_its_widgets_keeps_one_save_mark(toy):
    # The toy table is not releasable: its group stays under the pause menu, and the
    # save mark the app put on it is shown again, not added again.
    host_sim.run(menu_to(toy) + " A START START START START")
    marks = [layer for layer in top().group if layer is app().session.marks.mark]
    assert top().pausable and len(marks) == 1 and app().session.marks.group is top().group
