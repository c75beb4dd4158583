"""Games are known by their slot, not their place on the menu (handheld.registry): each
registry line names its save slot (append-only: Gongor Whist 0, Bharg 1, Jekyll & Hyde 2);
a slot used twice or out of range raises at import. A game inserted at the top of the menu
moves every game's row, and every game's settings, statistics and saved game stay with
it; records written before the slots were named load into the same games."""

import os

import pytest
from driven import app, fresh_nvm, menu_to, shipped_games, top, top_name

import host_sim
from handheld import registry, store

SLOTS = {"games.whist": 0, "games.bharg": 1, "games.jekyll": 2}
# Per game (by package): a setting to set (its Settings row's label and a choice other
# than its default), and statistics to record: (won, score) per game played.
SETTING = {
    "games.whist": ("Whist deck", 2),
    "games.bharg": ("Bharg target", 3),
    "games.jekyll": ("Jekyll level", 1),
}
PLAYED = {
    "games.whist": ((True, 12),),
    "games.bharg": ((False, 30), (True, 55)),
    "games.jekyll": ((True, 4), (True, 9), (False, 2)),
}
# Keys that leave a game of each saved (paused: saved at once), from the main menu.
SAVE_KEYS = {
    "games.whist": "GAME:whist A RIGHT A A START",
    "games.bharg": "GAME:bharg A WAIT*600 A A START",
    "games.jekyll": "GAME:jekyll A WAIT*600 A A START",
}


def _import_with(lines):
    """Run handheld/registry.py as a module whose GAMES are ``lines`` (its ``GameEntry``
    lines' text) instead of its own; returns the module's names."""
    path = os.path.join(os.path.dirname(registry.__file__), "registry.py")
    with open(path) as handle:
        source = handle.read()
    start = source.index("GAMES = (\n") + len("GAMES = (\n")
    end = source.index("\n)\n", start) + 3  # (the tuple's closing line)
    text = source[:start] + "".join("    %s,\n" % line for line in lines) + ")\n" + source[end:]
    names = {"__name__": "registry_copy"}
    exec(compile(text, path, "exec"), names)
    return names


def test_the_shipped_games_keep_their_slots():
    # A store written before the slots were named has them at their old places in GAMES.
    slots = {entry.package: entry.slot for entry in registry.GAMES if entry.package in SLOTS}
    assert slots == SLOTS
    assert len({entry.slot for entry in registry.GAMES}) == len(registry.GAMES)
    assert all(0 <= entry.slot < store.KIT_SLOT for entry in registry.GAMES)


def test_the_registry_checks_its_lines_at_import():
    def line(slot, name="G"):
        return 'GameEntry("%s%d", "games.g%d", %d)' % (name, slot, slot, slot)

    # Its own lines import; so do games inserted anywhere, in free slots.
    assert [entry.slot for entry in _import_with([line(1), line(0), line(5)])["GAMES"]] == [1, 0, 5]
    # A slot used twice, below 0, the kit's own or past the records' room: it raises.
    for slots in ((0, 1, 1), (0, -1), (store.KIT_SLOT,), (store.MAX_GAMES,), (2, 9)):
        with pytest.raises(ValueError):
            _import_with([line(slot, "G%d_" % at) for at, slot in enumerate(slots)])


def _records(nvm):
    """Settings, statistics and a saved game for each shipped game, on ``nvm``, the games
    where they are today; returns each game's saved bytes (by package)."""
    for package in SLOTS:
        host_sim.run(SAVE_KEYS[package], seed=3, nvm=nvm)
    saved = {package: store.Store(nvm).load_game(slot) for package, slot in SLOTS.items()}
    assert all(saved.values()) and sorted(store.Store(nvm).saved_slots()) == [0, 1, 2]
    settings = store.Settings(nvm)
    for package, slot in SLOTS.items():
        settings.set(store.game_setting(slot, 0), SETTING[package][1])
    settings.save()
    stats = store.Stats(nvm)
    for package, slot in SLOTS.items():
        for won, score in PLAYED[package]:
            stats.record(slot, won, score)
    return saved


