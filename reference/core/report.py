"""Reports of a runner run: text summary, JSON (schema/report.schema.json) and JUnit XML."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence
from xml.etree import ElementTree as ET

from . import schemas
from .errors import HorseRaceError
from .attribution import clause_summary
from .catalog import rule_line
from .expected_failures import ExpectedFailures, Verdict
from .expected_failures import load_expected_failures as _load_expected_failures
from .results import COMPARED_STATUSES, FAILING_STATUSES, STATUSES, CaseResult, bounded
from .version import suite_version

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
    return not any(r.status in FAILING_STATUSES for r in results)


def compared(results: list[CaseResult]) -> int:
    return sum(1 for r in results if r.status in COMPARED_STATUSES)


# A run must compare at least this share of its selected cases (unless --allow-skips): an
# implementation whose declared kinds, options or observations leave most cases skipped has
# been checked on little, and says so by failing.
MIN_COMPARED_SHARE = 0.5
SKIP_REASONS_SHOWN = 5


def compared_line(compared_count: int, selected: int) -> str:
    share = 100.0 * compared_count / selected if selected else 0.0
    shown = f"{share:.0f}" if share >= 1 or share == 0 else f"{share:.1g}"
    return f"compared {compared_count} of {selected} cases ({shown}%)"


def skip_reasons(reasons: list[str]) -> list[tuple[str, int]]:
    """The reasons cases were skipped for, most frequent first, each with its count."""
    return Counter(reasons).most_common()


def skip_reason_lines(reasons: list[str]) -> list[str]:
    return counted_skip_reason_lines(skip_reasons(reasons))


def counted_skip_reason_lines(counted: list[tuple[str, int]], where: str = "--json has each case's") -> list[str]:
    """The lines of (reason, count) pairs, most frequent first, the first SKIP_REASONS_SHOWN;
    `where` says where the others are."""
    out = [f"  {count} {bounded(reason, 200)}" for reason, count in counted[:SKIP_REASONS_SHOWN]]
    if len(counted) > SKIP_REASONS_SHOWN:
        rest = sum(count for _, count in counted[SKIP_REASONS_SHOWN:])
        out.append(f"  {rest} for {len(counted) - SKIP_REASONS_SHOWN} other reason(s); {where}")
    return out


def too_little_compared(compared_count: int, selected: int, allow_skips: bool, allow_empty: bool,
                        skips_option: str = "--allow-skips", empty_option: str | None = "--allow-empty") -> str:
    """Why the run fails for comparing too little ("" when it does not): nothing compared
    (unless allow_empty), or less than MIN_COMPARED_SHARE of the selected cases (unless
    allow_skips or allow_empty). The options named are those that accept it."""
    if selected == 0 or compared_count >= MIN_COMPARED_SHARE * selected:
        return ""
    if compared_count == 0:
        if allow_empty:
            return ""
        return "nothing was compared" + (f" ({empty_option} accepts that)" if empty_option else "")
    if allow_skips or allow_empty:
        return ""
    return f"{compared_line(compared_count, selected)}: less than half of the selected cases ({skips_option} accepts that)"


def line(c: dict[str, int]) -> str:
    text = ", ".join(f"{c[s]} {s}" for s in STATUSES if c[s] or s in ("passed", "failed"))
    return text + (f", {c['deselected']} deselected" if c.get("deselected") else "")


@dataclass
class RunInfo:
    """What a run selected (the filters used, the cases they left out), the verdict on its
    expected failures, and what else made it red."""
    filters: dict[str, list[str]] = field(default_factory=dict)
    deselected: dict[str, int] = field(default_factory=dict)      # game -> cases left out
    expected: Verdict | None = None                               # the --expected-failures verdict
    expected_file: str = ""
    run_errors: list[str] = field(default_factory=list)           # a red run's reasons no case carries
    stable: bool = False        # --no-timestamps: no start time, no durations (reports compare byte for byte)
    label: str | None = None        # --label: tells runs of one implementation apart in every report
    interrupted: str = ""           # the signal that ended the run before every case ran
    not_run: int = 0                # selected cases an interruption left without a result

    @property
    def total_deselected(self) -> int:
        return sum(self.deselected.values())

    @property
    def unmatched_expected(self) -> list[str]:
        """The errors of the expected-failures verdict (stale entries, ids matching no case)."""
        return [p.message for p in self.expected.errors] if self.expected else []


WHOLE_EVENT = re.compile(r"^(.+\[\d+\])\.type$")   # an event of another type, or one missing or extra
REFUSAL_EXPECTED = re.compile(r"^the step is refused( under \S+)?$")          # results.missing_refusal
REFUSAL_MISSED = re.compile(r"^the step was accepted; the implementation reported (.*)$", re.S)


def shown_differences(m: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(field, expected, actual) of each difference at the divergent step, each once. The
    attribution lists an event of another type once per type (both paths may be charged), and
    names it by its `type` field: here it is one line named as the whole event (`events[2]`),
    each side written as its type, then its other fields."""
    shown: dict[tuple[str, str, str], None] = {}
    for d in m.get("differences") or [{"field": m["key"], "expected": m["expected"], "actual": m["actual"]}]:
        field, expected, actual = d["field"], d["expected"], d["actual"]
        whole = WHOLE_EVENT.match(field)
        if whole:
            field, expected, actual = whole.group(1), event_text(expected), event_text(actual)
        shown.setdefault((field, expected, actual), None)
    return list(shown)


