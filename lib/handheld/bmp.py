# SPDX-License-Identifier: MIT
"""
`handheld.bmp`
==============

Load a small indexed BMP (8 bits per pixel, uncompressed, as tools/make_sprites.py
writes) into a ``displayio.Bitmap`` held in RAM, which draws much faster than an
``OnDiskBitmap`` and needs no extra library: with one ``bitmaptools.readinto`` call where
the board has it and the rows need no padding, else a pixel at a time. Returns the colours
too, so callers can build several palettes (normal, dimmed, highlighted) from one sheet.
"""

import displayio

try:
    from typing import Any, List, Tuple
except ImportError:
    pass


def _u32(data: bytes, offset: int) -> int:
    """A little-endian unsigned 32-bit field."""
    return data[offset] | data[offset + 1] << 8 | data[offset + 2] << 16 | data[offset + 3] << 24


def load(path: str) -> Tuple[displayio.Bitmap, List[int]]:
    """The bitmap and its palette as 0xRRGGBB ints; ValueError for an unsupported file."""
    with open(path, "rb") as handle:
        header = handle.read(54)
        if len(header) < 54 or header[0] != 0x42 or header[1] != 0x4D:
            raise ValueError("not a BMP file")
        pixels_at = _u32(header, 10)
        header_size = _u32(header, 14)
        width = _u32(header, 18)
        height = _u32(header, 22)
        bits = header[28] | header[29] << 8
        if bits != 8 or _u32(header, 30) != 0 or height >= 1 << 31:
            raise ValueError("need an uncompressed bottom-up 8-bit BMP")
        count = _u32(header, 46) or 256
        handle.seek(14 + header_size)
        table = handle.read(count * 4)
        colours = []
        i = 0
        while i < count:
            colours.append(table[i * 4 + 2] << 16 | table[i * 4 + 1] << 8 | table[i * 4])
            i += 1
        bitmap = displayio.Bitmap(width, height, count)
        handle.seek(pixels_at)
        readinto: Any = None
        if not width & 3:
            try:
                from bitmaptools import readinto
            except ImportError:
                pass
        if readinto is not None:
            # Rows of whole words (no padding), bottom-up: one call, in C.
            readinto(bitmap, handle, 8, 1, False, False, True)
            return bitmap, colours
        stride = (width + 3) & ~3
        row = bytearray(stride)
        y = height - 1
        while y >= 0:
            handle.readinto(row)
            x = 0
            while x < width:
                bitmap[x, y] = row[x]
                x += 1
            y -= 1
    return bitmap, colours
