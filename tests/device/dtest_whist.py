"""Device-side tests of Gongor Whist (games/whist/engine.py): scenarios with explicit decks
pin every rule and the rulings in docs/RULINGS.md, on CPython and on MicroPython."""

import conformance
from devtools import raises

from games.whist import engine
from games.whist.engine import BID_BASE, KEEP, TWIDDLE, Game, hand_score, player_wins

# Card codes used below (name, rank, suits).
AUTHOR = 6  # 2 Moons Knots
DESERT = 7  # 2 Suns Wyrms
ORIGIN = 8  # 2 Waves Leaves
JOURNEY = 9  # 3 Moons Waves
PAINTER = 10  # 3 Suns Knots
SAVAGE = 11  # 3 Leaves Wyrms
MOUNTAIN = 12  # 4 Moons Suns
SAILOR = 13  # 4 Waves Leaves
BATTLE = 14  # 4 Wyrms Knots
FOREST = 15  # 5 Moons Leaves
DISCOVERY = 16  # 5 Suns Waves
SOLDIER = 17  # 5 Wyrms Knots
LUNATIC = 18  # 6 Moons Waves
PENITENT = 19  # 6 Suns Wyrms
MARKET = 20  # 6 Leaves Knots
CHANCE_MEETING = 21  # 7 Moons Leaves
CASTLE = 22  # 7 Suns Knots
CAVE = 23  # 7 Waves Wyrms
DIPLOMAT = 24  # 8 Moons Suns
MILL = 25  # 8 Waves Leaves
BETRAYAL = 26  # 8 Wyrms Knots
PACT = 27  # 9 Moons Suns
DARKNESS = 28  # 9 Waves Wyrms
MERCHANT = 29  # 9 Leaves Knots
HUNTRESS = 30  # Crown Moons
BARD = 31  # Crown Suns
SEA = 32  # Crown Waves
END = 33  # Crown Leaves
CALAMITY = 34  # Crown Wyrms
WINDFALL = 35  # Crown Knots
HARVEST = 36  # Pawn Moons Suns Leaves
WATCHMAN = 37  # Pawn Moons Wyrms Knots
LIGHT_KEEPER = 38  # Pawn Suns Waves Knots
BORDERLAND = 39  # Pawn Waves Leaves Wyrms
EXCUSE = 44
# Aces (codes 0..5) and suit bits.
ACE_MOONS, ACE_SUNS, ACE_WAVES, ACE_LEAVES, ACE_WYRMS, ACE_KNOTS = 0, 1, 2, 3, 4, 5
MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = 1, 2, 4, 8, 16, 32


def _deck(aces, dealt, options=0):
    """Aces (top first), then ``dealt`` in deal order, then the unused main cards in code order."""
    rest = [card for card in engine.main_cards(options) if card not in dealt]
    return list(aces) + list(dealt) + rest


def _bid(game, n):
    assert BID_BASE + n in game.legal_actions()
    game.apply_action(BID_BASE + n)


def _trick(game, card, twiddle, expect_won):
    """Play ``card`` then twiddle or keep; check the trick's result."""
    assert card in game.legal_actions(), (card, game.legal_actions())
    game.apply_action(card)
    game.apply_action(TWIDDLE if twiddle else KEEP)
    last = game.observation(0)["last_trick"]
    assert last[0] == card and last[2] == expect_won, (card, last)
    game.check_invariants()


# -- the full pass, worked out by hand ----------------------------------------------------

# Ace stack M, L, K, S, W, Y: Moons is trump at the start.
_PASS_ACES = (ACE_MOONS, ACE_LEAVES, ACE_KNOTS, ACE_SUNS, ACE_WAVES, ACE_WYRMS)
_FORE_HAND = (HUNTRESS, BARD, PACT, AUTHOR, SAVAGE, CAVE, MARKET)
_FORE_DUMMY = (MOUNTAIN, DESERT, JOURNEY, WINDFALL, END, ORIGIN, MERCHANT)
_AFT_HAND = (CASTLE, SEA, BETRAYAL, FOREST, PENITENT, SAILOR, PAINTER)
_AFT_DUMMY = (DARKNESS, DIPLOMAT, BATTLE, CHANCE_MEETING, CALAMITY, DISCOVERY, LUNATIC)
_LEFTOVERS = (SOLDIER, MILL)


