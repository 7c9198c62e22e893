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

Two clauses can be charged alike at every failure and still differ: one misreading is one
changed decision, so the likelier clause is the one whose *same* alteration reproduced the
earlier failures, not one that needed another alteration at each (a rounding rule reproduced
by one changed comparison every time, beside a total shifted up at one failure and down at the
next). So when the clause counts leave a tie, each tied clause is weighed by the earlier
failures its best-reproducing alteration at this step also reproduced best (the step's
`contenders`, the best alterations before the search's own tie-breaks), with the same ratio.

A failure can also speak against a clause outright. When some alteration of a step reproduces
the failure exactly and none of a clause's alterations played there comes near it (none
reproduces half of it: counterfactual.REFUTED_BELOW), that clause's misreading would have had
to show otherwise at that failure: were it the one misreading, an alteration of it would have
explained the failure, or most of it. So, last, of clauses still tied, those refuted at an
earlier failure are set aside when another tied clause never was (a sprint lost by every
running horse is reproduced at most failures by emptying the sprinters and by reading the lost
sprint the other way, and at one failure, a ranked horse sprinting, by the latter alone). A partial reproduction refutes nothing: a misreading no alteration gives whole
is approximated by different alterations at different failures.

Like passed_cases, this is kept apart from the counterfactual search and is forgotten at the
start of every run (`forget`): a run's charges never depend on what ran before it. While a run
goes on, a failure is judged by the failures before it (a test framework reports each as it
goes). When the run has ended and reports together (`horserace check`, `mutants --attribution`),
every failure's tie is settled again by all the run's *other* failures (`settle_ties`), so the
first failures get the evidence the later ones had, and a charge does not depend on the order
the cases ran in. A failure's `tied` clauses (the report's and expected failures' identity of
it) depend on neither.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

RUN_MAJORITY = 1.5          # set a tied clause aside when another was charged this many times as often

CHARGED: Counter[tuple[str, str]] = Counter()      # (game, clause) -> earlier failures whose step named it
# (game, alteration name) -> earlier failures it reproduced as well as any other alteration did
REPRODUCED: Counter[tuple[str, str]] = Counter()
# (game, clause) -> earlier failures reproduced exactly by another clause's alteration while none of
# its own came near (counterfactual.refuted_clauses)
REFUTED: Counter[tuple[str, str]] = Counter()


@dataclass
class Noted:
    """One failure's evidence, kept until the run settles its ties: what its step named, its
    best alterations, the clauses it refuted, and the report of it (whose `clauses` and `tied`
    the settling updates)."""
    game: str
    clauses: tuple[str, ...]
    by_name: dict[str, tuple[str, ...]]  # its best alterations' names, each with its clauses
    refuted: tuple[str, ...]
    report: dict[str, Any] | None = field(default=None, compare=False)
    narrowed: tuple[str, ...] = ()      # the footprints' choice among `clauses`, when they made one


NOTED: list[Noted] = []         # the run's failures, in the order they were charged
# (game, alteration name) -> the alteration itself, for the best alterations of the run's failures:
# what `settle_ties` plays on the run's other failures (its `weigh`); bounded, first ones kept
ALTERATIONS: dict[tuple[str, str], Any] = {}
MAX_ALTERATIONS = 1024


def remember_alterations(game: str, alterations: Sequence[Any]) -> None:
    """The best alterations of a failure (before the search's own tie-breaks), kept by name."""
    for alteration in alterations:
        if len(ALTERATIONS) >= MAX_ALTERATIONS:
            return
        ALTERATIONS.setdefault((game, alteration.name), alteration)
MAX_NOTED = 100_000             # failures kept for settling; later ones keep the charge their predecessors chose
SETTLING = [True]               # False for a run that keeps no results (a fuzz campaign): nothing is kept


def choose_among_tied(game: str, clauses: Sequence[str], contenders: Sequence[tuple[str, Sequence[str]]] = (),
                      without: Noted | None = None) -> list[str]:
    """Of the clauses a step named together, those the run's earlier failures do not outweigh:
    a clause is set aside when the most charged of them was charged at least RUN_MAJORITY
    times as often; of those left, by the same ratio, when the alterations of the step that
    reproduce it (`contenders`: name, clauses) reproduced fewer earlier failures. All of them
    when fewer than two, or when the run has no evidence on them yet. Last, those an earlier
    failure refuted (REFUTED) when another of them never was. `without`: a failure whose own
    evidence is left out (the run settling that failure's tie, `settle_ties`)."""
    def charged(clause: str) -> int:
        return CHARGED[(game, clause)] - (without is not None and clause in without.clauses)

    def reproduced(name: str) -> int:
        return REPRODUCED[(game, name)] - (without is not None and name in without.by_name)

    def refuted(clause: str) -> int:
        return REFUTED[(game, clause)] - (without is not None and clause in without.refuted)
    chosen = _outweighed(clauses, {clause: charged(clause) for clause in clauses})
    if len(chosen) > 1 and contenders:
        chosen = _outweighed(chosen, {clause: max([reproduced(name) for name, named in contenders
                                                    if clause in named] or [0]) for clause in chosen})
    if len(chosen) > 1:
        standing = [clause for clause in chosen if not refuted(clause)]
        chosen = standing or chosen
    return chosen


