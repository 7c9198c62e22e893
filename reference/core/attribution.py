"""Where two observations differ, and which of a step's clauses a difference points at.

The runner compares a case step by step; at the first divergent step it lists every
difference (`step_differences`): the key, the field inside it (`events[2].bonus`,
`settlement.bonus`) and the observation *path* the difference lies on, in the form the
vector header's `clause_keys` uses (`events.settlement.bonus`, `settlement.bonus`, `scores`).
The attributed clauses (`attribute`) are the step's `step_clauses` whose paths cover a
differing path; when none does, every clause of the step; when the step applied none (or
the vectors predate step_clauses), the case's `clauses`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .expect import MISSING, event_matches, same, show

MAX_DIFFERENCES = 20        # differences kept per step; more are counted, not listed
MAX_NAMED = 3               # ties named together up to this many clauses; more are narrowed by footprint
# How a divergence was charged (the report's `attributed_by`):
COUNTERFACTUAL = "counterfactual"   # an altered decision of the step reproduced what the implementation did
REFUSED = "refused"                 # the reference refused this very step: the clause it refused under
POSITION = "position"               # the given position already carries what differs: no rule's
ITEM = "item"                       # a multiset key's differing item, charged to the clause that produced it
FOOTPRINT = "footprint"             # the step's clauses whose footprints best match the differing paths
MAX_DEPTH = 4               # nested objects are followed this deep, then compared whole
ABSENT = "(absent)"


@dataclass
class Difference:
    key: str                # the observation key
    field: str              # where inside it: "scores", "events[2].bonus", "settlement.bonus"
    path: str               # the clause_keys form: "scores", "events.settlement.bonus"
    expected: str
    actual: str

    def as_dict(self) -> dict[str, str]:
        return {"key": self.key, "field": self.field, "path": self.path,
                "expected": self.expected, "actual": self.actual}


def _shown(value: Any, mode: str = "exact") -> str:
    return ABSENT if value is MISSING else show(value, mode)


def _same(a: Any, b: Any) -> bool:
    return same(a, b)       # type-exact: the one equality of reference.core.expect


def value_differences(key: str, expected: Any, actual: Any, mode: str) -> list[Difference]:
    """The differences inside one key whose values do not match under `mode`."""
    if mode == "events" and isinstance(expected, list) and isinstance(actual, list):
        return event_differences(key, expected, actual)
    if mode in ("exact", "subset") and isinstance(expected, dict) and isinstance(actual, dict):
        return object_differences(key, key, key, expected, actual, subset=mode == "subset", depth=1)
    return [Difference(key, key, key, _shown(expected, mode), _shown(actual, mode))]


def object_differences(key: str, field: str, path: str, expected: dict, actual: dict,
                       subset: bool, depth: int) -> list[Difference]:
    """Entries of two objects that differ, by dotted field (nested objects followed MAX_DEPTH deep)."""
    names = expected.keys() if subset else sorted(set(expected) | set(actual), key=str)
    out = []
    for name in names:
        want, got = expected.get(name, MISSING), actual.get(name, MISSING)
        if _same(want, got) or (subset and isinstance(want, dict) and isinstance(got, dict)
                                and not object_differences(key, "", "", want, got, True, depth + 1)):
            continue
        sub_field, sub_path = f"{field}.{name}", f"{path}.{name}"
        if isinstance(want, dict) and isinstance(got, dict) and depth < MAX_DEPTH:
            out += object_differences(key, sub_field, sub_path, want, got, subset, depth + 1)
        else:
            out.append(Difference(key, sub_field, sub_path, _shown(want), _shown(got)))
    return out


def _event_type(event: Any) -> str | None:
    if isinstance(event, str):
        return event
    if isinstance(event, dict) and isinstance(event.get("type"), str):
        return event["type"]
    return None


def _event_shown(event: Any) -> str:
    if event is MISSING:
        return ABSENT
    return event if isinstance(event, str) else show(event)


def event_differences(key: str, expected: list, actual: list) -> list[Difference]:
    """Which event differs (index, type) and which of its fields, expected vs actual."""
    out = []
    for index in range(max(len(expected), len(actual))):
        want = expected[index] if index < len(expected) else MISSING
        got = actual[index] if index < len(actual) else MISSING
        if want is not MISSING and got is not MISSING and event_matches(want, got):
            continue
        where = f"{key}[{index}]"
        want_type, got_type = _event_type(want), _event_type(got)
        if want is MISSING or got is MISSING or want_type != got_type:
            for event_type in dict.fromkeys(t for t in (want_type, got_type) if t):
                out.append(Difference(key, f"{where}.type", f"{key}.{event_type}",
                                      _event_shown(want), _event_shown(got)))
            if not (want_type or got_type):
                out.append(Difference(key, where, key, _shown(want), _shown(got)))
            continue
        if isinstance(want, dict) and isinstance(got, dict):
            fields = object_differences(key, where, f"{key}.{want_type}",
                                        {k: v for k, v in want.items() if k != "type"}, got, subset=True, depth=1)
            out += fields or [Difference(key, where, f"{key}.{want_type}", _shown(want), _shown(got))]
        else:
            out.append(Difference(key, where, f"{key}.{want_type}", _shown(want), _shown(got)))
    return out


def attribution_paths(game_name: str, differences: Sequence[Difference], expected: Mapping[str, Any],
                      actual: Mapping[str, Any], before: Mapping[str, Any] | None = None) -> list[str]:
    """The paths a divergence is attributed by: each difference's own path, or the finer paths the
    game names for it (`Game.difference_paths`) where a whole value hides which part of it differs
    (which legal action is missing, whose share of a settlement changed). A hook with a `before`
    parameter also gets the expected observation of the step before ({} at the first step): what
    a seat held before a payout tells its part in it."""
    from .game import UnknownGame, get_game
    try:
        refine = get_game(game_name).difference_paths if MAPS["refinements"] else None
    except (UnknownGame, KeyError):
        refine = None
    extra = {"before": before or {}} if refine is not None and takes_before(refine) else {}
    paths: list[str] = []
    for difference in differences:
        finer = None
        if refine is not None:
            try:
                finer = refine(difference, expected, actual, **extra)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                finer = None        # an implementation's odd answer: fall back to the whole path
        paths += list(finer) if finer else [difference.path]
    return sorted(set(paths))


def takes_before(hook: Any) -> bool:
    import inspect
    try:
        return "before" in inspect.signature(hook).parameters
    except (TypeError, ValueError):
        return False


def covers(clause_path: str, differing_path: str) -> bool:
    """A clause's path covers a differing path when one is a dotted prefix of the other
    (`events.settlement` covers `events.settlement.bonus`; `scores` covers `scores`)."""
    return (clause_path == differing_path or differing_path.startswith(clause_path + ".")
            or clause_path.startswith(differing_path + "."))


def charge(case: Mapping[str, Any], index: int, expected: Mapping[str, Any], actual: Mapping[str, Any],
           paths: Sequence[str], clause_keys: Mapping[str, Sequence[str]], keep: set[str] | None = None,
           budget: float | None = None, later: Sequence[Any] = ()) -> dict[str, Any]:
    """Whom the divergence at step `index` is charged to, and how (`attributed_by`):

    - refused: the reference refused the step and the implementation took it: the clause the
      reference refused it under;
    - counterfactual: re-played with one decision altered at a time, the step's best
      reproduction of the implementation's observation (counterfactual.py); its clauses, ties
      together, the footprints only choosing among more than MAX_NAMED;
    - position: no alteration reproduces it exactly, nor gives any of the values reported
      where it differs, and every differing value is the one the given position (the setup)
      carried, untouched by the reference: the implementation read the position otherwise (no
      clause is charged);
    - item: items of a multiset key (HF `payouts`) differ, and no alteration reproduces it
      exactly: each differing item, matched to its counterpart, is charged to the clause whose
      event produced it (those of the best alterations among them, if any);
    - footprint (or step, case): no alteration explains anything (or the reference cannot
      stand at that step): the footprint match of `attribute`; and when no alteration
      reproduces the step whole and the footprints' best match is a clause of the step that
      the search could not alter there (`untested_footprint_match`).
    Returns {'clauses', 'attributed_by'} and the counterfactual search's account (and its
    `contenders`, for the run's choice among tied clauses: run_charges)."""
    from . import counterfactual as cf
    refused = expected.get("error")
    if "error" in expected and "error" not in actual and isinstance(refused, str) and refused:
        return {"clauses": [refused], "attributed_by": REFUSED}
    wanted = {k: v for k, v in expected.items() if keep is None or k in keep or k == "error"}
    step_clauses = case.get("step_clauses")
    this_step = step_clauses[index] if step_clauses is not None and index < len(step_clauses) else None
    later = [{k: v for k, v in step.items() if keep is None or k in keep or k == "error"}
             for step in itertools.takewhile(lambda step: isinstance(step, dict), later)]
    found = cf.counterfactual(case, index, wanted, actual, budget, later=later)
    out = _charged(case, index, wanted, actual, paths, clause_keys, this_step, found)
    if found is not None and found.contenders:
        out["contenders"] = found.contenders    # for the run's choice (results.divergence), not reported
    if found is not None and found.refuted:
        out["refuted"] = found.refuted          # the same
    return out