def test_full_pass_scored_by_hand():
    deck = _deck(_PASS_ACES, _FORE_HAND + _FORE_DUMMY + _AFT_HAND + _AFT_DUMMY + _LEFTOVERS, 1)
    game = Game(5, engine.OPT_UNDER, deck)
    obs = game.observation(0)
    assert obs["hand"] == sorted(_FORE_HAND) and obs["trump"] == MOONS
    assert obs["dummy_card"] == -1 and obs["min_bid"] == 1 and obs["max_bid"] == 7
    # Fore hand, bid 4.
    _bid(game, 4)
    assert game.observation(0)["dummy_card"] == MOUNTAIN
    # 1. Mountain (4 MS) led, trump Moons; Huntress (Crown M): both trump, Crown higher: won.
    assert game.legal_actions() == [AUTHOR, PACT, HUNTRESS, BARD]  # the M or S cards
    _trick(game, HUNTRESS, False, True)
    # 2. Desert (2 SY); Bard (Crown S), twiddle: Leaves. No trump played; Bard follows in
    #    Suns and is higher: won.
    _trick(game, BARD, True, True)
    assert game.observation(0)["trump"] == LEAVES
    # 3. Journey (3 MW); Cave (7 WY) follows in Waves and is higher: won.
    _trick(game, CAVE, False, True)
    # 4. Windfall (Crown K); Market (6 LK) is a trump, the Crown is not: won.
    _trick(game, MARKET, False, True)
    # 5. End (Crown L); Savage (3 LY) must follow; twiddle: Knots. No trump played, lower: lost.
    assert game.legal_actions() == [SAVAGE]
    _trick(game, SAVAGE, True, False)
    assert game.observation(0)["trump"] == KNOTS
    # 6. Origin (2 WL); nothing follows, play Pact (9 MS): no trump, no shared suit: lost
    #    although the 9 is higher (ruling 4).
    assert game.legal_actions() == [AUTHOR, PACT]
    _trick(game, PACT, False, False)
    # 7. Merchant (9 LK); Author (2 MK): both trump Knots, the 2 is lower: lost.
    _trick(game, AUTHOR, False, False)
    # Fore: bid 4, won 4: +4. Score 4.
    obs = game.observation(0)
    assert obs["last_hand"] == (0, 4, 4, 4) and obs["score"] == 4
    assert obs["hand_index"] == 1 and obs["hand"] == sorted(_AFT_HAND)
    # The aft hand keeps the Ace pile as it is: Knots still trump, 3 Aces left.
    assert obs["trump"] == KNOTS and obs["aces_left"] == 3
    # Aft hand, bid 2.
    _bid(game, 2)
    # 1. Darkness (9 WY); Betrayal (8 YK) is a trump (Knots), Darkness is not: won.
    _trick(game, BETRAYAL, False, True)
    # 2. Diplomat (8 MS); Penitent (6 SY) follows in Suns, lower: lost.
    _trick(game, PENITENT, False, False)
    # 3. Battle (4 YK, a trump); Castle (7 SK): both trump, 7 > 4: won.
    assert game.legal_actions() == [PAINTER, CASTLE]
    _trick(game, CASTLE, False, True)
    # 4. Chance Meeting (7 ML); Forest (5 ML), twiddle: Suns. No trump played, lower: lost.
    _trick(game, FOREST, True, False)
    # 5. Calamity (Crown Y); nothing follows; Sailor (4 WL): no trump, no shared suit: lost.
    _trick(game, SAILOR, False, False)
    # 6. Discovery (5 SW); Painter (3 SK), twiddle: Waves. Discovery is trump, Painter not: lost.
    _trick(game, PAINTER, True, False)
    # 7. Lunatic (6 MW); Sea (Crown W): both trump, Crown higher: won.
    _trick(game, SEA, False, True)
    # Aft: bid 2, won 3, missed: -3 - 2 = -5. Score 4 - 5 = -1.
    obs = game.observation(0)
    assert obs["last_hand"] == (1, 2, 3, -5) and obs["score"] == -1
    # Under hand: Soldier (5 YK) against Mill (8 WL), trump still Waves, one Ace left.
    assert obs["hand_index"] == 2 and obs["hand"] == [SOLDIER] and obs["trump"] == WAVES
    assert game.legal_actions() == [BID_BASE, BID_BASE + 1]
    _bid(game, 0)
    assert game.observation(0)["dummy_card"] == MILL
    # Twiddle: Wyrms. Soldier is a trump, Mill is not: won. Bid 0, won 1: -3.
    _trick(game, SOLDIER, True, True)
    assert game.is_over() and game.current_player() == -1 and game.legal_actions() == []
    # Final: 4 - 5 - 3 = -4.
    assert game.scores() == [-4]
    assert game.observation(0)["last_hand"] == (2, 0, 1, -3)


