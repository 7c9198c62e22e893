"""The hello's option values are checked against each option's declared shape (issue 32 item 3):
an odds table given where a list of tables is due, a misspelt option, a range on a text option
fail the handshake with their path instead of skipping every case silently; `{"any": true}`
offers every value; `fuzz --option NAME=all` runs the values a range offers, or names the ones
it does not run."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from horserace_cli.commands.fuzz import option_sets
from reference.core.adapter import answer_case, hello_reply
from reference.core.options import offered_option_problems, values_to_run
from reference.core.protocol import case_message, validate_implementation_message
from reference.core.runner import ImplementationUnavailable, offers, run_cases, unsupported_options
from reference.core.vectors import load_cases

FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"
CARD_CASE = "crd-int-odds-other-table"          # a case run under options.odds [2, 3, 4, 6, 12]


def test_one_odds_table_given_where_a_list_of_tables_is_due_is_named():
    problems = offered_option_problems("cards", {"odds": [1, 2, 3, 5, 10]})
    assert problems == ["games.cards.options.odds: [1, 2, 3, 5, 10] is one value of option odds, not a list "
                        "of values: write [[1, 2, 3, 5, 10]] (each entry is one value supported; or "
                        '[{"any": true}] for every value)']


@pytest.mark.parametrize("game, offered, said", [
    ("cards", {"odds": [[1, 2, 3, 5]]}, "odds[0]: [1, 2, 3, 5] is not a value of option odds: it takes a list of 5 integers"),
    ("cards", {"starting_balance": ["20"]}, 'starting_balance[0]: "20" is not a value of option starting_balance'),
    ("cards", {"starting_balance": [{"min": 0, "max": 30}]}, "starting_balance[0]: min 0 is not a value"),
    ("cards", {"starting_balance": [{"min": 30, "max": 20}]}, "above its max 20: it offers nothing"),
    ("cards", {"bank_cover": [{"min": 1, "max": 2}]}, "a range {min, max} is for an integer option"),
    ("cards", {"bank_covr": ["net"]}, "cards has no option 'bank_covr' (its options: bank_cover, odds,"),
    ("dominoes", {"opening_continues": [1]}, "opening_continues[0]: 1 is not a value of option opening_continues: "
                                             "it takes true or false"),
    ("horse_fever", {"short_of_minimum": "skip_bet"}, 'short_of_minimum: list the values supported, e.g. ["skip_bet"]'),
])
def test_an_entry_that_is_not_a_value_of_its_option_is_named_with_its_path(game, offered, said):
    problems = offered_option_problems(game, offered)
    assert len(problems) == 1 and said in problems[0], problems


def test_the_reference_hello_ranges_and_any_pass_the_check():
    hello = hello_reply(["dominoes", "cards", "horse_fever"])
    for game, offered in hello["games"].items():
        assert offered_option_problems(game, offered["options"]) == []
    assert offered_option_problems("cards", {"starting_balance": [{"min": 1, "max": 100}, 200],
                                             "odds": [{"any": True}], "bank_cover": ["net", "gross"]}) == []


def test_any_offers_every_value_of_the_option():
    assert offers([{"any": True}], [2, 3, 4, 6, 12]) and offers([{"any": True}], 7)
    assert not offers([{"any": 1}], 7)                          # type-exact: 1 is not true
    case = {"game": "cards", "options": {"odds": [2, 3, 4, 6, 12]}}
    assert unsupported_options(case, {"odds": [{"any": True}]}) is None
    assert unsupported_options({"game": "cards", "options": {}}, {"odds": [{"any": True}]}) is None
    validate_implementation_message({"type": "hello", "protocol": 1, "implementation": {"name": "x"},
                                     "games": {"cards": {"kinds": ["race"], "options": {"odds": [{"any": True}]}}}})


def fake_with_hello(tmp_path: Path, cases: list[dict], options: dict) -> str:
    hello = hello_reply(["cards"])
    hello["games"]["cards"]["options"] = options
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"hello": hello, "answers": {c["id"]: answer_case(case_message(1, c)) for c in cases}}))
    return f"env FAKE_ANSWERS={shlex.quote(str(path))} {shlex.quote(sys.executable)} -S {shlex.quote(str(FAKE))} good 0"


@pytest.fixture(scope="module")
def card_cases():
    return load_cases(["cards"], wanted={CARD_CASE}.__contains__)


def test_a_hello_offering_one_table_as_the_list_fails_the_handshake_instead_of_skipping(tmp_path, card_cases):
    with pytest.raises(ImplementationUnavailable) as failed:
        run_cases(fake_with_hello(tmp_path, card_cases, {"odds": [2, 3, 4, 6, 12]}), card_cases)
    message = str(failed.value)
    assert "handshake failed" in message and "games.cards.options.odds: [2, 3, 4, 6, 12] is one value" in message


def test_a_hello_offering_any_table_runs_the_case_of_another_table(tmp_path, card_cases):
    assert card_cases[0]["options"] == {"odds": [2, 3, 4, 6, 12]}
    results, _ = run_cases(fake_with_hello(tmp_path, card_cases, {"odds": [{"any": True}]}), card_cases)
    assert [r.status for r in results] == ["passed"]


def test_option_all_runs_a_short_range_whole_and_a_long_one_at_its_bounds_and_the_register_values(capsys):
    sets = option_sets("cards", {}, ["starting_balance"], {"starting_balance": [{"min": 3, "max": 6}]})
    assert [s["starting_balance"] for s in sets] == [3, 4, 5, 6]
    sets = option_sets("cards", {}, ["starting_balance"], {"starting_balance": [{"min": 1, "max": 100}]})
    # the register names 20 (the default), 10 and 5 for CRD-INT-5
    assert [s["starting_balance"] for s in sets] == [1, 5, 10, 20, 100]
    err = capsys.readouterr().err
    assert "--option starting_balance=all: the range 1..100 (100 values) is run at 1, 5, 10, 20, 100" in err
    assert "its other values are not run" in err


def test_option_all_with_any_runs_the_register_values_and_says_no_other_is_run(capsys):
    sets = option_sets("cards", {}, ["odds"], {"odds": [{"any": True}]})
    assert [s["odds"] for s in sets] == [[1, 2, 3, 5, 10], [2, 3, 4, 6, 12]]
    assert "no other value is run" in capsys.readouterr().err


def test_values_to_run_keeps_values_apart_type_exactly_and_open_ranges_at_their_bound():
    values, notes = values_to_run([True, 1, {"min": 50}], [20, 60, 5])
    assert values == [True, 1, 50, 60] and "an open range" in notes[0]