def _charged(case: Mapping[str, Any], index: int, wanted: Mapping[str, Any], actual: Mapping[str, Any],
             paths: Sequence[str], clause_keys: Mapping[str, Sequence[str]], this_step: Any,
             found: Any) -> dict[str, Any]:
    """charge's verdict on the search's finding (see charge)."""
    from . import counterfactual as cf
    if found is not None and not found.exact and not cf.searching():
        carried = cf.carried_by_position(case, index, wanted, actual)
        if carried and not set(carried) & found.reproduced_keys:
            return {"clauses": [], "attributed_by": POSITION, "position_keys": carried,
                    "counterfactual": found.as_dict()}
    items = _differing_items(found, wanted, actual, case["game"])
    if items and not found.exact:
        chosen = [c for c in found.clauses if c in items] or items
        return {"clauses": sorted(chosen), "attributed_by": ITEM, "counterfactual": found.as_dict()}
    untested = untested_footprint_match(case, this_step, paths, clause_keys, found)
    if untested:
        return {"clauses": untested, "attributed_by": FOOTPRINT, "counterfactual": found.as_dict()}
    if found is not None and found.clauses:
        clauses = found.clauses
        if items and set(clauses) & set(items):
            clauses = [c for c in clauses if c in items]
        out = {"clauses": narrowed(clauses, paths, clause_keys), "attributed_by": COUNTERFACTUAL,
               "counterfactual": found.as_dict()}
        if len(out["clauses"]) < len(set(clauses)):
            # the tie before the footprints narrowed it: the run's evidence chooses first (run_charges)
            out["unnarrowed"] = sorted(set(clauses))
        return out
    clauses, basis = attribute(this_step, case.get("clauses", ()), paths, clause_keys)
    out: dict[str, Any] = {"clauses": clauses, "attributed_by": FOOTPRINT if basis == "paths" else basis}
    if found is not None:
        out["counterfactual"] = found.as_dict()
    return out


