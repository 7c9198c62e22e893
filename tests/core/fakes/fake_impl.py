"""A misbehaving implementation for runner tests: the reference adapter plus one fault.

    python fake_impl.py MODE [N|all]

N is the case sequence number at which the fault happens ("all": every case; default 0: none).
Modes faulting at a case:
    crash, hang, garbage, wrong-seq, wrong-answer, big-wrong-answer, skip, error, duplicate, deep-nesting,
    huge-int, lone-surrogate, invalid-utf8, huge-line, stderr-flood, control-stderr,
    closed-stdout, fork-child (a forked child keeps the pipes; the parent crashes), bad-field,
    extra-fields, swap (the answer comes after the next case's), slow (SLOW_SECONDS before answering)
    duplicate-key (a wrong value, then the right one, under one key of the last step),
    duplicate-seq (a seq of 999, then the right one), duplicate-type (an "errored" type, then
    "result"), hang-signal (writes FAKE_PIDFILE, then hangs: the test sends a signal)
Modes of the whole process:
    good, noisy, protocol-2, no-hello, silent (never answers the hello), exit-after-hello,
    partial-hello, supports-nothing, skip-all, observes-nothing (the hello lists no observation
    key for any kind), observes-unknown (only keys the suite does not know), huge-hello (5 MB),
    escaped-child / escaped-bare-child (after the hello, a child that starts a session of its
    own, keeps stdout and stderr and sleeps 120 s (FAKE_CHILD_SECONDS); the bare one also clears
    its environment;
    N > 0: the fake crashes at case N, else it answers every case and exits at bye)
FAKE_PIDFILE (environment): fork-child and the escaped children write their child's pid there.
FAKE_ANSWERS (environment): a JSON file {"hello": reply, "answers": {case id: reply}} of the
reference answers, so the fake starts without importing the engines (fast restarts); it
then needs only the standard library, and the tests start it with `python -S` (no site-packages
to set up at each start).
"""

import os
import sys
import time


def json_functions():
    """`json.loads` and `json.dumps` (default settings) made of the json module's own C scanner
    and encoder, without importing json: its Python half imports re and enum, about half of
    the CPU time of each start of the fake (some 20 of 40 ms), and the tests start it some
    eighty times. Where that C core is missing or differs, the json module itself."""
    try:
        from _json import encode_basestring_ascii, make_encoder, make_scanner

        class Settings:             # what json.JSONDecoder() hands its scanner
            strict = True
            object_hook = object_pairs_hook = None
            parse_float, parse_int = float, int
            parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__
            memo: dict = {}

        scan = make_scanner(Settings())
        # what json.JSONEncoder() makes: no circularity check needed, separators ", " and ": ", ASCII only
        encode = make_encoder(None, None, encode_basestring_ascii, None, ": ", ", ", False, False, True)

        def loads(text):
            text = text.decode("utf-8") if isinstance(text, bytes) else text
            value, _end = scan(text.strip(), 0)
            return value

        def dumps(value):
            return "".join(encode(value, 0))

        if loads(b' {"a": [1, 2.5, "\\u00e9", null, true]}\n') == {"a": [1, 2.5, "\u00e9", None, True]} \
                and dumps({"a": [1, 2.5, "\u00e9", None, True]}) == '{"a": [1, 2.5, "\\u00e9", null, true]}':
            return loads, dumps
    except Exception:               # another Python: its json module
        pass
    import json
    return json.loads, json.dumps


loads, dumps = json_functions()


def reference_answers():
    """(hello_reply(games), answer_case(message)) from a file of precomputed answers, else the engines."""
    if os.environ.get("FAKE_ANSWERS"):
        with open(os.environ["FAKE_ANSWERS"], encoding="utf-8") as f:
            stored = loads(f.read())
        return (lambda games: loads(dumps(stored["hello"])),
                lambda message: dict(stored["answers"][message["id"]], seq=message["seq"]))
    from reference.core.adapter import answer_case, hello_reply
    return hello_reply, answer_case


hello_reply, answer_case = reference_answers()

