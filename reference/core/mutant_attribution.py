"""Does attribution name the rule a misreading misreads? (`horserace mutants --attribution`)

Each misreading (a curated mutant, a held-out misreading, a generated mutant) answers every
case of its game: the reference engine with the misreading installed. Each failing case's
first divergence is then charged as the runner charges an implementation's, by the reference
itself (the misreading uninstalled). The misreading's own alteration is withheld from the
counterfactual search (leave-one-out): a measurement that let a mutant reproduce itself would
measure nothing. With `same_site`, every alteration at the same code site is withheld too.

Judged as notes/diagnosis.md's "How naming is judged": a failing case is named right when one
of the misreading's own clauses is among the clauses charged and at most three are charged;
named strictly when every clause charged is one of its own (one clause; or, for a misreading
of a block that two markers open, `# DOM-COUNT-1: ...` and `# DOM-COUNT-4: ...` above one
`return`, those clauses: a generated mutant's own clauses are all of its block's). A misreading is named
when more than half of the failing cases attributed are. At most `per_mutant` failing cases
of each misreading are attributed (spread evenly over its failures, the same ones each run);
the table says how many.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Sequence

from . import counterfactual as cf          # imported before workers fork, so that all run one version
from . import failures_reproduced, passed_cases, run_charges
from .adapter import replay_case
from .attribution import MAX_NAMED, case_clause_keys, top_clause
from .game import Game, Mutant, get_game
from .results import first_mismatch

PER_MUTANT = 24             # failing cases attributed per misreading
CASE_LIMIT = 1.0            # CPU seconds a misreading may take over one case (a generated one may loop forever)
MAX_HUNG = 3                # cases a misreading may hang on before it is played no further
DUMP = os.environ.get("HORSERACE_ATTRIBUTION_DUMP", "")     # a file to write each charge to (studying the ranking)


@dataclass
class Charge:
    case: str
    step: int
    clauses: list[str]
    basis: str


@dataclass
class MutantAttribution:
    game: str
    mutant: Mutant
    failures: int = 0                   # failing cases (all of them, attributed or not)
    errored: int = 0                    # cases the mutant could not even play
    charges: list[Charge] = field(default_factory=list)     # the failing cases attributed
    # look_alikes: the alterations charged instead of (or beside) its own clauses that answer every
    # case as the misreading does (no vector tells the two apart): name -> their clauses
    look_alikes: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def attributions(self) -> list[list[str]]:
        return [c.clauses for c in self.charges]

    def named(self, charge: Charge, strict: bool = False) -> bool:
        own = set(self.mutant.clauses)
        if strict:      # nothing but its own: one clause, or the clauses of the one block it misreads
            return bool(charge.clauses) and set(charge.clauses) <= own
        return bool(own & set(charge.clauses)) and len(charge.clauses) <= MAX_NAMED

    def alike(self, charge: Charge) -> bool:
        """Named as well as the vectors allow: strictly, or every other clause charged is a
        look-alike's (an alteration no case tells apart from the misreading)."""
        if self.named(charge, strict=True):
            return True
        lookalike = {c for clauses in self.look_alikes.values() for c in clauses}
        return bool(charge.clauses) and bool(lookalike) and set(charge.clauses) - set(self.mutant.clauses) <= lookalike

    def alike_right(self) -> bool:
        """More than half of its attributed failing cases are named as well as the vectors allow."""
        return bool(self.charges) and sum(self.alike(c) for c in self.charges) * 2 > len(self.charges)

    def share(self, strict: bool = False) -> float:
        return sum(self.named(c, strict) for c in self.charges) / len(self.charges) if self.charges else 0.0

    def named_right(self, strict: bool = False) -> bool:
        """More than half of its attributed failing cases are named right (`named`)."""
        return bool(self.charges) and self.share(strict) > 0.5

    @property
    def top(self) -> str | None:
        """The clause charged most often (ties: the smallest id)."""
        return top_clause(self.attributions)[0]

    @property
    def own(self) -> bool:
        """The clause charged most often is one of its own."""
        return self.top is not None and self.top in self.mutant.clauses

    def instead(self) -> str:
        """What was named instead of its own clauses, most often first."""
        tally: Counter[str] = Counter()
        for charge in self.charges:
            if not self.named(charge):
                tally[", ".join(charge.clauses[:4]) + (" …" if len(charge.clauses) > 4 else "") or "(nothing)"] += 1
        return "; ".join(f"{text} ({n})" for text, n in tally.most_common(2))


