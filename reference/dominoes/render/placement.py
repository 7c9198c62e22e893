"""Placing the tiles on the grid one by one, in placement order, never overlapping: a line
goes straight on and bends at the table's edge or near other tiles; as a last resort a tile
goes to the nearest free place with a dashed connector."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .grid import GAP, RESERVE_GAP, Pt, Rect, _add, _left, _off_table, _right, _span, _square
from .pieces import Placed, parse_tile, split_point


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
                   shift: int) -> Iterator[Placed]:
        """Straight on, then (not a double) bending towards the longer free run; `shift` gaps
        of 2 units before the tile. Tiles on the table come first: a line that reaches the
        table's edge bends, as on a real table. Given one at a time: the caller takes the
        first that fits."""
        start = _add(p, e, 2 * shift)
        connector = (p, start) if shift else None
        straight = Placed(tile, values, _add(start, e, 1 if values[0] == values[1] else 2), e, joined, connector)
        if values[0] == values[1]:
            yield straight
            return
        bends = [Placed(tile, values, _add(_add(start, e, 1), d, 1), d, joined, connector)
                 for d in (_left(e), _right(e))]
        # Straight on no farther off the table than either bend comes first in the order below
        # (the sort keeps it ahead of ties) whatever the bends' free runs: offered before they
        # are weighed, since it usually fits.
        straight_first = _off_table(straight.rect) <= min(_off_table(c.rect) for c in bends)
        if straight_first:
            yield straight
        bends.sort(key=lambda c: (-self.free_run(c), -(c.direction[0] * p[0] + c.direction[1] * p[1])))
        for cand in sorted([straight] + bends, key=lambda c: _off_table(c.rect)):
            if not (straight_first and cand is straight):
                yield cand

    def free_run(self, cand: Placed, most: int = 5) -> int:
        """How many tiles could follow `cand` straight on, on the table, clear of the others."""
        d = cand.direction
        for n in range(most):
            rect = Placed(cand.tile, (0, 1), _add(cand.center, d, 4 * (n + 1)), d).rect
            if (_off_table(rect) or any(rect.overlaps(o.rect, GAP) for o in self.placed.values())
                    or any(rect.overlaps(sq) for sq in self.reserved.values())):
                return n
        return most


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
