"""What a campaign keeps of its cases: counts, the indices covered, the failures by diagnosis.

A campaign of a million cases must fit in the memory of a thousand (issue 35): per passing case
it keeps nothing but counts. So a `Tally` holds

- counts by status: in all, per case kind, per track (a kind and its options), and per clause
  (the first divergences charged to it, the cases that applied it and passed: as `check`);
- the indices it ran, as progressions (ranges.py): one per worker, whatever its length;
- per diagnosis (diagnosis.py) the number of failures, the first index, and the entries of the
  first `max_examples` failures, which the campaign shrinks (one counterexample per bug, as
  Hypothesis keeps one example per interesting origin); the other failures are counted only;
- per diagnosis of the failures --expected-failures accepts (xfailed) the count and the first
  index (no example: they are known), at most MAX_DIAGNOSES diagnoses;
- the errored cases: their number and the first MAX_ERRORS_KEPT entries;
- the reasons cases were skipped for, each with its count (at most MAX_SKIP_REASONS_KEPT
  distinct reasons; the report shows the SKIP_REASONS_REPORTED most frequent).

Bounds: at most MAX_DIAGNOSES diagnoses are kept (the failures of any later one are counted in
`other_failures`), so a tally holds at most MAX_DIAGNOSES × max_examples + MAX_ERRORS_KEPT case
entries, each with its mismatch bounded by the runner (results.CaseResult.bound).

`combine` adds tallies in their report form: the workers of one run (`-j`) and the shards of one
campaign (`merge-reports`) alike, so a merged report is the unsharded run's report.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Iterable

from ..results import COMPARED_STATUSES, CaseResult, bounded
from .diagnosis import Diagnosis, diagnosis_of
from .ranges import Coverage, Progression, first_overlap, normalize

STATUSES = ("passed", "passed-partial", "failed", "errored", "skipped", "deselected")
EXPECTATION_STATUSES = ("xfailed", "xpassed", "changed")     # with --expected-failures
COMPARED = COMPARED_STATUSES                # results.py: the one definition
PASSING = ("passed", "passed-partial")
DIAGNOSED = ("failed", "changed")           # the statuses whose failures are diagnosed and shrunk
MAX_DIAGNOSES = 200
MAX_ERRORS_KEPT = 20
MAX_SKIP_REASONS_KEPT = 100                 # distinct skip reasons a tally counts
SKIP_REASONS_REPORTED = 20
SKIP_REASON_LIMIT = 200                     # characters of a reason


class TallyError(ValueError):
    """Tallies that cannot be added: their cases overlap, or an id or index comes twice."""


def status_counts(counter: Counter) -> dict[str, int]:
    """Every status of STATUSES, and those of EXPECTATION_STATUSES that occurred."""
    out = {s: counter.get(s, 0) for s in STATUSES}
    out.update({s: counter[s] for s in EXPECTATION_STATUSES if counter.get(s)})
    return out


class Tally:
    def __init__(self, tracks: list[Any], stride: int, max_examples: int) -> None:
        self.tracks = tracks
        self.max_examples = max_examples
        self.totals: Counter = Counter()
        self.kinds: dict[str, Counter] = {}
        self.by_track = [Counter() for _ in tracks]
        self.clauses: dict[str, list[int]] = {}        # clause -> [first divergences, applied and passed]
        self.coverage = Coverage(stride)
        self.diagnoses: dict[Diagnosis, dict[str, Any]] = {}
        self.other_failures = 0
        self.errors: dict[str, Any] = {"count": 0, "examples": []}
        self.skip_reasons: Counter = Counter()
        self.accepted: dict[Diagnosis, dict[str, Any]] = {}    # xfailed, by diagnosis

    @property
    def cases(self) -> int:
        return sum(self.totals.values())

    def add(self, index: int | None, track: int, entry: dict[str, Any], result: CaseResult) -> bool:
        """Count one case (`entry`: its report form). True when it is one of the first failures of
        its diagnosis: its entry is kept, and the caller adds its counterexample to it."""
        status = result.status
        self.totals[status] += 1
        self.kinds.setdefault(entry["kind"], Counter())[status] += 1
        self.by_track[track][status] += 1
        if index is not None:
            self.coverage.add(index)
        if result.mismatch and status in ("failed", "xfailed", "changed"):
            for clause in dict.fromkeys(result.mismatch.get("clauses") or ()):
                self.clauses.setdefault(clause, [0, 0])[0] += 1
        elif status in PASSING:
            for clause in result.applied:
                self.clauses.setdefault(clause, [0, 0])[1] += 1
        if status in DIAGNOSED:
            return self.add_failure(index, entry, diagnosis_of(result.mismatch))
        if status == "errored":
            self.errors["count"] += 1
            if len(self.errors["examples"]) < MAX_ERRORS_KEPT:
                self.errors["examples"].append(entry)
        elif status == "xfailed":
            self.add_accepted(index, diagnosis_of(result.mismatch))
        elif status == "skipped":
            reason = bounded(result.message, SKIP_REASON_LIMIT)
            if reason in self.skip_reasons or len(self.skip_reasons) < MAX_SKIP_REASONS_KEPT:
                self.skip_reasons[reason] += 1
        return False

    def add_failure(self, index: int | None, entry: dict[str, Any], diagnosis: Diagnosis) -> bool:
        entry["diagnosis"] = diagnosis.as_dict()
        record = self.diagnoses.get(diagnosis)
        if record is None:
            if len(self.diagnoses) >= MAX_DIAGNOSES:
                self.other_failures += 1
                return False
            record = self.diagnoses[diagnosis] = {"diagnosis": diagnosis.as_dict(), "label": diagnosis.label(),
                                                  "count": 0, "first_index": index, "examples": []}
        record["count"] += 1
        if len(record["examples"]) >= self.max_examples:
            return False
        record["examples"].append(entry)
        return True

    def add_accepted(self, index: int | None, diagnosis: Diagnosis) -> None:
        record = self.accepted.get(diagnosis)
        if record is None:
            if len(self.accepted) >= MAX_DIAGNOSES:
                return                          # counted in the totals only
            record = self.accepted[diagnosis] = {"diagnosis": diagnosis.as_dict(), "label": diagnosis.label(),
                                                 "count": 0, "first_index": index}
        record["count"] += 1

    def part(self) -> dict[str, Any]:
        """This tally in the report's form (see combine)."""
        return {"totals": dict(self.totals),
                "kinds": {kind: dict(counts) for kind, counts in self.kinds.items()},
                "tracks": [dict(counts) for counts in self.by_track],
                "clauses": {c: {"first_divergences": n[0], "applied_and_passed": n[1]} for c, n in self.clauses.items()},
                "ranges": [p.as_dict() for p in self.coverage.progressions],
                "diagnoses": list(self.diagnoses.values()),
                "other_failures": self.other_failures,
                "errors": self.errors,
                "skip_reasons": [{"reason": r, "count": n} for r, n in self.skip_reasons.items()],
                "accepted": list(self.accepted.values())}


