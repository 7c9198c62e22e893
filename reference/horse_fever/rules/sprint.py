"""Inicio y Sprint, the sprint dice (HF-SPRINT-1..3) and the cards that change a sprint
(HF-ACT-3/4/10/11)."""

from __future__ import annotations

from typing import Collection

from .state import Race

SPRINT_SPACES = 1                # HF-SPRINT-1
HERBA_MAGICA_SPACES = 2          # HF-ACT-4, 2 instead of 1
VENENUM_LESS = 1                 # HF-ACT-11, 1 less
FLAGELLUM_EXTRA = 1              # HF-ACT-3, 1 extra space


# HF-SPRINT-2: both dice the same colour - that horse moves one space only
def shows_one_colour(dice: tuple[str, str]) -> bool:
    return dice[0] == dice[1]


def double_sprint_spaces(card_spaces: int, double_sprint: str) -> int:
    """The horse "solo se mueve una casilla": one sprint, not two, so its sprint cards act on it as
    on any sprint (HF-INT-10, double_sprint: with_cards); or (one_space) one space whatever the
    sprint cards add, though a card that stops or shortens the sprint still does."""
    if double_sprint == "one_space":
        return min(card_spaces, SPRINT_SPACES)
    return card_spaces


# HF-SPRINT-1: the colours the two dice show are the horses that sprint, «incluso si el caballo
# acaba de alcanzar o cruzar la línea de meta»: a horse the card took to the line sprints too
def sprinting_horses(dice: tuple[str, str], at_the_line: Collection[str] = ()) -> list[str]:
    even_at_the_line = True
    shown = [dice[0]] if one_horse_shown(dice) else [dice[0], dice[1]]
    return [horse for horse in shown if even_at_the_line or horse not in at_the_line]


# HF-SPRINT-1 (the horses shown): «Los colores de los dados muestran qué peones de Caballo llegan a
# correr»: each colour shown is one horse; two dice of one colour (HF-SPRINT-2) show one horse, and
# it sprints once
def one_horse_shown(dice: tuple[str, str]) -> bool:
    return shows_one_colour(dice)


# HF-SPRINT-3: a die showing a horse already in the ranking is a lost sprint
def sprint_is_lost(race: Race, horse: str) -> bool:
    return horse in race.ranking


def sprint_spaces(effects: set[str]) -> int:
    """One space (HF-SPRINT-1), changed by the cards in the order of HF-INT-10."""
    # HF-ACT-10: Serum Maleficum - the horse never sprints
    if never_sprints(effects):
        return 0
    spaces = SPRINT_SPACES
    # HF-ACT-4: Herba Magica - when the horse sprints it moves 2 instead of 1
    if herba_magica_acts(effects):
        spaces = HERBA_MAGICA_SPACES
    # HF-ACT-11: Venenum Veneficum - when the horse sprints it moves 1 less
    if venenum_veneficum_acts(effects):
        spaces = max(0, spaces - VENENUM_LESS)
    # HF-ACT-3: Flagellum Fulguris - when the horse sprints it moves 1 extra space
    if flagellum_fulguris_acts(effects):
        spaces += FLAGELLUM_EXTRA
    return spaces


# HF-ACT-10 (never): Serum Maleficum, «it never sprints»: a horse with the card moves no space at
# its sprint, whatever the other cards on it add
def never_sprints(effects: set[str]) -> bool:
    return "never_sprints" in effects


# HF-ACT-4 (the horse): Herba Magica, «when the horse sprints it moves 2 instead of 1»: the horse
# that holds the card, and no other
def herba_magica_acts(effects: set[str]) -> bool:
    return "sprint_moves_2" in effects


# HF-ACT-11 (the horse): Venenum Veneficum, «when the horse sprints it moves 1 less»: the horse
# that holds the card, and no other
def venenum_veneficum_acts(effects: set[str]) -> bool:
    return "sprint_minus_1" in effects


# HF-ACT-3 (the horse): Flagellum Fulguris, «when the horse sprints it moves 1 extra space»: the
# horse that holds the card, and no other
def flagellum_fulguris_acts(effects: set[str]) -> bool:
    return "sprint_plus_1" in effects
