"""Where each rule is decided: a game's rule functions, found by their clause markers.

Every rule of `reference/<game>/rules/` is decided in a named function or block that carries
its clause id in a marker comment (`# DOM-MATCH-3: the target need not be hit exactly ...`),
above the `def` or inside the body. Read from the source, those markers make each function a
*decision point*: the place where the clauses it names are decided, and so the place where a
misreading of them would change what happens. The counterfactual attribution
(counterfactual.py) records which decision points a step consults and what each decided, and
re-runs the step with one decision altered at a time.

Nothing here is kept by hand: a new rule function with a marker is a decision point at once.
A rule module's functions may be imported by other modules of the game (`from .layout import
has_legal_placement`); `holders` finds every module that holds the same object, so that a
replacement reaches every caller, as the mutants' patches do.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

MARKER = re.compile(r"#\s*([A-Z]+-[A-Z0-9]+-\d+)\s*(?:\([^()]+\)\s*)?:")     # a part marker too


@dataclass(frozen=True)
class DecisionPoint:
    module: str                 # "reference.dominoes.rules.match"
    qualname: str               # "reaches_target", "Layout.free_sides"
    clauses: tuple[str, ...]    # the marker clauses, in the order they appear
    kind: str                   # "function", "method", "property"
    returns_value: bool         # some `return` gives a value (else a procedure)
    refuses: bool               # it raises IllegalAction itself: a guard
    literals: tuple[Any, ...]   # the literal values its `return` statements give (its branches)
    line: int
    annotation: str = ""        # its return annotation, as written ("EndTurn | None")
    # the values its `return` statements build from constants (`return EndTurn("passed",
    # "DOM-PASS-1")`): (callable's name, positional constants, keyword constants)
    constructed: tuple[tuple[str, tuple, tuple], ...] = ()
    # the names it looks for in a collection (`if "never_sprints" in effects:`): the tags of a
    # game's components (a card's effect) this rule acts on
    tested: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"{self.module.rsplit('.', 1)[-1]}.{self.qualname}"

    def owner(self) -> Any:
        """The module or class that defines it."""
        module = importlib.import_module(self.module)
        if "." in self.qualname:
            return getattr(module, self.qualname.split(".")[0])
        return module

    @property
    def attribute(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    def original(self) -> Any:
        """The function (for a property: its getter) as the rules define it."""
        value = inspect.getattr_static(self.owner(), self.attribute)
        return value.fget if isinstance(value, property) else value


@lru_cache(maxsize=None)
def decision_points(game: str) -> tuple[DecisionPoint, ...]:
    """Every decision point of `reference/<game>/rules/`, module by module in source order."""
    package = importlib.import_module(f"reference.{game}.rules")
    out: list[DecisionPoint] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        name = f"{package.__name__}.{info.name}"
        module = importlib.import_module(name)
        source = inspect.getsource(module)
        out += points_of_module(name, source)
    return tuple(out)


MENTION = re.compile(r"\b([A-Z]+-[A-Z0-9]+-\d+)\b")


@dataclass(frozen=True)
class ConstantPoint:
    """A whole number a rule reads (`TARGET = 61  # ... (DOM-MATCH-2)`), with the clauses its
    line or the marker above it names: a count or a threshold a misreading may shift."""

    module: str
    name: str
    value: int
    clauses: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.module.rsplit('.', 1)[-1]}.{self.name}"


@lru_cache(maxsize=None)
def constant_points(game: str) -> tuple[ConstantPoint, ...]:
    """Every module-level whole-number constant of `reference/<game>/rules/` that names a clause
    of the game (on its own line, or in a marker comment right above it)."""
    package = importlib.import_module(f"reference.{game}.rules")
    prefix = _clause_prefix(game)
    out = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        name = f"{package.__name__}.{info.name}"
        lines = inspect.getsource(importlib.import_module(name)).splitlines()
        for node in ast.parse("\n".join(lines)).body:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and isinstance(node.value, ast.Constant) and type(node.value.value) is int):
                continue
            comment = lines[node.lineno - 1].split("#", 1)[1] if "#" in lines[node.lineno - 1] else ""
            clauses = list(_markers_above(lines, node.lineno - 1)) + MENTION.findall(comment)
            clauses = [c for c in dict.fromkeys(clauses) if c.startswith(prefix)]
            if clauses:
                out.append(ConstantPoint(name, node.targets[0].id, node.value.value, tuple(clauses)))
    return tuple(out)


def _clause_prefix(game: str) -> str:
    from .game import get_game
    return get_game(game).clause_prefix


def constant_holders(game: str, point: ConstantPoint) -> list[tuple[Any, str]]:
    """Every module of the game holding the constant under its name (its own, and those that
    imported it)."""
    prefix = f"reference.{game}."
    return [(module, point.name) for name, module in list(sys.modules.items())
            if name.startswith(prefix) and module is not None
            and type(vars(module).get(point.name)) is int and vars(module)[point.name] == point.value]


def points_of_module(module: str, source: str) -> list[DecisionPoint]:
    lines = source.splitlines()
    tree = ast.parse(source)
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            point = _point(module, node.name, node, lines, "function")
            if point:
                out.append(point)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    kind = "property" if any(_is_property(d) for d in item.decorator_list) else "method"
                    point = _point(module, f"{node.name}.{item.name}", item, lines, kind)
                    if point:
                        out.append(point)
    return out


def _is_property(decorator: ast.expr) -> bool:
    return isinstance(decorator, ast.Name) and decorator.id == "property"


def _point(module: str, qualname: str, node: ast.FunctionDef, lines: list[str], kind: str) -> DecisionPoint | None:
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    clauses = list(_markers_above(lines, first - 1))
    for number in range(node.lineno, node.end_lineno + 1):
        clauses += MARKER.findall(lines[number - 1])
    clauses = list(dict.fromkeys(clauses))
    if not clauses:
        return None
    returns = [n for n in _own_nodes(node) if isinstance(n, ast.Return)]
    literals = tuple(dict.fromkeys(n.value.value for n in returns
                                   if isinstance(n.value, ast.Constant) and n.value.value is not Ellipsis))
    refuses = any(isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call) and isinstance(n.exc.func, ast.Name)
                  and n.exc.func.id == "IllegalAction" for n in _own_nodes(node))
    returns_value = any(n.value is not None and not (isinstance(n.value, ast.Constant) and n.value.value is None)
                        for n in returns)
    constructed = tuple(dict.fromkeys(built for n in returns if (built := _built(n.value)) is not None))
    annotation = ast.unparse(node.returns) if node.returns is not None else ""
    tested = tuple(dict.fromkeys(tag for n in _own_nodes(node) for tag, _ in _tag_tests(n)))
    return DecisionPoint(module, qualname, tuple(clauses), kind, returns_value, refuses, literals, node.lineno,
                         annotation, constructed, tested)


def _tag_tests(node: ast.AST) -> list[tuple[str, int]]:
    """`"name" in collection` (or `not in`): the name looked for, and the line."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
        return []
    left = node.left
    if isinstance(left, ast.Constant) and isinstance(left.value, str) and isinstance(node.comparators[0], ast.Name):
        return [(left.value, node.lineno)]
    return []


