"""Held-out misreadings of the domino rules: the yardstick of attribution, never its tuning.

`horserace mutants --held-out --attribution` asks whether a failure caused by one of these names
the rule it misreads. They were written before the counterfactual attribution was built, as a
player or an implementer might misread the text (not operator flips), and differ from the
curated mutants of mutants.py. Nothing in the suite may be adjusted to name them better: keep
this file out of every attribution change, and report its figures beside the curated and
generated ones. A misreading that no vector kills is left out of the figures (and reported).
"""

from __future__ import annotations

from dataclasses import replace

from reference.core.errors import IllegalAction
from reference.core.game import Mutant
from reference.core.mutation import mutant, patched

from .rules import continuation, deal, drawing, layout, match, points, settlement, turns
from .rules.layout import (BRANCH_A, BRANCHES, LINE_A, LINE_B, LONG_SIDES, NON_DOUBLE_SIDES, Contribution,
                           has_legal_placement, placements)
from .rules.seating import PARTNERSHIP, Seating
from .rules.settlement import Settlement
from .rules.state import PLACE_DRAWN, PLAY
from .rules.turn_order import EndTurn
from .rules.tiles import hand_pips, is_double

ORIGINAL_BLOCKED_WINNERS = settlement.blocked_round_winners
ORIGINAL_COUNTED_HANDS = settlement.counted_hands
ORIGINAL_AFTER_TILE = continuation.after_tile_from_hand
ORIGINAL_DEAL_ROUND = deal.deal_round
ORIGINAL_RECORD_POINTS = match.record_points
ORIGINAL_APPLY_SETTLEMENT = match.apply_settlement
ORIGINAL_FREE_SIDES = layout.Layout.free_sides
ORIGINAL_TILE_CONTRIBUTIONS = layout.tile_contributions
ORIGINAL_END_CONTRIBUTIONS = layout.end_contributions


def counter_clockwise(self, seat):
    return (seat - 1) % self.players


def raw_bonus(hands):
    """The rounded total of the counted pips, without dividing it by five."""
    return settlement.round_to_nearest_five(sum(hand_pips(h) for h in hands))


def own_hand_counted_too(seating, hands, winner):
    """An individual winner is paid for every remaining hand, its own included."""
    if seating.mode == PARTNERSHIP:
        return ORIGINAL_COUNTED_HANDS(seating, hands, winner)
    return [h for h in hands if h]


def blocked_round_pays_nobody(seating, hands):
    winners = settlement.blocked_round_winners(seating, hands)
    zero = [0] * seating.sides
    return Settlement(settlement.BLOCKED, [hand_pips(h) for h in hands], settlement.side_pips(seating, hands),
                      winners, list(zero), list(zero))


def branch_tiles_not_counted(placed):
    """The end of a tile laid on a double's side branch is not counted."""
    if placed.parent is not None and placed.parent.side in BRANCHES:
        return []
    return ORIGINAL_END_CONTRIBUTIONS(placed)


def blocked_when_the_player_is_stuck(m, log):
    """The round is blocked as soon as the pile is empty and the player to act cannot place."""
    if m.phase != PLAY:
        return
    r = m.round
    if not r.draw_pile and not has_legal_placement(r.layout, r.hands[r.to_play]):
        match.end_round_blocked(m, log)


def tie_to_fewer_tiles(seating, hands):
    winners = ORIGINAL_BLOCKED_WINNERS(seating, hands)
    if len(winners) < 2:
        return winners
    tiles = {side: sum(len(h) for seat, h in enumerate(hands) if seating.side_of(seat) == side) for side in winners}
    fewest = min(tiles.values())
    return [side for side in winners if tiles[side] == fewest]


def round_up_always(pips):
    return pips + (-pips) % 5


def blocked_winner_opens_next(m, log):
    """After a blocked round, the (first) winning side's first seat opens the next round."""
    log.event("round_blocked", "DOM-BLOCK-1")
    result = settlement.settle_blocked_round(m.seating, m.round.hands)
    opener = m.seating.members(result.winners[0])[0]
    match.apply_settlement(m, result, next_opener=opener, log=log)


def continue_at_most_once(m, tile, raw_points, opening, log):
    """A turn continues once at most: the tile placed while continuing ends the turn."""
    if m.round.continuing:
        return EndTurn("non_scoring_tile", "DOM-CONT-4")
    return ORIGINAL_AFTER_TILE(m, tile, raw_points, opening, log)


def highest_double_opens(m, hands, draw_pile, opener, log, field="deal"):
    """The holder of the highest double opens a round that a neutral draw would open."""
    if m.next_opener is None:
        doubles = [(t, seat) for seat, hand in enumerate(hands) for t in hand if is_double(t)]
        if doubles:
            opener = max(doubles)[1]
    ORIGINAL_DEAL_ROUND(m, hands, draw_pile, opener, log, field)


def points_banked_until_round_end(m, seat, displayed, log):
    """Placement points are noted aside and added to the score when the round is settled."""
    if displayed > 0:
        banked = m.__dict__.setdefault("banked_points", [0] * m.seating.sides)
        banked[m.seating.side_of(seat)] += displayed


def add_banked_points_first(m, result, next_opener, log):
    for side, points in enumerate(m.__dict__.pop("banked_points", [])):
        m.scores[side] += points
    ORIGINAL_APPLY_SETTLEMENT(m, result, next_opener, log)


def blank_ends_left_out(placed):
    return [c for c in ORIGINAL_TILE_CONTRIBUTIONS(placed) if c.value]


def opening_double_spins_at_once(self, placed):
    """The opening double is a spinner: its four sides are open from the start."""
    if is_double(placed.tile) and placed.parent is None:
        return [s for s in LONG_SIDES + BRANCHES if not placed.occupied(s)]
    return ORIGINAL_FREE_SIDES(self, placed)


def one_half_after_one_long_side(placed):
    """A double counts both halves alone at the end of a line, one half once one long side is taken."""
    taken = [s for s in LONG_SIDES if placed.occupied(s)]
    if not taken:
        return Contribution(placed.tile, None, 2 * placed.tile[0])
    if len(taken) == 1:
        return Contribution(placed.tile, None, placed.tile[0])
    return None


def heldout() -> list[Mutant]:
    M = mutant
    return [
        M("held-turn-passes-counterclockwise", "Play passes to the right (counter-clockwise).", ("DOM-TURN-1",),
          (Seating, "next_clockwise", counter_clockwise)),
        M("held-match-won-only-at-settlement", "Reaching 61 by a placement does not end the match; the "
          "target is looked at when the round is settled.", ("DOM-MATCH-2",),
          (match, "end_match_by_placement", lambda m, seat, log: False)),
        M("held-settlement-bonus-in-raw-pips", "The round's bonus is the rounded pips themselves, not "
          "divided by five.", ("DOM-SETTLE-2", "DOM-SCORE-1"), (settlement, "settlement_bonus", raw_bonus)),
        M("held-blocked-winner-paid-own-pips", "An individual winner is paid for its own remaining pips too.",
          ("DOM-SETTLE-4", "DOM-SETTLE-1"), (settlement, "counted_hands", own_hand_counted_too)),
        M("held-blocked-round-pays-nobody", "A blocked round has a winner but pays no bonus.",
          ("DOM-SETTLE-1", "DOM-BLOCK-2", "DOM-BLOCK-3"),
          (settlement, "settle_blocked_round", blocked_round_pays_nobody)),
        M("held-branch-tiles-not-counted", "A tile laid on a side branch adds no counted end.", ("DOM-COUNT-3",),
          (layout, "end_contributions", branch_tiles_not_counted)),
        M("held-blocked-when-player-stuck", "The round is blocked once the pile is empty and the player "
          "to act cannot place.", ("DOM-BLOCK-1",), (drawing, "settle_if_blocked", blocked_when_the_player_is_stuck)),
        M("held-blocked-tie-to-fewer-tiles", "Tied lowest sums: the side holding fewer tiles wins alone.",
          ("DOM-TIE-1", "DOM-TIE-2"), (settlement, "blocked_round_winners", tie_to_fewer_tiles)),
        M("held-round-up-always", "The settlement rounds every remainder up (16 -> 20).", ("DOM-SETTLE-3",),
          (settlement, "round_to_nearest_five", round_up_always)),
        M("held-blocked-winner-opens-next", "The winner of a blocked round opens the next round.",
          ("DOM-OPEN-6",), (match, "end_round_blocked", blocked_winner_opens_next)),
        M("held-continue-at-most-once", "A turn continues once at most.", ("DOM-CONT-3",),
          (continuation, "after_tile_from_hand", continue_at_most_once)),
        M("held-highest-double-opens", "The holder of the highest double opens a round.",
          ("DOM-OPEN-2", "DOM-OPEN-1", "DOM-OPEN-6"), (deal, "deal_round", highest_double_opens)),
        M("held-points-banked-until-round-end", "Placement points are added to the score when the round is "
          "settled.", ("DOM-MATCH-1",), (match, "record_points", points_banked_until_round_end),
          (match, "apply_settlement", add_banked_points_first)),
        M("held-blank-ends-left-out", "Ends worth zero are not counted ends.", ("DOM-PTS-5",),
          (layout, "tile_contributions", blank_ends_left_out)),
        M("held-opening-double-spins-at-once", "The opening double opens all four sides at once.",
          ("DOM-DBL-2", "DOM-DBL-4"), (layout.Layout, "free_sides", opening_double_spins_at_once)),
        M("held-half-counted-double-after-one-side", "A double counts one half once one long side is taken.",
          ("DOM-COUNT-4", "DOM-COUNT-1"), (layout, "double_contribution", one_half_after_one_long_side)),
    ]


# -- batch 2 --------------------------------------------------------------------------------------
# Written after the attribution was built, blind to it (its code, its maps and its scores were
# not read, and `mutants --attribution` was not run on these while writing them), from the es
# text and clauses.yaml alone: `horserace mutants --held-out 2` selects them. Each misreads one
# rule statement as a player or an implementer might; its clauses are the statement's own.

ORIGINAL_SETTLE_BLOCKED = settlement.settle_blocked_round
ORIGINAL_DRAW = drawing.draw
ORIGINAL_PASS = drawing.pass_turn
ORIGINAL_CONTINUE = continuation.continue_turn
ORIGINAL_CHECK_TILE = turns.check_tile_to_place
ORIGINAL_LEGAL_ACTIONS = turns.legal_actions


def partners_side_by_side(self, seat):
    """Partners sit next to each other (seats 0+1 and 2+3), not opposite."""
    return seat // 2 if self.mode == PARTNERSHIP else seat


def each_partner_paid_on_a_tie(seating, hands):
    """Tied pairs: each partner receives the bonus, so a pair scores it twice."""
    result = ORIGINAL_SETTLE_BLOCKED(seating, hands)
    if seating.mode != PARTNERSHIP or len(result.winners) < 2:
        return result
    return replace(result, bonus=[2 * b for b in result.bonus])


def bonuses_in_seat_order(m, result, next_opener, log):
    """The round's bonuses are added one side at a time in seat order: the first side to reach
    the target wins alone and the later bonuses are never added."""
    first = next((side for side in sorted(result.winners)
                  if match.reaches_target(m.scores[side] + result.bonus[side])), None)
    if first is None:
        return ORIGINAL_APPLY_SETTLEMENT(m, result, next_opener, log)
    paid = [side for side in result.winners if side <= first]
    bonus = [b if side in paid else 0 for side, b in enumerate(result.bonus)]
    return ORIGINAL_APPLY_SETTLEMENT(m, replace(result, winners=paid, bonus=bonus), next_opener, log)


def branch_a_before_branch_b(self, placed):
    """A double's side branches open one at a time: branch B only once branch A is taken."""
    sides = ORIGINAL_FREE_SIDES(self, placed)
    return [BRANCH_A] if sorted(sides) == sorted(BRANCHES) else sides


def on_a_branch(layout_, placed):
    """Whether the tile lies on a line that started on a double's side branch."""
    point = placed.parent
    while point is not None:
        if point.side in BRANCHES:
            return True
        point = layout_.placed[point.tile].parent
    return False


def doubles_on_a_branch_lie_in_line(self, placed):
    """A double played on a side branch does not branch itself: it only continues its line."""
    if is_double(placed.tile) and on_a_branch(self, placed):
        return [side for side in LONG_SIDES if not placed.occupied(side)]
    return ORIGINAL_FREE_SIDES(self, placed)


def emptying_the_pile_ends_the_turn(m, log, field):
    """Drawing the last tile of the pile without a playable one ends the turn (no pass follows)."""
    decision = ORIGINAL_DRAW(m, log, field)
    r = m.round
    if decision is None and m.phase == PLAY and not r.draw_pile and not drawing.able_to_place(m):
        return EndTurn("passed", "DOM-PASS-1")
    return decision


def scores_or_double_available(layout, hand):
    for tile, point in placements(layout, hand):
        if is_double(tile):
            return True
        trial = layout.copy()
        trial.attach(tile, point)
        if points.placement_points(trial.end_sum()).raw:
            return True
    return False


def continue_only_with_a_scoring_follow_up(m, reason, log):
    """A continuing player places again only with a double or a scoring placement; otherwise the turn ends."""
    decision = ORIGINAL_CONTINUE(m, reason, log)
    r = m.round
    if decision is None and not scores_or_double_available(r.layout, r.hands[r.to_play]):
        return EndTurn("no_continuing_tile", "DOM-CONT-3")
    return decision


def passes_counted_while_blocked(m, log, field):
    r = m.round
    stuck = drawing.is_blocked(r)
    decision = ORIGINAL_PASS(m, log, field)
    r.passes_while_blocked = r.__dict__.get("passes_while_blocked", 0) + 1 if stuck else 0
    return decision


def blocked_after_a_round_of_passes(m, log):
    """The round is blocked only once every player has passed in turn with the pile empty."""
    if m.phase != PLAY or not drawing.is_blocked(m.round):
        return
    if m.round.__dict__.get("passes_while_blocked", 0) >= m.seating.players:
        match.end_round_blocked(m, log)


def zero_sum_continues(m, tile, raw_points, opening, log):
    """"Scores" read as "leaves a multiple of five": a tile leaving an end sum of 0 continues the turn
    (it still scores nothing)."""
    if raw_points or m.round.layout.end_sum() != 0:
        return ORIGINAL_AFTER_TILE(m, tile, raw_points, opening, log)
    return ORIGINAL_AFTER_TILE(m, tile, 1, opening, log)      # taken for a scoring tile


def drawn_tile_at_its_first_point(m, action, from_draw, field):
    """"Place it immediately" read as placing it at once where it first fits: no other point may be chosen."""
    ORIGINAL_CHECK_TILE(m, action, from_draw, field)
    first = ORIGINAL_LEGAL_ACTIONS(m)[0] if from_draw else None
    if first is not None and action.tile == first.tile and action.at != first.at:
        raise IllegalAction(f"{field}.at", f"the drawn tile goes at once where it first fits: {first.at}", "DOM-DRAW-3")


def only_the_first_point_offered(m, log=None):
    actions = ORIGINAL_LEGAL_ACTIONS(m, log)
    return actions[:1] if m.phase == PLACE_DRAWN else actions


