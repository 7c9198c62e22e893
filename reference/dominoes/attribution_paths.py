"""The finer paths a differing whole value lies on, for attribution (`Game.difference_paths`).

A runner compares some domino keys as whole values: a list of legal actions, a per-side list
of a settlement. Which clause a difference points at
depends on which part of the value differs, so a difference on such a value is named by its
parts (the vector header's `clause_keys` may name these finer paths; a clause naming the whole
key still covers every part of it):

- `legal_actions.<form>.<extra|missing>`: an action offered that the expected observation
  does not offer (`extra`) or one it offers that is not offered (`missing`), by the action's
  form: `draw`, `pass`, `stop`, `place.opening` (a tile on the empty layout), `place.end` (the
  end of a plain tile), `place.line` (an in-line side of a double), `place.branch` (a side
  branch of a double).
- `end_sum.over` / `end_sum.under` (and `events.placed.end_sum.*`): the sum of the counted
  ends is larger than expected (something that counts zero was counted: a closed double, an
  unopened branch, an attachment point that is not a scoring end) or smaller (a counted end or
  a double's halves left out).
- `events.placed.unscored.opening` and `events.placed.unscored.last_tile`: the opening tile, or
  the tile that empties its player's hand (the step's round is won by that player), was given
  no award where one was expected. Any other difference of a placement's award keeps its path.
- A settlement's per-side lists (`settlement.<field>`, `events.settlement.<field>`, and a
  settlement step's `scores`, `match_winners`, `events.match_won.<field>`), by the role the
  side has in the EXPECTED settlement: `.winner` (the one winning side), `.tied_winner` (one
  of several sides tied for the win), `.loser`. A value that follows from another difference
  of the settlement is named by that one: a bonus that is the rounding of the differing counted
  pips names the counted pips, a score that moved by the (differing) bonus names the bonus,
  and anything of a side whose winning differs names `winners.<role>`. A winner's differing counted pips are
  named by what was counted: `counted_pips.own_subtracted` (short by exactly the winning
  side's own remaining pips), `counted_pips.own_counted` (over by exactly them: the winner's
  own hand, or in partnerships the partner's), `counted_pips.tied_winners_left_out` (short by
  exactly the other tied winners' pips), else `counted_pips.<role>`.

Every refinement reads only the two observations (the expected one decides the roles).

The finer paths of attachment points and of counted ends, and the naming of a match's end or
the next opener by the settled scores they follow from, were removed when the counterfactual
search named the clause without them: switched off one at a time, none changed a charge of
the generated, curated or held-out misreadings (README, "The hand-kept maps").
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from reference.core.attribution import Difference

_SIDES_OF_A_DOUBLE = {"line_a": "line", "line_b": "line", "branch_a": "branch", "branch_b": "branch"}
_PER_SIDE = ("counted_pips", "bonus", "scores")
_EVENT_INDEX = re.compile(r"^events\[(\d+)\]")


def difference_paths(difference: Difference, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The finer paths `difference` lies on ([] when its own path is already the finest)."""
    key, path = difference.key, difference.path
    if key == "legal_actions":
        return _list_parts(path, expected.get(key), actual.get(key), _action_form)
    if path in ("events.placed.raw", "events.placed.displayed"):
        return _award_parts(difference, expected, actual)
    if path in ("end_sum", "events.placed.end_sum"):
        return _sum_parts(difference)
    if path.startswith("settlement.") or path.startswith("events.settlement."):
        field = path.rsplit(".", 1)[1]
        return _settlement_parts(path.rsplit(".", 1)[0], field, _settlement_of(difference, expected),
                                 _settlement_of(difference, actual))
    if path in ("scores", "events.match_won.scores", "match_winners", "events.match_won.winners"):
        expected_settlement = _settlement_of(difference, expected)
        if expected_settlement is None:
            return []
        prefix = path.rsplit(".", 1)[0] if "." in path else ""
        field = "winners" if path.endswith("winners") else "scores"
        source = "settlement" if isinstance(expected.get("settlement"), dict) else "events.settlement"
        return _settlement_parts(prefix, field, expected_settlement, _settlement_of(difference, actual),
                                 whole=_whole_value(difference, expected, actual, path), source=source)
    return []


# -- the sum of the counted ends ---------------------------------------------------------------------

