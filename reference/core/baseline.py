"""Baselines of expected failures, written from a run and updated from the next one.

`plan` decides what a run changes in a baseline; `write_baseline` writes it, keeping what people
wrote. `horserace baseline record|update` and the pytest plugin's `--horserace-update-expected`
both call `update_baseline`.

What a run changes (every failing case gets the finest entry the run supports):

- a failing case (failed, xfailed or changed in the run) gets an entry of its own, by exact id,
  pinning its diagnosis: the attributed clauses, the first divergent step, a differing key and
  each differing field with the value given (`actual`), or a digest of them when they are many;
- an exact-id entry of a failing case keeps its reason and comments, and its pins are refreshed
  (`re-pinned` when the failure moved); one whose case now passes is dropped (fixed); one whose
  case was skipped, errored or not run is kept as it is;
- a new entry takes the reason of a glob or clause entry that covered the case, else the reason
  `REASON_TO_FILL`, for the reviewer to fill in;
- glob and clause entries stay (a net for failures to come) unless the run shows them stale;
  an entry `skipped: true` stays while one of its cases is still not compared;
- `compared` becomes the cases the run compared, plus those of the old baseline the run did not
  select; an errored case is recorded nowhere (a crash is not a known difference).

Writing keeps the text of the file: pyyaml cannot write comments back, so the file is edited as
lines. The lines before the first entry, every entry that is kept, and the comment lines directly
above an entry (its own) stay byte for byte; a re-pinned entry keeps the lines of its `id`,
`reason` and other non-pin fields with their comments, and only its pin lines are written anew.
`compared` is written anew (machine data). A file whose entries are not one per block (flow
style, `- {id: ...}`) or JSON is written anew with the reasons kept as data, and the summary says
that its comments could not be kept.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from . import schemas
from .errors import HorseRaceError
from .expected_failures import (REASON_TO_FILL, Diagnosis, Entry, ExpectedFailures, load_document,
                                load_expected_failures, shown_path)
from .results import CaseResult

PIN_KEYS = ("clauses", "step", "key", "actual", "digest")
MAX_LISTED_VALUES = 4           # more differences than this, or longer values, are pinned by digest
MAX_LISTED_CHARACTERS = 600
SUMMARY_LINES = 40              # per group of changes; the rest are counted


class BaselineError(HorseRaceError):
    """A run report or a baseline that cannot be used."""


# -- the run -----------------------------------------------------------------------------------------

@dataclass
class RunCase:
    id: str
    outcome: str                    # failing | passing | skipped | errored
    clauses: list[str]
    mismatch: dict[str, Any] | None = None
    message: str = ""
    game: str = ""
    kind: str = ""


def outcome_of(case: dict[str, Any]) -> str:
    """What the case did, whatever an earlier baseline made of it."""
    status = case["status"]
    if status in ("failed", "xfailed", "changed") and case.get("mismatch"):
        return "failing"
    if status in ("passed", "passed-partial", "xpassed"):
        return "passing"
    if status == "errored":
        return "errored"
    return "skipped"                # skipped, or changed because a compared case is now skipped


def read_run(path: Path) -> tuple[list[RunCase], dict[str, Any]]:
    """The cases of a `check --json` report or of a `fuzz --jsonl` stream (a `.jsonl` file), and
    the implementation the report names. A `fuzz --json` report keeps the first failures of
    each diagnosis only, not every case: it is refused, naming the stream to use instead."""
    if path.suffix.lower() == ".jsonl":
        return read_stream(path), {}
    from .json_reports import read_report
    data = read_report(path, "a report of `horserace check --json` or `fuzz --json`", report_schema,
                       MAX_RUN_REPORT_BYTES, BaselineError)
    if report_schema(data) == FUZZ_SCHEMA:
        raise BaselineError(f"{path}: a `fuzz --json` report counts the cases and keeps the first failures of "
                            "each diagnosis only: record the baseline from the campaign's stream of every case "
                            "(`horserace fuzz ... --jsonl run.jsonl`, then `horserace baseline record run.jsonl`)")
    return run_cases_of(data["cases"]), data.get("implementation", {})


FUZZ_SCHEMA = "fuzz-report.schema.json"
MAX_RUN_REPORT_BYTES = 256 * 1024 * 1024    # as `horserace report` reads a check report


def report_schema(data: Any) -> str:
    """The schema a report says it follows: a fuzz report's, else a check report's."""
    schema = data.get("schema", "") if isinstance(data, dict) else ""
    return FUZZ_SCHEMA if str(schema).endswith(FUZZ_SCHEMA) else "report.schema.json"


JSONL_LINE = {"$ref": "https://horserace.invalid/schema/fuzz-report.schema.json#/$defs/jsonlLine"}


def read_stream(path: Path) -> list[RunCase]:
    """The cases of a `fuzz --jsonl` stream, read a line at a time (its counterexample lines
    are not cases); each line strict JSON of the schema's jsonlLine."""
    from . import strict_json

    check = schemas.validator("fuzz-report.schema.json").evolve(schema=JSONL_LINE)
    cases: list[dict[str, Any]] = []
    try:
        with path.open("rb") as stream:
            for number, raw in enumerate(stream, 1):
                if not raw.strip():
                    continue
                try:
                    line = strict_json.loads(raw)
                except strict_json.JsonProblem as exc:
                    raise BaselineError(f"{path}:{number}: not a JSON line: {exc.message}") from None
                problem = next(iter(check.iter_errors(line)), None)
                if problem is not None:
                    raise BaselineError(f"{path}:{number}: not a line of `horserace fuzz --jsonl`: "
                                        f"{problem.message[:300]}")
                if "case" in line:
                    cases.append(line["case"])
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read the stream ({exc.strerror or exc})") from None
    return run_cases_of(cases)


