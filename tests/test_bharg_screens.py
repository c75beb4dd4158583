"""Bharg screens, headless: whole rounds driven by button presses only, with the privacy
screens between turns, checked against the engine's state and the rendered pixels; golden
screenshots of the key screens; pixels pushed per input.

The driver (``DrivenSim``) asks a planner for the next key each time the previous one has
been handled. The planner looks at the screen on top and consults the engine like a
player looking at the table (and peeks at the deck to end rounds quickly), but acts only
through keys.

Regenerate the goldens after an intended change of look (then review the PNGs):

    UPDATE_GOLDENS=1 .venv/bin/pytest -q tests/test_bharg_screens.py -k golden
"""

import os
import random

import pytest
from driven import FULL, PASS_KEYS, DrivenSim, app, fresh_nvm, name_of, top_name
from goldens import check_golden
from PIL import ImageChops

import host_sim
from games.bharg import engine, flow
from handheld import cardview, store

TABLE_GREEN = (8, 65, 33)  # ui.TABLE (0x0B4020) through RGB565
MARK_BOX = (156, 0, 160, 12)  # the save mark's corner (handheld.screens.save_mark)
SETUP_50 = "GAME:bharg A"  # Bharg, 2 players, target 50 (the default), basic deck
SETUP_ONE_ROUND = "GAME:bharg DOWN RIGHT RIGHT A"  # Target: 50 -> 100 -> 1 round


def driven(planner, seed=4, nvm=None):
    """A run whose keys come one at a time from ``planner(sim)``, asked once the previous
    key has been handled."""
    return DrivenSim(planner, lead_ms=20, seed=seed, nvm=nvm if nvm is not None else fresh_nvm())


def clone(game):
    return engine.Game.from_bytes(game.to_bytes())


def discard_score(game, action):
    """How good a discard is for the seat to act: (wins the round, -unbound value left)."""
    seat = game.current_player()
    trial = clone(game)
    trial.apply_action(action)
    result = trial.observation(seat)["round_result"]
    if result is not None and result["winner"] == seat:
        return (1, 0)
    return (0, -trial.observation(seat)["unbound_value"])


def best_discard(game):
    return max(game.legal_actions(), key=lambda action: discard_score(game, action))


def best_draw(game):
    """The draw after which the best discard is best (peeking at the deck: a test may)."""
    best = None
    for action in game.legal_actions():
        trial = clone(game)
        trial.apply_action(action)
        score = discard_score(trial, best_discard(trial))
        if best is None or score > best[0]:
            best = (score, action)
    return best[1]


