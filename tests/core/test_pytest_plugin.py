"""The pytest plugin, on a small named sample of cases (the full vector run is `horserace check`,
tested in test_vectors.py and test_runner.py). Each test runs pytest inside pytest (pytester),
so the vector cases it collects are items of the inner run, not of this suite."""

import json
import shlex
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core.paths import VECTORS_DIR

pytest_plugins = ["pytester"]

# Two cases of each game, of six different kinds; crd-ex-eighth-diamond plays a refused action.
SAMPLE = {
    "dom-wt-lone-double": ("dominoes", "layout"),
    "dom-ex-settle-seventeen": ("dominoes", "settlement"),
    "crd-odds-eighth-diamond-track": ("cards", "odds"),
    "crd-ex-eighth-diamond": ("cards", "race"),
    "hf-ex-alfio-four-to-two": ("horse_fever", "race"),
    "hf-odds-shared-rows": ("horse_fever", "odds"),
}
PYTHON = shlex.quote(sys.executable)
REFERENCE = f"{PYTHON} -m horserace_cli.main adapter"
FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"
SETTLEMENT_EXAMPLES = ["--horserace-game", "dominoes", "--horserace-id", "dom-ex-settle-*"]


@pytest.fixture(scope="module", autouse=True)
def modules_the_inner_runs_use():
    """Each inner run (pytester) forgets the modules it imported, so without this every run
    imports again, and pytest rewrites again, the three engines, the runner and hypothesis
    (whose plugin the inner sessions load). Imported once here, before pytester takes its
    snapshot of sys.modules, they are shared by the inner runs as by any two tests of one process."""
    import hypothesis.internal.observability  # noqa: F401  (read by hypothesis's terminal summary)
    from reference.core import adapter, report, runner, vectors  # noqa: F401
    from reference.core.game import all_games

    all_games()


@pytest.fixture(scope="module", autouse=True)
def fast_fake(modules_the_inner_runs_use, tmp_path_factory):
    """The fake answers the settlement examples from reference answers computed here once,
    so none of its starts imports the engines (FAKE_ANSWERS, see fakes/fake_impl.py)."""
    from reference.core.adapter import answer_case, hello_reply
    from reference.core.protocol import case_message
    from reference.core.vectors import load_cases

    examples = load_cases(["dominoes"], kinds=["settlement"], wanted=lambda case_id: case_id.startswith("dom-ex-settle-"))
    path = tmp_path_factory.mktemp("fake") / "answers.json"
    path.write_text(json.dumps({"hello": hello_reply(["dominoes"]),
                                "answers": {c["id"]: answer_case(case_message(1, c)) for c in examples}}))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FAKE_ANSWERS", str(path))
        yield


def fake(mode: str, at: int = 0) -> str:
    # -S: answering from FAKE_ANSWERS, the fake needs nothing from site-packages (a quicker start)
    return f"{PYTHON} -S {shlex.quote(str(FAKE))} {mode} {at}"


def sample_ids() -> list[str]:
    return [arg for case_id in SAMPLE for arg in ("--horserace-id", case_id)]


def test_the_plugin_is_registered_and_idle_without_an_implementation(pytester):
    entry = [e for e in metadata.entry_points(group="pytest11") if e.name == "horserace"]
    assert [e.value for e in entry] == ["reference.core.pytest_plugin"]
    pytester.makepyfile(test_own="def test_own(): pass")
    result = pytester.runpytest("--collect-only", "-q")
    assert result.ret == 0
    assert result.outlines[0] == "test_own.py::test_own" and "1 test collected" in result.stdout.str()
    result = pytester.runpytest("--horserace-game", "dominoes")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*--horserace-game needs --horserace-impl COMMAND*"])


def test_each_case_is_an_item_named_by_its_id_answered_by_one_process(pytester, tmp_path):
    starts = tmp_path / "starts.log"
    impl = f"sh -c {shlex.quote(f'echo started >> {shlex.quote(str(starts))}; exec {REFERENCE}')}"
    result = pytester.runpytest("--horserace-impl", impl, *sample_ids(), "-v")
    result.assert_outcomes(passed=6)
    result.stdout.fnmatch_lines_random([f"horserace::{game}::{kind}::{case_id} PASSED*"
                                        for case_id, (game, kind) in SAMPLE.items()])
    assert starts.read_text().splitlines() == ["started"]


