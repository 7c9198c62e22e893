"""The match around the rounds: deals, scores, the 61 target, round ends and the next opener."""

from __future__ import annotations

from collections import Counter

from reference.core.errors import InputError
from reference.core.log import StepLog

from .options import DEFAULTS, Options
from .scoring import TARGET
from .seating import DRAW_PILE_SIZE, HAND_SIZE, INDIVIDUAL, PARTNERSHIP, Seating
from .settlement import Settlement, settle_blocked_round, settle_domino_round
from .state import AWAITING_DEAL, OVER, PLAY, MatchState, RoundState
from .tiles import DOUBLE_SIX_SET, Tile, tile_str


def new_match(players: int, mode: str = INDIVIDUAL, scores: list[int] | None = None,
              options: Options | None = None, field: str = "setup") -> MatchState:
    """DOM-SET-2: 2, 3 or 4 individual players, or 4 in two fixed pairs."""
    if players not in HAND_SIZE:
        raise InputError(f"{field}.players", f"{players} players; the game is for 2, 3 or 4", "DOM-SET-2")
    if mode not in (INDIVIDUAL, PARTNERSHIP):
        raise InputError(f"{field}.mode", f"unknown mode '{mode}'; use individual or partnership", "DOM-SET-2")
    if mode == PARTNERSHIP and players != 4:
        raise InputError(f"{field}.players", "partnership play is for exactly 4 players", "DOM-SET-2")
    seating = Seating(players, mode)
    if scores is None:
        scores = [0] * seating.sides
    if len(scores) != seating.sides:
        raise InputError(f"{field}.scores", f"{len(scores)} scores given; {mode} play with {players} "
                         f"players keeps {seating.sides} (one per {'pair' if mode == PARTNERSHIP else 'player'})",
                         "DOM-SET-4")
    for side, score in enumerate(scores):
        if not isinstance(score, int) or score < 0 or score >= TARGET:
            raise InputError(f"{field}.scores[{side}]", f"{score!r}: a score in a match still being played "
                             f"is a whole number from 0 to {TARGET - 1}", "DOM-MATCH-2")
    return MatchState(seating=seating, scores=list(scores), options=options or DEFAULTS)


def check_deal(seating: Seating, hands: list[list[Tile]], draw_pile: list[Tile], field: str) -> None:
    """DOM-SET-1, DOM-DEAL-2/3: the deal is the whole double-six set, in the right sizes."""
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
    """DOM-SET-1: 28 distinct tiles; name the second place a tile appears."""
    seen: dict[Tile, str] = {}
    seat = 0
    for group, name in zip(groups, names):
        label = f"{field}.{name}[{seat}]" if name == "hands" else f"{field}.{name}"
        for index, tile in enumerate(group):
            where = f"{label}[{index}]"
            if tile in seen:
                raise InputError(where, f"{tile_str(tile)} appears twice (first at {seen[tile]}); "
                                 "the set has one of each tile", "DOM-SET-1")
            seen[tile] = where
        if name == "hands":
            seat += 1


def deal_round(match: MatchState, hands: list[list[Tile]], draw_pile: list[Tile],
               opener: int | None, log: StepLog, field: str = "deal") -> None:
    """DOM-DEAL-1..3 and DOM-OPEN-1/5/6: start a round from an explicit deal."""
    if match.phase != AWAITING_DEAL:
        raise InputError(field, "a new deal comes only after a round has ended", "DOM-END-1")
    check_deal(match.seating, hands, draw_pile, field)
    if match.next_opener is not None:
        # DOM-OPEN-5: the player of the last tile opens; the deal may restate it but not change it.
        if opener is not None and opener != match.next_opener:
            raise InputError(f"{field}.opener", f"seat {match.next_opener} played the last tile and opens "
                             f"this round, not seat {opener}", "DOM-OPEN-5")
        opener = match.next_opener
        log.rule("DOM-OPEN-5")
    elif opener is None:
        rule = "DOM-OPEN-1" if match.round_number == 0 else "DOM-OPEN-6"
        raise InputError(f"{field}.opener", "the opener of this round comes from a neutral draw: give "
                         "the drawn seat as 'opener'", rule)
    else:
        log.rule("DOM-OPEN-1" if match.round_number == 0 else "DOM-OPEN-6")
    if not isinstance(opener, int) or not 0 <= opener < match.seating.players:
        raise InputError(f"{field}.opener", f"{opener!r} is not a seat (0 to {match.seating.players - 1})")
    match.round = RoundState(hands=[list(h) for h in hands], draw_pile=list(draw_pile),
                             opener=opener, to_play=opener)
    match.round_number += 1
    match.phase = PLAY
    match.next_opener = None
    log.event("round_started", "DOM-DEAL-2", round=match.round_number, opener=opener)


