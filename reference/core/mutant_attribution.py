"""Does attribution name the rule a mutant misreads? (`horserace mutants --attribution`)

Each mutant plays every case of its game in process (the reference engine with the
misreading installed). The first divergence of each failing case is attributed as the
runner attributes it (reference.core.attribution); the clause named most often over a
mutant's failures is its top clause. A mutant is attributed right when its top clause is
one of the clauses it targets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .adapter import replay_case
from .attribution import top_clause
from .game import Game, Mutant
from .results import first_mismatch


@dataclass
class MutantAttribution:
    game: str
    mutant: Mutant
    failures: int = 0
    errored: int = 0                    # cases the mutant could not even play
    top: str | None = None
    share: float = 0.0                  # of the failures naming the top clause
    attributions: list[list[str]] = field(default_factory=list, repr=False)

    @property
    def own(self) -> bool:
        return self.top is not None and self.top in self.mutant.clauses


def attribute_mutant(game: Game, mutant: Mutant, cases: Sequence[dict[str, Any]]) -> MutantAttribution:
    out = MutantAttribution(game.name, mutant)
    with mutant.patch():
        for case in cases:
            try:
                steps = replay_case(case)
            except Exception:           # a crashing mutant is errored by the runner, not attributed
                out.errored += 1
                continue
            mismatch = first_mismatch(case, steps)
            if mismatch is not None:
                out.attributions.append(mismatch["clauses"])
    out.failures = len(out.attributions)
    out.top, out.share = top_clause(out.attributions)
    return out


def attribution_table(rows: Sequence[MutantAttribution]) -> str:
    lines = [f"{'game':12} {'mutant':36} {'its clauses':28} {'top attributed':16} {'share':>6} {'fails':>6}  own"]
    for r in rows:
        top = r.top or "-"
        share = f"{r.share:.0%}" if r.failures else "-"
        note = f" ({r.errored} errored)" if r.errored else ""
        lines.append(f"{r.game:12} {r.mutant.name:36} {', '.join(r.mutant.clauses):28} {top:16} {share:>6} "
                     f"{r.failures:6}  {'yes' if r.own else 'NO'}{note}")
    own = sum(r.own for r in rows)
    percent = own / len(rows) if rows else 0.0
    lines.append(f"{own} of {len(rows)} mutants ({percent:.0%}) have one of their own clauses as the top attributed clause")
    return "\n".join(lines)
