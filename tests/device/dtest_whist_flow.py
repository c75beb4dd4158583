"""Device tests of games.whist.flow: the Gongor Whist play screen's logic without a display
(set-up mapping, bid picker, cursor, twiddle choice, results, summaries). Runs on CPython
and on MicroPython (the runtime gate)."""

from decktet import cards
from decktet.search import units
from games.whist import SETUP, engine, flow
from games.whist.engine import Game
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP, REFUSED


def _a(f):
    """A; the event it led to."""
    f.key(K_A)
    return f.event


def test_options_from_set_up_rows():
    assert flow.options_from_values([0, 0, 1, 0]) == 0
    assert flow.options_from_values([0, 0, 0, 0]) == engine.OPT_EASY
    assert flow.options_from_values([3, 1, 1, 3]) == (
        engine.OPT_PAWNS | engine.OPT_EXCUSE | engine.OPT_UNDER | engine.OPT_PASSES_5
    )
    assert flow.options_from_values([1, 0, 1, 1]) == engine.OPT_PAWNS | engine.OPT_PASSES_2
    assert flow.options_from_values([2, 0, 1, 2]) == engine.OPT_EXCUSE | engine.OPT_PASSES_3
    # Every row choice maps to a distinct engine option set the engine accepts.
    # The Pawns in hands of seven; the coach row (a fifth value) is no rule.
    assert flow.options_from_values([4, 0, 1, 0]) == engine.OPT_PAWNS | engine.OPT_SEVEN
    assert flow.options_from_values([5, 1, 0, 0, 1]) == (
        engine.OPT_PAWNS | engine.OPT_EXCUSE | engine.OPT_SEVEN | engine.OPT_UNDER | engine.OPT_EASY
    )
    assert Game(1, flow.options_from_values([4, 0, 0, 0])).observation(0)["hand_size"] == 7
    assert Game(1, flow.options_from_values([1, 0, 0, 0])).observation(0)["hand_size"] == 8
    seen = []
    for deck in range(len(flow.DECK_CHOICES)):
        for under in range(2):
            for mode in range(2):
                for passes in range(4):
                    options = flow.options_from_values([deck, under, mode, passes])
                    assert options not in seen
                    seen.append(options)
                    Game(1, options)
    assert len(flow.DECK_CHOICES) == 6 and len(flow.PASSES_CHOICES) == 4
    assert len(SETUP) <= 6 and SETUP[4] == ("Coach", ("Off", "On"))


def test_texts():
    assert flow.trump_name(0) == "no trump"
    assert flow.trump_name(2) == "Suns"
    assert flow.trump_ace(0) == -1
    assert flow.trump_ace(1) == 0 and flow.trump_ace(32) == 5
    assert flow.signed(3) == "+3" and flow.signed(-2) == "-2" and flow.signed(0) == "0"
    assert flow.bid_text(1, True) == "1 (win it)" and flow.bid_text(0, True) == "0 (lose it)"
    assert flow.bid_text(4, False) == "4"
    assert flow._hand_summary((1, 3, 2, -4), -1) == (
        "Aft hand: bid 3, took 2.\nMissed: -4 points.\nScore: -1"
    )
    assert flow._hand_summary((0, 2, 2, 2), 2).startswith("Fore hand: bid 2, took 2.\nMade it: +2")
    assert flow.won(1) and not flow.won(0) and not flow.won(-3)
    assert flow.final_text(4) == "Final score: 4\nYou stayed positive: a win!"
    assert flow.final_text(0).endswith("a loss.")
    # "+1 point", not "+1 points".
    assert flow._points_text(1) == "+1 point" and flow._points_text(-1) == "-1 point"
    assert flow._points_text(0) == "0 points" and flow._points_text(4) == "+4 points"
    assert (
        flow._hand_summary((2, 1, 1, 1), 3)
        == "Under hand: bid 1, took 1.\nMade it: +1 point.\nScore: 3"
    )
    assert flow._passes_text([2, -1]) == "Pass 1: +2 points\nPass 2: -1 point\n"
    # What decided a trick (engine.trick_reason), with and without "Won: "/"Lost: ".
    assert flow._reason_text(12, 27, 32, True) == "Lost: same suit, dummy's higher"
    assert flow._reason_text(12, 27, 32, False) == "Same suit, dummy's higher"
    assert flow._reason_text(30, 24, 1, True) == "Won: your trump was higher"
    assert len(flow._REASONS) == engine.WHY_HIGHER + 1
    for text in flow._REASONS:
        assert len("Lost: " + text) <= 31