def test_a_failing_case_reads_as_horserace_check_prints_it(pytester, capsys):
    impl = fake("wrong-answer", 2)
    assert main(["check", "--impl", impl, "--id", "dom-ex-settle-*", "--game", "dominoes"]) == 1
    printed = capsys.readouterr().out.splitlines()
    start = next(i for i, line in enumerate(printed) if line.startswith("FAILED "))
    block = printed[start:next(i for i in range(start, len(printed)) if printed[i].startswith("  attributed to:")) + 1]
    failed_id = block[0].split()[-1]
    assert any("first divergence at step" in line for line in block)

    result = pytester.runpytest("--horserace-impl", impl, *SETTLEMENT_EXAMPLES)
    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines([f"FAILED horserace::dominoes::settlement::{failed_id} *"])
    result.stdout.fnmatch_lines([line.replace("[", "[[]") for line in block], consecutive=True)


def test_expected_failures_are_xfailed_and_a_listed_case_that_passes_fails(pytester):
    names = [c["id"] for c in json.loads((VECTORS_DIR / "dominoes" / "settlement.json").read_text())["cases"]
             if c["id"].startswith("dom-ex-settle-")]
    failing = names[1]                                  # the second case asked: the fake's fault
    passing = "dom-ex-settle-seventeen"
    assert passing in names and passing != failing
    listed = pytester.makefile(".yaml", xfail=f"- {{id: {failing}, reason: not yet}}\n- {{id: {passing}, reason: old}}\n")
    result = pytester.runpytest("--horserace-impl", fake("wrong-answer", 2), *SETTLEMENT_EXAMPLES,
                                "--horserace-expected-failures", str(listed), "-rx")
    result.assert_outcomes(passed=3, failed=1, xfailed=1)
    result.stdout.fnmatch_lines([f"XPASSED dominoes settlement {passing}",
                                 "  listed as an expected failure (xfail.yaml:2: old) but passed: remove it from the list*",
                                 f"XFAIL horserace::dominoes::settlement::{failing} - expected failure: not yet"])


def test_an_expected_failure_entry_that_does_not_hold_is_one_failing_test_naming_it(pytester):
    """An entry naming no case of the suite is an error of the list: the run is red through one
    pseudo test of its own (horserace::expected-failures) whose report quotes the entry."""
    listed = pytester.makefile(".yaml", xfail="- {id: dom-no-such-case, reason: a typo}\n")
    result = pytester.runpytest("--horserace-impl", fake("good"), *SETTLEMENT_EXAMPLES,
                                "--horserace-expected-failures", str(listed))
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(["*expected-failure entries that do not hold:",
                                 "*unknown: xfail.yaml:1: id 'dom-no-such-case' matches no case*"])
    result.stdout.fnmatch_lines(["FAILED horserace::expected-failures*"])


def test_selection_by_game_and_kind_collects_exactly_those_cases(pytester):
    counts = {kind: json.loads((VECTORS_DIR / "cards" / f"{kind}.json").read_text())["case_count"]
              for kind in ("layout", "odds")}
    result = pytester.runpytest("--horserace-impl", REFERENCE, "--horserace-game", "cards",
                                "--horserace-kind", "layout", "--horserace-kind", "odds", "--collect-only", "-q")
    collected = [line for line in result.outlines if line.startswith("horserace::")]
    assert len(collected) == sum(counts.values())
    assert sum(line.startswith("horserace::cards::layout::") for line in collected) == counts["layout"]
    result = pytester.runpytest("--horserace-impl", REFERENCE, "--horserace-game", "cards",
                                "--collect-only", "-q", "-k", "layout and not gen1")
    assert sorted(line for line in result.outlines if line.startswith("horserace::")) == [
        "horserace::cards::layout::crd-faq-loaded-track-relaid",
        "horserace::cards::layout::crd-int-card-notation",
        "horserace::cards::layout::crd-layout-relay-boundary"]


def test_cases_are_parsed_only_when_the_run_keeps_them(pytester, monkeypatch):
    from reference.core import vectors
    parsed: list[str] = []
    real = vectors.parse_case_line

    def counted(body, *rest, **options):
        case = real(body, *rest, **options)
        parsed.append(case["id"])
        return case

    monkeypatch.setattr(vectors, "parse_case_line", counted)
    selection = ["--horserace-impl", fake("good"), "--horserace-game", "dominoes", "-k", "dom-ex-settle-seventeen"]
    result = pytester.runpytest(*selection)
    # every dominoes case collected (named), only the one kept parsed
    result.assert_outcomes(passed=1, deselected=vectors.case_totals(["dominoes"])["dominoes"] - 1)
    assert parsed == ["dom-ex-settle-seventeen"]
    # a case gone from the files between collection and its run fails its item, saying so
    monkeypatch.setattr(vectors, "load_cases", lambda *args, **kwargs: [])
    result = pytester.runpytest(*selection)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*horserace: case dom-ex-settle-seventeen is no longer in the vector files*"])


