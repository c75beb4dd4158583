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

from PIL import ImageChops

import host_sim
from games.bharg import engine
from handheld import shell
from host_sim.sim import BOOT_MS, parse_script

FULL = 160 * 128
GOLDEN_DIR = os.path.join(host_sim.ROOT, "tests", "golden")
OUT_DIR = os.path.join(host_sim.ROOT, "build", "golden")
TABLE_GREEN = (8, 65, 33)  # ui.TABLE (0x0B4020) through RGB565
SETUP_50 = "DOWN A A"  # Bharg, 2 players, target 50 (the default), basic deck
SETUP_ONE_ROUND = "DOWN A DOWN RIGHT RIGHT A"  # Target: 50 -> 100 -> 1 round


def app():
    return shell.current_app


def top_name():
    return type(app().top()).__name__


class DrivenSim(host_sim.Sim):
    """A simulator run whose keys come one at a time from ``planner(sim)`` (a key script
    word, or None to stop), asked once the previous key has been handled."""

    def __init__(self, planner, keys="", **kwargs):
        kwargs.setdefault("nvm", bytearray(b"\xff" * 8192))
        super().__init__(keys=keys, **kwargs)
        self.planner = planner
        self.keys_sent = []

    def sleep(self, seconds):
        if not self.timeline and self.clock_ms >= self.end_ms:
            word = self.planner(self)
            if word:
                self.keys_sent.append(word)
                timeline, end = parse_script(word)
                shift = self.clock_ms + 20 - BOOT_MS
                self.timeline = [(t + shift, op, arg) for t, op, arg in timeline]
                self.end_ms = end + shift
        super().sleep(seconds)


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

    def __call__(self, sim):
        if self.last is not None:
            self.pushed.append(self.last + (sim.display.pushed[-1],))
            self.last = None
        if self.setup:
            return self.setup.pop(0)
        screen = app().top()
        name = type(screen).__name__
        self.seen.append(name)
        if self.stop(name, screen):
            return None
        key = getattr(self, "on_" + name)(sim, screen)
        self.last = (name, key, screen)
        return key

    def on_PrivacyScreen(self, sim, screen):
        image = sim.display.image
        colours = {colour for _, colour in image.getcolors(FULL)}
        # A plain message: black, the message colour and the prompt's; no table, no card.
        assert len(colours) <= 3, colours
        assert TABLE_GREEN not in colours
        if self.card_colours is not None:
            assert not colours & self.card_colours, colours & self.card_colours
        first = self.privacy_frames.setdefault(screen.text, image.copy())
        assert ImageChops.difference(first, image).getbbox() is None
        self.privacy_count += 1
        return "A"

    def on_PlayScreen(self, sim, screen):
        game = screen.game
        assert screen.seat == game.current_player()
        if self.card_colours is None:
            # The deck's back and the discard top's face, as drawn on the table.
            colours = set()
            for x0 in (4, 40):
                region = sim.display.image.crop((x0, 28, x0 + 24, 58))
                colours |= {colour for _, colour in region.getcolors(24 * 30)}
            self.card_colours = colours - {(0, 0, 0), (255, 255, 255)}
            self.face = sim.display.image.getpixel((40 + 3, 28 + 27))
        phase = game.observation(screen.seat)["phase"]
        if phase == "draw":
            want = 1 if best_draw(game) == engine.TAKE_DISCARD else 0
            return "A" if screen.pile == want else "RIGHT"
        card = best_discard(game) - engine.DISCARD_BASE
        index = screen.order.index(card)
        if screen.cursor == index:
            self.discards += 1
            return "A"
        return "RIGHT"

    def on_RoundEndScreen(self, sim, screen):
        return "A"

    def on_ScoreScreen(self, sim, screen):
        return "A"

    def on_MessageScreen(self, sim, screen):
        return "A"


def play(setup, stop, seed=4):
    player = Player(setup, stop)
    sim = DrivenSim(player, seed=seed)
    sim.run()
    return sim, player


# -- the required span ----------------------------------------------------------------------


def test_two_player_round_by_keys_with_privacy_screens():
    sim, player = play(SETUP_50, lambda name, screen: name == "RoundEndScreen")
    assert top_name() == "RoundEndScreen"
    game = app().top().play.game
    obs = game.observation(0)
    result = obs["round_result"]
    # The round ended by a win (the planner looks for one), scored as the engine says.
    assert result["reason"] == "win"
    winner = result["winner"]
    loser = 1 - winner
    ace_top = obs["ace_top"]
    hands = obs["hands"]
    assert result["unbound"][winner] == 0
    assert result["unbound"][loser] == engine.unbound_value(hands[loser], ace_top)
    assert result["points"] == result["unbound"][loser]
    assert obs["scores"][winner] == result["points"] and obs["scores"][loser] == 0
    assert not game.is_over() and game.legal_actions() == [engine.NEXT_ROUND]
    # Every turn began behind a privacy screen: the first one, then one after each discard
    # that did not end the round; each showed no card and the same pixels every time.
    assert player.privacy_count == player.discards >= 2
    assert set(player.privacy_frames) == {"Pass to Player 1", "Pass to Player 2"}
    # The round-end screen shows each hand: the rows hold the cards, drawn face up.
    screen = app().top()
    image = sim.display.image
    assert len(screen.rows) == 2
    for seat, row in enumerate(screen.rows):
        count = len(hands[seat])
        assert sorted(row.card_at(i) for i in range(count)) == hands[seat]
        for i in range(count):
            # The bottom-left corner of each card's face (the next card overlaps its right).
            x = row.group.x + row.sprites[i].group.x + 3
            assert image.getpixel((x, row.group.y + 27)) == player.face, (seat, i)
    # Each unbound value is printed beside its hand.
    texts = [getattr(layer, "text", None) for layer in screen.group]
    for seat in range(2):
        assert str(result["unbound"][seat]) in texts
