"""Settings for the points the rule texts leave open (see interpretations.yaml).

Each field is one interpretation's option; the default is the suite's reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from reference.core.options import options_dict, parse_choice_options

CHOICES: dict[str, tuple] = {
    # DOM-INT-1: a continuing player with no legal placement draws as in any turn, or stops.
    "continuation_when_unable": ("draw", "end_turn"),
    # DOM-INT-2: symmetric free points (line A/B of a lone double, branch A/B) are distinct moves.
    "symmetric_points": ("distinct", "canonical"),
    # DOM-INT-4: the opening tile, played from hand, can continue the turn.
    "opening_continues": (True, False),
    # DOM-INT-7: a player who may continue must continue (must-play applies) or may stop.
    "continuation": ("compulsory", "optional"),
}


@dataclass(frozen=True)
class Options:
    continuation_when_unable: str = "draw"
    symmetric_points: str = "distinct"
    opening_continues: bool = True
    continuation: str = "compulsory"

    def as_dict(self) -> dict[str, Any]:
        return options_dict(self)


DEFAULTS = Options()


def parse_options(raw: Mapping[str, Any] | None, field: str = "options") -> Options:
    return parse_choice_options(raw, CHOICES, Options, field)
