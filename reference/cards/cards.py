"""Cards of one standard 52-card pack without jokers (CRD-SET-1) and their text form.

A card is written rank then suit: ranks A 2 3 4 5 6 7 8 9 10 J Q K, suits S (spades),
H (hearts), D (diamonds), C (clubs): "10D", "KS", "AH". Input may also use lower case and
the suit symbols the rule text prints (10♦, K♠); output is always the canonical form.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.core.errors import InputError

SUITS = ("S", "H", "D", "C")            # the order the text lists the aces (CRD-TRACK-1)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")   # rank 1..13
ACE = 1


@dataclass(frozen=True, order=True)
class Card:
    suit_index: int     # position in SUITS (sorts a pack by suit, then rank)
    rank: int           # 1 (ace) .. 13 (king)

    @property
    def suit(self) -> str:
        return SUITS[self.suit_index]

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit


def card(rank: int, suit: str) -> Card:
    return Card(SUITS.index(suit), rank)


# CRD-SET-1: 52 distinct cards, no jokers.
FULL_PACK: tuple[Card, ...] = tuple(card(rank, suit) for suit in SUITS for rank in range(1, 14))
# CRD-TRACK-1: the four aces are the horses; CRD-TRACK-2: the other 48 are shuffled.
ACES: tuple[Card, ...] = tuple(card(ACE, suit) for suit in SUITS)
NON_ACES: tuple[Card, ...] = tuple(c for c in FULL_PACK if c.rank != ACE)


def card_str(c: Card) -> str:
    return str(c)


def parse_suit(text: object, field: str, what: str = "suit") -> str:
    """'D', 'd', '♦' -> 'D'."""
    raw = str(text).strip() if isinstance(text, str) else ""
    suit = SUIT_SYMBOLS.get(raw, raw.upper())
    if suit not in SUITS:
        raise InputError(field, f"'{text}' is not a {what}; write S, H, D or C (or ♠ ♥ ♦ ♣)", "CRD-TRACK-1")
    return suit


def parse_horse(text: object, field: str) -> str:
    """A horse is named by its suit (the ace of that suit runs for it)."""
    raw = str(text).strip() if isinstance(text, str) else ""
    suit = SUIT_SYMBOLS.get(raw, raw.upper())
    if suit not in SUITS:
        raise InputError(field, f"unknown horse '{text}'; the horses are the four aces, named by suit: "
                         "S, H, D, C", "CRD-TRACK-1")
    return suit


def parse_card(text: object, field: str) -> Card:
    """'10D', '10♦', 'ks' -> the card. Jokers and anything else are refused (CRD-SET-1)."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(field, f"{text!r} is not a card; write rank then suit, e.g. 10D or KS", "CRD-SET-1")
    raw = text.strip()
    if "JOKER" in raw.upper() or raw.upper() in ("JK", "JKR", "🃏"):
        raise InputError(field, f"'{text}': the game uses a pack without jokers", "CRD-SET-1")
    suit_text, rank_text = raw[-1], raw[:-1].strip().upper()
    suit = SUIT_SYMBOLS.get(suit_text, suit_text.upper())
    if suit not in SUITS or rank_text not in RANKS:
        raise InputError(field, f"'{text}' is not a card; write rank (A 2-10 J Q K) then suit (S H D C), "
                         "e.g. 10D or KS", "CRD-SET-1")
    return card(RANKS.index(rank_text) + 1, suit)


def parse_cards(values: object, field: str) -> list[Card]:
    if not isinstance(values, list):
        raise InputError(field, "expected a list of cards")
    return [parse_card(v, f"{field}[{i}]") for i, v in enumerate(values)]
