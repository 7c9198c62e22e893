"""The caption under the layout (end sum, points; in a match scores and turn) and the legend."""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .style import BLUE, INK, ORANGE, PAD


def caption_lines(observation: Mapping[str, Any]) -> list[str]:
    """The counted contributions' sum and the placement's points; in a match also the scores
    and whose turn it is."""
    values = [int(v) for _tile, v in observation.get("counted") or []]
    line = f"{' + '.join(str(v) for v in values) or '0'} = {observation.get('end_sum', sum(values))}"
    points = observation.get("points")
    if points:
        line += f" -> {points['raw']} raw points, {points['displayed']} displayed"
    lines = [line]
    if observation.get("scores") is not None:
        scores = ", ".join(f"side {i} = {s}" for i, s in enumerate(observation["scores"]))
        parts = [f"Round {observation['round']}"] if observation.get("round") is not None else []
        parts.append(f"scores: {scores}")
        if observation.get("turn") is not None:
            parts.append(f"seat {observation['turn']} to play"
                         + (" (continuing)" if observation.get("continuing") else ""))
        elif observation.get("phase"):
            parts.append(f"phase: {observation['phase']}")
        if observation.get("match_winners"):
            parts.append("match won by side(s) " + ", ".join(str(w) for w in observation["match_winners"]))
        lines.append("; ".join(parts))
    return lines


LEGEND = (("counted", "filled number: counted contribution"),
          ("open", "hollow dot: legal continuation not counted here"),
          ("branching", "orange outline: branching double"))


def _legend(width: int, top: int) -> tuple[list[str], int]:
    """Legend items, wrapped to the width; returns the elements and the height used."""
    parts, x, y = [], PAD, top
    for kind, text in LEGEND:
        item_w = 26 + len(text) * 7
        if x > PAD and x + item_w > width - PAD:
            x, y = PAD, y + 22
        cy = y + 8
        if kind == "counted":
            parts.append(f'<circle class="legend" cx="{x + 8}" cy="{cy}" r="8" fill="{BLUE}"/>')
        elif kind == "open":
            parts.append(f'<circle class="legend" cx="{x + 8}" cy="{cy}" r="6" fill="#ffffff" '
                         f'stroke="{BLUE}" stroke-width="2.5"/>')
        else:
            parts.append(f'<rect class="legend" x="{x + 1}" y="{cy - 7}" width="14" height="14" rx="3" '
                         f'fill="none" stroke="{ORANGE}" stroke-width="3"/>')
        parts.append(f'<text class="legend" x="{x + 22}" y="{cy}" dominant-baseline="central" '
                     f'font-size="12" fill="{INK}">{escape(text)}</text>')
        x += item_w + 18
    return parts, y + 22 - top
