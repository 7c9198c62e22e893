"""`horserace check`: drive an implementation over the protocol and judge every case.

One long-lived process answers every case, a window of cases ahead of the answer awaited
(Window). A per-case timeout, a crash or output that is not valid protocol is reported as an
errored case; the process is then restarted, the cases sent ahead are sent again, and the run
goes on. Nothing an implementation prints can crash the runner:

- the implementation runs in its own session (process group) with a token in its environment;
  stopping it kills the whole group and every process found to be its descendant, also one
  that started a session of its own (reference.core.processes); a pipe held by a process that
  cannot be ended is abandoned, never waited on, and that process is named in the report;
- an answer line is read in chunks and never held beyond protocol.MAX_LINE_BYTES (the hello
  beyond protocol.MAX_HELLO_BYTES); stderr is drained continuously and only its last
  STDERR_TAIL_BYTES are kept;
- the handshake has its own timeout; after `max_consecutive_errors` crashes, timeouts or
  invalid answers in a row the remaining cases are errored at once (circuit breaker).
"""

from __future__ import annotations

import fnmatch
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import IO, Any, Callable, Iterable, Iterator

from . import processes, protocol
from .attribution import applied_clauses
from .errors import HorseRaceError
from .interrupts import exit_code, signal_name
from .expected_failures import Entry, ExpectedFailures
from .game import UnknownGame, get_game
from .options import is_any, offered_option_problems
from .protocol import ProtocolError
from .results import CaseResult, bounded, judge, printable
from .version import PROTOCOL_VERSION

HANDSHAKE_TIMEOUT = 30.0
MAX_FAILED_STARTS = 3
MAX_CONSECUTIVE_ERRORS = 5
STDERR_TAIL_BYTES = 4096    # kept of an implementation's stderr
STDERR_EXCERPT = 1000       # characters of that tail quoted in a message
EXIT_GRACE = 0.5            # seconds an implementation gets to exit after bye or closing its stdout
READ_CHUNK = 64 * 1024      # bytes per read of a pipe (a pipe holds 64 KiB on Linux)
READER_GRACE = 0.2          # seconds a reader thread gets to see its pipe end before it is abandoned


class ImplementationUnavailable(HorseRaceError):
    """The implementation could not be started or does not speak the protocol."""


class BadCommand(ImplementationUnavailable):
    """The --impl command line cannot be parsed."""


def parse_command(command: str) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise BadCommand(f"--impl {protocol.shorten(command, 100)!r} is not a valid command line: {exc}") from None
    if not argv:
        raise BadCommand("--impl is empty: give the command that starts the implementation")
    return argv


@dataclass
class Selection:
    ids: list[str] = field(default_factory=list)        # fnmatch patterns
    games: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)      # keep cases with all of these flags
    skip_flags: list[str] = field(default_factory=list) # drop cases with any of these
    modes: list[str] = field(default_factory=list)      # keep cases in these modes (and those in none)
    only_ids: frozenset[str] | None = None              # `--changed-since`: these ids and no others

    def id_matcher(self) -> Callable[[str], bool]:
        """Does an id match one of `ids`? Exact ids are a set lookup and the globs one compiled
        pattern, so a thousand --id values cost no more per case than one."""
        key = tuple(self.ids)
        if getattr(self, "_matcher_key", None) != key:
            self._matcher, self._matcher_key = id_matcher(self.ids), key
        return self._matcher

    def keep(self, case: dict[str, Any]) -> bool:
        if self.only_ids is not None and case["id"] not in self.only_ids:
            return False
        if self.ids and not self.id_matcher()(case["id"]):
            return False
        if self.games and case["game"] not in self.games:
            return False
        if self.kinds and case["kind"] not in self.kinds:
            return False
        if self.clauses and not set(self.clauses) & set(case["clauses"]):
            return False
        if self.flags and not set(self.flags) <= set(case["flags"]):
            return False
        if self.modes and case.get("mode") is not None and case["mode"] not in self.modes:
            return False
        return not (self.skip_flags and set(self.skip_flags) & set(case["flags"]))


GLOB_CHARACTERS = frozenset("*?[")


def id_matcher(patterns: Iterable[str]) -> Callable[[str], bool]:
    """A test for case ids: true when the id equals an exact pattern or matches a glob
    (fnmatch syntax, case-sensitive)."""
    exact: set[str] = set()
    globs: list[str] = []
    for pattern in patterns:
        if GLOB_CHARACTERS & set(pattern):
            globs.append(pattern)
        else:
            exact.add(pattern)
    if not globs:
        return exact.__contains__
    compiled = re.compile("|".join(f"(?:{fnmatch.translate(g)})" for g in dict.fromkeys(globs)))
    return lambda case_id: case_id in exact or compiled.match(case_id) is not None


