"""What Gongor Whist's play screen tells the player, on its logic (games.whist.flow) without
a display: what decided a trick, a trick in two presses (its result beside the next trick,
``hold`` after it), the coach's bid on the picker and its chance, "+1 point", and each
pass's points at the session's end."""

import re

from decktet import cards
from decktet.search import units
from games.whist import engine, flow
from games.whist.engine import Game
from handheld.keys import K_A, K_LEFT, K_RIGHT


def deck(hand, dummy, aces=(0, 1, 2, 3, 4, 5), options=0):
    """A first-pass deck (``Game``'s ``deck``): the Ace stack, the fore hand and the fore
    dummy as given, then the rest of the main deck in code order."""
    main = list(hand) + list(dummy)
    main += [card for card in engine.main_cards(options) if card not in main]
    return list(aces) + main


def play_card(f, card):
    """Move the cursor to ``card`` and press A."""
    while f.card_at_cursor() != card:
        f.key(K_RIGHT)
    f.key(K_A)


def to_play(f):
    """Cursor onto a legal card."""
    while f.card_at_cursor() not in f.legal:
        f.key(K_RIGHT)


# -- what decided the trick ----------------------------------------------------------------

# Journey 3 Moons/Waves, Mountain 4 Moons/Suns, Pact 9 Moons/Suns, Huntress Crown Moons,
# Bard Crown Suns, Sea Crown Waves, Diplomat 8 Moons/Suns, Forest 5 Moons/Leaves,
# Harvest Pawn Moons/Suns/Leaves, Watchman Pawn Moons/Wyrms/Knots.
JOURNEY, MOUNTAIN, FOREST, DIPLOMAT, PACT = 9, 12, 15, 24, 27
HUNTRESS, BARD, SEA, HARVEST, WATCHMAN = 30, 31, 32, 36, 37
MOONS, SUNS, WAVES, KNOTS = 1, 2, 4, 32

# (mine, dummy, trump) -> the detail line beside the next trick.
CASES = (
    (JOURNEY, cards.EXCUSE, MOONS, "Lost: the dummy led the Excuse"),
    (cards.EXCUSE, PACT, MOONS, "Lost: the Excuse always loses"),
    (MOUNTAIN, SEA, WAVES, "Lost: dummy's card was trump"),
    (DIPLOMAT, HUNTRESS, MOONS, "Lost: dummy's trump was higher"),
    (BARD, JOURNEY, KNOTS, "Lost: you could not follow suit"),
    (MOUNTAIN, PACT, KNOTS, "Lost: same suit, dummy's higher"),
    (HARVEST, WATCHMAN, WAVES, "Lost: Pawn ties go to the dummy"),
    (SEA, MOUNTAIN, WAVES, "Won: your card was trump"),
    (HUNTRESS, DIPLOMAT, MOONS, "Won: your trump was higher"),
    (PACT, MOUNTAIN, 0, "Won: same suit, yours higher"),
)


def test_every_reason_has_its_text():
    whys = set()
    for mine, dummy, trump, text in CASES:
        whys.add(engine.trick_reason(mine, dummy, trump))
        assert flow._reason_text(mine, dummy, trump, True) == text
        alone = flow._reason_text(mine, dummy, trump, False)
        assert alone == text[text.index(": ") + 2 :][0].upper() + text[text.index(": ") + 3 :]
        assert len(text) <= 31
    assert whys == set(range(engine.WHY_HIGHER + 1)) and len(flow._REASONS) == len(whys)


def test_a_lost_trick_says_the_dummy_followed_higher_not_the_trump():
    # The dummy leads Pact (9 Moons/Suns); the player's Mountain (4 Moons/Suns) follows
    # lower; trump is Knots, in neither card. The old text said "Trump was Knots".
    hand = (MOUNTAIN, JOURNEY, FOREST, 6, 7, 8, 10)
    dummy = (PACT, 11, 13, 14, 16, 17, 18)
    game = Game(1, 0, deck(hand, dummy, aces=(5, 0, 1, 2, 3, 4)))
    f = flow.Play(game)
    f.key(K_A)  # bid 1
    play_card(f, MOUNTAIN)
    f.key(K_A)  # keep
    assert f.step == flow.STEP_PLAY and f.shown_trick() == (MOUNTAIN, PACT, False, KNOTS)
    assert f.trick_text() == "Lost: same suit, dummy's higher"
    assert "Knots" not in f.trick_text()


