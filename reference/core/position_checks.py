"""The vectors of the `position` kind, for any game whose cases may start from a position: the
positions play reaches, observed, and near misses of them, one fact changed each so that no play
reaches them, refused under a rule (the game's reference/<game>/position_checks.py gives both)."""

from __future__ import annotations

import copy
from typing import Any, Callable, Sequence

from .catalog import load_catalog

OBSERVE = {"action": "observe"}
NearMiss = tuple[str, str, Callable[[dict], None]]      # (base phase, name, the change made to it)


def position_cases(game: str, prefix: str, bases: dict[str, dict[str, Any]], near_misses: Sequence[NearMiss],
                   refusing_clause: Callable[[dict], str | None], describe: Callable[[str], str],
                   position: Callable[[dict], dict] = lambda setup: setup) -> list[dict[str, Any]]:
    """One case per base (`<prefix>-reached-<phase>`) and per near miss (`<prefix>-<name>`), each
    a setup and one `observe` step. `refusing_clause(setup)`: the rule the reference refuses it
    under (None: accepted); `describe(phase)`: the phase's position in words; `position(setup)`:
    the part of a setup a near miss changes. A base names the rules its near misses break (the
    checks it passes); each near miss must be refused under a clause of the game's catalog."""
    misses = []
    for phase, name, change in near_misses:
        setup = copy.deepcopy(bases[phase])
        change(position(setup))
        clause = refusing_clause(setup)
        assert clause in load_catalog(game).clauses, (name, clause)       # refused, under a rule
        misses.append((phase, name, " ".join((change.__doc__ or name).split()), setup))
    cases = [{"id": f"{prefix}-reached-{phase.replace('_', '-')}", "kind": "position", "options": {},
              "description": f"{describe(phase)} as play reaches it: observed as it stands",
              "clauses": sorted({refusing_clause(setup) for p, _, _, setup in misses if p == phase}),
              "input": {"setup": copy.deepcopy(base), "steps": [dict(OBSERVE)]}}
             for phase, base in bases.items()]
    for phase, name, why, setup in misses:
        cases.append({"id": f"{prefix}-{name}", "kind": "position", "options": {},
                      "description": f"Refused: {describe(phase)} that no play reaches ({why})",
                      "input": {"setup": setup, "steps": [dict(OBSERVE)]}})
    return cases
