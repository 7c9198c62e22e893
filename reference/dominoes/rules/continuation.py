"""Continuing the turn (section "Colocar una ficha y continuar el turno", DOM-CONT-1..6) and
the readings the text leaves open about it (DOM-INT-1, DOM-INT-4, DOM-INT-7). Each decision
returns whether the turn ends (an EndTurn, or None: the same player places again); turns.py
applies it."""

from __future__ import annotations

from reference.core.errors import IllegalAction

from .layout import has_legal_placement
from .state import PLAY, MatchState
from .tiles import Tile, is_double
from .turn_order import EndTurn


def continuation_reason(tile: Tile, raw_points: int) -> str | None:
    """Why a tile played from hand lets its player continue, or None. That a scoring tile
    continues is its own decision (`scoring_tile_continues`), so that a scoring tile read as
    not continuing is DOM-CONT-1's misreading, not also DOM-CONT-2's (whose double then
    continues as a double alone)."""
    scored = raw_points and scoring_tile_continues()
    if is_double(tile) and scored:
        # DOM-CONT-2: a double that also scores gives the same single continuation, not two.
        return "double_and_scored"
    # DOM-CONT-1: a tile played from hand continues the turn if it is a double or if it scores.
    if is_double(tile):
        return "double"
    if scored:
        return "scored"
    return None


def scoring_tile_continues() -> bool:
    # DOM-CONT-1 (scoring tile): a tile played from hand that scores continues the turn, as a
    # double does.
    return True


def plain_tile_ends_turn() -> bool:
    # DOM-CONT-4: a tile that is neither a double nor scoring ends the turn (it does not continue
    # it, as a double or a scoring tile does).
    return True


def opening_may_continue(match: MatchState) -> bool:
    # DOM-INT-4: under the default reading the opening tile, played from hand, can continue.
    return match.options.opening_continues


def after_tile_from_hand(match: MatchState, tile: Tile, raw_points: int, opening: bool, log) -> EndTurn | None:
    r = match.round
    # a continuing player's turn has a tile before this one; a turn's first tile has none
    before = r.last_placement if r.continuing else None
    r.last_placement = (tile, raw_points)
    reason = judged_reason((tile, raw_points), before)
    if match.round.continuing and not conditions_asked_again():
        reason = None       # (read otherwise: a tile placed while continuing ends the turn as a plain tile)
    if reason is None and plain_tile_ends_turn():
        return EndTurn("non_scoring_tile", "DOM-CONT-4")
    if opening and not opening_may_continue(match):
        return EndTurn("opening_tile", "DOM-INT-4")
    if opening:
        log.rule("DOM-INT-4")                 # the opening tile continues (default reading)
    return continue_turn(match, reason, log)


def judged_reason(just_played: tuple[Tile, int], before: tuple[Tile, int] | None) -> str | None:
    """The continuation reason of the placement the conditions are asked of: the tile just played
    (`asked_of_the_tile_just_played`), or, read otherwise, the one placed before it in the turn
    (`before`; a turn's first tile has none, and is judged by itself)."""
    judged = just_played if before is None or asked_of_the_tile_just_played() else before
    return continuation_reason(*judged)


def asked_of_the_tile_just_played() -> bool:
    # DOM-CONT-3 (which tile): «Sigue colocando fichas mientras se cumpla alguna de las dos
    # condiciones»: the conditions (a double, a scoring tile) are asked of the tile just played,
    # with its own points, not of the tile placed before it.
    return True


def conditions_asked_again() -> bool:
    # DOM-CONT-3 (the tile just played): the two conditions are asked of every tile played from
    # hand, a tile placed while continuing included: a double or a scoring tile placed then
    # continues the turn again.
    return True


def continue_turn(match: MatchState, reason: str, log) -> EndTurn | None:
    """The same player places again, under the must-play rule, as long as the tile just played
    allows it (`continues_again`)."""
    r = match.round
    if r.continuing and not continues_again():
        return EndTurn("continued_once", "DOM-CONT-3")
    r.continuing = True
    log.event("continued", "DOM-CONT-2" if reason == "double_and_scored" else "DOM-CONT-1",
              player=r.to_play, reason=reason)
    log.rule("DOM-CONT-3")
    return when_unable_to_continue(match, log)


def continues_again() -> bool:
    # DOM-CONT-3: the player keeps placing as long as either condition holds for the tile just
    # played: a tile placed while continuing can continue the turn again.
    return True


def when_unable_to_continue(match: MatchState, log) -> EndTurn | None:
    # DOM-INT-1: a continuing player who cannot place draws as in any turn (default), or, with
    # continuation_when_unable: end_turn, the turn ends.
    r = match.round
    if has_legal_placement(r.layout, r.hands[r.to_play]):
        return None
    if match.options.continuation_when_unable == "end_turn":
        return EndTurn("no_placement_to_continue", "DOM-INT-1")
    log.rule("DOM-INT-1")                         # unable to continue: draws as in any turn
    return None


def end_drawn_tile_turn(match: MatchState, tile: Tile, raw_points: int, log) -> EndTurn | None:
    reason = continuation_reason(tile, raw_points)
    if reason is not None:
        if drawn_tile_continues(tile):
            return continue_turn(match, reason, log)
        log.rule("DOM-CONT-6")                    # a drawn double or scoring tile: no continuation
    # DOM-DRAW-4: placing the drawn tile ends the turn.
    return EndTurn("drawn_tile", "DOM-DRAW-4")


def drawn_tile_continues(tile: Tile) -> bool:
    # DOM-CONT-6: a drawn tile never continues the turn, even a double or a scoring one (the
    # drawn-tile exception).
    return False


def may_stop(match: MatchState) -> bool:
    # DOM-INT-7: with continuation: optional a continuing player may stop; by default must go on.
    return match.options.continuation == "optional" and match.phase == PLAY and match.round.continuing


def stop(match: MatchState, log, field: str) -> EndTurn:
    if not may_stop(match):
        if match.options.continuation != "optional":
            raise IllegalAction(f"{field}.stop", "continuing is compulsory under the default reading; 'stop' "
                                "needs options.continuation: optional", "DOM-INT-7")
        raise IllegalAction(f"{field}.stop", "only a continuing player may stop", "DOM-INT-7")
    return EndTurn("stopped", "DOM-INT-7")
