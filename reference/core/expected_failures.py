"""Expected failures, the one judge of them (schema/expected-failures.schema.json).

Every route that judges an implementation (`horserace check`, both routes of the pytest plugin,
`horserace fuzz`) hands each case result to `ExpectedFailures.apply` and the whole run to
`ExpectedFailures.verdict`, so a baseline means the same everywhere.

An entry names cases by `id` (a glob) or by `clause`, says why (`reason`) and may pin the
failure it accepts: `step` (the first divergent step), `key` (a key that differs there),
`clauses` (exactly the clauses the divergence is attributed to, as its step names them: a
failure's `tied` clauses when the run's other failures chose among them), `actual` (each differing field
with the value the implementation gave) or `digest` (a digest of every difference at the step).
A failure's *diagnosis* is what those pins are compared with (`Diagnosis`).

- An entry *covers* a failing case when it names the case by id, or (an entry without id) when
  its clause is among the clauses the divergence is attributed to. A clause charged only by the
  attribution's fallbacks (every clause of the step, or of the case: `FALLBACK_BASES`) is not
  attributed: a clause entry never takes those.
- A failure every covering entry fits is an expected failure (xfailed). A failure some covering
  entry does not fit is a *changed failure*, an error, even when another entry fits it: the
  implementation now misreads something else than the list says.
- A case an id entry names that passes is an error (xpassed: remove the entry).
- A baseline may list the cases it compared (`compared`): one of them that is now skipped is a
  changed case (an error), unless an entry with `skipped: true` names it.
- `verdict`: an entry no result engaged is *stale* (an error: a typo, or a fixed failure) when
  every case that could have engaged it was run; *not exercised* (a note) when none was
  compared, or when some of its cases were left out of the run (deselected, errored).

Loaded with the same bounds as every suite file (size, depth, value count, UTF-8, no control
characters; YAML without anchors, aliases, merge keys or tags) and checked against the schema.
Every problem is a ScenarioError naming the file, the line and the entry
(`xfail.yaml:4: [1].reason: ...`). A `.json` file is read as JSON (numbers, escapes and
duplicate keys as JSON defines them); its lines are found, and the bounds applied, by reading
the same text as YAML, which ordinary JSON is.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from . import schemas, strict_json
from .errors import ScenarioError
from .results import COMPARED_STATUSES, CaseResult
from .yamlsource import MAX_BYTES, SourceDoc, decode_utf8, load_yaml_file, load_yaml_text

SCHEMA = "expected-failures.schema.json"
# How an attribution charged clauses without singling any out: every clause of the step, or
# the case's clauses when the step applied none (reference.core.attribution.attribute).
FALLBACK_BASES = frozenset({"step", "case"})
# The reason `horserace baseline` gives a new entry: the person reviewing the baseline says why.
REASON_TO_FILL = "TODO: say why this failure is accepted"
# Statuses of a case that was run through to a verdict on its answers, or that the
# implementation (or an option it does not offer) left out: none of them can hide a failure.
EXERCISED_STATUSES = COMPARED_STATUSES + ("skipped",)


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as reports write it: relative to the working directory when inside it, so two
    checkouts in different places write the same reports."""
    text = os.fspath(path)
    try:
        relative = os.path.relpath(text)
    except ValueError:              # another drive (Windows)
        return text
    return relative if not relative.startswith(os.pardir) else text


# -- a failure's diagnosis -----------------------------------------------------------------------

