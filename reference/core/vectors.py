"""Conformance vectors: scenarios compiled and generated cases, written as JSON.

One file per game and case kind under vectors/<game>/<kind>.json, each with a header (suite
version, rules edition, schema, case count, flag descriptions) and one case per line.
Expected values come from the reference engine replaying each case's explicit input; the
scenarios' own hand-made expectations are checked first (`horserace verify`).
Generating twice gives byte-identical files.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from . import schemas
from .catalog import load_catalog
from .errors import HorseRaceError
from .game import CaseInput, Game, all_games, get_game
from .paths import SCENARIO_DIR, VECTORS_DIR, display_path
from .register import documents
from .scenario import Scenario, load_scenario, scenario_files
from .verify import verify_scenario
from .version import suite_version

VECTOR_SCHEMA = "vectors.schema.json"
REFUSAL_FLAG = "illegal-action"
OPTIONS_FLAG = "non-default-options"
GENERIC_FLAGS = {
    REFUSAL_FLAG: "The case plays an action the rules refuse; the implementation must report the "
                  "step as refused (any non-empty 'error') and go on from the unchanged state.",
    OPTIONS_FLAG: "The case runs under non-default interpretation options (see its 'options'); "
                  "an implementation that does not offer them declares so in its handshake and "
                  "the runner skips the case.",
}


class VectorError(HorseRaceError):
    pass


# -- building cases ----------------------------------------------------------------------------

def scenario_case(scenario: Scenario) -> dict[str, Any]:
    game = scenario.game
    compile_step = game.compile_step or (lambda step: dict(step))
    case: dict[str, Any] = {
        "id": scenario.id,
        "description": scenario.title,
        "kind": scenario.kind,
        "clauses": list(scenario.clauses),
        "flags": [],
        "origin": display_path(scenario.path),
    }
    if scenario.examples:
        case["examples"] = list(scenario.examples)
    if scenario.sources:
        case["source"] = [dict(s) for s in scenario.sources]
    case["options"] = dict(scenario.options)
    steps = [compile_step(step) for step in scenario.steps]
    case["input"] = {"setup": normalized_setup(scenario), "steps": steps}
    case["_checked_keys"] = [sorted((step.get("expect") or {}).keys()) for step in scenario.steps]
    case["_interpretations"] = list(scenario.interpretations)
    return case


def normalized_setup(scenario: Scenario) -> dict[str, Any]:
    """The setup as JSON; a game may normalise notation through compile_step on deals."""
    setup = json.loads(json.dumps(scenario.setup))
    if "deal" in setup and scenario.game.compile_step:
        setup["deal"] = scenario.game.compile_step({"deal": setup["deal"]})["deal"]
    return setup


def expected_observations(game: Game, case: dict[str, Any]) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Replay the case's input on the reference engine and keep the keys a vector checks;
    also return, per step, the clauses that step applied (sorted)."""
    inp = case["input"]
    standard = list(game.observation_keys.get(case["kind"], ()))
    checked = case.get("_checked_keys") or [[] for _ in inp["steps"]]
    outcomes = list(game.replay(CaseInput(case["kind"], inp["setup"], inp["steps"], case.get("options", {}),
                                          refusals_are_results=True)))
    if len(outcomes) != len(inp["steps"]):
        raise VectorError(f"{case['id']}: {len(inp['steps'])} steps but {len(outcomes)} outcomes")
    expected = []
    step_clauses = [sorted(set(outcome.clauses)) for outcome in outcomes]
    for outcome, extra in zip(outcomes, checked):
        observation = outcome.observation
        if "error" in observation:
            expected.append({"error": observation["error"]})
            continue
        keys = list(dict.fromkeys(standard + [k for k in extra if k != "error"]))
        expected.append({k: observation[k] for k in keys if k in observation})
    return expected, step_clauses


def alternative_options(game: Game, options: dict[str, Any]) -> list[tuple[dict[str, Any], tuple[str, ...]]]:
    """Every other reading a case could be replayed under: for each interpretation option, each
    value the register offers other than the case's own (the default included when the case
    runs under another value), with the flags of the interpretations that option belongs to."""
    by_option: dict[str, tuple[list[Any], list[str]]] = {}
    for i in load_catalog(game.name).interpretations.values():
        if not i.option:
            continue
        values, flags = by_option.setdefault(i.option["name"], ([], []))
        for value in (i.option["default"],) + i.option_alternatives:
            if not any(same_value(value, v) for v in values):
                values.append(value)
        flags.append(i.flag)
    out = []
    for name, (values, flags) in by_option.items():
        current = options.get(name, game.option_defaults.get(name))
        for value in values:
            if not same_value(value, current):
                out.append(({**options, name: value}, tuple(dict.fromkeys(flags))))
    return out


