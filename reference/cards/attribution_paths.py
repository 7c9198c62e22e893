"""The finer paths a whole card observation differs on (Game.difference_paths), for attribution.

A runner compares `positions` as a whole value (or horse by horse); how the horses' positions
differ says which rule decided them. The vector header's `clause_keys` may name these finer
paths (a clause with the whole key still covers every finer path of it):

- `positions.start`: all four horses stand the same number of positions off (where the aces
  start, together); `positions.horse`: the differing horses' offsets cancel out (one horse moved
  in place of another: which horse a card moves); `positions.distance`: otherwise (how far
  horses moved: a horse farther or shorter than it should be).

The refinement reads only the two observations, never which implementation answered. The
others this module once kept (which legal action appears or vanishes, whether prices are posted,
whose share of a settlement differs) were removed when the counterfactual search named the
clause without them: switched off one at a time on the generated, curated and held-out
misreadings, only this one changed a charge (README, "The hand-kept maps").
"""

from __future__ import annotations

from typing import Any, Mapping

from .rules.cards import SUITS


def difference_paths(difference: Any, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The finer paths of one difference ([] when the difference's own path is already the finest)."""
    if difference.key == "positions" and difference.path.startswith("positions."):
        return [position_path(expected.get("positions"), actual.get("positions"))]
    return []


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