def heldout_batch2() -> list[Mutant]:
    M = mutant
    return [
        M("held2-partners-side-by-side", "Partners sit next to each other (0+1, 2+3).", ("DOM-SET-3",),
          (Seating, "side_of", partners_side_by_side)),
        M("held2-each-partner-paid-on-a-tie", "Tied pairs: each partner receives the bonus.", ("DOM-TIE-2",),
          (settlement, "settle_blocked_round", each_partner_paid_on_a_tie)),
        M("held2-bonuses-in-seat-order", "The round's bonuses are added one side at a time; the first to "
          "reach 61 wins alone.", ("DOM-MATCH-4",), (match, "apply_settlement", bonuses_in_seat_order)),
        M("held2-branch-a-before-branch-b", "A double's side branches open one at a time.", ("DOM-DBL-3",),
          (layout.Layout, "free_sides", branch_a_before_branch_b)),
        M("held2-branch-doubles-lie-in-line", "A double laid on a side branch does not branch.", ("DOM-DBL-1",),
          (layout.Layout, "free_sides", doubles_on_a_branch_lie_in_line)),
        M("held2-emptying-the-pile-ends-the-turn", "Drawing the pile empty without a playable tile ends the "
          "turn at once.", ("DOM-DRAW-2", "DOM-PASS-1"), (drawing, "draw", emptying_the_pile_ends_the_turn)),
        M("held2-continue-only-with-a-scoring-follow-up", "A continuing player places again only with a double "
          "or a scoring placement.", ("DOM-CONT-3",), (continuation, "continue_turn", continue_only_with_a_scoring_follow_up)),
        M("held2-blocked-after-a-round-of-passes", "The round is blocked once every player has passed with the "
          "pile empty.", ("DOM-BLOCK-1",), (drawing, "pass_turn", passes_counted_while_blocked),
          (drawing, "settle_if_blocked", blocked_after_a_round_of_passes)),
        M("held2-zero-sum-continues", "A tile leaving an end sum of 0 continues the turn, as a multiple of five.",
          ("DOM-CONT-1", "DOM-PTS-3"), (continuation, "after_tile_from_hand", zero_sum_continues)),
        M("held2-drawn-tile-at-its-first-point", "A drawn playable tile is placed where it first fits.",
          ("DOM-DRAW-3",), (turns, "check_tile_to_place", drawn_tile_at_its_first_point),
          (turns, "legal_actions", only_the_first_point_offered)),
    ]


# -- batch 3 --------------------------------------------------------------------------------------
# Written blind, from the es text, clauses.yaml and the rules code alone, while others were
# reshaping the rules to improve attribution (their attribution code, maps, measurements and
# explicit-decision tests were not read, and `mutants --attribution` was not run while writing
# them): `horserace mutants --held-out 3` selects them. Each replaces whole functions of the
# rules by name, as an implementer who misread one rule statement would write them.

ORIGINAL_PLACE = turns.place
ORIGINAL_PLACEMENT_POINTS = points.placement_points


def one_draw_then_the_turn_ends(m, log, field):
    """"Roba una ficha" read as drawing one tile: if it cannot be placed, the turn passes on."""
    decision = ORIGINAL_DRAW(m, log, field)
    if decision is None and m.phase == PLAY:
        return EndTurn("drew_unplayable", "DOM-DRAW-2")
    return decision


def only_five_ten_fifteen_score(end_sum):
    """"5 da 1 punto, 10 da 2 y 15 da 3" read as the whole scale: a larger sum scores nothing."""
    if end_sum > 15:
        return points.PlacementPoints(raw=0, displayed=0)
    return ORIGINAL_PLACEMENT_POINTS(end_sum)


def opening_double_lies_in_line(self, placed):
    """"Incluido el de apertura" overlooked: the opening double only continues its line; the doubles
    played later branch."""
    if is_double(placed.tile) and placed.parent is None:
        return [side for side in LONG_SIDES if not placed.occupied(side)]
    return ORIGINAL_FREE_SIDES(self, placed)


def match_won_when_the_turn_ends(m, action, log, field):
    """"Termina la partida inmediatamente, antes de otra colocación" read as "at the end of the
    turn": a player who reaches 61 with a tile that continues the turn places on, and the target
    is looked at when the turn ends."""
    seat = m.round.to_play
    with patched((match, "end_match_by_placement", lambda m_, seat_, log_: False)):
        decision = ORIGINAL_PLACE(m, action, log, field)
    if decision is not None and m.phase == PLAY and match.end_match_by_placement(m, seat, log):
        return None
    return decision


def target_hit_exactly(score):
    """"No es necesario alcanzar exactamente 61" read without its "no": only exactly 61 wins."""
    return score == points.TARGET


def first_seat_opens_the_match(m, hands, draw_pile, opener, log, field="deal"):
    """"El orden de tomarlas no dan prioridad" read the other way: the first seat to take its tiles
    (seat 0) opens the first round, whatever the draw."""
    if m.next_opener is None and m.round_number == 0:
        opener = 0
    ORIGINAL_DEAL_ROUND(m, hands, draw_pile, opener, log, field)


def double_counts_until_a_side_is_taken(placed):
    """"Mientras quede libre al menos un lado largo" read as "while both long sides are free": a
    double counts both halves only until a tile joins it."""
    if placed.occupied(LINE_A) or placed.occupied(LINE_B):
        return None
    return Contribution(placed.tile, None, 2 * placed.tile[0])


def every_attachment_point_summed(layout_):
    """"No todos los puntos de conexión disponibles" overlooked: the sum is over every point a tile
    may join."""
    return sum(point.value for point in layout_.attachment_points())


def blocked_opener_opens_again(m, hands, draw_pile, opener, log, field="deal"):
    """After a blocked round the same seat opens again (no new draw)."""
    if m.next_opener is None and m.round_number > 0 and m.round is not None:
        opener = m.round.opener
    ORIGINAL_DEAL_ROUND(m, hands, draw_pile, opener, log, field)


def remainder_three_rounds_down(pips):
    """The rounding's threshold one off: remainders of 1, 2 or 3 go down, only 4 goes up."""
    remainder = pips % 5
    return pips - remainder if remainder <= 3 else pips + (5 - remainder)


def continue_again_only_on_scoring_doubles(m, tile, raw_points, opening, log):
    """"Mientras se cumpla alguna de las dos condiciones" read as both: a player already continuing
    goes on only after a double that also scores."""
    if m.round.continuing and not (is_double(tile) and raw_points):
        return EndTurn("non_scoring_tile", "DOM-CONT-4")
    return ORIGINAL_AFTER_TILE(m, tile, raw_points, opening, log)


def round_ends_with_the_turn(m, action, log, field):
    """The round is looked at when the turn ends: a last tile that continues the turn does not end
    it (the player, with no tile, goes on as one unable to place)."""
    seat = m.round.to_play
    with patched((match, "played_last_tile", lambda hand: False)):
        decision = ORIGINAL_PLACE(m, action, log, field)
    if decision is not None and m.phase == PLAY and not m.round.hands[seat]:
        match.end_round_by_domino(m, seat, log)
        return None
    return decision


def heldout_batch3() -> list[Mutant]:
    M = mutant
    return [
        M("held3-one-draw-then-the-turn-ends", "An unplayable drawn tile ends the turn.", ("DOM-DRAW-2",),
          (drawing, "draw", one_draw_then_the_turn_ends)),
        M("held3-only-five-ten-fifteen-score", "End sums above 15 score nothing.", ("DOM-PTS-2",),
          (points, "placement_points", only_five_ten_fifteen_score)),
        M("held3-opening-double-lies-in-line", "The opening double does not branch.", ("DOM-DBL-1",),
          (layout.Layout, "free_sides", opening_double_lies_in_line)),
        M("held3-match-won-when-the-turn-ends", "Reaching 61 ends the match when the turn ends.",
          ("DOM-MATCH-2",), (turns, "place", match_won_when_the_turn_ends)),
        M("held3-target-hit-exactly", "Only exactly 61 wins.", ("DOM-MATCH-3",),
          (match, "reaches_target", target_hit_exactly)),
        M("held3-first-seat-opens-the-match", "Seat 0 opens the first round.", ("DOM-OPEN-2",),
          (deal, "deal_round", first_seat_opens_the_match)),
        M("held3-double-counts-until-a-side-is-taken", "A double counts only while no tile joins it.",
          ("DOM-COUNT-1",), (layout, "double_contribution", double_counts_until_a_side_is_taken)),
        M("held3-every-attachment-point-summed", "The end sum is over every attachment point.", ("DOM-PTS-1",),
          (layout, "end_sum", every_attachment_point_summed)),
        M("held3-blocked-opener-opens-again", "After a blocked round the same seat opens again.", ("DOM-OPEN-6",),
          (deal, "deal_round", blocked_opener_opens_again)),
        M("held3-remainder-three-rounds-down", "A remainder of 3 rounds down.", ("DOM-SETTLE-3",),
          (settlement, "round_to_nearest_five", remainder_three_rounds_down)),
        M("held3-continue-again-only-on-scoring-doubles", "A continuing player goes on only after a scoring "
          "double.", ("DOM-CONT-3",), (continuation, "after_tile_from_hand", continue_again_only_on_scoring_doubles)),
        M("held3-round-ends-with-the-turn", "The round ends when the turn ends.", ("DOM-CONT-5",),
          (turns, "place", round_ends_with_the_turn)),
    ]


# -- batch 4 --------------------------------------------------------------------------------------
# Written blind, in the way of batch 3, while others were changing the rules and the attribution
# core: `horserace mutants --held-out 4` selects them. Each repeats no curated misreading
# (mutants.py) and no earlier batch's.

ORIGINAL_SCORE_PLACEMENT = turns.score_placement
ORIGINAL_END_DRAWN_TILE_TURN = continuation.end_drawn_tile_turn


def drawn_double_alone_ends_the_turn(m, tile, raw_points, log):
    """"Siempre termina tu turno, aunque sea doble o puntúe" read for doubles only: a drawn double
    ends the turn, a drawn non-double that scores continues it."""
    if raw_points and not is_double(tile):
        return continuation.continue_turn(m, "scored", log)
    return EndTurn("drawn_tile", "DOM-DRAW-4")


def continuing_player_draws_on(m, tile, raw_points, log):
    """The drawn-tile exception read for a fresh turn only: a player who draws while continuing a
    turn goes on continuing after a drawn double or scoring tile."""
    reason = continuation.continuation_reason(tile, raw_points)
    if m.round.continuing and reason is not None:
        return continuation.continue_turn(m, reason, log)
    return ORIGINAL_END_DRAWN_TILE_TURN(m, tile, raw_points, log)


def winning_pair_opens_from_its_first_seat(m, seat, log):
    """"Quien juega su última ficha abre" read as the winning side opening: a pair opens from its
    first seat, whichever partner played the last tile."""
    side = m.seating.side_of(seat)
    log.event("round_won", "DOM-END-1", player=seat, side=side)
    result = settlement.settle_domino_round(m.seating, m.round.hands, seat)
    match.apply_settlement(m, result, m.seating.members(side)[0], log)


def losers_paid_for_the_winners_pips(result):
    """"Los perdedores no reciben una adición independiente" read the other way: each losing side
    receives an addition for the winners' remaining pips, rounded and divided as the bonus is."""
    gains = {side: result.bonus[side] for side in result.winners}
    winners_pips = sum(result.side_pips[side] for side in result.winners)
    for side in range(len(result.side_pips)):
        if side not in gains:
            gains[side] = settlement.round_to_nearest_five(winners_pips) // points.RAW_PER_DISPLAYED
    return gains


def drawn_tile_scores_nothing(m, seat, action, opening, from_draw, log):
    """The drawn-tile exception read as taking the placement's points too: a drawn tile, placed at
    once, ends the turn and scores nothing, whatever the end sum."""
    if not from_draw:
        return ORIGINAL_SCORE_PLACEMENT(m, seat, action, opening, from_draw, log)
    with patched((points, "placement_points", lambda end_sum: points.PlacementPoints(raw=0, displayed=0))):
        return ORIGINAL_SCORE_PLACEMENT(m, seat, action, opening, from_draw, log)


def one_side_branch_per_double(self, placed):
    """"Cualquiera de las ramas laterales" read as any one of them: a double opens one side branch,
    and once a tile is on it the other branch stays closed."""
    if not is_double(placed.tile):
        return [side for side in NON_DOUBLE_SIDES if not placed.occupied(side)]
    free_long = [side for side in LONG_SIDES if not placed.occupied(side)]
    if free_long:
        return free_long
    if any(placed.occupied(side) for side in BRANCHES):
        return []
    return list(BRANCHES)


def blocked_with_tiles_in_the_pile(r):
    """"El montón está vacío" overlooked: the round is blocked as soon as nobody holds a tile that
    can be placed, whatever is left in the draw pile."""
    return not any(has_legal_placement(r.layout, hand) for hand in r.hands)


def heldout_batch4() -> list[Mutant]:
    M = mutant
    return [
        M("held4-drawn-double-alone-ends-the-turn", "Only a drawn double ends the turn; a drawn scoring tile "
          "continues it.", ("DOM-CONT-6",), (continuation, "end_drawn_tile_turn", drawn_double_alone_ends_the_turn)),
        M("held4-continuing-player-draws-on", "A player who draws while continuing goes on after a drawn double "
          "or scoring tile.", ("DOM-CONT-6",), (continuation, "end_drawn_tile_turn", continuing_player_draws_on)),
        M("held4-winning-pair-opens-from-its-first-seat", "After a domino the winning pair's first seat opens.",
          ("DOM-OPEN-5",), (match, "end_round_by_domino", winning_pair_opens_from_its_first_seat)),
        M("held4-losers-paid-for-the-winners-pips", "The losing sides receive an addition for the winners' pips.",
          ("DOM-SETTLE-5",), (match, "settlement_gains", losers_paid_for_the_winners_pips)),
        M("held4-drawn-tile-scores-nothing", "A drawn tile placed at once scores nothing.", ("DOM-CONT-6",),
          (turns, "score_placement", drawn_tile_scores_nothing)),
        M("held4-one-side-branch-per-double", "A double opens only one of its side branches.", ("DOM-DBL-3",),
          (layout.Layout, "free_sides", one_side_branch_per_double)),
        M("held4-blocked-with-tiles-in-the-pile", "The round is blocked when nobody can place, tiles left in the "
          "pile or not.", ("DOM-BLOCK-1",), (drawing, "is_blocked", blocked_with_tiles_in_the_pile)),
    ]


# -- batch 5 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 and 4, from the rule text, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 5` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's. The text's rules are
# well covered by the earlier batches, so this batch is short rather than padded.

ORIGINAL_BLOCKED_WINNERS_5 = settlement.blocked_round_winners


def count_tile_continues(tile, raw_points):
    """"Una ficha ... que puntúe" read as a count tile of the Fives family: a tile whose own pips
    are a positive multiple of five ([0|5], [1|4], [2|3], [4|6], [5|5]) continues the turn, whatever
    the end sum it leaves."""
    count_tile = sum(tile) > 0 and sum(tile) % 5 == 0
    if is_double(tile) and count_tile:
        return "double_and_scored"
    if is_double(tile):
        return "double"
    if count_tile:
        return "scored"
    return None


