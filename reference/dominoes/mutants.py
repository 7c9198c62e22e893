"""Plausible misreadings of the domino rules, for the mutation self-check (`horserace mutants`).

Each mutant patches the reference engine where the rule is applied; the vectors must catch
every one of them. Patches replace the name where it is looked up at call time.
"""

from __future__ import annotations


from reference.core.game import Mutant
from reference.core.mutation import patched

from . import layout, match, observe, perft, replay, scoring, settlement, turns
from .actions import Draw, Pass
from .layout import BRANCHES, LONG_SIDES, NON_DOUBLE_SIDES, Contribution, Point
from .scoring import PlacementPoints
from .settlement import Settlement
from .tiles import hand_pips, is_double



def pay_winners_variant(counted_for):
    """A settlement payer whose counted pips (and bonus) come from `counted_for`."""
    def pay(kind, seating, hands, winners):
        by_side = settlement.side_pips(seating, hands)
        counted, bonus = [0] * seating.sides, [0] * seating.sides
        for winner in winners:
            counted[winner], bonus[winner] = counted_for(seating, hands, by_side, winner, winners)
        return Settlement(kind, [hand_pips(h) for h in hands], by_side, winners, counted, bonus)
    return pay


def others(by_side, winner):
    return sum(p for side, p in enumerate(by_side) if side != winner)


# -- counting and doubles --------------------------------------------------------------------

def counted_variant(double_value):
    def counted_contributions(self):
        out = []
        for placed in self.placed.values():
            tile = placed.tile
            if is_double(tile):
                value = double_value(placed, tile[0])
                if value is not None:
                    out.append(Contribution(tile, None, value))
            else:
                for side in NON_DOUBLE_SIDES:
                    if not placed.occupied(side):
                        out.append(Contribution(tile, side, Point(tile, side).value))
        return sorted(out, key=Contribution.sort_key)
    return counted_contributions


def one_half_while_open(placed, v):
    return v if any(not placed.occupied(s) for s in LONG_SIDES) else None


def both_halves_always(placed, v):
    return 2 * v


def closed_double_counts_free_branches(placed, v):
    if any(not placed.occupied(s) for s in LONG_SIDES):
        return 2 * v
    free = sum(1 for s in BRANCHES if not placed.occupied(s))
    return v * free if free else None


def branches_after_one_long_side(self, placed):
    if not is_double(placed.tile):
        return [s for s in NON_DOUBLE_SIDES if not placed.occupied(s)]
    free_long = [s for s in LONG_SIDES if not placed.occupied(s)]
    if len(free_long) == 2:
        return free_long
    return free_long + [s for s in BRANCHES if not placed.occupied(s)]


# -- turns -------------------------------------------------------------------------------------

def only_scoring_continues(tile, raw_points):
    return "scored" if raw_points else None


def only_doubles_continue(tile, raw_points):
    return "double" if is_double(tile) else None


def drawn_tile_continues(original):
    def end_turn(m, reason, clause, log):
        if reason == "drawn_tile":
            placed = [e for e in log.events if e["type"] == "placed"][-1]
            tile = tuple(int(x) for x in placed["tile"].split("|"))
            why = turns.continuation_reason(tile, placed["raw"])
            if why:
                turns.continue_turn(m, why, log)
                return
        original(m, reason, clause, log)
    return end_turn


def draw_while_able(original_legal, original_draw):
    def legal_actions(m):
        actions = original_legal(m)
        if m.phase == "play" and m.round.draw_pile and not any(isinstance(a, Draw) for a in actions):
            actions = actions + [Draw()]
        return actions

    def draw(m, log, field):
        r = m.round
        if m.phase == "play" and r.draw_pile:
            tile = r.draw_pile.pop(0)
            r.hands[r.to_play].append(tile)
            playable = turns.can_place(r.layout, [tile])
            log.event("drew", "DOM-DRAW-2", player=r.to_play, tile=f"{tile[0]}|{tile[1]}", playable=playable)
            if playable:
                m.phase, r.drawn_tile = "place_drawn", tile
            return
        original_draw(m, log, field)
    return legal_actions, draw


def pass_with_pile(original_legal, original_pass):
    def legal_actions(m):
        actions = original_legal(m)
        if actions == [Draw()]:
            actions = [Draw(), Pass()]
        return actions

    def pass_turn(m, log, field):
        r = m.round
        if m.phase == "play" and r.draw_pile and not turns.can_place(r.layout, r.hands[r.to_play]):
            log.event("passed", "DOM-PASS-1", player=r.to_play)
            turns.end_turn(m, "passed", "DOM-PASS-1", log)
            return
        original_pass(m, log, field)
    return legal_actions, pass_turn


def opener_must_play_a_double(original):
    def legal_placements(lay, tiles, symmetric_points="distinct"):
        moves = original(lay, tiles, symmetric_points)
        if lay.is_empty():
            doubles = [mv for mv in moves if is_double(mv.tile)]
            return doubles or moves
        return moves
    return legal_placements


