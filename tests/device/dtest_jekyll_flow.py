"""Device tests of the Jekyll & Hyde screens' display-free logic (games/jekyll/flow.py):
set-up to options, cursor positions to actions, the menu's legal items, the viewport and
the result texts (CPython and MicroPython)."""

from devtools import raises

from decktet.cards import name
from decktet.search import units
from decktet.state import STATE_AT
from games.jekyll import SETUP, engine, flow
from handheld.keys import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP

# The ribbon bytes in a save: the state's own offset (15) past the save's tag byte.
_RIBBON = STATE_AT + 15


def test_handicap_choices_and_options():
    choices = SETUP[1][1]  # the set-up's handicap row
    assert len(choices) == 15
    assert choices[0] == "Off" and choices[3] == "Jekyll +3" and choices[8] == "Hyde +1"
    assert flow.options_for(0, 0) == 0
    assert flow.options_for(1, 0) == engine.OPT_JEKYLL
    assert flow.options_for(2, 3) == engine.OPT_HYDE | 3 * engine.OPT_HANDICAP_1
    hyde7 = 7 * engine.OPT_HANDICAP_1 | engine.OPT_HANDICAP_HYDE
    assert flow.options_for(0, 14) == hyde7
    for level in range(3):
        for handicap in range(15):
            yield
            game = engine.Game(1, flow.options_for(level, handicap))
            ups = sum(game.observation(0)["face_up"])
            half = 14 if level == 0 else 13
            shift = handicap if handicap <= 7 else -(handicap - 7)
            assert ups == half + shift
    raises(ValueError, lambda: flow.options_for(3, 0), "level 3 accepted")
    # Who goes first: the owner as Dr. Jekyll (0), or the other player (1, owner is Hyde).
    assert flow.options_for(0, 0, 0) == 0
    assert flow.options_for(0, 0, 1) == engine.OPT_OWNER_HYDE
    assert flow.options_for(1, 9, 1) == engine.OPT_JEKYLL | 2 * engine.OPT_HANDICAP_1 | (
        engine.OPT_HANDICAP_HYDE | engine.OPT_OWNER_HYDE
    )
    raises(ValueError, lambda: flow.options_for(0, 0, 2), "third first player accepted")
    options = flow.options_for(2, 0, 1)
    assert engine.Game(1, options).options == engine.OPT_HYDE | engine.OPT_OWNER_HYDE


def _first_turn_game():
    """A Poole game at Jekyll's first turn, after the draw."""
    game = engine.Game(7)
    game.apply_action(engine.DRAW_BASE)
    return game


def test_play_lands_at_its_gap_face_as_chosen():
    for gap in (0, 5, 28):
        for face_up in (True, False):
            game = _first_turn_game()
            card = game.observation(0)["hand"][0]
            action = engine.play_action(card, gap, face_up)
            assert game.can_apply(action)
            game.apply_action(action)
            obs = game.observation(0)
            assert obs["face_up"][gap] == (1 if face_up else 0)
            if face_up:
                assert obs["ribbon"][gap] == card


def test_move_to_a_gap_lands_between_its_neighbours():
    game = _first_turn_game()
    before = game.to_bytes()
    length = len(game.observation(0)["ribbon"])
    for source in (0, 4, length - 1):
        for gap in range(length + 1):
            yield  # the MicroPython gate collects garbage here
            if not flow._move_gap_ok(source, gap, length):
                assert gap in (source, source + 1)
                continue
            trial = engine.Game.from_bytes(before)
            raw = trial.to_bytes()[_RIBBON : _RIBBON + length]  # code | face side
            left = raw[gap - 1] if gap > 0 else None
            right = raw[gap] if gap < length else None
            action = engine.move_action(source, gap if gap < source else gap - 1)
            assert trial.can_apply(action)
            trial.apply_action(action)
            after = trial.to_bytes()[_RIBBON : _RIBBON + length]
            index = gap if gap < source else gap - 1
            assert after[index] == raw[source]
            # The card sits between the cards that bordered the gap.
            if left is not None and left != raw[source]:
                assert after[index - 1] == left
            if right is not None and right != raw[source]:
                assert after[index + 1] == right


