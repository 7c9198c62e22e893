"""A player's turn: the legal actions, and a placement with everything that follows it.

In the order of the text: validating the placement (DOM-DRAW-3, DOM-PLACE-1, DOM-INT-2),
changing the layout (DOM-OPEN-3, DOM-PLACE-1/2), scoring it (DOM-PTS-*, DOM-OPEN-4,
DOM-MATCH-1), the end of the match or round first (DOM-CONT-5), then the drawn-tile rule
or continuation (continuation.py). Drawing, passing, stopping and continuing each decide
whether the turn ends; `play` applies that decision (turn_order.py) and last looks for a
blocked round (drawing.py).
"""

from __future__ import annotations

from reference.core.errors import IllegalAction

from . import continuation, drawing, points, turn_order
from . import match as match_rules
from .layout import (BRANCH_A, BRANCH_B, LINE_A, LINE_B, Layout, Point, may_open_with, placement_decisions,
                     placements, point_at)
from .moves import Action, Draw, Pass, Place, Stop
from .points import PlacementPoints
from .state import AWAITING_DEAL, OVER, PLACE_DRAWN, PLAY, MatchState
from .tiles import Tile, tile_str
from .turn_order import EndTurn


# -- what may be done ----------------------------------------------------------------------

def offered_points(layout: Layout, symmetric_points: str) -> list[Point]:
    """The attachment points a move may name."""
    points_ = layout.attachment_points()
    if symmetric_points == "distinct":
        return points_
    # DOM-INT-2: with symmetric_points: canonical only the first of two free twin points
    # (line A/B, branch A/B of one double) is offered.
    free = set(points_)
    twins = {LINE_B: LINE_A, BRANCH_B: BRANCH_A}
    return [p for p in points_ if not (p.side in twins and point_at(p.tile, twins[p.side]) in free)]


def legal_placements(layout: Layout, tiles: list[Tile], symmetric_points: str = "distinct") -> list[Place]:
    """The placements of `tiles` (layout.placements), as moves, at the points offered."""
    offered = None if symmetric_points == "distinct" or layout.is_empty() \
        else offered_points(layout, symmetric_points)
    # Tiles in order, each at the points in listing order: the moves come out in action order
    # (`action_sort_key`), one per (tile, point).
    return [Place(tile, point) for tile, point in placements(layout, sorted(set(tiles)), offered)]


def legal_actions(match: MatchState, log=None) -> list[Action]:
    """The actions the player to act may take. With a `log` (a step's observation), the rules
    that offered or withheld something are recorded (`record_offer`)."""
    if match.phase in (OVER, AWAITING_DEAL):
        return []
    r = match.round
    if match.phase == PLACE_DRAWN:
        # Only the tile just drawn, at any point it fits (DOM-DRAW-3).
        if log is not None:
            log.rule("DOM-DRAW-3")
        return legal_placements(r.layout, [r.drawn_tile], match.options.symmetric_points)
    actions: list[Action] = legal_placements(r.layout, r.hands[r.to_play], match.options.symmetric_points)
    able = bool(actions)
    if drawing.may_draw(match, able):
        actions.append(Draw())
    if drawing.may_pass(match, able):
        actions.append(Pass())
    if continuation.may_stop(match):
        actions.append(Stop())
    if log is not None:
        record_offer(match, able, log)
    return actions