def event_text(shown: str) -> str:
    """An event as a report shows it (`{"player": 0, "type": "round_won"}`) written type first:
    `round_won {"player": 0}`. A bare type, `(absent)` or a value cut short stays as it is."""
    try:
        event = json.loads(shown)
    except ValueError:
        return shown
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return shown
    rest = {k: v for k, v in event.items() if k != "type"}
    return f"{event['type']} {json.dumps(rest, sort_keys=True, ensure_ascii=False)}" if rest else event["type"]


LABEL_LIMIT = 200      # characters of a --label


def checked_label(label: str | None) -> str | None:
    """A --label as the reports carry it: 1 to 200 printable characters (a usage error else)."""
    if label is None:
        return None
    if not label.strip() or len(label) > LABEL_LIMIT or not label.isprintable():
        raise HorseRaceError(f"--label {label[:40]!r}: give 1 to {LABEL_LIMIT} printable characters "
                             "(e.g. --label nightly-x86)")
    return label


RULES_SHOWN = 3     # charged rules shown with their text (a charge of the whole step names many)


def rule_lines(clauses: Sequence[str]) -> list[str]:
    """What each charged rule says, one line each (catalog.rule_line), for the first RULES_SHOWN."""
    out = []
    for clause in clauses[:RULES_SHOWN]:
        line = rule_line(clause)
        if line:
            out.append(f"    {clause}: {line}")
    if len(clauses) > RULES_SHOWN:
        out.append(f"    ... and {len(clauses) - RULES_SHOWN} more: horserace explain CLAUSE")
    return out


ALTERATIONS_SHOWN = 3     # alterations named by a counterfactual charge, in the text
ALTERATIONS_LIMIT = 240


def alteration_words(name: str, game: str = "") -> str:
    """An alteration as a reader takes it: a generated one ("generated race:race_round:delete:
    22b60571:0") as the code change it makes, where it makes it ("race.py:145 delete:
    race.ranking.append(horse)"), or, when this suite has no such mutant, as the kind of change
    in the rules function; a decision's as it is named ("negate match.reaches_target")."""
    from .counterfactual import FROM_SETUP     # here: a run that fails nothing never loads the search
    earlier = FROM_SETUP if name.endswith(FROM_SETUP) else ""
    key = name.removesuffix(FROM_SETUP).split(" ", 1)[1] if name.startswith("generated ") else ""
    parts = key.split(":")
    if len(parts) != 5:
        return name
    found = _generated_change(game, key)
    if found:
        return found + earlier
    module, function, operator = parts[:3]
    return f"a {operator} change in {module}.{function}{earlier}"


READING = re.compile(r"^(\w+) read as (.+)$")


def reading_advice(name: str, game: str) -> list[str]:
    """For an interpretation read the other way (readings.py: "bank_cover read as "gross""), what
    an implementer who took that reading on purpose does: say so with the option, or skip."""
    from .readings import interpretation_options
    found = READING.match(name)
    if not found:
        return []
    try:
        ids = interpretation_options(game).get(found.group(1), ((), ()))[0]
    except Exception:                           # an unknown game: say nothing more
        return []
    if not ids:
        return []
    return [f"    that is {', '.join(ids)}'s other reading: if your engine takes it, run with options."
            f"{found.group(1)} = {found.group(2)}, or skip the flagged vectors (horserace explain {ids[0]})"]


def _generated_change(game: str, key: str) -> str:
    """`module.py:line change` of the game's generated mutant `key`, or '' (another suite's key)."""
    from .generated_mutants import generated_mutants
    try:
        found = next((m for m in generated_mutants(game) if m.key == key), None) if game else None
    except Exception:                           # an unknown game or unreadable rules: say less
        return ""
    if found is None:
        return ""
    return f"{found.module.rsplit('.', 1)[-1]}.py:{found.line} {found.change}"


