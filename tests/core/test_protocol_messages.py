"""The protocol's bounds at both ends and every message validated as its own type (no process).

A bound that is off by one, or a quick path that lets one message type through unvalidated,
lets an implementation's bad answer crash the runner or pass as an answer."""

from __future__ import annotations

import pytest

from reference.core import protocol
from reference.core.protocol import ProtocolError, case_message, decode_implementation_line, parse_line, shorten


def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_is_refused(monkeypatch):
    monkeypatch.setattr(protocol, "MAX_LINE_BYTES", 12)
    assert parse_line(b"[1,2,3,4,55]") == [1, 2, 3, 4, 55]                  # 12 bytes
    with pytest.raises(ProtocolError, match=r"a line of 13 bytes \(the limit is 12\)"):
        parse_line(b"[1,2,3,4,555]")


def test_nesting_of_exactly_the_depth_bound_is_read_by_both_checks():
    depth = protocol.MAX_DEPTH
    assert parse_line(b"[" * depth + b"]" * depth) is not None                   # brackets only
    with pytest.raises(ProtocolError, match="nested deeper"):
        parse_line(b"[" * (depth + 1) + b"]" * (depth + 1))
    # with a surrogate escape the value itself is walked: the same bound
    surrogate = b'"\\ud83d\\udc0e"'
    assert parse_line(b"[" * (depth - 1) + surrogate + b"]" * (depth - 1)) is not None
    with pytest.raises(ProtocolError, match="nested deeper"):
        parse_line(b"[" * (depth + 1) + surrogate + b"]" * (depth + 1))
    # brackets inside strings and escaped quotes do not count
    assert parse_line(b'["' + b"[" * 100 + b'\\"{{"]') == ["[" * 100 + '"{{']


@pytest.mark.parametrize("line, cause", [
    # a result's quick check (an integer seq and a list of objects) is for results only: each
    # other type is validated against its own schema whatever fields it also carries
    (b'{"type":"errored","seq":1,"steps":[]}', "not a valid errored message: (top level): missing field 'message'"),
    (b'{"type":"skipped","seq":1,"steps":[{}]}', "not a valid skipped message: (top level): missing field 'reason'"),
    (b'{"type":"hello","seq":1,"steps":[]}', "not a valid hello message"),
    (b'{"type":"result","seq":1,"steps":[1]}', "not a valid result message: steps[0]: expected object, got a number"),
    (b'{"type":"result","seq":"1","steps":[]}', "not a valid result message: seq: expected integer, got a string"),
])
def test_every_message_is_validated_as_its_own_type(line, cause):
    with pytest.raises(ProtocolError) as caught:
        decode_implementation_line(line)
    assert cause in str(caught.value)


def test_a_plainly_valid_result_is_taken_as_it_is():
    message = decode_implementation_line(b'{"type":"result","seq":7,"steps":[{"scores":[1,0]},{}]}')
    assert message == {"type": "result", "seq": 7, "steps": [{"scores": [1, 0]}, {}]}


def test_shorten_keeps_up_to_its_limit_exactly():
    assert shorten("x" * 200) == "x" * 200
    assert shorten("x" * 201) == "x" * 200 + "..."
    assert shorten("abcdef", 3) == "abc..." and shorten("abc", 3) == "abc"


def test_the_case_message_asks_for_the_expected_keys_and_always_for_a_refusal():
    case = {"id": "dom-x", "game": "dominoes", "kind": "match", "options": {"continuation": "optional"},
            "input": {"setup": {}, "steps": [{"action": "a"}, {"action": "b"}]},
            "expected": [{"scores": [1], "turn": 0}, {"error": "DOM-DRAW-1"}]}
    message = case_message(3, case)
    assert message == {"type": "case", "seq": 3, "id": "dom-x", "game": "dominoes", "kind": "match",
                       "options": {"continuation": "optional"}, "input": case["input"],
                       "observe": ["error", "scores", "turn"]}
    assert case_message(3, case, ["turn", "hands"])["observe"] == ["error", "hands", "turn"]
    no_refusal = dict(case, expected=[{"scores": [1]}, {"turn": 1}])
    assert case_message(1, no_refusal, ["turn"])["observe"] == ["turn"]
    without_options = {k: v for k, v in no_refusal.items() if k != "options"}
    assert case_message(1, without_options)["options"] == {}
    assert protocol.encode({"a": "é"}) == '{"a":"é"}\n'.encode("utf-8")


def test_each_kind_of_schema_complaint_is_worded_with_its_path():
    """The complaint for each keyword a protocol schema uses, from a schema read from JSON text
    as the real ones are (so no keyword string is shared with this file's literals)."""
    import json

    from jsonschema import Draft202012Validator

    from reference.core.protocol import summarise

    schema = json.loads('{"type": "object", "required": ["seq", "id"], "additionalProperties": false,'
                        ' "properties": {"seq": {"type": "integer"}, "kind": {"const": "result"},'
                        ' "id": {"type": "string", "minLength": 2}, "deep": {"type": "object"}}}')

    def complaint(instance):
        [error] = list(Draft202012Validator(schema).iter_errors(instance))
        return summarise(error)
    assert complaint({"seq": 1}) == "(top level): missing field 'id'"
    assert complaint({"seq": "1", "id": "ab"}) == "seq: expected integer, got a string"
    assert complaint({"seq": 1, "id": "ab", "kind": "hello"}) == 'kind: must be "result"'
    assert complaint({"seq": 1, "id": "ab", "extra": 0}) == "(top level): unexpected field(s)"
    assert complaint({"seq": 1, "id": "a"}) == "id: fails 'minLength'"
    long = json.loads('{"type": "object", "properties": {"' + "k" * 300 + '": {"type": "integer"}}}')
    [error] = list(Draft202012Validator(long).iter_errors({"k" * 300: "x"}))
    assert summarise(error) == ("k" * 300 + ": expected integer, got a string")[:protocol.ERROR_LIMIT] + "..."