# -- rulings ------------------------------------------------------------------------------


def test_ruling1_pawn_rank_order():
    # Rank order 2 < ... < 9 < Pawn < Crown (with trump Moons, both cards trump).
    assert player_wins(HARVEST, PACT, MOONS)
    assert not player_wins(PACT, HARVEST, MOONS)
    assert player_wins(HUNTRESS, HARVEST, MOONS)
    assert not player_wins(HARVEST, HUNTRESS, MOONS)
    # Following suit with no trump: the same order.
    assert player_wins(HARVEST, DIPLOMAT, 0) and player_wins(BARD, HARVEST, 0)
    assert engine.strength(PACT) < engine.strength(HARVEST) < engine.strength(HUNTRESS)


def test_ruling1_pawn_against_pawn_player_loses():
    # Harvest (MSL) and Watchman (MYK) share Moons: the player's Pawn is the lower either way.
    for mine, dummy in ((HARVEST, WATCHMAN), (WATCHMAN, HARVEST)):
        assert not player_wins(mine, dummy, MOONS)
        assert not player_wins(mine, dummy, 0)
    assert player_wins(HARVEST, WATCHMAN, SUNS)  # my Pawn is trump, theirs is not
    # In play: the dummy leads Watchman, the player's Harvest follows in Moons and loses.
    options = engine.OPT_PAWNS
    fore = (HARVEST, AUTHOR, DESERT, ORIGIN, JOURNEY, PAINTER, SAVAGE, MOUNTAIN)
    game = Game(1, options, _deck(range(6), fore + (WATCHMAN,), options))
    _bid(game, 1)
    _trick(game, HARVEST, False, False)


def test_ruling2_no_trump_lasts_to_end_of_hand():
    aces = (ACE_SUNS, ACE_MOONS, ACE_WAVES, ACE_LEAVES, ACE_KNOTS, ACE_WYRMS)
    game = Game(2, engine.OPT_UNDER, _deck(aces, ()))
    _bid(game, 1)
    # Twiddle through the five face-down Aces: the last is Wyrms.
    for _ in range(5):
        game.apply_action(game.legal_actions()[0])
        game.apply_action(TWIDDLE)
    obs = game.observation(0)
    assert obs["trump"] == WYRMS and obs["aces_left"] == 0
    # With the stack empty, twiddling is still offered and means "no trump".
    game.apply_action(game.legal_actions()[0])
    assert game.legal_actions() == [TWIDDLE, KEEP]
    assert game.describe(TWIDDLE) == "twiddle: no trump for the rest of the hand"
    game.apply_action(TWIDDLE)
    assert game.observation(0)["last_trick"][3] == 0
    assert game.observation(0)["trump"] == 0
    # No trump left to change: the last trick resolves straight after the play.
    game.apply_action(game.legal_actions()[0])
    obs = game.observation(0)
    assert obs["hand_index"] == 1 and obs["phase"] == engine.PHASE_BID
    # The aft hand: trump is the most recently turned Ace's suit again.
    assert obs["trump"] == WYRMS and obs["aces_left"] == 0
    _bid(game, 1)
    game.apply_action(game.legal_actions()[0])
    assert game.legal_actions() == [TWIDDLE, KEEP]
    game.apply_action(TWIDDLE)  # again no trump, for the rest of the aft hand
    assert game.observation(0)["trump"] == 0
    for _ in range(6):
        assert game.observation(0)["phase"] == engine.PHASE_PLAY
        game.apply_action(game.legal_actions()[0])
    # And the under hand starts with Wyrms again.
    obs = game.observation(0)
    assert obs["hand_index"] == 2 and obs["trump"] == WYRMS


