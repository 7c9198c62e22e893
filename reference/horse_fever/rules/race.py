"""La carrera and Rondas de carrera: a race round (HF-RACE-2) is the movement card (HF-MOVE-1..4),
then the sprint dice (HF-SPRINT-*), then the horses that finished enter the ranking (HF-RANK-1..5)."""

from __future__ import annotations

from typing import Any

from reference.core.errors import IllegalAction, InputError

from . import movement, ranking, sprint
from .components import COLOURS, MovementCard, movement_cards, parse_colour, parse_movement_card, shorten
from .log import Log
from .options import Options
from .state import Race


# HF-SETUP-10: every horse stands at the start of its own lane (again each round, HF-END-1)
def new_race(odds: dict[str, int]) -> Race:
    return Race(odds=dict(odds), odds_before_cards=dict(odds), positions={c: 0 for c in COLOURS})


def check_race_can_go_on(race: Race, field: str) -> None:
    if not race.revealed:
        raise IllegalAction(field, "the action cards are revealed before the first race round", "HF-REVEAL-1")
    # HF-RANK-4: another race round is played only while a horse has not crossed the line
    if race.is_over():
        raise IllegalAction(field, "every horse is in the ranking; the race is over", "HF-RANK-6")


# HF-MOVE-1: the first player reveals the top card of the movement deck
def check_movement_card(race: Race, value: Any, field: str) -> MovementCard:
    """A card already revealed from this deck cannot come again; HF-INT-14: after all 23, a
    fresh deck follows."""
    card = parse_movement_card(value, field)
    deck_size = len(movement_cards())
    this_deck = race.movement_seen[len(race.movement_seen) - len(race.movement_seen) % deck_size:]
    if card.number in this_deck:
        raise IllegalAction(field, f"movement card {card.number} was already revealed from this deck",
                            "HF-MOVE-1")
    return card


# HF-TABLE-4: each of the two sprint dice shows one of the six stable colours
def check_dice(value: Any, field: str) -> tuple[str, str]:
    if not_the_two_dice(value):
        raise InputError(field, f"{shorten(value)}: give both sprint dice as two colours, e.g. [red, blue]",
                         "HF-MOVE-4")
    return (parse_colour(value[0], f"{field}[0]", "HF-TABLE-4"), parse_colour(value[1], f"{field}[1]", "HF-TABLE-4"))


# HF-TABLE-4 (two dice): «Sprint dice: two dice, each face one of the six stable colours»: a roll
# that is not a list of two faces is not a roll of the two sprint dice
def not_the_two_dice(value: Any) -> bool:
    return not isinstance(value, list) or len(value) != 2


