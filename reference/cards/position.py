"""Starting a race or session case from an explicit position (`setup.position`), and taking a
position from a table in play (for the rule probes).

    position:
      session: false          # part of a finite session (everyone banks once)? default: the kind's
      race: 1                 # the race's number (a session has one race per person)
      banker: 0               # the seat that banks this race
      balances: [20, 20, 20]  # the recorded balances now (they change only at a settlement)
      phase: racing           # laying | betting | racing
      relays: 0               # laying: how many lays of this race were already laid again
      track: [7 cards]        # betting / racing: positions 1-7
      revealed: [cards]       # racing: the race cards turned so far, in the order turned
      deck: [cards]           # betting / racing: the race deck left, top first
      positions: {S: 0, H: 0, D: 0, C: 0}
      bets: [null, S, D]      # per seat: the horse backed (null: the banker, sitting out, still to choose)
      sitting_out: []         # seats that could back no horse
      to_act: 0               # the seat to act: the banker when laying or racing, the next bettor when betting

The position has to be one a real race reaches. It is checked by playing the current race's own
history through the rules: the lay (track, then revealed + deck as the race deck), the choices
clockwise from the banker's left, the reveals; anything the rules refuse, or any given value the
rules would not produce, is an input error naming the position's field and the rule.
"""

from __future__ import annotations

from typing import Any

from reference.core.errors import IllegalAction, InputError
from reference.core.log import StepLog

from .limits import MAX_PLAYERS, shown
from .notation import check_cards, missing_text, parse_cards, parse_horse
from .rules import seating
from .rules.agreements import Options, is_count
from .rules.betting import place_bet, sit_out
from .rules.cards import NON_ACES, SUITS
from .rules.session import lay_track, new_table, reveal
from .rules.state import BETTING, LAYING, RACING, TableState
from .rules.track import TRACK_LENGTH, Lay

PHASES = (LAYING, BETTING, RACING)
KEYS = ("session", "race", "banker", "balances", "phase", "relays", "track", "revealed", "deck", "positions",
        "bets", "sitting_out", "to_act")
MAX_RACES = 10 ** 6


def table_from_position(players: object, position: object, options: Options, session_default: bool,
                        field: str = "setup.position") -> TableState:
    if not isinstance(position, dict):
        raise InputError(field, f"{shown(position)}: a position is a mapping ({', '.join(KEYS)})")
    unknown = sorted(set(position) - set(KEYS), key=str)
    if unknown:
        raise InputError(f"{field}.{unknown[0]}", f"not a position field; the fields are {', '.join(KEYS)}")
    for key in ("race", "banker", "balances", "phase", "to_act"):
        if key not in position:
            raise InputError(f"{field}.{key}", "missing: a position gives " + ", ".join(KEYS[1:5]) + " and to_act")
    session = position.get("session", session_default)
    if not isinstance(session, bool):
        raise InputError(f"{field}.session", f"{shown(session)}: true or false")
    phase = position["phase"]
    if phase not in PHASES:
        raise InputError(f"{field}.phase", f"{shown(phase)}: a position starts in {', '.join(PHASES)}")
    table = new_table(players, position["banker"], position["balances"], options, False, field)
    table.session = session
    check_race_number(table, position.get("race"), f"{field}.race")
    if session:
        check_session_total(table, options, f"{field}.balances")
    if phase == LAYING:
        check_laying(table, position, field)
    else:
        play_current_race(table, position, phase, field)
    check_to_act(table, position["to_act"], f"{field}.to_act")
    return table


def check_race_number(table: TableState, race: object, field: str) -> None:
    last = table.players if table.session else MAX_RACES
    if not is_count(race) or not 1 <= race <= last:
        what = f"a session has one race per person (1 to {table.players})" if table.session else \
            f"a race number from 1 to {MAX_RACES}"
        raise InputError(field, f"{shown(race)}: {what}", "CRD-SESSION-1" if table.session else None)
    table.race.number = race


def check_session_total(table: TableState, options: Options, field: str) -> None:
    # CRD-BET-1 (equal starting balances) and CRD-SESSION-3 (chips only change hands)
    total = table.players * options.starting_balance
    if sum(table.balances) != total:
        raise InputError(field, f"the balances add up to {sum(table.balances)}; a session of {table.players} "
                         f"starting with {options.starting_balance} chips each always holds {total}",
                         "CRD-SESSION-3")