def divergence_lines(r: CaseResult) -> list[str]:
    m = r.mismatch
    out = [f"  first divergence at step {m['step']} ({m.get('action') or 'setup'}): "
           + ", ".join(dict.fromkeys(d["key"] for d in m.get("differences", ())) or [m["key"]])]
    for field_name, expected, actual in shown_differences(m):
        refused = REFUSAL_EXPECTED.match(expected) if field_name == "error" else None
        accepted = REFUSAL_MISSED.match(actual) if refused else None
        if accepted:        # a missing refusal, said as such
            out.append(f"    the step should have been refused{refused.group(1)}; the implementation accepted it")
            out.append(f"      and reported {accepted.group(1)}")
            continue
        out.append(f"    {field_name}: expected {expected}")
        out.append(f"    {' ' * len(field_name)}  actual   {actual}")
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
        set_aside = [c for c in m.get("tied") or () if c not in m["clauses"]]
        if set_aside:
            out.append(f"    this step alone names {', '.join(set_aside)} as well; the run's other failures "
                       f"point at {', '.join(m['clauses'])} more often")
        out += rule_lines(m["clauses"])
        how = m.get("counterfactual") or {}
        if m.get("attributed_by") == "counterfactual" and how.get("best"):
            shown = "; ".join(alteration_words(name, r.game) for name in how["best"][:ALTERATIONS_SHOWN])
            more = f" (and {len(how['best']) - ALTERATIONS_SHOWN} more)" if len(how["best"]) > ALTERATIONS_SHOWN else ""
            out.append(f"  the reference gives {'what you gave' if how.get('reproduced') == 'exactly' else 'the nearest'}"
                       f" with: {bounded(shown, ALTERATIONS_LIMIT)}{more}")
            out += [line for name in how["best"][:ALTERATIONS_SHOWN] for line in reading_advice(name, r.game)]
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
    failing = [r for r in results if r.status in FAILING_STATUSES]
    for r in failing[:show_failures]:
        out.append(f"{r.status.upper()} {r.game} {r.kind} {r.id}")
        if r.mismatch:
            out += divergence_lines(r)
        if r.message:
            out.append(f"  {r.message}")
    if len(failing) > show_failures:
        out.append(f"... {len(failing) - show_failures} more failing case(s); --json has them all")
    out += expected_failure_lines(info)
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
    skipped = [r.message for r in results if r.status == "skipped"]
    if skipped:
        out.append("skipped, by reason:")
        out += skip_reason_lines(skipped)
    if info.interrupted:
        out.append(f"INTERRUPTED by {info.interrupted}: {info.not_run} selected case(s) not run")
    out.append(f"total: {line(dict(counts(results), deselected=info.total_deselected))}")
    out.append(compared_line(compared(results), len(results) + info.not_run))
    return "\n".join(out)


def expected_failure_lines(info: RunInfo) -> list[str]:
    """The verdict on the expected failures: its errors, then its notes."""
    if info.expected is None:
        return []
    out = [f"EXPECTED-FAILURE ENTRY {p.kind.upper()}: {p.message}" for p in info.expected.errors]
    out += [f"note: expected-failure entry {p.kind}: {p.message}" for p in info.expected.notes]
    if info.expected.reasons_to_fill:
        out.append(f"note: {info.expected.reasons_to_fill} expected-failure entr"
                   f"{'y has' if info.expected.reasons_to_fill == 1 else 'ies have'} a reason still to fill in "
                   f"({info.expected_file})")
    return out


