"""Property-based fuzzing of the scenario loader, the expected-failures loader, and the vector
files verified against their manifest.

Real scenario files are mutated (fields deleted, duplicated or retyped, tags, anchors,
aliases and merge keys inserted, nesting deepened, bad bytes and control characters
inserted); each malformed input must give a located ScenarioError (file and line), never a
traceback, a hang (each example is timed) or a silent acceptance (`verify` must not pass it).
The vector files (a committed one, mutated byte by byte or field by field) and vectors/MANIFEST.json
(mutated likewise) must give a VectorFileError or a ManifestError naming the file, never
another exception or a hang; a changed file is never accepted under the genuine manifest, and a
changed manifest is accepted only if it still records the file's true hash and case count.
The number of inputs tried per loader is the sum of the `max_examples` below
(run with `--hypothesis-show-statistics` to see the counts).
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.core.errors import InternalError, ScenarioError
from reference.core.expected_failures import load_expected_failures
from reference.core.scenario import load_scenario, scenario_files
from reference.core.verify import verify_file
from reference.core.yamlsource import MAX_DEPTH

# Inputs per test; HORSERACE_FUZZ_SCALE=10 multiplies them for a longer campaign.
SCALE = int(os.environ.get("HORSERACE_FUZZ_SCALE", "1"))
SCENARIO_EXAMPLES = 150 * SCALE   # per scenario-mutation test below (six tests)
XFAIL_EXAMPLES = 300 * SCALE      # per expected-failures test below (two tests)
VECTOR_EXAMPLES = 120 * SCALE     # per vector-file and manifest test below (three tests)
SECONDS_PER_EXAMPLE = 5.0    # a whole verify of one file; loading alone takes milliseconds

FILES = scenario_files()
TEXTS = {path: path.read_text(encoding="utf-8") for path in FILES}


# libyaml's loader and emitter when installed: the same data and the same text as PyYAML's
# pure-Python ones on every suite file, about ten times faster (the dump of each mutated
# example was most of these tests' time).
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@functools.lru_cache(maxsize=None)
def data_of(path: Path) -> Any:
    """The parsed scenario, read when a test first needs it (not in every test process)."""
    return yaml.load(TEXTS[path], Loader=_Loader)


ENVELOPE_REQUIRED = ("id", "title", "game", "kind", "clauses", "steps", "setup")
FUZZ = settings(max_examples=SCENARIO_EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])

files = st.sampled_from(FILES)


def json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    return {type(None): "null", str: "string", list: "array", dict: "object"}[type(value)]


SAMPLES = {"null": None, "boolean": True, "integer": 1, "float": 1.5, "string": "x y",
           "array": [1], "object": {"k": 1}}


def retype(value: Any, choice: int) -> Any:
    """A value of another JSON kind; for numbers and booleans, the closest one (1 -> 1.0, 0 -> false)."""
    kind = json_kind(value)
    close = {"integer": [float(value) if kind == "integer" else None, bool(value) if kind == "integer" else None,
                         str(value)],
             "float": [int(value) if kind == "float" else None, str(value)],
             "boolean": [int(value) if kind == "boolean" else None, str(value).lower()],
             "string": [1, True, None],
             "null": [0, False, "null"]}.get(kind, [])
    options = [v for v in close if v is not None or kind != "null"] + \
              [v for k, v in SAMPLES.items() if k != kind]
    options = [v for v in options if json_kind(v) != kind]
    return options[choice % len(options)]


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, path + (k,))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, path + (i,))] or [path]
    return [path]


def get(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: tuple, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def timed(function, *args):
    started = time.perf_counter()
    result = function(*args)
    seconds = time.perf_counter() - started
    assert seconds < SECONDS_PER_EXAMPLE, f"{seconds:.1f} s"
    return result


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "fuzzed.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def assert_refused(tmp_path: Path, content: str | bytes, line: int | None = None) -> ScenarioError:
    """Refused by verify with a located ScenarioError (never an internal error, never a pass)."""
    result = timed(verify_file, write(tmp_path, content))
    assert isinstance(result.error, ScenarioError), (result.error, result.ok)
    error = result.error
    assert error.file.endswith("fuzzed.yaml") and error.line is not None and error.line >= 1, str(error)
    if line is not None:
        assert error.line == line, str(error)
    return error


def assert_not_passed(tmp_path: Path, content: str) -> None:
    """A wrong expectation or input: a located error or a failed check, never a pass or a crash."""
    result = timed(verify_file, write(tmp_path, content))
    assert not isinstance(result.error, InternalError), str(result.error)
    assert not result.ok, "accepted a file whose expectations or inputs are wrong"
    if result.error is not None:
        assert result.error.line is not None, str(result.error)


# The baseline, that every file the mutations below start from verifies cleanly, is
# tests/core/test_suite_integrity.py::test_every_scenario_validates_and_replays_without_mismatch.


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(path=files, which=st.sampled_from(ENVELOPE_REQUIRED), choice=st.integers(0, 20), delete=st.booleans())
def test_deleted_or_retyped_envelope_fields_are_refused(tmp, path, which, choice, delete):
    data = copy.deepcopy(data_of(path))
    if delete:
        del data[which]
    else:
        data[which] = retype(data[which], choice)
    assert_refused(tmp, dump(data))


@FUZZ
@given(path=files, pick=st.integers(0, 10 ** 6), choice=st.integers(0, 20))
def test_retyped_expected_values_never_pass(tmp, path, pick, choice):
    data = copy.deepcopy(data_of(path))
    targets = [("steps", i, "expect") + leaf
               for i, step in enumerate(data["steps"]) if step.get("expect")
               for leaf in leaves(step["expect"])]
    target = targets[pick % len(targets)]
    put(data, target, retype(get(data, target), choice))
    assert_not_passed(tmp, dump(data))


@FUZZ
@given(path=files, pick=st.integers(0, 10 ** 6), choice=st.integers(0, 20))
def test_retyped_inputs_are_refused_or_fail_never_crash(tmp, path, pick, choice):
    """Setup and action fields of another JSON type: refused by a schema or by the engine's
    located input checks, never passed and never an engine crash."""
    data = copy.deepcopy(data_of(path))
    targets = [("setup",) + leaf for leaf in leaves(data.get("setup", {})) if leaf] + \
              [("steps", i) + leaf for i, step in enumerate(data["steps"])
               for leaf in leaves({k: v for k, v in step.items() if k not in ("expect", "note", "clauses")})
               if leaf]
    target = targets[pick % len(targets)]
    put(data, target, retype(get(data, target), choice))
    assert_not_passed(tmp, dump(data))


def top_level_blocks(text: str) -> list[tuple[int, int]]:
    """(first line index, end line index) of each top-level key with its indented continuation."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if re.match(r"[A-Za-z_]+:", line)]
    return [(s, (starts + [len(lines)])[k + 1]) for k, s in enumerate(starts)]


