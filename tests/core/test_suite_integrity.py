"""The suite's own data: every scenario valid and passing, ids stable, every clause covered
by a scenario and by a test, every interpretation and worked example pinned."""

import re
from pathlib import Path

import pytest

from reference.core import schemas
from reference.core.catalog import all_catalogs
from reference.core.game import all_games
from reference.core.paths import SEEDS_DIR
from reference.core.scenario import load_scenario, scenario_files
from reference.core.verify import verify_scenario

FILES = scenario_files()
TESTS_DIR = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def scenarios():
    return [load_scenario(path) for path in FILES]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_scenario_validates_and_replays_without_mismatch(path):
    scenario = load_scenario(path)
    result = verify_scenario(scenario)
    assert result.error is None, str(result.error)
    assert not result.mismatches, result.mismatches[0]
    assert result.checks > 0, "a scenario that checks nothing proves nothing"


def test_scenario_ids_are_unique_and_match_their_file_names(scenarios):
    ids = [s.id for s in scenarios]
    assert len(ids) == len(set(ids))
    for s in scenarios:
        game_dir = Path(s.path).parent.name
        prefix = {"dominoes": "dom-", "cards": "crd-", "horse_fever": "hf-"}[game_dir]
        assert s.id == prefix + Path(s.path).stem, s.path
        assert s.game.name == game_dir


def covered_clauses(scenarios, game):
    used = set()
    for s in scenarios:
        if s.game.name != game:
            continue
        used.update(s.clauses)
        for step in s.steps:
            used.update(step.get("clauses", []))
    return used


@pytest.mark.parametrize("game", list(all_games()))
def test_every_clause_has_a_scenario_or_a_waiver(scenarios, game):
    catalog = all_catalogs()[game]
    used = covered_clauses(scenarios, game)
    unknown = used - set(catalog.clauses)
    assert not unknown, f"scenarios cite clauses not in the catalog: {sorted(unknown)}"
    missing = [c.id for c in catalog.clauses.values() if c.id not in used and not c.waiver and not c.retired]
    assert not missing, f"clauses with no scenario and no waiver: {missing}"


@pytest.mark.parametrize("game", list(all_games()))
def test_every_clause_has_a_test(game):
    marked = set()
    for file in TESTS_DIR.rglob("test_*.py"):
        for args in re.findall(r"mark\.clause\(([^)]*)\)", file.read_text(encoding="utf-8")):
            marked.update(re.findall(r'"([A-Z]+-[A-Z0-9-]+)"', args))
    catalog = all_catalogs()[game]
    interpretation_ids = set(catalog.interpretations)
    assert not (marked - set(catalog.clauses) - interpretation_ids - {
        c for cat in all_catalogs().values() for c in list(cat.clauses) + list(cat.interpretations)})
    missing = [c.id for c in catalog.clauses.values()
               if c.id not in marked and not c.waiver and not c.retired
               and c.id not in covered_clauses_by_scenario_only(game)]
    assert not missing, f"clauses with no test marked @pytest.mark.clause: {missing}"


def covered_clauses_by_scenario_only(game):
    """Clauses whose statement is only about the walk-throughs' own presentation: the
    scenario replaying the walk-through is their test (see test_every_scenario_...)."""
    return {"dominoes": {"DOM-COUNT-5", "DOM-PTS-6", "DOM-PTS-7"}}.get(game, set())


@pytest.mark.parametrize("game", list(all_games()))
def test_every_interpretation_is_pinned_by_scenarios_that_name_it(scenarios, game):
    by_id = {s.id: s for s in scenarios}
    for interpretation in all_catalogs()[game].interpretations.values():
        for scenario_id in interpretation.scenarios:
            assert scenario_id in by_id, f"{interpretation.id} cites missing scenario {scenario_id}"
            assert interpretation.id in by_id[scenario_id].interpretations, \
                f"{scenario_id} does not list {interpretation.id}"


@pytest.mark.parametrize("game", list(all_games()))
def test_every_worked_example_has_a_scenario(scenarios, game):
    replayed = {e for s in scenarios if s.game.name == game for e in s.examples}
    examples = set(all_catalogs()[game].examples)
    assert examples <= replayed, f"worked examples without a scenario: {sorted(examples - replayed)}"
    assert replayed <= examples, f"scenarios cite unknown examples: {sorted(replayed - examples)}"


@pytest.mark.skipif(not SEEDS_DIR.is_dir(), reason="the seed texts (../shared/seeds) are not beside this checkout")
@pytest.mark.parametrize("game", list(all_games()))
def test_section_headings_and_sources_exist_in_the_seed_texts(scenarios, game):
    catalog = all_catalogs()[game]
    texts = {}
    for clause in catalog.clauses.values():
        for seed, heading in clause.sources:
            path = SEEDS_DIR / seed if (SEEDS_DIR / seed).exists() else SEEDS_DIR.parent / seed
            if seed not in texts and path.exists():
                texts[seed] = path.read_text(encoding="utf-8")
            if seed in texts:
                assert heading in texts[seed], f"{clause.id}: heading {heading!r} not in {seed}"
    for s in scenarios:
        for source in s.sources:
            path = SEEDS_DIR / source["seed"]
            assert path.exists(), f"{s.id}: no seed {source['seed']}"
            assert source["section"] in path.read_text(encoding="utf-8"), f"{s.id}: {source['section']!r}"


def test_every_schema_is_a_valid_draft_2020_12_schema():
    names = schemas.schema_names()
    assert "scenario.schema.json" in names and "clauses.schema.json" in names
    for name in names:
        schemas.validator(name)     # check_schema runs when the registry loads


@pytest.mark.parametrize("game", list(all_games()))
def test_interpretation_options_match_the_engine(game):
    """Every option an interpretation names exists in the engine, with its default, and every
    alternative value is one the engine accepts."""
    import importlib
    engine_options = importlib.import_module(f"reference.{game}.options")
    choices = getattr(engine_options, "CHOICES", {})
    defaults = all_games()[game].option_defaults
    for interpretation in all_catalogs()[game].interpretations.values():
        if not interpretation.option:
            continue
        name = interpretation.option["name"]
        assert name in defaults, f"{interpretation.id}: the engine has no option {name}"
        assert defaults[name] == interpretation.option["default"]
        for alternative in interpretation.alternatives:
            if "value" in alternative and name in choices:
                assert alternative["value"] in choices[name], (interpretation.id, alternative["value"])
