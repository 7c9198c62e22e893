"""Run `horserace check` in this process on the cases of a JSON file, then record peak memory.

    python run_check.py CASES.json RSS_FILE CHECK-ARGS...

Loading the cases from a small file keeps the hostile tests fast; the peak resident set size
of this (the runner's) process, in KiB from getrusage, is written to RSS_FILE.
"""

import json
import resource
import sys

from horserace_cli.commands import check
from horserace_cli.main import main


def run() -> int:
    cases_file, rss_file, *args = sys.argv[1:]
    with open(cases_file, encoding="utf-8") as f:
        cases = json.load(f)
    check.load_selected = lambda chosen, *_: [c for c in cases if chosen.keep(c)]
    try:
        return main(["check", *args])
    finally:
        with open(rss_file, "w") as f:
            f.write(str(peak_rss_kib()))


def peak_rss_kib() -> int:
    """This process's own peak resident set size. On Linux getrusage's ru_maxrss keeps the high-water
    mark of the image before exec, that is of the forked test process that started this one (which
    holds the whole suite's fixtures); /proc/self/status's VmHWM is of this program's memory alone."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


if __name__ == "__main__":
    sys.exit(run())
