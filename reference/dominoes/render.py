"""Diagrams of a domino layout, drawn as the rule texts' figures draw them (standalone SVG).

Works from an observation alone (see observe.py): the opening tile in the middle, lines
growing away from it, a double crosswise to its line with its side branches leaving its
short ends at right angles, every branching double outlined in orange, each counted
contribution as a filled number next to its end (a double's on the double), each legal
attachment point that does not count as a hollow dot, and a caption with the sum and the
points. Tiles are placed one by one, in placement order, on a grid: a line goes straight
on and bends where it reaches the table's edge or would come close to another tile or to a
free end; as a last resort a tile goes to the nearest free place, with a dashed connector.
Tiles never overlap. Same input, same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Mapping

Pt = tuple[int, int]

UNIT = 20                        # pixels per grid unit; a tile half is 2 x 2 units
PAD = 24
ORANGE = "#ff8c00"               # branching doubles
BLUE = "#1d4ed8"                 # counted contributions and open points
INK = "#1f2937"
TILE_FILL = "#fffdf4"
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
MIN_WIDTH = 520
GAP = 1                          # free units kept between tiles that are not joined
RESERVE_GAP = 1                  # ... and between a tile and another tile's free side
TABLE = (30, 18)                 # half width and height of the table lines bend at, in units

PIPS = {                         # (along, across) offsets in half-units of a tile half
    0: (), 1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}


def _add(p: Pt, d: Pt, k: int = 1) -> Pt:
    return (p[0] + d[0] * k, p[1] + d[1] * k)


def _left(d: Pt) -> Pt:
    return (d[1], -d[0])


def _right(d: Pt) -> Pt:
    return (-d[1], d[0])


@dataclass(frozen=True)
class Rect:
    x0: int
    y0: int
    x1: int
    y1: int

    def overlaps(self, other: "Rect", margin: int = 0) -> bool:
        """Interiors closer than `margin` (0: they share more than an edge)."""
        return (self.x0 - margin < other.x1 and other.x0 < self.x1 + margin
                and self.y0 - margin < other.y1 and other.y0 < self.y1 + margin)


def _square(center: Pt) -> Rect:
    return Rect(center[0] - 1, center[1] - 1, center[0] + 1, center[1] + 1)


@dataclass(frozen=True)
class Placed:
    """A tile on the grid: its centre, the direction its line grows, the side it joins by."""

    tile: str
    values: tuple[int, int]
    center: Pt
    direction: Pt
    joined: str | None = None
    connector: tuple[Pt, Pt] | None = None     # from the parent's end, when placed after a gap

    @property
    def double(self) -> bool:
        return self.values[0] == self.values[1]

    @property
    def long_axis(self) -> Pt:
        """A double lies crosswise to its line."""
        return _left(self.direction) if self.double else self.direction

    @property
    def rect(self) -> Rect:
        (cx, cy), ax = self.center, self.long_axis[0]
        hx, hy = (2, 1) if ax else (1, 2)
        return Rect(cx - hx, cy - hy, cx + hx, cy + hy)

    def _ends(self) -> tuple[str, str]:
        """(side facing the parent, side continuing the line)."""
        if self.double:
            back = self.joined if self.joined in ("line_a", "line_b") else "line_a"
            return back, "line_b" if back == "line_a" else "line_a"
        back = self.joined if self.joined in ("low", "high") else "low"
        return back, "high" if back == "low" else "low"

    def exits(self) -> dict[str, tuple[Pt, Pt]]:
        """side -> (midpoint of the edge it occupies, outward direction)."""
        d = self.direction
        back_dir = (-d[0], -d[1])
        back, front = self._ends()
        reach = 1 if self.double else 2
        out = {back: (_add(self.center, back_dir, reach), back_dir),
               front: (_add(self.center, d, reach), d)}
        if self.double:
            out["branch_a"] = (_add(self.center, _left(d), 2), _left(d))
            out["branch_b"] = (_add(self.center, _right(d), 2), _right(d))
        return out

    def halves(self) -> list[tuple[Pt, int]]:
        """(centre of each half, its pips)."""
        if self.double:
            a = self.long_axis
            return [(_add(self.center, a, -1), self.values[0]), (_add(self.center, a, 1), self.values[1])]
        back, _front = self._ends()
        near = self.values[0] if back == "low" else self.values[1]
        far = self.values[1] if back == "low" else self.values[0]
        return [(_add(self.center, self.direction, -1), near), (_add(self.center, self.direction, 1), far)]


def parse_tile(text: str) -> tuple[int, int]:
    low, high = (int(v) for v in str(text).strip("[] ").split("|"))
    return (min(low, high), max(low, high))


def split_point(text: str) -> tuple[str, str]:
    tile, side = str(text).strip().rsplit(" ", 1)
    return tile, side


class _Placer:
    """Places tiles in order; every placement keeps clear of the tiles already placed."""

    def __init__(self) -> None:
        self.placed: dict[str, Placed] = {}
        self.reserved: dict[tuple[str, str], Rect] = {}     # the square in front of each free side

    def bounds(self) -> Rect:
        rects = [p.rect for p in self.placed.values()] + list(self.reserved.values())
        return Rect(min(r.x0 for r in rects), min(r.y0 for r in rects),
                    max(r.x1 for r in rects), max(r.y1 for r in rects))

    def fits(self, cand: Placed, parent: str | None, care: int = 2) -> bool:
        """Clear of the other tiles; with care 1 also of every free side's square (2: with a
        gap) and keeping its own free sides' squares clear."""
        rect = cand.rect
        for other in self.placed.values():
            if rect.overlaps(other.rect, 0 if other.tile == parent else GAP):
                return False
            if other.connector and rect.overlaps(_span(other.connector)):
                return False
        if cand.connector and any(_span(cand.connector).overlaps(o.rect)
                                  for o in self.placed.values() if o.tile != parent):
            return False
        if not care:
            return True
        if any(rect.overlaps(sq, RESERVE_GAP if care == 2 else 0) for sq in self.reserved.values()):
            return False
        own = [_square(_add(p, e)) for side, (p, e) in cand.exits().items() if side != cand.joined]
        return not any(sq.overlaps(o.rect) for sq in own for o in self.placed.values()) and \
            not any(sq.overlaps(r) for sq in own for r in self.reserved.values())

    def add(self, placed: Placed) -> None:
        self.placed[placed.tile] = placed
        for side, (p, e) in placed.exits().items():
            if side != placed.joined:
                self.reserved[(placed.tile, side)] = _square(_add(p, e))

    def limit(self) -> int:
        b = self.bounds()
        return (b.x1 - b.x0 + b.y1 - b.y0) // 2 + 8

    def add_root(self, tile: str) -> None:
        values = parse_tile(tile)
        if not self.placed:
            self.add(Placed(tile, values, (0, 0), (1, 0)))
            return
        # a tile with no known parent: below everything, in the first free place
        start = self.bounds().y1 + 2 + GAP
        for k in range(self.limit()):
            cand = Placed(tile, values, (0, start + 2 * k), (1, 0))
            if self.fits(cand, None):
                break
        self.add(cand)

    def attach(self, tile: str, parent: str, side: str, joined: str) -> None:
        exits = self.placed[parent].exits()
        if side not in exits:
            self.add_root(tile)
            return
        p, e = exits[side]
        self.reserved.pop((parent, side), None)
        values = parse_tile(tile)
        for shift in range(self.limit()):
            for care in ((2, 1, 0) if shift == 0 else (1,)):
                for cand in self.candidates(tile, values, joined, p, e, shift):
                    if self.fits(cand, parent, care):
                        self.add(cand)
                        return
        # last resort: the nearest free place, joined to the parent's end by a connector
        reach = 1 if values[0] == values[1] else 2
        for r in range(2, self.limit() + 8):
            ring = [(dx, dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1) if max(abs(dx), abs(dy)) == r]
            ring.sort(key=lambda v: (v[0] ** 2 + v[1] ** 2, -(v[0] * e[0] + v[1] * e[1]), v))
            for v in ring:
                back = _add(p, v)                    # where the tile's joined end will be
                for d in (e, _left(e), _right(e)):
                    if v[0] * d[0] + v[1] * d[1] <= 0:
                        continue                     # the tile would point back at its parent
                    cand = Placed(tile, values, _add(back, d, reach), d, joined)
                    if self.fits(cand, parent, 1):
                        self.add(Placed(tile, values, cand.center, d, joined, (p, back)))
                        return
        raise AssertionError(f"no place for {tile}")          # unreachable: the grid is unbounded

    def candidates(self, tile: str, values: tuple[int, int], joined: str, p: Pt, e: Pt,
                   shift: int) -> list[Placed]:
        """Straight on, then (not a double) bending towards the longer free run; `shift` gaps
        of 2 units before the tile. Tiles on the table come first: a line that reaches the
        table's edge bends, as on a real table."""
        start = _add(p, e, 2 * shift)
        connector = (p, start) if shift else None
        straight = Placed(tile, values, _add(start, e, 1 if values[0] == values[1] else 2), e, joined, connector)
        if values[0] == values[1]:
            return [straight]
        bends = [Placed(tile, values, _add(_add(start, e, 1), d, 1), d, joined, connector)
                 for d in (_left(e), _right(e))]
        bends.sort(key=lambda c: (-self.free_run(c), -(c.direction[0] * p[0] + c.direction[1] * p[1])))
        return sorted([straight] + bends, key=lambda c: _off_table(c.rect))

    def free_run(self, cand: Placed, most: int = 5) -> int:
        """How many tiles could follow `cand` straight on, on the table, clear of the others."""
        d = cand.direction
        for n in range(most):
            rect = Placed(cand.tile, (0, 1), _add(cand.center, d, 4 * (n + 1)), d).rect
            if (_off_table(rect) or any(rect.overlaps(o.rect, GAP) for o in self.placed.values())
                    or any(rect.overlaps(sq) for sq in self.reserved.values())):
                return n
        return most