def spread(items: Sequence[Any], at_most: int) -> list[Any]:
    """At most `at_most` of `items`, evenly spread, first included."""
    if len(items) <= at_most:
        return list(items)
    step = len(items) / at_most
    return [items[int(i * step)] for i in range(at_most)]


def generated_withheld(mutant: Mutant, same_site: bool = False) -> Callable[[Any], bool]:
    """The leave-one-out of a generated mutant (`GeneratedMutant.as_mutant()`, named
    'game/key'): the alteration that is the mutant itself, or its twin (the same code); with
    `same_site`, every generated alteration at the same code site (module and line) too."""
    from .counterfactual import FROM_SETUP, twin_keys
    from .generated_mutants import generated_mutants
    game, key = mutant.name.split("/", 1)
    found = next(m for m in generated_mutants(game) if m.key == key)
    site = f"{found.module}:{found.line}"
    # played at the step, or from the setup on (an earlier step's); as its first twin, the one the
    # search plays of the mutants whose code compiles the same (`twin_keys`): a twin is itself
    itself = f"generated {twin_keys(found)[0]}"
    if same_site:
        return lambda alteration: alteration.name.removesuffix(FROM_SETUP) == itself or alteration.site == site
    return lambda alteration: alteration.name.removesuffix(FROM_SETUP) == itself


