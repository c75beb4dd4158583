"""Device-side tests of games/bharg/flow.py: the display-free half of Bharg's screens (set-up
rows to options, the hand laid out by its arrangement, texts, and the play screen's state
machine ``flow.Play`` driven by keys), on CPython and MicroPython."""

from decktet.cards import FIRST_NUMBER, display_name, label
from games.bharg import engine, flow
from handheld.keys import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT, REFUSED

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
    # The seat rows: Player 1 is human; Player 3's row counts only with three players.
    assert flow.kinds_from_values([0, 1, 0, 2, 1]) == bytes((0, flow.KIND_NORMAL, 0))
    assert flow.kinds_from_values([1, 1, 0, 0, 1]) == bytes((0, 0, flow.KIND_EASY))
    assert flow.kinds_from_values([0, 1, 0, 0, 0]) == b"\0\0\0"
    import games.bharg

    assert len(games.bharg.SETUP) <= 6
    assert games.bharg.SETUP[flow.ROW_PLAYER_2][0] == "Player 2"
    assert games.bharg.SETUP[flow.ROW_PLAYER_2 + 1][0] == "Player 3"
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


def test_hand_layout_orders_sets_then_bound_then_unbound():
    sets = [[30, 31, 32, 33, 34, 35], [6, 7, 8]]
    cards, marks = flow.hand_layout((sets, [44], [21]))
    assert cards == [30, 31, 32, 33, 34, 35, 6, 7, 8, 44, 21]
    assert list(marks) == [1] * 6 + [2] * 3 + [flow.MARK_ACE, flow.MARK_NONE]
    cards, marks = flow.hand_layout(([], [], [6, 7]))
    assert cards == [6, 7] and list(marks) == [0, 0]


def test_hand_layout_of_a_real_arrangement():
    game = engine.Game(7)
    obs = game.observation(1)
    cards, marks = flow.hand_layout(obs["arrangement"])
    assert sorted(cards) == obs["hand"]
    unbound = 0
    for card, mark in zip(cards, marks):
        if mark == flow.MARK_NONE:
            unbound += engine.card_value(card)
    assert unbound == obs["unbound_value"]


def test_slot_xs_fit():
    # Eight cards fit 160 px, evenly, with every card's left 17 px showing.
    xs = flow.slot_xs(8, 160, 24, 2)
    assert xs[0] >= 0 and xs[-1] + 24 <= 160
    steps = [xs[i + 1] - xs[i] for i in range(7)]
    assert min(steps) >= 17 and max(steps) == min(steps)
    # Few cards sit side by side, centred.
    assert flow.slot_xs(2, 160, 24, 2) == [55, 81]
    assert flow.slot_xs(0, 160, 24, 2) == []


def test_pile_actions():
    assert flow._pile_action(flow.PILE_DECK) == engine.DRAW_DECK
    assert flow._pile_action(flow.PILE_DISCARD) == engine.TAKE_DISCARD


def test_turn_texts_fit_the_line():
    # Each card by its label (rank, suit icons) and its name.
    ace = label(0) + " Ace Moons"
    assert flow._turn_text(0, engine.FROM_DECK, 0) == "P1 drew, threw " + ace
    # Too long: the taken card by its label alone, then the discarded card too.
    assert flow._turn_text(1, 32, 6) == "P2 took %s, threw %s Author" % (label(32), label(6))
    long_line = flow._turn_text(2, 21, 38)
    assert long_line == "P3 took %s, threw %s" % (label(21), label(38))
    assert flow._turn_text(2, 21, 44) == "P3 took %s, threw X Excuse" % label(21)
    assert len(long_line) <= flow.SUMMARY_COLUMNS
    # Every card pair, and that the texts leave nothing behind: dtest_bharg.py
    # (test_turn_texts_with_suit_icons_leave_nothing_behind, one row a step).


