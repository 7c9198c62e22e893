"""Differential fuzzing: random cases from seeds, judged against the reference engine.

Case i of a campaign is made by the game's generator (reference/<game>/fuzzing.py) from a seed
derived from (game, kind, index); the reference engine gives the expected observations and the
implementation (`--impl "COMMAND"`, default: the reference adapter) is driven over the same
protocol and judged by the same runner as `horserace check`. A failure's diagnosis is its
first divergence's attributed clauses and differing keys; the first failures of each diagnosis
(--max-examples-per-bug) are shrunk (their chooser numbers edited while they fail with the same
diagnosis) and written to --out as YAML scenarios, with the command that replays each. The
report counts the rest (--jsonl streams every case). `--shard i/n` runs the indices with
index % n == i-1; `horserace merge-reports` combines the shards' --json reports. `--mutant NAME`
fuzzes the reference with that misreading installed (in process) and reports the cases needed
to find it; `--all-mutants` does so for every mutant of the game(s).
`--expected-failures FILE` takes a baseline as `check` does: a divergence its entries accept is
xfailed (counted, not shrunk), one an entry covers but that differs from its pins is changed (a
failure); an entry that matched nothing is a note, not an error (a campaign is a sample).
Every case kind of every game is fuzzed except (each game's NOT_FUZZED, reference/<game>/fuzzing.py):
{not_fuzzed}
Exit status: 0 nothing diverged (but as --expected-failures accepts) and at least half of the
selected cases were compared; 1 a case failed, errored, changed or xpassed, nothing was compared, or less than half of the selected cases were
(--allow-skips accepts that) (or, with --all-mutants, a mutant was not found); 2 usage error or
the implementation could not be started; 128 + N a signal ended the run (130 Ctrl-C, 143 SIGTERM,
129 SIGHUP): the implementation is ended and the reports of the cases that ran are written, their
stop reason "interrupted by SIGTERM".
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

from reference.core.fuzz.campaign import MAX_EXAMPLES_PER_BUG, Campaign, Track
from reference.core.fuzz.cases import case_seed, load_generator, non_default
from reference.core.fuzz.report import exit_status, junit_xml, text_summary, write_json
from reference.core.fuzz.session import Session, Target, expected_verdict, run_session, session_report
from reference.core.fuzz.shrink import MAX_ATTEMPTS
from reference.core import processes
from reference.core.interrupts import exit_code_of, signal_name, signals_interrupt
from reference.core.progress import Progress
from reference.core.runner import HANDSHAKE_TIMEOUT, MAX_CONSECUTIVE_ERRORS, Implementation, ImplementationUnavailable

DEFAULT_BUDGET = 100
MUTANT_BUDGET = 2000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    shown = parser.format_help

    def format_help() -> str:
        # the kinds each game leaves unfuzzed are read from the registry only when the help is
        # shown: loading every game would cost each start of `horserace` some 40 ms
        parser.description = (parser.description or "").replace("{not_fuzzed}", not_fuzzed())
        return shown()
    parser.format_help = format_help  # type: ignore[method-assign]
    parser.add_argument("--impl", metavar="COMMAND",
                        help="command that starts the implementation (default: the reference adapter)")
    parser.add_argument("--game", action="append", default=[],
                        help="the game to fuzz (one, except with --all-mutants: repeatable, default all)")
    parser.add_argument("--kind", action="append", default=[],
                        help="only this case kind (repeatable; default: every kind the generator makes and "
                             "the implementation takes)")
    parser.add_argument("--mode", action="append", default=[],
                        help="only cases in this mode of play (repeatable; as for check): a generated case in "
                             "another mode is deselected, and no shrink leads into one")
    parser.add_argument("--label", metavar="TEXT", help="a name for this run in the JSON and JUnit reports")
    parser.add_argument("--seeds", metavar="A..B", help="case indices A to B (inclusive)")
    parser.add_argument("--seed", type=int, metavar="N", help="run the one case of this seed (a replay)")
    parser.add_argument("--index", type=int, metavar="I",
                        help="with --seed: the campaign index the case had (the replay commands give it), "
                             "kept in the report")
    parser.add_argument("--budget-cases", type=int, metavar="N",
                        help=f"run N cases (indices from A, default 0; default {DEFAULT_BUDGET} when no "
                             "other bound is given)")
    parser.add_argument("--budget-seconds", type=float, metavar="S",
                        help="start no new case after S seconds (the cases run then depend on speed)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an interpretation option value (JSON, else text); NAME=all: every value the "
                             "implementation offers (a long range or {\"any\": true}: its bounds and the "
                             "register's values, named on stderr) (repeatable)")
    parser.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                        help="N local workers, each with its own implementation process")
    parser.add_argument("--shard", metavar="I/N", help="run only the case indices with index %% N == I-1")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write a JSON report "
                        "(schema/fuzz-report.schema.json): totals, coverage, ranges, failures by diagnosis")
    parser.add_argument("--jsonl", type=Path, metavar="FILE",
                        help="stream one JSON line per case to FILE as the campaign goes (and one per "
                             "counterexample once shrunk)")
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"), metavar="DIR",
                        help="where shrunk counterexamples are written as YAML scenarios (default fuzz-out/)")
    parser.add_argument("--no-shrink", action="store_true",
                        help="report failing cases as found (no scenario is written)")
    parser.add_argument("--shrink-attempts", type=int, default=MAX_ATTEMPTS, metavar="N",
                        help=f"at most N shrink attempts per counterexample (default {MAX_ATTEMPTS})")
    parser.add_argument("--max-examples-per-bug", type=int, default=MAX_EXAMPLES_PER_BUG, metavar="N",
                        help="shrink and keep the first N failing cases of each diagnosis (attributed clauses "
                             f"and differing keys); the others are counted (default {MAX_EXAMPLES_PER_BUG})")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per case (default 10)")
    parser.add_argument("--handshake-timeout", type=float, default=HANDSHAKE_TIMEOUT, metavar="SECONDS",
                        help=f"seconds to wait for the implementation's hello (default {HANDSHAKE_TIMEOUT:g})")
    parser.add_argument("--max-consecutive-errors", type=int, default=MAX_CONSECUTIVE_ERRORS, metavar="N",
                        help=f"as for check (default {MAX_CONSECUTIVE_ERRORS}; 0: never)")
    parser.add_argument("--mutant", metavar="NAME", help="fuzz the reference with this mutant installed")
    parser.add_argument("--all-mutants", action="store_true",
                        help=f"fuzz every mutant of the game(s), {MUTANT_BUDGET} cases each unless a budget "
                             "is given; report the cases needed and the shrunk size")
    parser.add_argument("--allow-skips", action="store_true",
                        help="exit 0 even if less than half of the cases were compared (skipped by the "
                             "implementation, or nothing it produces is observed)")
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
    from reference.core.adapter import supported_options
    from reference.core.options import values_to_run
    sets = [dict(fixed)]
    for name in every:
        register = supported_options(game).get(name, [defaults[name]])
        values, notes = values_to_run(offered.get(name, [defaults[name]]), register)
        for note in notes:          # a range or "any" offers more values than a campaign can run
            print(f"horserace fuzz: --option {name}=all: {note}", file=sys.stderr)
        sets = [{**s, name: v} for s in sets for v in values or [defaults[name]]]
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
    for stale in (args.json, args.junit, args.jsonl):
        if stale is not None:
            stale.unlink(missing_ok=True)
    if getattr(args, "own_process", False):
        processes.adopt_orphans()       # this process starts no other: its orphans are the implementation's
    try:
        with signals_interrupt():       # SIGTERM and SIGHUP end the run as Ctrl-C does
            return fuzz(args)
    except Usage as exc:
        return usage_error(str(exc))


def check_arguments(args: argparse.Namespace) -> None:
    from reference.core.errors import HorseRaceError
    from reference.core.report import checked_label
    try:
        checked_label(args.label)
    except HorseRaceError as exc:
        raise Usage(str(exc)) from None
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
    if args.index is not None and (args.seed is None or args.index < 0):
        raise Usage("--index I goes with --seed N (the replay of case I): a whole number >= 0")
    if args.max_examples_per_bug < 1:
        raise Usage("--max-examples-per-bug must be at least 1")
    if args.shrink_attempts < 0:
        raise Usage("--shrink-attempts must be >= 0")
    if (args.mutant or args.all_mutants) and args.impl is not None:
        raise Usage("--mutant and --all-mutants fuzz the reference adapter: leave out --impl")
    if args.mutant and args.all_mutants:
        raise Usage("give --mutant NAME or --all-mutants, not both")
    if not args.all_mutants and len(args.game) != 1:
        from reference.core.game import all_games
        raise Usage(f"give one --game ({', '.join(all_games())})" if not args.game else
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
    from reference.core.game import get_game, nearest
    known_modes = list(get_game(game).modes)
    for mode in args.mode:
        if mode not in known_modes:
            raise Usage(f"--mode {mode}{nearest(mode, known_modes)}: the modes of {game} are "
                        f"{', '.join(known_modes) or 'none (its cases are in no mode)'}")
    tracks = dedupe([Track(k, non_default(get_game(game), s)) for k in kinds for s in sets])
    first, last = parse_range(args.seeds) if args.seeds else (0, None)
    if args.budget_cases is not None:
        last = first + args.budget_cases - 1 if last is None else min(last, first + args.budget_cases - 1)
    elif last is None and args.budget_seconds is None:
        last = first + default_budget - 1
    if args.seed is not None and args.index is not None:
        track = tracks[args.index % len(tracks)]
        if case_seed(game, track.kind, args.index, track.options) != args.seed:
            print(f"horserace fuzz: note: seed {args.seed} is not the seed of case {args.index} of this campaign "
                  f"({track.label()}); the case of seed {args.seed} is run, reported as case {args.index}",
                  file=sys.stderr)
    return Campaign(game, tracks, first, last, args.seed, args.index, args.budget_seconds, parse_shard(args.shard),
                    shrink=not args.no_shrink, shrink_attempts=args.shrink_attempts,
                    max_examples_per_bug=args.max_examples_per_bug, stop_at_first=stop_at_first,
                    modes=tuple(args.mode), label=args.label, expected=expected_failures(args))


def expected_failures(args: argparse.Namespace) -> Any:
    """The --expected-failures baseline (a located error if it does not load), or None."""
    from reference.core.expected_failures import load_expected_failures
    return load_expected_failures(args.expected_failures) if args.expected_failures else None


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
        total = None if campaign.last is None else (campaign.last - campaign.first + 1) // campaign.shard[1]
        session = Session(campaign, target, args.jobs, args.out, jsonl=args.jsonl)
        with Progress("fuzz", total=total, unit="cases") as bar:
            session.progress = bar.advance
            try:
                run_session(session)
            except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP: the implementation is ended
                session.interrupted = signal_name(exc)
    except ImplementationUnavailable as exc:
        return usage_error(str(exc))
    finally:
        target.drop_started()           # a usage error after the hello: the process is not left behind
    return finish(args, session, mutant)


def finish(args: argparse.Namespace, session: Session, mutant: Any = None) -> int:
    """Write the reports of what the session ran (all of it, or what ran before an interruption)
    and print the summary; the exit status."""
    report = session_report(session)
    if args.json:
        write_json(args.json, report)
    if args.junit:
        args.junit.write_text(junit_xml(report), encoding="utf-8")
    print(text_summary(report, args.show))
    verdict = expected_verdict(session)
    for problem in verdict.notes if verdict is not None else ():
        print(f"note: expected-failure entry {problem.kind}: {problem.message}")
    if mutant is not None:
        print(mutant_line(report))
    for name in report["run"].get("left_running", ()):
        print(f"horserace fuzz: warning: a process of the implementation could not be ended: {name}", file=sys.stderr)
    if session.interrupted:
        print(f"horserace fuzz: interrupted by {session.interrupted}: the report holds the cases that ran "
              f"({report['cases']} case(s))", file=sys.stderr)
        return exit_code_of(session.interrupted)
    return exit_status(report, "fuzz", args.allow_skips)


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


def not_fuzzed() -> str:
    """`game kind: reason` for each kind a game leaves out of fuzzing (its NOT_FUZZED), read from
    the registry so that --help is true for every game without naming one."""
    import importlib
    from reference.core.game import all_games
    lines = []
    for game in all_games():
        try:
            generator = importlib.import_module(f"reference.{game}.fuzzing")
        except ModuleNotFoundError:
            continue
        lines += [f"{game} {kind}: {why}" for kind, why in getattr(generator, "NOT_FUZZED", {}).items()]
    return "; ".join(lines) + "." if lines else "none."


