"""The SVG being written: grid points to pixels, and the list of elements."""

from __future__ import annotations

from .grid import UNIT, Pt


class Svg:
    def __init__(self, origin: Pt, offset: tuple[int, int]) -> None:
        self.origin, self.offset = origin, offset
        self.parts: list[str] = []

    def px(self, p: Pt) -> tuple[int, int]:
        return ((p[0] - self.origin[0]) * UNIT + self.offset[0], (p[1] - self.origin[1]) * UNIT + self.offset[1])

    def add(self, text: str) -> None:
        self.parts.append(text)