def test_turn_summary_lists_the_others_in_turn_order():
    game = engine.Game(3, engine.OPT_THREE_PLAYERS)
    # Before anyone played: who dealt and why the first player starts.
    start = ["Round 1: P1 dealt, P2 starts", "(the player after the dealer)"]
    assert flow.turn_summary(game.observation(1)) == start
    assert flow.turn_summary(game.observation(0)) == start
    # Seats 1, 2 and 0 each draw and discard their lowest legal card.
    for _ in range(3):
        game.apply_action(engine.DRAW_DECK)
        game.apply_action(game.legal_actions()[0])
    obs = game.observation(1)
    lines = flow.turn_summary(obs)
    assert len(lines) == 2
    assert lines[0].startswith("P3 drew") and lines[1].startswith("P1 drew")
    took, discarded = obs["last_turns"][2]
    assert lines[0] == flow._turn_text(2, took, discarded)


def test_result_texts_and_stats():
    game = engine.Game(5, engine.OPT_ONE_ROUND)
    obs = game.observation(0)
    assert flow._round_text(obs) == "" and flow._target_text(obs) == "1 round"
    assert flow._target_text(engine.Game(5).observation(0)) == "to 50"
    fake = {
        "round_result": {"winner": 1, "points": 17, "unbound": [17, 0], "reason": "win"},
        "match_winner": 1,
        "scores": [0, 17],
    }
    assert flow._round_text(fake) == "P2 wins 17 pts"
    assert flow.match_text(fake) == "Player 2 wins!"
    assert flow.match_text(fake, b"\0\2\0") == "Player 2 (CPU) wins!"
    fake["target"] = 25
    fake["round"] = 3
    # Against a CPU the owner is "You".
    assert flow.final_text(fake, b"\0\1\0") == (
        "You: 0 pts\nPlayer 2 (CPU): 17 pts\nTarget 25, 3 rounds."
    )
    fake["round_result"]["winner"] = 0
    assert flow._round_text(fake, b"\0\1\0") == "You win 17 pts"
    assert flow._round_text(fake) == "P1 wins 17 pts"
    fake["match_winner"] = 0
    assert flow.match_text(fake, b"\0\1\0") == "You win!"
    fake["match_winner"] = 1
    assert not flow.won_for_stats(fake)
    fake["match_winner"] = 0
    assert flow.won_for_stats(fake)
    fake["match_winner"] = -1
    fake["round_result"] = {"winner": -1, "points": 0, "unbound": [3, 4], "reason": "turn limit"}
    assert flow._round_text(fake) == "no score"
    assert flow.match_text(fake).startswith("Draw")
    assert not flow.won_for_stats(fake)


# --- the play screen's state machine (flow.Play): every phase and event, by keys ------------


def _uncovered(seed=4, options=0):
    """A flow at the match's first turn, its privacy screen passed."""
    play = flow.Play(engine.Game(seed, options))
    play.tick(0, None)
    assert play.event == flow.EVENT_PASS
    play.uncover()
    return play


