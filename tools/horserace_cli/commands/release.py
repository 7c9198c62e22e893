"""Release a version of the suite: the version moves with the vectors.

`horserace release VERSION --summary TEXT`: checks that VERSION is a large enough step from the
last release for what changed in the vectors since (a changed expectation or a removed case is a
major step from 1.0 on, a minor one before; added cases minor; other bytes patch), retires the
removed ids (`--retire-reason` says why), writes the version into reference/core/version.py,
regenerates the vectors (their headers carry it), and writes the release record
`vectors/releases/VERSION.json` and CHANGES.md. A first release compares with `--base OLD` (a
commit, folder or wheel). `--write-changes` only renders CHANGES.md again. Checkout only, but for `--check`: the vectors
are byte for byte the current version's release, each release's step covers its changes, and no
id is both current and retired or gone unrecorded (exit 1 otherwise).
"""

from __future__ import annotations

import argparse
import re
from datetime import date
from pathlib import Path

from reference.core.errors import SuiteLayoutError
from reference.core.paths import CHECKOUT_ROOT, VECTORS_DIR, display_path
from reference.core.releases.record import (CHANGES_FILE, RETIRED_FILE, ReleaseError, all_records, changes_markdown,
                                            plan_release, record_of, record_path, record_text, releases_folder,
                                            retire, retired_text, verify_release_state)
from reference.core.releases.snapshot import from_folder


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("version", metavar="VERSION", nargs="?", help="the new version, MAJOR.MINOR.PATCH")
    parser.add_argument("--summary", help="what the release means for implementers, in a few sentences")
    parser.add_argument("--summary-file", type=Path, metavar="FILE", help="the summary from a file (Markdown)")
    parser.add_argument("--retire-reason", metavar="TEXT", help="why the removed cases were removed")
    parser.add_argument("--base", metavar="OLD", help="for a first release: the commit, folder or wheel it follows")
    parser.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the release date (default: today)")
    parser.add_argument("--write-changes", action="store_true", help="only write CHANGES.md from the records")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: fail if the vectors are not the current version's release")


def read_summary(path: Path) -> str:
    """The --summary-file text, or a ReleaseError naming the file (never a traceback)."""
    try:
        text = path.read_bytes()
    except OSError as error:
        raise ReleaseError(f"--summary-file {path}: cannot read it ({error.strerror or error})") from None
    if len(text) > MAX_SUMMARY_BYTES:
        raise ReleaseError(f"--summary-file {path}: {len(text)} bytes; a summary is a few sentences "
                           f"(at most {MAX_SUMMARY_BYTES} bytes)")
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ReleaseError(f"--summary-file {path}: not UTF-8 text (byte {error.start})") from None


MAX_SUMMARY_BYTES = 64 * 1024


def run(args: argparse.Namespace) -> int:
    if args.check:
        return check()
    if CHECKOUT_ROOT is None:
        raise SuiteLayoutError("a release is made from a checkout (it writes reference/core/version.py)")
    folder = releases_folder()
    if args.write_changes:
        write_changes(folder)
        return 0
    if not args.version:
        raise ReleaseError("give the VERSION to release (or --write-changes)")
    summary = read_summary(args.summary_file) if args.summary_file else args.summary
    if not summary or not summary.strip():
        raise ReleaseError("a release says what it means for implementers: --summary TEXT or --summary-file FILE")
    previous, changes, step = plan_release(VECTORS_DIR, args.version, args.base)
    retired = retire(folder, changes, args.version, args.retire_reason)
    set_version(args.version)
    regenerate()
    record = record_of(from_folder(VECTORS_DIR, args.version), args.version,
                       previous["version"] if previous else None, step, summary,
                       args.date or date.today().isoformat(), changes,
                       None if previous else args.base)
    folder.mkdir(parents=True, exist_ok=True)
    record_path(folder, args.version).write_text(record_text(record), encoding="utf-8")
    (folder / RETIRED_FILE).write_text(retired_text(retired), encoding="utf-8")
    write_changes(folder)
    print(f"released {args.version}" + (f" (a {step} step)" if step else "") +
          f": wrote {display_path(record_path(folder, args.version))}, {RETIRED_FILE}, {CHANGES_FILE}")
    return 0


def check() -> int:
    from reference.core.version import SUITE_VERSION
    changes_file = CHECKOUT_ROOT / CHANGES_FILE if CHECKOUT_ROOT is not None else None
    problems = verify_release_state(VECTORS_DIR, SUITE_VERSION, changes_file)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"the vectors are release {SUITE_VERSION}'s, byte for byte")
    return 1 if problems else 0


VERSION_LINE = re.compile(r'^SUITE_VERSION = "[^"]*"$', re.M)


def set_version(version: str) -> None:
    path = CHECKOUT_ROOT / "reference" / "core" / "version.py"
    text = path.read_text(encoding="utf-8")
    if not VERSION_LINE.search(text):
        raise ReleaseError(f"{path}: no line SUITE_VERSION = \"...\" to set")
    path.write_text(VERSION_LINE.sub(f'SUITE_VERSION = "{version}"', text), encoding="utf-8")
    from reference.core import version as module
    module.SUITE_VERSION = version


def regenerate() -> None:
    from reference.core.implementers_doc import write_document
    from reference.core.vectors import write_vectors
    write_vectors(None)
    write_document()


def write_changes(folder: Path) -> None:
    (CHECKOUT_ROOT / CHANGES_FILE).write_text(changes_markdown(all_records(folder)), encoding="utf-8")