class Player:
    """The planner: plays until ``stop(name)`` says so, checking frames as it goes."""

    def __init__(self, setup, stop):
        self.setup = setup.split()
        self.stop = stop
        self.privacy_frames = {}  # text -> first frame
        self.privacy_count = 0
        self.card_colours = None
        self.pushed = []  # (screen, key, pixels pushed by that key's refresh)
        self.last = None
        self.seen = []
        self.discards = 0
        self.face = None
        self.shots = {}  # screen name -> (first frame, screen)
        self.done = False
        self.drawing = False
        self.draw_pushes = []
        self.cpu_moves = []  # (seat, name line, hint line) of each CPU move on show
        self.cpu_waits = 0

    def __call__(self, sim):
        if self.last is not None:
            self.pushed.append(self.last + (sim.display.pushed[-1],))
            if self.drawing:
                self.draw_pushes.append(sim.display.pushed[-1])
                self.drawing = False
            self.last = None
        if self.done:
            return None
        if self.setup:
            return self.setup.pop(0)
        screen = app().top()
        name = type(screen).__name__
        if hasattr(screen, "settled") and not screen.settled(app().frame_at):
            # A and B would be dropped yet: look again in a moment.
            return "WAIT*50"
        self.seen.append(name)
        if name == "PrivacyScreen":
            self.check_privacy(sim, screen)
        if self.stop(self, name, screen):
            self.done = True
            return None
        key = getattr(self, "on_" + name)(sim, screen)
        self.last = (name, key, screen)
        return key

    def on_PrivacyScreen(self, sim, screen):
        return "A"

    def check_privacy(self, sim, screen):
        # The save mark (START pauses here too) apart: its colour says whether the game is
        # saved yet.
        image = sim.display.image.copy()
        image.paste((0, 0, 0), MARK_BOX)
        colours = {colour for _, colour in image.getcolors(FULL)}
        # A plain message: black, the message colour and the prompt's; no table, no card.
        assert len(colours) <= 3, colours
        assert TABLE_GREEN not in colours
        if self.card_colours is not None:
            assert not colours & self.card_colours, colours & self.card_colours
        first = self.privacy_frames.setdefault(screen.text, image.copy())
        assert ImageChops.difference(first, image).getbbox() is None
        self.privacy_count += 1

    def on_PlayScreen(self, sim, screen):
        game = screen.flow.game
        if screen.flow.mover >= 0:
            # A CPU's move on show: note what the name line says, and go on (A).
            self.cpu_moves.append((screen.flow.mover, screen.name.text, screen.hint.text))
            return "A"
        if screen.flow.waiting():
            self.cpu_waits += 1
            return "WAIT*100"
        assert screen.flow.seat == game.current_player()
        if self.card_colours is None:
            # The deck's back and the discard top's face, as drawn on the table.
            colours = set()
            for x0 in (screen._deck_view.x, screen._discard_view.x):
                region = sim.display.image.crop((x0, 28, x0 + 24, 58))
                colours |= {colour for _, colour in region.getcolors(24 * 30)}
            self.card_colours = colours - {(0, 0, 0), (255, 255, 255)}
            self.face = sim.display.image.getpixel((screen._discard_view.x + 3, 28 + 27))
        obs = game.observation(screen.flow.seat)
        check_table(screen, obs)
        phase = obs["phase"]
        if phase == engine.PHASE_DRAW:
            want = 1 if best_draw(game) == engine.TAKE_DISCARD else 0
            if screen.flow.pile == want:
                self.drawing = True
                return "A"
            return "RIGHT"
        card = best_discard(game) - engine.DISCARD_BASE
        index = screen.flow.order.index(card)
        if screen.flow.cursor == index:
            self.discards += 1
            return "A"
        return "RIGHT"

    def shoot(self, sim, screen):
        """Keep the first frame, the screen and its texts (its group goes when it closes)."""
        shot = (sim.display.image.copy(), screen, label_texts(screen.group))
        self.shots.setdefault(name_of(screen), shot)

    def on_RoundEndScreen(self, sim, screen):
        self.shoot(sim, screen)
        return "A"

    def on_ScoreScreen(self, sim, screen):
        self.shoot(sim, screen)
        return "A"

    def on_MessageScreen(self, sim, screen):
        return "A"

    def on_GameOverScreen(self, sim, screen):
        self.shoot(sim, screen)
        return "B"


def play(setup, stop, seed=4, nvm=None):
    player = Player(setup, stop)
    sim = driven(player, seed, nvm)
    sim.run()
    return sim, player


def after(first, then):
    """A stop condition: on a ``then`` screen once a ``first`` screen has been seen."""
    return lambda player, name, screen: name == then and first in player.seen[:-1]


# -- the required span ----------------------------------------------------------------------