def _discard_slot(play):
    """The hand slot a greedy player discards: a legal card leaving the least unbound value
    (_discarding an Ace makes it the Ace Pile's top)."""
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
    assert play.tick(0, None) == 0 and play.event == flow.EVENT_PASS
    assert play.tick(0, None) == 0 and play.event == flow.EVENT_PASS
    play.uncover()
    assert not play.covered
    play.tick(0, None)
    assert play.event == flow.EVENT_NONE
    # The table: seat 1 (Player 2) to draw, the deck under the cursor.
    assert play.status_text() == "P2 draw a card" and play.round_info() == "Rd 1 to 50"
    assert play.board_text(0) == "Deck %d" % play.obs["deck_count"]
    assert play.board_text(1) == " P1 0 pts" and play.board_text(2) == ">P2 0 pts"
    assert play.board_text(3) == ""
    assert play.pile == flow.PILE_DECK and play.cursor == -1
    assert play.pile_lit(flow.PILE_DECK) and not play.pile_lit(flow.PILE_DISCARD)
    assert play.name_text() == "Draw from the deck"
    # (the round's first table with bars under the hand explains them instead)
    legend = "bars: blue/pink sets, green Ace"
    assert play.hint_text() == (legend if any(play.marks) else "<> pile  A take  SEL help")
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
    # The cursor starts on the unbound card worth most (``default_discard``); nothing is
    # dimmed (nothing was taken).
    assert play.cursor == play.default_discard() and len(hand) == 7
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
    assert play.name_text().startswith(display_name(card) + ": ")
    # A discards it: Player 1's turn, behind its privacy screen.
    assert play.key(K_A) == flow.DRAW_ALL and play.event == flow.EVENT_PASS
    assert play.covered and play.seat == 0 and play.phase == flow.PHASE_DRAW
    # (a discarded Ace goes on the Ace Pile)
    pile = "ace_top" if card < FIRST_NUMBER else "discard_top"
    assert play.obs[pile] == card and play.cursor == -1
    assert play.key(K_A) == 0 and play.phase == flow.PHASE_DRAW
    play.uncover()
    assert play.board_text(1) == ">P1 0 pts" and play.board_text(2) == " P2 0 pts"
    assert flow.turn_summary(play.obs) == [flow._turn_text(1, engine.FROM_DECK, card)]


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded():
    play = _uncovered()
    top = play.obs["discard_top"]
    assert engine.TAKE_DISCARD in play.legal and not play.discard_dimmed()
    assert play.key(K_RIGHT) == flow.DRAW_PILES | flow.DRAW_NAME
    assert play.pile == flow.PILE_DISCARD and play.pile_lit(flow.PILE_DISCARD)
    assert play.name_text() == "Take %s" % display_name(top)
    play.key(K_LEFT)
    assert play.pile == flow.PILE_DECK
    play.key(K_RIGHT)
    assert play.key(K_A) == flow.DRAW_ALL and play.phase == flow.PHASE_DISCARD
    assert play.obs["taken"] == top and top in play.order
    # The cursor starts on a card that may go (not on the taken card).
    taken_slot = play.order.index(top)
    assert not play.dimmed(play.cursor) and play.cursor != taken_slot
    dimmed = [slot for slot in range(len(play.order)) if play.dimmed(slot)]
    assert dimmed == [taken_slot]
    # On the taken card: named "taken, keep"; A does nothing but say why on the hint line.
    while play.cursor != taken_slot:
        play.key(K_LEFT)
    assert play.name_text() == "%s: taken, keep" % display_name(top)
    before = play.game.to_bytes()
    assert play.key(K_A) == REFUSED | flow.DRAW_HINT and play.event == flow.EVENT_NONE
    assert play.refusal == play.hint_text() == "Taken card stays: pick another"
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
        if steps % 200 == 0:
            yield
        if play.phase not in phases:
            phases.append(play.phase)
        if play.covered:
            play.tick(0, None)
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
    assert play.seat == 1 and play.board_text(3) == " P3 0 pts"
    assert play.round_info() == "1 round"
    seats = [play.seat]
    events = []
    phases = []
    # Privacy screens in turn order: 1, 2, 0, 1, ...
    steps = 0
    while play.phase != flow.PHASE_OVER:
        steps += 1
        assert steps < 3000
        if steps % 200 == 0:
            yield
        if play.covered:
            seats.append(play.seat)
            play.tick(0, None)
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


# --- undo ---------------------------------------------------------------------------


def test_undo_goes_back_to_the_turns_start_exactly_and_never_past_a_deck_draw():
    play = _uncovered()
    before = play.game.to_bytes()
    assert not play.can_undo() and play.undo() == 0
    # Take the discard top: public, so it may be undone (the hint says B).
    top = play.obs["discard_top"]
    play.key(K_RIGHT)
    assert play.key(K_A) == flow.DRAW_ALL and play.obs["taken"] == top
    assert play.can_undo() and play.hint_text() == "<> card  A discard  B undo"
    changes = play.applied
    # Undo: the engine state exactly as before the take, the discard top under the cursor.
    assert play.undo() == flow.DRAW_ALL and play.event == flow.EVENT_NONE
    assert play.game.to_bytes() == before
    assert play.phase == flow.PHASE_DRAW and play.pile == flow.PILE_DISCARD
    assert play.cursor == -1 and play.obs["taken"] == -1 and play.obs["discard_top"] == top
    # An undo is a change too: the count never goes back (the autosave sees it).
    assert play.applied == changes + 1
    assert not play.can_undo() and play.undo() == 0
    # B undoes as well.
    assert play.key(K_A) == flow.DRAW_ALL and play.can_undo()
    assert play.key(K_B) == flow.DRAW_ALL and play.game.to_bytes() == before
    assert play.applied == changes + 3
    # A card drawn from the deck was hidden: no undo; B says why.
    play.key(K_LEFT)
    assert play.pile == flow.PILE_DECK
    play.key(K_A)
    drawn = play.game.to_bytes()
    assert play.phase == flow.PHASE_DISCARD and not play.can_undo()
    assert play.undo() == 0 and play.game.to_bytes() == drawn
    assert play.key(K_B) == REFUSED | flow.DRAW_HINT
    assert play.refusal == play.hint_text() == "No undo after a deck draw"
    assert play.game.to_bytes() == drawn and play.phase == flow.PHASE_DISCARD
    # The discard ends the turn: nothing to undo on the next seat's.
    play.key(K_A)
    assert play.event == flow.EVENT_PASS and not play.can_undo()
    play.uncover()
    assert not play.can_undo()