def test_ruling3_excuse_led_by_dummy():
    options = engine.OPT_EXCUSE
    fore = (HUNTRESS, BARD, SEA, END, CALAMITY, WINDFALL, PACT)
    game = Game(3, options, _deck(range(6), fore + (EXCUSE,), options))
    _bid(game, 1)
    # Any card may be played, and even a trump Crown loses.
    assert game.legal_actions() == sorted(fore)
    assert game.observation(0)["dummy_card"] == EXCUSE
    _trick(game, HUNTRESS, False, False)
    assert not player_wins(HUNTRESS, EXCUSE, MOONS)
    assert not player_wins(PACT, EXCUSE, 0)
    # The trick counts as one of the hand's seven, lost.
    obs = game.observation(0)
    assert obs["tricks_played"] == 1 and obs["tricks_won"] == 0


def test_ruling3_excuse_played_when_able_to_follow():
    options = engine.OPT_EXCUSE
    fore = (EXCUSE, HUNTRESS, BARD, SEA, END, CALAMITY, WINDFALL)
    game = Game(4, options, _deck(range(6), fore + (PACT,), options))
    _bid(game, 1)
    # Pact (9 MS) led: Huntress and Bard follow, and the Excuse may be played too.
    assert game.legal_actions() == [HUNTRESS, BARD, EXCUSE]
    assert game.describe(EXCUSE) == "play the Excuse"
    _trick(game, EXCUSE, False, False)
    assert not player_wins(EXCUSE, ORIGIN, LEAVES)
    # Soldier (5 YK) led: Calamity follows; the Excuse may be played as well.
    fore = (EXCUSE, HUNTRESS, BARD, SEA, END, CALAMITY, PACT)
    game = Game(4, options, _deck(range(6), fore + (SOLDIER,), options))
    _bid(game, 1)
    assert game.legal_actions() == [CALAMITY, EXCUSE]
    # Calamity (Crown Y) led, nothing follows: every card, the Excuse among them.
    fore = (EXCUSE, HUNTRESS, BARD, SEA, END, WINDFALL, PACT)
    game = Game(4, options, _deck(range(6), fore + (CALAMITY,), options))
    _bid(game, 1)
    assert game.legal_actions() == [PACT, HUNTRESS, BARD, SEA, END, WINDFALL, EXCUSE]


def test_ruling4_no_shared_suit_dummy_wins():
    # No trump played and no shared suit: the dummy wins, whatever the ranks. (The engine
    # applies it in test_full_pass_scored_by_hand, fore trick 6.)
    assert not player_wins(PACT, ORIGIN, 0)
    assert not player_wins(PACT, ORIGIN, KNOTS)  # a trump suit exists, but neither played it
    assert not player_wins(HUNTRESS, ORIGIN, 0)
    # Contrast: sharing a suit, the higher card wins.
    assert player_wins(PACT, MOUNTAIN, 0) and player_wins(HUNTRESS, AUTHOR, 0)
    assert not player_wins(AUTHOR, HUNTRESS, 0)


