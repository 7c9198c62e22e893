"""La clasificación and Línea de meta y foto de llegada: the finish line (HF-FINISH-1,
HF-TABLE-3), arrival order (HF-FINISH-2, HF-RANK-3) and the photo finish (HF-PHOTO-1/2,
HF-ACT-5, HF-ACT-12)."""

from __future__ import annotations

from reference.core.errors import IllegalAction

from .components import tables
from .state import Race


# HF-TABLE-3: the finish line is the 12th space
def finish_line() -> int:
    return tables().finish_line


# HF-FINISH-1: a horse that reaches or crosses the finish line has finished
def has_finished(position: int) -> bool:
    return position >= finish_line()


# HF-RANK-2 (entering the ranking): finished horses enter the ranking in finishing order - places
# 1, 2, 3 ...: the horse takes the next place
def enter_ranking(race: Race, horse: str) -> None:
    race.ranking.append(horse)
    race.finished_in[horse] = race.rounds_played


# HF-RANK-3 (a place each): «su orden de colocación se determina siguiendo las reglas de Línea de
# Meta y Foto»: horses that finish in the same race round are put in order, each at a place of its
# own (HF-RANK-2: 1, 2, 3 ...); none shares the best place of its round
def places_shared_in_a_round() -> bool:
    return False


def place_of(race: Race, horse: str) -> int:
    """The horse's place in the ranking, as the payouts read it: its own, or (were places shared)
    the first of its round's; a horse ranked before the case's first step shares with none."""
    if places_shared_in_a_round():
        horse = next(h for h in race.ranking if race.finished_in.get(h, h) == race.finished_in.get(horse, horse))
    return race.ranking.index(horse) + 1


# HF-FINISH-2 (past the line): «Los cuadrados más allá de la línea de meta deben considerarse
# infinitos»: a finished horse stands as many spaces past the line as its position goes beyond it
def spaces_past_line(position: int) -> int:
    return position - finish_line()


def photo_card_rank(effects: set[str]) -> int:
    """The cards that decide a photo finish whatever the odds: 0 goes first, 2 goes last."""
    # HF-ACT-5: In Igni Veritas - the horse wins a photo finish even against better odds
    if "wins_photo_finish" in effects and in_igni_veritas_acts():
        return 0
    # HF-ACT-12: Mala Tempora - the horse loses a photo finish even against worse odds
    if "loses_photo_finish" in effects and mala_tempora_acts():
        return 2
    return 1


# HF-ACT-5 (whatever the odds): In Igni Veritas, «the horse wins a photo finish even against better
# odds»: a horse with the card goes before every horse level with it, whatever their odds
def in_igni_veritas_acts() -> bool:
    return True


# HF-ACT-12 (whatever the odds): Mala Tempora, «the horse loses a photo finish even against worse
# odds»: a horse with the card goes after every horse level with it, whatever their odds
def mala_tempora_acts() -> bool:
    return True


# HF-PHOTO-1: level horses - the stable with the better odds (smaller N) goes first
def photo_odds_order(race: Race, horse: str) -> int:
    return race.odds[horse]


def photo_finish_key(race: Race, horse: str) -> tuple[int, int]:
    return (photo_card_rank(race.effects(horse)), photo_odds_order(race, horse))


# HF-FINISH-2: further past the line arrives first; the spaces past the line never run out
def arrival_key(race: Race, positions: dict[str, int], horse: str) -> tuple:
    return (-positions[horse],) + photo_finish_key(race, horse)


# HF-PHOTO-2: horses still level at the same odds are ordered by the first player
def ties_for_the_first_player(race: Race, positions: dict[str, int], horses: list[str]) -> list[list[str]]:
    groups: dict[tuple, list[str]] = {}
    for horse in horses:
        groups.setdefault(arrival_key(race, positions, horse), []).append(horse)
    return [group for group in groups.values() if first_player_orders(group)]


# HF-PHOTO-2 (those horses): «el primer jugador decide el orden de clasificación de esos caballos»: a
# group of horses still level at the same odds, two or more; a horse level with none is no tie
def first_player_orders(group: list[str]) -> bool:
    return len(group) > 1


def check_photo_choice(race: Race, positions: dict[str, int], horses: list[str], photo: list[str],
                       field: str) -> None:
    """The first player's order names exactly the horses of the ties they decide (HF-PHOTO-2)."""
    ties = ties_for_the_first_player(race, positions, horses)
    tied = {h for group in ties for h in group}
    for index, horse in enumerate(photo):
        if horse not in tied:
            raise IllegalAction(f"{field}.photo[{index}]", f"{horse} is in no photo finish that the first "
                                "player decides (that needs equal distance past the line and equal odds)",
                                "HF-PHOTO-2")
        if photo.index(horse) != index:
            raise IllegalAction(f"{field}.photo[{index}]", f"{horse} is named twice", "HF-PHOTO-2")
    for group in ties:
        missing = [h for h in group if h not in photo]
        if missing:
            raise IllegalAction(f"{field}.photo", f"{' and '.join(group)} finish level at the same odds: the "
                                f"first player orders them; list them in 'photo'", "HF-PHOTO-2")


# HF-RANK-3: horses that finish in the same race round enter the ranking by the finish-line and photo rules
def arrival_order(race: Race, positions: dict[str, int], horses: list[str], photo: list[str],
                  field: str) -> list[str]:
    check_photo_choice(race, positions, horses, photo, field)
    return sorted(horses, key=lambda h: (arrival_key(race, positions, h),
                                         photo.index(h) if h in photo else 0))


def arrival_decisions(race: Race, positions: dict[str, int], order: list[str]) -> list[str]:
    """Which rules decided the order of horses finishing in one race round (for the step's record):
    distance past the line, then, among level horses, the photo-finish cards, the odds and the
    first player's choice."""
    decided = []
    if len({positions[h] for h in order}) > 1:
        decided.append("HF-FINISH-2")
    level: dict[int, list[str]] = {}
    for horse in order:
        level.setdefault(positions[horse], []).append(horse)
    for group in (g for g in level.values() if len(g) > 1):
        ranks = {h: photo_card_rank(race.effects(h)) for h in group}
        if any(r == 0 for r in ranks.values()):
            decided.append("HF-ACT-5")
        if any(r == 2 for r in ranks.values()):
            decided.append("HF-ACT-12")
        same_card = {}
        for horse in group:
            same_card.setdefault(ranks[horse], []).append(horse)
        for horses in (h for h in same_card.values() if len(h) > 1):
            odds = [photo_odds_order(race, h) for h in horses]
            if len(set(odds)) > 1:
                decided.append("HF-PHOTO-1")
            if len(set(odds)) < len(odds):
                decided.append("HF-PHOTO-2")
    return decided
