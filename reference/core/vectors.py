"""Conformance vectors: scenarios compiled and generated cases, written as JSON.

One file per game and case kind under vectors/<game>/<kind>.json, each with a header (suite
version, rules edition, schema, case count, flag descriptions) and one case per line.
Expected values come from the reference engine replaying each case's explicit input; the
scenarios' own hand-made expectations are checked first (`horserace verify`).
Generating twice gives byte-identical files.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import itertools
import json
import pickle
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from .errors import HorseRaceError
from .game import CaseInput, Game, all_games, get_game
from .options import OptionReads, tracking_option_reads
from .paths import SCENARIO_DIR, SCHEMA_DIR, VECTORS_DIR, display_path
from .replay_context import vector_replays

if TYPE_CHECKING:
    from .scenario import Scenario

# Building vectors needs the catalogs, scenarios and schemas; reading them needs none of that,
# so those modules are imported where generation uses them (a one-case check starts fast).

VECTOR_SCHEMA = "vectors.schema.json"
# The key under which finish_case hands a game's flags_for the whole observation of every step of
# the case's replay (its own options, refusals as results), so the hook need not replay it again.
REPLAYED = "_replayed_observations"
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
    expected, step_clauses, _ = replayed_expectations(game, case)
    return expected, step_clauses


def replayed_expectations(game: Game, case: dict[str, Any]
                          ) -> tuple[list[dict[str, Any]], list[list[str]], list[Any]]:
    """expected_observations, and each step's whole observation as the replay made it (what a
    game's flags_for reads: given them, it need not replay the case again)."""
    inp = case["input"]
    with vector_replays():
        outcomes = list(game.replay(case_input(case)))
    if len(outcomes) != len(inp["steps"]):
        raise VectorError(f"{case['id']}: {len(inp['steps'])} steps but {len(outcomes)} outcomes")
    keys = checked_keys(game, case)
    expected = [checked_observation(outcome.observation, step_keys) for outcome, step_keys in zip(outcomes, keys)]
    step_clauses = [sorted(set(outcome.clauses)) for outcome in outcomes]
    return expected, step_clauses, [outcome.observation for outcome in outcomes]


def case_input(case: dict[str, Any]) -> CaseInput:
    inp = case["input"]
    return CaseInput(case["kind"], inp["setup"], inp["steps"], case.get("options", {}), refusals_are_results=True)


def checked_keys(game: Game, case: dict[str, Any]) -> list[list[str]]:
    """Per step, the observation keys a vector checks: the kind's standard keys, then the keys
    the scenario's own expectation named there."""
    standard = list(game.observation_keys.get(case["kind"], ()))
    checked = case.get("_checked_keys") or [[] for _ in case["input"]["steps"]]
    return [list(dict.fromkeys(standard + [k for k in extra if k != "error"])) for extra in checked]


def checked_observation(observation: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """A step's observation cut to the checked keys (a refusal: its error alone)."""
    if "error" in observation:
        return {"error": observation["error"]}
    return {k: observation[k] for k in keys if k in observation}


def alternative_options(game: Game, options: dict[str, Any]) -> list[tuple[str, dict[str, Any], tuple[str, ...]]]:
    """Every other reading a case could be replayed under: for each interpretation option, each
    value the register offers other than the case's own (the default included when the case
    runs under another value), as (the option's name, the case's options with that value, the
    flags of the interpretations that option belongs to)."""
    out = []
    for name, values, flags in option_values(game.name):
        current = canonical_value(options.get(name, game.option_defaults.get(name)))
        for value, canonical in values:
            if canonical != current:
                out.append((name, {**options, name: value}, flags))
    return out


@lru_cache(maxsize=None)
def option_values(game_name: str) -> tuple[tuple[str, tuple[tuple[Any, str], ...], tuple[str, ...]], ...]:
    """Per interpretation option of the game's register: its name, the values it offers (the
    default first, each once, with its canonical_value) and the flags of its interpretations.
    The register is read once per process (the catalog is, too)."""
    from .catalog import load_catalog
    by_option: dict[str, tuple[dict[str, Any], list[str]]] = {}
    for i in load_catalog(game_name).interpretations.values():
        if not i.option:
            continue
        values, flags = by_option.setdefault(i.option["name"], ({}, []))
        for value in (i.option["default"],) + i.option_alternatives:
            values.setdefault(canonical_value(value), value)
        flags.append(i.flag)
    return tuple((name, tuple((value, canonical) for canonical, value in values.items()),
                  tuple(dict.fromkeys(flags))) for name, (values, flags) in by_option.items())


def same_value(a: Any, b: Any) -> bool:
    """Type-exact equality of option values (true is not 1; a tuple equals the same list)."""
    return canonical_value(a) == canonical_value(b)


def canonical_value(value: Any) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value, sort_keys=True)


def derived_flags(game: Game, case: dict[str, Any], expected: list[dict[str, Any]],
                  reads: OptionReads | None = None, known: Iterable[str] = ()) -> set[str]:
    """The flag of every interpretation whose other reading changes an expectation of the case:
    the case is replayed once per alternative option value (a replay that fails outright counts
    as a change). So skipping a flag removes every case that depends on that reading. `reads`:
    the options the case's own replay read (core/options.py); another value of an option it
    never read cannot change anything, and is not replayed. `known`: flags the case carries
    already (its scenario's, its situations'); an option whose every flag is among them, or
    among those found, is not replayed either: it could add no flag the case lacks."""
    flags: set[str] = set()
    known = set(known)
    keys = checked_keys(game, case)
    reference = [AsJson(step) for step in expected]
    for name, options, option_flags in alternative_options(game, dict(case.get("options") or {})):
        if set(option_flags) <= flags | known or (reads is not None and reads.may_skip(name)):
            continue
        if replay_differs(game, {**case, "options": options}, keys, reference):
            flags.update(option_flags)
    return flags