def run_cases_of(cases: Iterable[dict[str, Any]], game: str = "") -> list[RunCase]:
    return [RunCase(c["id"], outcome_of(c), list(c.get("clauses") or ()), c.get("mismatch"),
                    c.get("message", ""), c.get("game", game), c.get("kind", "")) for c in cases]


# -- the plan ----------------------------------------------------------------------------------------

def pins_of(mismatch: dict[str, Any]) -> dict[str, Any]:
    """The finest pins a report's mismatch supports, in the order they are written."""
    d = Diagnosis.of(mismatch)
    pins: dict[str, Any] = {"clauses": list(d.clauses), "step": d.step, "key": d.keys[0]}
    listed = d.actual_map()
    if (listed is not None and len(listed) <= MAX_LISTED_VALUES and not d.more
            and sum(len(k) + len(v) for k, v in listed.items()) <= MAX_LISTED_CHARACTERS):
        pins["actual"] = listed
    else:
        pins["digest"] = d.digest
    return pins


@dataclass
class Planned:
    """One entry of the new baseline: an old entry kept (maybe re-pinned), or a new one."""
    data: dict[str, Any]            # the entry as written (field order kept)
    old: Entry | None = None        # the entry of the old file it comes from
    repinned: bool = False


@dataclass
class Change:
    kind: str                       # new | new-inherited | re-pinned | fixed | stale | kept-not-run
    line: str


@dataclass
class Plan:
    entries: list[Planned]
    compared: list[str]
    changes: list[Change] = field(default_factory=list)
    errored: list[RunCase] = field(default_factory=list)
    compared_added: list[str] = field(default_factory=list)
    compared_removed: list[str] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(1 for c in self.changes if c.kind == kind)