def attribute_mutant(game: Game, mutant: Mutant, cases: Sequence[dict[str, Any]], counterfactual: bool = True,
                     per_mutant: int = PER_MUTANT, withheld: Callable[[Any], bool] | None = None,
                     extra: Sequence[Any] = (), withheld_for: Callable[[Mutant], Callable[[Any], bool]] | None = None,
                     shuffled: bool = False, only: Collection[str] | None = None,
                     look_alikes: bool = False) -> MutantAttribution:
    """Answer the cases with the mutant installed, then charge (a spread of) its failing cases
    with the reference. `withheld(alteration)`: alterations the search leaves out (default: the
    mutant itself); `extra`: more alterations. `shuffled`: the cases in an order drawn from the
    mutant's name, and only the first `per_mutant` failures charged (for a large population:
    `failures` then counts only those); every case is still answered, since the cases it
    passes are evidence a run has. `only`: the ids of the failing cases to charge (a test's chosen
    cases; the rest of the run is the evidence its passed cases give). `look_alikes`: then ask
    which alterations charged instead of its own clauses answer every case as it does
    (`find_look_alikes`)."""
    from .mutation import clear_engine_caches
    out = MutantAttribution(game.name, mutant)
    failing: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    passed: list[dict[str, Any]] = []
    diverged: list[tuple[dict[str, Any], int, list[Any]]] = []      # every failing case: the step it diverged at, its answers
    clear_engine_caches(game)
    if shuffled:
        cases = list(cases)
        random.Random(mutant.name).shuffle(cases)
    hung = 0
    answers: dict[str, Any] = {}        # case id -> what the misreading answered (look_alikes)
    with mutant.patch():
        for case in cases:
            try:
                with cf._time_limit(CASE_LIMIT):
                    steps = replay_case(case)
            except cf._Deadline:        # a hanging mutant is errored by the runner, not attributed;
                out.errored += 1        # one that hangs again and again is not played on
                answers[case["id"]] = ERRORED
                hung += 1
                if hung >= MAX_HUNG:
                    break
                continue
            except Exception:           # a crashing mutant is errored by the runner, not attributed
                out.errored += 1
                answers[case["id"]] = ERRORED
                continue
            if look_alikes:
                answers[case["id"]] = as_answered(steps)
            mismatch = first_mismatch(case, steps, counterfactual=False)
            if mismatch is not None:
                diverged.append((case, mismatch["step"], steps))
                # a shuffled run charges its first failures only, but answers every case: the
                # cases a misreading passes are evidence a run has (passed_cases), and answering
                # costs little beside a search
                if not (shuffled and len(failing) >= per_mutant):
                    failing.append((case, steps))
            else:
                passed.append(case)
    clear_engine_caches(game)
    out.failures = len(failing)
    cf.forget_explanations()
    passed_cases.forget(wide=True)      # a measurement keeps every case it answered
    for case in passed:                 # the cases the misreading passes, as a runner learns them
        cf.note_passed(case)
    for case, step, steps in diverged:  # and those it fails: the steps it answered as expected, its answers
        cf.note_failed(case, step, steps)
    if DUMP:
        cf.dumping(DUMP + ".trials")
    if withheld is None and withheld_for is not None:
        withheld = withheld_for(mutant)
    if withheld is None:
        withheld = lambda alteration: alteration.site == f"mutant {mutant.name}"       # noqa: E731
    chosen = failing if only is None else [(case, steps) for case, steps in failing if case["id"] in only]
    judged = []
    charged: dict[str, list[Any]] = {}  # case id -> the alterations its search charged
    for case, steps in spread(chosen, per_mutant):
        if DUMP:
            cf._DUMP["tag"] = {"mutant": mutant.name, "own": list(mutant.clauses)}
        cf.charged_alterations()
        with cf.searching_with(withheld=withheld, extra=extra):
            judged.append((case, first_mismatch(case, steps, counterfactual=counterfactual)))
        charged[case["id"]] = cf.charged_alterations()
    run_charges.settle_ties(failures_reproduced.weigh)     # as a run settles its ties when it ends
    for case, mismatch in judged:
        if mismatch is not None:
            out.charges.append(Charge(case["id"], mismatch["step"], list(mismatch["clauses"]),
                                      mismatch["attributed_by"]))
            if DUMP:
                with open(DUMP, "a", encoding="utf-8") as dump:
                    dump.write(json.dumps({"mutant": mutant.name, "own": list(mutant.clauses), "case": case["id"],
                                           "paths": mismatch.get("paths", []), "clauses": mismatch["clauses"],
                                           "raw_paths": sorted({d["path"] for d in mismatch.get("differences", ())}),
                                           "step_clauses": (case.get("step_clauses") or [[]] * 999)[mismatch["step"]]
                                           if mismatch["step"] < len(case.get("step_clauses") or ()) else [],
                                           "case_clauses": case.get("clauses", []),
                                           "basis": mismatch["attributed_by"],
                                           "keys": {c: list(v) for c, v in case_clause_keys(case).items()}})
                               + "\n")
    if look_alikes and len(answers) == len(cases):
        out.look_alikes = find_look_alikes(game, out, cases, answers, charged)
    return out


# -- look-alikes: what no vector tells apart from the misreading -------------------------------------

ERRORED = "(errored)"           # a case the misreading could not answer (crashed or hung)
MAX_LOOK_ALIKES = 4             # alterations checked per misreading: each answers every case again


def as_answered(steps: Sequence[dict[str, Any]]) -> list[Any]:
    """What a runner compares of an answer: the observations, a refusal whatever its reason."""
    return [{"error": "refused"} if "error" in step else step for step in steps]


