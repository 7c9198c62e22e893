"""The table around the races: equal starting balances, laying (and re-laying) the track,
revealing, settling, the bank's rotation and the end of a finite session
(CRD-BET-1, CRD-TRACK-2..4, CRD-ROT-1/2, CRD-SESSION-1..3)."""

from __future__ import annotations

from reference.core.errors import IllegalAction, InputError
from reference.core.log import StepLog

from .betting import MAX_STAKE
from .odds import posted_odds
from .options import DEFAULTS, Options, is_count
from .race import open_race, reveal_next
from .seating import bettors_in_order, check_players, check_seat, next_banker
from .settlement import settle_race
from .state import BETTING, LAYING, OVER, RACING, SETTLED, RaceState, TableState
from .track import NEEDED_TO_FINISH, Lay, overloaded_suit, race_cards_available, track_counts


def new_table(players: object, banker: object = 0, balances: object = None, options: Options | None = None,
              session: bool = False, field: str = "setup") -> TableState:
    """CRD-SET-2: three or more people; CRD-BET-1: a session starts with equal balances
    (CRD-INT-5: options.starting_balance). A single race may start from any recorded balances."""
    options = options or DEFAULTS
    players = check_players(players, f"{field}.players")
    banker = check_seat(banker, players, f"{field}.banker")
    if balances is None:
        balances = [options.starting_balance] * players
    elif session:
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


def lay_track(table: TableState, lay: Lay, log: StepLog, field: str) -> None:
    """CRD-TRACK-2/3: the lay of this race; CRD-TRACK-4: a loaded track is laid again."""
    refuse_when_finished(table, field)
    if table.phase == SETTLED:
        start_next_race(table, log)
    elif table.phase != LAYING:
        raise IllegalAction(field, "this race's track is laid; the cards are gathered and shuffled again "
                            "only for the next race, after the settlement", "CRD-ROT-2")
    race = table.race
    log.rule("CRD-SET-1")               # the lay holds the 48 non-aces of one pack, each once
    counts = track_counts(lay.track)
    loaded = overloaded_suit(counts)
    if loaded is not None:
        race.relays += 1
        log.event("relaid", "CRD-TRACK-4", suit=loaded, count=counts[loaded],
                  race_cards=race_cards_available(counts)[loaded], needed=NEEDED_TO_FINISH,
                  track=[str(c) for c in lay.track])
        log.rule("CRD-TRACK-5", "CRD-FAQ-3")
        return
    open_race(race, lay)
    log.event("track_laid", "CRD-TRACK-2", track=[str(c) for c in lay.track], counts=counts,
              available=race_cards_available(counts))
    log.rule("CRD-TRACK-1", "CRD-TRACK-3", "CRD-TRACK-6", "CRD-COUNT-1")
    if table.session and race.number == 1:
        log.rule("CRD-BET-1")           # the session began with equal balances
    # CRD-BET-2, CRD-ODDS-1: the prices and the maximum stake are posted before any card is revealed.
    race.odds = posted_odds(counts, table.options.odds)
    log.event("odds_posted", "CRD-ODDS-1", odds=dict(race.odds), max_bet=MAX_STAKE)
    log.rule("CRD-BET-2")
    # CRD-SET-2/3: three or more people; one banks and reveals, the others bet.
    race.waiting = bettors_in_order(race.banker, table.players)
    log.rule("CRD-SET-2", "CRD-SET-3")
    table.phase = BETTING


def start_next_race(table: TableState, log: StepLog) -> None:
    """CRD-ROT-2: every card is gathered and shuffled for the new race, banked by the next seat."""
    banker = table.next_banker
    table.race = RaceState(number=table.race.number + 1, banker=banker)
    table.next_banker = None
    table.phase = LAYING
    log.event("race_started", "CRD-ROT-2", race=table.race.number, banker=banker)


def reveal(table: TableState, log: StepLog, field: str) -> None:
    refuse_when_finished(table, field)
    if table.phase == LAYING:
        raise IllegalAction(field, "there is no race deck yet: lay the track first", "CRD-TRACK-3")
    if table.phase == BETTING:
        raise IllegalAction(field, f"seat {table.to_bet} has still to choose; the race starts once every "
                            "choice is fixed", "CRD-BET-5")
    if table.phase != RACING:
        raise IllegalAction(field, "the race is over: the first horse at 8 won at once; the deck is not "
                            "played out for a second place", "CRD-RACE-7")
    winner = reveal_next(table.race, log, field)
    if winner is not None:
        finish_race(table, log)


def finish_race(table: TableState, log: StepLog) -> None:
    """CRD-PAY-1..3: settle; CRD-ROT-1: record the balances and pass the bank clockwise."""
    race = table.race
    s = settle_race(table.players, race.banker, race.bets, race.winner, race.odds[race.winner])
    for seat, change in enumerate(s.changes):
        table.balances[seat] += change
    log.event("settled", "CRD-PAY-1", winner=s.winner, odds=s.odds, returned=s.returned, changes=s.changes,
              collected=s.collected, paid=s.paid, balances=list(table.balances))
    log.rule("CRD-PAY-2", "CRD-SESSION-3")
    if sum(1 for b in race.bets if b.horse == s.winner) > 1:
        log.rule("CRD-PAY-3")
    if table.session and race.number == table.races_total:
        # CRD-SESSION-1/2: everyone has banked once; the highest balance wins, ties shared.
        table.session_winners = session_winners(table.balances)
        table.phase = OVER
        log.event("session_over", "CRD-SESSION-2", balances=list(table.balances), winners=table.session_winners)
        log.rule("CRD-SESSION-1")
        return
    table.next_banker = next_banker(race.banker, table.players)
    log.event("bank_passes", "CRD-ROT-1", **{"from": race.banker, "to": table.next_banker})
    table.phase = SETTLED if table.session else OVER


def session_winners(balances: list[int]) -> list[int]:
    """CRD-SESSION-2: the highest final balance wins; everyone tied for it shares the win."""
    best = max(balances)
    return [seat for seat, value in enumerate(balances) if value == best]