@dataclass(frozen=True)
class Diagnosis:
    """What a failure is, as an entry pins it: the first divergent step, the clauses charged,
    the differing keys and the value given in each differing field."""
    step: int | None
    clauses: tuple[str, ...]          # as the step charged them (mismatch["tied"], else ["clauses"]), fallbacks included
    attributed: tuple[str, ...]       # the clauses singled out (none when charged by a fallback)
    keys: tuple[str, ...]
    actual: tuple[tuple[str, str], ...]   # (field, actual value as reported), in report order
    more: int                         # differences counted but not listed (past the report's limit)

    @classmethod
    def of(cls, mismatch: dict[str, Any]) -> Diagnosis:
        """The diagnosis of a mismatch as reports write it (values capped, the differences past
        the report's bound counted), so a baseline recorded from a JSON report pins exactly what
        the judge sees in a run, where the result is not bounded yet."""
        mismatch = as_reported(mismatch)
        # the clauses the step named, before the run's other failures chose among them: what
        # an entry pins must not depend on which other cases the run held
        clauses = tuple(sorted(mismatch.get("tied") or mismatch.get("clauses") or ()))
        attributed = () if mismatch.get("attributed_by") in FALLBACK_BASES else clauses
        differences = mismatch.get("differences") or [
            {"key": mismatch.get("key"), "field": mismatch.get("key"), "actual": mismatch.get("actual")}]
        keys = tuple(dict.fromkeys(str(d.get("key")) for d in differences))
        actual = tuple((str(d.get("field")), str(d.get("actual"))) for d in differences)
        return cls(mismatch.get("step"), clauses, attributed, keys, actual, int(mismatch.get("more_differences") or 0))

    @property
    def digest(self) -> str:
        """Every difference at the step (field and value given), as 16 hex digits of SHA-256."""
        text = json.dumps({"step": self.step, "differences": [list(pair) for pair in self.actual],
                           "more": self.more}, ensure_ascii=False, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()[:16]

    def actual_map(self) -> dict[str, str] | None:
        """field -> value given, or None when a field repeats with another value (then only
        the digest pins it)."""
        out: dict[str, str] = {}
        for name, value in self.actual:
            if out.setdefault(name, value) != value:
                return None
        return out

    def describe(self) -> str:
        values = "; ".join(f"{name} = {value}" for name, value in self.actual[:4])
        more = len(self.actual) - 4 + self.more
        return (f"step {self.step}, attributed to {', '.join(self.clauses) or '-'}"
                + (" (no clause singled out)" if self.clauses and not self.attributed else "")
                + (f", {values}" if values else "") + (f" and {more} more difference(s)" if more > 0 else ""))


def as_reported(mismatch: dict[str, Any]) -> dict[str, Any]:
    """The mismatch as CaseResult.bound leaves it (bounding twice changes nothing)."""
    return CaseResult("", "", "", "failed", mismatch=mismatch).bound().mismatch or {}


# -- entries -------------------------------------------------------------------------------------

@dataclass
class Entry:
    reason: str
    id: str | None = None
    clause: str | None = None
    step: int | None = None
    key: str | None = None
    clauses: tuple[str, ...] | None = None      # exactly these clauses charged
    actual: dict[str, str] | None = None        # exactly these fields differ, with these values
    digest: str | None = None                   # Diagnosis.digest
    skipped: bool = False                       # accepts that the named cases are skipped
    where: str = ""                             # file:line, for messages
    index: int = 0                              # place in the file

    @property
    def is_glob(self) -> bool:
        return self.id is not None and any(ch in self.id for ch in "*?[")

    def names(self, case_id: str) -> bool:
        return self.id is not None and (fnmatch.fnmatchcase(case_id, self.id) if self.is_glob else case_id == self.id)

    def fits(self, d: Diagnosis) -> bool:
        """The failure is the one this entry accepts: every pin agrees."""
        return not self.misfits(d)

    def misfits(self, d: Diagnosis) -> list[str]:
        """The pins the diagnosis does not agree with, each as 'pin: expected, now'."""
        out = []
        if self.clause is not None and self.clause not in d.attributed:
            out.append(f"clause {self.clause} among the attributed clauses")
        if self.clauses is not None and tuple(sorted(self.clauses)) != d.clauses:
            out.append(f"attributed to {', '.join(sorted(self.clauses)) or '-'}")
        if self.step is not None and self.step != d.step:
            out.append(f"step {self.step}")
        if self.key is not None and self.key not in d.keys:
            out.append(f"key {self.key} differing")
        if self.actual is not None and self.actual != d.actual_map():
            out.append("; ".join(f"{name} = {value}" for name, value in self.actual.items()) or "no difference")
        if self.digest is not None and self.digest != d.digest:
            out.append(f"digest {self.digest}")
        return out

    def describe(self) -> str:
        parts = [f"id {self.id}" if self.id is not None else f"clause {self.clause}"]
        if self.id is not None and self.clause is not None:
            parts.append(f"clause {self.clause}")
        if self.clauses is not None:
            parts.append(f"attributed to {', '.join(self.clauses) or '-'}")
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.key is not None:
            parts.append(f"key {self.key}")
        if self.actual is not None:
            parts.append(f"{len(self.actual)} accepted value(s)")
        if self.digest is not None:
            parts.append(f"digest {self.digest}")
        if self.skipped:
            parts.append("skipped")
        return ", ".join(parts)


@dataclass
class Problem:
    """What the verdict says about an entry: an error (the run fails) or a note."""
    kind: str           # stale | unknown | not-exercised
    message: str
    fails: bool
    entry: Entry | None = None


@dataclass
class Verdict:
    problems: list[Problem] = field(default_factory=list)
    reasons_to_fill: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.fails]

    @property
    def notes(self) -> list[Problem]:
        return [p for p in self.problems if not p.fails]

    def ok(self) -> bool:
        return not self.errors


