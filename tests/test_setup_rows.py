"""Set-up rows that depend on another row's choice: a game declares
``SHOWN_WHEN`` ((row, other row, choice), ...); the set-up lists the row only while the
other row has that choice, and the game still gets every row's value in its place."""

from driven import DrivenSim, app, fresh_nvm, top, top_name

import host_sim
from handheld.options import OptionsScreen

BHARG = "GAME:bharg"  # its set-up


def labels():
    """The set-up's listed rows."""
    return list(top().menu.items)


def test_bharg_lists_player_3_only_with_three_players():
    host_sim.run(BHARG)
    assert top().rows[0][1][top().rows[0][2]] == "2"
    assert labels() == ["Players", "Target", "Deck", "Player 2", "Rules"]
    # Three players: the row comes, in its place; back to two, it goes.
    host_sim.run(BHARG + " RIGHT")
    assert labels() == ["Players", "Target", "Deck", "Player 2", "Player 3", "Rules"]
    host_sim.run(BHARG + " RIGHT LEFT")
    assert labels() == ["Players", "Target", "Deck", "Player 2", "Rules"]
    assert top().menu.index == 0 and top().row() == 0


def test_the_rows_below_a_hidden_row_keep_their_keys():
    # Two players: the fifth listed row is Rules, and A there opens the rules.
    host_sim.run(BHARG + " DOWN DOWN DOWN DOWN")
    assert top().row() == len(top().rows) - 1
    host_sim.run(BHARG + " DOWN DOWN DOWN DOWN A")
    assert top_name() == "TextScreen"
    # Three players: DOWN x4 is Player 3, and RIGHT changes it (not another row).
    host_sim.run(BHARG + " RIGHT DOWN DOWN DOWN DOWN RIGHT")
    assert top().rows[4][2] == 1 and top().menu.values[4] == "< CPU easy >"


def test_a_hidden_row_keeps_its_choice_and_the_game_gets_it_in_its_place():
    # Player 3 set to "CPU easy" with three players, then two players: the game starts
    # with five values, the fifth still "CPU easy".
    host_sim.run(BHARG + " RIGHT DOWN DOWN DOWN DOWN RIGHT UP UP UP UP LEFT A")
    assert app().values == [0, 1, 0, 0, 1]
    assert app().game is not None and app().game.name == "Bharg"


def test_the_kit_lists_rows_by_any_declared_condition():
    # Row 1 only while row 0 has choice 1, row 2 only while it has choice 0.
    started = []
    rows = [["Mode", ("a", "b"), 0], ["Extra", ("x", "y"), 1], ["Other", ("p", "q"), 1]]

    def drive(sim):
        if not started:
            started.append(None)
            screen = OptionsScreen(
                "Kit",
                rows,
                lambda app, values: started.append(values),
                _shown_when=((1, 0, 1), (2, 0, 0)),
            )
            app().push(screen)
            return "DOWN A"
        if len(started) == 2:
            started.append(list(top().menu.items))
            return "UP RIGHT A"
        return None

    DrivenSim(drive, seed=1, nvm=fresh_nvm()).run()
    assert started[1] == [0, 1, 1]  # every row's choice, hidden rows' too
    assert started[2] == ["Mode", "Other"]
    assert started[3] == [1, 1, 1] and list(top().menu.items) == ["Mode", "Extra"]
    # Its values show where they are listed.
    assert top().menu.values == ["< b >", "< y >"]
