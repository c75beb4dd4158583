"""Gongor Whist screens, end to end in the headless simulator: from boot, by key presses
only, through whole sessions (fore, aft and under hands), checking the engine's state,
the summaries and the rendered frames; plus golden screenshots and pixels pushed per key.

The driver (``driven``) looks at the running screen between key presses, as a player
looks at the display, and decides the next key; it never calls the engine's mutators.
"""

import re
import sys

import pytest
from driven import FULL, DrivenSim, app, top
from goldens import check_golden
from PIL import ImageChops

import host_sim
from decktet import cards
from games.whist import engine, flow
from handheld import cardview, ui
from handheld.keys import K_A, K_B
from handheld.screens import PRIVACY_MS
from host_sim.sim import FRAME_MS, SETTLE_MS

HAND_Y = 86  # games.whist.screens._HAND_Y


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    """Widgets open sprites/ and fonts/ by relative path, as on the device."""
    monkeypatch.chdir(host_sim.ROOT)


def driven(decide, seed=5, nvm=None):
    """A run whose keys come one at a time from ``decide(sim)``, asked once the previous
    keys have settled (a frame short of the simulator's settle time)."""
    return DrivenSim(decide, quiet_ms=SETTLE_MS - FRAME_MS, seed=seed, nvm=nvm)


def render_hand(codes):
    """A reference rendering of a hand row: the kit's CardRow on the table colour."""
    import displayio

    from handheld import cardview, ui
    from host_sim.display import SimDisplay

    display = SimDisplay()
    group = displayio.Group()
    group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
    row = cardview.CardRow(8, 0, HAND_Y, ui.WIDTH)
    row.set_cards(codes)
    group.append(row.group)
    display.root_group = group
    display.refresh()
    return display.image


def press_a(screen):
    """A, once the table takes it: after a trick's result (or the coach's bid) appears, A
    does nothing for PRIVACY_MS, so the player waits that out first."""
    left = screen._held_ms(app().frame_at)
    if left:
        return "WAIT*%d A" % (left + FRAME_MS)
    return "A"


class Strategy:
    """Plays a session through the screens: bids ``bids`` in turn, plays the first legal
    card (walking the cursor to it), twiddles on every third trick, reads the summaries.
    Its A waits out the table's hold (``press_a``)."""

    def __init__(self, setup_keys, bids=(2, 3, 0), twiddle_every=3, illegal_probe=True):
        self.setup = list(setup_keys)
        self.bids = bids
        self.twiddle_every = twiddle_every
        self.illegal_probe = illegal_probe
        self.probed = False
        self.actions = []  # engine actions the screens applied, in order (from the engine)
        self.summaries = []  # (title, text, engine score at that moment)
        self.bid_frames = []  # (hand, row codes, image) at each bid picker
        self.trick = 0
        self.finished = False
        self.screen = None
        self.last_obs = None

    def __call__(self, sim):
        if self.setup:
            return self.setup.pop(0)
        screen = top()
        name = type(screen).__name__
        if hasattr(screen, "settled") and not screen.settled(app().frame_at):
            # A screen the player did not open (the game's result): A and B would be
            # dropped yet; look again in a moment.
            return "WAIT*50"
        if name == "WhistScreen":
            self.screen = screen
            return self.play(sim, screen)
        if name in ("MessageScreen", "GameOverScreen"):
            game = self.screen.flow.game
            self.summaries.append((screen.heading, screen.text, game.scores()[0]))
            if name == "GameOverScreen":
                # The end: B goes to the menu (A would play again).
                assert screen.heading == "Game over"
                self.finished = True
                return "B"
            return "A"
        if name == "MenuScreen" and self.finished:
            return None
        raise AssertionError("unexpected screen %s" % name)

    def play(self, sim, screen):
        f = screen.flow
        obs = f.obs
        if f.step == flow.STEP_BID:
            if not self.bid_frames or self.bid_frames[-1][0] != obs["hand"]:
                row = screen.row
                codes = [row.card_at(i) for i in range(row.count)]
                self.bid_frames.append((list(obs["hand"]), codes, sim.display.image.copy()))
            want = self.bids[obs["hand_index"]]
            want = min(max(want, obs["min_bid"]), obs["max_bid"])
            if f.bid < want:
                return "RIGHT"
            if f.bid > want:
                return "LEFT"
            self.actions.append(engine.BID_BASE + want)
            return press_a(screen)
        if f.step == flow.STEP_PLAY:
            hand = obs["hand"]
            legal = screen.flow.game.legal_actions()
            if self.illegal_probe and not self.probed and len(legal) < len(hand):
                # Once: A on a dimmed card does nothing.
                illegal = [i for i, card in enumerate(hand) if card not in legal][0]
                if f.cursor != illegal:
                    return "RIGHT" if (illegal - f.cursor) % len(hand) else "LEFT"
                self.probed = True
                self.last_obs = screen.flow.game.to_bytes()
                return press_a(screen)
            target = hand.index(legal[0])
            if f.cursor != target:
                return "RIGHT"
            self.actions.append(legal[0])
            self.trick += 1
            return press_a(screen)
        if f.step == flow.STEP_TWIDDLE:
            want = 1 if self.trick % self.twiddle_every == 0 else 0
            if f.twiddle != want:
                return "RIGHT"
            self.actions.append(engine.TWIDDLE if want else engine.KEEP)
            return press_a(screen)
        if f.step == flow.STEP_RESULT:
            return press_a(screen)
        raise AssertionError("no step to play")


