"""Starter adapter for Horse Race cards, in Python (standard library only).

    horserace check --impl "python3 examples/python/cards.py" --game cards

It speaks the protocol (protocol.py) and answers `layout` cases from a stub engine that counts
the track cards per suit and leaves the rest empty, so every case fails until you plug in your
engine: replace StubTrack (or make `replay` call your own code), then announce more kinds in
GAMES as you implement them (layout, odds, race, session: see the README's card tables).
"""

from protocol import NotSupported, Refused, replay_steps, serve

IMPLEMENTATION = {"name": "my-cards", "version": "0.0.1", "language": "python"}
GAMES = {"cards": {"kinds": ["layout"]}}
SUITS = "SHDC"


class StubTrack:
    """PLUG YOUR ENGINE IN HERE. A `lay` step carries its chance input: `lay: {track: [7 cards],
    deck: [...]}` or `{shuffle: [48 cards]}`; a card is rank + suit (`10D`, `KS`)."""

    def __init__(self, setup):
        self.track = []

    def apply(self, step):
        if step["action"] != "lay":
            raise Refused(f"the stub only lays tracks, not {step['action']!r}")
        if "track" not in step["lay"]:
            raise NotSupported("the stub lays only explicit tracks, not shuffles")
        self.track = list(step["lay"]["track"])

    def observe(self):
        counts = {suit: sum(card[-1] == suit for card in self.track) for suit in SUITS}
        return {"track": list(self.track), "track_counts": counts, "available": {}, "must_relay": None,
                "relay_suit": None, "odds": {}}


def replay(case):
    return replay_steps(StubTrack(case["input"]["setup"]), case["input"]["steps"])


if __name__ == "__main__":
    serve(IMPLEMENTATION, GAMES, replay)