def test_two_player_round_by_keys_with_privacy_screens():
    sim, player = play(SETUP_50, after("ScoreScreen", "PrivacyScreen"))
    image, screen, texts = player.shots["RoundEndScreen"]
    game = screen.flow.game
    assert game is app().stack[1].flow.game
    # Now the next round waits behind its privacy screen: the deal passed to seat 1, so
    # seat 0 (Player 1) plays first.
    assert top_name() == "PrivacyScreen" and app().top().text == "Pass to Player 1"
    obs = game.observation(0)
    assert obs["round"] == 2 and obs["phase"] == engine.PHASE_DRAW and obs["round_result"] is None
    assert game.current_player() == 0
    # Round 1 ended by a win (the planner looks for one), scored as the engine says; the
    # round-end screen kept the engine's final view of round 1.
    scores = obs["scores"]
    winner = 0 if scores[0] else 1
    loser = 1 - winner
    assert scores[loser] == 0 and scores[winner] > 0
    rows = screen.rows
    hands = [[row.card_at(i) for i in range(7)] for row in rows]
    ace_top = screen.ace_top
    assert engine.unbound_value(hands[winner], ace_top) == 0
    assert engine.unbound_value(hands[loser], ace_top) == scores[winner]
    assert screen.result["reason"] == "win" and screen.result["winner"] == winner
    assert screen.result["unbound"] == [engine.unbound_value(h, ace_top) for h in hands]
    # Every turn began behind a privacy screen: the first one, then one after each discard
    # that did not end the round, and one for round 2; each showed no card and the same
    # pixels every time.
    assert player.privacy_count == player.discards + 1 >= 3
    assert set(player.privacy_frames) == {"Pass to Player 1", "Pass to Player 2"}
    # The round-end screen shows each hand face up: each card's bottom-left corner (the
    # next card overlaps its right) is the card face colour.
    assert len(rows) == 2
    for seat, row in enumerate(rows):
        assert len(set(hands[seat])) == 7
        for i in range(7):
            x = row.group.x + row.sprites[i].x + 3
            assert image.getpixel((x, row.group.y + 27)) == player.face, (seat, i)
        assert row.sprites[7].hidden
    # Each unbound value is printed beside its hand, the winner named in the title.
    assert str(scores[winner]) in texts and "0" in texts
    assert "Round 1: P%d wins %d pts" % (winner + 1, scores[winner]) in texts
    # The scoreboard toward the target.
    _, _, texts = player.shots["ScoreScreen"]
    assert "Scores after round 1" in texts and "target 50" in texts
    assert "A: deal round 2" in texts and str(scores[winner]) in texts


def label_texts(group):
    """Every label text in a group tree."""
    out = []
    for layer in group:
        text = getattr(layer, "text", None)
        if text is not None:
            out.append(text)
        elif hasattr(layer, "__len__"):
            out.extend(label_texts(layer))
    return out


def check_table(screen, obs):
    """The table shows the seat's observation: hand, piles, counts, scores, dimming."""
    assert sorted(screen.flow.order) == obs["hand"]
    top = obs["discard_top"]
    assert screen._discard_view.card == (top if top >= 0 else cardview.EMPTY)
    ace = obs["ace_top"]
    assert screen._ace_view.card == (ace if ace >= 0 else cardview.EMPTY)
    texts = label_texts(screen.group)
    assert "Deck %d" % obs["deck_count"] in texts
    scores = obs["scores"]
    kinds = screen.flow.kinds[: len(scores)]
    for seat, score in enumerate(scores):
        marker = ">" if seat == obs["player"] else " "
        # The owner is "You" against CPUs only; a CPU's seat says so.
        tag = "You" if kinds.count(0) == 1 and seat == 0 else "P%d" % (seat + 1)
        if kinds[seat]:
            tag += " (CPU)"
        if any(kinds):
            # The names are longer: the scores right-aligned, no "pts".
            line = marker + tag
            line += " " * (flow.BOARD_COLUMNS - len(line) - len(str(score))) + str(score)
        else:
            line = "%s%s %d pts" % (marker, tag, score)
        assert line in texts
    legal = screen.flow.game.legal_actions()
    for slot, card in enumerate(screen.flow.order):
        dimmed = screen.hand.cards._is_dimmed(slot)
        if obs["phase"] == engine.PHASE_DISCARD:
            assert dimmed == (engine.DISCARD_BASE + card not in legal)
            assert dimmed == (card == obs["taken"])
        else:
            assert not dimmed