HUGE_LINE_BYTES = 50 * 1024 * 1024
HUGE_HELLO_ITEMS = 2_500_000    # "0," each: a hello of 5 MB
SLOW_SECONDS = 0.4
SIGNAL_DELAY = 0.5
held: list[dict] = []           # swap: an answer kept back until the next one is written
CHUNK = 1024 * 1024


def main() -> None:
    mode = sys.argv[1]
    at = sys.argv[2] if len(sys.argv) > 2 else "0"
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        message = loads(raw)
        if message["type"] == "bye":
            return
        if message["type"] == "hello":
            hello(mode)
            continue
        seq = message["seq"]
        reply = answer_case(message)
        if at == "all" or str(seq) == at:
            reply = fault(mode, seq, reply, out)
            if reply is None:
                continue
        if mode == "skip-all":
            reply = {"type": "skipped", "seq": seq, "reason": "not implemented yet"}
        if mode == "noisy":
            out.write(b"debug: thinking...\n")
        emit(reply)
        while held:
            emit(held.pop())


def hello(mode: str) -> None:
    if mode == "no-hello":
        sys.exit(0)
    if mode == "silent":
        time.sleep(60)
    reply = hello_reply(["dominoes"])
    if mode == "protocol-2":
        reply["protocol"] = 2
    if mode == "partial-hello":
        reply["games"]["dominoes"]["kinds"] = ["layout"]
    if mode == "supports-nothing":
        reply["games"] = {}
    if mode == "extra-fields":
        reply["x-vendor"] = {"build": 7}
        reply["games"]["dominoes"]["x-note"] = "fast"
    if mode in ("observes-nothing", "observes-unknown"):
        unknown = ["x-mood"] if mode == "observes-unknown" else []
        reply["games"]["dominoes"]["observations"] = {k: unknown for k in reply["games"]["dominoes"]["kinds"]}
    if mode == "huge-hello":
        raw(sys.stdout.buffer, dumps(reply)[:-1].encode() + b', "x-padding": [' + b"0," * HUGE_HELLO_ITEMS + b"0]}\n")
        return
    emit(reply)
    if mode == "exit-after-hello":
        sys.exit(0)
    if mode == "fork-child":
        import subprocess           # here only: every other start of the fake is spared its import
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])  # inherits the pipes
        with open(os.environ["FAKE_PIDFILE"], "w") as f:
            f.write(str(child.pid))
    if mode in ("escaped-child", "escaped-bare-child"):
        import subprocess
        marker = sys.argv[3] if len(sys.argv) > 3 else "escaped"
        # a session of its own (setsid), the pipes inherited, optionally no environment at all
        seconds = os.environ.get("FAKE_CHILD_SECONDS", "120")
        child = subprocess.Popen([sys.executable, "-S", "-c", f"import time; time.sleep({seconds})", marker],
                                 start_new_session=True, env={} if mode == "escaped-bare-child" else None)
        with open(os.environ["FAKE_PIDFILE"], "a") as f:
            f.write(f"{child.pid}\n")