def find_look_alikes(game: Game, found: MutantAttribution, cases: Sequence[dict[str, Any]],
                     answers: dict[str, Any], charged: dict[str, list[Any]]) -> dict[str, tuple[str, ...]]:
    """Of the alterations charged to clauses not the misreading's own (the first MAX_LOOK_ALIKES,
    in the order of its failing cases), those that, acting from the setup on as a misreading
    would, answer every case exactly as the misreading did: no vector tells them apart, so a
    charge to their clauses is as right as the vectors allow, and a case that separates them is
    missing from the vectors (or the two clauses decide alike)."""
    own = set(found.mutant.clauses)
    candidates: dict[str, Any] = {}
    for charge in found.charges:
        if found.named(charge, strict=True):
            continue
        for alteration in charged.get(charge.case, []):
            if not set(alteration.clauses) <= own and set(alteration.clauses) & set(charge.clauses):
                candidates.setdefault(alteration.name, alteration)
    out = {}
    for name, alteration in list(candidates.items())[:MAX_LOOK_ALIKES]:
        if answers_alike(game, alteration, cases, answers):
            out[name] = tuple(c for c in alteration.clauses if c not in own)
    return out


def _same_exactly(one: Any, other: Any) -> bool:
    """Equal and of the same types throughout, as the runner compares (5 is not 5.0, true is not 1)."""
    return json.dumps(one, sort_keys=True, default=repr) == json.dumps(other, sort_keys=True, default=repr)


def answers_alike(game: Game, alteration: Any, cases: Sequence[dict[str, Any]], answers: dict[str, Any]) -> bool:
    """Whether the alteration, installed from the setup on, answers every case as `answers` holds."""
    from .mutation import clear_engine_caches
    install = alteration.everywhere or alteration.install
    try:
        for case in cases:
            clear_engine_caches(game)
            try:
                with install(), cf._time_limit(CASE_LIMIT):
                    steps = as_answered(replay_case(case))
            except (cf._Deadline, Exception):
                steps = ERRORED
            if not _same_exactly(steps, answers[case["id"]]):
                return False
        return True
    finally:
        clear_engine_caches(game)


# -- many misreadings, in forked workers --------------------------------------------------------------

_JOBS: dict[int, tuple[Game, Mutant, Sequence[dict[str, Any]], dict[str, Any]]] = {}


def _work(index: int) -> tuple[int, int, int, list[Charge], dict[str, tuple[str, ...]]]:
    """What a worker sends back (a mutant's patch may not pickle): its counts and charges."""
    game, mutant, cases, options = _JOBS[index]
    found = attribute_mutant(game, mutant, cases, **options)
    return index, found.failures, found.errored, found.charges, found.look_alikes


def attribute_mutants(jobs: Sequence[tuple[Game, Mutant, Sequence[dict[str, Any]]]], workers: int | None = None,
                      on_result: Callable[[MutantAttribution], None] | None = None,
                      **options: Any) -> list[MutantAttribution]:
    """attribute_mutant for every job, `workers` forked processes at a time; results in job order."""
    _JOBS.clear()
    for index, (game, mutant, cases) in enumerate(jobs):
        _JOBS[index] = (game, mutant, cases, options)
    results: dict[int, MutantAttribution] = {}
    try:
        workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
        if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
            with multiprocessing.get_context("fork").Pool(workers, maxtasksperchild=4) as pool:
                outcomes = pool.imap_unordered(_work, range(len(jobs)))
                for index, failures, errored, charges, look_alikes in outcomes:
                    game, mutant, _, _ = _JOBS[index]
                    results[index] = MutantAttribution(game.name, mutant, failures, errored, charges, look_alikes)
                    if on_result:
                        on_result(results[index])
        else:
            for index in range(len(jobs)):
                game, mutant, cases, options = _JOBS[index]
                results[index] = attribute_mutant(game, mutant, cases, **options)
                if on_result:
                    on_result(results[index])
    finally:
        _JOBS.clear()
    return [results[i] for i in range(len(jobs))]


# -- the tables -------------------------------------------------------------------------------------------

