# SPDX-License-Identifier: MIT
"""
`decktet.cards`
===============

The 45 Decktet cards as the small ints 0..44 (the order of the project's card table):
0..5 the Aces, 6..29 the number cards 2..9 (three per rank), 30..35 the Crowns,
36..39 the Pawns, 40..43 the Courts and 44 the Excuse: ``FIRST_ACE``, ``FIRST_NUMBER``,
``FIRST_CROWN``, ``FIRST_PAWN``, ``FIRST_COURT``, ``EXCUSE``; ``NUM_CARDS`` in all. Engines
take card ranges and counts from these names, never from literals.

A card's suits are a 6-bit mask; its rank is 1..10 for Ace..Crown, or one of
``RANK_PAWN``, ``RANK_COURT``, ``RANK_EXCUSE``. Tables are ``bytes`` so they cost no heap
per card.
"""

from micropython import const

try:
    from typing import List, Sequence
except ImportError:
    pass

MOONS = const(1)
SUNS = const(2)
WAVES = const(4)
LEAVES = const(8)
WYRMS = const(16)
KNOTS = const(32)
ALL_SUITS = const(63)

RANK_ACE = const(1)
RANK_CROWN = const(10)
RANK_PAWN = const(11)
RANK_COURT = const(12)
RANK_EXCUSE = const(0)

NUM_CARDS = const(45)
FIRST_ACE = const(0)
FIRST_NUMBER = const(6)
FIRST_CROWN = const(30)
FIRST_PAWN = const(36)
FIRST_COURT = const(40)
EXCUSE = const(44)

# Suit bits of each card, in card-code order.
_SUITS = bytes(
    (
        1,
        2,
        4,
        8,
        16,
        32,  # Aces
        33,
        18,
        12,  # 2: Author, Desert, Origin
        5,
        34,
        24,  # 3: Journey, Painter, Savage
        3,
        12,
        48,  # 4: Mountain, Sailor, Battle
        9,
        6,
        48,  # 5: Forest, Discovery, Soldier
        5,
        18,
        40,  # 6: Lunatic, Penitent, Market
        9,
        34,
        20,  # 7: Chance Meeting, Castle, Cave
        3,
        12,
        48,  # 8: Diplomat, Mill, Betrayal
        3,
        20,
        40,  # 9: Pact, Darkness, Merchant
        1,
        2,
        4,
        8,
        16,
        32,  # Crowns
        11,
        49,
        38,
        28,  # Pawns: Harvest, Watchman, Light Keeper, Borderland
        37,
        25,
        22,
        42,  # Courts: Consul, Rite, Island, Window
        0,  # Excuse
    )
)

# Rank of each card: 1 Ace, 2..9, 10 Crown, 11 Pawn, 12 Court, 0 Excuse.
_RANKS = bytes(
    (1, 1, 1, 1, 1, 1)
    + (2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9)
    + (10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 0)
)

# Every card's name, one after another in card-code order: one string to load, not 45.
_NAMES = (
    "Ace of MoonsAce of SunsAce of WavesAce of LeavesAce of WyrmsAce of KnotsAuthor"
    "DesertOriginJourneyPainterSavageMountainSailorBattleForestDiscoverySoldier"
    "LunaticPenitentMarketChance MeetingCastleCaveDiplomatMillBetrayalPactDarkness"
    "MerchantHuntressBardSeaEndCalamityWindfallHarvestWatchmanLight KeeperBorderland"
    "ConsulRiteIslandWindowExcuse"
)
# Where each name starts in _NAMES, less 4 per card code so that it fits a byte: card c's
# name is _NAMES[_NAME_AT[c] + 4 * c : _NAME_AT[c + 1] + 4 * c + 4].
# fmt: off
_NAME_AT = bytes((
    0, 8, 15, 23, 32, 40, 48, 50, 52, 54, 57, 60, 62, 66, 68, 70, 72, 77, 80, 83, 87, 89,
    99, 101, 101, 105, 105, 109, 109, 113, 117, 121, 121, 120, 119, 123, 127, 130, 134,
    142, 148, 150, 150, 152, 154, 156
))
# fmt: on