def test_one_round_match_ends_with_the_winner_and_records_stats_once():
    nvm = fresh_nvm()
    sim, player = play(SETUP_ONE_ROUND, after("GameOverScreen", "MenuScreen"), nvm=nvm)
    _, round_end, _ = player.shots["RoundEndScreen"]
    game = round_end.flow.game
    assert game.is_over() and "ScoreScreen" not in player.seen
    obs = game.observation(0)
    winner = obs["match_winner"]
    assert winner >= 0 and obs["target"] == 0
    # The round's hands, then the kit's game-over screen: the winner and the scores.
    image, screen, texts = player.shots["GameOverScreen"]
    assert screen.heading == "Player %d wins!" % (winner + 1)
    assert screen.text.split("\n") == [
        "Player 1: %d pts" % obs["scores"][0],
        "Player 2: %d pts" % obs["scores"][1],
        "A single round.",
    ]
    assert "A play again  B menu" in texts
    # B went back to the main menu; the match counted once, won if Player 1 won it, with
    # Player 1's final score (higher is better in Bharg).
    assert len(app().stack) == 1 and app().game is None
    stats = store.Stats(nvm)
    assert stats.played(1) == 1 and stats.won(1) == (1 if winner == 0 else 0)
    assert stats.score(1, store.STAT_HIGH) == obs["scores"][0]
    import games.bharg

    assert not getattr(games.bharg, "LOW_SCORE_BETTER", False)


def test_three_players_round_end_shows_three_hands():
    sim, player = play("GAME:bharg RIGHT A", after("RoundEndScreen", "ScoreScreen"), seed=2)
    image, screen, texts = player.shots["RoundEndScreen"]
    assert screen.flow.game.num_players() == 3
    assert len(screen.rows) == 3
    result = screen.result
    for seat, row in enumerate(screen.rows):
        hand = [row.card_at(i) for i in range(6)]
        assert row.sprites[6].hidden
        assert result["unbound"][seat] == engine.unbound_value(hand, screen.ace_top)
        assert str(result["unbound"][seat]) in texts
        for i in range(6):
            x = row.group.x + row.sprites[i].x + 3
            assert image.getpixel((x, row.group.y + 27)) == player.face
    # The rows and their bars stay above the hint line, 2 px apart (they
    # touched), and the hint line names the Ace Pile top.
    bottoms = [row.group.y + row.bars.y + 3 for row in screen.rows]
    assert bottoms[2] <= 119
    assert [screen.rows[i + 1].group.y - bottoms[i] for i in range(2)] == [2, 2]
    ace = screen.ace_top
    assert ("Ace: %s  A scores" % flow.short_name(ace)) in texts
    assert set(player.privacy_frames) == {"Pass to Player %d" % n for n in (1, 2, 3)}


def test_taken_card_is_dimmed_and_cannot_be_discarded():
    # Set-up, privacy, then RIGHT to the discard top and A to take it.
    script = SETUP_50.split() + [PASS_KEYS, "RIGHT", "A"]

    def stop(player, name, screen):
        return not script

    taken = {}

    class Taker(Player):
        def __call__(self, sim):
            if script:
                return script.pop(0)
            screen = app().top()
            if "card" not in taken:
                taken["card"] = screen.flow.obs["taken"]
                taken["bytes"] = screen.flow.game.to_bytes()
                index = screen.flow.order.index(taken["card"])
                taken["keys"] = ["RIGHT"] * ((index - screen.flow.cursor) % len(screen.flow.order))
                taken["keys"].append("A")
            if taken["keys"]:
                return taken["keys"].pop(0)
            return None

    player = Taker("", stop)
    driven(player).run()
    screen = app().top()
    card = taken["card"]
    assert card >= 0 and type(screen).__name__ == "PlayScreen"
    # The cursor started on the taken card; A on it changed nothing.
    assert screen.flow.order[screen.flow.cursor] == card
    assert screen.hand.cards._is_dimmed(screen.flow.cursor)
    assert screen.flow.game.to_bytes() == taken["bytes"]
    assert screen.name.text.endswith("taken, keep")
    assert engine.DISCARD_BASE + card not in screen.flow.game.legal_actions()


def test_setup_rows_match_the_engine_options():
    host_sim.run("GAME:bharg", nvm=fresh_nvm())
    rows = app().top().rows
    assert [row[0] for row in rows] == [
        "Players",
        "Target",
        "Deck",
        "Player 2",
        "Player 3",
        "Rules",
    ]
    assert rows[0][1] == ("2", "3")
    assert rows[1][1] == ("25", "50", "100", "1 round") and rows[1][2] == 1
    assert rows[2][1] == ("Basic", "+Pawns", "+Excuse", "+Both")
    assert rows[3][1] == rows[4][1] == ("Human", "CPU easy", "CPU normal")
    assert rows[3][2] == rows[4][2] == 0
    # Three players, target 100, both extras.
    host_sim.run("GAME:bharg RIGHT DOWN RIGHT DOWN LEFT A", nvm=fresh_nvm())
    game = app().stack[1].flow.game
    options = game._b[0]
    assert options == (
        engine.OPT_THREE_PLAYERS | engine.OPT_TARGET_100 | engine.OPT_EXCUSE | engine.OPT_PAWNS
    )
    assert top_name() == "PrivacyScreen" and app().top().text == "Pass to Player 2"


