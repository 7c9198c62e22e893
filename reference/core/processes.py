"""The processes an implementation started, found and ended, wherever they went.

The runner starts each implementation in a session of its own (one process group) with a
token in its environment (RUN_TOKEN). Ending it kills that group, and then every process
that belongs to it by another link, because a descendant can leave the group: one that calls
`setsid` (a daemon, a background helper) is in no group of ours, and if its parent exits it is
re-parented away. On Linux the /proc file system gives, for every process, its parent,
group, session, start time and environment, so a descendant belongs to the implementation
when:

- it is in the implementation's session or group (the leader's pid names both), or
- its environment carries the implementation's token (environments are inherited), or
- it holds one of the implementation's pipes (its stdin, stdout or stderr), or
- its parent, group or session is a process already found (so a descendant that cleared its
  environment is found through its parent while that lives, and through its own session
  after), or
- (`adopt_orphans`, for the command line, where the runner is the only process that starts
  others) it is a child of the runner that the runner did not start: with
  PR_SET_CHILD_SUBREAPER set on the runner, an orphaned descendant is re-parented to the
  runner, not to init, so one that left the session and cleared its environment is still found.

Only processes started after the implementation's leader are looked at (a descendant cannot be
older). What is still there after SIGKILL and KILL_GRACE seconds (another user's process, one
stuck in the kernel) is returned by name, for the report. Elsewhere than Linux only the
group is killed.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass

RUN_TOKEN = "HORSERACE_RUN_TOKEN"     # the environment variable naming an implementation's processes
KILL_GRACE = 1.0                       # seconds for killed processes to disappear before they are named
PR_SET_CHILD_SUBREAPER = 36            # prctl option (linux/prctl.h)
PROC = "/proc"
SHOWN_COMMAND = 120                    # characters of a surviving process's command line named

# Leaders of the implementations running in this process: the runner started them, so a
# child of the runner that is one of them is not an adopted orphan.
LEADERS: set[int] = set()
_subreaper = 0          # the pid that made itself subreaper (a forked worker inherits the variable, not the role)


@dataclass(frozen=True)
class Proc:
    pid: int
    state: str
    ppid: int
    group: int
    session: int
    started: int            # clock ticks after boot


def read_proc(pid: int) -> Proc | None:
    """/proc/PID/stat, or None when the process is gone (or this is not Linux)."""
    try:
        with open(f"{PROC}/{pid}/stat", "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    fields = data[data.rfind(b")") + 2:].split()     # the command name may hold spaces and ')'
    try:
        return Proc(pid, fields[0].decode(), int(fields[1]), int(fields[2]), int(fields[3]), int(fields[19]))
    except (IndexError, ValueError):
        return None


def adopt_orphans() -> bool:
    """Make this process the subreaper of its descendants (Linux), and count its unknown children
    as orphans of the implementations it ran: for the command line only (`check`, `fuzz`), where
    the runner starts every process. True when set."""
    global _subreaper
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    _subreaper = os.getpid()
    return True


def adopting() -> bool:
    """This process is the subreaper (so an orphan of its implementations becomes its child)."""
    return _subreaper == os.getpid()


def _has_token(pid: int, token: bytes) -> bool:
    try:
        with open(f"{PROC}/{pid}/environ", "rb") as handle:
            return token in handle.read().split(b"\0")
    except OSError:                 # gone, or another user's
        return False


def _holds_pipe(pid: int, pipes: frozenset[str]) -> bool:
    try:
        descriptors = os.listdir(f"{PROC}/{pid}/fd")
    except OSError:                 # gone, or another user's
        return False
    for fd in descriptors:
        try:
            if os.readlink(f"{PROC}/{pid}/fd/{fd}") in pipes:
                return True
        except OSError:
            continue
    return False


def pipe_names(fds: list[int]) -> frozenset[str]:
    """How /proc names the pipes behind these descriptors of this process ("pipe:[inode]")."""
    names = set()
    for fd in fds:
        try:
            names.add(f"pipe:[{os.fstat(fd).st_ino}]")
        except OSError:
            pass
    return frozenset(names)


def belonging(leader: int, token: str, leader_started: int | None,
              pipes: frozenset[str] = frozenset()) -> dict[int, Proc]:
    """The processes of the implementation led by `leader` (the leader included while it
    exists), by pid, found as the module docstring says; none where /proc is missing."""
    me = os.getpid()
    try:
        pids = [int(name) for name in os.listdir(PROC) if name.isdigit()]
    except OSError:
        return {}
    marker = f"{RUN_TOKEN}={token}".encode()
    candidates: dict[int, Proc] = {}
    for pid in pids:
        if pid == me:
            continue
        proc = read_proc(pid)
        if proc is None or (leader_started is not None and proc.started < leader_started):
            continue
        candidates[pid] = proc
    found = {pid for pid, proc in candidates.items()
             if pid == leader or proc.session == leader or proc.group == leader
             or (adopting() and proc.ppid == me and pid not in LEADERS and not _worker(pid))
             or _has_token(pid, marker) or (pipes and _holds_pipe(pid, pipes))}
    grown = True
    while grown:                    # the descendants and session members of what was found
        more = {pid for pid, proc in candidates.items() if pid not in found
                and (proc.ppid in found or proc.session in found or proc.group in found)}
        found |= more
        grown = bool(more)
    return {pid: candidates[pid] for pid in sorted(found)}


def _worker(pid: int) -> bool:
    """A process this one started through multiprocessing (a fuzz worker), not an orphan."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:
        return False
    try:
        return any(child.pid == pid for child in multiprocessing.active_children())
    except (OSError, ValueError):
        return False


