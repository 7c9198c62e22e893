"""Which observations each card clause's decision determines (Game.clause_keys): a runner
attributes a divergence at a step to those of the step's clauses whose paths cover a differing
path ('key', 'key.field', 'events.<type>', 'events.<type>.<field>', and the finer paths of
reference/cards/attribution_paths.py: how the horses' positions differ). Only clauses a step can apply are listed; the others are decided
by the setup or the input's form (see the README).

A clause's list is its footprint: what would change if that clause alone were misread, that is
its own decision and the values computed from that decision in the same step (the card turned
up decides which horse moves; the posted price decides a chip's expected value), and nothing it
does not influence. The runner charges the clause whose footprint best matches the differing
paths (reference/core/attribution.py), so clauses that decide the same values tie and are named
together: CRD-ODDS-1 and CRD-ODDS-2 (the posted prices). Where the aces start (CRD-TRACK-1: all
four together) and track cards moving none (CRD-TRACK-6: some horses ahead by their own track
cards) decide the same key differently, so their finer paths tell them apart."""

from __future__ import annotations

# What a lay decides: the table goes on to the bets, or stays to be laid again.
_LAY_OUTCOME = ["phase", "legal_actions", "relays", "events.relaid", "events.track_laid", "events.odds_posted",
                "must_relay", "relay_suit"]

# What a price decides: the posted odds, and in the same step the expected value of a chip on
# each horse. Which horses the first bettor is offered is the bank's cover (CRD-BET-4), priced by them.
_PRICES = ["odds", "events.odds_posted.odds", "expected_value"]

# The settlement's per-seat values (whose seat differs is the counterfactual search's to tell).
_SEATS = ["settlement.changes", "balances", "settlement.balances"]


CLAUSE_KEYS: dict[str, list[str]] = {
    # the lay (CRD-TRACK-*, CRD-COUNT-1) and the prices (CRD-ODDS-*, CRD-BET-2)
    "CRD-TRACK-1": ["positions.start"],
    "CRD-TRACK-2": ["track", "track_counts", "events.track_laid.track", "events.track_laid.counts"],
    "CRD-TRACK-3": ["deck_size", "deck_counts"],
    "CRD-TRACK-4": _LAY_OUTCOME + ["odds", "deck_size", "deck_counts", "track", "track_counts", "available",
                                   "win_probability", "fair_odds", "expected_value", "relay_probability"],
    "CRD-TRACK-5": ["events.relaid.race_cards", "events.relaid.needed", "available", "must_relay"],
    "CRD-FAQ-3": ["events.relaid", "must_relay", "relay_suit"],
    "CRD-TRACK-6": ["positions.distance"],
    "CRD-COUNT-1": ["available", "events.track_laid.available", "events.relaid.race_cards",
                    "win_probability", "fair_odds", "expected_value"],
    "CRD-ODDS-1": _PRICES,
    "CRD-ODDS-2": _PRICES,
    # the maximum stake; whether prices are posted at all is the lay's outcome (CRD-TRACK-4)
    "CRD-BET-2": ["events.odds_posted.max_bet"],
    # the bets
    "CRD-BET-3": ["bets", "phase", "legal_actions", "to_bet", "sitting_out", "events.bet",
                  "events.sat_out"],
    "CRD-BET-4": ["legal_actions", "liability", "sitting_out", "bets", "events.sat_out", "events.bets_closed.liability"],
    "CRD-BET-5": ["phase", "legal_actions", "to_bet", "events.bets_closed"],
    "CRD-BET-6": ["bets", "phase"],
    # the race
    "CRD-RACE-1": ["last_card", "deck_counts", "revealed", "events.revealed.card", "events.revealed.suit",
                   "positions.horse", "events.moved.horse"],
    "CRD-RACE-4": ["revealed", "track"],
    "CRD-RACE-10": ["deck_size", "deck_counts", "revealed"],
    "CRD-RACE-2": ["positions.horse", "positions.distance", "events.moved.horse", "events.moved.to"],
    "CRD-RACE-3": ["positions.distance", "events.moved.to"],
    "CRD-FAQ-2": ["positions.horse", "positions.distance", "events.moved.horse", "events.moved.to"],
    "CRD-RACE-8": ["events.moved.horse", "winner"],
    "CRD-RACE-9": ["positions.distance", "events.moved.to"],
    "CRD-RACE-5": ["phase", "winner", "legal_actions", "next_banker", "events.won"],
    "CRD-FAQ-1": ["phase", "winner", "events.won"],
    "CRD-RACE-6": ["phase", "winner", "events.won", "legal_actions"],
    "CRD-RACE-7": ["phase", "legal_actions", "deck_size", "last_card", "positions"],
    "CRD-INTRO-2": ["winner", "events.won"],
    # the settlement and the bank's rotation
    "CRD-PAY-1": ["settlement.collected", "events.settled.collected"] + _SEATS,
    "CRD-PAY-2": ["settlement.paid", "events.settled.paid", "settlement.returned"] + _SEATS,
    "CRD-PAY-3": ["settlement.paid", "settlement.returned"] + _SEATS,
    "CRD-SESSION-3": ["events.settled.changes"] + _SEATS,
    "CRD-ROT-1": ["next_banker", "events.bank_passes"],
    "CRD-ROT-2": ["race", "banker", "phase", "events.race_started"],
    "CRD-SESSION-1": ["phase", "next_banker", "legal_actions", "events.session_over"],
    "CRD-SESSION-2": ["session_winners", "events.session_over.winners"],
}
