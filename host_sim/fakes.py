"""Host stand-ins for the device modules that have no host equivalent.

``board`` (display, button pins, ``board_id``), ``keypad``, ``analogio`` (the PyGamer's
joystick, the battery), ``audioio``, ``audiocore`` and ``digitalio`` (the speaker: silent,
the simulator logs the cues instead), ``microcontroller.nvm`` (``Nvm``: a bytearray,
optionally kept in a file, written as the PyBadge's flash is, and cut short on demand;
``RpNvm``: as the RP2040 boards' is) and
``supervisor.ticks_ms`` (the simulator's clock); ``gc.mem_free``, which CPython's
``gc`` lacks (``HOST_FREE``); and no ``vectorio`` on the SAMD51 boards, whose builds leave
it out. Everything else (displayio, fonts,
labels, ``micropython.const``) is the real library from the venv.
"""

import gc
import sys
import types

# The simulator the fakes talk to; set by Sim.install().
CURRENT = None
NVM_SIZE = 8192
FLASH_BLOCK = 8192  # the SAMD51's erase block: the whole nvm
FLASH_PAGE = 512  # its program page
# What ``gc.mem_free()`` says on the host: CPython's heap has no such figure, so plenty
# (the app then never collects for want of room; when it collects changes no game).
HOST_FREE = 1 << 20
if not hasattr(gc, "mem_free"):
    gc.mem_free = lambda: HOST_FREE


class PowerCut(BaseException):
    """The power went in the middle of an nvm write (``Nvm.cut_after``). A BaseException:
    nothing on the device can catch a power cut, so no ``except Exception`` in the app may."""


class Nvm:
    """``microcontroller.nvm`` as the PyBadge has it, over a bytearray the caller keeps (a
    test can read or damage it between runs).

    Reading is plain indexing. Every assignment, one byte or a slice, is one flash write of
    the whole block as CircuitPython's SAMD51 port does it: the block's new contents are
    worked out, the block is erased (every byte 0xFF, one erase cycle: ``writes``), then
    programmed back in 512-byte pages, lowest address first. ``cut_after``: None, or how
    many more bytes may be programmed before the power goes: the write that reaches it
    stops right there (0: just after the next erase; a count that ends with a write's last
    byte: after that write) and raises ``PowerCut``; the count then goes back to None.
    ``programmed``: bytes programmed in all.

    :param data: the bytearray (a fresh erased one of ``NVM_SIZE`` if None)
    """

    def __init__(self, data=None):
        self.data = bytearray(b"\xff" * NVM_SIZE) if data is None else data
        self.writes = 0
        self.programmed = 0
        self.cut_after = None

    def __len__(self):
        return len(self.data)

    def __bytes__(self):
        return bytes(self.data)

    def __getitem__(self, index):
        if isinstance(index, slice) and index.step not in (None, 1):
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return self.data[index]

    def __setitem__(self, index, value):
        image = bytearray(self.data)
        if isinstance(index, slice):
            if index.step not in (None, 1):
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            start, stop, _ = index.indices(len(image))
            value = bytes(value)
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
            image[start:stop] = value
            first, last = start, stop - 1
        else:
            if not 0 <= value <= 255:
                raise ValueError("Array values should be single bytes.")
            image[index] = value
            first = last = index % len(image)
        if last < first:
            return
        block = first - first % FLASH_BLOCK
        while block <= last:
            self._write_block(block, image)
            block += FLASH_BLOCK

    def _write_block(self, block, image):
        """Erase one block, then program it from ``image`` page by page."""
        end = min(block + FLASH_BLOCK, len(self.data))
        self.writes += 1
        self.data[block:end] = b"\xff" * (end - block)
        at = block
        while at < end:
            count = min(FLASH_PAGE, end - at)
            if self.cut_after is not None and self.cut_after < count:
                count = self.cut_after
                self.data[at : at + count] = image[at : at + count]
                self.programmed += count
                self.cut_after = None
                raise PowerCut("nvm write cut %d bytes after the erase" % (at - block + count))
            self.data[at : at + count] = image[at : at + count]
            self.programmed += count
            if self.cut_after is not None:
                self.cut_after -= count
            at += count
        if self.cut_after == 0:
            self.cut_after = None
            raise PowerCut("nvm write cut after its last byte")


