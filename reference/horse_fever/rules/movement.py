"""Rondas de carrera, the move: a horse's spaces from the movement card (HF-MOVE-2), the Start
(HF-START-1) and the action cards that change the move: HF-ACT-1/2/8/9 (Start), HF-ACT-7/14
(last/first), HF-ACT-6/13 (the finish line). How several of them combine is HF-INT-10."""

from __future__ import annotations

from .components import COLOURS, MovementCard
from .state import Race

VIGOR_SPACES = 4                 # HF-ACT-7
MAGNA_SPACES = 4                 # HF-ACT-1
FUSTIS_SPACES = 2                # HF-ACT-6
FORTUNA_EXTRA = 1                # HF-ACT-2, 1 more at the Start
AQUA_PUTRIDA_LESS = 1            # HF-ACT-9, 1 less at the Start
START_EFFECTS = {"start_moves_4", "start_moves_0", "start_plus_1", "start_minus_1"}


# HF-MOVE-2: each horse moves the number printed beside its stable's odds row
def spaces_from_card(card: MovementCard, odds: int) -> int:
    return card.spaces(odds)


# HF-START-1: the first movement card revealed in a race is the Start
def is_start(race: Race) -> bool:
    return race.rounds_played == 0


def start_spaces(spaces: int, effects: set[str]) -> int:
    """HF-ACT-1/8 replace the Start value, then HF-ACT-2/9 adjust it."""
    # HF-ACT-1: Magna Velocitas - at the Start the horse moves 4 instead of the card's value
    if "start_moves_4" in effects:
        spaces = MAGNA_SPACES
    # HF-ACT-8: Globus Obscurus - at the Start the horse moves 0
    if "start_moves_0" in effects:
        spaces = 0
    # HF-ACT-2: Fortuna Benevola - at the Start the horse moves 1 more
    if "start_plus_1" in effects:
        spaces += FORTUNA_EXTRA
    # HF-ACT-9: Aqua Putrida - at the Start the horse moves 1 less, never below 0
    if "start_minus_1" in effects:
        spaces = max(0, spaces - AQUA_PUTRIDA_LESS)
    return spaces


def compared_horses(race: Race, among: str) -> list[str]:
    """HF-INT-5: 'first'/'last' among all six horses (ranked ones are ahead) or only those running."""
    return race.running() if among == "running" else list(COLOURS)


def is_first(race: Race, horse: str, among: str) -> bool:
    """First, ties included, when the card is revealed (HF-ACT-14)."""
    return race.positions[horse] >= max(race.positions[h] for h in compared_horses(race, among))


def is_last(race: Race, horse: str, among: str) -> bool:
    """Last, ties included, when the card is revealed (HF-ACT-7)."""
    return race.positions[horse] <= min(race.positions[h] for h in compared_horses(race, among))


# HF-ACT-7: Vigor Ferreum - a horse last (ties included) when a movement card is revealed moves 4;
# not at the Start
def vigor_ferreum_acts(race: Race) -> bool:
    return not is_start(race)


# HF-ACT-14: Felix Infernalis - a horse first (ties included) when a movement card is revealed does
# not move; not at the Start
def felix_infernalis_acts(race: Race) -> bool:
    return not is_start(race)


def card_spaces(race: Race, horse: str, card: MovementCard, among: str) -> tuple[int, str | None]:
    """The spaces a running horse moves by this card, and the card effect that set them."""
    effects = race.effects(horse)
    spaces = spaces_from_card(card, race.odds[horse])
    if "last_moves_4" in effects and vigor_ferreum_acts(race) and is_last(race, horse, among):
        return VIGOR_SPACES, "last_moves_4"
    if "first_stays" in effects and felix_infernalis_acts(race) and is_first(race, horse, among):
        return 0, "first_stays"
    if is_start(race):
        used = sorted(effects & START_EFFECTS)
        return start_spaces(spaces, effects), ("+".join(used) if used else None)
    return spaces, None


def move_with_line_cards(position: int, spaces: int, effects: set[str], finish: int) -> tuple[int, str | None]:
    """XIII and Fustis et Radix act on the card's move only, before the sprint (HF-INT-10)."""
    target = position + spaces
    if position < finish <= target:
        # HF-ACT-13: XIII - the horse stops on the finish line and loses the rest of the card's move
        if xiii_acts("stops_on_line" in effects):
            return finish, "stops_on_line"
        # HF-ACT-6: Fustis et Radix - on reaching the finish line the horse moves 2 more spaces
        if fustis_et_radix_acts("line_plus_2" in effects):
            return target + fustis_et_radix_spaces(), "line_plus_2"
    return target, None


# HF-ACT-13 (the horse): XIII, «stops on the finish line (extra movement lost)»: the horse that holds
# the card, and no other. Given whether the horse holds it: the card's tag stays looked for in
# move_with_line_cards, beside Fustis et Radix's, so that one line card read as the other there is
# a misreading of that card (counterfactual.tag_alterations)
def xiii_acts(holds_the_card: bool) -> bool:
    return holds_the_card


# HF-ACT-6 (the horse): Fustis et Radix, «on reaching the finish line, 2 more spaces»: the horse that
# holds the card, and no other (its tag looked for in move_with_line_cards, as XIII's)
def fustis_et_radix_acts(holds_the_card: bool) -> bool:
    return holds_the_card


# HF-ACT-6 (2 more): Fustis et Radix, «2 more spaces before the sprint dice»: the spaces the horse
# moves on from where the card's move took it, past the line
def fustis_et_radix_spaces() -> int:
    return FUSTIS_SPACES
