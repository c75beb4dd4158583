"""Device tests of handheld.flows.Thinker, the one driver of a CPU's turn (both games'
CPUs and the Gongor Whist coach): a decision spread over frames with
``decktet.search.units(n)``, taken in or after the frame its search ends, the same
decision however it is sliced, and the show of a move. Runs on CPython and on
MicroPython (the runtime gate)."""

from decktet.search import Search, always, units
from handheld.flows import Thinker
from handheld.keys import EVENT_NONE, REFUSED


class _Count(Search):
    """A decision of ``work`` units whose result is the observation plus the units run."""

    def __init__(self, work):
        super().__init__()
        self.size = work
        self.done = 0
        self.begun = 0
        self.answer = -1
        self.seen = None

    def begin(self, observation, legal=None):
        self.begun += 1
        self.seen = (observation, legal)
        self.done = 0
        self.work = self._run(observation)

    def _run(self, observation):
        while self.done < self.size:
            self.done += 1
            yield
        self.answer = observation + self.done

    def result(self):
        self.step(always)
        return self.answer


def _frames(thinker, more):
    """Frames of ``step(more)`` until the result may be taken (the last frame counted)."""
    frames = 1
    while not thinker.step(more):
        frames += 1
        assert frames < 100000
    return frames


def test_the_contract_s_constants():
    assert REFUSED == 0x4000 and EVENT_NONE == 0


def test_a_decision_is_sliced_and_taken_the_frame_after_its_search_ends():
    player = _Count(10)
    thinker = Thinker(1500)
    assert not thinker.busy and not thinker.step(units(3))  # nothing under way
    thinker.begin(player, 7, [1, 2])
    assert thinker.busy and thinker.player is player and player.seen == (7, [1, 2])
    # 10 units, 3 a frame: the search ends in the 4th frame; the result is taken in the
    # 5th, which does no work.
    assert _frames(thinker, units(3)) == 5 and player.done == 10
    assert thinker.busy
    assert thinker.result() == 17 and not thinker.busy and player.begun == 1
    assert not thinker.step(units(3))  # free again


def test_without_later_the_result_is_taken_in_the_frame_its_search_ends():
    player = _Count(10)
    thinker = Thinker(0, False)
    thinker.begin(player, 1)  # the coach's begin: the observation alone
    assert player.seen == (1, None)
    assert _frames(thinker, units(3)) == 4
    assert thinker.result() == 11
    # One unit a frame, or all at once (``more`` None, as tests give a flow's tick): the
    # same decision.
    for more, frames in ((units(1), 11), (always, 1), (None, 1)):
        thinker.begin(player, 1)
        assert _frames(thinker, more) == frames and thinker.result() == 11


def test_a_move_stays_on_show_for_hold_ms_or_until_skipped():
    thinker = Thinker(1500)
    assert thinker.shown(0)  # nothing on show
    thinker.show(1000)
    assert not thinker.shown(1000) and not thinker.shown(2499) and thinker.shown(2500)
    thinker.show(-1)  # (A: what follows, at once)
    assert thinker.shown(1001)
    # Ticks wrap at 2**29 (handheld.keys.ticks_diff).
    thinker.show((1 << 29) - 500)
    assert not thinker.shown(999) and thinker.shown(1000)


def test_a_bharg_cpu_decides_the_same_through_a_thinker():
    from games.bharg import engine
    from games.bharg.cpu import Player

    game = engine.Game(11)
    seat = game.current_player()
    obs = game.observation(seat)
    legal = game.legal_actions()
    expected = Player(seat, "normal", seat).choose(obs, legal)
    thinker = Thinker(1500)
    thinker.begin(Player(seat, "normal", seat), obs, legal)
    assert _frames(thinker, units(40)) >= 2
    assert thinker.result() == expected


def test_the_whist_coach_suggests_the_same_through_a_thinker():
    from games.whist import engine
    from games.whist.coach import Coach

    game = engine.Game(9, engine.OPT_EASY)
    obs = game.observation(0)
    expected = Coach().suggest(obs)
    thinker = Thinker(0, False)
    thinker.begin(Coach(), obs)
    assert _frames(thinker, units(4)) > 1
    assert thinker.result() == expected