def test_move_gap_cursor_skips_no_op_gaps():
    assert flow._first_move_gap(0, 5) == 2
    assert flow._first_move_gap(4, 5) == 3
    assert flow._next_move_gap(2, 1, 1, 5) == 4
    assert flow._next_move_gap(2, 4, -1, 5) == 1
    assert flow._next_move_gap(0, 5, 1, 5) == 2  # wraps past gaps 0 and 1
    assert flow._next_move_gap(0, 0, 1, 1) == 0  # a one-card ribbon has nowhere to go


def test_menu_items_follow_the_phases():
    game = engine.Game(7)
    obs = game.observation(0)
    assert flow._menu_mask(game, obs, []) == 0  # the draw comes first
    game.apply_action(engine.DRAW_BASE)
    obs = game.observation(0)
    mask = flow._menu_mask(game, obs, [])
    assert mask == 0b00111  # Jekyll's first turn: one action is due before End turn
    game.apply_action(engine.FLIP_BASE)
    mask = flow._menu_mask(game, game.observation(0), [])
    assert mask == 0b10111
    assert flow.last_item_name(engine.PHASE_AFTER) == "End turn"
    game.apply_action(engine.END_TURN)
    game.apply_action(engine.DRAW_BASE)
    game.apply_action(engine.FLIP_BASE)
    obs = game.observation(1)
    assert obs["phase"] == engine.PHASE_TRANSFORM
    mask = flow._menu_mask(game, obs, [3])
    assert mask == (1 << flow.ITEM_TAKE) | (1 << flow.ITEM_LAST)
    assert flow.last_item_name(obs["phase"]) == "Transform"
    assert flow._default_item(mask, obs["phase"], flow.ITEM_PLAY) == flow.ITEM_LAST
    assert flow._step_item(mask, flow.ITEM_LAST, 1) == flow.ITEM_TAKE
    assert flow._step_item(mask, flow.ITEM_TAKE, 1) == flow.ITEM_LAST
    assert flow._step_item(0b00100, 2, 1) == 2
    assert flow._default_item(0b00110, engine.PHASE_AFTER, 0) == 1


def test_viewport_follows_the_cursor():
    assert flow._window_top(0, 3, 3, 8, 30) == 0
    assert flow._window_top(0, 9, 9, 8, 30) == 2
    assert flow._window_top(10, 4, 6, 8, 30) == 4
    assert flow._window_top(25, 29, 29, 8, 30) == 22
    assert flow._window_top(5, 0, 0, 8, 4) == 0  # a short ribbon never scrolls
    assert flow._gap_window(30, 0, 8, 30) == 22  # the right end shows its last card
    assert flow._gap_window(0, 10, 8, 30) == 0


def test_texts():
    game = engine.Game(7)
    assert flow.phase_text(game.observation(0)) == "Jekyll: draw"
    game.apply_action(engine.DRAW_BASE)
    assert flow.phase_text(game.observation(0)) == "Jekyll: 3 left"
    assert flow.score_text([10, 5]) == "J 10  H 5"
    assert flow.result_title(1) == "Mr. Hyde wins" and flow.result_title(-1) == "A draw"
    # The statistics keep the owner's seat: Jekyll's unless the other player went first.
    assert flow.owner_seat(0) == 0 and flow.owner_seat(engine.OPT_HYDE) == 0
    assert flow.owner_seat(engine.OPT_OWNER_HYDE | engine.OPT_JEKYLL) == 1


def test_result_text_names_the_reason():
    # Flip every face on Hyde's side toward Jekyll's until the ribbon ends it.
    game = engine.Game(11)
    while not game.is_over():
        yield
        seat = game.current_player()
        obs = game.observation(seat)
        if game.can_apply(engine.DRAW_BASE):
            game.apply_action(engine.DRAW_BASE)
            continue
        if game.can_apply(engine.TRANSFORM):
            game.apply_action(engine.TRANSFORM)
            continue
        side = obs["side"]
        wrong = -1
        for i in range(len(obs["ribbon"])):
            if (side if obs["face_up"][i] else side ^ 1) == 1:
                wrong = i
                break
        if obs["actions_left"] and game.can_apply(engine.FLIP_BASE + wrong):
            game.apply_action(engine.FLIP_BASE + wrong)
        else:
            game.apply_action(engine.END_TURN)
    obs = game.observation(0)
    text = flow.result_text(obs, name)
    assert obs["ribbon_end"] == engine.REASON_FACES and obs["winner"] == 0
    assert text.startswith("Every face shows on Jekyll's side: +5 to Jekyll.")
    assert "Jekyll 5, Hyde 0." in text
    assert "Recipe" not in text


