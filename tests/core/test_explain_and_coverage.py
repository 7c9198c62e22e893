"""`horserace explain` and `horserace coverage`."""

from horserace_cli.main import main
from reference.core.catalog import load_catalog


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_explain_a_clause_gives_summary_source_interpretations_and_scenarios(capsys):
    code, out, _ = run(capsys, "explain", "DOM-DRAW-1")
    assert code == 0
    assert "A player with a legal placement must play and may not draw instead." in out
    assert '000_4b46d0a29dfc69d7.txt - "Robar o pasar el turno"' in out
    assert "DOM-INT-1 A continuing player with no legal placement" in out
    assert "dom-match-turn-rules" in out


def test_explain_an_interpretation_gives_question_reading_alternatives_flag_and_skip(capsys):
    code, out, _ = run(capsys, "explain", "DOM-INT-2")
    out = " ".join(out.split())          # wrapped lines joined
    assert code == 0
    for words in ("question:", "reading (the suite's default):", "option symmetric_points: canonical",
                  "vector flag: symmetric-points-distinct", "dom-int-symmetric-points-canonical"):
        assert words in out


def test_explain_an_example_and_a_scenario(capsys):
    code, out, _ = run(capsys, "explain", "DOM-EX-8")
    assert code == 0 and "dom-ex-settle-blocked-pairs" in out
    code, out, _ = run(capsys, "explain", "dom-wt-branch-opening")
    assert code == 0
    assert "Abertura dos ramos da dupla de ramificação" in out
    assert "DOM-COUNT-7: An unopened side branch adds nothing" in out
    assert "counted ends: 1|2:2 + 3|4:3 = 5" in out


def test_explain_an_unknown_id_is_a_clear_error(capsys):
    code, _, err = run(capsys, "explain", "DOM-NOPE-9")
    assert code == 2 and "is not a clause, worked example, interpretation, language note or scenario id" in err


def test_coverage_passes_and_lists_every_domino_clause(capsys):
    code, out, _ = run(capsys, "coverage", "--game", "dominoes")
    assert code == 0, out
    clauses = load_catalog("dominoes").clauses          # every clause of the catalog has its row
    assert clauses and all(f"  {clause_id} " in out for clause_id in clauses)
    assert "DOM-DEAL-4     waived" in out


def test_coverage_fails_for_an_uncovered_clause(capsys, monkeypatch):
    from reference.core import coverage
    real = coverage.game_coverage

    def without_scenarios(game):
        rows = real(game)
        for row in rows:
            if row.clause.id == "DOM-TIE-2":
                row.scenarios.clear()
                row.cases.clear()
        return rows

    monkeypatch.setattr(coverage, "game_coverage", without_scenarios)
    import horserace_cli.commands.coverage as command
    monkeypatch.setattr(command, "game_coverage", without_scenarios)
    code, out, _ = run(capsys, "coverage", "--game", "dominoes")
    assert code == 1 and "DOM-TIE-2      UNCOVERED" in out
