"""Settling a round: who wins it and the bonus for the opponents' remaining tiles.

Sections "Liquidación de puntos de la ronda" (DOM-BLOCK-2/3, DOM-SETTLE-1..6) and "Empate
entre las menores sumas" (DOM-TIE-1/2). Pure functions of the seating and the remaining
hands; match.py applies the result to the scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import points
from .seating import PARTNERSHIP, Seating
from .tiles import Tile, hand_pips

DOMINO, BLOCKED = "domino", "blocked"


@dataclass(frozen=True)
class Settlement:
    kind: str                    # DOMINO or BLOCKED
    hand_pips: list[int]         # per seat
    side_pips: list[int]         # per side (a pair adds both partners' hands)
    winners: list[int]           # sides that won the round
    counted_pips: list[int]      # per side: the opponents' pips it is paid for (0 if not a winner)
    bonus: list[int]             # per side: displayed points added (0 if not a winner)


def side_pips(seating: Seating, hands: list[list[Tile]]) -> list[int]:
    totals = [0] * seating.sides
    for seat, hand in enumerate(hands):
        totals[seating.side_of(seat)] += hand_pips(hand)
    return totals


# -- who wins a blocked round ------------------------------------------------------------------

def blocked_round_winners(seating: Seating, hands: list[list[Tile]]) -> list[int]:
    """The sides with the lowest remaining sum."""
    if seating.mode == PARTNERSHIP:
        if pair_sums_compared():
            sums = side_pips(seating, hands)
        else:
            sums = [min(hand_pips(hands[seat]) for seat in seating.members(side)) for side in range(seating.sides)]
    else:
        # DOM-BLOCK-2: in individual play the lowest sum of remaining pips wins.
        sums = [hand_pips(hand) if judged_by_pips() else len(hand) for hand in hands]
    lowest = min(sums)
    # DOM-TIE-2: every side tied for the lowest wins: each player, or each pair once (not each partner).
    return [side for side, total in enumerate(sums) if total == lowest]


def judged_by_pips() -> bool:
    # DOM-BLOCK-2 (what a hand is judged by): «gana la menor suma de valores de las fichas
    # restantes»: a hand left in a blocked round weighs the sum of its pips, not how many tiles it
    # holds.
    return True


def pair_sums_compared() -> bool:
    # DOM-BLOCK-3: in a partnership blocked round the pairs' combined sums are compared, not the
    # lightest single hand.
    return True


# -- what a winner is paid for ------------------------------------------------------------------

def counted_hands(seating: Seating, hands: list[list[Tile]], winner: int) -> list[list[Tile]]:
    """The remaining hands a winning side is paid for."""
    return [hand for seat, hand in enumerate(hands) if paid_for(seating, seat, winner)]


def paid_for(seating: Seating, seat: int, winner: int) -> bool:
    """Whether the winning side is paid for the remaining hand of `seat`."""
    if seating.side_of(seat) != winner:
        # DOM-SETTLE-1: the winner scores for the opponents' remaining tiles (another tied
        # winner is an opponent too, DOM-TIE-1).
        return True
    if seating.mode == PARTNERSHIP:
        # DOM-SETTLE-6: "excluye las fichas del compañero del ganador": in partnerships the
        # tiles of the winner's partner are left out of the count.
        return False
    return own_hand_paid_for()


def own_hand_paid_for() -> bool:
    # DOM-SETTLE-4 (the count): the winner's own remaining hand is left out of the hands it is
    # paid for (and its pips weigh nothing in the bonus, `own_pips_weight`).
    return False


def winner_bonus(paid_for: list[list[Tile]], own_pips: int) -> int:
    """The bonus for the hands a winner is paid for (`settlement_bonus`); the winning side's own
    remaining pips (`own_pips`) weigh nothing (`own_pips_weight`)."""
    weight = own_pips_weight() if own_pips else 0
    if weight:
        pips = sum(hand_pips(hand) for hand in paid_for) + weight * own_pips
        return displayed_bonus(round_to_nearest_five(pips))
    return settlement_bonus(paid_for)


def settlement_bonus(hands: list[list[Tile]]) -> int:
    """The bonus for the counted hands, in displayed points: their pips rounded to five
    (`rounded_once`), divided by five."""
    if rounded_once():
        rounded = round_to_nearest_five(sum(hand_pips(hand) for hand in hands))
    else:
        rounded = sum(round_to_nearest_five(hand_pips(hand)) for hand in hands)
    return displayed_bonus(rounded)


def displayed_bonus(rounded_pips: int) -> int:
    """The bonus for counted pips (rounded), in displayed points (`bonus_in_displayed_points`):
    a fifth of them."""
    return rounded_pips // points.RAW_PER_DISPLAYED if bonus_in_displayed_points() else rounded_pips


def bonus_in_displayed_points() -> bool:
    # DOM-SCORE-1 (settlement bonus): a round's bonus goes into the score in displayed points
    # too (the rounded pips divided by five), not in raw pips.
    return True


def own_pips_weight() -> int:
    # DOM-SETTLE-4: the winner's own remaining pips are left out: they weigh nothing in the count,
    # neither subtracted (-1) nor added (+1).
    return 0


def rounded_once() -> bool:
    # DOM-SETTLE-2: all counted pips are summed first; that one total is rounded, then divided
    # by five (not each hand rounded on its own).
    return True


def round_to_nearest_five(pips: int) -> int:
    remainder = pips % 5
    # DOM-SETTLE-3: remainders of 1 or 2 round down, 3 or 4 round up.
    return pips - remainder if goes_down(remainder) else pips - remainder + 5 * fives_up()


def goes_down(remainder: int) -> bool:
    # DOM-SETTLE-3 (which way): «Los restos de 1 o 2 bajan; los de 3 o 4 suben»: a remainder of
    # 1 or 2 (or none) goes down to the five below, one of 3 or 4 up to the five above.
    return remainder <= 2


def fives_up() -> int:
    # DOM-SETTLE-3 (how far up): «los de 3 o 4 suben»: a remainder of 3 or 4 goes up to the five
    # above, the five below and one five more: never past it, nor left at the five below.
    return 1


# Each of several tied winners receives this many full bonuses:
FULL_BONUSES_PER_TIED_WINNER = 1        # one, as a lone winner does (DOM-TIE-1)


def tied_winner_award(bonus: int, winners: list[int]) -> int:
    """What each winner receives of its bonus: all of it, tied or not: one full bonus each
    (FULL_BONUSES_PER_TIED_WINNER), not split among them (`tied_bonus_split`)."""
    if len(winners) > 1:
        if tied_bonus_split():
            return bonus // len(winners)
        return bonus * FULL_BONUSES_PER_TIED_WINNER
    return bonus


def tied_bonus_split() -> bool:
    # DOM-TIE-1: every tied winner receives one full bonus, neither split among the tied
    # winners nor reduced.
    return False


def tied_winners_hands_counted() -> bool:
    # DOM-TIE-1 (the others' hands): a tied winner is paid for the hands of all the others, the
    # other tied winners' hands included, not for the losers' hands alone.
    return True


def tied_pair_paid_once() -> bool:
    # DOM-TIE-2 (once per pair): a tied pair receives one bonus, as a lone pair does, not a
    # separate bonus for each partner.
    return True


def pay_winners(kind: str, seating: Seating, hands: list[list[Tile]], winners: list[int]) -> Settlement:
    counted = [0] * seating.sides
    bonus = [0] * seating.sides
    own = side_pips(seating, hands)
    for winner in winners:
        paid_for = counted_hands(seating, hands, winner)
        if len(winners) > 1 and not tied_winners_hands_counted():
            paid_for = [hand for seat, hand in enumerate(hands) if seating.side_of(seat) not in winners]
        counted[winner] = sum(hand_pips(hand) for hand in paid_for)
        bonus[winner] = tied_winner_award(winner_bonus(paid_for, own[winner]), winners)
        if len(winners) > 1 and seating.mode == PARTNERSHIP and not tied_pair_paid_once():
            bonus[winner] *= len(seating.members(winner))
    return Settlement(kind, [hand_pips(h) for h in hands], own, winners, counted, bonus)


# -- the two ways a round ends ------------------------------------------------------------------

def settle_domino_round(seating: Seating, hands: list[list[Tile]], last_player: int) -> Settlement:
    """The player who played the last tile wins the round for self or pair (DOM-END-1)."""
    return pay_winners(DOMINO, seating, hands, [seating.side_of(last_player)])


def settle_blocked_round(seating: Seating, hands: list[list[Tile]]) -> Settlement:
    return pay_winners(BLOCKED, seating, hands, blocked_round_winners(seating, hands))


def settlement_decisions(seating: Seating, result: Settlement) -> list[str]:
    """The settlement rules this round's result applied (for the step's record): the count of
    opponents' pips, the one rounding of it (when there was a remainder), the winner's own and
    partner's pips left out (when they held any), nobody reduced."""
    decided = ["DOM-SETTLE-1", "DOM-SETTLE-2", "DOM-SETTLE-5"]
    if any(result.counted_pips[w] % 5 for w in result.winners):
        decided.append("DOM-SETTLE-3")
    for winner in result.winners:
        if result.side_pips[winner]:
            decided.append("DOM-SETTLE-4")                 # the winning side's own pips left out
            if seating.mode == PARTNERSHIP:
                decided.append("DOM-SETTLE-6")             # the partner's among them
    return decided
