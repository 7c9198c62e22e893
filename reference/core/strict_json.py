"""Strict JSON: how the suite reads every JSON text it did not just write itself.

An implementation's answers, the vector files and their manifest, the JSON reports given to
`horserace report`: each is read with the same rules, so one reading cannot believe what
another refuses.

- the nesting depth is bounded *before* parsing (MAX_DEPTH unless the reader says less), so no
  parser, validator or walker ever meets a structure deep enough to exhaust the stack;
- a key given twice in one object is an error: JSON leaves duplicates undefined and Python's
  reader keeps the last value silently, so `{"seq":1,"seq":2}` or a wrong value followed by
  the right one would otherwise be believed;
- `NaN`, `Infinity` and numbers that overflow to infinity are not JSON;
- an integer of more than 4,300 digits (Python's conversion bound) is refused as such;
- the bytes are strict UTF-8, and no string holds a lone surrogate (`"\\ud800"`), which no
  UTF-8 writer could write back (a report, a page).

Every breach is a JsonProblem (a ValueError) with a short message and, where the parser knows
it, the line and column; the reader adds the file or the message it came from.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 64          # open arrays and objects at once; the deepest vector case has 7 levels
SHOWN = 40              # characters of a key or a number quoted in a message


class JsonProblem(ValueError):
    """A JSON text that is not believed; `line` and `column` when the parser located it."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 detail: str = ""):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column
        self.detail = detail        # the parser's own words, for a reader that words it otherwise


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict; a key given twice is refused (both values are left unsaid)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise JsonProblem(f"duplicate key {json.dumps(_shown(key), ensure_ascii=False)} in one object")
            seen.add(key)
    return out


def _refuse_constant(name: str) -> Any:
    raise JsonProblem(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonProblem(f"the number {_shown(text)} is out of range")
    return value


# One decoder, built once: its C scanner calls the hooks (a duplicate check costs about 5% of
# the parsing time of a vector file).
_DECODER = json.JSONDecoder(object_pairs_hook=no_duplicate_keys, parse_constant=_refuse_constant,
                            parse_float=_finite_float)


def loads(text: str | bytes, max_depth: int | None = MAX_DEPTH) -> Any:
    """The value of a JSON text under the rules above, or JsonProblem saying why not.
    `max_depth` None: no bound before parsing, for text the suite wrote itself (the reference
    adapter reading the runner's messages); nesting past the parser's own limit is still a
    JsonProblem, not a RecursionError."""
    data = text.encode("utf-8", errors="surrogatepass") if isinstance(text, str) else text
    if max_depth is not None:
        check_depth(data, max_depth)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonProblem(f"not UTF-8: byte 0x{data[exc.start]:02x} at byte offset {exc.start} "
                              f"({exc.reason})") from None
    try:
        value = _DECODER.decode(text.strip())
    except JsonProblem:
        raise
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not JSON ({exc.msg})", exc.lineno, exc.colno, exc.msg) from None
    except RecursionError:          # past the parser's limit: only without check_depth
        raise JsonProblem(f"nested deeper than {max_depth or 'the parser allows'} levels") from None
    except ValueError as exc:       # the integer digit limit (sys.get_int_max_str_digits)
        if "digits" in str(exc):
            raise JsonProblem("an integer with too many digits (more than 4300)") from None
        raise JsonProblem(f"not JSON ({_shown(str(exc))})") from None
    if SURROGATE_ESCAPE.search(data):
        check_strings(value)        # may hold a lone surrogate: find it and name where
    return value


# Strict UTF-8 cannot carry a surrogate; only a \uD800-\uDFFF escape can put one in a string.
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def check_strings(value: Any, max_depth: int | None = None) -> None:
    """JsonProblem naming the place of a string (or key) holding a lone surrogate, or (with
    `max_depth`) a nesting deeper than that: the walk check_depth agrees with. Iterative,
    memory O(depth)."""
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
                if max_depth is not None and len(stack) >= max_depth:
                    raise JsonProblem(f"nested deeper than {max_depth} levels")
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
        from .yamlsource import format_field     # only when there is one to name
        where = format_field(path) or "(top level)"
        if len(where) > 100:
            where = where[:100] + "..."
        raise JsonProblem(f"a lone surrogate \\u{ord(text[exc.start]):04x} in a string at {where}") from None


NOT_QUOTE_OR_BRACKET = bytes(b for b in range(256) if b not in b'"[]{}')
INNERMOST = re.compile(rb"\[\]|\{\}")


def check_depth(data: bytes, max_depth: int = MAX_DEPTH) -> None:
    """JsonProblem when the brackets outside strings nest deeper than `max_depth`; found without
    parsing, so it runs first. Each pass removes the innermost pairs, so the passes needed are
    the depth. A text whose brackets do not pair is left to the parser to describe.

    Bytes throughout (a UTF-8 continuation byte is never ASCII). Inside a string a backslash
    starts a two-character escape: dropping every escaped backslash, then every escaped quote,
    leaves only the quotes that open and close strings: split at them, every second piece is
    outside strings."""
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(unescaped.translate(None, NOT_QUOTE_OR_BRACKET).split(b'"')[0::2])
    for _ in range(max_depth):
        if not brackets:
            return
        reduced = INNERMOST.sub(b"", brackets)
        if len(reduced) == len(brackets):
            return                  # unbalanced: not JSON, which the parser will say
        brackets = reduced
    if brackets and len(INNERMOST.sub(b"", brackets)) < len(brackets):
        raise JsonProblem(f"nested deeper than {max_depth} levels")
