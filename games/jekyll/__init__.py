# SPDX-License-Identifier: MIT
"""
`games.jekyll`
==============

Jekyll & Hyde, a two-player trick-taking game on a ribbon of cards that flips over: rules
in ``engine``, the play screen's logic in ``flow``, its drawing in ``screens``, the rules
text in ``rules.txt``. This module declares what the kit shows before the game loads
(``handheld.registry`` names the package).
"""

HANDICAP_MAX = 7  # cards turned toward one side at the deal, at most


def _handicaps() -> tuple:
    """ "Off", then "Jekyll +1".."+7" and "Hyde +1".."+7" (``flow.options_for`` reads the
    index)."""
    out = ["Off"]
    for side in ("Jekyll", "Hyde"):
        for count in range(1, HANDICAP_MAX + 1):
            out.append("%s +%d" % (side, count))
    return tuple(out)


# The set-up screen's rows, (label, choices), in the order ``screens.start`` reads them.
# "You play": who moves first. The first player is Dr. Jekyll; the device's owner (whose
# statistics these are) either moves first as Jekyll or lets the other player, and plays
# Mr. Hyde (``flow.options_for``'s ``first``).
SETUP = (
    ("Level", ("Poole", "Jekyll", "Hyde")),
    ("Handicap", _handicaps()),
    ("You play", ("Jekyll 1st", "Hyde 2nd")),
    # Who plays the other seat: ``flow.Play``'s ``opponent``.
    ("Opponent", ("Human", "CPU easy", "CPU normal")),
)
# Set-up rows whose starting choice is a setting: (label on the Settings screen, row,
# default choice).
SETTINGS = (("Jekyll level", 0, 0),)
# What the statistics count as a game won.
WON = "won: you won (Jekyll or Hyde, as set up)"
