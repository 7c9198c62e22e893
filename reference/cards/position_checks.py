"""Position checks (kind `position`): the positions an implementation that starts cases from a
position (`race`, `session` and `probe` cases with `setup.position`) is expected to refuse, as
vectors. Each case is one position and one `observe` step: a position a real race reaches is
observed; a near miss of one, with one fact changed so that no play reaches it (a bet the bank
cannot cover, a race already won, positions the revealed cards do not give ...), is refused, and
its step answers `{"error": ...}` (the vector names the rule). An implementation that does not
check positions leaves the kind out of its hello.

The three real positions are played through the rules from fixed lays and choices (no random
generator); each near miss changes one field of one of them. Ids `crd-pos1-<what>` (bump `pos1`
if what an id holds ever changes)."""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

from reference.core.errors import InputError
from reference.core.game import CaseInput
from reference.core.log import StepLog
from reference.core.position_checks import position_cases as core_position_cases

from .playout import loaded_lay, random_lay
from .options import parse_options
from .position import position_of
from .replay import start_table
from .rules.agreements import DEFAULTS
from .rules.betting import open_horses, place_bet, sit_out
from .rules.cards import SUITS
from .rules.session import lay_track, new_table, reveal
from .rules.track import RELAY_AT



def standing_lay(seed: int):
    """A lay that stands (no suit five times on the track), from a fixed seed."""
    rng = random.Random(seed)
    while True:
        lay = random_lay(rng)
        if max(sum(c.suit == s for c in lay.track) for s in SUITS) < RELAY_AT:
            return lay


def betting_table():
    """Race 1 of four players, seat 1 banks; seat 2 has backed a horse, seat 3 is to choose."""
    table = new_table(4, 1, [12, 30, 9, 7], DEFAULTS)
    lay_track(table, standing_lay(7), StepLog(), "lay")
    place_bet(table, open_horses(table)[0], 1, None, StepLog(), "bet")
    return table


def racing_table():
    """The same race once every choice is fixed and six race cards are turned (no winner yet)."""
    table = betting_table()
    for _ in range(2):
        horses = open_horses(table)
        if horses:
            place_bet(table, horses[-1], 1, None, StepLog(), "bet")
        else:
            sit_out(table, None, StepLog(), "sit out")
    for _ in range(6):
        reveal(table, StepLog(), "reveal")
    assert table.race.winner is None
    return table


def laying_table():
    """A session of three, race 1 (seat 0 banks), after a loaded lay was laid again."""
    table = new_table(3, 0, None, DEFAULTS, session=True)
    lay_track(table, loaded_lay(random.Random(5)), StepLog(), "lay")
    assert table.phase == "laying" and table.race.relays == 1
    return table


# -- near misses: one fact changed each ---------------------------------------------------------

def bank_cannot_cover(p: dict) -> None:
    """CRD-BET-4: the bank holds nothing, so it cannot pay out on the horses backed."""
    p["balances"][p["banker"]] = 0


def race_already_won(p: dict) -> None:
    """CRD-RACE-6: the revealed cards run on past the card that carried a horse over the line."""
    positions = dict(p["positions"])
    while p["deck"]:
        card = p["deck"].pop(0)
        p["revealed"].append(card)
        positions[card[-1]] += 1
        if positions[card[-1]] == 8:
            break
    p["positions"] = positions


def positions_off(p: dict) -> None:
    """CRD-RACE-2: an ace one position ahead of the revealed cards of its suit."""
    suit = min(SUITS, key=lambda s: p["positions"][s])
    p["positions"][suit] += 1


def revealed_while_betting(p: dict) -> None:
    """CRD-BET-5: a race card turned before every choice is fixed."""
    p["revealed"] = [p["deck"].pop(0)]
    p["positions"][p["revealed"][0][-1]] += 1


def racing_before_every_choice(p: dict) -> None:
    """CRD-BET-5: the race has started while a bettor is still to choose."""
    p["phase"] = "racing"
    p["to_act"] = p["banker"]


