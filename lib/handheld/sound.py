# SPDX-License-Identifier: MIT
"""
`handheld.sound`
================

Short cues on the badge's speaker: a card placed, a trick won, a key that cannot act, a
game won, a game lost. One period of a square wave (8 bytes) in one
``audiocore.RawSample`` is the only sound in memory: a cue is a few notes, each the sample
looped at the note's pitch (its sample rate: 8 samples a period) for the note's length;
``tick(now)`` (every frame) starts the next note or stops. The level (Off, Quiet, On:
``handheld.records`` names them) sets the wave's amplitude; the amplifier
(``board.SPEAKER_ENABLE``) is on only while a cue plays.

(The simulator has no speaker: it logs the cues ``handheld.app.App.cue`` plays.)
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
SOUND_DEFAULT = const(1)  # Quiet
_PERIOD = const(8)  # samples in the wave: one period
# Every cue's notes, (pitch in 10 Hz, length in 10 ms) byte pairs, a 0 after each cue;
# _STARTS: where each cue begins. Place: a tick; trick: up a fourth; refused: a low buzz;
# won: a rising arpeggio; lost: falling.
_NOTES = (
    b"\x58\x03\x00"  # 880 Hz for 30 ms
    b"\x4a\x05\x63\x08\x00"
    b"\x14\x0a\x00"
    b"\x42\x07\x53\x07\x63\x07\x84\x12\x00"
    b"\x63\x0a\x4a\x0a\x37\x18\x00"
)
_STARTS = b"\x00\x03\x08\x0b\x14"


def speaker(level: int) -> Any:
    """The board's speaker as a ``Sound`` at ``level``, or None if the board has none
    (``board.SPEAKER``; its amplifier on ``board.SPEAKER_ENABLE``)."""
    import board

    pin = getattr(board, "SPEAKER", None)
    if pin is None:
        return None
    enable = getattr(board, "SPEAKER_ENABLE", None)
    if enable is not None:
        import digitalio

        enable = digitalio.DigitalInOut(enable)
        enable.switch_to_output(value=False)
    return Sound(pin, enable, level)


class Sound:
    """The cues on one speaker.

    :param speaker: the DAC pin (``board.SPEAKER``)
    :param enable: a ``digitalio.DigitalInOut`` switched to output for the amplifier, or None
    :param int level: 0 Off, 1 Quiet, 2 On
    """

    def __init__(self, speaker: Any, enable: Any, level: int) -> None:
        import audiocore
        import audioio

        self.wave = bytearray(_PERIOD)
        self.sample = audiocore.RawSample(self.wave, sample_rate=8000)
        self.out = audioio.AudioOut(speaker)
        self.enable = enable
        self.at = -1  # the next note's offset in _NOTES, -1: no cue playing
        self.until = 0  # when the note playing ends (ms ticks)
        self.level = 0
        self.set_level(level)

    def set_level(self, level: int) -> None:
        """0 Off, 1 Quiet (about a fifth of On's amplitude), 2 On."""
        self.level = level
        amplitude = (0, 10, 56)[level]
        for i in range(_PERIOD):
            self.wave[i] = 128 + amplitude if i < _PERIOD // 2 else 128 - amplitude

    def play(self, cue: int, now: int) -> None:
        """Start a cue (``CUE_*``), cutting short one that plays; nothing when Off."""
        if not self.level:
            return
        if self.enable is not None:
            self.enable.value = True
        self.at = _STARTS[cue]
        self.until = now
        self.tick(now)

    def tick(self, now: int) -> None:
        """Every frame: the next note once the one playing has had its length; after the
        last, silence (and the amplifier off)."""
        at = self.at
        if at < 0 or ticks_diff(now, self.until) < 0:
            return  # no cue, or its note still plays
        pitch = _NOTES[at]
        if not pitch:
            self.at = -1
            self.out.stop()
            if self.enable is not None:
                self.enable.value = False
            return
        self.sample.sample_rate = pitch * 10 * _PERIOD
        self.until = now + _NOTES[at + 1] * 10
        self.at = at + 2
        self.out.play(self.sample, loop=True)
