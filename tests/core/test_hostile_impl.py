"""`horserace check` against hostile implementations (tests/core/fakes/fake_impl.py MODE N).

For every behaviour: the run finishes, every selected case is accounted for, the exit code is
right, the JSON report validates against schema/report.schema.json and the JUnit report parses,
every message is capped and names the cause, and no process of the implementation is left.
"""

import json
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import pytest
from jsonschema import Draft202012Validator

from horserace_cli.commands import check
from horserace_cli.main import main
from reference.core.adapter import answer_case, hello_reply
from reference.core.paths import SCHEMA_DIR
from reference.core.protocol import case_message
from reference.core.results import FIELD_LIMIT
from reference.core.vectors import load_cases

FAKES = Path(__file__).parent / "fakes"
FAKE = FAKES / "fake_impl.py"
RUN_CHECK = FAKES / "run_check.py"
IDS = ["dom-ex-settle-seventeen", "dom-wt-lone-double", "dom-ex-sixty-plus-two", "dom-gen1-layout-001",
       "dom-match-turn-rules"]
CAP = FIELD_LIMIT + len("…(truncated 123456789 bytes)".encode())
RSS_BOUND_KIB = 96 * 1024         # the runner's own peak memory (VmHWM) with a 50 MB answer line: about 48 MiB measured
                                  # (the import and vector-loading peak varies with the machine's load and
                                  # the vectors' size); holding the line whole adds over 100 MiB (bytes, then str)


@pytest.fixture(scope="module")
def cases():
    by_id = {c["id"]: c for c in load_cases(["dominoes"], wanted=set(IDS).__contains__)}
    return [by_id[i] for i in IDS]


@pytest.fixture(scope="module")
def answers_file(cases, tmp_path_factory):
    """The reference answers, precomputed, so the fake starts in milliseconds."""
    path = tmp_path_factory.mktemp("fake") / "answers.json"
    answers = {c["id"]: answer_case(case_message(1, c)) for c in cases}
    path.write_text(json.dumps({"hello": hello_reply(["dominoes"]), "answers": answers}))
    return path


@pytest.fixture(autouse=True)
def selected(cases, answers_file, monkeypatch):
    """The hostile runs see only the five cases above (loading every vector is slow)."""
    monkeypatch.setattr(check, "load_selected", lambda chosen: [c for c in cases if chosen.keep(c)])
    monkeypatch.setenv("FAKE_ANSWERS", str(answers_file))


def fake(mode, at="0", marker="hostile"):
    # -S: answering from FAKE_ANSWERS, the fake needs nothing from site-packages (a quicker start)
    return f"{shlex.quote(sys.executable)} -S {shlex.quote(str(FAKE))} {mode} {at} {marker}"


@dataclass
class Run:
    code: int
    seconds: float
    report: dict
    junit: ElementTree.Element
    out: str
    err: str

    def statuses(self):
        return [c["status"] for c in self.report["cases"]]

    def message(self, index):
        return self.report["cases"][index].get("message", "")


def hostile(tmp_path, capsys, impl, count=3, *extra):
    """Run `horserace check` on the first `count` cases; assert what must hold for every run."""
    json_path, junit_path = tmp_path / "report.json", tmp_path / "report.xml"
    json_path.write_text("stale")
    junit_path.write_text("stale")
    args = ["check", "--impl", impl, "--json", str(json_path), "--junit", str(junit_path), "--timeout", "5",
            "--handshake-timeout", "5", *extra]
    for case_id in IDS[:count]:
        args += ["--id", case_id]
    started = time.monotonic()
    code = main(args)
    seconds = time.monotonic() - started
    captured = capsys.readouterr()
    report = json.loads(json_path.read_text(encoding="utf-8"))
    schema = json.loads((SCHEMA_DIR / "report.schema.json").read_text())
    assert [e.message for e in Draft202012Validator(schema).iter_errors(report)] == []
    junit = ElementTree.parse(junit_path).getroot()
    assert len(report["cases"]) == count == sum(report["totals"].values())          # all accounted for
    run_level = junit.findall("testsuite[@name='expected-failures']/testcase")     # a red run's other reasons
    assert int(junit.get("tests")) == count + len(run_level)
    for case in report["cases"]:
        assert len(case.get("message", "").encode()) <= CAP
        for value in (case.get("mismatch") or {}).values():
            assert len(str(value).encode()) <= CAP
    assert len(captured.out.encode()) < 20 * CAP
    assert_no_process_left(impl)
    return Run(code, seconds, report, junit, captured.out, captured.err)


