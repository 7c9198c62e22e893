"""What changed between two snapshots of the vectors, why, and which version step it needs.

Semver for vectors (the suite's promise to an implementer who pins a version):
- *breaking*: a case removed, or a case whose input or expectations changed. A major step from
  1.0 on, a minor step before 1.0.
- *minor*: cases added, or a case's flags changed (what a run that skips a reading selects).
- *patch*: any other byte (descriptions, clauses, sources, headers) with the same meaning.

Each case that moved is grouped by the cause the suite can tell from the vectors themselves: an
interpretation whose reading (the flag's description in the file header) changed, a hand-written
scenario that was edited, a generator that now deals other cases, or, with the same input and
the same readings, the reference's reading of the clauses the moved step applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .snapshot import CaseMark, Snapshot

LEVELS = ("patch", "minor", "major")
INTERPRETATION_ID = re.compile(r"Depends on ([A-Z]+-INT-\d+)")


@dataclass
class CaseChange:
    id: str
    file: str
    change: str             # added | removed | input | expected | flags | metadata
    cause: str
    step: int | None = None
    action: str | None = None
    differences: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "file": self.file, "change": self.change, "cause": self.cause}
        if self.step is not None:
            out["step"] = self.step
            out["action"] = self.action
            out["differences"] = self.differences
        return out


@dataclass
class Changes:
    old: Snapshot
    new: Snapshot
    cases: list[CaseChange]
    files_changed: list[str]          # files whose bytes differ (any change, headers included)

    def of(self, *kinds: str) -> list[CaseChange]:
        return [c for c in self.cases if c.change in kinds]

    @property
    def breaking(self) -> bool:
        return bool(self.of("removed", "input", "expected"))

    def level(self) -> str | None:
        """The smallest version step these changes need, from the old snapshot's version."""
        if self.breaking:
            return "major" if major_of(self.old.version) >= 1 else "minor"
        if self.of("added", "flags"):
            return "minor"
        if self.cases or self.files_changed:
            return "patch"
        return None

    def ids_to_run(self) -> set[str]:
        """The cases an upgrade asks something new of: added, or with another input or expectation."""
        return {c.id for c in self.of("added", "input", "expected")}

    def groups(self) -> list[tuple[str, list[CaseChange]]]:
        """The changes by cause, the breaking ones first, then the largest groups."""
        by_cause: dict[str, list[CaseChange]] = {}
        for change in self.cases:
            by_cause.setdefault(change.cause, []).append(change)
        weight = {"removed": 0, "input": 0, "expected": 0, "added": 1, "flags": 1, "metadata": 2}
        return sorted(by_cause.items(), key=lambda item: (min(weight[c.change] for c in item[1]),
                                                           -len(item[1]), item[0]))

    def counts(self) -> dict[str, int]:
        return {kind: len(self.of(kind)) for kind in ("added", "removed", "input", "expected", "flags", "metadata")}


def major_of(version: str | None) -> int:
    try:
        return int(str(version).split(".")[0])
    except ValueError:
        return 0


def version_tuple(version: str) -> tuple[int, int, int]:
    parts = version.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{version!r} is not a version MAJOR.MINOR.PATCH")
    return int(parts[0]), int(parts[1]), int(parts[2])


def step_between(old: str, new: str) -> str | None:
    """The semver step from `old` to `new` (None: not a step up)."""
    a, b = version_tuple(old), version_tuple(new)
    if b <= a:
        return None
    if b[0] > a[0]:
        return "major"
    return "minor" if b[1] > a[1] else "patch"


def covers(step: str | None, needed: str | None) -> bool:
    if needed is None:
        return True
    return step is not None and LEVELS.index(step) >= LEVELS.index(needed)


