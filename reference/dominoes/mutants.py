"""Plausible misreadings of the domino rules, for the mutation self-check (`horserace mutants`).

Each mutant replaces ONE rule function of `rules/` (the one that decides its clause); every
caller looks that function up through its module at call time, so a single patch reaches
them all. The vectors must catch every one of them.
"""

from __future__ import annotations

from reference.core.game import Mutant
from reference.core.mutation import mutant

from reference.core.errors import IllegalAction

from .rules import continuation, deal, drawing, layout, match, points, settlement, turns
from .rules.layout import BRANCHES, LONG_SIDES, NON_DOUBLE_SIDES, Contribution
from .rules.points import PlacementPoints
from .rules.seating import PARTNERSHIP
from .rules.state import PLACE_DRAWN, PLAY, RoundState
from .rules.turn_order import EndTurn
from .rules.tiles import hand_pips, is_double, tile_str


# -- counting and doubles ----------------------------------------------------------------------

def one_half_while_open(placed):
    if any(not placed.occupied(s) for s in LONG_SIDES):
        return Contribution(placed.tile, None, placed.tile[0])
    return None


def both_halves_always(placed):
    return Contribution(placed.tile, None, 2 * placed.tile[0])


def closed_double_counts_free_branches(placed):
    if any(not placed.occupied(s) for s in LONG_SIDES):
        return Contribution(placed.tile, None, 2 * placed.tile[0])
    free = sum(1 for s in BRANCHES if not placed.occupied(s))
    return Contribution(placed.tile, None, placed.tile[0] * free) if free else None


def branches_after_one_long_side(self, placed):
    if not is_double(placed.tile):
        return [s for s in NON_DOUBLE_SIDES if not placed.occupied(s)]
    free_long = [s for s in LONG_SIDES if not placed.occupied(s)]
    if len(free_long) == 2:
        return free_long
    return free_long + [s for s in BRANCHES if not placed.occupied(s)]


def only_first_double_branches(self, placed):
    """Plain Fives: only the opening double is a spinner; a later double sits in line."""
    if is_double(placed.tile) and placed.parent is not None:
        return [s for s in LONG_SIDES if not placed.occupied(s)]
    return ORIGINAL_FREE_SIDES(self, placed)


ORIGINAL_FREE_SIDES = layout.Layout.free_sides


# -- turns -------------------------------------------------------------------------------------

def only_scoring_continues(tile, raw_points):
    return "scored" if raw_points else None


def only_doubles_continue(tile, raw_points):
    return "double" if is_double(tile) else None


def drawn_tile_continues(m, tile, raw_points, log):
    reason = continuation.continuation_reason(tile, raw_points)
    if reason:
        return continuation.continue_turn(m, reason, log)
    return EndTurn("drawn_tile", "DOM-DRAW-4")


def draw_while_able(m, able_to_place):
    return m.phase == PLAY and bool(m.round.draw_pile)


def pass_with_pile(m, able_to_place):
    return m.phase == PLAY and not able_to_place


def opener_must_play_a_double(original):
    def legal_placements(lay, tiles, symmetric_points="distinct"):
        moves = original(lay, tiles, symmetric_points)
        if lay.is_empty():
            doubles = [mv for mv in moves if is_double(mv.tile)]
            return doubles or moves
        return moves
    return legal_placements


def scoring_double_banks_two(match_, tile, raw_points, opening, log):
    """A double that also scores gives two continuations: the next tile continues the turn
    even when it is neither a double nor scoring."""
    r = match_.round
    reason = continuation.continuation_reason(tile, raw_points)
    banked = getattr(r, "banked_continuations", 0)
    if reason is None and banked:
        r.banked_continuations = banked - 1
        return continuation.continue_turn(match_, "double_and_scored", log)
    if reason == "double_and_scored":
        r.banked_continuations = 1
    return ORIGINAL_AFTER_TILE(match_, tile, raw_points, opening, log)


