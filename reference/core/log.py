"""A step's record: the observable events and the clauses applied, in order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class StepLog:
    events: list[dict[str, Any]] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)

    # Whether `rule` keeps what it is told. A log that does not (play nobody audits clause by
    # clause: random matches, perft) lets a rule skip working out which clauses it applied.
    keeps_clauses = True

    def event(self, type_: str, clause: str, **fields: Any) -> dict[str, Any]:
        """Record an observable event and the clause that produced it."""
        event = {"type": type_, **fields}
        self.events.append(event)
        self.rule(clause)
        return event

    def rule(self, *clauses: str) -> None:
        """Record clauses applied without an event of their own."""
        for clause in clauses:
            if clause not in self.clauses:
                self.clauses.append(clause)
