"""Check an implementation against the vectors over the JSON-lines protocol.

Starts the implementation once (`--impl "COMMAND"`, default: the reference adapter), sends every
selected case with a sequence number and judges the answers. Prints the first divergence of
failing cases, a summary per game and per clause; writes --json, --junit and --html reports (also
when the implementation cannot be started: then every case is errored with the reason).
Cases the selection leaves out are counted as deselected; the summary ends with "compared N of
M cases (P%)" and the skipped cases counted by reason. Exit status: 0 every compared case
passed; 1 a case failed or errored, an expected failure passed or changed, a case the baseline
compared is skipped, an expected-failure entry is stale or names no case, nothing was compared
(every case skipped or deselected; --allow-empty permits that) or less than half of the selected
cases were (--allow-skips permits that); 2 usage
error (an --impl that is empty or not a valid command line included) or the implementation
could not be started; 128 + N a signal ended the run (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP):
the implementation and its processes are ended and the reports of the cases that ran are
written, marked interrupted.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from datetime import datetime, timezone
from pathlib import Path

from reference.core import processes, report
from reference.core.attribution import applied_clauses
from reference.core.expected_failures import known_cases as cases_and_clauses
from reference.core.progress import Progress
from reference.core.results import CaseResult, bounded
from reference.core.interrupts import exit_code_of, signals_interrupt
from reference.core.runner import (HANDSHAKE_TIMEOUT, MAX_CONSECUTIVE_ERRORS, Implementation,
                                   ImplementationUnavailable, RunInterrupted, Selection, run_cases)
from reference.core.vectors import case_totals, check_names, load_cases, load_selected

REFERENCE_ADAPTER = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", metavar="COMMAND",
                        help="command that starts the implementation (default: the reference adapter)")
    add_selection_arguments(parser)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per case (default 10)")
    parser.add_argument("--handshake-timeout", type=float, default=HANDSHAKE_TIMEOUT, metavar="SECONDS",
                        help=f"seconds to wait for the implementation's hello (default {HANDSHAKE_TIMEOUT:g})")
    parser.add_argument("--max-consecutive-errors", type=int, default=MAX_CONSECUTIVE_ERRORS, metavar="N",
                        help="after N cases in a row crash, time out or answer invalidly, error the rest "
                             f"at once (default {MAX_CONSECUTIVE_ERRORS}; 0: never)")
    parser.add_argument("--allow-empty", action="store_true",
                        help="exit 0 even if no case was compared (every case skipped or deselected)")
    parser.add_argument("--allow-skips", action="store_true",
                        help="exit 0 even if less than half of the selected cases were compared (the "
                             "implementation's kinds, options or observations leave the rest skipped)")
    parser.add_argument("--allow-modified-vectors", action="store_true",
                        help="use vector files whose bytes or case count differ from vectors/MANIFEST.json "
                             "(validated in full) instead of refusing them")
    parser.add_argument("--expected-failures", type=Path, metavar="FILE",
                        help="YAML/JSON list of {id or clause, reason, [step], [key]} the implementation "
                             "is known to fail (schema/expected-failures.schema.json)")
    parser.add_argument("--label", metavar="TEXT",
                        help="a name for this run in the JSON, JUnit and HTML reports (e.g. nightly-x86), "
                             "to tell runs of one implementation apart")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write a JSON report")
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    parser.add_argument("--html", type=Path, metavar="DIR", help="write an HTML report (index.html) to DIR")
    parser.add_argument("--show", type=int, default=10, metavar="N", help="show at most N failing cases")
    parser.add_argument("--all-clauses", action="store_true", help="list every clause in the summary")
    parser.add_argument("--no-timestamps", action="store_true",
                        help="reports without the start time and durations, so two runs compare byte for byte")


def add_selection_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--id", action="append", default=[], help="case id or glob (repeatable)")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--kind", action="append", default=[], help="only this case kind (repeatable)")
    parser.add_argument("--clause", action="append", default=[], help="only cases exercising this clause")
    parser.add_argument("--flag", action="append", default=[], help="only cases with this flag")
    parser.add_argument("--skip-flag", action="append", default=[], help="leave out cases with this flag")
    parser.add_argument("--changed-since", metavar="OLD",
                        help="only the cases added or changed (input or expectations) since OLD: a released "
                             "version, a commit, a vectors folder or a wheel (see `horserace changes`)")
    parser.add_argument("--mode", action="append", default=[],
                        help="only cases in this mode of play (repeatable): dominoes individual or partnership, "
                             "Horse Fever 2-players ... 6-players; cases without players are kept")


def selection(args: argparse.Namespace) -> Selection:
    only = changed_ids(args.changed_since) if getattr(args, "changed_since", None) else None
    return Selection(args.id, args.game, args.kind, args.clause, args.flag, args.skip_flag, args.mode, only)


def changed_ids(old: str) -> frozenset[str]:
    """The ids an upgrade from OLD asks something new of (`horserace changes OLD`)."""
    from reference.core.releases import compare, resolve
    from reference.core.releases.snapshot import current
    return frozenset(compare(resolve(old), current()).ids_to_run())


def run(args: argparse.Namespace) -> int:
    for stale in (args.json, args.junit):      # no report of an earlier run may survive this one
        if stale is not None:
            stale.unlink(missing_ok=True)
    if args.html is not None:
        from reference.core import html_report      # imported only when asked: a check starts faster
        html_report.remove_stale(args.html)
    if args.timeout <= 0 or args.handshake_timeout <= 0 or args.max_consecutive_errors < 0:
        return usage_error("--timeout and --handshake-timeout must be positive, --max-consecutive-errors >= 0")
    check_names(args.game, args.kind, args.mode)  # a typo is named, not taken for an empty selection
    report.checked_label(args.label)
    chosen = selection(args)
    if getattr(args, "own_process", False):
        processes.adopt_orphans()       # this process starts no other: its orphans are the implementation's
    with signals_interrupt():           # SIGTERM and SIGHUP end the run as Ctrl-C does
        early = launch_early(args)      # it starts while the vectors are read
        try:
            return check(args, chosen, early)
        finally:
            if early is not None:
                early.stop()


def launch_early(args: argparse.Namespace) -> Implementation | None:
    """The implementation, launched before the cases are read when its command does not depend
    on them: an --impl, or the reference adapter for a selection by game alone (else the
    adapter is told the games of the selected cases, known once they are read)."""
    if args.impl is None and (args.id or args.kind or args.clause or args.flag or args.skip_flag or args.mode
                              or args.changed_since):
        return None
    games = sorted(selected_totals(args)) if args.impl is None else []
    try:
        implementation = Implementation(args.impl if args.impl is not None else reference_adapter(games),
                                        handshake_timeout=args.handshake_timeout)
    except ImplementationUnavailable:
        return None                     # a bad command line: reported as before, once the cases are read
    implementation.launch()
    return implementation


def modified(args: argparse.Namespace) -> dict[str, bool]:
    """The loaders' keyword for --allow-modified-vectors, given only when it is."""
    return {"allow_modified": True} if args.allow_modified_vectors else {}


