"""The generated documents (reference/core/register.py): the three files `horserace generate`
writes under docs/, each the same as the committed one; and the clause index's scenario cell,
which joins a clause's citing scenarios and its waiver."""

from __future__ import annotations

import dataclasses

from reference.core import register
from reference.core.catalog import load_catalog
from reference.core.game import all_games, get_game
from reference.core.paths import REPO_ROOT

GAME = "dominoes"


def test_the_documents_are_the_three_committed_files_under_docs():
    documents = register.documents(list(all_games().values()))
    assert sorted(documents) == [REPO_ROOT / "docs" / name for name in ("clauses.md", "interpretations.md",
                                                                         "languages.md")]
    for path, text in documents.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} differs: run horserace generate"


def row(text: str, clause_id: str) -> str:
    [line] = [line for line in text.splitlines() if line.startswith(f"| {clause_id} |")]
    return line


def test_a_waiver_follows_the_scenarios_that_cite_the_clause(monkeypatch):
    real = load_catalog(GAME)
    plain = register.clauses_markdown([get_game(GAME)])
    cited = next(c for c in real.clauses.values() if not c.waiver and not row(plain, c.id).endswith("|  |"))
    waived = dataclasses.replace(real, clauses={
        **real.clauses, cited.id: dataclasses.replace(cited, waiver="shown by\n  the scenarios alone")})
    monkeypatch.setattr(register, "load_catalog", lambda name: waived)
    text = register.clauses_markdown([get_game(GAME)])
    assert row(text, cited.id) == row(plain, cited.id)[:-len(" |")] + "; waived: shown by the scenarios alone |"
    # cited by no scenario: the waiver alone
    monkeypatch.setattr(register, "scenario_clauses", lambda scenario: set())
    text = register.clauses_markdown([get_game(GAME)])
    assert row(text, cited.id).endswith(" | waived: shown by the scenarios alone |")
