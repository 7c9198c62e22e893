"""A round around its betting and race: the deal (HF-DEAL-1), the end of the round
(HF-END-1..3, HF-PLAY-2) and the end of the game (HF-GAMEEND-1..3)."""

from __future__ import annotations

from typing import Any

from reference.core.errors import IllegalAction, InputError
from reference.core.log import StepLog

from .components import parse_action_card
from .race import new_race
from .seating import next_clockwise
from .state import DEAL, OVER, GameState

CARDS_PER_PLAYER = 2             # HF-DEAL-1


def check_hands(state: GameState, hands: Any, field: str) -> list[list[int]]:
    """HF-DEAL-1: two action cards to each player still in the game, none twice (HF-SETUP-3)."""
    if not isinstance(hands, list) or len(hands) != len(state.players):
        raise InputError(f"{field}.hands", f"give one hand per seat ({len(state.players)}); a player who "
                         "lost the game gets []", "HF-DEAL-1")
    out: list[list[int]] = []
    seen: dict[int, str] = {}
    for seat, hand in enumerate(hands):
        where = f"{field}.hands[{seat}]"
        size = 0 if state.players[seat].out else CARDS_PER_PLAYER
        if not isinstance(hand, list) or len(hand) != size:
            raise InputError(where, f"seat {seat} gets {size} action cards" +
                             (" (it has lost the game)" if size == 0 else ""), "HF-DEAL-1")
        cards = [parse_action_card(card, f"{where}[{i}]") for i, card in enumerate(hand)]
        for index, card in enumerate(cards):
            if card in seen:
                raise InputError(f"{where}[{index}]", f"card {card} was already dealt at {seen[card]}; "
                                 "there is one of each card", "HF-SETUP-3")
            seen[card] = f"{where}[{index}]"
        out.append(cards)
    return out


def deal(state: GameState, hands: Any, log: StepLog, field: str) -> None:
    """HF-PLAY-4: a round opens with the deal phase; the horses stand on the start (HF-END-1)."""
    if state.phase != DEAL:
        raise IllegalAction(field, f"the round is in its {state.phase} phase; cards are dealt at the start "
                            "of a round", "HF-PLAY-4")
    cards = check_hands(state, hands, field)
    for player, hand in zip(state.players, cards):
        player.hand = list(hand)
    state.race = new_race(state.odds)
    state.bets = []
    log.event("dealt", "HF-DEAL-1", round=state.round, first_player=state.first_player,
              hands=[list(h) for h in cards])
    log.rule("HF-PLAY-4", "HF-SETUP-5")


def end_round(state: GameState, tie_break: Any, log: StepLog, field: str) -> None:
    """HF-END-1: cards back to their decks, horses back to the start; HF-END-2: the first-player
    card passes left; HF-END-3: after the last round the game ends."""
    last = state.round >= state.rounds
    if last:
        winner, by = decide_winner(state, tie_break, f"{field}.tie_break")
    elif tie_break is not None:
        raise InputError(f"{field}.tie_break", "a tie-break is given only when the last round ends", "HF-GAMEEND-3")
    state.race = None
    log.event("round_ended", "HF-END-1", round=state.round)
    if last:
        end_game(state, winner, by, log)
        return
    out = {s for s, p in enumerate(state.players) if p.out}
    state.first_player = next_clockwise(state.first_player, len(state.players), out)
    state.round += 1
    state.phase = DEAL
    log.event("first_player_passed", "HF-END-2", first_player=state.first_player, round=state.round)
    log.rule("HF-PLAY-2", "HF-END-3")


def leaders(state: GameState) -> list[int]:
    """HF-GAMEEND-1: most VP; HF-GAMEEND-2: among those, most Danari."""
    seats = state.in_game()
    best_vp = max(state.players[s].vp for s in seats)
    tied = [s for s in seats if state.players[s].vp == best_vp]
    best_danari = max(state.players[s].danari for s in tied)
    return [s for s in tied if state.players[s].danari == best_danari]


def decide_winner(state: GameState, tie_break: Any, field: str) -> tuple[int, str]:
    """HF-GAMEEND-3: a tie left after VP and Danari goes to the die and the tie-break table,
    whose answer is an input (HF-INT-3)."""
    top = leaders(state)
    if len(top) == 1:
        if tie_break is not None:
            raise InputError(field, f"seat {top[0]} wins outright; no tie-break is needed", "HF-GAMEEND-3")
        winner, by = top[0], "vp" if len(tied_on_vp(state)) == 1 else "danari"
    else:
        if tie_break not in top:
            raise InputError(field, f"seats {top} tie on VP and Danari: give the seat that the die and the "
                             "tie-break table pick as 'tie_break'", "HF-GAMEEND-3")
        winner, by = tie_break, "tie_break"
    return winner, by


def end_game(state: GameState, winner: int, by: str, log: StepLog) -> None:
    state.winner = winner
    state.phase = OVER
    clause = {"vp": "HF-GAMEEND-1", "danari": "HF-GAMEEND-2", "tie_break": "HF-GAMEEND-3"}[by]
    log.event("game_over", clause, winner=winner, by=by, vp=[p.vp for p in state.players],
              danari=[p.danari for p in state.players])
    log.rule("HF-GAMEEND-1", "HF-OBJ-1")


def tied_on_vp(state: GameState) -> list[int]:
    seats = state.in_game()
    best = max(state.players[s].vp for s in seats)
    return [s for s in seats if state.players[s].vp == best]
