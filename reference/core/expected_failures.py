"""An implementation's expected-failures file: a YAML or JSON list of {id, reason}.

Loaded with the same bounds as every suite file (size, depth, value count, UTF-8, no
control characters; YAML without anchors, aliases, merge keys or tags) and checked against
schema/expected-failures.schema.json; each id once. Every problem is a ScenarioError naming
the file, the line and the entry (`xfail.yaml:4: [1].reason: ...`).

A `.json` file is read as JSON (numbers, escapes and duplicate keys as JSON defines them);
its lines are then found, and the bounds applied, by reading the same text as YAML, which
ordinary JSON is.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import schemas
from .errors import ScenarioError
from .yamlsource import MAX_BYTES, SourceDoc, decode_utf8, load_yaml_file, load_yaml_text

SCHEMA = "expected-failures.schema.json"


@dataclass(frozen=True)
class ExpectedFailure:
    id: str
    reason: str
    line: int | None = None


def load_expected_failures(path: Path | str) -> list[ExpectedFailure]:
    """The entries of the file, in order; raises ScenarioError for any malformed input."""
    path = Path(path)
    doc = _load_json(path) if path.suffix.lower() == ".json" else load_yaml_file(path)
    schemas.check(doc.data, SCHEMA, doc)
    entries: list[ExpectedFailure] = []
    seen: set[str] = set()
    for index, entry in enumerate(doc.data):
        if entry["id"] in seen:
            raise doc.error((index, "id"), f"{entry['id']} is listed twice; keep one entry")
        seen.add(entry["id"])
        entries.append(ExpectedFailure(entry["id"], entry["reason"], doc.line_of((index,))))
    return entries


def expected_failure_reasons(path: Path | str) -> dict[str, str]:
    """id -> reason, in file order (what the runner needs)."""
    return {entry.id: entry.reason for entry in load_expected_failures(path)}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key '{key}'")
        out[key] = value
    return out


# A \uD800-\uDFFF escape (half of a surrogate pair, JSON's way to write characters past
# U+FFFF) is refused by YAML readers; an escape preceded by an even run of backslashes is one.
_SURROGATE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _as_yaml(text: str) -> str:
    """The JSON text with the same lines and columns, readable as YAML: tabs as spaces (JSON
    allows a raw tab only between tokens) and surrogate escapes as another six-character
    escape (the YAML reading only locates fields; the data comes from json.loads)."""
    return _SURROGATE_ESCAPE.sub(lambda m: m.group(1) + "\\u0058", text.replace("\t", " "))


def _load_json(path: Path) -> SourceDoc:
    name = str(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError(name, None, "", "no such file") from None
    except OSError as exc:
        raise ScenarioError(name, None, "", f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(name, None, "", f"the file is larger than {MAX_BYTES} bytes, the bound "
                                            "for suite files; split it")
    text = decode_utf8(raw, name)
    # Tabs outside strings are whitespace in JSON (inside strings they must be escaped): as
    # spaces the text reads as YAML with the same lines and columns. Reading it as YAML first
    # applies the loader's bounds (depth, value count, control characters) and locates
    # duplicate keys and unbalanced brackets; json.loads then gives JSON's own meaning.
    located = load_yaml_text(_as_yaml(text), name)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ScenarioError(name, exc.lineno, "", f"malformed JSON: {exc.msg}", exc.colno) from None
    except (ValueError, RecursionError) as exc:
        # NaN/Infinity, integers past Python's digit bound
        raise ScenarioError(name, None, "", f"malformed JSON: {str(exc)[:200]}") from None
    return SourceDoc(path=name, data=data, lines=located.lines)
