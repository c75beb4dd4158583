"""Device-side tests of the Jekyll & Hyde engine: set-up, turn structure, tricks, the end,
scoring and the recipe; run on CPython and on MicroPython through the runtime gate."""

import conformance
from devtools import raises

from decktet.rng import Rng
from decktet.state import STATE_AT
from games.jekyll import engine
from games.jekyll.engine import (
    DRAW_BASE,
    END_TURN,
    FLIP_BASE,
    MOVE_BASE,
    OPT_HANDICAP_1,
    OPT_HANDICAP_HYDE,
    OPT_HYDE,
    OPT_JEKYLL,
    OPT_OWNER_HYDE,
    PHASE_AFTER,
    PHASE_DRAW,
    PHASE_FIRST,
    PHASE_OPENING,
    PHASE_TRANSFORM,
    PLAY_BASE,
    REASON_FACES,
    REASON_RECIPE,
    REASON_TURNS,
    TAKE_BASE,
    TRANSFORM,
    Game,
    _trick_points,
    is_set,
    takeable,
)

# Offsets in the engine's state bytearray (mirrors games/jekyll/engine.py; its private
# constants are not visible on MicroPython). Used only to build end-of-game states.
_SIDE = 1
_PLAYER = 2
_PHASE = 3
_LEFT = 4
_TURN = 5
_REASON = 6
_RLEN = 7
_HLEN = 8
_PLEN = 10
_NPEEK = 13
_NTRICK = 14
_RIB = 15
_HAND = 60
_PILE = 92
_RECIPE = 104
_PEEK = 108
_TRICK = 114
_TRICKBY = 159


def _deal(level, recipe=(), piles=(), jekyll=(), hyde=(), ribbon=()):
    """An explicit deck: the given cards in place, every other card filling the gaps in code
    order (piles, then hands, then the ribbon's right part)."""
    total = 45 if level == 2 else 44
    pile_total = (10, 12, 9)[level]
    used = bytearray(45)
    for part in (recipe, piles, jekyll, hyde, ribbon):
        for card in part:
            used[card] = 1
    spare = [card for card in range(total) if not used[card]]

    def take(given, size):
        part = list(given)
        while len(part) < size:
            part.append(spare.pop(0))
        return part

    order = take(recipe, 4) if level == 2 else []
    order += take(piles, pile_total)
    jekyll_hand = take(jekyll, 3)
    hyde_hand = take(hyde, 3)
    for i in range(3):
        order.append(jekyll_hand[i])
        order.append(hyde_hand[i])
    order += list(ribbon) + spare
    assert len(order) == total
    return order


def _legal(game, action):
    return action in game.legal_actions() and game.can_apply(action)


def _play_simple_turn(game):
    """Draw from the first pile with cards, flip card 0, transform if needed, end the turn."""
    if game.observation(game.current_player())["phase"] == PHASE_DRAW:
        game.apply_action(game.legal_actions()[0])
    game.apply_action(FLIP_BASE)
    if game.can_apply(TRANSFORM):
        game.apply_action(TRANSFORM)
    game.apply_action(END_TURN)


def test_setup_counts_each_level():
    for options, piles, ribbon, up in (
        (0, [10], 28, 14),
        (OPT_JEKYLL, [4, 4, 4], 26, 13),
        (OPT_HYDE, [3, 3, 3], 26, 13),
    ):
        for seed in (0, 7):
            game = Game(seed, options)
            game.check_invariants()
            view = game.observation(0)
            assert view["pile_counts"] == piles
            assert len(view["hand"]) == 3 and view["opponent_hand"] == 3
            assert len(view["ribbon"]) == ribbon
            assert sum(view["face_up"]) == up
            assert view["side"] == 0 and view["current"] == 0 and view["turn"] == 1
            assert view["phase"] == PHASE_DRAW and view["peeks"] == [] and view["recipe"] == []
            hidden = [card for card in view["ribbon"] if card < 0]
            assert len(hidden) == ribbon - up
            if options == 0:
                assert view["pile_tops"] == [-1]
            else:
                assert len(view["pile_tops"]) == 3 and min(view["pile_tops"]) >= 0


