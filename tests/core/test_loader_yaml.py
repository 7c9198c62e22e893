"""The YAML loader's guarantees: bounded, strict, and every refusal located (file:line:column)."""

from __future__ import annotations

import subprocess
import sys
import time
import tracemalloc

import pytest

from reference.core import yamlsource
from reference.core.errors import ScenarioError
from reference.core.paths import SCENARIO_DIR
from reference.core.scenario import load_scenario, scenario_files
from reference.core.yamlsource import MAX_BYTES, MAX_DEPTH, MAX_NODES, load_yaml_file, load_yaml_text


def refusal(text: str, name: str = "probe.yaml") -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_yaml_text(text, name)
    return caught.value


def billion_laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


# (name, text, expected line, expected column, words in the message)
HOSTILE = [
    ("merge key", "a: 1\n<<: {b: 2}\n", 2, 1, "merge keys"),
    ("merge key in a nested map", "base: {x: 1}\nb:\n  <<: {y: 2}\n", 3, 3, "merge keys"),
    ("alias", "a: [1]\nb: *x\n", 2, 4, "alias"),
    ("anchor", "a: &x [1]\nb: 2\n", 1, 4, "anchors and aliases are not allowed"),
    ("recursive alias", "a: &x [*x]\n", 1, 4, "anchor '&x'"),
    ("custom scalar tag", "a: 1\nb: !custom 3\n", 2, 4, "tag '!custom'"),
    ("python tag", "a: !!python/name:os.system\n", 1, 4, "python/name:os.system"),
    ("python object tag", "a: !!python/object/apply:os.system [ls]\n", 1, 4, "tags are not allowed"),
    ("tag on a list", "a: !!seq [1, 2]\n", 1, 4, "tags are not allowed"),
    ("tag on a map", "a:\n  b: !thing {c: 1}\n", 2, 6, "tag '!thing'"),
    ("non-specific tag", "a: ! 3\n", 1, 4, "tag '!'"),
    ("binary tag", "a: !!binary aGVsbG8=\n", 1, 4, "tags are not allowed"),
    ("duplicate key", "a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a'"),
    ("integer key", "a: 1\n3: x\n", 2, 1, "quote it"),
    ("boolean key", "on: x\n", 1, 1, "reads as bool"),
    ("null key", "~: x\n", 1, 1, "reads as null"),
    ("list as key", "? [1, 2]\n: x\n", 1, 3, "plain text"),
    ("second document", "a: 1\n---\nb: 2\n", 2, 1, "second YAML document"),
    ("control character", "a: 1\nb: x\x07y\n", 2, 5, "U+0007"),
    ("escape character", "a: \x1b[31mred\n", 1, 4, "U+001B"),
    ("lone surrogate", "a: x\ud800\n", 1, 5, "U+D800"),
    ("huge integer", "a: " + "9" * 5000 + "\n", 1, 4, "too long"),
    ("infinity", "a: .inf\n", 1, 4, "not a finite number"),
    ("not a number", "a: [1, .nan]\n", 1, 8, "not a finite number"),
    ("unclosed bracket", "a: [1, 2\nb: 3\n", 2, 2, "malformed YAML"),
    ("bad indentation", "a:\n  b: 1\n c: 2\n", 3, 2, "malformed YAML"),
    ("deep flow nesting", "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n", 1, 3 + MAX_DEPTH,
     f"deeper than {MAX_DEPTH}"),
    ("very deep flow nesting", "a: " + "[" * 5000 + "\n", 1, None, ""),
    ("deep block nesting", "".join(" " * i + "a:\n" for i in range(MAX_DEPTH + 1)) + " " * 80 + "1\n",
     MAX_DEPTH + 1, MAX_DEPTH + 1, f"deeper than {MAX_DEPTH}"),
    ("billion laughs", billion_laughs(9), 1, 5, "anchors and aliases are not allowed"),
]