def compare(old: Snapshot, new: Snapshot, retired_reasons: dict[str, str] | None = None) -> Changes:
    cases: list[CaseChange] = []
    for case_id, mark in sorted(new.marks.items()):
        before = old.marks.get(case_id)
        if before is None:
            cases.append(CaseChange(case_id, mark.file, "added", added_cause(new, case_id, mark)))
        elif before != mark:
            cases.append(changed(old, new, case_id, before, mark))
    for case_id, mark in sorted(old.marks.items()):
        if case_id not in new.marks:
            reason = (retired_reasons or {}).get(case_id)
            cases.append(CaseChange(case_id, mark.file, "removed",
                                    f"removed: {reason}" if reason else "removed"))
    files_changed = sorted(f for f in set(old.files) | set(new.files)
                           if (old.files.get(f) and old.files[f].sha256) != (new.files.get(f) and new.files[f].sha256))
    return Changes(old, new, cases, files_changed)


def added_cause(new: Snapshot, case_id: str, mark: CaseMark) -> str:
    case = new.case(case_id) or {}
    kind = mark.file.split("/")[-1]
    if "origin" in case:
        return "new scenarios"
    if kind == "probe":
        return "new probes"
    return f"new generated cases ({mark.file})"


def changed(old: Snapshot, new: Snapshot, case_id: str, before: CaseMark, after: CaseMark) -> CaseChange:
    kind = ("input" if before.input != after.input else "expected" if before.expected != after.expected
            else "flags" if before.flags != after.flags else "metadata")
    was, now = old.case(case_id), new.case(case_id)
    change = CaseChange(case_id, after.file, kind, "")
    if kind in ("input", "expected") and was is not None and now is not None:
        first_moved_step(change, new.marks[case_id].file.split("/")[0], was, now)
    change.cause = cause_of(old, new, change, was, now)
    return change


def cause_of(old: Snapshot, new: Snapshot, change: CaseChange, was: dict | None, now: dict | None) -> str:
    """The cause the suite can tell, from the most specific to the most general."""
    if change.change == "metadata":
        return "descriptions, clauses or sources (same input, expectations and flags)"
    reread = reread_interpretations(old, new, change.file, was, now)
    if change.change == "flags":
        return ("interpretation " + ", ".join(reread) + ": which cases depend on it") if reread \
            else "derived flags (which cases depend on a reading)"
    if change.change == "input":
        if now is not None and "origin" in now:
            return "hand-written scenarios edited (their input)"
        return f"generator change ({change.file}): the case now plays another input"
    if reread:
        return "interpretation " + ", ".join(reread) + ": its reading or default changed"
    if now is not None and change.step is not None:
        step_clauses = now.get("step_clauses") or []
        clauses = step_clauses[change.step] if change.step < len(step_clauses) else now.get("clauses", [])
        if clauses:
            return "the reference's reading of " + ", ".join(sorted(clauses))
    if now is not None and now.get("clauses"):
        return "the reference's reading of the case's clauses (" + ", ".join(sorted(now["clauses"])[:4]) + \
            (", ..." if len(now["clauses"]) > 4 else "") + ")"
    return "the reference's reading (the old vectors are not at hand to say which step)"


def reread_interpretations(old: Snapshot, new: Snapshot, file: str, was: dict | None, now: dict | None) -> list[str]:
    """The interpretations behind the case's flags whose reading (the flag's description in the
    file header) changed, or that the case newly depends on or no longer depends on."""
    flags_now = set((now or {}).get("flags") or [])
    flags_was = set((was or {}).get("flags") or []) if was is not None else flags_now
    before, after = old.flag_descriptions(file), new.flag_descriptions(file)
    moved = {flag for flag in flags_now | flags_was
             if flag in flags_now ^ flags_was or (flag in before and flag in after and before[flag] != after[flag])}
    found = sorted({i for flag in moved for i in INTERPRETATION_ID.findall(after.get(flag) or before.get(flag) or "")})
    return found


