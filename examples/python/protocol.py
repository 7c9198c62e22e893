"""The runner protocol of `horserace check`, for a Python engine: JSON lines on stdin/stdout.

Nothing to change here: a game's adapter (dominoes.py, cards.py, horse_fever.py) calls
`serve(implementation, games, replay)` with its own `replay(case) -> list of observations`.
Print nothing else on stdout (it is the protocol channel); debug output goes to stderr.
"""

import json
import sys

PROTOCOL = 1


class Refused(Exception):
    """The rules refuse this step's action: reported as {"error": why}; the state is unchanged."""


class NotSupported(Exception):
    """This case needs something the engine does not do yet: the case is reported as skipped."""


def replay_steps(engine, steps):
    """One observation per input step; {"action": "observe"} only reports the state."""
    observations = []
    for step in steps:
        if step["action"] == "observe":
            observations.append(engine.observe())
            continue
        try:
            engine.apply(step)
        except Refused as why:
            observations.append({"error": str(why) or "refused"})
            continue
        observations.append(engine.observe())
    return observations


def reply_to(message, implementation, games, replay):
    kind = message.get("type")
    if kind == "hello":
        # Announce only the games, kinds and option values you implement: the runner skips
        # every other case without sending it.
        return {"type": "hello", "protocol": PROTOCOL, "implementation": implementation, "games": games}
    if kind == "case":
        seq = message["seq"]
        try:
            return {"type": "result", "seq": seq, "steps": replay(message)}
        except NotSupported as why:
            return {"type": "skipped", "seq": seq, "reason": str(why)}
        except Exception as exc:  # a bug in the engine: the runner reports the case as errored
            return {"type": "errored", "seq": seq, "message": f"{type(exc).__name__}: {exc}"}
    return {"type": "errored", "seq": message.get("seq", 0), "message": f"unknown message type {kind!r}"}


def serve(implementation, games, replay):
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "bye":
            return
        sys.stdout.write(json.dumps(reply_to(message, implementation, games, replay)) + "\n")
        sys.stdout.flush()