def test_pixels_pushed_per_input(capsys):
    sim, player = play(SETUP_50, lambda player, name, screen: name == "RoundEndScreen")
    moves = [n for name, key, _, n in player.pushed if name == "PlayScreen" and key == "RIGHT"]
    changes = [n for name, key, _, n in player.pushed if name == "PrivacyScreen"]
    assert moves and changes
    # A cursor move (hand or pile) repaints two cards and the name line.
    assert max(moves) < FULL // 4
    # Taking a card re-lays the hand: less than a screen; the privacy screen is a screen.
    draws = player.draw_pushes
    assert draws and max(draws) < FULL
    assert min(changes) == FULL
    with capsys.disabled():
        print(
            "\nBharg pixels pushed: cursor move %d..%d, draw (hand re-laid) %d..%d, "
            "screen change %d" % (min(moves), max(moves), min(draws), max(draws), min(changes))
        )


# -- golden screenshots ----------------------------------------------------------------------


def on_screen(then, privacy=0):
    """A stop condition: the first ``then`` screen after ``privacy`` privacy screens."""
    return lambda player, name, screen: name == then and player.privacy_count >= privacy


def at_once(player, name, screen):
    return True


SETUP_3P_CPU_2 = "GAME:bharg RIGHT DOWN DOWN DOWN RIGHT A"  # three players, Player 2 a CPU
SETUP_3P_CPUS = "GAME:bharg RIGHT DOWN DOWN DOWN RIGHT DOWN RIGHT A"  # Players 2 and 3 CPUs

# name -> (set-up keys, stop condition, sim seed)
GOLDENS = {
    "bharg_setup": ("GAME:bharg", at_once, 4),
    "bharg_privacy": (SETUP_50, at_once, 4),
    "bharg_draw": (SETUP_50, on_screen("PlayScreen", 3), 4),
    "bharg_take_discard": (SETUP_50 + " " + PASS_KEYS + " RIGHT A", at_once, 4),
    "bharg_help": (SETUP_50 + " " + PASS_KEYS + " SELECT", at_once, 4),
    # Took the discard top, then B: back at the turn's start, the discard top lit.
    "bharg_undo": (SETUP_50 + " " + PASS_KEYS + " RIGHT A B", at_once, 4),
    "bharg_three_players": ("GAME:bharg RIGHT A", on_screen("PlayScreen", 3), 3),
    "bharg_round_end": (SETUP_50, on_screen("RoundEndScreen"), 4),
    "bharg_round_end_3p": ("GAME:bharg RIGHT A", on_screen("RoundEndScreen"), 2),
    "bharg_scores": (SETUP_50, on_screen("ScoreScreen"), 4),
    "bharg_match_over": (SETUP_ONE_ROUND, on_screen("GameOverScreen"), 4),
    # Seat names: Players 1 and 3 human, Player 2 a CPU; then one human against
    # two CPUs, "You" (the scores right-aligned beside "P2 (CPU)").
    "bharg_cpu_table": (SETUP_3P_CPU_2, on_screen("PlayScreen", 2), 23),
    "bharg_cpu_round_end": (SETUP_3P_CPUS, on_screen("RoundEndScreen"), 2),
    "bharg_cpu_scores": (SETUP_3P_CPUS, on_screen("ScoreScreen"), 2),
}


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_screen(name):
    setup, stop, seed = GOLDENS[name]
    image = play(setup, stop, seed=seed)[0].display.image
    check_golden(name, image)


class FakeApp:
    """What a screen's ``build`` reads of the app: the frame's clock."""

    frame_at = 0