ORIGINAL_AFTER_TILE = continuation.after_tile_from_hand


def drawn_tile_not_forced(m, able_to_place):
    """A playable drawn tile need not be placed at once: the player may draw on instead."""
    return m.phase in (PLAY, PLACE_DRAWN) and not able_to_place and bool(m.round.draw_pile)


def scores_nothing_when(condition):
    """score_placement that records no points for the placements `condition` picks."""
    def score_placement(match_, seat, action, opening, from_draw, log):
        if not condition(match_, seat, opening):
            return ORIGINAL_SCORE_PLACEMENT(match_, seat, action, opening, from_draw, log)
        r = match_.round
        log.event("placed", "DOM-PLACE-1", player=seat, tile=tile_str(action.tile),
                  at=str(action.at) if action.at else None, source="draw" if from_draw else "hand",
                  end_sum=r.layout.end_sum(), raw=0, displayed=0)
        return PlacementPoints(0, 0)
    return score_placement


ORIGINAL_SCORE_PLACEMENT = turns.score_placement


def opening(match_, seat, opening_):
    return opening_


def last_tile(match_, seat, opening_):
    return not match_.round.hands[seat]


def refused_placement_drops_tile(match_, action, log, field):
    """The tile leaves the hand before the placement is checked, and stays out when refused."""
    try:
        return ORIGINAL_PLACE(match_, action, log, field)
    except IllegalAction:
        r = match_.round
        if action.tile in r.hands[r.to_play]:
            r.hands[r.to_play].remove(action.tile)
        raise


ORIGINAL_PLACE = turns.place


def refused_draw_still_draws(m, able_to_place, field, verb):
    """A refused draw has already taken the top tile of the pile into the hand."""
    r = m.round
    if verb == "draw" and m.phase == PLAY and r.draw_pile:
        r.hands[r.to_play].append(r.draw_pile.pop(0))
    ORIGINAL_REFUSE(m, able_to_place, field, verb)


def refused_pass_still_passes(m, able_to_place, field, verb):
    """A refused pass has already handed the turn to the next seat."""
    if verb == "pass":
        r = m.round
        r.to_play = m.seating.next_clockwise(r.to_play)
        r.continuing = False
    ORIGINAL_REFUSE(m, able_to_place, field, verb)


ORIGINAL_REFUSE = drawing.refuse


def refused_stop_still_stops(m, log, field):
    """A refused stop has already ended the continuing player's turn."""
    if not continuation.may_stop(m) and m.phase == PLAY and m.round.continuing:
        r = m.round
        r.continuing = False
        r.to_play = m.seating.next_clockwise(r.to_play)
    return ORIGINAL_STOP(m, log, field)


ORIGINAL_STOP = continuation.stop


def tile_not_held_still_placed(m, action, from_draw, field):
    """A tile the player does not hold is laid on the table before the hand is checked."""
    r = m.round
    if action.tile not in r.hands[r.to_play] and not from_draw:
        try:
            if r.layout.is_empty() and action.at is None:
                r.layout.open_with(action.tile)
            elif action.at is not None:
                r.layout.attach(action.tile, action.at)
        except IllegalAction:
            pass
    ORIGINAL_CHECK_TILE(m, action, from_draw, field)


def refused_swap_releases_drawn_tile(m, action, from_draw, field):
    """Offering another tile instead of the drawn one cancels the wait: the drawn tile stays in
    the hand and the player is back to a normal turn."""
    try:
        ORIGINAL_CHECK_TILE(m, action, from_draw, field)
    except IllegalAction:
        if from_draw:
            m.round.drawn_tile = None
            m.phase = PLAY
        raise


ORIGINAL_CHECK_TILE = turns.check_tile_to_place


def round_with_reserve_of_two(*, hands, draw_pile, opener, to_play):
    """The round a deal starts, with the last two tiles of the pile kept back (never drawn)."""
    return RoundState(hands=hands, draw_pile=draw_pile[:-2], opener=opener, to_play=to_play)


