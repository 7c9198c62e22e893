"""The table of hostile behaviours: each run of `horserace check` in its own process, measured.

    python tests/core/fakes/hostile_table.py

For every behaviour of fake_impl.py: did the run finish, its wall time, whether the report's
counts add up to the selected cases (an implementation refused at its hello writes every case
errored), the exit code (and the one expected), the runner's peak RSS (VmHWM of the runner
process) and the implementation processes left behind (escaped children included). The
signals are tested in tests/core/test_hostile_impl.py.
"""

import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reference.core.adapter import answer_case, hello_reply
from reference.core.protocol import case_message
from reference.core.vectors import load_cases

HERE = Path(__file__).parent
IDS = ["dom-ex-settle-seventeen", "dom-wt-lone-double", "dom-ex-sixty-plus-two", "dom-gen1-layout-001",
       "dom-match-turn-rules"]

# behaviour, mode, at, cases, extra arguments, expected exit code
BEHAVIOURS = [
    ("deep JSON nesting (1000)", "deep-nesting", "2", 3, [], 1),
    ("5000-digit integer", "huge-int", "2", 3, [], 1),
    ("lone surrogate", "lone-surrogate", "2", 3, [], 1),
    ("invalid UTF-8", "invalid-utf8", "2", 3, [], 1),
    ("garbage line", "garbage", "2", 3, [], 1),
    ("wrong field type (3 KB seq)", "bad-field", "2", 3, [], 1),
    ("unknown extra fields", "extra-fields", "all", 2, [], 0),
    ("huge line (50 MB)", "huge-line", "1", 2, [], 1),
    ("stderr flood (20 MB)", "stderr-flood", "1", 2, [], 1),
    ("control characters in stderr", "control-stderr", "1", 2, [], 1),
    ("1 MB wrong value", "big-wrong-answer", "2", 2, [], 1),
    ("--impl unbalanced quote", None, 'python3 "unbalanced', 2, [], 2),
    ("--impl empty", None, "", 2, [], 2),
    ("missing command", None, "/no/such/program", 2, [], 2),
    ("supports nothing", "supports-nothing", "0", 2, [], 1),
    ("skips everything", "skip-all", "0", 2, [], 1),
    ("crash on the 2nd case", "crash", "2", 3, [], 1),
    ("hang on one case (0.5 s timeout)", "hang", "2", 3, ["--timeout", "0.5"], 1),
    ("hang on all (0.3 s, breaker 2)", "hang", "all", 5, ["--timeout", "0.3", "--max-consecutive-errors", "2"], 1),
    ("hang on all (0.3 s, default breaker 5)", "hang", "all", 5, ["--timeout", "0.3"], 1),
    ("wrong seq", "wrong-seq", "2", 3, [], 1),
    ("duplicate answer", "duplicate", "1", 3, [], 1),
    ("exit after hello", "exit-after-hello", "0", 2, [], 1),
    ("wrong protocol version", "protocol-2", "0", 2, [], 2),
    ("no hello (exits)", "no-hello", "0", 2, [], 2),
    ("no hello (silent, 0.5 s)", "silent", "0", 2, ["--handshake-timeout", "0.5"], 2),
    ("closed stdout of the impl", "closed-stdout", "1", 2, [], 1),
    ("forked child holding the pipes", "fork-child", "1", 2, [], 1),
    ("closed stdout of the runner", "wrong-answer", "1", 2, [], 1),
    ("setsid child sleeping 120 s, crash at the 2nd case", "escaped-child", "2", 3, [], 1),
    ("setsid child sleeping 120 s, clean exit", "escaped-child", "0", 3, [], 0),
    ("setsid child without environment, clean exit", "escaped-bare-child", "0", 3, [], 0),
    ("hello observing nothing", "observes-nothing", "0", 2, [], 1),
    ("hello observing unknown keys only", "observes-unknown", "0", 2, [], 1),
    ("1 of 3 cases compared (layout only)", "partial-hello", "0", 3, [], 1),
    ("duplicate key in an answer", "duplicate-key", "2", 3, [], 1),
    ("duplicate seq in an answer", "duplicate-seq", "2", 3, [], 1),
    ("duplicate type in an answer", "duplicate-type", "2", 3, [], 1),
    ("huge hello (5 MB)", "huge-hello", "0", 2, [], 2),
]


def alive_with(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def main() -> None:
    by_id = {c["id"]: c for c in load_cases(["dominoes"])}
    cases = [by_id[i] for i in IDS]
    work = Path(tempfile.mkdtemp(prefix="hostile-table-"))
    answers = work / "answers.json"
    answers.write_text(json.dumps({"hello": hello_reply(["dominoes"]),
                                   "answers": {c["id"]: answer_case(case_message(1, c)) for c in cases}}))
    env = dict(os.environ, FAKE_ANSWERS=str(answers), FAKE_PIDFILE=str(work / "child.pid"))
    print("| behaviour | finished | time (s) | counts add up | exit code (expected) | runner peak RSS (MiB) | orphans |")
    print("|---|---|---|---|---|---|---|")
    for number, (name, mode, at, count, extra, expected) in enumerate(BEHAVIOURS):
        marker = f"hostile-table-{os.getpid()}-{number}"
        impl = at if mode is None else f"{shlex.quote(sys.executable)} {HERE / 'fake_impl.py'} {mode} {at} {marker}"
        cases_file, rss_file, report_file = work / "cases.json", work / "rss", work / "report.json"
        cases_file.write_text(json.dumps(cases[:count]))
        for stale in (rss_file, report_file):
            stale.unlink(missing_ok=True)
        argv = [sys.executable, str(HERE / "run_check.py"), str(cases_file), str(rss_file), "--impl", impl,
                "--json", str(report_file), *extra]
        stdout = subprocess.DEVNULL
        if name.startswith("closed stdout of the runner"):
            read, write = os.pipe()
            os.close(read)
            stdout = write
        started = time.monotonic()
        try:
            done = subprocess.run(argv, stdout=stdout, stderr=subprocess.DEVNULL, env=env, timeout=300)
            finished, code = "yes", done.returncode
        except subprocess.TimeoutExpired:
            finished, code = "NO", None
        seconds = time.monotonic() - started
        if stdout is not subprocess.DEVNULL:
            os.close(stdout)
        report = json.loads(report_file.read_text()) if report_file.exists() else None
        adds_up = bool(report) and sum(report["totals"].values()) == len(report["cases"]) == count
        time.sleep(0.2)
        orphans = alive_with(marker)
        pidfile = work / "child.pid"
        if mode in ("fork-child", "escaped-child", "escaped-bare-child") and pidfile.exists():
            orphans += [int(p) for p in pidfile.read_text().split() if running(int(p)) and int(p) not in orphans]
            pidfile.unlink()
        rss = int(rss_file.read_text()) / 1024 if rss_file.exists() else float("nan")
        print(f"| {name} | {finished} | {seconds:.1f} | {'yes' if adds_up else 'NO'} | {code} ({expected}) "
              f"| {rss:.0f} | {', '.join(map(str, orphans)) or 'none'} |", flush=True)


if __name__ == "__main__":
    main()