RP_NVM_SIZE = 4096  # the RP2040's nvm: one flash sector (CIRCUITPY_INTERNAL_NVM_SIZE)
RP_SECTOR = 4096  # its erase unit
RP_PAGE = 256  # its program page


class RpNvm(Nvm):
    """``microcontroller.nvm`` as the RP2040 boards have it (the raspberrypi port's
    ``common-hal/nvm/ByteArray.c``): 4 KB, one flash sector. An assignment whose target
    bytes all read 0xFF is only programmed, 256-byte page by page, lowest address first
    (the rest of each page is programmed with what it holds: unchanged); any other
    assignment erases the sector (one erase cycle: ``writes``) and programs it whole,
    page by page from the lowest address, with interrupts off. ``cut_after`` counts the
    bytes programmed, as ``Nvm``'s does (0: just after the erase, or before a program-only
    write's first byte); ``programs``: the assignments that were only programmed.

    :param data: the bytearray (a fresh erased one of ``RP_NVM_SIZE`` if None)
    """

    def __init__(self, data=None):
        super().__init__(bytearray(b"\xff" * RP_NVM_SIZE) if data is None else data)
        self.programs = 0

    def __setitem__(self, index, value):
        size = len(self.data)
        if isinstance(index, slice):
            if index.step not in (None, 1):
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            start, stop, _ = index.indices(size)
            value = bytes(value)
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
        else:
            if not 0 <= value <= 255:
                raise ValueError("Array values should be single bytes.")
            start = index % size
            stop = start + 1
            value = bytes((value,))
        if stop <= start:
            return
        if all(byte == 0xFF for byte in self.data[start:stop]):
            self.programs += 1
            self._program(start, value)
            return
        image = bytearray(self.data)
        image[start:stop] = value
        self.writes += 1
        self.data[:] = b"\xff" * size
        self._program(0, image)

    def _program(self, start, value):
        """Program ``value`` at ``start``, byte by byte as far as ``cut_after`` allows."""
        count = len(value)
        if self.cut_after is not None and self.cut_after < count:
            count = self.cut_after
            self.data[start : start + count] = value[:count]
            self.programmed += count
            self.cut_after = None
            raise PowerCut("nvm write cut %d bytes into its programming" % count)
        self.data[start : start + count] = value
        self.programmed += count
        if self.cut_after is not None:
            self.cut_after -= count
            if self.cut_after == 0:
                self.cut_after = None
                raise PowerCut("nvm write cut after its last byte")


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


class Keys:
    """keypad.Keys: checks it is wired to the board's button pins (in the K_* bits' order,
    so a key number is the logical button's, as on ShiftRegisterKeys), read low with
    pull-ups as the RP2040 boards' buttons are."""

    def __init__(self, pins, *, value_when_pressed, pull=False, **_):
        board = sys.modules["board"]
        if tuple(pins) != tuple(getattr(board, name) for name in KEY_PINS[board.board_id]):
            raise ValueError("Keys not on the board's button pins, in the K_* order")
        if value_when_pressed is not False or pull is not True:
            raise ValueError("the buttons short to ground: read low, with pull-ups")
        self.key_count = len(pins)
        self.events = EventQueue()
        CURRENT.keypads.append(self)


class AnalogIn:
    """analogio.AnalogIn for the joystick axes and the battery pin (A6: half the battery's
    voltage on a 3.3 V scale; the RP2040 boards' a third), read from the simulator."""

    def __init__(self, pin):
        board = sys.modules["board"]
        if pin is getattr(board, "JOYSTICK_X", None):
            self.axis = 0
        elif pin is getattr(board, "JOYSTICK_Y", None):
            self.axis = 1
        elif pin is getattr(board, BATTERY_PINS.get(board.board_id, "A6"), None):
            self.axis = 2
        else:
            raise ValueError("no analog input on %r" % pin)
        CURRENT.analog_reads[self.axis] = 0

    @property
    def value(self):
        """0..65535."""
        CURRENT.analog_reads[self.axis] += 1
        if self.axis == 2:
            return CURRENT.battery_reading()
        return CURRENT.joystick()[self.axis]


class RawSample:
    """``audiocore.RawSample``: keeps its buffer and sample rate."""

    def __init__(self, buffer, *, sample_rate=8000, **_):
        self.buffer = buffer
        self.sample_rate = sample_rate


