"""The table around the races: the table set, laying (and re-laying) the track, revealing,
settling, the bank's rotation and the end of a finite session
(CRD-SET-3, CRD-ROT-2, CRD-RACE-7, CRD-SESSION-1/2; the rules it applies live in their modules).

Rules are looked up through their modules at call time (`track.overloaded_suit(...)`), so
replacing one (a mutant) reaches every caller.
"""

from __future__ import annotations

from reference.core.errors import IllegalAction, InputError

from . import betting, race as racing, seating, settlement, track
from .agreements import DEFAULTS, Options, is_count
from .state import BETTING, LAYING, OVER, RACING, SETTLED, Log, RaceState, TableState
from .track import NEEDED_TO_FINISH, Lay


def new_table(players: object, banker: object = 0, balances: object = None, options: Options | None = None,
              session: bool = False, field: str = "setup") -> TableState:
    """Three or more people (CRD-SET-2); a session starts with equal balances (CRD-BET-1,
    CRD-INT-5: options.starting_balance). A single race may start from any recorded balances."""
    options = options or DEFAULTS
    players = seating.check_players(players, f"{field}.players")
    # CRD-SET-3: one person runs the bank and reveals the cards
    banker = seating.check_seat(banker, players, f"{field}.banker")
    if balances is None:
        balances = betting.starting_balances(players, options.starting_balance)
    elif not betting.any_balances_allowed(session):
        raise InputError(f"{field}.balances", "a session starts with equal balances: set "
                         "options.starting_balance instead", "CRD-BET-1")
    elif not isinstance(balances, list) or len(balances) != players:
        raise InputError(f"{field}.balances", f"give one balance per seat ({players})", "CRD-ROT-1")
    else:
        for seat, value in enumerate(balances):
            if not is_count(value):
                raise InputError(f"{field}.balances[{seat}]", f"{value!r} is not a whole number of chips")
    return TableState(players=players, balances=list(balances), race=RaceState(number=1, banker=banker),
                      options=options, session=session)


def refuse_when_finished(table: TableState, field: str) -> None:
    if table.phase == OVER and table.session:
        raise IllegalAction(field, "the session is over: everyone has banked once", "CRD-SESSION-1")


def lay_track(table: TableState, lay: Lay, log: Log, field: str) -> None:
    """The lay of this race (CRD-TRACK-2/3); a loaded track is laid again (CRD-TRACK-4)."""
    refuse_when_finished(table, field)
    if table.phase == SETTLED:
        start_next_race(table, log)
    elif table.phase != LAYING:
        raise IllegalAction(field, "this race's track is laid; the cards are gathered and shuffled again "
                            "only for the next race, after the settlement", "CRD-ROT-2")
    race = table.race
    counts = track.track_counts(lay.track)
    loaded = track.overloaded_suit(counts)
    log.rule("CRD-TRACK-4")             # the lay was judged: it stands or is laid again
    if loaded is not None:
        race.relays += 1
        log.event("relaid", "CRD-TRACK-4", suit=loaded, count=counts[loaded],
                  race_cards=track.race_cards_available(counts)[loaded], needed=NEEDED_TO_FINISH,
                  track=[str(c) for c in lay.track])
        log.rule("CRD-TRACK-5", "CRD-FAQ-3")
        return
    racing.open_race(race, lay)
    log.event("track_laid", "CRD-TRACK-2", track=[str(c) for c in lay.track], counts=counts,
              available=track.race_cards_available(counts))
    log.rule("CRD-TRACK-1", "CRD-TRACK-3", "CRD-TRACK-6", "CRD-COUNT-1")
    betting.post_prices(race, counts, table.options.odds, log)
    # The others bet, one after the other (CRD-BET-3); the banker reveals (CRD-SET-3).
    race.waiting = seating.bettors_in_order(race.banker, table.players)
    log.rule("CRD-BET-3")
    table.phase = BETTING
    betting.offer_choice(table, log)


# CRD-ROT-2 (a new race): «recogiendo y barajando todo para nueva carrera»: everything is gathered
# up for the new race, the choices of the last one with it: who sat it out is not kept, each
# bettor chooses afresh
def sitting_out_kept() -> bool:
    return False


