"""The kit's screen stack (handheld.app.App): a releasable screen lets its widgets go while
another screen covers it and is built again, unchanged, when it is on top again; screens
that are not releasable keep theirs. And where the app collects garbage itself: in frames
that answer no key (a collection costs ~12 ms on the badge)."""

import displayio

import host_sim
from handheld import app as app_module
from handheld.app import App, Screen
from handheld.keys import K_RIGHT


class FakeDisplay:
    """Keeps the root group, as board.DISPLAY does."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True

    def refresh(self):
        pass


class Counted(Screen):
    """A screen that counts its builds and releases and keeps one bit of state."""

    def __init__(self, releasable):
        super().__init__()
        self.releasable = releasable
        self.builds = 0
        self.releases = 0
        self.widget = None
        self.state = 0

    def build(self, app):
        self.builds += 1
        self.group = displayio.Group()
        self.widget = displayio.Group(x=self.state)
        self.group.append(self.widget)

    def release(self):
        self.releases += 1
        self.widget = None


class FakeButtons:
    """``poll`` returns the keys queued for the next frame."""

    def __init__(self):
        self.queued = 0

    def poll(self, now):
        keys = self.queued
        self.queued = 0
        return keys


class FakeGc:
    """Stands in for ``gc`` in handheld.app: the free heap is set, collections counted."""

    def __init__(self, free):
        self.free = free
        self.collections = 0

    def mem_free(self):
        return self.free

    def collect(self):
        self.collections += 1


def make_app():
    return App(FakeDisplay(), FakeButtons(), None, None, lambda: 1)


def test_a_covered_releasable_screen_lets_go_and_is_rebuilt_from_its_state():
    app = make_app()
    app.push(Counted(False))  # the root
    play = Counted(True)
    app.push(play)
    play.state = 7
    cover = Counted(False)
    app.push(cover)
    # Released before the covering screen was built: never both at once.
    assert play.releases == 1 and play.group is None and play.widget is None
    assert app.display.root_group is cover.group
    app.pop()
    assert play.builds == 2 and app.display.root_group is play.group
    assert play.widget.x == 7  # drawn again from its state
    # A screen that is not releasable keeps its widgets under a cover.
    root = app.stack[0]
    assert root.releases == 0 and root.group is not None and root.builds == 1


def test_replacing_the_cover_does_not_rebuild_the_covered_screen():
    app = make_app()
    app.push(Counted(False))
    play = Counted(True)
    app.push(play)
    app.push(Counted(False))
    app.replace(Counted(False))
    assert play.builds == 1 and play.releases == 1 and play.group is None
    app.pop()
    assert play.builds == 2 and play.group is not None


def test_the_kit_has_no_import_cycle():
    # app.py imports no screens: START opens what the shell put in app.pause_menu.
    import ast
    import os

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
    imports = {}
    for name in os.listdir(os.path.join(root, "handheld")):
        if not name.endswith(".py"):
            continue
        tree = ast.parse(open(os.path.join(root, "handheld", name)).read())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "handheld":
                    found.update("handheld." + alias.name for alias in node.names)
                elif node.module.startswith("handheld."):
                    found.add(node.module)
        imports["handheld." + name[:-3]] = found

    def reaches(start, target, seen):
        for module in imports.get(start, ()):
            if module == target:
                return True
            if module not in seen:
                seen.add(module)
                if reaches(module, target, seen):
                    return True
        return False

    cycles = [module for module in imports if reaches(module, module, set())]
    assert cycles == []


def test_the_kit_names_no_game():
    # Everything a game needs the kit to know is in its package; only the registry's one
    # line per game names it.
    import os
    import re

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
    # (The Decktet's own cards, Pawns and the Excuse, are the primer's to name.)
    pattern = re.compile(r"whist|bharg|jekyll|hyde|poole|gongor", re.IGNORECASE)
    found = []
    for name in sorted(os.listdir(os.path.join(root, "handheld"))):
        path = os.path.join(root, "handheld", name)
        if not os.path.isfile(path):
            continue
        for number, line in enumerate(open(path), 1):
            if pattern.search(line) and not line.strip().startswith("GameEntry("):
                found.append("%s:%d: %s" % (name, number, line.strip()))
    assert found == []


def test_the_primer_over_a_game_offers_no_gallery_and_is_unloaded_after():
    import sys

    from driven import top, top_name

    import host_sim

    # (An earlier test in this process may have opened the gallery.)
    sys.modules.pop("handheld.gallery", None)
    # Whist's set-up (its modules loaded), its Rules row, the rules page, the primer.
    host_sim.run("GAME:whist UP A SELECT")
    assert top_name() == "PrimerScreen"
    host_sim.run("GAME:whist UP A SELECT A")  # A: no gallery over a game's modules
    assert top_name() == "PrimerScreen" and "handheld.gallery" not in sys.modules
    host_sim.run("GAME:whist UP A SELECT B")
    assert top_name() == "TextScreen" and "handheld.primer" not in sys.modules
    # Back on the set-up, built again (it let its widgets go), on the row it was on.
    host_sim.run("GAME:whist UP A SELECT B B")
    setup = top()
    assert top_name() == "_SetupScreen" and setup.menu.index == len(setup.rows) - 1
    # From the main menu's Cards row, A opens the gallery.
    host_sim.run("ROW:Cards A A")
    assert top_name() == "GalleryScreen"


def _frames(app, count, keys=0):
    """Run ``count`` frames, the first with ``keys``; the collections made in each."""
    made = []
    app.buttons.queued = keys
    for _ in range(count):
        before = app_module.gc.collections
        app.step(0)
        made.append(app_module.gc.collections - before)
    return made


def test_a_key_is_answered_before_the_heap_is_collected_in_the_next_idle_frame(monkeypatch):
    monkeypatch.setattr(app_module, "gc", FakeGc(4096))  # low
    monkeypatch.setattr(app_module, "_collect", app_module._COLLECT_NONE)
    app = make_app()
    app.push(Counted(False))
    # The first frame draws the menu; the next, idle, collects; then none until a key.
    assert _frames(app, 4) == [0, 1, 0, 0]
    # The frame with the key does not collect (it draws), the one after it does.
    assert _frames(app, 3, K_RIGHT) == [0, 1, 0]
    # With room enough, no collection at all.
    app_module.gc.free = 64 * 1024
    assert _frames(app, 3, K_RIGHT) == [0, 0, 0]


def test_no_collection_in_a_frame_where_a_search_works(monkeypatch):
    monkeypatch.setattr(app_module, "gc", FakeGc(4096))
    monkeypatch.setattr(app_module, "_collect", app_module._COLLECT_NONE)

    class Thinking(Counted):
        """Works (calls the app's ``more``) in its first three ticks."""

        def __init__(self):
            super().__init__(False)
            self.ticks = 0

        def tick(self, app, now):
            self.ticks += 1
            if self.ticks <= 3:
                app.more(1, 1000)
            return False

    app = make_app()
    app.push(Thinking())
    app.changed = False
    assert _frames(app, 5) == [0, 0, 0, 1, 0]


def test_a_covered_screen_is_collected_in_the_next_frame_without_a_key(monkeypatch):
    monkeypatch.setattr(app_module, "gc", FakeGc(64 * 1024))  # room enough
    monkeypatch.setattr(app_module, "_collect", app_module._COLLECT_NONE)
    app = make_app()
    app.push(Counted(False))
    app.push(Counted(True))
    _frames(app, 2)
    app.push(Counted(False))  # covers the releasable screen
    assert _frames(app, 1, K_RIGHT) == [0]  # the frame with a key only answers it
    assert _frames(app, 2) == [1, 0]


class _KeyWrites(host_sim.Sim):
    """A run that notes, per frame of the app's loop, whether it read a key and how many
    nvm writes it made: ``frames``, (keys, writes) each."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.frames_seen = []
        self._keys = 0
        self._writes = 0
        self._listening = False

    def sleep(self, seconds):
        from handheld import shell

        app = shell.current_app
        if not self._listening:
            self._listening = True
            poll = app.buttons.poll

            def read(now):
                keys = poll(now)
                self._keys |= keys
                return keys

            app.buttons.poll = read
        else:
            self.frames_seen.append((self._keys, self.nvm_device.writes - self._writes))
        self._keys = 0
        self._writes = self.nvm_device.writes
        super().sleep(seconds)


def _key_writes(script, nvm):
    """(writes in frames that read a key, writes in frames that did not) of a run."""
    sim = _KeyWrites(keys=script, nvm=nvm)
    sim.run()
    with_key = sum(writes for keys, writes in sim.frames_seen if keys)
    return with_key, sum(writes for keys, writes in sim.frames_seen if not keys)


def test_no_nvm_write_in_a_frame_that_answers_a_key():
    # Every write waits for a frame without a key: the key's answer is on the screen
    # first, and its frame does not stall 75-250 ms on the flash.
    from driven import fresh_nvm

    from handheld import store

    nvm = fresh_nvm()
    store.Stats(nvm).record(1, True)
    # Statistics, Reset all, A: the table shows zeros at once, and they are written after.
    assert _key_writes("ROW:Statistics A ROW:Reset_all A A WAIT*30", nvm) == (0, 1)
    assert store.Stats(nvm).played(1) == 0
    # Settings: a change is written once the screen is left.
    assert _key_writes("ROW:Settings A RIGHT B WAIT*30", nvm) == (0, 1)
    assert store.Settings(nvm).get(store.SET_REPEAT, 3, 1) == 2
    # A game: START saves it, quitting counts it (the set-up's choices with it).
    script = "A A WAIT*700 A WAIT*700 START WAIT*30 UP A A WAIT*30"
    with_key, without = _key_writes(script, nvm)
    assert with_key == 0 and without >= 1


def test_an_unreadable_save_is_set_aside_after_the_key():
    # Continue on a save its game cannot read: the message says it was set aside, and the
    # save goes in the next frame without a key (not in the key's).
    from driven import fresh_nvm, top_name

    from handheld import store

    nvm = fresh_nvm()
    saved = store.Store(nvm)
    saved.save_game(1, b"\x00\x01\x02")  # no Bharg save is three bytes
    assert _key_writes("A WAIT*30", nvm) == (0, 1)
    assert top_name() == "MessageScreen" and store.Store(nvm).saved_slots() == []


def test_about_loads_the_gallery_while_it_is_read_and_b_unloads_it():
    # About loads the gallery's modules and card sheet in its idle frames, one a frame,
    # so A opens the gallery loading nothing; B goes back and they are unloaded.
    import sys

    from driven import top_name

    def run(keys):
        # (Each run boots with what the process has loaded: the gallery not among it.)
        for name in ("handheld.gallery", "handheld.cardview"):
            sys.modules.pop(name, None)
        host_sim.run(keys)

    run("ROW:About A WAIT*100")
    assert top_name() == "_AboutScreen" and "handheld.gallery" in sys.modules
    assert sys.modules["handheld.cardview"]._sheet is not None
    run("ROW:About A WAIT*100 A")
    assert top_name() == "GalleryScreen"
    run("ROW:About A WAIT*100 B")
    assert top_name() == "MenuScreen" and "handheld.gallery" not in sys.modules


def test_the_app_keeps_at_most_20_fields_the_session_its_own():
    # App's jobs are the screen stack, the running game, the modules unloaded after it
    # and a frame's search budget; the session around them (the autosave, the marks, the
    # battery, the backlight, the sound, the statistics) is app.session's (handheld.app.Session).
    from handheld import shell

    class Counting(host_sim.Sim):
        """Notes the most fields the app had at any frame of the run."""

        most = 0

        def sleep(self, seconds):
            running = shell.current_app
            if running is not None:
                Counting.most = max(Counting.most, len(vars(running)))
            super().sleep(seconds)

    # A game started, played, paused, saved, resumed, then quit to the main menu, on a
    # board with a battery and a speaker.
    sim = Counting(keys="A A RIGHT A A WAIT*11000 START START START UP A A", battery=3.7)
    sim.run()
    assert shell.current_app.game is None and Counting.most > 0
    assert len(vars(shell.current_app)) <= 20 and Counting.most <= 20
    assert shell.current_app.session.sound is not None