def selected_totals(args: argparse.Namespace) -> dict[str, int]:
    """Game -> the cases of its vector files, for the games selected (all when none is)."""
    return case_totals(args.game or None, **modified(args))


def reference_adapter(games: list[str]) -> str:
    return REFERENCE_ADAPTER + "".join(f" --game {shlex.quote(g)}" for g in games)


def check(args: argparse.Namespace, chosen: Selection, early: Implementation | None) -> int:
    cases = load_selected(chosen, **modified(args))
    info = report.RunInfo(filters=used_filters(args), label=args.label, stable=args.no_timestamps)
    selected_by_game: dict[str, int] = {}
    for game in case_games(cases):
        selected_by_game[game] = selected_by_game.get(game, 0) + 1
    for game, total in selected_totals(args).items():
        if total > selected_by_game.get(game, 0):
            info.deselected[game] = total - selected_by_game.get(game, 0)
    if not cases:
        print(f"horserace check: no case matches the selection ({info.total_deselected} deselected)",
              file=sys.stderr)
        return 0 if args.allow_empty else 1
    expected = report.load_expected_failures(args.expected_failures) if args.expected_failures else None
    started = datetime.now(timezone.utc)
    games = sorted(selected_by_game)   # the reference adapter loads only these
    impl = args.impl if args.impl is not None else reference_adapter(games)
    if early is not None and early.command != impl:
        early.stop()                    # a selection by game that left out a game: start the adapter for the rest
        early = None
    try:
        with Progress("check", total=len(cases), unit="cases") as bar:
            results, announced = run_cases(early or impl, cases, args.timeout, expected, on_result=bar.advance,
                                           handshake_timeout=args.handshake_timeout,
                                           max_consecutive_errors=args.max_consecutive_errors)
        failed_start = ""
    except RunInterrupted as exc:
        results, announced, failed_start = exc.results, exc.announced, ""
        info.interrupted, info.not_run = exc.signal, len(cases) - len(exc.results)
    except ImplementationUnavailable as exc:
        # the reports must describe this run, not stay behind from the previous one
        failed_start = bounded(str(exc), 1000)
        results = [CaseResult(c["id"], c["game"], c["kind"], "errored", list(c["clauses"]),
                              f"not run: the implementation could not be started: {failed_start}",
                              applied=applied_clauses(c)) for c in cases]
        announced = {"command": impl, "start_error": failed_start}
    if expected is not None and not failed_start and not info.interrupted:
        info.expected, info.expected_file = expected.verdict(results, known_cases), expected.source
    compared = report.compared(results)
    too_little = report.too_little_compared(compared, len(results), args.allow_skips, args.allow_empty)
    if failed_start:
        code, verdict = 2, f"horserace check: error: {failed_start}"
    elif info.interrupted:
        code, verdict = exit_code_of(info.interrupted), (f"horserace check: interrupted by {info.interrupted}: "
                                                      f"{info.not_run} selected case(s) not run")
    elif not report.ok(results) or info.unmatched_expected:
        code, verdict = 1, ""
    elif too_little and compared == 0:
        code, verdict = 1, (f"horserace check: nothing was compared: all {len(results)} selected case(s) were "
                            f"skipped, {info.total_deselected} deselected (--allow-empty accepts that)")
        info.run_errors.append(verdict.removeprefix("horserace check: "))
    elif too_little:
        code, verdict = 1, f"horserace check: {too_little}"
        info.run_errors.append(too_little)
    else:
        code, verdict = 0, ""
    write_reports(args, results, announced, started, info)
    try:
        if not failed_start:
            print(report.text_summary(results, args.show, args.all_clauses, info))
        for name in announced.get("left_running", ()):
            print(f"horserace check: warning: a process of the implementation could not be ended: {name}",
                  file=sys.stderr)
        if verdict:
            print(verdict, file=sys.stderr)
        sys.stdout.flush()
    except BrokenPipeError:     # `check | head`: the reader left; the verdict stands
        silence_stdout()
    return code


