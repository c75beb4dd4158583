"""Device-side tests of games/bharg/flow.py: the display-free half of Bharg's screens (set-up
rows to options, the hand laid out by its arrangement, texts, and the play screen's state
machine ``flow.Play`` driven by keys), on CPython and MicroPython."""

from decktet.cards import name
from games.bharg import engine, flow
from handheld.keys import K_A, K_LEFT, K_RIGHT, K_SELECT

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


def test_target_row_is_the_declared_setting():
    # The saved Bharg target setting is the Target row's index (games.bharg declares it).
    import games.bharg

    label, row, default = games.bharg.SETTINGS[0]
    assert row == flow.ROW_TARGET and games.bharg.SETUP[row][1] == flow.TARGET_CHOICES
    assert flow.TARGET_CHOICES == ("25", "50", "100", "1 round") and default == 1


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


# --- the play screen's state machine (flow.Play): every phase and event, by keys ------------


def _uncovered(seed=4, options=0):
    """A flow at the match's first turn, its privacy screen passed."""
    play = flow.Play(engine.Game(seed, options))
    play.tick()
    assert play.event == flow.EVENT_PASS
    play.uncover()
    return play


def _discard_slot(play):
    """The hand slot a greedy player discards: a legal card leaving the least unbound value
    (discarding an Ace makes it the Ace Pile's top)."""
    hand = play.obs["hand"]
    ace = play.obs["ace_top"]
    best = -1
    least = 0
    for slot in range(len(play.order)):
        card = play.order[slot]
        if engine.DISCARD_BASE + card not in play.legal:
            continue
        rest = [other for other in hand if other != card]
        value = engine.unbound_value(rest, card if card < 6 else ace)
        if best < 0 or value < least:
            best = slot
            least = value
    return best


def _wanted_pile(play):
    """The discard top if taking it lowers the hand's unbound value, else the deck."""
    if engine.TAKE_DISCARD not in play.legal:
        return flow.PILE_DECK
    obs = play.obs
    hand = obs["hand"]
    top = obs["discard_top"]
    ace = obs["ace_top"]
    now = engine.unbound_value(hand, ace)
    for card in hand:
        rest = [other for other in hand if other != card] + [top]
        if engine.unbound_value(rest, card if card < 6 else ace) < now:
            return flow.PILE_DISCARD
    return flow.PILE_DECK


def _policy_key(play):
    """The key a greedy player presses now (it reads the table, acts by keys only)."""
    if play.phase == flow.PHASE_DRAW:
        return K_A if play.pile == _wanted_pile(play) else K_RIGHT
    return K_A if play.cursor == _discard_slot(play) else K_RIGHT


def test_the_first_turn_waits_behind_its_privacy_screen():
    play = flow.Play(engine.Game(4))
    before = play.game.to_bytes()
    assert play.covered and play.seat == 1 and play.phase == flow.PHASE_DRAW
    # Covered: no key reaches the table; each tick asks for the privacy screen.
    for key in (K_A, K_RIGHT, K_LEFT, K_SELECT):
        assert play.key(key) == 0 and play.event == flow.EVENT_NONE
    assert play.game.to_bytes() == before
    assert play.tick() == 0 and play.event == flow.EVENT_PASS
    assert play.tick() == 0 and play.event == flow.EVENT_PASS
    play.uncover()
    assert not play.covered
    play.tick()
    assert play.event == flow.EVENT_NONE
    # The table: seat 1 (Player 2) to draw, the deck under the cursor.
    assert play.status_text() == "P2 draw a card" and play.round_info() == "Rd 1 to 50"
    assert play.board_text(0) == "Deck %d" % play.obs["deck_count"]
    assert play.board_text(1) == " P1 7c 0" and play.board_text(2) == ">P2 7c 0"
    assert play.board_text(3) == ""
    assert play.pile == flow.PILE_DECK and play.cursor == -1
    assert play.pile_lit(flow.PILE_DECK) and not play.pile_lit(flow.PILE_DISCARD)
    assert play.name_text() == "Draw from the deck"
    assert play.hint_text() == "<> pile  A take  SEL help"
    assert sorted(play.order) == play.obs["hand"]
    for slot in range(len(play.order)):
        assert not play.dimmed(slot)
    # SELECT: the legend, nothing else changes.
    assert play.key(K_SELECT) == 0 and play.event == flow.EVENT_LEGEND
    assert play.game.to_bytes() == before