def _off_table(rect: Rect) -> int:
    """How far a tile reaches past the table's edge (0 on the table)."""
    (tx, ty), r = TABLE, rect
    return max(0, r.x1 - tx, -tx - r.x0) + max(0, r.y1 - ty, -ty - r.y0)


def _span(line: tuple[Pt, Pt]) -> Rect:
    """The box around a connector (a line of no width)."""
    (ax, ay), (bx, by) = line
    return Rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def place_tiles(observation: Mapping[str, Any]) -> dict[str, Placed]:
    """Grid positions of every tile of the observation, in placement order."""
    links: dict[str, tuple[str, str, str]] = {}
    for text in observation.get("connections") or []:
        parent, child = (part.strip() for part in str(text).split("--"))
        (ptile, pside), (ctile, cside) = split_point(parent), split_point(child)
        links[ctile] = (ptile, pside, cside)
    placer = _Placer()
    pending = list(dict.fromkeys(str(t) for t in observation.get("tiles") or []))
    while pending:
        tile = next((t for t in pending if t not in links or links[t][0] not in pending), pending[0])
        pending.remove(tile)
        link = links.get(tile)
        if link and link[0] in placer.placed:
            placer.attach(tile, link[0], link[1], link[2])
        else:
            placer.add_root(tile)
    return placer.placed


# -- drawing ------------------------------------------------------------------------------------

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


class _Svg:
    def __init__(self, origin: Pt, offset: tuple[int, int]) -> None:
        self.origin, self.offset = origin, offset
        self.parts: list[str] = []

    def px(self, p: Pt) -> tuple[int, int]:
        return ((p[0] - self.origin[0]) * UNIT + self.offset[0], (p[1] - self.origin[1]) * UNIT + self.offset[1])

    def add(self, text: str) -> None:
        self.parts.append(text)


def _draw_tile(svg: _Svg, piece: Placed, branching: bool) -> None:
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


def _draw_marker(svg: _Svg, marker: Marker) -> None:
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
    svg = _Svg((box.x0, box.y0), ((width - layout_w) // 2, PAD))
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
