"""Reading a vector file: the layout, each refusal at its line and field, ids read either way,
and the per-game totals the deselected counts come from. Small texts made from a real file's
first lines, read without schema validation unless said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reference.core.paths import VECTORS_DIR
from reference.core.vectors import VectorFileError, case_totals, parse_vector_text, vector_files

REAL = VECTORS_DIR / "dominoes" / "layout.json"


def small_file(case_lines: list[str]) -> str:
    """The real header, then the given case lines (commas added), in the generated layout."""
    lines = REAL.read_text(encoding="utf-8").split("\n")
    opening = lines.index('  "cases": [')
    body = [line + ("," if i < len(case_lines) - 1 else "") for i, line in enumerate(case_lines)]
    return "\n".join(lines[:opening + 1] + body + ["  ]", "}", ""])


def real_cases(count: int) -> list[str]:
    lines = REAL.read_text(encoding="utf-8").split("\n")
    opening = lines.index('  "cases": [')
    return [line.rstrip(",") for line in lines[opening + 1:opening + 1 + count]]


def refusal(text: str) -> VectorFileError:
    with pytest.raises(VectorFileError) as caught:
        parse_vector_text(Path("vectors/dominoes/layout.json"), text, validate=False)
    return caught.value


def test_the_small_file_reads_and_ids_are_read_either_way():
    cases = real_cases(2)
    assert [c["id"] for c in parse_vector_text(REAL, small_file(cases), validate=False).cases] == \
        [json.loads(c)["id"] for c in cases]
    # an id written with an escape is parsed, not taken from the line's text
    first = json.loads(cases[0])
    escaped = '    {"id":"' + first["id"][:-1] + "\\u00" + format(ord(first["id"][-1]), "02x") + '"' + \
        cases[0][len('    {"id":"' + first["id"] + '"'):]
    read = parse_vector_text(REAL, small_file([escaped, cases[1]]), validate=False)
    assert [c["id"] for c in read.cases] == [first["id"], json.loads(cases[1])["id"]]
    assert read.lines == [read.lines[0], read.lines[0] + 1]


def test_a_case_id_that_is_not_a_string_is_a_located_error():
    cases = real_cases(2)
    numbered = cases[1].replace('{"id":"', '{"id":7,"was":"', 1)
    error = refusal(small_file([cases[0], numbered]))
    header_lines = REAL.read_text(encoding="utf-8").split("\n").index('  "cases": [') + 1
    assert (error.line, error.field, error.message) == (header_lines + 2, "cases[1].id", "missing or not a string")


def test_the_layout_errors_name_their_line():
    text = small_file(real_cases(1))
    lines = text.split("\n")
    closing = lines.index("  ]")
    trailing = "\n".join(lines[:closing + 2] + ["  extra", ""])
    error = refusal(trailing)
    assert error.line == closing + 2 and "not the generated layout" in error.message
    unclosed = "\n".join(lines[:closing] + [""])
    assert refusal(unclosed).line == len(unclosed.split("\n"))
    assert refusal("[\n" + "\n".join(lines[1:])).line == 1


def test_commas_follow_every_case_but_the_last():
    cases = real_cases(2)
    text = small_file(cases).replace(cases[0] + ",", cases[0], 1)
    error = refusal(text)
    assert error.field == "cases[0]" and error.message == "a comma must follow every case but the last"
    error = refusal(small_file(cases).replace(cases[1], cases[1] + ",", 1))
    assert error.field == "cases[1]"


def test_a_header_that_is_not_readable_json_is_a_located_error():
    """A header no reader could believe (nested past strict JSON's depth bound, an integer past
    Python's digit bound) is refused, naming the file and the header, not a traceback."""
    text = small_file(real_cases(1))
    deep = text.replace('  "suite_version": ', '  "deep": ' + "[" * 100_000 + "]" * 100_000 + ',\n  "suite_version": ', 1)
    assert str(refusal(deep)) == "vectors/dominoes/layout.json: header: nested deeper than 64 levels"
    huge = text.replace('  "case_count": ', '  "case_count": ' + "9" * 5000 + ', "was": ', 1)
    assert str(refusal(huge)) == "vectors/dominoes/layout.json: header: an integer with too many digits (more than 4300)"


def test_a_vouched_for_file_json_cannot_read_is_refused_quoting_the_parsers_words_alike():
    """A file the manifest vouches for is read by json.loads (no strict reader first): a forged
    manifest can still bring an integer past Python's digit bound. The header and a case line are
    then refused at their place, each quoting the start of Python's own message, cut to the same
    length (one bound on quoted parser text, wherever it is met)."""
    try:
        int("9" * 5000)
    except ValueError as exc:
        python_says = str(exc)
    text = small_file(real_cases(2))

    def detail(edited: str) -> tuple[VectorFileError, str]:
        with pytest.raises(VectorFileError) as caught:
            parse_vector_text(Path("vectors/dominoes/layout.json"), edited, validate=False, trusted=True)
        message = caught.value.message
        return caught.value, message[message.index("(") + 1:-1]

    header, in_header = detail(text.replace('  "case_count": ', '  "case_count": ' + "9" * 5000 + ', "was": ', 1))
    first = real_cases(1)[0]
    case, in_case = detail(text.replace(first, first.replace('{"id":', '{"n":' + "9" * 5000 + ',"id":', 1), 1))
    assert header.field == "header" and header.message.startswith("not readable JSON (")
    assert case.field == "cases[0]" and case.message.startswith("not valid JSON (")
    assert in_header == in_case and python_says.startswith(in_header)
    assert 100 <= len(in_header) < len(python_says)          # the start kept (the limit and why), the rest cut


def test_the_totals_per_game_are_the_cases_its_files_hold():
    expected: dict[str, int] = {}
    for path in vector_files():
        lines = path.read_text(encoding="utf-8").split("\n")
        count = lines.index("  ]") - lines.index('  "cases": [') - 1
        expected[path.parent.name] = expected.get(path.parent.name, 0) + count
    assert case_totals() == expected
    assert case_totals(["cards"]) == {"cards": expected["cards"]}
