# SPDX-License-Identifier: MIT
"""
`games.whist`
=============

Gongor Whist, a solitaire trick-taking game for the Decktet (P.D. Magnus). The rules live in
``games.whist.engine``.
"""
