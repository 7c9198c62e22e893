"""Drawing or passing (section "Robar o pasar el turno", DOM-DRAW-1..3, DOM-PASS-1) and the
blocked round (DOM-BLOCK-1). Drawing and passing return whether the turn ends (an EndTurn, or
None: the same player acts again); turns.py applies it."""

from __future__ import annotations

from reference.core.errors import IllegalAction

from . import match as match_rules
from .layout import has_legal_placement, placements
from .moves import Place
from .state import PLACE_DRAWN, PLAY, MatchState, RoundState
from .tiles import tile_str
from .turn_order import EndTurn

# Every tile of the draw pile may be drawn: none is held back at its bottom.
TILES_HELD_BACK = 0                 # no protected reserve (DOM-DEAL-3)


def may_draw(match: MatchState, able_to_place: bool) -> bool:
    # DOM-DRAW-1: a player with a legal placement must play and may not draw instead.
    return match.phase == PLAY and not able_to_place and len(match.round.draw_pile) > TILES_HELD_BACK


def may_pass(match: MatchState, able_to_place: bool) -> bool:
    # DOM-PASS-1: a player passes only with no legal placement and an empty draw pile.
    return match.phase == PLAY and not able_to_place and len(match.round.draw_pile) <= TILES_HELD_BACK


def refuse(match: MatchState, able_to_place: bool, field: str, verb: str) -> None:
    """Say why drawing or passing is not allowed now."""
    r = match.round
    seat = r.to_play
    if match.phase == PLACE_DRAWN:
        raise IllegalAction(field, f"seat {seat} must first place the drawn tile {tile_str(r.drawn_tile)}",
                            "DOM-DRAW-3")
    if able_to_place:
        first = Place(*next(placements(r.layout, sorted(set(r.hands[seat])))))
        raise IllegalAction(field, f"seat {seat} can place ({first}) and must play; drawing or passing "
                            "instead is not allowed", "DOM-DRAW-1")
    if verb == "draw":
        raise IllegalAction(field, "the draw pile is empty; the player passes", "DOM-PASS-1")
    raise IllegalAction(field, f"the draw pile still has {len(r.draw_pile)} tiles; the player must draw",
                        "DOM-PASS-1")


def able_to_place(match: MatchState) -> bool:
    r = match.round
    return has_legal_placement(r.layout, r.hands[r.to_play])


def draw(match: MatchState, log, field: str) -> EndTurn | None:
    able = match.phase == PLAY and able_to_place(match)
    if not may_draw(match, able):
        refuse(match, able, f"{field}.draw", "draw")
    r = match.round
    seat = r.to_play
    tile = r.draw_pile.pop(0)           # one tile, from the top of the pile
    r.hands[seat].append(tile)
    playable = has_legal_placement(r.layout, [tile])
    log.event("drew", "DOM-DRAW-2", player=seat, tile=tile_str(tile), playable=playable)
    if playable:
        placed_at_once(match, tile, log)
        return None
    # DOM-DRAW-2: one tile at a time until the first playable tile or until the pile is empty:
    # the player keeps the turn and draws again (or, the pile empty, passes).
    return None


def placed_at_once(match: MatchState, tile, log) -> None:
    # DOM-DRAW-3: «Coloca esa primera ficha jugable inmediatamente»: that first playable tile is
    # placed at once; no tile from hand may replace it: the turn waits for that tile alone.
    match.phase = PLACE_DRAWN
    match.round.drawn_tile = tile
    log.rule("DOM-DRAW-3")


def pass_turn(match: MatchState, log, field: str) -> EndTurn:
    able = match.phase == PLAY and able_to_place(match)
    if not may_pass(match, able):
        refuse(match, able, f"{field}.pass", "pass")
    log.event("passed", "DOM-PASS-1", player=match.round.to_play)
    return EndTurn("passed", "DOM-PASS-1")


def is_blocked(r: RoundState) -> bool:
    # DOM-BLOCK-1: the round is blocked when the draw pile is empty and nobody can place a tile.
    return len(r.draw_pile) <= TILES_HELD_BACK and not any(has_legal_placement(r.layout, hand) for hand in r.hands)


def settle_if_blocked(match: MatchState, log) -> None:
    if match.phase == PLAY and is_blocked(match.round):
        match_rules.end_round_blocked(match, log)
