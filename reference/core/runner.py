"""`horserace check`: drive an implementation over the protocol and judge every case.

One long-lived process answers every case. A per-case timeout, a crash or output that is not
valid protocol is reported as an errored case; the process is then restarted and the run
goes on. Nothing an implementation prints can crash the runner.
"""

from __future__ import annotations

import fnmatch
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from . import protocol
from .errors import HorseRaceError
from .protocol import ProtocolError
from .results import CaseResult, judge
from .version import PROTOCOL_VERSION

HANDSHAKE_TIMEOUT = 30.0
MAX_FAILED_STARTS = 3


class ImplementationUnavailable(HorseRaceError):
    """The implementation could not be started or does not speak the protocol."""


@dataclass
class Selection:
    ids: list[str] = field(default_factory=list)        # fnmatch patterns
    games: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)      # keep cases with all of these flags
    skip_flags: list[str] = field(default_factory=list) # drop cases with any of these

    def keep(self, case: dict[str, Any]) -> bool:
        if self.ids and not any(fnmatch.fnmatchcase(case["id"], p) for p in self.ids):
            return False
        if self.games and case["game"] not in self.games:
            return False
        if self.kinds and case["kind"] not in self.kinds:
            return False
        if self.clauses and not set(self.clauses) & set(case["clauses"]):
            return False
        if self.flags and not set(self.flags) <= set(case["flags"]):
            return False
        return not (self.skip_flags and set(self.skip_flags) & set(case["flags"]))


class Implementation:
    """A child process speaking the protocol on stdin/stdout."""

    def __init__(self, command: str, cwd: str | None = None):
        self.command = command
        self.argv = shlex.split(command)
        self.cwd = cwd
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.announced: dict[str, Any] = {}
        self.starts = 0

    # -- process -------------------------------------------------------------------------------

    def start(self) -> None:
        self.stop()
        self.starts += 1
        try:
            self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, cwd=self.cwd, start_new_session=True)
        except OSError as exc:
            raise ImplementationUnavailable(f"cannot start {self.command!r}: {exc}") from None
        self.lines = queue.Queue()
        threading.Thread(target=self._read_stdout, args=(self.process, self.lines), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.process,), daemon=True).start()
        self.handshake()

    def _read_stdout(self, process: subprocess.Popen, lines: queue.Queue) -> None:
        for line in process.stdout:
            lines.put(line)
        lines.put(None)                                  # end of output: the process has exited

    def _read_stderr(self, process: subprocess.Popen) -> None:
        for line in process.stderr:
            self.stderr_tail.append(line.decode("utf-8", errors="replace").rstrip())

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.poll() is None:
                try:
                    process.stdin.write(protocol.encode({"type": "bye"}))
                    process.stdin.flush()
                    process.wait(timeout=0.5)
                except (OSError, subprocess.TimeoutExpired):
                    pass
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        except (ProcessLookupError, OSError, subprocess.TimeoutExpired):
            pass

    def exit_note(self) -> str:
        code = self.process.poll() if self.process else None
        tail = " | ".join(list(self.stderr_tail)[-3:])
        return (f"exit code {code}" if code is not None else "still running") + (f"; stderr: {tail}" if tail else "")

    # -- messages ------------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.process.stdin.write(protocol.encode(message))
            self.process.stdin.flush()
        except (OSError, ValueError) as exc:
            raise ProtocolError(f"cannot write to the implementation ({exc}); {self.exit_note()}") from None

    def receive(self, timeout: float) -> dict[str, Any]:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no answer within {timeout:g} s") from None
        if line is None:
            time.sleep(0.05)
            raise ProtocolError(f"the implementation exited ({self.exit_note()})")
        return protocol.decode_implementation_line(line)

    def handshake(self) -> None:
        try:
            self.send(protocol.hello())
            reply = self.receive(HANDSHAKE_TIMEOUT)
        except (ProtocolError, TimeoutError) as exc:
            raise ImplementationUnavailable(f"handshake with {self.command!r} failed: {exc}") from None
        if reply.get("type") != "hello":
            raise ImplementationUnavailable(f"expected a hello, got {protocol.shorten(str(reply))}")
        if reply.get("protocol") != PROTOCOL_VERSION:
            raise ImplementationUnavailable(f"the implementation speaks protocol {reply.get('protocol')}; "
                                            f"this runner speaks {PROTOCOL_VERSION}")
        self.announced = reply

    # -- cases ---------------------------------------------------------------------------------

    def unsupported(self, case: dict[str, Any]) -> str | None:
        games = self.announced.get("games", {})
        game = games.get(case["game"])
        if game is None:
            return f"the implementation does not play {case['game']}"
        if case["kind"] not in game.get("kinds", []):
            return f"the implementation does not take {case['kind']} cases"
        offered = game.get("options", {})
        for name, value in (case.get("options") or {}).items():
            if value not in offered.get(name, []):
                return f"option {name}={value!r} is not offered by the implementation"
        return None

    def ask(self, seq: int, case: dict[str, Any], timeout: float) -> dict[str, Any]:
        self.send(protocol.case_message(seq, case))
        reply = self.receive(timeout)
        if reply.get("seq") != seq:
            raise ProtocolError(f"answer for seq {reply.get('seq')} while waiting for seq {seq}")
        if reply["type"] == "hello":
            raise ProtocolError("a hello in the middle of the run")
        return reply