# --- the play screen's state machine (flow.Play): every mode, by keys -----------------------


def _play(seed=7, options=0):
    """A flow at the first draw of a new game."""
    return flow.Play(engine.Game(seed, options), name)


def _to_item(play, item):
    """RIGHT until the menu cursor is on ``item``."""
    for _ in range(flow.ITEM_COUNT):
        if play.item == item:
            return
        play.key(K_RIGHT)
    raise AssertionError("item %d not reachable" % item)


def test_play_starts_drawing_and_draws_into_the_menu():
    play = _play()
    assert play.mode == flow.MODE_DRAW and play.action() == engine.DRAW_BASE
    assert play.hint() == "A draw  SELECT tricks"  # Poole: one pile
    assert play.key(K_SELECT) == 0 and play.event == flow.EVENT_INFO
    assert "Draw pile: 10." in play.info_text()
    hand = len(play.obs["hand"])
    assert play.key(K_A) == flow.DRAW_ALL and play.event == flow.EVENT_NONE
    assert play.mode == flow.MODE_MENU and len(play.obs["hand"]) == hand + 1
    # UP/DOWN in the menu pan the viewport by four cards.
    assert play.key(K_DOWN) == flow.DRAW_RIBBON | flow.DRAW_STYLE and play.view.top == 4
    assert play.key(K_UP) & flow.DRAW_RIBBON and play.view.top == 0
    assert play.key(K_UP) == flow.DRAW_STYLE  # already at the left end


def test_play_a_card_through_hand_face_and_place():
    play = _play()
    play.key(K_A)
    _to_item(play, flow.ITEM_PLAY)
    play.key(K_A)
    assert play.mode == flow.MODE_HAND and play.hand_cursor() == 0
    play.key(K_RIGHT)
    assert play._hcur == 1 and play.caption() == name(play.obs["hand"][1])
    play.key(K_A)
    assert play.mode == flow.MODE_FACE and play.face_up and not play.hand_face_down()
    play.key(K_UP)
    assert play.hand_face_down() and play.caption().endswith("face down")
    play.key(K_A)
    assert play.mode == flow.MODE_PLACE and play.gap_shown() and play.view.gap == 1
    assert play.hint().startswith("<> place")
    play.key(K_RIGHT)
    assert play.view.gap == 2 and play.map_cursor() == 2
    card = play.obs["hand"][1]
    assert play.action() == engine.play_action(card, 2, False)
    # The caption fits its line (the engine's words would not).
    assert play.caption() == "%s down, at 3" % name(card)
    # B steps back one step at a time, to the menu.
    play.key(K_B)
    assert play.mode == flow.MODE_FACE
    play.key(K_B)
    assert play.mode == flow.MODE_HAND and not play.hand_face_down()
    play.key(K_B)
    assert play.mode == flow.MODE_MENU
    # Again, face up, placed at the first gap: the card leaves the hand for the ribbon.
    length = len(play.obs["ribbon"])
    play.key(K_A)
    play.key(K_A)
    play.key(K_A)
    card = play.obs["hand"][play._hcur]
    assert play.key(K_A) == flow.DRAW_ALL
    assert len(play.obs["ribbon"]) == length + 1 and play.obs["ribbon"][1] == card
    assert card not in play.obs["hand"] and play.mode == flow.MODE_MENU


def test_move_flip_and_their_steps_back():
    play = _play()
    play.key(K_A)
    _to_item(play, flow.ITEM_MOVE)
    play.key(K_A)
    assert play.mode == flow.MODE_MOVE_PICK and play.lit_cards() == (0, 0)
    play.key(K_RIGHT)
    assert play.view._rcur == 1 and play.caption().startswith("move ")
    play.key(K_A)
    assert play.mode == flow.MODE_MOVE_DEST and play.view.source == 1 and play.view.gap == 3
    assert play.lit_cards() == (1, 1)
    play.key(K_LEFT)
    assert play.view.gap == 0  # gaps 1 and 2 would leave the card where it is
    play.key(K_B)
    assert play.mode == flow.MODE_MOVE_PICK and play.view._rcur == 1
    play.key(K_B)
    _to_item(play, flow.ITEM_FLIP)
    play.key(K_A)
    assert play.mode == flow.MODE_FLIP and play.action() == engine.FLIP_BASE + 1
    face = play.obs["face_up"][1]
    play.key(K_A)
    assert play.obs["face_up"][1] != face and play.mode == flow.MODE_MENU


