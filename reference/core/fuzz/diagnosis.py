"""A failure's diagnosis: what tells one bug from another in a fuzz campaign.

The diagnosis of a failing case is its first divergent step's attributed clauses
(`mismatch["clauses"]`, as `horserace check` attributes them, or `mismatch["tied"]` when the
run's other failures chose among them) and the observation keys that
differ there. It plays the part of Hypothesis's `InterestingOrigin` (STYLE.md, (d)):

- failures with one diagnosis are one bug: the campaign counts them together and shrinks only
  the first few (`--max-examples-per-bug`);
- failures with another diagnosis are another bug, with their own counterexample;
- a shrink candidate is kept only while it fails with the same diagnosis, so shrinking never
  slips from one bug to another (Holmes, Groce, Alipour, "Mitigating (and Exploiting) Test
  Reduction Slippage", A-TEST 2016; notes/diagnosis.md).

The step number, the values and the action are not part of it: the same misreading shows at
different steps with different values, and a shrunk case diverges earlier than its original.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class Diagnosis:
    clauses: tuple[str, ...]      # the attributed clauses, sorted
    keys: tuple[str, ...]         # the differing observation keys, sorted

    def label(self) -> str:
        """`DOM-SETTLE-3 [scores, settlement]`: the clauses, then the differing keys."""
        return f"{', '.join(self.clauses) or '(no clause)'} [{', '.join(self.keys) or '-'}]"

    def as_dict(self) -> dict[str, list[str]]:
        return {"clauses": list(self.clauses), "keys": list(self.keys)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Diagnosis":
        return cls(tuple(data["clauses"]), tuple(data["keys"]))


def differing_keys(mismatch: dict[str, Any]) -> tuple[str, ...]:
    """The observation keys that differ at the divergent step: each difference's key, and the
    key each attribution path starts with (the paths are complete where the differences listed
    may be cut short: `more_differences`)."""
    keys = {mismatch.get("key")}
    keys.update(d.get("key") for d in mismatch.get("differences") or () if isinstance(d, dict))
    keys.update(path.split(".")[0] for path in mismatch.get("paths") or () if isinstance(path, str))
    return tuple(sorted(k for k in keys if isinstance(k, str) and k))


def diagnosis_of(mismatch: dict[str, Any] | None) -> Diagnosis:
    """The diagnosis of a failure from its mismatch (a failure without one: the empty diagnosis)."""
    if not mismatch:
        return Diagnosis((), ())
    # the clauses the step named, before the run's other failures chose among them
    # (run_charges): a shrink candidate's diagnosis must not drift as the campaign goes on
    clauses = mismatch.get("tied") or mismatch.get("clauses") or ()
    return Diagnosis(tuple(sorted({c for c in clauses if isinstance(c, str)})), differing_keys(mismatch))
