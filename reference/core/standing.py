"""Where an entry stands: the status words every output uses (`explain`, `find`, `ruling`, the
site, the HTML report), so that an open point is never shown as if it were settled.

A clause is a rule the texts state; the interpretations that touch it are decided (the texts
decide the point), open (they leave it open) or a convention of the suite's format; an
alternative the texts contradict is a known misreading; a language note marks where the es, pt
and pl texts say different things.
"""

from __future__ import annotations

from .catalog import Catalog, Clause, Interpretation, LanguageNote

STATUS_LABEL = {
    "open": "OPEN - the texts leave it open",
    "decided": "decided - the texts decide it",
    "convention": "convention - a format convention of the suite",
}
KNOWN_MISREADING = "KNOWN MISREADING"


def touching(catalog: Catalog, clause_id: str) -> list[Interpretation]:
    """The interpretations that name the clause."""
    return [i for i in catalog.interpretations.values() if clause_id in i.clauses]


def language_notes(catalog: Catalog, clause_id: str) -> list[LanguageNote]:
    """The language notes that name the clause."""
    return [n for n in catalog.languages.values() if clause_id in n.clauses]


def notes_of_interpretation(catalog: Catalog, interpretation_id: str) -> list[LanguageNote]:
    return [n for n in catalog.languages.values() if n.interpretation == interpretation_id]


def misreadings(i: Interpretation) -> int:
    return sum(1 for a in i.alternatives if a.get("known_misreading"))


def interpretation_status(i: Interpretation) -> str:
    """"OPEN - the texts leave it open", "decided by the texts; 1 known misreading", ..."""
    count = misreadings(i)
    known = f"; {count} known misreading{'s' if count > 1 else ''}" if count else ""
    return STATUS_LABEL[i.status] + known


def clause_status(catalog: Catalog, clause: Clause) -> str:
    """A rule of the texts, with the interpretations that touch it (each with its real status),
    the language notes on it and a waiver."""
    parts = ["retired" if clause.retired else "rule of the texts"]
    interpretations = touching(catalog, clause.id)
    if interpretations:
        parts.append("touched by " + ", ".join(f"{i.id} ({i.status})" for i in interpretations))
    else:
        parts.append("no interpretation touches it")
    notes = language_notes(catalog, clause.id)
    if notes:
        parts.append("the languages differ: " + ", ".join(n.id for n in notes))
    if clause.waiver:
        parts.append("waived in the vectors")
    return "; ".join(parts)


def own_words_source(entry) -> str:
    """Where a clause's or example's words come from when not (only) from sentences."""
    if getattr(entry, "table", ""):
        return f"read from a table: {entry.table}"
    if getattr(entry, "diagram", ""):
        return f"read from a diagram: {entry.diagram}"
    return ""
