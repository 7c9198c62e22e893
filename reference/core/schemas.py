"""JSON Schemas in `schema/`: loading, cross-file references, validation with file/line errors."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from . import strict_json
from .errors import ScenarioError, SuiteLayoutError
from .expect import same
from .paths import SCHEMA_DIR, require_dir
from .schema_fastpath import Unsupported, compile_check
from .yamlsource import SourceDoc, format_field

SCHEMA_BASE = "https://horserace.invalid/schema/"


def schema_id(name: str) -> str:
    return SCHEMA_BASE + name


@lru_cache(maxsize=1)
def _registry() -> tuple[Registry, dict[str, dict]]:
    root = require_dir(SCHEMA_DIR, "schema folder")
    schemas: dict[str, dict] = {}
    resources = []
    for file in sorted(root.rglob("*.schema.json")):
        name = file.relative_to(root).as_posix()
        try:        # the suite's own files: no depth bound, but a key given twice would hide a rule
            schema = json.loads(file.read_text(encoding="utf-8"), object_pairs_hook=strict_json.no_duplicate_keys)
        except json.JSONDecodeError as exc:
            raise SuiteLayoutError(f"{file}:{exc.lineno}: invalid JSON in schema: {exc.msg}") from None
        except strict_json.JsonProblem as exc:
            raise SuiteLayoutError(f"{file}: invalid JSON in schema: {exc.message}") from None
        expected = schema_id(name)
        if schema.get("$id") != expected:
            raise SuiteLayoutError(f"{file}: $id must be {expected!r}")
        schemas[name] = schema
        resources.append((expected, Resource.from_contents(schema)))
    return Registry().with_resources(resources), schemas


def schema_names() -> list[str]:
    return sorted(_registry()[1])


def load_schema(name: str) -> dict:
    schemas = _registry()[1]
    if name not in schemas:
        raise SuiteLayoutError(f"no schema named {name!r} in {SCHEMA_DIR}")
    return schemas[name]


# JSON Schema counts 2.0 as an "integer"; the suite's comparisons are type-exact (1 is not
# 1.0), so its schemas are too: an integer is an int, never a float or a boolean.
_EXACT_TYPES = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))


def _exact_enum(validator, enums, instance, schema):
    if not any(same(choice, instance) for choice in enums):
        yield ValidationError(f"{instance!r} is not one of {enums!r}")


def _exact_const(validator, const, instance, schema):
    if not same(const, instance):
        yield ValidationError(f"{const!r} was expected")


# enum and const likewise: 4.0 is not one of [2, 3, 4], and false is not 0.
_Validator = validators.extend(Draft202012Validator, type_checker=_EXACT_TYPES,
                               validators={"enum": _exact_enum, "const": _exact_const})


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    """A schema is checked against the meta-schema when first used (checking all of them on
    every start cost seconds)."""
    registry, _ = _registry()
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return _Validator(inlined_refs(schema, registry.resolver(schema_id(name))), registry=registry)


# Keywords beside a $ref that do not validate; a reference with only these is its target.
ANNOTATIONS = frozenset({"$id", "$schema", "title", "description", "$comment"})
# Where a schema holds subschemas: one, a list of them, or a map of names to them.
ONE_SCHEMA = frozenset({"items", "additionalProperties", "not", "if", "then", "else", "contains",
                        "propertyNames", "unevaluatedItems", "unevaluatedProperties"})
SCHEMA_LIST = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
SCHEMA_MAP = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})


def inlined_refs(schema: Any, resolver: Any) -> Any:
    """The schema with every $ref replaced by its target (one shared copy per target, so a
    recursive schema becomes a cyclic structure, not an endless one). jsonschema resolves a $ref
    anew, with URL joins and a registry lookup, each time an instance reaches it: most of a
    vector file's validation time. The violations reported are the same (the field path and the
    message come from the keyword that fails, never from the $ref that led there)."""
    copies: dict[int, Any] = {}

    def target_of(ref: str, resolver: Any) -> Any:
        target = resolver.lookup(ref)
        key = id(target.contents)
        if key not in copies:
            copies[key] = {}
            copies[key].update(walk(target.contents, target.resolver))
        return copies[key]

    def walk(node: Any, resolver: Any, top: bool = False) -> Any:
        if not isinstance(node, dict):
            return node                          # true / false
        ref = node.get("$ref")
        if isinstance(ref, str) and not top and set(node) - {"$ref"} <= ANNOTATIONS:
            return target_of(ref, resolver)
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ONE_SCHEMA:
                out[key] = walk(value, resolver)
            elif key in SCHEMA_LIST and isinstance(value, list):
                out[key] = [walk(item, resolver) for item in value]
            elif key in SCHEMA_MAP and isinstance(value, dict):
                out[key] = {name: walk(item, resolver) for name, item in value.items()}
            elif key != "$ref" or not isinstance(value, str):
                out[key] = value
        if isinstance(ref, str):                 # beside keywords that validate: both apply
            out["allOf"] = [*out.get("allOf", []), target_of(ref, resolver)]
        return out

    return walk(schema, resolver, top=True)


def quick_check(schema: Any):
    """The compiled yes/no check of an (inlined) schema as this module's validators read it (see
    schema_fastpath), or None if it has a keyword that check does not implement."""
    try:
        return compile_check(schema, same, frozenset(_Validator.VALIDATORS))
    except Unsupported:
        return None


@lru_cache(maxsize=None)
def _quick_check(name: str):
    return quick_check(validator(name).schema)


def surely_valid(instance: Any, name: str) -> bool:
    """True when the compiled check accepts the instance: jsonschema would find no violation.
    False means "ask jsonschema" (which then finds the violations and words them)."""
    return accepted_by(_quick_check(name), instance)


def accepted_by(quick, instance: Any) -> bool:
    """Whether a compiled check (`quick_check`; None: there is none) surely accepts the instance."""
    if quick is None:
        return False
    try:
        return quick(instance)
    except (RecursionError, TypeError, ValueError):     # e.g. deep nesting: jsonschema decides
        return False


def schema_errors(instance: Any, name: str) -> list[str]:
    """All violations as 'field: message' lines (for tests and reports)."""
    if surely_valid(instance, name):
        return []
    return [f"{format_field(tuple(e.absolute_path)) or '(root)'}: {e.message}"
            for e in validator(name).iter_errors(instance)]


def _short(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[:limit] + " ..."


def check(instance: Any, name: str, doc: SourceDoc | None = None, file: str = "<data>") -> None:
    """Raise ScenarioError for the most relevant schema violation, located in the source."""
    if surely_valid(instance, name):
        return
    error = best_match(validator(name).iter_errors(instance))
    if error is None:
        return
    path = tuple(error.absolute_path)
    where = format_field(path) or "(top level)"
    message = _short(error.message)
    if error.validator == "additionalProperties":
        message = _short(error.message) + "; check the spelling against the schema " + name
    if doc is not None:
        raise ScenarioError(doc.path, doc.line_of(path), where, message)
    raise ScenarioError(file, None, where, message)


def schema_path(name: str) -> Path:
    return SCHEMA_DIR / name