# -- settlement -----------------------------------------------------------------------------------

def each_hand_rounded(hands):
    return sum(settlement.round_to_nearest_five(hand_pips(h)) // 5 for h in hands)


def tied_winners_not_paid_by_each_other(seating, hands, winner):
    """Leaves out every side whose remaining sum ties the winner's (the other tied winners)."""
    by_side = settlement.side_pips(seating, hands)
    return [h for seat, h in enumerate(hands) if by_side[seating.side_of(seat)] != by_side[winner]]


def winner_hand_subtracted(seating, hands, winner):
    """The winner's own tiles counted negatively (pips subtracted from the opponents')."""
    counted = [h for seat, h in enumerate(hands) if seating.side_of(seat) != winner]
    own = [[(-a, -b) for a, b in h] for seat, h in enumerate(hands) if seating.side_of(seat) == winner]
    return counted + own


def partner_counted(seating, hands, winner):
    """In partnerships every other hand counts, the winner's partner's included."""
    if seating.mode != PARTNERSHIP:
        return [h for seat, h in enumerate(hands) if seating.side_of(seat) != winner]
    return [h for h in hands if h]


def losers_lose_points(original):
    """Each losing side also loses its own remaining pips (rounded, in fifths), down to 0."""
    def apply_settlement(m, result, next_opener, log):
        for side in range(m.seating.sides):
            if side not in result.winners:
                own = [h for seat, h in enumerate(m.round.hands) if m.seating.side_of(seat) == side]
                m.scores[side] = max(0, m.scores[side] - settlement.settlement_bonus(own))
        original(m, result, next_opener, log)
    return apply_settlement


def first_tied_side_wins(original):
    def blocked_round_winners(seating, hands):
        return original(seating, hands)[:1]
    return blocked_round_winners


def last_placer_opens_after_block(m, log):
    """After a blocked round the last player to place opens the next round (no new draw)."""
    m_round = m.round
    log.event("round_blocked", "DOM-BLOCK-1")
    result = settlement.settle_blocked_round(m.seating, m_round.hands)
    match.apply_settlement(m, result, next_opener=m_round.last_placer, log=log)


def lightest_single_hand_wins(seating, hands):
    lightest = min(hand_pips(h) for h in hands)
    return sorted({seating.side_of(seat) for seat, h in enumerate(hands) if hand_pips(h) == lightest})


# -- points and the match ---------------------------------------------------------------------------

def floor_points(end_sum):
    return PlacementPoints(raw=end_sum - end_sum % 5, displayed=end_sum // 5)


def raw_points_recorded(m, seat, displayed, log):
    if displayed > 0:
        side = m.seating.side_of(seat)
        m.scores[side] += displayed * 5
        log.event("scored", "DOM-MATCH-1", side=side, displayed=displayed * 5, score=m.scores[side])


def settles_after_winning_domino(original):
    def end_match_by_placement(m, seat, log):
        if not m.round.hands[seat]:
            return False                       # settle the round first, as if the match went on
        return original(m, seat, log)
    return end_match_by_placement


def highest_only(original):
    def reached_target(m):
        winners = original(m)
        if not winners:
            return winners
        best = max(m.scores[s] for s in winners)
        return [s for s in winners if m.scores[s] == best][:1]
    return reached_target


def mutants() -> list[Mutant]:
    M = mutant
    return [
        M("round-remainder-two-up", "Settlement rounds remainders of 2 up (17 -> 20) as well as 3 and 4.",
          ("DOM-SETTLE-3", "DOM-SETTLE-2"), (settlement, "round_to_nearest_five",
                              lambda p: p - p % 5 if p % 5 <= 1 else p + 5 - p % 5)),
        M("round-down-always", "Settlement drops every remainder (18 -> 15).", ("DOM-SETTLE-3", "DOM-SETTLE-2"),
          (settlement, "round_to_nearest_five", lambda p: p - p % 5)),
        M("round-each-hand", "Each opponent's hand is rounded on its own before adding.", ("DOM-SETTLE-2",),
          (settlement, "settlement_bonus", each_hand_rounded)),
        M("double-counts-one-half", "An open double counts one half, not both.", ("DOM-COUNT-1",),
          (layout, "double_contribution", one_half_while_open)),
        M("closed-double-still-counts", "A double keeps counting both halves after both long sides are taken.",
          ("DOM-COUNT-2",), (layout, "double_contribution", both_halves_always)),
        M("unopened-branches-count", "The free branches of a closed double count as ends.",
          ("DOM-COUNT-2", "DOM-COUNT-7"), (layout, "double_contribution", closed_double_counts_free_branches)),
        M("branches-open-early", "Branches open as soon as one long side is taken.", ("DOM-DBL-2",),
          (layout.Layout, "free_sides", branches_after_one_long_side)),
        M("double-does-not-continue", "Only a scoring tile continues the turn, not a double.", ("DOM-CONT-1",),
          (continuation, "continuation_reason", only_scoring_continues)),
        M("scoring-does-not-continue", "Only a double continues the turn, not a scoring tile.", ("DOM-CONT-1",),
          (continuation, "continuation_reason", only_doubles_continue)),
        M("drawn-tile-continues", "A drawn double or scoring tile continues the turn.", ("DOM-CONT-6", "DOM-DRAW-4"),
          (continuation, "end_drawn_tile_turn", drawn_tile_continues)),
        M("draw-while-able", "A player may draw instead of playing.", ("DOM-DRAW-1",),
          (drawing, "may_draw", draw_while_able)),
        M("pass-with-pile", "A player who cannot place may pass without drawing.", ("DOM-PASS-1",),
          (drawing, "may_pass", pass_with_pile)),
        M("tied-winners-split", "Tied lowest hands split the bonus between them.", ("DOM-TIE-1", "DOM-TIE-2"),
          (settlement, "tied_winner_award", lambda bonus, winners: bonus // len(winners))),
        M("tie-scores-nothing", "When the lowest sums tie, nobody scores.", ("DOM-TIE-1", "DOM-TIE-2"),
          (settlement, "tied_winner_award", lambda bonus, winners: 0 if len(winners) > 1 else bonus)),
        M("tied-winners-not-paid-by-each-other", "A tied winner is paid only for the losers' hands.",
          ("DOM-TIE-1",),
          (settlement, "counted_hands", tied_winners_not_paid_by_each_other)),
        M("winner-hand-subtracted", "The winner's own remaining pips are subtracted.",
          ("DOM-SETTLE-4",),
          (settlement, "counted_hands", winner_hand_subtracted)),
        M("partner-pips-counted", "A partnership domino also counts the winner's partner's tiles.",
          ("DOM-SETTLE-6",),
          (settlement, "counted_hands", partner_counted)),
        M("lightest-hand-wins-block", "A blocked partnership round goes to the pair with the lightest single hand.",
          ("DOM-BLOCK-3",), (settlement, "blocked_round_winners", lightest_single_hand_wins)),
        M("settle-after-winning-domino", "A last tile that reaches 61 is still followed by the settlement.",
          ("DOM-END-1", "DOM-MATCH-2"),
          (match, "end_match_by_placement", settles_after_winning_domino(match.end_match_by_placement))),
        M("target-fifty", "The match is played to 250 raw (50 displayed) points, as in other Fives games.",
          ("DOM-MATCH-2", "DOM-SCORE-1"), (match, "reaches_target", lambda score: score >= 50)),
        M("target-above-61", "A side must pass 61, not reach it.", ("DOM-MATCH-3", "DOM-MATCH-2"),
          (match, "reaches_target", lambda score: score > 61)),
        M("shared-win-to-highest", "When several sides reach 61 in one settlement, only the highest wins.",
          ("DOM-MATCH-5",), (match, "reached_target", highest_only(match.reached_target))),
        M("raw-points-recorded", "Placement points are recorded raw (10) instead of displayed (2).",
          ("DOM-SCORE-1", "DOM-PTS-7"), (match, "record_points", raw_points_recorded)),
        M("any-sum-scores-its-fifths", "Any end sum scores sum // 5, multiple of five or not.", ("DOM-PTS-3",),
          (points, "placement_points", floor_points)),
        M("next-opener-clockwise", "After a domino the next seat clockwise opens.", ("DOM-OPEN-5",),
          (match, "opener_after_domino", lambda seating, seat: seating.next_clockwise(seat))),
        M("opener-must-play-a-double", "The opener must open with a double when holding one.", ("DOM-OPEN-3",),
          (turns, "legal_placements", opener_must_play_a_double(turns.legal_placements))),
        M("tie-goes-to-first-seat", "When the lowest sums tie, only the first tied side (in seat order) wins.",
          ("DOM-TIE-1", "DOM-TIE-2"), (settlement, "blocked_round_winners",
                                       first_tied_side_wins(settlement.blocked_round_winners))),
        M("last-placer-opens-after-block", "After a blocked round the last player to place opens the next one.",
          ("DOM-OPEN-6",), (match, "end_round_blocked", last_placer_opens_after_block)),
        M("scoring-double-banks-two", "A double that also scores gives two continuations, not one.",
          ("DOM-CONT-2",), (continuation, "after_tile_from_hand", scoring_double_banks_two)),
        M("drawn-tile-not-forced", "A playable drawn tile need not be placed at once: the player may draw on.",
          ("DOM-DRAW-3",), (drawing, "may_draw", drawn_tile_not_forced)),
        M("opening-scores-nothing", "The opening tile is not scored.", ("DOM-OPEN-4", "DOM-PTS-4"),
          (turns, "score_placement", scores_nothing_when(opening))),
        M("last-tile-scores-nothing", "The tile that empties a hand is not scored.", ("DOM-PTS-4",),
          (turns, "score_placement", scores_nothing_when(last_tile))),
        M("losers-lose-points", "Losing sides lose their own remaining pips (in fifths).", ("DOM-SETTLE-5",),
          (match, "apply_settlement", losers_lose_points(match.apply_settlement))),
        M("reserve-of-two", "The last two tiles of the draw pile are kept back and never drawn.",
          ("DOM-DEAL-3",), (deal, "RoundState", round_with_reserve_of_two)),
        M("only-first-double-branches", "Only the opening double branches (plain Fives); later doubles sit "
          "in line.", ("DOM-DBL-1",), (layout.Layout, "free_sides", only_first_double_branches)),
        M("refused-placement-drops-tile", "A refused placement leaves its tile out of the hand.",
          ("DOM-PLACE-1", "DOM-INT-9"), (turns, "place", refused_placement_drops_tile)),
        M("refused-draw-still-draws", "A refused draw still takes the top tile of the pile into the hand.",
          ("DOM-DRAW-1", "DOM-INT-9"), (drawing, "refuse", refused_draw_still_draws)),
        M("refused-pass-still-passes", "A refused pass still hands the turn to the next seat.",
          ("DOM-PASS-1", "DOM-INT-9"), (drawing, "refuse", refused_pass_still_passes)),
        M("refused-stop-still-stops", "A refused stop still ends the continuing player's turn.",
          ("DOM-CONT-3", "DOM-INT-9"), (continuation, "stop", refused_stop_still_stops)),
        M("tile-not-held-still-placed", "A tile the player does not hold is laid on the table before "
          "the placement is refused.", ("DOM-PLACE-1", "DOM-INT-9"), (turns, "check_tile_to_place", tile_not_held_still_placed)),
        M("refused-swap-releases-drawn-tile", "Offering another tile for the drawn one is refused but "
          "cancels the wait for the drawn tile.", ("DOM-DRAW-3", "DOM-INT-9"),
          (turns, "check_tile_to_place", refused_swap_releases_drawn_tile)),
    ]
