"""A shrunk counterexample written as a scenario in the suite's own YAML format.

The scenario replays the shrunk case's input; its `expect` blocks are the reference
engine's observations at the divergent step (every key the case checks there) and the
refusal at every refused step (a scenario may refuse an action only where it expects it).
A step a seat takes names that seat (`by`, where the game's steps have it) and an observation
says whose turn it is, as the reference's observations tell. The notes give the seed, the
chooser numbers, the implementation's answer and the reference's, with no absolute path (the
file is meant for the suite's repository). Before it is written it is verified against the
reference (`horserace verify` would accept it); a scenario that does not verify is reported,
not written.
"""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

import yaml

from ..errors import HorseRaceError
from ..game import get_game
from ..paths import SCHEMA_DIR


def game_scenario_schema(game_name: str) -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / get_game(game_name).scenario_schema).read_text(encoding="utf-8"))


def step_fields(game_name: str) -> set[str]:
    """The fields a step of the game's scenarios may have."""
    return set(game_scenario_schema(game_name).get("$defs", {}).get("step", {}).get("properties", {}))


def takes_action_steps(game_name: str) -> bool:
    """Whether the game's scenario steps accept the protocol form {'action': text}."""
    return "action" in step_fields(game_name)


def scenario_kinds(game_name: str, kind: str) -> list[str]:
    """The case's own kind first, then the game's other scenario kinds: a case kind with no
    scenario form (a domino probe) may still replay the same as another kind (a match from a
    position); verification decides."""
    kinds = game_scenario_schema(game_name).get("properties", {}).get("kind", {}).get("enum", [])
    return [kind] + [k for k in kinds if k != kind]


SEAT_VERBS = ("place", "draw", "pass", "stop")      # the verb-keyed steps a seat takes (not deal, settle)


def shown_command(command: str, cwd: Path | None = None) -> str:
    """`command` with no absolute path: a path under the working directory relative to it,
    another reduced to its last part (the command's name). A quoted word holding a command
    (`--impl 'python3 /home/me/engine.py'`) is shown so inside."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    base = Path.cwd() if cwd is None else cwd
    out = []
    for word in words:
        name, equals, value = word.partition("=") if word.startswith("-") else ("", "", word)
        if any(ch.isspace() for ch in value):
            value = shown_command(value, base)
        elif os.path.isabs(value):
            try:
                value = Path(value).relative_to(base).as_posix()
            except ValueError:
                value = Path(value).name or value
        out.append(name + equals + value)
    return " ".join(shlex.quote(w) for w in out)


def seat_before(index: int, expected: list[dict[str, Any]]) -> int | None:
    """The seat to act at step `index`, from the reference's observations: whose turn the step
    before left it (`turn`), else the player of the step's first event, else (a refused step)
    whose turn the observation after it shows, the refusal having changed nothing."""
    def turn(at: int) -> int | None:
        value = expected[at].get("turn") if 0 <= at < len(expected) and isinstance(expected[at], dict) else None
        return value if type(value) is int else None
    if turn(index - 1) is not None:
        return turn(index - 1)
    events = expected[index].get("events") if isinstance(expected[index], dict) else None
    if isinstance(events, list) and events and isinstance(events[0], dict) and type(events[0].get("player")) is int:
        return events[0]["player"]
    return turn(index + 1) if "error" in expected[index] else None


def with_seats(steps: list[dict[str, Any]], expected: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Verb-keyed steps with the seat that takes each (`by`), observations with whose turn it is."""
    out = []
    for index, step in enumerate(steps):
        step = dict(step)
        seat = seat_before(index, expected) if index < len(expected) else None
        if seat is not None and any(verb in step for verb in SEAT_VERBS):
            step = {**{k: v for k, v in step.items() if k != "expect"}, "by": seat,
                    **({"expect": step["expect"]} if "expect" in step else {})}
        elif step.get("note") == "observe" and index < len(expected):
            now = expected[index].get("turn") if isinstance(expected[index], dict) else None
            if type(now) is int:
                step["note"] = f"observe (seat {now} to play)"
        out.append(step)
    return out