def record_points(match: MatchState, seat: int, displayed: int, log: StepLog) -> None:
    """DOM-MATCH-1: points are scored at once, to the player's side."""
    if displayed > 0:
        side = match.seating.side_of(seat)
        match.scores[side] += displayed
        log.event("scored", "DOM-MATCH-1", side=side, displayed=displayed, score=match.scores[side])


def reached_target(match: MatchState) -> list[int]:
    return [side for side, score in enumerate(match.scores) if score >= TARGET]


def end_match_by_placement(match: MatchState, seat: int, log: StepLog) -> bool:
    """DOM-MATCH-2/3: a placement that brings its side to 61 or more ends the match at once."""
    side = match.seating.side_of(seat)
    if match.scores[side] < TARGET:
        return False
    match.phase = OVER
    match.winners = [side]
    log.event("match_won", "DOM-MATCH-2", winners=[side], by="placement", scores=list(match.scores))
    return True


def apply_settlement(match: MatchState, settlement: Settlement, next_opener: int | None,
                     log: StepLog) -> None:
    """DOM-MATCH-4/5: all bonuses together; everyone at 61 or more shares the win."""
    for side in settlement.winners:
        match.scores[side] += settlement.bonus[side]
    log.rule("DOM-SETTLE-1", "DOM-SETTLE-2", "DOM-SETTLE-3", "DOM-MATCH-4")
    log.event("settlement", "DOM-SETTLE-5", kind=settlement.kind, hand_pips=settlement.hand_pips,
              side_pips=settlement.side_pips, winners=settlement.winners,
              counted_pips=settlement.counted_pips, bonus=settlement.bonus, scores=list(match.scores))
    winners = reached_target(match)
    if winners:
        match.phase = OVER
        match.winners = winners
        log.event("match_won", "DOM-MATCH-5", winners=winners, by="settlement", scores=list(match.scores))
        return
    match.phase = AWAITING_DEAL
    match.next_opener = next_opener
    log.event("next_opener", "DOM-OPEN-5" if next_opener is not None else "DOM-OPEN-6", seat=next_opener)


def end_round_by_domino(match: MatchState, seat: int, log: StepLog) -> None:
    """DOM-END-1: the last tile ends the round and wins it (the match check came first)."""
    side = match.seating.side_of(seat)
    log.event("round_won", "DOM-END-1", player=seat, side=side)
    settlement = settle_domino_round(match.seating, match.round.hands, seat)
    if match.seating.mode == PARTNERSHIP:
        log.rule("DOM-SETTLE-6")
    apply_settlement(match, settlement, next_opener=seat, log=log)


def end_round_blocked(match: MatchState, log: StepLog) -> None:
    """DOM-BLOCK-1..3: nobody can place and the pile is empty; lowest remaining sum wins."""
    log.event("round_blocked", "DOM-BLOCK-1")
    settlement = settle_blocked_round(match.seating, match.round.hands)
    log.rule("DOM-BLOCK-3" if match.seating.mode == PARTNERSHIP else "DOM-BLOCK-2")
    if len(settlement.winners) > 1:
        log.rule("DOM-TIE-2" if match.seating.mode == PARTNERSHIP else "DOM-TIE-1")
    apply_settlement(match, settlement, next_opener=None, log=log)


def tile_counts(match: MatchState) -> Counter:
    """Where every tile is (for conservation checks)."""
    r = match.round
    counts: Counter = Counter()
    for hand in r.hands:
        counts.update(hand)
    counts.update(r.draw_pile)
    counts.update(r.layout.tiles())
    return counts