# -- two presses a trick -----------------------------------------------------------------


def test_a_trick_is_play_and_keep_and_its_result_stays_beside_the_next():
    game = Game(3, 0)
    f = flow.Play(game)
    f.key(K_A)  # bid 1
    assert not f.hold  # the dummy's first card: the play after it can be undone
    for trick in range(7):
        to_play(f)
        presses = 1
        f.key(K_A)
        assert f.step == flow.STEP_TWIDDLE and not f.hold and f.can_undo()
        f.key(K_A)  # keep
        presses += 1
        assert f.hold  # the result (and the next dummy card) appeared unasked
        last = game.observation(0)["last_trick"]
        if trick < 6:
            # The result on the table while the next card is chosen; final now.
            assert presses == 2 and f.step == flow.STEP_PLAY
            assert f.shown_trick() == last and f.obs["tricks_played"] == trick + 1
            assert f.trick_text() == flow._reason_text(last[0], last[1], last[3], True)
            assert not f.can_undo()
            assert f.undo_refusal() == "No undo: the dummy's card is up"
            f.key(K_RIGHT)  # a cursor move keeps it on show, and holds nothing
            assert not f.hold and f.shown_trick() == last
        else:
            # A hand's last trick shows on its own until A; the summary follows.
            assert f.step == flow.STEP_RESULT and f.shown_trick() is None
            assert f.result_detail() == flow._reason_text(last[0], last[1], last[3], False)
            assert f.can_undo()
            f.key(K_A)
            assert f.event == flow.EVENT_HAND_OVER and f.step == flow.STEP_BID
    assert f.shown_trick() is None  # the next hand's bid: no trick from the last hand


def test_without_trump_a_play_resolves_and_holds():
    game = Game(2, 0)
    f = flow.Play(game)
    f.key(K_A)
    for _ in range(6):  # twiddle each trick: five Aces, then "no trump"
        to_play(f)
        f.key(K_A)
        f.key(K_RIGHT)
        f.key(K_A)
    assert f.obs["trump"] == 0 and f.step == flow.STEP_PLAY
    to_play(f)
    f.key(K_A)  # the last trick: resolved at once, shown on its own
    assert f.hold and f.step == flow.STEP_RESULT


# -- the coach -----------------------------------------------------------------------------


def _ready(f):
    """Tick the coach until its tip is ready; the last tick's DRAW bits."""
    while True:
        changed = f.tick(0, units(50))
        if changed:
            return changed


def _coach_seed():
    """A seed whose first hand the coach bids neither 1 nor 2 on."""
    from games.whist.coach import Coach

    seed = 0
    while Coach().suggest(Game(seed, 0).observation(0))[0] in (1, 2):
        seed += 1
    return seed


def test_the_coach_moves_the_picker_to_its_bid_and_says_what_its_percentage_is():
    from games.whist.coach import Coach

    seed = _coach_seed()
    bid, _, chance = Coach().suggest(Game(seed, 0).observation(0))
    f = flow.Play(Game(seed, 0), True)
    assert f.bid == 1
    assert _ready(f) == flow.DRAW_TIP
    assert f.tip == "Coach: bid %d (%d%% to make it)" % (bid, chance) and len(f.tip) <= 31
    # The picker is on the coach's bid; it appeared unasked, so A waits (``hold``).
    assert f.bid == bid and f.hold
    f.key(K_A)
    assert f.game.observation(0)["bid"] == bid
    # The player moved the picker first: the coach's bid leaves it there.
    f = flow.Play(Game(seed, 0), True)
    f.key(K_RIGHT)
    _ready(f)
    assert f.tip.startswith("Coach: bid %d (" % bid) and f.bid == 2 and not f.hold
    # So does a move back to where it was.
    f = flow.Play(Game(seed, 0), True)
    f.key(K_RIGHT)
    f.key(K_LEFT)
    _ready(f)
    assert f.bid == 1 and not f.hold