def test_round_end_without_a_winner_says_why():
    # Everyone draws and throws the drawn card back: the deck runs out three times.
    from games.bharg import flow, screens
    from host_sim.display import SimDisplay

    game = engine.Game(11, engine.OPT_TARGET_25)
    while engine.NEXT_ROUND not in game.legal_actions():
        before = game.observation(game.current_player())["hand"]
        game.apply_action(engine.DRAW_DECK)
        after = game.observation(game.current_player())["hand"]
        (drawn,) = [card for card in after if card not in before]
        game.apply_action(engine.DISCARD_BASE + drawn)
    assert game.observation(0)["round_result"]["reason"] == "rebuilt twice"
    here = os.getcwd()
    os.chdir(host_sim.ROOT)
    try:
        screen = screens.RoundEndScreen(flow.Play(game))
        screen.build(FakeApp())
        display = SimDisplay()
        display.root_group = screen.group
        display.refresh()
    finally:
        os.chdir(here)
    texts = label_texts(screen.group)
    assert "Round 1: no score" in texts
    assert "(rebuilt twice)  A scores" in texts
    assert len(screen.rows) == 2 and display.pushed == [FULL]


# -- undo --------------------------------------------------------------------------


class Steps:
    """A planner pressing the words of a script, where a callable word is called with the
    top screen instead (to keep or check state between keys)."""

    def __init__(self, *words):
        self.words = list(words)

    def __call__(self, sim):
        while self.words:
            word = self.words.pop(0)
            if callable(word):
                word(app().top())
            else:
                return word
        return None


def test_undo_from_the_pause_menu_and_by_b_restores_the_turns_start():
    kept = {}

    def keep(screen):
        kept["before"] = screen.flow.game.to_bytes()
        kept["changes"] = screen.flow.applied
        kept["play"] = screen

    def paused(screen):
        # The pause menu offers Undo after a take from the discard pile.
        assert name_of(screen) == "PauseMenu"
        assert screen.items == ["Resume", "Undo", "Rules", "Save & sleep", "Quit to menu"]
        play = kept["play"]
        assert play.flow.can_undo() and play.flow.applied == kept["changes"] + 1
        assert play.flow.game.to_bytes() != kept["before"]

    def undone(screen):
        # The pause menu closed, the table is back at the turn's start, exactly; the
        # change count went on (the autosave sees the undo).
        assert screen is kept["play"]
        assert screen.flow.game.to_bytes() == kept["before"]
        assert screen.flow.phase == engine.PHASE_DRAW and screen.flow.pile == flow.PILE_DISCARD
        assert screen.flow.applied == kept["changes"] + 2 and not screen.flow.can_undo()
        assert screen.name.text.startswith("Take ")
        assert screen._discard_view.card == screen.flow.game.observation(1)["discard_top"]

    def taken_again(screen):
        assert screen.flow.can_undo() and screen.hint.text == "<> card  A discard  B undo"

    def undone_by_b(screen):
        assert (
            screen.flow.game.to_bytes() == kept["before"]
            and screen.flow.applied == kept["changes"] + 4
        )

    def drawn(screen):
        # From the deck: no Undo row, B says why, nothing changes.
        kept["drawn"] = screen.flow.game.to_bytes()
        assert not screen.flow.can_undo()

    def refused(screen):
        assert screen.flow.game.to_bytes() == kept["drawn"]
        assert screen.hint.text == "No undo after a deck draw"

    def no_undo_row(screen):
        assert screen.items == ["Resume", "Rules", "Save & sleep", "Quit to menu"]

    steps = Steps(
        *SETUP_50.split(),
        PASS_KEYS,
        keep,
        "RIGHT",
        "A",
        "START",
        paused,
        "DOWN",
        "A",
        undone,
        "A",
        taken_again,
        "B",
        undone_by_b,
        "LEFT",
        "A",
        drawn,
        "B",
        refused,
        "START",
        no_undo_row,
    )
    driven(steps).run()
    assert not steps.words


# -- CPU seats -------------------------------------------------------------------------

SETUP_CPU_25 = "GAME:bharg DOWN LEFT DOWN DOWN RIGHT RIGHT A"  # target 25, Player 2: CPU normal


