"""Device-side tests of Bharg (games/bharg): the binding helpers, scenarios with explicit
decks, the rulings of docs/RULINGS.md "## Bharg", and the shared conformance check."""

import conformance
from devtools import raises

from decktet.cards import WITH_EXCUSE, WITH_PAWNS, deck
from games.bharg import engine
from games.bharg.binding import all_bound, best_arrangement, card_value, is_set, unbound_value

# Card codes used below (suits in brackets): Aces 0..5 Moons, Suns, Waves, Leaves, Wyrms,
# Knots; the 2s Author 6 [MK], Desert 7 [SY], Origin 8 [WL]; the 3s Journey 9 [MW],
# Painter 10 [SK], Savage 11 [LY]; Mountain 12 [MS], Sailor 13 [WL], Battle 14 [YK],
# Forest 15 [ML], Soldier 17 [YK], Market 20 [LK], Castle 22 [SK], Diplomat 24 [MS],
# Pact 27 [MS], Betrayal 26 [YK]; Crowns 30..35 Huntress [M], Bard [S], Sea [W], End [L],
# Calamity [Y], Windfall [K]; Pawns Harvest 36 [MSL], Watchman 37 [MYK], Light Keeper 38
# [SWK], Borderland 39 [WLY]; Excuse 44.
ACE_SUNS = 1
ACE_WAVES = 2
EXCUSE = 44


def make_deck(hands, turned, draws, options=0):
    """A first-round deal order: ``hands[seat]`` dealt one card at a time starting with seat 1
    (left of dealer seat 0), then the turned-up cards, then the draw pile top first, then the
    cards not named, ascending."""
    seats = len(hands)
    order = []
    for index in range(len(hands[0])):
        for step in range(1, seats + 1):
            order.append(hands[step % seats][index])
    order.extend(turned)
    order.extend(draws)
    flags = 0
    if options & engine.OPT_PAWNS:
        flags |= WITH_PAWNS
    if options & engine.OPT_EXCUSE:
        flags |= WITH_EXCUSE
    for card in deck(flags):
        if card not in order:
            order.append(card)
    return order


# Seat 1 holds two sets (the 2s and the 3s) and the Bard [S]; seat 0's best arrangement
# binds Soldier (5) rather than Battle (4).
WINNER_HAND = [6, 7, 8, 9, 10, 11, 31]
LOSER_HAND = [12, 13, 14, 17, 24, 33, 35]


def test_is_set():
    assert is_set([6, 7, 8])  # three 2s
    assert is_set([30, 31, 32, 33, 34, 35])  # six Crowns
    assert is_set([12, 13, 14])  # Mountain, Sailor, Battle
    assert not is_set([36, 2, 19, 35])  # Penitent [SY] repeats Suns with Harvest
    assert is_set([36, 2, 34, 35])  # Harvest [MSL] + Ace Waves + Calamity + Windfall
    assert not is_set([6, 7])
    assert not is_set([6, 7, 8, EXCUSE])  # the Excuse never helps a set
    assert not is_set([12, 24, 13, 14])  # Mountain and Diplomat share Moons and Suns
    assert not is_set([12, 13, 30])  # Wyrms and Knots missing


def test_card_values():
    assert [card_value(card) for card in (0, 5, 6, 29, 30, 36, 39, EXCUSE)] == [
        1,
        1,
        2,
        9,
        10,
        10,
        10,
        0,
    ]


