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
(MAX_HELLO_BYTES for the hello; the reader never holds more), strict UTF-8, no key twice in an object, nesting at most MAX_DEPTH, integers within
Python's digit limit, no NaN/Infinity and no lone surrogates. Each breach is a ProtocolError
with a short message naming the cause.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from jsonschema.exceptions import ValidationError

from . import schemas, strict_json
from .version import PROTOCOL_VERSION, suite_version
from .yamlsource import format_field

RUNNER_SCHEMA = "protocol/runner-message.schema.json"
IMPLEMENTATION_SCHEMA = "protocol/implementation-message.schema.json"
IMPLEMENTATION_TYPES = ("hello", "result", "skipped", "errored")

MAX_LINE_BYTES = 8 * 1024 * 1024   # one answer line; a perft divide or a long match is far below
MAX_HELLO_BYTES = 1024 * 1024      # the hello line: games, kinds, options and observation keys
MAX_DEPTH = strict_json.MAX_DEPTH  # 64: observations nest a handful of levels
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

def parse_line(line: bytes, limit: int | None = None) -> Any:
    """The JSON value of one line, or ProtocolError naming why it cannot be believed. The JSON
    is read strictly (reference.core.strict_json): depth bounded before parsing, no key twice
    in an object, no NaN, no lone surrogate. `limit`: the bytes allowed (MAX_LINE_BYTES)."""
    limit = MAX_LINE_BYTES if limit is None else limit
    if len(line) > limit:
        raise ProtocolError(f"a line of {len(line)} bytes (the limit is {limit})")
    if not line.strip():
        raise ProtocolError("an empty line")
    try:
        return strict_json.loads(line, MAX_DEPTH)
    except strict_json.JsonProblem as exc:
        if exc.detail:              # a syntax error: where, and the start of what was sent
            text = line.decode("utf-8", errors="replace").strip()
            raise ProtocolError(f"not JSON ({exc.detail} at column {exc.column}): {shorten(text)}") from None
        if exc.message.startswith("nested deeper"):
            raise ProtocolError(f"JSON {exc.message}") from None
        raise ProtocolError(exc.message) from None


def check_bounds(value: Any) -> None:
    """The depth and string bounds of a parsed value, found by walking it (what parse_line's
    check before parsing agrees with)."""
    try:
        strict_json.check_strings(value, MAX_DEPTH)
    except strict_json.JsonProblem as exc:
        raise ProtocolError(("JSON " if exc.message.startswith("nested") else "") + exc.message) from None


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
