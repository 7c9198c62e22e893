"""A vector file that contradicts itself is refused with its file, line and field; a file as
`generate` validated it (its hash in vectors/MANIFEST.json) is trusted without schema
validation; any other file is refused, or, when modified files are allowed
(--allow-modified-vectors), validated case by selected case."""

import json

import pytest

from reference.core import schemas, vectors
from reference.core.runner import Selection
from reference.core.vectors import VectorFileError, load_cases, load_selected, load_vector_file

SOURCE = vectors.VECTORS_DIR / "dominoes" / "perft.json"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A vectors folder holding a copy of the committed dominoes perft file, and no manifest:
    read with modified files allowed, so it is validated in full."""
    monkeypatch.setattr(vectors, "VECTORS_DIR", tmp_path)
    (tmp_path / "dominoes").mkdir()
    (tmp_path / "dominoes" / "perft.json").write_bytes(SOURCE.read_bytes())
    return tmp_path


def lines_of(path):
    return path.read_text(encoding="utf-8").split("\n")


def rewrite_case(path, index, change):
    """Apply `change` to the index-th case of the file, keeping the generated layout."""
    lines = lines_of(path)
    start = lines.index('  "cases": [') + 1
    raw = lines[start + index]
    comma = "," if raw.endswith(",") else ""
    case = json.loads(raw.rstrip(","))
    change(case)
    lines[start + index] = "    " + json.dumps(case, separators=(",", ":")) + comma
    path.write_text("\n".join(lines), encoding="utf-8")
    return start + index + 1                      # its 1-based line


def refusal(path) -> VectorFileError:
    with pytest.raises(VectorFileError) as caught:
        load_vector_file(path, allow_modified=True)
    return caught.value


def test_the_committed_copy_loads(folder):
    vf = load_vector_file(folder / "dominoes" / "perft.json", allow_modified=True)
    assert len(vf.cases) == vf.header["case_count"] == 10
    assert not vf.trusted                         # no manifest in this folder: validated in full


def test_an_observation_with_no_keys_is_refused(folder):
    path = folder / "dominoes" / "perft.json"
    line = rewrite_case(path, 3, lambda case: case.update(expected=[{} for _ in case["expected"]]))
    error = refusal(path)
    assert (error.line, error.field) == (line, "cases[3].expected[0]")
    assert "perft.json" in error.file and "no keys" in error.message


def test_fewer_observations_than_steps_are_refused(folder):
    path = folder / "dominoes" / "perft.json"
    line = rewrite_case(path, 0, lambda case: case["input"]["steps"].append({"action": "observe"}))
    error = refusal(path)
    assert (error.line, error.field) == (line, "cases[0].expected")
    assert "observations for" in error.message


def test_a_wrong_case_count_is_refused(folder):
    path = folder / "dominoes" / "perft.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"case_count": 10,', '"case_count": 11,'), encoding="utf-8")
    error = refusal(path)
    assert error.field == "case_count" and error.line == lines_of(path).index('  "case_count": 11,') + 1
    assert "holds 10 cases" in str(error)


@pytest.mark.parametrize("key, place", [("kind", "dominoes/settlement.json"), ("game", "cards/perft.json")])
def test_a_header_not_matching_the_file_name_is_refused(folder, key, place):
    target = folder / place
    target.parent.mkdir(exist_ok=True)
    (folder / "dominoes" / "perft.json").rename(target)
    error = refusal(target)
    assert error.field == key and error.line == next(i for i, l in enumerate(lines_of(target), 1)
                                                     if l.startswith(f'  "{key}":'))
    assert "does not match the file name" in error.message


def test_a_case_of_another_kind_is_refused(folder):
    path = folder / "dominoes" / "perft.json"
    line = rewrite_case(path, 2, lambda case: case.update(kind="layout"))
    error = refusal(path)
    assert (error.line, error.field) == (line, "cases[2].kind")


def test_duplicate_ids_are_refused_naming_both_lines(folder):
    path = folder / "dominoes" / "perft.json"
    first = json.loads(lines_of(path)[lines_of(path).index('  "cases": [') + 1].rstrip(","))["id"]
    line = rewrite_case(path, 4, lambda case: case.update(id=first))
    error = refusal(path)
    assert (error.line, error.field) == (line, "cases[4].id")
    assert f"duplicate case id {first!r}" in error.message and f"line {line - 4}" in error.message


def test_a_schema_violation_names_the_case_line_and_field(folder):
    path = folder / "dominoes" / "perft.json"
    line = rewrite_case(path, 1, lambda case: case.update(clauses=["not a clause id"]))
    error = refusal(path)
    assert error.line == line and error.field == "cases[1].clauses[0]"


def test_broken_json_and_layout_and_encoding_are_located(folder):
    path = folder / "dominoes" / "perft.json"
    good = lines_of(path)
    start = good.index('  "cases": [') + 1

    broken = list(good)
    broken[start + 5] = broken[start + 5][:40] + ","
    path.write_text("\n".join(broken), encoding="utf-8")
    assert refusal(path).line == start + 6 and "not valid JSON" in refusal(path).message

    path.write_text(json.dumps(json.loads("\n".join(good)), indent=1), encoding="utf-8")
    assert "not the generated layout" in refusal(path).message

    missing_comma = list(good)
    missing_comma[start] = missing_comma[start].rstrip(",")
    path.write_text("\n".join(missing_comma), encoding="utf-8")
    assert refusal(path).line == start + 1 and "comma" in refusal(path).message

    path.write_bytes("\n".join(good[:5]).encode() + b"\n\xff\xfe" + "\n".join(good[5:]).encode())
    error = refusal(path)
    assert error.line == 6 and "not UTF-8" in error.message


def test_a_file_matching_the_manifest_is_trusted_without_schema_validation(folder, monkeypatch):
    path = folder / "dominoes" / "perft.json"
    (folder / "MANIFEST.json").write_text(vectors.manifest_text({path: path.read_text(encoding="utf-8")}))

    def no_validation(*args, **kwargs):
        raise AssertionError("a trusted file was schema-validated again")

    monkeypatch.setattr(schemas, "schema_errors", no_validation)
    vf = load_vector_file(path)
    assert vf.trusted and len(vf.cases) == 10
    with pytest.raises(AssertionError):                      # not trusted: validated
        load_vector_file(path, trust=False)


def test_the_trust_ends_when_a_byte_or_the_schema_changes(folder, monkeypatch):
    path = folder / "dominoes" / "perft.json"
    (folder / "MANIFEST.json").write_text(vectors.manifest_text({path: path.read_text(encoding="utf-8")}))
    assert load_vector_file(path).trusted
    monkeypatch.setattr(vectors, "schema_digest", lambda: "0" * 64)
    assert not load_vector_file(path).trusted
    monkeypatch.undo()
    monkeypatch.setattr(vectors, "VECTORS_DIR", folder)
    rewrite_case(path, 0, lambda case: case.update(description=case["description"] + "!"))
    assert not load_vector_file(path, allow_modified=True).trusted


def test_an_edited_file_is_validated_only_in_the_selected_cases(folder):
    """An untrusted file: the whole-file checks hold, and the cases the selection reads are
    schema-validated; a bad case the selection does not read does not stop a check of another."""
    path = folder / "dominoes" / "perft.json"
    ids = [json.loads(l.rstrip(","))["id"] for l in lines_of(path) if l.startswith('    {"id"')]
    rewrite_case(path, 6, lambda case: case.update(clauses=["not a clause id"]))
    chosen = load_selected(Selection(ids=[ids[0]], games=["dominoes"]), allow_modified=True)
    assert [c["id"] for c in chosen] == [ids[0]] and chosen[0]["game"] == "dominoes"
    with pytest.raises(VectorFileError):
        load_selected(Selection(ids=[ids[6]]), allow_modified=True)


def test_a_selection_reads_only_its_files_and_parses_only_its_cases(folder, monkeypatch):
    (folder / "dominoes" / "layout.json").write_text("not even JSON")     # never read: kind perft only
    assert len(load_cases(["dominoes"], kinds=["perft"], allow_modified=True)) == 10
    parsed = []
    real_parse = vectors.parse_case_line
    monkeypatch.setattr(vectors, "parse_case_line", lambda body, *a, **k: parsed.append(body) or real_parse(body, *a, **k))
    wanted = load_cases(["dominoes"], kinds=["perft"], wanted=lambda case_id: case_id.endswith("-001"),
                        allow_modified=True)
    assert len(wanted) == len(parsed) == 1


# -- verified against the manifest (issue 26, item 5) --------------------------------------------

def with_manifest(folder, *paths):
    """The manifest `generate` would write for these files as they are now."""
    (folder / "MANIFEST.json").write_text(vectors.manifest_text({p: p.read_text(encoding="utf-8") for p in paths}))


def test_without_a_manifest_nothing_can_be_verified(folder):
    with pytest.raises(vectors.ManifestError) as caught:
        load_vector_file(folder / "dominoes" / "perft.json")
    assert str(caught.value).startswith(f"{folder / 'MANIFEST.json'}: missing: the vector files cannot be verified")
    assert "--allow-modified-vectors" in str(caught.value)


@pytest.mark.parametrize("change", ["edit a value", "remove a case", "remove a key"])
def test_a_file_changed_after_generation_is_refused_by_its_hash(folder, change):
    path = folder / "dominoes" / "perft.json"
    with_manifest(folder, path)
    lines = lines_of(path)
    start = lines.index('  "cases": [') + 1
    if change == "edit a value":
        rewrite_case(path, 2, lambda case: case["expected"][0].update(nodes=1))
    elif change == "remove a case":          # consistently: the header's count and the commas follow
        del lines[start + 9]
        lines[start + 8] = lines[start + 8].rstrip(",")
        path.write_text("\n".join(lines).replace('"case_count": 10,', '"case_count": 9,'), encoding="utf-8")
    else:
        rewrite_case(path, 4, lambda case: case["expected"][0].pop(sorted(case["expected"][0])[0]))
    with pytest.raises(VectorFileError) as caught:
        load_vector_file(path)
    error = caught.value
    assert error.file.endswith("dominoes/perft.json") and error.line is None
    assert "its SHA-256 differs from the one" in error.message and "MANIFEST.json records" in error.message
    assert "--allow-modified-vectors" in error.message
    loaded = load_vector_file(path, allow_modified=True)     # allowed: validated in full, and used
    assert not loaded.trusted and len(loaded.cases) == (9 if change == "remove a case" else 10)


def test_a_case_count_the_manifest_disagrees_with_is_refused(folder):
    path = folder / "dominoes" / "perft.json"
    with_manifest(folder, path)
    manifest = folder / "MANIFEST.json"
    manifest.write_text(manifest.read_text().replace('"case_count": 10', '"case_count": 11'))
    error = refusal_of(path)
    assert error.field == "case_count" and "MANIFEST.json records 11 cases but the file holds 10" in error.message


def refusal_of(path, **options) -> VectorFileError:
    with pytest.raises(VectorFileError) as caught:
        load_vector_file(path, **options)
    return caught.value


def test_a_file_missing_or_unlisted_is_refused(folder):
    path = folder / "dominoes" / "perft.json"
    (folder / "dominoes" / "layout.json").write_text(path.read_text().replace('"kind": "perft"', '"kind": "layout"'))
    with_manifest(folder, path, folder / "dominoes" / "layout.json")
    (folder / "dominoes" / "layout.json").unlink()          # every layout case removed, with its file
    with pytest.raises(VectorFileError) as caught:
        load_cases(["dominoes"])
    assert str(caught.value).startswith(f"{folder / 'dominoes' / 'layout.json'}: listed in ")
    assert "but missing (every case of the file is gone)" in str(caught.value)
    assert len(load_cases(["dominoes"], kinds=["perft"])) == 10        # another kind is not concerned
    assert len(load_cases(["dominoes"], allow_modified=True)) == 10
    with_manifest(folder, path)
    (folder / "dominoes" / "extra.json").write_text(path.read_text())
    assert "not listed in" in refusal_of(folder / "dominoes" / "extra.json").message


@pytest.mark.parametrize("text, cause", [
    ('{"schema_sha256": "x", "files": {}, "files": {}}', 'duplicate key "files" in one object'),
    ('{"files": {"dominoes/perft.json": {"sha256": "%s", "sha256": "%s", "case_count": 10}}, "schema_sha256": ""}',
     'duplicate key "sha256"'),
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 4 levels"),
    ('{"files": ' * 5 + "{}" + "}" * 5, "nested deeper than 4 levels"),
    ('{"files": [], "schema_sha256": ""}', "files: missing or not an object"),
    ('{"files": {"dominoes/perft.json": {"sha256": "abc", "case_count": 10}}, "schema_sha256": ""}',
     "files.dominoes/perft.json.sha256: missing or not a SHA-256"),
    ('{"files": {"dominoes/perft.json": {"sha256": "%s", "case_count": true}}, "schema_sha256": ""}',
     "files.dominoes/perft.json.case_count: missing or not a whole number"),
    ('{"files": {"../../etc/passwd": {"sha256": "%s", "case_count": 1}}, "schema_sha256": ""}',
     "not a vector file's name"),
    ("\ufeff{}", "not JSON"),
    (" " * (2 * 1024 * 1024), "larger than 1048576 bytes"),
])
def test_a_manifest_that_is_not_one_is_refused_naming_it(folder, text, cause):
    (folder / "MANIFEST.json").write_text(text.replace("%s", "a" * 64), encoding="utf-8")
    with pytest.raises(vectors.ManifestError) as caught:
        load_vector_file(folder / "dominoes" / "perft.json")
    message = str(caught.value)
    assert message.startswith(f"{folder / 'MANIFEST.json'}: ") and cause in message, message
    assert len(message) < 400
    assert load_vector_file(folder / "dominoes" / "perft.json", allow_modified=True).cases   # validated instead
    assert vectors.read_manifest() == {}                     # generation writes it anew


@pytest.mark.parametrize("change, field", [
    (lambda case: case.pop("input"), "cases[3]"),
    (lambda case: case.update(expected="none"), "cases[3].expected"),
    (lambda case: case["input"].update(steps=[1, 2]), "cases[3].input.steps[0]"),
    (lambda case: case.update(step_clauses=[[7]]), "cases[3].step_clauses[0][0]"),
])
def test_a_forged_manifest_cannot_make_the_loader_fail_otherwise(folder, change, field):
    """A file edited together with its hash in the manifest is trusted, yet a field the runner
    reads that is missing or of another type sends the case to full validation: a located
    VectorFileError, never a KeyError or a TypeError."""
    path = folder / "dominoes" / "perft.json"
    line = rewrite_case(path, 3, change)
    with_manifest(folder, path)
    error = refusal_of(path)
    assert error.line == line and error.field.startswith(field), str(error)