class AsJson:
    """An expected observation, compared as its sorted JSON (type-exact: true is not 1, 1 is not
    1.0). Two values that pickle to the same bytes are the same values of the same types (dicts
    in the same key order), so their sorted JSON is the same: that quick test comes first, and
    only when the pickles differ (another value, or the same in another order) is the JSON
    compared. Pickling is several times faster than writing sorted JSON. The pickles keep no
    memo (`plain_pickle`), so an object met twice is written out twice, as JSON does: equal
    values pickle alike whether or not they share parts."""

    __slots__ = ("value", "_pickled", "_json")

    def __init__(self, value: Any):
        self.value = value
        self._pickled: bytes | None = None
        self._json: str | None = None

    def same_as(self, observed: Any) -> bool:
        try:
            if self._pickled is None:
                self._pickled = plain_pickle(self.value)
            if plain_pickle(observed) == self._pickled:
                return True
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError, ValueError):
            pass                        # not picklable: the JSON alone decides
        if self._json is None:
            self._json = json.dumps(self.value, sort_keys=True)
        return json.dumps(observed, sort_keys=True) == self._json


PICKLE_PROTOCOL = 5


def plain_pickle(value: Any) -> bytes:
    """The value pickled without a memo ("fast" mode): a part met twice is written twice, so the
    bytes depend on the values and their types alone, not on which parts are the same object
    (a cycle raises ValueError)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, PICKLE_PROTOCOL)
    pickler.fast = True
    pickler.dump(value)
    return buffer.getvalue()


def replay_differs(game: Game, case: dict[str, Any], keys: list[list[str]], reference: list[AsJson]) -> bool:
    """Whether the case's replay differs from the expectations (`reference`, each step's) on
    the checked keys: a refusal the engine raises, another number of steps, or a step whose
    observation differs (as sorted JSON). The replay stops at the first step that differs (a
    later step cannot make it alike again)."""
    steps = 0
    try:
        with vector_replays():
            for outcome in game.replay(case_input(case)):
                if steps >= len(reference):
                    return True
                observed = checked_observation(outcome.observation, keys[steps])
                if not reference[steps].same_as(observed):
                    return True
                steps += 1
    except HorseRaceError:
        return True
    return steps != len(reference)


def interpretation_flags(game: Game, interpretation_ids: Iterable[str]) -> list[str]:
    from .catalog import load_catalog
    catalog = load_catalog(game.name)
    return [catalog.interpretations[i].flag for i in interpretation_ids if i in catalog.interpretations]


def language_flags(game: Game, case: dict[str, Any]) -> set[str]:
    """The flags of the language notes (languages.yaml) whose readings would diverge on this case
    (a case with its expected observations). A note tied to an interpretation shares its flag and
    its cases; the others are found by the detectors of reference/<game>/languages.py."""
    from .catalog import load_catalog
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
    with vector_replays():                          # its replays share what they built
        return _finish_case(game, case)


def _finish_case(game: Game, case: dict[str, Any]) -> dict[str, Any]:
    from .catalog import load_catalog
    with tracking_option_reads() as reads:
        expected, step_clauses, observations = replayed_expectations(game, case)
    catalog = load_catalog(game.name).clauses
    step_clauses = [[c for c in step if c in catalog] for step in step_clauses]
    if "clauses" not in case:                       # generated: the clauses the engine applied
        case["clauses"] = sorted({c for step in step_clauses for c in step})
    flags = set(case.get("flags", []))
    flags.update(interpretation_flags(game, case.get("_interpretations", [])))
    if game.flags_for:
        flags.update(game.flags_for({**case, "expected": expected, REPLAYED: observations}))
    flags.update(language_flags(game, {**case, "expected": expected}))
    flags.update(derived_flags(game, case, expected, reads, known=flags))
    if any("error" in e for e in expected):
        flags.add(REFUSAL_FLAG)
    if case.get("options"):
        flags.add(OPTIONS_FLAG)
    ordered = {k: case[k] for k in ("id", "description", "kind") if k in case}
    mode = case_mode(game, case)
    if mode is not None:
        ordered["mode"] = mode
    ordered["clauses"] = case["clauses"]
    ordered["flags"] = sorted(flags)
    for key in ("origin", "examples", "source", "options", "input"):
        if key in case:
            ordered[key] = case[key]
    ordered["expected"] = expected
    ordered["step_clauses"] = step_clauses
    return ordered


def case_mode(game: Game, case: dict[str, Any]) -> str | None:
    """The case's mode of play as its game reads it from the setup (None: in no mode)."""
    if game.case_mode is None:
        return None
    mode = game.case_mode(case["kind"], case["input"]["setup"])
    if mode is not None and mode not in game.modes:
        raise VectorError(f"{case['id']}: mode {mode!r} is not one of the {game.name} modes {list(game.modes)}")
    return mode


