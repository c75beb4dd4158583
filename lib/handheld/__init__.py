# SPDX-License-Identifier: MIT
"""
`handheld`
==========

The handheld's app shell and UI kit: input (``keys``, ``hw``), saved records (``store``),
layout logic (``layout``), displayio widgets (``ui``, ``cardview``), the screen stack
(``app``), generic screens (``screens``) and the game registry (``registry``).

Modules that do not touch displayio (``keys``, ``store``, ``layout``) import on plain
MicroPython too and are tested there (tests/device/dtest_ui.py).
"""
