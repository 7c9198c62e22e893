"""Of clauses a run still names together when it ends, those whose alterations reproduce fewer of
the run's failures than another's do.

Two alterations can reproduce one failure alike and still be two misreadings: a caller that
reads its callee's answer the other way, beside the callee answering the other way (which its
other callers then read too); a horse moved one space more by a card, beside every sprint
one space longer. At the step they give the same observation, so the search ties them, and
the run's charge counts (run_charges) often tie them too, because the other failures' steps
name both again. But each, acting as a misreading would from the setup on, answers the run's
*other* failed cases in its own way, and the implementation's answers there are known: where
one alteration gives the implementation's very answers (its first divergence, or every answer
of the case) and the other does not, the other is not the misreading the implementation has.
This is Metallaxis-FL's evidence (a mutant is as suspicious as the failing tests it fails the
same way), asked only of the alterations still tied, so it costs a few replays per run.

A clause is set aside when another tied clause's alteration reproduces every failure it
reproduces and more (`dominated`): set inclusion, not a count, since a misreading no
alteration gives whole is approximated by different alterations at different failures, and
two such approximations, each reproducing failures the other does not, say nothing against
each other. A clause counts as its alteration that reproduces the most. Nothing is set aside
when some tied clause has no alteration kept to play, or when none reproduces anything.

Bounded by counts, so that a failure is charged the same on any machine: at most
passed_cases.MAX_ANSWERED failed cases kept (a spread), MAX_PER_CLAUSE alterations of a clause
and MAX_PLAYED alterations played per run, each replay cut at counterfactual.TRIAL_LIMIT
seconds of CPU (an alteration may loop) and counted as reproducing nothing then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from . import counterfactual as cf
from . import passed_cases, run_charges
from .game import get_game

MAX_PER_CLAUSE = 4          # alterations of one tied clause played on the failed cases
MAX_PLAYED = 24             # alterations played per run (each on every failed case kept)


@dataclass(frozen=True)
class Reproduced:
    """The run's failed cases (by id) an alteration reproduces: the first divergence (the
    steps before as expected, the divergent one as the implementation answered), and every
    answer of the case."""
    first: frozenset[str]
    whole: frozenset[str]

    def covers(self, other: "Reproduced") -> bool:
        return self.first >= other.first and self.whole >= other.whole

    def size(self) -> tuple[int, int]:
        return len(self.whole), len(self.first)


_PLAYED: dict[tuple[str, str], Reproduced] = {}    # (game, alteration name) -> what it reproduced
_PLAYED_ON = [-1]           # the passed_cases.evidence they were played on: a new run forgets them


def _agrees(game: str, seen: Mapping[str, Any], want: Mapping[str, Any], keys: Sequence[str]) -> bool:
    """`seen` gives `want` on the keys the case expects (a refusal matches a refusal)."""
    from .results import step_differences
    if not isinstance(want, dict):
        return False
    if "error" in want or "error" in seen:
        return ("error" in want) == ("error" in seen)
    if any(key not in want for key in keys):
        return False
    return not step_differences(game, {key: want[key] for key in keys}, seen, None)


def replay_reproduces(case: Mapping[str, Any], step: int, answers: Sequence[Any], alteration: Any) -> tuple[bool, bool]:
    """The case played with the alteration acting as a misreading would, from the setup on:
    (does it give the implementation's first divergence at `step`, after the expected steps
    before; does it give every answer the implementation gave)."""
    game = case["game"]
    expected = case["expected"]
    caches = cf._caches(game)
    first = False
    try:
        cf._forget(caches)
        with cf._searching(), cf._memory_limit(), cf._time_limit(cf.TRIAL_LIMIT), \
                (alteration.everywhere or alteration.install)():
            number = -1
            for number, outcome in enumerate(get_game(game).replay(cf._case_input(case, list(case["input"]["steps"])))):
                if number >= len(answers) or number >= len(expected):
                    return first, False
                seen = cf._observation(outcome)
                keys = [key for key in expected[number] if key != "error"]
                if number < step and not _agrees(game, seen, expected[number], keys):
                    return False, False
                if not _agrees(game, seen, answers[number], keys):
                    return first, False
                first = first or number == step
            return first, number + 1 == len(answers)
    except (Exception, cf._Deadline):
        return first, False
    finally:
        cf._forget(caches)


def reproduced(game: str, name: str) -> Reproduced | None:
    """What the run's alteration `name` reproduces of the failed cases kept (None: it is not
    kept, or the run's bound on plays is reached)."""
    if _PLAYED_ON[0] != passed_cases.evidence[0]:
        _PLAYED.clear()
        _PLAYED_ON[0] = passed_cases.evidence[0]
    key = (game, name)
    if key in _PLAYED:
        return _PLAYED[key]
    alteration = run_charges.ALTERATIONS.get(key)
    if alteration is None or len(_PLAYED) >= MAX_PLAYED:
        return None
    first, whole = set(), set()
    for case, step, answers in passed_cases.ANSWERED.get(game, ()):
        gives_first, gives_all = replay_reproduces(case, step, answers, alteration)
        if gives_first:
            first.add(case["id"])
        if gives_all:
            whole.add(case["id"])
    _PLAYED[key] = Reproduced(frozenset(first), frozenset(whole))
    return _PLAYED[key]


def dominated(evidence: Mapping[str, Reproduced]) -> set[str]:
    """The clauses another clause's evidence covers, and more."""
    return {clause for clause, theirs in evidence.items()
            if any(other != clause and mine.covers(theirs) and mine != theirs for other, mine in evidence.items())}


def weigh(game: str, clauses: list[str], by_name: Mapping[str, Sequence[str]]) -> list[str]:
    """`clauses` (tied at one failure, `by_name` its best alterations and their clauses) without
    those another's alteration outdoes on the run's failed cases (see the module text)."""
    if not passed_cases.ANSWERED.get(game):
        return clauses
    evidence: dict[str, Reproduced] = {}
    for clause in clauses:
        names = [name for name, named in by_name.items() if clause in named][:MAX_PER_CLAUSE]
        played = [found for found in map(lambda name: reproduced(game, name), names) if found is not None]
        if not played:
            return clauses          # a clause the evidence cannot speak for: nothing set aside
        evidence[clause] = max(played, key=Reproduced.size)
    if not any(found.first or found.whole for found in evidence.values()):
        return clauses
    out = [clause for clause in clauses if clause not in dominated(evidence)]
    return out or clauses