def game_cases(game: Game) -> list[dict[str, Any]]:
    from .scenario import load_scenario, scenario_files
    from .verify import verify_scenario
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
    from .catalog import load_catalog
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
    from . import schemas
    from .version import suite_version
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
    if game.refusal_clause:
        header["refusal_clause"] = game.refusal_clause
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
    """Write the vector files (each validated in full first), the manifest of their hashes
    and, for a whole generation, the documents."""
    from .register import documents
    written = []
    if not names:
        for path, text in documents(selected_games(None)).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    fresh: dict[Path, str] = {}
    games = selected_games(names)
    for game in games:
        files = build_files(game)
        for path, text in files.items():
            parse_vector_text(path, text, validate=True, trusted=False)
        folder = VECTORS_DIR / game.name
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.json"):
            if stale not in files:
                stale.unlink()
        for path, text in files.items():
            path.write_text(text, encoding="utf-8")
            written.append(path)
        fresh.update(files)
    manifest_path().write_text(manifest_text(fresh, kept_entries(names, games)), encoding="utf-8")
    written.append(manifest_path())
    return written


def kept_entries(names: list[str] | None, games: list[Game]) -> dict[str, Any]:
    """For a partial generation, the manifest entries of the games not regenerated."""
    if not names:
        return {}
    regenerated = {g.name for g in games}
    files = read_manifest().get("files", {})
    return {"files": {k: v for k, v in files.items() if k.split("/")[0] not in regenerated}}


def check_vectors(names: list[str] | None = None) -> list[str]:
    """Differences between the committed files and a fresh generation (empty when identical)."""
    from .register import documents
    problems = []
    expected_files: dict[Path, str] = documents(selected_games(None)) if not names else {}
    for path, text in expected_files.items():
        if not path.exists() or path.read_bytes() != text.encode("utf-8"):
            problems.append(f"{display_path(path)}: differs from a fresh generation; generated documents "
                            "are never edited by hand")
    fresh_files: dict[Path, str] = {}
    games = selected_games(names)
    for game in games:
        files = build_files(game)
        fresh_files.update(files)
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
    problems += manifest_problems(fresh_files, names, games)
    return problems


def manifest_problems(fresh_files: dict[Path, str], names: list[str] | None, games: list[Game]) -> list[str]:
    path = manifest_path()
    expected = json.loads(manifest_text(fresh_files, kept_entries(names, games)))
    committed = read_manifest()
    if not path.exists():
        return [f"{display_path(path)}: missing (run 'horserace generate')"]
    if not names:
        same = path.read_bytes() == manifest_text(fresh_files).encode("utf-8")
    else:
        regenerated = {g.name for g in games}
        mine = lambda files: {k: v for k, v in files.items() if k.split("/")[0] in regenerated}
        same = (committed.get("schema_sha256") == expected["schema_sha256"]
                and mine(committed.get("files", {})) == mine(expected["files"]))
    return [] if same else [f"{display_path(path)}: differs from a fresh generation (the hashes of "
                            "the vector files or schemas changed); run 'horserace generate'"]


def first_difference(a: bytes, b: bytes) -> str:
    lines_a, lines_b = a.splitlines(), b.splitlines()
    for number, (x, y) in enumerate(zip(lines_a, lines_b), 1):
        if x != y:
            return f"first at line {number}"
    return f"{len(lines_a)} lines committed, {len(lines_b)} generated"


# -- the manifest: what `generate` validated --------------------------------------------------
# vectors/MANIFEST.json records the SHA-256 and case count of every vector file `generate` wrote
# (after validating it in full) and the hash of the schema files they were validated against.
# Every reader that validates verifies a file against it before using it: a file it does not
# list, or whose bytes or case count differ (a case or a key removed, a value edited), is an
# error naming the file, unless the reader allows modified vectors (--allow-modified-vectors),
# which then validates the file in full, case by selected case. A file whose bytes match, under
# the current schemas, is not schema-validated again on every `check` (the "trusted" files):
# only the fields the loader and the runner read are checked for their types, so that even a
# manifest edited to vouch for an edited file cannot make the loader fail otherwise than with a
# VectorFileError.

MANIFEST_NAME = "MANIFEST.json"
MAX_MANIFEST_BYTES = 1024 * 1024    # the manifest lists a few dozen files: a few KB
MANIFEST_DEPTH = 4                  # {"files": {key: {"sha256": ...}}} nests three levels
SHA256 = re.compile(r"[0-9a-f]{64}")
FILE_KEY = re.compile(r"[a-z][a-z0-9_]*/[a-z][a-z0-9_-]*\.json")
MODIFIED_HINT = ("regenerate with 'horserace generate' (vectors are never edited by hand), or give "
                 "--allow-modified-vectors to check the files as they are")


def manifest_path() -> Path:
    return VECTORS_DIR / MANIFEST_NAME


