# SPDX-License-Identifier: MIT
"""
`handheld.textfile`
===================

A text file wrapped for the fixed-width fonts and read a few lines at a time (the rules
pages). Display-free, runs under MicroPython tests; loaded only while a rules page is
open (``handheld.reader``).
"""

import array

from micropython import const

try:
    from typing import Any, List
except ImportError:
    pass

_SPACE = const(32)
_CR = const(13)
_LF = const(10)


def _wrap_paragraph(raw: bytes, end: int, offset: int, columns: int, spans: Any) -> None:
    """Append the (offset, length) spans of one paragraph's lines, wrapped as
    ``wrap_text`` wraps them (``raw[:end]`` is the paragraph, at ``offset`` in the file)."""
    first = -1  # the current line's first byte (-1: the line is still empty)
    last = 0  # one past its last byte
    length = 0  # its length with single spaces between words
    i = 0
    while i < end:
        if raw[i] == _SPACE:
            i += 1
            continue
        j = i
        while j < end and raw[j] != _SPACE:
            j += 1
        # The word raw[i:j]; one longer than a line is cut into line-long pieces.
        while j - i > columns:
            if first >= 0:
                spans.append(offset + first)
                spans.append(last - first)
                first = -1
            spans.append(offset + i)
            spans.append(columns)
            i += columns
        if first < 0:
            first, last, length = i, j, j - i
        elif length + 1 + j - i <= columns:
            last = j
            length += 1 + j - i
        else:
            spans.append(offset + first)
            spans.append(last - first)
            first, last, length = i, j, j - i
        i = j
    if first < 0:
        spans.append(offset)  # an empty line: a paragraph break
        spans.append(0)
    else:
        spans.append(offset + first)
        spans.append(last - first)


class WrappedFile:
    """A text file wrapped like ``layout.wrap_text(text.strip(), columns)``, without holding its
    text: only two 16-bit numbers per line (where it starts in the file and how long it
    is) stay in memory, and ``lines(top, count)`` reads just the lines asked for. The
    file must be ASCII and under 64 KB.

    :param str path: the file
    :param int columns: characters per line
    """

    def __init__(self, path: str, columns: int) -> None:
        self.path = path
        spans = array.array("H")
        offset = 0
        with open(path, "rb") as handle:
            while True:
                raw = handle.readline()
                if not raw:
                    break
                end = len(raw)
                while end and (raw[end - 1] == _LF or raw[end - 1] == _CR):
                    end -= 1
                _wrap_paragraph(raw, end, offset, columns, spans)
                offset += len(raw)
        if offset > 0xFFFF:
            raise ValueError("text file over 64 KB")
        # As strip() would: no empty lines before the first text or after the last.
        count = len(spans) // 2
        first = 0
        while first < count and spans[2 * first + 1] == 0:
            first += 1
        last = count
        while last > first and spans[2 * last - 1] == 0:
            last -= 1
        self.spans = spans[2 * first : 2 * last] if first or last < count else spans

    def __len__(self) -> int:
        return len(self.spans) // 2

    def lines(self, top: int, count: int) -> List[str]:
        """Lines ``top`` .. ``top + count - 1`` (fewer at the end), read from the file."""
        out = []
        spans = self.spans
        with open(self.path, "rb") as handle:
            index = top
            while index < top + count and index < len(spans) // 2:
                handle.seek(spans[2 * index])
                raw = handle.read(spans[2 * index + 1])
                out.append(" ".join(raw.decode().split()))
                index += 1
        return out
