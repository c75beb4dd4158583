"""Pages that scroll say so: a scroll marker at the right edge where
the page is in its text, and a hint naming the keys; About offers the card gallery where
it can be seen; and every hint names the board's own buttons (point 7)."""

from driven import DrivenSim, app, fresh_nvm, name_of, top, top_name

import host_sim
from handheld import keys, ui
from handheld.screens import MessageScreen

GREY_RGB = ((ui.GREY >> 16) & 255, (ui.GREY >> 8) & 255, ui.GREY & 255)


def grey(pixel):
    """The marker's colour, as the display shows it (16-bit colour)."""
    return all(abs(a - b) <= 8 for a, b in zip(pixel, GREY_RGB))


LONG = " ".join("Line %d of a long message." % n for n in range(1, 16)) + " The end."


def texts(screen):
    """The texts of a screen's labels, in drawing order."""
    return [layer.text for layer in screen.group if hasattr(layer, "text")]


def hint_of(screen):
    """The bottom line's text."""
    return texts(screen)[-1]


def marker_column(image, top, bottom):
    """The rows from top to bottom (screen y) where the marker's columns are grey."""
    return [
        y
        for y in range(top, bottom)
        if grey(image.getpixel((ui.SCROLL_X, y))) and grey(image.getpixel((ui.SCROLL_X + 1, y)))
    ]


def run_over_menu(screens, then_keys, board="pybadge", names=None):
    """Boot to the main menu, push each of ``screens`` (made by a function, after the
    board's key names are set: ``names`` if given) and press ``then_keys``; returns the
    sim. The key names are restored after."""
    saved = keys.KEY_NAMES[:]
    state = []

    def drive(sim):
        if not state:
            state.append(1)
            if names is not None:
                keys.KEY_NAMES[:] = names
            for make in screens:
                app().push(make())
            return then_keys or "WAIT*10"
        return None

    try:
        sim = DrivenSim(drive, board=board, seed=1, nvm=fresh_nvm())
        sim.run()
    finally:
        keys.KEY_NAMES[:] = saved
    return sim


# -- messages -------------------------------------------------------------------------------


