# SPDX-License-Identifier: MIT
"""
`handheld`
==========

The handheld's app shell and UI kit: start-up (``shell``), the board (``hw``), input logic
(``keys``), saved records (``store``), layout logic (``layout``), displayio widgets
(``ui``, ``cardview``, ``bmp``), the screen stack (``app``), generic screens
(``screens``), the game registry (``registry``), the app's own screens (``home``) and a
demo play table (``demo``). lib/handheld/README.md describes how game screens plug in.

Modules that do not touch displayio (``keys``, ``store``, ``layout``) import on plain
MicroPython too and are tested there (tests/device/dtest_ui.py).
"""
