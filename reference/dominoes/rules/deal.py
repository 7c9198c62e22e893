"""Starting a match and dealing a round (sections "Jugadores, fichas y puntuación" and
"Empezar la ronda")."""

from __future__ import annotations

from reference.core.errors import InputError

from .interpretations import DEFAULTS, Options
from .points import RAW_PER_DISPLAYED, TARGET
from .seating import DRAW_PILE_SIZE, HAND_SIZE, INDIVIDUAL, PARTNERSHIP, Seating
from .state import AWAITING_DEAL, PLAY, MatchState, RoundState
from .tiles import DOUBLE_SIX_SET, Tile, tile_str


def _shown(value: object) -> str:
    """A bad input value, repeated in a message at a bounded size."""
    if type(value) is int and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit number"
    if isinstance(value, (bool, int, str)) or value is None:
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return f"a {type(value).__name__}"


def new_match(players: int, mode: str = INDIVIDUAL, scores: list[int] | None = None,
              options: Options | None = None, field: str = "setup") -> MatchState:
    """A match of `players` in `mode` (`check_players`, DOM-SET-2), from the scores given for a
    match set up part-way (`given_scores`), under the options given or the default readings."""
    check_players(players, mode, field)
    seating = Seating(players, mode)
    return MatchState(seating=seating, scores=given_scores(seating, scores, field), options=options or DEFAULTS)


def check_players(players: int, mode: str, field: str) -> None:
    # DOM-SET-2: individual play with 2, 3 or 4 players, or 4 players in two partnerships.
    if type(players) is not int or players not in HAND_SIZE:
        raise InputError(f"{field}.players", f"{_shown(players)} players; the game is for 2, 3 or 4", "DOM-SET-2")
    if mode not in (INDIVIDUAL, PARTNERSHIP):
        raise InputError(f"{field}.mode", f"unknown mode {_shown(mode)}; use individual or partnership",
                         "DOM-SET-2")
    if mode == PARTNERSHIP and players != 4:
        raise InputError(f"{field}.players", "partnership play is for exactly 4 players", "DOM-SET-2")


