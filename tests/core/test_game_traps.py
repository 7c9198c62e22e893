"""Two traps a new game fell into without a word (issue 34, item 4).

(a) A curated mutant patches a rule function on its module (`reference/core/mutation.py`'s
    `patched`). A module that imported the function by name (`from .rules.betting import
    minimum_bet`) held the original, so the misreading never reached that caller. A patch now goes
    to every module of the game that holds the function under its name.
(b) A clause can carry its marker comment in `rules/` (tests/core/test_rules_structure.py) and yet
    never be recorded in any vector step's clauses (the rule forgot `log.rule`, or no vector reaches
    it): attribution can then never name it. Every marked clause of a catalog is recorded by some
    vector step, or its catalog entry says why none can (`not_recorded`: a rule applied when the
    setup is read, before the first step).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import textwrap
from types import FunctionType, ModuleType

import pytest

from reference.core.catalog import Catalog, load_catalog
from reference.core.game import all_games
from reference.core.mutation import patched
from reference.core.vectors import load_cases
from tests.core.test_rules_structure import markers, rule_modules
from tests.games import game_names


# -- (a) a patch reaches the callers that imported the function by name ---------------------------

@pytest.fixture()
def small_game(tmp_path, monkeypatch):
    """A package `trapgame.g`: rules.decide, a caller that imported it by name, and a mutants
    module that holds it too (a replacement may call the original)."""
    files = {
        "trapgame/__init__.py": "",
        "trapgame/g/__init__.py": "",
        "trapgame/g/rules.py": "def decide():\n    return 'reference'\n",
        "trapgame/g/caller.py": "from .rules import decide\n\ndef play():\n    return decide()\n",
        "trapgame/g/mutants.py": textwrap.dedent("""
            from .rules import decide

            def misread():
                return 'misread'

            def wrapped():
                return 'wrapped ' + decide()
            """),
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tuple(importlib.import_module(f"trapgame.g.{m}") for m in ("rules", "caller", "mutants"))
    for name in [n for n in sys.modules if n == "trapgame" or n.startswith("trapgame.")]:
        del sys.modules[name]


def test_a_patch_reaches_a_caller_that_imported_the_function_by_name(small_game):
    rules, caller, mutants = small_game
    with patched((rules, "decide", mutants.misread)):
        assert caller.play() == "misread"                 # the imported name is patched too
    assert caller.play() == "reference" and caller.decide is rules.decide     # and put back
    with patched((rules, "decide", mutants.wrapped)):
        assert caller.play() == "wrapped reference"       # the replacement's module keeps the original


def test_a_constant_or_another_package_is_not_touched(small_game, monkeypatch):
    rules, caller, mutants = small_game
    other = ModuleType("elsewhere.g")                     # another package holding the same function
    other.decide = rules.decide
    monkeypatch.setitem(sys.modules, "elsewhere.g", other)
    with patched((rules, "decide", mutants.misread)):
        assert other.decide is not mutants.misread


def game_modules(name: str) -> list[ModuleType]:
    package = importlib.import_module(f"reference.{name}")
    return [package] + [importlib.import_module(info.name)
                        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]


@pytest.mark.parametrize("game", game_names())
def test_every_curated_mutant_reaches_every_caller_of_what_it_patches(game):
    """While a mutant is installed, no module of the game holds a function it replaced under the
    name it replaced (but the module its replacement comes from)."""
    mutants = all_games()[game].mutants
    if mutants is None:
        pytest.skip(f"{game} has no curated mutants yet")
    modules = game_modules(game)
    functions = {(module.__name__, name): value for module in modules for name, value in vars(module).items()
                 if isinstance(value, FunctionType)}
    unreached = []
    for mutant in mutants():
        with mutant.patch():
            replaced = {key: original for key, original in functions.items()
                        if vars(sys.modules[key[0]]).get(key[1]) is not original}
            for (where, name), original in replaced.items():
                own = getattr(vars(sys.modules[where])[name], "__module__", None)
                unreached += [f"{mutant.name}: {module.__name__}.{name} is still the original {where}.{name}"
                              for module in modules if module.__name__ != own
                              and vars(module).get(name) is original]
    assert unreached == []


def test_the_mutant_of_the_minimum_bet_reaches_the_round_positions():
    """The trap as it was: reference/horse_fever/round_position.py imports `minimum_bet` by name."""
    from reference.horse_fever import round_position
    from reference.horse_fever.rules import betting
    [mutant] = [m for m in all_games()["horse_fever"].mutants() if m.name == "hf-minimum-bet-not-scaled"]
    with mutant.patch():
        assert round_position.minimum_bet is betting.minimum_bet
        assert betting.minimum_bet.__module__ == "reference.horse_fever.mutants"


# -- (b) every marked clause is recorded by some vector step, or says why not ----------------------

def recorded_clauses(game: str) -> set[str]:
    """Every clause some step of the game's committed vectors records."""
    return {clause for case in load_cases([game], validate=False) for step in case["step_clauses"] for clause in step}


def marked_clauses(game: str) -> dict[str, str]:
    rules = all_games()[game].package_dir / "rules"
    return {clause: f"{path.relative_to(rules.parent)}:{line}"
            for path in rule_modules(rules) for clause, line, part in markers(path) if part is None}


def recording_problems(catalog: Catalog, marked: dict[str, str], recorded: set[str]) -> list[str]:
    """A marked clause of the catalog that no step records and whose entry does not say why
    (`not_recorded`); an entry saying so of a clause a step records, or of one no longer marked.
    Interpretations' markers are not clauses: no step records them."""
    problems = []
    for clause in catalog.clauses.values():
        where = marked.get(clause.id)
        if where and clause.id not in recorded and not clause.not_recorded:
            problems.append(f"{clause.id}: marked at {where}, but no vector step records it: record it where the "
                            "rule decides (log.rule / log.event), add a vector that reaches it, or say in the "
                            "catalog why no step can (not_recorded)")
        elif clause.not_recorded and clause.id in recorded:
            problems.append(f"{clause.id}: a vector step records it, yet the catalog says not_recorded")
        elif clause.not_recorded and not where:
            problems.append(f"{clause.id}: not_recorded, but the rules have no marker for it")
    return problems


@pytest.mark.parametrize("game", game_names())
def test_every_marked_clause_is_recorded_by_some_vector_step_or_says_why_not(game):
    problems = recording_problems(load_catalog(game), marked_clauses(game), recorded_clauses(game))
    assert problems == [], f"{game}:\n  " + "\n  ".join(problems)


def test_a_marked_clause_no_step_records_is_found():
    real = load_catalog("dominoes")
    marked, recorded = marked_clauses("dominoes"), recorded_clauses("dominoes")
    assert recording_problems(real, marked, recorded) == []
    # DOM-PTS-3 is marked and recorded: a rule that stopped recording it is found
    assert "DOM-PTS-3" in marked and "DOM-PTS-3" in recorded
    [problem] = recording_problems(real, marked, recorded - {"DOM-PTS-3"})
    assert problem.startswith("DOM-PTS-3: marked at rules/") and "no vector step records it" in problem
    # a not_recorded entry that no longer holds is found too
    assert real.clauses["DOM-SET-1"].not_recorded
    [problem] = recording_problems(real, marked, recorded | {"DOM-SET-1"})
    assert problem == "DOM-SET-1: a vector step records it, yet the catalog says not_recorded"
    [problem] = recording_problems(real, {k: v for k, v in marked.items() if k != "DOM-SET-1"}, recorded)
    assert problem == "DOM-SET-1: not_recorded, but the rules have no marker for it"
