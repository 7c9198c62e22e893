"""Bad scenario input gets an error naming the file, the line, the field and what is wrong."""

import textwrap

import pytest

from reference.core.verify import verify_file

from tests.support import assert_located_error, error_of, line_of

DECK = ("[4S, 5S, 6S, 7S, 8S, 9S, 10S, JS, QS, KS, 4H, 5H, 6H, 7H, 8H, 9H, 10H, JH, QH, KH, "
        "4D, 5D, 6D, 7D, 8D, 9D, 10D, JD, QD, KD, 3C, 4C, 5C, 6C, 7C, 8C, 9C, 10C, JC, QC, KC]")

GOOD = textwrap.dedent(f"""\
    id: crd-bad-input-probe
    title: A small race used to probe bad input
    game: cards
    kind: race
    clauses: [CRD-BET-3]
    setup:
      players: 3
      banker: 0
      balances: [20, 20, 20]
    steps:
      - lay:
          track: [2S, 3S, 2H, 3H, 2D, 3D, 2C]
          deck: {DECK}
      - bet: S
      - bet: H
        expect:
          phase: racing
    """)


def test_the_probe_itself_is_good(tmp_path):
    path = tmp_path / "probe.yaml"
    path.write_text(GOOD)
    assert verify_file(path).ok


@pytest.mark.parametrize("old, new, field, words", [
    pytest.param("deck: [4S, 5S", "deck: [4S, 4S", "steps[0].lay.deck[1]",
                 "4S appears twice (first at steps[0].lay.deck[0])",
                 marks=pytest.mark.clause("CRD-SET-1")),
    pytest.param("deck: [4S, 5S", "deck: [2S, 5S", "steps[0].lay.deck[0]",
                 "2S appears twice (first at steps[0].lay.track[0])",
                 marks=pytest.mark.clause("CRD-SET-1")),
    pytest.param("deck: [4S, 5S,", "deck: [5S,", "steps[0].lay.deck",
                 "40 cards; the race deck holds the other 41; missing: 4S",
                 marks=pytest.mark.clause("CRD-TRACK-3")),
    pytest.param("deck: [4S, 5S", "deck: [JK, 5S", "steps[0].lay.deck[0]", "pack without jokers",
                 marks=pytest.mark.clause("CRD-SET-1")),
    pytest.param("deck: [4S, 5S", "deck: [AS, 5S", "steps[0].lay.deck[0]", "AS is a horse",
                 marks=pytest.mark.clause("CRD-TRACK-1")),
    ("deck: [4S, 5S", "deck: [4X, 5S", "steps[0].lay.deck[0]", "'4X' is not a card"),
    pytest.param("track: [2S, 3S,", "track: [2S,", "steps[0].lay.track", "6 cards; the track has 7",
                 marks=pytest.mark.clause("CRD-TRACK-2")),
    ("  - bet: S\n", "  - bet: X\n", "steps[1].bet", "unknown horse 'X'"),
    pytest.param("  - bet: S\n", "  - bet: S\n    by: 0\n", "steps[1].by", "seat 0 banks this race",
                 marks=pytest.mark.clause("CRD-BET-3")),
    pytest.param("  - bet: S\n", "  - bet: S\n    stake: 3\n", "steps[1].stake", "stakes exactly 1 chip",
                 marks=pytest.mark.clause("CRD-BET-3")),
    pytest.param("balances: [20, 20, 20]", "balances: [2, 20, 20]", "steps[1].bet",
                 "the bank (seat 0, 2 chips) could not pay 3 chips if S won",
                 marks=pytest.mark.clause("CRD-BET-4")),
    ("balances: [20, 20, 20]", "balances: [20, 20]", "setup.balances", "one balance per seat"),
    pytest.param("players: 3", "players: 2", "setup.players", "3 or more people",
                 marks=pytest.mark.clause("CRD-SET-2")),
    ("banker: 0", "banker: 5", "setup.banker", "5 is not a seat"),
])
def test_engine_errors_name_file_line_and_field(request, tmp_path, old, new, field, words):
    """A case marked with a clause is a refusal by that rule, and the message cites it; the
    unmarked cases are misspelt names and numbers out of range, not rules of play."""
    error = assert_located_error(tmp_path, GOOD, old, new, field, words)
    marker = request.node.get_closest_marker("clause")
    if marker:
        assert f"(rule {marker.args[0]})" in str(error), str(error)