def lowest_rounded_sum_wins_the_block(seating, hands):
    """In an individual blocked round the hands are compared as they would be paid: each sum
    rounded to the nearest five first, so sums that round alike tie."""
    if seating.mode == PARTNERSHIP:
        return ORIGINAL_BLOCKED_WINNERS_5(seating, hands)
    sums = [settlement.round_to_nearest_five(hand_pips(hand)) for hand in hands]
    lowest = min(sums)
    return [side for side, total in enumerate(sums) if total == lowest]


def heldout_batch5() -> list[Mutant]:
    M = mutant
    return [
        M("held5-count-tile-continues", "A tile whose own pips are a multiple of five continues the turn.",
          ("DOM-CONT-1",), (continuation, "continuation_reason", count_tile_continues)),
        M("held5-lowest-rounded-sum-wins-the-block", "A blocked round's hands are compared rounded to five.",
          ("DOM-BLOCK-2",), (settlement, "blocked_round_winners", lowest_rounded_sum_wins_the_block)),
    ]


# -- batch 6 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 to 5, from the rule texts (es, pt, pl), the clause catalog
# and the rules code, while others were changing the attribution core: `horserace mutants
# --held-out 6` selects them. Each repeats no curated misreading (mutants.py) and no earlier batch's.

ORIGINAL_LEGAL_ACTIONS_6 = turns.legal_actions
ORIGINAL_OPEN_LAYOUT_6 = turns.open_layout
ORIGINAL_CHECK_OFFERED_POINT_6 = turns.check_offered_point


def everywhere(module, name: str, value) -> tuple[tuple, ...]:
    """Patches for `module.name` and every module of this game that imported the same object."""
    import sys
    original = getattr(module, name)
    holders = [m for key, m in sys.modules.items() if key.startswith("reference.dominoes.") and m is not None
               and vars(m).get(name) is original]
    return tuple((m, name, value) for m in holders)


def heaviest_in_hand(hand):
    most = max(hand_pips([t]) for t in hand)
    return {t for t in hand if hand_pips([t]) == most}


def only_the_heaviest_opens(m, log=None):
    """The opener must lead with the heaviest tile held (as in other domino games), not any tile."""
    actions = ORIGINAL_LEGAL_ACTIONS_6(m, log)
    r = m.round
    if m.phase != PLAY or r is None or not r.layout.is_empty():
        return actions
    heaviest = heaviest_in_hand(r.hands[r.to_play])
    return [a for a in actions if not hasattr(a, "tile") or a.tile in heaviest]


def open_with_the_heaviest(m, action, field):
    r = m.round
    if action.at is None and action.tile in r.hands[r.to_play] and action.tile not in heaviest_in_hand(r.hands[r.to_play]):
        raise IllegalAction(f"{field}.place", "the opener leads with the heaviest tile held", "DOM-OPEN-3")
    ORIGINAL_OPEN_LAYOUT_6(m, action, field)


def double_to_cover(m):
    """The double a continuing player has just laid, if the player holds a tile that joins it."""
    r = m.round
    if m.phase != PLAY or r is None or not r.continuing or r.layout.is_empty():
        return None
    last = list(r.layout.placed)[-1]
    if not is_double(last):
        return None
    if any(p.at is not None and p.at.tile == last for p in turns.legal_placements(r.layout, r.hands[r.to_play])):
        return last
    return None


def continuing_covers_the_double(m, log=None):
    """A double lets its player continue (as in games where a double must be «satisfied»): the
    next tile goes on that double while the player holds one that joins it."""
    actions = ORIGINAL_LEGAL_ACTIONS_6(m, log)
    last = double_to_cover(m)
    if last is None:
        return actions
    return [a for a in actions if not hasattr(a, "tile") or (a.at is not None and a.at.tile == last)]


def refuse_leaving_the_double(m, action, field):
    last = double_to_cover(m)
    if last is not None and action.at is not None and action.at.tile != last:
        raise IllegalAction(f"{field}.at", "the double just laid is covered first", "DOM-CONT-1")
    ORIGINAL_CHECK_OFFERED_POINT_6(m, action, field)


def heldout_batch6() -> list[Mutant]:
    M = mutant
    return [
        M("held6-only-the-heaviest-opens", "The opener must lead with the heaviest tile held.", ("DOM-OPEN-3",),
          *everywhere(turns, "legal_actions", only_the_heaviest_opens),
          (turns, "open_layout", open_with_the_heaviest)),
        M("held6-continuing-covers-the-double", "A player continuing after a double must join that double.",
          ("DOM-CONT-1",), *everywhere(turns, "legal_actions", continuing_covers_the_double),
          (turns, "check_offered_point", refuse_leaving_the_double)),
    ]


# -- batch 7 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 to 6, from the rule texts, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 7` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's; most are written as
# an engine of its own would be wrong, in one situation or across several functions.

from .rules import seating as seating_rules, tiles as tile_rules  # noqa: E402
from .rules.state import MatchState  # noqa: E402

ORIGINAL_RECORD_POINTS_7 = match.record_points
ORIGINAL_APPLY_SETTLEMENT_7 = match.apply_settlement
ORIGINAL_END_MATCH_BY_PLACEMENT_7 = match.end_match_by_placement
ORIGINAL_MATCH_COPY_7 = MatchState.copy
ORIGINAL_SETTLE_DOMINO_7 = settlement.settle_domino_round
ORIGINAL_BLOCKED_WINNERS_7 = settlement.blocked_round_winners


def seat_scores(m) -> list[int]:
    """The engine's own tally, one score per seat; a pair's score is shown as its two seats' sum
    (a score given at the start is its first seat's)."""
    kept = m.__dict__.get("seat_scores")
    if kept is None:
        kept = [0] * m.seating.players
        for side in range(m.seating.sides):
            kept[m.seating.members(side)[0]] = m.scores[side]
        m.__dict__["seat_scores"] = kept
    return kept


def points_tallied_per_seat(m, seat, displayed, log):
    """«Cada pareja comparte una [puntuación]» kept as a shown sum only: each player's points go to
    the player's own tally, and the target is looked for in a player's own tally."""
    if m.seating.mode == PARTNERSHIP:
        seat_scores(m)[seat] += match.recorded_points(displayed) if displayed > 0 else 0
    ORIGINAL_RECORD_POINTS_7(m, seat, displayed, log)


def bonus_tallied_to_the_first_seat(m, result, next_opener, log):
    if m.seating.mode == PARTNERSHIP:
        tally = seat_scores(m)
        for side, gain in match.settlement_gains(result).items():
            tally[m.seating.members(side)[0]] += gain
    ORIGINAL_APPLY_SETTLEMENT_7(m, result, next_opener, log)


def target_in_the_placer_tally(m, seat, log):
    if m.seating.mode == PARTNERSHIP and not match.reaches_target(seat_scores(m)[seat]):
        return False
    return ORIGINAL_END_MATCH_BY_PLACEMENT_7(m, seat, log)


def target_in_a_seat_tally(m):
    if m.seating.mode != PARTNERSHIP:
        return [side for side, score in enumerate(m.scores) if match.reaches_target(score)]
    tally = seat_scores(m)
    return [side for side in range(m.seating.sides)
            if any(match.reaches_target(tally[seat]) for seat in m.seating.members(side))]


def copy_with_seat_scores(self):
    clone = ORIGINAL_MATCH_COPY_7(self)
    if "seat_scores" in self.__dict__:
        clone.__dict__["seat_scores"] = list(self.__dict__["seat_scores"])
    return clone


def four_blocked_as_pairs(seating, hands):
    """Four players read as two pairs when a round blocks: with four individual players the sums of
    seats 0+2 and 1+3 are compared, and both players of the lighter pair win the round."""
    if seating.mode == PARTNERSHIP or seating.players != 4:
        return ORIGINAL_BLOCKED_WINNERS_7(seating, hands)
    pair_sums = [hand_pips(hands[0]) + hand_pips(hands[2]), hand_pips(hands[1]) + hand_pips(hands[3])]
    lowest = min(pair_sums)
    return [seat for seat in range(4) if pair_sums[seat % 2] == lowest]