def wrong_seat_to_act(p: dict) -> None:
    """CRD-BET-3: the next bettor is the one clockwise after the last who chose, not another."""
    p["to_act"] = next(s for s in range(len(p["bets"])) if s not in (p["to_act"], p["banker"]))


def loaded_track(p: dict) -> None:
    """CRD-TRACK-4: five track cards of one suit; such a track is laid again and never raced."""
    suit = p["track"][0][-1]
    for index in range(1, len(p["track"])):
        if sum(c[-1] == suit for c in p["track"]) >= RELAY_AT:
            break
        if p["track"][index][-1] != suit:
            swap = next(i for i, c in enumerate(p["deck"]) if c[-1] == suit)
            p["track"][index], p["deck"][swap] = p["deck"][swap], p["track"][index]


def card_twice(p: dict) -> None:
    """CRD-SET-1: one pack, every card once (a deck card replaced by a copy of a track card)."""
    p["deck"][-1] = p["track"][0]


def bets_out_of_order(p: dict) -> None:
    """CRD-BET-3: a later bettor has chosen before the one whose turn came first."""
    first = next(s for s, bet in enumerate(p["bets"]) if bet is not None)
    later = p["to_act"]
    p["bets"][later], p["bets"][first] = p["bets"][first], None
    p["to_act"] = first


def banker_bets(p: dict) -> None:
    """CRD-BET-3: only the others bet; the banker backs no horse."""
    p["bets"][p["banker"]] = "S"


def sits_out_while_able(p: dict) -> None:
    """CRD-BET-3 (CRD-INT-2): a bettor who can back a horse sits out."""
    seat = p["to_act"]
    p["sitting_out"] = [*p.get("sitting_out", []), seat]
    p["to_act"] = (seat + 1) % len(p["bets"]) if (seat + 1) % len(p["bets"]) != p["banker"] else p["banker"]
    p["phase"] = "racing" if p["to_act"] == p["banker"] else p["phase"]


def session_chips_changed(p: dict) -> None:
    """CRD-SESSION-3: in a session chips only change hands; the total stays players x the starting balance."""
    p["balances"][0] += 1


def laid_before_the_lay(p: dict) -> None:
    """CRD-TRACK-2: no card is laid while the track is still to be laid."""
    p["track"] = ["2S", "3S", "4S", "2H", "3H", "2D", "2C"]


def race_beyond_the_session(p: dict) -> None:
    """CRD-SESSION-1: a session has one race per person (three here)."""
    p["race"] = 4


NEAR_MISSES: list[tuple[str, str, Callable[[dict], None]]] = [
    ("racing", "bank-cannot-cover", bank_cannot_cover),
    ("racing", "race-already-won", race_already_won),
    ("racing", "positions-off", positions_off),
    ("racing", "banker-bets", banker_bets),
    ("racing", "card-twice", card_twice),
    ("betting", "revealed-while-betting", revealed_while_betting),
    ("betting", "racing-before-every-choice", racing_before_every_choice),
    ("betting", "wrong-seat-to-act", wrong_seat_to_act),
    ("betting", "loaded-track", loaded_track),
    ("betting", "bets-out-of-order", bets_out_of_order),
    ("betting", "sits-out-while-able", sits_out_while_able),
    ("laying", "session-chips-changed", session_chips_changed),
    ("laying", "laid-before-the-lay", laid_before_the_lay),
    ("laying", "race-beyond-the-session", race_beyond_the_session),
]


def base_positions() -> dict[str, dict[str, Any]]:
    return {"betting": {"players": 4, "position": position_of(betting_table())},
            "racing": {"players": 4, "position": position_of(racing_table())},
            "laying": {"players": 3, "position": position_of(laying_table())}}


def refusing_clause(setup: dict[str, Any]) -> str | None:
    """The rule under which the reference refuses the position (None: it is accepted)."""
    try:
        start_table(CaseInput("probe", setup, []), parse_options({}))
    except InputError as exc:
        return exc.clause or "(no rule)"
    return None


def position_cases() -> list[dict[str, Any]]:
    return core_position_cases("cards", "crd-pos1", base_positions(), NEAR_MISSES, refusing_clause,
                               lambda phase: f"a {phase} position", lambda setup: setup["position"])
