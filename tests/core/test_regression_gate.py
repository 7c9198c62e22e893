"""The regression gate as an engine's CI uses it (issue 36, issue 24 item 4): a small outside
engine in versions (fakes/engine.py) checked against a baseline that `horserace baseline` records
and updates, through `check`, both routes of the pytest plugin and `fuzz`.

Each numbered problem of issue 36 has its test here: (1) a known failure that goes wrong in a new
way, (2) recording and updating a baseline, (3) the same verdict on every route, (4) skips against
the baseline, (5) fuzz with expected failures, (6) the plugin's cost per accepted failure, (7)
reports without timestamps and with relative paths."""

import json
import shlex
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from horserace_cli.main import main
from reference.core.expected_failures import load_expected_failures

pytest_plugins = ["pytester"]

ENGINE = Path(__file__).parent / "fakes" / "engine.py"
# six layout walk-throughs and the five settlement examples: every case answered from answers
# computed once, so each start of the engine costs a Python start without site-packages
SELECTION = ["--game", "dominoes", "--id", "dom-wt-*", "--id", "dom-ex-settle-*"]
SEVENTEEN = "dom-ex-settle-seventeen"       # expects scores [23, 30] (rounds 17 up to 20: DOM-SETTLE-3)
LONE_DOUBLE = "dom-wt-lone-double"          # expects end_sum 4


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    # imported before pytester snapshots sys.modules, so the inner runs share them (as in
    # test_pytest_plugin.py): each would otherwise import hypothesis and the engines again
    import hypothesis.internal.observability  # noqa: F401
    from reference.core import baseline, expected_failures, report, runner  # noqa: F401
    from reference.core.adapter import answer_case, hello_reply
    from reference.core.protocol import case_message
    from reference.core.vectors import load_cases

    cases = load_cases(["dominoes"], kinds=["layout", "settlement"],
                       wanted=lambda i: i.startswith("dom-wt-") or i.startswith("dom-ex-settle-"))
    path = tmp_path_factory.mktemp("engine") / "answers.json"
    path.write_text(json.dumps({"hello": hello_reply(["dominoes"]),
                                "answers": {c["id"]: answer_case(case_message(1, c)) for c in cases}}))
    return path


class Engine:
    """One outside engine whose next release is a new version file."""

    def __init__(self, folder: Path, answers: Path, monkeypatch):
        self.folder = folder
        self.version_file = folder / "version.json"
        monkeypatch.setenv("FAKE_ANSWERS", str(answers))
        monkeypatch.chdir(folder)
        self.release()

    def release(self, **version) -> "Engine":
        self.version_file.write_text(json.dumps(version))
        return self

    @property
    def command(self) -> str:
        """Run from the engine's folder (the working directory of `check`)."""
        return f"{shlex.quote(sys.executable)} -S {shlex.quote(str(ENGINE))} {self.version_file.name}"

    @property
    def anywhere(self) -> str:
        """Run from any folder (pytester runs in one of its own)."""
        return f"{shlex.quote(sys.executable)} -S {shlex.quote(str(ENGINE))} {shlex.quote(str(self.version_file))}"

    def check(self, capsys, *args: str) -> tuple[int, dict, str]:
        """`horserace check` of this release: exit status, JSON report, printed summary."""
        report = self.folder / "run.json"
        code = main(["check", "--impl", self.command, *SELECTION, "--json", str(report), *args])
        printed = capsys.readouterr().out
        return code, json.loads(report.read_text()), printed

    def baseline(self, capsys, action: str, target: str = "baseline.yaml") -> tuple[int, str]:
        code = main(["baseline", action, "run.json", "-o", target])
        captured = capsys.readouterr()
        return code, captured.out + captured.err


@pytest.fixture
def engine(tmp_path, answers, monkeypatch):
    return Engine(tmp_path, answers, monkeypatch)


