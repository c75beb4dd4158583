# SPDX-License-Identifier: MIT
"""Bharg, P.D. Magnus's set-making game: rules in ``engine``, binding solver in ``binding``."""
