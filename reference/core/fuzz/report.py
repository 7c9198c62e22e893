"""Fuzz reports: JSON (schema/fuzz-report.schema.json), the text summary and JUnit.

The JSON report is an aggregate, whatever the campaign's length: totals, coverage (per kind, per
track, per clause), the index ranges run, the failures by diagnosis (each with its first
counterexamples) and the errored cases (the first few). It is deterministic: no timings or
timestamps outside the one `run` object (start time, seconds, shard, process starts, shrink
work, why the campaign stopped). `merge.merge` combines the reports of the shards of one
campaign into the report the unsharded run gives: identical byte for byte once `run` is removed.
Every case, passing ones too, is in the --jsonl stream, not here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from .. import schemas
from ..errors import HorseRaceError
from ..protocol import shorten
from ..report import compared_line, counted_skip_reason_lines, too_little_compared
from ..results import FAILING_STATUSES, bounded
from ..version import suite_version
from .ranges import Progression

SCHEMA = "fuzz-report.schema.json"
TEXT_VALUE_LIMIT = 300          # characters of an expected or actual value in the text summary
TEXT_LABEL_LIMIT = 200          # characters of a diagnosis in the text summary
# The cases a track's JUnit test cases count beside its passes: (status, element, message).
TRACK_ELEMENTS = (("skipped", "skipped", "the implementation does not take these cases"),
                  ("xpassed", "failure", "listed as expected failures (--expected-failures) but passed: "
                                         "remove them from the list"))


def implementation_info(announced: dict[str, Any]) -> dict[str, Any]:
    """What identifies the implementation (the same on every machine)."""
    info = announced.get("implementation")
    return {k: bounded(str(v), 200) for k, v in sorted(info.items())} if isinstance(info, dict) else {}


def json_report(campaign: dict[str, Any], announced: dict[str, Any], fields: dict[str, Any],
                run: dict[str, Any]) -> dict[str, Any]:
    """The report from the campaign's fields, the hello, the tallies combined (tally.combine)
    and the run's facts."""
    report = {"schema": schemas.schema_id(SCHEMA), "suite_version": suite_version(), "campaign": campaign,
              "implementation": implementation_info(announced), **fields, "run": run}
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


# -- text and JUnit ------------------------------------------------------------------------

def exit_status(report: dict[str, Any], command: str, allow_skips: bool = False) -> int:
    """As `check`: 1 when a case failed or errored, nothing was compared, or less than half of the
    selected cases were (unless allow_skips) (said on stderr); else 0."""
    if any(report["totals"].get(status) for status in FAILING_STATUSES):
        return 1
    too_little = too_little_compared(report["compared"], selected(report), allow_skips, False, empty_option=None)
    if too_little:
        print(f"horserace {command}: {too_little}", file=sys.stderr)
        return 1
    return 0


def selected(report: dict[str, Any]) -> int:
    """The cases the campaign ran for the selection (a case of a mode --mode left out is deselected)."""
    return report["cases"] - report["totals"].get("deselected", 0)


def ranges_text(report: dict[str, Any]) -> str:
    ranges = [Progression.from_dict(r).text() for r in report["ranges"]]
    if not ranges:
        return ""
    shown = ", ".join(ranges[:4]) + (f" and {len(ranges) - 4} more" if len(ranges) > 4 else "")
    return f"case indices {shown}"


def counterexample_line(example: dict[str, Any], shrinking: bool) -> str:
    """Where the example's counterexample is (or why there is none), in one line."""
    shrunk = example.get("shrunk") or {}
    if shrunk.get("scenario"):
        return f"{shrunk['scenario']} ({shrunk['steps']} step(s), shrunk from {example['steps']})"
    if shrunk.get("scenario_error"):
        return f"no scenario written: {shorten(shrunk['scenario_error'], TEXT_VALUE_LIMIT)}"
    if not shrinking:
        return "no scenario written (--no-shrink): replay the case"
    return "no scenario written"


