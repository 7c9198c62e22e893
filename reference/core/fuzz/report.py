"""Fuzz reports: text, JSON (schema/fuzz-report.schema.json) and JUnit; merging shards.

The JSON report is deterministic: cases sorted by index, no timings or timestamps outside
the one `run` object (start time, seconds, shard, process starts, why the campaign stopped).
`merge` combines the reports of the shards of one campaign into the report the unsharded
run gives: identical byte for byte once `run` is removed.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from .. import schemas
from ..errors import HorseRaceError
from ..results import bounded
from ..version import suite_version

SCHEMA = "fuzz-report.schema.json"
STATUSES = ("passed", "passed-partial", "failed", "errored", "skipped", "xfailed", "changed")
COMPARED = ("passed", "passed-partial", "failed", "xfailed", "changed")
FAILED = ("failed", "changed")      # changed: an expected failure (--expected-failures) diverging otherwise


class MergeError(HorseRaceError):
    """Shard reports that do not make one campaign."""


def case_entry(outcome: Any) -> dict[str, Any]:
    r = outcome.result
    out: dict[str, Any] = {"index": outcome.index, "id": r.id, "seed": outcome.seed, "kind": outcome.track.kind,
                           "status": r.status, "steps": outcome.steps, "numbers": outcome.numbers}
    if outcome.track.options:
        out["options"] = outcome.track.options
    if r.status != "passed":
        out["clauses"] = list(r.clauses)
    if r.message:
        out["message"] = r.message
    if r.mismatch:
        out["mismatch"] = r.mismatch
    if outcome.shrunk:
        s = outcome.shrunk
        out["shrunk"] = {"numbers": s["numbers"], "steps": len(s["case"]["input"]["steps"]),
                         "attempts": s["attempts"], "mismatch": s["result"].mismatch}
        if s.get("scenario"):
            out["shrunk"]["scenario"] = s["scenario"]
        if s.get("scenario_error"):
            out["shrunk"]["scenario_error"] = bounded(s["scenario_error"], 500)
    if outcome.result.status in FAILED and getattr(outcome, "replay", None):
        out["replay"] = outcome.replay
    return out


def implementation_info(announced: dict[str, Any]) -> dict[str, Any]:
    """What identifies the implementation (the same on every machine)."""
    info = announced.get("implementation")
    return {k: bounded(str(v), 200) for k, v in sorted(info.items())} if isinstance(info, dict) else {}


def summarise(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals and the per-clause table of a list of case entries (so merge recomputes them)."""
    tally = Counter(c["status"] for c in cases)
    clauses: dict[str, dict[str, Any]] = {}
    for c in cases:
        if c["status"] not in FAILED:
            continue
        # the campaign case's attribution and the shrunk case's (shrinking keeps any divergence,
        # so the small case may be charged to another clause: both are listed, once per case)
        shrunk = ((c.get("shrunk") or {}).get("mismatch") or {}).get("clauses") or []
        attributed = dict.fromkeys(((c.get("mismatch") or {}).get("clauses") or []) + list(shrunk))
        for clause in attributed:
            entry = clauses.setdefault(clause, {"divergences": 0, "cases": [], "scenarios": []})
            entry["divergences"] += 1
            entry["cases"].append(c["id"])
            scenario = (c.get("shrunk") or {}).get("scenario")
            if scenario:
                entry["scenarios"].append(scenario)
    return {"totals": {s: tally.get(s, 0) for s in STATUSES if tally.get(s) or s not in ("xfailed", "changed")},
            "compared": sum(tally.get(s, 0) for s in COMPARED),
            "clauses": dict(sorted(clauses.items()))}


def json_report(campaign: dict[str, Any], announced: dict[str, Any], outcomes: list[Any],
                run: dict[str, Any]) -> dict[str, Any]:
    cases = [case_entry(o) for o in outcomes]
    report = {"schema": schemas.schema_id(SCHEMA), "suite_version": suite_version(), "campaign": campaign,
              "implementation": implementation_info(announced), **summarise(cases), "cases": cases, "run": run}
    return validated(report)


def validated(report: dict[str, Any]) -> dict[str, Any]:
    errors = schemas.schema_errors(report, SCHEMA)
    if errors:   # a bug in the fuzzer, not in the implementation
        raise HorseRaceError(f"internal: the fuzz report does not match its schema: {errors[0]}")
    return report


