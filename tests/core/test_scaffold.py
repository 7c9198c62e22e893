"""`horserace new-game` (issue 34, item 2): a game made from the template folder is registered and
passes the checks before its first rule is written, then fails where a rule is missing.

The game is written into a scratch copy of the checkout (the registry finds games by folder,
so the copy's `reference/` is the one imported: PYTHONPATH), beside a scratch `shared/` holding
the rule texts and a made-up one for the new game; every command runs there in a subprocess,
so this checkout and this process's registry are untouched. The per-game tests of tests/core
run on the new game (`-k guess`); the whole suite on a scaffolded game is a step of
docs/adding-a-game.md, run by hand.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from reference.core.game import all_games
from reference.core.scaffold import (TEMPLATE_DIR, TEMPLATE_SUFFIX, NewGame, ScaffoldError, check_new_game,
                                     planned_files)

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
SEED = "900_0123456789abcdef.txt"
# a made-up rule text (the tiny game): a title, two sections, a sentence each
TEXT = ("GUESS\n\nA tiny game for two to four players.\n\n1. SETUP\nShuffle the deck and turn one card face up.\n\n"
        "2. PLAY\nEach player in turn guesses higher or lower than the face-up card.\n")
NEW_GAME = ["new-game", "guess", "--prefix", "GS", "--seed", SEED, "--lang", "en", "--section", "1. SETUP"]
COPIED = ("reference", "schema", "vectors", "docs", "tests", "tools", "examples",
          "pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".hypothesis")


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """A copy of the checkout at <tmp>/repo and the rule texts at <tmp>/shared (the checkout's ../shared)."""
    if not (SHARED / "seeds").is_dir():
        pytest.skip(f"the rule texts are not beside the checkout ({SHARED / 'seeds'})")
    tmp = tmp_path_factory.mktemp("new_game")
    repo, shared = tmp / "repo", tmp / "shared"
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=SKIPPED)
        elif source.is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, repo / name)
    (shared / "seeds").mkdir(parents=True)
    for entry in SHARED.iterdir():
        if entry.name != "seeds":
            (shared / entry.name).symlink_to(entry)
    for text in (SHARED / "seeds").iterdir():
        (shared / "seeds" / text.name).symlink_to(text)
    (shared / "seeds" / SEED).write_text(TEXT, encoding="utf-8")
    return repo


