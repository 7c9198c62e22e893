"""Load YAML into plain data while remembering the line of every field.

We read PyYAML's parser events (libyaml's when installed: it is an order of magnitude
faster on large files) and build the plain value ourselves, so that every mapping key and
list item keeps its 1-based line number, and so that the loader is bounded and strict:

* a file is at most MAX_BYTES bytes of UTF-8 text without control characters;
* nesting is at most MAX_DEPTH levels (the deepest suite file has 7), and a file holds at
  most MAX_NODES values, which bounds the time to read it (about a second on a busy machine);
* anchors, aliases, merge keys (`<<`) and tags (`!x`, `!!python/...`) are refused: the
  suite's files never need them, and refusing aliases outright makes "billion laughs"
  files fail at their first anchor instead of expanding;
* mapping keys are text, each key once (PyYAML would silently keep the last duplicate);
* numbers are finite and fit Python's integer-string bound.

Every refusal is a ScenarioError naming file, line, column and field, with what to do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import math
import re

import sys

import yaml

from .errors import ScenarioError

MAX_BYTES = 1 << 20        # 1 MiB per file; the largest suite file is about 20 KB
MAX_DEPTH = 64             # open lists and mappings at once; the deepest suite file has 7
MAX_NODES = 20_000         # keys and values in a file; the largest suite file has 951
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# The event classes of the parser in use. libyaml's parser (yaml._yaml, a C extension) keeps the
# classes of the first import of yaml.events: an extension is never re-initialised, so after
# yaml.* is dropped from sys.modules and imported again (pytest's pytester does that between
# runs) a fresh `from yaml.events import ...` gives other classes, and isinstance would fail.
_PARSER = next((c for c in _Loader.__mro__ if c.__name__ in ("CParser", "Parser")), None)
_EVENTS = sys.modules.get(_PARSER.__module__ if _PARSER is not None else "", yaml.events)
AliasEvent = getattr(_EVENTS, "AliasEvent", yaml.events.AliasEvent)
DocumentEndEvent = getattr(_EVENTS, "DocumentEndEvent", yaml.events.DocumentEndEvent)
DocumentStartEvent = getattr(_EVENTS, "DocumentStartEvent", yaml.events.DocumentStartEvent)
MappingEndEvent = getattr(_EVENTS, "MappingEndEvent", yaml.events.MappingEndEvent)
MappingStartEvent = getattr(_EVENTS, "MappingStartEvent", yaml.events.MappingStartEvent)
ScalarEvent = getattr(_EVENTS, "ScalarEvent", yaml.events.ScalarEvent)
SequenceEndEvent = getattr(_EVENTS, "SequenceEndEvent", yaml.events.SequenceEndEvent)
SequenceStartEvent = getattr(_EVENTS, "SequenceStartEvent", yaml.events.SequenceStartEvent)
StreamEndEvent = getattr(_EVENTS, "StreamEndEvent", yaml.events.StreamEndEvent)
StreamStartEvent = getattr(_EVENTS, "StreamStartEvent", yaml.events.StreamStartEvent)
# The characters YAML forbids (PyYAML's reader rejects the same set, without a line).
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
_TAG = "tag:yaml.org,2002:"

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
            end = text.find("]", i)
            inside = text[i + 1:end] if end > i else text[i + 1:]
            parts.append(int(inside) if inside.isdigit() else inside)
            i = end if end > i else len(text)
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


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of a character index."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


class _Frame:
    __slots__ = ("value", "path", "key", "has_key")

    def __init__(self, value: Any, path: FieldPath):
        self.value = value
        self.path = path
        self.key: Any = None
        self.has_key = False


class _Builder:
    """Builds plain data from parser events with an explicit stack (no recursion)."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.loader = _Loader(text)
        self.lines: dict[FieldPath, int] = {}

    def fail(self, mark: Any, field_path: FieldPath, message: str) -> ScenarioError:
        line = mark.line + 1 if mark is not None else None
        column = mark.column + 1 if mark is not None else None
        return ScenarioError(self.path, line, format_field(field_path), message, column)

    def build(self) -> Any:
        loader = self.loader
        try:
            return self._build()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = "; ".join(p for p in (exc.context, exc.problem) if p)
            raise self.fail(mark, (), f"malformed YAML: {problem}; check the indentation, "
                                      "quoting and brackets here") from None
        except yaml.YAMLError as exc:
            raise ScenarioError(self.path, None, "", f"malformed YAML: {exc}") from None
        finally:
            loader.dispose()

    def _build(self) -> Any:
        loader = self.loader
        loader.get_event()                                  # stream start
        if loader.check_event(StreamEndEvent):
            raise ScenarioError(self.path, 1, "", "the file is empty; it should hold one YAML document")
        loader.get_event()                                  # document start
        stack: list[_Frame] = []
        root: Any = None
        nodes = 0
        while True:
            event = loader.get_event()
            if isinstance(event, (SequenceEndEvent, MappingEndEvent)):
                stack.pop()
            else:
                nodes += 1
                if nodes > MAX_NODES:
                    raise self.fail(event.start_mark, self._where(stack),
                                    f"more than {MAX_NODES} values (the bound for suite files); split the file")
                value, container = self._node(event, stack)
                if not stack:
                    root = value
                else:
                    self._attach(stack[-1], value, event)
                if container:
                    if len(stack) >= MAX_DEPTH:
                        raise self.fail(event.start_mark, stack[-1].path,
                                        f"nested deeper than {MAX_DEPTH} levels (the bound for suite "
                                        "files); flatten the data")
                    stack.append(_Frame(value, self._child_path(stack)))
            if not stack:
                break
        loader.get_event()                                  # document end
        if not loader.check_event(StreamEndEvent):
            event = loader.get_event()
            raise self.fail(event.start_mark, (), "a second YAML document ('---'); a file holds one document")
        return root

    def _child_path(self, stack: list[_Frame]) -> FieldPath:
        """Path of the collection just attached to the top frame (or the root)."""
        if not stack:
            return ()
        top = stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value) - 1,)
        return top.path + (top.key,)

    def _node(self, event: Any, stack: list[_Frame]) -> tuple[Any, bool]:
        if isinstance(event, ScalarEvent) and event.anchor is None and event.tag is None:
            return self._scalar(event, stack), False
        where = self._where(stack)
        if isinstance(event, AliasEvent):
            raise self.fail(event.start_mark, where, f"alias '*{event.anchor}': anchors and aliases are "
                                                     "not allowed in suite files; write the value out")
        if isinstance(event, (DocumentStartEvent, DocumentEndEvent, StreamStartEvent, StreamEndEvent)):
            raise self.fail(event.start_mark, where, "unexpected end of the document")
        if event.anchor is not None:
            raise self.fail(event.start_mark, where, f"anchor '&{event.anchor}': anchors and aliases are "
                                                     "not allowed in suite files; write the value out")
        if event.tag is not None:       # any explicit tag, on a scalar, list or mapping
            raise self.fail(event.start_mark, where, f"tag '{event.tag}': YAML tags are not allowed in "
                                                     "suite files; remove it (quote the value for text)")
        if isinstance(event, SequenceStartEvent):
            return [], True
        if isinstance(event, MappingStartEvent):
            return {}, True
        return self._scalar(event, stack), False

    def _where(self, stack: list[_Frame]) -> FieldPath:
        if not stack:
            return ()
        top = stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),)
        return top.path + ((top.key,) if top.has_key else ())

    def _scalar(self, event: ScalarEvent, stack: list[_Frame]) -> Any:
        tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _TAG + "null":
            return None
        if tag == _TAG + "bool":
            return yaml.constructor.SafeConstructor.bool_values[event.value.lower()]
        if tag in (_TAG + "int", _TAG + "float"):
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark)
            try:
                number = (self.loader.construct_yaml_int(node) if tag == _TAG + "int"
                          else self.loader.construct_yaml_float(node))
            except (ValueError, OverflowError):
                raise self.fail(event.start_mark, self._where(stack), f"the number {event.value[:40]}... is too long "
                                                         "to read; write a smaller number") from None
            if isinstance(number, float) and not math.isfinite(number):
                raise self.fail(event.start_mark, self._where(stack), f"{event.value} is not a finite number; "
                                                         "write a number (or quote it for text)")
            return number
        # str, timestamp, '=' and '<<' as values: dates and such are never meaningful in our
        # formats, so the text is kept.
        return event.value

    def _attach(self, top: _Frame, value: Any, event: Any) -> None:
        line = event.start_mark.line + 1
        if isinstance(top.value, list):
            self.lines.setdefault(top.path + (len(top.value),), line)
            top.value.append(value)
            return
        if top.has_key:
            self.lines.setdefault(top.path + (top.key,), line)
            top.value[top.key] = value
            top.has_key = False
            return
        if not isinstance(event, ScalarEvent):
            raise self.fail(event.start_mark, top.path, "mapping keys must be plain text, not a list or mapping")
        if self.loader.resolve(yaml.ScalarNode, event.value, event.implicit) == _TAG + "merge":
            raise self.fail(event.start_mark, top.path, "merge keys ('<<') are not allowed in suite "
                                                        "files; write the fields out")
        if not isinstance(value, str):
            raise self.fail(event.start_mark, top.path,
                            f"key {event.value!r} reads as {type(value).__name__ if value is not None else 'null'}, "
                            "not text; quote it")
        if value in top.value:
            raise self.fail(event.start_mark, top.path + (value,),
                            f"duplicate key '{value}' (YAML would silently keep only the last); keep one")
        self.lines[top.path + (value,)] = line
        top.key = value
        top.has_key = True