# -- reading the implementation's output ---------------------------------------------------------

END_OF_OUTPUT = object()


@dataclass
class OversizedLine:
    size: int
    limit: int


class PipeState:
    """Whether a reader thread is waiting in a read of its pipe (so a writer still holds it)."""
    reading = False


def read_lines(fd: int, lines: queue.Queue, stopped: threading.Event, first_limit: int,
               state: PipeState | None = None) -> None:
    """Queue each line read from the pipe `fd`; a line over its limit (`first_limit` for the
    first, the hello; protocol.MAX_LINE_BYTES after) is drained and queued as its size.

    The thread owns `fd` and closes it when the pipe ends. It reads with os.read, holding no
    lock anyone else waits for: a pipe kept open by a process that cannot be ended blocks this
    thread only, which the runner then abandons (stop)."""
    pieces: list[bytes] = []
    size, limit = 0, first_limit
    state = state or PipeState()
    try:
        while not stopped.is_set():
            state.reading = True
            chunk = os.read(fd, READ_CHUNK)
            state.reading = False
            if not chunk:
                break
            start = 0
            while start < len(chunk):
                end = chunk.find(b"\n", start)
                piece = chunk[start:] if end < 0 else chunk[start:end + 1]
                start += len(piece)
                size += len(piece)
                if size <= limit + 1:           # the line and its newline
                    pieces.append(piece)
                elif pieces:
                    pieces = []                 # over the limit: counted, no longer kept
                if end < 0:
                    break
                item: Any = b"".join(pieces) if size <= limit + 1 else OversizedLine(size, limit)
                pieces, size, limit = [], 0, protocol.MAX_LINE_BYTES
                if not _put(lines, item, stopped):
                    return
        if size:                                # a last line without its newline
            _put(lines, b"".join(pieces) if size <= limit + 1 else OversizedLine(size, limit), stopped)
    except OSError:
        pass
    finally:
        state.reading = False
        os.close(fd)
    _put(lines, END_OF_OUTPUT, stopped)


def _put(lines: queue.Queue, item: Any, stopped: threading.Event) -> bool:
    """A bounded queue: the implementation waits while the runner is behind (no memory growth)."""
    while not stopped.is_set():
        try:
            lines.put(item, timeout=0.2)
            return True
        except queue.Full:
            continue
    return False


class StderrTail:
    """Drains an implementation's stderr, keeping only the last STDERR_TAIL_BYTES."""

    def __init__(self) -> None:
        self.data = b""
        self.total = 0
        self.lock = threading.Lock()

    def drain(self, fd: int) -> None:
        """Read the pipe `fd` to its end (this thread owns and closes it, as read_lines does)."""
        try:
            while chunk := os.read(fd, READ_CHUNK):
                with self.lock:
                    self.total += len(chunk)
                    self.data = (self.data + chunk)[-STDERR_TAIL_BYTES:]
        except OSError:
            pass
        finally:
            os.close(fd)

    def note(self, lines: int = 3) -> str:
        with self.lock:
            data, total = self.data, self.total
        text = data.decode("utf-8", errors="backslashreplace")
        tail = " | ".join(part.rstrip() for part in text.strip().split("\n")[-lines:])
        if not tail:
            return ""
        tail = printable(tail)
        if len(tail) > STDERR_EXCERPT:        # the end is what explains an exit
            tail = "…" + tail[-STDERR_EXCERPT:]
        cut = f" (last {len(data)} of {total} bytes)" if total > len(data) else ""
        return f"; stderr{cut}: {tail}"


# -- the implementation process ------------------------------------------------------------------

