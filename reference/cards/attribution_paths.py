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

Each refinement reads only the two observations, never which implementation answered.
"""

from __future__ import annotations

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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
