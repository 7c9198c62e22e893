"""Versions an implementer can pin: the version moves with the vectors, `horserace changes` says
what moved and why, `check --changed-since` runs exactly that, and ids are never reused."""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core import schemas
from reference.core.paths import CHECKOUT_ROOT, VECTORS_DIR
from reference.core.releases import compare, verify_release_state
from reference.core.releases.compare import as_json, step_between
from reference.core.releases.record import (RETIRED_FILE, ReleaseError, all_records, load_retired, plan_release,
                                            record_of, record_path, record_text, releases_folder, retire,
                                            retired_text, snapshot_of_record)
from reference.core.releases.snapshot import from_folder
from reference.core.version import SUITE_VERSION

SCRATCH_FILES = ("dominoes/settlement.json", "cards/session.json")
CHANGED_FROM, CHANGED_TO = '"bonus":[3,0]', '"bonus":[4,0]'


def test_the_committed_vectors_are_the_current_version_s_release():
    """Any committed vector byte that differs from the current version's release record fails
    here, with the step the change needs and the command that makes the release."""
    problems = verify_release_state(VECTORS_DIR, SUITE_VERSION, CHECKOUT_ROOT / "CHANGES.md" if CHECKOUT_ROOT else None)
    assert problems == [], "\n".join(problems)


def test_every_release_record_and_the_retired_ids_are_valid_against_their_schemas():
    folder = releases_folder()
    records = all_records(folder)
    assert records, "the suite has no release record"
    for record in records:
        errors = [e.message for e in schemas.validator("release.schema.json").iter_errors(record)]
        assert errors == [], (record["version"], errors[:3])
    retired = json.loads((folder / RETIRED_FILE).read_text(encoding="utf-8"))
    assert schemas.validator("retired-ids.schema.json").is_valid(retired)


def scratch_vectors(root: Path) -> Path:
    """A small vectors folder (two files of the real vectors) released as 0.2.0."""
    folder = root / "vectors"
    for name in SCRATCH_FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(VECTORS_DIR / name, folder / name)
    release(folder, "0.2.0", None, None)
    return folder


def release(folder: Path, version: str, previous: str | None, step: str | None, retire_reason: str | None = None):
    """What `horserace release` writes, for a scratch folder (without touching version.py)."""
    records = releases_folder(folder)
    records.mkdir(exist_ok=True)
    if previous is None:
        changes = None
        retired = {}
    else:
        _, changes, step = plan_release(folder, version)
        retired = retire(records, changes, version, retire_reason)
    record = record_of(from_folder(folder, version), version, previous, step, "scratch release", "2026-12-06",
                       changes, None)
    record_path(records, version).write_text(record_text(record), encoding="utf-8")
    (records / RETIRED_FILE).write_text(retired_text(retired), encoding="utf-8")
    return record


def change_one_expectation(path: Path) -> tuple[str, int]:
    """Change the first `bonus` [3, 0] of a settlement file to [4, 0]; the case and its step."""
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if CHANGED_FROM in line)
    case = json.loads(lines[number].rstrip(","))
    step = next(i for i, want in enumerate(case["expected"])
                if CHANGED_FROM in json.dumps(want, separators=(",", ":")))
    lines[number] = lines[number].replace(CHANGED_FROM, CHANGED_TO, 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    return case["id"], step


def test_a_changed_expectation_fails_until_the_version_moves_and_changes_names_it(tmp_path):
    folder = scratch_vectors(tmp_path)
    assert verify_release_state(folder, "0.2.0") == []
    old = tmp_path / "old"
    shutil.copytree(folder, old)
    changed_id, step = change_one_expectation(folder / "dominoes" / "settlement.json")

    # (a) the version check fails, naming the step the change needs, until the version moves
    problems = verify_release_state(folder, "0.2.0")
    assert len(problems) == 1 and "needs a minor step" in problems[0] and "horserace release 0.3.0" in problems[0]
    with pytest.raises(ReleaseError, match="needs a minor step"):
        plan_release(folder, "0.2.1")
    release(folder, "0.3.0", "0.2.0", None)
    assert verify_release_state(folder, "0.3.0") == []
    assert verify_release_state(folder, "0.2.0") != []       # the code must say 0.3.0 too

    # (b) `horserace changes` names the case, its cause and the step that moved, old vs new
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["changes", str(old), str(folder), "--json", "-"]) == 0
    report = json.loads(out.getvalue())
    assert schemas.validator("changes.schema.json").is_valid(report)
    moved = [c for group in report["groups"] for c in group["cases"]]
    assert [(c["id"], c["change"], c["step"]) for c in moved] == [(changed_id, "expected", step)]
    assert report["level"] == "minor" and report["counts"]["expected"] == 1
    case = json.loads(next(line for line in (folder / "dominoes" / "settlement.json").read_text().split("\n")
                           if f'"id":"{changed_id}"' in line).rstrip(","))
    assert moved[0]["cause"] == "the reference's reading of " + ", ".join(sorted(case["step_clauses"][step]))
    assert any("[3, 0]" in d["old"] and "[4, 0]" in d["new"] for d in moved[0]["differences"])
    text = io.StringIO()
    with redirect_stdout(text):
        main(["changes", str(old), str(folder)])
    assert changed_id in text.getvalue() and f"step {step}" in text.getvalue()


