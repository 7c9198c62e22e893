"""Replay scenario files and check every expectation (all scenarios by default).

Prints one line per file and, for a file's first mismatch, the step, the expected and
actual values and the clauses involved. A bad file is reported and the others are still
checked. Exit status 1 on any mismatch or bad file, a scenario that checks nothing, or no
file selected.
"""

from __future__ import annotations

import argparse

from reference.core.scenario import scenario_files
from reference.core.verify import FileResult, verify_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="scenario files or folders (default: vectors/scenarios)")
    parser.add_argument("--all-mismatches", action="store_true",
                        help="show every mismatch of a file, not only the first")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")


def report(result: FileResult, all_mismatches: bool) -> list[str]:
    if result.error is not None:
        return [f"ERROR {result.path}", f"  {result.error}"]
    head = f"{'PASS' if result.ok else 'FAIL'} {result.path} ({result.scenario_id}: " \
           f"{result.steps} steps, {result.checks} checks)"
    lines = [head]
    shown = result.mismatches if all_mismatches else result.mismatches[:1]
    for m in shown:
        where = f"line {m.line}" if m.line else "?"
        lines += [f"  step {m.step} ({m.action or 'check'}), {where}: {m.key}",
                  f"    expected: {m.expected}",
                  f"    actual:   {m.actual}",
                  f"    clauses:  {', '.join(m.clauses)}"]
    hidden = len(result.mismatches) - len(shown)
    if hidden > 0:
        lines.append(f"  ... and {hidden} more mismatch(es); --all-mismatches shows them")
    return lines


def run(args: argparse.Namespace) -> int:
    files = scenario_files(args.paths)
    if not files:
        # Checking nothing is not a pass.
        print("no scenario files selected (no *.yaml under the paths given): nothing was checked")
        return 1
    passed = failed = errors = checks = 0
    for path in files:
        result = verify_file(path)   # never raises: a bad file is reported and the run goes on
        if not (args.quiet and result.ok):
            print("\n".join(report(result, args.all_mismatches)), flush=True)
        passed += result.ok
        errors += result.error is not None
        failed += result.error is None and not result.ok
        checks += result.checks
    print(f"{len(files)} files, {checks} checks: {passed} passed, {failed} failed, {errors} errors")
    return 0 if passed == len(files) else 1