def first_moved_step(change: CaseChange, game: str, was: dict[str, Any], now: dict[str, Any]) -> None:
    """The first step whose input or expectation differs, with the differences as `check`
    shows them (old as expected, new as actual)."""
    old_steps, new_steps = was.get("input", {}).get("steps", []), now.get("input", {}).get("steps", [])
    old_expected, new_expected = was.get("expected", []), now.get("expected", [])
    for index in range(max(len(old_expected), len(new_expected), len(old_steps), len(new_steps))):
        old_step = old_steps[index] if index < len(old_steps) else None
        new_step = new_steps[index] if index < len(new_steps) else None
        want = old_expected[index] if index < len(old_expected) else None
        got = new_expected[index] if index < len(new_expected) else None
        if old_step == new_step and want == got:
            continue
        change.step = index
        change.action = (new_step or old_step or {}).get("action") if isinstance(new_step or old_step, dict) else None
        change.differences = step_changes(game, old_step, new_step, want, got)
        return


def step_changes(game: str, old_step: Any, new_step: Any, want: Any, got: Any) -> list[dict[str, str]]:
    from ..expect import show
    out = []
    if old_step != new_step:
        out.append({"field": "input", "old": show(old_step), "new": show(new_step)})
    if want == got:
        return out
    if isinstance(want, dict) and isinstance(got, dict):
        try:
            from ..results import step_differences
            found = step_differences(game, want, got, None)
        except Exception:       # a game this installation does not know: compare whole values
            found = []
        if found:
            return out + [{"field": d.field, "old": d.expected, "new": d.actual} for d in found]
    return out + [{"field": "(observation)", "old": show(want), "new": show(got)}]


# -- showing them ------------------------------------------------------------------------------

def text(changes: Changes, show: int = 5) -> str:
    counts = changes.counts()
    level = changes.level()
    lines = [f"Changes from {describe(changes.old)} to {describe(changes.new)}:",
             f"  {counts['added']} added, {counts['removed']} removed, "
             f"{counts['input'] + counts['expected']} changed (input or expectations), "
             f"{counts['flags']} with other flags, {counts['metadata']} with other descriptions only; "
             f"{len(changes.files_changed)} file(s) differ",
             f"  version step this needs: {level or 'none (the same vectors)'}"
             + (" (before 1.0 a breaking change is a minor step)" if changes.breaking and level == "minor" else "")]
    for cause, items in changes.groups():
        kinds = sorted({c.change for c in items})
        lines.append(f"\n{cause}: {len(items)} case(s) ({', '.join(kinds)})")
        for change in items[:show]:
            lines.append(f"  {change.change:8} {change.id}" + (f"  ({change.file})" if change.change in ("added", "removed") else ""))
            if change.step is not None:
                action = f" `{change.action}`" if change.action else ""
                lines.append(f"           step {change.step}{action}:")
                for d in change.differences[:4]:
                    lines.append(f"             {d['field']}: old {d['old']}, new {d['new']}")
                if len(change.differences) > 4:
                    lines.append(f"             ... {len(change.differences) - 4} more difference(s)")
        if len(items) > show:
            lines.append(f"  ... {len(items) - show} more (--show N, or --json for all)")
    return "\n".join(lines)


def describe(snap: Snapshot) -> str:
    version = f" (suite {snap.version})" if snap.version and snap.version != snap.label else ""
    partial = "" if snap.has_cases else " [record only: no step detail]"
    return f"{snap.label}{version}{partial}"


def as_json(changes: Changes) -> dict[str, Any]:
    return {
        "old": {"label": changes.old.label, "suite_version": changes.old.version, "cases_at_hand": changes.old.has_cases},
        "new": {"label": changes.new.label, "suite_version": changes.new.version, "cases_at_hand": changes.new.has_cases},
        "level": changes.level(),
        "counts": changes.counts(),
        "files_changed": changes.files_changed,
        "groups": [{"cause": cause, "cases": [c.as_dict() for c in items]} for cause, items in changes.groups()],
    }


def summary_rows(changes: Changes, examples: int = 10) -> list[dict[str, Any]]:
    """Per cause: counts by kind of change and a few example ids (what a release record keeps)."""
    rows = []
    for cause, items in changes.groups():
        counts: dict[str, int] = {}
        for c in items:
            counts[c.change] = counts.get(c.change, 0) + 1
        rows.append({"cause": cause, "counts": dict(sorted(counts.items())),
                     "examples": [c.id for c in items[:examples]]})
    return rows
