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
                     "horserace_skip_flag", "horserace_mode", "horserace_expected_failures", "horserace_allow_empty",
                     "horserace_allow_skips", "horserace_allow_modified_vectors")
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
    group.addoption("--horserace-mode", action="append", default=[], metavar="MODE",
                    help="only cases in this mode of play (repeatable): dominoes individual or partnership, "
                         "Horse Fever 2-players ... 6-players; the cases of other modes are deselected")
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
    group.addoption("--horserace-allow-skips", action="store_true",
                    help="let a run in which less than half of the cases run were compared pass")
    group.addoption("--horserace-allow-modified-vectors", action="store_true",
                    help="use vector files that differ from vectors/MANIFEST.json (validated in full) "
                         "instead of refusing them")


RUN_KEY = pytest.StashKey["ProtocolRun"]()
RESULT_KEY = pytest.StashKey["CaseResult"]()          # a case item's result
EXPECTED_KEY = pytest.StashKey[str]()                   # the expected-failures file that judged it
GATHERED_KEY = pytest.StashKey["Gathered"]()
SIGNALS_KEY = pytest.StashKey[Any]()
SESSION_SIGNALS = tuple(getattr(__import__("signal"), name) for name in ("SIGTERM", "SIGHUP")
                        if hasattr(__import__("signal"), name))


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
    from contextlib import ExitStack

    from .interrupts import signals_interrupt
    # SIGTERM and SIGHUP end the session as Ctrl-C does (pytest reports what ran, the session
    # finish ends the implementation) instead of killing pytest and leaving the implementation
    config.stash[SIGNALS_KEY] = stack = ExitStack()
    config.stash[RUN_KEY].signals = stack.enter_context(signals_interrupt(SESSION_SIGNALS))