def check_laying(table: TableState, position: dict[str, Any], field: str) -> None:
    for key in ("track", "revealed", "deck"):
        if position.get(key):
            raise InputError(f"{field}.{key}", "no cards are laid before the lay: give phase betting or racing",
                             "CRD-TRACK-2")
    relays = position.get("relays", 0)
    if not is_count(relays) or not 0 <= relays <= MAX_RACES:
        raise InputError(f"{field}.relays", f"{shown(relays)}: how many lays were laid again, from 0")
    table.race.relays = relays
    expect_positions(table, position.get("positions"), field)
    expect_bets(table, position.get("bets"), position.get("sitting_out"), field)


def race_cards(position: dict[str, Any], phase: str, field: str) -> tuple[list, list, list]:
    track = parse_cards(position.get("track"), f"{field}.track")
    revealed = parse_cards(position.get("revealed", []), f"{field}.revealed")
    deck = parse_cards(position.get("deck"), f"{field}.deck")
    labels = ([f"{field}.track[{i}]" for i in range(len(track))] + [f"{field}.revealed[{i}]" for i in range(len(revealed))]
              + [f"{field}.deck[{i}]" for i in range(len(deck))])
    check_cards(track + revealed + deck, labels)
    if len(track) != TRACK_LENGTH:
        raise InputError(f"{field}.track", f"{len(track)} cards; the track has {TRACK_LENGTH}", "CRD-TRACK-2")
    if len(track) + len(revealed) + len(deck) != len(NON_ACES):
        raise InputError(f"{field}.deck", f"track, revealed and deck hold {len(track) + len(revealed) + len(deck)} "
                         f"cards, not the {len(NON_ACES)} that are not aces{missing_text(track + revealed + deck)}",
                         "CRD-TRACK-3")
    if phase == BETTING and revealed:
        raise InputError(f"{field}.revealed", "no race card is revealed before every choice is fixed", "CRD-BET-5")
    return track, revealed, deck


def play_current_race(table: TableState, position: dict[str, Any], phase: str, field: str) -> None:
    """The race's own history through the rules: lay, choices in turn, reveals."""
    track, revealed, deck = race_cards(position, phase, field)
    log = StepLog()
    lay_track(table, Lay(tuple(track), tuple(revealed + deck)), log, f"{field}.track")
    if table.phase != BETTING:
        raise InputError(f"{field}.track", "five or more track cards of one suit: this track is laid again and "
                         "never raced", "CRD-TRACK-4")
    bets, sitting = read_choices(table, position.get("bets"), position.get("sitting_out"), field)
    for seat in seating.bettors_in_order(table.race.banker, table.players):
        if table.phase != BETTING:
            break
        try:
            if seat in sitting:
                sit_out(table, None, log, f"{field}.sitting_out")
            elif bets[seat] is not None:
                place_bet(table, bets[seat], 1, None, log, f"{field}.bets[{seat}]")
            else:
                break
        except IllegalAction as exc:
            where = f"{field}.sitting_out" if seat in sitting else f"{field}.bets[{seat}]"
            raise InputError(where, f"not a position the rules reach: {exc.message}", exc.clause) from None
    chosen = {b.seat for b in table.race.bets} | set(table.race.sitting_out)
    unplayed = [s for s in range(table.players) if (bets[s] is not None or s in sitting) and s not in chosen]
    if unplayed:
        raise InputError(f"{field}.bets[{unplayed[0]}]", f"seat {unplayed[0]} has chosen before seat "
                         f"{table.to_bet}, whose turn came first: bets go clockwise from the banker's left",
                         "CRD-BET-3")
    if phase == RACING and table.phase != RACING:
        raise InputError(f"{field}.bets[{table.to_bet}]", f"seat {table.to_bet} has not chosen: the race starts "
                         "once every choice is fixed", "CRD-BET-5")
    if phase == BETTING and table.phase != BETTING:
        raise InputError(f"{field}.phase", "every bettor has chosen: the race has started (phase racing)",
                         "CRD-BET-5")
    for index in range(len(revealed)):
        if table.race.winner is not None:
            raise InputError(f"{field}.revealed[{index}]", f"{table.race.winner} crossed the line at the card "
                             "before: the race is over and no further card is turned", "CRD-RACE-7")
        reveal(table, log, f"{field}.revealed[{index}]")
    if table.race.winner is not None:
        raise InputError(f"{field}.revealed", f"{table.race.winner} has crossed the line: a position starts "
                         "before the race is won", "CRD-RACE-6")
    expect_positions(table, position.get("positions"), field)


