"""Expected failures that notice change (schema/expected-failures.schema.json).

An entry names cases by `id` (a glob) or by `clause` (a clause the first divergence is
attributed to), says why (`reason`), and may pin the divergence it expects (`step`, `key`).

- A failing case an entry fits (id, clause, step and key all agree) is an expected failure.
- A case an entry lists by id that fails in another way is a *changed failure*: an error,
  because the implementation now misreads something else than the list says.
- A listed case that passes is an error (xpassed): remove it from the list.
- An entry that matches nothing is an error (a typo must not pass); one whose cases were all
  left out of this run by the selection is not.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from . import schemas
from .results import CaseResult
from .yamlsource import load_yaml_file

SCHEMA = "expected-failures.schema.json"


@dataclass
class Entry:
    reason: str
    id: str | None = None
    clause: str | None = None
    step: int | None = None
    key: str | None = None
    where: str = ""                 # file:line, for messages
    used: bool = False

    def names(self, case_id: str) -> bool:
        return self.id is not None and fnmatch.fnmatchcase(case_id, self.id)

    def fits(self, mismatch: dict[str, Any]) -> bool:
        """The divergence is the one this entry expects."""
        if self.clause is not None and self.clause not in mismatch.get("clauses", ()):
            return False
        if self.step is not None and mismatch.get("step") != self.step:
            return False
        keys = {d["key"] for d in mismatch.get("differences", ())} | {mismatch.get("key")}
        return self.key is None or self.key in keys

    def describe(self) -> str:
        parts = [f"id {self.id}" if self.id is not None else f"clause {self.clause}"]
        if self.id is not None and self.clause is not None:
            parts.append(f"clause {self.clause}")
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.key is not None:
            parts.append(f"key {self.key}")
        return ", ".join(parts)


@dataclass
class ExpectedFailures:
    entries: list[Entry] = field(default_factory=list)
    source: str = ""

    def apply(self, result: CaseResult) -> None:
        listed = [e for e in self.entries if e.names(result.id)]
        for entry in listed:
            entry.used = True
        if result.status == "failed" and result.mismatch:
            fitting = [e for e in listed if e.fits(result.mismatch)]
            fitting += [e for e in self.entries if e.id is None and e.fits(result.mismatch)]
            if fitting:
                fitting[0].used = True
                result.status = "xfailed"
                result.message = f"expected failure: {fitting[0].reason}"
            elif listed:
                result.status = "changed"
                m = result.mismatch
                result.message = (f"changed failure: listed as an expected failure ({listed[0].describe()}; "
                                  f"{listed[0].where}: {listed[0].reason}) but now diverges at step {m['step']} "
                                  f"on {m['key']}, attributed to {', '.join(m.get('clauses', ())) or '-'}: "
                                  "update the entry")
        elif result.status in ("passed", "passed-partial") and listed:
            result.status = "xpassed"
            result.message = (f"listed as an expected failure ({listed[0].where}: {listed[0].reason}) "
                              "but passed: remove it from the list")

    def unmatched(self, known_ids: Iterable[str], run_ids: Iterable[str],
                  known_clauses: Iterable[str], run_clauses: Iterable[str]) -> list[str]:
        """Entries that matched nothing, as messages. known_*: every case id / clause of the
        vectors; run_*: those of the cases this run selected."""
        known_ids, run_ids = list(known_ids), list(run_ids)
        known_clauses, run_clauses = set(known_clauses), set(run_clauses)
        out = []
        for entry in self.entries:
            if entry.used:
                continue
            if entry.id is not None:
                if not any(entry.names(i) for i in known_ids):
                    out.append(f"{entry.where}: id {entry.id!r} matches no case")
                elif any(entry.names(i) for i in run_ids):      # only skipped or errored cases
                    continue
            elif entry.clause not in known_clauses:
                out.append(f"{entry.where}: clause {entry.clause!r} is exercised by no case")
            elif entry.clause in run_clauses:
                out.append(f"{entry.where}: no failure was attributed to {entry.describe()} "
                           "(fixed? remove the entry)")
        return out


def load_expected_failures(path: Path) -> ExpectedFailures:
    """The entries of a YAML/JSON list; a bad entry is a located error (file:line: field)."""
    doc = load_yaml_file(path)
    schemas.check(doc.data, SCHEMA, doc)
    entries = []
    seen: dict[tuple, int] = {}
    for index, raw in enumerate(doc.data):
        identity = tuple(raw.get(k) for k in ("id", "clause", "step", "key"))
        if identity in seen:
            field_name = "id" if "id" in raw else "clause"
            raise doc.error((index, field_name), f"the same entry is listed twice (first as entry {seen[identity]})")
        seen[identity] = index
        line = doc.line_of((index,))
        where = f"{doc.path}:{line}" if line else str(doc.path)
        entries.append(Entry(raw["reason"], raw.get("id"), raw.get("clause"), raw.get("step"), raw.get("key"), where))
    return ExpectedFailures(entries, str(doc.path))