def test_draw_from_the_deck_then_discard_passes_the_device():
    play = _uncovered()
    hand = play.obs["hand"]
    assert play.key(K_A) == flow.DRAW_ALL and play.event == flow.EVENT_NONE
    assert play.phase == flow.PHASE_DISCARD and len(play.order) == 8
    assert play.obs["taken"] == -1 and play.status_text() == "P2 discard a card"
    assert play.hint_text() == "<> card  A discard  SEL help"
    # The cursor starts on the card just drawn; nothing is dimmed (nothing was taken).
    drawn = play.order[play.cursor]
    assert drawn not in hand
    for slot in range(8):
        assert not play.dimmed(slot)
    assert not play.pile_lit(flow.PILE_DECK) and not play.discard_dimmed()
    # LEFT/RIGHT move the cursor round the hand.
    start = play.cursor
    assert play.key(K_LEFT) == flow.DRAW_CURSOR | flow.DRAW_NAME
    assert play.old_cursor == start and play.cursor == (start - 1) % 8
    play.key(K_RIGHT)
    play.key(K_RIGHT)
    assert play.old_cursor == start and play.cursor == (start + 1) % 8
    card = play.order[play.cursor]
    assert play.name_text().startswith(name(card) + ": ")
    # A discards it: Player 1's turn, behind its privacy screen.
    assert play.key(K_A) == flow.DRAW_ALL and play.event == flow.EVENT_PASS
    assert play.covered and play.seat == 0 and play.phase == flow.PHASE_DRAW
    assert play.obs["discard_top"] == card and play.cursor == -1
    assert play.key(K_A) == 0 and play.phase == flow.PHASE_DRAW
    play.uncover()
    assert play.board_text(1) == ">P1 7c 0" and play.board_text(2) == " P2 7c 0"
    assert flow.turn_summary(play.obs) == [flow.turn_text(1, engine.FROM_DECK, card)]


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded():
    play = _uncovered()
    top = play.obs["discard_top"]
    assert engine.TAKE_DISCARD in play.legal and not play.discard_dimmed()
    assert play.key(K_RIGHT) == flow.DRAW_PILES | flow.DRAW_NAME
    assert play.pile == flow.PILE_DISCARD and play.pile_lit(flow.PILE_DISCARD)
    assert play.name_text() == "Take the %s" % name(top)
    play.key(K_LEFT)
    assert play.pile == flow.PILE_DECK
    play.key(K_RIGHT)
    assert play.key(K_A) == flow.DRAW_ALL and play.phase == flow.PHASE_DISCARD
    assert play.obs["taken"] == top and top in play.order
    # The cursor starts on a card that may go (issue 12: not on the taken card).
    taken_slot = play.order.index(top)
    assert not play.dimmed(play.cursor) and play.cursor != taken_slot
    dimmed = [slot for slot in range(len(play.order)) if play.dimmed(slot)]
    assert dimmed == [taken_slot]
    # On the taken card: named "taken, keep"; A does nothing but say why on the hint line.
    while play.cursor != taken_slot:
        play.key(K_LEFT)
    assert play.name_text() == "%s: taken, keep" % name(top)
    before = play.game.to_bytes()
    assert play.key(K_A) == flow.DRAW_HINT and play.event == flow.EVENT_NONE
    assert play.hint_text() == "Taken card stays: pick another"
    assert play.game.to_bytes() == before and play.phase == flow.PHASE_DISCARD
    # The next key puts the hint back; any other card goes.
    assert play.key(K_RIGHT) & flow.DRAW_HINT and play.hint_text().startswith("<> card")
    assert not play.dimmed(play.cursor)
    assert play.key(K_A) == flow.DRAW_ALL and play.event == flow.EVENT_PASS
    took, _ = play.obs["last_turns"][1]
    assert took == top


