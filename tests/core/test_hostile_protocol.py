"""Decoding an implementation's line and bounding report text, without a process."""

import pytest

from reference.core import protocol
from reference.core.protocol import ProtocolError, decode_implementation_line, parse_line
from reference.core.results import bounded, cap, printable


@pytest.mark.parametrize("line, cause", [
    (b"[" * 65 + b"]" * 65, "JSON nested deeper than 64 levels"),
    (b"[" * 100_000 + b"]" * 100_000, "JSON nested deeper than 64 levels"),
    (b'{"x":' + b"1" * 4301 + b"}", "an integer with too many digits"),
    (b'{"a":{"\\udfff":1}}', "a lone surrogate \\udfff in a string at a"),
    (b'"\\ud800"', "a lone surrogate \\ud800 in a string at (top level)"),
    (b'{"x":"\xc3("}', "not UTF-8: byte 0xc3 at byte offset 6 (invalid continuation byte)"),
    (b"NaN", "NaN is not JSON"),
    (b'{"x":-Infinity}', "-Infinity is not JSON"),
    (b"[1e400]", "the number 1e400 is out of range"),
    (b"   \n", "an empty line"),
    (b"{" + b"x" * 5000, "not JSON (Expecting property name enclosed in double quotes at column 2)"),
    (b'{"type":"result","seq":1,"seq":2,"steps":[]}', 'duplicate key "seq" in one object'),
    (b'{"type":"errored","type":"result","seq":1,"steps":[]}', 'duplicate key "type" in one object'),
    (b'{"steps":[{"end_sum":9,"end_sum":10}]}', 'duplicate key "end_sum" in one object'),
    (b'{"a":{"' + b"k" * 500 + b'":1,"' + b"k" * 500 + b'":2}}', 'duplicate key "' + "k" * 40 + '..." in one object'),
    (b"[" * 5000, "JSON nested deeper than 64 levels"),             # unbalanced as well
])
def test_a_line_that_cannot_be_believed_names_the_cause(line, cause):
    with pytest.raises(ProtocolError) as caught:
        parse_line(line)
    assert cause in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_nesting_within_the_bound_and_a_surrogate_pair_are_fine():
    assert parse_line(b"[" * 63 + b"]" * 63) is not None
    assert parse_line(b'"\\ud83d\\udc0e"') == "\U0001f40e"
    # a key repeated in different objects is no duplicate; nor brackets and quotes inside strings
    assert parse_line(b'[{"a":1},{"a":2},{"b":{"a":3}}]') == [{"a": 1}, {"a": 2}, {"b": {"a": 3}}]
    assert parse_line(b'{"s":"' + b"[" * 100 + b'\\"{"}') == {"s": "[" * 100 + '"{'}


@pytest.mark.parametrize("levels", [1, 2, 63, 64, 65, 66])
def test_the_walk_of_a_parsed_value_and_the_check_of_its_bytes_agree_on_the_depth_bound(levels):
    """check_bounds (a value already parsed) and parse_line (its bytes, checked before parsing)
    both allow 64 open arrays and objects at once and refuse 65, whatever the mix."""
    import json
    value: object = 1
    for level in range(levels):
        value = [value] if level % 2 else {"k": value, "s": "x"}
    line = json.dumps(value).encode()
    if levels <= 64:
        protocol.check_bounds(value)
        assert parse_line(line) == value
    else:
        for refuse in (lambda: protocol.check_bounds(value), lambda: parse_line(line)):
            with pytest.raises(ProtocolError, match="^JSON nested deeper than 64 levels$"):
                refuse()


def test_the_hello_has_its_own_size_bound():
    hello = b'{"type":"hello","protocol":1,"games":{},"x":"' + b"y" * protocol.MAX_HELLO_BYTES + b'"}'
    with pytest.raises(ProtocolError, match=f"a line of {len(hello)} bytes \\(the limit is 1048576\\)"):
        parse_line(hello, protocol.MAX_HELLO_BYTES)


def test_a_line_over_the_limit_is_refused_by_size(monkeypatch):
    monkeypatch.setattr(protocol, "MAX_LINE_BYTES", 10)
    with pytest.raises(ProtocolError, match="a line of 11 bytes"):
        parse_line(b"[1,2,3,4,5]")


@pytest.mark.parametrize("line, cause", [
    (b'{"type":"result","seq":1}', "not a valid result message: (top level): missing field 'steps'"),
    (b'{"type":"result","seq":true,"steps":[]}', "seq: expected integer, got a boolean"),
    (b'{"type":"skipped","seq":1,"reason":["' + b"x" * 5000 + b'"]}', "reason: expected string, got an array"),
    (b'{"type":"hello","protocol":1,"implementation":{"name":1},"games":{}}', "implementation.name: expected string"),
    (b'{"type":"resultz","seq":1}', 'unknown message type "resultz"'),
    (b"[]", "a message must be a JSON object, not an array"),
])
def test_schema_complaints_are_short_and_give_the_path(line, cause):
    with pytest.raises(ProtocolError) as caught:
        decode_implementation_line(line)
    assert cause in str(caught.value)
    assert len(str(caught.value)) <= 240


def test_unknown_fields_are_ignored():
    message = decode_implementation_line(b'{"type":"errored","seq":3,"message":"m","x-trace":[1,2]}')
    assert message["message"] == "m"


def test_report_text_is_capped_with_a_marker_and_printable():
    assert cap("é" * 2000) == "é" * 1024 + "…(truncated 1952 bytes)"
    assert cap("short") == "short"
    assert printable("\x1b[0m\x00\t\n\x7f\x85\ud800") == "\\x1b[0m\\x00\t\n\\x7f\\x85\\ud800"
    assert len(bounded("\x00" * 10_000).encode()) < 2100
