"""One vocabulary for money (issue 33, item 5): stake, net winnings, total returned and net result,
defined once in the README and used by `odds`, the replays, `explain`, `ruling` and the reports.

The amounts are the texts' own: a chip at 2:1 on the winning diamond gets «1 devuelta más 2 de
beneficio, total 3» (003, "El octavo diamante gana"); a 100 D win bet at 1:3 hands back 300 D
under HF-INT-1's default reading, a gain of 200 D.
"""

from __future__ import annotations

import re

from horserace_cli.main import main
from reference.core import money
from reference.core.paths import REPO_ROOT, SCENARIO_DIR


def output(capsys, *argv):
    assert main(list(argv)) == 0
    return " ".join(capsys.readouterr().out.split())


def test_the_readme_defines_each_word_once_as_the_code_does():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Money words"):]
    section = section[:section.index("\n## ", 4)]
    defined = dict(re.findall(r"^- \*\*([a-z ]+)\*\*: (.+)$", section, flags=re.MULTILINE))
    assert defined == money.DEFINITIONS
    assert readme.count("- **total returned**:") == 1


def test_odds_says_net_winnings_and_total_returned_not_wins(capsys):
    out = output(capsys, "odds", "--counts", "2,2,1,2")
    assert "brings N chips of net winnings" in out and "total returned N + 1, the stake included" in out
    assert "net result/chip" in out and "chance" in out
    assert "wins N chips" not in out and "gain per chip" not in out


def test_a_card_replay_pays_in_the_defined_words(capsys):
    out = output(capsys, "replay", str(SCENARIO_DIR / "cards" / "ex-eighth-diamond.yaml"))
    assert "seat 1: total returned 3 (stake 1 + net winnings 2)" in out
    assert "the bank collects 1 in losing stakes and pays 2 in net winnings" in out
    assert "net results [-1, 2, -1]" in out
    assert " gets 3" not in out


def test_a_horse_fever_replay_pays_in_the_defined_words(capsys):
    out = output(capsys, "replay", str(SCENARIO_DIR / "horse_fever" / "ex-win-bet-odds-three.yaml"))
    assert "won: total returned 300 D (stake 100 D + net winnings 200 D) and 3 VP" in out
    assert "lost: the stake of 100 D goes to the bank" in out
    assert "wins 300 D" not in out


def test_explain_defines_the_money_words_a_clause_uses(capsys):
    out = output(capsys, "explain", "CRD-PAY-2")
    assert "A winning bet's total returned is its stake plus the posted net winnings" in out
    assert 'money words (README, "Money words"):' in out
    assert f"total returned: {money.DEFINITIONS['total returned']}" in out
    assert "net winnings: " in out and "net result: " not in out      # only the words it uses


def test_words_used_and_returned_text():
    assert money.words_used("Stakes and net winnings") == ["stake", "net winnings"]
    assert money.words_used("a horse wins the race") == []
    assert money.returned_text(100, 300, "D") == "total returned 300 D (stake 100 D + net winnings 200 D)"
