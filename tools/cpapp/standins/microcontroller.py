"""Stand-in ``microcontroller``: ``nvm`` is a bytearray (8 KB of heap here, none on a
device: the run subtracts it with everything else loaded before code.py)."""

nvm = bytearray(b"\xff" * 8192)