def report_text(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def write_json(path: Path, report: dict[str, Any]) -> None:
    path.write_text(report_text(report), encoding="utf-8")


def without_run(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "run"}


# -- merging shard reports -----------------------------------------------------------------

def load_report(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MergeError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise MergeError(f"{path}: not JSON ({exc})") from None
    errors = schemas.schema_errors(data, SCHEMA) if isinstance(data, dict) else ["(root): not an object"]
    if errors:
        raise MergeError(f"{path}: not a fuzz report ({errors[0]})")
    return data


def merge(reports: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """One report from the shards' reports (name, report): every shard i/n of one campaign once."""
    if not reports:
        raise MergeError("no report to merge")
    first_name, first = reports[0]
    shards: dict[int, str] = {}
    count = None
    for name, report in reports:
        for key in ("campaign", "implementation", "suite_version"):
            if report[key] != first[key]:
                raise MergeError(f"{name}: its {key} differs from {first_name}'s: not shards of one campaign")
        shard = report["run"]["shard"]
        index, _, total = shard.partition("/")
        if count is None:
            count = int(total)
        if int(total) != count:
            raise MergeError(f"{name}: shard {shard}, but {first_name} is a shard of {count}")
        if int(index) in shards:
            raise MergeError(f"{name}: shard {shard} is also {shards[int(index)]}")
        shards[int(index)] = name
    missing = sorted(set(range(1, count + 1)) - set(shards))
    if missing:
        raise MergeError(f"shard(s) {', '.join(f'{m}/{count}' for m in missing)} missing: the merged report "
                         "would not be the whole campaign")
    cases = sorted((c for _, r in reports for c in r["cases"]), key=lambda c: (c["index"], c["kind"], c["id"]))
    run = {"shard": "1/1", "merged_from": [r["run"]["shard"] for _, r in sorted(reports, key=lambda x: x[1]["run"]["shard"])],
           "started": min(r["run"]["started"] for _, r in reports),
           "seconds": round(sum(r["run"]["seconds"] for _, r in reports), 3),
           "starts": sum(r["run"]["starts"] for _, r in reports),
           "shrink_attempts": sum(r["run"]["shrink_attempts"] for _, r in reports),
           "stop_reasons": sorted({reason for _, r in reports for reason in r["run"]["stop_reasons"]}),
           "command": first["run"]["command"]}
    report = {"schema": first["schema"], "suite_version": first["suite_version"], "campaign": first["campaign"],
              "implementation": first["implementation"], **summarise(cases), "cases": cases, "run": run}
    return validated(report)


# -- text and JUnit ------------------------------------------------------------------------

def exit_status(report: dict[str, Any], command: str) -> int:
    """As `check`: 1 when a case failed or errored, or nothing was compared (said on stderr); else 0."""
    if report["totals"]["failed"] or report["totals"]["errored"] or report["totals"].get("changed"):
        return 1
    if report["compared"] == 0:
        print(f"horserace {command}: nothing was compared", file=sys.stderr)
        return 1
    return 0


def text_summary(report: dict[str, Any], show: int = 10) -> str:
    out = []
    failing = [c for c in report["cases"] if c["status"] in (*FAILED, "errored")]
    for c in failing[:show]:
        out.append(f"{c['status'].upper()} {c['id']} (case {c['index']}, {c['steps']} steps)")
        m = (c.get("shrunk") or {}).get("mismatch") or c.get("mismatch")
        if c.get("shrunk"):
            s = c["shrunk"]
            out.append(f"  shrunk to {s['steps']} step(s), {len(s['numbers'])} chooser number(s) "
                       f"in {s['attempts']} attempt(s)")
        if m:
            out.append(f"  first divergence at step {m['step']} ({m.get('action') or 'setup'}): "
                       f"attributed to {', '.join(m.get('clauses') or []) or '-'}")
            for d in (m.get("differences") or [])[:5]:
                out.append(f"    {d['field']}: expected {d['expected']}")
                out.append(f"    {' ' * len(d['field'])}  actual   {d['actual']}")
        if c.get("message"):
            out.append(f"  {c['message']}")
        if (c.get("shrunk") or {}).get("scenario"):
            out.append(f"  scenario: {c['shrunk']['scenario']}  (horserace verify {c['shrunk']['scenario']})")
        if (c.get("shrunk") or {}).get("scenario_error"):
            out.append(f"  no scenario written: {c['shrunk']['scenario_error']}")
        if c.get("replay"):
            out.append(f"  replay: {c['replay']}")
    if len(failing) > show:
        out.append(f"... {len(failing) - show} more failing case(s); --json has them all")
    if report["clauses"]:
        out.append("per clause: first divergences attributed (shrunk counterexamples):")
        for clause, entry in report["clauses"].items():
            files = f" ({', '.join(entry['scenarios'])})" if entry["scenarios"] else ""
            out.append(f"  {clause}: {entry['divergences']} divergence(s){files}")
    t = report["totals"]
    out.append(f"total: {len(report['cases'])} case(s): " + ", ".join(f"{t.get(s, 0)} {s}" for s in STATUSES
                                                                    if t.get(s) or s in ("passed", "failed")))
    return "\n".join(out)


def junit_xml(report: dict[str, Any]) -> str:
    cases = report["cases"]
    t = report["totals"]
    root = ET.Element("testsuites", name="horserace-fuzz", tests=str(len(cases)))
    suite = ET.SubElement(root, "testsuite", name=f"fuzz.{report['campaign']['game']}", tests=str(len(cases)),
                          failures=str(t["failed"] + t.get("changed", 0)), errors=str(t["errored"]),
                          skipped=str(t["skipped"] + t.get("xfailed", 0)))
    for c in cases:
        element = ET.SubElement(suite, "testcase", classname=f"{report['campaign']['game']}.{c['kind']}",
                                name=c["id"])
        m = (c.get("shrunk") or {}).get("mismatch") or c.get("mismatch")
        if m and m.get("clauses"):
            element.set("clauses", " ".join(m["clauses"]))     # as check's JUnit: the attributed clauses
        detail = c.get("message", "")
        if m:
            detail = (f"step {m['step']} ({m.get('action')}): {m['key']}: expected {m['expected']}, actual "
                      f"{m['actual']}; attributed to {', '.join(m.get('clauses') or []) or '-'}")
            if (c.get("shrunk") or {}).get("scenario"):
                detail += f"; scenario {c['shrunk']['scenario']}"
        detail = bounded(detail)
        if c["status"] in FAILED:
            ET.SubElement(element, "failure", type=f"horserace.{c['status']}", message=detail[:500]).text = detail
        elif c["status"] == "errored":
            ET.SubElement(element, "error", message=detail[:500]).text = detail
        elif c["status"] in ("skipped", "xfailed"):     # an accepted failure, or a case not taken: told apart
            ET.SubElement(element, "skipped", type=f"horserace.{c['status']}", message=detail[:500])
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"
