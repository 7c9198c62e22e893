"""Plain-text narration of a replay for a person (`horserace replay`)."""

from __future__ import annotations

from reference.core.log import StepLog
from reference.core.narration import Narration

from .rules.layout import Layout
from .rules.state import MatchState
from .rules.tiles import tile_str


def layout_tree(layout: Layout) -> list[str]:
    """The layout as an indented tree, opening tile first."""
    if layout.is_empty():
        return ["(empty table)"]
    children: dict = {}
    root = None
    for placed in layout.placed.values():
        if placed.parent is None:
            root = placed.tile
        else:
            children.setdefault(placed.parent.tile, []).append(placed)
    lines = [f"{tile_str(root)} (opening)"]

    def walk(tile, depth):
        for child in children.get(tile, []):
            lines.append("  " * depth + f"{child.parent.side} -- {tile_str(child.tile)} ({child.joined_side})")
            walk(child.tile, depth + 1)

    walk(root, 1)
    return lines


def counted_line(view: dict) -> str:
    parts = " + ".join(f"{tile}:{value}" for tile, value in view["counted"]) or "nothing"
    return f"counted ends: {parts} = {view['end_sum']}"


def narrate_layout_step(layout: Layout, view: dict, action_text: str | None) -> Narration:
    layout = layout.copy()
    return Narration(lambda: layout_step_lines(layout, view, action_text))


def layout_step_lines(layout: Layout, view: dict, action_text: str | None) -> list[str]:
    lines = [action_text or "check"]
    lines += ["  " + line for line in layout_tree(layout)]
    lines.append("  attachment points: " + ", ".join(view["attachment_points"]))
    lines.append("  " + counted_line(view))
    if "points" in view:
        p = view["points"]
        lines.append(f"  placement scores {p['raw']} raw = {p['displayed']} displayed")
    return lines


REASONS = {
    "non_scoring_tile": "the tile is not a double and did not score",
    "drawn_tile": "a tile placed from the draw always ends the turn",
    "passed": "no legal placement and the draw pile is empty",
    "no_placement_to_continue": "continuing, but no legal placement (options: end_turn)",
    "stopped": "the player chose to stop continuing (options: optional)",
    "opening_tile": "the opening tile does not continue (options: opening_continues false)",
    "double": "a double from hand",
    "scored": "a scoring tile from hand",
    "double_and_scored": "a double that also scored (still one continuation)",
}


# Plain sentences for events whose fields fit a template.
EVENT_TEXT = {
    "scored": "side {side} scores {displayed} -> {score}",
    "passed": "seat {player} passes",
    "round_won": "seat {player} played the last tile and wins the round for side {side}",
    "round_blocked": "the round is blocked: the pile is empty and nobody can place",
    "settlement": ("settlement ({kind}): hand pips {hand_pips}, side pips {side_pips}, winners {winners}, "
                   "paid for {counted_pips} pips, bonus {bonus}, scores {scores}"),
    "match_won": "match won by side(s) {winners} ({by}), scores {scores}",
    "round_started": "round {round} dealt; seat {opener} opens",
}


def describe_event(event: dict) -> str:
    kind = event["type"]
    if kind in EVENT_TEXT:
        return EVENT_TEXT[kind].format(**event)
    if kind == "placed":
        where = f" at {event['at']}" if event["at"] else " (opening)"
        return (f"seat {event['player']} places {event['tile']}{where} from {event['source']}: "
                f"end sum {event['end_sum']}, {event['raw']} raw = {event['displayed']} displayed")
    if kind == "continued":
        return f"seat {event['player']} continues: {REASONS[event['reason']]}"
    if kind == "turn_ended":
        return f"turn of seat {event['player']} ends ({REASONS[event['reason']]}); seat {event['next']} to play"
    if kind == "drew":
        playable = "playable, must be placed now" if event["playable"] else "not playable"
        return f"seat {event['player']} draws {event['tile']} ({playable})"
    if kind == "next_opener":
        who = f"seat {event['seat']}" if event["seat"] is not None else "a neutral draw"
        return f"next round opened by {who}"
    return str(event)


def narrate_match_step(match: MatchState, log: StepLog, action_text: str | None) -> Narration:
    r = match.round
    placed = r is not None and any(e["type"] == "placed" for e in log.events)
    layout = r.layout.copy() if placed else None
    to_play, scores = match.to_play, list(match.scores)
    continuing = r is not None and r.continuing
    return Narration(lambda: match_step_lines(log.events, layout, to_play, continuing, scores, action_text))


def match_step_lines(events: list[dict], layout: Layout | None, to_play: int | None, continuing: bool,
                     scores: list[int], action_text: str | None) -> list[str]:
    """The step's events, the layout when a tile was placed, and who plays next."""
    lines = [action_text or "check"]
    lines += ["  " + describe_event(e) for e in events]
    if layout is not None:
        lines += ["  layout:"] + ["    " + line for line in layout_tree(layout)]
        counted = layout.counted_contributions()
        parts = " + ".join(f"{tile_str(c.tile)}:{c.value}" for c in counted)
        lines.append(f"  counted ends: {parts} = {sum(c.value for c in counted)}")
    if to_play is not None:
        state = " (continuing)" if continuing else ""
        lines.append(f"  next: seat {to_play}{state}; scores {scores}")
    return lines


def narrate_settlement(match: MatchState, log: StepLog) -> list[str]:
    return ["settle"] + ["  " + describe_event(e) for e in log.events]
