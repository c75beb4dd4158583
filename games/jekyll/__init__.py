# SPDX-License-Identifier: MIT
"""Jekyll & Hyde: a two-player trick-taking game on a ribbon of cards that flips over."""
