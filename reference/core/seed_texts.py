"""The rule texts themselves (`../shared/seeds/`, and `../shared/horse-fever-components.md`):
their sections and sentences, and whether a quoted passage is really in them.

Only a checkout has the texts (a wheel does not ship them); `available()` says whether they are
here. Quotes are compared with whitespace normalised (runs of spaces and line breaks are one
space), and a quote must lie inside the section it names: from its heading line to the next
heading line of the same catalog. This is the one check of every quote of the suite (the clause
catalogs' own words, the interpretations' deciding passages, the language notes' passages):
`tests/core/test_register.py` runs it over all of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from .paths import SEEDS_DIR


def available() -> bool:
    return SEEDS_DIR.is_dir()


def normalised(text: str) -> str:
    return " ".join(text.split())


def seed_path(name: str) -> Path:
    """A seed file under shared/seeds, or another source file under shared/ (the components file)."""
    path = SEEDS_DIR / name
    return path if path.exists() else SEEDS_DIR.parent / name


@lru_cache(maxsize=None)
def seed_lines(name: str) -> tuple[str, ...]:
    return tuple(seed_path(name).read_text(encoding="utf-8").splitlines())


def heading_of(line: str) -> str:
    """A line as a heading would read: without surrounding spaces and a markdown '#' prefix. A
    table placeholder ("Tabla de fichas de apuesta |") is not a heading line."""
    return line.strip().lstrip("#").strip()


@dataclass(frozen=True)
class Section:
    heading: str
    start: int          # the heading's line; -1 when the heading is not a line of its own
    text: str           # the section's text, normalised: from the heading to the next heading line


def sections(name: str, headings: Iterable[str]) -> dict[str, Section]:
    """Each heading's section of seed `name`. A heading that is not a line of its own (one printed
    inside a line) starts where it first occurs and runs to the next heading line."""
    lines = seed_lines(name)
    wanted = list(dict.fromkeys(headings))
    starts: dict[str, int] = {}
    for index, line in enumerate(lines):
        clean = heading_of(line)
        if clean in wanted and clean not in starts:
            starts[clean] = index
    boundaries = sorted(starts.values())
    out: dict[str, Section] = {}
    whole = "\n".join(lines)
    for heading in wanted:
        if heading in starts:
            begin = starts[heading]
            end = next((b for b in boundaries if b > begin), len(lines))
            out[heading] = Section(heading, begin, normalised("\n".join(lines[begin:end])))
            continue
        offset = whole.find(heading)
        if offset < 0:
            continue
        begin = whole.count("\n", 0, offset)
        end = next((b for b in boundaries if b > begin), len(lines))
        tail = "\n".join(lines[begin:end])
        out[heading] = Section(heading, -1, normalised(tail[tail.find(heading):]))
    return out


def quote_problem(seed: str, heading: str, text: str, headings: Iterable[str]) -> str:
    """Why `text` is not a verbatim passage of section `heading` of `seed` ("" when it is).
    `headings` are every heading the catalog names in that seed: they bound the sections."""
    if not seed_path(seed).exists():
        return f"no rule text {seed} beside the checkout"
    found = sections(seed, [heading, *headings]).get(heading)
    if found is None:
        return f"no heading {heading!r} in {seed}"
    quoted = normalised(text)
    if quoted in found.text:
        return ""
    if quoted in normalised("\n".join(seed_lines(seed))):
        return f"{text!r} is in {seed}, but not under {heading!r}"
    return f"{text!r} is not in {seed}"


# -- sentences ----------------------------------------------------------------------------------

SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^\s])")


def sentences(paragraph: str) -> list[str]:
    """A paragraph split after '.', '!' or '?' followed by a space (the texts' sentences)."""
    return [s for s in (p.strip() for p in SENTENCE_END.split(paragraph)) if s]


def paragraphs(name: str) -> list[str]:
    """The seed's lines, except that a markdown file's wrapped lines are joined into their
    paragraph (a blank line, a heading, a list item or a table row starts a new one). The .txt
    rule texts hold one paragraph per line."""
    lines = seed_lines(name)
    if not name.endswith(".md"):
        return list(lines)
    out: list[str] = []
    joining = False
    for line in lines:
        starts = not line.strip() or line.lstrip().startswith(("#", "- ", "|"))
        if joining and not starts:
            out[-1] += " " + line.strip()
        else:
            out.append(line)
        joining = bool(line.strip()) and not line.lstrip().startswith(("#", "|"))
    return out


def section_sentences(name: str, headings: Iterable[str]) -> list[tuple[str, str]]:
    """(heading, sentence) for every sentence of the seed under the given headings, in order.
    Lines before the first heading belong to no section and are left out."""
    known = set(headings)
    current = ""
    out = []
    for line in paragraphs(name):
        clean = heading_of(line)
        if clean in known:
            current = clean
            continue
        if current and line.strip():
            out.extend((current, s) for s in sentences(normalised(line)))
    return out
