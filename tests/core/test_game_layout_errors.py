"""What a game's folders lack is said where it is, never as a traceback (issue 34, item 5): a
missing steps, observations or scenario schema of a game (`horserace generate` ended in a raw
FileNotFoundError), and a clause catalog naming a rule text that is not there (the integrity
test skipped it without a word, and `explain` printed the missing file as every clause's source).
"""

from __future__ import annotations

import dataclasses
import shutil

import pytest

from horserace_cli.main import main
from reference.core import catalog as catalog_module
from reference.core import schemas
from reference.core.errors import ScenarioError, SuiteLayoutError
from reference.core.game import get_game
from reference.core.implementers_doc import Schemas, implementers_markdown
from reference.core.paths import SCHEMA_DIR
from reference.core.seed_texts import available

GAME = "cards"          # data: the game whose folders each test takes a file from


@pytest.fixture()
def schema_copy(tmp_path, monkeypatch):
    """schema/ copied to tmp_path and read from there: a test removes a file of the copy."""
    root = tmp_path / "schema"
    shutil.copytree(SCHEMA_DIR, root)
    monkeypatch.setattr(schemas, "SCHEMA_DIR", root)
    return root


@pytest.mark.parametrize("name", ["steps.schema.json", "observations.schema.json", "scenario.schema.json"])
def test_a_missing_schema_of_a_game_is_named_with_what_a_game_keeps(schema_copy, name):
    (schema_copy / GAME / name).unlink()
    with pytest.raises(SuiteLayoutError) as raised:
        schemas.require_game_schemas(get_game(GAME))
    message = str(raised.value)
    assert f"{GAME}/{name} is missing" in message
    assert "scenario.schema.json, steps.schema.json, observations.schema.json in schema/<game>/" in message
    assert "docs/adding-a-game.md" in message


def test_generate_says_which_schema_is_missing_before_writing_anything(schema_copy, capsys):
    (schema_copy / GAME / "steps.schema.json").unlink()
    assert main(["generate", "--check", "--game", GAME]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"horserace generate: error: ") and f"{GAME}/steps.schema.json is missing" in err
    assert "Traceback" not in err and "internal error" not in err


def test_the_implementers_document_names_a_missing_observations_schema(tmp_path):
    root = tmp_path / "schema"
    shutil.copytree(SCHEMA_DIR, root)
    (root / GAME / "observations.schema.json").unlink()
    with pytest.raises(SuiteLayoutError, match=f"{GAME}/observations.schema.json is missing"):
        implementers_markdown([get_game(GAME)], Schemas(root))


def test_a_schema_that_is_not_json_is_named_with_its_line(tmp_path):
    path = tmp_path / "steps.schema.json"
    path.write_text('{\n  "title": "x",\n  oops\n}\n', encoding="utf-8")
    with pytest.raises(SuiteLayoutError, match=r"steps.schema.json:3:3: invalid JSON in schema"):
        schemas.read_schema_file(path)


# -- a catalog naming a rule text that is not there ----------------------------------------------

@pytest.fixture()
def catalog_naming(tmp_path, monkeypatch):
    """(file, loader): the game's catalog copied to tmp_path with one text renamed, and the
    catalog loader reading it (without the loader's cache: the real catalog stays cached)."""
    real = get_game(GAME)
    package = tmp_path / GAME
    package.mkdir()

    def naming(old: str, new: str):
        text = (real.package_dir / "clauses.yaml").read_text(encoding="utf-8")
        assert old in text
        (package / "clauses.yaml").write_text(text.replace(old, new), encoding="utf-8")
        monkeypatch.setattr(catalog_module, "get_game",
                            lambda name: dataclasses.replace(real, package_dir=package) if name == GAME else get_game(name))
        return package / "clauses.yaml", catalog_module.load_catalog.__wrapped__
    return naming


@pytest.mark.skipif(not available(), reason="the seed texts (../shared/seeds) are not beside this checkout")
def test_a_catalog_naming_a_rule_text_that_is_not_there_is_refused_where_it_names_it(catalog_naming):
    path, load = catalog_naming("es: 003_befcb0f77e55c704.txt", "es: 003_0000000000000000.txt")
    with pytest.raises(ScenarioError) as raised:
        load(GAME)
    error = raised.value
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "003_0000000000000000" in text)
    assert (error.line, error.field) == (line, "seeds.es")
    assert "no rule text 003_0000000000000000.txt in" in str(error) and "shared/seeds" in str(error)


@pytest.mark.skipif(not available(), reason="the seed texts (../shared/seeds) are not beside this checkout")
def test_the_catalog_as_it_is_loads(catalog_naming):
    _, load = catalog_naming("es: 003_befcb0f77e55c704.txt", "es: 003_befcb0f77e55c704.txt")
    assert load(GAME).clauses