YAML_HAZARDS = ["tag", "python-tag", "collection-tag", "anchor", "alias", "merge", "duplicate", "deep",
                "second-document"]


@FUZZ
@given(path=files, hazard=st.sampled_from(YAML_HAZARDS), pick=st.integers(0, 10 ** 6),
       depth=st.integers(MAX_DEPTH, 4000))
def test_yaml_hazards_are_refused_at_their_line(tmp, path, hazard, pick, depth):
    text = TEXTS[path]
    lines = text.splitlines(keepends=True)
    blocks = top_level_blocks(text)
    start, end = blocks[pick % len(blocks)]
    key, _, rest = lines[start].partition(":")
    line = start + 1
    if hazard in ("tag", "python-tag", "collection-tag"):
        tag = {"tag": "!custom", "python-tag": "!!python/name:os.system",
               "collection-tag": "!!map" if not rest.strip() else "!!seq"}[hazard]
        lines[start] = f"{key}: {tag}{rest}" if rest.strip() else f"{key}: {tag}\n"
        if not rest.strip() and hazard != "collection-tag":
            line = None     # a tag before a block value is reported where YAML sees the node
    elif hazard == "anchor":
        lines[start] = f"{key}: &here{rest}" if rest.strip() else f"{key}: &here\n"
        line = None
    elif hazard == "alias":
        lines.insert(end, f"extra_{pick}: *{key}\n")
        line = end + 1
    elif hazard == "merge":
        lines.insert(end, "<<: {a: 1}\n")
        line = end + 1
    elif hazard == "duplicate":
        lines[end:end] = lines[start:end]
        line = end + 1
    elif hazard == "deep":
        lines[start] = f"{key}: {'[' * depth}{']' * depth}\n"
        lines[start + 1:end] = []
    elif hazard == "second-document":
        lines.insert(end, "---\n")
        line = end + 1
    assert_refused(tmp, "".join(lines), line)


BAD_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf8\x88\x80\x80\x80"]
CONTROLS = [chr(c) for c in list(range(0, 9)) + [11, 12] + list(range(14, 32)) + [0x7F, 0x9B]] + ["\ufffe"]


