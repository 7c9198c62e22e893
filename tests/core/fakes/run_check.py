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
    check.load_cases = lambda games=None: cases
    try:
        return main(["check", *args])
    finally:
        with open(rss_file, "w") as f:
            f.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))


if __name__ == "__main__":
    sys.exit(run())