# CRD-ROT-1 (the recorded balances): «Registra saldos ... para nueva carrera»: the balances the
# settlement recorded are what the next race is played from; a new race does not deal them afresh
def balances_carried() -> bool:
    return True


# CRD-ROT-1 (into the next race): the recorded balances go on into the race that follows
def carry_balances(table: TableState) -> None:
    if not balances_carried():
        table.balances = [table.options.starting_balance] * table.players     # never: the misreading ruled out


# CRD-ROT-2: every card is gathered and shuffled for a new race, banked by the next seat
def start_next_race(table: TableState, log: Log) -> None:
    banker = table.next_banker
    last = table.race
    table.race = RaceState(number=last.number + 1, banker=banker)
    if sitting_out_kept():
        table.race.sitting_out = list(last.sitting_out)     # never: the misreading the rule rules out
    carry_balances(table)
    table.next_banker = None
    table.phase = LAYING
    log.event("race_started", "CRD-ROT-2", race=table.race.number, banker=banker)


def reveal(table: TableState, log: Log, field: str) -> None:
    refuse_when_finished(table, field)
    if table.phase == LAYING:
        raise IllegalAction(field, "there is no race deck yet: lay the track first", "CRD-TRACK-3")
    if table.phase == BETTING:
        raise IllegalAction(field, f"seat {table.to_bet} has still to choose; the race starts once every "
                            "choice is fixed", "CRD-BET-5")
    # CRD-RACE-7: once a horse has won, the deck is not played on and no second place is sought
    if not race_running(table):
        raise IllegalAction(field, "the race is over: the first horse at 8 won at once; the deck is not "
                            "played out for a second place", "CRD-RACE-7")
    winner = racing.reveal_next(table.race, log, field)
    if winner is not None:
        finish_race(table, log)


# CRD-RACE-7 (while it runs): «no termines mazo ni busques segundo»: a card is turned while the race
# runs, before any horse has won; once one has, the deck is not played on
def race_running(table: TableState) -> bool:
    return table.phase == RACING


def finish_race(table: TableState, log: Log) -> None:
    """Settle (CRD-PAY-1..3); record the balances and pass the bank clockwise (CRD-ROT-1)."""
    race = table.race
    s = settlement.settle_race(table.players, race.banker, race.bets, race.winner, race.odds[race.winner])
    for seat, change in enumerate(s.changes):
        table.balances[seat] += change
    log.event("settled", "CRD-SESSION-3", winner=s.winner, odds=s.odds, returned=s.returned, changes=s.changes,
              collected=s.collected, paid=s.paid, balances=list(table.balances))
    # The settlement's decisions: losing stakes collected, winners paid net, each on its own stake.
    winners = sum(1 for b in race.bets if b.horse == s.winner)
    if winners < len(race.bets):
        log.rule("CRD-PAY-1")
    if winners:
        log.rule("CRD-PAY-2")
    if winners > 1:
        log.rule("CRD-PAY-3")
    log.rule(*(("CRD-SESSION-1",) if table.session else ()))     # judged: the last race of the session or not
    if table.session and last_race(table):
        # Everyone has banked once (CRD-SESSION-1); the highest balance wins, ties shared (CRD-SESSION-2).
        table.session_winners = session_winners(table.balances)
        table.phase = OVER
        log.event("session_over", "CRD-SESSION-2", balances=list(table.balances), winners=table.session_winners)
        log.rule("CRD-SESSION-1")
        return
    table.next_banker = seating.next_banker(race.banker, table.players)
    log.event("bank_passes", "CRD-ROT-1", **{"from": race.banker, "to": table.next_banker})
    table.phase = SETTLED if table.session else OVER


# CRD-SESSION-1: in a finite session each person holds the bank once: one race per person
def last_race(table: TableState) -> bool:
    return table.race.number == table.players


# CRD-SESSION-2: the highest final balance wins; everyone tied for it shares the win
def session_winners(balances: list[int]) -> list[int]:
    best = max(balances)
    return [seat for seat, value in enumerate(balances) if value == best]