def untested_footprint_match(case: Mapping[str, Any], this_step: Any, paths: Sequence[str],
                             clause_keys: Mapping[str, Sequence[str]], found: Any) -> list[str]:
    """When no alteration reproduced the step whole: the step's clauses whose footprints best
    match what differs, if the search could alter none of them there (no alteration of theirs
    alone gave an observation at the step: `Finding.tested`); else []. The best near miss is only the best of what the search
    could try, and a near miss is no evidence against a clause it never tried: a clause that,
    by its footprint, decides just what differed explains it better than another clause's
    partial reproduction (a misreading in code no marker reaches, or of a rule decided where
    no alteration changes it). A clause that was tried and came nowhere near keeps its
    near-miss rival charged."""
    if found is None or found.exact or not found.clauses or not this_step:
        return []
    clauses, basis = attribute(this_step, case.get("clauses", ()), paths, clause_keys)
    if basis != "paths" or len(clauses) > MAX_NAMED or set(clauses) & set(found.tested):
        return []
    return clauses


def _differing_items(found: Any, expected: Mapping[str, Any], actual: Mapping[str, Any], game: str) -> list[str]:
    """The clauses that produced the differing items of the multiset keys that differ
    (item_producers); [] when none differs or no differing item came from an event."""
    if found is None or not found.producers:
        return []
    from .results import step_differences
    differing = {d.key for d in step_differences(game, {k: v for k, v in expected.items() if k != "error"},
                                                 actual, None)}
    return list(dict.fromkeys(c for key in sorted(differing & set(found.producers)) for c in found.producers[key]))