Known = Callable[[], Iterable[tuple[str, Iterable[str]]]]


class ExpectedFailures:
    """The entries of one file, and the judge of results against them."""

    def __init__(self, entries: Sequence[Entry] = (), source: str = "", compared: Iterable[str] | None = None):
        self.entries = list(entries)
        for index, entry in enumerate(self.entries):
            entry.index = index
        self.source = source
        self.compared = frozenset(compared) if compared is not None else None   # the baseline's compared cases
        self._by_id: dict[str, list[Entry]] = {}
        self._globs: list[Entry] = []
        self._by_clause: dict[str, list[Entry]] = {}
        for entry in self.entries:
            if entry.id is None:
                self._by_clause.setdefault(entry.clause or "", []).append(entry)
            elif entry.is_glob:
                self._globs.append(entry)
            else:
                self._by_id.setdefault(entry.id, []).append(entry)

    # -- one case ---------------------------------------------------------------------------------

    def naming(self, case_id: str) -> list[Entry]:
        """The id entries naming the case, in file order."""
        return sorted(self._by_id.get(case_id, []) + [e for e in self._globs if e.names(case_id)],
                      key=lambda e: e.index)

    def covering(self, case_id: str, d: Diagnosis) -> list[Entry]:
        """The entries that speak for this failure: those naming the case, and the clause entries
        of a clause it is attributed to; in file order."""
        found = [e for e in self.naming(case_id) if not e.skipped]
        for clause in d.attributed:
            found += self._by_clause.get(clause, [])
        return sorted(found, key=lambda e: e.index)

    def apply(self, result: CaseResult) -> None:
        """Judge one result against the entries (its status and message change in place)."""
        if result.status == "failed" and result.mismatch:
            d = Diagnosis.of(result.mismatch)
            covering = self.covering(result.id, d)
            if not covering:
                return
            for entry in covering:
                wrong = entry.misfits(d)
                if wrong:
                    result.status = "changed"
                    result.message = (f"changed failure: {entry.where} ({entry.describe()}: {entry.reason}) expects "
                                      f"{'; '.join(wrong)}; now diverges at {d.describe()}: the implementation misreads something "
                                      "else than the entry says (review it; `horserace baseline update` re-pins it)")
                    return
            result.status = "xfailed"
            result.message = f"expected failure: {covering[0].reason}"
        elif result.status in ("passed", "passed-partial"):
            listed = [e for e in self.naming(result.id) if not e.skipped]
            if listed:
                result.status = "xpassed"
                result.message = (f"listed as an expected failure ({listed[0].where}: {listed[0].reason}) "
                                  "but passed: remove it from the list (`horserace baseline update` drops it)")
        elif result.status == "skipped" and self.compared is not None and result.id in self.compared:
            if not any(e.skipped for e in self.naming(result.id)):
                result.status = "changed"
                result.message = (f"compared in the baseline ({self.source}), now skipped: {result.message or '-'}; "
                                  "accept it with `horserace baseline update` or an entry with `skipped: true`")

    # -- the whole run ----------------------------------------------------------------------------

    def verdict(self, results: Iterable[CaseResult], known: Known | None = None, sample: bool = False) -> Verdict:
        """What the run says about the entries. `known`: every case the suite holds, as (id,
        clauses) pairs (called only when an entry needs it); `sample`: the cases are a sample
        (a fuzz campaign), so an entry that matched nothing is a note, never an error: other
        seeds may hold its failures."""
        engagement = Engagement(self)
        for r in results:
            engagement.add(r)
        return engagement.verdict(known, sample)


