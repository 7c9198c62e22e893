"""What changed in the vectors between two versions, commits, folders or wheels.

`horserace changes OLD [NEW]`: OLD and NEW are each a released version (`0.2.0`), a commit of
this checkout, a vectors folder, or a wheel file of the suite; NEW defaults to the vectors this
installation reads. Lists the cases added, removed and changed, grouped by the cause the suite
can tell (an interpretation whose reading changed, an edited scenario, a generator change, the
reference's reading of a clause, new probes); each changed case with the first step whose
expectation moved, old vs new, as `check` shows a difference; and the version step the change
needs. `--json FILE` (or `-`) writes the same as JSON (schema/changes.schema.json). Exit status:
0 listed (whatever changed), 2 OLD or NEW cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path



def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", metavar="OLD", help="a released version, a commit, a vectors folder or a wheel")
    parser.add_argument("new", metavar="NEW", nargs="?", help="the same (default: the vectors installed here)")
    parser.add_argument("--json", metavar="FILE", help="write the changes as JSON to FILE ('-': standard output)")
    parser.add_argument("--show", type=int, default=5, metavar="N", help="show at most N cases per cause (default 5)")


def run(args: argparse.Namespace) -> int:
    # imported here: the releases load every game, which building the parser for another command needs not
    from reference.core.releases import compare, resolve
    from reference.core.releases.compare import as_json, text
    from reference.core.releases.record import releases_folder, retired_reasons
    from reference.core.releases.snapshot import current
    old = resolve(args.old)
    new = resolve(args.new) if args.new else current()
    changes = compare(old, new, retired_reasons(releases_folder()))
    if args.json == "-":
        json.dump(as_json(changes), sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    if args.json:
        Path(args.json).write_text(json.dumps(as_json(changes), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(text(changes, max(0, args.show)))
    return 0