def play_session(setup_keys, seed=5, **kw):
    strategy = Strategy(setup_keys, **kw)
    sim = driven(strategy, seed=seed).run()
    return sim, strategy


# Main menu -> Gongor Whist set-up; rows: Deck, Under hand, Look back, Passes, Rules.
UNDER_ON = ["GAME:whist", "DOWN", "RIGHT", "A"]  # basic deck, under hand on, easy, 1 pass
BASIC = ["GAME:whist", "A"]


def check_session(sim, strategy, options, hands, passes=1):
    """Shared checks of a finished session."""
    assert strategy.finished
    game = strategy.screen.flow.game
    assert game.is_over()
    seed = sim.seeds[0]
    # The screens applied exactly the player's choices: a replay reaches the same state.
    replay = engine.Game(seed, options)
    for action in strategy.actions:
        replay.apply_action(action)
    assert replay.to_bytes() == game.to_bytes()
    final = game.scores()[0]
    # Hand summaries: the score shown is the engine's running score at that moment.
    titles = [title for title, _, _ in strategy.summaries]
    assert titles == ["Hand scored"] * (hands - 1) + ["Game over"]
    running = 0
    for _, text, score in strategy.summaries:
        match = re.search(r"(?:^|\n)Score: (-?\d+)", text)
        if match is None:  # the final summary: "Final score" instead
            match = re.search(r"Final score: (-?\d+)", text)
        assert int(match.group(1)) == score
        points = re.search(r"(?:Made it|Missed): ([+-]?\d+) (points?)\.", text)
        running += int(points.group(1))
        # "+1 point", "-3 points".
        assert points.group(2) == ("point" if abs(int(points.group(1))) == 1 else "points")
        assert running == score
    text = strategy.summaries[-1][1]
    shown = int(re.search(r"Final score: (-?\d+)", text).group(1))
    assert shown == final == running
    assert ("a win" in text) == (final > 0)
    if passes == 1:
        # The pass summary lists every hand's points.
        assert "Pass 1 of 1:" in text
    else:
        # Each pass's points, then the total, as the engine kept them.
        each = game.observation(0)["pass_points"]
        assert len(each) == passes and sum(each) == final
        lines = ["Pass %d: %s" % (i + 1, flow._points_text(p)) for i, p in enumerate(each)]
        assert "\n".join(lines + ["Final score: %d" % final]) in text
    return final


def check_bid_frames(strategy):
    """The bid picker shows the dealt hand: the row's codes are the hand, and its pixels
    are exactly a reference rendering of those cards."""
    assert strategy.bid_frames
    for hand, codes, image in strategy.bid_frames:
        assert codes == hand
        box = (0, HAND_Y - 4, 160, HAND_Y + 30)
        reference = render_hand(hand).crop(box)
        shown = image.crop(box)
        assert ImageChops.difference(reference, shown).getbbox() is None
        # Not trivially equal: the row has card faces on it.
        assert len(shown.getcolors(160 * 34)) > 4


def test_full_pass_with_under_hand_by_keys():
    sim, strategy = play_session(UNDER_ON)
    options = engine.OPT_UNDER | engine.OPT_EASY
    assert strategy.screen.flow.game.to_bytes()[1] == options
    final = check_session(sim, strategy, options, hands=3)
    check_bid_frames(strategy)
    assert len(strategy.bid_frames) == 3
    assert [len(hand) for hand, _, _ in strategy.bid_frames] == [7, 7, 1]
    text = strategy.summaries[-1][1]
    assert "fore" in text and "aft" in text and "under" in text
    # The probe: A on a dimmed card changed nothing.
    assert strategy.probed
    # Statistics: one game played, won if the score stayed positive.
    from handheld import store

    stats = store.Stats(sim.nvm)
    assert stats.played(0) == 1
    assert stats.won(0) == (1 if final > 0 else 0)


def test_basic_pass_fore_and_aft_hardball_by_keys():
    # Look back: Hardball; the pass is fore + aft only.
    sim, strategy = play_session(
        ["GAME:whist", "DOWN", "DOWN", "RIGHT", "A"], seed=9, bids=(1, 1, 0)
    )
    options = 0
    assert strategy.screen.flow.game.to_bytes()[1] == options
    check_session(sim, strategy, options, hands=2)
    check_bid_frames(strategy)
    assert len(strategy.bid_frames) == 2