def narrowed(clauses: Sequence[str], paths: Sequence[str], clause_keys: Mapping[str, Sequence[str]]) -> list[str]:
    """Tied clauses, all of them when they are few; among more than MAX_NAMED, those whose
    footprints best match the differing paths (all of them when no footprint matches)."""
    clauses = list(dict.fromkeys(clauses))
    if len(clauses) <= MAX_NAMED:
        return sorted(clauses)
    scores = {c: footprint_match(clause_keys.get(c, ()), paths) for c in clauses}
    best = max(scores.values())
    return sorted(c for c in clauses if scores[c] == best) if best > 0 else sorted(clauses)


def attribute(step_clauses: Sequence[str] | None, case_clauses: Sequence[str], paths: Iterable[str],
              clause_keys: Mapping[str, Sequence[str]]) -> tuple[list[str], str]:
    """The clauses a divergence at a step is attributed to, and how they were chosen:
    'paths' (of the step's clauses, those whose clause_keys footprint best matches the
    differing paths: `footprint_match`; ties are all named), 'step' (no clause of the step
    covers a differing path: all of them) or 'case' (the step applied none: the case's clauses)."""
    if not step_clauses:
        return sorted(case_clauses), "case"
    paths = sorted(set(paths))
    scores = {c: footprint_match(clause_keys.get(c, ()), paths) for c in dict.fromkeys(step_clauses)}
    best = max(scores.values(), default=0.0)
    if best > 0:
        return sorted(c for c, score in scores.items() if score == best), "paths"
    return sorted(step_clauses), "step"


def footprint_match(clause_paths: Sequence[str], differing: Sequence[str]) -> float:
    """How well a clause's footprint (the paths its decision determines) matches what differs:
    the differing paths it covers, over those paths plus its own paths that did not differ
    (a Jaccard index). A misreading of a clause changes what that clause decides, so the
    clause whose footprint best matches the difference explains it best: a rounding misread
    changes the bonus and the scores, not the counted pips, and a clause that also decides the
    counted pips matches less well. Zero when it covers nothing that differs."""
    covered = sum(1 for d in differing if any(covers(p, d) for p in clause_paths))
    if not covered:
        return 0.0
    unused = sum(1 for p in clause_paths if not any(covers(p, d) for d in differing))
    return covered / (len(differing) + unused)


# The hand-kept maps, switched off only to measure what each adds (`horserace mutants
# --attribution --without refinements|footprints`): the games' finer paths (attribution_paths.py)
# and the footprints themselves (clause_keys.py, the vector headers' clause_keys).
MAPS = {"refinements": True, "footprints": True}


def case_clause_keys(case: Mapping[str, Any]) -> Mapping[str, Sequence[str]]:
    """The vector header's clause_keys (attached to the case when loaded); else the game's own map."""
    if not MAPS["footprints"]:
        return {}
    if "clause_keys" in case:
        return case["clause_keys"]
    from .game import UnknownGame, get_game
    try:
        return get_game(case["game"]).clause_keys
    except (UnknownGame, KeyError):
        return {}


def applied_clauses(case: Mapping[str, Any]) -> list[str]:
    """Every clause the case applied in some step (the case's clauses without step data)."""
    steps = case.get("step_clauses")
    if steps is None:
        return list(case.get("clauses", ()))
    return sorted({c for step in steps for c in step})


def clause_summary(results: Iterable[Any]) -> dict[str, dict[str, int]]:
    """Per clause: first divergences attributed to it, and the cases that applied it and passed."""
    divergences: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    for r in results:
        if r.mismatch and r.status in ("failed", "xfailed", "changed"):
            divergences.update(r.mismatch.get("clauses", ()))
        elif r.status in ("passed", "passed-partial"):
            passed.update(r.applied)
    return {c: {"first_divergences": divergences[c], "applied_and_passed": passed[c]}
            for c in sorted(set(divergences) | set(passed))}


def top_clause(attributions: Iterable[Sequence[str]]) -> tuple[str | None, float]:
    """The clause named most often over many failures (ties: the smallest id), and its share
    of those failures."""
    tally: Counter[str] = Counter()
    total = 0
    for clauses in attributions:
        total += 1
        tally.update(set(clauses))
    if not tally:
        return None, 0.0
    best = min(tally, key=lambda c: (-tally[c], c))
    return best, tally[best] / total
