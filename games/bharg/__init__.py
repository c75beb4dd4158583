# SPDX-License-Identifier: MIT
"""
`games.bharg`
=============

Bharg, P.D. Magnus's set-making game for 2 or 3 players, pass-and-play: rules in
``engine`` (the binding solver in ``binding``), the play screen's logic in ``flow``, its
drawing in ``screens``, the rules text in ``rules.txt``. This module declares what the kit
shows before the game loads (``handheld.registry`` names the package). Higher match
scores are better (no ``LOW_SCORE_BETTER``): the statistics keep Player 1's final score.
"""

# The set-up screen's rows, (label, choices), in the order ``screens.start`` reads them.
SETUP = (
    ("Players", ("2", "3")),
    ("Target", ("25", "50", "100", "1 round")),  # the engine's targets
    ("Deck", ("Basic", "+Pawns", "+Excuse", "+Both")),
    # Who plays seats 1 and 2 (Player 3 only with three players): ``flow.KIND_*``.
    ("Player 2", ("Human", "CPU easy", "CPU normal")),
    ("Player 3", ("Human", "CPU easy", "CPU normal")),
)
# Set-up rows listed only while another row has a given choice: (row, other row, choice).
# "Player 3" only with three players; its choice is kept, and passed, when not listed.
SHOWN_WHEN = ((4, 0, 1),)
# Set-up rows whose starting choice is a setting: (label on the Settings screen, row,
# default choice).
SETTINGS = (("Bharg target", 1, 1),)
# More of its modules for the set-up screen to load while it is open: the CPU players'
# (``handheld.setup``), so the key that starts a game against them does not import them.
PREFETCH = (".cpu",)
# What the statistics count as a game won.
WON = "won: Player 1 won the match"
