"""Parts of the release comparison (reference/core/releases/) that test_versions.py's scratch
releases do not reach: a case whose flags alone changed, and where a broken case line is."""

from __future__ import annotations

import json

import pytest

from reference.core.releases.compare import compare
from reference.core.releases.snapshot import SnapshotError, snapshot_of_texts, split_file

READING = "Depends on DOM-INT-7 (how a blocked round is counted)"


def vector_text(*cases: dict, flags: dict | None = None) -> str:
    """A vector file in the generated layout: header lines, the cases' opening, one case a line."""
    header = {"suite_version": "0.2.0", "game": "dominoes", "kind": "settlement", "flags": flags or {}}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in header.items()] + ['  "cases": [']
    lines += [f"    {json.dumps(c)}," for c in cases[:-1]] + [f"    {json.dumps(cases[-1])}", "  ]", "}"]
    return "\n".join(lines) + "\n"


def case(**changes) -> dict:
    out = {"id": "dom-settlement-one", "input": {"steps": []}, "expected": [{"scores": [3, 0]}], "flags": []}
    out.update(changes)
    return out


def test_a_case_whose_flags_alone_changed_is_a_flags_change_caused_by_its_interpretation():
    flags = {"blocked-count": READING}
    old = snapshot_of_texts("old", {"dominoes/settlement": vector_text(case(), flags=flags)})
    new = snapshot_of_texts("new", {"dominoes/settlement": vector_text(case(flags=["blocked-count"]), flags=flags)})
    (change,) = compare(old, new).cases
    assert change.change == "flags"
    assert change.cause == "interpretation DOM-INT-7: which cases depend on it"


def test_a_case_line_that_is_not_json_is_named_by_its_line_number_in_the_file():
    text = vector_text(case(), case(id="dom-settlement-two"))
    lines = text.split("\n")
    broken = next(i for i, line in enumerate(lines) if "dom-settlement-two" in line)
    lines[broken] = lines[broken].replace("{", "{oops", 1)
    _, rows = split_file("0.2.0", "dominoes/settlement", "\n".join(lines))
    with pytest.raises(SnapshotError, match=rf"dominoes/settlement\.json line {broken + 1}: not JSON"):
        list(rows)


def test_a_release_naming_another_previous_release_is_reported():
    from reference.core.releases.record import step_problems
    problems = step_problems({"version": "0.2.0"}, {"version": "0.3.0", "previous": "0.1.0"})
    assert problems == ["release 0.3.0 names '0.1.0' as its previous release, not 0.2.0"]


def test_a_release_record_may_be_exactly_its_size_bound_and_not_a_byte_more(tmp_path):
    from reference.core.releases.record import MAX_RECORD_BYTES, ReleaseError, load_record, record_path
    path = record_path(tmp_path, "0.3.0")
    path.parent.mkdir(parents=True, exist_ok=True)
    opening = '{"version": "0.3.0", "pad": "'
    path.write_text(opening + "x" * (MAX_RECORD_BYTES - len(opening) - 2) + '"}', encoding="utf-8")
    assert path.stat().st_size == MAX_RECORD_BYTES
    assert load_record(tmp_path, "0.3.0")["version"] == "0.3.0"
    with path.open("a", encoding="utf-8") as handle:
        handle.write(" ")
    with pytest.raises(ReleaseError, match="over"):
        load_record(tmp_path, "0.3.0")


def test_a_commit_without_vectors_is_named_by_git_s_twelve_digit_abbreviation(monkeypatch):
    from reference.core.releases import snapshot
    commit = "0123456789abcdef0123456789abcdef01234567"
    monkeypatch.setattr(snapshot, "git", lambda *args: "")        # a tree with no vectors/ in it
    with pytest.raises(SnapshotError, match=r"^v0: commit 0123456789ab has no vector files$"):
        snapshot.from_commit(commit, "v0")


def test_a_released_version_is_read_at_its_commit_only_while_the_commit_holds_the_recorded_files(monkeypatch, tmp_path):
    """`horserace changes 0.2.0`: the commit that released it gives the cases themselves, but only
    when every file there is the one the record pins (same sha256); otherwise the record alone."""
    from reference.core.releases import record as record_module
    from reference.core.releases import snapshot
    at_commit = snapshot_of_texts("0.2.0", {"dominoes/settlement": vector_text(case())})
    pinned = at_commit.files["dominoes/settlement"].sha256
    record = {"version": "0.2.0", "files": {"dominoes/settlement": {"sha256": pinned, "case_count": 1}}, "cases": {}}
    monkeypatch.setattr(record_module, "load_record", lambda folder, label: record if label == "0.2.0" else None)
    monkeypatch.setattr(record_module, "release_commit", lambda folder, label: "c0ffee")
    monkeypatch.setattr(snapshot, "from_commit", lambda commit, label: at_commit)
    assert snapshot.resolve("0.2.0", tmp_path) is at_commit
    record["files"]["dominoes/settlement"]["sha256"] = "0" * len(pinned)         # the commit's file is not the released one
    from_record = snapshot.resolve("0.2.0", tmp_path)
    assert from_record is not at_commit and from_record.texts is None
    assert from_record.files["dominoes/settlement"].sha256 == "0" * len(pinned)


@pytest.mark.parametrize("direction", ["removed", "added"])
def test_a_step_removed_or_added_is_named_by_its_action_whichever_side_holds_it(direction):
    """The first moved step names its action from the new case, or from the old one when the
    new case has no such step (a step removed), so the change always says which step it was."""
    long = case(input={"steps": [{"action": "play 5|5"}, {"action": "draw"}]},
                expected=[{"scores": [0, 0]}, {"scores": [3, 0]}])
    short = case(input={"steps": [{"action": "play 5|5"}]}, expected=[{"scores": [0, 0]}])
    was, now = (long, short) if direction == "removed" else (short, long)
    old = snapshot_of_texts("old", {"dominoes/settlement": vector_text(was)})
    new = snapshot_of_texts("new", {"dominoes/settlement": vector_text(now)})
    (change,) = compare(old, new).cases
    assert (change.step, change.action) == (1, "draw")


def test_a_first_release_from_a_base_must_step_up_from_the_bases_version(tmp_path):
    """No release recorded yet, `--base` names what came before: the new version must be a step
    up from the base's suite_version, and large enough for what changed since."""
    from reference.core.releases.record import ReleaseError, plan_release
    base, current = tmp_path / "base", tmp_path / "current"
    for folder, cases in ((base, [case()]), (current, [case(), case(id="dom-settlement-two")])):
        (folder / "dominoes").mkdir(parents=True)
        (folder / "dominoes" / "settlement.json").write_text(vector_text(*cases), encoding="utf-8")
    with pytest.raises(ReleaseError, match=r"^0\.1\.0 is not a step up from 0\.2\.0$"):
        plan_release(current, "0.1.0", str(base))
    previous, changes, step = plan_release(current, "0.3.0", str(base))      # a case added: a minor step
    assert previous is None and step == "minor" and [c.id for c in changes.of("added")] == ["dom-settlement-two"]