def test_undo_after_a_take_then_the_same_turn_again():
    # Take, undo, draw from the deck instead: the game goes on as if the take never was.
    play = _uncovered(9)
    twin = engine.Game.from_bytes(play.game.to_bytes())
    play.key(K_RIGHT)
    play.key(K_A)
    play.key(K_B)
    play.key(K_LEFT)
    play.key(K_A)
    twin.apply_action(engine.DRAW_DECK)
    assert play.game.to_bytes() == twin.to_bytes()


# --- CPU seats -----------------------------------------------------------------------


def _tick_until(play, now, done, limit=5000):
    """Tick every 10 ms until ``done(play)``; returns the time. No tick opens a screen."""
    steps = 0
    while not done(play):
        steps += 1
        assert steps < limit
        now += 10
        play.tick(now, None)
        assert play.event == flow.EVENT_NONE, play.event
    return now


def test_a_cpu_seat_moves_in_ticks_and_its_move_stays_on_show():
    game = engine.Game(4)
    twin = engine.Game.from_bytes(game.to_bytes())
    play = flow.Play(game, b"\0\2\0")
    # Player 2 (CPU) starts: Player 1 (the only human) watches, with no privacy screen.
    assert play.seat == 0 and play.covered
    assert play.tick(0, None) == 0 and play.event == flow.EVENT_NONE and not play.covered
    assert play.waiting() and play.legal == []
    assert play.tick(10, None) == flow.DRAW_TABLE and play.cpu.busy
    assert play.status_text() == "P2 (CPU) thinking"
    assert play.hint_text() == "wait for the CPU  SEL help"
    # Keys do nothing while it thinks (SELECT still explains the bars).
    before = play.game.to_bytes()
    for key in (K_A, K_B, K_LEFT, K_RIGHT):
        assert play.key(key) == 0 and play.event == flow.EVENT_NONE
    assert play.game.to_bytes() == before and play.key(K_SELECT) == 0
    assert play.event == flow.EVENT_LEGEND
    # Its decision takes several frames (CPU_STEPS units each), then its move is shown.
    ticks = [0]

    def moved(play):
        ticks[0] += 1
        return play.mover >= 0

    now = _tick_until(play, 10, moved)
    assert ticks[0] > 3
    # The same moves as the player deciding at once, from the same observations.
    from games.bharg.cpu import Player

    shadow = Player(1, "normal", 1)
    for _ in range(2):
        twin.apply_action(shadow.choose(twin.observation(1), twin.legal_actions()))
    assert play.game.to_bytes() == twin.to_bytes()
    took, discarded = play.obs["last_turns"][1]
    assert discarded >= 0 and play.mover == 1
    assert play.status_text() == "P2 (CPU) moved"
    # Said once, on the summary line; the name line points there.
    assert play.name_text() == "P2 (CPU) played: see above"
    assert flow._turn_text(1, took, discarded) in flow.turn_summary(play.obs)
    assert play.hint_text() == "A go on  SEL help" and not play.legal
    # It stays on show for PAUSE_MS, then Player 1's turn (no privacy screen).
    assert play.tick(now + flow.PAUSE_MS - 10, None) == 0 and play.mover == 1
    assert play.tick(now + flow.PAUSE_MS, None) == flow.DRAW_ALL and play.event == flow.EVENT_NONE
    assert play.mover == -1 and play.seat == 0 and play.drawing() and not play.covered
    assert play.status_text() == "You draw a card"  # (against a CPU)
    # Player 1 takes the discard top and discards; then A skips the CPU's pause, and
    # Player 1's next turn starts on the deck again (the discard pile may be empty).
    now += flow.PAUSE_MS
    assert engine.TAKE_DISCARD in play.legal
    play.key(K_RIGHT)
    play.key(K_A)
    assert play.obs["taken"] >= 0
    while play.phase == flow.PHASE_DISCARD and play.legal:
        play.key(K_A)
    assert play.event == flow.EVENT_NONE and play.seat == 0 and play.waiting()
    assert not play.can_undo()
    now = _tick_until(play, now, moved)
    # (DRAW_WAIT: the turn after the CPU's move came by itself.)
    assert play.key(K_A) == flow.DRAW_ALL | flow.DRAW_WAIT and play.mover == -1
    assert play.drawing()
    assert play.pile == flow.PILE_DECK and play.name_text() == "Draw from the deck"