@pytest.mark.parametrize("name,text,line,column,words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_yaml_is_refused_at_its_line_and_column_quickly(name, text, line, column, words):
    tracemalloc.start()
    started = time.perf_counter()
    error = refusal(text)
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert seconds < 1.0, f"{name}: {seconds:.2f} s"
    assert peak < 64 * 2**20, f"{name}: peak {peak} bytes"
    assert error.file == "probe.yaml"
    assert error.line is not None and error.line >= 1, str(error)
    if line is not None:
        assert error.line == line, str(error)
    if column is not None:
        assert error.column == column, str(error)
    assert words in str(error)
    assert str(error).startswith(f"probe.yaml:{error.line}")


def test_nesting_up_to_the_bound_is_read():
    text = "a: " + "[" * (MAX_DEPTH - 1) + "1" + "]" * (MAX_DEPTH - 1) + "\n"
    value = load_yaml_text(text, "x.yaml").data["a"]
    for _ in range(MAX_DEPTH - 2):
        value = value[0]
    assert value == [1]


def test_the_bounds_cover_every_suite_file_with_room_to_spare():
    """The bounds are far above what the suite's own files need (depth 7, 951 values, 20 KB)."""
    assert MAX_DEPTH >= 8 * 7 and MAX_NODES >= 20 * 951 and MAX_BYTES >= 50 * 20_000
    for path in scenario_files():
        load_scenario(path)


def test_too_many_values_are_refused_in_bounded_time():
    text = "a: [" + "1, " * (MAX_NODES + 10) + "]\n"
    started = time.perf_counter()
    error = refusal(text)
    assert time.perf_counter() - started < 5.0   # 20,000 values: well under a second unloaded
    assert f"more than {MAX_NODES} values" in str(error) and error.line == 1 and error.column


def test_a_file_over_the_size_bound_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: " + b"x" * (MAX_BYTES + 100) + b"\n")
    with pytest.raises(ScenarioError, match="larger than") as caught:
        load_yaml_file(path)
    assert caught.value.file == str(path)


def test_not_utf8_names_the_byte_offset_line_and_column(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("id: x\ntitle: caf".encode() + b"\xe9\n")
    with pytest.raises(ScenarioError) as caught:
        load_yaml_file(path)
    error = caught.value
    assert (error.line, error.column) == (2, 11)
    assert "byte 0xE9 at byte offset 16" in str(error) and "UTF-8" in str(error)


def test_missing_file_and_folder_are_located_errors(tmp_path):
    with pytest.raises(ScenarioError, match="no such file"):
        load_yaml_file(tmp_path / "absent.yaml")
    with pytest.raises(ScenarioError, match="folder"):
        load_yaml_file(tmp_path)


def test_empty_file_is_refused():
    assert "empty" in str(refusal("# only a comment\n"))


def test_plain_values_keep_their_types_and_lines():
    doc = load_yaml_text("a:\n  - 1\n  - {b: [true, 1.5, x, ~]}\nc: 2020-01-01\nd: '<<'\n", "x.yaml")
    assert doc.data == {"a": [1, {"b": [True, 1.5, "x", None]}], "c": "2020-01-01", "d": "<<"}
    assert type(doc.data["a"][0]) is int and type(doc.data["a"][1]["b"][1]) is float
    assert doc.line_of(("a", 1, "b", 2)) == 3 and doc.line_of(("c",)) == 4


def test_bounds_are_module_constants_the_loader_reads(monkeypatch):
    """Lowering a bound takes effect: the loader reads the constant, not a copy."""
    monkeypatch.setattr(yamlsource, "MAX_DEPTH", 3)
    assert "deeper than 3" in str(refusal("a: [[[[1]]]]\n"))


def test_every_scenario_folder_file_loads():
    assert SCENARIO_DIR.is_dir() and len(scenario_files()) > 50


def test_flow_collections_load_after_yaml_is_imported_again(tmp_path):
    """pytest's pytester drops yaml.* from sys.modules between runs; libyaml's C parser keeps
    the event classes of the first import, so a loader that imported yaml.events afresh read a
    flow list `- {id: a}` as a scalar and crashed with an AttributeError."""
    path = tmp_path / "flow.yaml"
    path.write_text("- {id: dom-a, reason: not yet}\n- [1, 2]\n", encoding="utf-8")
    script = (
        "import sys, yaml\n"
        "for name in [n for n in sys.modules if n == 'yaml' or n.startswith(('yaml.', 'reference'))]:\n"
        "    del sys.modules[name]\n"
        "from reference.core.yamlsource import load_yaml_file\n"
        f"print(load_yaml_file({str(path)!r}).data)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[{'id': 'dom-a', 'reason': 'not yet'}, [1, 2]]"
