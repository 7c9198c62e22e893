"""Reading a JSON report back (json_reports.read_report, strict_json): the size bound at its
boundary, each kind of refusal worded with the file, and the count of the schema's other
problems. The schema check itself is stood in for here (its own tests are the schemas'); what
is tested is what the reader does with its answer."""

from __future__ import annotations

import pytest

from reference.core import json_reports, strict_json
from reference.core.json_reports import ReportFileError, read_report


def read(path, max_bytes=1000):
    return read_report(path, "a test report", lambda data: "report.schema.json", max_bytes)


def refusal(path, max_bytes=1000) -> str:
    with pytest.raises(ReportFileError) as caught:
        read(path, max_bytes)
    return str(caught.value)


@pytest.fixture
def schema_says(monkeypatch):
    """Make the schema check answer `problems` (a list) for whatever it is given."""
    answer: list[str] = []
    monkeypatch.setattr(json_reports.schemas, "schema_errors", lambda data, name: list(answer))
    return answer


def test_a_report_of_exactly_the_bound_is_read_and_one_byte_more_is_refused(tmp_path, schema_says):
    path = tmp_path / "r.json"
    path.write_bytes(b'{"a": [1, 2, 3]}')
    size = path.stat().st_size
    assert read(path, max_bytes=size) == {"a": [1, 2, 3]}
    assert refusal(path, max_bytes=size - 1) == f"{path}: {size} bytes; a report over {size - 1} bytes is refused"


def test_each_refusal_names_the_file_and_what_is_wrong(tmp_path, schema_says):
    path = tmp_path / "r.json"
    path.write_bytes(b'{"a": 1,\n "b": }')
    assert refusal(path).startswith(f"{path}:2: not a JSON report: not JSON (")
    path.write_bytes(b'{"a": 1, "a": 2}')                     # parsed, but not strict JSON: no line
    assert refusal(path) == f'{path}: not a JSON report: not strict JSON (duplicate key "a" in one object)'
    assert refusal(tmp_path / "missing.json").startswith(f"{tmp_path / 'missing.json'}: cannot read the report: ")


def test_the_first_schema_problem_is_quoted_and_the_others_counted(tmp_path, schema_says):
    path = tmp_path / "r.json"
    path.write_bytes(b"{}")
    schema_says[:] = ["cases: is missing"]
    assert refusal(path) == f"{path}: not a test report: cases: is missing (schema/report.schema.json)"
    schema_says[:] = ["cases: is missing", "totals: is missing", "games: is missing"]
    assert refusal(path) == (f"{path}: not a test report: cases: is missing (and 2 more problem(s)) "
                             "(schema/report.schema.json)")


def test_a_lone_surrogate_is_placed_by_its_path_cut_to_a_hundred_characters():
    with pytest.raises(strict_json.JsonProblem) as caught:
        strict_json.loads(b'{"k": [1, "\\udc00"]}')
    assert caught.value.message == "a lone surrogate \\udc00 in a string at k[1]"
    with pytest.raises(strict_json.JsonProblem) as caught:
        strict_json.loads(b'{"' + b"a" * 150 + b'": "\\ud800"}')
    assert caught.value.message == "a lone surrogate \\ud800 in a string at " + "a" * 100 + "..."
