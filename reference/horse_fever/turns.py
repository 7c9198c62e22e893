"""Applying one action to a game: who may act in which phase, then the phase that follows
(HF-PLAY-4, HF-BETTING-1). Phases with nobody left to act pass on by themselves."""

from __future__ import annotations

from reference.core.errors import IllegalAction
from reference.core.log import StepLog

from .actions import Action, Deal, EndRound, NewOdds, Pass, PlaceBet, PlayCard, Payouts, RaceRound, Reveal
from .betting import (begin_first_bets, begin_second_bets, close_bets, first_bet, pass_second_bet,
                      second_bet, settle_short_players)
from .new_odds import set_new_odds
from .payouts import pay_out
from .race import race_round
from .reveal import reveal_cards
from .rigging import begin_rigging, play_card
from .rounds import deal, end_round
from .state import (DEAL, END_ROUND, FIRST_BETS, NEW_ODDS, OVER, PAYOUTS, RACE, REVEAL, RIGGING,
                    SECOND_BETS, GameState)

EXPECTED = {
    DEAL: "deal",
    FIRST_BETS: "a first bet ('bet COLOUR win|show AMOUNT')",
    RIGGING: "an action card ('play CARD on COLOUR')",
    SECOND_BETS: "a second bet or 'pass'",
    REVEAL: "'reveal'",
    RACE: "a race round ('race')",
    PAYOUTS: "'payouts'",
    NEW_ODDS: "'new_odds'",
    END_ROUND: "'end_round'",
}
ALLOWED = {
    DEAL: (Deal,), FIRST_BETS: (PlaceBet,), RIGGING: (PlayCard,), SECOND_BETS: (PlaceBet, Pass),
    REVEAL: (Reveal,), RACE: (RaceRound,), PAYOUTS: (Payouts,), NEW_ODDS: (NewOdds,), END_ROUND: (EndRound,),
}
PHASE_CLAUSE = {DEAL: "HF-PLAY-4", FIRST_BETS: "HF-BET-1", RIGGING: "HF-RIG-2", SECOND_BETS: "HF-BET2-1",
                REVEAL: "HF-REVEAL-1", RACE: "HF-RANK-6", PAYOUTS: "HF-RANK-6", NEW_ODDS: "HF-NEWODDS-1",
                END_ROUND: "HF-END-1"}


def check_phase(state: GameState, action: Action, field: str) -> None:
    if state.phase == OVER:
        raise IllegalAction(field, "the game is over; no further action", "HF-END-3")
    if not isinstance(action, ALLOWED[state.phase]):
        clause = "HF-BET-1" if state.phase == FIRST_BETS and isinstance(action, Pass) else PHASE_CLAUSE[state.phase]
        raise IllegalAction(field, f"'{action}' is not possible now: the round is in its {state.phase} phase "
                            f"and expects {EXPECTED[state.phase]}", clause)


def play(state: GameState, action: Action, log: StepLog, field: str = "action") -> None:
    check_phase(state, action, field)
    seat = state.to_play
    if isinstance(action, Deal):
        deal(state, action.deal.get("hands"), log, f"{field}.deal")
        begin_first_bets(state, log)
    elif isinstance(action, PlaceBet) and state.phase == FIRST_BETS:
        first_bet(state, seat, action.horse, action.side, action.amount, log, field)
    elif isinstance(action, PlaceBet):
        second_bet(state, seat, action.horse, action.side, action.amount, log, field)
    elif isinstance(action, Pass):
        pass_second_bet(state, seat, log)
    elif isinstance(action, PlayCard):
        play_card(state, seat, action.card, action.horse, log, field)
    elif isinstance(action, Reveal):
        reveal_cards(state.race, state.options, log)
        state.phase = RACE
    elif isinstance(action, RaceRound):
        race_round(state.race, action.card, action.dice, action.photo, state.options, log, f"{field}.race")
        if state.race.is_over():
            state.phase = PAYOUTS
    elif isinstance(action, Payouts):
        pay_out(state, log)
    elif isinstance(action, NewOdds):
        base = state.race.odds if state.options.card_odds_scope == "board" else state.race.odds_before_cards
        state.odds = set_new_odds(base, state.race.ranking, log)
        state.phase = END_ROUND
    elif isinstance(action, EndRound):
        end_round(state, action.tie_break, log, field)
    advance(state, log)


def advance(state: GameState, log: StepLog) -> None:
    """HF-BETTING-1: first bets, then the rigging, then the second bets, then the race phase."""
    while True:
        if state.phase == FIRST_BETS:
            settle_short_players(state, log)
            if state.phase == FIRST_BETS and not state.queue:
                begin_rigging(state, log)
                continue
        if state.phase == RIGGING and not state.queue:
            log.rule("HF-RIG-2")
            begin_second_bets(state, log)
            continue
        if state.phase == SECOND_BETS and not state.queue:
            close_bets(state, log)
        return
