"""Drawing one tile: its body, the line between its halves, its pips, and the orange outline
of a branching double."""

from __future__ import annotations

from html import escape

from .grid import UNIT
from .pieces import Placed
from .style import INK, ORANGE, PIPS, TILE_FILL
from .svg import Svg


def _draw_tile(svg: Svg, piece: Placed, branching: bool) -> None:
    r = piece.rect
    x, y = svg.px((r.x0, r.y0))
    w, h = (r.x1 - r.x0) * UNIT, (r.y1 - r.y0) * UNIT
    svg.add(f'<g class="tile" data-tile="{escape(piece.tile)}"><title>{escape(piece.tile)}</title>')
    svg.add(f'<rect class="tile-body" x="{x}" y="{y}" width="{w}" height="{h}" rx="5" '
            f'fill="{TILE_FILL}" stroke="{INK}" stroke-width="1.5"/>')
    ax = piece.long_axis[0]
    cx, cy = svg.px(piece.center)
    if ax:
        svg.add(f'<line x1="{cx}" y1="{y + 5}" x2="{cx}" y2="{y + h - 5}" stroke="{INK}" stroke-width="1.2"/>')
    else:
        svg.add(f'<line x1="{x + 5}" y1="{cy}" x2="{x + w - 5}" y2="{cy}" stroke="{INK}" stroke-width="1.2"/>')
    for center, value in piece.halves():
        hx, hy = svg.px(center)
        for along, across in PIPS.get(value, ()):
            dx, dy = (along, across) if ax else (across, along)
            svg.add(f'<circle class="pip" cx="{hx + dx * UNIT // 2}" cy="{hy + dy * UNIT // 2}" r="3.5" fill="{INK}"/>')
        if value not in PIPS:
            svg.add(f'<text x="{hx}" y="{hy}" text-anchor="middle" dominant-baseline="central" '
                    f'font-size="16" fill="{INK}">{value}</text>')
    if branching:
        svg.add(f'<rect class="branching" data-tile="{escape(piece.tile)}" x="{x + 2.5}" y="{y + 2.5}" '
                f'width="{w - 5}" height="{h - 5}" rx="4" fill="none" stroke="{ORANGE}" stroke-width="4"/>')
    svg.add("</g>")
