"""What a scenario or a vector can check after a step: plain JSON-ready values."""

from __future__ import annotations

from typing import Any

from reference.core.log import StepLog

from .rules import betting
from .rules.components import COLOURS
from .rules.state import NEW_ODDS, PAYOUTS, RACE, GameState, Race

# What a vector of each kind checks after every step (a scenario step may check more).
TABLE_KEYS = ["phase", "turn", "round", "first_player", "vp", "danari", "players_out", "bets", "tokens", "odds",
              "positions", "ranking", "winner"]
OBSERVATION_KEYS: dict[str, list[str]] = {
    "game": TABLE_KEYS,
    "round": TABLE_KEYS,
    "probe": TABLE_KEYS,
    "position": TABLE_KEYS,          # position checks (position_checks.py): observed, or refused whole
    "race": ["phase", "positions", "ranking", "odds", "cards_on_horses", "race_round"],
    "odds": ["phase", "odds"],
}


def race_view(race: Race | None) -> dict[str, Any]:
    if race is None:                      # between rounds every horse is back on the start (HF-END-1)
        return {"positions": {c: 0 for c in COLOURS}, "ranking": [], "race_round": 0,
                "cards_on_horses": {c: [] for c in COLOURS}, "movement_cards": []}
    return {
        "positions": dict(race.positions),
        "ranking": list(race.ranking),
        "race_round": race.rounds_played,
        "cards_on_horses": {c: sorted(race.cards[c]) for c in COLOURS},
        "movement_cards": list(race.movement_seen),
    }


def payouts_of(log: StepLog) -> list[dict[str, Any]]:
    keys = ("player", "horse", "side", "amount", "won", "returned", "vp")
    return [{k: e[k] for k in keys} for e in log.events if e["type"] == "bet_settled"]


def board_odds(state: GameState) -> dict[str, int]:
    """The odds board as it stands: during the race it shows the action cards' changes."""
    if state.race is not None and state.phase in (RACE, PAYOUTS, NEW_ODDS):
        return dict(state.race.odds)
    return dict(state.odds)


def game_view(state: GameState, log: StepLog) -> dict[str, Any]:
    ledger = state.ledger
    view: dict[str, Any] = {
        "events": log.events,
        "phase": state.phase,
        "turn": state.to_play,
        "round": state.round,
        "rounds": state.rounds,
        "first_player": state.first_player,
        "vp": [p.vp for p in state.players],
        "danari": [p.danari for p in state.players],
        "minimum_bet": [betting.minimum_bet(p.vp) for p in state.players],
        "players_out": [s for s, p in enumerate(state.players) if p.out],
        "bets": [{"player": b.player, "horse": b.horse, "side": b.side, "amount": b.amount} for b in state.bets],
        "tokens": dict(state.tokens),
        "hands": [sorted(p.hand) for p in state.players],
        "owners": dict(state.owners),
        "odds": board_odds(state),
        "payouts": payouts_of(log),
        "winner": state.winner,
        "bank": {"danari_paid": ledger.danari_paid, "danari_received": ledger.danari_received,
                 "vp_given": ledger.vp_given, "vp_taken": ledger.vp_taken},
    }
    view.update(race_view(state.race))
    return view


def race_case_view(race: Race, phase: str, log: StepLog) -> dict[str, Any]:
    view = {"events": log.events, "phase": phase, "odds": dict(race.odds)}
    view.update(race_view(race))
    return view


def odds_case_view(odds: dict[str, int], phase: str, log: StepLog) -> dict[str, Any]:
    return {"events": log.events, "phase": phase, "odds": dict(odds)}