class Labeller(Strategy):
    """Labels each key with what it did: a cursor move, a card play, a twiddle choice..."""

    def __init__(self, setup_keys):
        super().__init__(setup_keys, illegal_probe=False)
        self.kinds = []

    def __call__(self, sim):
        screen = top() if not self.setup else None
        words = super().__call__(sim)
        kind = "other"
        if type(screen).__name__ == "WhistScreen":
            step = screen.flow.step
            if words in ("LEFT", "RIGHT"):
                kind = "cursor" if step == flow.STEP_PLAY else "choice"
            elif step == flow.STEP_PLAY and words.endswith("A"):
                kind = "play"
            elif step == flow.STEP_RESULT:
                kind = "next trick"
        elif type(screen).__name__ == "MessageScreen":
            kind = "screen change"
        self.kinds.append(kind)
        return words


def test_two_passes_with_pawns_and_excuse_by_keys():
    # Deck +Both (LEFT from Basic wraps past the seven-card decks), passes 2; hands of eight.
    setup = ["GAME:whist", "LEFT", "LEFT", "LEFT", "DOWN", "DOWN", "DOWN", "RIGHT", "A"]
    sim, strategy = play_session(setup, seed=21, bids=(4, 2, 0))
    options = engine.OPT_PAWNS | engine.OPT_EXCUSE | engine.OPT_EASY | engine.OPT_PASSES_2
    assert strategy.screen.flow.game.to_bytes()[1] == options
    check_session(sim, strategy, options, hands=4, passes=2)
    check_bid_frames(strategy)
    assert [len(hand) for hand, _, _ in strategy.bid_frames] == [8, 8, 8, 8]
    texts = [text for _, text, _ in strategy.summaries]
    assert "Pass 1 of 2:" in texts[1] and "Next: a new deal." in texts[1]


def test_pause_look_back_and_hardball_message():
    # Easy: SELECT while bidding opens the look-back screen (Aces turned: the first one).
    host_sim.run("GAME:whist A SELECT", seed=4)
    screen = top()
    assert type(screen).__name__ == "PeekScreen"
    assert screen.obs["aces_turned"] == [app().stack[-2].flow.game.observation(0)["aces_turned"][0]]
    host_sim.run("GAME:whist A SELECT B", seed=4)
    assert type(top()).__name__ == "WhistScreen"
    # Hardball: SELECT says there is no looking back.
    host_sim.run("GAME:whist DOWN DOWN RIGHT A SELECT", seed=4)
    assert type(top()).__name__ == "MessageScreen" and top().heading == "Hardball"
    # START pauses; Quit to menu leaves the game.
    host_sim.run("GAME:whist A START", seed=4)
    assert type(top()).__name__ == "PauseMenu"
    host_sim.run("GAME:whist A START UP A A", seed=4)
    assert len(app().stack) == 1 and app().game is None
    # The whole game package is unloaded (screens, flow, engine), so the next game has room.
    assert not [name for name in sys.modules if name.startswith("games.whist")]
    assert not hasattr(sys.modules["games"], "whist")


def test_pixels_pushed_per_input():
    strategy = Labeller(UNDER_ON)
    sim = driven(strategy, seed=5).run()
    pushed = {}
    for kind, (_, counts) in zip(strategy.kinds, sim.log):
        if sum(counts):
            pushed.setdefault(kind, []).append(sum(counts))
    cursor = pushed["cursor"]
    plays = pushed["play"]
    screens = pushed["screen change"]
    # A cursor move is small; a card play repaints the centre and the hand, not the screen.
    assert max(cursor) < FULL // 4
    assert max(cursor) < min(plays)
    assert max(plays) < FULL
    assert min(screens) == FULL
    for kind in sorted(pushed):
        values = pushed[kind]
        print(
            "whist pixels %-13s min %5d  max %5d  (%d keys)"
            % (kind, min(values), max(values), len(values))
        )


# -- the header over a trick's result -----------------------------------------


class HeaderWatcher(Strategy):
    """Plays a session and, on every hand's last trick (the one result shown on its own),
    reads the header on screen: it must name the hand and pass whose trick is shown, with
    the score before that hand's points (the summary after it adds them)."""

    def __init__(self, setup_keys):
        super().__init__(setup_keys, illegal_probe=False)
        self.expected = None  # (header text, score text) of the trick being played
        self.results = []  # (header, score text, line 2) read on screen at each result
        self.checked_coach = 0

    def __call__(self, sim):
        if not self.setup:
            screen = top()
            if type(screen).__name__ == "WhistScreen":
                f = screen.flow
                obs = f.obs
                if f.step == flow.STEP_BID:
                    # Coach off: its module is never loaded.
                    assert "games.whist.coach" not in sys.modules
                    self.checked_coach += 1
                if f.step == flow.STEP_PLAY:
                    header = "%s hand  pass %d/%d" % (
                        flow.HAND_NAMES[obs["hand_index"]],
                        obs["pass_index"] + 1,
                        obs["passes"],
                    )
                    self.expected = (header, "Score %d" % obs["score"])
                if f.step == flow.STEP_RESULT:
                    shown = (screen.status.text, screen.score.text, screen.line2.text)
                    assert shown[:2] == self.expected, (shown, self.expected)
                    self.results.append(shown)
        return super().__call__(sim)


