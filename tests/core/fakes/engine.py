"""A small outside engine with known differences, in versions, for the regression-gate tests.

    python -S engine.py VERSION.json

It answers as the reference does (from the answers file FAKE_ANSWERS, {"hello": reply,
"answers": {case id: reply}}, so it starts without importing anything beyond the standard
library), changed as the version file says:

    {"wrong": {"CASE-ID": {"STEP": {"KEY": VALUE, ...}}},   # these keys of that step answered so
     "kinds": ["settlement"],                               # the kinds announced (default: all)
     "unsupported": ["CASE-ID", ...]}                       # answered `skipped`

A test writes one version file, runs the gate, edits the file (the engine's next release) and
runs the gate again.
"""

import json
import os
import sys


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        version = json.load(f)
    with open(os.environ["FAKE_ANSWERS"], encoding="utf-8") as f:
        stored = json.load(f)
    for raw in sys.stdin:
        message = json.loads(raw)
        if message["type"] == "bye":
            return
        if message["type"] == "hello":
            reply = stored["hello"]
            if "kinds" in version:
                for game in reply["games"].values():
                    game["kinds"] = [k for k in game["kinds"] if k in version["kinds"]]
        elif message["id"] in version.get("unsupported", ()):
            reply = {"type": "skipped", "seq": message["seq"], "reason": "not supported by this release"}
        else:
            reply = dict(stored["answers"][message["id"]], seq=message["seq"])
            reply["steps"] = list(reply["steps"])
            for step, values in version.get("wrong", {}).get(message["id"], {}).items():
                reply["steps"][int(step)] = dict(reply["steps"][int(step)], **values)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