def run_choice(game: str, clauses: Sequence[str], contenders: Sequence[tuple[str, Sequence[str]]] = (),
               unnarrowed: Sequence[str] | None = None, without: Noted | None = None) -> list[str]:
    """`choose_among_tied` among the step's whole tie (`unnarrowed`) first, when the footprints
    narrowed it to `clauses`; their choice when the run's evidence leaves more than MAX_NAMED
    (the footprints only break a tie the evidence does not)."""
    from .attribution import MAX_NAMED
    if unnarrowed:
        chosen = choose_among_tied(game, unnarrowed, contenders, without)
        if len(chosen) <= MAX_NAMED:
            return chosen
    return choose_among_tied(game, clauses, contenders, without)


def _outweighed(clauses: Sequence[str], evidence: dict[str, int]) -> list[str]:
    """The clauses whose evidence the strongest does not reach RUN_MAJORITY times."""
    if len(clauses) < 2:
        return list(clauses)
    most = max(evidence.values())
    if most == 0:
        return list(clauses)
    return [clause for clause in clauses if most < evidence[clause] * RUN_MAJORITY]


def note_charged(game: str, clauses: Sequence[str], contenders: Sequence[tuple[str, Sequence[str]]] = (),
                 refuted: Sequence[str] = (), narrowed: Sequence[str] = ()) -> Noted | None:
    """A failure of this run whose step named `clauses` (before `choose_among_tied`), whose
    best alterations were `contenders`, and which refuted the clauses `refuted`. Returns its
    record, to which the caller attaches the failure's report (`Noted.report`) for
    `settle_ties`; None once MAX_NOTED are kept."""
    for clause in set(clauses):
        CHARGED[(game, clause)] += 1
    for name in {name for name, _ in contenders}:
        REPRODUCED[(game, name)] += 1
    for clause in set(refuted):
        REFUTED[(game, clause)] += 1
    if len(NOTED) >= MAX_NOTED or not SETTLING[0]:
        return None
    by_name = {name: tuple(named) for name, named in contenders}
    noted = Noted(game, tuple(dict.fromkeys(clauses)), by_name, tuple(sorted(set(refuted))),
                  narrowed=tuple(narrowed))
    NOTED.append(noted)
    return noted


def moved(report: dict[str, Any], to: dict[str, Any]) -> None:
    """A failure's report was replaced by `to` (bounded for the run's results): its record
    follows it. The record is among the latest (the failure was just judged)."""
    for noted in reversed(NOTED[-MOVED_LOOKBACK:]):
        if noted.report is report:
            noted.report = to
            return


MOVED_LOOKBACK = 8          # latest records searched for a replaced report


def settle_ties(weigh: Callable[[str, list[str], dict[str, tuple[str, ...]]], list[str]] | None = None) -> int:
    """The run has ended: each failure whose step named several clauses is charged again as
    `choose_among_tied` would with the evidence of every *other* failure of the run (its own
    left out, so none feeds on itself), and its report's `clauses` (and `tied`) say so. Of
    clauses still tied then, `weigh(game, clauses, best alterations by name)` keeps those it
    keeps (failures_reproduced: the run's failures each tied alteration reproduces). Returns
    how many charges changed."""
    changed = 0
    for noted in NOTED:
        report = noted.report
        if report is None or len(noted.clauses) < 2:
            continue
        if noted.narrowed:
            chosen = run_choice(noted.game, list(noted.narrowed), list(noted.by_name.items()), list(noted.clauses),
                                without=noted)
        else:
            chosen = choose_among_tied(noted.game, list(noted.clauses), list(noted.by_name.items()), without=noted)
        if weigh is not None and len(chosen) > 1:
            chosen = weigh(noted.game, chosen, noted.by_name)
        if chosen != list(report.get("clauses") or ()):
            changed += 1
            report["clauses"] = chosen
        named = list(noted.narrowed or noted.clauses)       # what the step named (the footprints' narrowing kept)
        if chosen != named:
            report["tied"] = named
        else:
            report.pop("tied", None)
    return changed


def forget(settling: bool = True) -> None:
    """A new run: nothing charged yet. `settling`: its failures are kept to settle its ties when
    it ends (False: a run that keeps no results, whose memory stays flat)."""
    CHARGED.clear()
    REPRODUCED.clear()
    REFUTED.clear()
    NOTED.clear()
    ALTERATIONS.clear()
    SETTLING[0] = settling