def test_header_describes_the_trick_on_screen():
    # Under hand on, two passes: the fore hand's last trick (the engine is already on the
    # aft hand) and the under hand's, which ends pass 1 (the engine has dealt pass 2).
    for name in [n for n in sys.modules if n == "games.whist.coach"]:
        del sys.modules[name]
    strategy = HeaderWatcher(["GAME:whist", "DOWN", "RIGHT", "DOWN", "DOWN", "RIGHT", "A"])
    sim = driven(strategy, seed=8).run()
    options = engine.OPT_UNDER | engine.OPT_EASY | engine.OPT_PASSES_2
    check_session(sim, strategy, options, hands=6, passes=2)
    assert strategy.checked_coach >= 6  # every bid picker (and each key on it)
    over = [(header, line2) for header, _, line2 in strategy.results if "Hand over" in line2]
    assert [header for header, _ in over] == [
        "Fore hand  pass 1/2",
        "Aft hand  pass 1/2",
        "Under hand  pass 1/2",
        "Fore hand  pass 2/2",
        "Aft hand  pass 2/2",
        "Under hand  pass 2/2",
    ]
    assert len(strategy.results) == 6


# -- feedback at the key decisions ------------------------------------------------


class FeedbackWatcher(Strategy):
    """Plays a session and reads the screen at every step: at the twiddle choice, whose card
    wins the trick as it stands (checked against the trick's rule, ``engine.player_wins``,
    and, when kept, against the result) and the Aces left beside "Twiddle"; on every
    step, the second line says "lost" in the warning colour exactly once the bid can no
    longer be made (worked out here from the tricks taken and left)."""

    def __init__(self, setup_keys, bids):
        super().__init__(setup_keys, bids=bids, twiddle_every=4, illegal_probe=False)
        self.said = None  # (text, the winner it named: True for the player) at the choice
        self.twiddles = 0
        self.lost_seen = 0
        self.lost_at = []  # (hand, tricks resolved) where the flag first showed

    def __call__(self, sim):
        if not self.setup:
            screen = top()
            if type(screen).__name__ == "WhistScreen":
                self.check(screen)
        return super().__call__(sim)

    def check(self, screen):
        from games.whist import screens

        f = screen.flow
        obs = f.obs
        step = f.step
        if step == flow.STEP_TWIDDLE:
            mine, dummy = obs["played_card"], obs["dummy_card"]
            player = engine.player_wins(mine, dummy, obs["trump"])
            if player:
                expected = "Your %s wins" % cards.display_name(mine)
            else:
                expected = "Dummy's %s wins" % cards.display_name(dummy)
            text = screen.detail.text
            assert text in (expected, expected + " now") and len(text) <= 31
            if len(expected) <= 27:
                assert text == expected + " now"
            left = obs["aces_left"]
            aces = {0: "no trump", 1: "1 Ace"}.get(left, "%d Aces" % left)
            assert screen.prompt.text == aces and screen.prompt.x == screens._ACES_X
            self.said = (text, player, f.twiddle)
            self.twiddles += 1
        if step != flow.STEP_TWIDDLE and self.said is not None:
            # The trick's result: beside the next trick, or a hand's last on its own.
            if self.actions[-1] == engine.KEEP:
                # Kept: the trick went as the text said.
                assert obs["last_trick"][2] == self.said[1], self.said
            self.said = None
        if step == flow.STEP_PLAY:
            assert screen.prompt.x == screens._PROMPT_X
        # The bid-lost flag.
        if step in (flow.STEP_PLAY, flow.STEP_TWIDDLE, flow.STEP_RESULT):
            if step == flow.STEP_RESULT and f._ends_hand:
                which, bid, won, _ = obs["last_hand"]
                lost = won != bid
                played = obs["hand_size"] if which < 2 else 1
            else:
                bid, won = obs["bid"], obs["tricks_won"]
                played = obs["tricks_played"]
                lost = won > bid or won + obs["hand_size"] - played < bid
                which = obs["hand_index"]
            line = screen.line2.text
            assert line.startswith("Bid %d lost  " % bid if lost else "Bid %d  " % bid), line
            assert screen.line2.color == (screens._WARN if lost else ui.WHITE)
            if lost:
                self.lost_seen += 1
                key = (obs["pass_index"], which)
                if not self.lost_at or self.lost_at[-1][0] != key:
                    self.lost_at.append((key, played))
        else:
            assert " lost" not in screen.line2.text and screen.line2.color == ui.WHITE


def test_twiddle_names_the_winner_and_a_lost_bid_is_flagged():
    # +Both deck (hands of eight, the Excuse), under hand on, two passes; bids 7 (lost at
    # the first trick the dummy takes), 1 (lost at the second trick won), then 1.
    setup = ["GAME:whist", "LEFT", "LEFT", "LEFT", "DOWN", "RIGHT", "DOWN", "DOWN", "RIGHT", "A"]
    strategy = FeedbackWatcher(setup, bids=(7, 1, 1))
    sim = driven(strategy, seed=12).run()
    options = (
        engine.OPT_PAWNS
        | engine.OPT_EXCUSE
        | engine.OPT_UNDER
        | engine.OPT_EASY
        | engine.OPT_PASSES_2
    )
    check_session(sim, strategy, options, hands=6, passes=2)
    assert strategy.twiddles >= 20 and strategy.lost_seen >= 10
    # Each fore hand (bid 7 of 8) was lost, flagged at the trick that lost it.
    fore = [played for (key, played) in strategy.lost_at if key[1] == 0]
    assert len(fore) == 2 and all(1 <= played <= 8 for played in fore)


