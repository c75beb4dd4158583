"""Import-time stand-in for CircuitPython's bitmaptools (bench mode of tools/mpgate only):
present on the device, so the Adafruit libraries take the same import path here."""


def readinto(*args, **kwargs):
    """Stand-in: adafruit_bitmap_font.pcf binds it at import."""
    raise NotImplementedError("bench stub")