def test_seeded_deal_shuffles_face_up_cards_into_the_ribbon():
    spread = False
    for seed in range(4):
        flags = Game(seed).observation(0)["face_up"]
        spread = spread or flags != bytes([1] * 14 + [0] * 14)
    assert spread


def test_explicit_deck_order():
    game = Game(0, 0, list(range(44)))
    view = game.observation(0)
    assert view["hand"] == [10, 12, 14]
    assert game.observation(1)["hand"] == [11, 13, 15]
    assert view["ribbon"] == list(range(16, 30)) + [-1] * 14
    game.apply_action(DRAW_BASE)
    assert game.observation(0)["hand"] == [0, 10, 12, 14]  # the first pile card is the top
    game = Game(0, OPT_JEKYLL, list(range(44)))
    assert game.observation(0)["pile_tops"] == [0, 4, 8]
    assert game.describe(DRAW_BASE + 1) == "draw Ace of Wyrms from pile 2"
    game.apply_action(DRAW_BASE + 1)
    assert game.observation(1)["pile_tops"] == [0, 5, 8]
    assert game.observation(1)["pile_counts"] == [4, 3, 4]


def test_bad_options_and_decks():
    for options in (3, 128, OPT_HANDICAP_HYDE, 1 << 10):
        raises(ValueError, lambda: Game(0, options), "options %d accepted" % options)
    bad_hyde = list(range(1, 45)) + [0]  # Excuse not in the recipe's 4 cards
    for options, deck in (
        (0, list(range(43))),
        (0, list(range(43)) + [43, 1][:1] + [0]),
        (0, list(range(45))),
        (OPT_HYDE, bad_hyde),
        (OPT_HYDE, list(range(44))),
    ):
        raises(ValueError, lambda: Game(0, options, deck), "bad deck accepted")


def test_handicap_shifts_the_split():
    assert sum(Game(3, 3 * OPT_HANDICAP_1).observation(0)["face_up"]) == 17
    toward_hyde = Game(3, 3 * OPT_HANDICAP_1 | OPT_HANDICAP_HYDE)
    assert sum(toward_hyde.observation(0)["face_up"]) == 11
    assert len(toward_hyde.observation(0)["ribbon"]) == 28
    hyde_level = Game(3, OPT_HYDE | 7 * OPT_HANDICAP_1 | OPT_HANDICAP_HYDE)
    assert sum(hyde_level.observation(1)["face_up"]) == 6
    # Explicit deck: the first K ribbon cards are the face-up ones.
    game = Game(0, OPT_JEKYLL | 2 * OPT_HANDICAP_1, list(range(44)))
    assert game.observation(0)["face_up"] == bytes([1] * 15 + [0] * 11)


def test_jekyll_first_turn_three_actions_no_transformation():
    game = Game(0, 0, list(range(44)))
    assert game.legal_actions() == [DRAW_BASE]
    game.apply_action(DRAW_BASE)
    view = game.observation(0)
    assert view["phase"] == PHASE_FIRST and view["actions_left"] == 3
    assert not game.can_apply(END_TURN) and not game.can_apply(TRANSFORM)  # first is mandatory
    actions = game.legal_actions()
    assert TRANSFORM not in actions and END_TURN not in actions
    game.apply_action(FLIP_BASE + 20)
    assert game.can_apply(END_TURN)
    game.apply_action(FLIP_BASE + 21)
    game.apply_action(FLIP_BASE + 22)
    assert game.observation(0)["actions_left"] == 0
    assert game.legal_actions() == [END_TURN]  # no basic action left, no trick here
    assert game.observation(0)["side"] == 0
    game.apply_action(END_TURN)
    assert game.current_player() == 1 and game.observation(1)["phase"] == PHASE_DRAW