def record_offer(match: MatchState, able: bool, log) -> None:
    """What the offer of actions decided: a draw withheld from a player who can place (DOM-DRAW-1),
    a pass offered or withheld to one who cannot (DOM-PASS-1) and a draw offered to them while
    any tile is left in the pile (DOM-DEAL-3: every tile of the pile may be drawn), any tile offered on an empty
    layout (DOM-OPEN-3), a branch withheld or offered to a tile in hand that matches it
    (DOM-DBL-2, DOM-DBL-3), twin points folded (DOM-INT-2), a stop offered (DOM-INT-7)."""
    r = match.round
    if able and r.draw_pile:
        log.rule("DOM-DRAW-1")
    if not able:
        log.rule("DOM-PASS-1")
        if r.draw_pile:
            log.rule("DOM-DEAL-3")     # a draw offered while any tile is left: none is held back
    if r.layout.is_empty():
        log.rule("DOM-OPEN-3")
        return
    numbers = {n for tile in r.hands[r.to_play] for n in tile}
    for placed in r.layout.placed.values():
        tile = placed.tile
        if tile[0] != tile[1] or tile[0] not in numbers:
            continue
        if any(not placed.occupied(side) for side in (LINE_A, LINE_B)):
            log.rule("DOM-DBL-2")
            if match.options.symmetric_points != "distinct" and not placed.occupied(LINE_A) \
                    and not placed.occupied(LINE_B):
                log.rule("DOM-INT-2")
        elif not (placed.occupied(BRANCH_A) and placed.occupied(BRANCH_B)):
            log.rule("DOM-DBL-3")
            if match.options.symmetric_points != "distinct" and not placed.occupied(BRANCH_A) \
                    and not placed.occupied(BRANCH_B):
                log.rule("DOM-INT-2")
    if continuation.may_stop(match):
        log.rule("DOM-INT-7")


# -- applying an action --------------------------------------------------------------------

def play(match: MatchState, action: Action, log, field: str = "action") -> None:
    """Apply one action of the player to act, then what it decided about the turn, then see
    whether the round is blocked. `field` locates the action in the input: errors about the
    tile point at `field.place`, about the attachment point at `field.at`."""
    if match.phase == OVER:
        raise IllegalAction(field, "the match is over; no further action", "DOM-MATCH-2")
    if match.phase == AWAITING_DEAL:
        raise IllegalAction(field, "the round is over; the next step must be a deal", "DOM-END-1")
    if isinstance(action, Place):
        decision = place(match, action, log, field)
    elif isinstance(action, Draw):
        decision = drawing.draw(match, log, field)
    elif isinstance(action, Pass):
        decision = drawing.pass_turn(match, log, field)
    elif isinstance(action, Stop):
        decision = continuation.stop(match, log, field)
    else:  # pragma: no cover - the parsers only make the four kinds
        raise IllegalAction(field, f"unknown action {action!r}")
    if decision is not None:
        turn_order.end_turn(match, decision, log)
    drawing.settle_if_blocked(match, log)


def place(match: MatchState, action: Place, log, field: str) -> EndTurn | None:
    """A placement and what follows it; returns whether the turn ends."""
    r = match.round
    seat = r.to_play
    from_draw = match.phase == PLACE_DRAWN
    opening = r.layout.is_empty()
    check_tile_to_place(match, action, from_draw, field)
    if opening:
        open_layout(match, action, field)
    else:
        check_offered_point(match, action, field)
        r.layout.attach(action.tile, action.at, f"{field}.at", f"{field}.place")
    take_from_hand(match, action.tile)
    placement = score_placement(match, seat, action, opening, from_draw, log)
    if end_of_match_or_round(match, seat, log) and nothing_follows_the_end():
        return None
    if from_draw:
        return continuation.end_drawn_tile_turn(match, action.tile, placement.raw, log)
    return continuation.after_tile_from_hand(match, action.tile, placement.raw, opening, log)


def check_tile_to_place(match: MatchState, action: Place, from_draw: bool, field: str) -> None:
    """The tile must be the one just drawn (DOM-DRAW-3) and, in any case, in the hand."""
    r = match.round
    seat = r.to_play
    if from_draw and action.tile != r.drawn_tile:
        raise IllegalAction(f"{field}.place", f"seat {seat} just drew {tile_str(r.drawn_tile)} and must "
                            "place it now; it cannot be replaced by another tile", "DOM-DRAW-3")
    if action.tile not in r.hands[seat]:
        raise IllegalAction(f"{field}.place", f"seat {seat} does not hold {tile_str(action.tile)}; the hand is "
                            + " ".join(tile_str(t) for t in r.hands[seat]), "DOM-PLACE-1")


def open_layout(match: MatchState, action: Place, field: str) -> None:
    """The opening tile joins nothing; the tile must be one that may open (`may_open_with`:
    any tile, DOM-OPEN-3)."""
    if action.at is not None:
        raise IllegalAction(f"{field}.at", "the layout is empty: the opening tile joins nothing, "
                            "so give no 'at'", "DOM-OPEN-3")
    if not may_open_with(action.tile):
        raise IllegalAction(f"{field}.place", f"{tile_str(action.tile)} may not open the round", "DOM-OPEN-3")
    match.round.layout.open_with(action.tile, f"{field}.place")