class Implementation:
    """A child process speaking the protocol on stdin/stdout."""

    def __init__(self, command: str, cwd: str | None = None, handshake_timeout: float = HANDSHAKE_TIMEOUT):
        self.command = command
        self.argv = parse_command(command)
        self.shown_command = protocol.shorten(repr(command), 200)
        self.cwd = cwd
        self.handshake_timeout = handshake_timeout
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue(maxsize=4)
        self.stopped = threading.Event()
        self.threads: list[threading.Thread] = []
        self.stderr = StderrTail()
        self.announced: dict[str, Any] = {}
        self.starts = 0
        self.start_error = ""
        self.first_seq = 1          # seqs below this were asked of an earlier process
        self.launch_error: ImplementationUnavailable | ProtocolError | None = None
        self.hello_deadline = 0.0
        self.handshaken = False     # the running process's hello was read (finish_start done)
        self.waiting = 0.0          # the timeout being waited on, for messages
        self.token = ""             # in the environment of this start's processes (processes.RUN_TOKEN)
        self.leader_started: int | None = None
        self.pipes: frozenset[str] = frozenset()    # how /proc names this start's pipes
        self.output = PipeState()                   # of this start's stdout reader
        self.left_running: list[str] = []   # processes of any start that could not be ended, by name
        self.ended_escaped: list[str] = []  # processes of the last stop that had left its group
        self.aborted = False

    # -- process -------------------------------------------------------------------------------

    def start(self) -> None:
        self.launch()
        self.finish_start()

    def launch(self) -> None:
        """Start the process and send the hello, without waiting for its answer: the caller may
        work meanwhile (`check` reads the vectors while the implementation starts). A failure
        is kept and raised by finish_start."""
        self.stop()
        self.launch_error = None
        self.handshaken = False
        if self.aborted:
            self.launch_error = ImplementationUnavailable("the run was stopped")
            return
        self.starts += 1
        self.hello_deadline = time.monotonic() + self.handshake_timeout
        self.token = os.urandom(8).hex()
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        try:
            # own session = own process group: stop() kills every process the implementation forked;
            # the token finds those that left it (reference.core.processes)
            self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=out_write, stderr=err_write,
                                            cwd=self.cwd, start_new_session=True,
                                            env={**os.environ, processes.RUN_TOKEN: self.token})
        except OSError as exc:
            for fd in (out_read, out_write, err_read, err_write):
                os.close(fd)
            self.launch_error = ImplementationUnavailable(f"cannot start {self.shown_command}: "
                                                          f"{exc.strerror or exc}")
            return
        finally:
            if self.process is not None:
                os.close(out_write)
                os.close(err_write)
        processes.LEADERS.add(self.process.pid)
        self.pipes = processes.pipe_names([out_read, err_read, self.process.stdin.fileno()])
        leader = processes.read_proc(self.process.pid)
        self.leader_started = leader.started if leader is not None else None
        self.lines = queue.Queue(maxsize=4)
        self.stopped = threading.Event()
        self.stderr = StderrTail()
        self.output = PipeState()
        self.threads = [
            threading.Thread(target=read_lines, daemon=True,
                             args=(out_read, self.lines, self.stopped, protocol.MAX_HELLO_BYTES, self.output)),
            threading.Thread(target=self.stderr.drain, args=(err_read,), daemon=True)]
        for thread in self.threads:
            thread.start()
        try:
            self.send(protocol.hello())
        except ProtocolError as exc:
            self.launch_error = exc

    def abort(self) -> None:
        """From another thread: end the running process and every process it started, now, and
        start no other. The thread running the cases then finds it gone and stops (the pytest
        plugin's session end, when its runner thread waits on a hung implementation)."""
        self.aborted = True
        process = self.process
        if process is not None:
            process.kill()
            ending = processes.end_all(process.pid, self.token, self.leader_started, self.pipes)
            self.left_running += [name for name in ending.left if name not in self.left_running]

    @property
    def launched(self) -> bool:
        return self.process is not None or self.launch_error is not None

    def finish_start(self) -> None:
        """Read the hello of the launched process (ImplementationUnavailable if it fails)."""
        try:
            if isinstance(self.launch_error, ImplementationUnavailable):
                raise self.launch_error
            self.handshake()
        except ImplementationUnavailable:
            self.stop()                 # a failed handshake leaves no process behind
            raise

    def stop(self) -> None:
        """End the process and every process it started (reference.core.processes), within
        EXIT_GRACE + processes.KILL_GRACE + 2 x READER_GRACE seconds whatever they do: a bye,
        EXIT_GRACE to exit, SIGKILL to all of them; the pipes of what could not be ended are
        abandoned to their reader threads, and those processes are named (left_running)."""
        process, self.process = self.process, None
        self.handshaken = False         # a hello read belongs to the process being stopped
        self.ended_escaped = []
        if process is None:
            return
        if process.poll() is None:
            try:
                process.stdin.write(protocol.encode({"type": "bye"}))
                process.stdin.flush()
                process.wait(timeout=EXIT_GRACE)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        exited = process.poll() is not None
        if not exited:
            process.kill()              # the leader, even if it left its own group
        processes.LEADERS.discard(process.pid)
        ending = processes.end_all(process.pid, self.token, self.leader_started, self.pipes, leader_gone=exited)
        left = ending.left
        try:
            process.wait(timeout=processes.KILL_GRACE)
        except subprocess.TimeoutExpired:
            left.append(processes.describe(process.pid))
        self.ended_escaped = [name for name in ending.escaped if name not in left]
        self.left_running += [name for name in left if name not in self.left_running]
        self.stopped.set()
        for thread in self.threads:     # a reader still blocked on a pipe held by a survivor is abandoned
            thread.join(timeout=READER_GRACE)
        if self.threads and self.threads[0].is_alive() and self.output.reading and not left:
            self.left_running.append("a process not found (not this user's, or where /proc is missing) still "
                                     "holds the implementation's output pipe")
        try:
            process.stdin.close()
        except (OSError, ValueError):
            pass

    def exit_note(self) -> str:
        code = self.process.poll() if self.process else None
        if code is not None and len(self.threads) > 1:
            self.threads[1].join(timeout=EXIT_GRACE)   # let the drain read the last words before quoting them
        state = f"exit code {code}" if code is not None else "still running"
        if code is not None and code < 0:
            state = f"killed by signal {-code}"
        return state + self.stderr.note()

    # -- messages ------------------------------------------------------------------------------

    def send(self, message: dict[str, Any], flush: bool = True) -> int:
        """Write one message (on its way once flushed); returns its size in bytes."""
        data = protocol.encode(message)
        try:
            self.process.stdin.write(data)
        except (OSError, ValueError) as exc:
            raise self.write_failed(exc) from None
        if flush:
            self.flush()
        return len(data)

    def flush(self) -> None:
        try:
            self.process.stdin.flush()
        except (OSError, ValueError) as exc:
            raise self.write_failed(exc) from None

    def write_failed(self, exc: Exception) -> ProtocolError:
        self.wait_for_exit()
        if self.process.poll() is not None:   # it exited first: say so, as a read would have found
            return ProtocolError(f"the implementation exited ({self.exit_note()}); the case could not be sent")
        return ProtocolError(f"cannot write to the implementation ({exc.__class__.__name__}); {self.exit_note()}")

    def wait_for_exit(self) -> None:
        try:
            self.process.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            pass

    def receive_line(self, deadline: float) -> bytes:
        exited_at = None
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, min(0.1, deadline - time.monotonic())))
                break
            except queue.Empty:
                pass
            now = time.monotonic()
            if exited_at is None and self.process.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at > EXIT_GRACE:
                raise ProtocolError(f"the implementation exited ({self.exit_note()}) but a process it "
                                    "started still holds its stdout")
            if now >= deadline:
                raise TimeoutError(f"no answer within {self.waiting:g} s") from None
        if line is END_OF_OUTPUT:
            self.wait_for_exit()
            if self.process.poll() is None:
                raise ProtocolError(f"the implementation closed its stdout but is still running{self.stderr.note()}")
            raise ProtocolError(f"the implementation exited ({self.exit_note()})")
        if isinstance(line, OversizedLine):
            what = "an answer line" if self.handshaken else "a hello line"
            raise ProtocolError(f"{what} of {line.size} bytes (the limit is {line.limit})")
        return line

    def handshake(self) -> None:
        self.waiting = self.handshake_timeout
        try:
            if self.launch_error is not None:
                raise self.launch_error
            line = self.receive_line(self.hello_deadline)
            reply = protocol.parse_line(line, protocol.MAX_HELLO_BYTES)
            kind = protocol.message_type(reply)
        except ProtocolError as exc:
            raise ImplementationUnavailable(f"handshake with {self.shown_command} failed: {exc}") from None
        except TimeoutError:
            raise ImplementationUnavailable(f"handshake with {self.shown_command} failed: no hello within "
                                            f"{self.handshake_timeout:g} s (--handshake-timeout)") from None
        if kind != "hello":
            raise ImplementationUnavailable(f"handshake failed: expected a hello first, got a {kind} message")
        if reply.get("protocol") != PROTOCOL_VERSION:
            shown = protocol.shorten(repr(reply.get("protocol")), 40)
            raise ImplementationUnavailable(f"the implementation speaks protocol {shown}; "
                                            f"this runner speaks {PROTOCOL_VERSION}")
        try:
            self.announced = protocol.validate_implementation_message(reply)
        except ProtocolError as exc:
            raise ImplementationUnavailable(f"handshake failed: {exc}") from None
        problems = [problem for name, game in self.announced["games"].items()
                    for problem in offered_option_problems(name, game.get("options"))]
        if problems:
            raise ImplementationUnavailable("handshake failed: the hello's options do not say what they mean: "
                                            + "; ".join(problems[:5])
                                            + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""))
        self.handshaken = True

    # -- cases ---------------------------------------------------------------------------------

    def unsupported(self, case: dict[str, Any]) -> str | None:
        games = self.announced.get("games", {})
        game = games.get(case["game"])
        if game is None:
            return f"the implementation does not play {case['game']}"
        if case["kind"] not in game.get("kinds", []):
            return f"the implementation does not take {case['kind']} cases"
        return unsupported_options(case, game.get("options", {}))

    def observations(self, case: dict[str, Any]) -> list[str] | None:
        """The observation keys the implementation produces for this case's kind (None: all)."""
        game = self.announced.get("games", {}).get(case["game"], {})
        produced = (game.get("observations") or {}).get(case["kind"])
        return None if produced is None else list(produced)

    def answer(self, seq: int, timeout: float, deadline: float) -> tuple[dict[str, Any], set[int]]:
        """The answer to case `seq`, already sent, and the earlier seqs answered again meanwhile."""
        self.waiting = timeout
        repeated: set[int] = set()
        while True:
            reply = protocol.decode_implementation_line(self.receive_line(deadline))
            if reply["type"] == "hello":
                raise ProtocolError("a hello in the middle of the run")
            if reply["seq"] == seq:
                return reply, repeated
            if 1 <= reply["seq"] < seq and self.asked_since_start(reply["seq"]):
                repeated.add(reply["seq"])        # a second answer to an earlier case: blame that case
                continue
            raise ProtocolError(f"answer for seq {protocol.shorten(str(reply['seq']), 40)} while waiting for seq {seq}")

    def asked_since_start(self, seq: int) -> bool:
        return seq >= self.first_seq


