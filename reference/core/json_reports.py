"""Reading a JSON report back: `horserace report` (check reports), `merge-reports` (fuzz
reports) and `horserace baseline` (check reports) read it the same way.

A report given back to the suite is input like any other: its size is bounded before it is
read, it is read as strict JSON (reference.core.strict_json: depth bounded before parsing, no
key twice, no NaN, strict UTF-8), then validated against its schema before anything reads a
field. Every problem is an error naming the file (and the line, or the path in the report):
never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from . import schemas, strict_json
from .errors import HorseRaceError
from .protocol import shorten


class ReportFileError(HorseRaceError):
    """A file that is not the report it should be."""


def read_report(path: Path, what: str, schema: str | Callable[[Any], str], max_bytes: int,
                error: type[HorseRaceError] = ReportFileError) -> dict[str, Any]:
    """The report in `path`, validated against `schema` (a schema name, or a function choosing
    it from the data read); `what` names the report for the messages ("a fuzz report"); each
    problem raises `error` (the caller's error type)."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise error(f"{path}: {size} bytes; a report over {max_bytes} bytes is refused")
        raw = path.read_bytes()
    except OSError as exc:
        raise error(f"{path}: cannot read the report: {exc.strerror or exc}") from None
    try:
        data = strict_json.loads(raw)
    except strict_json.JsonProblem as exc:
        if exc.line is not None:
            raise error(f"{path}:{exc.line}: not a JSON report: not JSON ({exc.detail} at column {exc.column})") from None
        raise error(f"{path}: not a JSON report: not strict JSON ({shorten(exc.message, 200)})") from None
    name = schema(data) if callable(schema) else schema
    problems = schemas.schema_errors(data, name)
    if problems:
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise error(f"{path}: not {what}: {shorten(problems[0], 300)}{more} (schema/{name})")
    return data