def run_in(repo: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHONPATH"))}
    env["PYTHONPATH"] = os.pathsep.join([str(repo), str(repo / "tools")])
    return subprocess.run([sys.executable, *argv], cwd=repo, env=env, capture_output=True, text=True, timeout=300)


def horserace(repo: Path, *argv: str) -> subprocess.CompletedProcess:
    return run_in(repo, "-m", "horserace_cli.main", *argv)


def said(done: subprocess.CompletedProcess) -> str:
    return f"exit {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"


@pytest.fixture(scope="module")
def new_game(scratch) -> Path:
    done = horserace(scratch, *NEW_GAME)
    assert done.returncode == 0, said(done)
    for name in ("reference/guess/__init__.py", "reference/guess/clauses.yaml", "schema/guess/steps.schema.json",
                 "tests/guess/documented_meanings.py", "docs/clauses.md", "vectors/MANIFEST.json"):
        assert f"wrote {name}\n" in done.stdout
    return scratch


def test_a_new_game_is_registered_and_generated(new_game):
    done = run_in(new_game, "-c", "from reference.core.game import all_games; from reference.core.register import "
                  "documents; from reference.core.vectors import selected_games; print(sorted(all_games())); "
                  "print([p.name for p, t in documents(selected_games(None)).items() if p.read_text() != t])")
    assert done.returncode == 0, said(done)
    games, stale_documents = done.stdout.splitlines()
    assert "guess" in games and stale_documents == "[]"
    assert "## Guess" in (new_game / "docs" / "clauses.md").read_text(encoding="utf-8")
    # --game guess: its vectors (none: no kind yet), the manifest and docs/implementers.md;
    # the documents above; the other games' vectors are the checkout's own, unchanged
    done = horserace(new_game, "generate", "--check", "--game", "guess")
    assert done.returncode == 0 and "vectors are up to date" in done.stdout, said(done)


def test_a_new_game_passes_verify_and_the_tests_of_every_game(new_game):
    done = horserace(new_game, "verify")
    assert done.returncode == 0 and " 0 failed, 0 errors" in done.stdout, said(done)
    done = run_in(new_game, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-rs", "tests/core",
                  "-k", "guess", "--deselect", "tests/core/test_scaffold.py")
    assert done.returncode == 0, said(done)
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 10 and "guess has no kind yet" in done.stdout, said(done)


def test_a_new_game_fails_where_a_rule_is_missing(new_game):
    """Its first clause in the catalog, no rule deciding it yet: the structure test names it."""
    catalog = new_game / "reference" / "guess" / "clauses.yaml"
    before = catalog.read_text(encoding="utf-8")
    catalog.write_text(before.replace("sections:\n", "sections:\n  setup:\n    en: \"1. SETUP\"\n", 1)
                       + "  - id: GS-SETUP-1\n    section: setup\n    summary: \"One card is turned face up.\"\n"
                         "    quotes:\n      en: [\"Shuffle the deck and turn one card face up.\"]\n",
                       encoding="utf-8")
    try:
        done = run_in(new_game, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q",
                      "tests/core/test_rules_structure.py", "-k", "guess")
        assert done.returncode == 1 and "GS-SETUP-1" in done.stdout, said(done)
        assert "test_every_clause_is_decided_in_exactly_one_marked_place[guess]" in done.stdout, said(done)
    finally:
        catalog.write_text(before, encoding="utf-8")


def test_a_game_that_cannot_be_generated_leaves_nothing(scratch):
    """The generation fails after the folders are written: they go, and the documents stay as they were."""
    documents = {p: p.read_bytes() for p in sorted((scratch / "docs").glob("*.md"))}
    done = run_in(scratch, "-c", "import reference.core.scaffold as s\n"
                  "from reference.core.errors import HorseRaceError\n"
                  "def fail(name):\n    s.generate_for_real(name)\n    raise HorseRaceError('planted')\n"
                  "s.generate_for_real, s.generate_for = s.generate_for, fail\n"
                  f"s.write_new_game(s.NewGame('broken', 'BRK', 'Broken', {SEED!r}, 'en', '1. SETUP'))\n")
    assert done.returncode == 1 and "ScaffoldError: the game broken was not written" in done.stderr, said(done)
    assert "planted" in done.stderr
    assert not [p for p in scratch.glob("*/broken")] + [p for p in scratch.glob("vectors/*/broken")]
    assert {p: p.read_bytes() for p in sorted((scratch / "docs").glob("*.md"))} == documents


def test_the_template_is_not_a_game():
    assert TEMPLATE_DIR.is_dir() and not any(TEMPLATE_DIR.rglob("*.py")), "template files end in .tmpl"
    assert all(p.name.endswith(TEMPLATE_SUFFIX) for p in TEMPLATE_DIR.rglob("*") if p.is_file())
    assert not [g for g in all_games().values() if TEMPLATE_DIR in g.package_dir.parents or g.name.startswith("_")]


def test_every_marker_of_the_template_is_replaced(tmp_path):
    game = NewGame("guess", "GS", "Guess", SEED, "en", "1. SETUP")
    files = planned_files(game, tmp_path)
    assert tmp_path / "reference" / "guess" / "rules" / "__init__.py" in files
    for path, text in files.items():
        assert "__GAME__" not in str(path)
        assert not [m for m in game.markers() if m in text], path


@pytest.mark.parametrize("name, prefix, seed, says", [
    ("Tiny", "TN", "003_befcb0f77e55c704.txt", "not a game name"),
    ("core", "TN", "003_befcb0f77e55c704.txt", "not a game name"),
    ("tiny", "T1", "003_befcb0f77e55c704.txt", "2 to 5 capital letters"),
    ("tiny", "CRD", "003_befcb0f77e55c704.txt", "uses it"),
    ("tiny", "TN", "tiny.txt", "NNN_<16 hex digits>.txt"),
    ("tiny", "TN", "999_0000000000000000.txt", "no such rule text"),
])
def test_a_new_game_the_suite_cannot_take_is_refused_saying_what_to_do(tmp_path, name, prefix, seed, says):
    if not (SHARED / "seeds").is_dir():
        pytest.skip("the rule texts are not beside the checkout")
    with pytest.raises(ScaffoldError, match=says):
        check_new_game(NewGame(name, prefix, "Tiny", seed, "en"), tmp_path)


def test_a_game_with_folders_already_is_refused(tmp_path):
    (tmp_path / "schema" / "tiny").mkdir(parents=True)
    with pytest.raises(ScaffoldError, match="has folders already: schema/tiny"):
        check_new_game(NewGame("tiny", "TN", "Tiny", "003_befcb0f77e55c704.txt", "en"), tmp_path)