def fault(mode: str, seq: int, reply: dict, out) -> dict | None:
    """The faulty answer (None: already written or none at all)."""
    if mode in ("crash", "fork-child", "escaped-child", "escaped-bare-child"):
        sys.stderr.write("fake: crashing on purpose\n")
        sys.stderr.flush()
        os._exit(3)
    if mode == "hang":
        time.sleep(60)
    if mode == "hang-signal":
        time.sleep(SIGNAL_DELAY)    # the runner has read and judged the answers before this one
        with open(os.environ["FAKE_PIDFILE"], "w") as f:
            f.write(str(os.getpid()))
        time.sleep(60)
    if mode in ("duplicate-key", "duplicate-seq", "duplicate-type") and reply["type"] == "result":
        raw(out, duplicated(mode, reply))
        return None
    if mode == "garbage":
        raw(out, b"this is not json\n")
        return None
    if mode == "wrong-seq":
        reply["seq"] = seq + 100
    if mode == "wrong-answer" and reply["type"] == "result":
        reply["steps"][-1] = dict(reply["steps"][-1], scores=[-1])
        reply["steps"][-1]["end_sum"] = -1
        reply["steps"][-1]["settlement"] = {"winners": [9]}
    if mode == "big-wrong-answer" and reply["type"] == "result":
        reply["steps"][-1] = dict(reply["steps"][-1], end_sum="\x1b[1m" + "9" * 1_000_000)
    if mode == "skip":
        reply = {"type": "skipped", "seq": seq, "reason": "not implemented yet"}
    if mode == "error":
        reply = {"type": "errored", "seq": seq, "message": "engine exploded"}
    if mode == "duplicate":
        emit(reply)                          # the same answer twice
    if mode == "deep-nesting":
        raw(out, b'{"type":"result","seq":%d,"steps":[{"x":%s%s}]}\n' % (seq, b"[" * 1000, b"]" * 1000))
        return None
    if mode == "huge-int":
        raw(out, b'{"type":"result","seq":%d,"steps":[{"x":%s}]}\n' % (seq, b"7" * 5000))
        return None
    if mode == "lone-surrogate":
        raw(out, b'{"type":"result","seq":%d,"steps":[{"x":"\\ud800"}]}\n' % seq)
        return None
    if mode == "invalid-utf8":
        raw(out, b'{"type":"result","seq":%d,"steps":[{"x":"caf\xe9"}]}\n' % seq)
        return None
    if mode == "huge-line":
        out.write(b'{"type":"result","seq":%d,"steps":[{"x":"' % seq)
        for _ in range(HUGE_LINE_BYTES // CHUNK):
            out.write(b"a" * CHUNK)
        raw(out, b'"}]}\n')
        return None
    if mode == "stderr-flood":
        line = b"fake: noise " + b"#" * 1000 + b"\n"
        for _ in range(20 * 1024):            # about 20 MB
            sys.stderr.buffer.write(line)
        sys.stderr.buffer.write(b"fake: the last words\n")
        sys.stderr.flush()
        os._exit(4)
    if mode == "control-stderr":
        sys.stderr.buffer.write(b"\x1b[31mfatal\x1b[0m \x00\x0b\x0c bell\x07 \xff\xfe end\n")
        sys.stderr.flush()
        os._exit(5)
    if mode == "closed-stdout":
        out.flush()
        os.close(1)
        time.sleep(60)
    if mode == "bad-field":
        reply = {"type": "result", "seq": seq, "steps": [{"x": 1}] * 5000, "extra": "y" * 5000}
        reply["seq"] = str(seq) + "z" * 3000
    if mode == "extra-fields":
        reply["x-timing-ms"] = 3
    if mode == "swap":
        held.append(reply)
        return None
    if mode == "slow":
        time.sleep(SLOW_SECONDS)
    return reply


def duplicated(mode: str, reply: dict) -> bytes:
    """The answer's JSON line with one key given twice: a wrong value first, the right one last
    (a reader keeping the last value believes it)."""
    steps = reply["steps"]
    last = steps[-1]
    if mode == "duplicate-key":
        key = sorted(k for k in last if k != "error")[0] if any(k != "error" for k in last) else "error"
        body = dumps(last)
        steps_text = ", ".join(dumps(s) for s in steps[:-1]) + (", " if len(steps) > 1 else "")
        step = '{"%s": "wrong", %s' % (key, body[1:])
        return ('{"type": "result", "seq": %d, "steps": [%s%s]}\n' % (reply["seq"], steps_text, step)).encode()
    if mode == "duplicate-seq":
        return ('{"type": "result", "seq": 999, "seq": %d, "steps": %s}\n' % (reply["seq"], dumps(steps))).encode()
    return ('{"type": "errored", "seq": %d, "message": "m", "type": "result", "steps": %s}\n'
            % (reply["seq"], dumps(steps))).encode()


def raw(out, data: bytes) -> None:
    out.write(data)
    out.flush()


def emit(message) -> None:
    sys.stdout.buffer.write((dumps(message) + "\n").encode("utf-8"))
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
