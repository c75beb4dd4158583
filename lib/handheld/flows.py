# SPDX-License-Identifier: MIT
"""
`handheld.flows`
================

What every game's flow (``games/<game>/flow.py``, its ``Play``) shares with the kit: the one
way to refuse a key and the event that opens nothing.

- ``REFUSED``: a bit in what ``Play.key(key)`` returns when the key asked for something the
  flow or the rules refuse; ``Play.refusal`` then says why in a few words ("" when there is
  nothing to say), and nothing else in the flow changed (its ``saved()`` and ``applied``).
- ``EVENT_NONE``: ``Play.event`` after a key or a tick that opens no other screen.
"""

from micropython import const

REFUSED = const(0x4000)
EVENT_NONE = const(0)
