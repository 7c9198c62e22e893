"""The compiled schema check (reference/core/schema_fastpath.py) answers exactly as jsonschema:
on every keyword's edge cases, and on real vector cases and scenarios with one field deleted
or replaced. `schemas` trusts its "valid" without asking jsonschema, so a "valid" where
jsonschema finds a violation would let a broken file through."""

from __future__ import annotations

import copy
import functools
import itertools
import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.core import schemas, vectors
from reference.core.expect import same
from reference.core.game import get_game
from reference.core.scenario import ENVELOPE_SCHEMA, scenario_files
from reference.core.schema_fastpath import Unsupported, compile_check

VALIDATING = frozenset(schemas._Validator.VALIDATORS)


def both(schema, instance) -> tuple[bool, bool]:
    """(compiled answer, jsonschema's answer) for a schema given inline."""
    return compile_check(schema, same, VALIDATING)(instance), schemas._Validator(schema).is_valid(instance)


def test_every_suite_schema_is_compiled():
    """Otherwise every instance of that schema silently takes the slow path. (Compiled here from
    the inlined schema as `schemas.validator` makes it, without its meta-schema check.)"""
    registry, _ = schemas._registry()
    unsupported = []
    for name in schemas.schema_names():
        inlined = schemas.inlined_refs(schemas.load_schema(name), registry.resolver(schemas.schema_id(name)))
        try:
            compile_check(inlined, same, VALIDATING)
        except Unsupported as exc:
            unsupported.append((name, str(exc)))
    assert unsupported == []


