"""A low battery on the table: at or below 3.4 V on a LiPo the table shows a
red mark under the save mark, and the first time in a game a warning, which also saves
the game; one warning a game. The simulator's ``battery`` is the battery's voltage."""

from driven import app, fresh_nvm, top, top_name

import host_sim
from handheld import store


def test_a_low_battery_warns_once_a_game_saves_it_and_marks_the_table():
    nvm = fresh_nvm()
    sim = host_sim.run("GAME:whist A WAIT*100", seed=5, battery=3.3, nvm=nvm)
    assert top_name() == "NoticeScreen" and top().heading == "Battery low"
    assert "3.30 V" in top().text
    assert store.Store(nvm).saved_slots() == [0] and sim.nvm_device.writes == 1
    # Closed: the table with the red mark; two minutes on, no second warning.
    host_sim.run("GAME:whist A WAIT*700 A WAIT*130000", seed=5, battery=3.3, nvm=fresh_nvm())
    assert top_name() == "WhistScreen" and app().session.battery.low
    sim = host_sim.run("GAME:whist A WAIT*700 A WAIT*1000", seed=5, battery=3.3, nvm=fresh_nvm())
    assert app().session.marks.low_mark is not None and not app().session.marks.low_mark.hidden
    image = sim.screen().convert("RGB")
    for point in [(x, y) for x in (158, 159) for y in range(12, 20)]:
        red, green, _ = image.getpixel(point)
        assert red > 200 and green < 80, point
    # A new game (quit, start again): _warned again.
    host_sim.run(
        "GAME:whist A WAIT*700 A START UP A A A A WAIT*100", seed=5, battery=3.3, nvm=fresh_nvm()
    )
    assert top_name() == "NoticeScreen" and top().heading == "Battery low"


def test_a_charged_battery_or_usb_shows_nothing_on_the_table():
    for battery in (3.8, None, 5.5):
        host_sim.run("GAME:whist A WAIT*70000", seed=5, battery=battery, nvm=fresh_nvm())
        assert top_name() == "WhistScreen" and not app().session.battery.low
        assert app().session.marks.low_mark is None or app().session.marks.low_mark.hidden


def test_the_warning_takes_a_only_after_it_has_been_shown_a_while():
    """It comes unasked: an A within 0.6 s (a double tap meant for the set-up's start) is
    dropped, so it neither closes the warning nor plays on the table."""
    host_sim.run("GAME:whist A A", seed=5, battery=3.3, nvm=fresh_nvm())
    assert top_name() == "NoticeScreen" and app().play.flow.applied == 0