def _sum_parts(difference: Difference) -> list[str]:
    """`.over` when more was counted than expected (something that counts zero was counted),
    `.under` when less (a counted end or a double's halves were left out)."""
    try:
        want, got = int(difference.expected), int(difference.actual)
    except ValueError:              # absent, or not a number: the whole path
        return []
    return [f"{difference.path}.over" if got > want else f"{difference.path}.under"]


# -- lists of actions --------------------------------------------------------------------------------

def _action_form(action: Any) -> str:
    words = action.split() if isinstance(action, str) else []
    if not words:
        return "other"
    if words[0] != "place":
        return words[0]
    if "at" not in words:
        return "place.opening"
    return "place." + _point_form(" ".join(words[words.index("at") + 1:]))


def _point_form(point: Any) -> str:
    side = point.split()[-1] if isinstance(point, str) and point.split() else ""
    return _SIDES_OF_A_DOUBLE.get(side, "end")


def _list_parts(path: str, expected: Any, actual: Any, form) -> list[str]:
    if not isinstance(expected, list) or not isinstance(actual, list):
        return []
    want, got = _multiset(expected), _multiset(actual)
    out = {f"{path}.{form(item)}.missing" for item, n in want.items() if got.get(item, 0) < n}
    out |= {f"{path}.{form(item)}.extra" for item, n in got.items() if want.get(item, 0) < n}
    return sorted(out)


def _multiset(items: list) -> dict:
    out: dict = {}
    for item in items:
        if isinstance(item, str):
            out[item] = out.get(item, 0) + 1
    return out