def test_transformation_turn_structure():
    game = Game(0, 0, list(range(44)))
    game.apply_action(DRAW_BASE)
    game.apply_action(FLIP_BASE + 27)  # Jekyll turns the right-most card face up
    game.apply_action(END_TURN)
    game.apply_action(DRAW_BASE)
    view = game.observation(1)
    assert view["phase"] == PHASE_OPENING and view["side"] == 0 and view["actions_left"] == 1
    assert not game.can_apply(TRANSFORM) and not game.can_apply(END_TURN)
    before = view["face_up"]
    game.apply_action(FLIP_BASE + 0)  # one action on Jekyll's side
    view = game.observation(1)
    assert view["phase"] == PHASE_TRANSFORM
    assert game.legal_actions()[-1] == TRANSFORM and not game.can_apply(END_TURN)
    assert not game.can_apply(FLIP_BASE + 1)
    flags = view["face_up"]
    assert flags[0] == 0 and flags[1:] == before[1:]
    game.apply_action(TRANSFORM)
    view = game.observation(1)
    assert view["side"] == 1 and view["phase"] == PHASE_AFTER and view["actions_left"] == 3
    assert view["face_up"] == bytes([1 - flag for flag in flags])  # every card turned over
    assert view["ribbon"][0] == 16 and view["ribbon"][1] == -1
    assert game.can_apply(END_TURN)  # may end at once after the transformation
    game.apply_action(FLIP_BASE + 4)
    game.apply_action(FLIP_BASE + 6)
    game.apply_action(FLIP_BASE + 8)
    assert game.legal_actions() == [END_TURN]
    game.apply_action(END_TURN)
    view = game.observation(0)
    assert view["current"] == 0 and view["turn"] == 3 and view["side"] == 1


def test_play_move_flip():
    game = Game(0, 0, list(range(44)))
    game.apply_action(DRAW_BASE)
    # Play the Origin (8? no: hand is 0, 10, 12, 14) face down at the left end.
    play = PLAY_BASE + 10 * 128 + 0 * 2 + 0
    assert game.describe(play) == "play Painter face down at the left end"
    game.apply_action(play)
    view = game.observation(0)
    assert view["hand"] == [0, 12, 14] and len(view["ribbon"]) == 29
    assert view["ribbon"][0] == -1 and view["face_up"][0] == 0
    play = PLAY_BASE + 12 * 128 + 29 * 2 + 1
    assert game.describe(play) == "play Mountain face up at the right end"
    game.apply_action(play)
    view = game.observation(0)
    assert view["ribbon"][29] == 12 and view["face_up"][29] == 1
    # Move the face-down Painter from the left end to index 5, keeping it face down.
    move = MOVE_BASE + 0 * 64 + 5
    assert game.describe(move) == "move card 1 to 6"
    game.apply_action(move)
    view = game.observation(0)
    assert view["ribbon"][:6] == [16, 17, 18, 19, 20, -1] and view["face_up"][5] == 0
    # The card is no longer in hand.
    raises(ValueError, lambda: game.apply_action(PLAY_BASE + 12 * 128), "played a card not in hand")
    assert not game.can_apply(MOVE_BASE + 3 * 64 + 3)  # a move must go somewhere else
    assert not game.can_apply(PLAY_BASE + 14 * 128 + 31 * 2)  # past the right end


def test_action_helpers_pack_and_unpack():
    # The documented layout, built and taken apart by the engine's helpers alone.
    assert engine.play_action(12, 29, True) == PLAY_BASE + 12 * 128 + 29 * 2 + 1
    assert engine.play_action(10, 0, False) == PLAY_BASE + 10 * 128
    assert engine.move_action(3, 5) == MOVE_BASE + 3 * 64 + 5
    for card in (0, 12, 44):
        for position in (0, 1, 28, 44):
            for face_up in (False, True):
                action = engine.play_action(card, position, face_up)
                assert engine.play_parts(action) == (card, position, face_up)
                assert engine.placed(action) == position
    assert engine.placed(engine.move_action(3, 5)) == 5
    assert engine.placed(engine.move_action(44, 0)) == 0
    assert engine.placed(FLIP_BASE + 7) == 7
    assert engine.placed(TAKE_BASE + 2) == engine.placed(DRAW_BASE) == -1
    assert engine.placed(TRANSFORM) == engine.placed(END_TURN) == -1