@pytest.mark.parametrize("schema, instances", [
    ({"type": "integer"}, [1, 1.0, True, 0, -5, "1", None, 2 ** 70]),
    ({"type": "number", "minimum": 0, "maximum": 3}, [0, 3, 3.5, -1, True, False, float("nan"), "2", None]),
    ({"type": ["string", "null"], "minLength": 2, "maxLength": 3, "pattern": "^a"},
     ["ab", "abcd", "a", "ba", None, "", 1, "ab\n"]),
    ({"enum": [0, "x", [1], {"a": 1}]}, [0, False, 0.0, "x", [1], [True], {"a": 1}, {"a": True}, None]),
    ({"const": 1}, [1, True, 1.0, "1"]),
    ({"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True, "items": {"type": "integer"}},
     [[], [1], [1, 2], [1, 1], [1, True], [1, 2, 3], [1.0], {"a": 1}]),
    ({"prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False},
     [[], ["a"], ["a", 1], ["a", 1, 2], [1], ["a", "b"], "not a list"]),
    ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, [["a", 1, 2], ["a", "b"], [1]]),
    # `items` as a boolean schema: true lets any item past the prefix, false none
    ({"prefixItems": [{"type": "string"}], "items": True}, [["a", 1, {}], ["a"], [], [1]]),
    ({"items": True}, [[1, "x", None], []]),
    ({"items": False}, [[], [1]]),
    ({"type": "object", "required": ["a"], "minProperties": 1, "maxProperties": 2,
      "properties": {"a": {"type": "integer"}}, "patternProperties": {"^x-": {"type": "string"}},
      "additionalProperties": False},
     [{"a": 1}, {"a": 1, "x-y": "s"}, {"a": 1, "x-y": 2}, {"a": 1, "b": 2}, {}, {"b": 1}, [], "a",
      {"a": 1, "x-1": "s", "x-2": "t"}]),
    ({"additionalProperties": {"type": "boolean"}, "properties": {"n": {"type": "null"}}},
     [{"n": None, "b": True}, {"n": 0}, {"b": 1}, {}]),
    ({"propertyNames": {"pattern": "^[a-z]+$"}}, [{"ab": 1}, {"Ab": 1}, {}, [1]]),
    ({"oneOf": [{"type": "integer"}, {"minimum": 2}]}, [1, 3, 2.5, "x", True]),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, [1, "x", 1.5, None]),
    ({"allOf": [{"minimum": 1}, {"maximum": 2}], "not": {"const": 2}}, [1, 2, 3, 1.5]),
    ({"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["a"]}, "else": {"required": ["b"]}},
     [{"kind": "a", "a": 1}, {"kind": "a", "b": 1}, {"kind": "b", "b": 1}, {"b": 1}, {}, 5]),
    ({"if": {"type": "string"}, "then": {"minLength": 2}}, ["a", "ab", 1]),
    ({"type": "object", "additionalProperties": {"$comment": "x", "type": "string"}, "title": "t"},
     [{"a": "b"}, {"a": 1}]),
    (True, [1, None]),
    (False, [1, None]),
])
def test_each_keyword_answers_as_jsonschema(schema, instances):
    for instance in instances:
        fast, slow = both(schema, instance)
        assert fast == slow, (schema, instance, fast, slow)


@pytest.mark.parametrize("schema", [{"exclusiveMinimum": 1}, {"multipleOf": 2}, {"contains": {}},
                                    {"dependentRequired": {"a": ["b"]}}, {"unevaluatedProperties": False},
                                    {"$ref": "#"}, {"type": "integer", "properties": {"a": {"format": "email"}}}])
def test_a_keyword_it_does_not_implement_leaves_the_schema_to_jsonschema(schema):
    with pytest.raises(Unsupported):
        compile_check(schema, same, VALIDATING)


# -- real instances, mutated ------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def vector_documents() -> list[dict]:
    """Each committed vector file's header with each of (at most) its first three cases."""
    out = []
    for path in vectors.vector_files():
        seen = itertools.count()
        vf = vectors.load_vector_file(path, validate=False, wanted=lambda _id: next(seen) < 3)
        out += [{**vf.header, "cases": [case]} for case in vf.cases]
    return out


@functools.lru_cache(maxsize=None)
def scenario_documents() -> list[tuple[str, dict]]:
    """(schema name, data) of every scenario file, for the envelope and for its game's schema."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    out = []
    for path in scenario_files():
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        out += [(ENVELOPE_SCHEMA, data), (get_game(data["game"]).scenario_schema, data)]
    return out


NEAR = st.sampled_from([None, True, False, 0, 1, -1, 1.0, 2.5, 10 ** 20, "", "x", "DOM-DEAL-1", "a b", [], [1],
                        ["x"], {}, {"k": 1}, {"type": "placed"}])
JSON = st.recursive(NEAR | st.integers() | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


@st.composite
def mutated(draw, document):
    """The document with one field (at any depth) deleted or replaced by another JSON value.
    Only the containers on the way to that field are copied: the rest is shared with the
    document, which nothing changes (a deep copy of the whole was most of the test's time)."""
    data = copy.copy(document)
    target, key = data, None
    while True:
        keys = sorted(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if not isinstance(target[key], (dict, list)) or not target[key] or draw(st.integers(0, 3)) == 0:
            break
        target[key] = copy.copy(target[key])
        target = target[key]
    if key is None:
        return data
    if isinstance(target, dict) and draw(st.booleans()):
        del target[key]
    else:
        target[key] = draw(JSON)
    return data


FUZZ = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def assert_same_answer(instance, name):
    slow = schemas.validator(name).is_valid(instance)       # jsonschema's answer (it stops at a first error)
    assert schemas.surely_valid(instance, name) == slow, (name, json.dumps(instance)[:500])


def test_real_documents_are_valid_both_ways():
    for document in vector_documents():
        assert schemas.surely_valid(document, vectors.VECTOR_SCHEMA)
    for name, data in scenario_documents():
        assert schemas.surely_valid(data, name), name


@FUZZ
@given(data=st.data())
def test_mutated_vector_cases_get_jsonschemas_answer(data):
    document = data.draw(st.sampled_from(vector_documents()))
    assert_same_answer(data.draw(mutated(document)), vectors.VECTOR_SCHEMA)


@FUZZ
@given(data=st.data())
def test_mutated_scenarios_get_jsonschemas_answer(data):
    name, document = data.draw(st.sampled_from(scenario_documents()))
    assert_same_answer(data.draw(mutated(document)), name)


@FUZZ
@given(data=st.data())
def test_a_mutated_case_alone_gets_jsonschemas_answer(data):
    """The case schema compiled on its own (vectors.case_quick_check, what generation and an
    untrusted file use for every case) accepts exactly what jsonschema accepts, and a case it
    does not accept gets jsonschema's own violations."""
    case = data.draw(mutated(data.draw(st.sampled_from(vector_documents()))["cases"][0]))
    slow = [error.message for error in vectors.case_validator().iter_errors(case)]
    assert schemas.accepted_by(vectors.case_quick_check(), case) == (slow == []), json.dumps(case)[:500]
    assert [line.partition(": ")[2] for line in vectors.case_schema_errors(case)] == slow


def test_real_cases_are_accepted_by_the_case_check():
    assert vectors.case_quick_check() is not None, "the case schema must compile, or every case goes to jsonschema"
    for document in vector_documents():
        assert schemas.accepted_by(vectors.case_quick_check(), document["cases"][0])
