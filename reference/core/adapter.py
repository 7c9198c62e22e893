"""The reference engines behind the runner protocol (`horserace adapter`).

Reads JSON lines on stdin and answers on stdout, so `horserace check` can drive the reference
engines like any other implementation. With a mutant installed it plays a misreading of the
rules (used by `horserace mutants`).
"""

from __future__ import annotations

import contextlib
import json
import select
import sys
from typing import IO, Any, Callable

from . import strict_json
from .errors import HorseRaceError, InputError
from .game import CaseInput, Mutant, all_games, get_game
from .version import PROTOCOL_VERSION, suite_version
from .yamlsource import load_yaml_file


def supported_options(game_name: str) -> dict[str, list[Any]]:
    """Every option value the interpretations register names (default first).

    Read from the register file alone, so the adapter answers its hello without loading and
    schema-checking the whole catalog (load_catalog, which `generate` and the tests run, is
    the check of that file; tests/core/test_runner_startup.py holds the two readings equal)."""
    game = get_game(game_name)
    out: dict[str, list[Any]] = {}
    if not game.interpretations_file.exists():
        return out
    for raw in load_yaml_file(game.interpretations_file).data.get("interpretations", []):
        option = raw.get("option")
        if not option:
            continue
        values = out.setdefault(option["name"], [option["default"]])
        for alternative in raw.get("alternatives", []):
            if "value" in alternative and alternative["value"] not in values:
                values.append(alternative["value"])
    return out


def hello_reply(games: list[str]) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION,
            "implementation": {"name": "horserace-reference", "version": suite_version(), "language": "python"},
            "games": {name: {"kinds": sorted(get_game(name).observation_keys),
                             "options": supported_options(name)} for name in games}}


def answer_case(message: dict[str, Any]) -> dict[str, Any]:
    seq = message.get("seq", 0)
    try:
        game = get_game(message["game"])
        inp = message["input"]
        case = CaseInput(message["kind"], inp["setup"], inp["steps"], message.get("options") or {},
                         refusals_are_results=True)
        observe = set(message.get("observe") or ())
        steps = []
        for outcome in game.replay(case):
            observation = outcome.observation
            if "error" in observation:
                steps.append({"error": observation["error"] or "refused"})
            else:
                steps.append({k: v for k, v in observation.items() if not observe or k in observe})
        return {"type": "result", "seq": seq, "steps": steps}
    except (InputError, HorseRaceError, KeyError, TypeError, ValueError) as exc:
        return {"type": "errored", "seq": seq, "message": f"{type(exc).__name__}: {exc}"}


def replay_case(case: dict[str, Any]) -> list[dict[str, Any]]:
    """Every observation the reference engine makes for a vector case, as the adapter answers."""
    inp = case["input"]
    game = get_game(case["game"])
    steps = []
    for outcome in game.replay(CaseInput(case["kind"], inp["setup"], inp["steps"], case.get("options") or {},
                                         refusals_are_results=True)):
        observation = outcome.observation
        steps.append({"error": observation["error"] or "refused"} if "error" in observation else dict(observation))
    return steps


def find_mutant(name: str) -> Mutant:
    for game in all_games().values():
        for mutant in (game.mutants() if game.mutants else []):
            if mutant.name == name:
                return mutant
    raise HorseRaceError(f"no mutant named {name!r}; 'horserace mutants --list' lists them")


def serve(stdin: IO[bytes], stdout: IO[bytes], games: list[str] | None = None, mutant: str | None = None) -> int:
    names = games or list(all_games())
    context = find_mutant(mutant).patch() if mutant else contextlib.nullcontext()
    encoder = json.JSONEncoder(separators=(",", ":"))
    waiting = input_waiting(stdin)
    with context:
        for raw in stdin:
            try:
                line = raw.decode("utf-8").strip()
                # strictly (no key twice), unbounded: the runner wrote it from vectors 7 levels deep
                message = strict_json.loads(line, max_depth=None) if line else None
            except ValueError as exc:      # not UTF-8, not JSON, a key twice, too deep: say so, keep serving
                message = {"type": f"(unreadable: {type(exc).__name__})"}
            if message is None:
                continue
            if not isinstance(message, dict):
                message = {"type": "(not an object)"}
            kind = message.get("type")
            if kind == "hello":
                reply = hello_reply(names)
            elif kind == "case":
                reply = answer_case(message)
            elif kind == "bye":
                break
            else:
                reply = {"type": "errored", "seq": message.get("seq", 0), "message": f"unknown message {kind!r}"}
            stdout.write((encoder.encode(reply) + "\n").encode("utf-8"))
            if not waiting():
                stdout.flush()          # answers to cases that came together go out together
    stdout.flush()
    return 0


def input_waiting(stdin: IO[bytes]) -> Callable[[], bool]:
    """Is more input there to read at once? (Then a reply may wait for the next flush: the
    runner writes whole messages, so reading on does not wait for it.) Always no for a stream
    without a file descriptor."""
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return lambda: False

    def waiting() -> bool:
        try:
            return bool(select.select([fd], [], [], 0)[0])
        except (OSError, ValueError):
            return False
    return waiting


def main() -> int:  # pragma: no cover - exercised through the CLI
    return serve(sys.stdin.buffer, sys.stdout.buffer)
