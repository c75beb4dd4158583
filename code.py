# SPDX-License-Identifier: MIT
"""Decktet Handheld: card games for the Decktet on a PyBadge, EdgeBadge or PyGamer.

Everything lives in lib/handheld (the app shell and UI kit) and games/ (the rules and
each game's screens); this file only starts the shell.
"""

from handheld import shell

# CircuitPython runs this file as __main__. On a host, the repo root on sys.path makes
# this file shadow the standard library's `code` module (pdb imports it): then do nothing.
if __name__ == "__main__":
    shell.main()
