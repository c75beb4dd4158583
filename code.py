# SPDX-License-Identifier: MIT
"""Decktet Handheld: card games for the Decktet on a PyBadge, EdgeBadge or PyGamer.

Everything lives in lib/handheld (the app shell and UI kit) and games/ (the rules and
each game's screens); this file only starts the shell.
"""

from handheld import shell

shell.main()
