"""Bad scenario input gets an error naming the file, the line, the field and what is wrong."""

import textwrap

import pytest

from reference.core.verify import verify_file

from tests.support import assert_located_error, error_of, line_of

GOOD = textwrap.dedent("""\
    id: dom-bad-input-probe
    title: A small match used to probe bad input
    game: dominoes
    kind: match
    clauses: [DOM-OPEN-3]
    setup:
      players: 2
      deal:
        opener: 0
        hands:
          - [1|4, 4|4, 3|4, 0|0, 2|2, 2|5, 0|5]
          - [1|1, 1|6, 3|5, 2|3, 4|5, 0|1, 1|2]
        draw_pile: [0|2, 6|6, 0|3, 0|4, 0|6, 1|3, 1|5, 2|4, 2|6, 3|3, 3|6, 4|6, 5|5, 5|6]
    steps:
      - place: 1|4
        by: 0
      - place: 4|4
        at: 1|4 high
    """)


def test_the_probe_itself_is_good(tmp_path):
    path = tmp_path / "probe.yaml"
    # One check (two placements leave the round in play): a scenario that checks nothing fails.
    path.write_text(GOOD + "    expect: {phase: play}\n")
    assert verify_file(path).ok


@pytest.mark.parametrize("old, new, field, words", [
    ("place: 4|4\n", "place: 7|4\n", "steps[1].place", "not in the double-six set"),
    ("place: 4|4\n", "place: 5|6\n", "steps[1].place", "does not hold 5|6"),
    ("at: 1|4 high", "at: 1|4 low", "steps[1].at", "has no 1 to join 1|4 low"),
    ("at: 1|4 high", "at: 6|6 line_a", "steps[1].at", "6|6 is not on the table"),
    ("at: 1|4 high", "at: 1|4 top", "steps[1].at", "unknown side 'top'"),
    ("    by: 0\n", "    by: 1\n", "steps[0].by", "it is seat 0's turn, not seat 1's"),
    ("0|5]\n", "1|4]\n", "setup.deal.hands[0][6]", "appears twice"),
    ("0|5]\n", "]\n", "setup.deal.hands[0]", "6 tiles; with 2 players each hand has 7"),
    ("5|5, 5|6]", "5|5]", "setup.deal.draw_pile", "13 tiles"),
    ("players: 2", "players: 5", "setup.players", "is not one of"),
    # Issue 11: other scripts' digits and numbers of thousands of digits are not tiles (the
    # scenario schema refuses the first; the engine's own parser too, see test_parser_fuzz.py).
    ("place: 4|4\n", "place: \u0664|\u0664\n", "steps[1].place", "does not match"),
    ("0|5]\n", "\u0660|\u0665]\n", "setup.deal.hands[0][6]", "does not match"),
    ("place: 4|4\n", "place: " + "4" * 5000 + "|4\n", "steps[1].place", "too long for a tile"),
    ("place: 4|4\n", "place: " + "0" * 150 + "7|4\n", "steps[1].place", "not in the double-six set"),
    ("at: 1|4 high", "at: 1|\u0664 high", "steps[1].at", "is not a tile"),
])
def test_engine_errors_name_file_line_and_field(tmp_path, old, new, field, words):
    assert_located_error(tmp_path, GOOD, old, new, field, words)


def test_an_illegal_point_error_points_at_its_line(tmp_path):
    text = GOOD.replace("at: 1|4 high", "at: 1|4 low")
    error = error_of(tmp_path, text)
    assert error.line == line_of(text, "at: 1|4 low")


def test_malformed_yaml(tmp_path):
    error = error_of(tmp_path, GOOD.replace("  players: 2", "  players: [2"))
    assert "malformed YAML" in str(error) and error.line is not None


def test_duplicate_keys_are_refused(tmp_path):
    text = GOOD.replace("  players: 2\n", "  players: 2\n  players: 3\n")
    error = error_of(tmp_path, text)
    assert "duplicate key 'players'" in str(error)
    assert error.line == line_of(text, "players: 3")


def test_a_misspelt_expectation_is_refused_by_the_schema(tmp_path):
    text = GOOD + "    expect: {scroes: [1, 0]}\n"
    error = error_of(tmp_path, text)
    assert "scroes" in str(error) and error.field.startswith("steps[1].expect")


def test_unknown_game_and_missing_fields(tmp_path):
    assert "unknown game 'checkers'" in str(error_of(tmp_path, GOOD.replace("game: dominoes", "game: checkers")))
    assert "'title' is a required property" in str(error_of(tmp_path, GOOD.replace(
        "title: A small match used to probe bad input\n", "")))


def test_two_actions_in_one_step(tmp_path):
    error = error_of(tmp_path, GOOD.replace("    by: 0\n", "    by: 0\n    draw:\n"))
    assert "one action per step" in str(error)


def test_an_empty_file_and_a_missing_file(tmp_path):
    assert "empty" in str(error_of(tmp_path, ""))
    result = verify_file(tmp_path / "nowhere.yaml")
    assert "no such file" in str(result.error)


def test_an_unexpected_refusal_is_an_error_not_a_crash(tmp_path):
    text = GOOD.replace("  - place: 4|4\n    at: 1|4 high\n", "  - draw:\n")
    assert text != GOOD
    error = error_of(tmp_path, text)
    assert "must play; drawing or passing instead is not allowed" in str(error)
    assert "DOM-DRAW-1" in str(error)