def test_a_long_message_has_a_marker_that_follows_it_and_a_hint_that_says_it_scrolls():
    sim = run_over_menu([lambda: MessageScreen("Long", LONG)], "")
    screen = top()
    page = screen.page
    assert page.scrolls and len(page.lines) > page.visible
    assert hint_of(screen) == "^v more  A ok"
    # Its text keeps left of the marker's two columns (one column fewer than a short one's).
    assert all(len(line) <= 25 for line in page.lines)
    # The marker: at the top of the text, as tall as the share of the text shown.
    top_y = ui.LIST_TOP + 1
    rows = marker_column(sim.display.image, top_y, top_y + 90)
    assert rows[0] == top_y and len(rows) == max(4, 90 * page.visible // len(page.lines))
    # At the end of the text it is at the bottom of the page, and the last words show.
    down = " DOWN" * len(page.lines)
    sim = run_over_menu([lambda: MessageScreen("Long", LONG)], down)
    screen = top()
    assert screen.page.labels[-1].text.endswith("The end.")
    rows = marker_column(sim.display.image, top_y, top_y + 90)
    assert rows[-1] == top_y + 89 and len(rows) == len(set(rows)) == rows[-1] - rows[0] + 1
    # Halfway, halfway down: one line's scroll moves only the marker and one text's cells.
    sim = run_over_menu([lambda: MessageScreen("Long", LONG)], "DOWN")
    assert 0 < top().page.marker.y < 90 - top().page.marker.height


def test_a_short_message_has_no_marker_and_its_own_hint():
    sim = run_over_menu([lambda: MessageScreen("Short", "Two words.")], "")
    screen = top()
    assert not screen.page.scrolls and hint_of(screen) == "A ok"
    assert not marker_column(sim.display.image, 0, 128)


def test_a_scrolling_game_over_and_question_keep_their_own_keys_in_the_hint():
    from handheld.over import GameOverScreen
    from handheld.screens import ConfirmScreen

    run_over_menu([lambda: GameOverScreen("Over", LONG)], "")
    assert hint_of(top()) == "^v more  A play again  B menu"
    run_over_menu([lambda: ConfirmScreen("Sure?", LONG, lambda app: None)], "")
    assert hint_of(top()) == "^v more  A yes  B no"


# -- Jekyll & Hyde's last-turn page ---------------------------------------------------------


def test_jekyll_last_turn_page_scrolls_to_its_last_words():
    from test_jekyll_screens import Player

    from games.jekyll import flow

    def later_turn(sim, screen):
        return (
            name_of(screen) == "PlayScreen"
            and screen.flow.obs["turn"] >= 4
            and screen.flow.mode == flow.MODE_MENU
        )

    def run(after):
        """Play to the stop, then SELECT (the page) and ``after``."""
        player = Player(stop=later_turn)
        rest = ["SELECT", after]
        stopped = []

        def drive(sim):
            if not stopped:
                keys_now = player(sim)
                if keys_now is not None:
                    return keys_now
                stopped.append(True)
            return rest.pop(0) if rest else None

        sim = DrivenSim(drive, seed=5, nvm=fresh_nvm())
        sim.run()
        return sim

    run("")
    screen = top()
    assert top_name() == "MessageScreen" and screen.heading == "Tricks and piles"
    assert "last turn: " in screen.text and len(screen.page.lines) > screen.page.visible
    assert screen.page.scrolls and hint_of(screen) == "^v more  A ok"
    # The last turn's words end on the page's last line once it is scrolled down.
    run(" ".join(["DOWN"] * len(screen.page.lines)))
    page = top().page
    assert page.labels[-1].text.endswith(".") and page.top == page._max_top()


# -- the rules page -----------------------------------------------------------------------


def test_the_rules_page_marker_shows_where_the_page_is():
    keys_to_rules = "GAME:whist UP A"  # Gongor Whist's set-up, its Rules row
    sim = host_sim.run(keys_to_rules)
    screen = top()
    marker = screen._marker
    assert marker is not None and hint_of(screen) == "^v line  <> page  B back"
    # The text keeps left of the marker: 31 columns from x 2 end at 156.
    assert 2 + 31 * ui.CHAR_WIDTH[ui.SMALL] <= ui.SCROLL_X - 1
    visible = len(screen._rows)
    track = visible * ui.LINE_HEIGHT[ui.SMALL]
    rows = marker_column(sim.display.image, ui.LIST_TOP, ui.LIST_TOP + track)
    assert rows[0] == ui.LIST_TOP and len(rows) == marker.height
    # A line down moves it by its share of the text; at the end it is at the bottom.
    last_top = screen._lines - visible
    host_sim.run(keys_to_rules + " DOWN" * 5)
    assert top()._marker.y == ui.LIST_TOP + (track - marker.height) * 5 // last_top
    sim = host_sim.run(keys_to_rules + " RIGHT" * 40)
    rows = marker_column(sim.display.image, ui.LIST_TOP, ui.LIST_TOP + track)
    assert top().top == last_top and rows[-1] == ui.LIST_TOP + track - 1


# -- About ----------------------------------------------------------------------------------


def test_about_offers_the_card_gallery_in_its_hint_and_b_only_goes_back():
    host_sim.run("ROW:About A")
    screen = top()
    assert screen.heading == "About" and hint_of(screen) == "A card gallery  B back"
    # All of it on one page: nothing below the fold.
    assert not screen.page.scrolls
    host_sim.run("ROW:About A B")
    assert top_name() == "MenuScreen"
    host_sim.run("ROW:About A A")
    assert top_name() == "GalleryScreen"


# -- the board's key names ------------------------------------------------------------------


def test_hints_name_the_sprig_keys_when_the_key_names_are_the_sprig_s():
    sprig = ["K", "L", "I", "J"]
    saved = keys.KEY_NAMES[:]
    run_over_menu([lambda: MessageScreen("Long", LONG)], "", names=sprig)
    assert hint_of(top()) == "^v more  L ok"
    assert keys.KEY_NAMES == saved  # restored
    run_over_menu([lambda: MessageScreen("Short", "Two words.")], "", names=sprig)
    assert hint_of(top()) == "L ok"


def test_every_kit_hint_on_the_sprig_names_its_buttons():
    def hint_after(script):
        host_sim.run(script, board="hack_club_sprig")
        return hint_of(top())

    assert hint_after("") == "L choose"
    # About: its keys line too.
    assert hint_after("ROW:About A") == "L card gallery  K back"
    assert "L chooses, K goes back, I pauses a game." in " ".join(top().page.lines)
    assert hint_after("A") == "<> change  L start  K back"
    assert top().menu.values[-1] == "L: read"
    assert hint_after("GAME:whist UP A") == "^v line  <> page  K back"
    assert hint_after("ROW:Cards A") == "L: every card  K: back"
    assert hint_after("ROW:Cards A A") == "<> move  J style  K back"
    assert hint_after("ROW:Statistics A") == "L: more  K: back"
    assert top().menu.values[-1] == "L"
    assert hint_after("ROW:Settings A") == "<> change  K save+back"
