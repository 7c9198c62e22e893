"""Bets: equal balances, the odds posted, each non-banker backs one horse with 1 chip, the bank
must be able to pay whichever suit wins, and the choices are fixed before the race
(CRD-BET-1..6, CRD-INT-1..3)."""

from __future__ import annotations

from reference.core.errors import IllegalAction

from . import odds, seating, settlement
from .cards import SUITS
from .state import BETTING, LAYING, OVER, RACING, Bet, Log, RaceState, TableState

MAX_STAKE = 1    # the posted maximum; here every bettor stakes exactly 1 chip (CRD-BET-3)
# What of a winning stake the bank must cover out of its own chips (the liability, as CRD-INT-1
# reads it): none, the stake handed back is the bettor's own chip; the bank pays the net winnings
STAKE_FROM_THE_BANK = 0     # (CRD-BET-4)
SITTING_OUT_STAKE = 0   # one who sits out backs no horse, so stakes and pays no chip (CRD-BET-3)


# CRD-BET-1: a session starts with everyone holding the same number of chips
def starting_balances(players: int, amount: int) -> list[int]:
    return [amount] * players


# CRD-BET-1 (a single race): «Empieza sesión con saldos iguales»: it is a session that starts from
# equal balances; a single race is played from whatever balances the table has recorded (CRD-ROT-1)
def any_balances_allowed(session: bool) -> bool:
    return not session


def post_prices(race: RaceState, counts: dict[str, int], table_odds: tuple[int, ...], log: Log) -> None:
    """The race's prices: each horse's odds by its suit's count on the track (CRD-ODDS-1), then
    announced with the maximum stake (CRD-BET-2)."""
    race.odds = odds.posted_odds(counts, table_odds)
    announce_prices(race, log)


# CRD-BET-2: the payouts and the maximum stake are posted before any race card is revealed
def announce_prices(race: RaceState, log: Log) -> None:
    log.event("odds_posted", "CRD-ODDS-1", odds=dict(race.odds), max_bet=max_stake(race.odds))
    log.rule("CRD-BET-2", "CRD-ODDS-2")


# CRD-BET-2 (the maximum stake): «publica pagos y apuesta máxima»: the maximum posted is the one chip
# each bettor stakes (CRD-BET-3 «coloca 1 ficha»), whatever the prices are
def max_stake(prices: dict[str, int | None]) -> int:
    return MAX_STAKE


def liability(bets: list[Bet], posted: dict[str, int | None], measure: str) -> dict[str, int]:
    """The chips the bank pays out of its own balance if each suit wins (CRD-INT-1).
    gross: the net winnings on that suit (CRD-PAY-2); net: less the losing stakes the bank
    collects in the same settlement (CRD-PAY-1)."""
    net = measure == "net"
    out = {}
    for suit in SUITS:
        pay = 0
        for b in bets:
            if b.horse == suit:
                pay += settlement.net_winnings(b.stake, posted[suit] or 0) + b.stake * STAKE_FROM_THE_BANK
            elif net:
                pay -= settlement.lost_stake(b.stake)
        out[suit] = max(pay, 0) if owes_at_least_nothing() else pay
    return out


# CRD-INT-1: «fichas suficientes en banca para cualquier palo ganador»: what the bank must hold for a
# suit is never less than nothing: where the losing stakes it would collect (the net reading)
# outweigh the winnings it would pay on that suit, it owes nothing on it, not a negative amount
def owes_at_least_nothing() -> bool:
    return True


def bank_covers(bank_balance: int, owed: dict[str, int]) -> bool:
    """The bank holds the chips it must cover (CRD-BET-4)."""
    return bank_balance >= cover_needed(owed)


# CRD-BET-4: before the race the bank must hold enough chips to pay whichever suit wins: one suit
# wins (CRD-RACE-8), so it covers the most it could pay on any one of them
def cover_needed(owed: dict[str, int]) -> int:
    if not one_suit_wins():
        return sum(owed.values())      # never: the misreading the rule rules out, kept as its own branch
    return max(owed.values())


# CRD-BET-4 (one suit wins): «para cualquier palo ganador»: the bank covers whichever one suit
# wins, not every suit's bets at once (CRD-RACE-8: one horse wins the race)
def one_suit_wins() -> bool:
    return True


