"""Each game's rules live apart, in `reference/<game>/rules/`, and read like the text (issue 15).

For every game:
  * every clause of its catalog that is neither waived nor retired is decided in exactly one
    place, marked by one comment line of the form `# <CLAUSE-ID>: <a few words>` somewhere in
    `rules/**/*.py`; no such marker names an id the catalog does not know (clauses and
    interpretations). Only real comments count (read with `tokenize`), not strings. A clause
    whose text decides two things at two moments of the game (who may back one horse; how each
    backer is settled) has its one marker where the first is decided and a *part marker*
    `# <CLAUSE-ID> (<part>): <a few words>` where each other is: a part names what it decides,
    no two parts of a clause share a name, and a part needs the clause's own marker.
  * the rules import nothing of the suite's machinery: only the standard library, modules of
    the same `rules` package and `reference.core.errors` (read with `ast`, every import
    statement, wherever it is).
The checkers take a folder and id sets, so the negative tests below run on small trees in
tmp_path, not on the real one.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

import pytest

from reference.core.catalog import load_catalog
from reference.core.game import all_games

MARKER = re.compile(r"#\s?(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+)(?:\s*\((?P<part>[^()]+)\))?\s*:")
ALLOWED_SUITE_MODULES = ("reference.core.errors",)
STDLIB = frozenset(sys.stdlib_module_names) | {"__future__"}


# -- the checkers ----------------------------------------------------------------------------

def rule_modules(rules_dir: Path) -> list[Path]:
    return sorted(rules_dir.rglob("*.py"))


def markers(path: Path) -> list[tuple[str, int, str | None]]:
    """(clause id, line, part) of every marker comment in a file (part None: the clause's own
    marker); strings and docstrings do not count."""
    found = []
    with path.open("rb") as handle:
        for token in tokenize.tokenize(handle.readline):
            if token.type == tokenize.COMMENT:
                match = MARKER.match(token.string)
                if match:
                    part = match.group("part")
                    found.append((match.group("id"), token.start[0], part.strip() if part else None))
    return found


def marker_problems(rules_dir: Path, required: set[str], known: set[str]) -> list[str]:
    where: dict[str, list[str]] = defaultdict(list)
    parts: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in rule_modules(rules_dir):
        for clause, line, part in markers(path):
            place = f"{path.relative_to(rules_dir.parent)}:{line}"
            if part is None:
                where[clause].append(place)
            else:
                parts[(clause, part)].append(place)
    problems = []
    for clause in sorted(required - set(where)):
        problems.append(f"{clause}: no '# {clause}: ...' marker in {rules_dir}")
    for clause, places in sorted(where.items()):
        if clause not in known:
            problems.append(f"{clause}: marker for an id the catalog does not know, at {', '.join(places)}")
        elif len(places) > 1:
            problems.append(f"{clause}: {len(places)} markers, expected exactly one: {', '.join(places)}")
    for (clause, part), places in sorted(parts.items()):
        if clause not in known:
            problems.append(f"{clause}: part marker for an id the catalog does not know, at {', '.join(places)}")
        elif clause not in where:
            problems.append(f"{clause}: part marker '({part})' without the clause's own '# {clause}: ...' "
                            f"marker, at {', '.join(places)}")
        elif len(places) > 1:
            problems.append(f"{clause}: {len(places)} part markers '({part})', each part is marked once: "
                            f"{', '.join(places)}")
    return problems


def import_problems(rules_dir: Path, package: str) -> list[str]:
    """Imports of a rules module that are neither stdlib, the same rules package nor the
    allowed core modules. `package` is the rules package's dotted name."""
    problems = []
    for path in rule_modules(rules_dir):
        relative = path.relative_to(rules_dir)
        depth = len(relative.parts) - 1                 # subpackages below rules/
        tree = ast.parse(path.read_bytes(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    if node.level > depth + 1:          # climbs out of the rules package
                        problems.append(f"{relative}:{node.lineno}: 'from {'.' * node.level}"
                                        f"{node.module or ''} import ...' leaves the rules package")
                    continue
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                if not allowed_import(name, package):
                    problems.append(f"{relative}:{node.lineno}: imports '{name}' (rules may import only "
                                    f"the standard library, {package} and {', '.join(ALLOWED_SUITE_MODULES)})")
                    break
    return problems


def import_circles(rules_dir: Path) -> list[list[str]]:
    """Every circle of imports among the modules of a rules folder (`from . import x`,
    `from .x import y`, wherever the statement is), each as the modules along it, first
    repeated at the end; [] when the modules import one another as a tree."""
    graph: dict[str, set[str]] = {}
    for path in rule_modules(rules_dir):
        name = ".".join(path.relative_to(rules_dir).with_suffix("").parts)
        imported = set()
        for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                imported |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
        graph[name] = imported
    circles: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()

    def walk(module: str, path: list[str]) -> None:
        for target in sorted(graph.get(module, ())):
            if target in path:
                circle = path[path.index(target):]
                key = tuple(sorted(circle))
                if key not in seen:
                    seen.add(key)
                    circles.append(circle + [target])
            elif target in graph:
                walk(target, path + [target])
    for module in sorted(graph):
        walk(module, [module])
    return circles


def allowed_import(name: str, package: str) -> bool:
    if name.split(".")[0] in STDLIB:
        return True
    return any(name == allowed or name.startswith(allowed + ".") for allowed in (package, *ALLOWED_SUITE_MODULES))


def required_and_known(game_name: str) -> tuple[set[str], set[str]]:
    catalog = load_catalog(game_name)
    required = {c.id for c in catalog.clauses.values() if not c.waiver and not c.retired}
    known = set(catalog.clauses) | set(catalog.interpretations)
    return required, known


# -- every game ------------------------------------------------------------------------------

GAMES = sorted(all_games())


def rules_dir_of(game_name: str) -> Path:
    return all_games()[game_name].package_dir / "rules"


@pytest.mark.parametrize("game_name", GAMES)
def test_every_clause_is_decided_in_exactly_one_marked_place(game_name):
    rules_dir = rules_dir_of(game_name)
    assert rules_dir.is_dir(), f"{game_name}: no rules package at {rules_dir}"
    required, known = required_and_known(game_name)
    problems = marker_problems(rules_dir, required, known)
    assert not problems, f"{game_name}: {len(problems)} marker problem(s):\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_rules_import_nothing_of_the_machinery(game_name):
    rules_dir = rules_dir_of(game_name)
    assert rules_dir.is_dir(), f"{game_name}: no rules package at {rules_dir}"
    problems = import_problems(rules_dir, f"reference.{game_name}.rules")
    assert not problems, f"{game_name}: rules import the suite's machinery:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_rules_modules_import_one_another_without_a_circle(game_name):
    """A circle works only through late attribute lookup, and hides which rule comes first:
    in dominoes the end of a turn sits below drawing and continuation, which return their
    decision for turns.py to apply (issue 24 item 6)."""
    circles = import_circles(rules_dir_of(game_name))
    assert not circles, f"{game_name}: rules modules import one another in a circle: " + \
        "; ".join(" -> ".join(c) for c in circles)


# -- the checkers catch what they are for (small trees in tmp_path) ----------------------------

def test_an_import_circle_is_found_and_a_tree_is_not(tmp_path):
    rules = write(tmp_path, {"turns.py": "from . import drawing\nfrom .ends import end_turn\n",
                             "drawing.py": "from .ends import EndTurn\n", "ends.py": "import re\n"})
    assert import_circles(rules) == []
    (rules / "ends.py").write_text("def f():\n    from .turns import play\n")
    assert import_circles(rules) == [["drawing", "ends", "turns", "drawing"], ["ends", "turns", "ends"]]


def write(tree: Path, files: dict[str, str]) -> Path:
    rules = tree / "rules"
    for name, text in files.items():
        path = rules / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return rules


def test_a_marker_inside_a_string_does_not_count(tmp_path):
    rules = write(tmp_path, {"a.py": 'TEXT = """\n# X-1: looks like a marker\n"""\nOTHER = "# X-1: no"\n'})
    assert marker_problems(rules, {"X-1"}, {"X-1"}) == ["X-1: no '# X-1: ...' marker in " + str(rules)]


def test_a_real_marker_counts_once(tmp_path):
    rules = write(tmp_path, {"a.py": "def f():\n    # X-1: decided here\n    return 1  # X-2: and here\n"})
    assert marker_problems(rules, {"X-1", "X-2"}, {"X-1", "X-2"}) == []


def test_a_duplicate_marker_is_reported_with_both_places(tmp_path):
    rules = write(tmp_path, {"a.py": "# X-1: here\n", "sub/b.py": "x = 1\n# X-1: and again\n"})
    problems = marker_problems(rules, {"X-1"}, {"X-1"})
    assert len(problems) == 1 and "2 markers" in problems[0]
    assert "rules/a.py:1" in problems[0] and "rules/sub/b.py:2" in problems[0]


def test_a_part_marker_marks_a_clauses_second_decision(tmp_path):
    rules = write(tmp_path, {"a.py": "def f():\n    # X-1: who may back a horse\n    return 1\n",
                             "b.py": "def g():\n    # X-1 (settlement): each on its own stake\n    return 2\n"})
    assert marker_problems(rules, {"X-1"}, {"X-1"}) == []
    assert markers(rules / "b.py") == [("X-1", 2, "settlement")]


def test_a_part_needs_its_clauses_own_marker_and_a_name_of_its_own(tmp_path):
    rules = write(tmp_path, {"a.py": "# X-1 (settlement): here\n"})
    problems = marker_problems(rules, {"X-1"}, {"X-1"})
    assert problems == ["X-1: no '# X-1: ...' marker in " + str(rules),
                        "X-1: part marker '(settlement)' without the clause's own '# X-1: ...' marker, at rules/a.py:1"]
    rules = write(tmp_path, {"a.py": "# X-1: here\n# X-1 (settlement): one\n# X-1 (settlement): two\n"})
    problems = marker_problems(rules, {"X-1"}, {"X-1"})
    assert len(problems) == 1 and "2 part markers '(settlement)'" in problems[0]
    rules = write(tmp_path, {"a.py": "# X-1: here\n# X-9 (part): unknown\n"})
    assert marker_problems(rules, {"X-1"}, {"X-1"}) == [
        "X-9: part marker for an id the catalog does not know, at rules/a.py:2"]


def test_a_marker_for_an_unknown_id_is_reported(tmp_path):
    rules = write(tmp_path, {"a.py": "# X-1: here\n# X-9: not in the catalog\n"})
    problems = marker_problems(rules, {"X-1"}, {"X-1"})
    assert len(problems) == 1 and problems[0].startswith("X-9: marker for an id the catalog does not know")


def test_other_mentions_of_an_id_are_not_markers(tmp_path):
    rules = write(tmp_path, {"a.py": "# X-1: the decision\n# see X-1 for why\n# (X-1) prose\n"
                                     "raise_it = ('X-1',)\n"})
    assert marker_problems(rules, {"X-1"}, {"X-1"}) == []


@pytest.mark.parametrize("line", [
    "from reference.core.log import StepLog",
    "import reference.core.log",
    "from reference.core import log",
    "from reference.core import game",
    "import reference.core",
    "from reference.g import replay",
    "from reference.g.render import draw",
    "import yaml",
    "from .. import replay",
    "def f():\n    from reference.g.mutants import mutants",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from reference.core.log import StepLog",
])
def test_a_forbidden_import_is_reported(tmp_path, line):
    rules = write(tmp_path, {"a.py": line + "\n"})
    problems = import_problems(rules, "reference.g.rules")
    assert len(problems) == 1 and problems[0].startswith("a.py:"), problems


@pytest.mark.parametrize("line", [
    "from __future__ import annotations",
    "import re\nfrom dataclasses import dataclass",
    "from reference.core.errors import InputError",
    "import reference.core.errors",
    "from reference.core import errors",
    "from . import tiles",
    "from .tiles import Tile",
    "from reference.g.rules import tiles",
    "from reference.g.rules.tiles import Tile",
])
def test_allowed_imports_pass(tmp_path, line):
    rules = write(tmp_path, {"a.py": line + "\n"})
    assert import_problems(rules, "reference.g.rules") == []


def test_a_subpackage_may_import_its_parent_rules_package_but_not_above(tmp_path):
    rules = write(tmp_path, {"sub/a.py": "from .. import tiles\nfrom ... import replay\n"})
    problems = import_problems(rules, "reference.g.rules")
    assert len(problems) == 1 and "leaves the rules package" in problems[0]


# -- an event is emitted by the block of its own clause ----------------------------------------

# (rules module, event type): emitted in another clause's block, and why that is right
EVENTS_IN_ANOTHER_BLOCK = {
    # cards: the prices are worked out by CRD-ODDS-1 (odds.py) and posted under CRD-BET-2's
    # function, "the payouts are posted before any race card is revealed"
    ("betting", "odds_posted"),
}


def events_in_another_block(game_name: str) -> list[str]:
    """`log.event(type, CLAUSE, ...)` calls whose innermost clause block is another clause's
    (code in no block at all is not judged here)."""
    from reference.core.generated_mutants import innermost_clauses, module_regions, rules_modules
    found = []
    for module in rules_modules(game_name):
        path = Path(importlib.import_module(module).__file__)
        regions = module_regions(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "event" \
                    and len(node.args) >= 2 and all(isinstance(a, ast.Constant) for a in node.args[:2]):
                kind, clause = node.args[0].value, node.args[1].value
                inner = innermost_clauses(regions, node.lineno)
                short = module.rsplit(".", 1)[-1]
                if inner and clause not in inner and (short, kind) not in EVENTS_IN_ANOTHER_BLOCK:
                    found.append(f"{short}.py:{node.lineno}: event {kind} ({clause}) in the block of {', '.join(inner)}")
    return found


@pytest.mark.parametrize("game_name", GAMES)
def test_each_event_is_emitted_in_its_own_clauses_block(game_name):
    """A generated misreading of the code that emits an event is labelled by the block it lies in.
    When a settlement's block also ended the match (DOM-MATCH-5's event inside DOM-SETTLE-5's
    body), a misreading of the match's end was scored as a misreading of the settlement."""
    problems = events_in_another_block(game_name)
    assert not problems, "\n  ".join([f"{game_name}: events emitted in another clause's block:"] + problems)


# -- a refusal, or a turn's end, is decided in the block of the clause it cites ------------------

# (rules module, clause cited): cited by code in another clause's block, and why that is right
DECISIONS_IN_ANOTHER_BLOCK = {
    # Horse Fever: a deal out of its phase is refused in the deal's block (HF-DEAL-1); the
    # order of a round's phases is decided in phases.py (HF-PLAY-4)
    ("deal", "HF-PLAY-4"),
    # Horse Fever: a card the player does not hold is refused where it is played (HF-RIG-3);
    # the turns of the cards are decided by rigging_order (HF-RIG-1)
    ("rigging", "HF-RIG-1"),
    # Horse Fever: HF-RANK-4's block decides whether another race round is played; the refusal
    # of one more round cites the clause that says the race is then over
    ("race", "HF-RANK-6"),
    # Horse Fever: the sprint dice's input is checked in HF-TABLE-4's block (each die one of six
    # colours); that two of them are given cites the roll of both dice
    ("race", "HF-MOVE-4"),
}
DECIDING_CALLS = ("InputError", "IllegalAction", "EndTurn")
CLAUSE_ID = re.compile(r"[A-Z]{2,3}-[A-Z0-9]+-\d+")


def decisions_in_another_block(game_name: str, excepted=None) -> list[str]:
    """Refusals and ends of turn (`InputError`, `IllegalAction`, `EndTurn` with a clause id) made
    in another clause's innermost block (code in no block at all is not judged here), but for
    the `excepted` (module, clause) pairs (DECISIONS_IN_ANOTHER_BLOCK)."""
    excepted = DECISIONS_IN_ANOTHER_BLOCK if excepted is None else excepted
    from reference.core.generated_mutants import innermost_clauses, module_regions, rules_modules
    found = []
    for module in rules_modules(game_name):
        path = Path(importlib.import_module(module).__file__)
        regions = module_regions(module)
        short = module.rsplit(".", 1)[-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                    in DECIDING_CALLS):
                continue
            cited = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
                     and CLAUSE_ID.fullmatch(a.value)]
            inner = innermost_clauses(regions, node.lineno)
            for clause in cited:
                if inner and clause not in inner and (short, clause) not in excepted:
                    found.append(f"{short}.py:{node.lineno}: {node.func.id if isinstance(node.func, ast.Name) else node.func.attr}"
                                 f" citing {clause} in the block of {', '.join(inner)}")
    return found


@pytest.mark.parametrize("game_name", GAMES)
def test_each_refusal_and_end_of_turn_is_decided_in_its_own_clauses_block(game_name):
    """A generated misreading of the code that refuses an action or ends a turn is labelled by
    the block it lies in. The end of a turn under DOM-INT-1 (a continuing player unable to
    place) was decided in DOM-CONT-3's block, so a misreading of it was scored as one of the
    continuation itself while the search rightly named DOM-INT-1."""
    problems = decisions_in_another_block(game_name)
    assert not problems, "\n  ".join([f"{game_name}: refusals or ends of turn decided in another clause's block:"]
                                     + problems)


def test_every_listed_decision_in_another_block_is_still_one():
    """An exception that no longer applies (the code moved to its own block) is dropped from the
    list, so the list says only what is true of the rules."""
    found = [problem for game_name in GAMES for problem in decisions_in_another_block(game_name, excepted=set())]
    stale = [(module, clause) for module, clause in sorted(DECISIONS_IN_ANOTHER_BLOCK)
             if not any(problem.startswith(f"{module}.py:") and f" citing {clause} " in problem for problem in found)]
    assert not stale, f"listed in DECISIONS_IN_ANOTHER_BLOCK but no longer decided in another block: {stale}"
