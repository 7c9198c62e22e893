"""What a scenario or a vector can check after a step: plain JSON-ready values."""

from __future__ import annotations

from typing import Any

from reference.core.log import StepLog

from .exact import composition_odds, fraction_text, relay_probability
from .rules import betting, odds, track
from .rules.cards import SUITS
from .rules.state import BETTING, LAYING, RACING, SETTLED, TableState
from .rules.track import Lay


def event_fields(log: StepLog, type_: str) -> dict[str, Any] | None:
    for event in log.events:
        if event["type"] == type_:
            return {k: v for k, v in event.items() if k != "type"}
    return None


def bets_by_seat(table: TableState) -> list[str | None]:
    """The horse each seat has backed (None: the banker, a seat still to choose, or sitting out)."""
    out: list[str | None] = [None] * table.players
    for b in table.race.bets:
        out[b.seat] = b.horse
    return out


def legal_actions(table: TableState) -> list[str]:
    if table.phase in (LAYING, SETTLED):
        return ["lay"]
    if table.phase == BETTING:
        return [f"bet {h}" for h in betting.open_horses(table)] + (["sit out"] if betting.may_sit_out(table) else [])
    if table.phase == RACING:
        return ["reveal"]
    return []


def table_view(table: TableState, log: StepLog) -> dict[str, Any]:
    race = table.race
    laid = race.track is not None
    counts = track.track_counts(race.track) if laid else None
    view: dict[str, Any] = {
        "events": log.events,
        "phase": table.phase,
        "race": race.number,
        "banker": race.banker,
        "next_banker": table.next_banker,
        "relays": race.relays,
        "track": [str(c) for c in race.track] if laid else None,
        "track_counts": counts,
        "available": track.race_cards_available(counts) if laid else None,
        "odds": dict(race.odds) if race.odds is not None else None,
        "bets": bets_by_seat(table),
        "sitting_out": list(race.sitting_out),
        "to_bet": table.to_bet,
        "liability": betting.liability(race.bets, race.odds, table.options.bank_cover) if race.odds else None,
        "positions": dict(race.positions),
        "deck_size": len(race.deck) if laid else None,
        "deck_counts": track.suit_counts(race.deck) if laid else None,
        "revealed": [str(c) for c in race.revealed],
        "last_card": str(race.revealed[-1]) if race.revealed else None,
        "winner": race.winner,
        "settlement": event_fields(log, "settled"),
        "balances": list(table.balances),
        "legal_actions": legal_actions(table),
        "session_winners": table.session_winners,       # null unless a finished session
    }
    return view


def layout_view(lay: Lay, table_odds: tuple[int, ...], log: StepLog) -> dict[str, Any]:
    """A lay judged on its own (kind layout): stands, or must be re-laid (CRD-TRACK-4)."""
    counts = track.track_counts(lay.track)
    loaded = track.overloaded_suit(counts)
    return {
        "events": log.events,
        "track": [str(c) for c in lay.track],
        "track_counts": counts,
        "available": track.race_cards_available(counts),
        "must_relay": loaded is not None,
        "relay_suit": loaded,
        "odds": odds.posted_odds(counts, table_odds) if loaded is None else None,
    }


def odds_view(counts: dict[str, int], table_odds: tuple[int, ...]) -> dict[str, Any]:
    """Exact odds of one composition (kind odds): fractions as 'a/b' strings. A track that must
    be laid again runs no race, so it has no prices at all: odds and the three per-horse figures
    are null, as `odds` is in the layout and race kinds (CRD-TRACK-4)."""
    loaded = track.overloaded_suit(counts) is not None
    common = {
        "track_counts": dict(counts),
        "available": track.race_cards_available(counts),
        "must_relay": loaded,
    }
    if loaded:
        return {**common, "odds": None, "win_probability": None, "fair_odds": None, "expected_value": None,
                "relay_probability": fraction_text(relay_probability())}
    horses = composition_odds(counts, table_odds)
    return {
        **common,
        "odds": {h.suit: h.posted for h in horses},
        "win_probability": {h.suit: fraction_text(h.probability) for h in horses},
        "fair_odds": {h.suit: fraction_text(h.fair) for h in horses},
        "expected_value": {h.suit: fraction_text(h.expected) for h in horses},
        "relay_probability": fraction_text(relay_probability()),
    }