def test_resumed_twiddle_offers_no_undo_and_says_why():
    from games.whist import screens
    from handheld.sound import CUE_REFUSED

    game = engine.Game(9, engine.OPT_EASY)
    game.apply_action(engine.BID_BASE + 2)
    game.apply_action(game.legal_actions()[0])
    screen = screens.resume(None, game.to_bytes())
    screen.build(None)
    assert screen.flow.step == flow.STEP_TWIDDLE and not screen.flow.can_undo()
    assert screen.hint.text == "<> pick  A ok  SEL look"
    detail = screen.detail.text

    class Speaker:
        heard = []

        def cue(self, cue):
            self.heard.append(cue)

    app = Speaker()
    screen.key(app, K_B)
    assert screen.hint.text == "Undo starts with the next card"
    assert app.heard == [CUE_REFUSED]  # the key that cannot act has its cue
    assert screen.detail.text == detail and screen.flow.game.to_bytes() == game.to_bytes()
    # The bid picker: B does nothing, says nothing.
    bidding = screens.WhistScreen(flow.Play(engine.Game(9, engine.OPT_EASY)))
    bidding.build(None)
    texts = (bidding.detail.text, bidding.hint.text, bidding.line2.text)
    bidding.key(app, K_B)
    assert (bidding.detail.text, bidding.hint.text, bidding.line2.text) == texts
    assert app.heard == [CUE_REFUSED]


# -- undo -----------------------------------------------------------------------


class Undoer(Strategy):
    """Plays a session by keys, pressing B: on the first twiddle choice and the first trick
    result it may undo (each checked to restore the trick's start exactly, the card back
    under the cursor; the key hint offered "B undo"), then after a twiddle that turned an
    Ace and at a trick's start, where B must change nothing and say why in the key hint
    (which offered no B), and on the aft hand's bid picker, where B does nothing at all."""

    def __init__(self, setup_keys):
        super().__init__(setup_keys, bids=(3, 2, 1), illegal_probe=False)
        self.start = None  # (bytes at the trick's start, the card played)
        self.pending = None  # what the last B must have done: "undo" or "refused"
        self.done = set()
        self.shots = {}
        self.kept = None
        self.undone = 0  # actions taken back
        self.undos = 0

    def __call__(self, sim):
        if self.setup:
            return super().__call__(sim)
        screen = top()
        if type(screen).__name__ != "WhistScreen":
            return super().__call__(sim)
        f = screen.flow
        game = screen.flow.game
        if self.pending == "undo":
            self.pending = None
            assert f.step == flow.STEP_PLAY
            assert game.to_bytes() == self.start[0]
            assert f.card_at_cursor() == self.start[1]
            assert screen.prompt.text == "Play: %s" % cards.display_name(self.start[1])
            row = screen.row
            assert self.start[1] in [row.card_at(i) for i in range(row.count)]
            assert not screen.flow.can_undo()
            # The undone trick's actions are not the player's any more.
            while self.actions[-1] != self.start[1]:
                self.actions.pop()
                self.undone += 1
            self.actions.pop()
            self.undone += 1
            self.undos += 1
            self.trick -= 1
            if self.from_result:
                self.shots["whist_undo"] = sim.display.image.copy()
        elif self.pending == "refused":
            self.pending = None
            assert game.to_bytes() == self.kept
            # The reason replaces the key hint; the table's texts stay.
            assert screen.hint.text == self.reason
            assert self.texts(screen)[:-1] == self.shown[:-1]
        elif self.pending == "ignored":
            self.pending = None
            assert game.to_bytes() == self.kept and self.texts(screen) == self.shown
        if f.step == flow.STEP_PLAY and "play" not in self.done and f.obs["tricks_played"] == 2:
            # A trick's start: the last trick is final.
            self.done.add("play")
            assert "B" not in screen.hint.text
            return self.refuse(screen, "No undo: the dummy's card is up")
        if f.step == flow.STEP_BID and f.obs["hand_index"] == 1 and "bid" not in self.done:
            # The bid picker: nothing to undo, and B says nothing.
            self.done.add("bid")
            assert "B" not in screen.hint.text
            self.pending = "ignored"
            self.kept = game.to_bytes()
            self.shown = self.texts(screen)
            return "B"
        if f.step == flow.STEP_TWIDDLE and "twiddle" not in self.done:
            self.done.add("twiddle")
            assert screen.flow.can_undo() and screen.hint.text == "<> pick  A ok  B undo  SEL look"
            return self.undo(screen)
        if f.step == flow.STEP_RESULT:
            last = f.obs["last_trick"]
            if "result" not in self.done and screen.flow.can_undo():
                self.done.add("result")
                assert screen.hint.text == "A next  B undo"
                return self.undo(screen)
            if "ace" not in self.done and self.actions[-1] == engine.TWIDDLE and last[3]:
                self.done.add("ace")
                assert not screen.flow.can_undo() and screen.hint.text == "A next"
                return self.refuse(screen, "No undo: an Ace was turned")
        words = super().__call__(sim)
        if f.step == flow.STEP_PLAY and words.endswith("A"):
            self.start = (game.to_bytes(), f.card_at_cursor())
        return words

    def undo(self, screen):
        self.pending = "undo"
        self.from_result = screen.flow.step == flow.STEP_RESULT
        if screen.flow.step == flow.STEP_TWIDDLE and screen.flow.twiddle:
            return "B B"  # the first B goes back to "keep"
        return "B"

    def refuse(self, screen, reason):
        self.pending = "refused"
        self.reason = reason
        self.kept = screen.flow.game.to_bytes()
        self.shown = self.texts(screen)
        return "B"

    @staticmethod
    def texts(screen):
        """Every text on the table, the key hint last."""
        widgets = (screen.status, screen.score, screen.line2, screen.prompt, screen.detail)
        return [widget.text for widget in widgets] + [screen.hint.text]


