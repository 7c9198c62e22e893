"""A player's turn: legal actions, placing, continuing, drawing, passing, blocking.

One function per rule block of the text, in the order the text gives them:
DOM-OPEN-3 (the opening), DOM-PLACE-1/2 (joining), DOM-PTS-1..4 (points after every
placement), DOM-CONT-1..5 (continuing), DOM-DRAW-1..4 (drawing), DOM-PASS-1 (passing),
DOM-BLOCK-1 (the blocked round).
"""

from __future__ import annotations

from reference.core.errors import IllegalAction
from reference.core.log import StepLog

from .actions import Action, Draw, Pass, Place, Stop, action_sort_key
from .layout import BRANCH_A, BRANCH_B, LINE_A, LINE_B, Layout, Point
from .match import end_match_by_placement, end_round_blocked, end_round_by_domino, record_points
from .scoring import placement_points
from .state import AWAITING_DEAL, OVER, PLACE_DRAWN, PLAY, MatchState
from .tiles import Tile, is_double, tile_str


# -- what may be placed ------------------------------------------------------------------

def offered_points(layout: Layout, symmetric_points: str) -> list[Point]:
    """The attachment points a move may name (DOM-INT-2 decides whether twins are distinct)."""
    points = layout.attachment_points()
    if symmetric_points == "distinct":
        return points
    free = set(points)
    twins = {LINE_B: LINE_A, BRANCH_B: BRANCH_A}
    return [p for p in points if not (p.side in twins and Point(p.tile, twins[p.side]) in free)]


def legal_placements(layout: Layout, tiles: list[Tile], symmetric_points: str = "distinct") -> list[Place]:
    """DOM-OPEN-3: any tile opens an empty layout; DOM-PLACE-1: otherwise a half must match."""
    if layout.is_empty():
        return sorted({Place(tile) for tile in tiles}, key=action_sort_key)
    points = offered_points(layout, symmetric_points)
    moves = [Place(tile, point) for tile in set(tiles) for point in points if point.value in tile]
    return sorted(moves, key=action_sort_key)


def can_place(layout: Layout, tiles: list[Tile]) -> bool:
    if layout.is_empty():
        return bool(tiles)
    values = {point.value for point in layout.attachment_points()}
    return any(tile[0] in values or tile[1] in values for tile in tiles)


def legal_actions(match: MatchState) -> list[Action]:
    if match.phase in (OVER, AWAITING_DEAL):
        return []
    r = match.round
    if match.phase == PLACE_DRAWN:
        # DOM-DRAW-3: only the tile just drawn, at any point it fits.
        return legal_placements(r.layout, [r.drawn_tile], match.options.symmetric_points)
    actions: list[Action] = legal_placements(r.layout, r.hands[r.to_play], match.options.symmetric_points)
    if not actions:
        # DOM-DRAW-1/2 and DOM-PASS-1: draw while the pile lasts, pass only when it is empty.
        actions = [Draw()] if r.draw_pile else [Pass()]
    if r.continuing and match.options.continuation == "optional":
        actions.append(Stop())
    return actions


# -- applying an action --------------------------------------------------------------------

def play(match: MatchState, action: Action, log: StepLog, field: str = "action") -> None:
    """Apply one action of the player to act. `field` locates the action in the input:
    errors about the tile point at `field.place`, about the attachment point at `field.at`."""
    if match.phase == OVER:
        raise IllegalAction(field, "the match is over; no further action", "DOM-MATCH-2")
    if match.phase == AWAITING_DEAL:
        raise IllegalAction(field, "the round is over; the next step must be a deal", "DOM-END-1")
    if isinstance(action, Place):
        place(match, action, log, field)
    elif isinstance(action, Draw):
        draw(match, log, field)
    elif isinstance(action, Pass):
        pass_turn(match, log, field)
    elif isinstance(action, Stop):
        stop(match, log, field)
    else:  # pragma: no cover - parse_action only makes the four kinds
        raise IllegalAction(field, f"unknown action {action!r}")


