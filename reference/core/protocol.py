"""The runner protocol: JSON lines between `horserace check` and an implementation.

    runner -> impl   {"type": "hello", "protocol": 1, "suite_version": "..."}
    impl -> runner   {"type": "hello", "protocol": 1, "implementation": {...}, "games": {...}}
                     games: {game: {"kinds": [...], "options": {name: [values or {"min": a, "max": b}]},
                                    "observations": {kind: [keys it produces]}}}
    runner -> impl   {"type": "case", "seq": N, "id": ..., "game": ..., "kind": ..., "options": {...},
                      "input": {"setup": {...}, "steps": [...]}, "observe": [keys]}
                     observe: the expected keys, less those the hello says it does not produce
    impl -> runner   {"type": "result", "seq": N, "steps": [observation, ...]}
                   | {"type": "skipped", "seq": N, "reason": "..."}
                   | {"type": "errored", "seq": N, "message": "..."}
    runner -> impl   {"type": "bye"}

Schemas: schema/protocol/runner-message.schema.json and implementation-message.schema.json.
Fields a message does not define are ignored (so a later protocol may add some); a defined
field with the wrong type is refused with its path.

Every line from an implementation is bounded before it is believed: at most MAX_LINE_BYTES
(the reader never holds more), strict UTF-8, nesting at most MAX_DEPTH, integers within
Python's digit limit, no NaN/Infinity and no lone surrogates. Each breach is a ProtocolError
with a short message naming the cause.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from typing import Any

from jsonschema.exceptions import ValidationError

from . import schemas
from .version import PROTOCOL_VERSION, suite_version
from .yamlsource import format_field

RUNNER_SCHEMA = "protocol/runner-message.schema.json"
IMPLEMENTATION_SCHEMA = "protocol/implementation-message.schema.json"
IMPLEMENTATION_TYPES = ("hello", "result", "skipped", "errored")

MAX_LINE_BYTES = 8 * 1024 * 1024   # one answer line; a perft divide or a long match is far below
MAX_DEPTH = 64                     # observations nest a handful of levels
ERROR_LIMIT = 200                  # characters of a schema complaint


class ProtocolError(Exception):
    """The implementation said something that is not valid protocol."""


def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "suite_version": suite_version()}


def case_message(seq: int, case: dict[str, Any], observe: list[str] | None = None) -> dict[str, Any]:
    """The case as sent; `observe` the keys to report (default: every expected key)."""
    everything = sorted({key for step in case["expected"] for key in step})
    observe = everything if observe is None else sorted(set(observe) | ({"error"} & set(everything)))
    return {"type": "case", "seq": seq, "id": case["id"], "game": case["game"], "kind": case["kind"],
            "options": case.get("options", {}), "input": case["input"], "observe": observe}


def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


# -- decoding ------------------------------------------------------------------------------------

def _refuse_constant(name: str) -> Any:
    raise ProtocolError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError(f"the number {shorten(text, 40)} is out of range")
    return value


def parse_line(line: bytes) -> Any:
    """The JSON value of one line, or ProtocolError naming why it cannot be believed."""
    if len(line) > MAX_LINE_BYTES:
        raise ProtocolError(f"a line of {len(line)} bytes (the limit is {MAX_LINE_BYTES})")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"not UTF-8: byte 0x{line[exc.start]:02x} at byte offset {exc.start} "
                            f"({exc.reason})") from None
    text = text.strip()
    if not text:
        raise ProtocolError("an empty line")
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON ({exc.msg} at column {exc.colno}): {shorten(text)}") from None
    except RecursionError:
        raise ProtocolError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:      # int digit limit (`sys.get_int_max_str_digits`)
        if "digits" in str(exc):
            raise ProtocolError("an integer with too many digits (more than 4300)") from None
        raise ProtocolError(f"not JSON ({shorten(str(exc), 80)})") from None
    if SURROGATE_ESCAPE.search(line):
        check_bounds(value)         # may hold a lone surrogate: find it and name where
    else:
        check_depth(line)
    return value


# Strict UTF-8 cannot carry a surrogate; only a \uD800-\uDFFF escape can put one in a string.
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
NOT_QUOTE_OR_BRACKET = bytes(b for b in range(256) if b not in b'"[]{}')
INNERMOST = re.compile(rb"\[\]|\{\}")


def check_depth(line: bytes) -> None:
    """The nesting depth of a line of valid JSON, found from its brackets outside strings: each
    pass removes the innermost pairs, so the passes needed are the depth.

    Bytes throughout (a UTF-8 continuation byte is never ASCII). Inside a string a backslash
    starts a two-character escape: dropping every escaped backslash, then every escaped quote,
    leaves only the quotes that open and close strings: split at them, every second piece is
    a string's content."""
    unescaped = line.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(unescaped.translate(None, NOT_QUOTE_OR_BRACKET).split(b'"')[0::2])   # outside strings
    for _ in range(MAX_DEPTH):
        if not brackets:
            return
        brackets = INNERMOST.sub(b"", brackets)
    if brackets:
        raise ProtocolError(f"JSON nested deeper than {MAX_DEPTH} levels")