@FUZZ
@given(path=files, offset=st.integers(0, 10 ** 6), bad=st.sampled_from(BAD_BYTES))
def test_bytes_that_are_not_utf8_are_refused_with_their_line(tmp, path, offset, bad):
    raw = TEXTS[path].encode("utf-8")
    at = offset % (len(raw) + 1)
    while at < len(raw) and (raw[at] & 0xC0) == 0x80:     # not inside a multi-byte character
        at += 1
    error = assert_refused(tmp, raw[:at] + bad + raw[at:], raw.count(b"\n", 0, at) + 1)
    assert f"byte offset {at}" in str(error)


@FUZZ
@given(path=files, offset=st.integers(0, 10 ** 6), control=st.sampled_from(CONTROLS))
def test_control_characters_are_refused_with_their_line(tmp, path, offset, control):
    text = TEXTS[path]
    at = offset % (len(text) + 1)
    assert_refused(tmp, text[:at] + control + text[at:], text.count("\n", 0, at) + 1)


# --- the expected-failures loader -------------------------------------------------------

CASE_ID = re.compile(r"^[a-z][a-z0-9]*([.-][a-z0-9]+)*$")
ID_GLOB = re.compile(r"[a-z0-9*?\[\]!][a-z0-9.*?\[\]!-]*")       # a case id or a glob over ids
CLAUSE_ID = re.compile(r"[A-Z]{2,5}-[A-Z0-9]+(-[A-Z0-9]+)*")
ENTRY_KEYS = {"id", "clause", "reason", "step", "key"}


def entry_is_valid(entry: Any) -> bool:
    """The file format, stated independently of the schema and the loader: a reason of three or
    more characters; an id (glob) or a clause or both; optionally a step (>= 0) and a key."""
    if type(entry) is not dict or not set(entry) <= ENTRY_KEYS or "reason" not in entry:
        return False
    if "id" not in entry and "clause" not in entry:
        return False
    return ((type(entry["reason"]) is str and len(entry["reason"]) >= 3)
            and ("id" not in entry or (type(entry["id"]) is str and len(entry["id"]) <= 200
                                       and ID_GLOB.fullmatch(entry["id"]) is not None))
            and ("clause" not in entry or (type(entry["clause"]) is str
                                           and CLAUSE_ID.fullmatch(entry["clause"]) is not None))
            and ("step" not in entry or (type(entry["step"]) is int and entry["step"] >= 0))
            and ("key" not in entry or (type(entry["key"]) is str and len(entry["key"]) >= 1)))


def file_is_valid(entries: Any) -> bool:
    if type(entries) is not list or not all(entry_is_valid(e) for e in entries):
        return False
    identities = [tuple(e.get(k) for k in ("id", "clause", "step", "key")) for e in entries]
    return len(identities) == len(set(identities))


non_text_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6),
                             st.floats(allow_nan=False, allow_infinity=False))
scalars = st.one_of(non_text_scalars, st.text(max_size=12))
good_ids = st.sampled_from(["dom-wt-lone-double", "crd-ex-eighth-diamond", "hf-gen1-odds-3", "dom-a.b"])
good_reasons = st.text(st.characters(whitelist_categories=("L", "N", "P", "S"), whitelist_characters=" "),
                       min_size=3, max_size=30).filter(lambda s: s.strip() == s and len(s) >= 3)
good_entry = st.fixed_dictionaries({"id": good_ids, "reason": good_reasons})


@st.composite
def entry(draw):
    value = dict(draw(good_entry))
    mutation = draw(st.sampled_from(["none", "none", "drop-id", "drop-reason", "extra", "retype-id",
                                     "retype-reason", "bad-id", "short-reason", "not-object"]))
    if mutation == "drop-id":
        del value["id"]
    elif mutation == "drop-reason":
        del value["reason"]
    elif mutation == "extra":
        value[draw(st.sampled_from(["reasn", "ID", "note"]))] = draw(scalars)
    elif mutation == "retype-id":
        value["id"] = draw(non_text_scalars)
    elif mutation == "retype-reason":
        value["reason"] = draw(st.one_of(non_text_scalars, st.lists(scalars, max_size=2)))
    elif mutation == "bad-id":
        value["id"] = draw(st.text(max_size=10).filter(lambda s: not CASE_ID.match(s)))
    elif mutation == "short-reason":
        value["reason"] = draw(st.text(max_size=2))
    elif mutation == "not-object":
        return draw(st.one_of(scalars, st.lists(scalars, max_size=2)))
    return value