def _check_text(text: str, path: str) -> None:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise ScenarioError(path, None, "", f"the file has {size} bytes, more than the bound of "
                                            f"{MAX_BYTES} for suite files; split it")
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line, column = _position(text, bad.start())
        raise ScenarioError(path, line, "", f"character U+{ord(bad.group()):04X} is not allowed in YAML "
                                            "(control character or lone surrogate); remove it", column)


def load_yaml_text(text: str, path: str) -> SourceDoc:
    _check_text(text, path)
    builder = _Builder(path, text)
    data = builder.build()
    builder.lines.setdefault((), 1)
    return SourceDoc(path=path, data=data, lines=builder.lines)


def decode_utf8(raw: bytes, path: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ScenarioError(path, line, "", f"not UTF-8 text: byte 0x{raw[exc.start]:02X} at byte offset "
                                            f"{exc.start} ({exc.reason}); save the file as UTF-8",
                            column) from None


def load_yaml_file(path: Path | str) -> SourceDoc:
    path = Path(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "", "no such file") from None
    except IsADirectoryError:
        raise ScenarioError(str(path), None, "", "is a folder, not a file") from None
    except OSError as exc:
        raise ScenarioError(str(path), None, "", f"cannot read the file: {exc.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(str(path), None, "", f"the file is larger than {MAX_BYTES} bytes, the bound "
                                                 "for suite files; split it")
    return load_yaml_text(decode_utf8(raw, str(path)), str(path))
