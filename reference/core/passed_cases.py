"""The cases the implementation under test passed in this run: a bounded sample per game and kind.

The counterfactual search reads them to break ties (a misreading that would change a case the
implementation passed is not its misreading). They are kept here, apart from the search, so that
a run in which nothing fails never loads the search (reference/core/counterfactual.py)."""

from __future__ import annotations

from typing import Any, Mapping

MAX_PASSED = 48             # passed cases kept per game and kind
MAX_PER_CLAUSE = 6          # passed cases kept per game and clause they exercise
NEW_EVIDENCE_EVERY = 8      # kept cases after which earlier verdicts on alterations are judged again
MAX_EVERY = 1024            # passed cases kept per game for the wide check of a tie that outlives the few

PASSED: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
# the same cases by the clauses they exercise (the vector's `clauses`): the evidence that tells
# apart two misreadings that reproduce a failure alike, one of each clause
BY_CLAUSE: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
evidence = [0]              # grows when the sample has changed enough to judge alterations again
# every passed case of a game, as far as MAX_EVERY allows (thinned as PASSED is): the evidence of
# counterfactual.acquitted_widely, which plays each case once per alteration and run
EVERY: dict[str, list[Mapping[str, Any]]] = {}
# the cases the implementation failed, each with the step it first differed at: the steps before
# it are steps it answered as the reference does, evidence as good as a passed case's
FAILED: dict[str, list[tuple[Mapping[str, Any], int]]] = {}
# a spread few of the failed cases with the implementation's every answer: where each failure of
# the run shows, which the alterations tied at one failure may each reproduce or not
# (failures_reproduced); fewer than FAILED, since an answer holds a whole game's observations
ANSWERED: dict[str, list[tuple[Mapping[str, Any], int, list[Any]]]] = {}
MAX_ANSWERED = 64


WIDE = [True]               # False for a run that keeps no results (a fuzz campaign): EVERY and FAILED stay empty


def _keep(kept: list, item: Any, at_most: int) -> None:
    """`item` kept, every other one dropped once `at_most` are kept, so that they stay spread."""
    if len(kept) >= at_most:
        del kept[::2]
    kept.append(item)


def note_passed(case: Mapping[str, Any]) -> None:
    """The implementation passed this case (the runner tells each one): kept, a bounded few per
    game and kind, every other one dropped as more come, so that they stay spread."""
    kept = PASSED.setdefault((case["game"], case["kind"]), [])
    _keep(kept, case, MAX_PASSED)
    for clause in case.get("clauses") or ():
        _keep(BY_CLAUSE.setdefault((case["game"], clause), []), case, MAX_PER_CLAUSE)
    if WIDE[0]:
        _keep(EVERY.setdefault(case["game"], []), case, MAX_EVERY)
    if len(kept) % NEW_EVIDENCE_EVERY == 0:
        evidence[0] += 1


def note_failed(case: Mapping[str, Any], step: int, answers: list[Any] | None = None) -> None:
    """The implementation failed this case first at `step` (kept as EVERY is, when a step came
    before); with its `answers` (every observation it gave), kept among ANSWERED too."""
    if step > 0 and WIDE[0]:
        _keep(FAILED.setdefault(case["game"], []), (case, step), MAX_EVERY)
    if answers is not None and WIDE[0]:
        _keep(ANSWERED.setdefault(case["game"], []), (case, step, list(answers)), MAX_ANSWERED)


def forget(wide: bool | None = None) -> None:
    """A new run: nothing passed yet. `wide`: every passed case and failed case is kept for the
    wide check (False: a run that keeps no results, whose memory stays flat: its cases are made
    as it goes, and keeping a thousand of them would hold them all); None leaves it as it was."""
    if wide is not None:
        WIDE[0] = wide
    PASSED.clear()
    BY_CLAUSE.clear()
    EVERY.clear()
    FAILED.clear()
    ANSWERED.clear()
    evidence[0] += 1
