"""Judging an implementation's answer to a case: status, first divergent step, diagnostics."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .expect import MISSING, matches, same, show
from .game import get_game

STATUSES = ("passed", "failed", "skipped", "errored", "xfailed", "xpassed")
FIELD_LIMIT = 2048          # bytes of any message, expected or actual value kept in a report

# Characters a terminal or an XML 1.0 parser would choke on: C0/C1 controls (but tab and
# newline), DEL, lone surrogates and the two non-characters XML forbids.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    """`text` with every control character written as an escape (ESC -> \\x1b)."""
    return _UNPRINTABLE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                            else f"\\u{ord(m.group()):04x}", text)


def cap(text: str, limit: int = FIELD_LIMIT) -> str:
    """At most `limit` bytes of UTF-8 (cut on a character boundary), with an explicit marker."""
    data = text.encode("utf-8", errors="surrogatepass")
    if len(data) <= limit:
        return text
    kept = data[:limit].decode("utf-8", errors="ignore")
    return f"{kept}…(truncated {len(data) - len(kept.encode('utf-8'))} bytes)"


def bounded(text: str, limit: int = FIELD_LIMIT) -> str:
    return cap(printable(text), limit)


@dataclass
class CaseResult:
    id: str
    game: str
    kind: str
    status: str
    clauses: list[str] = field(default_factory=list)
    message: str = ""
    seconds: float = 0.0
    mismatch: dict[str, Any] | None = None

    def bound(self) -> "CaseResult":
        """Every free text capped and printable, so no report carries megabytes or escapes."""
        self.message = bounded(self.message)
        if self.mismatch:
            self.mismatch = {k: bounded(v) if isinstance(v, str) else v for k, v in self.mismatch.items()}
        return self

    def as_dict(self) -> dict[str, Any]:
        out = {"id": self.id, "game": self.game, "kind": self.kind, "status": self.status,
               "seconds": round(self.seconds, 6), "clauses": self.clauses}
        if self.message:
            out["message"] = self.message
        if self.mismatch:
            out["mismatch"] = self.mismatch
        return out


def runner_mode(game_name: str, key: str) -> str:
    """How the runner compares a key: as the game says, except that any refusal reason counts."""
    if key == "error":
        return "refusal"
    return get_game(game_name).expectation_modes.get(key, "exact")


def first_mismatch(case: dict[str, Any], steps: Any) -> dict[str, Any] | None:
    """None when every expected value matches; else the first divergent step and key."""
    expected = case["expected"]
    actions = [s.get("action") for s in case["input"]["steps"]]
    if not isinstance(steps, list):
        return {"step": 0, "action": None, "key": "steps", "expected": f"a list of {len(expected)} observations",
                "actual": show(steps)}
    for index, want in enumerate(expected):
        action = actions[index] if index < len(actions) else None
        if index >= len(steps):
            return {"step": index, "action": action, "key": "steps",
                    "expected": f"{len(expected)} observations", "actual": f"{len(steps)} observations"}
        got = steps[index]
        if not isinstance(got, dict):
            return {"step": index, "action": action, "key": "(observation)", "expected": "an object",
                    "actual": show(got)}
        for key, value in want.items():
            mode = runner_mode(case["game"], key)
            actual = got.get(key, MISSING)
            if key != "error" and "error" in got and "error" not in want:
                return {"step": index, "action": action, "key": key, "expected": show(value, mode),
                        "actual": f"the action was refused: {show(got['error'])}"}
            if not matches_safely(value, actual, mode):
                shown_expected, shown_actual = differing_parts(value, actual, mode)
                return {"step": index, "action": action, "key": key, "expected": shown_expected,
                        "actual": shown_actual}
    if len(steps) > len(expected):
        return {"step": len(expected), "action": None, "key": "steps",
                "expected": f"{len(expected)} observations", "actual": f"{len(steps)} observations"}
    return None


def differing_parts(expected: Any, actual: Any, mode: str) -> tuple[str, str]:
    """For two objects (a perft divide, a settlement), only the entries that differ."""
    if mode == "exact" and isinstance(expected, dict) and isinstance(actual, dict):
        keys = sorted(k for k in set(expected) | set(actual)
                      if not same(expected.get(k, MISSING), actual.get(k, MISSING)))
        return (show({k: expected.get(k, "(absent)") for k in keys}),
                show({k: actual.get(k, "(absent)") for k in keys}))
    return show(expected, mode), show(actual, mode)


def matches_safely(expected: Any, actual: Any, mode: str) -> bool:
    """Type-exact comparison (reference.core.expect is the one place that decides equality);
    any non-empty reason matches a refusal."""
    if mode == "refusal":
        return isinstance(actual, str) and bool(actual)
    return matches(expected, actual, mode)


def judge(case: dict[str, Any], steps: Any) -> tuple[str, dict[str, Any] | None]:
    mismatch = first_mismatch(case, steps)
    return ("passed", None) if mismatch is None else ("failed", mismatch)