def _policy_key(play):
    """A key for the seat to act: take a trick when one is takeable, transform when due,
    else flip the first card (one action), then end the turn."""
    if play.mode == flow.MODE_DRAW:
        return K_A
    if play.mode != flow.MODE_MENU:
        # A when the cursor builds a legal action, else the next card or trick; B after
        # a whole round of them.
        if play.game.can_apply(play.action()):
            return K_A
        play.tries += 1
        return K_RIGHT if play.tries < 50 else K_B
    play.tries = 0
    obs = play.obs
    if play.view.tricks:
        target = flow.ITEM_TAKE
    elif obs["phase"] == engine.PHASE_TRANSFORM:
        target = flow.ITEM_LAST
    elif play.mask & (1 << flow.ITEM_LAST) and not (obs["actions_left"] and obs["turn"] % 3):
        target = flow.ITEM_LAST
    elif play.mask & (1 << flow.ITEM_FLIP):
        target = flow.ITEM_FLIP
    else:
        target = flow.ITEM_PLAY
    if play.item != target:
        return K_RIGHT
    return K_A


def test_a_whole_game_through_every_event():
    # Hyde level (recipe peeks), played by keys only, to the end; seed 9 makes a trick
    # takeable on the way.
    play = _play(9, engine.OPT_HYDE)
    events = []
    modes = []
    now = 0
    steps = 0
    while play.mode != flow.MODE_OVER:
        steps += 1
        assert steps < 6000
        if steps % 50 == 0:
            yield
        if play.mode not in modes:
            modes.append(play.mode)
        if play.mode == flow.MODE_ANIM:
            now += 50
            changed = play.tick(now, None)
            if changed & flow.DRAW_WAVE:
                count = len(play.view.wave_new)
                codes = [play.wave_code(i) for i in range(count)]
                assert codes.count(-2) <= 1
        else:
            if play.mode == flow.MODE_TAKE:
                assert play.lit_cards()[1] - play.lit_cards()[0] == 2
            play.key(_policy_key(play))
            assert len(play.caption()) <= 31, play.caption()  # one screen line
            if play.event == flow.EVENT_CONFIRM_END:
                events.append(play.event)
                play.end_turn()  # confirmed
        if play.event and play.event not in events:
            events.append(play.event)
        if play.event == flow.EVENT_PEEK:
            assert play.peek_card == play.obs["peeks"][-1]
    for event in (flow.EVENT_PASS, flow.EVENT_PEEK, flow.EVENT_OVER, flow.EVENT_CONFIRM_END):
        assert event in events, event
    for mode in (flow.MODE_DRAW, flow.MODE_MENU, flow.MODE_FLIP, flow.MODE_TAKE, flow.MODE_ANIM):
        assert mode in modes, mode
    assert play.view._transformations >= 1 and play.game.is_over()
    assert play.caption() == flow.result_title(play.obs["winner"])
    assert play.key(K_A) == 0  # nothing reacts once it is over


def test_after_the_transformation_the_cursor_is_not_on_end_turn():
    # Right after Transform, with actions left, A must not end the turn at once.
    mask = (1 << flow.ITEM_PLAY) | (1 << flow.ITEM_FLIP) | (1 << flow.ITEM_LAST)
    assert flow._default_item(mask, engine.PHASE_AFTER, flow.ITEM_LAST) == flow.ITEM_PLAY
    # With nothing else legal, End turn it is.
    assert flow._default_item(1 << flow.ITEM_LAST, engine.PHASE_AFTER, flow.ITEM_LAST) == (
        flow.ITEM_LAST
    )
    # And by keys: the first Transform of a game leaves the cursor on an action.
    play = _play(9, engine.OPT_HYDE)
    now = 0
    for _ in range(3000):
        if play.mode == flow.MODE_ANIM:
            now += 50
            play.tick(now, None)
            if play.mode != flow.MODE_ANIM:
                break
        else:
            play.key(_policy_key(play))
            if play.event == flow.EVENT_CONFIRM_END:
                play.end_turn()
    assert play.view._transformations == 1 and play.obs["actions_left"] > 0
    assert play.item != flow.ITEM_LAST and play.mask & (1 << play.item)


