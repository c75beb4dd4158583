"""Device-side tests of decktet.cards: all 45 rows, on CPython and MicroPython."""

from decktet import cards

# The project's card table, one row per code: name, rank, suit initials (M S W L Y K).
_TABLE = (
    ("Ace of Moons", 1, "M"),
    ("Ace of Suns", 1, "S"),
    ("Ace of Waves", 1, "W"),
    ("Ace of Leaves", 1, "L"),
    ("Ace of Wyrms", 1, "Y"),
    ("Ace of Knots", 1, "K"),
    ("Author", 2, "MK"),
    ("Desert", 2, "SY"),
    ("Origin", 2, "WL"),
    ("Journey", 3, "MW"),
    ("Painter", 3, "SK"),
    ("Savage", 3, "LY"),
    ("Mountain", 4, "MS"),
    ("Sailor", 4, "WL"),
    ("Battle", 4, "YK"),
    ("Forest", 5, "ML"),
    ("Discovery", 5, "SW"),
    ("Soldier", 5, "YK"),
    ("Lunatic", 6, "MW"),
    ("Penitent", 6, "SY"),
    ("Market", 6, "LK"),
    ("Chance Meeting", 7, "ML"),
    ("Castle", 7, "SK"),
    ("Cave", 7, "WY"),
    ("Diplomat", 8, "MS"),
    ("Mill", 8, "WL"),
    ("Betrayal", 8, "YK"),
    ("Pact", 9, "MS"),
    ("Darkness", 9, "WY"),
    ("Merchant", 9, "LK"),
    ("Huntress", 10, "M"),
    ("Bard", 10, "S"),
    ("Sea", 10, "W"),
    ("End", 10, "L"),
    ("Calamity", 10, "Y"),
    ("Windfall", 10, "K"),
    ("Harvest", 11, "MSL"),
    ("Watchman", 11, "MYK"),
    ("Light Keeper", 11, "SWK"),
    ("Borderland", 11, "WLY"),
    ("Consul", 12, "MWK"),
    ("Rite", 12, "MLY"),
    ("Island", 12, "SWY"),
    ("Window", 12, "SLK"),
    ("Excuse", 0, ""),
)
_BITS = {"M": 1, "S": 2, "W": 4, "L": 8, "Y": 16, "K": 32}


def test_all_45_rows():
    assert len(_TABLE) == cards.NUM_CARDS == 45
    for code in range(45):
        expected_name, expected_rank, letters = _TABLE[code]
        mask = 0
        for letter in letters:
            mask |= _BITS[letter]
        assert cards.name(code) == expected_name, code
        assert cards.rank(code) == expected_rank, code
        assert cards.suits(code) == mask, code
        assert cards.suit_count(mask) == len(letters)


def test_rank_constants():
    assert cards.RANK_ACE == 1 and cards.RANK_CROWN == 10
    distinct = (cards.RANK_PAWN, cards.RANK_COURT, cards.RANK_EXCUSE)
    for special in distinct:
        assert special not in range(1, 11)
    assert len(set(distinct)) == 3
    assert cards.rank(cards.EXCUSE) == cards.RANK_EXCUSE
    assert cards.rank(36) == cards.RANK_PAWN and cards.rank(40) == cards.RANK_COURT


def test_each_middle_rank_covers_every_suit_once():
    for rank in range(2, 10):
        seen = 0
        for code in range(45):
            if cards.rank(code) == rank:
                assert seen & cards.suits(code) == 0, rank
                seen |= cards.suits(code)
        assert seen == cards.ALL_SUITS, rank


def test_aces_and_crowns_single_suits():
    for index in range(6):
        assert cards.suits(cards.FIRST_ACE + index) == 1 << index
        assert cards.suits(cards.FIRST_CROWN + index) == 1 << index
        assert cards._is_ace(index) and not cards._is_ace(index + 6)
        assert cards._is_crown(30 + index) and not cards._is_crown(36 + index)
        assert cards.suit_index(1 << index) == index
        assert cards.SUIT_LETTERS[index] in _BITS


def test_labels():
    icons = cards.SUIT_ICONS
    assert len(icons) == 6 and [ord(icon) for icon in icons] == [127, 128, 129, 130, 131, 132]
    assert cards.label(22) == "7" + icons[1] + icons[5]  # Suns, Knots
    assert cards.label(0) == "A" + icons[0]
    assert cards.label(35) == "C" + icons[5]
    assert cards.label(36) == "P" + icons[0] + icons[1] + icons[3]
    assert cards.label(40) == "T" + icons[0] + icons[2] + icons[5]
    assert cards.label(44) == "X"
    assert cards.display_name(22) == cards.label(22) + " " + cards.name(22)
    assert cards._rank_glyph(27) == "9"


def test_is_arrangement():
    assert cards.is_arrangement([2, 0, 1], range(3))
    assert cards.is_arrangement([], [])
    assert not cards.is_arrangement([0, 1], range(3))  # a card missing
    assert not cards.is_arrangement([0, 0, 1], range(3))  # a card twice
    assert not cards.is_arrangement([0, 1, 5], range(3))  # a stranger
    assert not cards.is_arrangement([0, 1, 45], [0, 1, 2])  # not a card code
    assert not cards.is_arrangement([0, 1, -1], [0, 1, 2])
    assert not cards.is_arrangement([0, 1, "2"], [0, 1, 2])  # not an int


def test_deck_builders():
    assert cards.deck() == list(range(36))
    assert cards.deck(cards.WITH_PAWNS) == list(range(40))
    assert cards.deck(cards.WITH_PAWNS | cards.WITH_COURTS) == list(range(44))
    assert cards.deck(cards.WITH_EXCUSE) == list(range(36)) + [44]
    assert len(cards.deck(7)) == 45
    assert cards.deck(cards.WITH_COURTS) == list(range(36)) + list(range(40, 44))