def diagnosis_lines(number: int, record: dict[str, Any], shrinking: bool) -> list[str]:
    """The detail of one diagnosis: its first counterexample, the divergence, the replay."""
    out = [f"DIAGNOSIS {number}: {shorten(record['label'], TEXT_LABEL_LIMIT)}: {record['count']} failing case(s), "
           f"the first is case {record['first_index'] if record['first_index'] is not None else '(replayed seed)'}"]
    for example in record["examples"]:
        shrunk = example.get("shrunk") or {}
        m = shrunk.get("mismatch") or example.get("mismatch")
        out.append(f"  case {example['index'] if example['index'] is not None else '-'} ({example['id']}, "
                   f"{example['steps']} steps)")
        if example.get("status") == "changed":       # the entry it no longer fits (--expected-failures)
            out.append(f"  {shorten(example.get('message', ''), TEXT_VALUE_LIMIT)}")
        if shrunk:
            out.append(f"  shrunk to {shrunk['steps']} step(s), {len(shrunk['numbers'])} chooser number(s) in "
                       f"{shrunk['attempts']} attempt(s) ({shrunk['stopped']})")
            slipped = sum(d["candidates"] for d in shrunk.get("other_diagnoses", ()))
            if slipped:
                out.append(f"  {slipped} candidate(s) failed with another diagnosis and were not kept")
        if m:
            out.append(f"  first divergence at step {m['step']} ({shorten(str(m.get('action') or 'setup'), 80)}): "
                       f"attributed to {shorten(', '.join(m.get('clauses') or []) or '-', TEXT_LABEL_LIMIT)}")
            for d in (m.get("differences") or [])[:5]:
                out.append(f"    {shorten(d['field'], 80)}: expected {shorten(d['expected'], TEXT_VALUE_LIMIT)}")
                out.append(f"    {' ' * len(shorten(d['field'], 80))}  actual   {shorten(d['actual'], TEXT_VALUE_LIMIT)}")
        scenario = shrunk.get("scenario")
        out.append(f"  scenario: {scenario}  (horserace verify {scenario})" if scenario
                   else f"  {counterexample_line(example, shrinking)}")
        if example.get("replay"):
            out.append(f"  replay: {example['replay']}")
    return out


def text_summary(report: dict[str, Any], show: int = 10) -> str:
    """The diagnoses one line each (count, first case, counterexample), the first `show` of them
    in detail, the errors, the totals. Every line is bounded, whatever the campaign."""
    out: list[str] = []
    shrinking = bool(report["campaign"].get("shrink"))
    diagnoses = report["diagnoses"]
    for number, record in enumerate(diagnoses[:show], 1):
        out += diagnosis_lines(number, record, shrinking)
    errors = report["errors"]
    for example in errors["examples"][:max(0, show - len(diagnoses))]:
        out.append(f"ERRORED {example['id']} (case {example['index'] if example['index'] is not None else '-'}, "
                   f"{example['steps']} steps): {shorten(example.get('message', ''), TEXT_VALUE_LIMIT)}")
        if example.get("replay"):
            out.append(f"  replay: {example['replay']}")
    if diagnoses:
        out.append(f"{len(diagnoses)} diagnosis(es) (distinct failures: attributed clauses [differing keys]):")
        for number, record in enumerate(diagnoses, 1):
            first = record["examples"][0] if record["examples"] else {}
            out.append(f"  {number}. {shorten(record['label'], TEXT_LABEL_LIMIT)}: {record['count']} case(s); "
                       f"{counterexample_line(first, shrinking) if first else 'no example kept'}")
    if report["other_failures"]:
        out.append(f"  and {report['other_failures']} failing case(s) of diagnoses past the first "
                   f"{len(diagnoses)} (counted only)")
    if errors["count"] > len(errors["examples"][:max(0, show - len(diagnoses))]):
        out.append(f"{errors['count']} errored case(s) in all; the report keeps the first {len(errors['examples'])}")
    accepted = report.get("accepted", ())
    if accepted:
        out.append(f"{len(accepted)} accepted diagnosis(es) (--expected-failures {report['campaign'].get('expected_failures', '')}):")
        out += [f"  {shorten(r['label'], TEXT_LABEL_LIMIT)}: {r['count']} case(s) xfailed" for r in accepted[:show]]
        if len(accepted) > show:
            out.append(f"  and {len(accepted) - show} more")
    if report["skip_reasons"]:
        out.append("skipped, by reason:")
        out += counted_skip_reason_lines([(item["reason"], item["count"]) for item in report["skip_reasons"]],
                                         "--jsonl has each case's")
    t = report["totals"]
    where = ranges_text(report)
    out.append(f"total: {report['cases']} case(s){f' ({where})' if where else ''}: "
               + ", ".join(f"{t[s]} {s}" for s in t if t[s] or s in ("passed", "failed")))
    out.append(compared_line(report["compared"], selected(report)))
    return "\n".join(out)