def open_horses(table: TableState) -> list[str]:
    """The horses the seat to bet may back (CRD-INT-2): under 'refuse' a bet the bank could not
    pay, or a stake the bettor does not hold, is not offered; under 'owe' every horse is. A
    horse someone has backed stays open to the others (CRD-PAY-3)."""
    seat = table.to_bet
    if seat is None:
        return []
    race = table.race
    if table.options.when_uncovered == "owe":
        return [suit for suit in SUITS if open_after_earlier_bets(race.bets, suit)]
    if table.balances[seat] < MAX_STAKE:
        return []
    bank = table.balances[race.banker]
    return [suit for suit in SUITS
            if open_after_earlier_bets(race.bets, suit)
            and bank_covers(bank, liability(bets_if_backed(race.bets, seat, suit), race.odds,
                                            table.options.bank_cover))]


# CRD-BET-4 (the bet on offer): the bank's cover is judged with the bet being offered counted in,
# beside the bets already placed: the bank must be able to pay whichever suit wins once it is placed
def bets_if_backed(bets: list[Bet], seat: int, horse: str) -> list[Bet]:
    return bets + [Bet(seat, horse, MAX_STAKE)]


def open_after_earlier_bets(bets: list[Bet], horse: str) -> bool:
    """A horse is open to the next bettor whoever has backed it before (CRD-PAY-3)."""
    return several_may_back_one_horse() or all(b.horse != horse for b in bets)


# CRD-PAY-3: «varios pueden elegir mismo ganador»: several people may back the same horse (each is
# then settled on their own fixed stake), so a horse already backed is still offered
def several_may_back_one_horse() -> bool:
    return True


def check_betting_phase(table: TableState, field: str) -> None:
    if table.phase == BETTING:
        return
    # CRD-BET-6: during the race nobody switches horse or adds chips
    if table.phase == RACING:
        raise IllegalAction(field, "the race has started: nobody changes horse or adds chips", "CRD-BET-6")
    if table.phase == OVER and table.session:
        raise IllegalAction(field, "the session is over: everyone has banked once", "CRD-SESSION-1")
    if table.phase == OVER:
        raise IllegalAction(field, "the race is over and settled; bets were fixed before it", "CRD-BET-6")
    what = "re-lay the track" if table.phase == LAYING and table.race.relays else "lay the track"
    raise IllegalAction(field, f"no odds are posted yet: {what} first; bets follow the posted odds",
                        "CRD-BET-2")


def check_bettor(table: TableState, by: int | None, field: str) -> int:
    """The seat to choose now (CRD-INT-3: clockwise from the banker's left)."""
    seat = seat_to_choose(table)
    race = table.race
    if by is None or by == seat:
        return seat
    if by == race.banker:
        raise IllegalAction(field, f"seat {by} banks this race; only the others bet", "CRD-BET-3")
    if any(b.seat == by for b in race.bets) or by in race.sitting_out:
        raise IllegalAction(field, f"seat {by} has already chosen; choices are fixed", "CRD-BET-5")
    raise IllegalAction(field, f"bets go clockwise from the banker's left: seat {seat} chooses now, "
                        f"not seat {by}", "CRD-INT-3")


def seat_to_choose(table: TableState) -> int:
    """Of the bettors in their turn (CRD-BET-3, CRD-INT-3), the first who has not chosen yet
    (CRD-BET-5's `have_chosen`): `table.to_bet`, the head of the queue, which the turn keeps in
    order; worked out at the choice itself, so that who chooses now is decided by the rules' own
    code at this step (who bets, and who has chosen), not by the queue an earlier choice left."""
    race = table.race
    chosen = have_chosen(race)
    return next(seat for seat in seating.bettors_in_order(race.banker, table.players) if seat not in chosen)


def place_bet(table: TableState, horse: str, stake: int, by: int | None, log: Log, field: str) -> None:
    """One horse, one chip (CRD-BET-3). `field` locates the step; errors name its bet, stake or by."""
    check_betting_phase(table, f"{field}.bet")
    seat = check_bettor(table, by, f"{field}.by" if by is not None else f"{field}.bet")
    race = table.race
    if stake != MAX_STAKE:
        raise IllegalAction(f"{field}.stake", f"a stake of {stake}: each bettor stakes exactly {MAX_STAKE} chip, "
                            "the posted maximum", "CRD-BET-3")
    if horse not in open_horses(table):
        refuse_uncovered(table, seat, horse, f"{field}.bet")
    race.bets.append(Bet(seat, horse, stake))
    log.event("bet", "CRD-BET-3", seat=seat, horse=horse, stake=stake, odds=race.odds[horse])
    finish_choice(table, log)