def _play_hand(game, bid, seen):
    """Bid, then play the first legal card and keep trump each trick; note the cards seen."""
    hand_index = game.observation(0)["hand_index"]
    seen.extend(game.observation(0)["hand"])
    _bid(game, bid)
    while not game.is_over() and game.observation(0)["hand_index"] == hand_index:
        seen.append(game.observation(0)["dummy_card"])
        game.apply_action(game.legal_actions()[0])
        if game.observation(0)["phase"] == engine.PHASE_TWIDDLE:
            game.apply_action(KEEP)


def test_ruling5_leftovers_with_excuse_and_pawns():
    # Excuse and Pawns: 35 main cards, hands of 8, 32 dealt; the under hand deals the 33rd
    # to the player and the 34th to the dummy; the 35th stays unseen.
    options = engine.OPT_UNDER | engine.OPT_EXCUSE | engine.OPT_PAWNS
    main = engine.main_cards(options)
    assert len(main) == 35
    game = Game(6, options, list(range(6)) + main)
    seen = []
    _play_hand(game, 1, seen)
    yield
    _play_hand(game, 1, seen)
    yield
    obs = game.observation(0)
    assert obs["hand_index"] == 2 and obs["hand"] == [main[32]] and obs["hand_size"] == 1
    _play_hand(game, 0, seen)
    assert game.is_over()
    assert game.observation(0)["last_trick"][:2] == (main[32], main[33])
    assert sorted(seen) == sorted(main[:34]) and main[34] not in seen
    yield
    # Excuse only: 31 main cards, hands of 7; the under hand uses the 29th and 30th.
    options = engine.OPT_UNDER | engine.OPT_EXCUSE
    main = engine.main_cards(options)
    game = Game(6, options, list(range(6)) + main)
    seen = []
    _play_hand(game, 1, seen)
    _play_hand(game, 1, seen)
    yield
    assert game.observation(0)["hand"] == [main[28]]
    _play_hand(game, 1, seen)
    assert game.is_over() and sorted(seen) == sorted(main[:30]) and main[30] not in seen
    # Pawns only: 34 main cards, 32 dealt, both leftovers make the under hand.
    options = engine.OPT_UNDER | engine.OPT_PAWNS
    main = engine.main_cards(options)
    game = Game(6, options, list(range(6)) + main)
    seen = []
    for bid in (1, 1, 1):
        _play_hand(game, bid, seen)
        yield
    assert game.is_over() and sorted(seen) == sorted(main)


# -- rules ---------------------------------------------------------------------------------


def test_hand_score():
    # Fore: made = +bid; missed = -tricks won (so a miss with none won costs nothing).
    assert hand_score(3, 3, 0) == 3 and hand_score(3, 2, 0) == -2 and hand_score(2, 0, 0) == 0
    # Aft: two more points off when missed.
    assert hand_score(4, 4, 1) == 4 and hand_score(4, 5, 1) == -7 and hand_score(1, 0, 1) == -2
    # Under: made +1, missed -3, whatever the bid.
    assert hand_score(0, 0, 2) == 1 and hand_score(1, 1, 2) == 1
    assert hand_score(0, 1, 2) == -3 and hand_score(1, 0, 2) == -3


def test_trump_beats_and_higher_trump():
    # A trump against a non-trump wins even when lower or off suit; a non-trump never beats one.
    assert player_wins(AUTHOR, PACT, KNOTS)
    assert not player_wins(PACT, AUTHOR, KNOTS)
    assert player_wins(MERCHANT, BATTLE, KNOTS) and not player_wins(BATTLE, MERCHANT, KNOTS)


def test_deal_layout_and_bid_range():
    deck = _deck(_PASS_ACES, _FORE_HAND + _FORE_DUMMY + _AFT_HAND + _AFT_DUMMY + _LEFTOVERS)
    game = Game(7, 0, deck)
    obs = game.observation(0)
    assert obs["hand"] == sorted(_FORE_HAND) and obs["hand_size"] == 7
    assert obs["aces_left"] == 5 and obs["trump"] == MOONS and obs["bid"] == -1
    assert game.legal_actions() == [BID_BASE + n for n in range(1, 8)]
    assert game.describe(BID_BASE + 3) == "bid 3"
    _bid(game, 7)
    obs = game.observation(0)
    assert obs["bid"] == 7 and obs["dummy_card"] == MOUNTAIN and obs["phase"] == engine.PHASE_PLAY
    # Pawns: hands of eight, bids 1..8.
    game = Game(7, engine.OPT_PAWNS)
    assert game.legal_actions() == [BID_BASE + n for n in range(1, 9)]
    assert len(game.observation(0)["hand"]) == 8


