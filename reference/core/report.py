"""Reports of a runner run: text summary, JSON (schema/report.schema.json) and JUnit XML."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from . import schemas
from .errors import HorseRaceError
from .expected_failures import expected_failure_reasons
from .results import STATUSES, CaseResult, bounded
from .version import suite_version

FAILING = ("failed", "errored", "xpassed")
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
    groups: dict[str, list[CaseResult]] = defaultdict(list)
    for r in results:
        for clause in r.clauses:
            groups[clause].append(r)
    return {clause: counts(rs) for clause, rs in sorted(groups.items())}


def ok(results: list[CaseResult]) -> bool:
    return not any(r.status in FAILING for r in results)


def line(c: dict[str, int]) -> str:
    return ", ".join(f"{c[s]} {s}" for s in STATUSES if c[s] or s in ("passed", "failed"))


def text_summary(results: list[CaseResult], show_failures: int = 10, all_clauses: bool = False) -> str:
    out = []
    failing = [r for r in results if r.status in FAILING]
    for r in failing[:show_failures]:
        out.append(f"{r.status.upper()} {r.game} {r.kind} {r.id}")
        if r.mismatch:
            m = r.mismatch
            out.append(f"  first divergence at step {m['step']} ({m.get('action') or 'setup'}): {m['key']}")
            out.append(f"    expected: {m['expected']}")
            out.append(f"    actual:   {m['actual']}")
        if r.message:
            out.append(f"  {r.message}")
        out.append(f"  clauses: {', '.join(r.clauses) or '-'}")
    if len(failing) > show_failures:
        out.append(f"... {len(failing) - show_failures} more failing case(s); --json has them all")
    out.append("per game:")
    for game, c in by_game(results).items():
        out.append(f"  {game}: {line(c)}")
    clause_counts = by_clause(results)
    shown = {k: v for k, v in clause_counts.items() if all_clauses or any(v[s] for s in FAILING)}
    if shown:
        out.append("per clause" + ("" if all_clauses else " (clauses with failing cases)") + ":")
        for clause, c in shown.items():
            out.append(f"  {clause}: {line(c)}")
    out.append(f"total: {line(counts(results))}")
    return "\n".join(out)


def json_report(results: list[CaseResult], implementation: dict[str, Any], started: datetime) -> dict[str, Any]:
    report = {
        "schema": schemas.schema_id("report.schema.json"),
        "suite_version": suite_version(),
        "implementation": bounded_announcement(implementation),
        "started": started.astimezone(timezone.utc).isoformat(timespec="seconds"),
        "totals": counts(results),
        "games": by_game(results),
        "clauses": by_clause(results),
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


def write_junit(path: Path, results: list[CaseResult]) -> None:
    path.write_text(junit_xml(results), encoding="utf-8")


def xml_text(text: str) -> str:
    """Well-formed XML 1.0 whatever the implementation printed: control characters escaped, capped."""
    return bounded(text)


def junit_xml(results: list[CaseResult]) -> str:
    root = ET.Element("testsuites", name="horserace", tests=str(len(results)))
    games: dict[str, list[CaseResult]] = defaultdict(list)
    for r in results:
        games[r.game].append(r)
    for game, rs in sorted(games.items()):
        c = counts(rs)
        suite = ET.SubElement(root, "testsuite", name=xml_text(game), tests=str(len(rs)),
                              failures=str(c["failed"]), errors=str(c["errored"] + c["xpassed"]),
                              skipped=str(c["skipped"] + c["xfailed"]))
        for r in rs:
            case = ET.SubElement(suite, "testcase", classname=xml_text(f"{game}.{r.kind}"), name=xml_text(r.id),
                                 time=f"{r.seconds:.6f}")
            detail = r.message
            if r.mismatch:
                m = r.mismatch
                detail = (f"step {m['step']} ({m.get('action')}): {m['key']}: expected {m['expected']}, "
                          f"actual {m['actual']}; clauses {', '.join(r.clauses)}")
            detail = xml_text(detail)
            if r.status == "failed":
                ET.SubElement(case, "failure", message=detail[:500]).text = detail
            elif r.status in ("errored", "xpassed"):
                ET.SubElement(case, "error", message=detail[:500]).text = detail
            elif r.status in ("skipped", "xfailed"):
                ET.SubElement(case, "skipped", message=detail[:500])
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def load_expected_failures(path: Path) -> dict[str, str]:
    """Case id -> reason, from a YAML/JSON expected-failures file (bounded, located errors)."""
    return expected_failure_reasons(path)
