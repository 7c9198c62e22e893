"""What a failure reads like in `horserace check`'s text report: each difference once, a whole
differing event named as that event, a missing refusal said as such; and a selection naming a
game or kind that does not exist is an error naming it, not an empty selection."""

import json
import shlex
import sys

from horserace_cli.main import main
from reference.core.adapter import answer_case
from reference.core.protocol import case_message
from reference.core.report import text_summary
from reference.core.results import CaseResult, judge
from reference.core.vectors import load_cases

ADAPTER = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter"


def test_a_whole_differing_event_is_named_as_that_event_and_printed_once(capsys):
    # DOM-END-1 / DOM-MATCH-2: a last tile that reaches 61 wins the match at once (match_won by
    # placement at events[2]); the misreading settles the round first (round_won, settlement, ...)
    case_id = "dom-match-last-tile-reaches-target"
    assert main(["check", "--id", case_id, "--impl", f"{ADAPTER} --mutant settle-after-winning-domino"]) == 1
    out = capsys.readouterr().out.splitlines()
    block = out[out.index(f"FAILED dominoes match {case_id}"):]
    block = block[:next(i for i, line in enumerate(block) if line.startswith("  attributed to:"))]
    fields = [line.split(":")[0].strip() for line in block if line.startswith("    ") and not line.startswith("     ")]
    assert fields == ["events[2]", "events[3]", "events[4]", "scores", "settlement"]    # each once
    assert not any(".type" in line for line in block)
    [expected] = [line for line in block if line.startswith("    events[2]: expected ")]
    assert expected.startswith('    events[2]: expected match_won {"by": "placement", "scores": [61, ')
    actual = block[block.index(expected) + 1]
    assert actual.split() == ["actual", "round_won", '{"player":', "0,", '"side":', "0}"]
    assert block[block.index(expected) + 2].startswith("    events[3]: expected (absent)")
    assert "actual   settlement {" in block[block.index(expected) + 3]


def refusal_case() -> tuple[dict, int]:
    """A domino match case whose step is refused under DOM-DRAW-1 (a draw by a seat that can place)."""
    for case in load_cases(["dominoes"], kinds=["match"]):
        for index, want in enumerate(case["expected"]):
            if want.get("error") == "DOM-DRAW-1":
                return case, index
    raise AssertionError("no match case refuses a draw under DOM-DRAW-1")


def test_a_missing_refusal_says_the_step_should_have_been_refused_and_what_was_done():
    case, index = refusal_case()
    steps = answer_case(case_message(1, case))["steps"]
    # the implementation accepts the draw: it reports the seat drawing the top tile of the pile
    accepted = {"events": [{"type": "drew", "player": 0, "tile": "6|6", "playable": False}],
                "scores": [0, 0], "turn": 0, "phase": "play", "legal_actions": ["draw"]}
    steps[index] = accepted
    status, mismatch = judge(case, json.loads(json.dumps(steps)))
    assert status == "failed" and mismatch["step"] == index
    [difference] = mismatch["differences"]
    assert difference["expected"] == "the step is refused under DOM-DRAW-1"
    assert difference["actual"].startswith("the step was accepted; the implementation reported {")
    assert '"type": "drew"' in difference["actual"]
    text = text_summary([CaseResult(case["id"], "dominoes", "match", status, case["clauses"], mismatch=mismatch)])
    lines = text.splitlines()
    said = lines.index("    the step should have been refused under DOM-DRAW-1; the implementation accepted it")
    assert lines[said + 1].startswith('      and reported {"events": [{"playable": false, "player": 0, "tile": "6|6"')
    assert "(not observed)" not in text and 'expected "DOM-DRAW-1"' not in text


def test_what_an_engine_reported_for_a_step_it_should_have_refused_is_cut_short():
    case, index = refusal_case()
    steps = answer_case(case_message(1, case))["steps"]
    steps[index] = {"events": [{"type": "note", "text": "x" * 5000}]}
    _, mismatch = judge(case, steps)
    actual = mismatch["differences"][0]["actual"]
    assert len(actual) < 800 and "…(truncated" in actual


def test_an_unknown_game_kind_or_mode_is_named_with_the_nearest(capsys):
    assert main(["check", "--game", "domino"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'domino' (did you mean dominoes?)" in err
    assert "cards, dominoes, horse_fever" in err and "no case matches" not in err
    assert main(["check", "--game", "dominoes", "--kind", "layuot"]) == 2
    err = capsys.readouterr().err
    assert "unknown kind 'layuot' (did you mean layout?)" in err and "settlement" in err
    assert main(["check", "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess';" in err and "did you mean" not in err
    assert main(["fuzz", "--game", "domino"]) == 2
    assert "unknown game 'domino' (did you mean dominoes?)" in capsys.readouterr().err
