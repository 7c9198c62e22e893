"""Cards of one standard 52-card pack without jokers (CRD-SET-1); the four aces are the horses.

A card is rank then suit: ranks A 2 3 4 5 6 7 8 9 10 J Q K (1..13), suits S (spades),
H (hearts), D (diamonds), C (clubs). `str(card)` is the canonical text form ("10D", "KS").
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("S", "H", "D", "C")            # the order the text lists the aces (CRD-TRACK-1)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")   # rank 1..13
ACE = 1


@dataclass(frozen=True, order=True)
class Card:
    suit_index: int     # position in SUITS (sorts a pack by suit, then rank)
    rank: int           # 1 (ace) .. 13 (king)

    def __post_init__(self) -> None:
        # The suit letter and the text form, worked out once: play reads them at every card
        # turned and every count of a track or deck. (Not fields: equality, order and hashing
        # stay those of suit and rank.)
        object.__setattr__(self, "suit", SUITS[self.suit_index])
        object.__setattr__(self, "text", RANKS[self.rank - 1] + self.suit)

    def __str__(self) -> str:
        return self.text

    def __deepcopy__(self, memo: dict) -> "Card":
        return self         # frozen: a copy of a table (kept to undo a refused action) may share it


def card(rank: int, suit: str) -> Card:
    known = PACK_BY_RANK_AND_SUIT.get((rank, suit))
    return known if known is not None else Card(SUITS.index(suit), rank)


# CRD-SET-1: one standard pack of 52 distinct cards, no jokers
FULL_PACK: tuple[Card, ...] = tuple(Card(SUITS.index(suit), rank) for suit in SUITS for rank in range(1, 14))
# Each card of the pack made once: what `card` hands out (cards never change once made).
PACK_BY_RANK_AND_SUIT: dict[tuple[int, str], Card] = {(c.rank, c.suit): c for c in FULL_PACK}

# CRD-INTRO-1: the four aces are the horses
ACES: tuple[Card, ...] = tuple(card(ACE, suit) for suit in SUITS)

# The 48 cards that are not horses: shuffled for the track and the race deck (CRD-TRACK-2).
NON_ACES: tuple[Card, ...] = tuple(c for c in FULL_PACK if c not in ACES)
