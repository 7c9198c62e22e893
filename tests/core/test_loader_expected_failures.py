"""The expected-failures loader: YAML or JSON, bounded, every problem located."""

from __future__ import annotations

import pytest

from reference.core.errors import ScenarioError
from reference.core.expected_failures import load_expected_failures


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_and_json_lists_load_in_order(tmp_path):
    yaml_path = write(tmp_path, "x.yaml", "- id: dom-wt-lone-double\n  reason: not yet\n- id: crd-a\n  reason: later\n")
    json_path = write(tmp_path, "x.json", '[\n\t{"id": "dom-wt-lone-double", "reason": "not yet"},\n'
                                          '\t{"id": "crd-a", "reason": "later"}\n]\n')
    for path in (yaml_path, json_path):
        entries = load_expected_failures(path).entries
        assert [(e.id, e.reason, e.where) for e in entries] == [
            ("dom-wt-lone-double", "not yet", f"{path}:{1 if path.suffix == '.yaml' else 2}"),
            ("crd-a", "later", f"{path}:3")]
    assert load_expected_failures(write(tmp_path, "empty.yaml", "[]\n")).entries == []


@pytest.mark.parametrize("name,text,line,words", [
    ("twice.yaml", "- id: dom-a\n  reason: one\n- id: dom-a\n  reason: two\n", 3, "listed twice"),
    ("neither.yaml", "- reason: no id and no clause\n", 1, "[0]"),
    ("step.yaml", "- id: dom-a\n  reason: abc\n  step: -1\n", 3, "[0].step"),
    ("clause.yaml", "- clause: dom-open-3\n  reason: abc\n", 1, "[0].clause"),
    ("typo.yaml", "- id: dom-a\n  reasn: one\n", 1, "reasn"),
    ("short.yaml", "- id: dom-a\n  reason: x\n", 2, "[0].reason"),
    ("number.json", '[{"id": "dom-a", "reason": "abc"},\n {"id": "dom-b", "reason": 5}]', 2, "[1].reason"),
    ("bool.yaml", "- id: dom-a\n  reason: yes\n", 2, "[0].reason"),
    ("object.yaml", "id: dom-a\nreason: abc\n", 1, "a list of entries"),
    ("dupkey.json", '[{"id": "dom-a", "reason": "abc", "id": "dom-b"}]', 1, "duplicate key 'id'"),
    ("nan.json", '[{"id": "dom-a", "reason": NaN}]', None, "NaN"),
    ("trailing.json", '[{"id": "dom-a", "reason": "abc",}]', 1, "malformed JSON"),
    ("alias.yaml", "- &e {id: dom-a, reason: abc}\n- *e\n", 1, "anchors and aliases"),
    ("tag.yaml", "- !!python/object:x {id: dom-a}\n", 1, "tags are not allowed"),
    ("deep.json", "[" * 3000 + "]" * 3000, 1, ""),
    ("ctrl.yaml", "- id: dom-a\n  reason: \x1b[31mred\n", 2, "U+001B"),
])
def test_malformed_files_are_located_errors(tmp_path, name, text, line, words):
    with pytest.raises(ScenarioError) as caught:
        load_expected_failures(write(tmp_path, name, text))
    error = caught.value
    assert error.file.endswith(name) and words in str(error), str(error)
    if line is not None:
        assert error.line == line, str(error)


def test_not_utf8_and_missing_files(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"- id: dom-a\n  reason: caf\xe9\n")
    with pytest.raises(ScenarioError, match="byte offset 25") as caught:
        load_expected_failures(path)
    assert caught.value.line == 2
    with pytest.raises(ScenarioError, match="no such file"):
        load_expected_failures(tmp_path / "absent.json")


def test_json_escapes_yaml_cannot_read_are_still_valid_json(tmp_path):
    """Found by fuzzing: a character past U+FFFF written as a JSON surrogate-pair escape."""
    path = write(tmp_path, "astral.json", '[\n  {"id": "dom-a", "reason": "x \\ud803\\udc00 \\\\ud803"}\n]\n')
    assert [(e.id, e.reason, e.where) for e in load_expected_failures(path).entries] == [
        ("dom-a", "x \U00010c00 \\ud803", f"{path}:2")]