def test_pawns_in_hands_of_seven():
    # OPT_PAWNS | OPT_SEVEN: the Pawns are in the 34-card main deck, hands stay at seven
    # ("each hand can be eight cards": can, not must). 28 cards are dealt; the under hand
    # takes leftovers 29 and 30 (main[28], main[29]); four stay unseen.
    options = engine.OPT_PAWNS | engine.OPT_SEVEN | engine.OPT_UNDER
    main = engine.main_cards(options)
    assert len(main) == 34 and main[-4:] == [HARVEST, WATCHMAN, LIGHT_KEEPER, BORDERLAND]
    # The fore hand holds two Pawns; the dummy leads a third.
    fore = [HARVEST, WATCHMAN, AUTHOR, DESERT, ORIGIN, JOURNEY, PAINTER]
    dummy = [LIGHT_KEEPER, SAVAGE, MOUNTAIN, SAILOR, BATTLE, FOREST, DISCOVERY]
    aces = (ACE_LEAVES, ACE_MOONS, ACE_KNOTS, ACE_SUNS, ACE_WAVES, ACE_WYRMS)
    game = Game(6, options, _deck(aces, fore + dummy, options))
    main = list(_deck(aces, fore + dummy, options)[6:])
    obs = game.observation(0)
    assert obs["hand"] == sorted(fore) and obs["hand_size"] == 7 and obs["pawns"]
    assert game.legal_actions() == [BID_BASE + n for n in range(1, 8)]
    _bid(game, 1)
    # Light Keeper (Pawn Suns Waves Knots) leads; Watchman (Pawn, Knots) follows and
    # loses, Pawn against Pawn (ruling 1), with Leaves trump kept.
    assert game.observation(0)["dummy_card"] == LIGHT_KEEPER
    _trick(game, WATCHMAN, False, False)
    seen = []
    while game.observation(0)["hand_index"] == 0:
        game.apply_action(game.legal_actions()[0])
        if game.observation(0)["phase"] == engine.PHASE_TWIDDLE:
            game.apply_action(KEEP)
    yield
    obs = game.observation(0)
    assert obs["hand_index"] == 1 and obs["hand"] == sorted(main[14:21])
    _play_hand(game, 1, seen)
    obs = game.observation(0)
    assert obs["hand_index"] == 2 and obs["hand"] == [main[28]]
    _play_hand(game, 1, seen)
    assert game.is_over()
    assert game.observation(0)["last_trick"][:2] == (main[28], main[29])
    assert sorted(seen) == sorted(main[14:30])
    yield
    # A save keeps the option; hands of seven after a reshuffle too.
    game = Game(8, engine.OPT_PAWNS | engine.OPT_SEVEN | engine.OPT_PASSES_2)
    seen = []
    _play_hand(game, 1, seen)
    _play_hand(game, 1, seen)
    clone = Game.from_bytes(game.to_bytes())
    obs = clone.observation(0)
    assert obs["pass_index"] == 1 and obs["hand_size"] == 7 and len(obs["hand"]) == 7
    assert obs["passes"] == 2 and obs["pawns"]
    # Seven without the Pawns means nothing: refused, in a new game and in a save.
    raises(ValueError, lambda: Game(0, engine.OPT_SEVEN), "seven without Pawns accepted")
    data = bytearray(Game(0, 0).to_bytes())
    data[1] = engine.OPT_SEVEN
    raises(ValueError, lambda: Game.from_bytes(bytes(data)), "seven without Pawns loaded")
    assert not Game(0, 0).observation(0)["pawns"]
    # The Excuse in the deck is public too (the coach deals it to its dummies).
    assert Game(0, engine.OPT_EXCUSE).observation(0)["excuse"]
    assert not Game(0, engine.OPT_PAWNS).observation(0)["excuse"]