def entry_data(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("id", "clause"):
        if getattr(entry, name) is not None:
            out[name] = getattr(entry, name)
    out["reason"] = entry.reason
    if entry.skipped:
        out["skipped"] = True
    for name in PIN_KEYS:
        value = getattr(entry, name)
        if value is not None:
            out[name] = list(value) if name == "clauses" else value
    return out


def plan(old: ExpectedFailures | None, run: list[RunCase], known: Any = None) -> Plan:
    """What the run changes in the baseline `old` (None: a new baseline)."""
    old = old or ExpectedFailures()
    by_id = {c.id: c for c in run}
    results = [CaseResult(c.id, c.game, c.kind, {"failing": "failed", "passing": "passed"}.get(c.outcome, c.outcome),
                          c.clauses, mismatch=c.mismatch) for c in run]
    stale = {p.entry.index for p in old.verdict(results, known).errors if p.entry is not None and p.kind == "stale"}
    entries: list[Planned] = []
    pinned_ids: set[str] = set()
    changes: list[Change] = []
    for entry in old.entries:
        if entry.id is not None and not entry.is_glob and not entry.skipped:
            case = by_id.get(entry.id)
            if case is None or case.outcome in ("skipped", "errored"):
                entries.append(Planned(entry_data(entry), entry))
                pinned_ids.add(entry.id)
                if case is not None:
                    changes.append(Change("kept-not-run", f"{entry.id} ({entry.where}): kept as it is, the case was "
                                                          f"{case.outcome} in this run"))
            elif case.outcome == "passing":
                changes.append(Change("fixed", f"- {entry.id} ({entry.where}: {entry.reason})"))
            else:
                pins = pins_of(case.mismatch or {})
                was = entry_data(entry)
                data = {k: v for k, v in was.items() if k not in PIN_KEYS}
                if "clause" in data and data["clause"] not in Diagnosis.of(case.mismatch or {}).attributed:
                    del data["clause"]          # the failure left that clause: `clauses` says where it is now
                repinned = {k: v for k, v in was.items() if k in PIN_KEYS or k == "clause"} != \
                    {**pins, **({"clause": data["clause"]} if "clause" in data else {})}
                entries.append(Planned({**data, **pins}, entry, repinned))
                pinned_ids.add(entry.id)
                if repinned:
                    changes.append(Change("re-pinned", f"~ {entry.id} ({entry.where}): "
                                                       f"{describe_pins(was)} -> {describe_pins(pins)}"))
        elif entry.index in stale:
            what = "no longer skipped" if entry.skipped else "matched nothing"
            changes.append(Change("stale", f"- {entry.describe()} ({entry.where}: {entry.reason}): {what}"))
        else:
            entries.append(Planned(entry_data(entry), entry))
    for case in run:
        if case.outcome != "failing" or case.id in pinned_ids:
            continue
        d = Diagnosis.of(case.mismatch or {})
        covering = [e for e in old.covering(case.id, d) if e.id is None or e.is_glob]
        reason = covering[0].reason if covering else REASON_TO_FILL
        pins = pins_of(case.mismatch or {})
        entries.append(Planned({"id": case.id, "reason": reason, **pins}))
        pinned_ids.add(case.id)
        if covering:
            changes.append(Change("new-inherited", f"+ {case.id}: {describe_pins(pins)} (reason of {covering[0].where})"))
        else:
            changes.append(Change("new", f"+ {case.id}: {describe_pins(pins)}"))
    run_compared = {c.id for c in run if c.outcome in ("passing", "failing")}
    before = set(old.compared or ())
    compared = sorted(run_compared | (before - set(by_id)))
    result = Plan(entries, compared, changes, [c for c in run if c.outcome == "errored"])
    if old.compared is not None:
        result.compared_added = sorted(set(compared) - before)
        result.compared_removed = sorted(before - set(compared))
    return result


def describe_pins(data: dict[str, Any]) -> str:
    parts = []
    if data.get("step") is not None:
        parts.append(f"step {data['step']}")
    if data.get("clauses") is not None:
        parts.append(f"attributed to {', '.join(data['clauses']) or '-'}")
    if data.get("actual"):
        parts.append("; ".join(f"{k} = {v}" for k, v in data["actual"].items()))
    elif data.get("digest"):
        parts.append(f"{data.get('key', '')} differences {data['digest']}".strip())
    elif data.get("key"):
        parts.append(f"key {data['key']}")
    return ", ".join(parts) or "(no pins)"


# -- writing -----------------------------------------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
_SAFE_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9 _.,;()/'+=<>-]*[A-Za-z0-9.)]\Z")
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


def scalar(value: Any) -> str:
    """A value as a YAML scalar that reads back as the same value (strings quoted when needed;
    a JSON string is a YAML double-quoted scalar)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if (_PLAIN.match(text) or _SAFE_TEXT.match(text)) and text.lower() not in _YAML_WORDS \
            and not re.fullmatch(r"[-+.\d].*", text) and ": " not in text and " #" not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def entry_lines(data: dict[str, Any], indent: int, only: Iterable[str] | None = None) -> list[str]:
    """The entry in block style, `- ` at column `indent`; `only`: just these fields, as the
    continuation lines of an entry (no `- `)."""
    pad = " " * (indent + 2)
    out = []
    for name, value in data.items():
        if only is not None and name not in only:
            continue
        if name == "clauses":
            text = f"{name}: [{', '.join(scalar(v) for v in value)}]"
        elif name == "actual":
            text = f"{name}:\n" + "\n".join(f"{pad}  {scalar(k)}: {scalar(v)}" for k, v in value.items())
        else:
            text = f"{name}: {scalar(value)}"
        out.append(pad + text)
    if only is None and out:
        out[0] = " " * indent + "- " + out[0][indent + 2:]
    return out


@dataclass
class Layout:
    """Where the parts of a YAML baseline are, by line (0-based indices into its lines)."""
    lines: list[str]
    prelude: list[str]                          # before the first entry (or the whole file)
    spans: list[tuple[int, int, int]]           # per entry: own comments start, content start, content end
    gaps: list[list[str]]                       # free lines after each entry's content
    indent: int
    key_lines: list[dict[str, int]]             # per entry: field -> line index
    has_section: bool                           # `expected_failures:` is written


def layout_of(text: str, doc: Any) -> Layout | None:
    """The file's layout, or None when its entries are not one block each (flow style)."""
    lines = text.splitlines()
    data = doc.data
    prefix: tuple = ("expected_failures",) if isinstance(data, dict) else ()
    entries = data["expected_failures"] if isinstance(data, dict) else data
    if isinstance(data, dict) and list(data) != [k for k in ("expected_failures", "compared") if k in data]:
        return None                             # `compared` first: not the order this writer keeps
    end = len(lines)
    if isinstance(data, dict) and "compared" in data:
        end = doc.lines[("compared",)] - 1
    starts = []
    key_lines: list[dict[str, int]] = []
    for index, entry in enumerate(entries):
        start = doc.lines.get((*prefix, index))
        keys = {name: doc.lines.get((*prefix, index, name)) for name in entry}
        if start is None or None in keys.values() or len(set(keys.values())) != len(keys):
            return None
        if not lines[start - 1].lstrip().startswith("- ") or min(keys.values()) != start:
            return None
        starts.append(start - 1)
        key_lines.append({name: line - 1 for name, line in keys.items()})
    if not entries:
        return None                             # `[]`: nothing to keep but comments, written anew
    indent = len(lines[starts[0]]) - len(lines[starts[0]].lstrip())
    spans, gaps = [], []
    bounds = starts[1:] + [end]
    own_start = leading_comments(lines, 0, starts[0])
    prelude = lines[:own_start]
    for index, start in enumerate(starts):
        stop = bounds[index]
        content_end = stop
        while content_end > start + 1 and is_free(lines[content_end - 1]):
            content_end -= 1
        next_own = leading_comments(lines, content_end, stop) if index + 1 < len(starts) else stop
        spans.append((own_start, start, content_end))
        gaps.append(lines[content_end:next_own])
        own_start = next_own
    return Layout(lines, prelude, spans, gaps, indent, key_lines, isinstance(data, dict))


def is_free(line: str) -> bool:
    return not line.strip() or line.lstrip().startswith("#")


def leading_comments(lines: list[str], low: int, start: int) -> int:
    """Where the comment lines directly above line `start` begin (no blank line between)."""
    first = start
    while first > low and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    return first


def repinned_lines(layout: Layout, index: int, data: dict[str, Any]) -> list[str]:
    """An old entry with its non-pin fields' lines (and their comments) as they were, and its
    pins written anew after them."""
    own_start, start, content_end = layout.spans[index]
    keys = sorted(layout.key_lines[index].items(), key=lambda item: item[1])
    kept = layout.lines[own_start:start]
    for position, (name, line) in enumerate(keys):
        stop = keys[position + 1][1] if position + 1 < len(keys) else content_end
        if name in data and name not in PIN_KEYS:
            kept += layout.lines[line:stop]
    if not kept[len(layout.lines[own_start:start]):] or not kept[len(layout.lines[own_start:start])].lstrip().startswith("- "):
        return layout.lines[own_start:start] + entry_lines(data, layout.indent)   # its first field was a pin
    return kept + entry_lines(data, layout.indent, only=PIN_KEYS)


def yaml_text(plan_: Plan, layout: Layout | None, header: list[str]) -> str:
    if layout is None:
        out = header + ["expected_failures:"]
        for planned in plan_.entries:
            out += entry_lines(planned.data, 0)
    else:
        out = list(layout.prelude)
        if not layout.has_section:
            out.append("expected_failures:")
        by_old = {p.old.index: p for p in plan_.entries if p.old is not None}
        for index in range(len(layout.spans)):
            planned = by_old.get(index)
            own_start, start, content_end = layout.spans[index]
            if planned is not None and not planned.repinned:
                out += layout.lines[own_start:content_end]
            elif planned is not None:
                out += repinned_lines(layout, index, planned.data)
            out += layout.gaps[index]
        for planned in plan_.entries:
            if planned.old is None:
                out += entry_lines(planned.data, layout.indent)
    out.append("compared:")
    out += [f"- {case_id}" for case_id in plan_.compared]
    return "\n".join(out) + "\n"


def json_text(plan_: Plan) -> str:
    return json.dumps({"expected_failures": [p.data for p in plan_.entries], "compared": plan_.compared},
                      indent=1, ensure_ascii=False) + "\n"


def header_lines(implementation: dict[str, Any], run_name: str) -> list[str]:
    named = implementation.get("implementation") if isinstance(implementation, dict) else None
    who = " ".join(str(named.get(k)) for k in ("name", "version") if isinstance(named, dict) and named.get(k))
    return [f"# Expected failures of {who or 'the implementation'}: its baseline, written by `horserace baseline` "
            f"from {run_name}.",
            "# Each entry pins the failure it accepts (the attributed clauses, the first divergent step, a",
            "# differing key and the values given, or a digest of them): a failure that moves is reported as",
            "# changed. Fill in every reason; `horserace baseline update` keeps reasons and comments.",
            "# `compared`: the cases the run compared; one of them skipped later fails the run."]


def opening_comments(text: str) -> list[str]:
    """The comment lines a file begins with."""
    out = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        out.append(line)
    return out


def write_atomically(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@dataclass
class Written:
    plan: Plan
    path: Path
    created: bool
    comments_kept: bool
    note: str = ""


def update_baseline(path: Path, run: list[RunCase], implementation: dict[str, Any] | None = None,
                    run_name: str = "a run", known: Any = None, create: bool = True) -> Written:
    """Write the baseline at `path` from the run: a new file when there is none (if `create`),
    else the old one updated (see the module's docstring)."""
    exists = path.exists()
    if not exists and not create:
        raise BaselineError(f"{shown_path(path)}: no such baseline (`horserace baseline record` writes a new one)")
    old = load_expected_failures(path) if exists else None
    result = plan(old, run, known)
    note = ""
    if path.suffix.lower() == ".json":
        text, kept = json_text(result), True           # JSON has no comments to keep
    elif not exists:
        text, kept = yaml_text(result, None, header_lines(implementation or {}, run_name)), True
    else:
        raw = path.read_text(encoding="utf-8")
        layout = layout_of(raw, load_document(path))
        kept = layout is not None
        if layout is None:
            note = ("its comments could not be kept: the entries are not one block each (flow style, "
                    "`- {id: ...}`, or `compared` before them); rewritten in block style, every reason kept")
        text = yaml_text(result, layout, opening_comments(raw) if layout is None else [])
    write_atomically(path, text)
    return Written(result, path, not exists, kept, note)


# -- the summary --------------------------------------------------------------------------------------

def summary(written: Written, record: bool) -> list[str]:
    p = written.plan
    name = shown_path(written.path)
    verb = "recorded" if written.created else "updated"
    out = [f"horserace baseline: {verb} {name}: {len(p.entries)} entr{'y' if len(p.entries) == 1 else 'ies'}, "
           f"{len(p.compared)} compared case(s)"]
    groups = [("new", "new failures, a reason to fill in"), ("new-inherited", "new failures, reason of the entry that covered them"),
              ("re-pinned", "re-pinned (the failure moved; reason and comments kept): review these"),
              ("fixed", "fixed: the case passes, entry dropped"), ("stale", "stale entries dropped"),
              ("kept-not-run", "kept as they are (their cases were skipped or errored in this run)")]
    for kind, title in groups:
        lines = [c.line for c in p.changes if c.kind == kind]
        if not lines:
            continue
        out.append(f"  {title}: {len(lines)}")
        if written.created:
            clauses = Counter(clause for planned in p.entries for clause in planned.data.get("clauses") or ["-"])
            out.append("    by attributed clause: " + ", ".join(f"{c} {n}" for c, n in clauses.most_common()))
            continue
        out += [f"    {line}" for line in lines[:SUMMARY_LINES]]
        if len(lines) > SUMMARY_LINES:
            out.append(f"    ... {len(lines) - SUMMARY_LINES} more (see the file's diff)")
    if p.compared_added or p.compared_removed:
        out.append(f"  compared: +{len(p.compared_added)} now compared, -{len(p.compared_removed)} no longer "
                   "compared (skipped or errored in this run: accepted)")
        out += [f"    - {case_id}" for case_id in p.compared_removed[:SUMMARY_LINES]]
        if len(p.compared_removed) > SUMMARY_LINES:
            out.append(f"    ... {len(p.compared_removed) - SUMMARY_LINES} more")
    if p.errored:
        out.append(f"  errored, not recorded (a crash or a timeout is not a known difference): {len(p.errored)}")
        out += [f"    ! {c.id}: {c.message[:160]}" for c in p.errored[:SUMMARY_LINES]]
    to_fill = sum(1 for e in p.entries if str(e.data.get("reason", "")).startswith("TODO"))
    if to_fill:
        out.append(f"  {to_fill} reason(s) to fill in: search {name} for 'reason: \"TODO'")
    if written.note:
        out.append(f"  note: {written.note}")
    if not written.created and not p.changes and not p.compared_added and not p.compared_removed:
        out.append("  nothing changed")
    return out