def refuse_uncovered(table: TableState, seat: int, horse: str, field: str) -> None:
    race = table.race
    if table.balances[seat] < MAX_STAKE:
        raise IllegalAction(field, f"seat {seat} holds {table.balances[seat]} chips and cannot stake 1; "
                            "it sits out this race", "CRD-BET-3")
    owed = liability(bets_if_backed(race.bets, seat, horse), race.odds, table.options.bank_cover)
    bank = table.balances[race.banker]
    others = open_horses(table)
    hint = f"; seat {seat} can back {', '.join(others)}" if others else f"; seat {seat} sits out"
    raise IllegalAction(field, f"the bank (seat {race.banker}, {bank} chips) could not pay {owed[horse]} "
                        f"chips if {horse} won{hint}", "CRD-BET-4")


# CRD-INT-15: «cada no banquero elige un caballo» (CRD-BET-3): a bettor sits out only when no horse
# can be backed (CRD-INT-2); or (the known misreading sit_out: by_choice) whenever it likes
def may_sit_out(table: TableState) -> bool:
    return table.options.sit_out == "by_choice" or not open_horses(table)


def sit_out(table: TableState, by: int | None, log: Log, field: str) -> None:
    """A bettor sits out only when no horse can be backed (CRD-INT-2, CRD-INT-15)."""
    check_betting_phase(table, f"{field}.sit_out")
    seat = check_bettor(table, by, f"{field}.by" if by is not None else f"{field}.sit_out")
    horses = open_horses(table)
    if not may_sit_out(table):
        raise IllegalAction(f"{field}.sit_out", f"seat {seat} can back {', '.join(horses)}; every non-banker picks a horse",
                            "CRD-BET-3")
    reason = "no_chip" if table.balances[seat] < MAX_STAKE else "bank_cannot_cover" if not horses else "by_choice"
    table.race.sitting_out.append(seat)
    table.balances[seat] -= SITTING_OUT_STAKE
    log.event("sat_out", "CRD-BET-4" if reason == "bank_cannot_cover" else "CRD-BET-3", seat=seat, reason=reason)
    log.rule("CRD-BET-3")               # a non-banker's choice, made in turn
    finish_choice(table, log)


# CRD-BET-5: once every bettor has chosen, the choices are fixed and the race starts
def finish_choice(table: TableState, log: Log) -> None:
    race = table.race
    race.waiting = still_to_choose(race, table.players)
    if race.waiting:
        offer_choice(table, log)
        return
    close_bets(table, log)


# CRD-BET-5 (close): every choice made, the choices are fixed and the race begins
def close_bets(table: TableState, log: Log) -> None:
    table.phase = RACING
    announce_bets_closed(table, log)


# CRD-BET-5 (announcement): the fixed choices are announced, with what the bank would owe on each suit
def announce_bets_closed(table: TableState, log: Log) -> None:
    race = table.race
    owed = liability(race.bets, race.odds, table.options.bank_cover)
    log.event("bets_closed", "CRD-BET-5", bets=[bet_view(b) for b in race.bets], liability=owed,
              bank=table.balances[race.banker])


def still_to_choose(race: RaceState, players: int) -> list[int]:
    """The seats still to choose: the bettors in their turn (CRD-BET-3, CRD-INT-3) less those who
    have chosen (CRD-BET-5's `have_chosen`). Asked after every choice, so that who is still to
    bet is decided by CRD-BET-3's own code at that step, not by a queue the race's start pops."""
    chosen = have_chosen(race)
    return [seat for seat in seating.bettors_in_order(race.banker, players) if seat not in chosen]


# CRD-BET-5 (who has chosen): «fija elecciones»: a bettor who has backed a horse, or sat out, has
# made its choice, and it is fixed: the turn does not come back to it
def have_chosen(race: RaceState) -> list[int]:
    return [b.seat for b in race.bets] + race.sitting_out


def offer_choice(table: TableState, log: Log) -> None:
    """The step hands the choice to the next bettor; when the bank's cover (or the bettor's purse)
    keeps a horse from being offered, that is the step's decision (CRD-BET-4, CRD-BET-3)."""
    if table.options.when_uncovered != "refuse" or table.to_bet is None:
        return
    if table.balances[table.to_bet] < MAX_STAKE:
        log.rule("CRD-BET-3")
    elif len(open_horses(table)) < len(SUITS):
        log.rule("CRD-BET-4")


def bet_view(b: Bet) -> dict:
    return {"seat": b.seat, "horse": b.horse, "stake": b.stake}