def manifest_key(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def schema_digest() -> str:
    """One hash over the vector schema and every schema file it refers to (transitively)."""
    seen: dict[str, bytes] = {}
    pending = [VECTOR_SCHEMA]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        data = (SCHEMA_DIR / name).read_bytes()
        seen[name] = data
        pending += [ref for ref in re.findall(rb'"\$ref":\s*"([^"#]+\.schema\.json)', data)
                    for ref in [ref.decode()]]
    return digest(b"".join(name.encode() + b"\0" + seen[name] for name in sorted(seen)))


def manifest_text(files: dict[Path, str], previous: dict[str, Any] | None = None) -> str:
    entries = dict((previous or {}).get("files", {}))
    for path, text in files.items():
        entries[manifest_key(path)] = {"sha256": digest(text.encode("utf-8")), "case_count": text.count("\n    {")}
    manifest = {
        "about": "SHA-256 of each vector file as `horserace generate` wrote and validated it; "
                 "`horserace check` trusts a file whose bytes still match. Generated; never edited by hand.",
        "schema_sha256": schema_digest(),
        "files": dict(sorted(entries.items())),
    }
    return json.dumps(manifest, indent=2) + "\n"


class ManifestError(VectorError):
    """vectors/MANIFEST.json is missing or is not a manifest; names the file (and the field)."""


@dataclass(frozen=True)
class Recorded:
    """What the manifest records of one vector file."""
    sha256: str
    case_count: int


@dataclass(frozen=True)
class Manifest:
    files: dict[str, Recorded]      # manifest_key -> what generate recorded
    schema_sha256: str = ""         # the hash of the schemas generate validated them against
    missing: str = ""               # why there is none to verify against (only when modified files are allowed)

    @cached_property
    def schema_current(self) -> bool:
        """Recorded under the schemas as they are now (so a matching file needs no validation)."""
        return bool(self.schema_sha256) and self.schema_sha256 == schema_digest()


def load_manifest() -> Manifest:
    """The manifest, read strictly (size and depth bounded, no key twice, every field of its
    type), or ManifestError naming the file and what is wrong."""
    from . import strict_json
    path = manifest_path()
    name = display_path(path)

    def refuse(message: str) -> ManifestError:
        return ManifestError(f"{name}: {message}; {MODIFIED_HINT}")

    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_MANIFEST_BYTES + 1)
    except FileNotFoundError:
        raise refuse("missing: the vector files cannot be verified") from None
    except OSError as exc:
        raise refuse(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_MANIFEST_BYTES:
        raise refuse(f"larger than {MAX_MANIFEST_BYTES} bytes: not a manifest")
    try:
        value = strict_json.loads(data, MANIFEST_DEPTH)
    except strict_json.JsonProblem as exc:
        where = f"line {exc.line}: " if exc.line else ""
        raise refuse(f"{where}{exc.message}") from None
    if not isinstance(value, dict) or not isinstance(value.get("files"), dict):
        raise refuse("files: missing or not an object")
    if not isinstance(value.get("schema_sha256"), str):
        raise refuse("schema_sha256: missing or not a string")
    files: dict[str, Recorded] = {}
    for key, entry in value["files"].items():
        field = f"files.{key[:80]}"
        if not FILE_KEY.fullmatch(key):
            raise refuse(f"{field}: not a vector file's name (GAME/KIND.json)")
        if not isinstance(entry, dict) or not isinstance(entry.get("sha256"), str) \
                or not SHA256.fullmatch(entry["sha256"]):
            raise refuse(f"{field}.sha256: missing or not a SHA-256 in hexadecimal")
        count = entry.get("case_count")
        if type(count) is not int or count < 0:
            raise refuse(f"{field}.case_count: missing or not a whole number")
        files[key] = Recorded(entry["sha256"], count)
    return Manifest(files, value["schema_sha256"])


def manifest_for(allow_modified: bool = False) -> Manifest:
    """The manifest to verify vector files against; when modified files are allowed, a missing or
    broken one verifies nothing (every file is then validated in full)."""
    try:
        return load_manifest()
    except ManifestError as exc:
        if not allow_modified:
            raise
        return Manifest({}, missing=str(exc))


def read_manifest() -> dict[str, Any]:
    """The manifest's data for generation (the entries kept by a partial one), or {} when there
    is none that can be read: generation writes it anew."""
    try:
        manifest = load_manifest()
    except ManifestError:
        return {}
    return {"schema_sha256": manifest.schema_sha256,
            "files": {key: {"sha256": r.sha256, "case_count": r.case_count} for key, r in manifest.files.items()}}


def verify_file(path: Path, data: bytes, manifest: Manifest, allow_modified: bool) -> tuple[bool, int | None]:
    """(trusted, the case count the manifest records): the file's bytes checked against the
    manifest. A file the manifest does not list, or whose hash differs, is a VectorFileError
    unless modified files are allowed (then it is not trusted, and validated in full)."""
    recorded = manifest.files.get(manifest_key(path))
    if recorded is None:
        problem = f"not listed in {display_path(manifest_path())}: not a file 'horserace generate' wrote"
    elif digest(data) != recorded.sha256:
        problem = (f"its SHA-256 differs from the one {display_path(manifest_path())} records: the file was "
                   "changed after 'horserace generate' wrote it (a case, a key or a value edited or removed)")
    else:
        return manifest.schema_current, recorded.case_count
    if not allow_modified:
        raise VectorFileError(display_path(path), None, "", f"{problem}; {MODIFIED_HINT}")
    return False, None


def check_complete(games: list[str] | None, kinds: list[str] | None, manifest: Manifest,
                   allow_modified: bool) -> None:
    """Every file the manifest lists for these games (and kinds) is there: a removed file removes
    all its cases."""
    if allow_modified or manifest.missing:
        return
    present = {manifest_key(path) for path in vector_files(games, kinds)}
    for key in sorted(manifest.files):
        game, _, name = key.partition("/")
        if (games and game not in games) or (kinds and name.removesuffix(".json") not in kinds):
            continue
        if key not in present:
            raise VectorFileError(display_path(VECTORS_DIR / key), None, "",
                                  f"listed in {display_path(manifest_path())} but missing (every case of the "
                                  f"file is gone); {MODIFIED_HINT}")


# -- reading -------------------------------------------------------------------------------------
# The generated layout: "{", one header field per line, '  "cases": [', one case per line, "  ]",
# "}". Reading it line by line gives every error a line, and lets a selective reader parse only
# the cases it needs (the id opens every case line).

MAX_VECTOR_FILE_BYTES = 64 * 1024 * 1024
CASES_OPEN = '  "cases": ['
CASES_CLOSE = "  ]"
CASE_ID = re.compile(r'    \{"id":"((?:[^"\\]|\\.)*)"')


class VectorFileError(VectorError):
    """A vector file is malformed or inconsistent; names the file, line and field."""

    def __init__(self, file: str, line: int | None, field: str, message: str):
        super().__init__(message)
        self.file, self.line, self.field, self.message = file, line, field, message

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


@dataclass
class VectorFile:
    path: Path
    header: dict[str, Any]
    cases: list[dict[str, Any]]                        # the wanted cases, in file order
    lines: list[int] = field(default_factory=list)     # the line of each of those cases
    trusted: bool = False                              # bytes as `generate` validated them


def load_vector_file(path: Path, validate: bool = True, wanted: Callable[[str], bool] | None = None,
                     trust: bool = True, manifest: Manifest | None = None,
                     allow_modified: bool = False) -> VectorFile:
    """Read one vector file. `wanted(id)` picks the cases to parse (default: all).

    With `validate`, the file is first verified against the manifest (`manifest`: manifest_for(),
    when the caller reads several files; see the manifest section above), then its integrity is
    checked (header game and kind against the file name, case_count, unique ids) and every
    parsed case is checked for one non-empty observation per step; schema validation of the
    header and the parsed cases is skipped only when `trust` is on and the bytes match the
    manifest."""
    path, text, trusted, recorded = read_vector_file(path, validate, trust, manifest, allow_modified)
    return parse_vector_text(path, text, validate, wanted, trusted, recorded)


def read_vector_file(path: Path, validate: bool = True, trust: bool = True, manifest: Manifest | None = None,
                     allow_modified: bool = False) -> tuple[Path, str, bool, int | None]:
    """The file's text, whether its bytes are as `generate` validated them, and the case count
    the manifest records for it (verify_file)."""
    return verified_text(path, read_vector_bytes(path), validate, trust, manifest, allow_modified)


def read_vector_bytes(path: Path) -> bytes:
    name = display_path(path)
    try:
        size = path.stat().st_size
        if size > MAX_VECTOR_FILE_BYTES:
            raise VectorFileError(name, None, "", f"{size} bytes; a vector file holds at most "
                                                  f"{MAX_VECTOR_FILE_BYTES} bytes")
        return path.read_bytes()
    except OSError as exc:
        raise VectorFileError(name, None, "", f"cannot read vectors ({exc.strerror or exc})") from None


def verified_text(path: Path, data: bytes, validate: bool = True, trust: bool = True,
                  manifest: Manifest | None = None, allow_modified: bool = False) -> tuple[Path, str, bool, int | None]:
    """read_vector_file for bytes already read."""
    name = display_path(path)
    trusted, recorded = False, None
    if validate:
        trusted, recorded = verify_file(path, data, manifest_for(allow_modified) if manifest is None else manifest,
                                        allow_modified)
        trusted = trusted and trust
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise VectorFileError(name, line, "", f"not UTF-8 (byte {data[exc.start]:#04x})") from None
    return path, text, trusted, recorded


def parse_vector_text(path: Path, text: str, validate: bool = True,
                      wanted: Callable[[str], bool] | None = None, trusted: bool = False,
                      recorded: int | None = None) -> VectorFile:
    header, rows = vector_rows(path, text, validate, wanted, trusted, recorded)
    cases: list[dict[str, Any]] = []
    case_lines: list[int] = []
    for case, number, _body in rows:
        cases.append(case)
        case_lines.append(number)
    return VectorFile(path, header, cases, case_lines, trusted)


def vector_rows(path: Path, text: str, validate: bool = True, wanted: Callable[[str], bool] | None = None,
                trusted: bool = False, recorded: int | None = None
                ) -> tuple[dict[str, Any], Iterator[tuple[dict[str, Any], int, str]]]:
    """The header (checked at once) and the wanted cases one by one, each with its line number
    and its JSON text; the whole-file checks (layout, commas, unique ids) hold once the rows
    are exhausted. `recorded`: the case count the manifest records (checked against the file's)."""
    name = display_path(path)
    lines = text.split("\n")

    def fail(line: int | None, where: str, message: str) -> VectorFileError:
        return VectorFileError(name, line, where, message)

    try:
        opening = lines.index(CASES_OPEN)
    except ValueError:
        raise fail(None, "cases", f"no line {CASES_OPEN!r}: not the generated layout (a header, then "
                                  "one case per line); regenerate with 'horserace generate'") from None
    closing = next((i for i in range(opening + 1, len(lines)) if lines[i] == CASES_CLOSE), None)
    if lines[0] != "{" or closing is None or lines[closing + 1:] not in (["}", ""], ["}"]):
        line = 1 if lines[0] != "{" else (closing + 2 if closing is not None else len(lines))
        raise fail(line, "", "not the generated layout (a header, then one case per line, then '  ]' "
                             "and '}'); regenerate with 'horserace generate'")
    header = parse_header(lines[:opening], fail, strict=not trusted)
    header_lines = {key: number for number, raw in enumerate(lines[1:opening], 2)
                    for key in re.findall(r'^  "([^"]+)":', raw)}

    if validate:
        count = closing - opening - 1
        if recorded is not None and recorded != count:
            raise fail(header_lines.get("case_count"), "case_count",
                       f"{display_path(manifest_path())} records {recorded} cases but the file holds {count} "
                       f"(the manifest was edited, or a case removed); {MODIFIED_HINT}")
        check_header(path, header, header_lines, count, fail, trusted)
    return header, _case_rows(lines, opening, closing, header, validate, wanted, trusted, fail)


def _case_rows(lines: list[str], opening: int, closing: int, header: dict[str, Any], validate: bool,
               wanted: Callable[[str], bool] | None, trusted: bool,
               fail: Callable[..., VectorFileError]) -> Iterator[tuple[dict[str, Any], int, str]]:
    first_line: dict[str, int] = {}
    last = closing - 1
    for index in range(opening + 1, closing):
        number, raw = index + 1, lines[index]
        position = index - opening - 1
        body = raw[:-1] if raw.endswith(",") else raw
        if raw.endswith(",") == (index == last):
            raise fail(number, f"cases[{position}]", "a comma must follow every case but the last")
        match = CASE_ID.match(body)
        case = None
        if match and "\\" not in match.group(1):
            case_id = match.group(1)
        else:
            case = parse_case_line(body, number, position, fail, strict=not trusted)
            case_id = case.get("id")
            if not isinstance(case_id, str):
                raise fail(number, f"cases[{position}].id", "missing or not a string")
        if case_id in first_line:
            raise fail(number, f"cases[{position}].id",
                       f"duplicate case id {case_id!r} (first at line {first_line[case_id]})")
        first_line[case_id] = number
        if wanted is not None and not wanted(case_id):
            continue
        if case is None:
            case = parse_case_line(body, number, position, fail, strict=not trusted)
        if validate:
            check_case(header, case, number, position, fail, trusted)
        yield case, number, body


def parse_header(lines: list[str], fail: Callable[..., VectorFileError], strict: bool = True) -> dict[str, Any]:
    """The header's fields; `strict` (a file the manifest does not vouch for): read by
    reference.core.strict_json (depth bounded first, no key twice)."""
    from . import strict_json
    text = "\n".join(lines) + '\n  "cases": []\n}'
    try:
        header = strict_json.loads(text) if strict else json.loads(text)
    except strict_json.JsonProblem as exc:
        raise fail(exc.line, "header", f"not valid JSON ({exc.detail})" if exc.detail else exc.message) from None
    except json.JSONDecodeError as exc:
        raise fail(exc.lineno, "header", f"not valid JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:     # e.g. an integer of more than 4,300 digits
        raise fail(None, "header", f"not readable JSON ({str(exc)[:120]})") from None
    header.pop("cases")
    return header


def parse_case_line(body: str, number: int, position: int, fail: Callable[..., VectorFileError],
                    strict: bool = True) -> dict[str, Any]:
    """One case line's object. `strict`: read by reference.core.strict_json (depth bounded
    before parsing, no key twice): a file the manifest does not vouch for. A file whose bytes
    are as generate wrote them is read by json.loads, in C (its depth and keys were bounded when
    it was generated; a forged manifest still meets RecursionError, caught, and the type checks)."""
    from . import strict_json
    try:
        case = strict_json.loads(body) if strict else json.loads(body)
    except strict_json.JsonProblem as exc:
        message = f"not valid JSON ({exc.detail} at column {exc.column})" if exc.detail else exc.message
        raise fail(number, f"cases[{position}]", message) from None
    except (ValueError, RecursionError) as exc:     # JSONDecodeError, huge integers, deep nesting
        detail = (f"{exc.msg} at column {exc.colno}" if isinstance(exc, json.JSONDecodeError)
                  else "nested too deeply" if isinstance(exc, RecursionError) else str(exc)[:120])
        raise fail(number, f"cases[{position}]", f"not valid JSON ({detail})") from None
    if not isinstance(case, dict):
        raise fail(number, f"cases[{position}]", "a case is a JSON object")
    return case


def check_header(path: Path, header: dict[str, Any], lines: dict[str, int], count: int,
                 fail: Callable[..., VectorFileError], trusted: bool) -> None:
    if not trusted or plain_header_problem(header):
        from . import schemas
        problems = schemas.schema_errors({**header, "cases": []}, VECTOR_SCHEMA)
        if problems:
            where, _, message = problems[0].partition(": ")
            key = re.split(r"[.\[]", where)[0]
            raise fail(lines.get(key), where if where != "(root)" else "header", message)
    for key, expected in (("game", path.parent.name), ("kind", path.stem)):
        if header.get(key) != expected:
            raise fail(lines.get(key), key, f"{header.get(key)!r} does not match the file name "
                                             f"(vectors/<game>/<kind>.json: expected {expected!r})")
    if header.get("case_count") != count:
        raise fail(lines.get("case_count"), "case_count",
                   f"says {header.get('case_count')!r} but the file holds {count} cases")


def check_case(header: dict[str, Any], case: dict[str, Any], number: int, position: int,
               fail: Callable[..., VectorFileError], trusted: bool) -> None:
    where = f"cases[{position}]"
    if not trusted or plain_case_problem(case):
        problems = case_schema_errors(case)
        if problems:
            inner, _, message = problems[0].partition(": ")
            raise fail(number, where + inner.removeprefix("cases[0]"), message)
    if case["kind"] != header["kind"]:
        raise fail(number, f"{where}.kind", f"{case['kind']!r} in a file of {header['kind']!r} cases")
    steps, expected = case["input"]["steps"], case["expected"]
    if len(expected) != len(steps):
        raise fail(number, f"{where}.expected", f"{len(expected)} observations for {len(steps)} steps "
                                                "(one per step)")
    for step, observation in enumerate(expected):
        if not observation:
            raise fail(number, f"{where}.expected[{step}]", "an observation with no keys checks nothing")


def _strings(value: Any) -> bool:
    return type(value) is list and set(map(type, value)) <= {str}


def _lists_of_strings(values: Iterable[Any]) -> bool:
    """Every value a list of strings (the header's clause_keys: some 900 lists; a match case's
    step_clauses), checked in C: a trusted file's check must cost next to nothing."""
    values = list(values)
    return set(map(type, values)) <= {list} and set(map(type, itertools.chain.from_iterable(values))) <= {str}


def plain_header_problem(header: dict[str, Any]) -> str:
    """The first header field the loader or the runner reads that is missing or not of its
    type ("" when none): the check a trusted file still gets (schemas.schema_errors then words
    what is wrong)."""
    for key, kind in (("game", str), ("kind", str), ("case_count", int), ("flags", dict), ("clause_keys", dict)):
        if type(header.get(key)) is not kind:
            return key
    if not _lists_of_strings(header["clause_keys"].values()):
        return "clause_keys"
    if "refusal_clause" in header and type(header["refusal_clause"]) is not str:
        return "refusal_clause"
    return ""


def plain_case_problem(case: dict[str, Any]) -> str:
    """As plain_header_problem, for a case: id, kind, clauses, flags, options, input (setup and
    steps), expected (an object per step) and step_clauses, each of its type."""
    for key, kind in (("id", str), ("kind", str), ("input", dict)):
        if type(case.get(key)) is not kind:
            return key
    for key in ("clauses", "flags"):
        if not _strings(case.get(key)):
            return key
    if type(case.get("options", {})) is not dict:
        return "options"
    steps, expected = case["input"].get("steps"), case.get("expected")
    if type(case["input"].get("setup")) is not dict or type(steps) is not list or not set(map(type, steps)) <= {dict}:
        return "input"
    if type(expected) is not list or not set(map(type, expected)) <= {dict}:
        return "expected"
    if "step_clauses" in case and not (type(case["step_clauses"]) is list and _lists_of_strings(case["step_clauses"])):
        return "step_clauses"
    return ""


def case_schema_errors(case: dict[str, Any]) -> list[str]:
    """The violations `schemas.schema_errors` reports for a file of the header and this one case,
    as 'cases[0].field: message' lines, without validating the header again for every case: the
    file schema relates no case to the header or to another case (`cases` is an array of
    `$defs/case`, nothing more), so a valid header (check_header) and each case valid against
    the case schema make the file valid, with the same violations in the same order."""
    from . import schemas
    from .yamlsource import format_field
    if schemas.accepted_by(case_quick_check(), case):
        return []
    return [f"{format_field(('cases', 0, *error.absolute_path))}: {error.message}"
            for error in case_validator().iter_errors(case)]


@lru_cache(maxsize=1)
def case_validator() -> Any:
    """The vector schema's validator, narrowed to the case schema (its $refs inlined)."""
    from . import schemas
    whole = schemas.validator(VECTOR_SCHEMA)
    cases = whole.schema["properties"]["cases"]
    if set(cases) - {"type", "items", "description"}:
        raise VectorError(f"{VECTOR_SCHEMA}: 'cases' says more than its items; validate cases with the header")
    return whole.evolve(schema=cases["items"])


@lru_cache(maxsize=1)
def case_quick_check() -> Any:
    """The case schema compiled to a yes/no check (schemas.quick_check): a "yes" means jsonschema
    would find nothing, so only a case it does not surely accept is validated by jsonschema,
    which then finds and words the violations. Generation and an untrusted file validate every
    case, and jsonschema was most of that time."""
    from . import schemas
    return schemas.quick_check(case_validator().schema)


def game_folders() -> list[str]:
    """The games with a vectors folder (listing them imports no engine)."""
    import pkgutil

    import reference
    packages = {m.name for m in pkgutil.iter_modules(reference.__path__) if m.ispkg and m.name != "core"}
    return sorted(name for name in packages if (VECTORS_DIR / name).is_dir())


class UnknownSelection(VectorError):
    """A --game or --kind that names no game or kind of the vectors (a typo, not an empty selection)."""


def check_names(games: list[str], kinds: list[str], modes: Sequence[str] = ()) -> None:
    """Refuse a game, kind or mode the vectors do not have, naming the known ones and the nearest,
    so `--game domino` is not taken for a selection that happens to match no case."""
    from .game import nearest
    known_games = game_folders()
    for name in games:
        if name not in known_games:
            raise UnknownSelection(f"unknown game {name!r}{nearest(name, known_games)}; "
                                   f"the games are {', '.join(known_games)}")
    known_kinds = sorted({p.stem for p in vector_files(games or None)})
    if modes:
        from .game import get_game
        known_modes = [m for name in (games or known_games) for m in get_game(name).modes]
        for mode in modes:
            if mode not in known_modes:
                raise UnknownSelection(f"unknown mode {mode!r}{nearest(mode, known_modes)}; the modes of "
                                       f"{', '.join(games) or 'the games'} are {', '.join(known_modes) or 'none'}")
    for kind in kinds:
        if kind not in known_kinds:
            raise UnknownSelection(f"unknown kind {kind!r}{nearest(kind, known_kinds)}; the kinds of "
                                   f"{', '.join(games) or 'the games'} are {', '.join(known_kinds)}")


def vector_files(games: list[str] | None = None, kinds: list[str] | None = None) -> list[Path]:
    names = games or game_folders()
    return [p for name in names for p in sorted((VECTORS_DIR / name).glob("*.json"))
            if not kinds or p.stem in kinds]


def load_cases(games: list[str] | None = None, validate: bool = True, kinds: list[str] | None = None,
               wanted: Callable[[str], bool] | None = None, allow_modified: bool = False) -> list[dict[str, Any]]:
    """The cases of the vector files, each carrying its game and its file header's clause_keys
    (one shared map per file: which observation keys each clause decides, for attribution).
    With `validate`, the files are verified against the manifest first (allow_modified: a
    modified file is validated in full instead of refused)."""
    cases = []
    manifest = manifest_for(allow_modified) if validate else None
    if manifest is not None:
        check_complete(games, kinds, manifest, allow_modified)
    for path in vector_files(games, kinds):
        vf = load_vector_file(path, validate, wanted, manifest=manifest, allow_modified=allow_modified)
        keys = vf.header.get("clause_keys") or {}
        refusal = vf.header.get("refusal_clause")
        cases += [carry_header(case, vf.header["game"], keys, refusal) for case in vf.cases]
    return cases


def carry_header(case: dict[str, Any], game: str, clause_keys: dict[str, Any], refusal_clause: str | None) -> dict[str, Any]:
    """The case with its game and its file header's attribution data: clause_keys (one shared
    map per file) and refusal_clause."""
    case.setdefault("game", game)
    case["clause_keys"] = clause_keys
    if refusal_clause:
        case["refusal_clause"] = refusal_clause
    return case


def case_totals(games: list[str] | None = None, allow_modified: bool = False) -> dict[str, int]:
    """Game -> how many cases its vector files hold: the manifest's count for a file it lists
    (a deselected count needs no case parsed; the files used are verified against it), else,
    and for every file when modified files are allowed, the file's case lines counted."""
    recorded = {} if allow_modified else read_manifest().get("files", {})
    totals: dict[str, int] = {}
    for path in vector_files(games):
        entry = recorded.get(manifest_key(path))
        if isinstance(entry, dict) and isinstance(entry.get("case_count"), int):
            count = entry["case_count"]
        else:
            try:
                count = count_cases(path)
            except VectorFileError:
                count = 0               # refused with its reason when its cases are read
        totals[path.parent.name] = totals.get(path.parent.name, 0) + count
    return totals


def count_cases(path: Path) -> int:
    """The case lines of a vector file, none parsed."""
    text = read_vector_file(path, validate=False)[1]
    lines = text.split("\n")
    if CASES_OPEN not in lines:
        return 0
    opening = lines.index(CASES_OPEN)
    return next((i for i in range(opening + 1, len(lines)) if lines[i] == CASES_CLOSE), opening + 1) - opening - 1


def load_selected(selection: Any, allow_modified: bool = False) -> "SelectedCases":
    """The cases a runner Selection keeps, reading only the files of its games and kinds and
    parsing only the cases whose id it names (when it names ids). Every file is verified and
    every kept case checked here, as load_cases does; what is kept is its JSON text, parsed
    again each time the cases are read, so a whole-suite check never holds every case at once."""
    wanted = selection.id_matcher() if selection.ids else None
    rows: list[tuple[str, str, int, str, dict[str, Any]]] = []
    games, kinds = selection.games or None, selection.kinds or None
    manifest = manifest_for(allow_modified)
    check_complete(games, kinds, manifest, allow_modified)
    markers = id_markers(selection.ids)
    for path in vector_files(games, kinds):
        data = read_vector_bytes(path)
        if markers is not None and not any(marker in data for marker in markers):
            continue            # none of the ids asked for: the file is not used, so not verified either
        path, text, trusted, recorded = verified_text(path, data, manifest=manifest, allow_modified=allow_modified)
        header, file_rows = vector_rows(path, text, True, wanted, trusted, recorded)
        keys = header.get("clause_keys") or {}
        refusal = header.get("refusal_clause")
        for case, number, body in file_rows:
            case.setdefault("game", header["game"])
            if selection.keep(case):
                rows.append((case["game"], case["id"], number, body, keys, refusal))
    return SelectedCases(rows)


MAX_ID_MARKERS = 64        # exact ids looked for in a file's bytes before it is read line by line


def id_markers(ids: list[str]) -> list[bytes] | None:
    """For a selection of a few exact ids (no glob), each id as a JSON string: a file whose bytes
    hold none of them cannot hold those cases, wherever a case line puts its id, so `check --id
    X` reads, verifies and splits only the files naming X. None when any id is a glob, or there
    are many (searching the bytes once per id would cost more than reading the lines)."""
    if not ids or len(ids) > MAX_ID_MARKERS or any(set("*?[") & set(i) for i in ids):     # runner.GLOB_CHARACTERS
        return None
    return [json.dumps(i).encode("ascii") for i in ids]


class SelectedCases(Sequence):
    """Selected vector cases held as their JSON lines (checked when selected) and parsed on
    each read: a list of cases to the runner, at a fraction of the memory."""

    def __init__(self, rows: list[tuple[str, str, int, str, dict[str, Any], str | None]]):
        self.rows = rows        # (game, id, line, JSON text, the file's clause_keys and refusal_clause)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return SelectedCases(self.rows[index])
        return self._case(self.rows[index])

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for row in self.rows:
            yield self._case(row)

    @property
    def games(self) -> list[str]:
        """The game of each case, in order (without parsing any)."""
        return [row[0] for row in self.rows]

    @staticmethod
    def _case(row: tuple[str, str, int, str, dict[str, Any], str | None]) -> dict[str, Any]:
        game, _id, _line, body, keys, refusal = row
        return carry_header(json.loads(body), game, keys, refusal)
