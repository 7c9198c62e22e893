"""Starter adapter for Horse Race dominoes, in Python (standard library only).

    horserace check --impl "python3 examples/python/dominoes.py" --game dominoes

It speaks the protocol (protocol.py) and answers `layout` cases from a stub engine that only
remembers which tiles were placed, so every case fails until you plug in your engine: replace
StubLayout (or make `replay` call your own code), then announce more kinds in GAMES as you
implement them (layout, settlement, match, perft: see the README's dominoes tables).
"""

from protocol import Refused, replay_steps, serve

IMPLEMENTATION = {"name": "my-dominoes", "version": "0.0.1", "language": "python"}
# Kinds you answer; "options": {"continuation": ["compulsory", "optional"]} once you offer more
# than the default reading of an interpretation (docs/interpretations.md).
GAMES = {"dominoes": {"kinds": ["layout"]}}


class StubLayout:
    """PLUG YOUR ENGINE IN HERE. A table with no players: `place T` opens, `place T at POINT`
    joins T to an attachment point (`1|4 high`, `4|4 line_b`). The stub refuses nothing and
    computes nothing but the list of tiles."""

    def __init__(self, setup):
        self.tiles = []

    def apply(self, step):
        words = step["action"].split()
        if words[0] != "place":
            raise Refused(f"the stub only places tiles, not {step['action']!r}")
        self.tiles.append(words[1])

    def observe(self):
        # Every key of the layout kind; the runner compares only the case's `observe` keys.
        return {"tiles": list(self.tiles), "branching_doubles": [], "connections": [],
                "attachment_points": [], "counted": [], "end_sum": 0, "points": {"raw": 0, "displayed": 0}}


def replay(case):
    # case: {"id", "game", "kind", "options", "input": {"setup", "steps"}, "observe"}
    return replay_steps(StubLayout(case["input"]["setup"]), case["input"]["steps"])


if __name__ == "__main__":
    serve(IMPLEMENTATION, GAMES, replay)
