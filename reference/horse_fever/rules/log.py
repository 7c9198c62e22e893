"""What the rules tell the record of a step: observable events and the clauses applied.
The suite's StepLog (reference/core/log.py) is one such record; the rules need only this much."""

from __future__ import annotations

from typing import Any, Protocol


class Log(Protocol):
    def event(self, type_: str, clause: str, **fields: Any) -> Any:
        """Record an observable event and the clause that produced it."""

    def rule(self, *clauses: str) -> None:
        """Record clauses applied without an event of their own."""
