"""The runner protocol: JSON lines between `horserace check` and an implementation.

    runner -> impl   {"type": "hello", "protocol": 1, "suite_version": "..."}
    impl -> runner   {"type": "hello", "protocol": 1, "implementation": {...}, "games": {...}}
    runner -> impl   {"type": "case", "seq": N, "id": ..., "game": ..., "kind": ..., "options": {...},
                      "input": {"setup": {...}, "steps": [...]}, "observe": [keys]}
    impl -> runner   {"type": "result", "seq": N, "steps": [observation, ...]}
                   | {"type": "skipped", "seq": N, "reason": "..."}
                   | {"type": "errored", "seq": N, "message": "..."}
    runner -> impl   {"type": "bye"}

Schemas: schema/protocol/runner-message.schema.json and implementation-message.schema.json.
"""

from __future__ import annotations

import json
from typing import Any

from . import schemas
from .version import PROTOCOL_VERSION, suite_version

RUNNER_SCHEMA = "protocol/runner-message.schema.json"
IMPLEMENTATION_SCHEMA = "protocol/implementation-message.schema.json"


class ProtocolError(Exception):
    """The implementation said something that is not valid protocol."""


def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "suite_version": suite_version()}


def case_message(seq: int, case: dict[str, Any]) -> dict[str, Any]:
    observe = sorted({key for step in case["expected"] for key in step})
    return {"type": "case", "seq": seq, "id": case["id"], "game": case["game"], "kind": case["kind"],
            "options": case.get("options", {}), "input": case["input"], "observe": observe}


def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def decode_implementation_line(line: bytes) -> dict[str, Any]:
    """Parse and validate one line from an implementation; ProtocolError says what is wrong."""
    text = line.decode("utf-8", errors="replace").strip()
    if not text:
        raise ProtocolError("an empty line")
    try:
        message = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON ({exc.msg} at column {exc.colno}): {shorten(text)}") from None
    errors = schemas.schema_errors(message, IMPLEMENTATION_SCHEMA)
    if errors:
        raise ProtocolError(f"not a valid protocol message ({errors[0]}): {shorten(text)}")
    return message


def shorten(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
