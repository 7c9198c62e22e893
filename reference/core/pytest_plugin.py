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

import os
import queue
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pytest

if TYPE_CHECKING:  # pragma: no cover
    from .expected_failures import ExpectedFailures
    from .results import CaseResult

Answer = Callable[[dict[str, Any]], list[dict[str, Any]]]

SELECTION_OPTIONS = ("horserace_game", "horserace_kind", "horserace_id", "horserace_clause",
                     "horserace_skip_flag", "horserace_expected_failures", "horserace_allow_empty")
VERDICT_NODE = "horserace::expected-failures"     # the pseudo test a red expected-failures verdict is reported as


# -- what a case's result looks like, shared by both routes -------------------------------------

def check_message(result: CaseResult) -> str:
    """The lines `horserace check` prints for this case: for a failing case the first
    divergent step, its action, the key, expected and actual values and the clauses."""
    from .report import FAILING, text_summary

    if result.status not in FAILING:
        return result.message
    return text_summary([result], show_failures=1).split("\nper game:")[0]


def report_result(result: CaseResult, node: pytest.Item | None = None) -> None:
    """End a pytest item the way the result says (passed: return). With `node`, the result is
    kept with the item's report, for the verdict on the whole run (see `Gathered`)."""
    from .results import FAILING_STATUSES

    if node is not None:
        node.stash[RESULT_KEY] = result
        if result.mismatch and result.mismatch.get("clauses"):     # pytest's JUnit writes it as a property
            node.user_properties.append(("clauses", " ".join(result.mismatch["clauses"])))
    if result.status in FAILING_STATUSES:
        pytest.fail(check_message(result), pytrace=False)
    if result.status == "skipped":
        pytest.skip(result.message)
    if result.status == "xfailed":
        # as pytest.xfail, but without a traceback: an accepted failure costs no formatting
        raise pytest.xfail.Exception(result.message, pytrace=False)


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
                    help="the baseline of expected failures (schema/expected-failures.schema.json), judged as "
                         "'horserace check --expected-failures' judges it")
    group.addoption("--horserace-update-expected", metavar="FILE",
                    help="after the run, record (a new FILE) or update the baseline FILE from the horserace cases "
                         "run, as 'horserace baseline record|update' does")
    group.addoption("--horserace-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="seconds per case (default 10)")
    group.addoption("--horserace-allow-empty", action="store_true",
                    help="let a run in which no case was compared (all skipped) pass")


RUN_KEY = pytest.StashKey["ProtocolRun"]()
RESULT_KEY = pytest.StashKey["CaseResult"]()          # a case item's result
EXPECTED_KEY = pytest.StashKey[str]()                   # the expected-failures file that judged it
GATHERED_KEY = pytest.StashKey["Gathered"]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[GATHERED_KEY] = Gathered()
    config.pluginmanager.register(config.stash[GATHERED_KEY], "horserace-gathered")
    command = config.getoption("horserace_impl")
    if not command:
        given = [name for name in SELECTION_OPTIONS if config.getoption(name)]
        if given:
            raise pytest.UsageError(f"--{given[0].replace('_', '-')} needs --horserace-impl COMMAND")
        return
    config.stash[RUN_KEY] = ProtocolRun.from_options(config, command)


# -- the verdict on the whole run, shared by both routes -----------------------------------------

class Gathered:
    """The results of every horserace case of the session, by expected-failures file, gathered
    from the items' reports (so, under pytest-xdist, in the controller from every worker): the
    run's verdict on the expected failures (stale entries, not exercised) and the baseline
    update are made from them, as `horserace check` makes them from its results. Registered as
    a plugin of the session for its report hook."""

    def __init__(self) -> None:
        self.results: dict[str, list[CaseResult]] = {}      # expected-failures file ("": none) -> results
        self.lines: list[str] = []                          # for the terminal summary

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        record = getattr(report, "horserace", None)
        if record is not None and report.when == "call":
            self.add(record)

    def add(self, record: dict[str, Any]) -> None:
        from .results import CaseResult

        c = record["result"]
        result = CaseResult(c["id"], c["game"], c["kind"], c["status"], list(c.get("clauses", ())),
                            c.get("message", ""), mismatch=c.get("mismatch"), applied=record.get("applied", []))
        self.results.setdefault(record.get("expected") or "", []).append(result)

    def judge(self) -> list[str]:
        """The verdict on each file's entries; returns the errors (the run is red if any)."""
        from .errors import HorseRaceError
        from .expected_failures import shown_path

        errors: list[str] = []
        for source, results in self.results.items():
            if not source:
                continue
            try:
                verdict = load_baseline(source).verdict(results, known_cases)
            except HorseRaceError as exc:                   # the file changed under the run
                errors.append(str(exc))
                continue
            errors += [f"{p.kind}: {p.message}" for p in verdict.errors]
            self.lines += [f"horserace: expected-failure entry {p.kind}: {p.message}" for p in verdict.errors]
            self.lines += [f"horserace: note: expected-failure entry {p.kind}: {p.message}" for p in verdict.notes]
            if verdict.reasons_to_fill:
                self.lines.append(f"horserace: note: {verdict.reasons_to_fill} expected-failure entr"
                                  f"{'y has' if verdict.reasons_to_fill == 1 else 'ies have'} a reason still to "
                                  f"fill in ({shown_path(source)})")
        return errors

    def update(self, target: str) -> None:
        from .baseline import run_cases_of, summary, update_baseline

        cases = [r.as_dict() for results in self.results.values() for r in results]
        written = update_baseline(Path(target), run_cases_of(cases), run_name="a pytest run", known=known_cases)
        self.lines += summary(written, written.created)


_BASELINES: dict[tuple[str, int, int, str], ExpectedFailures] = {}


def load_baseline(path: str | Path) -> ExpectedFailures:
    """The expected-failures file, read once per session however many routes use it (a baseline
    of hundreds of entries takes a noticeable part of a second to read); read again if it changed."""
    from .expected_failures import load_expected_failures

    resolved = Path(path).resolve()
    try:
        stat = resolved.stat()
        key = (str(resolved), stat.st_mtime_ns, stat.st_size, os.getcwd())   # messages name it from the cwd
    except OSError:
        return load_expected_failures(path)         # says what is wrong with it
    if key not in _BASELINES:
        for old in [k for k in _BASELINES if k[0] == key[0]]:
            del _BASELINES[old]
        _BASELINES[key] = load_expected_failures(path)
    return _BASELINES[key]


def known_cases() -> list[tuple[str, list[str]]]:
    """Every vector case with the clauses it exercises (read only when an entry needs it)."""
    from .attribution import applied_clauses
    from .vectors import load_cases

    return [(c["id"], [*c["clauses"], *applied_clauses(c)]) for c in load_cases(None, validate=False)]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A horserace case's report carries its result (to the controller under pytest-xdist)."""
    outcome = yield
    result = item.stash.get(RESULT_KEY, None)
    if result is not None and call.when == "call":
        outcome.get_result().horserace = {"result": result.as_dict(), "applied": list(result.applied),
                                          "expected": item.stash.get(EXPECTED_KEY, "")}



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
    if run is not None:
        run.close()
        if run.results and not run.compared() and not run.allow_empty:
            run.note = (f"horserace: no case was compared ({len(run.results)} asked, all skipped or errored): "
                        "a run that compares nothing does not pass (--horserace-allow-empty allows it)")
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if hasattr(session.config, "workerinput"):     # a pytest-xdist worker: the controller judges the run
        return
    gathered = session.config.stash[GATHERED_KEY]
    errors = gathered.judge()
    if errors:
        report_verdict(session, errors)
    target = session.config.getoption("horserace_update_expected", None)
    if target:
        from .errors import HorseRaceError
        try:
            gathered.update(target)
        except HorseRaceError as exc:
            gathered.lines.append(f"horserace: the baseline was not written: {exc}")
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


def report_verdict(session: pytest.Session, errors: list[str]) -> None:
    """A red verdict on the expected failures as one failing test of its own (VERDICT_NODE), so the
    terminal summary, the exit status and pytest's JUnit XML all say the run is red."""
    text = "expected-failure entries that do not hold:\n" + "\n".join(f"  {e}" for e in errors)
    location = ("horserace", None, "expected failures")
    session.testscollected += 1          # counted as a test (the progress reads 100 %, not 120 %)
    for when, outcome, longrepr in (("call", "failed", text), ("teardown", "passed", None)):
        session.config.hook.pytest_runtest_logreport(report=pytest.TestReport(
            VERDICT_NODE, location, {}, outcome, longrepr, when))
    session.testsfailed += 1
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    run = config.stash.get(RUN_KEY, None)
    if run is not None and run.results:
        from .report import counts, line

        terminalreporter.write_line(f"horserace: {run.command}: {line(counts(run.results))}")
        if run.note:
            terminalreporter.write_line(run.note, red=True)
    for text in config.stash[GATHERED_KEY].lines:
        terminalreporter.write_line(text)


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
        result = self.run.result_of(self.run.content(self.case, self.session.items), self.session.items)
        if result is None:               # no process to ask: say why once, and stop the session
            self.session.shouldstop = "horserace: the implementation is not running"
            pytest.fail(f"horserace: the implementation is not running: {self.run.failure}", pytrace=False)
        self.stash[EXPECTED_KEY] = self.run.expected_file
        report_result(result, self)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        """A case's verdict is its message (report_result): no traceback to walk or format."""
        if isinstance(excinfo.value, pytest.fail.Exception) and not excinfo.value.pytrace:
            return str(excinfo.value.msg)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, f"{self.case['game']} {self.case['kind']} case {self.case['id']}"


class ProtocolRun:
    """One implementation process for the session, driven by `reference.core.runner.run_cases` in
    a background thread; the runner's `on_result` hands each result to the item that asks for it.
    So the process, handshake, timeouts, restarts, skips and expected failures are exactly those
    of `horserace check`, and the items still report in pytest's order.

    In a session of one process, the first item hands over the cases of every item of this run,
    in the session's order (selection and -k done), and the runner keeps a window of them in
    flight as `check` does: the implementation works on the next cases while pytest reports one.
    A pytest-xdist worker runs the items the controller sends it, in an order known only as they
    come, so there each case is handed over when its item asks (never read ahead).
    """

    def __init__(self, command: str, cases: list[dict[str, Any]], timeout: float,
                 expected_failures: ExpectedFailures | None, allow_empty: bool, expected_file: str = "",
                 read_ahead: bool = True):
        self.command = command
        self.cases = cases
        self.timeout = timeout
        self.expected_failures = expected_failures
        self.expected_file = expected_file          # its path, as given (for the run's verdict)
        self.allow_empty = allow_empty
        self.read_ahead = read_ahead
        self.requests: queue.Queue = queue.Queue()  # the cases asked one at a time (no read-ahead)
        self.ready: dict[str, CaseResult] = {}      # results not yet taken by their items
        self.done = False                           # run_cases returned
        self.stopping = False
        self.condition = threading.Condition()
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
            expected = load_baseline(xfail_file) if xfail_file else None
        except HorseRaceError as exc:
            raise pytest.UsageError(f"horserace: {exc}") from None
        if not cases:
            raise pytest.UsageError("horserace: no vector case matches the --horserace-* selection")
        return cls(command, cases, option("horserace_timeout"), expected, option("horserace_allow_empty"),
                   str(Path(xfail_file).resolve()) if xfail_file else "", not hasattr(config, "workerinput"))

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

    def ahead(self, items: list[pytest.Item]) -> list[dict[str, Any]]:
        """The whole cases of this run's items, in the session's order."""
        named = [item.case for item in items if isinstance(item, CaseItem) and item.run is self]
        return [case if "input" in case else self.loaded[case["id"]] for case in named
                if "input" in case or case["id"] in (self.loaded or {})]

    def _feed(self) -> Iterator[dict[str, Any]]:
        while (case := self.requests.get()) is not None:
            yield case

    def _serve(self, cases: list[dict[str, Any]] | None) -> None:
        from .runner import run_cases

        try:
            run_cases(self.command, cases if cases is not None else self._feed(), self.timeout,
                      self.expected_failures, on_result=self._deliver)
        except _Stopped:
            pass
        except Exception as exc:  # the implementation could not start: every item says why
            self.failure = f"{type(exc).__name__}: {exc}"
        finally:
            with self.condition:
                self.done = True
                self.condition.notify_all()

    def _deliver(self, result: CaseResult) -> None:
        with self.condition:
            self.ready[result.id] = result
            self.condition.notify_all()
        if self.stopping:           # the session ended first (-x, an interrupt): no more cases
            raise _Stopped

    def result_of(self, case: dict[str, Any], items: list[pytest.Item] | None = None) -> CaseResult | None:
        """The case's result; None when the implementation could not be started (see `failure`)."""
        if self.thread is None:
            cases = self.ahead(items or []) if self.read_ahead and items is not None else None
            self.read_ahead = cases is not None
            self.thread = threading.Thread(target=self._serve, args=(cases,), name="horserace-runner", daemon=True)
            self.thread.start()
        if not self.read_ahead:
            self.requests.put(case)
        with self.condition:
            while case["id"] not in self.ready and not self.done:
                self.condition.wait()
            result = self.ready.pop(case["id"], None)
        if result is None:
            self.failure = self.failure or "the runner stopped"
            return None
        self.results.append(result)
        return result

    def compared(self) -> int:
        from .results import COMPARED_STATUSES

        return sum(r.status in COMPARED_STATUSES for r in self.results)

    def close(self) -> None:
        if self.thread is not None:
            self.stopping = True
            self.requests.put(None)       # ends the generator: run_cases says bye and stops the process
            self.thread.join(timeout=self.timeout + 5)
        self.loaded = None                # the parsed cases: not kept for the rest of the session


class _Stopped(Exception):
    """Raised through run_cases to end a run whose session has ended."""


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
    expected_failures: a YAML/JSON file (schema/expected-failures.schema.json), judged as
        `horserace check --expected-failures` judges it: a case failing the way its entries
        pin it is xfailed; a listed case that passes or now fails differently fails, and so
        does a case the baseline compared that is now skipped; at the end of the session a
        stale entry fails the run (as the test `horserace::expected-failures`).
    """
    from .protocol import case_message
    from .runner import Selection
    from .vectors import load_cases

    chosen = Selection(ids or [], games or [], kinds or [], clauses or [], flags or [], skip_flags or [])
    # only the selected kinds' files are read, and of them only the cases whose id is asked
    # parsed, as `horserace check` reads them (load_selected)
    cases = [c for c in load_cases(games, kinds=kinds, wanted=chosen.id_matcher() if ids else None)
             if chosen.keep(c)]
    xfail = load_baseline(expected_failures) if expected_failures else None
    xfail_file = str(Path(expected_failures).resolve()) if expected_failures else ""
    offered = options or {}

    @pytest.mark.parametrize("case", [pytest.param(c, id=c["id"]) for c in cases])
    def test_vector(case: dict[str, Any], request: pytest.FixtureRequest) -> None:
        missing = next((f"option {name}={value!r} is not offered by the implementation"
                        for name, value in (case.get("options") or {}).items()
                        if value not in offered.get(name, [])), None)
        if missing:
            result = skipped_result(case, missing)
        else:
            result = in_process_result(case, answer(case_message(1, case)))
        if xfail is not None:
            xfail.apply(result)     # xfailed, changed or xpassed, as `horserace check` judges them
        request.node.stash[EXPECTED_KEY] = xfail_file
        report_result(result, request.node)

    return test_vector


def in_process_result(case: dict[str, Any], steps: Any) -> CaseResult:
    from .attribution import applied_clauses
    from .results import CaseResult, judge

    status, mismatch = judge(case, steps)
    return CaseResult(case["id"], case["game"], case["kind"], status, list(case["clauses"]), mismatch=mismatch,
                      applied=applied_clauses(case))


def skipped_result(case: dict[str, Any], reason: str) -> CaseResult:
    from .attribution import applied_clauses
    from .results import CaseResult

    return CaseResult(case["id"], case["game"], case["kind"], "skipped", list(case["clauses"]), reason,
                      applied=applied_clauses(case))

