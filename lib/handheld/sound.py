# SPDX-License-Identifier: MIT
"""
`handheld.sound`
================

Short cues on the badge's speaker: a card placed, a trick won, a key that cannot act, a
game won, a game lost. One period of a square wave (8 bytes) in one
``audiocore.RawSample`` is the only sound in memory: a cue is a few notes, each the sample
looped at the note's pitch (its sample rate: 8 samples a period) for the note's length;
``tick(now)`` (every frame) starts the next note or stops. The level (Off, Quiet, On)
sets the wave's amplitude; the amplifier (``board.SPEAKER_ENABLE``) is on only while a
cue plays.

``listener``: None on the device; the simulator sets a function that gets each cue
played, when the level is not Off (it has no speaker: it logs them).
"""

from micropython import const

from handheld.keys import ticks_diff

try:
    from typing import Any
except ImportError:
    pass

CUE_PLACE = const(0)  # a card placed (any move made by a key)
CUE_TRICK = const(1)  # a trick won
CUE_REFUSED = const(2)  # a key that cannot act
CUE_WON = const(3)  # a game won
CUE_LOST = const(4)  # a game lost
CUE_NAMES = ("place", "trick", "refused", "won", "lost")
SOUND_CHOICES = ("Off", "Quiet", "On")
SOUND_DEFAULT = const(1)
_TICKS_MASK = const(0x1FFFFFFF)
_PERIOD = const(8)  # samples in the wave: one period
# Each cue's notes: (pitch in 10 Hz, length in 10 ms) byte pairs.
_CUES = (
    b"\x58\x03",  # 880 Hz, 30 ms: a tick
    b"\x4a\x05\x63\x08",  # up a fourth
    b"\x14\x0a",  # 200 Hz, 100 ms: a low buzz
    b"\x42\x07\x53\x07\x63\x07\x84\x12",  # a rising arpeggio
    b"\x63\x0a\x4a\x0a\x37\x18",  # falling
)
_AMPLITUDE = (0, 10, 56)  # by level: Quiet about a fifth of On


class Sound:
    """The cues on one speaker.

    :param speaker: the DAC pin (``board.SPEAKER``)
    :param enable: a ``digitalio.DigitalInOut`` switched to output for the amplifier, or None
    :param int level: an index of ``SOUND_CHOICES``
    """

    def __init__(self, speaker: Any, enable: Any, level: int) -> None:
        import audiocore
        import audioio

        self.wave = bytearray(_PERIOD)
        self.sample = audiocore.RawSample(self.wave, sample_rate=8000)
        self.out = audioio.AudioOut(speaker)
        self.enable = enable
        self.listener: Any = None
        self.notes = b""  # the cue playing, or b""
        self.next = 0  # its next note's offset in ``notes``
        self.until = 0  # when the note playing ends (ms ticks)
        self.level = 0
        self.set_level(level)

    def set_level(self, level: int) -> None:
        """Off, Quiet or On (an index of ``SOUND_CHOICES``)."""
        self.level = level
        amplitude = _AMPLITUDE[level]
        i = 0
        while i < _PERIOD:
            self.wave[i] = 128 + amplitude if i < _PERIOD // 2 else 128 - amplitude
            i += 1

    def play(self, cue: int, now: int) -> None:
        """Start a cue (``CUE_*``), cutting short one that plays; nothing when Off."""
        if not self.level:
            return
        if self.listener is not None:
            self.listener(cue)
        self.notes = _CUES[cue]
        self.next = 0
        if self.enable is not None:
            self.enable.value = True
        self._note(now)

    def tick(self, now: int) -> None:
        """Every frame: the next note once the one playing has had its length."""
        if self.notes and ticks_diff(now, self.until) >= 0:
            self._note(now)

    def _note(self, now: int) -> None:
        """Play the next note of the cue, or stop (and the amplifier) after its last."""
        notes = self.notes
        at = self.next
        if at >= len(notes):
            self.notes = b""
            self.out.stop()
            if self.enable is not None:
                self.enable.value = False
            return
        self.sample.sample_rate = notes[at] * 10 * _PERIOD
        self.until = (now + notes[at + 1] * 10) & _TICKS_MASK
        self.next = at + 2
        self.out.play(self.sample, loop=True)
