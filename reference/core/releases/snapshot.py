"""The vectors of one version, read from wherever they are: a folder, a wheel, a commit of this
checkout, or a release record.

A snapshot holds, per vector file, its header and SHA-256, and per case a *mark*: digests of the
case's input (with its kind and options), of its expectations, of its flags and of everything else
it carries (description, clauses, sources, ...). Marks are what a release record keeps, so two
versions can be compared without their files; where the files are at hand the snapshot also
gives the cases themselves, for showing what moved.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..errors import HorseRaceError
from ..paths import CHECKOUT_ROOT, VECTORS_DIR

RELEASES_FOLDER = "releases"            # vectors/releases/: one record per version, retired ids
NOT_VECTOR_FOLDERS = {RELEASES_FOLDER, "scenarios"}
WHEEL_VECTORS = "reference/suite_data/vectors/"
CASES_OPEN = '  "cases": ['
DIGEST_LENGTH = 16                       # hex digits kept of each SHA-256: 64 bits per part
MAX_FILE_BYTES = 64 * 1024 * 1024        # as the vector loader's bound


class SnapshotError(HorseRaceError):
    """A version, commit, folder or wheel whose vectors cannot be read."""


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


@dataclass(frozen=True)
class CaseMark:
    """What a release pins of one case."""

    file: str           # "dominoes/layout"
    input: str          # digest of kind, options and input: what the engine is asked to play
    expected: str       # digest of the expectations: what it must observe
    flags: str          # digest of the flags: which readings the case depends on
    meta: str           # digest of the rest (description, clauses, step clauses, sources, ...)

    def packed(self) -> str:
        return " ".join((self.file, self.input, self.expected, self.flags, self.meta))

    @classmethod
    def unpacked(cls, text: str) -> "CaseMark":
        parts = text.split(" ")
        if len(parts) != 5:
            raise ValueError(f"a case mark has five parts, not {len(parts)}: {text!r}")
        return cls(*parts)


CASE_PARTS = {"input": ("kind", "options", "input"), "expected": ("expected",), "flags": ("flags",)}


def mark_of(file: str, case: dict[str, Any]) -> CaseMark:
    named = {part for parts in CASE_PARTS.values() for part in parts} | {"id"}
    return CaseMark(file,
                    digest({k: case.get(k) for k in CASE_PARTS["input"]}),
                    digest(case.get("expected")),
                    digest(sorted(case.get("flags") or [])),
                    digest({k: v for k, v in case.items() if k not in named}))


@dataclass
class VectorFileFacts:
    sha256: str
    case_count: int
    header: dict[str, Any]          # without the cases (a record keeps only the flags' descriptions)


@dataclass
class Snapshot:
    label: str                                  # as the user named it: "0.2.0", "18bd753", a path
    version: str | None                         # the suite_version its files carry
    files: dict[str, VectorFileFacts]           # "dominoes/layout" -> facts
    marks: dict[str, CaseMark]                  # case id -> mark
    texts: dict[str, str] | None = None         # "dominoes/layout" -> the file's text, when at hand
    _lines: dict[str, tuple[str, int]] = field(default_factory=dict, repr=False)

    @property
    def has_cases(self) -> bool:
        return self.texts is not None

    def case(self, case_id: str) -> dict[str, Any] | None:
        """The case itself, when the files are at hand (parsed again on each call)."""
        if self.texts is None or case_id not in self._lines:
            return None
        file, number = self._lines[case_id]
        line = self.texts[file].split("\n")[number].strip().rstrip(",")
        return json.loads(line)

    def flag_descriptions(self, file: str) -> dict[str, str]:
        facts = self.files.get(file)
        flags = facts.header.get("flags") if facts else None
        return flags if isinstance(flags, dict) else {}


def snapshot_of_texts(label: str, texts: dict[str, str]) -> Snapshot:
    """A snapshot from the vector files' texts ("game/kind" -> text), in the generated layout
    (a header, then one case per line)."""
    files: dict[str, VectorFileFacts] = {}
    marks: dict[str, CaseMark] = {}
    lines_of: dict[str, tuple[str, int]] = {}
    versions = set()
    for file, text in sorted(texts.items()):
        header, rows = split_file(label, file, text)
        count = 0
        for number, case in rows:
            if not isinstance(case, dict) or not isinstance(case.get("id"), str):
                raise SnapshotError(f"{label}: {file}.json line {number + 1}: a case without an id")
            marks[case["id"]] = mark_of(file, case)
            lines_of[case["id"]] = (file, number)
            count += 1
        files[file] = VectorFileFacts(hashlib.sha256(text.encode("utf-8")).hexdigest(), count, header)
        versions.add(header.get("suite_version"))
    version = versions.pop() if len(versions) == 1 else None
    snap = Snapshot(label, version if isinstance(version, str) else None, files, marks, texts)
    snap._lines = lines_of
    return snap


def split_file(label: str, file: str, text: str) -> tuple[dict[str, Any], Iterator[tuple[int, Any]]]:
    """The header and the (line index, case) rows of a vector file in the generated layout;
    older layouts (the whole file as one JSON document) are read whole."""
    lines = text.split("\n")
    try:
        opening = lines.index(CASES_OPEN)
    except ValueError:
        return whole_file(label, file, text)
    try:
        header = json.loads("\n".join(lines[:opening]).rstrip().rstrip(",") + "\n}")
    except ValueError as exc:
        raise SnapshotError(f"{label}: {file}.json: the header is not JSON ({exc})") from None

    def rows() -> Iterator[tuple[int, Any]]:
        for number in range(opening + 1, len(lines)):
            line = lines[number].strip()
            if line.startswith("{"):
                try:
                    yield number, json.loads(line.rstrip(","))
                except ValueError as exc:
                    raise SnapshotError(f"{label}: {file}.json line {number + 1}: not JSON ({exc})") from None
    return header, rows()


def whole_file(label: str, file: str, text: str) -> tuple[dict[str, Any], Iterator[tuple[int, Any]]]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SnapshotError(f"{label}: {file}.json is not JSON ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise SnapshotError(f"{label}: {file}.json is not a vector file (no list of cases)")
    header = {k: v for k, v in data.items() if k != "cases"}
    return header, iter(enumerate(data["cases"]))


# -- where the vectors come from ----------------------------------------------------------------

def from_folder(path: Path, label: str | None = None) -> Snapshot:
    """A vectors folder: `GAME/KIND.json` files (a checkout's `vectors/`, or a copy)."""
    texts = {}
    for file in sorted(path.glob("*/*.json")):
        if file.parent.name in NOT_VECTOR_FOLDERS:
            continue
        if file.stat().st_size > MAX_FILE_BYTES:
            raise SnapshotError(f"{file}: over {MAX_FILE_BYTES} bytes, not a vector file of this suite")
        texts[f"{file.parent.name}/{file.stem}"] = file.read_text(encoding="utf-8")
    if not texts:
        raise SnapshotError(f"{path}: no vector files (GAME/KIND.json) in this folder")
    return snapshot_of_texts(label or str(path), texts)


def from_wheel(path: Path) -> Snapshot:
    """The vectors an installed wheel of the suite carries."""
    texts = {}
    try:
        with zipfile.ZipFile(path) as wheel:
            for name in wheel.namelist():
                rest = name[len(WHEEL_VECTORS):] if name.startswith(WHEEL_VECTORS) else ""
                parts = rest.split("/")
                if len(parts) == 2 and parts[1].endswith(".json") and parts[0] not in NOT_VECTOR_FOLDERS:
                    if wheel.getinfo(name).file_size > MAX_FILE_BYTES:
                        raise SnapshotError(f"{path}: {name} is over {MAX_FILE_BYTES} bytes")
                    texts[f"{parts[0]}/{parts[1][:-5]}"] = wheel.read(name).decode("utf-8")
    except (zipfile.BadZipFile, OSError) as exc:
        raise SnapshotError(f"{path}: not a readable wheel ({exc})") from None
    if not texts:
        raise SnapshotError(f"{path}: this wheel carries no vectors under {WHEEL_VECTORS}")
    return snapshot_of_texts(path.name, texts)


def git(*args: str) -> str | None:
    """Run git in the checkout; None when there is no checkout, no git or the command fails."""
    if CHECKOUT_ROOT is None:
        return None
    try:
        done = subprocess.run(["git", "-C", str(CHECKOUT_ROOT), *args], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.decode("utf-8") if done.returncode == 0 else None


def commit_of(label: str) -> str | None:
    if not re.fullmatch(r"[\w./@^~{}-]+", label) or label.startswith("-"):
        return None
    found = git("rev-parse", "--verify", "--quiet", f"{label}^{{commit}}")
    return found.strip() if found else None


def from_commit(commit: str, label: str) -> Snapshot:
    listing = git("ls-tree", "-r", "--name-only", commit, "--", "vectors")
    if listing is None:
        raise SnapshotError(f"{label}: git cannot list the vectors of commit {commit[:12]}")
    texts = {}
    for name in listing.split("\n"):
        parts = name.split("/")
        if len(parts) == 3 and parts[2].endswith(".json") and parts[1] not in NOT_VECTOR_FOLDERS:
            text = git("show", f"{commit}:{name}")
            if text is None:
                raise SnapshotError(f"{label}: git cannot read {name} at {commit[:12]}")
            texts[f"{parts[1]}/{parts[2][:-5]}"] = text
    if not texts:
        raise SnapshotError(f"{label}: commit {commit[:12]} has no vector files")
    return snapshot_of_texts(label, texts)


def resolve(label: str, releases_dir: Path | None = None) -> Snapshot:
    """OLD or NEW as `horserace changes` takes it: a path to a vectors folder or a wheel, a
    released version (its record; in a checkout, the commit that released it, for the cases
    themselves), or a commit of this checkout."""
    from .record import load_record, release_commit, releases_folder, snapshot_of_record
    path = Path(label)
    if path.is_dir():
        return from_folder(path)
    if path.is_file() and path.suffix == ".whl":
        return from_wheel(path)
    folder = releases_dir or releases_folder()
    record = load_record(folder, label)
    if record is not None:
        commit = release_commit(folder, label)
        if commit is not None:
            snap = from_commit(commit, label)
            if all(snap.files.get(f) and snap.files[f].sha256 == facts["sha256"]
                   for f, facts in record["files"].items()):
                return snap
        return snapshot_of_record(record)
    commit = commit_of(label)
    if commit is not None:
        return from_commit(commit, label)
    known = ", ".join(r.stem for r in sorted(folder.glob("*.json")) if r.stem[:1].isdigit()) or "none"
    raise SnapshotError(f"{label!r} is not a vectors folder, a wheel (.whl), a released version "
                        f"(released: {known}) or a commit of this checkout")


def current() -> Snapshot:
    """The vectors this installation reads."""
    return from_folder(VECTORS_DIR, "the current vectors")