def attribution_table(rows: Sequence[MutantAttribution], look_alikes: bool = False) -> str:
    lines = [f"{'game':12} {'mutant':40} {'its clauses':30} {'named':>6} {'strict':>6} {'tried':>5} {'fails':>6}  own"]
    for r in rows:
        share = f"{r.share():.0%}" if r.charges else "-"
        strict = f"{r.share(True):.0%}" if r.charges else "-"
        note = f" ({r.errored} errored)" if r.errored else ""
        verdict = "yes" if r.named_right() else ("-" if not r.charges else "NO")
        lines.append(f"{r.game:12} {r.mutant.name:40} {', '.join(r.mutant.clauses)[:30]:30} {share:>6} {strict:>6} "
                     f"{len(r.charges):5} {r.failures:6}  {verdict}{note}")
    lines.append("")
    lines += summary_table(rows, look_alikes)
    worst = worst_misses(rows)
    if worst:
        lines.append("")
        lines.append("worst misses (share of attributed failing cases named right; what was named instead):")
        lines += [f"  {r.game:12} {r.mutant.name:40} {r.share():4.0%}  own {', '.join(r.mutant.clauses)}; "
                  f"named {r.instead()}" for r in worst]
    return "\n".join(lines)


def summary_table(rows: Sequence[MutantAttribution], look_alikes: bool = False) -> list[str]:
    """Per game: misreadings killed (with attributed failures), named with ties counted, named
    strictly (one clause, its own), over all failing cases attributed the same two, and the
    misreadings whose most often charged clause is their own (the older, looser measure); with
    `look_alikes`, those named strictly or beside look-alikes only (MutantAttribution.alike),
    and the look-alikes found."""
    lines = [f"{'game':12} {'killed':>6} {'named (ties)':>14} {'named (one)':>13} {'cases (ties)':>13} {'cases (one)':>12}"
             f" {'top own':>12}" + (f" {'one or alike':>13}" if look_alikes else "")]
    games = sorted({r.game for r in rows})
    for name in games + (["all"] if len(games) > 1 else []):
        chosen = [r for r in rows if (name == "all" or r.game == name) and r.charges]
        if not chosen:
            lines.append(f"{name:12} {0:6}")
            continue
        named = sum(r.named_right() for r in chosen)
        strict = sum(r.named_right(True) for r in chosen)
        top = sum(r.own for r in chosen)        # the clause charged most often is its own (any number named)
        alike = sum(r.alike_right() for r in chosen)
        charges = [(r, c) for r in chosen for c in r.charges]
        cases = sum(r.named(c) for r, c in charges)
        cases_strict = sum(r.named(c, True) for r, c in charges)
        lines.append(f"{name:12} {len(chosen):6} {named:5} ({named / len(chosen):5.0%}) {strict:4} ({strict / len(chosen):5.0%}) "
                     f"{cases / len(charges):13.0%} {cases_strict / len(charges):12.0%} {top:4} ({top / len(chosen):5.0%})"
                     + (f" {alike:5} ({alike / len(chosen):5.0%})" if look_alikes else ""))
    unkilled = [r for r in rows if not r.charges]
    if unkilled:
        lines.append("not killed (left out): " + ", ".join(r.mutant.name for r in unkilled))
    if look_alikes:
        found = [(r, name, clauses) for r in rows for name, clauses in r.look_alikes.items()]
        lines.append(f"look-alikes (an alteration charged that answers every case as the misreading does): {len(found)}")
        lines += [f"  {r.game:12} {r.mutant.name} ~ {name} ({', '.join(clauses)})" for r, name, clauses in found]
    return lines


def worst_misses(rows: Sequence[MutantAttribution], count: int = 10) -> list[MutantAttribution]:
    missed = [r for r in rows if r.charges and not r.named_right()]
    return sorted(missed, key=lambda r: (r.share(), -r.failures, r.mutant.name))[:count]