def test_binding_known_hands():
    # All bound: two sets and the Bard under the Ace of Suns.
    assert all_bound(WINNER_HAND, ACE_SUNS)
    assert unbound_value(WINNER_HAND, ACE_SUNS) == 0
    # With no Ace the Bard is unbound.
    assert not all_bound(WINNER_HAND, -1)
    assert unbound_value(WINNER_HAND, -1) == 10
    # The Excuse is always bound and worth nothing.
    assert all_bound([6, 7, 8, EXCUSE], -1)
    # Best arrangement: set Diplomat/Sailor/Soldier (or Mountain) leaves Battle, End, Windfall.
    assert unbound_value(LOSER_HAND, ACE_SUNS) == 4 + 10 + 10
    sets, bound_outside, unbound = best_arrangement(LOSER_HAND, ACE_SUNS)
    assert len(sets) == 1 and is_set(sets[0]) and 17 in sets[0] and 13 in sets[0]
    assert sorted(unbound) == [14, 33, 35]
    for card in bound_outside:
        assert card in (12, 24)
    # A Pawn is bound by an Ace matching any of its suits, and gives all three to a set.
    assert all_bound([37], 4)  # Watchman [MYK], Ace of Wyrms
    assert not all_bound([37], 1)
    assert all_bound([36, 2, 34, 35], -1)


def test_setup_turns_up_aces():
    order = make_deck([LOSER_HAND, WINNER_HAND], [0, 3, 22], [15])
    game = engine.Game(5, 0, order)
    view = game.observation(1)
    assert view["hand"] == WINNER_HAND
    assert game.observation(0)["hand"] == sorted(LOSER_HAND)
    assert view["ace_top"] == 3 and view["ace_count"] == 2
    assert view["discard_top"] == 22 and view["discard_count"] == 1
    assert view["deck_count"] == 36 - 14 - 3
    assert view["hand_counts"] == [7, 7]
    assert game.current_player() == 1 and view["dealer"] == 0
    assert view["phase"] == engine.PHASE_DRAW and view["hands"] is None
    assert view["last_turns"] == [(-1, -1), (-1, -1)]
    assert game.legal_actions() == [engine.DRAW_DECK, engine.TAKE_DISCARD]


def test_three_players_deal_left_of_dealer():
    # No hand holds a set, so nobody wins in the first three turns.
    hands = [[6, 9, 12, 15, 18, 21], [7, 10, 13, 16, 19, 22], [8, 11, 14, 17, 20, 23]]
    options = engine.OPT_THREE_PLAYERS | engine.OPT_EXCUSE | engine.OPT_PAWNS
    game = engine.Game(1, options, make_deck(hands, [EXCUSE], [36, 24, 25], options))
    for seat in range(3):
        assert game.observation(seat)["hand"] == hands[seat]
    assert game.observation(0)["discard_top"] == EXCUSE
    assert game.observation(0)["deck_count"] == 41 - 18 - 1
    order = []
    for _ in range(3):
        order.append(game.current_player())
        game.apply_action(engine.DRAW_DECK)
        drawn = game.legal_actions()
        game.apply_action(drawn[-1])
    assert order == [1, 2, 0]


def test_draw_from_deck_and_win_scores_best_arrangement():
    # Ruling 3: the win is automatic once every card is bound after a discard.
    order = make_deck([LOSER_HAND, WINNER_HAND], [ACE_SUNS, 22], [15])
    game = engine.Game(0, engine.OPT_TARGET_25, order)
    game.apply_action(engine.DRAW_DECK)
    view = game.observation(1)
    assert 15 in view["hand"] and view["deck_count"] == 36 - 14 - 2 - 1
    # Already all bound before discarding, but the round goes on until the discard.
    assert not game.is_over() and view["phase"] == engine.PHASE_DISCARD
    assert engine.DISCARD_BASE + 15 in game.legal_actions()  # a drawn card may go straight back
    game.apply_action(engine.DISCARD_BASE + 15)
    view = game.observation(0)
    result = view["round_result"]
    assert result["winner"] == 1 and result["reason"] == "win"
    assert result["points"] == 24 and result["unbound"] == [24, 0]
    assert game.scores() == [0, 24]
    assert view["hands"] == [sorted(LOSER_HAND), WINNER_HAND]
    assert view["last_turns"][1] == (engine.FROM_DECK, 15)
    assert view["phase"] == engine.PHASE_ROUND_OVER and not view["game_over"]
    assert game.legal_actions() == [engine.NEXT_ROUND]
    assert game.current_player() == 1
    # 24 < 25: the match goes on; the deal passes to seat 1, so seat 0 starts.
    game.apply_action(engine.NEXT_ROUND)
    view = game.observation(0)
    assert view["round"] == 2 and view["dealer"] == 1 and game.current_player() == 0
    assert view["hand_counts"] == [7, 7] and view["round_result"] is None
    assert game.scores() == [0, 24]
    assert view["last_turns"] == [(-1, -1), (-1, -1)]


