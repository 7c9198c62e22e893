"""Diagrams of a domino layout, drawn as the rule texts' figures draw them (standalone SVG).

Works from an observation alone (see ../observe.py): the opening tile in the middle, lines
growing away from it, a double crosswise to its line with its side branches leaving its
short ends at right angles, every branching double outlined in orange, each counted
contribution as a filled number next to its end (a double's on the double), each legal
attachment point that does not count as a hollow dot, and a caption with the sum and the
points. Tiles are placed one by one, in placement order, on a grid: a line goes straight
on and bends where it reaches the table's edge or would come close to another tile or to a
free end; as a last resort a tile goes to the nearest free place, with a dashed connector.
Tiles never overlap. Same input, same bytes.

Modules by what they draw: grid (points and boxes), pieces (a tile on the grid), placement
(where every tile goes), tiles (drawing a tile), markers (counted numbers and open points),
caption (caption and legend), svg (the document), style (sizes and colours).
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .caption import _legend, caption_lines
from .grid import UNIT, Rect, _square
from .markers import _draw_marker, markers
from .placement import place_tiles
from .style import FONT, INK, MIN_WIDTH, ORANGE, PAD
from .svg import Svg
from .tiles import _draw_tile

__all__ = ["ORANGE", "UNIT", "place_tiles", "render_step"]


def render_step(kind: str, observation: Mapping[str, Any]) -> str:
    """A standalone SVG of the layout in `observation`; '' when there is none to draw (an empty
    table, settlement and perft steps, refused actions)."""
    if not observation.get("tiles"):
        return ""
    placed = place_tiles(observation)
    branching = {str(t) for t in observation.get("branching_doubles") or []}
    marks = markers(observation, placed)
    rects = [p.rect for p in placed.values()] + [_square(m.at) for m in marks]
    box = Rect(min(r.x0 for r in rects), min(r.y0 for r in rects),
               max(r.x1 for r in rects), max(r.y1 for r in rects))
    lines = caption_lines(observation)
    layout_w = (box.x1 - box.x0) * UNIT
    width = max(layout_w + 2 * PAD, MIN_WIDTH, max(len(line) for line in lines) * 9 + 2 * PAD)
    svg = Svg((box.x0, box.y0), ((width - layout_w) // 2, PAD))
    for piece in placed.values():
        if piece.connector:
            (x1, y1), (x2, y2) = (svg.px(p) for p in piece.connector)
            svg.add(f'<line class="connector" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{INK}" '
                    'stroke-width="2" stroke-dasharray="4 3"/>')
    for piece in placed.values():
        _draw_tile(svg, piece, piece.tile in branching)
    for marker in marks:
        _draw_marker(svg, marker)
    y = PAD + (box.y1 - box.y0) * UNIT + PAD
    for i, line in enumerate(lines):
        cls = "caption" if i == 0 else "caption match"
        svg.add(f'<text class="{cls}" x="{PAD}" y="{y + 16}" font-size="15" fill="{INK}">{escape(line)}</text>')
        y += 24
    legend, used = _legend(width, y + 6)
    height = y + 6 + used + PAD // 2
    title = f"Domino layout: {len(placed)} tile(s); {lines[0]}"
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="domino-layout" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">'
            f'<title>{escape(title)}</title>'
            f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>')
    return "\n".join([head, *svg.parts, *legend, "</svg>"]) + "\n"