def test_bid_picker_clamps_and_bids():
    game = Game(7, engine.OPT_UNDER)
    f = flow.Play(game)
    assert f.step == flow.STEP_BID and f.bid == 1
    assert not f.key(K_LEFT)  # the fore hand's minimum is 1
    for _ in range(10):
        f.key(K_RIGHT)
    assert f.bid == 7
    assert f.status_bid() == "Bidding: 1-7 tricks"
    for _ in range(4):
        f.key(K_LEFT)
    assert f.bid == 3
    assert _a(f) == flow.EVENT_NONE
    assert game.observation(0)["bid"] == 3
    assert f.step == flow.STEP_PLAY
    assert f.status_bid() == "Bid 3  Won 0  Trick 1/7"


def test_cursor_starts_legal_and_illegal_play_changes_nothing():
    # Find a deal whose first trick has an illegal card in hand.
    seed = 0
    while True:
        game = Game(seed, 0)
        f = flow.Play(game)
        f.key(K_A)
        if len(f.legal) < len(f.hand()):
            break
        seed += 1
    assert f.card_at_cursor() in f.legal
    hand = f.hand()
    illegal = 0
    while hand[illegal] in f.legal:
        illegal += 1
    while f.cursor != illegal:
        f.key(K_RIGHT)
    before = game.to_bytes()
    # Refused (handheld.keys.REFUSED): nothing happens, the reason is for the detail line.
    assert f.key(K_A) == REFUSED and f.event == flow.EVENT_NONE
    assert f.refusal == "Dimmed: follow the dummy"
    assert game.to_bytes() == before and f.step == flow.STEP_PLAY
    # Wraps around both ways.
    count = len(hand)
    f.cursor = 0
    f.key(K_LEFT)
    assert f.cursor == count - 1
    f.key(K_RIGHT)
    assert f.cursor == 0


def test_twiddle_choice_and_result():
    game = Game(3, 0)
    f = flow.Play(game)
    f.key(K_A)  # bid 1
    played = f.card_at_cursor()
    f.key(K_A)
    assert f.step == flow.STEP_TWIDDLE and f.twiddle == 0
    assert f.twiddle_text() == "5 Aces"
    # Whose card wins the trick if kept: the result after "keep" says the same.
    at_choice = game.observation(0)
    winning = f.winning_text()
    assert winning.endswith(" wins now") and len(winning) <= 31
    f.key(K_RIGHT)
    assert f.twiddle == 1
    f.key(K_RIGHT)
    assert f.twiddle == 0
    f.key(K_RIGHT)
    assert _a(f) == flow.EVENT_NONE
    # Two presses a trick: the result stays beside the next trick, held.
    assert f.step == flow.STEP_PLAY and f.hold
    obs = game.observation(0)
    assert obs["aces_left"] == 4
    mine, dummy, won, trump = obs["last_trick"]
    assert f.shown_trick() == obs["last_trick"]
    assert mine == played and f.shown_trump() == trump == obs["trump"]
    assert f.trick_text() == flow._reason_text(mine, dummy, trump, True)
    assert f.trick_text().startswith("Won: " if won else "Lost: ")
    # (Twiddled: the new trump decided it; as it stood, the kept trump's winner was named.)
    kept = engine.player_wins(played, dummy, at_choice["trump"])
    name = cards.display_name(played if kept else dummy)
    assert winning == ("Your %s wins now" if kept else "Dummy's %s wins now") % name
    assert engine.player_wins(mine, dummy, trump) == won
    assert f.status_bid() == "Bid 1  Won %d  Trick 2/7" % (1 if won else 0)
    f.key(K_RIGHT)  # the cursor moves; the result stays on show
    assert not f.hold and f.shown_trick() == obs["last_trick"]