def combine(parts: Iterable[dict[str, Any]], tracks: list[dict[str, Any]], max_examples: int) -> dict[str, Any]:
    """The report fields of several tallies' parts (workers, or shard reports) added up: counts
    summed, ranges joined, per diagnosis the first `max_examples` failures by index. Raises
    TallyError when two parts ran the same index or keep the same case id."""
    parts = list(parts)
    totals: Counter = Counter()
    kinds: dict[str, Counter] = {}
    by_track = [Counter() for _ in tracks]
    clauses: dict[str, Counter] = {}
    progressions: list[Progression] = []
    diagnoses: dict[tuple, dict[str, Any]] = {}
    other_failures = 0
    errors: list[dict[str, Any]] = []
    error_count = 0
    skip_reasons: Counter = Counter()
    accepted: dict[tuple, dict[str, Any]] = {}
    for part in parts:
        totals.update(part["totals"])
        for kind, counts in part["kinds"].items():
            kinds.setdefault(kind, Counter()).update(counts)
        for position, counts in enumerate(part["tracks"]):
            by_track[position].update(counts)
        for clause, counts in part["clauses"].items():
            clauses.setdefault(clause, Counter()).update(counts)
        progressions += [Progression.from_dict(p) for p in part["ranges"]]
        for record in part["diagnoses"]:
            key = Diagnosis.from_dict(record["diagnosis"])
            into = diagnoses.setdefault(key, {**record, "count": 0, "first_index": None, "examples": []})
            into["count"] += record["count"]
            into["first_index"] = _earliest(into["first_index"], record["first_index"])
            into["examples"] += record["examples"]
        other_failures += part["other_failures"]
        error_count += part["errors"]["count"]
        errors += part["errors"]["examples"]
        for item in part["skip_reasons"]:
            skip_reasons[item["reason"]] += item["count"]
        for record in part.get("accepted", ()):
            into = accepted.setdefault(Diagnosis.from_dict(record["diagnosis"]), {**record, "count": 0, "first_index": None})
            into["count"] += record["count"]
            into["first_index"] = _earliest(into["first_index"], record["first_index"])
    shared = first_overlap(progressions)
    if shared is not None:
        p, q, index = shared
        raise TallyError(f"case {index} was run twice (in {p.text()} and in {q.text()})")
    _refuse_repeated_cases([e for r in diagnoses.values() for e in r["examples"]] + errors)
    kept = sorted(diagnoses.values(), key=lambda r: (_order(r["first_index"]), r["label"]))
    for record in kept[MAX_DIAGNOSES:]:
        other_failures += record["count"]
    kept = kept[:MAX_DIAGNOSES]
    for record in kept:
        record["examples"] = sorted(record["examples"], key=_entry_order)[:max_examples]
    errors = sorted(errors, key=_entry_order)[:MAX_ERRORS_KEPT]
    return {"totals": status_counts(totals),
            "cases": sum(totals.values()),
            "compared": sum(totals.get(s, 0) for s in COMPARED),
            "coverage": {"kinds": {k: status_counts(kinds[k]) for k in sorted(kinds)},
                         "tracks": [{**track, "totals": status_counts(counts)} for track, counts in zip(tracks, by_track)],
                         "clauses": {c: {"first_divergences": clauses[c]["first_divergences"],
                                         "applied_and_passed": clauses[c]["applied_and_passed"]}
                                     for c in sorted(clauses)}},
            "ranges": [p.as_dict() for p in normalize(progressions)],
            "diagnoses": kept,
            "other_failures": other_failures,
            "errors": {"count": error_count, "examples": errors},
            "skip_reasons": [{"reason": r, "count": n} for r, n in
                             sorted(skip_reasons.items(), key=lambda x: (-x[1], x[0]))[:SKIP_REASONS_REPORTED]],
            **({"accepted": sorted(accepted.values(), key=lambda r: (_order(r["first_index"]), r["label"]))[:MAX_DIAGNOSES]}
               if accepted else {})}


def _order(index: int | None) -> int:
    return -1 if index is None else index


def _earliest(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else min(a, b)


def _entry_order(entry: dict[str, Any]) -> tuple:
    return (_order(entry.get("index")), entry["kind"], entry["id"])


def _refuse_repeated_cases(entries: list[dict[str, Any]]) -> None:
    """No case twice: by index, and by id and options (one seed replayed under several option
    sets is one id on several tracks)."""
    seen: dict[Any, dict[str, Any]] = {}
    for entry in entries:
        index = entry.get("index")
        for key in ((entry["id"], json.dumps(entry.get("options") or {}, sort_keys=True)), index):
            if key is None:
                continue
            if key in seen:
                raise TallyError(f"the case {entry['id']} (index {index}) is kept twice "
                                 f"(also as {seen[key]['id']}, index {seen[key].get('index')})")
            seen[key] = entry