def assert_no_process_left(impl):
    marker = impl.rsplit(" ", 1)[-1]
    if not marker.startswith("hostile-"):
        return
    deadline = time.monotonic() + 2
    while alive_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive_with(marker) == []


def alive_with(marker):
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.fixture
def marker(tmp_path):
    return f"hostile-{os.getpid()}-{tmp_path.name}"


# -- messages that cannot be decoded -----------------------------------------------------------

@pytest.mark.parametrize("mode, cause", [
    ("deep-nesting", "JSON nested deeper than 64 levels"),
    ("huge-int", "an integer with too many digits"),
    ("lone-surrogate", "a lone surrogate \\ud800 in a string at steps[0].x"),
    ("invalid-utf8", "not UTF-8: byte 0xe9 at byte offset 43"),
    ("garbage", "not JSON (Expecting value at column 1): this is not json"),
    ("bad-field", "not a valid result message: seq: expected integer, got a string"),
])
def test_an_undecodable_answer_errors_its_case_and_the_run_goes_on(tmp_path, capsys, marker, mode, cause):
    run = hostile(tmp_path, capsys, fake(mode, 2, marker))
    assert run.code == 1
    assert run.statuses() == ["passed", "errored", "passed"]
    assert cause in run.message(1) and "restarted" in run.message(1)
    assert len(run.message(1)) < 300


def test_a_huge_line_is_refused_without_holding_it(tmp_path, cases, marker):
    """A 50 MB answer line: the runner (a child process here) never holds more than 8 MiB of it."""
    cases_file, rss_file = tmp_path / "cases.json", tmp_path / "rss"
    cases_file.write_text(json.dumps(cases[:2]))
    json_path = tmp_path / "r.json"
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(RUN_CHECK), str(cases_file), str(rss_file),
                           "--impl", fake("huge-line", 1, marker), "--json", str(json_path)],
                          capture_output=True, text=True, timeout=120)
    seconds = time.monotonic() - started
    assert done.returncode == 1, done.stderr
    report = json.loads(json_path.read_text())
    assert [c["status"] for c in report["cases"]] == ["errored", "passed"]
    assert "an answer line of 52428" in report["cases"][0]["message"]
    assert "(the limit is 8388608)" in report["cases"][0]["message"]
    peak = int(rss_file.read_text())
    assert peak < RSS_BOUND_KIB, f"runner peak RSS {peak} KiB"
    assert_no_process_left(fake("huge-line", 1, marker))
    print(f"huge line: {seconds:.1f} s, runner peak RSS {peak // 1024} MiB")


def test_a_stderr_flood_keeps_only_a_bounded_tail(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("stderr-flood", 1, marker), 2)
    assert run.statuses() == ["errored", "passed"] and run.code == 1
    message = run.message(0)
    assert "exited (exit code 4; stderr (last 4096 of 2" in message
    assert message.endswith("| fake: the last words); the implementation was restarted")
    assert len(message) < 1200


def test_control_characters_in_stderr_are_escaped_and_junit_stays_well_formed(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("control-stderr", 1, marker), 2)
    assert run.statuses() == ["errored", "passed"]
    assert "\\x1b[31mfatal\\x1b[0m \\x00\\x0b\\x0c bell\\x07 \\xff\\xfe end" in run.message(0)
    error = run.junit.find("testsuite/testcase/error")
    assert "\\x1b[31mfatal" in error.get("message")
    assert "\x1b" not in run.out


def test_a_huge_wrong_value_is_capped_everywhere(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("big-wrong-answer", 2, marker), 2)
    assert run.statuses() == ["passed", "failed"] and run.code == 1
    actual = run.report["cases"][1]["mismatch"]["actual"]
    assert actual.startswith('"\\u001b[1m999') and actual.endswith(f"…(truncated {1_000_011 - 2048} bytes)")
    assert "…(truncated" in run.out and "…(truncated" in run.junit.find("testsuite/testcase/failure").text


# -- the command line --------------------------------------------------------------------------