def check_bounds(value: Any) -> None:
    """Nesting depth and strings that UTF-8 can carry; iterative, memory O(depth)."""
    if isinstance(value, str):
        _check_string(value, ())
    if not isinstance(value, (dict, list)):
        return
    stack: list[tuple[Any, tuple]] = [(_entries(value), ())]
    while stack:
        entries, path = stack[-1]
        for key, child in entries:
            if isinstance(key, str):
                _check_string(key, path)
            if isinstance(child, str):
                _check_string(child, path + (key,))
            elif isinstance(child, (dict, list)):
                if len(stack) >= MAX_DEPTH:
                    raise ProtocolError(f"JSON nested deeper than {MAX_DEPTH} levels")
                stack.append((_entries(child), path + (key,)))
                break
        else:
            stack.pop()


def _entries(container: Any):
    return iter(container.items()) if isinstance(container, dict) else enumerate(container)


def _check_string(text: str, path: tuple) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        where = shorten(format_field(path) or "(top level)", 100)
        raise ProtocolError(f"a lone surrogate \\u{ord(text[exc.start]):04x} in a string at {where}") from None


def decode_implementation_line(line: bytes) -> dict[str, Any]:
    """Parse and validate one line from an implementation; ProtocolError says what is wrong."""
    return validate_implementation_message(parse_line(line))


def message_type(message: Any) -> str:
    if not isinstance(message, dict):
        raise ProtocolError(f"a message must be a JSON object, not {json_type(message)}")
    kind = message.get("type")
    if kind not in IMPLEMENTATION_TYPES:
        raise ProtocolError(f"unknown message type {shorten(json.dumps(kind), 40)}; expected one of "
                            + ", ".join(IMPLEMENTATION_TYPES))
    return kind


@lru_cache(maxsize=None)
def message_validator(kind: str) -> Any:
    """The validator of one message type (the schema's definition for it), built once."""
    definition = schemas.load_schema(IMPLEMENTATION_SCHEMA)["$defs"][kind]
    return schemas.validator(IMPLEMENTATION_SCHEMA).evolve(schema=definition)


def plainly_valid_result(message: dict[str, Any]) -> bool:
    """A result message the schema certainly accepts (an integer seq, a list of objects as
    steps), told without walking the schema; anything else goes to the validator."""
    steps = message.get("steps")
    return (type(message.get("seq")) is int and type(steps) is list
            and all(type(step) is dict for step in steps))


def validate_implementation_message(message: Any) -> dict[str, Any]:
    kind = message_type(message)
    if kind == "result" and plainly_valid_result(message):
        return message
    errors = sorted(message_validator(kind).iter_errors(message),
                    key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        raise ProtocolError(f"not a valid {kind} message: {summarise(errors[0])}")
    return message


def summarise(error: ValidationError) -> str:
    """Path and reason of a schema violation, never the whole instance (at most ERROR_LIMIT chars)."""
    where = format_field(tuple(error.absolute_path)) or "(top level)"
    if error.validator == "required":
        missing = [name for name in error.validator_value if name not in error.instance]
        reason = "missing field " + ", ".join(repr(m) for m in missing)
    elif error.validator == "type":
        reason = f"expected {error.validator_value}, got {json_type(error.instance)}"
    elif error.validator == "const":
        reason = f"must be {json.dumps(error.validator_value)}"
    elif error.validator == "additionalProperties":
        reason = "unexpected field(s)"
    else:
        reason = f"fails {error.validator!r}"
    return shorten(f"{where}: {reason}", ERROR_LIMIT)


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def shorten(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