def test_an_unknown_game_or_an_empty_selection_is_a_usage_error(pytester):
    result = pytester.runpytest("--horserace-impl", REFERENCE, "--horserace-game", "no-such-game")  # never a game's name
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*--horserace-game no-such-game: no such game (games: *dominoes*)*"])
    result = pytester.runpytest("--horserace-impl", REFERENCE, "--horserace-id", "no-such-case")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*no vector case matches the --horserace-* selection*"])


def test_an_implementation_that_cannot_start_fails_once_and_stops_the_session(pytester, tmp_path):
    result = pytester.runpytest("--horserace-impl", str(tmp_path / "no-such-engine"), *SETTLEMENT_EXAMPLES)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*the implementation is not running: ImplementationUnavailable: cannot start*",
                                 "*Interrupted: horserace: the implementation is not running*"])


def test_a_run_that_compares_nothing_fails_unless_allowed(pytester):
    selection = ["--horserace-impl", fake("good"), "--horserace-game", "cards", "--horserace-id", "crd-odds-*"]   # the fake plays dominoes only
    result = pytester.runpytest(*selection)
    assert result.ret == 1
    result.assert_outcomes(skipped=2)
    result.stdout.fnmatch_lines(["*no case was compared (2 asked, all skipped or errored)*"])
    assert pytester.runpytest(*selection, "--horserace-allow-empty").ret == 0


def test_a_case_answered_twice_fails_its_item_as_check_errors_it(pytester, capsys):
    """Every case answered twice: `check` errors each case but the last (whose second answer
    comes after the run's last read); the items fail exactly there, not pass."""
    impl = fake("duplicate", "all")
    assert main(["check", "--impl", impl, "--game", "dominoes", "--id", "dom-ex-settle-*",
                 "--json", str(pytester.path / "r.json")]) == 1
    checked = {c["id"]: c["status"] for c in json.loads((pytester.path / "r.json").read_text())["cases"]}
    capsys.readouterr()
    assert sorted(checked.values()) == ["errored"] * (len(checked) - 1) + ["passed"]
    result = pytester.runpytest("--horserace-impl", impl, *SETTLEMENT_EXAMPLES, "-v")
    result.assert_outcomes(passed=1, failed=len(checked) - 1)
    result.stdout.fnmatch_lines_random([f"horserace::dominoes::settlement::{case_id} "
                                        f"{'PASSED' if status == 'passed' else 'FAILED'}*"
                                        for case_id, status in checked.items()])
    result.stdout.fnmatch_lines(["*answered twice: a second answer for seq 1 arrived while case*"])


def test_a_run_that_compares_less_than_half_fails_unless_skips_are_allowed(pytester, monkeypatch, tmp_path):
    """The implementation takes layout cases only: of one layout and two settlement cases, one is
    compared (33%); the session fails, saying so with the skips by reason."""
    from reference.core.adapter import answer_case, hello_reply
    from reference.core.protocol import case_message
    from reference.core.vectors import load_cases

    ids = ["dom-wt-lone-double", "dom-ex-settle-seventeen", "dom-ex-settle-pairs-tied"]
    cases = load_cases(["dominoes"], wanted=set(ids).__contains__)
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"hello": hello_reply(["dominoes"]),
                                   "answers": {c["id"]: answer_case(case_message(1, c)) for c in cases}}))
    monkeypatch.setenv("FAKE_ANSWERS", str(answers))
    selection = ["--horserace-impl", fake("partial-hello"), *[a for i in ids for a in ("--horserace-id", i)]]
    result = pytester.runpytest(*selection)
    assert result.ret == 1
    result.assert_outcomes(passed=1, skipped=2)
    result.stdout.fnmatch_lines(["*: 1 passed, 0 failed, 2 skipped; compared 1 of 3 cases (33%)",
                                 "horserace: skipped, by reason:",
                                 "  2 the implementation does not take settlement cases",
                                 "*compared 1 of 3 cases (33%): less than half of the selected cases "
                                 "(--horserace-allow-skips accepts that)"])
    assert pytester.runpytest(*selection, "--horserace-allow-skips").ret == 0