CLAUSE_ID = re.compile(r"^[A-Z]+-[A-Z0-9]+-\d+$")


@lru_cache(maxsize=None)
def tag_clauses(game: str) -> dict[str, tuple[str, ...]]:
    """The clause each tag of the game's components stands for (a card's effect: "stops_on_line"
    -> HF-ACT-13): as a rules module's table gives it (`{"never_sprints": "HF-ACT-10", ...}`),
    else the clause block where a rule looks for it (`# HF-ACT-13: ...` above
    `if "stops_on_line" in effects:`). A tag read where its rule does not look for it (XIII's
    also costing the sprint) is a misreading of that clause, though its block never runs there."""
    from .generated_mutants import innermost_clauses, module_regions
    package = importlib.import_module(f"reference.{game}.rules")
    tabled: dict[str, list[str]] = {}
    looked_for: dict[str, list[str]] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        name = f"{package.__name__}.{info.name}"
        tree = ast.parse(inspect.getsource(importlib.import_module(name)))
        regions = None
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and node.keys and all(
                    isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys) and all(
                    isinstance(v, ast.Constant) and isinstance(v.value, str) and CLAUSE_ID.match(v.value)
                    for v in node.values):
                for key, value in zip(node.keys, node.values):
                    tabled.setdefault(key.value, []).append(value.value)
            for tag, line in _tag_tests(node):
                regions = regions if regions is not None else module_regions(name)
                looked_for.setdefault(tag, []).extend(innermost_clauses(regions, line))
    out = {}
    for tag in sorted(set(tabled) | set(looked_for)):
        clauses = tuple(dict.fromkeys(tabled.get(tag) or looked_for.get(tag, ())))
        if clauses:
            out[tag] = clauses
    return out


def _built(value: ast.expr | None) -> tuple[str, tuple, tuple] | None:
    """`Name(constant, ..., key=constant)` as (name, args, keywords); else None."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
        return None
    if not all(isinstance(a, ast.Constant) for a in value.args):
        return None
    if not all(k.arg and isinstance(k.value, ast.Constant) for k in value.keywords):
        return None
    return (value.func.id, tuple(a.value for a in value.args),
            tuple((k.arg, k.value.value) for k in value.keywords))


def build(point: DecisionPoint, built: tuple[str, tuple, tuple]) -> Any:
    """The value a `constructed` entry of `point` stands for, made in its module."""
    name, args, keywords = built
    return getattr(importlib.import_module(point.module), name)(*args, **dict(keywords))


def _markers_above(lines: list[str], index: int) -> Iterator[str]:
    """The markers of the comment block right above line `index` (0-based), top to bottom."""
    start = index
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    for line in lines[start:index]:
        yield from MARKER.findall(line)


def _own_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of functions or lambdas nested in it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        yield child
        yield from _own_nodes(child)


def holders(game: str, point: DecisionPoint) -> list[tuple[Any, str]]:
    """(object, attribute) of every place the decision point is looked up: its module or class
    and every module of the game that imported the same function (under any name)."""
    owner = point.owner()
    if point.kind != "function":
        return [(owner, point.attribute)]
    original = getattr(owner, point.attribute)
    return [(owner, point.attribute)] + [place for place in _imported(game).get(id(original), ())
                                          if place[0] is not owner]


_IMPORTED: dict[str, tuple[int, dict[int, list[tuple[Any, str]]]]] = {}


def _imported(game: str) -> dict[int, list[tuple[Any, str]]]:
    """id(function) -> the (module, name) pairs of the game's modules holding it; worked out
    again whenever modules were imported since."""
    known = _IMPORTED.get(game)
    if known is not None and known[0] == len(sys.modules):
        return known[1]
    prefix = f"reference.{game}."
    found: dict[int, list[tuple[Any, str]]] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith(prefix) and module is not None:
            for attribute, value in list(vars(module).items()):
                if inspect.isfunction(value):
                    found.setdefault(id(value), []).append((module, attribute))
    _IMPORTED[game] = (len(sys.modules), found)
    return found
