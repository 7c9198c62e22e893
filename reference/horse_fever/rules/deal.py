"""1. Fase de negociación: the first player deals two action cards to every player (HF-DEAL-1)."""

from __future__ import annotations

from typing import Any

from reference.core.errors import IllegalAction, InputError

from .components import parse_action_card
from .log import Log
from .race import new_race
from .state import DEAL, GameState

# HF-DEAL-1: two action cards, face down, to every player still in the game
CARDS_PER_PLAYER = 2


def check_hands(state: GameState, hands: Any, field: str) -> list[list[int]]:
    """Two action cards to each player still in the game, none twice (HF-SETUP-3)."""
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


# HF-DEAL-1 (the deal): «El primer jugador reparte dos cartas del mazo de cartas de Acción ... a cada
# jugador»: the hands given are dealt
def deal(state: GameState, hands: Any, log: Log, field: str) -> None:
    """A round opens with the deal phase (HF-PLAY-4); the horses stand on the start."""
    if state.phase != DEAL:
        raise IllegalAction(field, f"the round is in its {state.phase} phase; cards are dealt at the start "
                            "of a round", "HF-PLAY-4")
    # HF-SETUP-5: the decks are shuffled separately; the shuffled action deck is the hands given
    cards = check_hands(state, hands, field)
    hand_out(state, cards)
    state.race = new_race(state.odds)
    state.bets = []
    record_deal(state, cards, log)
    log.rule("HF-PLAY-4", "HF-SETUP-5")


# HF-DEAL-1 (the hands): «a cada jugador»: each player takes the hand dealt to their seat
def hand_out(state: GameState, cards: list[list[int]]) -> None:
    for player, hand in zip(state.players, cards):
        player.hand = list(hand)


# HF-DEAL-1 (the record): «reparte dos cartas ... boca abajo, a cada jugador»: the hands dealt, each to
# its seat, are the deal's record
def record_deal(state: GameState, cards: list[list[int]], log: Log) -> None:
    log.event("dealt", "HF-DEAL-1", round=state.round, first_player=state.first_player,
              hands=[list(h) for h in cards])