def _play_out(options, seed, bids, summaries):
    """A generator playing a whole session through Play, yielding per step; appends each
    summary text with the engine's score at that moment to ``summaries``."""
    game = Game(seed, options)
    f = flow.Play(game)
    trick = 0
    while True:
        step = f.step
        if step == flow.STEP_BID:
            want = bids[f.obs["hand_index"]]
            while f.bid < want and f.key(K_RIGHT):
                pass
            while f.bid > want and f.key(K_LEFT):
                pass
            event = _a(f)
        elif step == flow.STEP_PLAY:
            while f.card_at_cursor() not in f.legal:
                f.key(K_RIGHT)
            event = _a(f)
            trick += 1
        elif step == flow.STEP_TWIDDLE:
            if trick % 2:
                f.key(K_RIGHT)
            event = _a(f)
        else:
            event = _a(f)
        if event == flow.EVENT_HAND_OVER or event == flow.EVENT_GAME_OVER:
            summaries.append((f.summary(), game.scores()[0]))
        if event == flow.EVENT_GAME_OVER:
            break
        yield
    assert f.step == flow.STEP_OVER and game.is_over()


def test_whole_sessions_summaries_match_the_engine():
    for options, hands in ((engine.OPT_UNDER, 3), (engine.OPT_PASSES_2 | engine.OPT_PAWNS, 4)):
        summaries = []
        for _ in _play_out(options, 11, (2, 1, 0), summaries):
            yield
        assert len(summaries) == hands
        running = 0
        for text, score in summaries:
            start = text.index(": ", text.index("\n")) + 2  # "Made it: " or "Missed: "
            points = int(text[start : text.index(" point", start)])
            running += points
            assert "Score: %d" % score in text
            assert running == score
        # The pass summary closes each pass.
        last = summaries[-1][0]
        assert "Pass %d of %d:" % (hands // 2 if hands == 4 else 1, 2 if hands == 4 else 1) in last
        if hands == 3:
            assert "fore " in last and "aft " in last and "under " in last
        else:
            assert "Next: a new deal." in summaries[1][0]
            assert "Next: a new deal." not in last


# -- the header over a trick's result ------------------------------------------


def _to_step(f, step):
    """Play on (first legal card, keep trump, bid 1) until the flow is at ``step``."""
    while f.step != step:
        if f.step == flow.STEP_PLAY:
            while f.card_at_cursor() not in f.legal:
                f.key(K_RIGHT)
        f.key(K_A)


def _to_last_result(f):
    """Play on to the result of the current hand's last trick."""
    while not (f.step == flow.STEP_RESULT and f._ends_hand):
        _to_step(f, flow.STEP_RESULT)
        if not f._ends_hand:
            f.key(K_A)


def test_header_shows_the_trick_on_screen_until_the_player_moves_on():
    game = Game(4, engine.OPT_UNDER | engine.OPT_PASSES_2)
    f = flow.Play(game)
    # A result within a hand (beside the next trick): the hand, pass and score as they are.
    _to_step(f, flow.STEP_TWIDDLE)
    f.key(K_A)
    assert f.shown_trick() is not None
    assert f.status_left() == "Fore hand  pass 1/2" and f.status_right() == "Score 0"
    # The fore hand's last trick: the engine has scored it and dealt the aft hand.
    _to_last_result(f)
    obs = game.observation(0)
    assert obs["hand_index"] == 1 and obs["phase"] == engine.PHASE_BID
    points = obs["last_hand"][3]
    assert f.status_left() == "Fore hand  pass 1/2"
    assert f.status_right() == "Score 0"
    assert f.status_bid().endswith("Hand over") and f.shown_hand() == []
    assert _a(f) == flow.EVENT_HAND_OVER
    assert f.step == flow.STEP_BID and f.status_left() == "Aft hand  pass 1/2"
    assert f.status_right() == "Score %d" % points
    yield
    # The aft hand, then the under hand: its last trick ends the pass (a new deal is made).
    _to_last_result(f)
    f.key(K_A)
    _to_last_result(f)
    obs = game.observation(0)
    assert obs["pass_index"] == 1 and obs["hand_index"] == 0 and obs["phase"] == engine.PHASE_BID
    assert f.status_left() == "Under hand  pass 1/2"
    assert f.status_right() == "Score %d" % (obs["score"] - obs["last_hand"][3])
    f.key(K_A)
    assert f.status_left() == "Fore hand  pass 2/2"
    assert f.status_right() == "Score %d" % obs["score"]
    yield
    # The session's last trick: the header stays on it too.
    while True:
        _to_last_result(f)
        if game.is_over():
            break
        f.key(K_A)
    assert f.status_left() == "Under hand  pass 2/2"
    assert _a(f) == flow.EVENT_GAME_OVER
    # Each pass's points, for the statistics: they add up to the final score.
    assert len(f.parts) == 2 and sum(f.parts) == game.scores()[0]


def test_pass_points_for_the_statistics_leave_out_a_pass_resumed_midway():
    game = Game(5, engine.OPT_PASSES_3)
    f = flow.Play(game)
    _to_last_result(f)
    f.key(K_A)  # the fore hand's summary
    f.summary()
    at_aft = game.to_bytes()
    _to_last_result(f)
    f.key(K_A)
    f.summary()
    assert len(f.parts) == 1 and f.parts[0] == game.scores()[0]
    yield
    # Resumed at the aft hand: pass 1's fore hand is not in the save, so pass 1 is not
    # counted; passes 2 and 3 are.
    game = Game.from_bytes(at_aft)
    f = flow.Play(game)
    after_pass_1 = None
    while not game.is_over():
        _to_last_result(f)
        f.key(K_A)
        f.summary()
        if after_pass_1 is None and f.obs["pass_index"] == 1:
            after_pass_1 = f.obs["score"]
            assert f.parts == []
        yield
    assert len(f.parts) == 2
    assert sum(f.parts) == game.scores()[0] - after_pass_1


# -- undo -----------------------------------------------------------------------


def _played(f):
    """Bid 1 if bidding, then move the cursor to the last legal card and play it; returns
    (the engine's bytes before the play, the card)."""
    if f.step == flow.STEP_BID:
        f.key(K_A)
    while f.card_at_cursor() != f.legal[-1]:
        f.key(K_RIGHT)
    before = f.game.to_bytes()
    card = f.card_at_cursor()
    f.key(K_A)
    return before, card


def _undone(f, before, card):
    """Undo, and check the exact state at the trick's start is back (the card in hand,
    under the cursor), with the change counter moved on."""
    changes = f.applied
    assert f.can_undo() and f.undo()
    assert f.game.to_bytes() == before
    assert f.applied == changes + 1
    assert f.step == flow.STEP_PLAY and f.card_at_cursor() == card
    assert f.obs == f.game.observation(0) and f.legal == f.game.legal_actions()
    assert not f.can_undo() and not f.undo()
    assert f.applied == changes + 1


def test_undo_goes_back_to_the_start_of_the_trick():
    game = Game(9, 0)
    f = flow.Play(game)
    # Nothing to undo while bidding, nor right after the bid: the dummy's card is turned.
    assert not f.can_undo() and not f.undo()
    f.key(K_A)
    assert f.step == flow.STEP_PLAY and not f.can_undo() and not f.undo()
    assert f.applied == 1
    # From the twiddle choice.
    before, card = _played(f)
    assert f.step == flow.STEP_TWIDDLE and f.can_undo()
    f.key(K_RIGHT)  # "twiddle" chosen, not taken: still nothing turned
    _undone(f, before, card)
    # Played again, then "keep".
    before, card = _played(f)
    f.key(K_A)
    # "Keep": the result shows beside the next trick, whose dummy card is up: the trick is
    # final.
    assert f.step == flow.STEP_PLAY and f.shown_trick()[0] == card and not f.can_undo()
    kept = f.game.to_bytes()
    assert not f.undo() and f.game.to_bytes() == kept
    yield
    # A twiddle that turned an Ace: refused too.
    before, card = _played(f)
    f.key(K_RIGHT)
    f.key(K_A)
    assert f.step == flow.STEP_PLAY and f.obs["aces_left"] == 4
    turned = f.game.to_bytes()
    changes = f.applied
    assert not f.can_undo() and not f.undo()
    assert f.game.to_bytes() == turned and f.applied == changes
    assert f.game.to_bytes() != before


def test_undo_of_a_twiddle_that_turns_nothing():
    # Twiddle every trick from the second: after five, the stack is empty; the twiddle on
    # the hand's last trick turns no card (no trump) and may be undone from that trick's
    # result (shown on its own; within a hand the next dummy card is up at once).
    game = Game(2, 0)
    f = flow.Play(game)
    f.key(K_A)
    _played(f)
    f.key(K_A)  # keep
    for _ in range(5):
        _played(f)
        f.key(K_RIGHT)
        f.key(K_A)
        assert f.step == flow.STEP_PLAY and not f.can_undo()
    assert f.obs["aces_left"] == 0 and f.obs["trump"] != 0
    before, card = _played(f)
    f.key(K_RIGHT)
    assert f.twiddle_text() == "no trump"
    f.key(K_A)
    assert f.step == flow.STEP_RESULT and f._ends_hand and f.shown_trump() == 0
    _undone(f, before, card)
    assert f.obs["trump"] != 0
    yield
    # No trump from the sixth trick: the last play resolves the trick at once; undo from
    # its result.
    game = Game(2, 0)
    f = flow.Play(game)
    f.key(K_A)
    for _ in range(6):
        _played(f)
        f.key(K_RIGHT)
        f.key(K_A)
    assert f.step == flow.STEP_PLAY and f.obs["trump"] == 0
    before, card = _played(f)
    assert f.step == flow.STEP_RESULT and f.can_undo() and f.hold
    _undone(f, before, card)


def test_undo_of_a_hand_and_a_pass_last_trick():
    # The last trick of a hand: the engine has scored it and dealt the next hand (with a new
    # pass, from the generator); undo restores the exact state, generator included, and
    # playing the same card again deals the same cards.
    game = Game(13, engine.OPT_PASSES_2)
    f = flow.Play(game)
    for _ in range(2):
        f.key(K_A)  # bid 1
        while f.obs["tricks_played"] + 1 < f.obs["hand_size"]:
            _to_step(f, flow.STEP_TWIDDLE)
            f.key(K_A)  # keep: on to the next trick
            yield
        before, card = _played(f)
        f.key(K_A)  # keep
        assert f.step == flow.STEP_RESULT and f._ends_hand
        after = f.game.to_bytes()
        header = f.status_left()
        _undone(f, before, card)
        assert not f._ends_hand and f.status_left() == header
        assert f.status_bid().endswith("Trick %d/7" % f.obs["hand_size"])
        f.key(K_A)
        f.key(K_A)
        assert f.game.to_bytes() == after and f._ends_hand
        assert _a(f) == flow.EVENT_HAND_OVER
        f.summary()
    assert f.obs["pass_index"] == 1 and f.step == flow.STEP_BID
    assert not f.can_undo()


# -- the coach -----------------------------------------------------------------


def test_coach_tip_while_bidding():
    game = Game(4, engine.OPT_EASY)
    off = flow.Play(game)
    assert not off.tick(0, units(100)) and off.tip == ""
    assert off.status_bid() == "Bidding: 1-7 tricks"
    f = flow.Play(game, True)
    assert f.step == flow.STEP_BID and f.tip == "Coach: thinking..."
    trump = flow.trump_name(f.obs["trump"])
    assert f.status_bid() == "Bidding: 1-7  Trump: %s" % trump
    from games.whist.coach import Coach

    bid, _, chance = Coach().suggest(game.observation(0))
    frames = 1
    while not f.tick(0, units(2)):
        frames += 1
        yield
    assert frames > 10  # spread over frames
    # The chance to make exactly that bid; the picker moves to it.
    assert f.tip == "Coach: bid %d (%d%% to make it)" % (bid, chance)
    assert len(f.tip) <= 31
    assert f.bid == bid and f.hold == (bid != 1)
    assert not f.tick(0, units(2))  # ready: nothing more changes
    # Playing: the coach is quiet; the next hand's bid starts it again.
    f.key(K_A)
    assert not f.tick(0, units(2))
    while f.step != flow.STEP_BID:
        if f.step == flow.STEP_PLAY:
            while f.card_at_cursor() not in f.legal:
                f.key(K_RIGHT)
        f.key(K_A)
    assert f.obs["hand_index"] == 1 and f.tip == "Coach: thinking..."
    bid, _, chance = Coach().suggest(game.observation(0))
    while not f.tick(0, units(50)):
        yield
    assert f.tip.startswith("Coach: bid %d (" % bid) and f.bid == bid


# -- feedback at the key decisions ---------------------------------------------


def test_twiddle_names_the_card_winning_now():
    # Every twiddle choice of two sessions, kept: the result is as the text said.
    checked = 0
    for seed, options in ((6, engine.OPT_EXCUSE | engine.OPT_PAWNS), (7, 0)):
        game = Game(seed, options)
        f = flow.Play(game)
        while not game.is_over():
            if f.step == flow.STEP_TWIDDLE:
                text = f.winning_text()
                mine = f.obs["played_card"]
                dummy = f.obs["dummy_card"]
                f.key(K_A)  # keep
                won = f.obs["last_trick"][2]
                name = cards.display_name(mine if won else dummy)
                assert text.startswith(("Your %s wins" if won else "Dummy's %s wins") % name)
                assert len(text) <= 31
                checked += 1
            elif f.step == flow.STEP_PLAY:
                while f.card_at_cursor() not in f.legal:
                    f.key(K_RIGHT)
                f.key(K_A)
            else:
                f.key(K_A)
        yield
    assert checked >= 20
    # The longest name leaves no room for "now".
    assert len("Dummy's %s wins" % cards.display_name(21)) == 31


def _lost_at(options, seed, bid, twiddle):
    """Plays a hand bidding ``bid`` (first legal card; ``twiddle``: twiddle every trick);
    returns per trick result (won so far, played so far, ``bid_lost()``, the second line)
    and the flag on the next trick's play and twiddle steps."""
    game = Game(seed, options)
    f = flow.Play(game)
    while f.bid < bid and f.key(K_RIGHT):
        pass
    assert not f.bid_lost()
    f.key(K_A)
    seen = []
    while True:
        assert f.step == flow.STEP_PLAY
        while f.card_at_cursor() not in f.legal:
            f.key(K_RIGHT)
        before = f.bid_lost()
        f.key(K_A)
        if f.step == flow.STEP_TWIDDLE:
            # The flag counts resolved tricks only: unchanged until the result.
            assert f.bid_lost() == before
            if twiddle:
                f.key(K_RIGHT)
            f.key(K_A)
        if f.step == flow.STEP_RESULT:
            assert f._ends_hand
            last = f.obs["last_hand"]
            seen.append((last[2], last[1], f.bid_lost(), f.status_bid()))
            return seen
        # The result beside the next trick: the flag as of the tricks resolved.
        assert f.shown_trick() is not None
        obs = f.obs
        seen.append((obs["tricks_won"], obs["tricks_played"], f.bid_lost(), f.status_bid()))


def test_bid_lost_is_flagged_from_the_trick_that_loses_it():
    # The bid is made only with exactly that many tricks: lost once the tricks taken pass
    # it, or once those left cannot reach it; the flag stays for the rest of the hand.
    cases = 0
    for seed in range(8):
        for bid, twiddle in ((1, False), (7, True), (4, False), (3, True)):
            seen = _lost_at(0, seed, bid, twiddle)
            lost = False
            for index, (won, played, flagged, line) in enumerate(seen):
                if index + 1 < len(seen):
                    lost = lost or won > bid or won + 7 - played < bid
                else:
                    lost = won != bid  # the hand's last trick: ``played`` is the bid
                    assert played == bid
                assert flagged == lost, (seed, bid, index, seen)
                assert line.startswith("Bid %d lost  " % bid if lost else "Bid %d  " % bid)
                cases += lost
            yield
    assert cases > 20
    # Too few left: bid 7 is lost at the first trick the dummy takes; bid 1 at the second
    # trick won.
    seen = _lost_at(0, 3, 7, False)
    first = [won < played for won, played, _, _ in seen[:-1]].index(True)
    assert [flagged for _, _, flagged, _ in seen] == [False] * first + [True] * (7 - first)


def test_b_says_why_only_where_undo_does_not_work():
    game = Game(9, 0)
    f = flow.Play(game)
    # Bidding: nothing to say (no card is turned yet; no undo is offered).
    assert not f.can_undo() and f.undo_refusal() == ""
    f.key(K_A)
    assert f.undo_refusal() == "No undo: the dummy's card is up"
    f.key(K_A)
    assert f.step == flow.STEP_TWIDDLE and f.can_undo() and f.undo_refusal() == ""
    # Resumed at the twiddle choice: undo starts with the next card.
    resumed = flow.Play(Game.from_bytes(game.to_bytes()))
    assert resumed.step == flow.STEP_TWIDDLE and not resumed.can_undo()
    assert resumed.undo_refusal() == "Undo starts with the next card"
    # A twiddle: the next trick shows at once, its dummy card up.
    f.key(K_RIGHT)
    f.key(K_A)
    assert f.step == flow.STEP_PLAY and not f.can_undo()
    assert f.undo_refusal() == "No undo: the dummy's card is up"
    # A twiddle that turned an Ace on a hand's last trick: its result says so.
    while f.obs["tricks_played"] + 1 < f.obs["hand_size"]:
        _to_step(f, flow.STEP_TWIDDLE)
        f.key(K_A)
    _to_step(f, flow.STEP_TWIDDLE)
    f.key(K_RIGHT)
    f.key(K_A)
    assert f.step == flow.STEP_RESULT and not f.can_undo()
    assert f.undo_refusal() == "No undo: an Ace was turned"
    for text in ("No undo: the dummy's card is up", "Undo starts with the next card"):
        assert len(text) <= 31


def test_keys_return_what_to_redraw():
    # The flows' one API: ``key`` returns DRAW_* bits and sets ``event``.
    game = Game(9, engine.OPT_EASY)
    f = flow.Play(game)
    assert f.key(K_UP) == 0 and f.bid == 1  # clamped: nothing to redraw
    assert f.key(K_DOWN) == flow.DRAW_TABLE and f.bid == 2
    assert f.key(K_B) == 0 and f.event == flow.EVENT_NONE  # bidding: B says nothing
    assert f.key(K_SELECT) == 0 and f.event == flow.EVENT_PEEK
    f.key(K_UP)
    assert f.key(K_A) == flow.DRAW_TABLE and f.event == flow.EVENT_NONE
    assert f.step == flow.STEP_PLAY
    assert f.key(K_B) == REFUSED | flow.DRAW_HINT and f.refusal.startswith("No undo")
    assert f.refusal == f.undo_refusal() and f.event == flow.EVENT_NONE
    assert f.key(K_RIGHT) == flow.DRAW_CURSOR and f.event == flow.EVENT_NONE
    while f.card_at_cursor() not in f.legal:
        f.key(K_RIGHT)
    f.key(K_A)
    assert f.step == flow.STEP_TWIDDLE and f.twiddle == 0
    assert f.key(K_LEFT) == flow.DRAW_CURSOR and f.twiddle == 1
    # B backs off to "keep" first, then undoes the play.
    assert f.key(K_B) == flow.DRAW_CURSOR and f.twiddle == 0 and f.step == flow.STEP_TWIDDLE
    assert f.key(K_B) == flow.DRAW_TABLE and f.step == flow.STEP_PLAY
    f.key(K_A)
    assert f.key(K_A) == flow.DRAW_TABLE and f.step == flow.STEP_PLAY and f.hold
    _to_last_result(f)
    assert f.step == flow.STEP_RESULT
    assert f.key(K_SELECT) == 0 and f.event == flow.EVENT_NONE  # not on a result
    assert f.key(K_LEFT) == 0
    # The coach off: a tick changes nothing.
    assert f.tick(0, units(2)) == 0
