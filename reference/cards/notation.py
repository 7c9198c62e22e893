"""The text form of cards, horses and lays in scenarios, vectors and protocol messages.

A card is written rank then suit: "10D", "KS", "AH". Input may also use lower case and the
suit symbols the rule text prints (10♦, K♠); output is always the canonical form. A lay is
chance input: the 48 shuffled cards (top first), or the track and the race deck.
"""

from __future__ import annotations

from typing import Any

from reference.core.errors import InputError

from .limits import shown
from .rules import track
from .rules.cards import ACE, FULL_PACK, NON_ACES, RANKS, SUITS, Card, card
from .rules.track import RACE_DECK_SIZE, TRACK_LENGTH, Lay

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
LONGEST_CARD = 8        # "10♦" and friends, with room for spaces; anything longer is no card
CARD_BY_TEXT = {str(c): c for c in FULL_PACK}       # "10D" -> the card: the form output uses


def parse_suit(text: object, field: str, what: str = "suit") -> str:
    """'D', 'd', '♦' -> 'D'."""
    raw = str(text).strip() if isinstance(text, str) else ""
    suit = SUIT_SYMBOLS.get(raw, raw.upper())
    if suit not in SUITS:
        raise InputError(field, f"{shown(text)} is not a {what}; write S, H, D or C (or ♠ ♥ ♦ ♣)", "CRD-TRACK-1")
    return suit


def parse_horse(text: object, field: str) -> str:
    """A horse is named by its suit (the ace of that suit runs for it)."""
    raw = str(text).strip() if isinstance(text, str) else ""
    suit = SUIT_SYMBOLS.get(raw, raw.upper())
    if suit not in SUITS:
        raise InputError(field, f"unknown horse {shown(text)}; the horses are the four aces, named by suit: "
                         "S, H, D, C", "CRD-TRACK-1")
    return suit


def parse_card(text: object, field: str) -> Card:
    """'10D', '10♦', 'ks' -> the card. Jokers and anything else are refused (CRD-SET-1)."""
    known = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
    if known is not None:           # the canonical form, as vectors and protocol messages write it
        return known
    if not isinstance(text, str) or not text.strip():
        raise InputError(field, f"{shown(text)} is not a card; write rank then suit, e.g. 10D or KS", "CRD-SET-1")
    raw = text.strip()
    if "JOKER" in raw.upper() or raw.upper() in ("JK", "JKR", "🃏"):
        raise InputError(field, f"{shown(text)}: the game uses a pack without jokers", "CRD-SET-1")
    suit_text, rank_text = raw[-1], raw[:-1].strip().upper()
    suit = SUIT_SYMBOLS.get(suit_text, suit_text.upper())
    if len(raw) > LONGEST_CARD or suit not in SUITS or rank_text not in RANKS:
        raise InputError(field, f"{shown(text)} is not a card; write rank (A 2-10 J Q K) then suit (S H D C), "
                         "e.g. 10D or KS", "CRD-SET-1")
    return card(RANKS.index(rank_text) + 1, suit)


def parse_cards(values: object, field: str) -> list[Card]:
    if not isinstance(values, list):
        raise InputError(field, "expected a list of cards")
    if len(values) > len(NON_ACES):
        raise InputError(field, f"{len(values)} cards; a lay holds at most the {len(NON_ACES)} that are not aces",
                         "CRD-TRACK-2")
    return [parse_card(v, f"{field}[{i}]") for i, v in enumerate(values)]


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
        return Lay(track.track_of(cards), track.race_deck_of(cards))
    if "track" not in payload:
        raise InputError(field, "a lay needs 'track' (7 cards, position 1 first) or 'shuffle'", "CRD-TRACK-2")
    laid = parse_cards(payload["track"], f"{field}.track")
    deck = parse_cards(payload["deck"], f"{field}.deck") if payload.get("deck") is not None else None
    if deck is None and need_deck:
        raise InputError(field, "a race needs its deck: give 'deck' (41 cards, top first) or 'shuffle'",
                         "CRD-TRACK-3")
    labels = [f"{field}.track[{i}]" for i in range(len(laid))]
    labels += [f"{field}.deck[{i}]" for i in range(len(deck or []))]
    check_cards(laid + (deck or []), labels)
    if len(laid) != TRACK_LENGTH:
        raise InputError(f"{field}.track", f"{len(laid)} cards; the track has {TRACK_LENGTH} (positions 1-7)",
                         "CRD-TRACK-2")
    if deck is not None and len(deck) != RACE_DECK_SIZE:
        raise InputError(f"{field}.deck", f"{len(deck)} cards; the race deck holds the other "
                         f"{RACE_DECK_SIZE}{missing_text(laid + deck)}", "CRD-TRACK-3")
    return Lay(tuple(laid), tuple(deck) if deck is not None else None)


def check_cards(cards: list[Card], labels: list[str]) -> None:
    """The aces stay at position 0 (CRD-TRACK-1); one pack, every card once (CRD-SET-1)."""
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
    shown_cards = " ".join(str(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
    return f"; missing: {shown_cards}"


def lay_payload(lay: Lay, shuffle: bool = False) -> dict[str, Any]:
    """A lay in its protocol form: the track and (when known) the race deck; with `shuffle`
    the 48 shuffled cards, top first (the track is their top seven, CRD-TRACK-2/3)."""
    if shuffle and lay.deck is not None:
        return {"shuffle": [str(c) for c in lay.track + lay.deck]}
    out: dict[str, Any] = {"track": [str(c) for c in lay.track]}
    if lay.deck is not None:
        out["deck"] = [str(c) for c in lay.deck]
    return out
