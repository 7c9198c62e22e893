"""The track: the aces at position 0, seven face-up cards at positions 1-7 and the race deck
(CRD-TRACK-1..3, CRD-COUNT-1), the re-lay of a loaded track (CRD-TRACK-4/5, CRD-FAQ-3), and
track cards that move nobody (CRD-TRACK-6).

Chance never lives here: a lay is input (the shuffled 48 cards, or the track and the race
deck), and a re-lay is shown by giving the next lay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import SUITS, Card

# CRD-INTRO-2: this version lays a visible track of seven cards
TRACK_LENGTH = 7
RACE_DECK_SIZE = 41         # 48 - 7: what the track leaves (CRD-TRACK-3)
RACE_CARDS_PER_SUIT = 12    # thirteen cards of a suit minus its ace (CRD-COUNT-1)
NEEDED_TO_FINISH = 8        # eight race cards take an ace from 0 across the line at 8 (CRD-TRACK-5)

START = 0       # the aces' column, before the first mark (CRD-TRACK-1)

# CRD-FAQ-3: five marks of a suit leave it 12 - 5 = 7 race cards, fewer than the 8 moves needed
RELAY_AT = RACE_CARDS_PER_SUIT - NEEDED_TO_FINISH + 1


@dataclass(frozen=True)
class Lay:
    track: tuple[Card, ...]              # positions 1..7
    deck: tuple[Card, ...] | None        # the race deck, top first; None for a track alone


# CRD-TRACK-2: of the 48 shuffled, the top seven are laid face up as positions 1 to 7
def track_of(shuffled: Sequence[Card]) -> tuple[Card, ...]:
    if not laid_from_the_top():
        return tuple(shuffled[-TRACK_LENGTH:])      # never: the misreading the rule rules out, kept as its own branch
    return tuple(shuffled[:TRACK_LENGTH])


# CRD-TRACK-2 (which seven): the seven laid are dealt from the top of the shuffled 48, not from the
# bottom (CRD-INT-9: a lay lists the 48 in shuffled order, top seven to the track); asked by
# the track and by the race deck it leaves, so a misreading of which seven is CRD-TRACK-2's own
def laid_from_the_top() -> bool:
    return True


# CRD-TRACK-3: the 41 cards left over are the race deck
def race_deck_of(shuffled: Sequence[Card]) -> tuple[Card, ...]:
    if not laid_from_the_top():
        return tuple(shuffled[:-TRACK_LENGTH])      # never: what a track dealt from the bottom leaves
    start = laid_before_the_deck()
    return tuple(shuffled[start:start + RACE_DECK_SIZE])


# CRD-TRACK-3 (left over): «las 41 restantes son mazo de carrera»: the seven laid come off the top
# first, and the race deck is the 41 after them, none of the track's cards among them
def laid_before_the_deck() -> int:
    return TRACK_LENGTH


# CRD-TRACK-3 (the track's cards out): «las 41 restantes son mazo de carrera»: the race deck is only
# the cards the track leaves; the seven laid stay on the track and none goes back into the deck
def track_cards_out_of_the_deck() -> bool:
    return True


def track_counts(track: Sequence[Card]) -> dict[str, int]:
    """How many track cards of each suit."""
    return suit_counts(track)


def suit_counts(cards: Sequence[Card]) -> dict[str, int]:
    """How many of `cards` are of each suit (every suit listed, in SUITS order)."""
    counts = dict.fromkeys(SUITS, 0)
    for c in cards:
        counts[c.suit] += 1
    return counts


# CRD-COUNT-1: a suit's race cards are its 12 non-ace cards less those on the track
def race_cards_available(counts: dict[str, int]) -> dict[str, int]:
    return {suit: RACE_CARDS_PER_SUIT - counts[suit] for suit in SUITS}


# CRD-TRACK-5: a horse can finish only with the eight race cards it needs
def can_finish(race_cards: int) -> bool:
    return race_cards >= NEEDED_TO_FINISH


# CRD-TRACK-4: five or more track cards of one suit: the 48 are shuffled and laid again
def overloaded_suit(counts: dict[str, int]) -> str | None:
    """The suit with five or more track cards (at most one can have), if any."""
    for suit in SUITS:
        if loads_the_track(counts[suit]):
            return suit
    return None


# CRD-TRACK-4 (five or more): a suit with five or more track cards loads the track; asked of each
# suit, so that a misreading of which count loads it is CRD-TRACK-4's own yes or no
def loads_the_track(count: int) -> bool:
    return count >= RELAY_AT


TRACK_CARD_MOVES = 0    # how far each track card of its suit moves an ace: no position (CRD-TRACK-6)


# CRD-TRACK-1: the four aces stand in a column at position 0, before the first track card: where
# an ace starts is decided here, apart from what the track cards do to it (CRD-TRACK-6), so that a
# misreading of the start is charged to CRD-TRACK-1 and not to the track cards
def ace_start() -> int:
    return START


# CRD-TRACK-6: track cards never move a horse: whatever the track shows, every ace starts at 0
def starting_positions(track: Sequence[Card]) -> dict[str, int]:
    counts = suit_counts(track)
    return {suit: ace_start() + TRACK_CARD_MOVES * counts[suit] for suit in SUITS}