def test_privacy_screens_only_between_human_seats():
    # Three players: Player 2 is a CPU, Players 1 and 3 pass the device between them.
    play = flow.Play(engine.Game(2, engine.OPT_THREE_PLAYERS | engine.OPT_ONE_ROUND), b"\0\1\0")
    # Player 2 (CPU) starts; Player 3, the next human, watches it, after the privacy screen.
    assert play.seat == 2 and play.covered
    play.tick(0, None)
    assert play.event == flow.EVENT_PASS
    play.uncover()
    passes = [2]
    now = 0
    steps = 0
    while play.phase <= flow.PHASE_DISCARD:
        steps += 1
        assert steps < 20000
        if steps % 200 == 0:
            yield
        now += 10
        if play.covered:
            play.tick(now, None)
            assert play.event == flow.EVENT_PASS
            passes.append(play.seat)
            play.uncover()
        elif play.legal:
            play.key(_policy_key(play))
        else:
            play.tick(now, None)
            assert play.event in (flow.EVENT_NONE, flow.EVENT_OVER)
        assert play.seat != 1
    # The device went 3 -> 1 -> 3 -> ...: never to the CPU's seat.
    assert len(passes) >= 3
    for i in range(len(passes)):
        assert passes[i] == (2, 0)[i % 2]
    assert play.event == flow.EVENT_OVER


def test_two_cpus_play_a_one_round_match_with_one_human_and_no_privacy_screen():
    play = flow.Play(engine.Game(6, engine.OPT_THREE_PLAYERS | engine.OPT_ONE_ROUND), b"\0\1\2")
    assert play.cpus[1].easy and not play.cpus[2].easy and play.cpus[0] is None
    now = 0
    steps = 0
    shown = []
    while play.phase <= flow.PHASE_DISCARD:
        steps += 1
        assert steps < 40000
        if steps % 200 == 0:
            yield
        now += 10
        assert not play.covered or steps == 1
        if play.legal:
            play.key(_policy_key(play))
        elif play.mover >= 0:
            # A goes on at once.
            if play.mover not in shown:
                shown.append(play.mover)
            play.key(K_A)
        else:
            play.tick(now, None)
        assert play.event in (flow.EVENT_NONE, flow.EVENT_OVER, flow.EVENT_ROUND_END)
        assert play.seat == 0
    if play.mover >= 0:
        # A CPU's discard ended it: its move is on show first, then the round's end.
        shown.append(play.mover)
        assert play.event == flow.EVENT_NONE
        play.tick(now + flow.PAUSE_MS, None)
    assert play.game.is_over() and play.event == flow.EVENT_OVER
    assert 1 in shown and 2 in shown


def test_no_undo_of_a_take_in_a_continued_game():
    # The snapshot is not saved: after a resume, B says why it cannot undo the take.
    play = _uncovered()
    play.key(K_RIGHT)
    play.key(K_A)
    again = flow.Play(engine.Game.from_bytes(play.game.to_bytes()))
    again.tick(0, None)
    again.uncover()
    assert again._discarding() and again.obs["taken"] >= 0 and not again.can_undo()
    assert again.key(K_B) == REFUSED | flow.DRAW_HINT
    assert again.refusal == again.hint_text() == "No undo in a continued game"