def test_take_discard_and_ruling_1():
    # Ruling 1: the card taken from the discard pile may not be discarded on the same turn.
    order = make_deck([LOSER_HAND, WINNER_HAND], [22], [15])
    game = engine.Game(0, 0, order)
    game.apply_action(engine.TAKE_DISCARD)
    view = game.observation(1)
    assert 22 in view["hand"] and view["taken"] == 22
    assert view["discard_count"] == 0 and view["discard_top"] == -1
    assert engine.DISCARD_BASE + 22 not in game.legal_actions()
    assert len(game.legal_actions()) == 7
    saved = game.to_bytes()
    raises(
        ValueError,
        lambda: game.apply_action(engine.DISCARD_BASE + 22),
        "discarding the card just taken was accepted",
    )
    assert game.to_bytes() == saved
    game.apply_action(engine.DISCARD_BASE + 31)  # the Bard
    view = game.observation(0)
    assert view["last_turns"][1] == (22, 31)
    assert view["discard_top"] == 31 and view["taken"] == -1
    # Seat 0 cannot see seat 1's cards during the round.
    assert view["hands"] is None and 22 not in view["hand"]
    # The empty-pile case: only the deck is offered when the discard pile is empty.
    game.apply_action(engine.TAKE_DISCARD)
    game.apply_action(engine.DISCARD_BASE + 12)
    game.apply_action(engine.TAKE_DISCARD)
    game.apply_action(engine.DISCARD_BASE + 22)  # taken on an earlier turn: allowed
    assert game.observation(0)["discard_top"] == 22


def test_ace_discard_changes_binding():
    # Seat 1's Sea [W] is unbound until seat 1 discards the Ace of Waves onto the Ace Pile.
    hand = [6, 7, 8, 9, 10, 11, 32]
    order = make_deck([LOSER_HAND, hand], [22], [ACE_WAVES])
    game = engine.Game(0, 0, order)
    assert game.observation(1)["ace_top"] == -1
    game.apply_action(engine.DRAW_DECK)
    sets, bound_outside, unbound = game.observation(1)["arrangement"]
    assert len(sets) == 2 and sorted(unbound) == [ACE_WAVES, 32]
    assert game.describe(engine.DISCARD_BASE + ACE_WAVES) == (
        "discard the Ace of Waves onto the Ace Pile"
    )
    game.apply_action(engine.DISCARD_BASE + ACE_WAVES)
    view = game.observation(1)
    assert view["ace_top"] == ACE_WAVES and view["discard_top"] == 22
    assert view["round_result"]["winner"] == 1
    # Seat 0 scored against the Ace of Waves: Sailor [WL] is now bound by it.
    assert view["round_result"]["points"] == unbound_value(LOSER_HAND, ACE_WAVES)


def test_match_reaches_default_target():
    # Seat 0 holds 53 points unbound (no Moons, Suns or Waves: no set possible).
    loser = [14, 17, 20, 26, 33, 34, 35]
    game = engine.Game(0, 0, make_deck([loser, WINNER_HAND], [ACE_SUNS, 22], [15]))
    game.apply_action(engine.DRAW_DECK)
    game.apply_action(engine.DISCARD_BASE + 15)
    assert game.is_over() and game.current_player() == -1 and game.legal_actions() == []
    assert game.scores() == [0, 53]
    view = game.observation(0)
    assert view["game_over"] and view["match_winner"] == 1 and view["target"] == 50
    assert view["phase"] == engine.PHASE_OVER