XFAIL = settings(max_examples=XFAIL_EXAMPLES, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                        HealthCheck.filter_too_much])


def check_expected_failures(path: Path, entries: Any) -> None:
    valid = file_is_valid(entries)
    try:
        loaded = timed(load_expected_failures, path)
    except ScenarioError as error:
        assert not valid, f"refused a valid file: {error}"
        assert error.file.endswith(path.name) and (error.line is not None or "JSON" in str(error)), str(error)
        return
    assert valid, f"accepted an invalid file: {entries!r}"
    assert [(e.id, e.reason) for e in loaded.entries] == [(e["id"], e["reason"]) for e in entries]


@XFAIL
@given(entries=st.one_of(st.lists(entry(), max_size=5), scalars,
                         st.lists(good_entry, min_size=1, max_size=3).map(lambda es: es + es[:1])),
       as_json=st.booleans(), indent=st.sampled_from([None, 2, "\t"]))
def test_expected_failures_files_are_accepted_exactly_when_valid(tmp, entries, as_json, indent):
    if as_json:
        path = tmp / "xfail.json"
        path.write_text(json.dumps(entries, indent=indent, ensure_ascii=bool(indent)), encoding="utf-8")
    else:
        path = tmp / "xfail.yaml"
        path.write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
    check_expected_failures(path, entries)


@XFAIL
@given(entries=st.lists(good_entry, min_size=1, max_size=4), hazard=st.sampled_from(
           ["tag", "anchor-alias", "merge", "deep", "control", "bad-byte", "duplicate-key", "nan", "huge"]),
       pick=st.integers(0, 10 ** 6), as_json=st.booleans())
def test_expected_failures_hazards_are_refused(tmp, entries, hazard, pick, as_json):
    text = json.dumps(entries, indent=2)
    if hazard == "tag":
        text = text.replace("{", "!custom {", 1) if pick % 2 else text.replace("[", "!!seq [", 1)
    elif hazard == "anchor-alias":
        text = text.replace("[", "[&e ", 1).rstrip().rstrip("]") + ", *e]"
    elif hazard == "merge":
        text = text.replace('"id"', '"<<": {"a": "b"}, "id"', 1).replace('"<<"', "<<", 1)
    elif hazard == "deep":
        depth = MAX_DEPTH + pick % 3000
        text = text.replace('"reason": ', '"reason": ' + "[" * depth + "]" * depth + ', "r": ', 1)
    elif hazard == "control":
        at = pick % len(text)
        text = text[:at] + CONTROLS[pick % len(CONTROLS)] + text[at:]
    elif hazard == "duplicate-key":
        text = text.replace('"id"', '"reason": "twice over", "id"', 1)
    elif hazard == "nan":
        text = text.replace('"reason": ', '"reason": NaN, "r": ', 1)
    elif hazard == "huge":
        text = text.replace('"reason": ', '"reason": ' + "9" * 5000 + ', "r": ', 1)
    path = tmp / ("xfail.json" if as_json else "xfail.yaml")
    if hazard == "bad-byte":
        raw = text.encode("utf-8")
        at = pick % (len(raw) + 1)
        path.write_bytes(raw[:at] + BAD_BYTES[pick % len(BAD_BYTES)] + raw[at:])
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        timed(load_expected_failures, path)
    error = caught.value
    assert error.file.endswith(path.name)
    assert error.line is not None or (as_json and hazard in ("nan", "huge")), str(error)


# --- the vector files and their manifest ---------------------------------------------------

from reference.core import vectors  # noqa: E402  (this section's own imports)
from reference.core.protocol import case_message, encode  # noqa: E402
from reference.core.results import judge  # noqa: E402
from reference.core.vectors import ManifestError, VectorFileError, load_vector_file  # noqa: E402
from tests.core.test_vector_fuzz import JUNK, ORIGINAL, byte_mutations, case_mutations  # noqa: E402

VECTORS = settings(max_examples=VECTOR_EXAMPLES, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                          HealthCheck.data_too_large])


SCHEMA_DIGEST = vectors.schema_digest()       # read once: the schema files are not fuzzed here


def manifest_of(data: bytes) -> str:
    """The manifest `generate` would write for a perft file of these bytes."""
    return json.dumps({"about": "", "schema_sha256": SCHEMA_DIGEST,
                       "files": {"dominoes/perft.json": {"sha256": vectors.digest(data),
                                                         "case_count": data.count(b"\n    {")}}}, indent=2)