def _award_parts(difference: Difference, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """`events.placed.unscored.opening` / `.last_tile`: the opening tile or the last tile of a hand
    (the step's round is won by its player) went unscored (an award expected, none given). Any
    other difference of an award keeps its path."""
    match = _EVENT_INDEX.match(difference.field)
    events, got_events = expected.get("events"), actual.get("events")
    index = int(match.group(1)) if match else -1
    if not isinstance(events, list) or not isinstance(got_events, list) \
            or not 0 <= index < min(len(events), len(got_events)):
        return []
    placed, got = events[index], got_events[index]
    if not isinstance(placed, dict) or not isinstance(got, dict):
        return []
    field = difference.path.rsplit(".", 1)[1]
    if not (got.get(field) == 0 and placed.get(field) != 0):
        return []
    if "at" in placed and placed["at"] is None:
        return ["events.placed.unscored.opening"]
    won = any(isinstance(e, dict) and e.get("type") == "round_won" and e.get("player") == placed.get("player")
              for e in events)
    return ["events.placed.unscored.last_tile"] if won else []


# -- a settlement's per-side lists ------------------------------------------------------------------

def _settlement_of(difference: Difference, observation: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The settlement of the step: the `settlement` key, else the step's settlement event."""
    settlement = observation.get("settlement")
    if isinstance(settlement, dict):
        return settlement
    events = observation.get("events")
    if isinstance(events, list):
        match = _EVENT_INDEX.match(difference.field)
        if match and difference.path.startswith("events.settlement"):
            index = int(match.group(1))
            if index < len(events) and isinstance(events[index], dict):
                return events[index]
        for event in events:
            if isinstance(event, dict) and event.get("type") == "settlement":
                return event
    return None


def _whole_value(difference: Difference, expected: Mapping[str, Any], actual: Mapping[str, Any],
                 path: str) -> tuple[Any, Any]:
    """The two values of a per-side list that is not a settlement field."""
    if path in ("scores", "match_winners"):
        return expected.get(path), actual.get(path)
    match = _EVENT_INDEX.match(difference.field)
    field = path.rsplit(".", 1)[1]
    out = []
    for observation in (expected, actual):
        events = observation.get("events")
        index = int(match.group(1)) if match else -1
        event = events[index] if isinstance(events, list) and 0 <= index < len(events) else None
        out.append(event.get(field) if isinstance(event, dict) else None)
    return out[0], out[1]


def _ints(value: Any) -> list[int] | None:
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return value
    return None


def _at(values: list[int] | None, index: int) -> int | None:
    return values[index] if values is not None and 0 <= index < len(values) else None


def _settlement_parts(prefix: str, field: str, expected: Mapping[str, Any] | None,
                      actual: Mapping[str, Any] | None, whole: tuple[Any, Any] | None = None,
                      source: str | None = None) -> list[str]:
    """The finer paths of one differing per-side field of a settlement (see the module text)."""
    if not isinstance(expected, Mapping) or not isinstance(expected.get("winners"), list):
        return []
    actual = actual if isinstance(actual, Mapping) else {}
    base = f"{prefix}." if prefix else ""
    winners = set(expected["winners"])
    actual_winners = set(actual["winners"]) if isinstance(actual.get("winners"), list) else None

    def role(side: int) -> str:
        if side not in winners:
            return "loser"
        return "tied_winner" if len(winners) > 1 else "winner"

    # the settlement's own fields sit under its path; a step's scores and match winners follow
    # from the settlement, so what they follow from is named by the settlement's paths
    source = source or prefix

    if field == "winners":
        got = set(whole[1]) if whole is not None and isinstance(whole[1], list) else actual_winners
        want = set(whole[0]) if whole is not None and isinstance(whole[0], list) else winners
        if got is None:
            return []
        name = f"{base}winners" if whole is None else (f"{prefix}.winners" if prefix else "match_winners")
        return sorted({f"{name}.{role(side)}" for side in want ^ got if isinstance(side, int)})
    if field not in _PER_SIDE:
        return []
    want_values = _ints(whole[0]) if whole is not None else _ints(expected.get(field))
    got_values = _ints(whole[1]) if whole is not None else _ints(actual.get(field))
    if want_values is None or got_values is None or len(want_values) != len(got_values):
        return []
    out: set[str] = set()
    for side, (want, got) in enumerate(zip(want_values, got_values)):
        if want == got:
            continue
        if actual_winners is not None and (side in winners) != (side in actual_winners):
            out.add(f"{source}.winners.{role(side)}")
        elif field == "counted_pips":
            out.add(f"{base}counted_pips.{_counted_part(side, want, got, expected, role(side))}")
        elif field == "bonus":
            out.add(_bonus_part(base, side, expected, actual, role(side)))
        else:
            out.add(_score_part(base, source, side, want, got, expected, actual, role(side)))
    return sorted(out)


def _counted_part(side: int, want: int, got: int, expected: Mapping[str, Any], role: str) -> str:
    side_pips = _ints(expected.get("side_pips"))
    own = _at(side_pips, side)
    if role == "loser" or own is None:
        return role
    # tied winners have equal sums: short by the others' pips is read as the tie rule's first
    others = sum(_at(side_pips, w) or 0 for w in expected["winners"] if w != side)
    if role == "tied_winner" and others and got == want - others:
        return "tied_winners_left_out"
    if own and got == want - own:
        return "own_subtracted"
    if own and got == want + own:
        return "own_counted"
    return role


def rounded_bonus(pips: int) -> int:
    """DOM-SETTLE-2/3: the counted pips rounded to the nearest five (1, 2 down; 3, 4 up), in fifths."""
    remainder = pips % 5
    return (pips - remainder if remainder <= 2 else pips + 5 - remainder) // 5


def _bonus_part(base: str, side: int, expected: Mapping[str, Any], actual: Mapping[str, Any], role: str) -> str:
    want_count = _at(_ints(expected.get("counted_pips")), side)
    got_count = _at(_ints(actual.get("counted_pips")), side)
    got_bonus = _at(_ints(actual.get("bonus")), side)
    if (role != "loser" and want_count is not None and got_count is not None and want_count != got_count
            and got_bonus == rounded_bonus(got_count)):
        # the bonus is the right rounding of a differing count: the count is what differs
        return f"{base}counted_pips.{_counted_part(side, want_count, got_count, expected, role)}"
    return f"{base}bonus.{role}"


def _score_part(base: str, source: str, side: int, want: int, got: int, expected: Mapping[str, Any],
                actual: Mapping[str, Any], role: str) -> str:
    want_bonus = _at(_ints(expected.get("bonus")), side)
    got_bonus = _at(_ints(actual.get("bonus")), side)
    if want_bonus is not None and got_bonus is not None and want_bonus != got_bonus \
            and got - got_bonus == want - want_bonus:
        # the score moved by the (differing) bonus from the same score before the settlement
        return _bonus_part(f"{source}.", side, expected, actual, role)
    return f"{base}scores.{role}"
