# SPDX-License-Identifier: MIT
"""
`handheld.demo`
===============

A stand-in play screen for a game whose screens are not built yet. It shows what the
kit gives a play screen: a seeded deal (``app.new_seed()``), a ``CardRow`` hand with a
cursor and dimmed illegal cards, the pause menu on START and a ``PrivacyScreen`` on
SELECT. It follows no game's rules: A plays any card that shares a suit with the lead.
"""

import displayio

from decktet import cards
from decktet.rng import Rng
from handheld import cardview, ui
from handheld.app import App, Screen
from handheld.keys import K_A, K_LEFT, K_RIGHT, K_SELECT
from handheld.screens import PrivacyScreen, hint

try:
    from typing import Any, List
except ImportError:
    pass

_HAND = 7


class DemoScreen(Screen):
    """A hand of seven against a lead card; see the module docstring."""

    pausable = True

    def __init__(self) -> None:
        super().__init__()
        self.deck: List[int] = []
        self.hand: List[int] = []
        self.lead = 0
        self.cursor = 0
        self.seed = 0
        self._lead_view: Any = None
        self.row: Any = None
        self.info: Any = None
        self.name: Any = None

    def build(self, app: App) -> None:
        """Deal from a fresh seed and build the table."""
        self.seed = app.new_seed()
        self.deck = cards.deck()
        Rng(self.seed).shuffle(self.deck)
        self.hand = self.deck[:_HAND]
        self.deck = self.deck[_HAND:]
        self.lead = self.deck.pop()
        self.group = displayio.Group()
        self.group.append(ui.rect(ui.WIDTH, ui.HEIGHT, ui.TABLE))
        self.info = ui.label("", 2, 2, ui.SMALL, ui.WHITE)
        self.group.append(self.info)
        self._lead_view = cardview.CardSprite(68, 16)
        self.group.append(self._lead_view)
        self.name = ui.label("", 2, 52, ui.SMALL, ui.ACCENT)
        self.group.append(self.name)
        self.row = cardview.CardRow(_HAND, 0, 70, ui.WIDTH)
        self.group.append(self.row.group)
        self.group.append(hint("<> pick  A play  SELECT pass"))
        self._deal_view()

    def _legal(self) -> List[int]:
        """Cards sharing a suit with the lead, or the whole hand if none does."""
        legal = []
        for card in self.hand:
            if cards.suits(card) & cards.suits(self.lead):
                legal.append(card)
        return legal or self.hand

    def _deal_view(self) -> None:
        """Show the lead, the hand and the dimming after a change of cards."""
        self._lead_view.show(self.lead)
        self.row.set_cards(self.hand)
        self.row.dim_except(self._legal())
        self.cursor = min(self.cursor, len(self.hand) - 1)
        self.row.set_cursor(self.cursor)
        ui.set_text(self.info, "seed %d  deck %d" % (self.seed, len(self.deck)))
        self._name()

    def _name(self) -> None:
        """Name the card under the cursor."""
        ui.set_text(self.name, cards.name(self.hand[self.cursor]) if self.hand else "")

    def key(self, app: App, key: int) -> None:
        """Move, play, or pass the device."""
        if key == K_LEFT or key == K_RIGHT:
            if self.hand:
                step = 1 if key == K_RIGHT else -1
                self.cursor = (self.cursor + step) % len(self.hand)
                self.row.set_cursor(self.cursor)
                self._name()
        elif key == K_A and self.hand:
            card = self.hand[self.cursor]
            if card in self._legal():
                self.hand.remove(card)
                self.lead = self.deck.pop() if self.deck else card
                if not self.hand:
                    self.hand = self.deck[:_HAND]
                    self.deck = self.deck[_HAND:]
                self._deal_view()
        elif key == K_SELECT:
            app.push(PrivacyScreen("Pass to Player 2"))