@pytest.fixture
def engine_in_pytester(pytester, answers, monkeypatch):
    """The engine, its files in the folder of the inner pytest runs."""
    return Engine(pytester.path, answers, monkeypatch)


def statuses(report: dict) -> dict[str, str]:
    return {c["id"]: c["status"] for c in report["cases"] if c["status"] != "passed"}


def wrong(case_id: str, step: int = 0, **values) -> dict:
    return {case_id: {str(step): values}}


# -- (1) a known failure that goes wrong in a new way ----------------------------------------------

def test_a_known_failure_giving_another_wrong_value_is_changed(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))          # rounds 17 to 21 instead of 20
    code, _, _ = engine.check(capsys)
    assert code == 1
    assert engine.baseline(capsys, "record")[0] == 0
    code, report, _ = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 0 and statuses(report) == {SEVENTEEN: "xfailed"}
    engine.release(wrong=wrong(SEVENTEEN, scores=[25, 30]))          # the same step, key and clause
    code, report, printed = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 1 and statuses(report) == {SEVENTEEN: "changed"}
    assert "scores = [24, 30]; now diverges at step 0" in printed and "scores = [25, 30]" in printed


def test_a_baseline_accepts_a_long_wrong_value_as_reports_cut_it(engine, capsys):
    """Reports cap each value (and cut values shorter when a step has many differences): the
    baseline is recorded from the report, the judge sees the answer before it is reported."""
    engine.release(wrong=wrong(LONE_DOUBLE, end_sum="9" * 3000, counted=[["2|2", 9]] * 300))
    engine.check(capsys)
    assert engine.baseline(capsys, "record")[0] == 0
    code, report, _ = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 0 and statuses(report) == {LONE_DOUBLE: "xfailed"}