SUIT_NAMES = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
# One letter per suit, for logs and the ASCII renderer.
SUIT_LETTERS = "MSWLYK"
# The suits' icons as text: characters 127..132, which the app's two fonts draw as the
# cards' suit icons (fonts/README.md), in SUIT_NAMES order.
SUIT_ICONS = "\x7f\x80\x81\x82\x83\x84"
# Rank glyph by rank number: index 0 is the Excuse.
_RANK_GLYPHS = "XA23456789CPT"

# Deck composition flags for deck().
WITH_PAWNS = const(1)
WITH_COURTS = const(2)
WITH_EXCUSE = const(4)


def suits(card: int) -> int:
    """The card's suit mask (0 for the Excuse)."""
    return _SUITS[card]


def rank(card: int) -> int:
    """The card's rank: 1..10 for Ace..Crown, else RANK_PAWN, RANK_COURT or RANK_EXCUSE."""
    return _RANKS[card]


def _is_ace(card: int) -> bool:
    """True for the six Aces."""
    return card < FIRST_NUMBER


def _is_crown(card: int) -> bool:
    """True for the six Crowns."""
    return FIRST_CROWN <= card < FIRST_PAWN


def name(card: int) -> str:
    """The card's full name, e.g. ``"Castle"`` or ``"Ace of Moons"``."""
    at = 4 * card
    return _NAMES[_NAME_AT[card] + at : _NAME_AT[card + 1] + at + 4]


def _rank_glyph(card: int) -> str:
    """One character for the rank: A, 2..9, C (Crown), P (Pawn), T (Court), X (Excuse)."""
    return _RANK_GLYPHS[_RANKS[card]]


def label(card: int) -> str:
    """A short on-screen label: rank glyph then suit icons (``SUIT_ICONS``, characters
    the app's fonts draw as the suits' icons), e.g. ``"7"`` + Suns + Knots, or ``"X"``."""
    text = _RANK_GLYPHS[_RANKS[card]]
    mask = _SUITS[card]
    bit = 0
    while bit < 6:
        if mask & (1 << bit):
            text += SUIT_ICONS[bit]
        bit += 1
    return text


def display_name(card: int) -> str:
    """How a screen names a card: its label (rank, suit icons) and its name, e.g.
    ``"7"`` + icons + ``" Castle"``, so a newcomer can tell it from the pictures."""
    return label(card) + " " + name(card)


def suit_count(mask: int) -> int:
    """The number of suits in a mask (CircuitPython has no ``int.bit_count``)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def suit_index(bit: int) -> int:
    """The index 0..5 of a single suit bit (into ``SUIT_NAMES``/``SUIT_LETTERS``)."""
    index = 0
    while bit > 1:
        bit >>= 1
        index += 1
    return index


def is_arrangement(order: Sequence[int], expected: Sequence[int]) -> bool:
    """True if ``order`` holds exactly the card codes of ``expected``, each once, as ints
    (how engines check an explicit ``deck``: a bad entry must be a ValueError, not a crash)."""
    if len(order) != len(expected):
        return False
    seen = bytearray(NUM_CARDS)
    for card in expected:
        seen[card] = 1
    for card in order:
        if not isinstance(card, int) or not 0 <= card < NUM_CARDS or seen[card] != 1:
            return False
        seen[card] = 2
    return True


def deck(flags: int = 0) -> List[int]:
    """A new list of card codes: the basic 36, plus the Pawns, Courts or Excuse by flags."""
    cards = list(range(FIRST_PAWN))
    if flags & WITH_PAWNS:
        cards.extend(range(FIRST_PAWN, FIRST_COURT))
    if flags & WITH_COURTS:
        cards.extend(range(FIRST_COURT, EXCUSE))
    if flags & WITH_EXCUSE:
        cards.append(EXCUSE)
    return cards