def _toy_on_top(monkeypatch):
    """The toy game of tests/fixtures/toygame inserted at the top of the menu, in the next
    free slot (3)."""
    games = shipped_games()
    toy = registry.GameEntry("Toy", "tests.fixtures.toygame", 3)
    monkeypatch.setattr(registry, "GAMES", (toy,) + games)
    return toy


def _check_records_stay(nvm, saved, toy):
    """Every shipped game's records, seen through the app, are its own; the toy has none."""
    games = shipped_games()
    # The main menu: a "Continue" row per saved game, then the games in the menu's order.
    host_sim.run("", nvm=nvm)
    items = top().items
    names = [entry.name for entry in registry.GAMES]
    assert sorted(items[:3]) == sorted("Continue " + entry.name for entry in games)
    assert items[3 : 3 + len(names)] == names
    # Statistics: each game's row shows its own counters; its page its own scores.
    host_sim.run("ROW:Statistics A", nvm=nvm)
    menu = top().menu
    shown = dict(zip(menu.items, menu.values))
    for entry in games:
        played = PLAYED[entry.package]
        assert shown[entry.name] == "%d/%d" % (sum(won for won, _ in played), len(played))
    if toy is not None:
        assert shown[toy.name] == "0/0"
    for entry in games:
        host_sim.run("ROW:Statistics A ROW:%s A" % entry.name.replace(" ", "_"), nvm=nvm)
        assert top_name() == "MessageScreen" and top().heading == entry.name
        scores = [score for _, score in PLAYED[entry.package]]
        assert "Played %d" % len(scores) in top().text
        best = (
            min(scores) if getattr(entry.declaration(), "LOW_SCORE_BETTER", False) else max(scores)
        )
        assert "best %d" % best in top().text
    # Settings: each game's setting row shows its own choice.
    host_sim.run("ROW:Settings A", nvm=nvm)
    screen = top()
    rows = {row[0]: row[2] for row in screen.rows}
    for entry in games:
        label, choice = SETTING[entry.package]
        assert rows[label] == choice
    # "Continue <name>" resumes that game, where it was.
    for entry in games:
        host_sim.run("ROW:Continue_%s A" % entry.name.replace(" ", "_"), nvm=bytearray(nvm))
        assert app().game is entry and app().play is not None
        assert app().play.saved() == saved[entry.package]
    # A new game of a game opens its set-up (after the question: its saved game waits).
    for entry in games:
        host_sim.run(menu_to(entry), nvm=bytearray(nvm))
        assert top_name() == "ConfirmScreen" and entry.name in top().text
    if toy is not None:
        host_sim.run(menu_to(toy), nvm=bytearray(nvm))
        assert top_name() == "_SetupScreen" and top().heading == "Toy"


def test_a_game_inserted_at_the_top_leaves_every_games_records_with_it(monkeypatch):
    nvm = fresh_nvm()
    saved = _records(nvm)
    toy = _toy_on_top(monkeypatch)
    assert registry.GAMES[0] is toy
    _check_records_stay(nvm, saved, toy)
    # Nothing the checks did wrote to the shipped games' records.
    assert sorted(store.Store(nvm).saved_slots()) == [0, 1, 2]


def test_records_written_before_the_slots_were_named_load_into_the_same_games(monkeypatch):
    # The store's own API and layout, as a device wrote them before: slot s's settings at
    # 1 + 2s, its statistics at 62 + 16s, its saved game under its slot number.
    assert [store.game_setting(slot, 0) for slot in (0, 1, 2)] == [1, 3, 5]
    nvm = fresh_nvm()
    saved = _records(nvm)
    before = bytes(nvm)
    # With today's registry, then with a game inserted at the top.
    _check_records_stay(bytearray(before), saved, None)
    _toy_on_top(monkeypatch)
    _check_records_stay(bytearray(before), saved, registry.GAMES[0])