GENUINE_MANIFEST = manifest_of(ORIGINAL).encode()


@pytest.fixture
def vector_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(vectors, "VECTORS_DIR", tmp_path)
    monkeypatch.setattr(vectors, "schema_digest", lambda: SCHEMA_DIGEST)
    (tmp_path / "dominoes").mkdir()
    return tmp_path


def load_verified(folder: Path, data: bytes, manifest: bytes):
    """Load the perft file of these bytes under this manifest: the file loaded, or the
    VectorFileError or ManifestError that refused it, which must name its file."""
    path = folder / "dominoes" / "perft.json"
    path.write_bytes(data)
    (folder / "MANIFEST.json").write_bytes(manifest)
    try:
        return timed(load_vector_file, path)
    except ManifestError as exc:
        assert str(exc).startswith(f"{folder / 'MANIFEST.json'}: "), str(exc)
        return exc
    except VectorFileError as exc:
        assert str(exc).startswith(str(path)), str(exc)
        return exc


@VECTORS
@given(data=st.one_of(byte_mutations(), case_mutations()))
def test_a_changed_vector_file_is_refused_under_its_manifest(vector_folder, data):
    loaded = load_verified(vector_folder, data, GENUINE_MANIFEST)
    if data != ORIGINAL:
        assert isinstance(loaded, VectorFileError) and not isinstance(loaded, ManifestError), \
            "a changed vector file was accepted"
        assert "SHA-256 differs" in str(loaded)


@st.composite
def manifest_mutations(draw) -> bytes:
    """The genuine manifest with a few spans deleted, replaced or inserted, or one of its values
    replaced by another JSON value, or a key given twice."""
    data = bytearray(GENUINE_MANIFEST)
    action = draw(st.sampled_from(["bytes", "value", "duplicate"]))
    if action == "bytes":
        for _ in range(draw(st.integers(1, 3))):
            start = draw(st.integers(0, len(data)))
            end = min(len(data), start + draw(st.integers(0, 24)))
            data[start:end] = draw(JUNK) if draw(st.booleans()) else b""
        return bytes(data)
    manifest = json.loads(GENUINE_MANIFEST)
    entry = manifest["files"]["dominoes/perft.json"]
    if action == "duplicate":
        key = draw(st.sampled_from(["sha256", "case_count"]))
        text = json.dumps(manifest)
        twice = f'"{key}": {json.dumps(draw(st.sampled_from([entry[key], 0, "0" * 64])))}, "{key}"'
        return text.replace(f'"{key}"', twice, 1).encode()
    target, key = draw(st.sampled_from([(manifest, "files"), (manifest, "schema_sha256"), (entry, "sha256"),
                                        (entry, "case_count"), (manifest["files"], "dominoes/perft.json")]))
    target[key] = draw(st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=70)
                       | st.sampled_from(["0" * 64, entry["sha256"].upper(), [], {}, [dict(entry)], {"x": dict(entry)}]))
    return json.dumps(manifest).encode()


@VECTORS
@given(manifest=manifest_mutations())
def test_a_changed_manifest_is_refused_or_still_records_the_file(vector_folder, manifest):
    loaded = load_verified(vector_folder, ORIGINAL, manifest)
    if not isinstance(loaded, vectors.VectorError):
        recorded = vectors.load_manifest().files["dominoes/perft.json"]
        assert recorded == vectors.Recorded(vectors.digest(ORIGINAL), 10), "a wrong manifest was believed"


@VECTORS
@given(data=st.one_of(byte_mutations(), case_mutations()))
def test_a_forged_manifest_gives_a_located_refusal_or_cases_the_runner_can_use(vector_folder, data):
    """A file changed together with its hash in the manifest is the suite's own claim, and
    trusted: no schema validation. The fields the loader and the runner read are still checked,
    so it is refused with its file (and line), or its cases go through the runner's own steps
    (the message sent, the answer judged) without an exception."""
    loaded = load_verified(vector_folder, data, manifest_of(data).encode())
    if isinstance(loaded, vectors.VectorError):
        return
    for case in loaded.cases:
        assert vectors.plain_case_problem(case) == ""
        case = vectors.carry_header(case, "dominoes", loaded.header["clause_keys"], loaded.header.get("refusal_clause"))
        encode(case_message(1, case))
        assert judge(case, json.loads(json.dumps(case["expected"])), parsed=True)[0] == "passed"