def json_report(results: list[CaseResult], implementation: dict[str, Any], started: datetime,
                info: RunInfo | None = None) -> dict[str, Any]:
    info = info or RunInfo()
    games = by_game(results)
    report = {
        "schema": schemas.schema_id("report.schema.json"),
        "suite_version": suite_version(),
        **({"label": info.label} if info.label else {}),
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
    if info.interrupted:
        report["interrupted"] = {"signal": info.interrupted, "not_run": info.not_run}
    if info.expected is not None:
        report["expected_failures"] = {
            "file": info.expected_file, "errors": [bounded(p.message, 500) for p in info.expected.errors],
            "notes": [bounded(p.message, 500) for p in info.expected.notes],
            "reasons_to_fill": info.expected.reasons_to_fill}
    if info.stable:             # nothing that depends on the clock: two runs compare byte for byte
        del report["started"]
        for case in report["cases"]:
            case.pop("seconds", None)
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
        out = {k: out[k] for k in ("command", "starts", "start_error", "left_running") if k in out}
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


# How each status is written in JUnit: the element under <testcase> and its `type`. Accepted
# failures and cases the implementation does not take are both skipped for a CI server, but
# their types tell them apart.
JUNIT_ELEMENT = {"failed": "failure", "changed": "failure", "xpassed": "failure", "errored": "error",
                 "skipped": "skipped", "xfailed": "skipped"}


def junit_xml(results: list[CaseResult], info: RunInfo | None = None,
              implementation: dict[str, Any] | None = None) -> str:
    """JUnit XML: a testsuite per game, a testcase per case (its attributed clauses in the
    `clauses` attribute), and a testsuite `expected-failures` with a testcase per problem the
    verdict found (an error for a stale entry, skipped for one not exercised) and per other
    reason the run is red, so a red run is red in any CI server."""
    info = info or RunInfo()
    root = ET.Element("testsuites", name=xml_text(f"horserace {info.label}" if info.label else "horserace"))
    properties = ET.SubElement(root, "properties")
    if info.label:
        ET.SubElement(properties, "property", name="label", value=xml_text(info.label))
    ET.SubElement(properties, "property", name="deselected", value=str(info.total_deselected))
    for name, values in info.filters.items():
        ET.SubElement(properties, "property", name=f"filter.{name}", value=xml_text(" ".join(values)))
    if implementation is not None:
        ET.SubElement(properties, "property", name="implementation",
                      value=xml_text(json.dumps(bounded_announcement(implementation), sort_keys=True)))
    if info.expected_file:
        ET.SubElement(properties, "property", name="expected_failures", value=xml_text(info.expected_file))
    games: dict[str, list[CaseResult]] = defaultdict(list)
    for r in results:
        games[r.game].append(r)
    tally = Counter()
    for game in sorted(set(games) | set(info.deselected)):
        rs = games.get(game, [])
        c = counts(rs)
        suite_tally = Counter({"tests": len(rs), "failures": c["failed"] + c["changed"] + c["xpassed"],
                               "errors": c["errored"], "skipped": c["skipped"] + c["xfailed"]})
        tally.update(suite_tally)
        suite = ET.SubElement(root, "testsuite", name=xml_text(game),
                              **{k: str(suite_tally[k]) for k in ("tests", "failures", "errors", "skipped")})
        suite_properties = ET.SubElement(suite, "properties")
        ET.SubElement(suite_properties, "property", name="deselected", value=str(info.deselected.get(game, 0)))
        for r in rs:
            junit_testcase(suite, r, info.stable)
    verdict_suite(root, info, tally)
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(tally[key]))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def junit_testcase(suite: ET.Element, r: CaseResult, stable: bool) -> None:
    attributes = {"classname": xml_text(f"{r.game}.{r.kind}"), "name": xml_text(r.id)}
    if not stable:
        attributes["time"] = f"{r.seconds:.6f}"
    if r.mismatch and r.mismatch.get("clauses"):
        attributes["clauses"] = xml_text(" ".join(r.mismatch["clauses"]))
    case = ET.SubElement(suite, "testcase", attributes)
    detail = xml_text(junit_detail(r))
    element = JUNIT_ELEMENT.get(r.status)
    if element == "skipped":
        ET.SubElement(case, "skipped", type=f"horserace.{r.status}", message=detail[:500])
    elif element is not None:
        ET.SubElement(case, element, type=f"horserace.{r.status}", message=detail[:500]).text = detail
    elif r.status == "passed-partial":
        ET.SubElement(case, "system-out").text = detail


def verdict_suite(root: ET.Element, info: RunInfo, tally: Counter) -> None:
    """The expected-failures verdict and the run's other red reasons, as testcases."""
    problems = list(info.expected.problems) if info.expected is not None else []
    if not problems and not info.run_errors:
        return
    suite = ET.SubElement(root, "testsuite", name="expected-failures")
    counted = Counter({"tests": len(problems) + len(info.run_errors)})
    for problem in problems:
        case = ET.SubElement(suite, "testcase", classname="expected-failures",
                             name=xml_text(problem.entry.where if problem.entry else info.expected_file))
        message = xml_text(problem.message)
        if problem.fails:
            counted["errors"] += 1
            ET.SubElement(case, "error", type=f"horserace.{problem.kind}", message=message[:500]).text = message
        else:
            counted["skipped"] += 1
            ET.SubElement(case, "skipped", type=f"horserace.{problem.kind}", message=message[:500])
    for reason in info.run_errors:
        case = ET.SubElement(suite, "testcase", classname="expected-failures", name="run")
        counted["errors"] += 1
        ET.SubElement(case, "error", type="horserace.run", message=xml_text(reason)[:500]).text = xml_text(reason)
    for key in ("tests", "failures", "errors", "skipped"):
        suite.set(key, str(counted[key]))
    tally.update(counted)


def load_expected_failures(path: Path) -> ExpectedFailures:
    return _load_expected_failures(path)