def gone(pid: int) -> bool:
    proc = read_proc(pid)
    return proc is None or proc.state in ("Z", "X")


@dataclass
class Ending:
    escaped: list[str]      # processes found outside the implementation's group (ended, or in `left`)
    left: list[str]         # processes still there after SIGKILL and KILL_GRACE


def children() -> list[int] | None:
    """This process's children, from /proc/self/task/*/children (None where it cannot be read)."""
    found: list[int] = []
    try:
        for task in os.listdir(f"{PROC}/self/task"):
            with open(f"{PROC}/self/task/{task}/children", "rb") as handle:
                found += [int(pid) for pid in handle.read().split()]
    except (OSError, ValueError):
        return None
    return found


def nothing_left(leader_gone: bool) -> bool:
    """True when, as the subreaper, this process has no child but the implementations it runs
    (and its workers) once the leader is gone: every descendant of a dead leader is then a child
    of this process or a descendant of one, so none of the implementation's processes remains,
    and /proc need not be searched. Always False otherwise (then it is searched)."""
    if not (leader_gone and adopting()):
        return False
    mine = children()
    return mine is not None and all(pid in LEADERS or _worker(pid) for pid in mine)


def end_all(leader: int, token: str, leader_started: int | None, pipes: frozenset[str] = frozenset(),
            leader_gone: bool = False) -> Ending:
    """SIGKILL the implementation's group and every other process found belonging to it; reap
    the ones re-parented to this process; name the ones that left the group, and the ones still
    there after KILL_GRACE. `leader_gone`: the leader has exited and been reaped."""
    try:
        os.killpg(leader, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if nothing_left(leader_gone):
        return Ending([], [])
    found = belonging(leader, token, leader_started, pipes)
    targets = [pid for pid in found if pid != leader]
    escaped = [describe(pid) for pid in targets if found[pid].group != leader]
    for pid in targets:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + KILL_GRACE
    left = targets
    while True:
        _reap(left)
        left = [pid for pid in left if not gone(pid)]
        if not left or time.monotonic() >= deadline:
            break
        time.sleep(0.02)
    return Ending(escaped, [describe(pid) for pid in left])


def _reap(pids: list[int]) -> None:
    """Collect the exit of each adopted orphan (a child of this process now) that has ended."""
    me = os.getpid()
    for pid in pids:
        proc = read_proc(pid)
        if proc is not None and proc.ppid == me and proc.state in ("Z", "X") and pid not in LEADERS:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass


def describe(pid: int) -> str:
    try:
        with open(f"{PROC}/{pid}/cmdline", "rb") as handle:
            command = handle.read().replace(b"\0", b" ").strip().decode("utf-8", errors="replace")
    except OSError:
        command = ""
    if len(command) > SHOWN_COMMAND:
        command = command[:SHOWN_COMMAND] + "..."
    return f"pid {pid} ({command})" if command else f"pid {pid}"