def offers(offered: list[Any], value: Any) -> bool:
    """`value` is among the offered values (type-exact: true is not 1), inside an offered
    integer range {"min": a, "max": b}, or any value is offered ({"any": true})."""
    for v in offered:
        if is_any(v):
            return True
        if isinstance(v, dict) and set(v) <= {"min", "max"} and v:
            if isinstance(value, int) and not isinstance(value, bool) and \
                    v.get("min", value) <= value <= v.get("max", value):
                return True
        elif type(v) is type(value) and v == value:
            return True
    return False


def option_defaults(game_name: str) -> dict[str, Any]:
    """Each option's default as the interpretations register states it, the value the adapter's
    hello offers first: read from the register, not from the engine, so that a change to the
    rules' code (a generated mutant, an edit) cannot change which cases are skipped (issue 25).
    The catalog's loader holds the engine's defaults equal to the register's."""
    return dict(_register_defaults(game_name))


@lru_cache(maxsize=None)
def _register_defaults(game_name: str) -> tuple[tuple[str, Any], ...]:
    from .adapter import supported_options
    try:
        return tuple((name, values[0]) for name, values in supported_options(game_name).items())
    except UnknownGame:
        return ()


def unsupported_options(case: dict[str, Any], offered: dict[str, list[Any]]) -> str | None:
    """Why the case's interpretation options are not all offered, or None.

    An option the implementation does not list supports only its default. One it lists
    supports only the listed values: a case needing the default then needs a value not offered."""
    chosen = case.get("options") or {}
    for name, value in chosen.items():
        if name not in offered:
            return f"option {name}={value!r} is not offered by the implementation"
        if not offers(offered[name], value):
            return f"option {name}={value!r} is not offered by the implementation"
    defaults = option_defaults(case["game"])
    for name, values in offered.items():
        if name not in chosen and name in defaults and not offers(values, defaults[name]):
            return (f"the case needs option {name} at its default {defaults[name]!r}, which the implementation "
                    "does not offer")
    return None


