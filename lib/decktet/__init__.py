# SPDX-License-Identifier: MIT
"""
`decktet`
=========

The Decktet card model and a portable seeded random generator, shared by every game.
Device code: CircuitPython and MicroPython compatible.
"""