def test_the_coach_percentage_is_its_chance_to_make_exactly_that_bid():
    # What coach.py computes: the share of its simulated deals in which its own play took
    # exactly the bid, i.e. made it and scored it; the tip says "to make it".
    from games.whist.coach import Coach

    coach = Coach(0, samples=40)
    bid, _, chance = coach.suggest(Game(5, engine.OPT_EASY).observation(0))
    assert chance == (coach._made[bid] * 100 + 20) // 40


# -- "+1 point" ----------------------------------------------------------------------------


def test_one_point_is_singular():
    assert flow._points_text(1) == "+1 point" and flow._points_text(-1) == "-1 point"
    assert flow._points_text(0) == "0 points" and flow._points_text(-3) == "-3 points"
    assert flow._points_text(2) == "+2 points"
    assert flow._hand_summary((2, 1, 1, 1), 4) == (
        "Under hand: bid 1, took 1.\nMade it: +1 point.\nScore: 4"
    )
    assert flow._hand_summary((0, 2, 1, -1), -1) == (
        "Fore hand: bid 2, took 1.\nMissed: -1 point.\nScore: -1"
    )
    assert flow._passes_text([1, -1, 0]) == "Pass 1: +1 point\nPass 2: -1 point\nPass 3: 0 points\n"


def _session(seed, options, bids):
    """Plays a session through the flow; every summary text, the final one last."""
    f = flow.Play(Game(seed, options))
    texts = []
    while True:
        if f.step == flow.STEP_BID:
            want = min(bids[f.obs["hand_index"]], f.obs["max_bid"])
            while f.bid < want:
                f.key(K_RIGHT)
        elif f.step == flow.STEP_PLAY:
            to_play(f)
        f.key(K_A)
        if f.event == flow.EVENT_HAND_OVER:
            texts.append(f.summary())
        elif f.event == flow.EVENT_GAME_OVER:
            texts.append(f.final_summary())
            return f, texts


def test_no_text_says_one_points():
    seen = set()
    for seed in range(12):
        _, texts = _session(seed, engine.OPT_UNDER | engine.OPT_PASSES_2, (1, 2, 1))
        for text in texts:
            assert not re.search(r"(^|[^0-9])[+-]?1 points", text), text
            seen.update(re.findall(r"[+-]1 points?", text))
    assert {"+1 point", "-1 point"} <= seen


# -- each pass's points at the session's end ------------------------------------------------


def test_the_session_ends_with_each_pass_and_the_total():
    f, texts = _session(4, engine.OPT_PASSES_3, (2, 1, 0))
    each = f.obs["pass_points"]
    total = f.game.scores()[0]
    assert len(each) == 3 and sum(each) == total
    final = texts[-1]
    lines = final.split("\n")
    # The last hand's two lines, each pass's points, the total, the verdict.
    assert lines[0].startswith("Aft hand: bid 1, took ")
    assert lines[2:5] == ["Pass %d: %s" % (i + 1, flow._points_text(p)) for i, p in enumerate(each)]
    assert lines[5] == "Final score: %d" % total and len(lines) == 7
    # One pass: its hands' points instead.
    f, texts = _session(4, 0, (2, 1, 0))
    assert "Pass 1 of 1:\nfore " in texts[-1] and "Pass 1: " not in texts[-1]


def test_each_pass_survives_a_resume():
    # The engine keeps each pass's points in the save, so a session resumed in its last
    # pass still ends with every pass listed.
    game = Game(6, engine.OPT_PASSES_2)
    f = flow.Play(game)
    while game.observation(0)["pass_index"] == 0:
        if f.step == flow.STEP_PLAY:
            to_play(f)
        f.key(K_A)
        if f.event == flow.EVENT_HAND_OVER:
            f.summary()
    first = game.observation(0)["pass_points"][0]
    resumed = flow.Play(Game.from_bytes(game.to_bytes()))
    while resumed.event != flow.EVENT_GAME_OVER:
        if resumed.step == flow.STEP_PLAY:
            to_play(resumed)
        resumed.key(K_A)
        if resumed.event == flow.EVENT_HAND_OVER:
            resumed.summary()
    text = resumed.final_summary()
    assert "Pass 1: %s\n" % flow._points_text(first) in text
