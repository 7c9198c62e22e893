"""A yes/no check of an instance against a schema, compiled once into plain Python closures.

jsonschema builds a fresh validator object for every subschema an instance reaches; on the
suite's files (a vector case, a scenario) that is most of the time spent validating, although
nearly every instance is valid. `schemas` therefore asks this check first and runs jsonschema
only when it says "no", so every message still comes from jsonschema itself.

The check implements the keywords the suite's schemas use, each exactly as jsonschema's
Draft 2020-12 keyword function decides it (with the suite's type-exact integer, enum and
const); a schema with any other validating keyword is not compiled (Unsupported) and always
goes to jsonschema. tests/core/test_schema_fastpath.py compares both answers on real and
fuzzed instances.
"""

from __future__ import annotations

import numbers
import re
from typing import Any, Callable

from jsonschema._utils import uniq

Check = Callable[[Any], bool]


class Unsupported(Exception):
    """The schema uses a keyword this check does not implement."""


# Keywords jsonschema reads without validating anything by them, or only beside another
# keyword (then/else beside if; prefixItems also bounds items).
_IGNORED = frozenset({"$schema", "$id", "$defs", "$comment", "$anchor", "$vocabulary", "title", "description",
                      "examples", "default", "deprecated", "readOnly", "writeOnly", "then", "else"})


def _is_number(x: Any) -> bool:
    return isinstance(x, numbers.Number) and not isinstance(x, bool)


# jsonschema's Draft 2020-12 type checker, with the suite's exact "integer" (schemas._EXACT_TYPES)
_TYPES: dict[str, Check] = {
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "integer": lambda x: isinstance(x, int) and not isinstance(x, bool),
    "null": lambda x: x is None,
    "number": _is_number,
    "object": lambda x: isinstance(x, dict),
    "string": lambda x: isinstance(x, str),
}


def _always(_x: Any) -> bool:
    return True


def _never(_x: Any) -> bool:
    return False


def compile_check(schema: Any, same: Callable[[Any, Any], bool], validating: frozenset[str]) -> Check:
    """The check of `schema` (which may be cyclic, as schemas.inlined_refs makes it); `validating`:
    the keywords the jsonschema validator class acts on (any of them not implemented here makes
    the schema Unsupported)."""
    compiled: dict[int, list[Check]] = {}

    def build(node: Any) -> Check:
        if node is True:
            return _always
        if node is False:
            return _never
        if not isinstance(node, dict):
            raise Unsupported(f"schema {node!r}")
        key = id(node)
        if key in compiled:                      # a cycle: look the check up when it runs
            cell = compiled[key]
            return lambda x: cell[0](x)
        cell: list[Check] = [_never]
        compiled[key] = cell
        checks = [keyword_check(name, value, node) for name, value in node.items() if name not in _IGNORED]
        checks = [c for c in checks if c is not None]

        def check(x: Any) -> bool:
            for one in checks:
                if not one(x):
                    return False
            return True

        cell[0] = check
        return check

    def keyword_check(name: str, value: Any, node: dict) -> Check | None:
        maker = _MAKERS.get(name)
        if maker is None:
            if name.startswith("$") or name in validating or name in _VALIDATING:
                raise Unsupported(name)
            return None                          # not a keyword: jsonschema ignores it too
        return maker(value, node, build, same)

    return build(schema)


def _type(types: Any, node: dict, build, same) -> Check:
    names = [types] if isinstance(types, str) else list(types)
    if not all(isinstance(n, str) and n in _TYPES for n in names):
        raise Unsupported(f"type {types!r}")
    preds = [_TYPES[n] for n in names]
    if len(preds) == 1:
        return preds[0]
    return lambda x: any(p(x) for p in preds)


def _enum(choices: Any, node: dict, build, same) -> Check:
    return lambda x: any(same(c, x) for c in choices)


def _const(const: Any, node: dict, build, same) -> Check:
    return lambda x: same(const, x)


def _minimum(bound: Any, node: dict, build, same) -> Check:
    return lambda x: not _is_number(x) or not x < bound


def _maximum(bound: Any, node: dict, build, same) -> Check:
    return lambda x: not _is_number(x) or not x > bound


def _pattern(pattern: Any, node: dict, build, same) -> Check:
    search = re.compile(pattern).search
    return lambda x: not isinstance(x, str) or search(x) is not None


def _min_length(n: Any, node: dict, build, same) -> Check:
    return lambda x: not isinstance(x, str) or len(x) >= n


def _max_length(n: Any, node: dict, build, same) -> Check:
    return lambda x: not isinstance(x, str) or len(x) <= n


def _min_items(n: Any, node: dict, build, same) -> Check:
    return lambda x: not isinstance(x, list) or len(x) >= n


