"""Clause coverage: the scenarios and vector cases that exercise each clause of each game."""

from __future__ import annotations

from dataclasses import dataclass, field

from .attribution import applied_clauses
from .catalog import Clause, load_catalog
from .game import Game
from .scenario import game_scenarios, scenario_clauses
from .vectors import load_cases


@dataclass
class ClauseCoverage:
    clause: Clause
    scenarios: list[str] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.clause.retired:
            return "retired"
        if self.scenarios or self.cases:
            return "covered"
        return "waived" if self.clause.waiver else "UNCOVERED"


def game_coverage(game: Game) -> list[ClauseCoverage]:
    catalog = load_catalog(game.name)
    table = {cid: ClauseCoverage(clause) for cid, clause in catalog.clauses.items()}
    for scenario in game_scenarios(game):
        for cid in sorted(scenario_clauses(scenario)):
            if cid in table:
                table[cid].scenarios.append(scenario.id)
    for case in load_cases([game.name], validate=False):
        for cid in applied_clauses(case):       # what its steps applied, not what the case lists
            if cid in table:
                table[cid].cases.append(case["id"])
    return list(table.values())