def run_cases(command: str, cases: Iterable[dict[str, Any]], timeout: float = 10.0,
              expected_failures: dict[str, str] | None = None, cwd: str | None = None,
              on_result: Callable[[CaseResult], None] | None = None) -> tuple[list[CaseResult], dict[str, Any]]:
    """Run every case; returns the results and what the implementation announced."""
    implementation = Implementation(command, cwd)
    implementation.start()
    expected_failures = expected_failures or {}
    results: list[CaseResult] = []
    failed_starts = 0
    seq = 0
    try:
        for case in cases:
            result = CaseResult(case["id"], case["game"], case["kind"], "errored", list(case["clauses"]))
            if implementation.process is None:
                result.message = "the implementation could not be restarted"
            else:
                reason = implementation.unsupported(case)
                if reason:
                    result.status, result.message = "skipped", reason
                else:
                    seq += 1
                    started = time.perf_counter()
                    try:
                        reply = implementation.ask(seq, case, timeout)
                        result.seconds = time.perf_counter() - started
                        if reply["type"] == "skipped":
                            result.status, result.message = "skipped", reply["reason"]
                        elif reply["type"] == "errored":
                            result.message = reply["message"]
                        else:
                            result.status, result.mismatch = judge(case, reply["steps"])
                        failed_starts = 0
                    except (TimeoutError, ProtocolError) as exc:
                        result.seconds = time.perf_counter() - started
                        result.message = f"{exc}; the implementation was restarted"
                        failed_starts = restart(implementation, failed_starts)
            apply_expected_failure(result, expected_failures)
            results.append(result)
            if on_result:
                on_result(result)
    finally:
        implementation.stop()
    return results, {**implementation.announced, "command": command, "starts": implementation.starts}


def restart(implementation: Implementation, failed_starts: int) -> int:
    try:
        implementation.start()
        return 0
    except ImplementationUnavailable as exc:
        failed_starts += 1
        implementation.stop()
        if failed_starts < MAX_FAILED_STARTS:
            return restart(implementation, failed_starts)
        implementation.stderr_tail.append(str(exc))
        return failed_starts


def apply_expected_failure(result: CaseResult, expected_failures: dict[str, str]) -> None:
    reason = expected_failures.get(result.id)
    if reason is None:
        return
    if result.status == "failed":
        result.status = "xfailed"
        result.message = f"expected failure: {reason}"
    elif result.status == "passed":
        result.status = "xpassed"
        result.message = f"listed as an expected failure ({reason}) but passed: remove it from the list"