def nested(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("change, status, cause", [
    (lambda steps: steps, "passed", ""),
    (lambda steps: tuple(steps), "passed", ""),                       # a tuple is written as a JSON array
    (lambda steps: [dict(steps[0], end_sum=5)], "failed", ""),
    (lambda steps: [dict(steps[0], end_sum=float("nan"))], "errored", "NaN is not JSON"),
    (lambda steps: [dict(steps[0], extra=nested(100))], "errored", "JSON nested deeper than 64 levels"),
    (lambda steps: [dict(steps[0], extra={1, 2})], "errored", "the answer is not JSON"),
    (lambda steps: [dict(steps[0], end_sum=10 ** 5000)], "errored", "the answer is not JSON"),
    (lambda steps: "no steps", "errored", "not a valid result message: steps: expected array"),
])
def test_the_in_process_route_judges_an_answer_as_check_judges_its_line(change, status, cause):
    """A Python engine's answer is judged as `check` judges the same answer sent as a line
    (tests/core/test_hostile_protocol.py words the same causes): a value JSON cannot carry or
    nesting past the bound errors the case, it does not pass or fail it."""
    from reference.core.adapter import answer_case
    from reference.core.protocol import case_message
    from reference.core.pytest_plugin import in_process_result
    from reference.core.vectors import load_cases

    [case] = load_cases(["dominoes"], wanted=lambda case_id: case_id == "dom-wt-lone-double")
    result = in_process_result(case, change(answer_case(case_message(1, case))["steps"]))
    assert (result.status, cause in result.message) == (status, True), result.message


def test_the_in_process_route_for_python_engines(pytester):
    pytester.makefile(".yaml", xfail="- {id: dom-ex-settle-seventeen, reason: rounding not done yet}\n")
    pytester.makepyfile(f"""
        from reference.core.adapter import replay_case
        from reference.core.pytest_plugin import vector_tests

        def answer(case):                     # a Python engine with one misreading
            steps = replay_case(case)         # replays case["game"], case["kind"], case["input"], case["options"]
            if case["id"] == "dom-ex-settle-seventeen":
                steps[0]["scores"] = [24, 30]
            return steps

        test_sample = vector_tests(answer, ids={list(SAMPLE) + ["crd-int-cover-net"]!r})
        test_adopting = vector_tests(answer, ids={list(SAMPLE)!r}, skip_flags=["illegal-action"],
                                     expected_failures="xfail.yaml")
        test_options = vector_tests(answer, games=["cards"], ids=["crd-int-cover-net"], options={{"bank_cover": ["net"]}})
        """)
    result = pytester.runpytest("-v", "-rs")
    # test_sample: 5 pass, the misread one fails, the non-default option is skipped;
    # test_adopting: the refused-action case is left out, the misread one is an expected failure.
    result.assert_outcomes(passed=5 + 4 + 1, failed=1, skipped=1, xfailed=1)
    result.stdout.fnmatch_lines(["*test_sample?dom-ex-settle-seventeen? FAILED*",
                                 "*test_adopting?dom-ex-settle-seventeen? XFAIL*",
                                 "*test_options?crd-int-cover-net? PASSED*"], consecutive=False)
    assert "test_adopting[crd-ex-eighth-diamond]" not in result.stdout.str()
    result.stdout.fnmatch_lines(["FAILED dominoes settlement dom-ex-settle-seventeen",
                                 "  first divergence at step 0 (settle): scores",
                                 "    scores: expected [[]23, 30]",
                                 "            actual   [[]24, 30]",
                                 "  attributed to: DOM-SETTLE-* (the step re-played with that decision altered reproduces it)"],
                                consecutive=True)
    result.stdout.fnmatch_lines(["*option bank_cover='net' is not offered by the implementation*"])


def test_the_plugin_from_the_command_line(tmp_path):
    horserace = Path(sys.executable).with_name("horserace")
    # hypothesis's plugin is left out of this one process: pytest would rewrite the whole
    # hypothesis package from source for it (half of the run's cost); the inner runs above load
    # it beside this plugin. The adapter plays the one game selected, as `horserace check
    # --game dominoes` starts it (the adapter of every game is the one of the inner runs above).
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:hypothesispytest",
         "--horserace-impl", f"{horserace} adapter --game dominoes",
         "--horserace-game", "dominoes", "-k", "dom-wt-lone-double or dom-ex-settle-seventeen", "-v"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "horserace::dominoes::layout::dom-wt-lone-double PASSED" in done.stdout
    assert "horserace::dominoes::settlement::dom-ex-settle-seventeen PASSED" in done.stdout
    assert "2 passed" in done.stdout