@pytest.fixture(scope="module")
def undo_run():
    strategy = Undoer(UNDER_ON)
    sim = driven(strategy, seed=5).run()
    return sim, strategy


def test_undo_by_keys_restores_the_trick_start_and_refuses_past_a_card(undo_run):
    sim, strategy = undo_run
    assert strategy.done == {"play", "twiddle", "result", "ace", "bid"}
    assert strategy.pending is None
    # The session went on to its end, and the screens' actions replay to the same state:
    # the undone tricks left nothing behind.
    check_session(sim, strategy, engine.OPT_UNDER | engine.OPT_EASY, hands=3)
    # Undo counts as a change: the save counter only moves on (the twiddle's undo took back
    # the play, the result's the play and the "keep").
    assert strategy.undos == 2 and strategy.undone == 3
    assert strategy.screen.flow.applied == len(strategy.actions) + 3 + 2


def test_undo_from_the_pause_menu():
    # Bid 1, play the cursor's card: the twiddle choice. START: the pause menu offers Undo
    # (second row); A on it is back on the table at the trick's start.
    host_sim.run("GAME:whist A A A START", seed=4)
    assert type(top()).__name__ == "PauseMenu"
    assert top().items == ["Resume", "Undo", "Rules", "Save & sleep", "Quit to menu"]
    sim = host_sim.run("GAME:whist A A A START DOWN A", seed=4)
    screen = top()
    assert type(screen).__name__ == "WhistScreen" and screen is app().play
    replay = engine.Game(sim.seeds[0], engine.OPT_EASY)
    replay.apply_action(engine.BID_BASE + 1)
    assert screen.flow.game.to_bytes() == replay.to_bytes()
    assert screen.flow.step == flow.STEP_PLAY and not screen.flow.can_undo()
    assert screen.flow.applied == 3  # bid, play, undo
    # Nothing to undo now: the pause menu has no Undo row.
    host_sim.run("GAME:whist A A A START DOWN A START", seed=4)
    assert top().items == ["Resume", "Rules", "Save & sleep", "Quit to menu"]


def test_saves_keep_the_coach_and_load_older_saves():
    from games.whist import screens

    game = engine.Game(3, engine.OPT_PAWNS | engine.OPT_SEVEN)
    plain = screens.WhistScreen(flow.Play(game))
    assert plain.saved() == game.to_bytes()
    coached = screens.WhistScreen(flow.Play(engine.Game.from_bytes(game.to_bytes()), True))
    assert coached.saved() == game.to_bytes() + b"C"
    assert screens.resume(None, coached.saved()).flow.coach
    back = screens.resume(None, plain.saved())
    assert not back.flow.coach and back.flow.game.to_bytes() == game.to_bytes()
    for junk in (game.to_bytes() + b"X", game.to_bytes()[1:] + b"C", b"C", b""):
        with pytest.raises(ValueError):
            screens.resume(None, junk)


# -- the coach ------------------------------------------------------------------


class Coached(Strategy):
    """Plays with the set-up's Coach row on; on the first bid picker, waits for the tip."""

    def __init__(self):
        # Rows: Deck, Under hand, Look back, Passes, Coach.
        super().__init__(["GAME:whist", "DOWN", "DOWN", "DOWN", "DOWN", "RIGHT", "A"])
        self.shots = {}
        self.tips = []

    def __call__(self, sim):
        if not self.setup:
            screen = top()
            if type(screen).__name__ == "WhistScreen" and screen.flow.step == flow.STEP_BID:
                tip = screen.detail.text
                if not tip.startswith("Coach: bid"):
                    assert tip == "Coach: thinking..."
                    return "WAIT*100"
                if tip not in self.tips:
                    self.tips.append(tip)
                    self.shots.setdefault("whist_coach", sim.display.image.copy())
                    assert screen.line2.text.startswith("Bidding: 1-7  Trump: ")
                    assert "games.whist.coach" in sys.modules
                    # The picker has moved to the coach's bid.
                    bid = int(re.match(r"Coach: bid (\d+) \(\d+% to make it\)$", tip).group(1))
                    assert screen.flow.bid == bid and screen.prompt.text == "Bid: < %d >" % bid
        return super().__call__(sim)


