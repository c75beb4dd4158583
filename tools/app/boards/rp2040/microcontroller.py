"""Stand-in ``microcontroller`` of the RP2040 boards: ``nvm`` is 4 KB and written as the
raspberrypi port's ``common-hal/nvm/ByteArray.c`` writes it: an assignment whose target
bytes all read 0xFF is only programmed; any other erases the whole 4 KB sector and
programs it back (``count``: the erases). Cuts inside a write are tests/test_storelog.py's."""


class _Nvm:
    """4 KB of flash, erased."""

    def __init__(self):
        self.data = bytearray(b"\xff") * 4096
        self.count = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        data = self.data
        if isinstance(index, slice):
            start, stop = index.start or 0, len(data) if index.stop is None else index.stop
        else:
            start, stop = index, index + 1
        at = start
        while at < stop and data[at] == 0xFF:
            at += 1
        if at < stop:
            self.count += 1  # the sector is erased, then programmed whole
        data[index] = value


nvm = _Nvm()