def test_check_changed_since_runs_exactly_the_changed_case(tmp_path):
    """An implementer upgrading from OLD runs only what the upgrade asks: here OLD is the current
    vectors with one expectation changed, so exactly that case differs."""
    old = tmp_path / "old"
    for name in SCRATCH_FILES:
        (old / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(VECTORS_DIR / name, old / name)
    changed_id, _ = change_one_expectation(old / "dominoes" / "settlement.json")
    report_file = tmp_path / "report.json"
    with redirect_stdout(io.StringIO()):
        code = main(["check", "--game", "dominoes", "--kind", "settlement", "--changed-since", str(old),
                     "--json", str(report_file)])
    report = json.loads(report_file.read_text())
    assert code == 0
    assert [r["id"] for r in report["cases"]] == [changed_id]
    assert report["selection"]["filters"]["changed_since"] == [str(old)]


def test_a_removed_case_is_retired_with_its_reason_and_never_reused(tmp_path):
    folder = scratch_vectors(tmp_path)
    path = folder / "cards" / "session.json"
    lines = path.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith('    {"id":'))
    gone = json.loads(lines[index].rstrip(","))["id"]
    del lines[index]
    path.write_text("\n".join(lines))
    problems = verify_release_state(folder, "0.2.0")
    assert any("1 removed" in p for p in problems)
    with pytest.raises(ReleaseError, match="--retire-reason"):
        release(folder, "0.3.0", "0.2.0", None)
    release(folder, "0.3.0", "0.2.0", None, retire_reason="merged into another case")
    records = releases_folder(folder)
    assert load_retired(records)[gone] == {"retired_in": "0.3.0", "reason": "merged into another case"}
    assert verify_release_state(folder, "0.3.0") == []
    path.write_text("\n".join(lines[:index] + [json.dumps({"id": gone})[:-1] + ',"kind":"session"},'] + lines[index:]))
    assert any(f"{gone} is a current case but is listed as retired" in p
               for p in verify_release_state(folder, "0.3.0"))


def test_an_id_that_vanishes_without_being_retired_is_reported(tmp_path):
    folder = scratch_vectors(tmp_path)
    records = releases_folder(folder)
    record = json.loads(record_path(records, "0.2.0").read_text())
    record["cases"]["crd-never-listed"] = "cards/session " + " ".join(["0" * 16] * 4)
    record_path(records, "0.2.0").write_text(record_text(record))
    assert any("vanished without being listed" in p and "crd-never-listed" in p
               for p in verify_release_state(folder, "0.2.0"))


def test_a_release_whose_step_is_too_small_for_its_changes_is_reported(tmp_path):
    folder = scratch_vectors(tmp_path)
    change_one_expectation(folder / "dominoes" / "settlement.json")
    records = releases_folder(folder)
    record = record_of(from_folder(folder, "0.2.1"), "0.2.1", "0.2.0", "patch", "too small", "2026-12-06", None, None)
    record_path(records, "0.2.1").write_text(record_text(record))
    problems = verify_release_state(folder, "0.2.1")
    assert any("is a patch step from 0.2.0 but its changes need a minor step" in p for p in problems)


@pytest.mark.parametrize("old, new, step", [("0.2.0", "0.2.1", "patch"), ("0.2.0", "0.3.0", "minor"),
                                            ("0.9.3", "1.0.0", "major"), ("1.2.3", "1.2.3", None),
                                            ("1.2.3", "1.1.9", None)])
def test_the_step_between_two_versions(old, new, step):
    assert step_between(old, new) == step


def test_a_breaking_change_needs_a_major_step_from_1_0_on(tmp_path):
    folder = scratch_vectors(tmp_path)
    before = snapshot_of_record(json.loads(record_path(releases_folder(folder), "0.2.0").read_text()))
    change_one_expectation(folder / "dominoes" / "settlement.json")
    after = from_folder(folder)
    assert compare(before, after).level() == "minor"
    before.version = "1.4.0"
    assert compare(before, after).level() == "major"


def test_changes_tells_an_unknown_version_from_a_typo():
    err = io.StringIO()
    from contextlib import redirect_stderr
    with redirect_stderr(err):
        assert main(["changes", "9.9.9"]) == 2
    assert "not a vectors folder, a wheel (.whl), a released version" in err.getvalue()


def test_as_json_of_no_change_is_valid_and_says_so():
    snap = from_folder(VECTORS_DIR)
    report = as_json(compare(snap, snap))
    assert report["level"] is None and report["groups"] == []
    assert schemas.validator("changes.schema.json").is_valid(report)


def test_the_readme_shows_the_current_version():
    """The wheel names, the hello messages and `--version` the README shows carry the version a release set."""
    import re
    if CHECKOUT_ROOT is None:
        pytest.skip("the README is in a checkout")
    readme = (CHECKOUT_ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r'horserace_conformance-([0-9.]+)-py3|"suite_version":"([0-9.]+)"|horserace ([0-9.]+) \(protocol',
                           readme))
    versions = {v for pair in shown for v in pair if v}
    assert versions == {SUITE_VERSION}


def test_a_summary_file_that_cannot_be_read_is_a_clear_error(tmp_path, capsys):
    """`release --summary-file` names the file it cannot read (it ended in a raw traceback)."""
    from horserace_cli.main import main
    missing = tmp_path / "no-such-summary.md"
    assert main(["release", "9.9.9", "--summary-file", str(missing)]) != 0
    err = capsys.readouterr().err
    assert f"--summary-file {missing}: cannot read it" in err and "Traceback" not in err
    binary = tmp_path / "summary.bin"
    binary.write_bytes(b"\xff\xfe not text")
    assert main(["release", "9.9.9", "--summary-file", str(binary)]) != 0
    assert "not UTF-8 text" in capsys.readouterr().err