@pytest.fixture(scope="module")
def coach_run():
    strategy = Coached()
    sim = driven(strategy, seed=6).run()
    return sim, strategy


def test_coach_suggests_a_bid_on_the_picker(coach_run):
    from games.whist.coach import Coach

    sim, strategy = coach_run
    check_session(sim, strategy, engine.OPT_EASY, hands=2)
    assert len(strategy.tips) == 2
    # The tip is the coach's suggestion for the hand on show (the first hand's, replayed).
    game = engine.Game(sim.seeds[0], engine.OPT_EASY)
    bid, _, chance = Coach().suggest(game.observation(0))
    assert strategy.tips[0] == "Coach: bid %d (%d%% to make it)" % (bid, chance)


# -- golden screenshots ----------------------------------------------------------------


class Photographer(Strategy):
    """A session that twiddles every trick (so the hand runs out of trump) and keeps the
    first frame of each key screen."""

    def __init__(self, setup_keys):
        super().__init__(setup_keys, bids=(3, 2, 1), twiddle_every=1, illegal_probe=False)
        self.shots = {}
        self.peeked = False
        self.moved = False

    def shot(self, name, sim):
        if name not in self.shots:
            self.shots[name] = sim.display.image.copy()

    def __call__(self, sim):
        if self.setup:
            return super().__call__(sim)
        screen = top()
        name = type(screen).__name__
        if name == "PeekScreen":
            self.shot("whist_look_back", sim)
            return "A"
        if name in ("MessageScreen", "GameOverScreen"):
            self.shot("whist_final" if screen.heading == "Game over" else "whist_hand_scored", sim)
            return super().__call__(sim)
        if name == "WhistScreen":
            f = screen.flow
            obs = f.obs
            if f.step == flow.STEP_BID:
                if obs["hand_index"] == 0 and f.bid == 1:
                    self.shot("whist_bid", sim)
                if obs["hand_index"] == 1 and not self.peeked:
                    self.peeked = True
                    return "SELECT"
            if f.step == flow.STEP_PLAY and obs["tricks_played"] == 1:
                if not self.moved:
                    self.moved = True
                    return "RIGHT"
                self.shot("whist_play", sim)
            if f.step == flow.STEP_TWIDDLE and f.twiddle == 1:
                self.shot("whist_twiddle", sim)
            if f.step == flow.STEP_RESULT:
                self.shot("whist_trick", sim)  # a hand's last trick, on its own
            if f.step == flow.STEP_PLAY and obs["trump"] == 0:
                self.shot("whist_no_trump", sim)
        return super().__call__(sim)


GOLDEN_NAMES = (
    "whist_bid",
    "whist_play",
    "whist_twiddle",
    "whist_trick",
    "whist_no_trump",
    "whist_hand_scored",
    "whist_look_back",
    "whist_final",
)


@pytest.fixture(scope="module")
def golden_shots():
    strategy = Photographer(["GAME:whist", "DOWN", "RIGHT", "DOWN", "DOWN", "RIGHT", "A"])
    driven(strategy, seed=3).run()
    assert strategy.finished
    return strategy.shots


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_whist(name, golden_shots):
    image = golden_shots[name]
    check_golden(name, image)


def test_golden_whist_undo(undo_run):
    # Right after B on a trick's result: the trick's start, the card back under the cursor.
    check_golden("whist_undo", undo_run[1].shots["whist_undo"])


def test_golden_whist_coach(coach_run):
    # The bid picker with the coach's tip; the trump moves up to the second line.
    check_golden("whist_coach", coach_run[1].shots["whist_coach"])


def test_fresh_card_sprite_shows_the_empty_outline():
    # Kit fix (handheld.cardview): a new sprite's show(EMPTY) used to be skipped, leaving
    # tile 0 everywhere (a face frame with sheet fragments) until another card was shown.
    from handheld import cardview

    sprite = cardview.CardSprite()
    outline = [cardview.FRAME_TILES + cardview.OUTLINE * 9 + i for i in range(9)]
    assert [sprite[i] for i in range(9)] == outline
    assert sprite.card == cardview.EMPTY


# -- the trick's reason, two presses, the hold, key names ------------------------


ISSUE_KEYS = (
    "GAME:whist A RIGHT RIGHT A A A A A A"  # set-up, start, bid 3, play, keep, then A A A A
)