def test_a_whole_match_against_the_cpu_by_keys():
    nvm = fresh_nvm()
    sim, player = play(SETUP_CPU_25, after("GameOverScreen", "MenuScreen"), seed=5, nvm=nvm)
    _, round_end, _ = player.shots["RoundEndScreen"]
    play_flow = round_end.flow
    game = play_flow.game
    assert game.is_over() and bytes(play_flow.kinds) == b"\0\2\0"
    assert play_flow.cpus[1] is not None and not play_flow.cpus[1].easy
    obs = game.observation(0)
    assert max(obs["scores"]) >= 25 and obs["round"] >= 2
    # One human: never a privacy screen; the CPU's moves were shown. (Its decisions take a
    # few frames, with no pause after a frame that worked: the planner may never see one.)
    assert "PrivacyScreen" not in player.seen and player.privacy_count == 0
    assert len(player.cpu_moves) >= 2
    for seat, text, hint_text in player.cpu_moves:
        assert seat == 1 and text == "P2 (CPU) played: see above"
        assert hint_text == "A go on  SEL help"
    # Between rounds the scoreboard, at the end the kit's game-over screen and statistics.
    assert "ScoreScreen" in player.seen
    _, screen, texts = player.shots["GameOverScreen"]
    winner = obs["match_winner"]
    assert screen.heading == ("You win!" if winner == 0 else "Player 2 (CPU) wins!")
    assert "Player 2 (CPU): %d pts" % obs["scores"][1] in screen.text
    stats = store.Stats(nvm)
    assert stats.played(1) == 1 and stats.won(1) == (1 if winner == 0 else 0)
    assert stats.score(1, store.STAT_HIGH) == obs["scores"][0]
    # The CPU module was loaded only for this game: unloaded back at the menu.
    import sys

    assert "games.bharg.cpu" not in sys.modules


def test_the_cpu_move_stays_on_show_until_its_pause_ends():
    # Player 2 (CPU easy) starts; Player 1 sees the table at once (no privacy screen),
    # waits while it thinks, sees its move for PAUSE_MS, then plays.
    seen = {}
    setup = "GAME:bharg DOWN DOWN DOWN RIGHT A".split()

    def planner(sim):
        if setup:
            return setup.pop(0)
        screen = app().top()
        assert name_of(screen) == "PlayScreen"
        if "text" not in seen:
            if screen.flow.mover < 0:
                assert screen.flow.waiting() and screen.status.text == "P2 (CPU) thinking"
                assert screen.hint.text == "wait for the CPU  SEL help"
                return "WAIT*50"
            seen["text"] = screen.name.text
            seen["summary"] = [line.text for line in screen.summary]
            assert screen.status.text == "P2 (CPU) moved"
            return "WAIT*1000"
        if "later" not in seen:
            # A second on: still on show; then the pause ends by itself.
            assert screen.flow.mover == 1 and screen.name.text == seen["text"]
            seen["later"] = True
            return "WAIT*600"
        assert screen.flow.mover == -1 and screen.flow.drawing()
        assert screen.status.text == "You draw a card" and screen.name.text == "Draw from the deck"
        seen["done"] = True
        return None

    driven(planner).run()
    # The move is said once, on the summary line; the name line points there.
    assert seen["text"] == "P2 (CPU) played: see above" and "done" in seen
    assert (
        [line for line in seen["summary"] if line.startswith("P2 ")]
        == [line for line in seen["summary"] if ", threw " in line]
        != []
    )