def run_cases(command: str | Implementation, cases: Iterable[dict[str, Any]], timeout: float = 10.0,
              expected_failures: ExpectedFailures | dict[str, str] | None = None, cwd: str | None = None,
              on_result: Callable[[CaseResult], None] | None = None,
              handshake_timeout: float = HANDSHAKE_TIMEOUT,
              max_consecutive_errors: int = MAX_CONSECUTIVE_ERRORS,
              keep_results: bool = True) -> tuple[list[CaseResult], dict[str, Any]]:
    """Run every case; returns the results and what the implementation announced. When
    `cases` is a sequence, a window of the next cases is sent while an answer is awaited and
    judged (see Window). `command` may be an Implementation already launched, or already
    started with its hello read (then its own cwd and handshake timeout hold).
    `keep_results=False`: each result is only handed to `on_result` and then forgotten (a fuzz
    campaign of any length holds none); a second answer to a case already handed over then
    errors the case awaited.

    Raises ImplementationUnavailable when the first start fails (nothing was run), and
    RunInterrupted, holding the results so far (none if not keep_results), on Ctrl-C or a signal (reference.core.interrupts):
    the implementation and its processes are ended first."""
    if isinstance(command, Implementation):
        implementation, command = command, command.command
    else:
        implementation = Implementation(command, cwd, handshake_timeout)
    results: list[CaseResult] = []
    try:
        if not implementation.handshaken:
            if not implementation.launched:
                implementation.launch()
            implementation.finish_start()
        run_started(implementation, command, cases, results, timeout, expected_failures, on_result,
                    max_consecutive_errors, keep_results)
    except KeyboardInterrupt as exc:
        implementation.stop()
        raise RunInterrupted(results, announcement(implementation, command), exc) from None
    finally:
        implementation.stop()
    return results, announcement(implementation, command)


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C or a signal ended a run, its implementation ended: the results of the cases that
    ran, the announcement, the signal's name and the exit code it asks for (128 + N)."""

    def __init__(self, results: list[CaseResult], announced: dict[str, Any], cause: BaseException):
        self.signal = signal_name(cause)
        super().__init__(f"interrupted by {self.signal}")
        self.results, self.announced, self.exit_code = results, announced, exit_code(cause)


