"""Judging an implementation's answer to a case: status, first divergent step, diagnostics."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from .attribution import (FOOTPRINT, MAX_DIFFERENCES, Difference, attribute, attribution_paths, case_clause_keys,
                          charge, footprint_match, value_differences)
from .expect import MISSING, SHAPED_MODES, json_equal, json_matches, json_observation_matches, matches, matches_itself, same, show
from .game import get_game
from .run_charges import Noted, note_charged, run_choice

# passed-partial: every observation the implementation produces matched, but it announced it
# does not produce some expected keys (not compared). changed: differs from the baseline of
# expected failures: a listed failure that now fails differently (another step, key, clause or
# value), or a case the baseline compared that is now skipped.
STATUSES = ("passed", "passed-partial", "failed", "skipped", "errored", "xfailed", "xpassed", "changed")
# The one definition of a failing case, for every report (text, JSON, JUnit, HTML, the pytest
# plugin): it diverged, errored, passed although listed as an expected failure, or fails
# otherwise than its entry says. Any of them fails the run.
FAILING_STATUSES = ("failed", "errored", "xpassed", "changed")
# The cases whose answers were compared with the expected values (the others were not).
COMPARED_STATUSES = ("passed", "passed-partial", "failed", "xfailed", "xpassed", "changed")
FIELD_LIMIT = 2048          # bytes of any message, expected or actual value kept in a report

# Characters a terminal or an XML 1.0 parser would choke on: C0/C1 controls (but tab and
# newline), DEL, lone surrogates and the two non-characters XML forbids.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    """`text` with every control character written as an escape (ESC -> \\x1b)."""
    return _UNPRINTABLE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                            else f"\\u{ord(m.group()):04x}", text)


def cap(text: str, limit: int = FIELD_LIMIT) -> str:
    """At most `limit` bytes of UTF-8 (cut on a character boundary), with an explicit marker."""
    data = text.encode("utf-8", errors="surrogatepass")
    if len(data) <= limit:
        return text
    kept = data[:limit].decode("utf-8", errors="ignore")
    return f"{kept}…(truncated {len(data) - len(kept.encode('utf-8'))} bytes)"


def bounded(text: str, limit: int = FIELD_LIMIT) -> str:
    return cap(printable(text), limit)


@dataclass
class CaseResult:
    id: str
    game: str
    kind: str
    status: str
    clauses: list[str] = field(default_factory=list)
    message: str = ""
    seconds: float = 0.0
    mismatch: dict[str, Any] | None = None
    applied: list[str] = field(default_factory=list)   # clauses the case applied in some step
    not_compared: list[str] = field(default_factory=list)  # expected keys the implementation does not produce

    def bound(self) -> "CaseResult":
        """Every free text capped and printable, so no report carries megabytes or escapes."""
        self.message = bounded(self.message)
        if self.mismatch:
            differences = self.mismatch.get("differences")
            self.mismatch = bounded_value({k: v for k, v in self.mismatch.items() if k != "differences"})
            if differences is not None:
                kept, dropped = fit_differences(differences)
                self.mismatch["differences"] = kept
                if dropped:
                    self.mismatch["more_differences"] = self.mismatch.get("more_differences", 0) + dropped
        return self

    def as_dict(self) -> dict[str, Any]:
        out = {"id": self.id, "game": self.game, "kind": self.kind, "status": self.status,
               "seconds": round(self.seconds, 6), "clauses": self.clauses}
        if self.message:
            out["message"] = self.message
        if self.mismatch:
            out["mismatch"] = self.mismatch
        if self.not_compared:
            out["not_compared"] = self.not_compared
        return out


def fit_differences(differences: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The differences of a step within FIELD_LIMIT bytes in all: values cut shorter as there
    are more of them, and the last ones dropped (counted) if even that is too much."""
    def size(items: list) -> int:
        return max(len(str(items).encode("utf-8", errors="surrogatepass")), len(json.dumps(items).encode()))
    for limit in (FIELD_LIMIT // 2, 400, 160, 60):
        kept = [bounded_value(d, limit) for d in differences]
        if size(kept) <= FIELD_LIMIT:
            return kept, 0
    while kept and size(kept) > FIELD_LIMIT:
        kept.pop()
    return kept, len(differences) - len(kept)


def bounded_value(value: Any, limit: int = FIELD_LIMIT) -> Any:
    """Every string inside a mismatch capped and printable."""
    if isinstance(value, str):
        return bounded(value, limit)
    if isinstance(value, dict):
        return {k: bounded_value(v, limit) for k, v in value.items()}
    if isinstance(value, list):
        return [bounded_value(v, limit) for v in value]
    return value


def runner_mode(game_name: str, key: str) -> str:
    """How the runner compares a key: as the game says, except that any refusal reason counts."""
    if key == "error":
        return "refusal"
    return get_game(game_name).expectation_modes.get(key, "exact")


def first_mismatch(case: dict[str, Any], steps: Any, compared_keys: Iterable[str] | None = None,
                   parsed: bool = False, counterfactual: bool = True) -> dict[str, Any] | None:
    """None when every compared expected value matches; else the first divergent step with
    every difference at it, the clauses it is attributed to and how many later steps were
    not compared. `compared_keys`: only these observation keys are compared (None: all).
    `parsed`: the steps were read from JSON text (as the runner reads an answer), so they
    need no normalising before the comparison. `counterfactual`: attribute the divergence by
    re-playing its step with altered decisions (False: by the footprints alone, much cheaper:
    for a caller that needs only whether the case passed)."""
    expected = case["expected"]
    keep = None if compared_keys is None else set(compared_keys)
    if parsed and keep is None and answer_is_the_expectations(case["game"], expected, steps):
        return None
    actions = [s.get("action") for s in case["input"]["steps"]]
    if not isinstance(steps, list):
        return divergence(case, 0, None, [whole("steps", f"a list of {len(expected)} observations", show(steps))])
    for index, want in enumerate(expected):
        action = actions[index] if index < len(actions) else None
        if index >= len(steps):
            return divergence(case, index, action, [whole("steps", f"{len(expected)} observations",
                                                          f"{len(steps)} observations")])
        got = steps[index]
        if not isinstance(got, dict):
            return divergence(case, index, action, [whole("(observation)", "an object", show(got))])
        differences = step_differences(case["game"], want, got, keep, parsed)
        if differences:
            before = expected[index - 1] if index > 0 and isinstance(expected[index - 1], dict) else {}
            return divergence(case, index, action, differences, want, got, before, keep, counterfactual,
                              later=steps[index + 1:])
    if len(steps) > len(expected):
        return divergence(case, len(expected), None, [whole("steps", f"{len(expected)} observations",
                                                            f"{len(steps)} observations")])
    return None


def answer_is_the_expectations(game: str, expected: list[Any], steps: Any) -> bool:
    """A quick yes for a whole answer read from JSON: each step holds every expected key (others
    are not compared) with a type-exact equal value (decided in C for the whole answer at once),
    each value matches itself under its key's mode, each refusal has a reason and no step is
    refused that should not be, so comparing step by step would find no difference. False says
    only "compare step by step"."""
    if not expected or type(steps) is not list or len(steps) != len(expected):
        return False
    observed = []
    for want, got in zip(expected, steps):
        if type(want) is not dict or type(got) is not dict or ("error" in got and "error" not in want):
            return False
        try:
            observed.append({key: got[key] for key in want})      # in the expected order
        except KeyError:
            return False
    if not json_equal(expected, observed):
        return False
    picky = [(key, mode) for key, mode in get_game(game).expectation_modes.items()
             if key != "error" and mode in SHAPED_MODES]
    for want in expected:
        if "error" in want and not (isinstance(want["error"], str) and want["error"]):
            return False                        # runner_mode: any reason is a refusal, none is not
        if any(key in want and not matches_itself(want[key], mode) for key, mode in picky):
            return False
    return True


def whole(key: str, expected: str, actual: str) -> Difference:
    return Difference(key, key, key, expected, actual)


def step_differences(game: str, want: dict[str, Any], got: dict[str, Any],
                     keep: set[str] | None, parsed: bool = False) -> list[Difference]:
    """Every difference between one expected and one actual observation."""
    if "error" in got and "error" not in want:
        return [Difference("error", "error", "error", "the action is accepted",
                           f"the action was refused: {show(got['error'])}")]
    if "error" in want and "error" not in got:
        return [missing_refusal(want["error"], got, keep)]
    modes = get_game(game).expectation_modes
    if parsed and "error" not in want and "error" not in got:
        keys = [key for key in want if keep is None or key in keep]
        if json_observation_matches(want, got, keys, modes):
            return []
    out: list[Difference] = []
    for key, value in want.items():
        if keep is not None and key not in keep and key != "error":
            continue
        mode = "refusal" if key == "error" else modes.get(key, "exact")     # as runner_mode says
        actual = got.get(key, MISSING)
        if matches_safely(value, actual, mode, parsed):
            continue
        try:
            found = [] if actual is MISSING or mode == "refusal" else value_differences(key, value, actual, mode)
        except (TypeError, ValueError, RecursionError):
            found = []
        if not found:
            shown_expected, shown_actual = differing_parts(value, actual, mode)
            found = [Difference(key, key, key, shown_expected, shown_actual)]
        out += found
    return out


ACCEPTED_SHOWN = 600        # characters of the observation an implementation gave for a step it should have refused


def missing_refusal(clause: Any, got: dict[str, Any], keep: set[str] | None) -> Difference:
    """The implementation accepted a step the rules refuse: the expected refusal with the clause
    it is made under, and what the implementation reported instead (its observation of the step,
    the compared keys only, cut short)."""
    under = f" under {clause}" if isinstance(clause, str) and clause else ""
    reported = {k: v for k, v in got.items() if keep is None or k in keep}
    return Difference("error", "error", "error", f"the step is refused{under}",
                      f"the step was accepted; the implementation reported {cap(show(reported), ACCEPTED_SHOWN)}")


def divergence(case: dict[str, Any], index: int, action: str | None, differences: list[Difference],
               expected: dict[str, Any] | None = None, actual: dict[str, Any] | None = None,
               before: dict[str, Any] | None = None, keep: set[str] | None = None,
               counterfactual: bool = True, later: Sequence[Any] = ()) -> dict[str, Any]:
    """The first divergent step's report. `counterfactual`: charge it by re-playing the step
    with altered decisions (attribution.charge); False charges it by the footprints alone.
    `later`: the implementation's observations of the steps after it (evidence for the charge)."""
    first = differences[0]
    step_clauses = case.get("step_clauses")
    this_step = step_clauses[index] if step_clauses is not None and index < len(step_clauses) else None
    paths = (attribution_paths(case["game"], differences, expected, actual, before) if expected is not None
             and actual is not None else sorted({d.path for d in differences}))
    keys = case_clause_keys(case)
    found: dict[str, Any] = {}
    if counterfactual and expected is not None and actual is not None:
        found = charge(case, index, expected, actual, paths, keys, keep, later=later)
    exact = found.get("counterfactual", {}).get("reproduced") == "exactly"
    # a refused step before that changed the state (the refusal convention), unless the step
    # itself, played with a decision altered, reproduces what differs
    refusal = refusal_before(case, index, paths, keys) if step_clauses is not None and not exact else None
    if refusal is not None:
        clauses, basis = refusal_attribution(case, refusal, paths, keys), "refusal"
        found = {k: v for k, v in found.items() if k == "counterfactual"}
    elif found:
        clauses, basis = found.pop("clauses"), found.pop("attributed_by")
    else:
        clauses, basis = attribute(this_step, case.get("clauses", ()), paths, keys)
        basis = FOOTPRINT if basis == "paths" else basis
    contenders, refuted = found.pop("contenders", ()), found.pop("refuted", ())
    unnarrowed = found.pop("unnarrowed", None)
    charged, noted = chosen_by_the_run(case["game"], clauses, basis, contenders, refuted, unnarrowed) \
        if counterfactual else (clauses, None)
    out = {"step": index, "action": action, "key": first.key, "expected": first.expected, "actual": first.actual,
           "differences": [d.as_dict() for d in differences[:MAX_DIFFERENCES]],
           "later_steps_not_compared": max(0, len(case["expected"]) - index - 1),
           "clauses": charged, "attributed_by": basis, "paths": paths, **found}
    if charged != clauses:
        out["tied"] = clauses           # what the step named, before the run chose among them
    if refusal is not None:
        out["refused_step"] = refusal
        out["refused_under"] = list(step_clauses[refusal])
    if len(differences) > MAX_DIFFERENCES:
        out["more_differences"] = len(differences) - MAX_DIFFERENCES
    if noted is not None:
        noted.report = out          # for run_charges.settle_ties, when the run ends
    return out


def chosen_by_the_run(game: str, clauses: list[str], basis: str,
                      contenders: Sequence[tuple[str, Sequence[str]]] = (),
                      refuted: Sequence[str] = (), unnarrowed: Sequence[str] | None = None
                      ) -> tuple[list[str], Noted | None]:
    """Of the clauses a step names together, those the run's earlier failures do not outweigh
    (run_charges; `contenders`: the step's best alterations, name and clauses; `refuted`: the
    clauses the step's exact reproduction spoke against); the step's
    charge then counts as evidence for the failures after it, and its record (for settling the
    run's ties when it ends) is returned beside. `unnarrowed`: the tie before the footprints
    narrowed it to `clauses`: the run chooses among it first, and falls back on the footprints'
    choice when it leaves more than MAX_NAMED. A fallback (every clause of the step, or of the
    case) singles nothing out: neither chosen among nor counted."""
    if basis in ("step", "case"):
        return clauses, None
    chosen = run_choice(game, clauses, contenders, unnarrowed)
    return chosen, note_charged(game, unnarrowed or clauses, contenders, refuted, narrowed=clauses if unnarrowed else ())


def refusal_attribution(case: dict[str, Any], refusal: int, paths: list[str],
                        keys: Any) -> list[str]:
    """Whom a difference that a refused step left behind is charged to. A refusal must leave the
    state exactly as it was: where the game's register names that convention (the vector
    header's `refusal_clause`), the convention; else the refusing clause if its footprint covers
    what changed, else the case's clause whose footprint best matches it (the rule of the value
    the refusal changed)."""
    convention = case.get("refusal_clause")
    if convention:
        return [convention]
    step_clauses = case["step_clauses"]
    clauses, basis = attribute(step_clauses[refusal], case.get("clauses", ()), paths, keys)
    if basis != "paths":
        candidates = list(dict.fromkeys([*step_clauses[refusal], *case.get("clauses", ())]))
        clauses, _ = attribute(candidates, (), paths, keys)
    return clauses


def refusal_before(case: dict[str, Any], index: int, paths: Sequence[str] = (),
                   keys: Any = None) -> int | None:
    """The refused step a divergence shows, if any: the divergent step decided none of the
    differing paths (it applied no clause, or none of its clauses' footprints covers one of
    them), every step back to the refusal applied no clause, and the nearest step before them
    was refused. A refusal leaves the state exactly as it was, so a difference first seen there
    is the refusal's (the refused step itself compares only `error`)."""
    step_clauses = case.get("step_clauses") or []
    expected = case["expected"]
    if index >= min(len(step_clauses), len(expected)):
        return None
    if not decides_none(step_clauses[index], paths, keys or {}):
        return None
    if isinstance(expected[index], dict) and "error" in expected[index]:
        return None         # the step is refused itself: whether to refuse it is what differs
    for earlier in range(index - 1, -1, -1):
        if earlier >= len(step_clauses) or earlier >= len(expected):
            return None
        if isinstance(expected[earlier], dict) and "error" in expected[earlier]:
            return earlier      # refused (under an interpretation a vector need not name)
        if not changes_nothing(case, earlier):
            return None
    return None


def decides_none(clauses: Sequence[str], paths: Sequence[str], keys: Any) -> bool:
    """No clause of a step decides any differing path: it applied none, or the footprint of
    each covers none of them (an observation of the offer cannot explain a changed turn)."""
    if not paths:
        return not clauses
    return not any(footprint_match(keys.get(clause, ()), paths) for clause in clauses)


def changes_nothing(case: dict[str, Any], index: int) -> bool:
    """A step that applied no clause (an `observe` whose observation records none)."""
    return not case["step_clauses"][index]


def differing_parts(expected: Any, actual: Any, mode: str) -> tuple[str, str]:
    """For two objects (a perft divide, a settlement), only the entries that differ."""
    if mode == "exact" and isinstance(expected, dict) and isinstance(actual, dict):
        keys = sorted(k for k in set(expected) | set(actual)
                      if not same(expected.get(k, MISSING), actual.get(k, MISSING)))
        return (show({k: expected.get(k, "(absent)") for k in keys}),
                show({k: actual.get(k, "(absent)") for k in keys}))
    return show(expected, mode), show(actual, mode)


def matches_safely(expected: Any, actual: Any, mode: str, parsed: bool = False) -> bool:
    """Type-exact comparison (reference.core.expect is the one place that decides equality);
    any non-empty reason matches a refusal."""
    if mode == "refusal":
        return isinstance(actual, str) and bool(actual)
    return json_matches(expected, actual, mode) if parsed else matches(expected, actual, mode)


def judge(case: dict[str, Any], steps: Any, compared_keys: Iterable[str] | None = None,
          parsed: bool = False, counterfactual: bool = True) -> tuple[str, dict[str, Any] | None]:
    mismatch = first_mismatch(case, steps, compared_keys, parsed, counterfactual)
    if mismatch is None and counterfactual:
        from .passed_cases import note_passed
        note_passed(case)           # a misreading this case would show is not the implementation's
    if mismatch is not None and counterfactual:
        from .passed_cases import note_failed
        note_failed(case, mismatch["step"], steps if isinstance(steps, list) else None)     # the steps before its divergence it answered as expected, and its answers
    return ("passed", None) if mismatch is None else ("failed", mismatch)