def partner_taken_off_after_rounding(seating, hands, last_player):
    """The partner's tiles left out after the rounding, not before it: the other three hands are
    summed and rounded, and the partner's hand, rounded on its own, is taken off that."""
    result = ORIGINAL_SETTLE_DOMINO_7(seating, hands, last_player)
    if seating.mode != PARTNERSHIP:
        return result
    side = seating.side_of(last_player)
    partner = next(seat for seat in seating.members(side) if seat != last_player)
    others = sum(hand_pips(hand) for seat, hand in enumerate(hands) if seat != last_player)
    to_fifths = points.RAW_PER_DISPLAYED
    award = (settlement.round_to_nearest_five(others) // to_fifths
             - settlement.round_to_nearest_five(hand_pips(hands[partner])) // to_fifths)
    bonus = list(result.bonus)
    bonus[side] = max(award, 0)
    return replace(result, bonus=bonus)


def double_worth_one_half(hand) -> int:
    """A hand's value counted as the layout shows a tile: a double by the one number on each of its
    sides, so 6|6 is worth 6, not 12."""
    return sum(tile[0] if is_double(tile) else tile_rules.pips(tile) for tile in hand)



ORIGINAL_END_OF_MATCH_OR_ROUND_7 = turns.end_of_match_or_round


def target_not_looked_at_on_the_opening(m, seat, log):
    """The opening written as a step of its own: its points are scored and recorded, but the
    target is looked for only from the round's second placement (or at the settlement)."""
    if len(list(m.round.layout.tiles())) == 1:
        return False
    return ORIGINAL_END_OF_MATCH_OR_ROUND_7(m, seat, log)

def heldout_batch7() -> list[Mutant]:
    M = mutant
    return [
        M("held7-points-tallied-per-seat", "Partners' points are kept seat by seat and the target looked for "
          "in one seat's tally.", ("DOM-SET-4",),
          *everywhere(match, "record_points", points_tallied_per_seat),
          *everywhere(match, "apply_settlement", bonus_tallied_to_the_first_seat),
          *everywhere(match, "end_match_by_placement", target_in_the_placer_tally),
          (match, "reached_target", target_in_a_seat_tally),
          (MatchState, "copy", copy_with_seat_scores)),
        M("held7-four-blocked-as-pairs", "Four individual players are compared as two pairs in a blocked "
          "round.", ("DOM-BLOCK-2",), *everywhere(settlement, "blocked_round_winners", four_blocked_as_pairs)),
        M("held7-double-worth-one-half", "A double in hand is worth one of its halves.", ("DOM-SETTLE-2", "DOM-BLOCK-2"),
          *everywhere(settlement, "hand_pips", double_worth_one_half)),
        M("held7-partner-taken-off-after-rounding", "The partner's hand is taken off after the others' pips "
          "are rounded.", ("DOM-SETTLE-2",), *everywhere(settlement, "settle_domino_round", partner_taken_off_after_rounding)),
        M("held7-target-not-looked-at-on-the-opening", "An opening that reaches the target does not end the "
          "match.", ("DOM-MATCH-2",), *everywhere(turns, "end_of_match_or_round", target_not_looked_at_on_the_opening)),
    ]


# -- batch 8 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 to 7, from the rule text, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 8` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's; each is written as
# an engine of its own would be wrong, at the level of the code an implementer would have written.

from .rules.layout import LOW, PlacedTile  # noqa: E402
from .rules.moves import Pass, Stop  # noqa: E402

ORIGINAL_NEW_MATCH_8 = deal.new_match
ORIGINAL_PASS_TURN_8 = drawing.pass_turn
ORIGINAL_LEGAL_ACTIONS_8 = turns.legal_actions
ORIGINAL_END_ROUND_BY_DOMINO_8 = match.end_round_by_domino
ORIGINAL_COUNTED_HANDS_8 = settlement.counted_hands
ORIGINAL_DRAW_8 = drawing.draw


def attach_as_written(self, tile, point, field="at", tile_field="place"):
    """The tile is laid as written, never turned round: its first half is taken as the joined one,
    so a tile joined by its second half leaves the matched number as the new end, not the other."""
    self.check_attachment(tile, point, field, tile_field)
    joined = LINE_A if is_double(tile) else LOW
    parent = self.placed[point.tile]
    self.settle(PlacedTile(parent.tile, parent.parent, parent.joined_side,
                           {**parent.children, point.side: tile}))
    self.settle(PlacedTile(tile, parent=layout.point_at(point.tile, point.side), joined_side=joined))


def four_players_always_in_pairs(players, mode=seating_rules.INDIVIDUAL, scores=None, options=None, field="setup"):
    """«Individual con 2, 3 o 4, o en dos parejas con 4» read as four players always playing as
    two pairs: a four-player match is a partnership match whatever mode is asked."""
    if players == 4 and mode == seating_rules.INDIVIDUAL:
        mode = PARTNERSHIP
    return ORIGINAL_NEW_MATCH_8(players, mode, scores, options, field)


def pass_once_the_pile_is_empty(m, log, field):
    """«Pasa solo si ... el montón de robo está vacío» read as the pile alone: once it is empty a
    player may pass, even one holding a tile that could be placed."""
    if m.phase == PLAY and not m.round.draw_pile:
        log.event("passed", "DOM-PASS-1", player=m.round.to_play)
        return EndTurn("passed", "DOM-PASS-1")
    return ORIGINAL_PASS_TURN_8(m, log, field)


def pass_offered_once_the_pile_is_empty(m, log=None):
    actions = ORIGINAL_LEGAL_ACTIONS_8(m, log)
    if m.phase == PLAY and not m.round.draw_pile and not any(isinstance(a, Pass) for a in actions):
        at = next((i for i, a in enumerate(actions) if isinstance(a, Stop)), len(actions))
        actions.insert(at, Pass())
    return actions


def bonus_counts_the_draw_pile(m, seat, log):
    """The winner of a domino scores for every tile not in its side's hands: the tiles left in the
    draw pile are counted with the opponents' hands."""
    pile = list(m.round.draw_pile)

    def counted_with_the_pile(seating, hands, winner):
        return ORIGINAL_COUNTED_HANDS_8(seating, hands, winner) + ([pile] if pile else [])

    with patched((settlement, "counted_hands", counted_with_the_pile)):
        ORIGINAL_END_ROUND_BY_DOMINO_8(m, seat, log)


def drawn_from_the_bottom(m, log, field):
    """The draw pile kept as a stack whose top is the end of the list: the deal lists the pile top
    first, but the engine draws the last tile listed."""
    pile = m.round.draw_pile if m.round is not None else None
    if pile is None:
        return ORIGINAL_DRAW_8(m, log, field)
    pile.reverse()
    try:
        return ORIGINAL_DRAW_8(m, log, field)
    finally:
        pile.reverse()


def heldout_batch8() -> list[Mutant]:
    M = mutant
    return [
        M("held8-tile-laid-as-written", "A tile joined by its second half leaves the matched number as the "
          "new end.", ("DOM-PLACE-2",), (layout.Layout, "attach", attach_as_written)),
        M("held8-four-players-always-in-pairs", "Four players always play as two pairs.", ("DOM-SET-2",),
          *everywhere(deal, "new_match", four_players_always_in_pairs)),
        M("held8-pass-once-the-pile-is-empty", "Once the pile is empty a player may pass while able to place.",
          ("DOM-PASS-1",), *everywhere(drawing, "pass_turn", pass_once_the_pile_is_empty),
          *everywhere(turns, "legal_actions", pass_offered_once_the_pile_is_empty)),
        M("held8-bonus-counts-the-draw-pile", "The winner of a domino also scores for the tiles left in the "
          "draw pile.", ("DOM-SETTLE-1",), *everywhere(match, "end_round_by_domino", bonus_counts_the_draw_pile)),
        M("held8-drawn-from-the-bottom", "Tiles are drawn from the bottom of the listed pile.", ("DOM-DRAW-2",),
          *everywhere(drawing, "draw", drawn_from_the_bottom)),
    ]


# -- batch 9 --------------------------------------------------------------------------------------
# The development batch: written as the blind ones are (batches 3 to 8), from the rule text, the
# clause catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 9` selects them. Each repeats no curated misreading (mutants.py)
# and no earlier batch's; each is written as an engine of its own would be wrong.

ORIGINAL_DRAW_9 = drawing.draw
ORIGINAL_AFTER_TILE_9 = continuation.after_tile_from_hand
ORIGINAL_DEAL_ROUND_9 = deal.deal_round
ORIGINAL_END_MATCH_BY_SETTLEMENT_9 = match.end_match_by_settlement
ORIGINAL_SCORE_PLACEMENT_9 = turns.score_placement
ORIGINAL_PLACEMENT_POINTS_9 = points.placement_points
ORIGINAL_SETTLE_BLOCKED_9 = settlement.settle_blocked_round


def draw_whenever_the_pile_has_tiles(m, log, field):
    """«Si no puede colocar, roba» read as a right, not the only case: a player may draw from the
    pile while holding a tile that could be placed."""
    if m.phase == PLAY and m.round is not None and m.round.draw_pile and drawing.able_to_place(m):
        with patched((drawing, "able_to_place", lambda match_: False)):
            return ORIGINAL_DRAW_9(m, log, field)
    return ORIGINAL_DRAW_9(m, log, field)


BANKED_9: dict[int, bool] = {}


def scoring_double_banks_two(m, tile, raw_points, opening, log):
    """A double that also scores read as two reasons to go on, each its own continuation: the
    second is kept, so the tile that would end the continuing turn lets the player go on once more."""
    r = m.round
    result = ORIGINAL_AFTER_TILE_9(m, tile, raw_points, opening, log)
    if result is not None and BANKED_9.pop(id(r), False) and r.hands[r.to_play]:
        r.continuing = True
        log.event("continued", "DOM-CONT-2", player=r.to_play, reason="banked")
        return continuation.when_unable_to_continue(m, log)
    if result is None and continuation.continuation_reason(tile, raw_points) == "double_and_scored":
        BANKED_9[id(r)] = True
    elif result is not None:
        BANKED_9.pop(id(r), None)
    return result


def highest_score_wins_alone(m, log):
    """When several sides pass the target in one settlement, the engine crowns the side with the
    highest score (the first seat of them on equal scores), as most score-race games do."""
    reached = match.reached_target(m)
    if len(reached) < 2:
        return ORIGINAL_END_MATCH_BY_SETTLEMENT_9(m, log)
    best = max(m.scores[side] for side in reached)
    alone = [next(side for side in reached if m.scores[side] == best)]
    with patched((match, "reached_target", lambda m_: alone)):
        return ORIGINAL_END_MATCH_BY_SETTLEMENT_9(m, log)


def opening_tile_scores_nothing(m, seat, action, opening, from_draw, log):
    """The score is worked out when a tile joins one already down: the opening tile, joined to
    nothing, is laid without being scored."""
    if not opening:
        return ORIGINAL_SCORE_PLACEMENT_9(m, seat, action, opening, from_draw, log)
    with patched((points, "placement_points", lambda end_sum: ORIGINAL_PLACEMENT_POINTS_9(0))):
        return ORIGINAL_SCORE_PLACEMENT_9(m, seat, action, opening, from_draw, log)


def last_two_tiles_sleep(m, hands, draw_pile, opener, log, field="deal"):
    """The draw pile played as in the two-player block games where the last two tiles «sleep»: the
    engine sets the pile's last two tiles aside, and they are never drawn."""
    ORIGINAL_DEAL_ROUND_9(m, hands, draw_pile, opener, log, field)
    if m.round is not None and len(m.round.draw_pile) >= 2:
        del m.round.draw_pile[-2:]


def tied_winners_paid_for_the_losers(seating, hands):
    """Tied winners of a blocked round are paid for the losers' hands only: each tied winner's
    bonus leaves out the other tied winners' tiles."""
    winners = settlement.blocked_round_winners(seating, hands)
    if len(winners) < 2:
        return ORIGINAL_SETTLE_BLOCKED_9(seating, hands)
    losers = [hand for seat, hand in enumerate(hands) if seating.side_of(seat) not in winners]
    counted, bonus = [0] * seating.sides, [0] * seating.sides
    for w in winners:
        counted[w] = sum(hand_pips(hand) for hand in losers)
        bonus[w] = settlement.settlement_bonus(losers)
    return Settlement(settlement.BLOCKED, [hand_pips(h) for h in hands], settlement.side_pips(seating, hands),
                      winners, counted, bonus)


def heldout_batch9() -> list[Mutant]:
    M = mutant
    return [
        M("dev9-draw-whenever-the-pile-has-tiles", "A player able to place may draw instead.", ("DOM-DRAW-1",),
          *everywhere(drawing, "draw", draw_whenever_the_pile_has_tiles)),
        M("dev9-scoring-double-banks-two", "A scoring double gives two continuations, the second kept.",
          ("DOM-CONT-2",), *everywhere(continuation, "after_tile_from_hand", scoring_double_banks_two)),
        M("dev9-highest-score-wins-alone", "Of several sides past the target, the highest score wins alone.",
          ("DOM-MATCH-5",), *everywhere(match, "end_match_by_settlement", highest_score_wins_alone)),
        M("dev9-opening-tile-scores-nothing", "The opening tile is not scored.", ("DOM-OPEN-4", "DOM-PTS-4"),
          *everywhere(turns, "score_placement", opening_tile_scores_nothing)),
        M("dev9-last-two-tiles-sleep", "The last two tiles of the draw pile are never drawn.", ("DOM-DEAL-3",),
          *everywhere(deal, "deal_round", last_two_tiles_sleep)),
        M("dev9-tied-winners-paid-for-the-losers", "Tied winners of a blocked round are paid for the losers' "
          "hands only.", ("DOM-TIE-1",), *everywhere(settlement, "settle_blocked_round",
                                                     tied_winners_paid_for_the_losers)),
    ]


# -- batch 10 -------------------------------------------------------------------------------------
# The second development batch: written as the blind ones are (batches 3 to 8), from the rule text,
# the clause catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 10` selects them. Each repeats no curated misreading (mutants.py)
# and no earlier batch's; each is written as an engine of its own would be wrong.

from .rules import seating as seating_rules                                   # noqa: E402

ORIGINAL_DEAL_ROUND_10 = deal.deal_round
ORIGINAL_NEW_MATCH_10 = deal.new_match
ORIGINAL_SCORE_PLACEMENT_10 = turns.score_placement
ORIGINAL_RECORD_POINTS_10 = match.record_points
ORIGINAL_DRAW_10 = drawing.draw
ORIGINAL_DOUBLE_CONTRIBUTION_10 = layout.double_contribution
ORIGINAL_BLOCKED_WINNERS_10 = settlement.blocked_round_winners


def opener_named_by_the_deal(m, hands, draw_pile, opener, log, field="deal"):
    """The player of the last tile read as the usual opener, not the one who must open: a deal that
    names another seat after a domino is taken as the table's choice, and that seat opens."""
    if m.next_opener is not None and type(opener) is int and 0 <= opener < m.seating.players:
        m.next_opener = opener
    return ORIGINAL_DEAL_ROUND_10(m, hands, draw_pile, opener, log, field)


def drawn_tile_scored_to_the_next_seat(m, seat, action, opening, from_draw, log):
    """«Colocar la ficha robada termina el turno» applied before the score is written: the turn has
    already passed when a drawn tile's points are recorded, so they go to the next seat's side."""
    if not from_draw:
        return ORIGINAL_SCORE_PLACEMENT_10(m, seat, action, opening, from_draw, log)
    following = m.seating.next_clockwise(seat)

    def to_the_next_seat(m_, seat_, displayed, log_):
        return ORIGINAL_RECORD_POINTS_10(m_, following, displayed, log_)

    with patched((match, "record_points", to_the_next_seat)):
        return ORIGINAL_SCORE_PLACEMENT_10(m, seat, action, opening, from_draw, log)


def unplayable_draws_set_aside(m, log, field):
    """«Roba de una en una hasta la primera jugable» read as turning tiles over until one fits: a
    drawn tile that cannot be placed is laid aside, out of the round, not kept in the hand."""
    r = m.round
    seat = r.to_play if r is not None else None
    before = len(r.hands[seat]) if r is not None else 0
    result = ORIGINAL_DRAW_10(m, log, field)
    if r is not None and m.phase == PLAY and len(r.hands[seat]) > before:
        r.hands[seat].pop()
    return result


def lone_double_counted_per_long_side(placed):
    """Each free long side of a double read as an end showing both halves: a double with nothing
    joined to it counts its two halves twice (a lone 5|5 sums 20); joined on one side, once."""
    contribution = ORIGINAL_DOUBLE_CONTRIBUTION_10(placed)
    if contribution is not None and not placed.occupied(LINE_A) and not placed.occupied(LINE_B):
        return Contribution(placed.tile, None, contribution.value * 2)
    return contribution


ORIGINAL_MAY_DRAW_10 = drawing.may_draw
ORIGINAL_MAY_PASS_10 = drawing.may_pass


def continuing_player_may_not_draw(m, able_to_place):
    """Drawing read as the start of a turn only: a player continuing a turn may not draw; one who
    cannot place passes, the pile full or not."""
    if m.phase == PLAY and m.round is not None and m.round.continuing:
        return False
    return ORIGINAL_MAY_DRAW_10(m, able_to_place)


def continuing_player_passes(m, able_to_place):
    if m.phase == PLAY and m.round is not None and m.round.continuing and not able_to_place:
        return True
    return ORIGINAL_MAY_PASS_10(m, able_to_place)


def fewest_tiles_win_the_block(seating, hands):
    """«La menor suma» read as the smallest hand: in an individual blocked round the player holding
    the fewest tiles wins (the pips are counted only for the bonus)."""
    if seating.mode == PARTNERSHIP:
        return ORIGINAL_BLOCKED_WINNERS_10(seating, hands)
    sizes = [len(hand) for hand in hands]
    return [seat for seat, size in enumerate(sizes) if size == min(sizes)]


def setup_scores_read_as_raw(players, mode=seating_rules.INDIVIDUAL, scores=None, options=None, field="setup"):
    """The scores of a match set up part-way read in raw points, as the engine keeps them inside:
    they are divided by five on the way in."""
    if isinstance(scores, list) and all(type(s) is int and s >= 0 for s in scores):
        scores = [s // 5 for s in scores]
    return ORIGINAL_NEW_MATCH_10(players, mode, scores, options, field)


ORIGINAL_SETTLE_DOMINO_10 = settlement.settle_domino_round
ORIGINAL_SETTLE_BLOCKED_10 = settlement.settle_blocked_round
DEALT_10: dict[int, tuple[list[set], set]] = {}


def deal_remembered(m, hands, draw_pile, opener, log, field="deal"):
    ORIGINAL_DEAL_ROUND_10(m, hands, draw_pile, opener, log, field)
    DEALT_10[id(m.seating)] = ([set(hand) for hand in hands], set(draw_pile))


def as_dealt(seating, hands):
    """«Las fichas restantes» counted as the tiles dealt that were not played: the tiles a player drew
    are left out of the remaining hand the settlement counts."""
    kept = DEALT_10.get(id(seating))
    if kept is None or len(kept[0]) != len(hands):
        return hands
    dealt, pile = kept
    if any(tile not in dealt[seat] and tile not in pile for seat, hand in enumerate(hands) for tile in hand):
        return hands                  # not this round's deal (a round set up part-way): nothing to go by
    return [[tile for tile in hand if tile in dealt[seat]] for seat, hand in enumerate(hands)]


def domino_settled_without_the_draws(seating, hands, last_player):
    return ORIGINAL_SETTLE_DOMINO_10(seating, as_dealt(seating, hands), last_player)


def block_settled_without_the_draws(seating, hands):
    return ORIGINAL_SETTLE_BLOCKED_10(seating, as_dealt(seating, hands))


def heldout_batch10() -> list[Mutant]:
    M = mutant
    return [
        M("dev10-opener-named-by-the-deal", "After a domino the deal may name another opener, who opens.",
          ("DOM-OPEN-5",), *everywhere(deal, "deal_round", opener_named_by_the_deal)),
        M("dev10-drawn-tile-scored-to-the-next-seat", "A drawn tile's points go to the next seat's side.",
          ("DOM-DRAW-4", "DOM-MATCH-1"), *everywhere(turns, "score_placement", drawn_tile_scored_to_the_next_seat)),
        M("dev10-unplayable-draws-set-aside", "A drawn tile that cannot be placed is laid aside, not kept.",
          ("DOM-DRAW-2",), *everywhere(drawing, "draw", unplayable_draws_set_aside)),
        M("dev10-lone-double-counted-per-long-side", "A double with nothing joined counts its halves twice.",
          ("DOM-COUNT-1", "DOM-COUNT-4"),
          *everywhere(layout, "double_contribution", lone_double_counted_per_long_side)),
        M("dev10-continuing-player-passes", "A continuing player who cannot place passes; it may not draw.",
          ("DOM-INT-1", "DOM-PASS-1"), *everywhere(drawing, "may_draw", continuing_player_may_not_draw),
          *everywhere(drawing, "may_pass", continuing_player_passes)),
        M("dev10-fewest-tiles-win-the-block", "An individual blocked round goes to the fewest tiles held.",
          ("DOM-BLOCK-2",), *everywhere(settlement, "blocked_round_winners", fewest_tiles_win_the_block)),
        M("dev10-setup-scores-read-as-raw", "A match's given scores are read in raw points.", ("DOM-SCORE-1",),
          *everywhere(deal, "new_match", setup_scores_read_as_raw)),
        M("dev10-remaining-tiles-without-the-draws", "The settlement counts the tiles dealt and not played, the "
          "drawn ones left out.", ("DOM-SETTLE-1", "DOM-BLOCK-2"), *everywhere(deal, "deal_round", deal_remembered),
          *everywhere(settlement, "settle_domino_round", domino_settled_without_the_draws),
          *everywhere(settlement, "settle_blocked_round", block_settled_without_the_draws)),
    ]


from .rules import tiles as tile_rules                                          # noqa: E402

ORIGINAL_DEAL_ROUND_11 = deal.deal_round
ORIGINAL_REACHES_TARGET_11 = match.reaches_target
ORIGINAL_APPLY_SETTLEMENT_11 = match.apply_settlement
ORIGINAL_PAY_WINNERS_11 = settlement.pay_winners
ORIGINAL_HAND_PIPS_11 = tile_rules.hand_pips
ORIGINAL_SETTLEMENT_GAINS_11 = match.settlement_gains


def scores_kept_per_round(m, hands, draw_pile, opener, log, field="deal"):
    """The scores kept with the round: every deal after the first starts the sides from nothing
    again, instead of carrying the match's scores on towards 61."""
    later = m.round_number > 0
    ORIGINAL_DEAL_ROUND_11(m, hands, draw_pile, opener, log, field)
    if later:
        m.scores = [0] * len(m.scores)


def target_in_raw_points(score):
    """The 61 of the target read in raw points: a side's displayed score wins once its raw worth
    (five for each displayed point) reaches 61."""
    return score * points.RAW_PER_DISPLAYED >= points.TARGET


def double_in_hand_counted_crosswise(hand):
    """A double left in hand counted as it lies crosswise at the end of a line: both halves, twice
    over (6|6 weighs 24), when the remaining pips are added up."""
    return ORIGINAL_HAND_PIPS_11(hand) + sum(tile_rules.pips(t) for t in hand if is_double(t))


def bonuses_applied_at_the_next_deal(m, result, next_opener, log):
    """The round's bonuses held over and added to the scores when the next round is dealt (the
    engine settles the hands with the new deal), unless they win the match now."""
    ORIGINAL_APPLY_SETTLEMENT_11(m, result, next_opener, log)
    if m.winners is None and m.phase != PLAY:
        gains = ORIGINAL_SETTLEMENT_GAINS_11(result)
        for side, gain in gains.items():
            m.scores[side] -= gain
        HELD_OVER[id(m)] = dict(gains)


HELD_OVER: dict = {}


def deal_adding_the_held_over_bonuses(m, hands, draw_pile, opener, log, field="deal"):
    ORIGINAL_DEAL_ROUND_11(m, hands, draw_pile, opener, log, field)
    for side, gain in HELD_OVER.pop(id(m), {}).items():
        m.scores[side] += gain


def paid_by_the_heaviest_hand(kind, seating, hands, winners):
    """«Puntúa por las fichas restantes del rival» read as one rival: an individual winner of a
    domino is paid for the heaviest opponent's hand alone, not for every opponent's."""
    if seating.mode == PARTNERSHIP or kind != settlement.DOMINO or len(winners) != 1:
        return ORIGINAL_PAY_WINNERS_11(kind, seating, hands, winners)
    winner = winners[0]
    others = [seat for seat in range(seating.players) if seating.side_of(seat) != winner]
    heaviest = max(others, key=lambda seat: (hand_pips(hands[seat]), -seat))
    kept = [h if seat == heaviest or seating.side_of(seat) == winner else [] for seat, h in enumerate(hands)]
    s = ORIGINAL_PAY_WINNERS_11(kind, seating, kept, winners)
    return Settlement(s.kind, [hand_pips(h) for h in hands], settlement.side_pips(seating, hands), s.winners,
                      s.counted_pips, s.bonus)


def drawn_seat_deals(m, hands, draw_pile, opener, log, field="deal"):
    """The seat the neutral draw picks read as the dealer: the seat on its left (clockwise next)
    opens the round."""
    if m.next_opener is None and type(opener) is int and 0 <= opener < m.seating.players:
        opener = (opener + 1) % m.seating.players
    ORIGINAL_DEAL_ROUND_11(m, hands, draw_pile, opener, log, field)


ORIGINAL_PLACE_11 = turns.place
ORIGINAL_TAKE_FROM_HAND_11 = turns.take_from_hand
ORIGINAL_END_ROUND_BY_DOMINO_11 = match.end_round_by_domino


def scored_on_the_ends_before_the_tile(m, action, log, field):
    """The end sum taken when the placement is asked for, before the tile is laid: a placement
    scores the ends it found, not the ends it leaves."""
    r = m.round
    if r.layout.is_empty():
        return ORIGINAL_PLACE_11(m, action, log, field)
    before = r.layout.end_sum()
    with patched((layout.Layout, "end_sum", lambda self: before)):
        return ORIGINAL_PLACE_11(m, action, log, field)


LAST_TAKEN: dict = {}


def take_from_hand_noted(m, tile):
    LAST_TAKEN[id(m)] = (m.round.to_play, tile)
    ORIGINAL_TAKE_FROM_HAND_11(m, tile)


def settled_with_the_last_tile_in_hand(m, seat, log):
    """The domino settled from the hands as they stood when the last tile was chosen: the tile just
    played still counted in its player's hand."""
    noted = LAST_TAKEN.pop(id(m), None)
    hand = m.round.hands[seat]
    if noted is None or noted[0] != seat:
        return ORIGINAL_END_ROUND_BY_DOMINO_11(m, seat, log)
    hand.append(noted[1])
    try:
        ORIGINAL_END_ROUND_BY_DOMINO_11(m, seat, log)
    finally:
        if noted[1] in hand:
            hand.remove(noted[1])


def heldout_batch11() -> list[Mutant]:
    M = mutant
    return [
        M("held11-scores-kept-per-round", "Each deal after the first starts every score from nothing.",
          ("DOM-MATCH-2",), *everywhere(deal, "deal_round", scores_kept_per_round)),
        M("held11-target-in-raw-points", "The target of 61 is read in raw points.", ("DOM-SCORE-1",),
          *everywhere(match, "reaches_target", target_in_raw_points)),
        M("held11-double-in-hand-counted-crosswise", "A double left in hand counts its pips twice.",
          ("DOM-SETTLE-2",), *everywhere(tile_rules, "hand_pips", double_in_hand_counted_crosswise)),
        M("held11-bonuses-at-the-next-deal", "A round's bonuses are added to the scores when the next round is dealt.",
          ("DOM-MATCH-1",), *everywhere(match, "apply_settlement", bonuses_applied_at_the_next_deal),
          *everywhere(deal, "deal_round", deal_adding_the_held_over_bonuses)),
        M("held11-paid-by-the-heaviest-hand", "An individual domino is paid for the heaviest opponent's hand alone.",
          ("DOM-SETTLE-1",), *everywhere(settlement, "pay_winners", paid_by_the_heaviest_hand)),
        M("held11-scored-on-the-ends-before-the-tile", "A placement scores the end sum found before its tile is laid.",
          ("DOM-PTS-1",), *everywhere(turns, "place", scored_on_the_ends_before_the_tile)),
        M("held11-settled-with-the-last-tile-in-hand", "A domino is settled with the last tile still in "
          "its player's hand.",
          ("DOM-END-1",), *everywhere(turns, "take_from_hand", take_from_hand_noted),
          *everywhere(match, "end_round_by_domino", settled_with_the_last_tile_in_hand)),
        M("held11-drawn-seat-deals", "The seat a neutral draw picks deals; the next seat clockwise opens.",
          ("DOM-OPEN-1", "DOM-OPEN-6"), *everywhere(deal, "deal_round", drawn_seat_deals)),
    ]


# -- batch 12 -------------------------------------------------------------------------------------
# The third development batch: written as the blind ones are, from the rule text, the clause
# catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 12` selects them. Each repeats no curated misreading (mutants.py),
# no earlier batch's and no explicit decision's; each is written as an engine of its own would be wrong.

from .rules import seating as seating_rules, state as state_rules, turn_order    # noqa: E402
from .rules.layout import PlacedTile, point_at                                   # noqa: E402
from .rules.tiles import tile_str                                                # noqa: E402

ORIGINAL_CHECK_OFFERED_POINT_12 = turns.check_offered_point
ORIGINAL_END_ROUND_BY_DOMINO_12 = match.end_round_by_domino
ORIGINAL_SCORE_PLACEMENT_12 = turns.score_placement
ORIGINAL_PASS_TURN_12 = drawing.pass_turn
ORIGINAL_END_TURN_12 = turn_order.end_turn
ORIGINAL_AFTER_TILE_12 = continuation.after_tile_from_hand
ORIGINAL_ROUND_COPY_12 = state_rules.RoundState.copy
ORIGINAL_NEXT_CLOCKWISE_12 = seating_rules.Seating.next_clockwise


def round_copy_with_notes(self):
    """A round's copy (kept to undo a refused step) that keeps the engine's own notes on the round."""
    clone = ORIGINAL_ROUND_COPY_12(self)
    for key in ("passed_this_round", "tile_before"):
        if key in self.__dict__:
            clone.__dict__[key] = self.__dict__[key]
    return clone


def only_counted_ends_taken(match_state, action, field):
    """Where a tile may join read as the counted ends: a side branch of a double, which counts
    nothing until a tile starts it, is refused as a place to play."""
    ORIGINAL_CHECK_OFFERED_POINT_12(match_state, action, field)
    if action.at is not None and action.at.side in BRANCHES:
        raise IllegalAction(f"{field}.at", f"{action.at} is not a counted end; a tile joins an end of the "
                            "layout", "DOM-COUNT-6")


def on_a_branch(layout_, tile) -> bool:
    """Whether the tile on the table lies on a side branch (or further out along one)."""
    placed = layout_.placed.get(tile)
    while placed is not None and placed.parent is not None:
        if placed.parent.side in BRANCHES:
            return True
        placed = layout_.placed.get(placed.parent.tile)
    return False


def no_double_along_a_branch(match_state, action, field):
    """A side branch read as too narrow for a crosswise tile: a double may not be laid anywhere along
    a side branch, only on the lines."""
    ORIGINAL_CHECK_OFFERED_POINT_12(match_state, action, field)
    if action.at is not None and is_double(action.tile) and on_a_branch(match_state.round.layout, action.at.tile):
        raise IllegalAction(f"{field}.at", f"{tile_str(action.tile)} is a double; a side branch takes no double",
                            "DOM-DBL-1")


def domino_scores_a_point(match_state, seat, log):
    """«Colocar la última ficha termina la ronda y la gana» read as a point for winning it: the side
    that plays its last tile scores one displayed point for the domino, then the round is settled."""
    match.record_points(match_state, seat, 1, log)
    ORIGINAL_END_ROUND_BY_DOMINO_12(match_state, seat, log)


def award_shown_as_the_score(match_state, seat, action, opening, from_draw, log):
    """The points shown with a placement are the side's score once the placement is recorded,
    not the placement's own award."""
    before = len(log.events)
    placement = ORIGINAL_SCORE_PLACEMENT_12(match_state, seat, action, opening, from_draw, log)
    side = match_state.seating.side_of(seat)
    for event in log.events[before:]:
        if event["type"] == "placed":
            event["displayed"] = match_state.scores[side]
    return placement


def pass_remembered(match_state, log, field):
    """A player who has passed is noted as out of tiles to play for the rest of the round."""
    seat = match_state.round.to_play
    decision = ORIGINAL_PASS_TURN_12(match_state, log, field)
    r = match_state.round
    r.__dict__["passed_this_round"] = sorted(set(r.__dict__.get("passed_this_round", [])) | {seat})
    return decision


def turn_skips_who_passed(match_state, decision, log):
    """The turn passes clockwise to the next player who has not passed this round."""
    before = len(log.events)
    ORIGINAL_END_TURN_12(match_state, decision, log)
    r = match_state.round
    passed = set(r.__dict__.get("passed_this_round", []))
    players = match_state.seating.players
    if not passed or len(passed) >= players:
        return
    while r.to_play in passed:
        r.to_play = match_state.seating.next_clockwise(r.to_play)
    for event in log.events[before:]:
        if event["type"] == "turn_ended":
            event["next"] = r.to_play


def turns_by_pairs(self, seat):
    """The order of play kept as the pairs' seats listed one pair after the other (0, 2, 1, 3):
    in partnership play a player is followed by the partner opposite, then the other pair."""
    if self.mode != PARTNERSHIP:
        return ORIGINAL_NEXT_CLOCKWISE_12(self, seat)
    order = [0, 2, 1, 3]
    return order[(order.index(seat) + 1) % len(order)]


def continuation_judged_on_the_tile_before(match_state, tile, raw_points, opening, log):
    """Whether a continuing player goes on is read off the tile placed before this one: the note of
    the last tile is taken before it is brought up to date."""
    r = match_state.round
    before = r.__dict__.get("tile_before")
    r.__dict__["tile_before"] = (tile, raw_points)
    if r.continuing and before is not None:
        return ORIGINAL_AFTER_TILE_12(match_state, before[0], before[1], opening, log)
    return ORIGINAL_AFTER_TILE_12(match_state, tile, raw_points, opening, log)


def attach_a_double_by_its_branch(self, tile, point, field="at", tile_field="place"):
    """A double laid crosswise read as joining its parent with one of its side branches: both of its
    long sides are left free, so a joined double needs two tiles in line before its other branch opens."""
    if not is_double(tile):
        return ORIGINAL_ATTACH_12(self, tile, point, field, tile_field)
    self.check_attachment(tile, point, field, tile_field)
    parent = self.placed[point.tile]
    self.settle(PlacedTile(parent.tile, parent.parent, parent.joined_side, {**parent.children, point.side: tile}))
    self.settle(PlacedTile(tile, parent=point_at(point.tile, point.side), joined_side=BRANCH_A))


ORIGINAL_ATTACH_12 = layout.Layout.attach


def heldout_batch12() -> list[Mutant]:
    M = mutant
    notes = ((state_rules.RoundState, "copy", round_copy_with_notes),)
    return [
        M("dev12-only-counted-ends-taken", "A tile may not start a double's side branch: only counted ends "
          "take tiles.", ("DOM-COUNT-6", "DOM-DBL-3"), *everywhere(turns, "check_offered_point", only_counted_ends_taken)),
        M("dev12-no-double-along-a-branch", "A double may not be laid along a side branch.",
          ("DOM-DBL-1",), *everywhere(turns, "check_offered_point", no_double_along_a_branch)),
        M("dev12-domino-scores-a-point", "Playing the last tile scores one point for winning the round.",
          ("DOM-END-1",), *everywhere(match, "end_round_by_domino", domino_scores_a_point)),
        M("dev12-award-shown-as-the-score", "The points shown with a placement are its side's score.",
          ("DOM-PTS-6",), *everywhere(turns, "score_placement", award_shown_as_the_score)),
        M("dev12-passed-player-skipped", "A player who has passed is skipped for the rest of the round.",
          ("DOM-PASS-1", "DOM-TURN-1"), *notes, *everywhere(drawing, "pass_turn", pass_remembered),
          *everywhere(turn_order, "end_turn", turn_skips_who_passed)),
        M("dev12-turns-by-pairs", "In partnership play the turn goes to the partner opposite, then the other "
          "pair.", ("DOM-TURN-1", "DOM-SET-3"), (seating_rules.Seating, "next_clockwise", turns_by_pairs)),
        M("dev12-continuation-judged-on-the-tile-before", "A continuing player goes on or stops by the tile "
          "placed before the last.", ("DOM-CONT-3",), *notes,
          *everywhere(continuation, "after_tile_from_hand", continuation_judged_on_the_tile_before)),
        M("dev12-double-joined-by-its-branch", "A joined double leaves both long sides free: two tiles in line "
          "before its branch opens.", ("DOM-DBL-2", "DOM-COUNT-2"),
          (layout.Layout, "attach", attach_a_double_by_its_branch)),
    ]



# -- batch 13 -------------------------------------------------------------------------------------
# Written blind, as batches 3 to 8 and 11 were (the twelfth session): from the rule text, the clause
# catalog and the rules code, never tuned to. `horserace mutants --held-out 13` selects them. Each
# repeats no curated misreading (mutants.py) and no earlier batch's; each is written as an engine
# of its own would be wrong.

from .rules.layout import BRANCH_B, LINE_B                                       # noqa: E402
from .rules.state import PLAY as PLAY_13                                         # noqa: E402

ORIGINAL_DEAL_ROUND_13 = deal.deal_round
ORIGINAL_DRAW_13 = drawing.draw
ORIGINAL_SETTLE_IF_BLOCKED_13 = drawing.settle_if_blocked
ORIGINAL_PLAY_13 = turns.play
ORIGINAL_AFTER_TILE_13 = continuation.after_tile_from_hand
ORIGINAL_STOP_13 = continuation.stop
ORIGINAL_OFFERED_POINTS_13 = turns.offered_points

ORIGINAL_APPLY_SETTLEMENT_13 = match.apply_settlement
ORIGINAL_END_MATCH_BY_SETTLEMENT_13 = match.end_match_by_settlement
BEFORE_THE_BONUSES: dict = {}


def apply_settlement_noting_the_scores(m, result, next_opener, log):
    """The target looked at against the scores the round ended with, before its bonuses were
    added: a side the bonus takes to 61 plays on until its next placement."""
    BEFORE_THE_BONUSES[id(m)] = list(m.scores)
    try:
        return ORIGINAL_APPLY_SETTLEMENT_13(m, result, next_opener, log)
    finally:
        BEFORE_THE_BONUSES.pop(id(m), None)


def target_looked_at_before_the_bonuses(m, log):
    before = BEFORE_THE_BONUSES.get(id(m))
    if before is None:
        return ORIGINAL_END_MATCH_BY_SETTLEMENT_13(m, log)
    after = list(m.scores)
    m.scores[:] = before
    try:
        if not match.reached_target(m):
            return False
    finally:
        m.scores[:] = after
    return ORIGINAL_END_MATCH_BY_SETTLEMENT_13(m, log)


def opener_drawn_every_round(m, hands, draw_pile, opener, log, field="deal"):
    """The neutral draw read as the way every round is opened: the engine forgets who played the
    last tile and takes the seat the draw gives for each deal."""
    saved = m.next_opener
    if saved is not None:
        m.next_opener = None
    try:
        return ORIGINAL_DEAL_ROUND_13(m, hands, draw_pile, opener, log, field)
    except Exception:
        if m.next_opener is None and saved is not None and m.phase != PLAY_13:
            m.next_opener = saved
        raise


def draw_until_playable(m, log, field):
    """«Roba una ficha cada vez hasta la primera jugable» done in one action: a draw goes on taking
    tiles until one fits or the pile is empty."""
    decision = ORIGINAL_DRAW_13(m, log, field)
    while m.phase == PLAY_13 and m.round.draw_pile and not drawing.able_to_place(m):
        decision = ORIGINAL_DRAW_13(m, log, field)
    return decision


def block_found_at_the_next_action(m, action, log, field="action"):
    """The blocked round looked for when the next player is asked to act, not as the action that
    blocks it ends: the round is settled only then, and that action comes too late."""
    ORIGINAL_SETTLE_IF_BLOCKED_13(m, log)
    return ORIGINAL_PLAY_13(m, action, log, field)


def block_not_looked_for_after_the_action(m, log):
    return None


def continuing_while_able(m, tile, raw_points, opening, log):
    """«Sigue colocando mientras se cumpla» read as a turn that, once continuing, goes on: a
    continuing player places again after any tile, plain ones too, as long as it can place."""
    if m.round.continuing and continuation.continuation_reason(tile, raw_points) is None:
        return continuation.continue_turn(m, "double", log)
    return ORIGINAL_AFTER_TILE_13(m, tile, raw_points, opening, log)


def stop_whenever_continuing(m, log, field):
    """«Puede seguir colocando» read as a right, not a duty: a continuing player may stop whatever
    the table agreed."""
    if m.phase == PLAY_13 and m.round.continuing:
        return EndTurn("stopped", "DOM-INT-7")
    return ORIGINAL_STOP_13(m, log, field)


def opening_continues_as_a_double_only(m, tile, raw_points, opening, log):
    """The opening tile's points counted but not its right to continue: the opener goes on after an
    opening double, never after a plain opening tile that scores."""
    if opening and not is_double(tile):
        return EndTurn("opening_tile", "DOM-INT-4")
    return ORIGINAL_AFTER_TILE_13(m, tile, raw_points, opening, log)


def twin_points_the_second_of_each(layout_, symmetric_points):
    """Twin points folded to one, but the one kept is the second of each pair (line B, branch B)."""
    kept = ORIGINAL_OFFERED_POINTS_13(layout_, symmetric_points)
    if symmetric_points == "distinct":
        return kept
    free = set(layout_.attachment_points())
    twins = {LINE_A: LINE_B, BRANCH_A: BRANCH_B}
    out = []
    for p in kept:
        other = point_at(p.tile, twins[p.side]) if p.side in twins else None
        out.append(other if other is not None and other in free else p)
    return out


def heldout_batch13() -> list[Mutant]:
    M = mutant
    return [
        M("held13-target-looked-at-before-the-bonuses", "After a round the target is looked at before its "
          "bonuses are added.", ("DOM-MATCH-5",),
          *everywhere(match, "apply_settlement", apply_settlement_noting_the_scores),
          *everywhere(match, "end_match_by_settlement", target_looked_at_before_the_bonuses)),
        M("held13-opener-drawn-every-round", "Every round's opener comes from the draw, not the last tile's "
          "player.", ("DOM-OPEN-5",), *everywhere(deal, "deal_round", opener_drawn_every_round)),
        M("held13-draw-until-playable", "One draw takes tiles until one fits or the pile is empty.",
          ("DOM-DRAW-2",), *everywhere(drawing, "draw", draw_until_playable)),
        M("held13-block-found-at-the-next-action", "A blocked round is settled only when the next action "
          "comes.", ("DOM-BLOCK-1",), *everywhere(drawing, "settle_if_blocked", block_not_looked_for_after_the_action),
          *everywhere(turns, "play", block_found_at_the_next_action)),
        M("held13-continuing-while-able", "A continuing player places again after any tile while it can "
          "place.", ("DOM-CONT-3", "DOM-CONT-4"),
          *everywhere(continuation, "after_tile_from_hand", continuing_while_able)),
        M("held13-stop-whenever-continuing", "A continuing player may stop whatever the table agreed.",
          ("DOM-INT-7",), *everywhere(continuation, "stop", stop_whenever_continuing)),
        M("held13-opening-continues-as-a-double-only", "A plain opening tile that scores does not continue "
          "the turn.", ("DOM-INT-4", "DOM-CONT-1"),
          *everywhere(continuation, "after_tile_from_hand", opening_continues_as_a_double_only)),
        M("held13-twin-points-the-second-of-each", "Folded twin points keep the second of each pair.",
          ("DOM-INT-2",), *everywhere(turns, "offered_points", twin_points_the_second_of_each)),
    ]


# -- batch 14 -------------------------------------------------------------------------------------
# Written blind, as batches 3 to 8, 11 and 13 were (the thirteenth session): from the rule text, the
# clause catalog and the rules code, never tuned to. `horserace mutants --held-out 14` selects them.
# Each repeats no curated misreading (mutants.py) and no earlier batch's; each is written as an
# engine of its own would be wrong.

from .rules import turn_order as turn_order_14                                   # noqa: E402
from .rules.state import AWAITING_DEAL as AWAITING_DEAL_14, OVER as OVER_14       # noqa: E402

ORIGINAL_IS_BLOCKED_14 = drawing.is_blocked
ORIGINAL_DRAW_14 = drawing.draw
ORIGINAL_SETTLE_DOMINO_14 = settlement.settle_domino_round
ORIGINAL_APPLY_SETTLEMENT_14 = match.apply_settlement
ORIGINAL_END_TURN_14 = turn_order_14.end_turn
ORIGINAL_DEAL_ROUND_14 = deal.deal_round
ORIGINAL_END_MATCH_BY_PLACEMENT_14 = match.end_match_by_placement


def domino_paid_to_the_next_seat(seating, hands, last_player):
    """The round's winner read from the seat to play once the last tile is down: the turn has
    already moved on, so the bonus goes to the seat after the one that went out."""
    return ORIGINAL_SETTLE_DOMINO_14(seating, hands, seating.next_clockwise(last_player))


def settlement_recorded_before_the_bonuses(m, result, next_opener, log):
    """The round's settlement written down as it is worked out, before its bonuses are added: the
    scores recorded with it are those the round ended with."""
    before = list(m.scores)
    n = len(log.events)
    ORIGINAL_APPLY_SETTLEMENT_14(m, result, next_opener, log)
    for event in log.events[n:]:
        if event["type"] == "settlement":
            event["scores"] = before


def stuck_players_passed_over(m, decision, log):
    """With the pile empty, a player who cannot place is passed over by the table itself: the turn
    goes on to the next player able to place, without waiting for the pass."""
    ORIGINAL_END_TURN_14(m, decision, log)
    r = m.round
    if m.phase != PLAY or r.draw_pile or not any(has_legal_placement(r.layout, hand) for hand in r.hands):
        return
    while not has_legal_placement(r.layout, r.hands[r.to_play]):
        log.event("passed", "DOM-PASS-1", player=r.to_play)
        ORIGINAL_END_TURN_14(m, EndTurn("passed", "DOM-PASS-1"), log)


def deal_restarts_the_round(m, hands, draw_pile, opener, log, field="deal"):
    """A deal is taken whenever it comes: a deal in the middle of a round throws the round in and
    starts the next one, opened by the seat given."""
    if m.phase not in (AWAITING_DEAL_14, OVER_14) and m.round is not None:
        m.phase = AWAITING_DEAL_14
        m.next_opener = None
    return ORIGINAL_DEAL_ROUND_14(m, hands, draw_pile, opener, log, field)


def end_of_match_checked_for_hand_tiles(m, seat, log):
    """The target looked at where a tile from hand is followed up (continue or stop), not on the
    drawn tile's way: a drawn tile that brings its side to 61 ends the turn and the match goes on."""
    if m.phase == PLACE_DRAWN or getattr(m.round, "placing_drawn_14", False):
        return False
    return ORIGINAL_END_MATCH_BY_PLACEMENT_14(m, seat, log)


ORIGINAL_PLACE_14 = turns.place


def place_marking_drawn_tiles(m, action, log, field):
    r = m.round
    r.placing_drawn_14 = m.phase == PLACE_DRAWN
    try:
        return ORIGINAL_PLACE_14(m, action, log, field)
    finally:
        r.placing_drawn_14 = False


def rounds_not_counted(m, hands, draw_pile, opener, log, field="deal"):
    """The round count kept on the round itself and started afresh at every deal: every round is
    numbered 1."""
    ORIGINAL_DEAL_ROUND_14(m, hands, draw_pile, opener, log, field)
    if m.round_number > 1:
        for event in log.events:
            if event["type"] == "round_started":
                event["round"] = 1


def blocked_without_the_last_placer(r):
    """«Nadie puede colocar» asked of the others: once the pile is empty, the round is blocked when
    no player but the one who placed last can place."""
    if r.draw_pile or r.last_placer is None:
        return ORIGINAL_IS_BLOCKED_14(r)
    return not any(has_legal_placement(r.layout, hand) for seat, hand in enumerate(r.hands) if seat != r.last_placer)


def playable_draw_ends_the_turn(m, log, field):
    """«Esa colocación termina tu turno» put on the draw: a playable tile drawn is taken into the hand
    and the turn passes, the tile to be played in a later turn."""
    decision = ORIGINAL_DRAW_14(m, log, field)
    if m.phase == PLACE_DRAWN:
        m.phase = PLAY
        m.round.drawn_tile = None
        return EndTurn("drawn_tile", "DOM-DRAW-4")
    return decision


def heldout_batch14() -> list[Mutant]:
    M = mutant
    return [
        M("held14-domino-paid-to-the-next-seat", "The bonus of a domino goes to the seat after the one that "
          "went out.", ("DOM-END-1",), *everywhere(settlement, "settle_domino_round", domino_paid_to_the_next_seat)),
        M("held14-settlement-recorded-before-the-bonuses", "The scores recorded with a settlement leave out "
          "its bonuses.", ("DOM-MATCH-1",), *everywhere(match, "apply_settlement",
                                                        settlement_recorded_before_the_bonuses)),
        M("held14-stuck-players-passed-over", "With the pile empty a player who cannot place is passed over "
          "without passing.", ("DOM-PASS-1",), *everywhere(turn_order_14, "end_turn", stuck_players_passed_over)),
        M("held14-deal-restarts-the-round", "A deal in the middle of a round starts the next round.",
          ("DOM-END-1",), *everywhere(deal, "deal_round", deal_restarts_the_round)),
        M("held14-drawn-tile-never-wins-the-match", "A drawn tile that brings its side to 61 does not end "
          "the match.", ("DOM-MATCH-2",), *everywhere(match, "end_match_by_placement",
                                                      end_of_match_checked_for_hand_tiles),
          *everywhere(turns, "place", place_marking_drawn_tiles)),
        M("held14-rounds-not-counted", "Every round is numbered 1.", ("DOM-OPEN-1",),
          *everywhere(deal, "deal_round", rounds_not_counted)),
        M("held14-blocked-without-the-last-placer", "The round is blocked when nobody but the last player to "
          "place can place.", ("DOM-BLOCK-1",), *everywhere(drawing, "is_blocked", blocked_without_the_last_placer)),
        M("held14-playable-draw-ends-the-turn", "A playable tile drawn is kept in hand and the turn passes.",
          ("DOM-DRAW-3",), *everywhere(drawing, "draw", playable_draw_ends_the_turn)),
    ]



# -- batch 15 -------------------------------------------------------------------------------------
# Written blind, as batches 3 to 8, 11, 13 and 14 were (the fourteenth session): from the rule text,
# the clause catalog and the rules code, never tuned to. `horserace mutants --held-out 15` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's; each is written as an
# engine of its own would be wrong.

from .rules.seating import INDIVIDUAL as INDIVIDUAL_15                             # noqa: E402
from .rules.state import AWAITING_DEAL as AWAITING_DEAL_15                         # noqa: E402
from .rules.tiles import tile_str as tile_str_15                                 # noqa: E402

ORIGINAL_RECORD_POINTS_15 = match.record_points
ORIGINAL_APPLY_SETTLEMENT_15 = match.apply_settlement
ORIGINAL_AFTER_TILE_15 = continuation.after_tile_from_hand
ORIGINAL_COUNTED_HANDS_15 = settlement.counted_hands
ORIGINAL_END_OF_MATCH_OR_ROUND_15 = turns.end_of_match_or_round
ORIGINAL_END_ROUND_BY_DOMINO_15 = match.end_round_by_domino
ORIGINAL_HAS_LEGAL_PLACEMENT_15 = layout.has_legal_placement
ORIGINAL_TILE_CONTRIBUTIONS_15 = layout.tile_contributions


def end_sum_rounded_like_the_hands(end_sum):
    """The end sum brought to its nearest five as the hands are at the settlement, with the same
    helper: a sum of 8 or 9 scores as 10, one of 6 or 7 as 5."""
    rounded = settlement.round_to_nearest_five(end_sum)
    if rounded > 0:
        return points.PlacementPoints(raw=rounded, displayed=points.displayed_award(rounded))
    return points.PlacementPoints(raw=0, displayed=0)


def capped(m, log, start):
    for side, score in enumerate(m.scores):
        m.scores[side] = min(score, points.TARGET)
    for event in log.events[start:]:
        if event["type"] == "scored":
            event["score"] = min(event["score"], points.TARGET)
        if "scores" in event:
            event["scores"] = [min(score, points.TARGET) for score in event["scores"]]


def points_kept_up_to_the_target(m, seat, displayed, log):
    """The score sheet runs to 61: a side's score is written down as 61 at most, the points past
    the target are not kept."""
    n = len(log.events)
    ORIGINAL_RECORD_POINTS_15(m, seat, displayed, log)
    capped(m, log, n)


def bonuses_kept_up_to_the_target(m, result, next_opener, log):
    n = len(log.events)
    ORIGINAL_APPLY_SETTLEMENT_15(m, result, next_opener, log)
    capped(m, log, n)


def double_that_scores_continues(m, tile, raw_points, opening, log):
    """«Si es doble o si puntúa» read as one condition: a tile continues the turn only when it is a
    double that scores; a plain double or a scoring non-double ends it."""
    def both(tile_, raw):
        return "double_and_scored" if is_double(tile_) and raw else None
    with patched(*everywhere(continuation, "continuation_reason", both)):
        return ORIGINAL_AFTER_TILE_15(m, tile, raw_points, opening, log)


def opposite_seat_spared(seating, hands, winner):
    """«Excluye las fichas del compañero del ganador» applied at any four-seat table: the seat
    across from the winner is taken for its partner, in individual play too, and not counted."""
    counted = ORIGINAL_COUNTED_HANDS_15(seating, hands, winner)
    if seating.mode != INDIVIDUAL_15 or seating.players != 4:
        return counted
    across = (winner + 2) % 4
    return [hand for seat, hand in enumerate(hands) if seat != across and seating.side_of(seat) != winner]


def pair_out_when_both_are(m, seat, log):
    """«Jugar la última ficha termina la ronda y la gana para ti o tu pareja» read as the pair going
    out together: in partnership play the round ends when both partners have played their last tile."""
    if m.seating.mode == PARTNERSHIP and not m.round.hands[seat]:
        partner = (seat + 2) % 4
        if m.round.hands[partner]:
            return match.end_match_by_placement(m, seat, log)
    return ORIGINAL_END_OF_MATCH_OR_ROUND_15(m, seat, log)


def round_opener_opens_again(m, seat, log):
    """The opener kept from the deal: after a domino the seat that opened the round opens the next
    one too, the last tile's player is not looked at."""
    ORIGINAL_END_ROUND_BY_DOMINO_15(m, seat, log)
    if m.phase == AWAITING_DEAL_15 and m.next_opener is not None:
        m.next_opener = m.round.opener
        for event in log.events:
            if event["type"] == "next_opener":
                event["seat"] = m.round.opener


def placeable_on_the_lines_only(lay, tiles):
    """The engine's «can this player place?» walks the lines' ends and the doubles' long sides, and
    forgets the side branches: a player who could place only on a branch is taken as unable."""
    if lay.is_empty():
        return ORIGINAL_HAS_LEGAL_PLACEMENT_15(lay, tiles)
    points = [point for point in lay.attachment_points() if point.side not in BRANCHES]
    return next(layout.placements(lay, tiles, points), None) is not None


def opening_tile_always_counted(placed):
    """The opening tile taken as the layout's fixed centre: both its halves count for the whole
    round, however many tiles are joined to them."""
    if placed.parent is None and not is_double(placed.tile):
        return [Contribution(placed.tile, side, layout.point_at(placed.tile, side).value)
                for side in NON_DOUBLE_SIDES]
    return ORIGINAL_TILE_CONTRIBUTIONS_15(placed)


def heldout_batch15() -> list[Mutant]:
    M = mutant
    return [
        M("held15-opposite-seat-spared", "In four-player individual play the seat across from the winner "
          "is not counted.", ("DOM-SETTLE-6", "DOM-SETTLE-1"),
          *everywhere(settlement, "counted_hands", opposite_seat_spared)),
        M("held15-pair-out-when-both-are", "A pair goes out only when both partners have played their last "
          "tile.", ("DOM-END-1",), *everywhere(turns, "end_of_match_or_round", pair_out_when_both_are)),
        M("held15-round-opener-opens-again", "After a domino the round's opener opens the next round.",
          ("DOM-OPEN-5",), *everywhere(match, "end_round_by_domino", round_opener_opens_again)),
        M("held15-branches-forgotten-by-the-draw", "A player who can place only on a side branch is taken "
          "as unable to place.", ("DOM-DRAW-1",), *everywhere(layout, "has_legal_placement",
                                                             placeable_on_the_lines_only)),
        M("held15-opening-tile-always-counted", "Both halves of the opening tile count for the whole round.",
          ("DOM-COUNT-3",), *everywhere(layout, "tile_contributions", opening_tile_always_counted)),
        M("held15-end-sum-rounded-like-the-hands", "A placement's end sum is rounded to the nearest five "
          "before it is scored.", ("DOM-PTS-3",), *everywhere(points, "placement_points",
                                                              end_sum_rounded_like_the_hands)),
        M("held15-points-kept-up-to-the-target", "A side's score is written down as 61 at most.",
          ("DOM-MATCH-3",), *everywhere(match, "record_points", points_kept_up_to_the_target),
          *everywhere(match, "apply_settlement", bonuses_kept_up_to_the_target)),
        M("held15-double-that-scores-continues", "Only a double that scores continues the turn.",
          ("DOM-CONT-1",), *everywhere(continuation, "after_tile_from_hand", double_that_scores_continues)),
    ]

# -- batch 16 -------------------------------------------------------------------------------------
# Written blind, the fifteenth session, as batches 11, 13, 14 and 15 were (what this file says of
# them): `horserace mutants --held-out 16` selects them.

ORIGINAL_RECORD_POINTS_16 = match.record_points
ORIGINAL_PAY_WINNERS_16 = settlement.pay_winners
ORIGINAL_AFTER_TILE_16 = continuation.after_tile_from_hand
ORIGINAL_DEAL_ROUND_16 = deal.deal_round
ORIGINAL_APPLY_SETTLEMENT_16 = match.apply_settlement
ORIGINAL_SCORE_PLACEMENT_16 = turns.score_placement
ORIGINAL_COUNTED_HANDS_16 = settlement.counted_hands


def opener_kept_through_the_deal(match_state, hands, draw_pile, opener, log, field="deal"):
    """The seat fixed to open is kept on the match after the deal (never cleared)."""
    kept = match_state.next_opener
    ORIGINAL_DEAL_ROUND_16(match_state, hands, draw_pile, opener, log, field)
    if kept is not None:
        match_state.next_opener = kept


def block_leaves_the_opener_as_it_was(match_state, result, next_opener, log):
    """After a blocked round nothing new is fixed, so the seat kept from the last domino opens."""
    kept = match_state.next_opener
    ORIGINAL_APPLY_SETTLEMENT_16(match_state, result, next_opener, log)
    if next_opener is None and kept is not None and match_state.phase == "awaiting_deal":
        match_state.next_opener = kept
        for event in log.events:
            if event.get("type") == "next_opener":
                event["seat"] = kept


def opening_joined_by_its_first_half(match_state, seat, action, opening, from_draw, log):
    """The opening tile is laid as any tile is, one half joined (here to the empty table) and the
    other the new end: the opening scores on its second half alone."""
    tile = action.tile
    if not opening or is_double(tile):
        return ORIGINAL_SCORE_PLACEMENT_16(match_state, seat, action, opening, from_draw, log)
    with patched((layout.Layout, "end_sum", lambda self: tile[1])):
        return ORIGINAL_SCORE_PLACEMENT_16(match_state, seat, action, opening, from_draw, log)


def paid_by_the_next_seat(seating, hands, winner):
    """The winner of a domino is paid for its rival's hand, the rival read as the next seat
    clockwise (as at a table of two); the other hands are not counted."""
    counted = ORIGINAL_COUNTED_HANDS_16(seating, hands, winner)
    if seating.mode == PARTNERSHIP or seating.players < 3 or any(hands[s] == [] for s in range(len(hands))
                                                                 if seating.side_of(s) != winner):
        return counted
    members = seating.members(winner)
    rival = seating.next_clockwise(members[0])
    return [hands[rival]]


def deal_names_its_opener(match_state, hands, draw_pile, opener, log, field="deal"):
    """A deal that names its opener is taken at its word, even after a domino fixed another seat."""
    if opener is not None and match_state.next_opener is not None and opener != match_state.next_opener:
        match_state.next_opener = None
        if match_state.round_number == 0:
            return ORIGINAL_DEAL_ROUND_16(match_state, hands, draw_pile, opener, log, field)
        saved, match_state.round_number = match_state.round_number, 0
        try:
            ORIGINAL_DEAL_ROUND_16(match_state, hands, draw_pile, opener, log, field)
        finally:
            match_state.round_number += saved
        return None
    return ORIGINAL_DEAL_ROUND_16(match_state, hands, draw_pile, opener, log, field)


def score_written_before_the_points(match_state, seat, displayed, log):
    """The score shown with a placement's points is the one written before they were added."""
    before = len(log.events)
    side = match_state.seating.side_of(seat)
    old = match_state.scores[side]
    ORIGINAL_RECORD_POINTS_16(match_state, seat, displayed, log)
    for event in log.events[before:]:
        if event.get("type") == "scored":
            event["score"] = old


def blocked_pair_paid_for_the_partner(kind, seating, hands, winners):
    """In a blocked round between pairs the round is won by the lighter hand of the lighter pair,
    and that player is paid for every other hand, its partner's included: the partner's tiles
    are left out only when the round is won by going out."""
    result = ORIGINAL_PAY_WINNERS_16(kind, seating, hands, winners)
    if kind != settlement.BLOCKED or seating.mode != PARTNERSHIP:
        return result
    counted, bonus = list(result.counted_pips), list(result.bonus)
    for winner in winners:
        members = seating.members(winner)
        lightest = min(members, key=lambda seat: hand_pips(hands[seat]))
        paid = [hand for seat, hand in enumerate(hands) if seat != lightest]
        counted[winner] = sum(hand_pips(hand) for hand in paid)
        bonus[winner] = settlement.tied_winner_award(settlement.settlement_bonus(paid), winners)
    return replace(result, counted_pips=counted, bonus=bonus)


def continued_for_the_same_reason(match_state, tile, raw_points, opening, log):
    """«Sigue colocando fichas mientras se cumpla alguna de las dos condiciones» read as the
    condition the turn went on for: a turn continued by a double goes on only with doubles, one
    continued by a scoring tile only with scoring tiles."""
    r = match_state.round
    before = r.last_placement if r.continuing else None
    if before is not None:
        started = continuation.continuation_reason(*before)
        now = continuation.continuation_reason(tile, raw_points)
        if started in ("double", "scored") and now in ("double", "scored") and now != started:
            r.last_placement = (tile, raw_points)
            return EndTurn("non_scoring_tile", "DOM-CONT-4")
    return ORIGINAL_AFTER_TILE_16(match_state, tile, raw_points, opening, log)


ORIGINAL_OPEN_LAYOUT_16 = turns.open_layout


def opening_point_passed_over(match_state, action, field):
    """An opening placement that names a point is laid all the same: the point is passed over."""
    if action.at is not None:
        action = replace(action, at=None)
    return ORIGINAL_OPEN_LAYOUT_16(match_state, action, field)


def heldout_batch16() -> list[Mutant]:
    M = mutant
    return [
        M("held16-opener-kept-after-a-block", "After a blocked round the last domino's player opens again.",
          ("DOM-OPEN-6",), *everywhere(deal, "deal_round", opener_kept_through_the_deal),
          *everywhere(match, "apply_settlement", block_leaves_the_opener_as_it_was)),
        M("held16-opening-scored-on-one-half", "A plain opening tile scores on its second half alone.",
          ("DOM-PLACE-2", "DOM-OPEN-4"), *everywhere(turns, "score_placement", opening_joined_by_its_first_half)),
        M("held16-paid-by-the-next-seat", "A domino is paid for the next seat's hand only.",
          ("DOM-SETTLE-1",), *everywhere(settlement, "counted_hands", paid_by_the_next_seat)),
        M("held16-deal-names-its-opener", "A deal naming its opener overrides the seat that went out.",
          ("DOM-OPEN-5",), *everywhere(deal, "deal_round", deal_names_its_opener)),
        M("held16-score-shown-before-the-points", "The score shown with a placement's points leaves them out.",
          ("DOM-MATCH-1",), *everywhere(match, "record_points", score_written_before_the_points)),
        M("held16-blocked-pair-paid-for-the-partner", "A pair winning a blocked round is paid for the "
          "partner's hand too.", ("DOM-SETTLE-6",), *everywhere(settlement, "pay_winners",
                                                               blocked_pair_paid_for_the_partner)),
        M("held16-continued-for-the-same-reason", "A continuing turn goes on only for the reason it "
          "started.", ("DOM-CONT-3",), *everywhere(continuation, "after_tile_from_hand",
                                                   continued_for_the_same_reason)),
        M("held16-opening-point-passed-over", "An opening tile given a point to join is laid all the same.",
          ("DOM-OPEN-3",), *everywhere(turns, "open_layout", opening_point_passed_over)),
    ]

# -- batch 17 -------------------------------------------------------------------------------------
# Written blind, the sixteenth session: from the rule texts, the clause catalog and the rules code
# only, never tuned to. `horserace mutants --held-out 17` selects them. Each repeats no curated
# misreading (mutants.py) and no earlier batch's; each is written as an engine of its own would be wrong.

from .rules.moves import Pass as Pass_17, Place as Place_17                        # noqa: E402
from .rules.state import OVER as OVER_17                                           # noqa: E402

ORIGINAL_BLOCKED_WINNERS_17 = settlement.blocked_round_winners
ORIGINAL_PASS_TURN_17 = drawing.pass_turn
ORIGINAL_LEGAL_ACTIONS_17 = turns.legal_actions
ORIGINAL_PLACEMENTS_17 = layout.placements
ORIGINAL_CHECK_OFFERED_POINT_17 = turns.check_offered_point
ORIGINAL_SCORE_PLACEMENT_17 = turns.score_placement
ORIGINAL_APPLY_SETTLEMENT_17 = match.apply_settlement


def placements_without_blank_points(layout_, tiles, points_=None):
    """A blank end is read as no end: no tile is offered a point showing 0."""
    for tile, point in ORIGINAL_PLACEMENTS_17(layout_, tiles, points_):
        if point is None or point.value:
            yield tile, point


def blank_point_refused(match_state, action, field):
    if action.at is not None and action.at.value == 0:
        raise IllegalAction(f"{field}.at", f"{action.at.text} shows no pips: nothing joins it", "DOM-PLACE-1")
    return ORIGINAL_CHECK_OFFERED_POINT_17(match_state, action, field)


def raw_award_is_the_end_sum(match_state, seat, action, opening, from_draw, log):
    """The raw award written down is the end sum itself, whether it scores or not."""
    before = len(log.events)
    placement = ORIGINAL_SCORE_PLACEMENT_17(match_state, seat, action, opening, from_draw, log)
    for event in log.events[before:]:
        if event.get("type") == "placed":
            event["raw"] = event["end_sum"]
    return placement


def shared_winners_by_score(match_state, log):
    """The sides that reach the target in one settlement are listed highest score first."""
    winners = match.reached_target(match_state)
    if not winners:
        return False
    winners = sorted(winners, key=lambda side: -match_state.scores[side])
    match_state.phase = OVER_17
    match.declare_winners(match_state, winners)
    log.event("match_won", "DOM-MATCH-5", winners=winners, by="settlement", scores=list(match_state.scores))
    log.rule("DOM-MATCH-3", "DOM-MATCH-6")
    return True


def counted_pips_shown_rounded(match_state, result, next_opener, log):
    """The opponents' pips a winner is paid for are written down already rounded to five."""
    counted = [settlement.round_to_nearest_five(p) if side in result.winners else p
               for side, p in enumerate(result.counted_pips)]
    return ORIGINAL_APPLY_SETTLEMENT_17(match_state, replace(result, counted_pips=counted), next_opener, log)


def closing_tile_scored_with_the_double(match_state, seat, action, opening, from_draw, log):
    """A tile that takes a double's second long side is scored with the double still counting: the
    double stops counting only after that placement."""
    r = match_state.round
    placed = r.layout.placed.get(action.tile)
    joined = placed.parent if placed is not None else None
    extra = 0
    if joined is not None and joined.side in LONG_SIDES and is_double(joined.tile):
        double = r.layout.placed[joined.tile]
        if double.occupied(LINE_A) and double.occupied(LINE_B):
            extra = joined.tile[0] + joined.tile[1]
    if not extra:
        return ORIGINAL_SCORE_PLACEMENT_17(match_state, seat, action, opening, from_draw, log)
    with patched((layout, "end_sum", lambda lay: lay._end_sum + extra)):
        return ORIGINAL_SCORE_PLACEMENT_17(match_state, seat, action, opening, from_draw, log)


def lightest_tile_wins_the_block(seating_, hands):
    """«Gana la menor suma» read tile by tile: the blocked round goes to the hand holding the
    lightest single tile (in partnerships, the pair's sums as before)."""
    if seating_.mode == PARTNERSHIP:
        return ORIGINAL_BLOCKED_WINNERS_17(seating_, hands)
    lightest = [min((t[0] + t[1] for t in hand), default=0) for hand in hands]
    low = min(lightest)
    return [side for side, value in enumerate(lightest) if value == low]


def twin_long_side_withheld(layout_, point):
    """Line B of a double whose line A is free too (a lone double): the same side, not offered."""
    return point is not None and point.side == LINE_B and is_double(point.tile) \
        and layout.point_at(point.tile, LINE_A) in layout_.attachment_points()


def placements_one_side_of_a_lone_double(layout_, tiles, points_=None):
    """A lone double offers one long side only: its line B is read as the same point as line A."""
    for tile, point in ORIGINAL_PLACEMENTS_17(layout_, tiles, points_):
        if not twin_long_side_withheld(layout_, point):
            yield tile, point


def lone_double_second_side_refused(match_state, action, field):
    if twin_long_side_withheld(match_state.round.layout, action.at):
        raise IllegalAction(f"{field}.at", f"{action.at.text}: a lone double is joined by line A", "DOM-INT-3")
    return ORIGINAL_CHECK_OFFERED_POINT_17(match_state, action, field)


def pile_of_one(match_state):
    return match_state.phase == PLAY and len(match_state.round.draw_pile) == 1


def pass_beside_the_last_tile(match_state, log, field):
    """A player who cannot place may pass once a single tile is left in the pile."""
    if pile_of_one(match_state) and not drawing.able_to_place(match_state):
        log.event("passed", "DOM-PASS-1", player=match_state.round.to_play)
        return EndTurn("passed", "DOM-PASS-1")
    return ORIGINAL_PASS_TURN_17(match_state, log, field)


def actions_with_a_pass_beside_the_last_tile(match_state, log=None):
    actions = ORIGINAL_LEGAL_ACTIONS_17(match_state, log)
    if pile_of_one(match_state) and not any(isinstance(a, Place_17) for a in actions) \
            and not any(isinstance(a, Pass_17) for a in actions):
        actions = actions + [Pass_17()]
    return actions


def heldout_batch17() -> list[Mutant]:
    M = mutant
    return [
        M("held17-blank-points-take-no-tile", "An end showing 0 takes no tile.",
          ("DOM-PLACE-1",), *everywhere(layout, "placements", placements_without_blank_points),
          *everywhere(turns, "check_offered_point", blank_point_refused)),
        M("held17-raw-award-is-the-end-sum", "The raw award written down is the end sum, scoring or not.",
          ("DOM-PTS-7",), *everywhere(turns, "score_placement", raw_award_is_the_end_sum)),
        M("held17-shared-winners-by-score", "Sides reaching the target together are listed highest first.",
          ("DOM-MATCH-5",), *everywhere(match, "end_match_by_settlement", shared_winners_by_score)),
        M("held17-counted-pips-shown-rounded", "The pips a winner is paid for are written down rounded.",
          ("DOM-SETTLE-2",), *everywhere(match, "apply_settlement", counted_pips_shown_rounded)),
        M("held17-closing-tile-scored-with-the-double", "A tile taking a double's second long side is scored "
          "with the double still counted.", ("DOM-COUNT-2",),
          *everywhere(turns, "score_placement", closing_tile_scored_with_the_double)),
        M("held17-lightest-tile-wins-the-block", "An individual blocked round goes to the lightest single tile.",
          ("DOM-BLOCK-2",), *everywhere(settlement, "blocked_round_winners", lightest_tile_wins_the_block)),
        M("held17-lone-double-offers-one-side", "A lone double offers one long side only.",
          ("DOM-INT-3",), *everywhere(layout, "placements", placements_one_side_of_a_lone_double),
          *everywhere(turns, "check_offered_point", lone_double_second_side_refused)),
        M("held17-pass-beside-the-last-tile", "A player who cannot place may pass with one tile left to draw.",
          ("DOM-PASS-1",), *everywhere(drawing, "pass_turn", pass_beside_the_last_tile),
          *everywhere(turns, "legal_actions", actions_with_a_pass_beside_the_last_tile)),
    ]


# -- batch 18 -------------------------------------------------------------------------------------
# The fourth development batch: written as the blind ones are, from the rule text, the clause
# catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 18` selects them. Each repeats no curated misreading (mutants.py),
# no earlier batch's and no explicit decision's; each is written as an engine of its own would be wrong.

from .rules import turn_order as turn_order_18                                   # noqa: E402
from .rules.state import AWAITING_DEAL as AWAITING_DEAL_18, PLAY as PLAY_18      # noqa: E402

ORIGINAL_STOP_18 = continuation.stop
ORIGINAL_AFTER_TILE_18 = continuation.after_tile_from_hand
ORIGINAL_OFFERED_POINTS_18 = turns.offered_points
ORIGINAL_MAY_DRAW_18 = drawing.may_draw
ORIGINAL_MAY_PASS_18 = drawing.may_pass
ORIGINAL_END_ROUND_BY_DOMINO_18 = match.end_round_by_domino
ORIGINAL_TILE_CONTRIBUTIONS_18 = layout.tile_contributions
ORIGINAL_END_TURN_18 = turn_order_18.end_turn


def stop_taken_as_a_pass(m, log, field):
    """With continuation: optional, 'stop' handled as «end my turn»: the handler checks the table's
    option and not that the player is continuing, so a stop at the start of a turn ends it."""
    if m.options.continuation == "optional" and m.phase == PLAY_18 and not m.round.continuing:
        return EndTurn("stopped", "DOM-INT-7")
    return ORIGINAL_STOP_18(m, log, field)


def twins_by_the_number(layout_, symmetric_points):
    """Under symmetric_points: canonical, twin points read as any two free points showing the same
    number: only the first point of each number is offered, wherever on the table it is."""
    points_ = ORIGINAL_OFFERED_POINTS_18(layout_, symmetric_points)
    if symmetric_points == "distinct":
        return points_
    seen, out = set(), []
    for p in points_:
        if p.value in seen:
            continue
        seen.add(p.value)
        out.append(p)
    return out


def unable_turn_ends_may_not_draw(m, able_to_place):
    """continuation_when_unable: end_turn applied to every player who cannot place, continuing or
    not: such a player's turn ends (a pass) instead of drawing."""
    if m.options.continuation_when_unable == "end_turn" and not able_to_place:
        return False
    return ORIGINAL_MAY_DRAW_18(m, able_to_place)


def unable_turn_ends_may_pass(m, able_to_place):
    if m.options.continuation_when_unable == "end_turn" and not able_to_place and m.phase == PLAY_18:
        return True
    return ORIGINAL_MAY_PASS_18(m, able_to_place)


def lead_passes_from_the_last_opener(m, seat, log):
    """The lead kept as a dealer's button: after a domino the next round is opened by the seat after
    the one that opened this round, not by the player of the last tile."""
    opener = m.round.opener
    ORIGINAL_END_ROUND_BY_DOMINO_18(m, seat, log)
    if m.phase == AWAITING_DEAL_18 and m.next_opener is not None:
        m.next_opener = m.seating.next_clockwise(opener)
        for event in log.events:
            if event["type"] == "next_opener":
                event["seat"] = m.next_opener


def continuing_kept_after_a_drawn_tile(m, decision, log):
    """The continuing mark is cleared where a tile from hand ends the turn; a turn that ends on a
    drawn tile (or a pass) leaves it set, and the next player starts its turn marked as continuing."""
    was = m.round.continuing
    ORIGINAL_END_TURN_18(m, decision, log)
    if decision.reason in ("drawn_tile", "passed") and was:
        m.round.continuing = True


def opening_rule_for_the_match_opening(m, tile, raw_points, opening, log):
    """opening_continues: false applied to the opening of the match: the check asks whether this is
    the match's first tile (the first round's), so a later round's opening tile continues."""
    if opening and not m.options.opening_continues and m.round_number > 1:
        kept = m.options
        m.options = replace(kept, opening_continues=True)
        try:
            return ORIGINAL_AFTER_TILE_18(m, tile, raw_points, opening, log)
        finally:
            m.options = kept
    return ORIGINAL_AFTER_TILE_18(m, tile, raw_points, opening, log)


def lone_double_no_end(placed):
    """An end is where a line goes on: a double with nothing joined to it (the opening double alone)
    has no line yet, so it counts nothing until a tile joins it."""
    if is_double(placed.tile) and placed.parent is None and not placed.occupied(LINE_A) \
            and not placed.occupied(LINE_B):
        return []
    return ORIGINAL_TILE_CONTRIBUTIONS_18(placed)


def drawn_tile_turn_passes_twice(m, decision, log):
    """The drawn tile's placement ends the turn, and the draw that brought it had handed the turn on
    already: play moves two seats on after a drawn tile is placed."""
    ORIGINAL_END_TURN_18(m, decision, log)
    if decision.reason == "drawn_tile":
        r = m.round
        r.to_play = m.seating.next_clockwise(r.to_play)
        for event in reversed(log.events):
            if event["type"] == "turn_ended":
                event["next"] = r.to_play
                break


def heldout_batch18() -> list[Mutant]:
    M = mutant
    return [
        M("dev18-stop-taken-as-a-pass", "With optional continuation a player who is not continuing may stop.",
          ("DOM-INT-7",), *everywhere(continuation, "stop", stop_taken_as_a_pass)),
        M("dev18-twins-by-the-number", "Under canonical twin points only the first free point of each number "
          "is offered.", ("DOM-INT-2",), *everywhere(turns, "offered_points", twins_by_the_number)),
        M("dev18-unable-turn-ends-without-drawing", "With continuation_when_unable: end_turn any player who "
          "cannot place passes instead of drawing.", ("DOM-INT-1", "DOM-DRAW-2"),
          *everywhere(drawing, "may_draw", unable_turn_ends_may_not_draw),
          *everywhere(drawing, "may_pass", unable_turn_ends_may_pass)),
        M("dev18-lead-passes-from-the-last-opener", "After a domino the seat after this round's opener opens "
          "the next round.", ("DOM-OPEN-5",), *everywhere(match, "end_round_by_domino",
                                                          lead_passes_from_the_last_opener)),
        M("dev18-continuing-kept-after-a-drawn-tile", "A continuing turn that ends on a drawn tile or a pass "
          "leaves the next player continuing.", ("DOM-TURN-1", "DOM-CONT-6"),
          *everywhere(turn_order_18, "end_turn", continuing_kept_after_a_drawn_tile)),
        M("dev18-opening-rule-for-the-match-opening", "With opening_continues: false only the match's first "
          "opening tile ends the turn.", ("DOM-INT-4",),
          *everywhere(continuation, "after_tile_from_hand", opening_rule_for_the_match_opening)),
        M("dev18-lone-double-no-end", "An opening double with nothing joined counts nothing.",
          ("DOM-COUNT-1",), *everywhere(layout, "tile_contributions", lone_double_no_end)),
        M("dev18-drawn-tile-turn-passes-twice", "After a drawn tile is placed play moves two seats on.",
          ("DOM-DRAW-4", "DOM-TURN-1"), *everywhere(turn_order_18, "end_turn", drawn_tile_turn_passes_twice)),
    ]


# The batches `horserace mutants --held-out [N]` selects (batch 1 by default: published figures stay comparable).
BATCHES = {1: heldout, 2: heldout_batch2, 3: heldout_batch3, 4: heldout_batch4, 5: heldout_batch5,
           6: heldout_batch6, 7: heldout_batch7, 8: heldout_batch8, 9: heldout_batch9, 10: heldout_batch10,
           11: heldout_batch11, 12: heldout_batch12, 13: heldout_batch13,
           14: heldout_batch14, 15: heldout_batch15, 16: heldout_batch16,
           17: heldout_batch17, 18: heldout_batch18}