def check_offered_point(match: MatchState, action: Place, field: str) -> None:
    """A placement names an attachment point the options offer (DOM-INT-2, `offered_points`)."""
    r = match.round
    if action.at is None:
        raise IllegalAction(f"{field}.at", "name the attachment point, e.g. 'at: 4|4 line_b'",
                            "DOM-PLACE-1")
    symmetric = match.options.symmetric_points
    if symmetric != "distinct" and action.at in r.layout.attachment_points() \
            and action.at not in offered_points(r.layout, symmetric):
        raise IllegalAction(f"{field}.at", f"with symmetric_points: {symmetric} the twin of {action.at} "
                            "is offered instead", "DOM-INT-2")


def take_from_hand(match: MatchState, tile: Tile) -> None:
    r = match.round
    r.hands[r.to_play].remove(tile)
    r.drawn_tile = None
    r.last_placer = r.to_play
    match.phase = PLAY


def score_placement(match: MatchState, seat: int, action: Place, opening: bool, from_draw: bool,
                    log) -> PlacementPoints:
    """The points of this placement, recorded at once (DOM-MATCH-1)."""
    r = match.round
    # Every placement is scored before the end of the round or match is looked at.
    last_tile = not r.hands[seat]
    end_sum = r.layout.end_sum()
    if (opening or last_tile) and not points.scored_like_any_placement(opening, last_tile):
        placement = PlacementPoints(raw=0, displayed=0)
    else:
        placement = points.placement_points(end_sum)
    shown = placement.displayed if points.award_shown_alone() else \
        match.scores[match.seating.side_of(seat)] + placement.displayed    # (read otherwise: the side's score)
    log.event("placed", "DOM-PLACE-1" if not opening else "DOM-OPEN-3", player=seat,
              tile=tile_str(action.tile), at=str(action.at) if action.at else None,
              source="draw" if from_draw else "hand", end_sum=end_sum, raw=placement.raw,
              displayed=shown)
    if log.keeps_clauses:                   # the record of the step's decisions (step_clauses)
        log.rule(*placement_decisions(r.layout, action.tile))
        log.rule(*points.placement_decisions(placement))
    if opening:
        log.rule("DOM-OPEN-4", "DOM-PTS-4")
    elif last_tile:
        log.rule("DOM-PTS-4")                  # the last tile is scored too
    match_rules.record_points(match, scoring_seat(match, seat, from_draw), placement.displayed, log)
    return placement


def scoring_seat(match: MatchState, seat: int, from_draw: bool) -> int:
    """The seat whose side a placement's points go to: the placer's, a drawn tile's included
    (`drawn_tile_scored_in_the_drawers_turn`)."""
    if from_draw and not drawn_tile_scored_in_the_drawers_turn():
        return match.seating.next_clockwise(seat)   # never: the turn read as passed before the drawn tile scores
    return seat


def drawn_tile_scored_in_the_drawers_turn() -> bool:
    # DOM-DRAW-4 (the drawer's placement): «Esa colocación termina tu turno»: the drawn tile is
    # placed, and scored as any placement, in the turn of the player who drew it; it is that
    # placement that ends the turn, so its points are the drawer's, not the next player's.
    return True


def end_of_match_or_round(match: MatchState, seat: int, log) -> bool:
    """Whether the placement ended the match (DOM-MATCH-2: looked at first, before the round's
    settlement) or else the round (DOM-END-1: the last tile). What follows an end is
    `nothing_follows_the_end`'s (DOM-CONT-5)."""
    if match_rules.end_match_by_placement(match, seat, log):
        log.rule("DOM-CONT-5")
        return True
    if match_rules.played_last_tile(match.round.hands[seat]):
        match_rules.end_round_by_domino(match, seat, log)
        log.rule("DOM-CONT-5")
        return True
    return False


def nothing_follows_the_end() -> bool:
    # DOM-CONT-5: the end of the match or of the round comes first: no placement follows it (the
    # turn neither continues nor passes on; the next step is a deal, or nothing).
    return True