class Engagement:
    """What a run's results say about the entries of an ExpectedFailures, gathered result by
    result, so a run that keeps no result (a fuzz campaign) is judged as one that keeps them
    all: the entries engaged; per id entry the statuses of the cases it names; per clause of a
    clause entry the compared cases that exercise it and those left out of the run (errored,
    deselected); the clauses exercised; and, unless `keep_ids` is off, the ids run (to count
    the suite's cases a run left out, for a `known` universe). Its size follows the entries,
    not the cases (the ids aside). Engagements of parts of one run add up (`merge`)."""

    def __init__(self, expected: ExpectedFailures, keep_ids: bool = True) -> None:
        self.expected = expected
        self.engaged: set[int] = set()
        self.named: dict[int, set[str]] = {}         # id entry -> statuses of the run's cases it names
        self.compared_with: dict[str, int] = {}      # clause -> compared cases exercising it
        self.left_out_with: dict[str, int] = {}      # clause -> cases of the run exercising it, not exercised
        self.clauses_run: set[str] = set()           # the clauses of the entries that some case of the run has
        self.run_ids: set[str] | None = set() if keep_ids else None

    def add(self, r: CaseResult) -> None:
        e = self.expected
        if self.run_ids is not None:
            self.run_ids.add(r.id)
        naming = e.naming(r.id)
        for entry in naming:
            self.named.setdefault(entry.index, set()).add(r.status)
        if r.status in ("failed", "xfailed", "changed") and r.mismatch:
            self.engaged.update(entry.index for entry in e.covering(r.id, Diagnosis.of(r.mismatch)))
        if r.status in ("passed", "passed-partial", "xpassed"):
            self.engaged.update(entry.index for entry in naming if not entry.skipped)
        if r.status in ("skipped", "changed"):
            self.engaged.update(entry.index for entry in naming if entry.skipped)
        for clause in e._by_clause.keys() & (set(r.clauses) | set(r.applied)):
            self.clauses_run.add(clause)
            if r.status in COMPARED_STATUSES:
                self.compared_with[clause] = self.compared_with.get(clause, 0) + 1
            elif r.status not in EXERCISED_STATUSES:
                self.left_out_with[clause] = self.left_out_with.get(clause, 0) + 1

    def merge(self, other: Engagement) -> None:
        """Add the engagement of another part of the same run (a worker, a shard)."""
        self.engaged |= other.engaged
        for index, statuses in other.named.items():
            self.named.setdefault(index, set()).update(statuses)
        for mine, theirs in ((self.compared_with, other.compared_with), (self.left_out_with, other.left_out_with)):
            for clause, count in theirs.items():
                mine[clause] = mine.get(clause, 0) + count
        self.clauses_run |= other.clauses_run
        if self.run_ids is not None:
            self.run_ids = None if other.run_ids is None else self.run_ids | other.run_ids

    def verdict(self, known: Known | None = None, sample: bool = False) -> Verdict:
        """ExpectedFailures.verdict over the results added (`known` needs the ids kept)."""
        e = self.expected
        verdict = Verdict(reasons_to_fill=sum(entry.reason.startswith("TODO") for entry in e.entries))
        idle = [entry for entry in e.entries if entry.index not in self.engaged]
        if not idle:
            return verdict
        if known is not None and self.run_ids is None:
            raise ValueError("a verdict against every known case needs the ids of the run (keep_ids)")
        universe: dict[str, set[str]] | None = None

        def every_case() -> dict[str, set[str]]:
            """The suite's cases not in the run, with their clauses."""
            nonlocal universe
            if universe is None:
                universe = {case_id: set(clauses) for case_id, clauses in (known() if known else ())
                            if case_id not in (self.run_ids or ())}
            return universe

        not_run: dict[str, list[Entry]] = {}          # id entries whose cases were not compared, by why
        for entry in idle:
            problem = (self._idle_id_entry(entry, every_case) if entry.id is not None
                       else self._idle_clause_entry(entry, every_case))
            if sample and problem.fails:
                problem.fails = False
                problem.message += " (in this sample of cases: not an error)"
            if problem.kind == "not-exercised" and entry.id is not None:
                not_run.setdefault(problem.message.rsplit(": not exercised ", 1)[-1], []).append(entry)
            else:
                verdict.problems.append(problem)
        for why, entries in not_run.items():        # one note per reason, not one per entry of a large baseline
            first = ", ".join(entry.where for entry in entries[:3]) + (", ..." if len(entries) > 3 else "")
            verdict.problems.append(Problem("not-exercised", f"{len(entries)} id entr{'y' if len(entries) == 1 else 'ies'} "
                                                             f"not exercised {why} ({first})", False,
                                            entries[0] if len(entries) == 1 else None))
        return verdict

    def _idle_id_entry(self, entry: Entry, every_case: Callable[[], dict[str, set[str]]]) -> Problem:
        ran = self.named.get(entry.index, set())
        if entry.skipped and ran & set(COMPARED_STATUSES):
            return Problem("stale", f"{entry.where}: {entry.describe()}: the case is no longer skipped "
                                    "(remove the entry)", True, entry)
        if ran:
            return Problem("not-exercised", f"{entry.where}: {entry.describe()}: not exercised (its cases were "
                                            "skipped or errored)", False, entry)
        if not any(entry.names(case_id) for case_id in every_case()):
            return Problem("unknown", f"{entry.where}: id {entry.id!r} matches no case", True, entry)
        return Problem("not-exercised", f"{entry.where}: {entry.describe()}: not exercised (its cases were "
                                        "left out of this run)", False, entry)

    def _idle_clause_entry(self, entry: Entry, every_case: Callable[[], dict[str, set[str]]]) -> Problem:
        clause = entry.clause or ""
        compared = self.compared_with.get(clause, 0)
        if not compared:
            if clause not in self.clauses_run and not any(clause in clauses for clauses in every_case().values()):
                return Problem("unknown", f"{entry.where}: clause {clause!r} is exercised by no case", True, entry)
            return Problem("not-exercised", f"{entry.where}: {entry.describe()}: not exercised (no case of this "
                                            "run that exercises it was compared)", False, entry)
        left_out = self.left_out_with.get(clause, 0) + sum(1 for clauses in every_case().values() if clause in clauses)
        if left_out:
            return Problem("not-exercised", f"{entry.where}: {entry.describe()}: matched nothing in the "
                                            f"{compared} compared case(s) that exercise it, but {left_out} "
                                            "more were left out of this run (deselected or errored): not "
                                            "exercised in full", False, entry)
        return Problem("stale", f"{entry.where}: no failure was attributed to {entry.describe()} in the "
                                f"{compared} compared case(s) that exercise it (fixed? remove the entry: "
                                "`horserace baseline update` drops it)", True, entry)


