"""What a scenario or a trace can check after a step: plain JSON-ready values."""

from __future__ import annotations

from typing import Any

from reference.core.log import StepLog

from .rules.layout import Layout
from .rules.state import MatchState
from .rules.tiles import TILE_TEXT
from .rules.turns import legal_actions


def layout_view(layout: Layout) -> dict[str, Any]:
    """The walk-throughs' lists: pieces, branching doubles, connections, legal attachment
    points and counted contributions, plus their sum. Worked out once per layout state (only
    a placement changes it: `Layout.version`); each call returns its own dict of the lists."""
    global _last_view
    layout_, version, view = _last_view
    if layout_ is not layout or version != layout.version:
        view = describe_layout(layout)
        _last_view = (layout, layout.version, view)
    return dict(view)


_last_view: tuple[Layout | None, int, dict[str, Any]] = (None, -1, {})


def describe_layout(layout: Layout) -> dict[str, Any]:
    counted = layout.counted_contributions()
    return {
        "tiles": [TILE_TEXT[t] for t in layout.tiles()],
        "branching_doubles": [TILE_TEXT[t] for t in layout.branching_doubles()],
        "connections": [f"{parent.text} -- {child.text}" for parent, child in layout.connections()],
        "attachment_points": [point.text for point in layout.attachment_points()],
        "counted": [[TILE_TEXT[c.tile], c.value] for c in counted],
        "end_sum": sum(c.value for c in counted),
    }


def placement_view(log: StepLog) -> dict[str, int] | None:
    placed = [e for e in log.events if e["type"] == "placed"]
    if not placed:
        return None
    return {"raw": placed[-1]["raw"], "displayed": placed[-1]["displayed"]}


def event_fields(log: StepLog, type_: str) -> dict[str, Any] | None:
    for event in log.events:
        if event["type"] == type_:
            return {k: v for k, v in event.items() if k != "type"}
    return None


def match_view(match: MatchState, log: StepLog) -> dict[str, Any]:
    view: dict[str, Any] = {
        "events": log.events,
        "scores": list(match.scores),
        "phase": match.phase,
        "turn": match.to_play,
        "legal_actions": [str(a) for a in legal_actions(match, log)],
        "points": placement_view(log),
        "settlement": event_fields(log, "settlement"),
        "match_winners": match.winners,
        "next_opener": match.next_opener,
        "round": match.round_number,
    }
    r = match.round
    if r is not None:
        view.update(layout_view(r.layout))
        view.update({
            "continuing": r.continuing,
            "hands": [[TILE_TEXT[t] for t in hand] for hand in r.hands],
            "draw_pile": [TILE_TEXT[t] for t in r.draw_pile],
        })
    return view