def test_sets_and_points():
    assert is_set([6, 7, 8])  # the three 2s
    assert is_set([0, 3, 5]) and is_set([30, 31, 35])  # Aces and Crowns are ranks
    assert is_set([6, 36, 8]) and is_set([40, 9, 10])  # two of a rank and a Pawn or Court
    assert not is_set([36, 40, 6])  # two wilds
    assert not is_set([36, 37, 38])  # wilds never make a set alone
    assert not is_set([6, 7, 9]) and not is_set([0, 30, 36]) and not is_set([6, 7])
    assert not is_set([6, 7, 44])  # the Excuse has no rank
    assert _trick_points([6, 7, 8]) == 10 and _trick_points([6, 7, 36]) == 5
    assert _trick_points([41, 0, 1]) == 5


def test_takeable_isolation():
    up = (1, 1, 1, 0)
    assert takeable([6, 7, 8, 20], up) == [0]  # left end isolates
    assert takeable([20, 6, 7, 8], (0, 1, 1, 1)) == [1]  # right end isolates
    assert takeable([20, 6, 7, 8, 21], (0, 1, 1, 1, 0)) == [1]  # between face-down cards
    assert takeable([20, 6, 7, 8, 21], (1, 1, 1, 1, 0)) == []  # a face-up neighbour
    assert takeable([6, 7, 8, 21], (1, 1, 1, 1)) == []
    assert takeable([6, 7, 36, 21], (1, 1, 1, 0)) == [0]  # wild set
    assert takeable([6, 7, 8], (1, 0, 1)) == []
    assert takeable([], ()) == []


def test_trick_in_game_at_edges_and_between_face_down():
    # Ribbon: 0..13 face up, 14..27 face down. The 2s at 11..13, the 3s at 0..2,
    # the 4s at 14..16 (face down, so on Hyde's side).
    ribbon = [9, 10, 11] + [20, 21, 23, 24, 25, 27, 28, 29] + [6, 7, 8] + [12, 13, 14]
    game = Game(0, 0, _deal(0, ribbon=ribbon))
    game.apply_action(DRAW_BASE)
    assert not game.can_apply(TAKE_BASE + 11) and not game.can_apply(TAKE_BASE + 0)
    game.apply_action(FLIP_BASE + 10)
    assert _legal(game, TAKE_BASE + 11)
    assert game.describe(TAKE_BASE + 11) == "take the trick at 12-14 (10)"
    game.apply_action(TAKE_BASE + 11)  # bounded by face-down cards on both sides
    view = game.observation(0)
    assert view["tricks"] == [[6, 7, 8], []] and view["scores"] == [10, 0]
    assert len(view["ribbon"]) == 25 and view["actions_left"] == 2  # a trick is free
    game.apply_action(FLIP_BASE + 3)
    assert _legal(game, TAKE_BASE + 0)  # the left end isolates
    game.apply_action(TAKE_BASE + 0)
    assert game.observation(1)["tricks"][0] == [6, 7, 8, 9, 10, 11]
    game.apply_action(END_TURN)
    # Hyde's turn. The 4s are now at 8..10 (face down); card 11 also face down.
    game.apply_action(DRAW_BASE)
    assert game.observation(1)["ribbon"][8:12] == [-1, -1, -1, -1]
    game.apply_action(FLIP_BASE + 11)  # faces it on Jekyll's side: down after the flip-over
    game.apply_action(TRANSFORM)
    assert game.observation(1)["face_up"][7:12] == b"\x01\x01\x01\x01\x00"
    assert not game.can_apply(TAKE_BASE + 8)
    game.apply_action(FLIP_BASE + 7)  # the card Jekyll turned down shows on Hyde's side
    view = game.observation(1)
    assert view["ribbon"][8:11] == [12, 13, 14] and view["face_up"][7:12] == b"\x00\x01\x01\x01\x00"
    assert _legal(game, TAKE_BASE + 8)
    # Hyde's side is drawn mirrored: of 22 cards, indices 8..10 are the 14th..12th.
    assert game.describe(TAKE_BASE + 8) == "take the trick at 12-14 (10)"
    game.apply_action(TAKE_BASE + 8)
    assert game.scores() == [20, 10]
    game.check_invariants()


