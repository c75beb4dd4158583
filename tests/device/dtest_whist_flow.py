"""Device tests of games.whist.flow: the Gongor Whist play screen's logic without a display
(set-up mapping, bid picker, cursor, twiddle choice, results, summaries). Runs on CPython
and on MicroPython (the runtime gate)."""

from games.whist import engine, flow
from games.whist.engine import Game


def test_options_from_set_up_rows():
    assert flow.options_from_values([0, 0, 1, 0]) == 0
    assert flow.options_from_values([0, 0, 0, 0]) == engine.OPT_EASY
    assert flow.options_from_values([3, 1, 1, 3]) == (
        engine.OPT_PAWNS | engine.OPT_EXCUSE | engine.OPT_UNDER | engine.OPT_PASSES_5
    )
    assert flow.options_from_values([1, 0, 1, 1]) == engine.OPT_PAWNS | engine.OPT_PASSES_2
    assert flow.options_from_values([2, 0, 1, 2]) == engine.OPT_EXCUSE | engine.OPT_PASSES_3
    # Every row choice maps to a distinct engine option set the engine accepts.
    seen = []
    for deck in range(4):
        for under in range(2):
            for mode in range(2):
                for passes in range(4):
                    options = flow.options_from_values([deck, under, mode, passes])
                    assert options not in seen
                    seen.append(options)
                    Game(1, options)
    assert len(flow.DECK_CHOICES) == 4 and len(flow.PASSES_CHOICES) == 4


def test_texts():
    assert flow.trump_name(0) == "no trump"
    assert flow.trump_name(2) == "Suns"
    assert flow.trump_ace(0) == -1
    assert flow.trump_ace(1) == 0 and flow.trump_ace(32) == 5
    assert flow.signed(3) == "+3" and flow.signed(-2) == "-2" and flow.signed(0) == "0"
    assert flow.bid_text(1, True) == "1 (win it)" and flow.bid_text(0, True) == "0 (lose it)"
    assert flow.bid_text(4, False) == "4"
    assert flow.hand_summary((1, 3, 2, -4), -1) == (
        "Aft hand: bid 3, took 2.\nMissed: -4 points.\nScore: -1"
    )
    assert flow.hand_summary((0, 2, 2, 2), 2).startswith("Fore hand: bid 2, took 2.\nMade it: +2")
    assert flow.won(1) and not flow.won(0) and not flow.won(-3)
    assert flow.final_text(4) == "Final score: 4\nYou stayed positive: a win!"
    assert flow.final_text(0).endswith("a loss.")


def test_bid_picker_clamps_and_bids():
    game = Game(7, engine.OPT_UNDER)
    f = flow.Flow(game)
    assert f.step == flow.STEP_BID and f.bid == 1
    assert not f.move(-1)  # the fore hand's minimum is 1
    for _ in range(10):
        f.move(1)
    assert f.bid == 7
    assert f.status_bid() == "Bidding: 1-7 tricks"
    f.move(-4)
    assert f.bid == 3
    assert f.confirm() == flow.EVENT_NONE
    assert game.observation(0)["bid"] == 3
    assert f.step == flow.STEP_PLAY
    assert f.status_bid() == "Bid 3  Won 0  Trick 1/7"


def test_cursor_starts_legal_and_illegal_play_changes_nothing():
    # Find a deal whose first trick has an illegal card in hand.
    seed = 0
    while True:
        game = Game(seed, 0)
        f = flow.Flow(game)
        f.confirm()
        if len(f.legal) < len(f.hand()):
            break
        seed += 1
    assert f.card_at_cursor() in f.legal
    hand = f.hand()
    illegal = 0
    while hand[illegal] in f.legal:
        illegal += 1
    while f.cursor != illegal:
        f.move(1)
    before = game.to_bytes()
    assert f.confirm() == flow.EVENT_ILLEGAL
    assert game.to_bytes() == before and f.step == flow.STEP_PLAY
    # Wraps around both ways.
    count = len(hand)
    f.cursor = 0
    f.move(-1)
    assert f.cursor == count - 1
    f.move(1)
    assert f.cursor == 0


def test_twiddle_choice_and_result():
    game = Game(3, 0)
    f = flow.Flow(game)
    f.confirm()  # bid 1
    played = f.card_at_cursor()
    f.confirm()
    assert f.step == flow.STEP_TWIDDLE and f.twiddle == 0
    assert f.twiddle_text() == "Turn the next Ace? 5 left"
    f.move(1)
    assert f.twiddle == 1
    f.move(1)
    assert f.twiddle == 0
    f.move(1)
    assert f.confirm() == flow.EVENT_NONE
    assert f.step == flow.STEP_RESULT
    obs = game.observation(0)
    assert obs["aces_left"] == 4
    mine, dummy, won, trump = obs["last_trick"]
    assert mine == played and f.shown_trump() == trump == obs["trump"]
    assert f.result_text() == ("You win the trick!" if won else "Dummy wins the trick")
    assert engine.player_wins(mine, dummy, trump) == won
    assert f.status_bid() == "Bid 1  Won %d  Trick 1/7" % (1 if won else 0)
    assert f.confirm() == flow.EVENT_NONE
    assert f.step == flow.STEP_PLAY
    assert f.status_bid().endswith("Trick 2/7")


def _play_out(options, seed, bids, summaries):
    """A generator playing a whole session through Flow, yielding per step; appends each
    summary text with the engine's score at that moment to ``summaries``."""
    game = Game(seed, options)
    f = flow.Flow(game)
    trick = 0
    while True:
        step = f.step
        if step == flow.STEP_BID:
            want = bids[f.obs["hand_index"]]
            while f.bid < want and f.move(1):
                pass
            while f.bid > want and f.move(-1):
                pass
            event = f.confirm()
        elif step == flow.STEP_PLAY:
            while f.card_at_cursor() not in f.legal:
                f.move(1)
            event = f.confirm()
            trick += 1
        elif step == flow.STEP_TWIDDLE:
            if trick % 2:
                f.move(1)
            event = f.confirm()
        else:
            event = f.confirm()
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
            marker = text.index(" points")
            points = int(text[text.rindex(" ", 0, marker) + 1 : marker])
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
