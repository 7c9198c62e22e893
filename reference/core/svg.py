"""A small SVG writer for the games' diagrams: standalone, deterministic documents."""

from __future__ import annotations

import re
from functools import lru_cache, wraps
from html import escape
from typing import Any, Callable, Hashable, Mapping

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
INK = "#1f2937"


def attributes(attrs: Mapping[str, Any]) -> str:
    """cls -> class, data_position -> data-position; None values are left out."""
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        kind = type(value)
        if kind is str:
            # most text values (colours, classes, anchors) recur in every diagram: written once
            written = WRITTEN.get((key, value))
            if written is None:
                written = f'{ATTRIBUTE_NAMES[key]}="{quoted(value)}"'
                if len(WRITTEN) < WRITTEN_LIMIT:
                    WRITTEN[(key, value)] = written
            out.append(written)
        elif kind is int or kind is float:      # digits, '.', '-', 'e', 'inf': nothing to escape
            out.append(f'{ATTRIBUTE_NAMES[key]}="{value}"')
        else:
            out.append(f'{ATTRIBUTE_NAMES[key]}="{quoted(str(value))}"')
    return " ".join(out)


class AttributeNames(dict):
    """keyword argument -> attribute name, filled as names are met (a renderer uses a few dozen)."""

    def __missing__(self, key: str) -> str:
        name = self[key] = key.replace("_", "-")
        return name


ATTRIBUTE_NAMES = AttributeNames(cls="class")
# (keyword, text value) -> 'name="escaped value"'; keyed by str values only, so 1, 1.0 and True,
# which are equal as keys, never share an entry. Bounded: past the limit, new values are just written.
WRITTEN: dict[tuple[str, str], str] = {}
WRITTEN_LIMIT = 50_000
NEEDS_ESCAPE = re.compile(r"[&<>\"']")
NEEDS_TEXT_ESCAPE = re.compile(r"[&<>]")


def quoted(text: str) -> str:
    """`html.escape(text, quote=True)`, without its five passes over text that needs none (most)."""
    return escape(text, quote=True) if NEEDS_ESCAPE.search(text) else text


def content(text: str) -> str:
    """`html.escape(text, quote=False)`, skipped when there is nothing to escape."""
    return escape(text, quote=False) if NEEDS_TEXT_ESCAPE.search(text) else text


class Svg:
    """Elements in drawing order; `document` wraps them in a sized <svg> with a white page."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, text: str | None = None, **attrs: Any) -> None:
        if text is None:
            self.parts.append(f"<{tag} {attributes(attrs)}/>")
        else:
            self.parts.append(f"<{tag} {attributes(attrs)}>{content(text)}</{tag}>")

    def open(self, tag: str, tooltip: str | None = None, **attrs: Any) -> None:
        self.parts.append(f"<{tag} {attributes(attrs)}>")
        if tooltip:
            self.parts.append(f"<title>{content(tooltip)}</title>")

    def extend(self, parts: tuple[str, ...]) -> None:
        """Elements written once by another Svg (a drawing that repeats in many diagrams)."""
        self.parts.extend(parts)

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def text(self, x: float, y: float, text: str, size: int = 13, fill: str = INK, **attrs: Any) -> None:
        self.add("text", text, x=x, y=y, font_size=size, fill=fill, **attrs)

    def document(self, width: int, height: int, css_class: str, title: str) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">'
                f"<title>{escape(title, quote=False)}</title>"
                f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>')
        return "\n".join([head, *self.parts, "</svg>"]) + "\n"


def drawn_once(draw: Callable[..., None] | None = None, *,
               context: Callable[[], Hashable] | None = None) -> Any:
    """`draw(svg, *args)`, a function of its arguments alone (small values): its elements are
    written once per distinct arguments and copied into every diagram that repeats them (a lane,
    a pawn, a card). Arguments of different types are kept apart (1 and True are drawn differently);
    a float is never part of a key (0.0 and -0.0 are equal keys, drawn differently): drawn afresh.
    `context`: what else the drawing reads, such as a palette in use; part of the key."""
    if draw is None:
        return lambda function: drawn_once(function, context=context)

    @lru_cache(maxsize=4096, typed=True)
    def parts(setting: Hashable, *args: Any) -> tuple[str, ...]:
        svg = Svg()
        draw(svg, *args)
        return tuple(svg.parts)

    @wraps(draw)
    def drawing(svg: Svg, *args: Any) -> None:
        key = (context() if context else None, *args)
        try:
            hash(key)
        except TypeError:                   # an odd value from a partial observation: drawn afresh
            draw(svg, *args)
            return
        if any(type(arg) is float for arg in args):
            draw(svg, *args)
            return
        svg.extend(parts(*key))

    return drawing