def test_trick_before_the_first_action():
    # Project decision: a trick may be taken before the mandatory first action.
    ribbon = [20, 21, 23, 24, 25, 27, 28, 29, 30, 31, 32] + [6, 7, 8]
    game = Game(0, 0, _deal(0, ribbon=ribbon))
    game.apply_action(DRAW_BASE)
    game.apply_action(FLIP_BASE + 10)  # isolates the 2s at 11..13; Jekyll leaves them
    assert game.can_apply(TAKE_BASE + 11)
    game.apply_action(END_TURN)
    game.apply_action(DRAW_BASE)
    assert game.observation(1)["phase"] == PHASE_OPENING
    assert _legal(game, TAKE_BASE + 11)
    game.apply_action(TAKE_BASE + 11)
    view = game.observation(1)
    assert view["phase"] == PHASE_OPENING and view["scores"] == [0, 10]


def _built(options, tricks, hands, jekyll_faces=None, recipe=(), reason=0):
    """A game (Hyde to act, after the transformation) with the given tricks (owner, cards)
    and hands; every other card is in the ribbon in code order, faces on Jekyll's side except
    the last card (or as ``jekyll_faces`` says: a list of 0/1 per ribbon card)."""
    game = Game(0, options)
    s = game._s
    options = s[0]
    for i in range(1, len(s)):
        s[i] = 0
    s[_SIDE] = 1
    s[_PLAYER] = 1
    s[_PHASE] = PHASE_AFTER
    s[_LEFT] = 3
    s[_TURN] = 2
    used = bytearray(45)
    if options & OPT_HYDE:
        for i in range(4):
            s[_RECIPE + i] = recipe[i]
            used[recipe[i]] = 1
        for i in range(3):
            s[_PEEK + i] = recipe[i]
        s[_NPEEK] = 3
    for t in range(len(tricks)):
        owner, trick = tricks[t]
        for k in range(3):
            s[_TRICK + 3 * t + k] = trick[k]
            used[trick[k]] = 1
        s[_TRICKBY + t] = owner
    s[_NTRICK] = len(tricks)
    for player in range(2):
        hand = sorted(hands[player])
        for i in range(len(hand)):
            s[_HAND + 16 * player + i] = hand[i]
            used[hand[i]] = 1
        s[_HLEN + player] = len(hand)
    rest = [card for card in range(44) if not used[card]]
    for i in range(len(rest)):
        jekyll_side = jekyll_faces[i] if jekyll_faces else i < len(rest) - 1
        s[_RIB + i] = rest[i] | (0 if jekyll_side else 64)
    s[_RLEN] = len(rest)
    s[_REASON] = reason
    game.check_invariants()
    return game


def test_end_all_faces_jekyll_bonus():
    game = _built(0, [(1, (6, 7, 8))], ([], []))
    n = len(game.observation(1)["ribbon"])
    assert game.scores() == [0, 10] and not game.is_over()
    game.apply_action(FLIP_BASE + n - 1)  # every face now on Jekyll's side
    assert game.is_over() and game.current_player() == -1 and game.legal_actions() == []
    view = game.observation(0)
    assert view["reason"] == REASON_FACES and view["over"]
    assert game.scores() == [5, 10] and view["winner"] == 1
    assert view["actions_left"] == 2  # ended at once, mid-turn (ruling 3)


def test_tie_goes_to_the_bonus_holder():
    # Jekyll 5 + bonus 5 against Hyde's 10.
    game = _built(0, [(0, (6, 7, 36)), (1, (9, 10, 11))], ([], []))
    n = len(game.observation(1)["ribbon"])
    game.apply_action(FLIP_BASE + n - 1)
    assert game.scores() == [10, 10] and game.winner() == 0
    # The bonus to Hyde: every face on Hyde's side after one flip.
    faces = [1] + [0] * 40
    game = _built(0, [(0, (9, 10, 11))], ([], []), jekyll_faces=faces)
    game.apply_action(FLIP_BASE + 0)
    assert game.is_over() and game.scores() == [10, 5] and game.winner() == 0
    faces = [1] + [0] * 37
    game = _built(0, [(0, (9, 10, 11)), (1, (12, 13, 37))], ([], []), jekyll_faces=faces)
    game.apply_action(FLIP_BASE + 0)
    assert game.scores() == [10, 10] and game.winner() == 1


