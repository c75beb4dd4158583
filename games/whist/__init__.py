# SPDX-License-Identifier: MIT
"""
`games.whist`
=============

Gongor Whist, a solitaire trick-taking game for the Decktet (P.D. Magnus): rules in
``engine``, the play screen's logic in ``flow``, its drawing in ``screens``, the rules
text in ``rules.txt``. This module declares what the kit shows before the game loads
(``handheld.registry`` names the package).
"""

# The set-up screen's rows, (label, choices), in the order ``screens.start`` reads them.
SETUP = (
    ("Deck", ("Basic", "+Pawns", "+Excuse", "+Both")),
    ("Under hand", ("Off", "On")),
    ("Look back", ("Easy", "Hardball")),
    ("Passes", ("1", "2", "3", "5")),
)
# Set-up rows whose starting choice is a setting: (label on the Settings screen, row,
# default choice).
SETTINGS = (("Whist deck", 0, 0),)
# What the statistics count as a game won.
WON = "won: final score above 0"