def announcement(implementation: Implementation, command: str) -> dict[str, Any]:
    """What the implementation announced, with the command, its starts and the processes of it
    that could not be ended (named for the report)."""
    out = {**implementation.announced, "command": command, "starts": implementation.starts}
    if implementation.left_running:
        out["left_running"] = list(implementation.left_running)
    return out


def run_started(implementation: Implementation, command: str, cases: Iterable[dict[str, Any]],
                results: list[CaseResult], timeout: float,
                expected_failures: ExpectedFailures | dict[str, str] | None,
                on_result: Callable[[CaseResult], None] | None, max_consecutive_errors: int,
                keep_results: bool = True) -> None:
    """run_cases with the implementation started: each result appended to `results` as it is
    judged (so an interruption keeps those before it), unless not `keep_results`."""
    # a run's charges never depend on what ran before it (a module not loaded remembers nothing)
    from . import passed_cases, run_charges
    passed_cases.forget(wide=keep_results)
    counterfactual = sys.modules.get(f"{__package__}.counterfactual")
    if counterfactual is not None:
        counterfactual.forget_explanations()
    run_charges.forget(settling=keep_results)
    if not isinstance(expected_failures, ExpectedFailures):
        expected_failures = ExpectedFailures([Entry(reason, id=case_id) for case_id, reason in
                                              (expected_failures or {}).items()])
    by_seq: dict[int, CaseResult] = {}
    consecutive = 0
    not_run = ""            # once set, every remaining case is errored with this reason
    seq = 0
    answered_at = 0.0       # when the last answer was read: a case's time starts at the later of this and its sending
    # Cases known up front (a sequence) are sent ahead; a stream of cases (the pytest plugin
    # hands over each as its item asks for it) is never read ahead of its consumer.
    window = Window(cases) if isinstance(cases, Sequence) else None

    def send(index: int, case: dict[str, Any], flush: bool = True) -> InFlight:
        nonlocal seq
        seq += 1
        result = new_result(case)
        by_seq[seq] = result
        observe = compared_keys(result, case, implementation.observations(case))
        flight = InFlight(index, case, seq, result, observe, time.monotonic())
        try:
            flight.size = implementation.send(protocol.case_message(seq, case, observe), flush=flush)
        except ProtocolError as exc:
            flight.error = exc                  # reported as this case's fault when its turn comes
        return flight

    def fill() -> None:
        """Send the next cases the implementation takes, up to the window's bounds, once half
        of it is free (one write for several cases); only to a running process, and never
        after the circuit breaker tripped."""
        if window is None or not_run or implementation.process is None or not window.half_free():
            return
        last = None
        while (index := window.next_to_send()) is not None:
            case = window.cases[index]
            if implementation.unsupported(case):
                window.passed_over(case)
                continue
            last = send(index, case, flush=False)
            window.sent(last)
        if last is not None:
            try:
                implementation.flush()
            except ProtocolError as exc:
                last.error = last.error or exc  # not delivered; the cases before it are answered or not in turn

    for index, case in (window if window is not None else enumerate(cases)):
        flight = window.take(index) if window is not None else None
        result = flight.result if flight else new_result(case)
        if flight is None and not_run:
            result.message = not_run
        elif flight is None and implementation.process is None:
            not_run = result.message = f"not run: the implementation could not be restarted ({implementation.start_error})"
        elif flight is None and (reason := implementation.unsupported(case)):
            result.status, result.message = "skipped", reason
        else:
            if flight is None:
                flight = send(index, case)
                result = flight.result
                if window is not None:
                    window.passed(index)
            fill()                  # the implementation has the next cases while it works on this one
            started = max(flight.sent_at, answered_at)
            try:
                if flight.error is not None:
                    raise flight.error
                reply, repeated = implementation.answer(flight.seq, timeout, started + timeout)
                answered_at = time.monotonic()
                result.seconds = answered_at - started
                fill()              # ... and while this answer is judged
                blame_repeated_answers(repeated, by_seq, case["id"])
                judge_reply(result, case, reply, flight.observe)
                consecutive = 0
            except (TimeoutError, ProtocolError) as exc:
                result.seconds = time.monotonic() - started
                consecutive += 1
                if window is not None:
                    window.drop()   # sent to the process that failed: asked again of the next one
                if max_consecutive_errors and consecutive >= max_consecutive_errors:
                    result.message = str(exc)
                    not_run = (f"not run: circuit breaker: {consecutive} cases in a row crashed, timed out or "
                               f"answered invalidly (last: {protocol.shorten(str(exc), 300)}); "
                               f"see --max-consecutive-errors")
                    implementation.stop()
                    result.message += ended_note(implementation)
                else:
                    result.message = f"{exc}; the implementation was restarted"
                    restart(implementation)
                    result.message += ended_note(implementation)
                    implementation.first_seq = seq + 1
        expected_failures.apply(result)
        judged = result.mismatch
        result.bound()
        if judged is not None and result.mismatch is not judged:
            run_charges.moved(judged, result.mismatch)      # settled at the end in the result's own report
        if keep_results:
            results.append(result)
        elif flight is not None:
            del by_seq[flight.seq]      # handed over and forgotten (see blame_repeated_answers)
        if on_result:
            on_result(result)
    if keep_results:
        # the run has ended: each tie is settled by all its other failures (run_charges)
        run_charges.settle_ties(_weigh_ties())


