"""The match around the rounds: recording points, the 61 target, the ends of a round and of
the match, and who opens next (section "Ganar la partida y anotar los puntos", DOM-END-1)."""

from __future__ import annotations

from collections import Counter

from . import settlement as settling
from .points import RAW_PER_DISPLAYED, TARGET
from .seating import PARTNERSHIP, Seating
from .settlement import Settlement
from .state import AWAITING_DEAL, OVER, MatchState


def record_points(match: MatchState, seat: int, displayed: int, log) -> None:
    # DOM-MATCH-1: points are recorded the moment they are made, to the player's side.
    if displayed > 0:
        side = match.seating.side_of(seat)
        points = recorded_points(displayed)
        match.scores[side] += points
        log.event("scored", "DOM-MATCH-1", side=side, displayed=points, score=match.scores[side])
        if match.seating.mode == PARTNERSHIP:
            log.rule("DOM-SET-3", "DOM-SET-4")      # the seat's pair, one shared score


def recorded_points(displayed: int) -> int:
    """What a placement's award adds to its side's score: its displayed points as they are
    (`kept_in_displayed_points`), not its raw points (five for each)."""
    return displayed if kept_in_displayed_points() else displayed * RAW_PER_DISPLAYED


def kept_in_displayed_points() -> bool:
    # DOM-SCORE-1 (recording): a placement's points go into the score in displayed points (an end
    # sum of 10 adds 2), not in raw points.
    return True


def reaches_target(score: int) -> bool:
    # DOM-MATCH-3: the target need not be hit exactly; any total of 61 or more wins.
    if not totals_past_it_reached():
        return score == TARGET and target_itself_reached()      # never: 61 hit exactly, and only it
    return score >= TARGET if target_itself_reached() else score > TARGET     # never: past 61 only


def target_itself_reached() -> bool:
    # DOM-MATCH-3 (61 itself): «al menos 61 puntos» (DOM-MATCH-2's text), «no es necesario
    # alcanzar exactamente 61»: a total of exactly 61 reaches the target, as any total past it does.
    return True


def totals_past_it_reached() -> bool:
    # DOM-MATCH-3 (past 61): «no es necesario alcanzar exactamente 61»: the target need not be hit
    # exactly; a total past 61 (60 + 2 = 62) reaches it too.
    return True


def declare_winners(match: MatchState, winners: list[int]) -> None:
    # DOM-MATCH-6: the result is the winning player or pair, or the simultaneous winners; no
    # bonus for the margin.
    match.winners = winners


def end_match_by_placement(match: MatchState, seat: int, log) -> bool:
    # DOM-MATCH-2: a placement that brings its side to 61 or more ends the match at once,
    # before any further placement or the round's settlement.
    side = match.seating.side_of(seat)
    if not reaches_target(match.scores[side]):
        return False
    match.phase = OVER
    won_by_placing_side(match, side)
    log.event("match_won", "DOM-MATCH-2", winners=[side], by="placement", scores=list(match.scores))
    log.rule("DOM-MATCH-3", "DOM-MATCH-6")
    return True


def won_by_placing_side(match: MatchState, side: int) -> None:
    # DOM-MATCH-2 (the winner): «Una colocación que lleve a un jugador o pareja a al menos 61
    # puntos termina la partida»: the match ends won by the player or pair that placement brought
    # to the target (the result as DOM-MATCH-6 gives it, `declare_winners`).
    declare_winners(match, [side])


def reached_target(match: MatchState) -> list[int]:
    # DOM-MATCH-5: everyone who reaches the target in the same settlement shares the win,
    # whatever their final scores; seat order breaks no tie.
    return [side for side, score in enumerate(match.scores) if shares_the_win(score)]


def shares_the_win(score: int) -> bool:
    # DOM-MATCH-5 (each side): a side is among the winners of the settlement if its score
    # reaches the target, whatever the others' scores (`reaches_target`).
    return reaches_target(score)


def end_match_by_settlement(match: MatchState, log) -> bool:
    """After a round's settlement: the sides that reached the target win together (DOM-MATCH-5);
    nobody there, the match goes on. (Not a marked block of its own: the decision is
    reached_target's, and the result DOM-MATCH-6's, `declare_winners`, as a placement's is.)"""
    winners = reached_target(match)
    if not winners:
        return False
    match.phase = OVER
    declare_winners(match, winners)
    log.event("match_won", "DOM-MATCH-5", winners=winners, by="settlement", scores=list(match.scores))
    log.rule("DOM-MATCH-3", "DOM-MATCH-6")
    return True