# --- the mirrored ribbon on Hyde's side ------------------------------------------------------


def _hyde_after_transformation():
    """A Poole game at Hyde's first turn, just transformed: the ribbon on Hyde's side. The
    2s lie at engine indices 14..16 between face-down cards there: a trick to take."""
    others = [card for card in range(44) if card not in (6, 7, 8)]
    # Pile 10, hands 6, then the ribbon: 14 faces on Jekyll's side, 14 on Hyde's.
    deck = others[:16] + others[16:30] + [6, 7, 8] + others[30:]
    game = engine.Game(0, 0, deck)
    game.apply_action(engine.DRAW_BASE)
    game.apply_action(engine.FLIP_BASE + 17)  # its face to Jekyll's side: down on Hyde's
    game.apply_action(engine.END_TURN)
    game.apply_action(engine.DRAW_BASE)
    game.apply_action(engine.FLIP_BASE)
    play = flow.Play(game, name)
    _to_item(play, flow.ITEM_LAST)
    play.key(K_A)  # Transform, by key
    now = 0
    while play.mode == flow.MODE_ANIM:
        now += 50
        play.tick(now, None)
    return play


def _reversed(items):
    out = list(items)
    out.reverse()
    return out


def test_hyde_side_is_drawn_mirrored():
    play = _hyde_after_transformation()
    game = play.game
    seen = game.observation(1)
    n = len(seen["ribbon"])
    assert seen["side"] == 1 and n == 28
    # The flow's ribbon is the engine's, right to left; every cursor counts in it.
    assert play.obs["ribbon"] == _reversed(seen["ribbon"])
    assert list(play.obs["face_up"]) == _reversed(seen["face_up"])
    # The trick at engine 14..16 is drawn at 11..13.
    assert engine.takeable(seen["ribbon"], seen["face_up"]) == [14]
    assert play.view.tricks == [11] and play.mask & (1 << flow.ITEM_TAKE)
    _to_item(play, flow.ITEM_TAKE)
    play.key(K_A)
    assert play.lit_cards() == (11, 13) and play.action() == engine.TAKE_BASE + 14
    assert play.caption() == "take the trick at 12-14 (10)"
    # Flip the drawn left-most card: the engine's right-most.
    play.key(K_B)
    _to_item(play, flow.ITEM_FLIP)
    play.key(K_A)
    play.view._rcur = 0
    assert play.action() == engine.FLIP_BASE + n - 1
    was = play.obs["face_up"][0]
    play.key(K_A)
    assert play.obs["face_up"][0] != was and game.observation(1)["face_up"][n - 1] != was
    # Play a card face up at the drawn left end: the engine's right end.
    _to_item(play, flow.ITEM_PLAY)
    play.key(K_A)
    card = play.obs["hand"][play._hcur]
    play.key(K_A)
    play.key(K_A)
    while play.view.gap:
        play.key(K_LEFT)
    assert play.view.gap == 0 and play.action() == engine.play_action(card, n, True)
    assert play.caption() == "%s up, left end" % name(card)
    assert game.describe(play.action()).endswith("face up at the left end")
    play.key(K_A)
    n += 1
    assert play.obs["ribbon"][0] == card and game.observation(1)["ribbon"][n - 1] == card
    # Move the drawn card 2 to drawn gap 4: it lands at drawn index 3.
    before = list(play.obs["ribbon"])
    _to_item(play, flow.ITEM_MOVE)
    play.key(K_A)
    play.view._rcur = 2
    play.key(K_A)
    assert play.view.source == 2 and play.view.gap == 4
    assert play.action() == engine.move_action(n - 3, n - 4)
    play.key(K_A)
    moved = before.pop(2)
    before.insert(3, moved)
    assert play.obs["ribbon"] == before
    assert game.observation(1)["ribbon"] == _reversed(before)


