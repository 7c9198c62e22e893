"""The conformance vectors as pytest items, for an implementation's own test run.

Two routes, both judged exactly as `horserace check` judges (same comparison, same messages):

**Any language, over the protocol.** Installed with the suite, this module is a pytest plugin
(entry point `pytest11`). It does nothing unless `--horserace-impl` is given:

    pytest --horserace-impl "./my-engine --conformance" --horserace-game dominoes \\
           --horserace-kind layout --horserace-expected-failures my-xfail.yaml

collects every selected vector case as one item named by its id (node id
`horserace::GAME::KIND::ID`; `-k` matches the id, the game and the kind), beside whatever
else pytest collects, and starts the implementation once for the whole session, through the
runner (`reference.core.runner`).

**Python engines, in process.** In a test module of the implementation:

    from reference.core.pytest_plugin import vector_tests

    def answer(case):
        # `case` is the protocol's case message: id, game, kind, options, input, observe.
        return my_engine.replay(case["game"], case["kind"], case["input"], case["options"])

    test_horse_race = vector_tests(answer, games=["dominoes"], kinds=["layout", "settlement"])

The imports of the suite's modules are inside the functions so that merely having the suite
installed costs a pytest run nothing.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pytest

if TYPE_CHECKING:  # pragma: no cover
    from .results import CaseResult

Answer = Callable[[dict[str, Any]], list[dict[str, Any]]]

# The statuses of a case that compared answers with expected values (the others did not).
COMPARED = ("passed", "failed", "xfailed", "xpassed")
SELECTION_OPTIONS = ("horserace_game", "horserace_kind", "horserace_id", "horserace_clause",
                     "horserace_skip_flag", "horserace_expected_failures", "horserace_allow_empty")


# -- what a case's result looks like, shared by both routes -------------------------------------

def check_message(result: CaseResult) -> str:
    """The lines `horserace check` prints for this case: for a failing case the first
    divergent step, its action, the key, expected and actual values and the clauses."""
    from .report import text_summary
    from .results import FAILING

    if result.status not in FAILING:
        return result.message
    return text_summary([result], show_failures=1).split("\nper game:")[0]


def report_result(result: CaseResult) -> None:
    """End a pytest item the way the result says (passed: return)."""
    from .results import FAILING

    if result.status in FAILING:
        pytest.fail(check_message(result), pytrace=False)
    if result.status == "skipped":
        pytest.skip(result.message)
    if result.status == "xfailed":
        pytest.xfail(result.message)


# -- route 1: the registered plugin (protocol) ---------------------------------------------------

def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("horserace", "Horse Race conformance vectors (run as pytest items)")
    group.addoption("--horserace-impl", metavar="COMMAND",
                    help="command that starts the implementation under test; it speaks the runner "
                         "protocol on stdin/stdout, as for 'horserace check --impl'. Without this "
                         "option the plugin collects nothing")
    group.addoption("--horserace-game", action="append", default=[], metavar="GAME",
                    help="only this game's cases (repeatable)")
    group.addoption("--horserace-kind", action="append", default=[], metavar="KIND",
                    help="only cases of this kind (repeatable)")
    group.addoption("--horserace-id", action="append", default=[], metavar="GLOB",
                    help="only cases whose id matches (repeatable)")
    group.addoption("--horserace-clause", action="append", default=[], metavar="CLAUSE",
                    help="only cases exercising this clause (repeatable)")
    group.addoption("--horserace-skip-flag", action="append", default=[], metavar="FLAG",
                    help="leave out cases with this flag (repeatable)")
    group.addoption("--horserace-expected-failures", metavar="FILE",
                    help="YAML/JSON list of {id, reason}: those cases are xfailed, and fail if they pass")
    group.addoption("--horserace-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="seconds per case (default 10)")
    group.addoption("--horserace-allow-empty", action="store_true",
                    help="let a run in which no case was compared (all skipped) pass")


RUN_KEY = pytest.StashKey["ProtocolRun"]()


def pytest_configure(config: pytest.Config) -> None:
    command = config.getoption("horserace_impl")
    if not command:
        given = [name for name in SELECTION_OPTIONS if config.getoption(name)]
        if given:
            raise pytest.UsageError(f"--{given[0].replace('_', '-')} needs --horserace-impl COMMAND")
        return
    config.stash[RUN_KEY] = ProtocolRun.from_options(config, command)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    """Add the vector cases as one more top-level collector of the session, beside the test
    folders, so they are counted, selected (-k, -m) and reported like any other test."""
    outcome = yield
    run = collector.config.stash.get(RUN_KEY, None)
    report = outcome.get_result()
    if run is not None and isinstance(collector, pytest.Session) and report.passed:
        report.result.append(CaseGroup.from_parent(collector, name="horserace", nodeid="horserace",
                                                   cases=run.cases, run=run))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    run = session.config.stash.get(RUN_KEY, None)
    if run is None:
        return
    run.close()
    if run.results and not run.compared() and not run.allow_empty:
        run.note = (f"horserace: no case was compared ({len(run.results)} asked, all skipped or errored): "
                    "a run that compares nothing does not pass (--horserace-allow-empty allows it)")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    run = config.stash.get(RUN_KEY, None)
    if run is None or not run.results:
        return
    from .report import counts, line

    terminalreporter.write_line(f"horserace: {run.command}: {line(counts(run.results))}")
    if run.note:
        terminalreporter.write_line(run.note, red=True)


class CaseGroup(pytest.Collector):
    """`horserace`, then one group per game, then per kind: node ids read
    `horserace::dominoes::layout::dom-wt-lone-double`, and `-k` matches the game and the kind."""

    LEVELS = ("game", "kind")

    def __init__(self, *, cases: list[dict[str, Any]], run: ProtocolRun, depth: int = 0, **kwargs: Any):
        super().__init__(**kwargs)
        self.cases = cases
        self.run = run
        self.depth = depth

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        if self.depth == len(self.LEVELS):
            return [CaseItem.from_parent(self, name=case["id"], case=case, run=self.run) for case in self.cases]
        groups: dict[str, list[dict[str, Any]]] = {}
        for case in self.cases:
            groups.setdefault(case[self.LEVELS[self.depth]], []).append(case)
        return [CaseGroup.from_parent(self, name=name, cases=cases, run=self.run, depth=self.depth + 1)
                for name, cases in groups.items()]


class CaseItem(pytest.Item):
    """One vector case, answered by the implementation the session started."""

    def __init__(self, *, case: dict[str, Any], run: ProtocolRun, **kwargs: Any):
        super().__init__(**kwargs)
        self.case = case
        self.run = run

    def runtest(self) -> None:
        result = self.run.result_of(self.run.content(self.case, self.session.items))
        if result is None:               # no process to ask: say why once, and stop the session
            self.session.shouldstop = "horserace: the implementation is not running"
            pytest.fail(f"horserace: the implementation is not running: {self.run.failure}", pytrace=False)
        report_result(result)

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, f"{self.case['game']} {self.case['kind']} case {self.case['id']}"


class ProtocolRun:
    """One implementation process for the session, fed one case at a time.

    `reference.core.runner.run_cases` runs in a background thread over a generator that yields
    each case as its pytest item asks for it; the runner's `on_result` hands the result back.
    So the process, handshake, timeouts, restarts, skips and expected failures are exactly
    those of `horserace check`, and the items still run in pytest's order, one at a time.
    """

    def __init__(self, command: str, cases: list[dict[str, Any]], timeout: float,
                 expected_failures: dict[str, str], allow_empty: bool):
        self.command = command
        self.cases = cases
        self.timeout = timeout
        self.expected_failures = expected_failures
        self.allow_empty = allow_empty
        self.requests: queue.Queue = queue.Queue()
        self.answers: queue.Queue = queue.Queue()
        self.thread: threading.Thread | None = None
        self.failure: str | None = None
        self.results: list[CaseResult] = []
        self.note = ""
        self.loaded: dict[str, dict[str, Any]] | None = None    # id -> the whole case (see content)
        self.load_error = ""

    @classmethod
    def from_options(cls, config: pytest.Config, command: str) -> ProtocolRun:
        from .errors import HorseRaceError
        from .game import all_games
        from .report import load_expected_failures
        from .runner import Selection
        from .vectors import load_cases

        option = config.getoption
        games = option("horserace_game")
        unknown = sorted(set(games) - set(all_games()))
        if unknown:
            raise pytest.UsageError(f"--horserace-game {unknown[0]}: no such game (games: {', '.join(all_games())})")
        chosen = Selection(option("horserace_id"), games, option("horserace_kind"), option("horserace_clause"),
                           [], option("horserace_skip_flag"))
        try:
            if chosen.clauses or chosen.skip_flags:      # selection by what the cases hold
                cases = [c for c in load_cases(games or None, kinds=chosen.kinds or None,
                                               wanted=chosen.id_matcher() if chosen.ids else None)
                         if chosen.keep(c)]
            else:
                cases = case_names(games or None, chosen.kinds or None, chosen.id_matcher() if chosen.ids else None)
            xfail_file = option("horserace_expected_failures")
            expected = load_expected_failures(Path(xfail_file)) if xfail_file else None
        except HorseRaceError as exc:
            raise pytest.UsageError(f"horserace: {exc}") from None
        if not cases:
            raise pytest.UsageError("horserace: no vector case matches the --horserace-* selection")
        return cls(command, cases, option("horserace_timeout"), expected, option("horserace_allow_empty"))

    def content(self, case: dict[str, Any], items: list[pytest.Item]) -> dict[str, Any]:
        """The whole case (`case` may hold only its id, game and kind: see case_names). At the
        first item run, every case the session selected is read, in one pass over its file."""
        if "input" in case:
            return case
        if self.loaded is None:
            from .errors import HorseRaceError
            from .vectors import load_cases

            named = [item.case for item in items if isinstance(item, CaseItem) and item.run is self]
            ids = {c["id"] for c in named}
            try:
                self.loaded = {c["id"]: c for c in load_cases(sorted({c["game"] for c in named}),
                                                              kinds=sorted({c["kind"] for c in named}),
                                                              wanted=ids.__contains__)}
            except HorseRaceError as exc:
                self.loaded, self.load_error = {}, f"horserace: {exc}"
        if case["id"] not in self.loaded:
            pytest.fail(self.load_error or f"horserace: case {case['id']} is no longer in the vector files", pytrace=False)
        return self.loaded[case["id"]]

    def _feed(self) -> Iterator[dict[str, Any]]:
        while (case := self.requests.get()) is not None:
            yield case

    def _serve(self) -> None:
        from .runner import run_cases

        try:
            run_cases(self.command, self._feed(), self.timeout, self.expected_failures,
                      on_result=self.answers.put)
        except Exception as exc:  # the implementation could not start: every item says why
            self.failure = f"{type(exc).__name__}: {exc}"
        finally:
            self.answers.put(None)

    def result_of(self, case: dict[str, Any]) -> CaseResult | None:
        """The case's result; None when the implementation could not be started (see `failure`)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._serve, name="horserace-runner", daemon=True)
            self.thread.start()
        if self.failure is None and self.thread.is_alive():
            self.requests.put(case)
            result = self.answers.get()
            if result is not None:
                self.results.append(result)
                return result
        self.failure = self.failure or "the runner stopped"
        return None

    def compared(self) -> int:
        return sum(r.status in COMPARED for r in self.results)

    def close(self) -> None:
        if self.thread is not None:
            self.requests.put(None)       # ends the generator: run_cases says bye and stops the process
            self.thread.join(timeout=self.timeout + 5)


