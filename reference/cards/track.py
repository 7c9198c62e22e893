"""The track: the aces at position 0, seven face-up cards at positions 1-7 and the race deck
(CRD-TRACK-1..3, CRD-COUNT-1), and the re-lay of a loaded track (CRD-TRACK-4/5, CRD-FAQ-3).

Chance never lives here: a lay is input, either the shuffled 48 cards (top first) or the
track and the race deck, and a re-lay is shown by giving the next lay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reference.core.errors import InputError

from .cards import ACE, NON_ACES, SUITS, Card, parse_cards

TRACK_LENGTH = 7            # CRD-TRACK-2: positions 1 to 7
RACE_DECK_SIZE = 41         # CRD-TRACK-3: 48 - 7
RACE_CARDS_PER_SUIT = 12    # CRD-COUNT-1: thirteen cards of a suit minus its ace
NEEDED_TO_FINISH = 8        # CRD-TRACK-5: eight race cards take an ace from 0 to 8
RELAY_AT = 5                # CRD-TRACK-4: five or more of one suit on the track


@dataclass(frozen=True)
class Lay:
    track: tuple[Card, ...]              # positions 1..7
    deck: tuple[Card, ...] | None        # the race deck, top first; None for a track alone


def parse_lay(payload: Any, field: str, need_deck: bool = True) -> Lay:
    """{shuffle: [48 cards]} or {track: [7], deck: [41]} (the deck may be left out when only
    the track is judged)."""
    if not isinstance(payload, dict):
        raise InputError(field, "a lay gives 'shuffle' (the 48 shuffled cards, top first) or 'track' and 'deck'")
    if "shuffle" in payload:
        if "track" in payload or "deck" in payload:
            raise InputError(field, "give either 'shuffle' or 'track' and 'deck', not both")
        cards = parse_cards(payload["shuffle"], f"{field}.shuffle")
        check_cards(cards, [f"{field}.shuffle[{i}]" for i in range(len(cards))])
        if len(cards) != TRACK_LENGTH + RACE_DECK_SIZE:
            raise InputError(f"{field}.shuffle", f"{len(cards)} cards; the shuffle holds the 48 cards that "
                             f"are not aces{missing_text(cards)}", "CRD-TRACK-2")
        # CRD-TRACK-2/3: the top seven are laid as the track, the other 41 are the race deck.
        return Lay(tuple(cards[:TRACK_LENGTH]), tuple(cards[TRACK_LENGTH:]))
    if "track" not in payload:
        raise InputError(field, "a lay needs 'track' (7 cards, position 1 first) or 'shuffle'", "CRD-TRACK-2")
    track = parse_cards(payload["track"], f"{field}.track")
    deck = parse_cards(payload["deck"], f"{field}.deck") if payload.get("deck") is not None else None
    if deck is None and need_deck:
        raise InputError(field, "a race needs its deck: give 'deck' (41 cards, top first) or 'shuffle'",
                         "CRD-TRACK-3")
    labels = [f"{field}.track[{i}]" for i in range(len(track))]
    labels += [f"{field}.deck[{i}]" for i in range(len(deck or []))]
    check_cards(track + (deck or []), labels)
    if len(track) != TRACK_LENGTH:
        raise InputError(f"{field}.track", f"{len(track)} cards; the track has {TRACK_LENGTH} (positions 1-7)",
                         "CRD-TRACK-2")
    if deck is not None and len(deck) != RACE_DECK_SIZE:
        raise InputError(f"{field}.deck", f"{len(deck)} cards; the race deck holds the other "
                         f"{RACE_DECK_SIZE}{missing_text(track + deck)}", "CRD-TRACK-3")
    return Lay(tuple(track), tuple(deck) if deck is not None else None)


def check_cards(cards: list[Card], labels: list[str]) -> None:
    """CRD-TRACK-1: the aces stay at position 0; CRD-SET-1: one pack, every card once."""
    seen: dict[Card, str] = {}
    for c, where in zip(cards, labels):
        if c.rank == ACE:
            raise InputError(where, f"{c} is a horse: the four aces stand at position 0 and are not "
                             "shuffled with the other 48", "CRD-TRACK-1")
        if c in seen:
            raise InputError(where, f"{c} appears twice (first at {seen[c]}); the pack has one of each card",
                             "CRD-SET-1")
        seen[c] = where


def missing_text(cards: list[Card]) -> str:
    missing = sorted(set(NON_ACES) - set(cards))
    if not missing:
        return ""
    shown = " ".join(str(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
    return f"; missing: {shown}"


def track_counts(track: tuple[Card, ...] | list[Card]) -> dict[str, int]:
    """How many track cards of each suit."""
    return {suit: sum(1 for c in track if c.suit == suit) for suit in SUITS}


def race_cards_available(counts: dict[str, int]) -> dict[str, int]:
    """CRD-COUNT-1: a suit's race cards are its 12 non-ace cards less those on the track."""
    return {suit: RACE_CARDS_PER_SUIT - counts[suit] for suit in SUITS}


def overloaded_suit(counts: dict[str, int]) -> str | None:
    """CRD-TRACK-4: the suit with five or more track cards (at most one can have), if any.
    CRD-TRACK-5 / CRD-FAQ-3: it would keep only 12 - 5 = 7 race cards, fewer than the 8 needed."""
    for suit in SUITS:
        if counts[suit] >= RELAY_AT:
            return suit
    return None
