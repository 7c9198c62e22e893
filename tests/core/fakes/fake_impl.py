"""A misbehaving implementation for runner tests: the reference adapter plus one fault.

    python fake_impl.py MODE [N]
MODES: good | crash N | hang N | garbage N | wrong-seq N | wrong-answer N | skip N | error N |
       noisy | protocol-2 | no-hello | partial-hello
N is the case sequence number at which the fault happens.
"""

import json
import sys
import time

from reference.core.adapter import answer_case, hello_reply


def main() -> None:
    mode = sys.argv[1]
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    for raw in sys.stdin:
        message = json.loads(raw)
        if message["type"] == "bye":
            return
        if message["type"] == "hello":
            if mode == "no-hello":
                return
            reply = hello_reply(["dominoes"])
            if mode == "protocol-2":
                reply["protocol"] = 2
            if mode == "partial-hello":
                reply["games"]["dominoes"]["kinds"] = ["layout"]
            emit(reply)
            continue
        seq = message["seq"]
        reply = answer_case(message)
        if seq == at:
            if mode == "crash":
                sys.stderr.write("fake: crashing on purpose\n")
                sys.exit(3)
            if mode == "hang":
                time.sleep(60)
            if mode == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
                continue
            if mode == "wrong-seq":
                reply["seq"] = seq + 100
            if mode == "wrong-answer" and reply["type"] == "result":
                reply["steps"][-1] = dict(reply["steps"][-1], scores=[-1])
                reply["steps"][-1]["end_sum"] = -1
                reply["steps"][-1]["settlement"] = {"winners": [9]}
            if mode == "skip":
                reply = {"type": "skipped", "seq": seq, "reason": "not implemented yet"}
            if mode == "error":
                reply = {"type": "errored", "seq": seq, "message": "engine exploded"}
        if mode == "noisy":
            sys.stdout.write("debug: thinking...\n")
        emit(reply)


def emit(message) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