def test_the_transformation_keeps_the_same_cards_in_view():
    game = engine.Game(7)
    game.apply_action(engine.DRAW_BASE)
    game.apply_action(engine.FLIP_BASE)
    game.apply_action(engine.END_TURN)
    game.apply_action(engine.DRAW_BASE)
    game.apply_action(engine.FLIP_BASE)
    play = flow.Play(game, name)
    play.key(K_DOWN)  # look at cards 4..11
    assert play.view.top == 4
    ribbon = game.observation(1)["ribbon"]
    _to_item(play, flow.ITEM_LAST)
    play.key(K_A)
    assert play.mode == flow.MODE_ANIM
    # Mirrored, the same eight cards show, in the other order: 27 - 11 = 16 .. 23.
    assert play.view.top == 16 and len(ribbon) == 28
    after = game.observation(1)["ribbon"]
    assert play.view._wave_old == ribbon[4:12]
    assert play.view.wave_new == [after[11 - i] for i in range(8)]


# --- undo ------------------------------------------------------------------------------------


def _flip_to(play, want_face_up):
    """Flip (by keys) the first drawn card whose face-up flag is ``want_face_up``."""
    _to_item(play, flow.ITEM_FLIP)
    play.key(K_A)
    target = -1
    for i in range(len(play.obs["ribbon"])):
        if play.obs["face_up"][i] == want_face_up:
            target = i
            break
    while play.view._rcur != target:
        play.key(K_RIGHT)
    play.key(K_A)


def test_undo_takes_back_each_action_of_the_turn_exactly():
    play = _play()
    assert not play.can_undo() and play.undo() == 0
    play.key(K_A)  # the draw: a hidden card into the hand, never undone
    assert not play.can_undo()
    states = [play.game.to_bytes()]
    # Play a card face down, move a card, flip a face-up card face down: nothing hidden
    # shows, so each can be taken back.
    _to_item(play, flow.ITEM_PLAY)
    for key in (K_A, K_A, K_UP, K_A, K_A):
        play.key(key)
    states.append(play.game.to_bytes())
    _to_item(play, flow.ITEM_MOVE)
    for key in (K_A, K_A, K_A):
        play.key(key)
    states.append(play.game.to_bytes())
    _flip_to(play, 1)
    assert play.obs["actions_left"] == 0 and play.can_undo()
    changes = play.applied
    assert changes == 4
    while len(states):
        yield
        assert play.can_undo()
        if play.mask & (1 << flow.ITEM_PLAY):
            # From a step of an action too (Play: the hand cursor): back to the menu.
            _to_item(play, flow.ITEM_PLAY)
            play.key(K_A)
            assert play.mode == flow.MODE_HAND
        assert play.undo() == flow.DRAW_ALL
        changes += 1
        assert play.applied == changes  # a change the autosave sees; it never goes back
        assert play.game.to_bytes() == states.pop()
        assert play.mode == flow.MODE_MENU and play.event == flow.EVENT_NONE
        view = play.game.observation(0)
        assert play.obs["hand"] == view["hand"] and play.obs["ribbon"] == view["ribbon"]
    # Back at the start of the turn (after the draw): nothing more to undo.
    assert not play.can_undo() and play.undo() == 0 and play.applied == changes
    assert play.obs["actions_left"] == 3


def test_undo_never_goes_back_past_hidden_cards_shown():
    play = _play()
    play.key(K_A)
    # A face-down card flipped face up shows its face: no undo past it.
    _flip_to(play, 0)
    assert not play.can_undo()
    shown = play.game.to_bytes()
    _flip_to(play, 1)  # face down again: that one may be taken back, to ``shown``
    assert play.can_undo()
    play.undo()
    assert play.game.to_bytes() == shown and not play.can_undo()
    # The end of the turn, the next draw: no undo.
    _to_item(play, flow.ITEM_LAST)
    play.key(K_A)
    assert play.event == flow.EVENT_CONFIRM_END
    play.end_turn()
    assert play.event == flow.EVENT_PASS and not play.can_undo()
    play.key(K_A)
    assert play.obs["current"] == 1 and not play.can_undo()
    # Hyde's opening action (a face-up card turned down) may be taken back before the
    # transformation ...
    before = play.game.to_bytes()
    _flip_to(play, 1)
    assert play.obs["phase"] == engine.PHASE_TRANSFORM and play.can_undo()
    play.undo()
    assert play.game.to_bytes() == before and play.obs["phase"] == engine.PHASE_OPENING
    _flip_to(play, 1)
    # ... but not after it: every face-down card shows.
    _to_item(play, flow.ITEM_LAST)
    play.key(K_A)
    assert play.mode == flow.MODE_ANIM and not play.can_undo()
    now = 0
    while play.mode == flow.MODE_ANIM:
        now += 50
        play.tick(now, None)
    assert not play.can_undo() and play.undo() == 0