def known_cases(load_cases: Callable[..., Iterable[dict[str, Any]]] | None = None) -> list[tuple[str, list[str]]]:
    """Every vector case of the suite (`load_cases`: vectors.load_cases unless given) with the
    clauses it exercises: `verdict`'s `known` for a run over the vectors (check, the pytest
    plugin, baseline), read only when an entry matched nothing in the run (an entry may name any
    case, and is wrong only if it names none; a clause entry is stale only if every case
    exercising the clause was run)."""
    from .attribution import applied_clauses

    if load_cases is None:
        from .vectors import load_cases
    return [(c["id"], [*c["clauses"], *applied_clauses(c)]) for c in load_cases(None, validate=False)]


# -- loading ---------------------------------------------------------------------------------------

ENTRY_FIELDS = ("id", "clause", "clauses", "step", "key", "actual", "digest", "skipped")


def load_expected_failures(path: Path | str) -> ExpectedFailures:
    """The entries of a YAML/JSON file: a list of entries, or a baseline (a mapping with
    `expected_failures` and `compared`); a bad entry is a located error (file:line: field)."""
    path = Path(path)
    doc = load_document(path)
    if isinstance(doc.data, dict) and "expected_failures" not in doc.data:
        raise doc.error((), "expected a list of entries (`- id: ...`), or a baseline: a mapping with "
                            "`expected_failures` (and `compared`)")
    schemas.check(doc.data, SCHEMA, doc)
    raw_entries, prefix = (doc.data, ()) if isinstance(doc.data, list) else (doc.data["expected_failures"],
                                                                            ("expected_failures",))
    entries = []
    seen: dict[tuple, int] = {}
    shown = shown_path(doc.path)
    for index, raw in enumerate(raw_entries):
        identity = (raw.get("id"), raw.get("clause"), raw.get("step"), raw.get("key"), bool(raw.get("skipped")))
        if identity in seen:
            field_name = "id" if "id" in raw else "clause"
            raise doc.error((*prefix, index, field_name), f"the same entry is listed twice (first as entry {seen[identity]})")
        seen[identity] = index
        line = doc.line_of((*prefix, index))
        entries.append(Entry(raw["reason"], raw.get("id"), raw.get("clause"), raw.get("step"), raw.get("key"),
                             tuple(raw["clauses"]) if "clauses" in raw else None, raw.get("actual"),
                             raw.get("digest"), bool(raw.get("skipped")), f"{shown}:{line}" if line else shown))
    compared = doc.data.get("compared") if isinstance(doc.data, dict) else None
    return ExpectedFailures(entries, shown, compared)


def load_document(path: Path) -> SourceDoc:
    return _load_json(path) if path.suffix.lower() == ".json" else load_yaml_file(path)


# A \uD800-\uDFFF escape (half of a surrogate pair, JSON's way to write characters past
# U+FFFF) is refused by YAML readers; an escape preceded by an even run of backslashes is one.
_SURROGATE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _as_yaml(text: str) -> str:
    """The JSON text with the same lines and columns, readable as YAML: tabs as spaces (JSON
    allows a raw tab only between tokens) and surrogate escapes as another six-character
    escape (the YAML reading only locates fields; the data comes from strict_json.loads)."""
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
    # duplicate keys and unbalanced brackets; strict JSON (as every JSON input) then gives JSON's
    # own meaning.
    located = load_yaml_text(_as_yaml(text), name)
    try:
        data = strict_json.loads(text)
    except strict_json.JsonProblem as exc:      # NaN/Infinity, integers past Python's digit bound, ...
        raise ScenarioError(name, exc.line, "", f"malformed JSON: {(exc.detail or exc.message)[:200]}",
                            exc.column) from None
    return SourceDoc(path=name, data=data, lines=located.lines)
