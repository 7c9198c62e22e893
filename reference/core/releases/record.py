"""Release records: what each version of the suite pins, the ids it retired, CHANGES.md, and the
check that the version moved with the vectors.

`vectors/releases/VERSION.json` is written once, by `horserace release VERSION`, and never
edited: the version, the previous one, the step between them, a summary for people, every vector
file's SHA-256 and flag descriptions, every case's mark, and what changed since the previous
release by cause. `vectors/releases/retired-ids.json` lists every id that is gone, with the
version that retired it and why, so an id is never reused. CHANGES.md is rendered from the
records.

`verify_release_state` is what the test suite asks: the newest record is the current version's,
the vector files are byte for byte the ones it records (any other byte needs a new version), each
version step covers what changed, and no id is both current and retired or gone unrecorded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import HorseRaceError
from ..paths import CHECKOUT_ROOT, VECTORS_DIR
from .compare import Changes, compare, covers, step_between, summary_rows, version_tuple
from .snapshot import RELEASES_FOLDER, CaseMark, Snapshot, VectorFileFacts, git

RETIRED_FILE = "retired-ids.json"
CHANGES_FILE = "CHANGES.md"
MAX_RECORD_BYTES = 16 * 1024 * 1024


class ReleaseError(HorseRaceError):
    """A release that cannot be made as asked (a version step too small, a reason missing)."""


def releases_folder(vectors_dir: Path | None = None) -> Path:
    return (vectors_dir or VECTORS_DIR) / RELEASES_FOLDER


def record_path(folder: Path, version: str) -> Path:
    return folder / f"{version}.json"


def load_record(folder: Path, version: str) -> dict[str, Any] | None:
    path = record_path(folder, version)
    if not version[:1].isdigit() or not path.is_file():
        return None
    if path.stat().st_size > MAX_RECORD_BYTES:
        raise ReleaseError(f"{path}: over {MAX_RECORD_BYTES} bytes, not a release record")
    try:
        record = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=no_duplicate_keys(path))
    except ValueError as exc:
        raise ReleaseError(f"{path}: not a release record ({exc})") from None
    if not isinstance(record, dict) or record.get("version") != version:
        raise ReleaseError(f"{path}: its 'version' is not {version!r}")
    return record


def no_duplicate_keys(path: Path):
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise ValueError(f"{path.name}: the key {key!r} appears twice in one object")
            out[key] = value
        return out
    return hook


def all_records(folder: Path) -> list[dict[str, Any]]:
    """Every release record, oldest first."""
    versions = []
    for path in folder.glob("*.json"):
        try:
            versions.append((version_tuple(path.stem), path.stem))
        except ValueError:
            continue            # retired-ids.json
    return [load_record(folder, v) for _, v in sorted(versions)]  # type: ignore[misc]


def snapshot_of_record(record: dict[str, Any]) -> Snapshot:
    files = {name: VectorFileFacts(facts["sha256"], facts["case_count"], {"flags": facts.get("flags", {})})
             for name, facts in record["files"].items()}
    marks = {case_id: CaseMark.unpacked(text) for case_id, text in record["cases"].items()}
    return Snapshot(record["version"], record["version"], files, marks)


def release_commit(folder: Path, version: str) -> str | None:
    """In a checkout, the commit that added the version's record (its vectors are that version's)."""
    if CHECKOUT_ROOT is None:
        return None
    try:
        relative = record_path(folder, version).resolve().relative_to(CHECKOUT_ROOT)
    except ValueError:
        return None
    found = git("log", "--diff-filter=A", "--format=%H", "--", str(relative))
    commits = found.split() if found else []
    return commits[-1] if commits else None


# -- retired ids -------------------------------------------------------------------------------

def load_retired(folder: Path) -> dict[str, dict[str, str]]:
    path = folder / RETIRED_FILE
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=no_duplicate_keys(path))
    retired = data.get("retired") if isinstance(data, dict) else None
    if not isinstance(retired, dict):
        raise ReleaseError(f"{path}: no object 'retired' (id -> {{retired_in, reason}})")
    return retired


def retired_text(retired: dict[str, dict[str, str]]) -> str:
    body = {"about": "Every vector case id that is no longer in the vectors, with the version that retired it "
                     "and why. An id is never reused: a test fails if a current id is listed here, or if an id "
                     "of a release record vanished without being listed. Written by `horserace release`.",
            "retired": dict(sorted(retired.items()))}
    lines = ["{", f'  "about": {json.dumps(body["about"])},', '  "retired": {']
    items = list(body["retired"].items())
    for index, (case_id, entry) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        lines.append(f"    {json.dumps(case_id)}: {json.dumps(entry, ensure_ascii=False, sort_keys=True)}{comma}")
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def retired_reasons(folder: Path) -> dict[str, str]:
    return {case_id: f"{entry.get('reason', '')} (retired in {entry.get('retired_in', '?')})"
            for case_id, entry in load_retired(folder).items()}


# -- records -----------------------------------------------------------------------------------

def record_of(snapshot: Snapshot, version: str, previous: str | None, step: str | None, summary: str,
              date: str, changes: Changes | None, base: str | None) -> dict[str, Any]:
    return {
        "version": version,
        "previous": previous,
        "date": date,
        "step": step,
        "summary": summary,
        "compared_with": base,
        "changes": ({"counts": changes.counts(), "by_cause": summary_rows(changes)} if changes else None),
        "files": {name: {"sha256": facts.sha256, "case_count": facts.case_count,
                         "flags": facts.header.get("flags") or {}}
                  for name, facts in sorted(snapshot.files.items())},
        "cases": {case_id: mark.packed() for case_id, mark in sorted(snapshot.marks.items())},
    }


def record_text(record: dict[str, Any]) -> str:
    """Deterministic JSON: the small fields pretty, then one line per file and per case."""
    lines = ["{"]
    for key in ("version", "previous", "date", "step", "summary", "compared_with", "changes"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(record[key], ensure_ascii=False, sort_keys=True)},")
    for key in ("files", "cases"):
        items = list(record[key].items())
        lines.append(f'  "{key}": {{')
        for index, (name, value) in enumerate(items):
            comma = "," if index < len(items) - 1 else ""
            lines.append(f"    {json.dumps(name)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}{comma}")
        lines.append("  }," if key == "files" else "  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


# -- the check the test suite makes ------------------------------------------------------------

def verify_release_state(vectors_dir: Path, version: str, changes_file: Path | None = None) -> list[str]:
    """Every way the vectors and the version have come apart; [] when they agree."""
    from .snapshot import from_folder
    folder = releases_folder(vectors_dir)
    records = all_records(folder)
    if not records:
        return [f"no release record in {folder}: run `horserace release {version} --summary ...`"]
    problems: list[str] = []
    newest = records[-1]
    if newest["version"] != version:
        problems.append(f"the suite's version is {version} but the newest release record is "
                        f"{newest['version']}: a version is released with `horserace release VERSION`")
    current = from_folder(vectors_dir, "the current vectors")
    released = snapshot_of_record(newest)
    if {f: x.sha256 for f, x in current.files.items()} != {f: x.sha256 for f, x in released.files.items()}:
        changes = compare(released, current)
        needed = changes.level() or "patch"
        counts = changes.counts()
        examples = ", ".join(c.id for c in changes.cases[:3]) or ", ".join(changes.files_changed[:3])
        problems.append(
            f"the vectors differ from release {newest['version']}'s record: {counts['added']} added, "
            f"{counts['removed']} removed, {counts['input'] + counts['expected']} changed, "
            f"{counts['flags']} with other flags, {counts['metadata']} other metadata, "
            f"{len(changes.files_changed)} file(s) (e.g. {examples}). Any change to a committed vector "
            f"byte needs a new version: this one needs a {needed} step; see `horserace changes "
            f"{newest['version']}` and run `horserace release {suggest(newest['version'], needed)} --summary ...`")
    for before, after in zip(records, records[1:]):
        problems += step_problems(before, after)
    problems += retired_problems(folder, records, current)
    if changes_file is not None and (not changes_file.is_file()
                                     or changes_file.read_text(encoding="utf-8") != changes_markdown(records)):
        problems.append(f"{changes_file.name} is not the rendering of the release records: "
                        "run `horserace release --write-changes`")
    return problems


def step_problems(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    if after.get("previous") != before["version"]:
        return [f"release {after['version']} names {after.get('previous')!r} as its previous release, "
                f"not {before['version']}"]
    step = step_between(before["version"], after["version"])
    needed = compare(snapshot_of_record(before), snapshot_of_record(after)).level()
    if not covers(step, needed):
        return [f"release {after['version']} is a {step or 'non-'} step from {before['version']} but its "
                f"changes need a {needed} step"]
    return []


def retired_problems(folder: Path, records: list[dict[str, Any]], current: Snapshot) -> list[str]:
    retired = load_retired(folder)
    problems = [f"{case_id} is a current case but is listed as retired in {RETIRED_FILE} (ids are never reused)"
                for case_id in sorted(set(retired) & set(current.marks))]
    released = {case_id for record in records for case_id in record["cases"]}
    vanished = sorted(released - set(current.marks) - set(retired))
    if vanished:
        problems.append(f"{len(vanished)} id(s) of a release vanished without being listed in {RETIRED_FILE} "
                        f"(e.g. {', '.join(vanished[:3])}): a removed case is retired by `horserace release`")
    return problems


def suggest(version: str, step: str) -> str:
    major, minor, patch = version_tuple(version)
    if step == "major":
        return f"{major + 1}.0.0"
    if step == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


# -- CHANGES.md --------------------------------------------------------------------------------

def changes_markdown(records: list[dict[str, Any]]) -> str:
    out = ["<!-- Generated by `horserace release` from vectors/releases/; do not edit. -->\n\n",
           "# Changes\n\n",
           "Each release of the suite pins its vectors: the same version always means the same cases, "
           "byte for byte (`vectors/releases/VERSION.json` records them). A changed expectation or a "
           "removed case is a major step from 1.0 on (a minor step before 1.0), added cases a minor "
           "step, the same meaning in other bytes a patch. `horserace changes OLD [NEW]` lists every "
           "case that changed between two versions with the first step whose expectation moved, and "
           "`horserace check --changed-since OLD` runs only those. Ids are never reused: "
           "`vectors/releases/retired-ids.json` lists every retired one.\n"]
    for record in reversed(records):
        step = f", a {record['step']} step from {record['previous']}" if record.get("previous") else ""
        out.append(f"\n## {record['version']} ({record['date']}{step})\n\n{record['summary'].strip()}\n")
        changes = record.get("changes")
        if not changes:
            continue
        counts = changes["counts"]
        base = f" since {record['compared_with']}" if record.get("compared_with") else ""
        out.append(f"\nWhat changed for implementers{base}: {counts['added']} cases added, "
                   f"{counts['removed']} removed, {counts['input'] + counts['expected']} changed "
                   f"(input or expectations), {counts['flags']} with other flags, "
                   f"{counts['metadata']} with other descriptions only.\n\n")
        if changes["by_cause"]:
            out.append("| cause | cases | e.g. |\n|---|---|---|\n")
            for row in changes["by_cause"]:
                kinds = ", ".join(f"{n} {kind}" for kind, n in row["counts"].items())
                examples = ", ".join(f"`{e}`" for e in row["examples"][:3])
                out.append(f"| {row['cause']} | {kinds} | {examples} |\n")
    return "".join(out)


# -- making a release --------------------------------------------------------------------------

def plan_release(vectors_dir: Path, version: str, base_label: str | None = None) -> tuple[dict | None, Changes | None, str | None]:
    """Before anything is written: the previous record, what changed since it (or since
    `base_label` for a first release) and the step the new version makes. Refuses a version that
    is not a step up, or a step smaller than the changes need."""
    from .snapshot import from_folder, resolve
    version_tuple(version)
    folder = releases_folder(vectors_dir)
    records = all_records(folder)
    previous = records[-1] if records else None
    current = from_folder(vectors_dir, "the current vectors")
    base = resolve(base_label, folder) if base_label else (resolve(previous["version"], folder) if previous else None)
    changes = compare(base, current, retired_reasons(folder)) if base is not None else None
    old_version = previous["version"] if previous else (base.version if base is not None else None)
    step = step_between(old_version, version) if old_version else None
    if old_version and step is None:
        raise ReleaseError(f"{version} is not a step up from {old_version}")
    needed = changes.level() if changes else None
    if old_version and not covers(step, needed):
        raise ReleaseError(f"the vectors changed since {old_version} in a way that needs a {needed} step "
                           f"({suggest(old_version, needed or 'patch')}), not a {step} step to {version}")
    return previous, changes, step


def retire(folder: Path, changes: Changes | None, version: str, reason: str | None) -> dict[str, dict[str, str]]:
    retired = load_retired(folder)
    removed = changes.of("removed") if changes else []
    fresh = [c.id for c in removed if c.id not in retired]
    if fresh and not reason:
        raise ReleaseError(f"{len(fresh)} case(s) are removed (e.g. {', '.join(fresh[:3])}): say why with "
                           "--retire-reason TEXT (ids are never reused; the reason is kept with them)")
    for case_id in fresh:
        retired[case_id] = {"retired_in": version, "reason": reason or ""}
    return retired