def test_undo_a_trick_on_the_mirrored_side():
    play = _hyde_after_transformation()
    before = play.game.to_bytes()
    _to_item(play, flow.ITEM_TAKE)
    play.key(K_A)
    play.key(K_A)
    assert play.obs["scores"] == [0, 10] and play.can_undo()
    play.undo()
    assert play.game.to_bytes() == before and play.view.tricks == [11]


# -- the CPU opponent -------------------------------------------------------------


def _show(play, now):
    """Tick the CPU's turn on show to its end (``SHOW_MS`` a step, the wave's frames too);
    returns (action, caption, lit card) of each action shown."""
    shown = []
    while play.mode == flow.MODE_SHOW or play.mode == flow.MODE_ANIM:
        yield
        at = play.show.shown
        action = play.show.turn[at] if at < len(play.show.turn) else -1
        now += flow.SHOW_MS
        play.tick(now, None)
        if play.show.shown > at and action != engine.END_TURN:
            shown.append((action, play.show.said, play.lit_cards()[0]))
    return shown


def test_the_cpu_plays_its_turn_then_it_is_shown_action_by_action():
    from games.jekyll.cpu import Player

    # The owner plays Mr. Hyde: Dr. Jekyll, the CPU (normal), moves first.
    game = engine.Game(3, flow.options_for(0, 0, 1))
    start = game.to_bytes()
    play = flow.Play(game, name, 2)
    assert play.cpu_seat == 0 and play.seat == 1 and play.mode == flow.MODE_CPU
    assert play.obs["player"] == 1  # the table shows the owner's hand, not the CPU's
    assert play.key(K_A) == 0 and not play.can_undo() and play.hint() == ""
    # The same turn played by a cpu.Player at once, on a copy of the game.
    copy = engine.Game.from_bytes(start)
    player = Player(0, "normal", 1)  # seeded by the turn
    expected = []
    while not copy.is_over() and copy.current_player() == 0:
        action = player.choose(copy.observation(0), None)
        expected.append(action)
        copy.apply_action(action)
    assert expected[-1] == engine.END_TURN
    # As the cover screen plays it (games.jekyll.screens.CpuScreen): on the game, four
    # units of search a call (a save meanwhile holds the position before the turn), then
    # shown on the table from where it began.
    cpu = Player(0, "normal", play.obs["turn"])
    game = play.game
    turn = []
    calls = 0
    while not turn or not (game.is_over() or game.current_player() != 0):
        cpu.begin(game.observation(0), None)
        calls += 1
        while not cpu.step(units(4)):
            calls += 1
            assert flow.split_save(play.saved())[0].to_bytes() == start
            yield
        turn.append(cpu.result())
        game.apply_action(turn[-1])
    assert calls > len(expected) and turn == expected
    assert play.game.to_bytes() == copy.to_bytes() and play.mode == flow.MODE_CPU
    play.show.show_turn(play, turn)
    assert play.show.turn == expected and play.show.shown == 0 and play.game.to_bytes() == start
    assert play.mode == flow.MODE_SHOW and play.applied == len(expected) and play.stack == []
    assert play.hint() == "CPU: A next  SELECT tricks" and not play.can_undo()
    # The first action shows at once, the next only SHOW_MS later, or at once after A.
    play.tick(1000, None)
    first = (expected[0], play.show.said, play.lit_cards()[0])
    assert play.show.said and play.show.shown == 1
    assert play.tick(1000 + flow.SHOW_MS - 1, None) == 0 and play.show.said == first[1]
    assert play.key(K_A) == 0 and play.mode == flow.MODE_SHOW
    second = (play.show.turn[1], None, -1)
    play.tick(1001 + flow.SHOW_MS - 1, None)
    assert play.show.shown == 2
    second = (second[0], play.show.said, play.lit_cards()[0])
    shown = yield from _show(play, 2000)
    # Shown to its end: the same game as the CPU's own turn, now the owner's draw.
    assert play.game.to_bytes() == copy.to_bytes()
    assert play.mode == flow.MODE_DRAW and play.seat == 1 and play.cursors()[5] == 2
    assert play.applied == len(expected) and not play.can_undo() and play.show.lit == -1
    shown = [first, second] + shown
    assert [action for action, _, _ in shown] == expected[:-1]  # all but the end of turn
    # SELECT's page lists the turn afterwards, in the captions' words and order.
    said = "Jekyll's last turn: %s." % "; ".join([text for _, text, _ in shown])
    assert play.show._last_words == said and play.info_text().endswith(said)
    for action, text, lit in shown:
        # Every caption fits its line; a play is captioned as the owner's own are, a card
        # played face down unnamed; the card a play, move or flip left is lit.
        assert 0 < len(text) <= 31, text
        if action < engine.MOVE_BASE:
            assert (" up, " if action & 1 else " down, ") in text
            assert text.startswith("a card down, ") == (not action & 1)
        if action < engine.TAKE_BASE:
            assert lit >= 0
        elif action != engine.TRANSFORM:
            assert lit == -1
    # The owner's turn ends: the CPU's turn comes next (no privacy screen, no event).
    play.key(K_A)  # the owner draws
    now = 10000
    while play.mode != flow.MODE_CPU:
        yield
        legal = play.game.legal_actions()
        if play.mode == flow.MODE_ANIM:
            now += 100
            play.tick(now, None)
        elif engine.END_TURN in legal:
            play.end_turn()
            assert play.event == flow.EVENT_NONE
        elif engine.TRANSFORM in legal:
            play._transform()
        else:
            play._apply(legal[0])
        legal = None
    assert play.seat == 1 and play.game.current_player() == 0


