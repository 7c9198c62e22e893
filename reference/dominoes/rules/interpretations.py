"""The suite's readings of the points the rule texts leave open (interpretations.yaml).

Each field is one interpretation's option; the default is the suite's reading. Reading the
options from an input is the machinery's job (../options.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    # (DOM-INT-1) a continuing player with no legal placement draws as in any turn ("draw"), or
    # the turn ends ("end_turn").
    continuation_when_unable: str = "draw"
    # (DOM-INT-2) symmetric free points (line A/B of a lone double, branch A/B) are distinct
    # moves ("distinct"), or only the first of each twin pair is offered ("canonical").
    symmetric_points: str = "distinct"
    # (DOM-INT-4) the opening tile, played from hand, can continue the turn.
    opening_continues: bool = True
    # (DOM-INT-7) a player who may continue must continue ("compulsory") or may stop ("optional").
    continuation: str = "compulsory"


DEFAULTS = Options()
