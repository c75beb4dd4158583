"""Stand-in ``microcontroller`` of the PyBadge: ``nvm``, 8 KB erased (8 KB of heap here,
none on a device: the run subtracts it with everything else loaded before code.py). On the
SAMD51 every assignment erases the whole 8 KB block (``nvm.writes`` counts them).
tools/app/boards/rp2040/ holds the RP2040 boards'."""

from nvm import ByteArray

nvm = ByteArray(8192)