def _max_items(n: Any, node: dict, build, same) -> Check:
    return lambda x: not isinstance(x, list) or len(x) <= n


def _min_properties(n: Any, node: dict, build, same) -> Check:
    return lambda x: not isinstance(x, dict) or len(x) >= n


def _max_properties(n: Any, node: dict, build, same) -> Check:
    return lambda x: not isinstance(x, dict) or len(x) <= n


def _unique_items(flag: Any, node: dict, build, same) -> Check:
    return lambda x: not flag or not isinstance(x, list) or bool(uniq(x))


def _required(names: Any, node: dict, build, same) -> Check:
    names = list(names)
    return lambda x: not isinstance(x, dict) or all(n in x for n in names)


def _properties(properties: Any, node: dict, build, same) -> Check:
    subs = [(name, build(sub)) for name, sub in properties.items()]

    def check(x: Any) -> bool:
        if not isinstance(x, dict):
            return True
        for name, sub in subs:
            if name in x and not sub(x[name]):
                return False
        return True
    return check


def _pattern_properties(patterns: Any, node: dict, build, same) -> Check:
    subs = [(re.compile(p).search, build(sub)) for p, sub in patterns.items()]

    def check(x: Any) -> bool:
        if not isinstance(x, dict):
            return True
        return all(sub(value) for search, sub in subs for k, value in x.items() if search(k))
    return check


def _additional_properties(extra: Any, node: dict, build, same) -> Check:
    named = node.get("properties", {})
    patterns = "|".join(node.get("patternProperties", {}))
    search = re.compile(patterns).search if patterns else None

    def extras(x: dict) -> list:        # as jsonschema._utils.find_additional_properties
        return [k for k in x if k not in named and not (search is not None and search(k))]

    if isinstance(extra, dict):
        sub = build(extra)
        return lambda x: not isinstance(x, dict) or all(sub(x[k]) for k in extras(x))
    if extra is True:
        return _always
    if extra is False:
        return lambda x: not isinstance(x, dict) or not extras(x)
    raise Unsupported(f"additionalProperties {extra!r}")


def _items(items: Any, node: dict, build, same) -> Check:
    prefix = len(node.get("prefixItems", []))
    if items is False:
        return lambda x: not isinstance(x, list) or len(x) <= prefix
    sub = build(items)
    return lambda x: not isinstance(x, list) or all(sub(item) for item in x[prefix:])


def _prefix_items(schemas: Any, node: dict, build, same) -> Check:
    subs = [build(s) for s in schemas]
    return lambda x: not isinstance(x, list) or all(sub(item) for sub, item in zip(subs, x))


def _all_of(schemas: Any, node: dict, build, same) -> Check:
    subs = [build(s) for s in schemas]
    return lambda x: all(sub(x) for sub in subs)


def _any_of(schemas: Any, node: dict, build, same) -> Check:
    subs = [build(s) for s in schemas]
    return lambda x: any(sub(x) for sub in subs)


def _one_of(schemas: Any, node: dict, build, same) -> Check:
    subs = [build(s) for s in schemas]
    return lambda x: sum(1 for sub in subs if sub(x)) == 1


def _not(schema: Any, node: dict, build, same) -> Check:
    sub = build(schema)
    return lambda x: not sub(x)


def _if(schema: Any, node: dict, build, same) -> Check:
    condition = build(schema)
    then = build(node["then"]) if "then" in node else _always
    otherwise = build(node["else"]) if "else" in node else _always
    return lambda x: then(x) if condition(x) else otherwise(x)


def _property_names(schema: Any, node: dict, build, same) -> Check:
    sub = build(schema)
    return lambda x: not isinstance(x, dict) or all(sub(k) for k in x)


_MAKERS = {
    "type": _type, "enum": _enum, "const": _const, "minimum": _minimum, "maximum": _maximum,
    "pattern": _pattern, "minLength": _min_length, "maxLength": _max_length, "minItems": _min_items,
    "maxItems": _max_items, "minProperties": _min_properties, "maxProperties": _max_properties,
    "uniqueItems": _unique_items, "required": _required, "properties": _properties,
    "patternProperties": _pattern_properties, "additionalProperties": _additional_properties,
    "items": _items, "prefixItems": _prefix_items, "allOf": _all_of, "anyOf": _any_of, "oneOf": _one_of,
    "not": _not, "if": _if, "propertyNames": _property_names,
}
# Draft 2020-12 keywords that validate and are not implemented here: a schema using one is
# always left to jsonschema.
_VALIDATING = frozenset({"$ref", "$dynamicRef", "contains", "dependentRequired", "dependentSchemas",
                         "exclusiveMaximum", "exclusiveMinimum", "format", "multipleOf", "unevaluatedItems",
                         "unevaluatedProperties", "minContains", "maxContains"})
