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
# Deck: "+Pawns" plays hands of eight, "+Pawns 7 cards" the Pawns in hands of seven.
# Coach: a suggested bid on the bid picker (games.whist.coach, loaded only when on).
SETUP = (
    ("Deck", ("Basic", "+Pawns", "+Excuse", "+Both", "+Pawns 7 cards", "+Both 7 cards")),
    ("Under hand", ("Off", "On")),
    ("Look back", ("Easy", "Hardball")),
    ("Passes", ("1", "2", "3", "5")),
    ("Coach", ("Off", "On")),
)
# Set-up rows whose starting choice is a setting: (label on the Settings screen, row,
# default choice).
SETTINGS = (("Whist deck", 0, 0),)
# What the statistics count as a game won.
WON = "won: final score above 0"
# The statistics keep the best and worst score of a session and of a pass.
PART = "pass"