def pytest_unconfigure(config: pytest.Config) -> None:
    stack = config.stash.get(SIGNALS_KEY, None)
    if stack is not None:
        stack.close()


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
        from .expected_failures import known_cases, shown_path

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
        from .expected_failures import known_cases

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The cases of a mode --horserace-mode leaves out are deselected, and pytest counts them so."""
    run = config.stash.get(RUN_KEY, None)
    if run is None or not run.mode_deselected:
        return
    left_out = [item for item in items if isinstance(item, CaseItem) and item.case["id"] in run.mode_deselected]
    if left_out:
        items[:] = [item for item in items if not (isinstance(item, CaseItem) and item.case["id"] in run.mode_deselected)]
        config.hook.pytest_deselected(items=left_out)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    interrupted = session.exitstatus == pytest.ExitCode.INTERRUPTED
    run = session.config.stash.get(RUN_KEY, None)
    if run is not None:
        if interrupted:
            import signal
            run.interrupted = signal.Signals(run.signals[0]).name if run.signals else "SIGINT"
        run.close()
        if not run.interrupted:
            compared_too_little(session, run)
    if interrupted:             # as check: no verdict on the expected failures, no baseline, of a run cut short
        return
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


def compared_too_little(session: pytest.Session, run: ProtocolRun) -> None:
    """A run that compared nothing, or less than half of its cases, fails (as check)."""
    from .report import compared, too_little_compared

    done = compared(run.results)
    too_little = too_little_compared(done, len(run.results), run.allow_skips, run.allow_empty,
                                     "--horserace-allow-skips", "--horserace-allow-empty")
    if run.results and too_little:
        run.note = (f"horserace: {too_little}" if done else
                    f"horserace: no case was compared ({len(run.results)} asked, all skipped or errored): "
                    "a run that compares nothing does not pass (--horserace-allow-empty allows it)")
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
    if run is not None and (run.results or run.interrupted or run.left_running):
        run_summary(terminalreporter, run)
    for text in config.stash[GATHERED_KEY].lines:
        terminalreporter.write_line(text)


def run_summary(terminalreporter: Any, run: ProtocolRun) -> None:
    from .report import compared, compared_line, counts, line, skip_reason_lines

    if run.results:
        terminalreporter.write_line(f"horserace: {run.command}: {line(counts(run.results))}; "
                                    f"{compared_line(compared(run.results), len(run.results))}")
    skipped = [r.message for r in run.results if r.status == "skipped"]
    if skipped:
        terminalreporter.write_line("horserace: skipped, by reason:")
        for text in skip_reason_lines(skipped):
            terminalreporter.write_line(text)
    if run.interrupted:
        terminalreporter.write_line(f"horserace: interrupted by {run.interrupted}: {len(run.results)} of "
                                    f"{len(run.cases)} selected case(s) ran", red=True)
    for name in run.left_running:
        terminalreporter.write_line(f"horserace: a process of the implementation could not be ended: {name}", red=True)
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
        items = self.session.items
        result = self.run.result_of(self.run.content(self.case, items), self.run.following(self, items), items)
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

    Either way an item reports once the next item's answer is in (it asks for that case too
    when the cases are handed over one by one): what the runner reads between the two answers
    still counts against the first (an answer sent twice errors its case, as in `check`), so
    each verdict is the one `check` gives (`tests/core/test_hostile_impl.py` runs the hostile
    table through both).
    """

    def __init__(self, command: str, cases: list[dict[str, Any]], timeout: float,
                 expected_failures: ExpectedFailures | None, allow_empty: bool, allow_skips: bool = False,
                 expected_file: str = "", read_ahead: bool = True):
        self.command = command
        self.cases = cases
        self.timeout = timeout
        self.expected_failures = expected_failures
        self.expected_file = expected_file          # its path, as given (for the run's verdict)
        self.allow_empty = allow_empty
        self.allow_skips = allow_skips
        self.read_ahead = read_ahead
        self.requests: queue.Queue = queue.Queue()  # the cases asked one at a time (no read-ahead)
        self.ready: dict[str, CaseResult] = {}      # results not yet taken by their items
        self.done = False                           # run_cases returned
        self.stopping = False
        self.condition = threading.Condition()
        self.thread: threading.Thread | None = None
        self.implementation: Any = None         # the runner's Implementation (ended from here if need be)
        self.failure: str | None = None
        self.results: list[CaseResult] = []
        self.asked: set[str] = set()            # ids handed to the runner one at a time
        self.next_case: dict[int, dict[str, Any] | None] | None = None
        self.note = ""
        self.interrupted = ""                   # the signal that ended the session
        self.signals: list[int] = []            # the signal handlers' record (interrupts.signals_interrupt)
        self.left_running: list[str] = []
        self.allow_modified = False             # vector files differing from the manifest are validated, not refused
        self.loaded: dict[str, dict[str, Any]] | None = None    # id -> the whole case (see content)
        self.load_error = ""
        self.mode_deselected: set[str] = set()     # ids collected only to be deselected (--horserace-mode)

    @classmethod
    def from_options(cls, config: pytest.Config, command: str) -> ProtocolRun:
        from .errors import HorseRaceError
        from .game import all_games, nearest
        from .runner import Selection
        from .vectors import check_names, load_cases

        option = config.getoption
        games = option("horserace_game")
        unknown = sorted(set(games) - set(all_games()))
        if unknown:
            raise pytest.UsageError(f"--horserace-game {unknown[0]}: no such game{nearest(unknown[0], all_games())} "
                                    f"(games: {', '.join(all_games())})")
        chosen = Selection(option("horserace_id"), games, option("horserace_kind"), option("horserace_clause"),
                           [], option("horserace_skip_flag"))
        modes = option("horserace_mode")
        left_out: set[str] = set()
        try:
            check_names(games, option("horserace_kind"), modes)
            modified = option("horserace_allow_modified_vectors")
            if chosen.clauses or chosen.skip_flags or modes:      # selection by what the cases hold
                cases = [c for c in load_cases(games or None, kinds=chosen.kinds or None,
                                               wanted=chosen.id_matcher() if chosen.ids else None,
                                               allow_modified=modified)
                         if chosen.keep(c)]
                # collected, then deselected (pytest counts them): Selection(modes=...) keeps the rest
                left_out = {c["id"] for c in cases if not Selection(modes=modes).keep(c)}
            else:
                cases = case_names(games or None, chosen.kinds or None, chosen.id_matcher() if chosen.ids else None,
                                   modified)
            xfail_file = option("horserace_expected_failures")
            expected = load_baseline(xfail_file) if xfail_file else None
        except HorseRaceError as exc:
            raise pytest.UsageError(f"horserace: {exc}") from None
        if not cases or len(left_out) == len(cases):
            raise pytest.UsageError("horserace: no vector case matches the --horserace-* selection")
        run = cls(command, cases, option("horserace_timeout"), expected, option("horserace_allow_empty"),
                  option("horserace_allow_skips"), str(Path(xfail_file).resolve()) if xfail_file else "",
                  not hasattr(config, "workerinput"))
        run.mode_deselected = left_out
        run.allow_modified = modified
        return run

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
                                                              wanted=ids.__contains__,
                                                              allow_modified=self.allow_modified)}
            except HorseRaceError as exc:
                self.loaded, self.load_error = {}, f"horserace: {exc}"
        if case["id"] not in self.loaded:
            pytest.fail(self.load_error or f"horserace: case {case['id']} is no longer in the vector files", pytrace=False)
        return self.loaded[case["id"]]

    def following(self, item: CaseItem, items: list[pytest.Item]) -> dict[str, Any] | None:
        """The whole case of the next item of this run after `item` in the session's order."""
        if self.next_case is None:
            mine = [i for i in items if isinstance(i, CaseItem) and i.run is self]
            self.next_case = {id(a): b.case for a, b in zip(mine, mine[1:])}
        case = self.next_case.get(id(item))
        if case is None or "input" in case:
            return case
        return (self.loaded or {}).get(case["id"])      # content() has read every selected case

    def ahead(self, items: list[pytest.Item]) -> list[dict[str, Any]]:
        """The whole cases of this run's items, in the session's order."""
        named = [item.case for item in items if isinstance(item, CaseItem) and item.run is self]
        return [case if "input" in case else self.loaded[case["id"]] for case in named
                if "input" in case or case["id"] in (self.loaded or {})]

    def _feed(self) -> Iterator[dict[str, Any]]:
        while (case := self.requests.get()) is not None:
            yield case

    def _serve(self, cases: list[dict[str, Any]] | None) -> None:
        from .runner import Implementation, run_cases

        try:
            self.implementation = Implementation(self.command)
            run_cases(self.implementation, cases if cases is not None else self._feed(), self.timeout,
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

    def result_of(self, case: dict[str, Any], following: dict[str, Any] | None = None,
                  items: list[pytest.Item] | None = None) -> CaseResult | None:
        """The case's result, once the answer to `following` (the next item's case) is in too;
        None when the implementation could not be started (see `failure`). With `items` (the
        session's) and outside pytest-xdist, the first call hands the runner every case of them."""
        if self.thread is None:
            cases = self.ahead(items) if self.read_ahead and items is not None else None
            self.read_ahead = cases is not None
            self.thread = threading.Thread(target=self._serve, args=(cases,), name="horserace-runner", daemon=True)
            self.thread.start()
        if not self.read_ahead:
            for asked in (case, following):
                if asked is not None and asked["id"] not in self.asked:
                    self.asked.add(asked["id"])
                    self.requests.put(asked)
        awaited = following if following is not None else case
        with self.condition:
            while awaited["id"] not in self.ready and not self.done:
                self.condition.wait()
            result = self.ready.pop(case["id"], None)
        if result is None:
            self.failure = self.failure or "the runner stopped"
            return None
        self.results.append(result)
        return result

    def close(self) -> None:
        """End the runner (bye); when it does not end (an interrupted session, a hung case), end
        the implementation and its processes from here. The parsed cases are not kept for the
        rest of the session."""
        self.loaded = None
        if self.thread is None:
            return
        self.stopping = True
        self.requests.put(None)           # ends the generator: run_cases says bye and stops the process
        self.thread.join(timeout=0.5 if self.interrupted else self.timeout + 5)
        if self.thread.is_alive() and self.implementation is not None:
            self.implementation.abort()
            self.thread.join(timeout=5)
        if self.implementation is not None:
            self.left_running = list(self.implementation.left_running)


class _Stopped(Exception):
    """Raised through run_cases to end a run whose session has ended."""

def case_names(games: list[str] | None, kinds: list[str] | None,
               wanted: Callable[[str], bool] | None, allow_modified: bool = False) -> list[dict[str, Any]]:
    """The selected cases as items need them to be collected and selected (-k): id, game and
    kind, in file order, from the vector files checked as `load_cases` checks them (header,
    layout, unique ids) but without parsing any case (most are deselected in a run that picks
    a few with -k; the run parses the ones it runs, see ProtocolRun.content)."""
    from .vectors import check_complete, load_vector_file, manifest_for, vector_files

    cases: list[dict[str, Any]] = []
    manifest = manifest_for(allow_modified)
    check_complete(games, kinds, manifest, allow_modified)
    for path in vector_files(games, kinds):
        ids: list[str] = []

        def note(case_id: str) -> bool:
            if wanted is None or wanted(case_id):
                ids.append(case_id)
            return False                                 # named, not parsed

        header = load_vector_file(path, wanted=note, manifest=manifest, allow_modified=allow_modified).header
        cases += [{"id": case_id, "game": header["game"], "kind": header["kind"]} for case_id in ids]
    return cases


# -- route 2: in process, for Python engines -----------------------------------------------------

def vector_tests(answer: Answer, games: list[str] | None = None, kinds: list[str] | None = None,
                 ids: list[str] | None = None, clauses: list[str] | None = None,
                 flags: list[str] | None = None, skip_flags: list[str] | None = None,
                 options: dict[str, list[Any]] | None = None,
                 expected_failures: str | Path | None = None,
                 modes: list[str] | None = None,
                 allow_modified_vectors: bool = False) -> Callable[[dict[str, Any]], None]:
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
    modes: only cases in these modes of play (`["individual"]`: no partnership play; Horse
        Fever `"4-players"` ...); cases without players belong to every mode.
    allow_modified_vectors: use vector files that differ from vectors/MANIFEST.json (validated
        in full) instead of refusing them.
    """
    from .protocol import case_message
    from .runner import Selection
    from .vectors import check_names, load_cases

    check_names(games or [], kinds or [], modes or [])      # a typo is an error, not an empty selection
    chosen = Selection(ids or [], games or [], kinds or [], clauses or [], flags or [], skip_flags or [], modes or [])
    # only the selected kinds' files are read, and of them only the cases whose id is asked
    # parsed, as `horserace check` reads them (load_selected)
    cases = [c for c in load_cases(games, kinds=kinds, wanted=chosen.id_matcher() if ids else None,
                                   allow_modified=allow_modified_vectors)
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
    """The verdict on an engine's answer, as `horserace check` gives it for the same answer sent
    over the protocol (runner.judge_answer: one judge for both routes)."""
    from .runner import judge_answer

    return judge_answer(case, steps)


def skipped_result(case: dict[str, Any], reason: str) -> CaseResult:
    from .attribution import applied_clauses
    from .results import CaseResult

    return CaseResult(case["id"], case["game"], case["kind"], "skipped", list(case["clauses"]), reason,
                      applied=applied_clauses(case))
