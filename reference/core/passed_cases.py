"""The cases the implementation under test passed in this run: a bounded sample per game and kind.

The counterfactual search reads them to break ties (a misreading that would change a case the
implementation passed is not its misreading). They are kept here, apart from the search, so that
a run in which nothing fails never loads the search (reference/core/counterfactual.py)."""

from __future__ import annotations

from typing import Any, Mapping

MAX_PASSED = 48             # passed cases kept per game and kind
NEW_EVIDENCE_EVERY = 8      # kept cases after which earlier verdicts on alterations are judged again

PASSED: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
evidence = [0]              # grows when the sample has changed enough to judge alterations again


def note_passed(case: Mapping[str, Any]) -> None:
    """The implementation passed this case (the runner tells each one): kept, a bounded few per
    game and kind, every other one dropped as more come, so that they stay spread."""
    kept = PASSED.setdefault((case["game"], case["kind"]), [])
    if len(kept) >= MAX_PASSED:
        del kept[::2]
    kept.append(case)
    if len(kept) % NEW_EVIDENCE_EVERY == 0:
        evidence[0] += 1


def forget() -> None:
    """A new run: nothing passed yet."""
    PASSED.clear()
    evidence[0] += 1
