"""Como se juega, the four phases of a round (HF-PLAY-4) and the parts of the betting phase
(HF-BETTING-1): which action each phase expects, applying it, then the phase that follows.
Phases with nobody left to act pass on by themselves."""

from __future__ import annotations

from reference.core.errors import IllegalAction, InputError

from . import betting, deal, end_of_round, new_odds, payouts, race, reveal, rigging
from .actions import Action, Deal, EndRound, NewOdds, Pass, PlaceBet, PlayCard, Payouts, RaceRound, Reveal
from .log import Log
from .state import (DEAL, END_ROUND, FIRST_BETS, NEW_ODDS, OVER, PAYOUTS, RACE, REVEAL, RIGGING,
                    SECOND_BETS, GameState, Race)

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
# HF-PLAY-4: each round has four phases in order - dealing, betting, the race, the end of the round
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


def play(state: GameState, action: Action, log: Log, field: str = "action") -> None:
    check_phase(state, action, field)
    seat = state.to_play
    if isinstance(action, Deal):
        deal.deal(state, deal_hands(action.deal, f"{field}.deal"), log, f"{field}.deal")
        betting.begin_first_bets(state, log)
    elif isinstance(action, PlaceBet) and state.phase == FIRST_BETS:
        betting.first_bet(state, seat, action.horse, action.side, action.amount, log, field)
    elif isinstance(action, PlaceBet):
        betting.second_bet(state, seat, action.horse, action.side, action.amount, log, field)
    elif isinstance(action, Pass):
        betting.pass_second_bet(state, seat, log)
    elif isinstance(action, PlayCard):
        rigging.play_card(state, seat, action.card, action.horse, log, field)
    elif isinstance(action, Reveal):
        reveal.reveal_cards(state.race, state.options, log)
        state.phase = RACE
    elif isinstance(action, RaceRound):
        race.race_round(state.race, action.card, action.dice, action.photo, state.options, log, f"{field}.race")
        # HF-RANK-6: when every horse has crossed the line the race is over and the payouts follow
        if payouts_follow(state.race):
            state.phase = PAYOUTS
    elif isinstance(action, Payouts):
        payouts.pay_out(state, log)
    elif isinstance(action, NewOdds):
        base = new_odds.initial_odds(state.race, state.options)
        state.odds = new_odds.set_new_odds(base, state.race.ranking, log)
        state.phase = END_ROUND
    elif isinstance(action, EndRound):
        end_of_round.end_round(state, action.tie_break, log, field)
    advance(state, log)


# HF-RANK-6 (the payouts follow): «Una vez que todos los caballos han cruzado la línea de meta, ¡la
# carrera termina y es hora de la recompensa!»: the payouts come once the race is over, never before
def payouts_follow(race: Race) -> bool:
    return race.is_over()


# HF-BETTING-1: first bets, then fixing the race with the action cards, then second bets
def advance(state: GameState, log: Log) -> None:
    while True:
        if state.phase == FIRST_BETS:
            first_bets_go_on(state, log)
        if state.phase == RIGGING and race_fixed(state):
            log.rule("HF-RIG-2")
            second_bets_follow(state, log)
        if state.phase == SECOND_BETS:
            betting.settle_short_players(state, log)  # HF-INT-23 (the second bets checked): its other reading
            if state.phase == SECOND_BETS and not state.queue:
                betting.close_bets(state, log)
        return


# HF-BETTING-1 (the first bets, then the rigging): «los jugadores hacen sus apuestas y "arreglan" la
# próxima carrera»: every player due a first bet makes it (a short one pays HF-MIN-2's penalty first,
# HF-INT-23), and once all have bet the race is fixed with the action cards
def first_bets_go_on(state: GameState, log: Log) -> None:
    betting.settle_short_players(state, log)
    if state.phase == FIRST_BETS and not state.queue:
        rigging.begin_rigging(state, log)


# HF-BETTING-1 (the race fixed): «"arreglan" la próxima carrera»: the rigging gives way to the second
# bets once the race is fixed, no action card left to play; never while a card is still to be played
def race_fixed(state: GameState) -> bool:
    return not state.queue


# HF-BETTING-1 (then the second bets): «hacen sus apuestas y "arreglan" la próxima carrera», then bet
# again: once the race is fixed, no action card left to play, the second bets begin
def second_bets_follow(state: GameState, log: Log) -> None:
    betting.begin_second_bets(state, log)


def deal_hands(payload: object, field: str) -> object:
    """The hands of a deal payload (checked by deal.check_hands)."""
    if not isinstance(payload, dict):
        raise InputError(field, "'deal' needs its payload, e.g. deal: {hands: [[1, 2], [3, 4]]}", "HF-DEAL-1")
    return payload.get("hands")
