"""Held-out misreadings of the domino rules: the yardstick of attribution, never its tuning.

`horserace mutants --held-out --attribution` asks whether a failure caused by one of these names
the rule it misreads. They were written before the counterfactual attribution was built, as a
player or an implementer might misread the text (not operator flips), and differ from the
curated mutants of mutants.py. Nothing in the suite may be adjusted to name them better: keep
this file out of every attribution change, and report its figures beside the curated and
generated ones. A misreading that no vector kills is left out of the figures (and reported).
"""

from __future__ import annotations

from reference.core.game import Mutant
from reference.core.mutation import mutant

from .rules import continuation, deal, drawing, layout, match, settlement
from .rules.layout import BRANCHES, LONG_SIDES, Contribution, has_legal_placement
from .rules.seating import PARTNERSHIP, Seating
from .rules.settlement import Settlement
from .rules.state import PLAY
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
