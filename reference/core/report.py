"""Reports of a runner run: text summary, JSON (schema/report.schema.json) and JUnit XML."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from . import schemas
from .errors import HorseRaceError
from .attribution import clause_summary
from .expected_failures import ExpectedFailures
from .expected_failures import load_expected_failures as _load_expected_failures
from .results import STATUSES, CaseResult, bounded
from .version import suite_version

FAILING = ("failed", "errored", "xpassed", "changed")
COMPARED = ("passed", "passed-partial", "failed", "xfailed", "xpassed", "changed")
ANNOUNCEMENT_LIMIT = 32 * 1024   # bytes of the implementation's hello copied into the JSON report
START_ERROR_LIMIT = 1000          # characters of a failed start's message (the command plus its cause)


def counts(results: list[CaseResult]) -> dict[str, int]:
    tally = Counter(r.status for r in results)
    return {status: tally.get(status, 0) for status in STATUSES}


def by_game(results: list[CaseResult]) -> dict[str, dict[str, int]]:
    groups: dict[str, list[CaseResult]] = defaultdict(list)
    for r in results:
        groups[r.game].append(r)
    return {game: counts(rs) for game, rs in sorted(groups.items())}


def by_clause(results: list[CaseResult]) -> dict[str, dict[str, int]]:
    """Per clause: first divergences attributed to it; cases that applied it and passed."""
    return clause_summary(results)


def ok(results: list[CaseResult]) -> bool:
    return not any(r.status in FAILING for r in results)


def compared(results: list[CaseResult]) -> int:
    return sum(1 for r in results if r.status in COMPARED)


def line(c: dict[str, int]) -> str:
    text = ", ".join(f"{c[s]} {s}" for s in STATUSES if c[s] or s in ("passed", "failed"))
    return text + (f", {c['deselected']} deselected" if c.get("deselected") else "")


@dataclass
class RunInfo:
    """What a run selected: the filters used, the cases they left out, the expected-failure check."""
    filters: dict[str, list[str]] = field(default_factory=dict)
    deselected: dict[str, int] = field(default_factory=dict)      # game -> cases left out
    unmatched_expected: list[str] = field(default_factory=list)   # expected-failure entries matching nothing

    @property
    def total_deselected(self) -> int:
        return sum(self.deselected.values())


def divergence_lines(r: CaseResult) -> list[str]:
    m = r.mismatch
    out = [f"  first divergence at step {m['step']} ({m.get('action') or 'setup'}): "
           + ", ".join(dict.fromkeys(d["key"] for d in m.get("differences", ())) or [m["key"]])]
    for d in m.get("differences") or [{"field": m["key"], "expected": m["expected"], "actual": m["actual"]}]:
        out.append(f"    {d['field']}: expected {d['expected']}")
        out.append(f"    {' ' * len(d['field'])}  actual   {d['actual']}")
    if m.get("more_differences"):
        out.append(f"    ... {m['more_differences']} more difference(s) at this step")
    if m.get("later_steps_not_compared"):
        out.append(f"  later steps not compared: {m['later_steps_not_compared']}")
    if "clauses" in m:
        basis = {"counterfactual": "the step re-played with that decision altered reproduces it",
                 "refused": "the reference refuses this step under it",
                 "item": "the clause that produced each differing item",
                 "position": "the given position carries it: no rule of the step changes it",
                 "footprint": "the step's clauses that decide the differing paths",
                 "step": "every clause the step applied", "case": "the step applied none: the case's clauses",
                 "refusal": "a refused step before it changed this; a refusal must leave the state as it was"}
        out.append(f"  attributed to: {', '.join(m['clauses']) or '-'} ({basis.get(m.get('attributed_by'), '')})")
        if "refused_step" in m:
            under = ", ".join(m.get("refused_under") or ()) or "an interpretation"
            out.append(f"  the refused step: {m['refused_step']} (refused under {under})")
        own_paths = sorted({d["path"] for d in m.get("differences", ())})
        if m.get("paths") and m["paths"] != own_paths:
            out.append(f"  by the differing parts: {', '.join(m['paths'])}")
    return out


def text_summary(results: list[CaseResult], show_failures: int = 10, all_clauses: bool = False,
                 info: RunInfo | None = None) -> str:
    info = info or RunInfo()
    out = []
    failing = [r for r in results if r.status in FAILING]
    for r in failing[:show_failures]:
        out.append(f"{r.status.upper()} {r.game} {r.kind} {r.id}")
        if r.mismatch:
            out += divergence_lines(r)
        if r.message:
            out.append(f"  {r.message}")
    if len(failing) > show_failures:
        out.append(f"... {len(failing) - show_failures} more failing case(s); --json has them all")
    for problem in info.unmatched_expected:
        out.append(f"EXPECTED-FAILURE ENTRY MATCHES NOTHING {problem}")
    out.append("per game:")
    games = by_game(results)
    for game in sorted(set(games) | set(info.deselected)):
        c = dict(games.get(game) or counts([]), deselected=info.deselected.get(game, 0))
        out.append(f"  {game}: {line(c)}")
    summary = by_clause(results)
    shown = {k: v for k, v in summary.items() if all_clauses or v["first_divergences"]}
    if shown:
        out.append("per clause: first divergences attributed, cases that applied the clause and passed"
                   + ("" if all_clauses else " (clauses with divergences)") + ":")
        for clause, c in shown.items():
            out.append(f"  {clause}: {c['first_divergences']} first divergence(s), {c['applied_and_passed']} passed")
    if info.filters:
        out.append("selection: " + "; ".join(f"--{k.replace('_', '-')} {' '.join(v)}" for k, v in info.filters.items()))
    out.append(f"total: {line(dict(counts(results), deselected=info.total_deselected))}")
    return "\n".join(out)


def json_report(results: list[CaseResult], implementation: dict[str, Any], started: datetime,
                info: RunInfo | None = None) -> dict[str, Any]:
    info = info or RunInfo()
    games = by_game(results)
    report = {
        "schema": schemas.schema_id("report.schema.json"),
        "suite_version": suite_version(),
        "implementation": bounded_announcement(implementation),
        "started": started.astimezone(timezone.utc).isoformat(timespec="seconds"),
        "selection": {"filters": info.filters, "deselected": info.total_deselected,
                      "deselected_by_game": dict(sorted(info.deselected.items()))},
        "totals": counts(results),
        "games": games,
        "clauses": by_clause(results),
        "expected_failures_unmatched": [bounded(p, 500) for p in info.unmatched_expected],
        "cases": [r.as_dict() for r in results],
    }
    errors = schemas.schema_errors(report, "report.schema.json")
    if errors:  # a bug in the runner, not in the implementation
        raise HorseRaceError(f"internal: the JSON report does not match its schema: {errors[0]}")
    return report


def bounded_announcement(announced: dict[str, Any]) -> dict[str, Any]:
    """The hello as reported: strings capped and printable; an oversized list of games left out."""
    def bound(value: Any) -> Any:
        if isinstance(value, str):
            return bounded(value, 200)
        if isinstance(value, dict):
            return {bounded(str(k), 200): bound(v) for k, v in value.items()}
        if isinstance(value, list):
            return [bound(v) for v in value]
        return value
    out = bound({k: v for k, v in announced.items() if k != "start_error"})
    if "start_error" in announced:
        # the runner's own message, already bounded; cut at 200 it would lose its cause to a long path
        out["start_error"] = bounded(str(announced["start_error"]), START_ERROR_LIMIT)
    if len(json.dumps(out)) > ANNOUNCEMENT_LIMIT:
        out = {k: v for k, v in out.items() if k != "games"}
        out["games"] = f"(left out: the announcement is over {ANNOUNCEMENT_LIMIT} bytes)"
    if len(json.dumps(out)) > ANNOUNCEMENT_LIMIT:
        out = {k: out[k] for k in ("command", "starts", "start_error") if k in out}
        out["note"] = f"(announcement left out: over {ANNOUNCEMENT_LIMIT} bytes)"
    return out


def write_json(path: Path, report: dict[str, Any]) -> None:
    path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def write_junit(path: Path, results: list[CaseResult], info: RunInfo | None = None,
                implementation: dict[str, Any] | None = None) -> None:
    path.write_text(junit_xml(results, info, implementation), encoding="utf-8")


def xml_text(text: str) -> str:
    """Well-formed XML 1.0 whatever the implementation printed: control characters escaped, capped."""
    return bounded(text)


def junit_detail(r: CaseResult) -> str:
    """The reason of an expected failure; otherwise the divergence with its attribution."""
    if r.status == "xfailed" or not r.mismatch:
        return r.message
    m = r.mismatch
    differences = "; ".join(f"{d['field']}: expected {d['expected']}, actual {d['actual']}"
                            for d in m.get("differences") or [{"field": m["key"], "expected": m["expected"],
                                                               "actual": m["actual"]}])
    detail = (f"step {m['step']} ({m.get('action')}): {differences}; "
              f"attributed to {', '.join(m.get('clauses') or r.clauses) or '-'}; "
              f"later steps not compared: {m.get('later_steps_not_compared', 0)}")
    return f"{r.message}; {detail}" if r.message else detail


def junit_xml(results: list[CaseResult], info: RunInfo | None = None,
              implementation: dict[str, Any] | None = None) -> str:
    info = info or RunInfo()
    root = ET.Element("testsuites", name="horserace", tests=str(len(results)))
    properties = ET.SubElement(root, "properties")
    ET.SubElement(properties, "property", name="deselected", value=str(info.total_deselected))
    for name, values in info.filters.items():
        ET.SubElement(properties, "property", name=f"filter.{name}", value=xml_text(" ".join(values)))
    if implementation is not None:
        ET.SubElement(properties, "property", name="implementation",
                      value=xml_text(json.dumps(bounded_announcement(implementation), sort_keys=True)))
    for problem in info.unmatched_expected:
        ET.SubElement(properties, "property", name="expected_failures.unmatched", value=xml_text(problem))
    games: dict[str, list[CaseResult]] = defaultdict(list)
    for r in results:
        games[r.game].append(r)
    for game in sorted(set(games) | set(info.deselected)):
        rs = games.get(game, [])
        c = counts(rs)
        suite = ET.SubElement(root, "testsuite", name=xml_text(game), tests=str(len(rs)),
                              failures=str(c["failed"]), errors=str(c["errored"] + c["xpassed"] + c["changed"]),
                              skipped=str(c["skipped"] + c["xfailed"]))
        suite_properties = ET.SubElement(suite, "properties")
        ET.SubElement(suite_properties, "property", name="deselected", value=str(info.deselected.get(game, 0)))
        for r in rs:
            case = ET.SubElement(suite, "testcase", classname=xml_text(f"{game}.{r.kind}"), name=xml_text(r.id),
                                 time=f"{r.seconds:.6f}")
            detail = xml_text(junit_detail(r))
            if r.status == "failed":
                ET.SubElement(case, "failure", message=detail[:500]).text = detail
            elif r.status in ("errored", "xpassed", "changed"):
                ET.SubElement(case, "error", message=detail[:500]).text = detail
            elif r.status in ("skipped", "xfailed"):
                ET.SubElement(case, "skipped", message=detail[:500])
            elif r.status == "passed-partial":
                ET.SubElement(case, "system-out").text = detail
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def load_expected_failures(path: Path) -> ExpectedFailures:
    return _load_expected_failures(path)
