"""The finer paths a whole card observation differs on (Game.difference_paths), for attribution.

A runner compares `legal_actions` and `positions` as whole values (or horse by horse); which
part of them differs says which rule decided it. The vector header's `clause_keys` may name
these finer paths (a clause with the whole key still covers every finer path of it):

- `legal_actions.lay`, `legal_actions.reveal`, `legal_actions.sit_out`: that action is offered
  on one side and not on the other (the table is laid, raced, or a bettor must sit out).
- `legal_actions.bet`: one side offers a bet and the other offers none (whether a bettor is
  still to choose at all); `legal_actions.horses`: both offer bets, on different horses (which
  horses the bank's cover or the bettor's purse leaves open).
- `odds.posted`: prices posted on one side and not on the other (whether this table has a race to
  bet on); a price that differs keeps its horse's path (`odds.S`).
- `positions.start`: all four horses stand the same number of positions off (where the aces
  start, together); `positions.horse`: the differing horses' offsets cancel out (one horse moved
  in place of another: which horse a card moves); `positions.distance`: otherwise (how far
  horses moved: a horse farther or shorter than it should be).
- `balances.<part>`, `settlement.changes.<part>`, `settlement.returned.<part>`,
  `settlement.balances.<part>` (and the same fields of the `settled` event), at a settling step:
  whose value differs, by the seat's part in the race read from the expected observation:
  `banker`, `winner` (backed the winning horse), `loser` (backed another horse), `no_bet`, and
  `co_winner` where several seats backed the winner and they differ unequally (backers of one
  horse not settled alike). Without the expected `bets` and settlement the whole path stays.

Each refinement reads only the two observations, never which implementation answered.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from .rules.cards import SUITS

# The action forms of `legal_actions` (reference/cards/observe.py) and the finer path of each.
_ACTION_PATHS = {"lay": "legal_actions.lay", "reveal": "legal_actions.reveal", "sit out": "legal_actions.sit_out"}


def difference_paths(difference: Any, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The finer paths of one difference ([] when the difference's own path is already the finest)."""
    if difference.key == "legal_actions":
        return legal_action_paths(expected.get("legal_actions"), actual.get("legal_actions"))
    if difference.key == "positions" and difference.path.startswith("positions."):
        return [position_path(expected.get("positions"), actual.get("positions"))]
    if difference.path in SEAT_LISTS:
        return seat_paths(difference, expected, actual)
    if difference.key == "odds" and (expected.get("odds") is None) != (actual.get("odds") is None):
        return ["odds.posted"]
    return []


def legal_action_paths(expected: Any, actual: Any) -> list[str]:
    """Which actions appear or vanish, by form; bets by whether any is offered, else by horse."""
    if not (isinstance(expected, list) and isinstance(actual, list)
            and all(isinstance(a, str) for a in expected + actual)):
        return []
    paths = set()
    for action in set(expected) ^ set(actual):
        if action.startswith("bet "):
            continue
        paths.add(_ACTION_PATHS.get(action, "legal_actions"))
    bets_expected = {a for a in expected if a.startswith("bet ")}
    bets_actual = {a for a in actual if a.startswith("bet ")}
    if bets_expected != bets_actual:
        paths.add("legal_actions.horses" if bets_expected and bets_actual else "legal_actions.bet")
    return sorted(paths)


def position_path(expected: Any, actual: Any) -> str:
    """How the horses' positions differ, read from both whole `positions` objects."""
    if not (isinstance(expected, dict) and isinstance(actual, dict)):
        return "positions"
    offsets = {}
    for suit in SUITS:
        want, got = expected.get(suit), actual.get(suit)
        if not (_is_int(want) and _is_int(got)):
            return "positions"
        if want != got:
            offsets[suit] = got - want
    if len(offsets) == len(SUITS) and len(set(offsets.values())) == 1:
        return "positions.start"
    if len(offsets) > 1 and sum(offsets.values()) == 0:
        return "positions.horse"
    return "positions.distance"


# The per-seat lists a settlement writes (one entry per seat), and where each lies in an observation.
SEAT_LISTS = ("balances", "settlement.changes", "settlement.returned", "settlement.balances",
              "events.settled.changes", "events.settled.returned", "events.settled.balances")
_EVENT_FIELD = re.compile(r"^events\[(\d+)\]\.(\w+)$")


def seat_paths(difference: Any, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """A settlement's per-seat list: each differing seat named by its part in the race, read from
    the expected observation (`bets`, the settlement's winner, `banker`). Only at a settling step:
    elsewhere `balances` keeps its whole path."""
    want, got = _seat_list(difference, expected), _seat_list(difference, actual)
    settlement = expected.get("settlement")
    bets = expected.get("bets")
    if not (isinstance(want, list) and isinstance(got, list) and len(want) == len(got)
            and isinstance(settlement, dict) and isinstance(bets, list) and len(bets) == len(want)):
        return []
    roles = seat_roles(bets, settlement, expected.get("banker"))
    if roles is None:
        return []
    differing = [seat for seat in range(len(want)) if want[seat] != got[seat] or type(want[seat]) is not type(got[seat])]
    backers = [seat for seat, role in enumerate(roles) if role == "winner"]
    offsets = {_offset(want[seat], got[seat]) for seat in backers}
    # backers of the winner settled unequally: each is not settled on their own stake alike
    unequal = len(backers) > 1 and len(offsets) > 1
    return sorted({f"{difference.path}.{'co_winner' if unequal and roles[seat] == 'winner' else roles[seat]}"
                   for seat in differing})


def seat_roles(bets: list, settlement: Mapping[str, Any], banker: Any) -> list[str] | None:
    """banker, winner (backed the winning horse), loser (backed another) or no_bet, per seat."""
    winner = settlement.get("winner")
    changes = settlement.get("changes")
    if not isinstance(winner, str):
        return None
    if not _is_int(banker):
        # the banker unobserved: the seat without a bet whose change is the bank's (collected - paid)
        collected, paid = settlement.get("collected"), settlement.get("paid")
        bank = collected - paid if _is_int(collected) and _is_int(paid) else None
        banker = next((seat for seat, horse in enumerate(bets) if horse is None and isinstance(changes, list)
                       and seat < len(changes) and changes[seat] == bank), None)
    return ["banker" if seat == banker else "no_bet" if horse is None else "winner" if horse == winner
            else "loser" for seat, horse in enumerate(bets)]


def _seat_list(difference: Any, observation: Mapping[str, Any]) -> Any:
    if difference.key == "events":
        match = _EVENT_FIELD.match(difference.field)
        events = observation.get("events")
        if not match or not isinstance(events, list) or int(match[1]) >= len(events):
            return None
        event = events[int(match[1])]
        return event.get(match[2]) if isinstance(event, dict) else None
    if difference.key == "settlement":
        settlement = observation.get("settlement")
        return settlement.get(difference.path.split(".")[1]) if isinstance(settlement, dict) else None
    return observation.get(difference.key)


def _offset(want: Any, got: Any) -> Any:
    return got - want if _is_int(want) and _is_int(got) else (want, got)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