def test_continue_restores_the_cpu_seats():
    from games.bharg import screens

    game = engine.Game(3, engine.OPT_THREE_PLAYERS)
    screen = screens.PlayScreen(flow.Play(game, b"\0\1\2"))
    data = screen.saved()
    assert data == game.to_bytes() + b"\0\1\2"
    again = screens.resume(None, data)
    assert bytes(again.flow.kinds) == b"\0\1\2" and again.flow.game.to_bytes() == game.to_bytes()
    # A save from before the seats' byte: every seat human.
    assert bytes(screens.resume(None, game.to_bytes()).flow.kinds) == b"\0\0\0"
    for bad in (b"\1\0\0", b"\0\3\0"):
        with pytest.raises(ValueError):
            screens.resume(None, game.to_bytes() + bad)
    # Through the app: a CPU game saved when the keys stop, switched off, continued.
    nvm = fresh_nvm()
    host_sim.run(SETUP_CPU_25 + " WAIT*3000 A A WAIT*11000", seed=2, nvm=nvm)
    assert store.Store(nvm).load_game(1)[-3:] == b"\0\2\0"
    host_sim.run("ROW:Continue_Bharg A", nvm=nvm)
    assert top_name() == "PlayScreen" and bytes(app().top().flow.kinds) == b"\0\2\0"


def test_a_double_tap_does_not_skip_the_privacy_screen():
    # The first player draws and discards with a double tap (the second A 100 ms after
    # the first): it lands on the next player's privacy screen and is dropped; the table
    # stays covered.
    host_sim.run(SETUP_50, seed=4)
    first = app().top().text
    keys = SETUP_50 + " " + PASS_KEYS + " A A A"
    sim = host_sim.run(keys, seed=4)
    second = app().top().text
    assert top_name() == "PrivacyScreen" and second.startswith("Pass to") and second != first
    assert TABLE_GREEN not in {colour for _, colour in sim.display.image.getcolors(FULL)}
    # Taps and held A within the first 0.6 s are dropped too; after it, A goes on.
    host_sim.run(keys + " WAIT*300 A*200", seed=4)
    assert top_name() == "PrivacyScreen"
    host_sim.run(keys + " " + PASS_KEYS, seed=4)
    assert top_name() == "PlayScreen"
    assert flow.seat_name(app().top().flow.seat, b"", 2, False) in second


def test_the_discard_cursor_starts_on_the_unbound_card_worth_most():
    # Over many turns of random games: the cursor starts on a legal card; on the unbound
    # card worth most when there is one, never on a card of a set while another may go.
    rng = random.Random(7)
    checked = sets_spared = 0
    for seed in range(12):
        game = engine.Game(seed)
        play = flow.Play(game)
        play.covered = False
        for _ in range(60):
            if game.is_over() or engine.NEXT_ROUND in game.legal_actions():
                break
            if play.seat != game.current_player():
                play._show_seat(game.current_player())
                play.covered = False
            if play.phase == flow.PHASE_DRAW:
                action = rng.choice(game.legal_actions())
                game.apply_action(action)
                play.cursor = -1
                play.sync()
                continue
            slots = range(len(play.order))
            legal = [s for s in slots if engine.DISCARD_BASE + play.order[s] in play.legal]
            assert play.cursor in legal
            unbound = [s for s in legal if play.marks[s] == flow.MARK_NONE]
            if unbound:
                best = max(engine.card_value(play.order[s]) for s in unbound)
                assert play.cursor in unbound
                assert engine.card_value(play.order[play.cursor]) == best
            in_set = (flow.MARK_SET, flow.MARK_SET_2)
            if any(play.marks[s] not in in_set for s in legal):
                if any(play.marks[s] in in_set for s in legal):
                    sets_spared += 1
                assert play.marks[play.cursor] not in in_set
            checked += 1
            game.apply_action(rng.choice(game.legal_actions()))
            play.sync()
    assert checked > 200 and sets_spared > 20


def test_the_bars_legend_shows_once_a_round():
    # The first table of a round with a bar under the hand explains the bars on the hint
    # line, until the next action; later turns of the round show the key hint.
    from handheld.keys import K_A

    game = engine.Game(4)
    play = flow.Play(game)
    play.covered = False
    shown = []
    for _ in range(30):
        if engine.NEXT_ROUND in game.legal_actions() or game.is_over():
            break
        play._show_seat(game.current_player())
        play.covered = False
        shown.append((any(play.marks), play.hint_text()))
        play.key(K_A)  # the deck, then the discard cursor's card
        play.key(K_A)
    legends = [i for i, (_, text) in enumerate(shown) if text.startswith("bars:")]
    first_bars = [i for i, (bars, _) in enumerate(shown) if bars][0]
    assert legends == [first_bars]
