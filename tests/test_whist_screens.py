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
from games.whist import engine, flow
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


class Strategy:
    """Plays a session through the screens: bids ``bids`` in turn, plays the first legal
    card (walking the cursor to it), twiddles on every third trick, reads the summaries."""

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
        if name == "WhistScreen":
            self.screen = screen
            return self.play(sim, screen)
        if name == "MessageScreen":
            game = self.screen.game
            self.summaries.append((screen.heading, screen.text, game.scores()[0]))
            if screen.heading == "Game over":
                self.finished = True
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
            return "A"
        if f.step == flow.STEP_PLAY:
            hand = obs["hand"]
            legal = screen.game.legal_actions()
            if self.illegal_probe and not self.probed and len(legal) < len(hand):
                # Once: A on a dimmed card does nothing.
                illegal = [i for i, card in enumerate(hand) if card not in legal][0]
                if f.cursor != illegal:
                    return "RIGHT" if (illegal - f.cursor) % len(hand) else "LEFT"
                self.probed = True
                self.last_obs = screen.game.to_bytes()
                return "A"
            target = hand.index(legal[0])
            if f.cursor != target:
                return "RIGHT"
            self.actions.append(legal[0])
            self.trick += 1
            return "A"
        if f.step == flow.STEP_TWIDDLE:
            want = 1 if self.trick % self.twiddle_every == 0 else 0
            if f.twiddle != want:
                return "RIGHT"
            self.actions.append(engine.TWIDDLE if want else engine.KEEP)
            return "A"
        if f.step == flow.STEP_RESULT:
            return "A"
        raise AssertionError("no step to play")


def play_session(setup_keys, seed=5, **kw):
    strategy = Strategy(setup_keys, **kw)
    sim = driven(strategy, seed=seed).run()
    return sim, strategy


# Main menu -> Gongor Whist set-up; rows: Deck, Under hand, Look back, Passes, Rules.
UNDER_ON = ["A", "DOWN", "RIGHT", "A"]  # basic deck, under hand on, easy, 1 pass
BASIC = ["A", "A"]


def check_session(sim, strategy, options, hands, passes=1):
    """Shared checks of a finished session."""
    assert strategy.finished
    game = strategy.screen.game
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
        match = re.search(r"Score: (-?\d+)", text)
        assert int(match.group(1)) == score
        points = int(re.search(r": ([+-]?\d+) points", text).group(1))
        running += points
        assert running == score
    text = strategy.summaries[-1][1]
    shown = int(re.search(r"Final score: (-?\d+)", text).group(1))
    assert shown == final == running
    assert ("a win" in text) == (final > 0)
    # The pass summary lists every hand's points.
    assert "Pass %d of %d:" % (passes, passes) in text
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
    assert strategy.screen.game.to_bytes()[1] == options
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
    sim, strategy = play_session(["A", "DOWN", "DOWN", "RIGHT", "A"], seed=9, bids=(1, 1, 0))
    options = 0
    assert strategy.screen.game.to_bytes()[1] == options
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
            elif step == flow.STEP_PLAY and words == "A":
                kind = "play"
            elif step == flow.STEP_RESULT:
                kind = "next trick"
        elif type(screen).__name__ == "MessageScreen":
            kind = "screen change"
        self.kinds.append(kind)
        return words


def test_two_passes_with_pawns_and_excuse_by_keys():
    # Deck +Both (LEFT from Basic), passes 2; hands of eight; SELECT in easy mode looks back.
    setup = ["A", "LEFT", "DOWN", "DOWN", "DOWN", "RIGHT", "A"]
    sim, strategy = play_session(setup, seed=21, bids=(4, 2, 0))
    options = engine.OPT_PAWNS | engine.OPT_EXCUSE | engine.OPT_EASY | engine.OPT_PASSES_2
    assert strategy.screen.game.to_bytes()[1] == options
    check_session(sim, strategy, options, hands=4, passes=2)
    check_bid_frames(strategy)
    assert [len(hand) for hand, _, _ in strategy.bid_frames] == [8, 8, 8, 8]
    texts = [text for _, text, _ in strategy.summaries]
    assert "Pass 1 of 2:" in texts[1] and "Next: a new deal." in texts[1]


def test_pause_look_back_and_hardball_message():
    # Easy: SELECT while bidding opens the look-back screen (Aces turned: the first one).
    host_sim.run("A A SELECT", seed=4)
    screen = top()
    assert type(screen).__name__ == "PeekScreen"
    assert screen.obs["aces_turned"] == [app().stack[-2].game.observation(0)["aces_turned"][0]]
    host_sim.run("A A SELECT B", seed=4)
    assert type(top()).__name__ == "WhistScreen"
    # Hardball: SELECT says there is no looking back.
    host_sim.run("A DOWN DOWN RIGHT A SELECT", seed=4)
    assert type(top()).__name__ == "MessageScreen" and top().heading == "Hardball"
    # START pauses; Quit to menu leaves the game.
    host_sim.run("A A START", seed=4)
    assert type(top()).__name__ == "PauseMenu"
    host_sim.run("A A START DOWN DOWN A A", seed=4)
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
        if name == "MessageScreen":
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
            if f.step == flow.STEP_RESULT and obs["last_trick"][3]:
                self.shot("whist_trick", sim)
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
    strategy = Photographer(["A", "DOWN", "RIGHT", "DOWN", "DOWN", "RIGHT", "A"])
    driven(strategy, seed=3).run()
    assert strategy.finished
    return strategy.shots


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_whist(name, golden_shots):
    image = golden_shots[name]
    check_golden(name, image)


def test_fresh_card_sprite_shows_the_empty_outline():
    # Kit fix (handheld.cardview): a new sprite's show(EMPTY) used to be skipped, leaving
    # tile 0 everywhere (a face frame with sheet fragments) until another card was shown.
    from handheld import cardview

    sprite = cardview.CardSprite()
    outline = [cardview.FRAME_TILES + cardview.OUTLINE * 9 + i for i in range(9)]
    assert [sprite[i] for i in range(9)] == outline
    assert sprite.card == cardview.EMPTY