# Hands that no Ace can fully bind and that hold no set (seat 1 lacks Wyrms and Knots,
# seat 0 lacks Moons, Suns and Waves), for playing out the draw pile.
_NEVER_WIN_1 = [12, 15, 24, 27, 30, 31, 32]
_NEVER_WIN_0 = [14, 17, 20, 26, 33, 34, 35]


def test_rebuilds_and_ruling_2():
    # Ruling 2: an empty draw pile is rebuilt from all but the top of the discard pile and
    # of the Ace Pile; the third time it runs out, the round ends with no score.
    order = make_deck([_NEVER_WIN_0, _NEVER_WIN_1], [22], [])
    game = engine.Game(3, 0, order)
    assert game.observation(0)["deck_count"] == 21
    rebuilt_sizes = []
    turns = 0
    while not game.is_over() and game.observation(0)["phase"] == engine.PHASE_DRAW:
        before = game.observation(0)
        game.apply_action(engine.DRAW_DECK)
        hand = game.observation(game.current_player())["hand"]
        drawn = [card for card in hand if card not in _NEVER_WIN_0 + _NEVER_WIN_1]
        game.apply_action(engine.DISCARD_BASE + drawn[0])
        turns += 1
        after = game.observation(0)
        if after["rebuilds"] != before["rebuilds"]:
            assert after["discard_count"] == 1 and after["ace_count"] == 1
            assert after["discard_top"] == drawn[0] or after["ace_top"] == drawn[0]
            rebuilt_sizes.append(after["deck_count"])
        yield
    # 21 cards, then 36 - 14 - 2 = 20 each rebuild; the third exhaustion ends the round.
    assert rebuilt_sizes == [20, 20]
    assert turns == 21 + 20 + 20
    view = game.observation(0)
    assert view["phase"] == engine.PHASE_ROUND_OVER
    result = view["round_result"]
    assert result["winner"] == -1 and result["points"] == 0 and result["reason"] == "rebuilt twice"
    ace_top = view["ace_top"]
    assert result["unbound"] == [
        unbound_value(_NEVER_WIN_0, ace_top),
        unbound_value(_NEVER_WIN_1, ace_top),
    ]
    assert game.scores() == [0, 0]
    assert game.legal_actions() == [engine.NEXT_ROUND]


def test_describe_and_save_round_trip():
    game = engine.Game(7, engine.OPT_EXCUSE | engine.OPT_PAWNS)
    assert game.describe(engine.DRAW_DECK) == "draw from the deck"
    assert game.describe(engine.TAKE_DISCARD).startswith("take the ")
    saved = game.to_bytes()
    assert engine.Game.from_bytes(saved).to_bytes() == saved
    raises(ValueError, lambda: engine.Game.from_bytes(saved[:-1]), "a short save was accepted")
    for bad in (64, engine.OPT_TARGET_25 | engine.OPT_TARGET_100):
        raises(ValueError, lambda: engine.Game(0, bad), "bad options accepted")


def test_conformance_on_device():
    for _ in conformance.run_all(engine, range(2)):
        yield


def test_turn_texts_with_suit_icons_leave_nothing_behind():
    # The turn texts name cards with the suit icons (characters 127..132): every card pair's
    # text is freed like any other string (2,025 texts). One row of 45 a step: the gate
    # collects garbage between steps (this port cannot in the middle of a call from
    # JavaScript), so the live heap after the last row shows what the texts kept.
    import gc

    from games.bharg import flow

    flow._turn_text(2, 21, 38)  # the first text interns the icon characters
    yield
    # CPython has no gc.mem_alloc: there the texts are made and nothing is measured.
    measured = hasattr(gc, "mem_alloc")
    start = gc.mem_alloc() if measured else 0
    for took in range(45):
        for discarded in range(45):
            flow._turn_text(2, took, discarded)
        yield
    if measured:
        left = gc.mem_alloc() - start
        assert left < 512, left