def test_deal_is_seeded_and_shuffles_aces_first():
    first = Game(11, 0)
    again = Game(11, 0)
    assert first.to_bytes() == again.to_bytes()
    assert Game(12, 0).to_bytes() != first.to_bytes()
    # Same generator order: six Aces shuffled, then the main deck.
    from decktet.rng import Rng

    rng = Rng(11)
    aces = list(range(6))
    rng.shuffle(aces)
    main = engine.main_cards(0)
    rng.shuffle(main)
    # An explicit deck draws nothing, so only the generator's 6 trailing bytes differ.
    assert first.to_bytes()[:-6] == Game(11, 0, aces + main).to_bytes()[:-6]


def test_follow_suit_or_any_card():
    deck = _deck(_PASS_ACES, _FORE_HAND + _FORE_DUMMY)
    game = Game(8, 0, deck)
    _bid(game, 2)
    # Mountain (MS) led: only cards sharing Moons or Suns.
    assert game.legal_actions() == [AUTHOR, PACT, HUNTRESS, BARD]
    for card in (SAVAGE, CAVE, MARKET, MOUNTAIN, 0, 45):
        saved = game.to_bytes()
        raises(ValueError, lambda: game.apply_action(card), "accepted %d" % card)
        assert game.to_bytes() == saved
    assert game.describe(CASTLE) == "play the Castle"


def test_twiddle_choice_every_trick():
    deck = _deck(_PASS_ACES, _FORE_HAND + _FORE_DUMMY)
    game = Game(9, 0, deck)
    _bid(game, 2)
    game.apply_action(HUNTRESS)
    obs = game.observation(0)
    assert obs["phase"] == engine.PHASE_TWIDDLE and obs["played_card"] == HUNTRESS
    assert HUNTRESS not in obs["hand"] and obs["dummy_card"] == MOUNTAIN
    assert game.legal_actions() == [TWIDDLE, KEEP]
    # describe() never tells the face-down next Ace.
    assert game.describe(TWIDDLE) == "twiddle: turn the next Ace"
    assert game.describe(KEEP) == "keep trump (Moons)"
    for bad in (BID_BASE + 1, BARD, 62, 59):
        raises(ValueError, lambda: game.apply_action(bad), "accepted %d" % bad)
    # The new trump, Leaves, decides this trick: neither card is trump now; Huntress follows
    # in Moons and is higher: still won.
    game.apply_action(TWIDDLE)
    assert game.observation(0)["last_trick"] == (HUNTRESS, MOUNTAIN, True, LEAVES)
    assert game.observation(0)["trump"] == LEAVES and game.observation(0)["aces_left"] == 4


def test_twiddled_trump_decides_this_trick():
    # Fore trick 1 with Aces Moons then Wyrms: Desert (2 SY) against Mountain (4 MS) follows
    # in Suns and is lower, but twiddling makes Wyrms trump and the Desert wins.
    aces = (ACE_MOONS, ACE_WYRMS, ACE_SUNS, ACE_WAVES, ACE_LEAVES, ACE_KNOTS)
    fore = (DESERT, AUTHOR, ORIGIN, JOURNEY, PAINTER, SAVAGE, SAILOR)
    game = Game(10, 0, _deck(aces, fore + (MOUNTAIN,)))
    _bid(game, 1)
    _trick(game, DESERT, True, True)
    assert game.observation(0)["last_trick"][3] == WYRMS


