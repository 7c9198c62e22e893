"""Differential fuzzing: random cases from seeds, judged against the reference engine.

Case i of a campaign is made by the game's generator (reference/<game>/fuzzing.py) from a seed
derived from (game, kind, index); the reference engine gives the expected observations and the
implementation (`--impl "COMMAND"`, default: the reference adapter) is driven over the same
protocol and judged by the same runner as `horserace check`. A failing case is shrunk (its
chooser numbers edited while it still diverges) and written to --out as a YAML scenario, with
the command that replays it. `--shard i/n` runs the indices with index % n == i-1;
`horserace merge-reports` combines the shards' --json reports. `--mutant NAME` fuzzes the
reference with that misreading installed (in process) and reports the cases needed to find it;
`--all-mutants` does so for every mutant of the game(s).
`--expected-failures FILE` takes a baseline as `check` does: a divergence its entries accept is
xfailed, one an entry covers but that differs from its pins is changed (a failure).
Exit status: 0 nothing diverged (but as accepted) and some case was compared; 1 a case failed or errored, or
nothing was compared (or, with --all-mutants, a mutant was not found); 2 usage error or the
implementation could not be started.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

from reference.core.fuzz.campaign import Campaign, Track
from reference.core.fuzz.cases import load_generator, non_default
from reference.core.fuzz.report import exit_status, junit_xml, text_summary, write_json
from reference.core.fuzz.session import Session, Target, fuzz_report
from reference.core.fuzz.shrink import MAX_ATTEMPTS
from reference.core.progress import Progress
from reference.core.runner import HANDSHAKE_TIMEOUT, MAX_CONSECUTIVE_ERRORS, Implementation, ImplementationUnavailable

DEFAULT_BUDGET = 100
MUTANT_BUDGET = 2000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", metavar="COMMAND",
                        help="command that starts the implementation (default: the reference adapter)")
    parser.add_argument("--game", action="append", default=[],
                        help="the game to fuzz (one, except with --all-mutants: repeatable, default all)")
    parser.add_argument("--kind", action="append", default=[],
                        help="only this case kind (repeatable; default: every kind the generator makes and "
                             "the implementation takes)")
    parser.add_argument("--seeds", metavar="A..B", help="case indices A to B (inclusive)")
    parser.add_argument("--seed", type=int, metavar="N", help="run the one case of this seed (a replay)")
    parser.add_argument("--budget-cases", type=int, metavar="N",
                        help=f"run N cases (indices from A, default 0; default {DEFAULT_BUDGET} when no "
                             "other bound is given)")
    parser.add_argument("--budget-seconds", type=float, metavar="S",
                        help="start no new case after S seconds (the cases run then depend on speed)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an interpretation option value (JSON, else text); NAME=all: every value the "
                             "implementation offers (repeatable)")
    parser.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                        help="N local workers, each with its own implementation process")
    parser.add_argument("--shard", metavar="I/N", help="run only the case indices with index %% N == I-1")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write a JSON report "
                        "(schema/fuzz-report.schema.json)")
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"), metavar="DIR",
                        help="where shrunk counterexamples are written as YAML scenarios (default fuzz-out/)")
    parser.add_argument("--no-shrink", action="store_true", help="report failing cases as found")
    parser.add_argument("--shrink-attempts", type=int, default=MAX_ATTEMPTS, metavar="N",
                        help=f"at most N shrink attempts per failing case (default {MAX_ATTEMPTS})")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per case (default 10)")
    parser.add_argument("--handshake-timeout", type=float, default=HANDSHAKE_TIMEOUT, metavar="SECONDS",
                        help=f"seconds to wait for the implementation's hello (default {HANDSHAKE_TIMEOUT:g})")
    parser.add_argument("--max-consecutive-errors", type=int, default=MAX_CONSECUTIVE_ERRORS, metavar="N",
                        help=f"as for check (default {MAX_CONSECUTIVE_ERRORS}; 0: never)")
    parser.add_argument("--mutant", metavar="NAME", help="fuzz the reference with this mutant installed")
    parser.add_argument("--all-mutants", action="store_true",
                        help=f"fuzz every mutant of the game(s), {MUTANT_BUDGET} cases each unless a budget "
                             "is given; report the cases needed and the shrunk size")
    parser.add_argument("--show", type=int, default=10, metavar="N", help="show at most N failing cases")
    parser.add_argument("--expected-failures", type=Path, metavar="FILE",
                        help="the baseline of known differences, as for check (clause, key and value pins): a "
                             "divergence an entry accepts is xfailed, not a failure")


class Usage(Exception):
    pass


def usage_error(message: str) -> int:
    print(f"horserace fuzz: error: {message}", file=sys.stderr)
    return 2


def parse_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)\.\.(\d+)", text or "")
    if not match or int(match.group(1)) > int(match.group(2)):
        raise Usage(f"--seeds {text!r}: give A..B with whole numbers A <= B (e.g. 0..999)")
    return int(match.group(1)), int(match.group(2))


def parse_shard(text: str | None) -> tuple[int, int]:
    if text is None:
        return 1, 1
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise Usage(f"--shard {text!r}: give I/N with 1 <= I <= N (e.g. 2/3)")
    return int(match.group(1)), int(match.group(2))


def parse_options(pairs: list[str]) -> tuple[dict[str, Any], list[str]]:
    """(fixed option values, names to try at every offered value)."""
    fixed: dict[str, Any] = {}
    every: list[str] = []
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise Usage(f"--option {pair!r}: give NAME=VALUE")
        if text == "all":
            every.append(name)
            continue
        try:
            fixed[name] = json.loads(text)
        except ValueError:
            fixed[name] = text
    return fixed, every


def option_sets(game: str, fixed: dict[str, Any], every: list[str], offered: dict[str, list[Any]]) -> list[dict[str, Any]]:
    from reference.core.game import get_game
    defaults = get_game(game).option_defaults
    for name in list(fixed) + every:
        if name not in defaults:
            raise Usage(f"--option {name}: {game} has no option {name!r} "
                        f"(its options: {', '.join(sorted(defaults)) or 'none'})")
    sets = [dict(fixed)]
    for name in every:
        values = [v for v in offered.get(name, [defaults[name]]) if not isinstance(v, dict)] or [defaults[name]]
        sets = [{**s, name: v} for s in sets for v in values]
    return sets


def hello(target: Target, game: str) -> dict[str, Any]:
    """What the implementation announces, or the reference's hello: in process, and for the
    reference adapter fuzzed by default too, whose hello is this same hello_reply([game]) (no
    process started only to be asked what it already says). A command given with --impl is
    started for its hello, and left running for the campaign (target.started)."""
    if target.command is None or target.command == reference_command(game):
        from reference.core.adapter import hello_reply
        return hello_reply([game])
    implementation = Implementation(target.command, handshake_timeout=target.handshake_timeout)
    implementation.start()
    target.drop_started()
    target.started = implementation
    return implementation.announced


def reference_command(game: str) -> str:
    return f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter --game {shlex.quote(game)}"


def run(args: argparse.Namespace) -> int:
    for stale in (args.json, args.junit):
        if stale is not None:
            stale.unlink(missing_ok=True)
    try:
        return fuzz(args)
    except Usage as exc:
        return usage_error(str(exc))


def check_arguments(args: argparse.Namespace) -> None:
    if args.timeout <= 0 or args.handshake_timeout <= 0 or args.max_consecutive_errors < 0:
        raise Usage("--timeout and --handshake-timeout must be positive, --max-consecutive-errors >= 0")
    if args.jobs < 1:
        raise Usage("-j must be at least 1")
    if args.budget_cases is not None and args.budget_cases < 1:
        raise Usage("--budget-cases must be at least 1")
    if args.budget_seconds is not None and args.budget_seconds <= 0:
        raise Usage("--budget-seconds must be positive")
    if args.seed is not None and (args.seeds or args.budget_cases or args.shard):
        raise Usage("--seed runs one case: it goes with neither --seeds, --budget-cases nor --shard")
    if args.seed is not None and args.seed < 0:
        raise Usage("--seed must be a whole number >= 0")
    if args.shrink_attempts < 0:
        raise Usage("--shrink-attempts must be >= 0")
    if (args.mutant or args.all_mutants) and args.impl is not None:
        raise Usage("--mutant and --all-mutants fuzz the reference adapter: leave out --impl")
    if args.mutant and args.all_mutants:
        raise Usage("give --mutant NAME or --all-mutants, not both")
    if not args.all_mutants and len(args.game) != 1:
        raise Usage("give one --game (dominoes, cards, horse_fever ...)" if not args.game else
                    "fuzz one --game at a time (run one command per game)")


def build_campaign(args: argparse.Namespace, game: str, target: Target, stop_at_first: bool = False,
                   default_budget: int = DEFAULT_BUDGET) -> Campaign:
    generator = load_generator(game)
    offered = hello(target, game).get("games", {}).get(game)
    if offered is None:
        raise Usage(f"the implementation does not play {game} (its hello lists no such game)")
    made = list(generator.KINDS)
    for kind in args.kind:
        if kind not in made:
            raise Usage(f"--kind {kind}: the {game} generator makes {', '.join(made)}")
    kinds = [k for k in (args.kind or made) if k in offered.get("kinds", [])]
    if not kinds:
        raise Usage(f"the implementation takes none of the kinds the {game} generator makes ({', '.join(made)})")
    fixed, every = parse_options(args.option)
    sets = option_sets(game, fixed, every, offered.get("options") or {})
    from reference.core.game import get_game
    tracks = dedupe([Track(k, non_default(get_game(game), s)) for k in kinds for s in sets])
    first, last = parse_range(args.seeds) if args.seeds else (0, None)
    if args.budget_cases is not None:
        last = first + args.budget_cases - 1 if last is None else min(last, first + args.budget_cases - 1)
    elif last is None and args.budget_seconds is None:
        last = first + default_budget - 1
    return Campaign(game, tracks, first, last, args.seed, args.budget_seconds, parse_shard(args.shard),
                    shrink=not args.no_shrink, shrink_attempts=args.shrink_attempts, stop_at_first=stop_at_first)


def dedupe(tracks: list[Track]) -> list[Track]:
    out: list[Track] = []
    for track in tracks:
        if all(track.label() != t.label() for t in out):
            out.append(track)
    return out


def fuzz(args: argparse.Namespace) -> int:
    check_arguments(args)
    if args.all_mutants:
        return all_mutants(args)
    game = args.game[0]
    from reference.core.expected_failures import load_expected_failures
    expected = load_expected_failures(args.expected_failures) if args.expected_failures else None
    mutant = None
    if args.mutant:
        from reference.core.adapter import find_mutant
        mutant = find_mutant(args.mutant)
    command = None if mutant else (args.impl if args.impl is not None else reference_command(game))
    target = Target(command, mutant, args.timeout, args.handshake_timeout, args.max_consecutive_errors,
                    shown_impl=args.impl)
    try:
        campaign = build_campaign(args, game, target, stop_at_first=mutant is not None,
                                  default_budget=MUTANT_BUDGET if mutant else DEFAULT_BUDGET)
        campaign.expected = expected
        total = None if campaign.last is None else (campaign.last - campaign.first + 1) // campaign.shard[1]
        with Progress("fuzz", total=total, unit="cases") as bar:
            report = fuzz_report(Session(campaign, target, args.jobs, args.out, bar.advance))
    except ImplementationUnavailable as exc:
        return usage_error(str(exc))
    finally:
        target.drop_started()           # a usage error after the hello: the process is not left behind
    if args.json:
        write_json(args.json, report)
    if args.junit:
        args.junit.write_text(junit_xml(report), encoding="utf-8")
    print(text_summary(report, args.show))
    if expected is not None:
        for line in expected_failure_lines(expected, report):
            print(line)
    if mutant is not None:
        print(mutant_line(report))
    return exit_status(report, "fuzz")


def expected_failure_lines(expected: Any, report: dict[str, Any]) -> list[str]:
    """The verdict on the --expected-failures entries over the campaign's cases: a campaign is a
    sample, so an entry that matched nothing is said, not an error (other seeds may hold its failures)."""
    from reference.core.results import CaseResult
    results = [CaseResult(c["id"], report["campaign"]["game"], c["kind"], c["status"], c.get("clauses", []),
                          mismatch=c.get("mismatch")) for c in report["cases"]]
    verdict = expected.verdict(results, sample=True)
    return [f"note: expected-failure entry {p.kind}: {p.message}" for p in verdict.notes]


def mutant_line(report: dict[str, Any]) -> str:
    from reference.core.fuzz.mutants import facts
    f = facts(report)
    name = report["campaign"].get("mutant", "")
    if not f["found"]:
        return f"mutant {name}: NOT found in {f['cases']} case(s)"
    shrunk = f" shrunk to {f['shrunk_steps']} step(s)" if f["shrunk_steps"] is not None else ""
    return f"mutant {name}: found at case {f['cases']} ({f['steps']} steps){shrunk}"


def all_mutants(args: argparse.Namespace) -> int:
    """Every mutant of the game(s), each fuzzed until found (budget: --budget-cases, default 2,000)."""
    from reference.core.game import all_games
    from reference.core.fuzz.mutants import fuzz_mutants
    games = args.game or [name for name in all_games()]
    jobs = []
    for name in games:
        game = all_games().get(name)
        if game is None:
            raise Usage(f"unknown game {name!r}")
        target = Target(None, None)
        campaign = build_campaign(args, name, target, stop_at_first=True, default_budget=MUTANT_BUDGET)
        jobs += [(campaign, m) for m in (game.mutants() if game.mutants else [])]
    rows = fuzz_mutants(jobs, args.out, args.jobs)
    missed = 0
    print(f"{'mutant':44} {'game':12} {'found at case':>13} {'steps':>6} {'shrunk steps':>12}")
    for game, name, facts in rows:
        if facts["found"]:
            print(f"{name:44} {game:12} {facts['cases']:>13} {facts['steps']:>6} {str(facts['shrunk_steps']):>12}")
        else:
            missed += 1
            print(f"{name:44} {game:12} {'NOT FOUND':>13} {'':>6} {'':>12}  ({facts['cases']} cases)")
    shrunk = sorted(f["shrunk_steps"] for _, _, f in rows if f["found"] and f["shrunk_steps"] is not None)
    if shrunk:
        print(f"median shrunk length: {shrunk[len(shrunk) // 2]} step(s) over {len(shrunk)} mutant(s) found")
    print(f"{len(rows) - missed} of {len(rows)} mutant(s) found")
    if args.json:
        args.json.write_text(json.dumps({"mutants": [{"game": g, "mutant": n, **f} for g, n, f in rows]},
                                        indent=1) + "\n", encoding="utf-8")
    return 1 if missed or not rows else 0
