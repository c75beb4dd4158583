# SPDX-License-Identifier: MIT
"""One package per game: ``games/<game>/engine.py`` holds its rules (see docs/ENGINE.md)."""
