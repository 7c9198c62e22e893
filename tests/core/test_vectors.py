"""The committed vectors: valid, complete, byte-identical to a fresh generation."""

import re
import shutil

import pytest

from reference.core import vectors
from reference.core.game import get_game
from reference.core.vectors import check_vectors, load_cases, load_vector_file, vector_files


def test_committed_vectors_are_identical_to_a_fresh_generation(built_once):
    problems = check_vectors()
    assert problems == [], "\n".join(problems)


def test_generation_is_deterministic(fresh_vector_builds):
    """Two independent generations of the game with the most generated cases: one made here,
    and the run's shared one (made by this test process, its caches then warm, or by another,
    with another hash seed)."""
    game = get_game("dominoes")
    assert fresh_vector_builds.uncached(game) == fresh_vector_builds(game)


def test_check_catches_a_single_changed_byte(tmp_path, monkeypatch, built_once):
    copy = tmp_path / "vectors"
    shutil.copytree(vectors.VECTORS_DIR / "dominoes", copy / "dominoes")
    shutil.copy(vectors.manifest_path(), copy / vectors.MANIFEST_NAME)
    monkeypatch.setattr(vectors, "VECTORS_DIR", copy)
    assert check_vectors(["dominoes"]) == []
    path = copy / "dominoes" / "settlement.json"
    text = path.read_text()
    path.write_text(text.replace('"bonus":[3,0]', '"bonus":[4,0]', 1))
    problems = check_vectors(["dominoes"])
    assert len(problems) == 1 and "settlement.json: differs" in problems[0]
    (copy / "dominoes" / "extra.json").write_text("{}")
    assert any("stale file" in p for p in check_vectors(["dominoes"]))
    path.write_text(text)
    (copy / "dominoes" / "extra.json").unlink()
    manifest = copy / vectors.MANIFEST_NAME
    # the settlement file's case count off by one
    manifest.write_text(re.sub(r'("dominoes/settlement.json": \{[^}]*"case_count": )(\d+)',
                               lambda m: f"{m.group(1)}{int(m.group(2)) + 1}", manifest.read_text()))
    assert [p for p in check_vectors(["dominoes"]) if "MANIFEST.json: differs" in p]


@pytest.mark.parametrize("path", vector_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_vector_file_validates_and_counts_its_cases(path):
    vf = load_vector_file(path, trust=False)          # the schema too, whatever the manifest says
    assert vf.header["case_count"] == len(vf.cases)
    used = {flag for case in vf.cases for flag in case["flags"]}
    assert used == set(vf.header["flags"]), "every flag used is described in the header"
    assert all(vf.header["flags"].values())
    for case in vf.cases:
        assert len(case["expected"]) == len(case["input"]["steps"])
        assert case["clauses"], f"{case['id']} names no clause"


@pytest.fixture(scope="module")
def committed_cases():
    """Every committed case, read (and checked) once for the tests below, which only read them."""
    return load_cases()


def test_case_ids_are_unique_across_all_files(committed_cases):
    ids = [c["id"] for c in committed_cases]
    assert len(ids) == len(set(ids))


def test_every_game_mode_is_generated_many_times(committed_cases):
    cases = [c for c in committed_cases if c["game"] == "dominoes"]
    matches = [c for c in cases if c["kind"] == "match"]
    formats = {(c["input"]["setup"]["players"], c["input"]["setup"].get("mode", "individual")) for c in matches}
    assert formats == {(2, "individual"), (3, "individual"), (4, "individual"), (4, "partnership")}
    assert len(matches) >= 200
    won = [c for c in matches if any(e["type"] == "match_won" for s in c["expected"] for e in s.get("events", []))]
    assert len(won) >= 200, "generated matches are played to the end"


def test_generated_cases_reach_every_domino_clause_many_times(committed_cases):
    from reference.core.catalog import load_catalog
    catalog = load_catalog("dominoes")
    hits = {}
    for case in (c for c in committed_cases if c["game"] == "dominoes"):
        for clause in case["clauses"]:
            hits[clause] = hits.get(clause, 0) + 1
    engine_clauses = [c for c in catalog.clauses.values() if not c.waiver]
    missing = [c.id for c in engine_clauses if c.id not in hits]
    assert not missing, f"clauses no vector exercises: {missing}"
