"""Fuzzing the vectors loader: whatever bytes a vector file holds, loading it either gives cases
that a fresh schema validation accepts, or a VectorFileError naming the file (and a line
where there is one) - never another exception, a hang or a silent acceptance of a broken case."""

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.core import schemas, vectors
from reference.core.paths import display_path
from reference.core.vectors import VectorFileError, load_vector_file

# a small committed file, copied into a folder with no manifest, so nothing is trusted (read with
# modified files allowed: validated in full; test_loader_fuzz.py fuzzes the verified reading)
SOURCE = vectors.VECTORS_DIR / "dominoes" / "perft.json"
ORIGINAL = SOURCE.read_bytes()
EXAMPLES = 200
SECONDS_PER_EXAMPLE = 5.0

JUNK = st.sampled_from([b"", b"{", b"}", b",", b"\n", b"\"", b"\\", b"\xff", b"\xed\xa0\x80", b"\x00",
                        b"1e999", b"NaN", b"true", b"[]", b"{}", b"null", b'"id":"x",',
                        b'    {"id":"dom-wt-lone-double"}', b"9" * 5000, b"[" * 2000])


@st.composite
def byte_mutations(draw) -> bytes:
    """The committed file with a few spans deleted, replaced or duplicated."""
    data = bytearray(ORIGINAL)
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 64)))
        action = draw(st.sampled_from(["delete", "replace", "insert", "duplicate_line"]))
        if action == "delete":
            del data[start:end]
        elif action == "replace":
            data[start:end] = draw(JUNK)
        elif action == "insert":
            data[start:start] = draw(JUNK)
        else:
            line_start = data.rfind(b"\n", 0, start) + 1
            line_end = data.find(b"\n", start)
            line_end = len(data) if line_end < 0 else line_end + 1
            data[line_start:line_start] = data[line_start:line_end]
    return bytes(data)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                           | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                      max_size=3),
                           max_leaves=6)


@st.composite
def case_mutations(draw) -> bytes:
    """One case line of the committed file with a field deleted or replaced by another JSON value."""
    lines = ORIGINAL.decode("utf-8").split("\n")
    start = lines.index(vectors.CASES_OPEN) + 1
    end = lines.index(vectors.CASES_CLOSE)
    index = draw(st.integers(start, end - 1))
    raw = lines[index]
    comma = "," if raw.endswith(",") else ""
    case = json.loads(raw.rstrip(","))
    path = [draw(st.sampled_from(sorted(case)))]
    target = case
    while isinstance(target[path[-1]], (dict, list)) and target[path[-1]] and draw(st.booleans()):
        container = target[path[-1]]
        key = draw(st.sampled_from(sorted(container) if isinstance(container, dict) else range(len(container))))
        target, path = container, path + [key]
    if draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = draw(JSON_VALUES)
    lines[index] = "    " + json.dumps(case, separators=(",", ":")) + comma
    return "\n".join(lines).encode("utf-8")


@pytest.fixture
def vector_folder(tmp_path, monkeypatch):
    """A vectors folder with a dominoes/ subfolder and no manifest: nothing in it is trusted."""
    monkeypatch.setattr(vectors, "VECTORS_DIR", tmp_path)
    (tmp_path / "dominoes").mkdir()
    return tmp_path


def load_or_refuse(folder, data: bytes):
    path = folder / "dominoes" / "perft.json"
    path.write_bytes(data)
    started = time.monotonic()
    try:
        loaded = load_vector_file(path, allow_modified=True)
    except VectorFileError as exc:
        loaded = None
        assert str(exc).startswith(display_path(path)), str(exc)          # names the file
    assert time.monotonic() - started < SECONDS_PER_EXAMPLE
    return loaded


def assert_accepted_only_if_valid(loaded, data: bytes):
    """An accepted file is one a fresh, untrusted validation accepts case by case."""
    if loaded is None:
        return
    assert not loaded.trusted
    assert schemas.schema_errors({**loaded.header, "cases": loaded.cases}, vectors.VECTOR_SCHEMA) == []
    ids = [case["id"] for case in loaded.cases]
    assert len(ids) == len(set(ids)) and loaded.header["case_count"] == len(loaded.cases)
    for case in loaded.cases:
        assert case["kind"] == loaded.header["kind"] == "perft"
        assert len(case["expected"]) == len(case["input"]["steps"])
        assert all(isinstance(o, dict) and o for o in case["expected"])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                      HealthCheck.too_slow])
@given(data=byte_mutations())
def test_byte_mutations_are_refused_with_a_location_or_load_whole(vector_folder, data):
    assert_accepted_only_if_valid(load_or_refuse(vector_folder, data), data)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                      HealthCheck.too_slow])
@given(data=case_mutations())
def test_case_mutations_are_refused_with_a_location_or_still_valid(vector_folder, data):
    assert_accepted_only_if_valid(load_or_refuse(vector_folder, data), data)


def test_the_unmutated_copy_loads(vector_folder):
    loaded = load_or_refuse(vector_folder, ORIGINAL)
    assert loaded is not None and len(loaded.cases) == loaded.header["case_count"] > 0