def junit_xml(report: dict[str, Any]) -> str:
    """One test case per diagnosis (a failure) and per accepted diagnosis (skipped, typed
    horserace.xfailed), each with its attributed clauses in the `clauses` attribute as check's
    JUnit; per kept errored case (an error); and per track for its passed, skipped and xpassed
    cases: the report's aggregate, not one entry per case. Every element is typed as check types
    it (horserace.xfailed apart from horserace.skipped)."""
    t = report["totals"]
    game = report["campaign"]["game"]
    run = selected(report)          # as check: a deselected case is not run, not counted
    label = report["campaign"].get("label")
    root = ET.Element("testsuites", name=bounded(f"horserace-fuzz {label}" if label else "horserace-fuzz"),
                      tests=str(run))
    if label or t.get("deselected"):
        properties = ET.SubElement(root, "properties")
        if label:
            ET.SubElement(properties, "property", name="label", value=bounded(label))
        ET.SubElement(properties, "property", name="deselected", value=str(t.get("deselected", 0)))
    suite = ET.SubElement(root, "testsuite", name=f"fuzz.{game}", tests=str(run),
                          failures=str(t["failed"] + t.get("changed", 0) + t.get("xpassed", 0)),
                          errors=str(t["errored"]), skipped=str(t["skipped"] + t.get("xfailed", 0)))
    for number, record in enumerate(report["diagnoses"], 1):
        first = record["examples"][0] if record["examples"] else {}
        element = ET.SubElement(suite, "testcase", classname=f"{game}.diagnosis",
                                name=f"diagnosis {number}: {shorten(record['label'], TEXT_LABEL_LIMIT)}")
        if record["diagnosis"]["clauses"]:
            element.set("clauses", bounded(" ".join(record["diagnosis"]["clauses"])))
        m = (first.get("shrunk") or {}).get("mismatch") or first.get("mismatch") or {}
        detail = f"{record['count']} failing case(s), the first is case {record['first_index']}"
        if m:
            detail += (f"; step {m['step']} ({m.get('action')}): {m['key']}: expected {m['expected']}, actual "
                       f"{m['actual']}; attributed to {', '.join(m.get('clauses') or []) or '-'}")
        if (first.get("shrunk") or {}).get("scenario"):
            detail += f"; scenario {first['shrunk']['scenario']}"
        if first.get("replay"):
            detail += f"; replay: {first['replay']}"
        detail = bounded(detail)
        status = first.get("status", "failed")
        ET.SubElement(element, "failure", type=f"horserace.{status}", message=detail[:500]).text = detail
    for number, record in enumerate(report.get("accepted", ()), 1):
        element = ET.SubElement(suite, "testcase", classname=f"{game}.diagnosis",
                                name=f"accepted {number}: {shorten(record['label'], TEXT_LABEL_LIMIT)}: "
                                     f"{record['count']} case(s)")
        if record["diagnosis"]["clauses"]:
            element.set("clauses", bounded(" ".join(record["diagnosis"]["clauses"])))
        ET.SubElement(element, "skipped", type="horserace.xfailed",
                      message=f"accepted failures (--expected-failures), the first is case {record['first_index']}")
    for example in report["errors"]["examples"]:
        element = ET.SubElement(suite, "testcase", classname=f"{game}.{example['kind']}", name=example["id"])
        detail = bounded(example.get("message", ""))
        ET.SubElement(element, "error", type="horserace.errored", message=detail[:500]).text = detail
    for track in report["coverage"]["tracks"]:
        name = track["kind"] + "".join(f" {k}={json.dumps(v)}" for k, v in sorted(track["options"].items()))
        counts = track["totals"]
        if counts["passed"] + counts["passed-partial"]:
            ET.SubElement(suite, "testcase", classname=f"{game}.{track['kind']}",
                          name=f"{name}: {counts['passed'] + counts['passed-partial']} case(s) passed")
        for status, element_name, why in TRACK_ELEMENTS:
            if counts.get(status):
                element = ET.SubElement(suite, "testcase", classname=f"{game}.{track['kind']}",
                                        name=f"{name}: {counts[status]} case(s) {status}")
                ET.SubElement(element, element_name, type=f"horserace.{status}", message=why)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"