class AudioOut:
    """``audioio.AudioOut``: plays nothing, counts what it was asked to."""

    def __init__(self, pin, **_):
        self.pin = pin
        self.playing = False
        self.plays = 0

    def play(self, sample, *, loop=False):
        self.playing = True
        self.plays += 1

    def stop(self):
        self.playing = False


class DigitalInOut:
    """``digitalio.DigitalInOut``: an output pin's value."""

    def __init__(self, pin):
        self.pin = pin
        self.value = False

    def switch_to_output(self, value=False, **_):
        self.value = value


def _module(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    return module


# The RP2040 boards' button pins (``pins.c`` in adafruit/circuitpython), in the order of
# the K_* bits (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT) as handheld.boards maps them,
# their battery pins, and their screens.
KEY_PINS = {
    "hack_club_sprig": (
        "BUTTON_K",
        "BUTTON_L",
        "BUTTON_I",
        "BUTTON_J",
        "BUTTON_D",
        "BUTTON_S",
        "BUTTON_W",
        "BUTTON_A",
    ),
    "pimoroni_picosystem": (
        "SW_B",
        "SW_A",
        "SW_Y",
        "SW_X",
        "SW_RIGHT",
        "SW_DOWN",
        "SW_UP",
        "SW_LEFT",
    ),
}
BATTERY_PINS = {"hack_club_sprig": "VOLTAGE_MONITOR", "pimoroni_picosystem": "BAT_SENSE"}
SCREEN_SIZES = {"pimoroni_picosystem": (240, 240)}


def nvm_size(board_id):
    """The nvm's size on a board: 4 KB on the RP2040 boards, 8 KB on the badges."""
    return RP_NVM_SIZE if is_rp2040(board_id) else NVM_SIZE


def is_rp2040(board_id):
    """True for the RP2040 boards (their nvm is ``RpNvm``)."""
    return board_id in KEY_PINS


def make_board(board_id, display):
    """A ``board`` module for one of the five boards (or an unknown id, to test the
    message): the pins handheld.boards reads, the display."""
    if is_rp2040(board_id):
        names = KEY_PINS[board_id] + (BATTERY_PINS[board_id],)
    else:
        names = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "A6", "SPEAKER", "SPEAKER_ENABLE")
        if board_id == "pygamer":
            names += ("JOYSTICK_X", "JOYSTICK_Y")
    pins = {name: Pin(name) for name in names}
    return _module("board", board_id=board_id, DISPLAY=display, **pins)


FAKED = (
    "board",
    "keypad",
    "analogio",
    "audioio",
    "audiocore",
    "digitalio",
    "microcontroller",
    "supervisor",
    "vectorio",
)


def install(sim, board_id):
    """Put the fake modules in sys.modules for one simulator run; returns what they hid."""
    global CURRENT
    CURRENT = sim
    hidden = {name: sys.modules.get(name) for name in FAKED}
    sys.modules["board"] = make_board(board_id, sim.display)
    sys.modules["keypad"] = _module(
        "keypad",
        Event=Event,
        EventQueue=EventQueue,
        ShiftRegisterKeys=ShiftRegisterKeys,
        Keys=Keys,
    )
    sys.modules["analogio"] = _module("analogio", AnalogIn=AnalogIn)
    sys.modules["audioio"] = _module("audioio", AudioOut=AudioOut)
    sys.modules["audiocore"] = _module("audiocore", RawSample=RawSample)
    sys.modules["digitalio"] = _module("digitalio", DigitalInOut=DigitalInOut)
    # The run's nvm: the Sim's own Nvm, or one over its bytearray (kept as sim.nvm, so the
    # caller sees every byte written); its write count is the run's erase cycles.
    kind = RpNvm if is_rp2040(board_id) else Nvm
    nvm = sim.nvm if isinstance(sim.nvm, Nvm) else kind(sim.nvm)
    sim.nvm_device = nvm
    sys.modules["microcontroller"] = _module("microcontroller", nvm=nvm)
    sys.modules["supervisor"] = _module("supervisor", ticks_ms=sim.ticks_ms)
    if not is_rp2040(board_id):
        # The SAMD51 boards' builds leave vectorio out (``CIRCUITPY_VECTORIO = 0``): an
        # import of it fails there, as on the device.
        sys.modules["vectorio"] = None
    return hidden


def uninstall(hidden):
    """Put back the modules ``install`` replaced (e.g. Blinka's own ``board``)."""
    for name, module in hidden.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
