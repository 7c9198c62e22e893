"""The markers: each counted contribution as a filled number by its end (a double's on the
double), each legal attachment point that does not count as a hollow dot."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Mapping

from .grid import Pt, _add
from .pieces import Placed, split_point
from .style import BLUE
from .svg import Svg


@dataclass(frozen=True)
class Marker:
    at: Pt                  # grid point
    value: int | None       # a counted contribution, or None for a hollow dot
    label: str              # the tile (counted) or the attachment point (hollow)
    on_tile: bool = False   # a double's contribution, drawn on the double


def markers(observation: Mapping[str, Any], placed: Mapping[str, Placed]) -> list[Marker]:
    out: list[Marker] = []
    counted_points: set[tuple[str, str]] = set()
    for tile, value in observation.get("counted") or []:
        tile = str(tile)
        if tile not in placed:
            continue
        piece = placed[tile]
        if piece.double:
            out.append(Marker(piece.center, int(value), tile, on_tile=True))
            continue
        side = "low" if int(value) == piece.values[0] else "high"
        counted_points.add((tile, side))
        exits = piece.exits()
        if side in exits:
            p, e = exits[side]
            out.append(Marker(_add(p, e), int(value), tile))
    for text in observation.get("attachment_points") or []:
        tile, side = split_point(text)
        if tile in placed and (tile, side) not in counted_points and side in placed[tile].exits():
            p, e = placed[tile].exits()[side]
            out.append(Marker(_add(p, e), None, str(text)))
    return out


def _draw_marker(svg: Svg, marker: Marker) -> None:
    x, y = svg.px(marker.at)
    if marker.value is None:
        svg.add(f'<circle class="open-point" data-point="{escape(marker.label)}" cx="{x}" cy="{y}" r="7" '
                f'fill="#ffffff" stroke="{BLUE}" stroke-width="2.5"><title>{escape(marker.label)}: '
                'legal continuation, not counted here</title></circle>')
        return
    radius, font = (9, 12) if marker.on_tile else (11, 13)     # on a double: clear of its pips
    svg.add(f'<g class="counted" data-tile="{escape(marker.label)}" data-value="{marker.value}">'
            f'<title>{escape(marker.label)}: counts {marker.value}</title>'
            f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{BLUE}" stroke="#ffffff" stroke-width="1.5"/>'
            f'<text x="{x}" y="{y}" text-anchor="middle" dominant-baseline="central" font-size="{font}" '
            f'font-weight="bold" fill="#ffffff">{marker.value}</text></g>')
