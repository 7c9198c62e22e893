"""Expected failures that notice change (schema/expected-failures.schema.json).

An entry names cases by `id` (a glob) or by `clause` (a clause the first divergence is
attributed to), says why (`reason`), and may pin the divergence it expects (`step`, `key`).

- A failing case an entry fits (id, clause, step and key all agree) is an expected failure.
- A case an entry lists by id that fails in another way is a *changed failure*: an error,
  because the implementation now misreads something else than the list says.
- A listed case that passes is an error (xpassed): remove it from the list.
- An entry that matches nothing is an error (a typo must not pass); one whose cases were all
  left out of this run by the selection is not.

Loaded with the same bounds as every suite file (size, depth, value count, UTF-8, no control
characters; YAML without anchors, aliases, merge keys or tags) and checked against the schema.
Every problem is a ScenarioError naming the file, the line and the entry
(`xfail.yaml:4: [1].reason: ...`). A `.json` file is read as JSON (numbers, escapes and
duplicate keys as JSON defines them); its lines are found, and the bounds applied, by reading
the same text as YAML, which ordinary JSON is.
"""

from __future__ import annotations

import fnmatch
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from . import schemas
from .errors import ScenarioError
from .results import CaseResult
from .yamlsource import MAX_BYTES, SourceDoc, decode_utf8, load_yaml_file, load_yaml_text

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
        vectors; run_clauses: those of the cases this run selected. (`run_ids` is not needed:
        `apply` marks an id entry used by every case of the run it names, whatever its status,
        so an unused id entry names no case of the run: a typo, or cases only deselected.)"""
        known_ids = list(known_ids)
        known_clauses, run_clauses = set(known_clauses), set(run_clauses)
        out = []
        for entry in self.entries:
            if entry.used:
                continue
            if entry.id is not None:
                if not any(entry.names(i) for i in known_ids):
                    out.append(f"{entry.where}: id {entry.id!r} matches no case")
            elif entry.clause not in known_clauses:
                out.append(f"{entry.where}: clause {entry.clause!r} is exercised by no case")
            elif entry.clause in run_clauses:
                out.append(f"{entry.where}: no failure was attributed to {entry.describe()} "
                           "(fixed? remove the entry)")
        return out


def load_expected_failures(path: Path | str) -> ExpectedFailures:
    """The entries of a YAML/JSON list; a bad entry is a located error (file:line: field)."""
    path = Path(path)
    doc = _load_json(path) if path.suffix.lower() == ".json" else load_yaml_file(path)
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


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key '{key}'")
        out[key] = value
    return out


# A \uD800-\uDFFF escape (half of a surrogate pair, JSON's way to write characters past
# U+FFFF) is refused by YAML readers; an escape preceded by an even run of backslashes is one.
_SURROGATE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _as_yaml(text: str) -> str:
    """The JSON text with the same lines and columns, readable as YAML: tabs as spaces (JSON
    allows a raw tab only between tokens) and surrogate escapes as another six-character
    escape (the YAML reading only locates fields; the data comes from json.loads)."""
    return _SURROGATE_ESCAPE.sub(lambda m: m.group(1) + "\\u0058", text.replace("\t", " "))


def _load_json(path: Path) -> SourceDoc:
    name = str(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError(name, None, "", "no such file") from None
    except OSError as exc:
        raise ScenarioError(name, None, "", f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(name, None, "", f"the file is larger than {MAX_BYTES} bytes, the bound "
                                            "for suite files; split it")
    text = decode_utf8(raw, name)
    # Tabs outside strings are whitespace in JSON (inside strings they must be escaped): as
    # spaces the text reads as YAML with the same lines and columns. Reading it as YAML first
    # applies the loader's bounds (depth, value count, control characters) and locates
    # duplicate keys and unbalanced brackets; json.loads then gives JSON's own meaning.
    located = load_yaml_text(_as_yaml(text), name)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ScenarioError(name, exc.lineno, "", f"malformed JSON: {exc.msg}", exc.colno) from None
    except (ValueError, RecursionError) as exc:
        # NaN/Infinity, integers past Python's digit bound
        raise ScenarioError(name, None, "", f"malformed JSON: {str(exc)[:200]}") from None
    return SourceDoc(path=name, data=data, lines=located.lines)