def test_the_cpu_opponent_is_saved_with_the_cursors():
    game = engine.Game(5, flow.options_for(1, 0, 0))
    play = flow.Play(game, name, 1)
    assert play.cpu_seat == 1 and play.mode == flow.MODE_DRAW
    saved = play.cursors()
    assert len(saved) == flow.CURSOR_BYTES and saved[5] == 1
    again = flow.Play(engine.Game.from_bytes(game.to_bytes()), name)
    assert again.cpu_seat == -1
    again.restore(saved)
    assert again.opponent == 1 and again.cpu_seat == 1
    # A save from before CPU opponents: five bytes, a human opponent.
    old = flow.Play(engine.Game.from_bytes(game.to_bytes()), name)
    old.restore(saved[:5])
    assert old.opponent == 0 and old.cpu_seat == -1
    raises(ValueError, lambda: old.restore(saved[:4]), "4 cursor bytes accepted")
    raises(ValueError, lambda: old.restore(saved[:5] + b"\3"), "opponent 3 accepted")


def test_a_card_the_cpu_plays_face_down_is_not_named():
    # The CPU (Dr. Jekyll) has drawn; its turn on show is one play of its first hand card.
    game = engine.Game(3, flow.options_for(0, 0, 1))
    play = flow.Play(game, name, 1)
    game.apply_action(engine.DRAW_BASE)
    card = game.observation(0)["hand"][0]
    for face_up, caption in ((False, "a card down, left end"), (True, name(card) + " up, at 2")):
        play.state = game.to_bytes()  # where the turn on show begins
        play.show.show_turn(
            play, [engine.play_action(card, 0 if not face_up else 1, face_up)], False
        )
        play.tick(5000, None)
        lit = 1 if face_up else 0  # the card where it landed
        assert play.show.said == caption and play.lit_cards() == (lit, lit)
        assert len(play.obs["ribbon"]) == len(game.observation(1)["ribbon"]) + 1


def test_the_other_players_last_turn_is_listed_on_select():
    play = _play()
    play.key(K_A)  # the draw
    _to_item(play, flow.ITEM_PLAY)
    for key in (K_A, K_A, K_UP, K_A, K_A):  # a card face down
        play.key(key)
    _to_item(play, flow.ITEM_MOVE)
    for key in (K_A, K_A, K_A):
        play.key(key)
    words = play.show.words.split("; ")
    assert len(words) == 3 and words[0].startswith("draw")
    assert words[1].startswith("a card down, ")  # not named: the next player reads it
    # Undo takes its words back too.
    play.undo()
    assert play.show.words == "; ".join(words[:2])
    assert "last turn" not in play.info_text()  # nothing finished yet
    play.end_turn()
    said = "Jekyll's last turn: %s." % "; ".join(words[:2])
    assert play.show._last_words == said and play.show.words == "" and play.seat == 1
    assert play.info_text().endswith(said)
