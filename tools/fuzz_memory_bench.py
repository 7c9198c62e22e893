"""Fuzz campaigns of growing length: wall time, peak memory, report size (issue 35).

    python tools/fuzz_memory_bench.py                          # 2,000 and 32,000 cases
    python tools/fuzz_memory_bench.py --cases 1000,4000,16000  # the issue's table
    python tools/fuzz_memory_bench.py --game cards -- --kind race -j 2

Each length is one `horserace fuzz --json` run against the reference adapter (default options,
shrinking on), in its own process; its peak memory is the largest resident size of that process
and of the implementation it started (what `/usr/bin/time -v` calls "Maximum resident set
size"), read from os.wait4. Prints one row per length and the peak of the longest run against
the shortest's. The small form of this check is tests/core/test_fuzz_memory.py.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_once(cases: int, game: str, extra: list[str], folder: Path) -> tuple[float, int, int]:
    """(wall seconds, peak resident KiB, --json bytes) of one campaign."""
    report = folder / f"fuzz-{cases}.json"
    command = [sys.executable, "-m", "horserace_cli.main", "fuzz", "--game", game, "--budget-cases", str(cases),
               "--json", str(report), "--out", str(folder / "out"), *extra]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "HORSERACE_PROGRESS": "0"})
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        raise SystemExit(f"horserace fuzz exited with {process.returncode}: {' '.join(command)}")
    return wall, usage.ru_maxrss, report.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default="2000,32000", help="campaign lengths, comma-separated")
    parser.add_argument("--game", default="dominoes")
    parser.add_argument("extra", nargs="*", help="more `horserace fuzz` options (after --)")
    args = parser.parse_args(argv)
    lengths = [int(n) for n in args.cases.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for cases in lengths:
            rows.append((cases, *run_once(cases, args.game, args.extra, Path(folder))))
    print(f"{'cases':>8} {'wall s':>8} {'peak MB':>8} {'--json KB':>10}")
    for cases, wall, peak, size in rows:
        print(f"{cases:>8,} {wall:>8.1f} {peak / 1024:>8.1f} {size / 1024:>10.1f}")
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        print(f"peak of {last[0]:,} cases against {first[0]:,}: {last[2] / first[2]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