def test_end_checked_after_the_opening_action_and_a_trick():
    # Ruling 3: a basic action on the opponent's side that ends the game ends it before
    # the transformation; a trick that leaves one orientation ends it too.
    game = _built(0, [], ([], []))
    s = game._s
    s[_PHASE] = PHASE_OPENING
    s[_LEFT] = 1
    s[_SIDE] = 0
    game.check_invariants()
    n = len(game.observation(1)["ribbon"])
    game.apply_action(FLIP_BASE + n - 1)
    assert game.is_over() and game.observation(1)["phase"] == PHASE_TRANSFORM
    assert game.scores() == [5, 0] and game.winner() == 0
    # 0..2 the 2s on Hyde's side (face up now), everything else on Jekyll's side.
    faces = [0, 0, 0] + [1] * 41
    game = _built(0, [], ([], []), jekyll_faces=faces)
    game._s[_RIB + 0] = 6 | 64
    game._s[_RIB + 1] = 7 | 64
    game._s[_RIB + 2] = 8 | 64
    for i in range(3, 44):
        game._s[_RIB + i] = game._s[_RIB + i] & 63
    rest = [card for card in range(44) if card not in (6, 7, 8)]
    for i in range(41):
        game._s[_RIB + 3 + i] = rest[i]
    game.check_invariants()
    game.apply_action(TAKE_BASE + 0)
    assert game.is_over() and game.scores() == [5, 10]
    assert game.observation(0)["reason"] == REASON_FACES and game.winner() == 1


def test_empty_ribbon_tie_break_on_hand_size():
    # Every rank as a pure set; the 8 wilds in hands. The ribbon is empty.
    sets = [(0, 1, 2), (3, 4, 5), (30, 31, 32), (33, 34, 35)]
    for first in range(6, 30, 3):
        sets.append((first, first + 1, first + 2))
    tricks = [(t & 1, sets[t]) for t in range(12)]
    for hands, winner in (
        (([36, 37, 38], [39, 40, 41, 42, 43]), 0),
        (([36, 37, 38, 39], [40, 41, 42, 43]), -1),
    ):
        game = _built(0, tricks, hands, reason=2)  # over: the ribbon is empty
        assert game.observation(0)["ribbon"] == [] and game.is_over()
        assert game.scores() == [60, 60] and game.winner() == winner


def test_turn_limit():
    # Ruling 4: 60 turns each, then the game ends without the bonus.
    game = Game(0, 0, list(range(44)))
    turns = 0
    while not game.is_over():
        _play_simple_turn(game)
        turns += 1
        yield
    assert turns == 120
    view = game.observation(0)
    assert view["reason"] == REASON_TURNS and view["turn"] == 120
    assert game.scores() == [0, 0] and view["winner"] == -1


def test_draw_skipped_when_nothing_to_draw():
    # Ruling 1: after the 10 pile cards are drawn, turns start with the first action.
    game = Game(0, 0, list(range(44)))
    for _ in range(10):
        _play_simple_turn(game)
    view = game.observation(0)
    assert view["pile_counts"] == [0] and view["phase"] == PHASE_OPENING
    assert view["hand"] == [0, 2, 4, 6, 8, 10, 12, 14]
    assert game.observation(1)["hand"] == [1, 3, 5, 7, 9, 11, 13, 15]
    assert DRAW_BASE not in game.legal_actions()