def place(match: MatchState, action: Place, log: StepLog, field: str) -> None:
    r = match.round
    seat = r.to_play
    tile = action.tile
    from_draw = match.phase == PLACE_DRAWN
    if from_draw and tile != r.drawn_tile:
        raise IllegalAction(f"{field}.place", f"seat {seat} just drew {tile_str(r.drawn_tile)} and must place it now; "
                            "it cannot be replaced by another tile", "DOM-DRAW-3")
    if tile not in r.hands[seat]:
        raise IllegalAction(f"{field}.place", f"seat {seat} does not hold {tile_str(tile)}; the hand is "
                            + " ".join(tile_str(t) for t in r.hands[seat]), "DOM-PLACE-1")
    opening = r.layout.is_empty()
    if opening:
        if action.at is not None:
            raise IllegalAction(f"{field}.at", "the layout is empty: the opening tile joins nothing, "
                                "so give no 'at'", "DOM-OPEN-3")
        r.layout.open_with(tile, f"{field}.place")                       # DOM-OPEN-3
    else:
        if action.at is None:
            raise IllegalAction(f"{field}.at", "name the attachment point, e.g. 'at: 4|4 line_b'",
                                "DOM-PLACE-1")
        if match.options.symmetric_points == "canonical" and action.at in r.layout.attachment_points() \
                and action.at not in offered_points(r.layout, "canonical"):
            raise IllegalAction(f"{field}.at", f"with symmetric_points: canonical the twin of {action.at} "
                                "is offered instead", "DOM-INT-2")
        r.layout.attach(tile, action.at, f"{field}.at", f"{field}.place")  # DOM-PLACE-1/2
    r.hands[seat].remove(tile)
    r.drawn_tile = None
    r.last_placer = seat
    match.phase = PLAY

    # DOM-PTS-1..4: score every placement, the opening and the last tile included.
    end_sum = r.layout.end_sum()
    points = placement_points(end_sum)
    log.rule("DOM-PLACE-2")
    log.event("placed", "DOM-PLACE-1", player=seat, tile=tile_str(tile),
              at=str(action.at) if action.at else None, source="draw" if from_draw else "hand",
              end_sum=end_sum, raw=points.raw, displayed=points.displayed)
    log.rule(*r.layout.applied_clauses(), "DOM-PTS-2" if points.raw else "DOM-PTS-3")
    if opening:
        log.rule("DOM-OPEN-3", "DOM-OPEN-4")
    record_points(match, seat, points.displayed, log)

    # DOM-CONT-5: the end of the match, then of the round, comes before anything else.
    if end_match_by_placement(match, seat, log):
        return
    if not r.hands[seat]:
        end_round_by_domino(match, seat, log)
        return

    if from_draw:
        # DOM-DRAW-4: the drawn tile always ends the turn, even a double or a scoring tile.
        end_turn(match, "drawn_tile", "DOM-DRAW-4", log)
        log.rule("DOM-CONT-6")
    else:
        reason = continuation_reason(tile, points.raw)
        if reason and opening and not match.options.opening_continues:
            end_turn(match, "opening_tile", "DOM-INT-4", log)
        elif reason:
            continue_turn(match, reason, log)
        else:
            # DOM-CONT-4: a non-double that does not score ends the turn.
            end_turn(match, "non_scoring_tile", "DOM-CONT-4", log)
    settle_if_blocked(match, log)


def continuation_reason(tile: Tile, raw_points: int) -> str | None:
    """DOM-CONT-1/2: a double or a scoring tile from hand continues the turn (one continuation)."""
    if is_double(tile) and raw_points:
        return "double_and_scored"
    if is_double(tile):
        return "double"
    if raw_points:
        return "scored"
    return None


