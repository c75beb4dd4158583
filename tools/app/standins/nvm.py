"""Stand-in ``nvm``: ``ByteArray``, the type of ``microcontroller.nvm``. Its bytes are
``data`` (a bytearray: the whole-app driver fills it before the app starts and reads it at
the switch-off); ``writes`` counts the assignments. An assignment takes a byte (0-255) at
an index, or a buffer of exactly the length of a slice of step 1, as C's does."""


# Where the harness put 8 KB outside the collector's heap (tools/mpgate/app.mjs), or 0: the
# bytes are then an ordinary bytearray in the heap. On the device they are flash, which the
# collector never scans for references.
OUTSIDE = 0


class ByteArray:
    """``size`` bytes of flash (at most 8 KB), erased (0xFF)."""

    def __init__(self, size):
        if OUTSIDE:
            import uctypes

            data = uctypes.bytearray_at(OUTSIDE, size)
        else:
            data = bytearray(size)
        i = 0
        while i < size:  # no bytes object of ``size`` made on the way
            data[i] = 0xFF
            i += 1
        self.data = data
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def span(self, index, value):
        """(start, stop) of what an assignment of ``value`` at ``index`` writes; IndexError
        for an index outside, ValueError for a byte out of 0-255 or a buffer whose length is
        not the slice's, TypeError for a slice given no buffer."""
        size = len(self.data)
        if isinstance(index, slice):
            start, stop, step = index.indices(size)
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            stop = max(start, stop)
            if len(memoryview(value)) != stop - start:
                raise ValueError("Slice and value different lengths")
            return start, stop
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("index out of range")
        if not 0 <= value <= 255:
            raise ValueError("Bytes must be between 0 and 255")
        return index, index + 1

    def __setitem__(self, index, value):
        """One assignment: one flash write on the device (on the SAMD51 an erase, always)."""
        start, stop = self.span(index, value)
        if isinstance(index, slice):
            self.data[start:stop] = value
        else:
            self.data[start] = value
        self.writes += 1