def _weigh_ties() -> Any:
    """failures_reproduced.weigh, when the run has ties to settle (a run without failures never
    loads the counterfactual search)."""
    from . import run_charges
    if not any(len(noted.clauses) > 1 for noted in run_charges.NOTED):
        return None
    from . import failures_reproduced
    return failures_reproduced.weigh


WINDOW_CASES = 16           # cases sent ahead of the answer awaited
WINDOW_BYTES = 32 * 1024    # and their encoded size: within a pipe's buffer (64 KiB on Linux), so
                            # writing them never waits on an implementation busy writing answers
WINDOW_PASSED_OVER = 64     # cases read ahead and not sent (the implementation does not take them), kept
                            # read for their turn


@dataclass
class InFlight:
    """A case sent to the implementation, its answer not read yet."""
    index: int                  # its place among the cases
    case: dict[str, Any]
    seq: int
    result: CaseResult
    observe: list[str] | None
    sent_at: float              # time.monotonic() when it was written
    size: int = 0               # bytes written
    error: ProtocolError | None = None


class Window:
    """The cases sent ahead, in order, bounded by WINDOW_CASES and WINDOW_BYTES (and topped up
    once half of both is free).

    An implementation answers in order, so at most WINDOW_CASES answers are ever owed and
    what the runner has written and the implementation not yet read fits in the pipe: the
    runner never blocks writing while the implementation blocks writing to it. Each case's
    timeout counts from the later of its sending and the answer before it (a case waiting
    behind others is not charged for their time).

    The cases passed over while looking for the next ones to send (at most WINDOW_PASSED_OVER)
    are kept as read, so their turn does not read them again."""

    def __init__(self, cases: Sequence[dict[str, Any]]):
        self.cases = cases
        self.flights: deque[InFlight] = deque()
        self.bytes = 0
        self.next_index = 0     # the first case not yet sent nor passed over
        self.passed_over_cases: dict[int, dict[str, Any]] = {}

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """Each case with its place; a case sent ahead or passed over is not read again (a
        sequence may parse its cases on each read)."""
        for index in range(len(self.cases)):
            head = self.flights[0] if self.flights else None
            if head is not None and head.index == index:
                yield index, head.case
            elif index in self.passed_over_cases:
                yield index, self.passed_over_cases.pop(index)
            else:
                yield index, self.cases[index]

    def half_free(self) -> bool:
        return len(self.flights) <= WINDOW_CASES // 2 and self.bytes <= WINDOW_BYTES // 2

    def next_to_send(self) -> int | None:
        if self.next_index >= len(self.cases) or len(self.flights) >= WINDOW_CASES or self.bytes >= WINDOW_BYTES \
                or len(self.passed_over_cases) >= WINDOW_PASSED_OVER:
            return None
        return self.next_index

    def passed_over(self, case: dict[str, Any]) -> None:
        self.passed_over_cases[self.next_index] = case
        self.next_index += 1

    def passed(self, index: int) -> None:
        self.next_index = max(self.next_index, index + 1)

    def sent(self, flight: InFlight) -> None:
        self.flights.append(flight)
        self.bytes += flight.size
        self.next_index = flight.index + 1

    def take(self, index: int) -> InFlight | None:
        """The case at `index` if it was sent ahead (then it leaves the window)."""
        if not self.flights or self.flights[0].index != index:
            self.passed(index - 1)
            return None
        flight = self.flights.popleft()
        self.bytes -= flight.size
        return flight

    def drop(self) -> None:
        """Forget the cases sent ahead: they are sent again when their turn comes."""
        if self.flights:
            self.next_index = self.flights[0].index
        self.flights.clear()
        self.bytes = 0
        self.passed_over_cases.clear()