def test_a_known_failure_that_moves_to_another_accepted_clause_is_changed(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    engine.check(capsys)
    first = engine.baseline(capsys, "record")
    clauses = load_expected_failures("baseline.yaml").entries[0].clauses
    engine.release(wrong=wrong(SEVENTEEN, next_opener=1))
    engine.check(capsys)
    moved = json.loads(Path("run.json").read_text())["cases"]
    other = next(c for c in moved if c["id"] == SEVENTEEN)["mismatch"]["clauses"]
    assert first[0] == 0 and set(other) != set(clauses)
    # both clauses accepted by hand-written entries: the case's own entry still says it moved
    text = Path("baseline.yaml").read_text().replace(
        "expected_failures:\n", "expected_failures:\n" + "".join(
            f"- clause: {c}\n  reason: known for every case\n" for c in sorted({*clauses, *other})))
    Path("baseline.yaml").write_text(text)
    code, report, _ = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 1 and statuses(report) == {SEVENTEEN: "changed"}


# -- issue 24 item 4, through `check` --------------------------------------------------------------

def test_every_entry_a_failure_satisfies_is_used_by_check(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    _, report, _ = engine.check(capsys)
    clauses = next(c for c in report["cases"] if c["id"] == SEVENTEEN)["mismatch"]["clauses"]
    Path("xfail.yaml").write_text(f"- id: {SEVENTEEN}\n  reason: rounds up\n"
                                  + "".join(f"- clause: {c}\n  reason: rounding\n" for c in clauses))
    code, report, printed = engine.check(capsys, "--expected-failures", "xfail.yaml")
    assert code == 0, printed
    assert statuses(report) == {SEVENTEEN: "xfailed"} and report["expected_failures_unmatched"] == []


def test_a_clause_entry_whose_cases_were_left_out_is_not_exercised(engine, capsys):
    """Only the settlement examples run (`--kind`); the clause's failures are in match cases."""
    Path("xfail.yaml").write_text("- clause: DOM-SETTLE-3\n  reason: rounding in match play\n")
    code, report, printed = engine.check(capsys, "--kind", "settlement", "--expected-failures", "xfail.yaml")
    assert code == 0, printed
    assert report["expected_failures_unmatched"] == []
    assert "not exercised in full" in printed


# -- (2) record, change the engine, update ---------------------------------------------------------

def test_record_check_update_check_round_trips_keeping_reasons_and_comments(engine, capsys):
    engine.release(wrong={**wrong(SEVENTEEN, scores=[24, 30]), **wrong(LONE_DOUBLE, end_sum=5)})
    engine.check(capsys)
    code, printed = engine.baseline(capsys, "record")
    assert code == 0 and "new failures, a reason to fill in: 2" in printed
    assert engine.check(capsys, "--expected-failures", "baseline.yaml")[0] == 0          # green
    # the reviewer fills in the reasons and comments an entry
    text = Path("baseline.yaml").read_text()
    text = text.replace('reason: "TODO: say why this failure is accepted"\n  clauses: [DOM-COUNT',
                        "reason: we count a lone double once\n  clauses: [DOM-COUNT", 1)
    text = text.replace(f"- id: {SEVENTEEN}\n  reason: \"TODO: say why this failure is accepted\"",
                        f"# ticket 12: rounding\n- id: {SEVENTEEN}\n  reason: we round 17 to 21  # until 2.0", 1)
    Path("baseline.yaml").write_text(text)
    assert engine.check(capsys, "--expected-failures", "baseline.yaml")[0] == 0
    # the next release fixes the lone double, breaks another layout case and rounds otherwise
    engine.release(wrong={**wrong(SEVENTEEN, scores=[25, 30]), **wrong("dom-wt-double-blank", end_sum=1)})
    code, report, _ = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 1
    assert statuses(report) == {SEVENTEEN: "changed", "dom-wt-double-blank": "failed", LONE_DOUBLE: "xpassed"}
    code, printed = engine.baseline(capsys, "update")
    assert code == 0
    assert "+ dom-wt-double-blank" in printed
    assert f"- {LONE_DOUBLE}" in printed and "we count a lone double once" in printed
    assert f"~ {SEVENTEEN}" in printed and "scores = [24, 30]" in printed and "scores = [25, 30]" in printed
    code, report, _ = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 0 and statuses(report) == {SEVENTEEN: "xfailed", "dom-wt-double-blank": "xfailed"}   # green
    text = Path("baseline.yaml").read_text()
    assert f"# ticket 12: rounding\n- id: {SEVENTEEN}\n  reason: we round 17 to 21  # until 2.0\n" in text
    assert LONE_DOUBLE not in text.split("compared:")[0]
    assert text.startswith("# Expected failures of ")
    entries = {e.id: e for e in load_expected_failures("baseline.yaml").entries}
    assert entries["dom-wt-double-blank"].reason.startswith("TODO")
    assert entries[SEVENTEEN].actual == {"scores": "[25, 30]"}


def test_record_refuses_to_overwrite_and_update_needs_a_baseline(engine, capsys):
    engine.check(capsys)
    code, printed = engine.baseline(capsys, "update", "missing.yaml")
    assert code == 2 and "missing.yaml: no such baseline" in printed
    assert engine.baseline(capsys, "record")[0] == 0
    code, printed = engine.baseline(capsys, "record")
    assert code == 2 and "`horserace baseline update` keeps its reasons" in printed
    Path("bad.json").write_text("{}")
    assert main(["baseline", "record", "bad.json", "-o", "x.yaml"]) == 2
    assert "not a report of `horserace check --json`" in capsys.readouterr().err


def test_update_keeps_a_flow_style_file_reasons_and_says_its_comments_were_not_kept(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    engine.check(capsys)
    Path("baseline.yaml").write_text(f"# ours\n- {{id: {SEVENTEEN}, reason: rounds up}}  # inline\n")
    code, printed = engine.baseline(capsys, "update")
    assert code == 0 and "its comments could not be kept" in printed
    assert load_expected_failures("baseline.yaml").entries[0].reason == "rounds up"
    assert Path("baseline.yaml").read_text().startswith("# ours\nexpected_failures:\n")
    assert engine.check(capsys, "--expected-failures", "baseline.yaml")[0] == 0


# -- (3) one verdict on every route ----------------------------------------------------------------

def test_check_junit_is_red_for_a_stale_entry_and_names_clauses(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    Path("xfail.yaml").write_text(f"- id: {SEVENTEEN}\n  reason: rounds up\n- id: dom-ex-settle-sevnteen\n  reason: typo\n")
    code, _, _ = engine.check(capsys, "--expected-failures", "xfail.yaml", "--junit", "run.xml")
    assert code == 1
    root = ElementTree.parse("run.xml").getroot()
    assert int(root.get("errors")) >= 1
    error = root.find("testsuite[@name='expected-failures']/testcase/error")
    assert "dom-ex-settle-sevnteen" in error.get("message") and error.get("type") == "horserace.unknown"
    case = root.find(f"testsuite/testcase[@name='{SEVENTEEN}']")
    assert case.get("clauses") and case.find("skipped").get("type") == "horserace.xfailed"


def test_the_plugin_reports_stale_entries_on_both_routes(engine_in_pytester, pytester):
    engine = engine_in_pytester
    (engine.folder / "xfail.yaml").write_text(f"- id: {SEVENTEEN}\n  reason: rounds up\n- id: dom-ex-settle-sevnteen\n  reason: typo\n")
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    result = pytester.runpytest("--horserace-impl", engine.anywhere, "--horserace-game", "dominoes",
                                "--horserace-id", "dom-ex-settle-*", "--horserace-expected-failures",
                                str(engine.folder / "xfail.yaml"), "--junitxml", str(engine.folder / "p.xml"))
    assert result.ret == 1
    result.assert_outcomes(passed=4, xfailed=1, failed=1)
    result.stdout.fnmatch_lines_random(["FAILED horserace::expected-failures*",
                                        "*unknown: xfail.yaml:3: id 'dom-ex-settle-sevnteen' matches no case*"])
    junit = ElementTree.parse(engine.folder / "p.xml").getroot()
    assert junit.find(".//testcase[@name='expected-failures']/failure") is not None
    accepted = junit.find(f".//testcase[@name='{SEVENTEEN}']")
    assert accepted.find("skipped").get("type") == "pytest.xfail"
    assert accepted.find("properties/property[@name='clauses']").get("value").startswith("DOM-")
    assert str(engine.folder) not in (engine.folder / "p.xml").read_text()      # paths relative to the run
    pytester.makepyfile(test_engine=f"""
        from reference.core.adapter import replay_case
        from reference.core.pytest_plugin import vector_tests

        def answer(case):
            steps = replay_case(case)
            if case["id"] == "{SEVENTEEN}":
                steps[0]["scores"] = [24, 30]
            return steps

        test_vectors = vector_tests(answer, ids=["dom-ex-settle-*"], expected_failures={str(engine.folder / "xfail.yaml")!r})
        """)
    result = pytester.runpytest("test_engine.py")
    assert result.ret == 1
    result.assert_outcomes(passed=4, xfailed=1, failed=1)
    result.stdout.fnmatch_lines(["FAILED horserace::expected-failures*"])


def test_the_plugin_records_and_updates_a_baseline(engine_in_pytester, pytester):
    engine = engine_in_pytester
    run = ["--horserace-impl", engine.anywhere, "--horserace-game", "dominoes", "--horserace-id", "dom-ex-settle-*"]
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    result = pytester.runpytest(*run, "--horserace-update-expected", "baseline.yaml")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["horserace baseline: recorded baseline.yaml: 1 entry, 5 compared case(s)"])
    assert pytester.runpytest(*run, "--horserace-expected-failures", "baseline.yaml").ret == 0
    engine.release(wrong=wrong("dom-ex-settle-pairs-tied", next_opener=3))           # fixed one, broke another
    result = pytester.runpytest(*run, "--horserace-expected-failures", "baseline.yaml",
                                "--horserace-update-expected", "baseline.yaml")
    assert result.ret == 1
    result.assert_outcomes(passed=3, failed=2)
    result.stdout.fnmatch_lines_random([f"    - {SEVENTEEN} (baseline.yaml:*", "    + dom-ex-settle-pairs-tied: step 0*"])
    result = pytester.runpytest(*run, "--horserace-expected-failures", "baseline.yaml")
    assert result.ret == 0
    result.assert_outcomes(passed=4, xfailed=1)


def test_under_xdist_the_controller_gives_the_verdict_over_every_worker(engine_in_pytester, pytester):
    """The workers judge their cases; the controller, which runs none, gets every result with its
    report and gives the verdict once: the entry a worker's case engaged is not 'not exercised',
    the typo is an error."""
    engine = engine_in_pytester
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    Path("xfail.yaml").write_text(f"- id: {SEVENTEEN}\n  reason: rounds up\n"
                                  "- id: dom-ex-settle-sevnteen\n  reason: typo\n")
    result = pytester.runpytest("-p", "xdist", "-n", "1", "-p", "no:hypothesispytest",       # one worker is enough
                                "--horserace-impl", engine.anywhere, "--horserace-game", "dominoes",
                                "--horserace-id", "dom-ex-settle-*", "--horserace-expected-failures", "xfail.yaml")
    assert result.ret == 1
    result.assert_outcomes(passed=4, xfailed=1, failed=1)
    result.stdout.fnmatch_lines_random(["FAILED horserace::expected-failures*",
                                        "*unknown: xfail.yaml:3: id 'dom-ex-settle-sevnteen' matches no case*"])
    assert "not exercised" not in result.stdout.str()


# -- (4) skips against the baseline ----------------------------------------------------------------

def test_a_case_compared_in_the_baseline_and_now_skipped_fails_unless_accepted(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    engine.check(capsys)
    engine.baseline(capsys, "record")
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]), kinds=["settlement"])   # drops the layout kind
    code, report, printed = engine.check(capsys, "--expected-failures", "baseline.yaml")
    assert code == 1
    changed = {i for i, s in statuses(report).items() if s == "changed"}
    assert changed and all(i.startswith("dom-wt-") for i in changed) and len(changed) == 6
    assert "compared in the baseline (baseline.yaml), now skipped" in printed
    Path("baseline.yaml").write_text(Path("baseline.yaml").read_text().replace(
        "expected_failures:\n", "expected_failures:\n- id: dom-wt-*\n  reason: layout is being rewritten\n  skipped: true\n"))
    # 5 of the 11 selected cases are compared now: less than half, which --allow-skips accepts
    # (the compared share is a rule of its own, whatever the baseline accepts)
    code, report, _ = engine.check(capsys, "--expected-failures", "baseline.yaml", "--allow-skips")
    assert code == 0 and statuses(report) == {SEVENTEEN: "xfailed", **{i: "skipped" for i in changed}}


# -- (5) fuzz with expected failures ---------------------------------------------------------------

def test_fuzz_takes_the_same_baseline(tmp_path, capsys, monkeypatch):
    """A real engine with a known difference (the reference adapter with a misreading), fuzzed:
    red, then green once its differences are the baseline, then red for a new misreading."""
    monkeypatch.chdir(tmp_path)
    adapter = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter --game dominoes --mutant"
    campaign = ["fuzz", "--game", "dominoes", "--kind", "match", "--budget-cases", "6", "--no-shrink"]
    # every case of a campaign is in its --jsonl stream (the --json report keeps one per diagnosis)
    assert main([*campaign, "--impl", f"{adapter} raw-points-recorded", "--jsonl", "run.jsonl"]) == 1
    assert main(["baseline", "record", "run.jsonl", "-o", "known.yaml"]) == 0
    capsys.readouterr()
    assert main([*campaign, "--impl", f"{adapter} raw-points-recorded", "--expected-failures", "known.yaml",
                 "--junit", "fuzz.xml"]) == 0
    assert " xfailed" in capsys.readouterr().out
    accepted = [c for c in ElementTree.parse("fuzz.xml").getroot().iter("testcase") if c.find("skipped") is not None]
    assert accepted and all(c.find("skipped").get("type") == "horserace.xfailed" and c.get("clauses") for c in accepted)
    assert main([*campaign, "--impl", f"{adapter} any-sum-scores-its-fifths", "--expected-failures", "known.yaml"]) == 1
    assert " changed" in capsys.readouterr().out


# -- (6) the plugin's cost per accepted failure ------------------------------------------------------

def test_an_accepted_failure_costs_the_plugin_no_traceback(engine_in_pytester, pytester, monkeypatch):
    """Formatting a traceback (reading and parsing the source of every frame) cost each accepted
    failure about 0.14 s here: no frame's source is read for one, on either route."""
    from _pytest._code.code import TracebackEntry

    engine = engine_in_pytester
    misread = ("dom-wt-lone-double", "dom-wt-double-blank", "dom-wt-double-six-on-three-six")
    engine.release(wrong={case: {"0": {"end_sum": 99}} for case in misread})
    Path("xfail.yaml").write_text("".join(f"- id: {case}\n  reason: our end sums\n" for case in misread))
    sources = []
    real = TracebackEntry.getsource
    monkeypatch.setattr(TracebackEntry, "getsource", lambda self, *args: sources.append(self) or real(self, *args))
    result = pytester.runpytest("--horserace-impl", engine.anywhere, "--horserace-game", "dominoes",
                                "--horserace-kind", "layout", "--horserace-id", "dom-wt-*",
                                "--horserace-expected-failures", "xfail.yaml")
    result.assert_outcomes(passed=3, xfailed=3)
    pytester.makepyfile(test_engine=f"""
        from reference.core.adapter import replay_case
        from reference.core.pytest_plugin import vector_tests

        def answer(case):
            steps = replay_case(case)
            if case["id"] in {misread!r}:
                steps[0]["end_sum"] = 99
            return steps

        test_vectors = vector_tests(answer, ids=["dom-wt-*"], expected_failures="xfail.yaml")
        """)
    result = pytester.runpytest("test_engine.py")
    result.assert_outcomes(passed=3, xfailed=3)
    assert sources == []


# -- (7) reports to compare byte for byte -----------------------------------------------------------

def test_reports_without_timestamps_are_byte_identical_and_name_paths_relatively(engine, capsys):
    engine.release(wrong=wrong(SEVENTEEN, scores=[24, 30]))
    Path("xfail.yaml").write_text(f"- id: {SEVENTEEN}\n  reason: rounds up\n  step: 4\n")
    runs = []
    for name in ("a", "b"):
        main(["check", "--impl", engine.command, *SELECTION, "--no-timestamps",
              "--expected-failures", str(engine.folder / "xfail.yaml"), "--json", f"{name}.json", "--junit", f"{name}.xml"])
        runs.append((Path(f"{name}.json").read_bytes(), Path(f"{name}.xml").read_bytes()))
    capsys.readouterr()
    assert runs[0] == runs[1]
    report = json.loads(runs[0][0])
    assert "started" not in report and all("seconds" not in c for c in report["cases"])
    assert b"time=" not in runs[0][1]
    changed = next(c for c in report["cases"] if c["id"] == SEVENTEEN)
    assert changed["status"] == "changed" and changed["message"].startswith("changed failure: xfail.yaml:1 (")
    assert str(engine.folder).encode() not in runs[0][0] + runs[0][1]