def apply_settlement(match: MatchState, settlement: Settlement, next_opener: int | None, log) -> None:
    """Add the round's bonuses (`settlement_gains`), then see whether the match is won
    (DOM-MATCH-5, `end_match_by_settlement`); if not, the next round is to be dealt, opened by
    `next_opener` (DOM-OPEN-5), or by a new draw when it is None (DOM-OPEN-6)."""
    gains = settlement_gains(settlement)
    # DOM-MATCH-4: all end-of-round bonuses are applied together, before the target is checked.
    for side, gain in gains.items():
        match.scores[side] += gain
    log.rule(*settling.settlement_decisions(match.seating, settlement))
    if len(gains) > 1:
        log.rule("DOM-MATCH-4")
    log.event("settlement", "DOM-SETTLE-5", kind=settlement.kind, hand_pips=settlement.hand_pips,
              side_pips=settlement.side_pips, winners=settlement.winners,
              counted_pips=settlement.counted_pips, bonus=settlement.bonus, scores=list(match.scores))
    if end_match_by_settlement(match, log):
        return
    match.phase = AWAITING_DEAL
    match.next_opener = next_opener
    log.event("next_opener", "DOM-OPEN-5" if next_opener is not None else "DOM-OPEN-6", seat=next_opener)


# What a losing side's own remaining pips, rounded and in displayed points, weigh in its score:
LOSERS_OWN_PIPS_WEIGHT = 0      # nothing: neither taken off (-1) nor paid (+1) (DOM-SETTLE-5)


def settlement_gains(settlement: Settlement) -> dict[int, int]:
    # DOM-SETTLE-5: nobody's score is reduced and the losers receive nothing: only the
    # winners' bonuses are added (a loser's own pips weigh LOSERS_OWN_PIPS_WEIGHT: nothing).
    gains = {side: settlement.bonus[side] for side in settlement.winners}
    if LOSERS_OWN_PIPS_WEIGHT:
        for side, pips in enumerate(settlement.side_pips):
            if side not in gains:
                gains[side] = LOSERS_OWN_PIPS_WEIGHT * (settling.round_to_nearest_five(pips) // RAW_PER_DISPLAYED)
    return gains


def opener_after_domino(seating: Seating, last_player: int) -> int:
    # DOM-OPEN-5: the player who plays the last tile of a round opens the next round.
    return last_player


def played_last_tile(hand: list) -> bool:
    # DOM-END-1: playing the last tile ends the round and wins it for the player or pair
    # (unless that placement's points already ended the match: the caller looks at that first).
    return not hand


def end_round_by_domino(match: MatchState, seat: int, log) -> None:
    """The round won by the player who played the last tile (DOM-END-1), then settled."""
    side = match.seating.side_of(seat)
    log.event("round_won", "DOM-END-1", player=seat, side=side)
    # what going out itself scores, recorded as any points are (none: `points_for_going_out`)
    record_points(match, seat, points_for_going_out(), log)
    result = settling.settle_domino_round(match.seating, match.round.hands, seat)
    apply_settlement(match, result, opener_after_domino(match.seating, seat), log)


def points_for_going_out() -> int:
    # DOM-END-1 (what the win scores): «Jugar la última ficha termina la ronda y la gana para ti o
    # tu pareja»: going out wins the round, and the win is paid by the settlement alone (DOM-SETTLE-1:
    # the opponents' remaining tiles); playing the last tile adds no points of its own.
    return 0


def opener_after_block(match: MatchState) -> int | None:
    """Who opens the round after a blocked one: nobody yet, a new neutral draw picks the opener
    when the round is dealt (`opener_redrawn_after_block`); not the last player to place."""
    return None if opener_redrawn_after_block() else match.round.last_placer


def opener_redrawn_after_block() -> bool:
    # DOM-OPEN-6: after a blocked round a new neutral draw picks the opener (the deal gives the
    # drawn seat): no seat of the blocked round carries over, as the last tile's player does
    # after a domino (DOM-OPEN-5).
    return True


def end_round_blocked(match: MatchState, log) -> None:
    """A blocked round (DOM-BLOCK-1, decided in drawing.py): the lowest remaining sum wins."""
    log.event("round_blocked", "DOM-BLOCK-1")
    result = settling.settle_blocked_round(match.seating, match.round.hands)
    log.rule("DOM-BLOCK-3" if match.seating.mode == PARTNERSHIP else "DOM-BLOCK-2")
    if len(result.winners) > 1:
        log.rule("DOM-TIE-2" if match.seating.mode == PARTNERSHIP else "DOM-TIE-1")
    apply_settlement(match, result, next_opener=opener_after_block(match), log=log)


def tile_counts(match: MatchState) -> Counter:
    """Where every tile is (for conservation checks)."""
    r = match.round
    counts: Counter = Counter()
    for hand in r.hands:
        counts.update(hand)
    counts.update(r.draw_pile)
    counts.update(r.layout.tiles())
    return counts