@pytest.mark.parametrize("impl, cause", [
    ('python3 "unbalanced', "is not a valid command line: No closing quotation"),
    ("", "--impl is empty"),
    ("   ", "--impl is empty"),
    ("/no/such/program --conformance", "cannot start '/no/such/program --conformance': No such file or directory"),
])
def test_a_bad_command_is_a_usage_error_with_reports(tmp_path, capsys, impl, cause):
    run = hostile(tmp_path, capsys, impl, 2)
    assert run.code == 2
    assert cause in run.err
    assert run.statuses() == ["errored", "errored"]
    assert cause in run.message(0) and run.message(0).startswith("not run: the implementation could not be started")


# -- checks that check nothing -----------------------------------------------------------------

@pytest.mark.parametrize("mode", ["supports-nothing", "skip-all"])
def test_a_run_that_compared_nothing_does_not_pass(tmp_path, capsys, marker, mode):
    run = hostile(tmp_path, capsys, fake(mode, 0, marker), 2)
    assert run.statuses() == ["skipped", "skipped"]
    assert run.code == 1
    assert "nothing was compared: all 2 selected case(s) were skipped" in run.err
    assert hostile(tmp_path, capsys, fake(mode, 0, marker), 2, "--allow-empty").code == 0


def test_a_closed_stdout_does_not_change_the_verdict(tmp_path, cases, marker, mode="wrong-answer", at=1,
                                                    expected_code=1):
    """`horserace check | head -0`: the summary cannot be printed; exit code and reports stand."""
    cases_file, rss_file, json_path = tmp_path / "cases.json", tmp_path / "rss", tmp_path / "r.json"
    cases_file.write_text(json.dumps(cases[:2]))
    read, write = os.pipe()
    os.close(read)                                   # nobody will read the runner's stdout
    try:
        done = subprocess.run([sys.executable, str(RUN_CHECK), str(cases_file), str(rss_file),
                               "--impl", fake(mode, at, marker), "--json", str(json_path)],
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert done.returncode == expected_code, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert sum(json.loads(json_path.read_text())["totals"].values()) == 2


# -- processes ---------------------------------------------------------------------------------

def test_a_crash_on_the_nth_case(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("crash", 2, marker))
    assert run.statuses() == ["passed", "errored", "passed"] and run.code == 1
    assert "the implementation exited (exit code 3; stderr: fake: crashing on purpose)" in run.message(1)


def test_a_hang_on_one_case(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("hang", 2, marker), 3, "--timeout", "0.5")
    assert run.statuses() == ["passed", "errored", "passed"] and run.code == 1
    assert run.message(1) == "no answer within 0.5 s; the implementation was restarted"


def test_a_hang_on_every_case_trips_the_circuit_breaker(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("hang", "all", marker), 5, "--timeout", "0.3",
                  "--max-consecutive-errors", "2")
    assert run.statuses() == ["errored"] * 5 and run.code == 1
    assert run.message(0) == "no answer within 0.3 s; the implementation was restarted"
    assert run.message(1) == "no answer within 0.3 s"
    for index in (2, 3, 4):
        assert run.message(index).startswith("not run: circuit breaker: 2 cases in a row crashed, timed out")
        assert "(last: no answer within 0.3 s)" in run.message(index)
    assert run.seconds < 15            # not 5 x timeout plus restarts for every case


def test_a_hang_behind_cases_sent_ahead_blames_only_the_hung_case(tmp_path, capsys, marker):
    # cases 3 to 5 were sent ahead to the process that hung: they are asked again of the next one
    run = hostile(tmp_path, capsys, fake("hang", 2, marker), 5, "--timeout", "0.5")
    assert run.statuses() == ["passed", "errored", "passed", "passed", "passed"] and run.code == 1
    assert run.message(1) == "no answer within 0.5 s; the implementation was restarted"


def test_a_crash_behind_cases_sent_ahead_blames_only_the_crashed_case(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("crash", 3, marker), 5)
    assert run.statuses() == ["passed", "passed", "errored", "passed", "passed"] and run.code == 1
    assert "the implementation exited (exit code 3; stderr: fake: crashing on purpose)" in run.message(2)


def test_each_case_of_the_window_has_its_own_timeout(tmp_path, capsys, marker):
    # 5 cases of 0.4 s each are sent together; each is timed from the answer before it, so none of
    # them is charged for the others' time (2 s in all, against a 1 s timeout)
    run = hostile(tmp_path, capsys, fake("slow", "all", marker), 5, "--timeout", "1")
    assert run.statuses() == ["passed"] * 5 and run.code == 0
    assert all(0.3 <= case["seconds"] < 1 for case in run.report["cases"]), run.report["cases"]


def test_exit_after_hello(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("exit-after-hello", 0, marker), 2)
    assert run.statuses() == ["errored", "errored"] and run.code == 1
    assert "the implementation exited (exit code 0)" in run.message(0)


def test_a_closed_stdout_of_the_implementation(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("closed-stdout", 1, marker), 2)
    assert run.statuses() == ["errored", "passed"]
    assert "the implementation closed its stdout but is still running" in run.message(0)


def test_a_forked_child_holding_the_pipes_dies_with_the_implementation(tmp_path, capsys, marker,
                                                                          monkeypatch):
    pidfile = tmp_path / "child.pid"
    monkeypatch.setenv("FAKE_PIDFILE", str(pidfile))
    run = hostile(tmp_path, capsys, fake("fork-child", 1, marker), 2)
    assert run.statuses() == ["errored", "passed"]
    assert "exited (exit code 3; stderr: fake: crashing on purpose) but a process it started still holds its stdout" \
        in run.message(0)
    assert run.seconds < 10
    for pid in pidfile.read_text().split():
        # SIGKILL to the group is sent before the run returns; a loaded machine may take a moment
        # to schedule the child's death, so allow it a few seconds (a survivor sleeps for 300 s)
        assert not running_after(int(pid), 5.0), f"the forked child {pid} survived"


def running_after(pid, seconds):
    deadline = time.monotonic() + seconds
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return running(pid)


def running(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# -- protocol ----------------------------------------------------------------------------------

def test_a_wrong_seq(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("wrong-seq", 2, marker))
    assert run.statuses() == ["passed", "errored", "passed"]
    assert "answer for seq 102 while waiting for seq 2" in run.message(1)


def test_an_answer_out_of_order_is_blamed_on_the_case_awaited(tmp_path, capsys, marker):
    # the answer to case 3 comes before the answer to case 2: case 2 is errored, case 3 is asked again
    run = hostile(tmp_path, capsys, fake("swap", 2, marker), 4)
    assert run.statuses() == ["passed", "errored", "passed", "passed"] and run.code == 1
    assert run.message(1) == "answer for seq 3 while waiting for seq 2; the implementation was restarted"


def test_a_duplicate_answer_is_blamed_on_the_case_it_answers(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("duplicate", 1, marker))
    assert run.statuses() == ["errored", "passed", "passed"] and run.code == 1
    assert run.message(0) == (f"answered twice: a second answer for seq 1 arrived while case {IDS[1]} "
                              "was running")


def test_unknown_extra_fields_are_ignored(tmp_path, capsys, marker):
    run = hostile(tmp_path, capsys, fake("extra-fields", "all", marker), 2)
    assert run.statuses() == ["passed", "passed"] and run.code == 0


@pytest.mark.parametrize("mode, cause", [
    ("protocol-2", "the implementation speaks protocol 2; this runner speaks 1"),
    ("no-hello", "failed: the implementation exited (exit code 0)"),
    ("silent", "failed: no hello within 0.5 s (--handshake-timeout)"),
])
def test_a_failed_start_replaces_stale_reports(tmp_path, capsys, marker, mode, cause):
    run = hostile(tmp_path, capsys, fake(mode, 0, marker), 2, "--handshake-timeout", "0.5")
    assert run.code == 2
    assert cause in run.err
    assert run.statuses() == ["errored", "errored"] and cause in run.message(1)
    assert run.report["implementation"]["start_error"].endswith(cause) or cause in run.report["implementation"]["start_error"]


def test_an_early_stop_leaves_no_stale_report(tmp_path, capsys):
    json_path, junit_path = tmp_path / "report.json", tmp_path / "report.xml"
    json_path.write_text("stale")
    junit_path.write_text("stale")
    assert main(["check", "--id", "no-such-case", "--json", str(json_path), "--junit", str(junit_path)]) == 1
    assert not json_path.exists() and not junit_path.exists()
