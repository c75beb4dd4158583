"""Device-side tests of games/bharg/flow.py: the display-free half of Bharg's screens (set-up
rows to options, the hand laid out by its arrangement, texts), on CPython and MicroPython."""

from games.bharg import engine, flow
from handheld import store

# Card codes: Aces 0..5 Moons, Suns, Waves, Leaves, Wyrms, Knots; Author 6 [MK], Desert 7 [SY],
# Origin 8 [WL]; Huntress 30 [M], Bard 31 [S], Sea 32 [W], End 33 [L], Calamity 34 [Y],
# Windfall 35 [K]; Chance Meeting 21; Light Keeper 38; Excuse 44.


def test_options_from_set_up_rows():
    assert flow.options_from_values([0, 1, 0]) == 0
    assert flow.options_from_values([1, 0, 3]) == (
        engine.OPT_THREE_PLAYERS | engine.OPT_TARGET_25 | engine.OPT_PAWNS | engine.OPT_EXCUSE
    )
    assert flow.options_from_values([0, 2, 1]) == engine.OPT_TARGET_100 | engine.OPT_PAWNS
    assert flow.options_from_values([0, 3, 2]) == engine.OPT_ONE_ROUND | engine.OPT_EXCUSE
    # Every combination the rows offer is a valid engine option set.
    for players in range(len(flow.PLAYER_CHOICES)):
        for target in range(len(flow.TARGET_CHOICES)):
            for deck in range(4):
                options = flow.options_from_values([players, target, deck])
                game = engine.Game(1, options)
                assert game.num_players() == 2 + players
                assert game.observation(0)["target"] == (25, 50, 100, 0)[target]


def test_target_row_offers_the_settings_choices():
    # The saved Bharg target setting (always in range: handheld.store checks) is the
    # Target row's index: the rows offer the Settings screen's own choices.
    assert flow.TARGET_CHOICES is store.SETTING_CHOICES[store.SET_BHARG_TARGET]
    assert flow.TARGET_CHOICES == ("25", "50", "100", "1 round")


def test_hand_layout_groups_sets_then_bound_then_unbound():
    sets = [[30, 31, 32, 33, 34, 35], [6, 7, 8]]
    cards, marks, groups = flow.hand_layout((sets, [44], [21]))
    assert cards == [30, 31, 32, 33, 34, 35, 6, 7, 8, 44, 21]
    assert list(marks) == [1] * 6 + [2] * 3 + [flow.MARK_ACE, flow.MARK_NONE]
    assert list(groups) == [0] * 6 + [1] * 3 + [2, 3]
    cards, marks, groups = flow.hand_layout(([], [], [6, 7]))
    assert cards == [6, 7] and list(marks) == [0, 0] and list(groups) == [0, 0]


def test_hand_layout_of_a_real_arrangement():
    game = engine.Game(7)
    obs = game.observation(1)
    cards, marks, groups = flow.hand_layout(obs["arrangement"])
    assert sorted(cards) == obs["hand"]
    unbound = 0
    for card, mark in zip(cards, marks):
        if mark == flow.MARK_NONE:
            unbound += engine.card_value(card)
    assert unbound == obs["unbound_value"]


def test_slot_xs_fit_and_gap_between_groups():
    # Eight cards in four groups fit 160 px with every card's left 17 px showing.
    xs = flow.slot_xs([0, 0, 0, 1, 1, 1, 2, 3], 160, 24, 2, 4)
    assert xs[0] >= 0 and xs[-1] + 24 <= 160
    steps = [xs[i + 1] - xs[i] for i in range(7)]
    assert min(steps) >= 17
    assert steps[2] == steps[0] + 4 and steps[5] == steps[0] + 4 and steps[6] == steps[0] + 4
    # Few cards sit side by side, centred.
    xs = flow.slot_xs([0, 0], 160, 24, 2, 4)
    assert xs == [55, 81]
    assert flow.slot_xs([], 160, 24, 2, 4) == []


def test_pile_actions():
    assert flow.pile_action(flow.PILE_DECK) == engine.DRAW_DECK
    assert flow.pile_action(flow.PILE_DISCARD) == engine.TAKE_DISCARD


def test_turn_texts_fit_the_line():
    assert flow.turn_text(0, engine.FROM_DECK, 0) == "P1 drew, out Ace Moons"
    assert flow.turn_text(1, 32, 6) == "P2 took Sea, out Author"
    long_line = flow.turn_text(2, 21, 38)
    assert long_line.startswith("P3 took Chan") and long_line.endswith(", out Light Keeper")
    assert len(long_line) == flow.SUMMARY_COLUMNS
    for took in range(45):
        for discarded in (21, 38, 3):
            assert len(flow.turn_text(2, took, discarded)) <= flow.SUMMARY_COLUMNS


def test_turn_summary_lists_the_others_in_turn_order():
    game = engine.Game(3, engine.OPT_THREE_PLAYERS)
    assert flow.turn_summary(game.observation(0)) == []
    # Seats 1, 2 and 0 each draw and discard their lowest legal card.
    for _ in range(3):
        game.apply_action(engine.DRAW_DECK)
        game.apply_action(game.legal_actions()[0])
    obs = game.observation(1)
    lines = flow.turn_summary(obs)
    assert len(lines) == 2
    assert lines[0].startswith("P3 drew") and lines[1].startswith("P1 drew")
    took, discarded = obs["last_turns"][2]
    assert lines[0] == flow.turn_text(2, took, discarded)


def test_result_texts_and_stats():
    game = engine.Game(5, engine.OPT_ONE_ROUND)
    obs = game.observation(0)
    assert flow.round_text(obs) == "" and flow.target_text(obs) == "1 round"
    assert flow.target_text(engine.Game(5).observation(0)) == "to 50"
    fake = {
        "round_result": {"winner": 1, "points": 17, "unbound": [17, 0], "reason": "win"},
        "match_winner": 1,
        "scores": [0, 17],
    }
    assert flow.round_text(fake) == "P2 wins 17 pts"
    assert flow.match_text(fake) == "Player 2 wins!  P1 0  P2 17"
    assert not flow.won_for_stats(fake)
    fake["match_winner"] = 0
    assert flow.won_for_stats(fake)
    fake["match_winner"] = -1
    fake["round_result"] = {"winner": -1, "points": 0, "unbound": [3, 4], "reason": "turn limit"}
    assert flow.round_text(fake) == "no score"
    assert flow.match_text(fake).startswith("Draw")
    assert not flow.won_for_stats(fake)