def test_easy_and_hardball_observations():
    deck = _deck(_PASS_ACES, _FORE_HAND + _FORE_DUMMY + _AFT_HAND + _AFT_DUMMY + _LEFTOVERS)
    moves = ((HUNTRESS, 0), (BARD, 1), (CAVE, 0), (MARKET, 0), (SAVAGE, 1), (PACT, 0))
    for options in (0, engine.OPT_EASY):
        game = Game(13, options, deck)
        easy = options == engine.OPT_EASY
        obs = game.observation(0)
        assert obs["easy"] == easy and obs["fore_tricks"] is None
        assert obs["aces_turned"] == ([ACE_MOONS] if easy else None)
        _bid(game, 3)
        for card, twiddle in moves:
            game.apply_action(card)
            game.apply_action(TWIDDLE if twiddle else KEEP)
        game.apply_action(AUTHOR)
        game.apply_action(KEEP)
        obs = game.observation(0)
        assert obs["hand_index"] == 1 and obs["phase"] == engine.PHASE_BID
        if easy:
            assert obs["aces_turned"] == [ACE_MOONS, ACE_LEAVES, ACE_KNOTS]
            mine = [card for card, _ in moves] + [AUTHOR]
            fore = obs["fore_tricks"]
            assert [trick[:2] for trick in fore] == list(zip(mine, _FORE_DUMMY))
            won = obs["last_hand"][2]
            assert [trick[2] for trick in fore].count(True) == won
        else:
            assert obs["aces_turned"] is None and obs["fore_tricks"] is None
        assert obs["aces_left"] == 3
        # Only while bidding the aft hand.
        _bid(game, 1)
        assert game.observation(0)["fore_tricks"] is None


def test_passes_reshuffle_and_running_score():
    options = engine.OPT_PASSES_2
    deck = _deck(_PASS_ACES, _FORE_HAND + _FORE_DUMMY)
    game = Game(14, options, deck)
    assert game.observation(0)["passes"] == 2
    seen = []
    _play_hand(game, 1, seen)
    _play_hand(game, 1, seen)
    yield
    first_score = game.scores()[0]
    obs = game.observation(0)
    assert not game.is_over() and obs["pass_index"] == 1 and obs["hand_index"] == 0
    # Both stacks reshuffled: a fresh Ace stack with one turned, a full hand, score carried.
    assert obs["aces_left"] == 5 and len(obs["hand"]) == 7 and obs["score"] == first_score
    _play_hand(game, 1, seen)
    _play_hand(game, 1, seen)
    assert game.is_over() and game.current_player() == -1
    assert game.observation(0)["phase"] == engine.PHASE_OVER
    for options, passes in ((0, 1), (16, 2), (32, 3), (48, 5)):
        assert Game(1, options).observation(0)["passes"] == passes


def test_bad_options_and_decks_refused():
    for options in (64, -1, 128):
        raises(ValueError, lambda: Game(0, options), "options %d accepted" % options)
    good = list(range(6)) + engine.main_cards(0)
    bad_decks = (
        good[:-1],
        good + [36],
        good[6:] + good[:6],  # Aces not first
        [6] + good[1:6] + [0] + good[7:],  # an Ace in the main deck
        list(range(6)) + engine.main_cards(engine.OPT_PAWNS),  # Pawns without the option
    )
    for deck in bad_decks:
        raises(ValueError, lambda: Game(0, 0, deck), "bad deck accepted")
    Game(0, 0, good).check_invariants()


def test_saves_round_trip_and_refuse_junk():
    game = Game(15, engine.OPT_UNDER | engine.OPT_EXCUSE | engine.OPT_EASY)
    _bid(game, 2)
    game.apply_action(game.legal_actions()[0])
    saved = game.to_bytes()
    clone = Game.from_bytes(saved)
    assert clone.to_bytes() == saved and clone.legal_actions() == game.legal_actions()
    assert clone.observation(0) == game.observation(0) and str(clone) == str(game)
    for junk in (b"", saved[:-1], saved + b"\x00", b"\x00" + saved[1:]):
        raises(ValueError, lambda: Game.from_bytes(junk), "junk accepted")
    # Two copies of one card: refused.
    data = bytearray(saved)
    data[1 + 24] = data[1 + 25]
    raises(ValueError, lambda: Game.from_bytes(bytes(data)), "duplicate card accepted")


def test_conformance_on_device():
    for _ in conformance.run_all(engine, range(2)):
        yield