def same_value(a: Any, b: Any) -> bool:
    """Type-exact equality of option values (true is not 1; a tuple equals the same list)."""
    def canonical(value: Any) -> str:
        return json.dumps(list(value) if isinstance(value, tuple) else value, sort_keys=True)
    return canonical(a) == canonical(b)


def derived_flags(game: Game, case: dict[str, Any], expected: list[dict[str, Any]]) -> set[str]:
    """The flag of every interpretation whose other reading changes an expectation of the case:
    the case is replayed once per alternative option value (a replay that fails outright counts
    as a change). So skipping a flag removes every case that depends on that reading."""
    reference = json.dumps(expected, sort_keys=True)
    flags: set[str] = set()
    for options, option_flags in alternative_options(game, dict(case.get("options") or {})):
        if set(option_flags) <= flags:
            continue
        try:
            other, _ = expected_observations(game, {**case, "options": options})
        except HorseRaceError:
            other = None
        if other is None or json.dumps(other, sort_keys=True) != reference:
            flags.update(option_flags)
    return flags


def interpretation_flags(game: Game, interpretation_ids: Iterable[str]) -> list[str]:
    catalog = load_catalog(game.name)
    return [catalog.interpretations[i].flag for i in interpretation_ids if i in catalog.interpretations]


def language_flags(game: Game, case: dict[str, Any]) -> set[str]:
    """The flags of the language notes (languages.yaml) whose readings would diverge on this case
    (a case with its expected observations). A note tied to an interpretation shares its flag and
    its cases; the others are found by the detectors of reference/<game>/languages.py."""
    notes = [n for n in load_catalog(game.name).languages.values() if not n.interpretation]
    if not notes:
        return set()
    detectors = getattr(importlib.import_module(f"reference.{game.package_dir.name}.languages"), "DETECTORS", {})
    flags = set()
    for note in notes:
        if note.id not in detectors:
            raise VectorError(f"{note.id}: no detector in reference/{game.package_dir.name}/languages.py")
        if detectors[note.id](case):
            flags.add(note.flag)
    return flags


def finish_case(game: Game, case: dict[str, Any]) -> dict[str, Any]:
    """Fill expected values and flags; drop internal fields; fix the key order."""
    expected, step_clauses = expected_observations(game, case)
    catalog = load_catalog(game.name).clauses
    step_clauses = [[c for c in step if c in catalog] for step in step_clauses]
    if "clauses" not in case:                       # generated: the clauses the engine applied
        case["clauses"] = sorted({c for step in step_clauses for c in step})
    flags = set(case.get("flags", []))
    flags.update(interpretation_flags(game, case.get("_interpretations", [])))
    if game.flags_for:
        flags.update(game.flags_for({**case, "expected": expected}))
    flags.update(language_flags(game, {**case, "expected": expected}))
    flags.update(derived_flags(game, case, expected))
    if any("error" in e for e in expected):
        flags.add(REFUSAL_FLAG)
    if case.get("options"):
        flags.add(OPTIONS_FLAG)
    ordered = {k: case[k] for k in ("id", "description", "kind", "clauses") if k in case}
    ordered["flags"] = sorted(flags)
    for key in ("origin", "examples", "source", "options", "input"):
        if key in case:
            ordered[key] = case[key]
    ordered["expected"] = expected
    ordered["step_clauses"] = step_clauses
    return ordered


def game_cases(game: Game) -> list[dict[str, Any]]:
    cases = []
    for path in scenario_files([str(SCENARIO_DIR / game.name)]) if (SCENARIO_DIR / game.name).is_dir() else []:
        scenario = load_scenario(path)
        result = verify_scenario(scenario)
        if not result.ok:
            problem = result.error or result.mismatches[0]
            raise VectorError(f"{scenario.path} does not verify ({problem}); run 'horserace verify' first")
        cases.append(scenario_case(scenario))
    if game.generate_cases:
        cases.extend(game.generate_cases())
    seen: set[str] = set()
    for case in cases:
        if case["id"] in seen:
            raise VectorError(f"duplicate case id {case['id']}")
        seen.add(case["id"])
    return [finish_case(game, case) for case in cases]


# -- files ---------------------------------------------------------------------------------------

def flag_descriptions(game: Game) -> dict[str, str]:
    catalog = load_catalog(game.name)
    out = dict(GENERIC_FLAGS)
    for interpretation in catalog.interpretations.values():
        text = f"Depends on {interpretation.id} ({interpretation.title}): {' '.join(interpretation.reading.split())}"
        out[interpretation.flag] = (out[interpretation.flag] + " Also " + text) if interpretation.flag in out else text
    for note in catalog.languages.values():
        text = f"The languages' readings diverge here ({note.id}, {note.title}): {' '.join(note.diverges.split())}"
        out[note.flag] = (out[note.flag] + " Also " + text) if note.flag in out else text
    return out