def test_issue_keys_show_what_decided_the_trick_beside_the_next():
    # The issue's run (--seed 11): the first trick's result stays on the table, at "Last
    # trick", with what decided it (the engine's trick_reason), while the second trick's
    # card is chosen; the four quick A after the keep did nothing (the hold).
    sim = host_sim.run(ISSUE_KEYS, seed=11)
    screen = top()
    f = screen.flow
    game = f.game
    assert f.step == flow.STEP_PLAY and game.observation(0)["tricks_played"] == 1
    mine, dummy, won, trump = game.observation(0)["last_trick"]
    why = engine.trick_reason(mine, dummy, trump)
    assert screen.detail.text == "%s: %s" % ("Won" if won else "Lost", flow._REASONS[why])
    assert not screen.detail.text.startswith("Trump was")
    # Seed 11: the dummy's Crown of Moons beat the player's 8 of Moons and Suns, trump Moons.
    assert (mine, dummy, won, trump) == (24, 30, False, 1)
    assert screen.detail.text == "Lost: dummy's trump was higher"
    # Both cards on show, the winner lit; the next trick's dummy card in its place.
    assert not screen._last_title.hidden and screen._last_title.text == "Last trick"
    assert (screen._last_dummy.card, screen._last_mine.card) == (dummy, mine)
    assert screen.dummy.card == game.observation(0)["dummy_card"] != dummy
    assert screen.mine.card == cardview.EMPTY
    # The replay: exactly bid 3, the play and the keep.
    replay = engine.Game(sim.seeds[0], engine.OPT_EASY)
    for action in (engine.BID_BASE + 3, mine, engine.KEEP):
        replay.apply_action(action)
    assert replay.to_bytes() == game.to_bytes()
    # Once the hold is over, A plays the next card (its twiddle choice shows).
    host_sim.run(ISSUE_KEYS + " WAIT*%d A" % PRIVACY_MS, seed=11)
    assert top().flow.step == flow.STEP_TWIDDLE
    assert top()._last_title.hidden  # the twiddle choice is about the trick in play


class FakeApp:
    """What WhistScreen reads of the app: the frame's time, the coach's work budget, cues."""

    def __init__(self):
        from decktet.search import units

        self.frame_at = 1000
        self.more = units(50)
        self.cues = []

    def cue(self, cue):
        self.cues.append(cue)


def test_a_double_tap_never_plays_an_unseen_card():
    from games.whist import screens

    game = engine.Game(3, 0)
    screen = screens.WhistScreen(flow.Play(game))
    screen.build(None)
    fake = FakeApp()
    # The bid, then the play: no hold (the play can be undone from the twiddle choice).
    for _ in range(2):
        screen.key(fake, K_A)
        fake.frame_at += 100
    assert screen.flow.step == flow.STEP_TWIDDLE and screen._held_ms(fake.frame_at) == 0
    screen.key(fake, K_A)  # keep at 1200: the result appears with the next trick
    kept = game.to_bytes()
    assert screen.flow.step == flow.STEP_PLAY and screen._held_ms(fake.frame_at) == PRIVACY_MS
    for late in (1, 300, PRIVACY_MS - 1):
        fake.frame_at = 1200 + late
        screen.key(fake, K_A)
        assert game.to_bytes() == kept and screen.flow.step == flow.STEP_PLAY
    fake.frame_at = 1200 + PRIVACY_MS
    screen.key(fake, K_A)
    assert screen.flow.step == flow.STEP_TWIDDLE  # played


def test_the_coach_bid_on_the_picker_holds_a():
    from games.whist import screens

    game = engine.Game(7, 0)
    screen = screens.WhistScreen(flow.Play(game, True))
    screen.build(None)
    fake = FakeApp()
    while not screen.tick(fake, fake.frame_at):
        fake.frame_at += 10
    bid = int(re.match(r"Coach: bid (\d+) ", screen.detail.text).group(1))
    assert screen.prompt.text == "Bid: < %d >" % bid
    assert bid != 1  # the picker moved from 1: A waits
    assert screen._held_ms(fake.frame_at) == PRIVACY_MS
    fake.frame_at += 100
    screen.key(fake, K_A)
    assert game.observation(0)["bid"] == -1
    fake.frame_at += PRIVACY_MS
    screen.key(fake, K_A)
    assert game.observation(0)["bid"] == bid


@pytest.mark.parametrize(
    "board,play,twiddle,peek",
    [
        ("hack_club_sprig", "<> card  L play  J look", "<> pick  L ok  K undo  J look", "L/K back"),
        ("pimoroni_picosystem", "<> card  A play  X look", "<> pick  A ok  B undo  X look", None),
        ("pybadge", "<> card  A play  SEL look", "<> pick  A ok  B undo  SEL look", "A/B back"),
    ],
)
def test_key_hints_name_the_board_keys(board, play, twiddle, peek):
    host_sim.run("GAME:whist A A", board=board, seed=4)
    assert top().hint.text == play
    host_sim.run("GAME:whist A A A", board=board, seed=4)
    assert top().hint.text == twiddle
    if peek is not None:
        # The look back while bidding the fore hand: "A/B back" as the board marks them.
        host_sim.run("GAME:whist A SELECT", board=board, seed=4)
        assert top().group[-1].text == peek