def _play_round(play, events, phases):
    """Keys until the round ends (every privacy screen passed); returns the event."""
    steps = 0
    while True:
        steps += 1
        assert steps < 3000
        if steps % 20 == 0:
            yield
        if play.phase not in phases:
            phases.append(play.phase)
        if play.covered:
            play.tick()
            assert play.event == flow.EVENT_PASS
            assert play.seat == play.game.current_player()
            play.uncover()
            continue
        seat = play.seat
        play.key(_policy_key(play))
        event = play.event
        if event and event not in events:
            events.append(event)
        if event == flow.EVENT_PASS:
            assert play.seat == (seat + 1) % play.game.num_players()
        if event == flow.EVENT_ROUND_END or event == flow.EVENT_OVER:
            return


def test_a_whole_match_through_every_event():
    # Two players to 25, by keys only: privacy screens, round ends and the next rounds,
    # to the match's end.
    play = _uncovered(5, engine.OPT_TARGET_25)
    play.key(K_SELECT)
    events = [play.event]
    phases = []
    rounds = 0
    while play.phase != flow.PHASE_OVER:
        rounds += 1
        assert rounds < 40
        yield from _play_round(play, events, phases)
        if play.phase not in phases:
            phases.append(play.phase)
        if play.event == flow.EVENT_OVER:
            break
        # The round is over, the match goes on: keys do nothing until the next deal.
        assert play.phase == flow.PHASE_ROUND_OVER
        number = play.obs["round"]
        before = play.game.to_bytes()
        assert play.key(K_A) == 0 and play.game.to_bytes() == before
        assert play.next_round() == flow.DRAW_ALL and play.event == flow.EVENT_PASS
        assert play.covered and play.phase == flow.PHASE_DRAW
        assert play.obs["round"] == number + 1 and play.seat == play.game.current_player()
        assert play.next_round() == 0  # only after a round
    for event in (flow.EVENT_LEGEND, flow.EVENT_PASS, flow.EVENT_ROUND_END, flow.EVENT_OVER):
        assert event in events, event
    for phase in (flow.PHASE_DRAW, flow.PHASE_DISCARD, flow.PHASE_ROUND_OVER, flow.PHASE_OVER):
        assert phase in phases, phase
    assert play.game.is_over() and max(play.obs["scores"]) >= 25
    # Over: no key, no next round.
    assert play.key(K_A) == 0 and play.next_round() == 0 and play.event == flow.EVENT_NONE


def test_three_players_pass_round_the_table_to_a_one_round_match():
    play = _uncovered(2, engine.OPT_THREE_PLAYERS | engine.OPT_ONE_ROUND)
    assert play.seat == 1 and play.board_text(3) == " P3 6c 0"
    assert play.round_info() == "Rd 1 1 round"
    seats = [play.seat]
    events = []
    phases = []
    # Privacy screens in turn order: 1, 2, 0, 1, ...
    steps = 0
    while play.phase != flow.PHASE_OVER:
        steps += 1
        assert steps < 3000
        if steps % 20 == 0:
            yield
        if play.covered:
            seats.append(play.seat)
            play.tick()
            play.uncover()
            continue
        play.key(_policy_key(play))
        if play.event and play.event not in events:
            events.append(play.event)
        if play.phase not in phases:
            phases.append(play.phase)
    for i in range(len(seats)):
        assert seats[i] == (1 + i) % 3
    assert len(seats) >= 4
    assert flow.EVENT_OVER in events and flow.EVENT_ROUND_END not in events
    assert play.obs["hands"] is not None and len(play.obs["hands"]) == 3
    assert play.obs["match_winner"] == play.obs["round_result"]["winner"]