def test_recipe_peek():
    deck = _deal(2, recipe=(33, 44, 6, 7), piles=(0, 1, 2, 3, 4, 5, 9, 10, 11))
    game = Game(0, OPT_HYDE, deck)
    assert game.observation(0)["pile_tops"] == [0, 3, 9]
    for _ in range(2):
        game.apply_action(DRAW_BASE)  # Jekyll, then Hyde, take from pile 1
        game.apply_action(FLIP_BASE)
        if game.can_apply(TRANSFORM):
            game.apply_action(TRANSFORM)
        game.apply_action(END_TURN)
    assert game.observation(0)["pile_counts"] == [1, 3, 3]
    game.apply_action(DRAW_BASE)  # Jekyll empties pile 1: peeks at the top recipe card
    assert game.observation(0)["peeks"] == [33] and game.observation(1)["peeks"] == []
    assert game.observation(0)["pile_tops"] == [-1, 3, 9]
    assert game._s[_RECIPE : _RECIPE + 4] == bytes([44, 6, 7, 33])  # it went to the bottom
    assert not game.can_apply(DRAW_BASE)
    game.check_invariants()


def test_recipe_win():
    recipe = (44, 6, 7, 8)  # the 2s: every suit
    jekyll = [(0, (0, 1, 2)), (0, (3, 4, 5))]  # 20 points, suits MSW and LYK
    game = _built(OPT_HYDE, jekyll + [(1, (12, 13, 14))], ([], []), recipe=recipe)
    n = len(game.observation(1)["ribbon"])
    game.apply_action(FLIP_BASE + n - 1)
    view = game.observation(1)
    assert game.scores() == [25, 10]
    assert view["winner"] == 1 and view["reason"] == REASON_RECIPE
    assert view["ribbon_end"] == REASON_FACES and sorted(view["recipe"]) == [6, 7, 8, 44]


def test_recipe_both_match_normal_scoring():
    # Ruling 5: the 3s (Jekyll) and the 4s (Hyde) both cover every suit.
    recipe = (6, 44, 7, 8)
    tricks = [(0, (9, 10, 11)), (1, (12, 13, 14))]
    game = _built(OPT_HYDE, tricks, ([], []), recipe=recipe)
    n = len(game.observation(1)["ribbon"])
    game.apply_action(FLIP_BASE + n - 1)
    assert game.scores() == [15, 10] and game.winner() == 0
    assert game.observation(0)["reason"] == REASON_FACES


def test_save_round_trip_and_corruption():
    game = Game(5, OPT_JEKYLL | OPT_HANDICAP_1)
    for _ in range(3):
        _play_simple_turn(game)
    data = game.to_bytes()
    clone = Game.from_bytes(data)
    assert clone.to_bytes() == data and clone.legal_actions() == game.legal_actions()
    for bad in (data[:-1], b"", bytes([0]) + data[1:]):
        raises(ValueError, lambda: Game.from_bytes(bad), "bad save accepted")
    broken = bytearray(data)
    broken[STATE_AT + _RIB] = broken[STATE_AT + _RIB + 1]  # a card twice
    raises(ValueError, lambda: Game.from_bytes(bytes(broken)), "duplicate card accepted")