def check_photo(value: Any, field: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(field, "the first player's photo-finish order is a list of colours", "HF-PHOTO-2")
    return [parse_colour(c, f"{field}[{i}]") for i, c in enumerate(value)]


# HF-RACE-2: a race round is the reveal of one movement card followed by a roll of the sprint dice
def resolve_round(race: Race, card: MovementCard, dice: tuple[str, str], options: Options
                  ) -> tuple[dict[str, int], list[tuple[str, str, dict]], list[str]]:
    """The positions after a race round, its events, and the horses that finished in it.
    Nothing in the race changes here."""
    positions = dict(race.positions)
    events: list[tuple[str, str, dict]] = [("movement_card", "HF-MOVE-1",
                                            {"card": card.number, "start": movement.is_start(race)})]
    move_by_card(race, card, options, positions, events)
    # HF-MOVE-4: after every horse has moved, both sprint dice are rolled and applied
    double = sprint.shows_one_colour(dice)
    roll_sprints(race, dice, double, options, positions, events)
    # HF-RANK-1: at the end of the race round every horse on or past the line has finished
    finished = [h for h in race.running() if finished_at_round_end(positions, h)]
    return positions, events, finished


# HF-RANK-1 (at the round's end): «Al final de cada ronda de carrera, compruebe si hay peones de
# caballos que hayan alcanzado o cruzado la línea de meta. Si es así, se considerará que han
# "terminado"»: a running horse the check finds on or past the line, where the round left it, has
# finished, and no other
def finished_at_round_end(positions: dict[str, int], horse: str) -> bool:
    return ranking.has_finished(positions[horse])


def roll_sprints(race: Race, dice: tuple[str, str], double: bool, options: Options, positions: dict[str, int],
                 events: list[tuple[str, str, dict]]) -> None:
    """The sprint dice applied to the horses they show, into `positions` and `events`: who sprints
    (HF-SPRINT-1/2), a lost sprint (HF-SPRINT-3), the spaces with the cards (HF-INT-10). Apart
    from HF-RACE-2's round, whose decision is only the order of card and dice, so that a
    misreading of the sprints is charged to the sprint rules' own decisions."""
    at_the_line = [h for h in race.running() if ranking.has_finished(positions[h])]
    for horse in sprint.sprinting_horses(dice, at_the_line):
        if sprint.sprint_is_lost(race, horse):
            events.append(("sprint_lost", "HF-SPRINT-3", {"horse": horse}))
            continue
        spaces = sprint.sprint_spaces(race.effects(horse))
        if double:                                   # HF-SPRINT-2 / HF-INT-10
            spaces = sprint.double_sprint_spaces(spaces, options.double_sprint)
        positions[horse] += spaces
        events.append(("sprint", "HF-SPRINT-2" if double else "HF-SPRINT-1",
                       {"horse": horse, "spaces": spaces, "double": double}))
        events.extend(("sprint_card", SPRINT_CLAUSES[e], {}) for e in sorted(race.effects(horse) & set(SPRINT_CLAUSES)))


# HF-MOVE-3: the moves are simultaneous - each is worked out from the positions when the card is
# revealed, then every running horse moves its own
def move_by_card(race: Race, card: MovementCard, options: Options, positions: dict[str, int],
                 events: list[tuple[str, str, dict]]) -> None:
    """The card's move of every running horse, into `positions` and `events` (the line cards
    act on it, HF-ACT-6/13)."""
    finish = ranking.finish_line()
    moves = {h: movement.card_spaces(race, h, card, options.first_last_among) for h in race.running()}
    for horse, (spaces, effect) in moves.items():
        positions[horse], line = movement.move_with_line_cards(race.positions[horse], spaces, race.effects(horse),
                                                               finish)
        record_move(race, card, horse, positions, line or effect, events)


# HF-MOVE-3 (the moves shown): «todos los movimientos se consideran simultáneos»: each running horse's
# move by the card goes on the round's record, with the card's number for its odds and the card that
# changed the move, if one did
def record_move(race: Race, card: MovementCard, horse: str, positions: dict[str, int], by: str | None,
                events: list[tuple[str, str, dict]]) -> None:
    events.append(("moved", MOVE_CLAUSES.get((by or "").split("+")[0], "HF-MOVE-2"),
                   {"horse": horse, "spaces": positions[horse] - race.positions[horse],
                    "card_value": card.spaces(race.odds[horse]), "by": by}))


def photo_ties(race: Race, card_value: Any, dice_value: Any, options: Options) -> list[list[str]]:
    """The groups the first player would have to order in this race round (for players and tools).
    The round so worked out is kept on the race (foreseen_round): a player who asks, then plays
    that very round, has it resolved once."""
    card = parse_movement_card(card_value, "race.card")
    dice = check_dice(dice_value, "race.dice")
    resolved = resolve_round(race, card, dice, options)
    race.foreseen = (race.copy(), card, dice, options, resolved)
    positions, _, finished = resolved
    return ranking.ties_for_the_first_player(race, positions, finished)


def foreseen_round(race: Race, card: MovementCard, dice: tuple[str, str], options: Options
                   ) -> tuple[dict[str, int], list[tuple[str, str, dict]], list[str]]:
    """resolve_round, or the resolution photo_ties made of this same round: the same card, dice
    and options on a race unchanged since (every field equal). Taken once, whichever it is."""
    foreseen = race.__dict__.pop("foreseen", None)
    if foreseen is not None and foreseen[:4] == (race, card, dice, options):
        return foreseen[4]
    return resolve_round(race, card, dice, options)


def race_round(race: Race, card_value: Any, dice_value: Any, photo_value: Any, options: Options,
               log: Log, field: str = "race") -> None:
    """One race round, checked in full before the race changes."""
    check_race_can_go_on(race, field)
    card = check_movement_card(race, card_value, f"{field}.card")
    dice = check_dice(dice_value, f"{field}.dice")
    photo = check_photo(photo_value, f"{field}.photo")
    start = movement.is_start(race)
    held_back = bool(race.ranking)          # HF-RANK-5 decides only when a ranked horse stays put
    positions, events, finished = foreseen_round(race, card, dice, options)
    order = ranking.arrival_order(race, positions, finished, photo, field)

    race.positions = positions
    race.movement_seen.append(card.number)
    race.rounds_played += 1
    for type_, clause, fields in events:
        if type_ == "sprint_card":           # a card that changed a sprint: a decision, not an event
            log.rule(clause)
        else:
            log.event(type_, clause, **fields)
    log.rule("HF-RACE-2", "HF-MOVE-2", "HF-MOVECARD-1", "HF-MOVE-3", "HF-MOVE-4", "HF-TABLE-4")
    if start:
        log.rule("HF-START-1")
    if held_back:
        log.rule("HF-RANK-5")
    for horse in order:
        # HF-RANK-2: finished horses enter the ranking in finishing order - places 1, 2, 3 ...
        ranking.enter_ranking(race, horse)
        log.event("finished", "HF-RANK-2", horse=horse, place=len(race.ranking), position=positions[horse],
                  past_line=ranking.spaces_past_line(positions[horse]))
    if order:
        log.rule("HF-RANK-1", "HF-FINISH-1", "HF-TABLE-3")
    if len(order) > 1:
        log.rule("HF-RANK-3", *ranking.arrival_decisions(race, positions, order))
    if race.is_over():
        log.event("race_over", "HF-RANK-6", ranking=list(race.ranking))
        log.rule("HF-RACE-1")
    else:
        log.rule("HF-RANK-4")


SPRINT_CLAUSES = {
    "never_sprints": "HF-ACT-10",
    "sprint_moves_2": "HF-ACT-4",
    "sprint_minus_1": "HF-ACT-11",
    "sprint_plus_1": "HF-ACT-3",
}
MOVE_CLAUSES = {
    "start_minus_1": "HF-ACT-9",
    "start_moves_0": "HF-ACT-8",
    "start_moves_4": "HF-ACT-1",
    "start_plus_1": "HF-ACT-2",
    "last_moves_4": "HF-ACT-7",
    "first_stays": "HF-ACT-14",
    "stops_on_line": "HF-ACT-13",
    "line_plus_2": "HF-ACT-6",
}
