"""The clauses this run's failures were charged to so far: the evidence that chooses among the
clauses a new failure's step names together.

A misreading seldom fails one case: a run against it fails many, at different steps. At one
step two clauses may explain the failure equally well (a decision and the rule that acts on
it; a caller's test of its callee's answer), while at other steps only one of them does. The
run's other failures are then evidence that the step alone cannot give: of the clauses tied
at a step, the one the run keeps charging is the likelier misreading, because one misreading
explaining every failure is likelier than two (the single-fault assumption of multiple-failure
fault localization; the README's "Ties the run settles" says how the ratio was chosen).

So a tied clause is set aside when another clause tied with it has been charged in at least
RUN_MAJORITY times as many of the run's earlier failures (`choose_among_tied`). A tie that the
run's failures charge alike stays a tie. Each failure adds the clauses its step named before
this choice (`note_charged`), so the evidence never feeds on its own choices.

Like passed_cases, this is kept apart from the counterfactual search and is forgotten at the
start of every run (`forget`): a run's charges never depend on what ran before it. They do
depend on the run's earlier failures: a failure's `tied` clauses (the report's and expected
failures' identity of it) do not.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

RUN_MAJORITY = 1.5          # set a tied clause aside when another was charged this many times as often

CHARGED: Counter[tuple[str, str]] = Counter()      # (game, clause) -> earlier failures whose step named it


def choose_among_tied(game: str, clauses: Sequence[str]) -> list[str]:
    """Of the clauses a step named together, those the run's earlier failures do not outweigh:
    a clause is set aside when the most charged of them was charged at least RUN_MAJORITY
    times as often. All of them when fewer than two, or when the run charged none of them yet."""
    if len(clauses) < 2:
        return list(clauses)
    charged = {clause: CHARGED[(game, clause)] for clause in clauses}
    most = max(charged.values())
    if most == 0:
        return list(clauses)
    return [clause for clause in clauses if most < charged[clause] * RUN_MAJORITY]


def note_charged(game: str, clauses: Sequence[str]) -> None:
    """A failure of this run whose step named `clauses` (before `choose_among_tied`)."""
    for clause in set(clauses):
        CHARGED[(game, clause)] += 1


def forget() -> None:
    """A new run: nothing charged yet."""
    CHARGED.clear()