def test_can_apply_matches_legal_actions():
    game = Game(11, OPT_JEKYLL)
    for _ in range(6):
        actions = game.legal_actions()
        count = 0
        for action in range(END_TURN + 2):
            if game.can_apply(action):
                count += 1
        assert count == len(actions)
        for action in actions:
            assert game.can_apply(action)
        game.apply_action(actions[len(actions) // 2])
        yield


def test_random_play_on_device():
    # conformance.play_random describes every legal action in one step: with ~1000 legal
    # actions that is more garbage than the MicroPython gate's 147 KB heap allows in one
    # call (tests/test_conformance.py runs the full check on CPython). The same checks,
    # describing a sample of the actions, one step per yield:
    rng = Rng(3)
    for options in (0, OPT_HYDE | 2 * OPT_HANDICAP_1):
        game = Game(4, options)
        history = []
        while not game.is_over():
            game.check_invariants()
            actions = game.legal_actions()
            assert actions
            for i in range(1, len(actions)):
                assert actions[i - 1] < actions[i]
            for i in range(0, len(actions), 37):
                assert isinstance(game.describe(actions[i]), str)
            saved = game.to_bytes()
            for bad in (-1, actions[-1] + 1, END_TURN + 1):
                assert not game.can_apply(bad)
                raises(ValueError, lambda: game.apply_action(bad), "illegal action accepted")
            assert game.to_bytes() == saved
            clone = Game.from_bytes(saved)
            assert clone.to_bytes() == saved and clone.current_player() == game.current_player()
            for i in range(0, len(actions), 7):
                assert clone.can_apply(actions[i])
            clone = None
            if len(history) % 16 == 0:
                conformance.check_save_corruption(engine, saved, rng)
            action = actions[rng.randbelow(len(actions))]
            history.append(action)
            game.apply_action(action)
            assert len(history) <= engine.MAX_ACTIONS
            actions = None
            yield
        assert game.legal_actions() == [] and game.current_player() == -1
        replay = Game(4, options)
        for action in history:
            replay.apply_action(action)
        assert replay.to_bytes() == game.to_bytes()
        yield


def test_who_goes_first_option_changes_no_rule():
    # "Choose who goes first. The first player takes on the role of Dr. Jekyll." Bit 64
    # says the device's owner let the other player go first (and plays Mr. Hyde): seat 0
    # still moves first as Jekyll, and the deal and play are the same; only the option
    # byte differs, kept by the save.
    plain = Game(5, OPT_JEKYLL)
    other = Game(5, OPT_JEKYLL | OPT_OWNER_HYDE)
    assert plain.options == OPT_JEKYLL and other.options == OPT_JEKYLL | OPT_OWNER_HYDE
    assert other.current_player() == 0 and other.observation(0) == plain.observation(0)
    data = other.to_bytes()
    assert data[STATE_AT] == OPT_JEKYLL | OPT_OWNER_HYDE
    assert data[STATE_AT + 1 :] == plain.to_bytes()[STATE_AT + 1 :]
    _play_simple_turn(other)
    _play_simple_turn(plain)
    assert other.to_bytes()[STATE_AT + 1 :] == plain.to_bytes()[STATE_AT + 1 :]
    loaded = Game.from_bytes(other.to_bytes())
    assert loaded.options == OPT_JEKYLL | OPT_OWNER_HYDE and loaded.to_bytes() == other.to_bytes()
    bad = bytearray(data)
    bad[STATE_AT] |= 128  # no such option
    raises(ValueError, lambda: Game.from_bytes(bytes(bad)), "unknown option bit loaded")


def test_describe_counts_from_the_left_as_drawn():
    # On Hyde's side the ribbon is drawn mirrored: engine index i of n is position n - i,
    # engine gap g is gap n - g (the left end is the engine's right end).
    game = Game(0, 0, list(range(44)))
    game.apply_action(DRAW_BASE)
    assert game.describe(FLIP_BASE + 20) == "flip card 21 face up"  # Jekyll's side: as is
    game.apply_action(FLIP_BASE + 27)
    game.apply_action(END_TURN)
    game.apply_action(DRAW_BASE)
    game.apply_action(FLIP_BASE + 0)
    game.apply_action(TRANSFORM)
    view = game.observation(1)
    assert view["side"] == 1 and view["ribbon"][0] == 16 and view["face_up"][1] == 0
    assert game.describe(FLIP_BASE + 1) == "flip card 27 face up"
    assert game.describe(FLIP_BASE + 0) == "flip Discovery face down"
    assert game.describe(MOVE_BASE + 1 * 64 + 5) == "move card 27 to 23"
    assert game.describe(MOVE_BASE + 0 * 64 + 27) == "move Discovery to 1"
    card = view["hand"][0]
    words = game.describe(PLAY_BASE + card * 128 + 0 * 2 + 1)
    assert words.startswith("play ") and words.endswith(" face up at the right end")
    words = game.describe(PLAY_BASE + card * 128 + 28 * 2)
    assert words.endswith(" face down at the left end")
    assert game.describe(PLAY_BASE + card * 128 + 3 * 2).endswith(" face down at 26")