# -- the match ----------------------------------------------------------------------------------

def settles_after_winning_domino(original):
    def end_match_by_placement(m, seat, log):
        if not m.round.hands[seat]:
            return False                       # settle the round first, as if the match went on
        return original(m, seat, log)
    return end_match_by_placement


def target_variant(target):
    def reached_target(m):
        return [side for side, score in enumerate(m.scores) if score >= target]

    def end_match_by_placement(m, seat, log):
        side = m.seating.side_of(seat)
        if m.scores[side] < target:
            return False
        m.phase, m.winners = "over", [side]
        log.event("match_won", "DOM-MATCH-2", winners=[side], by="placement", scores=list(m.scores))
        return True
    return reached_target, end_match_by_placement


def highest_only(original):
    def reached_target(m):
        winners = original(m)
        if not winners:
            return winners
        best = max(m.scores[s] for s in winners)
        return [s for s in winners if m.scores[s] == best][:1]
    return reached_target


def raw_points_recorded(m, seat, displayed, log):
    if displayed > 0:
        side = m.seating.side_of(seat)
        m.scores[side] += displayed * 5
        log.event("scored", "DOM-MATCH-1", side=side, displayed=displayed * 5, score=m.scores[side])


def floor_points(end_sum):
    return PlacementPoints(raw=end_sum - end_sum % 5, displayed=end_sum // 5)


def next_opener_clockwise(original):
    def end_round_by_domino(m, seat, log):
        side = m.seating.side_of(seat)
        log.event("round_won", "DOM-END-1", player=seat, side=side)
        result = settlement.settle_domino_round(m.seating, m.round.hands, seat)
        match.apply_settlement(m, result, next_opener=m.seating.next_clockwise(seat), log=log)
    return end_round_by_domino


def lightest_single_hand_wins(seating, hands):
    lightest = min(hand_pips(h) for h in hands)
    winners = sorted({seating.side_of(seat) for seat, h in enumerate(hands) if hand_pips(h) == lightest})
    return settlement._pay_winners("blocked", seating, hands, winners)


def partner_counted(seating, hands, winner_seat):
    by_side = settlement.side_pips(seating, hands)
    side = seating.side_of(winner_seat)
    counted = [0] * seating.sides
    bonus = [0] * seating.sides
    counted[side] = sum(hand_pips(h) for seat, h in enumerate(hands) if seat != winner_seat)
    bonus[side] = scoring.settlement_bonus(counted[side])
    return Settlement("domino", [hand_pips(h) for h in hands], by_side, [side], counted, bonus)


def with_legal_actions(legal, action_function, action_name):
    """legal_actions is looked up in three modules (turns, observe, perft): patch all three."""
    return patched((turns, "legal_actions", legal), (observe, "legal_actions", legal),
                   (perft, "legal_actions", legal), (turns, action_name, action_function))


def mutants() -> list[Mutant]:
    M = Mutant
    return [
        M("round-remainder-two-up", "Settlement rounds remainders of 2 up (17 -> 20) as well as 3 and 4.",
          ("DOM-SETTLE-3",), lambda: patched((scoring, "round_to_nearest_five",
                                               lambda p: p - p % 5 if p % 5 <= 1 else p + 5 - p % 5))),
        M("round-down-always", "Settlement drops every remainder (18 -> 15).", ("DOM-SETTLE-3",),
          lambda: patched((scoring, "round_to_nearest_five", lambda p: p - p % 5))),
        M("round-each-hand", "Each opponent's hand is rounded on its own before adding.", ("DOM-SETTLE-2",),
          lambda: patched((settlement, "_pay_winners", pay_winners_variant(
              lambda seating, hands, by_side, w, ws: (others(by_side, w), sum(
                  scoring.settlement_bonus(hand_pips(h)) for seat, h in enumerate(hands)
                  if seating.side_of(seat) != w)))))),
        M("double-counts-one-half", "An open double counts one half, not both.", ("DOM-COUNT-1",),
          lambda: patched((layout.Layout, "counted_contributions", counted_variant(one_half_while_open)))),
        M("closed-double-still-counts", "A double keeps counting both halves after both long sides are taken.",
          ("DOM-COUNT-2",), lambda: patched((layout.Layout, "counted_contributions",
                                             counted_variant(both_halves_always)))),
        M("unopened-branches-count", "The free branches of a closed double count as ends.",
          ("DOM-COUNT-2", "DOM-COUNT-7"),
          lambda: patched((layout.Layout, "counted_contributions", counted_variant(closed_double_counts_free_branches)))),
        M("branches-open-early", "Branches open as soon as one long side is taken.", ("DOM-DBL-2",),
          lambda: patched((layout.Layout, "free_sides", branches_after_one_long_side))),
        M("double-does-not-continue", "Only a scoring tile continues the turn, not a double.", ("DOM-CONT-1",),
          lambda: patched((turns, "continuation_reason", only_scoring_continues))),
        M("scoring-does-not-continue", "Only a double continues the turn, not a scoring tile.", ("DOM-CONT-1",),
          lambda: patched((turns, "continuation_reason", only_doubles_continue))),
        M("drawn-tile-continues", "A drawn double or scoring tile continues the turn.", ("DOM-CONT-6", "DOM-DRAW-4"),
          lambda: patched((turns, "end_turn", drawn_tile_continues(turns.end_turn)))),
        M("draw-while-able", "A player may draw instead of playing.", ("DOM-DRAW-1",),
          lambda: with_legal_actions(*draw_while_able(turns.legal_actions, turns.draw), "draw")),
        M("pass-with-pile", "A player who cannot place may pass without drawing.", ("DOM-PASS-1",),
          lambda: with_legal_actions(*pass_with_pile(turns.legal_actions, turns.pass_turn), "pass_turn")),
        M("tied-winners-split", "Tied lowest hands split the bonus between them.", ("DOM-TIE-1", "DOM-TIE-2"),
          lambda: patched((settlement, "_pay_winners", pay_winners_variant(
              lambda seating, hands, by_side, w, ws: (others(by_side, w),
                                                      scoring.settlement_bonus(others(by_side, w)) // len(ws)))))),
        M("tie-scores-nothing", "When the lowest sums tie, nobody scores.", ("DOM-TIE-1", "DOM-TIE-2"),
          lambda: patched((settlement, "_pay_winners", pay_winners_variant(
              lambda seating, hands, by_side, w, ws: (others(by_side, w),
                                                      0 if len(ws) > 1 else scoring.settlement_bonus(others(by_side, w))))))),
        M("tied-winners-not-paid-by-each-other", "A tied winner is paid only for the losers' hands.", ("DOM-TIE-1",),
          lambda: patched((settlement, "_pay_winners", pay_winners_variant(
              lambda seating, hands, by_side, w, ws: (
                  sum(p for s, p in enumerate(by_side) if s not in ws),
                  scoring.settlement_bonus(sum(p for s, p in enumerate(by_side) if s not in ws))))))),
        M("winner-hand-subtracted", "The winner's own remaining pips are subtracted.", ("DOM-SETTLE-4",),
          lambda: patched((settlement, "_pay_winners", pay_winners_variant(
              lambda seating, hands, by_side, w, ws: (others(by_side, w) - by_side[w],
                                                      scoring.settlement_bonus(max(0, others(by_side, w) - by_side[w]))))))),
        M("partner-pips-counted", "A partnership domino also counts the winner's partner's tiles.", ("DOM-SETTLE-6",),
          lambda: patched((match, "settle_domino_round", partner_counted),
                          (replay, "settle_domino_round", partner_counted))),
        M("lightest-hand-wins-block", "A blocked partnership round goes to the pair with the lightest single hand.",
          ("DOM-BLOCK-3",), lambda: patched((match, "settle_blocked_round", lightest_single_hand_wins),
                                            (replay, "settle_blocked_round", lightest_single_hand_wins))),
        M("settle-after-winning-domino", "A last tile that reaches 61 is still followed by the settlement.",
          ("DOM-END-1", "DOM-MATCH-2"),
          lambda: patched((turns, "end_match_by_placement", settles_after_winning_domino(turns.end_match_by_placement)))),
        M("target-fifty", "The match is played to 250 raw (50 displayed) points, as in other Fives games.",
          ("DOM-MATCH-2", "DOM-SCORE-1"),
          lambda: patched(*zip((match, turns), ("reached_target", "end_match_by_placement"), target_variant(50)))),
        M("target-above-61", "A side must pass 61, not reach it.", ("DOM-MATCH-3",),
          lambda: patched(*zip((match, turns), ("reached_target", "end_match_by_placement"), target_variant(62)))),
        M("shared-win-to-highest", "When several sides reach 61 in one settlement, only the highest wins.",
          ("DOM-MATCH-5",), lambda: patched((match, "reached_target", highest_only(match.reached_target)))),
        M("raw-points-recorded", "Placement points are recorded raw (10) instead of displayed (2).",
          ("DOM-SCORE-1", "DOM-PTS-7"), lambda: patched((turns, "record_points", raw_points_recorded))),
        M("any-sum-scores-its-fifths", "Any end sum scores sum // 5, multiple of five or not.", ("DOM-PTS-3",),
          lambda: patched((turns, "placement_points", floor_points), (replay, "placement_points", floor_points))),
        M("next-opener-clockwise", "After a domino the next seat clockwise opens.", ("DOM-OPEN-5",),
          lambda: patched((turns, "end_round_by_domino", next_opener_clockwise(turns.end_round_by_domino)))),
        M("opener-must-play-a-double", "The opener must open with a double when holding one.", ("DOM-OPEN-3",),
          lambda: patched((turns, "legal_placements", opener_must_play_a_double(turns.legal_placements)))),
    ]
