"""A small SVG writer for the games' diagrams: standalone, deterministic documents."""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
INK = "#1f2937"


def attributes(attrs: Mapping[str, Any]) -> str:
    """cls -> class, data_position -> data-position; None values are left out."""
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = "class" if key == "cls" else key.replace("_", "-")
        out.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(out)


class Svg:
    """Elements in drawing order; `document` wraps them in a sized <svg> with a white page."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, text: str | None = None, **attrs: Any) -> None:
        if text is None:
            self.parts.append(f"<{tag} {attributes(attrs)}/>")
        else:
            self.parts.append(f"<{tag} {attributes(attrs)}>{escape(text, quote=False)}</{tag}>")

    def open(self, tag: str, tooltip: str | None = None, **attrs: Any) -> None:
        self.parts.append(f"<{tag} {attributes(attrs)}>")
        if tooltip:
            self.parts.append(f"<title>{escape(tooltip, quote=False)}</title>")

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
