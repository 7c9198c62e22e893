"""docs/adding-a-game.md lists everything the code asks of a game (issue 34, item 1).

The checklist is built from the code, not from the document: the fields of `Game`
(reference/core/game.py; the core reads a game only through them), the modules of a game the core,
the command line and the tests import by name (`reference.{game}.fuzzing`), the files they open
in a game's package by name (`game.package_dir / "clauses.yaml"`) and the schemas every game keeps
(`schemas.GAME_SCHEMAS`). A field, module or file the code starts to read and the document does not
name fails here, naming it.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from reference.core import schemas
from reference.core.game import Game

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "adding-a-game.md"
# the code that reads games: the core, the command line, the tests about every game
READERS = [*sorted((ROOT / "reference" / "core").rglob("*.py")),
           *sorted((ROOT / "tools" / "horserace_cli").rglob("*.py")),
           *sorted((ROOT / "tests").glob("*.py")), *sorted((ROOT / "tests" / "core").glob("*.py"))]
PACKAGES = {"reference": "reference/<game>/", "tests": "tests/<game>/"}


def game_fields() -> list[str]:
    """Every field of a GAME and every property the core reads from it."""
    properties = [name for name, value in vars(Game).items() if isinstance(value, property)]
    return [f.name for f in dataclasses.fields(Game)] + properties


def string_constants(tree: ast.AST) -> dict[str, str]:
    """Module-level NAME = "text" assignments (REGISTER_FILE = "equivalent_mutants.yaml")."""
    out = {}
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node.value.value
    return out


def by_name_modules(source: str) -> set[str]:
    """`reference/<game>/fuzzing.py` for each f-string `reference.{game}.fuzzing` (and
    `reference/<game>/rules/` for a package, `tests/<game>/x.py` for `tests.{game}.x`)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr) or len(node.values) < 3:
            continue
        head, middle, tail = node.values[0], node.values[1], node.values[2]
        if not (isinstance(head, ast.Constant) and isinstance(middle, ast.FormattedValue)
                and isinstance(tail, ast.Constant) and isinstance(tail.value, str)):
            continue
        package = PACKAGES.get(str(head.value).rstrip("."))
        name = tail.value.lstrip(".").split(".")[0]
        if package and str(head.value).endswith(".") and re.fullmatch(r"[a-z_]+", name):
            found.add(package + name)
    return found


def package_files(source: str) -> set[str]:
    """`reference/<game>/X` for each `<...>.package_dir / "X"` (or a module constant holding X)."""
    tree = ast.parse(source)
    constants = string_constants(tree)
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
                and isinstance(node.left, ast.Attribute) and node.left.attr == "package_dir"):
            right = node.right
            name = (right.value if isinstance(right, ast.Constant) else
                    constants.get(right.id) if isinstance(right, ast.Name) else None)
            if isinstance(name, str):
                found.add(f"reference/<game>/{name}")
    return found


def as_written(item: str) -> str:
    """As the document writes it: a module `x.py`, a package or folder `x/` (as some game has it)."""
    if "." in item.rsplit("/", 1)[1]:
        return item
    top, _, name = item.partition("/<game>/")
    folders = [p for p in (ROOT / top).glob(f"*/{name}") if p.is_dir()]
    return f"{item}/" if folders else f"{item}.py"


def read_by_name() -> dict[str, str]:
    """Each module and file of a game the code finds by name -> where (the first reader)."""
    found: dict[str, str] = {}
    for path in READERS:
        source = path.read_text(encoding="utf-8")
        for item in sorted(by_name_modules(source) | package_files(source)):
            found.setdefault(as_written(item), path.relative_to(ROOT).as_posix())
    for name in schemas.GAME_SCHEMAS:
        found.setdefault(f"schema/<game>/{name}", "reference/core/schemas.py (GAME_SCHEMAS)")
    return found


def code_spans(text: str) -> set[str]:
    return set(re.findall(r"`([^`\n]+)`", text))


def section(text: str, heading: str) -> str:
    """The text under a `## heading` up to the next heading of that level."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match, f"{DOCUMENT.name} has no section '## {heading}'"
    return match.group(1)


def table_first_column(text: str) -> set[str]:
    return {spans[0] for line in text.splitlines() if line.startswith("| `")
            for spans in [re.findall(r"`([^`\n]+)`", line.split("|")[1])] if spans}


def test_the_document_lists_every_field_of_game():
    listed = table_first_column(section(DOCUMENT.read_text(encoding="utf-8"), "The GAME fields"))
    missing = [name for name in game_fields() if name not in listed]
    assert missing == [], (f"{DOCUMENT.relative_to(ROOT)}: the core reads these fields of GAME "
                           f"(reference/core/game.py) and the table 'The GAME fields' does not list them: {missing}")
    assert listed - set(game_fields()) == set(), "the table lists fields GAME does not have"


def test_the_document_lists_every_module_and_file_found_by_name():
    listed = code_spans(section(DOCUMENT.read_text(encoding="utf-8"), "Files found by name"))
    missing = {item: where for item, where in read_by_name().items() if item not in listed}
    assert missing == {}, (f"{DOCUMENT.relative_to(ROOT)}: the code finds these by name and the section "
                           f"'Files found by name' does not list them (item: first reader): {missing}")


def test_the_checklist_is_found_from_the_code():
    """The scan finds what the code reads, so that the tests above are not vacuous."""
    found = read_by_name()
    assert {"reference/<game>/fuzzing.py", "reference/<game>/question.py", "reference/<game>/rules/",
            "reference/<game>/clauses.yaml", "reference/<game>/equivalent_mutants.yaml",
            "tests/<game>/documented_meanings.py", "schema/<game>/steps.schema.json"} <= found.keys()
    assert {"name", "clause_prefix", "replay", "catalog_file"} <= set(game_fields())


def test_a_new_by_name_read_is_found():
    """A reader the core might grow: a module imported by name and a file opened by name."""
    source = ('import importlib\nNOTES = "tables.yaml"\n'
              'def f(game):\n'
              '    importlib.import_module(f"reference.{game.name}.scoring")\n'
              '    return game.package_dir / NOTES, game.package_dir / "odds.yaml"\n')
    assert by_name_modules(source) == {"reference/<game>/scoring"}
    assert package_files(source) == {"reference/<game>/tables.yaml", "reference/<game>/odds.yaml"}