def read_choices(table: TableState, bets: object, sitting: object, field: str) -> tuple[list, set]:
    if not isinstance(bets, list) or len(bets) != table.players:
        raise InputError(f"{field}.bets", f"give one entry per seat ({table.players}): a horse or null")
    horses = [None if b is None else parse_horse(b, f"{field}.bets[{seat}]") for seat, b in enumerate(bets)]
    if sitting is None:
        sitting = []
    if not isinstance(sitting, list) or len(sitting) > MAX_PLAYERS:
        raise InputError(f"{field}.sitting_out", "give the seats sitting out as a list")
    seats = set()
    for index, seat in enumerate(sitting):
        seat = seating.check_seat(seat, table.players, f"{field}.sitting_out[{index}]")
        if seat in seats or horses[seat] is not None:
            raise InputError(f"{field}.sitting_out[{index}]", f"seat {seat} chose twice; a choice is one horse "
                             "or sitting out", "CRD-BET-3")
        seats.add(seat)
    if horses[table.race.banker] is not None or table.race.banker in seats:
        raise InputError(f"{field}.bets[{table.race.banker}]", f"seat {table.race.banker} banks this race; only "
                         "the others bet", "CRD-BET-3")
    return horses, seats


def expect_positions(table: TableState, given: object, field: str) -> None:
    actual = table.race.positions
    if given is None:
        raise InputError(f"{field}.positions", f"missing; the revealed cards put the aces at {actual}")
    if not isinstance(given, dict) or set(given) != set(SUITS):
        raise InputError(f"{field}.positions", "give each ace's position: {S: n, H: n, D: n, C: n}")
    for suit in SUITS:
        if given[suit] != actual[suit] or not is_count(given[suit]):
            raise InputError(f"{field}.positions.{suit}", f"{shown(given[suit])}: the revealed cards put the {suit} "
                             f"ace at {actual[suit]} (each moved its ace one step; track cards move none)",
                             "CRD-RACE-2")


def expect_bets(table: TableState, bets: object, sitting: object, field: str) -> None:
    if bets is not None and (not isinstance(bets, list) or any(b is not None for b in bets)):
        raise InputError(f"{field}.bets", "nobody bets before the odds are posted: give nulls", "CRD-BET-2")
    if sitting:
        raise InputError(f"{field}.sitting_out", "nobody chooses before the odds are posted", "CRD-BET-2")


def check_to_act(table: TableState, to_act: object, field: str) -> None:
    seat = table.to_bet if table.phase == BETTING else table.race.banker
    if to_act != seat or not is_count(to_act):
        who = "the next bettor clockwise from the banker's left" if table.phase == BETTING else "the banker"
        raise InputError(field, f"{shown(to_act)}: the seat to act is seat {seat}, {who}",
                         "CRD-BET-3" if table.phase == BETTING else "CRD-SET-3")


def position_of(table: TableState) -> dict[str, Any]:
    """The position form of a table in play (laying, betting or racing)."""
    race = table.race
    if table.phase not in PHASES:
        raise ValueError(f"no position form for phase {table.phase}")
    bets: list[str | None] = [None] * table.players
    for b in race.bets:
        bets[b.seat] = b.horse
    out: dict[str, Any] = {"session": table.session, "race": race.number, "banker": race.banker,
                           "balances": list(table.balances), "phase": table.phase}
    if table.phase == LAYING:
        out["relays"] = race.relays
    else:
        out["track"] = [str(c) for c in race.track]
        out["revealed"] = [str(c) for c in race.revealed]
        out["deck"] = [str(c) for c in race.deck]
    out["positions"] = dict(race.positions)
    out["bets"] = bets
    out["sitting_out"] = list(race.sitting_out)
    out["to_act"] = table.to_bet if table.phase == BETTING else race.banker
    return out
