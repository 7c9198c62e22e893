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
from . import run_charges
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

    @property
    def attributions(self) -> list[list[str]]:
        return [c.clauses for c in self.charges]

    def named(self, charge: Charge, strict: bool = False) -> bool:
        own = set(self.mutant.clauses)
        if strict:      # nothing but its own: one clause, or the clauses of the one block it misreads
            return bool(charge.clauses) and set(charge.clauses) <= own
        return bool(own & set(charge.clauses)) and len(charge.clauses) <= MAX_NAMED

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
    'game/key'): the alteration that is the mutant itself; with `same_site`, every generated
    alteration at the same code site (module and line) too."""
    from .counterfactual import FROM_SETUP
    from .generated_mutants import generated_mutants
    game, key = mutant.name.split("/", 1)
    found = next(m for m in generated_mutants(game) if m.key == key)
    site = f"{found.module}:{found.line}"
    itself = f"generated {key}"             # played at the step, or from the setup on (an earlier step's)
    if same_site:
        return lambda alteration: alteration.name.removesuffix(FROM_SETUP) == itself or alteration.site == site
    return lambda alteration: alteration.name.removesuffix(FROM_SETUP) == itself


def attribute_mutant(game: Game, mutant: Mutant, cases: Sequence[dict[str, Any]], counterfactual: bool = True,
                     per_mutant: int = PER_MUTANT, withheld: Callable[[Any], bool] | None = None,
                     extra: Sequence[Any] = (), withheld_for: Callable[[Mutant], Callable[[Any], bool]] | None = None,
                     shuffled: bool = False, only: Collection[str] | None = None) -> MutantAttribution:
    """Answer the cases with the mutant installed, then charge (a spread of) its failing cases
    with the reference. `withheld(alteration)`: alterations the search leaves out (default: the
    mutant itself); `extra`: more alterations. `shuffled`: the cases in an order drawn from the
    mutant's name, and only the first `per_mutant` failures charged (for a large population:
    `failures` then counts only those); every case is still answered, since the cases it
    passes are evidence a run has. `only`: the ids of the failing cases to charge (a test's chosen
    cases; the rest of the run is the evidence its passed cases give)."""
    from .mutation import clear_engine_caches
    out = MutantAttribution(game.name, mutant)
    failing: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    passed: list[dict[str, Any]] = []
    clear_engine_caches(game)
    if shuffled:
        cases = list(cases)
        random.Random(mutant.name).shuffle(cases)
    hung = 0
    with mutant.patch():
        for case in cases:
            try:
                with cf._time_limit(CASE_LIMIT):
                    steps = replay_case(case)
            except cf._Deadline:        # a hanging mutant is errored by the runner, not attributed;
                out.errored += 1        # one that hangs again and again is not played on
                hung += 1
                if hung >= MAX_HUNG:
                    break
                continue
            except Exception:           # a crashing mutant is errored by the runner, not attributed
                out.errored += 1
                continue
            if first_mismatch(case, steps, counterfactual=False) is not None:
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
    for case in passed:                 # the cases the misreading passes, as a runner learns them
        cf.note_passed(case)
    if DUMP:
        cf.dumping(DUMP + ".trials")
    if withheld is None and withheld_for is not None:
        withheld = withheld_for(mutant)
    if withheld is None:
        withheld = lambda alteration: alteration.site == f"mutant {mutant.name}"       # noqa: E731
    chosen = failing if only is None else [(case, steps) for case, steps in failing if case["id"] in only]
    judged = []
    for case, steps in spread(chosen, per_mutant):
        if DUMP:
            cf._DUMP["tag"] = {"mutant": mutant.name, "own": list(mutant.clauses)}
        with cf.searching_with(withheld=withheld, extra=extra):
            judged.append((case, first_mismatch(case, steps, counterfactual=counterfactual)))
    run_charges.settle_ties()           # as a run settles its ties when it ends
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
    return out


# -- many misreadings, in forked workers --------------------------------------------------------------

_JOBS: dict[int, tuple[Game, Mutant, Sequence[dict[str, Any]], dict[str, Any]]] = {}


def _work(index: int) -> tuple[int, int, int, list[Charge]]:
    """What a worker sends back (a mutant's patch may not pickle): its counts and charges."""
    game, mutant, cases, options = _JOBS[index]
    found = attribute_mutant(game, mutant, cases, **options)
    return index, found.failures, found.errored, found.charges


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
                for index, failures, errored, charges in outcomes:
                    game, mutant, _, _ = _JOBS[index]
                    results[index] = MutantAttribution(game.name, mutant, failures, errored, charges)
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

def attribution_table(rows: Sequence[MutantAttribution]) -> str:
    lines = [f"{'game':12} {'mutant':40} {'its clauses':30} {'named':>6} {'strict':>6} {'tried':>5} {'fails':>6}  own"]
    for r in rows:
        share = f"{r.share():.0%}" if r.charges else "-"
        strict = f"{r.share(True):.0%}" if r.charges else "-"
        note = f" ({r.errored} errored)" if r.errored else ""
        verdict = "yes" if r.named_right() else ("-" if not r.charges else "NO")
        lines.append(f"{r.game:12} {r.mutant.name:40} {', '.join(r.mutant.clauses)[:30]:30} {share:>6} {strict:>6} "
                     f"{len(r.charges):5} {r.failures:6}  {verdict}{note}")
    lines.append("")
    lines += summary_table(rows)
    worst = worst_misses(rows)
    if worst:
        lines.append("")
        lines.append("worst misses (share of attributed failing cases named right; what was named instead):")
        lines += [f"  {r.game:12} {r.mutant.name:40} {r.share():4.0%}  own {', '.join(r.mutant.clauses)}; "
                  f"named {r.instead()}" for r in worst]
    return "\n".join(lines)


def summary_table(rows: Sequence[MutantAttribution]) -> list[str]:
    """Per game: misreadings killed (with attributed failures), named with ties counted, named
    strictly (one clause, its own), over all failing cases attributed the same two, and the
    misreadings whose most often charged clause is their own (the older, looser measure)."""
    lines = [f"{'game':12} {'killed':>6} {'named (ties)':>14} {'named (one)':>13} {'cases (ties)':>13} {'cases (one)':>12}"
             f" {'top own':>12}"]
    games = sorted({r.game for r in rows})
    for name in games + (["all"] if len(games) > 1 else []):
        chosen = [r for r in rows if (name == "all" or r.game == name) and r.charges]
        if not chosen:
            lines.append(f"{name:12} {0:6}")
            continue
        named = sum(r.named_right() for r in chosen)
        strict = sum(r.named_right(True) for r in chosen)
        top = sum(r.own for r in chosen)        # the clause charged most often is its own (any number named)
        charges = [(r, c) for r in chosen for c in r.charges]
        cases = sum(r.named(c) for r, c in charges)
        cases_strict = sum(r.named(c, True) for r, c in charges)
        lines.append(f"{name:12} {len(chosen):6} {named:5} ({named / len(chosen):5.0%}) {strict:4} ({strict / len(chosen):5.0%}) "
                     f"{cases / len(charges):13.0%} {cases_strict / len(charges):12.0%} {top:4} ({top / len(chosen):5.0%})")
    unkilled = [r for r in rows if not r.charges]
    if unkilled:
        lines.append("not killed (left out): " + ", ".join(r.mutant.name for r in unkilled))
    return lines


def worst_misses(rows: Sequence[MutantAttribution], count: int = 10) -> list[MutantAttribution]:
    missed = [r for r in rows if r.charges and not r.named_right()]
    return sorted(missed, key=lambda r: (r.share(), -r.failures, r.mutant.name))[:count]
