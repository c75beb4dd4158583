"""Stand-in ``microcontroller`` of the RP2040 boards: ``nvm`` is 4 KB, written as the
raspberrypi port's ``common-hal/nvm/ByteArray.c`` writes it: an assignment whose target
bytes all read 0xFF is only programmed; any other erases the whole 4 KB sector and
programs it back (``nvm.count``: the erases; ``nvm.writes``: the assignments). Cuts
inside a write are tests/test_storelog.py's."""

from nvm import ByteArray


class SectorByteArray(ByteArray):
    """4 KB of flash in one sector, erased; counts the erases its assignments cost."""

    def __init__(self):
        super().__init__(4096)
        self.count = 0

    def __setitem__(self, index, value):
        start, stop = self.span(index, value)
        data = self.data
        at = start
        while at < stop and data[at] == 0xFF:
            at += 1
        if at < stop:
            self.count += 1  # the sector is erased, then programmed whole
        super().__setitem__(index, value)


nvm = SectorByteArray()
