"""Host stand-ins for the device modules that have no host equivalent.

``board`` (display, button pins, ``board_id``), ``keypad``, ``analogio`` (the PyGamer's
joystick), ``microcontroller.nvm`` (backed by a bytearray, optionally a file) and
``supervisor.ticks_ms`` (the simulator's clock). Everything else (displayio, fonts,
labels, ``micropython.const``) is the real library from the venv.
"""

import sys
import types

# The simulator the fakes talk to; set by Sim.install().
CURRENT = None
NVM_SIZE = 8192


class Pin:
    """A named pin."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


class Event:
    """keypad.Event."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp


class EventQueue:
    """keypad.EventQueue fed by the simulator."""

    def __init__(self):
        self.items = []
        self.overflowed = False

    def get_into(self, event):
        """Fill ``event`` with the oldest event; False if there is none."""
        if not self.items:
            return False
        key_number, pressed = self.items.pop(0)
        event.key_number = key_number
        event.pressed = pressed
        event.released = not pressed
        return True

    def get(self):
        """The oldest event or None."""
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        """Drop every queued event."""
        self.items.clear()

    def __len__(self):
        return len(self.items)


class ShiftRegisterKeys:
    """keypad.ShiftRegisterKeys: checks it is wired to the board's button pins."""

    def __init__(self, *, clock, data, latch, key_count, value_when_pressed, **_):
        board = sys.modules["board"]
        if (clock, data, latch) != (board.BUTTON_CLOCK, board.BUTTON_OUT, board.BUTTON_LATCH):
            raise ValueError("ShiftRegisterKeys not on the button pins")
        if value_when_pressed is not True:
            raise ValueError("the badge buttons read high when pressed")
        self.key_count = key_count
        self.events = EventQueue()
        CURRENT.keypads.append(self)


class AnalogIn:
    """analogio.AnalogIn for the joystick axes, read from the simulator."""

    def __init__(self, pin):
        board = sys.modules["board"]
        if pin is board.JOYSTICK_X:
            self.axis = 0
        elif pin is board.JOYSTICK_Y:
            self.axis = 1
        else:
            raise ValueError("no analog input on %r" % pin)
        CURRENT.analog_reads[self.axis] = 0

    @property
    def value(self):
        """0..65535."""
        CURRENT.analog_reads[self.axis] += 1
        return CURRENT.joystick()[self.axis]


def _module(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    return module


def make_board(board_id, display):
    """A ``board`` module for one of the badges (or an unknown id, to test the message)."""
    pins = {}
    for name in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH"):
        pins[name] = Pin(name)
    if board_id == "pygamer":
        pins["JOYSTICK_X"] = Pin("JOYSTICK_X")
        pins["JOYSTICK_Y"] = Pin("JOYSTICK_Y")
    return _module("board", board_id=board_id, DISPLAY=display, **pins)


FAKED = ("board", "keypad", "analogio", "microcontroller", "supervisor")


def install(sim, board_id):
    """Put the fake modules in sys.modules for one simulator run; returns what they hid."""
    global CURRENT
    CURRENT = sim
    hidden = {name: sys.modules.get(name) for name in FAKED}
    sys.modules["board"] = make_board(board_id, sim.display)
    sys.modules["keypad"] = _module(
        "keypad", Event=Event, EventQueue=EventQueue, ShiftRegisterKeys=ShiftRegisterKeys
    )
    sys.modules["analogio"] = _module("analogio", AnalogIn=AnalogIn)
    sys.modules["microcontroller"] = _module("microcontroller", nvm=sim.nvm)
    sys.modules["supervisor"] = _module("supervisor", ticks_ms=sim.ticks_ms)
    return hidden


def uninstall(hidden):
    """Put back the modules ``install`` replaced (e.g. Blinka's own ``board``)."""
    for name, module in hidden.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
