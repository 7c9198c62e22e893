"""Diagrams of a card race, laid out as the rule text lays the table (standalone SVG).

Works from an observation alone (see observe.py). The seven track cards lie in a row across
the top, marking positions 1-7; below them the four aces stand one above the other, each in
its lane (spades, hearts, diamonds, clubs), at its position 0-8: the start line is drawn after
position 0 and the chequered finish line after position 7, so an ace at 8 stands past it.
Beside each lane: the posted net odds and the seats backing that horse. Below: the card just
revealed, the race deck (cards left, per suit), then a box per seat with the bank, each bet
and the balance. The winner's lane is gold. A loaded track (five or more of one suit: laid
again, CRD-TRACK-4) has that suit's cards outlined in orange, with the reason.

An odds observation becomes a chart: each horse's exact chance to win as a bar, with a tick
where the posted odds would be fair (1/(N+1)), the fair odds and a chip's expected gain.

Same input, same bytes; "" when there is nothing to draw (a refused action, no track yet).
"""

from __future__ import annotations

from typing import Any, Mapping

from .odds import render_odds
from .race import render_race, track_to_draw


def render_step(kind: str, observation: Mapping[str, Any]) -> str:
    """A standalone SVG of the state after a step; '' when there is nothing to draw (a refused
    action, a race whose track is still to be laid, an observation without a track or odds)."""
    if not observation or "error" in observation:
        return ""
    if kind == "odds":
        return render_odds(observation)
    track, loaded = track_to_draw(observation)
    if not track:
        return ""
    return render_race(kind, observation, track, loaded)
