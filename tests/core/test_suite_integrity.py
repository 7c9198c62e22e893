"""The suite's own data: every scenario valid and passing, ids stable, every clause covered
by a scenario and by a test, every interpretation and worked example pinned."""

import ast
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


LOADED: dict[Path, object] = {}


def loaded(path: Path):
    """The scenario at `path`, read and validated once per test process (a file that does not
    load raises each time it is asked for)."""
    if path not in LOADED:
        LOADED[path] = load_scenario(path)
    return LOADED[path]


@pytest.fixture(scope="module")
def scenarios():
    return [loaded(path) for path in FILES]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_scenario_validates_and_replays_without_mismatch(path):
    scenario = loaded(path)
    result = verify_scenario(scenario)
    assert result.error is None, str(result.error)
    assert not result.mismatches, result.mismatches[0]
    assert result.checks > 0, "a scenario that checks nothing proves nothing"


def test_scenario_ids_are_unique_and_match_their_file_names(scenarios):
    ids = [s.id for s in scenarios]
    assert len(ids) == len(set(ids))
    for s in scenarios:
        game_dir = Path(s.path).parent.name
        prefix = s.game.clause_prefix.lower()          # DOM- clauses, dom- scenarios
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


# -- the clause gate: a clause counts only on a test function that checks something ----------

# Calls that check on the test's behalf: the refusal context manager, and the helpers of
# tests/support.py whose bodies assert (error_of: the input is refused; assert_located_error:
# refused with this file, line, field and message). Add a helper here only if it asserts.
ASSERTING_CALLS = frozenset({"pytest.raises", "error_of", "assert_located_error"})


def clause_ids(node: ast.expr, where: str) -> list[str] | None:
    """The ids of a `pytest.mark.clause("ID", ...)` call, or None when `node` is not one."""
    if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.mark.clause"):
        return None
    ids = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if not ids or len(ids) != len(node.args) or node.keywords:
        raise ValueError(f"{where}:{node.lineno}: a clause marker takes literal ids only")
    return ids


def marked_ids(test: ast.FunctionDef, where: str) -> list[str]:
    """Clause ids marked on the test itself or on one of its `pytest.param` cases."""
    ids: list[str] = []
    for decorator in test.decorator_list:
        own = clause_ids(decorator, where)
        if own is not None:
            ids += own
            continue
        for node in ast.walk(decorator):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "pytest.param":
                for keyword in node.keywords:
                    if keyword.arg == "marks":
                        marks = keyword.value.elts if isinstance(keyword.value, (ast.List, ast.Tuple)) \
                            else [keyword.value]
                        ids += [i for mark in marks for i in clause_ids(mark, where) or []]
    return ids


def checks_something(test: ast.FunctionDef) -> bool:
    """An `assert`, or a call that asserts or expects a refusal (ASSERTING_CALLS)."""
    return any(isinstance(node, ast.Assert)
               or (isinstance(node, ast.Call) and ast.unparse(node.func) in ASSERTING_CALLS)
               for node in ast.walk(test))


def clause_tests(files) -> tuple[dict[str, list[str]], list[str]]:
    """(clause id -> the checking tests marked with it, marked tests that check nothing).
    Only decorators of test functions are read: a marker in a comment, a string or on a
    helper is not a test of its clause."""
    counted: dict[str, list[str]] = {}
    idle: list[str] = []
    for file in files:
        tree = ast.parse(Path(file).read_text(encoding="utf-8"), filename=str(file))
        for node in ast.walk(tree):
            if not (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")):
                continue
            ids = marked_ids(node, str(file))
            name = f"{Path(file).name}::{node.name}"
            if ids and not checks_something(node):
                idle.append(name)
                continue
            for clause_id in ids:
                counted.setdefault(clause_id, []).append(name)
    return counted, idle


def untested_clauses(catalog, counted: dict[str, list[str]]) -> list[str]:
    return [c.id for c in catalog.clauses.values() if c.id not in counted and not c.waiver and not c.retired]


def suite_test_files() -> list[Path]:
    return sorted(TESTS_DIR.rglob("test_*.py"))


@pytest.fixture(scope="module")
def suite_markers() -> tuple[dict[str, list[str]], list[str]]:
    """clause_tests of every test file, parsed once for the four tests below that read them."""
    return clause_tests(suite_test_files())


def test_every_marker_names_a_known_clause_and_sits_on_a_checking_test(suite_markers):
    counted, idle = suite_markers
    assert not idle, f"clause-marked tests with no assert, pytest.raises or asserting helper: {idle}"
    known = {c for cat in all_catalogs().values() for c in list(cat.clauses) + list(cat.interpretations)}
    assert not set(counted) - known, f"markers name unknown clauses: {sorted(set(counted) - known)}"


@pytest.mark.parametrize("game", list(all_games()))
def test_every_clause_has_a_test(suite_markers, game):
    counted, _ = suite_markers
    missing = untested_clauses(all_catalogs()[game], counted)
    assert not missing, f"clauses with no checking test marked @pytest.mark.clause: {missing}"


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
            assert path.exists(), f"{clause.id}: no rule text {seed}"       # never skipped
            if seed not in texts:
                texts[seed] = path.read_text(encoding="utf-8")
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