# Issue 11: every numeric setup field is bounded (reference/cards/limits.py) before anything is
# allocated; 10**30 players used to raise OverflowError and 300,000,000 a MemoryError.
@pytest.mark.parametrize("old, new, field, words", [
    ("players: 3", "players: 1000000000000000000000000000000", "setup.players", "maximum of 100"),
    ("players: 3", "players: 300000000", "setup.players", "maximum of 100"),
    ("banker: 0", "banker: 100000000000000000000", "setup.banker", "maximum of 99"),
    ("balances: [20, 20, 20]", "balances: [20, 20, 10000000000000]", "setup.balances[2]", "maximum of 1000000000"),
    ("  - bet: S\n", "  - bet: S\n    by: 500\n", "steps[1].by", "maximum of 99"),
    ("  - bet: S\n", "  - action: bet S by 500\n", "steps[1].action", "500 is not a seat"),
    ("  - bet: S\n", "  - reveal: 50\n", "steps[1].reveal", "maximum of 41"),
    ("kind: race\n", "kind: race\noptions: {odds: [1, 2, 3, 5, 100000000000]}\n", "options.odds[4]", "maximum"),
    ("kind: race\n", "kind: race\noptions: {starting_balance: 100000000000}\n", "options.starting_balance",
     "maximum"),
])
def test_numbers_beyond_the_suite_bounds_are_refused_with_their_line(tmp_path, old, new, field, words):
    assert_located_error(tmp_path, GOOD, old, new, field, words)


@pytest.mark.clause("CRD-BET-4")
def test_a_bank_that_cannot_cover_points_at_the_bet_line(tmp_path):
    text = GOOD.replace("balances: [20, 20, 20]", "balances: [2, 20, 20]")
    error = error_of(tmp_path, text)
    assert error.line == line_of(text, "- bet: S")
    assert "(rule CRD-BET-4)" in str(error)


def test_a_misspelt_step_or_expectation_is_refused_by_the_schema(tmp_path):
    error = error_of(tmp_path, GOOD.replace("  - bet: H\n", "  - bet: H\n    revael:\n"))
    assert "revael" in str(error) and error.field.startswith("steps[2]")
    error = error_of(tmp_path, GOOD + "      balnces: [20, 20, 20]\n")
    assert "balnces" in str(error) and error.field.startswith("steps[2].expect")


def test_a_lay_gives_a_shuffle_or_a_track_not_both(tmp_path):
    text = GOOD.replace("  - lay:\n", "  - lay:\n      shuffle: [2S]\n", 1)
    error = error_of(tmp_path, text)
    assert error.field == "steps[0].lay" and "either 'shuffle' or 'track' and 'deck', not both" in str(error)


def test_two_actions_in_one_step(tmp_path):
    error = error_of(tmp_path, GOOD.replace("  - bet: S\n", "  - bet: S\n    reveal:\n"))
    assert "one action per step" in str(error)


def test_an_unexpected_refusal_is_an_error_with_its_rule(tmp_path):
    error = error_of(tmp_path, GOOD.replace("  - bet: S\n", "  - reveal:\n"))
    assert error.field == "steps[1].reveal"
    assert "seat 1 has still to choose" in str(error) and "CRD-BET-5" in str(error)


def test_an_unknown_option_is_refused(tmp_path):
    error = error_of(tmp_path, GOOD.replace("kind: race\n", "kind: race\noptions: {bank_cover: maybe}\n"))
    assert "options.bank_cover" in str(error) or "maybe" in str(error)