def given_scores(seating: Seating, scores: list[int] | None, field: str) -> list[int]:
    """The scores the match starts from: none given, zero for every side; else one whole number
    per side (DOM-SET-4), each below the target, as in a match still being played (DOM-MATCH-2).
    A setup's input, checked; the rules that decide them are in seating.py and match.py."""
    if scores is None:
        return [0] * seating.sides
    if not isinstance(scores, list):
        raise InputError(f"{field}.scores", f"{_shown(scores)}: scores are a list, one per side", "DOM-SET-4")
    if len(scores) != seating.sides:
        pair = seating.mode == PARTNERSHIP
        raise InputError(f"{field}.scores", f"{len(scores)} scores given; {seating.mode} play with "
                         f"{seating.players} players keeps {seating.sides} (one per {'pair' if pair else 'player'})",
                         "DOM-SET-4")
    for side, score in enumerate(scores):
        if type(score) is not int or score < 0 or score >= TARGET:
            raise InputError(f"{field}.scores[{side}]", f"{_shown(score)}: a score in a match still being played "
                             f"is a whole number from 0 to {TARGET - 1}", "DOM-MATCH-2")
    if given_in_displayed_points():
        return list(scores)
    return [score // RAW_PER_DISPLAYED for score in scores]    # never: the misreading the rule rules out


def given_in_displayed_points() -> bool:
    # DOM-SCORE-1 (given scores): «los puntos de juego de esta guía son puntos mostrados»: a setup's
    # scores are displayed points, taken as given (30 is 30 of the 61), not raw points to be turned
    # into displayed ones (30 raw would be 6).
    return True


def check_deal(seating: Seating, hands: list[list[Tile]], draw_pile: list[Tile], field: str) -> None:
    """The deal is the whole double-six set (DOM-SET-1), in the sizes of DOM-DEAL-2/3."""
    if len(hands) != seating.players:
        raise InputError(f"{field}.hands", f"{len(hands)} hands for {seating.players} players", "DOM-DEAL-2")
    size = HAND_SIZE[seating.players]
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise InputError(f"{field}.hands[{seat}]", f"{len(hand)} tiles; with {seating.players} players "
                             f"each hand has {size}", "DOM-DEAL-2")
    if len(draw_pile) != DRAW_PILE_SIZE[seating.players]:
        raise InputError(f"{field}.draw_pile", f"{len(draw_pile)} tiles; with {seating.players} players the "
                         f"draw pile has {DRAW_PILE_SIZE[seating.players]}", "DOM-DEAL-3")
    check_distinct(hands + [draw_pile], field, ["hands"] * len(hands) + ["draw_pile"])
    missing = set(DOUBLE_SIX_SET) - {t for group in hands + [draw_pile] for t in group}
    if missing:
        raise InputError(field, "the deal leaves out " + ", ".join(tile_str(t) for t in sorted(missing)),
                         "DOM-SET-1")


def check_distinct(groups: list[list[Tile]], field: str, names: list[str]) -> None:
    """28 distinct tiles (DOM-SET-1); name the second place a tile appears."""
    every = [tile for group in groups for tile in group]
    if len(set(every)) == len(every):
        return                                       # no tile twice: nothing to name
    seen: dict[Tile, tuple[str, int]] = {}           # tile -> (group label, index): where first
    seat = 0
    for group, name in zip(groups, names):
        label = f"{field}.{name}[{seat}]" if name == "hands" else f"{field}.{name}"
        for index, tile in enumerate(group):
            if tile in seen:
                first_label, first_index = seen[tile]
                raise InputError(f"{label}[{index}]", f"{tile_str(tile)} appears twice (first at "
                                 f"{first_label}[{first_index}]); the set has one of each tile", "DOM-SET-1")
            seen[tile] = (label, index)
        if name == "hands":
            seat += 1


def deal_round(match: MatchState, hands: list[list[Tile]], draw_pile: list[Tile],
               opener: int | None, log, field: str = "deal") -> None:
    """Start a round from an explicit deal."""
    if match.phase != AWAITING_DEAL:
        raise InputError(field, "a new deal comes only after a round has ended", "DOM-END-1")
    # DOM-DEAL-1: the tiles are shuffled before every deal; here the shuffle is a chance input,
    # so the deal arrives written out (hands and draw pile in order) and is only checked.
    check_deal(match.seating, hands, draw_pile, field)
    if match.next_opener is not None:
        # The player of the last tile opens (DOM-OPEN-5, fixed by match.opener_after_domino);
        # the deal may restate that seat but not change it.
        if opener is not None and opener != match.next_opener:
            raise InputError(f"{field}.opener", f"seat {match.next_opener} played the last tile and opens "
                             f"this round, not seat {_shown(opener)}", "DOM-OPEN-5")
        opener = match.next_opener
        log.rule("DOM-OPEN-5")
    elif match.round_number == 0:
        # DOM-OPEN-1: a neutral draw picks the opener of the first round (the drawn seat is input).
        opener = drawn_opener(opener, "DOM-OPEN-1", field, log)
    else:
        # After a blocked round a new neutral draw picks the opener (DOM-OPEN-6, decided by
        # match.opener_redrawn_after_block: the blocked round fixed no seat).
        opener = drawn_opener(opener, "DOM-OPEN-6", field, log)
    if type(opener) is not int or not 0 <= opener < match.seating.players:
        raise InputError(f"{field}.opener", f"{_shown(opener)} is not a seat (0 to {match.seating.players - 1})")
    match.round = RoundState(hands=[list(h) for h in hands], draw_pile=list(draw_pile),
                             opener=opener, to_play=opener)
    match.round_number += 1
    match.phase = PLAY
    match.next_opener = None
    log.event("round_started", "DOM-DEAL-2", round=match.round_number, opener=opener)
    log.rule("DOM-DEAL-3")


def drawn_opener(opener: int | None, clause: str, field: str, log) -> int:
    # DOM-OPEN-2: neither the tiles dealt nor the order they were taken gives a right to open:
    # only the neutral draw's seat counts, and the hands are not consulted.
    if opener is None:
        raise InputError(f"{field}.opener", "the opener of this round comes from a neutral draw: give "
                         "the drawn seat as 'opener'", clause)
    log.rule(clause, "DOM-OPEN-2")
    return opener
