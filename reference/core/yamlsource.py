"""Load YAML into plain data while remembering the line of every field.

PyYAML's composer gives nodes with positions; we build the plain Python value ourselves
so that every mapping key and list item keeps its 1-based line number. Duplicate keys,
which PyYAML would silently overwrite, are errors here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import ScenarioError

FieldPath = tuple[Any, ...]


def format_field(path: FieldPath) -> str:
    """('steps', 3, 'place') -> 'steps[3].place'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def parse_field(text: str) -> FieldPath:
    """Inverse of format_field for paths made of identifiers and indices."""
    parts: list[Any] = []
    token = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == ".":
            if token:
                parts.append(token)
            token = ""
        elif ch == "[":
            if token:
                parts.append(token)
            token = ""
            end = text.index("]", i)
            parts.append(int(text[i + 1:end]))
            i = end
        else:
            token += ch
        i += 1
    if token:
        parts.append(token)
    return tuple(parts)


@dataclass
class SourceDoc:
    """A loaded YAML document: its data and where each field came from."""

    path: str
    data: Any
    lines: dict[FieldPath, int] = field(default_factory=dict)

    def line_of(self, path: FieldPath) -> int | None:
        """Line of the deepest known prefix of `path` (a bad value's own line if known)."""
        for end in range(len(path), -1, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return None

    def error(self, path: FieldPath | str, message: str) -> ScenarioError:
        if isinstance(path, str):
            path = parse_field(path)
        return ScenarioError(self.path, self.line_of(path), format_field(path), message)


class _Builder:
    def __init__(self, path: str):
        self.path = path
        self.lines: dict[FieldPath, int] = {}
        self._scalars = yaml.SafeLoader("")

    def build(self, node: yaml.Node, path: FieldPath) -> Any:
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioError(self.path, key_node.start_mark.line + 1,
                                        format_field(path), "mapping keys must be plain scalars")
                key = self._scalars.construct_object(key_node)
                if key in result:
                    raise ScenarioError(self.path, key_node.start_mark.line + 1,
                                        format_field(path + (key,)),
                                        f"duplicate key '{key}' (YAML would silently keep only the last)")
                self.lines[path + (key,)] = key_node.start_mark.line + 1
                result[key] = self.build(value_node, path + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        value = self._scalars.construct_object(node)
        if isinstance(value, (bytes, bytearray)) or type(value).__module__ == "datetime":
            # Dates and binary are never meaningful in our formats; keep the text.
            return node.value
        return value


def load_yaml_text(text: str, path: str) -> SourceDoc:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise ScenarioError(path, line, "", f"malformed YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise ScenarioError(path, None, "", f"malformed YAML: {exc}") from None
    if root is None:
        raise ScenarioError(path, 1, "", "the file is empty")
    builder = _Builder(path)
    data = builder.build(root, ())
    return SourceDoc(path=path, data=data, lines=builder.lines)


def load_yaml_file(path: Path | str) -> SourceDoc:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "", "no such file") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(path), None, "", f"not UTF-8 text ({exc.reason})") from None
    return load_yaml_text(text, str(path))