def known_cases() -> list[tuple[str, list[str]]]:
    """Every case of the suite with its clauses, for the verdict on the expected failures
    (read with this module's load_cases)."""
    return cases_and_clauses(load_cases)


def case_games(cases) -> list[str]:
    """The game of each selected case (read without parsing the cases when they are held as text)."""
    games = getattr(cases, "games", None)
    return list(games) if games is not None else [c["game"] for c in cases]


def used_filters(args: argparse.Namespace) -> dict[str, list[str]]:
    """The selection options given, by name (recorded in every report)."""
    names = ("id", "game", "kind", "clause", "flag", "skip_flag", "mode")
    used = {name: list(getattr(args, name)) for name in names if getattr(args, name)}
    if getattr(args, "changed_since", None):
        used["changed_since"] = [args.changed_since]
    return used


def write_reports(args: argparse.Namespace, results: list[CaseResult], announced: dict, started: datetime,
                  info: report.RunInfo) -> None:
    if args.json or args.html:
        as_json = report.json_report(results, announced, started, info)
    if args.json:
        report.write_json(args.json, as_json)
    if args.html:
        from reference.core import html_report
        html_report.write_html_report(args.html, [as_json])
    if args.junit:
        report.write_junit(args.junit, results, info, announced)


def usage_error(message: str) -> int:
    print(f"horserace check: error: {message}", file=sys.stderr)
    return 2


def silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