def continue_turn(match: MatchState, reason: str, log: StepLog) -> None:
    """DOM-CONT-1..3: the same player places again, under the must-play rule."""
    r = match.round
    r.continuing = True
    log.event("continued", "DOM-CONT-2" if reason == "double_and_scored" else "DOM-CONT-1",
              player=r.to_play, reason=reason)
    log.rule("DOM-CONT-3")
    if match.options.continuation_when_unable == "end_turn" and not can_place(r.layout, r.hands[r.to_play]):
        end_turn(match, "no_placement_to_continue", "DOM-INT-1", log)


def end_turn(match: MatchState, reason: str, clause: str, log: StepLog) -> None:
    """DOM-TURN-1: play passes clockwise."""
    r = match.round
    player = r.to_play
    r.continuing = False
    r.to_play = match.seating.next_clockwise(player)
    log.event("turn_ended", clause, player=player, reason=reason, next=r.to_play)
    log.rule("DOM-TURN-1")


def require_no_placement(match: MatchState, field: str) -> None:
    """Drawing and passing come only after the drawn tile is placed (DOM-DRAW-3) and only
    for a player who cannot place (DOM-DRAW-1)."""
    r = match.round
    seat = r.to_play
    if match.phase == PLACE_DRAWN:
        raise IllegalAction(field, f"seat {seat} must first place the drawn tile {tile_str(r.drawn_tile)}",
                            "DOM-DRAW-3")
    moves = legal_placements(r.layout, r.hands[seat], match.options.symmetric_points)
    if moves:
        raise IllegalAction(field, f"seat {seat} can place ({moves[0]}) and must play; drawing or passing "
                            "instead is not allowed", "DOM-DRAW-1")


def draw(match: MatchState, log: StepLog, field: str) -> None:
    require_no_placement(match, f"{field}.draw")
    r = match.round
    seat = r.to_play
    if not r.draw_pile:
        raise IllegalAction(f"{field}.draw", "the draw pile is empty; the player passes", "DOM-PASS-1")
    # DOM-DRAW-2: one tile at a time, from the top.
    tile = r.draw_pile.pop(0)
    r.hands[seat].append(tile)
    playable = can_place(r.layout, [tile])
    log.event("drew", "DOM-DRAW-2", player=seat, tile=tile_str(tile), playable=playable)
    if playable:
        # DOM-DRAW-3: the first playable tile must be placed at once.
        match.phase = PLACE_DRAWN
        r.drawn_tile = tile
        log.rule("DOM-DRAW-3")
    settle_if_blocked(match, log)


def pass_turn(match: MatchState, log: StepLog, field: str) -> None:
    require_no_placement(match, f"{field}.pass")
    r = match.round
    if r.draw_pile:
        raise IllegalAction(f"{field}.pass", f"the draw pile still has {len(r.draw_pile)} tiles; the player must draw",
                            "DOM-PASS-1")
    # DOM-PASS-1: no legal placement and an empty pile.
    log.event("passed", "DOM-PASS-1", player=r.to_play)
    end_turn(match, "passed", "DOM-PASS-1", log)
    settle_if_blocked(match, log)


def stop(match: MatchState, log: StepLog, field: str) -> None:
    r = match.round
    if match.options.continuation != "optional":
        raise IllegalAction(f"{field}.stop", "continuing is compulsory under the default reading; 'stop' needs "
                            "options.continuation: optional", "DOM-INT-7")
    if not r.continuing or match.phase != PLAY:
        raise IllegalAction(f"{field}.stop", "only a continuing player may stop", "DOM-INT-7")
    end_turn(match, "stopped", "DOM-INT-7", log)
    settle_if_blocked(match, log)


def settle_if_blocked(match: MatchState, log: StepLog) -> None:
    """DOM-BLOCK-1: the round is blocked when the pile is empty and nobody can place."""
    if match.phase != PLAY:
        return
    r = match.round
    if r.draw_pile or any(can_place(r.layout, hand) for hand in r.hands):
        return
    end_round_blocked(match, log)
