"""Starter adapter for Horse Fever (family game), in Python (standard library only).

    horserace check --impl "python3 examples/python/horse_fever.py" --game horse_fever

It speaks the protocol (protocol.py) and answers `odds` cases (the new-odds rule applied to a
ranking) from a stub engine that does not apply the rule, so every case fails until you plug
in your engine: replace StubOdds (or make `replay` call your own code), then announce more
kinds in GAMES as you implement them (odds, race, round, game: see the README's tables).
"""

from protocol import Refused, replay_steps, serve

IMPLEMENTATION = {"name": "my-horse-fever", "version": "0.0.1", "language": "python"}
GAMES = {"horse_fever": {"kinds": ["odds"]}}


class StubOdds:
    """PLUG YOUR ENGINE IN HERE. setup: {"odds": {colour: N for 1:N}, "ranking": [colours]};
    the step `new_odds` moves each horse's odds by its place in the ranking."""

    def __init__(self, setup):
        self.odds = dict(setup.get("odds", {}))
        self.phase = "stub: no phase yet"

    def apply(self, step):
        if step["action"] != "new_odds":
            raise Refused(f"the stub only knows new_odds, not {step['action']!r}")

    def observe(self):
        return {"phase": self.phase, "odds": dict(self.odds)}


def replay(case):
    return replay_steps(StubOdds(case["input"]["setup"]), case["input"]["steps"])


if __name__ == "__main__":
    serve(IMPLEMENTATION, GAMES, replay)
