"""Stand-in ``bitmaptools``: ``readinto``, with which the app reads its glyph sheets and
its card sheet into Bitmaps."""

from displayio import Bitmap


def readinto(
    bitmap,
    file,
    bits_per_pixel,
    element_size=1,
    reverse_pixels_in_element=False,
    swap_bytes_in_element=False,
    reverse_rows=False,
):
    """Fill ``bitmap`` from ``file``: ``bitmap.height`` rows, each the fewest
    ``element_size``-byte elements that hold ``bitmap.width`` pixels of ``bits_per_pixel``
    bits. An element is read little-endian (big-endian with ``swap_bytes_in_element``);
    its first pixel is in its lowest bits (its highest with ``reverse_pixels_in_element``).
    ``reverse_rows``: the file's first row is the bitmap's last. ValueError for a value the
    bitmap cannot hold; EOFError if the file ends early. Stand-in limits: a pixel no wider
    than an element, and not 24 bits (NotImplementedError)."""
    if not isinstance(bitmap, Bitmap):
        raise TypeError("bitmap must be a displayio.Bitmap")
    if bits_per_pixel not in (1, 2, 4, 8, 16, 24, 32):
        raise ValueError("bits_per_pixel must be 1, 2, 4, 8, 16, 24 or 32")
    if element_size not in (1, 2, 4):
        raise ValueError("element_size must be 1, 2 or 4")
    if bits_per_pixel == 24 and element_size != 1:
        raise ValueError("24 bits per pixel need 1-byte elements")
    element_bits = 8 * element_size
    if bits_per_pixel == 24 or bits_per_pixel > element_bits:
        raise NotImplementedError("stand-in: a pixel wider than its element")
    width = bitmap.width
    height = bitmap.height
    per_element = element_bits // bits_per_pixel
    elements = (width + per_element - 1) // per_element
    line = bytearray(elements * element_size)
    mask = (1 << bits_per_pixel) - 1
    row = 0
    while row < height:
        if file.readinto(line) != len(line):
            raise EOFError
        y = height - 1 - row if reverse_rows else row
        x = 0
        at = 0
        while x < width:
            value = 0
            i = 0
            while i < element_size:
                if swap_bytes_in_element:
                    value = value << 8 | line[at + i]
                else:
                    value |= line[at + i] << (8 * i)
                i += 1
            at += element_size
            slot = 0
            while slot < per_element and x < width:
                if reverse_pixels_in_element:
                    shift = element_bits - (slot + 1) * bits_per_pixel
                else:
                    shift = slot * bits_per_pixel
                bitmap._sd_put(y * width + x, value >> shift & mask)
                slot += 1
                x += 1
        row += 1