def scenario_step(step: dict[str, Any]) -> dict[str, Any]:
    """Protocol form -> scenario form, for a game whose scenarios name the verb as the key
    ({'action': 'place 3|4 at 4|4 line_b'} -> {'place': '3|4', 'at': '4|4 line_b'})."""
    text = step["action"]
    if text == "observe":
        return {"note": "observe"}        # a step must say something; a note changes nothing
    verb, _, rest = text.partition(" ")
    if verb == "place":
        tile, _, at = rest.partition(" at ")
        out: dict[str, Any] = {"place": tile}
        if at:
            out["at"] = at
    else:
        out = {verb: rest or None}
    for key, value in step.items():
        if key != "action":
            out["perft" if key == "depth" else key] = value
    return out


def scenario_data(case: dict[str, Any], mismatch: dict[str, Any], seed: int, numbers: list[int],
                  replay: str, implementation: str) -> dict[str, Any]:
    game = case["game"]
    keep_action = takes_action_steps(game)
    steps = []
    divergent = mismatch["step"]
    for index, (step, expected) in enumerate(zip(case["input"]["steps"], case["expected"])):
        out = dict(step) if keep_action else scenario_step(step)
        if index == divergent or "error" in expected:
            out["expect"] = expected
        steps.append(out)
    if divergent >= len(steps):        # the implementation answered extra steps: check the last one
        steps[-1]["expect"] = case["expected"][-1]
    steps = steps[:divergent + 1]       # nothing after the divergent step is compared
    if not keep_action and "by" in step_fields(game):
        steps = with_seats(steps, case["expected"])
    clauses = list(mismatch.get("clauses") or case["clauses"])
    differences = mismatch.get("differences") or [{"field": mismatch["key"], "expected": mismatch["expected"],
                                                   "actual": mismatch["actual"]}]
    answers = "\n".join(f"  {d['field']}: the reference says {d['expected']}; the implementation said {d['actual']}"
                        for d in differences)
    notes = (f"Found by differential fuzzing (seed {seed}, shrunk to {len(numbers)} chooser numbers: "
             f"{json.dumps(numbers)}). Implementation: {implementation}.\n"
             f"First divergence at step {divergent} ({mismatch.get('action') or 'setup'}), attributed to "
             f"{', '.join(clauses) or '-'}:\n{answers}\nReplay: {replay}\n"
             "Review the expectation against the rule text before adding this file to vectors/scenarios/.")
    data: dict[str, Any] = {
        "id": case["id"],
        "title": f"Fuzz counterexample: {case['kind']} case, seed {seed}, diverging at step {divergent}",
        "game": game,
        "kind": case["kind"],
        "clauses": clauses or list(case["clauses"]),
        "notes": notes,
    }
    if case.get("options"):
        data["options"] = case["options"]
    data["setup"] = case["input"]["setup"]
    data["steps"] = steps
    return data


def scenario_text(data: dict[str, Any]) -> str:
    data = json.loads(json.dumps(data))     # no shared objects: YAML anchors are refused in suite files
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None)


def verification_problem(text: str, name: str) -> str | None:
    """Why the scenario text would not pass `horserace verify`, or None."""
    from ..scenario import load_scenario_text
    from ..verify import verify_scenario
    try:
        result = verify_scenario(load_scenario_text(text, name))
    except HorseRaceError as exc:
        return f"is not valid: {exc}"
    if not result.ok:
        return f"does not verify: {result.error or result.mismatches[0]}"
    return None


def write_scenario(folder: Path, data: dict[str, Any]) -> Path:
    """Verify the scenario against the reference, then write it as <id>.yaml in `folder`. A case
    kind the scenario format lacks is written as the first other kind that verifies."""
    name = f"{data['id']}.yaml"
    first_problem = None
    seatless = [{k: v for k, v in step.items() if k != "by"} for step in data["steps"]]
    forms = [data["steps"]] + ([seatless] if seatless != data["steps"] else [])
    for kind in scenario_kinds(data["game"], data["kind"]):
        for steps in forms:         # the seats named, else (should the reference disagree) not
            attempt = dict(data, kind=kind, steps=steps)
            if kind != data["kind"]:
                attempt["notes"] = (f"{data['notes']}\nWritten as a {kind} scenario: scenarios have no "
                                    f"{data['kind']} kind, and this one verifies.")
            text = scenario_text(attempt)
            problem = verification_problem(text, name)
            if problem is None:
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / name
                path.write_text(text, encoding="utf-8")
                return path
            first_problem = first_problem or problem
    raise HorseRaceError(f"the counterexample scenario {name} {first_problem}")
