"""Stand-in ``microcontroller``: ``nvm`` is a bytearray (8 KB of heap here, none on a
device: the run subtracts it with everything else loaded before code.py). In soak mode
the driver fills it, before the app starts, with the nvm the last run left, and prints it
at the switch-off (tools/cpapp/driver.py)."""

nvm = bytearray(b"\xff") * 8192  # no 8 KB bytes object made on the way