def new_result(case: dict[str, Any]) -> CaseResult:
    """A case's result before it runs: errored until an answer says otherwise."""
    return CaseResult(case["id"], case["game"], case["kind"], "errored", list(case["clauses"]),
                      applied=applied_clauses(case))


def compared_keys(result: CaseResult, case: dict[str, Any], produced: list[str] | None) -> list[str] | None:
    """The expected keys to ask for and compare (None: all); notes in `result` the expected
    keys the implementation does not produce."""
    expected_keys = sorted({k for step in case["expected"] for k in step} - {"error"})
    result.not_compared = [k for k in expected_keys if produced is not None and k not in produced]
    return None if produced is None else [k for k in expected_keys if k in produced]


def judge_answer(case: dict[str, Any], steps: Any) -> CaseResult:
    """The verdict `check` gives an implementation answering `steps` to the case: the answer is
    written as the protocol's result line and read back as the runner reads every line (strictly,
    then validated), then judged by judge_reply. The pytest plugin's in-process route (Python
    engines) judges with it, so a value JSON cannot carry (NaN, a set), or nesting past the
    bound, errors the case there as over the protocol."""
    result = new_result(case)
    try:
        line = protocol.encode({"type": "result", "seq": 1, "steps": steps})
        reply = protocol.decode_implementation_line(line)
    except (TypeError, ValueError, RecursionError) as exc:      # not JSON at all
        result.message = f"the answer is not JSON: {protocol.shorten(str(exc), 200)}"
    except ProtocolError as exc:
        result.message = str(exc)
    else:
        judge_reply(result, case, reply, None)
    return result.bound()


def judge_reply(result: CaseResult, case: dict[str, Any], reply: dict[str, Any], observe: list[str] | None) -> None:
    """The verdict on a validated answer (read from its JSON line): skipped, errored, or judged
    step by step against the case's expectations."""
    if reply["type"] == "skipped":
        result.status, result.message = "skipped", reply["reason"]
    elif reply["type"] == "errored":
        result.message = reply["message"]
    else:
        result.status, result.mismatch = judge(case, reply["steps"], observe, parsed=True)
        if result.status == "passed" and observe is not None and not observe and result.not_compared:
            # a pass that compared no observation is no pass: the run must not count it as compared
            result.status = "skipped"
            result.message = (f"nothing observed: the implementation produces none of the {len(result.not_compared)} "
                              f"key(s) this case checks ({protocol.shorten(', '.join(result.not_compared), 200)})")
        elif result.status == "passed" and result.not_compared:
            result.status = "passed-partial"
            result.message = (f"{len(result.not_compared)} key(s) not compared (the implementation "
                              f"does not produce them): {', '.join(result.not_compared)}")


def ended_note(implementation: Implementation) -> str:
    """What the last stop had to end beyond the implementation's group, said after a case's message."""
    names = implementation.ended_escaped
    if not names:
        return ""
    return (f"; ended {len(names)} process(es) it started that had left its process group: "
            + protocol.shorten(", ".join(names), 300))


def blame_repeated_answers(repeated: set[int], by_seq: dict[int, CaseResult], current: str) -> None:
    for earlier in sorted(repeated):
        result = by_seq.get(earlier)
        if result is None:      # handed over already (run_cases(keep_results=False)): the case awaited errs
            raise ProtocolError(f"a second answer for seq {earlier}, a case already reported, arrived "
                                f"while case {current} was running")
        note = f"answered twice: a second answer for seq {earlier} arrived while case {current} was running"
        if result.status in ("passed", "failed", "skipped"):
            result.mismatch = None
        result.status = "errored"
        result.message = f"{note}; {result.message}" if result.message else note
        result.bound()


def restart(implementation: Implementation) -> None:
    """Start again; after MAX_FAILED_STARTS failures the process stays None (cases are then not run)."""
    for _ in range(MAX_FAILED_STARTS):
        try:
            implementation.start()
            return
        except ImplementationUnavailable as exc:
            implementation.start_error = bounded(str(exc), 500)
