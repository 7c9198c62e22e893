"""The catalog, the interpretations register against the engine's options, and the generated
vector cases: ids, format, size, coverage, determinism."""

import json

import pytest

from reference.core import schemas
from reference.core.catalog import load_catalog
from reference.core.game import get_game
from reference.core.scenario import load_scenario, scenario_files
from reference.core.paths import SCENARIO_DIR
from reference.horse_fever.options import CHOICES, DEFAULTS
from reference.horse_fever.generate import generate_cases
from reference.horse_fever.observe import OBSERVATION_KEYS

GAME = get_game("horse_fever")
CATALOG = load_catalog("horse_fever")


def test_interpretation_options_match_the_engine():
    named = set()
    for interpretation in CATALOG.interpretations.values():
        if interpretation.option:
            name = interpretation.option["name"]
            named.add(name)
            assert name in CHOICES and interpretation.option["default"] == getattr(DEFAULTS, name)
            for alternative in interpretation.alternatives:
                if "value" in alternative:
                    assert alternative["value"] in CHOICES[name]
    assert named == set(CHOICES), "every option belongs to an interpretation"


def test_waived_clauses_say_why_and_worked_examples_cite_sections():
    for clause in CATALOG.clauses.values():
        assert clause.id.startswith("HF-")
        if clause.waiver:
            assert len(clause.waiver) > 20
    assert set(CATALOG.examples) == {f"HF-EX-{n}" for n in range(1, 7)}


def test_the_scenario_form_and_the_protocol_form_of_every_scenario_replay_alike():
    from reference.core.game import CaseInput
    for path in scenario_files([str(SCENARIO_DIR / "horse_fever")]):
        s = load_scenario(path)
        compiled = [GAME.compile_step(step) for step in s.steps]
        a = [o.observation for o in GAME.replay(CaseInput(s.kind, s.setup, s.steps, s.options, True))]
        b = [o.observation for o in GAME.replay(CaseInput(s.kind, s.setup, compiled, s.options, True))]
        assert a == b, s.id


@pytest.fixture(scope="module")
def generated():
    return generate_cases()


def test_generated_cases_are_explicit_stable_and_small(generated):
    ids = [c["id"] for c in generated]
    assert len(ids) == len(set(ids)) and all(i.startswith(("hf-gen1-", "hf-gen2-", "hf-probe2-", "hf-pos1-")) for i in ids)
    assert {c["kind"] for c in generated} == set(OBSERVATION_KEYS)
    assert {c["input"]["setup"]["players"] for c in generated if c["kind"] == "game"} == {2, 3, 4, 5, 6}
    assert len(json.dumps([c for c in generated if c["kind"] != "probe"])) < 600_000
    assert len(json.dumps([c for c in generated if c["kind"] == "probe"])) < 1_500_000
    for case in generated:
        # a position reached names the checks it passes (its near misses' rules)
        assert set(case) - ({"clauses"} if case["kind"] == "position" else set()) == \
            {"id", "kind", "description", "options", "input"}
        for step in case["input"]["steps"]:
            assert isinstance(step["action"], str)


def test_generation_gives_the_same_cases_every_time(generated, fresh_cases):
    """No hidden random state: this test process's generation and the run's shared one (made by
    another call, perhaps in another process with another hash seed) hold the same cases."""
    def by_kind(cases):          # the vectors keep each kind's cases in generation order
        return {kind: [c for c in cases if c["kind"] == kind] for kind in OBSERVATION_KEYS}
    vectors = {c["id"]: c for c in fresh_cases("horse_fever") if not c.get("origin")}
    shared = [{k: vectors[c["id"]][k] for k in c} for c in generated if c["id"] in vectors]
    assert len(vectors) == len(generated) and by_kind(shared) == by_kind(generated)


def test_generated_cases_replay_and_reach_the_rules(generated):
    from reference.core.game import CaseInput
    hit = set()
    for case in generated:
        inp = case["input"]
        for outcome in GAME.replay(CaseInput(case["kind"], inp["setup"], inp["steps"], case["options"],
                                             refusals_are_results=case["kind"] == "position")):
            hit.update(outcome.clauses)
    for clause in ("HF-MIN-2", "HF-MIN-3", "HF-PHOTO-2", "HF-ACT-7", "HF-ACT-14", "HF-SPRINT-3", "HF-GAMEEND-1",
                   "HF-PAY-2", "HF-CANCEL-1", "HF-ACT-15", "HF-ACT-19", "HF-NEWODDS-2", "HF-NEWODDS-3"):
        assert clause in hit, clause


def test_flags_mark_the_cases_an_other_reading_changes(generated, fresh_cases):
    # The optioned readings' flags are derived in reference.core.vectors (tests/core/test_derived_flags.py);
    # the game's own rule adds only situation flags, all of them registered.
    assert isinstance(GAME.flags_for(generated[0]), list)
    registered = {i.flag for i in CATALOG.interpretations.values()}
    situations = set()
    for case in generated:
        situations.update(GAME.flags_for(case))
    assert situations <= registered
    # the flags the run's shared generation gave the generated round cases (vectors.finish_case)
    everywhere = {f for case in fresh_cases("horse_fever") if case["kind"] == "round" and not case.get("origin")
                  for f in case["flags"]}
    assert {"win-payout-stake-times-odds", "stable-owner-danari-only", "first-last-among-all",
            "short-of-minimum-bets-after-penalty"} <= everywhere


def test_the_vector_files_would_validate(fresh_vector_builds):
    """The files of a fresh generation (the one this test process shares) are small and valid. A
    file byte-identical to the committed one is schema-validated in full by test_vectors.py
    (test_every_vector_file_validates_and_counts_its_cases), so only a differing one is here."""
    from reference.core.vectors import parse_vector_text
    files = fresh_vector_builds(GAME)
    assert sum(len(text) for path, text in files.items() if path.name != "probe.json") < 2_000_000
    assert all(len(text) < 2_000_000 for text in files.values())      # the probes too (issue 9)
    for path, text in files.items():
        committed = path.is_file() and path.read_bytes() == text.encode("utf-8")
        vf = parse_vector_text(path, text, validate=True, trusted=True)   # layout, ids, header, counts
        assert vf.header["case_count"] == len(vf.cases)
        if not committed:
            assert schemas.schema_errors(json.loads(text), "vectors.schema.json") == []