def case_names(games: list[str] | None, kinds: list[str] | None,
               wanted: Callable[[str], bool] | None) -> list[dict[str, Any]]:
    """The selected cases as items need them to be collected and selected (-k): id, game and
    kind, in file order, from the vector files checked as `load_cases` checks them (header,
    layout, unique ids) but without parsing any case (most are deselected in a run that picks
    a few with -k; the run parses the ones it runs, see ProtocolRun.content)."""
    from .vectors import load_vector_file, trusted_digests, vector_files

    cases: list[dict[str, Any]] = []
    digests = trusted_digests()
    for path in vector_files(games, kinds):
        ids: list[str] = []

        def note(case_id: str) -> bool:
            if wanted is None or wanted(case_id):
                ids.append(case_id)
            return False                                 # named, not parsed

        header = load_vector_file(path, wanted=note, digests=digests).header
        cases += [{"id": case_id, "game": header["game"], "kind": header["kind"]} for case_id in ids]
    return cases


# -- route 2: in process, for Python engines -----------------------------------------------------

def vector_tests(answer: Answer, games: list[str] | None = None, kinds: list[str] | None = None,
                 ids: list[str] | None = None, clauses: list[str] | None = None,
                 flags: list[str] | None = None, skip_flags: list[str] | None = None,
                 options: dict[str, list[Any]] | None = None,
                 expected_failures: str | Path | None = None) -> Callable[[dict[str, Any]], None]:
    """A pytest test function parametrised over the selected vector cases (one item per case,
    named by its id). Assign it to a `test_...` name in a test module.

    answer: called with each case as the protocol's case message (`id`, `game`, `kind`,
        `options`, `input` with `setup` and `steps`, `observe`: the keys compared); returns one
        observation per input step, as a `result` message's `steps` (`{"error": "why"}` for a
        step the rules refuse).
    games, kinds: only these games / case kinds (default: all).
    ids: only cases whose id matches one of these globs (`dom-ex-*`).
    clauses: only cases exercising at least one of these clauses.
    flags: only cases carrying all of these flags.
    skip_flags: leave out cases carrying any of these flags (e.g. `continuation-draws` if you
        read DOM-INT-1 the other way).
    options: option name -> the values your engine offers (the default value is always
        offered); a case needing another value is skipped, as `horserace check` skips it.
    expected_failures: a YAML/JSON file (schema/expected-failures.schema.json): a case failing
        the way an entry expects (by id, clause, step, key) is xfailed; a listed case that
        passes or now fails differently fails (update the list).
    """
    from .protocol import case_message
    from .report import load_expected_failures
    from .runner import Selection
    from .vectors import load_cases

    chosen = Selection(ids or [], games or [], kinds or [], clauses or [], flags or [], skip_flags or [])
    # only the selected kinds' files are read, and of them only the cases whose id is asked
    # parsed, as `horserace check` reads them (load_selected)
    cases = [c for c in load_cases(games, kinds=kinds, wanted=chosen.id_matcher() if ids else None)
             if chosen.keep(c)]
    xfail = load_expected_failures(Path(expected_failures)) if expected_failures else None
    offered = options or {}

    @pytest.mark.parametrize("case", [pytest.param(c, id=c["id"]) for c in cases])
    def test_vector(case: dict[str, Any]) -> None:
        for name, value in (case.get("options") or {}).items():
            if value not in offered.get(name, []):
                pytest.skip(f"option {name}={value!r} is not offered by the implementation")
        result = in_process_result(case, answer(case_message(1, case)))
        if xfail is not None:
            xfail.apply(result)     # xfailed, changed or xpassed, as `horserace check` judges them
        report_result(result)

    return test_vector


def in_process_result(case: dict[str, Any], steps: Any) -> CaseResult:
    from .results import CaseResult, judge

    status, mismatch = judge(case, steps)
    return CaseResult(case["id"], case["game"], case["kind"], status, list(case["clauses"]), mismatch=mismatch)