def render_file(game: Game, kind: str, cases: list[dict[str, Any]]) -> str:
    """Deterministic JSON: a pretty header, then one compact case per line."""
    used_flags = sorted({f for c in cases for f in c["flags"]})
    descriptions = flag_descriptions(game)
    header = {
        "schema": schemas.schema_id(VECTOR_SCHEMA),
        "suite_version": suite_version(),
        "rules_edition": game.rules_edition,
        "game": game.name,
        "kind": kind,
        "observation_keys": list(game.observation_keys.get(kind, ())),
        "case_count": len(cases),
        "flags": {flag: descriptions.get(flag, "") for flag in used_flags},
        "clause_keys": {clause: list(paths) for clause, paths in sorted(game.clause_keys.items())},
    }
    lines = ["{"]
    for key, value in header.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines.append('  "cases": [')
    for index, case in enumerate(cases):
        comma = "," if index < len(cases) - 1 else ""
        lines.append("    " + json.dumps(case, ensure_ascii=False, separators=(",", ":")) + comma)
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def build_files(game: Game) -> dict[Path, str]:
    cases = game_cases(game)
    kinds: dict[str, list[dict[str, Any]]] = {}
    for case in cases:
        kinds.setdefault(case["kind"], []).append(case)
    return {VECTORS_DIR / game.name / f"{kind}.json": render_file(game, kind, kind_cases)
            for kind, kind_cases in sorted(kinds.items())}


def selected_games(names: list[str] | None) -> list[Game]:
    return [get_game(n) for n in names] if names else list(all_games().values())


def write_vectors(names: list[str] | None = None) -> list[Path]:
    written = []
    if not names:
        for path, text in documents(selected_games(None)).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    for game in selected_games(names):
        files = build_files(game)
        folder = VECTORS_DIR / game.name
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.json"):
            if stale not in files:
                stale.unlink()
        for path, text in files.items():
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def check_vectors(names: list[str] | None = None) -> list[str]:
    """Differences between the committed files and a fresh generation (empty when identical)."""
    problems = []
    expected_files: dict[Path, str] = documents(selected_games(None)) if not names else {}
    for path, text in expected_files.items():
        if not path.exists() or path.read_bytes() != text.encode("utf-8"):
            problems.append(f"{display_path(path)}: differs from a fresh generation; generated documents "
                            "are never edited by hand")
    for game in selected_games(names):
        files = build_files(game)
        folder = VECTORS_DIR / game.name
        for path, text in files.items():
            if not path.exists():
                problems.append(f"{display_path(path)}: missing (run 'horserace generate')")
                continue
            committed = path.read_bytes()
            fresh = text.encode("utf-8")
            if committed != fresh:
                problems.append(f"{display_path(path)}: differs from a fresh generation "
                                f"({first_difference(committed, fresh)}); vectors are never edited by hand")
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            if path not in files:
                problems.append(f"{display_path(path)}: not produced by a fresh generation (stale file)")
    return problems


def first_difference(a: bytes, b: bytes) -> str:
    lines_a, lines_b = a.splitlines(), b.splitlines()
    for number, (x, y) in enumerate(zip(lines_a, lines_b), 1):
        if x != y:
            return f"first at line {number}"
    return f"{len(lines_a)} lines committed, {len(lines_b)} generated"


# -- reading -------------------------------------------------------------------------------------

@dataclass
class VectorFile:
    path: Path
    header: dict[str, Any]
    cases: list[dict[str, Any]]


def load_vector_file(path: Path, validate: bool = True) -> VectorFile:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise VectorError(f"{display_path(path)}: cannot read vectors ({exc})") from None
    if validate:
        errors = schemas.schema_errors(data, VECTOR_SCHEMA)
        if errors:
            raise VectorError(f"{display_path(path)}: {errors[0]}")
    cases = data.pop("cases")
    return VectorFile(path, data, cases)


def vector_files(games: list[str] | None = None) -> list[Path]:
    names = games or list(all_games())
    return [p for name in names for p in sorted((VECTORS_DIR / name).glob("*.json"))]


def load_cases(games: list[str] | None = None, validate: bool = True) -> list[dict[str, Any]]:
    cases = []
    for path in vector_files(games):
        vf = load_vector_file(path, validate)
        for case in vf.cases:
            case.setdefault("game", vf.header["game"])
            cases.append(case)
    return cases
