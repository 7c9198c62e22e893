"""Generated operator mutants of a game's rules (`horserace mutants --generated`).

The curated mutants (`reference/<game>/mutants.py`) are misreadings written by the same hands
as the vectors. These are made by machine, from the code of `reference/<game>/rules/`, with
the classic operators (one replacement each, as mutmut's table; cosmic-ray's ±1 on numbers):

  cmp          a comparison flipped: < <=, > >=, == !=, in / not in, is / is not
  const_inc    a number constant + 1 (every int and float literal; not bools)
  const_dec    a number constant - 1
  const_flip   True / False
  bool_op      and / or
  negate       a condition negated (the test of if, while, a conditional expression, a
               comprehension filter), or a `not` removed
  arith        an arithmetic operator swapped: + -, * /, // /, % /, ** *, << >>, & |, ^ &
               (also in augmented assignments, += -= ...)
  return_none  `return X` becomes `return None` (a constant True/False is const_flip's)
  delete       one statement of a function body replaced by `pass` (a compound statement
               whole; not `pass` or `...`, which do nothing)

What is LEFT OUT, by rule (LEFT_OUT), is only code the protocol cannot show:
  clause-record  `log.rule(...)`, the clause argument of `log.event(type, clause, ...)`, a
                 statement whose every branch only records clauses (`if log.keeps_clauses:`),
                 and a function whose result is used only inside `log.rule(...)` arguments:
                 the record of which clauses a step applied (`step_clauses`) serves
                 attribution and is never compared;
  message-text   the arguments of an exception (`IllegalAction(field, message, clause)`, any
                 error a `raise` builds) and every f-string: a refused step matches any
                 non-empty reason, so its wording, field and clause are not compared;
  docstrings, imports and annotations, which are not executed as rules.

CLAUSE BLOCKS. Each mutant is labelled with the clause whose marker comment
(`# <CLAUSE-ID>: <a few words>`, see tests/core/test_rules_structure.py) covers it:
  * a marker on a line of its own labels the statement after it, with everything nested in
    it (a `def` or `class` whole, decorators included; an assignment of a constant);
  * a marker that opens a block (the first line of a function's body, after its docstring,
    or of an if/else/for/while/with/try body) labels that whole block;
  * a marker at the end of a line of code labels the innermost statement on that line.
A mutant lies in the innermost labelled region that contains its line; one in none has the
block "" (`unmarked`).

INSTALLING. A mutant inside a function body is installed by compiling the mutated function
and swapping its `__code__` into the live function object, so every caller reaches it: through
the module, through a name imported elsewhere (`from .x import f`), a bound method, a function
kept in a table. A mutant of code that runs when the module is imported (a constant, a class
body, a default argument, a decorator), or inside a function that the game's import calls (its
result is baked into the module's values), cannot be reached that way: it is installed by
importing the game's whole package again with the mutated source of that one module, exactly
as a source edit would be (`uninstall` puts the original modules back).

This module is the API other parts reuse (the runner of `horserace mutants --generated`, and
counterfactual attribution): `generated_mutants(game)`, `GeneratedMutant`, `install`,
`uninstall`, `installed`, `left_out(game)`. Keep it stable.
"""

from __future__ import annotations

import __future__
import ast
import copy
import hashlib
import importlib
import importlib.abc
import importlib.util
import re
import sys
import tokenize
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import CodeType, FunctionType, ModuleType
from typing import Any, Callable, Iterator

from .errors import HorseRaceError

OPERATORS = ("cmp", "const_inc", "const_dec", "const_flip", "bool_op", "negate", "arith", "return_none", "delete")

# Why code is left out (the rule's name -> the reason), for the report and the README.
LEFT_OUT = {
    "clause-record": "records which clauses a step applied (step_clauses), used for attribution and never compared",
    "message-text": "the wording, field and clause of a refusal or an input error: any non-empty reason matches",
}

# `# DOM-MATCH-3: ...`; a part marker `# CRD-PAY-3 (settlement): ...` labels the block where a
# clause that decides two things decides its second (tests/core/test_rules_structure.py)
MARKER = re.compile(r"#\s?(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+)(?:\s*\((?P<part>[^()]+)\))?\s*:")

_COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
            ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_ARITH = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
          ast.Mod: ast.Div, ast.Pow: ast.Mult, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
          ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitAnd}
_BOOL = {ast.And: ast.Or, ast.Or: ast.And}

FUNCTION, MODULE = "function", "module"          # how a mutant is installed (see the docstring)


class MutantError(HorseRaceError):
    """A generated mutant cannot be made or installed (the rules changed under it)."""


@dataclass(frozen=True)
class GeneratedMutant:
    """One operator mutant of one rules module. `key` identifies it across unrelated edits
    (module, function, operator, a hash of the code of the line it changes, its occurrence
    among mutants with those four equal), never by a line number; `line` is where it is today.
    `block` is the clause block it lies in (see the module's docstring), '' when unmarked."""

    game: str
    module: str             # dotted module name: reference.dominoes.rules.settlement
    function: str           # qualified name of the def it lies in ('Layout.free_sides'), or '<module>'
    line: int
    operator: str           # one of OPERATORS
    change: str             # 'remainder <= 2 -> remainder < 2', for a person
    block: str              # the clause id of the block it lies in, or ''
    line_hash: str          # 8 hex digits of SHA-256 of the line's code (`code_lines`: no comment, no spacing)
    occurrence: int
    scope: str              # FUNCTION (code swap) or MODULE (the game's package imported again)
    end_line: int = 0       # last line of the changed code (for coverage)
    index: int = field(default=0, compare=False)   # position among the module's candidates (to rebuild it)

    @property
    def key(self) -> str:
        short = self.module.split(".rules.", 1)[-1]
        return f"{short}:{self.function}:{self.operator}:{self.line_hash}:{self.occurrence}"

    @property
    def name(self) -> str:
        return f"{self.game}/{self.key}"

    @property
    def path(self) -> Path:
        return _module_path(self.module)

    def describe(self) -> str:
        return f"{self.module.split('.rules.', 1)[-1]}.py:{self.line} {self.function}: {self.change}"

    def installed(self):
        return installed(self)

    def as_mutant(self):
        """The mutant as the curated mutants' type (reference.core.game.Mutant)."""
        from .game import Mutant
        return Mutant(self.name, self.describe(), block_clauses(self) if self.block else (), lambda: installed(self))


@dataclass(frozen=True)
class LeftOutSite:
    module: str
    function: str
    line: int
    operator: str
    rule: str               # a key of LEFT_OUT


# -- finding the rules modules -------------------------------------------------------------------

def rules_modules(game_name: str) -> list[str]:
    """The dotted names of the game's rules modules, in file order."""
    from .game import get_game
    rules = get_game(game_name).package_dir / "rules"
    names = []
    for path in sorted(rules.rglob("*.py")):
        parts = path.relative_to(rules).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join((f"reference.{game_name}.rules", *parts)))
    return names


def _module_path(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise MutantError(f"no source for {module}")
    return Path(spec.origin)


# -- clause blocks -----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Region:
    start: int
    end: int
    clause: str


def _markers(source: str) -> list[tuple[str, int, int, bool]]:
    """(clause, line, column, own_line) of every marker comment."""
    found = []
    with_code: set[int] = set()
    tokens = list(tokenize.generate_tokens(iter(source.splitlines(keepends=True)).__next__))
    for token in tokens:
        if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.ENDMARKER):
            with_code.update(range(token.start[0], token.end[0] + 1))
    for token in tokens:
        if token.type == tokenize.COMMENT:
            match = MARKER.match(token.string)
            if match:
                line, column = token.start
                found.append((match.group("id"), line, column, line not in with_code))
    return found


def code_lines(source: str) -> dict[int, str]:
    """Each line's code without its comment and spacing (tokens joined by one space): what a
    mutant's identity hashes, so that a comment or a re-indent leaves it the same."""
    tokens: dict[int, list[str]] = {}
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
    for token in tokenize.generate_tokens(iter(source.splitlines(keepends=True)).__next__):
        if token.type not in skip:
            tokens.setdefault(token.start[0], []).append(token.string)
    return {line: " ".join(parts) for line, parts in tokens.items()}


def _first_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", None) or []
    return min([node.lineno] + [d.lineno for d in decorators])


def _bodies(tree: ast.AST) -> Iterator[tuple[ast.AST, list[ast.stmt], bool]]:
    """Every statement list: (owner, statements, is_block) - a block is a body that runs as a
    unit (not a module's or a class's)."""
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield node, body, not isinstance(node, (ast.Module, ast.ClassDef))
        for handler in getattr(node, "handlers", None) or []:
            yield handler, handler.body, True


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
        and isinstance(statement.value.value, str)


def clause_regions(source: str, tree: ast.Module) -> list[_Region]:
    """The labelled regions of a module, by the rules in this module's docstring."""
    bodies = list(_bodies(tree))
    statements = [s for _, body, _ in bodies for s in body]
    regions = []
    for clause, line, column, own_line in _markers(source):
        if not own_line:
            on_line = [s for s in statements if s.lineno <= line <= (s.end_lineno or s.lineno)]
            if on_line:
                inner = min(on_line, key=lambda s: (s.end_lineno or s.lineno) - s.lineno)
                regions.append(_Region(inner.lineno, inner.end_lineno or inner.lineno, clause))
            continue
        following = None
        for owner, body, is_block in bodies:
            for position, statement in enumerate(body):
                if _first_line(statement) > line and statement.col_offset == column:
                    if following is None or _first_line(statement) < _first_line(following[2][following[3]]):
                        following = (owner, is_block, body, position)
                    break
        if following is None:
            continue
        owner, is_block, body, position = following
        opens_block = is_block and all(_is_docstring(s) for s in body[:position]) \
            and _block_header_end(owner, body) < line
        first = body[position]
        if opens_block:
            regions.append(_Region(_first_line(first), body[-1].end_lineno or body[-1].lineno, clause))
        else:
            regions.append(_Region(_first_line(first), first.end_lineno or first.lineno, clause))
    return regions


def _block_header_end(owner: ast.AST, body: list[ast.stmt]) -> int:
    """The line before which a block-opening marker cannot sit (the header of the block)."""
    if body and _is_docstring(body[0]):
        return body[0].end_lineno or body[0].lineno
    header = getattr(owner, "lineno", 0)
    return header


_REGIONS: dict[str, list[_Region]] = {}


def module_regions(module: str) -> list[_Region]:
    """The clause regions of a rules module (`clause_regions`), read once."""
    regions = _REGIONS.get(module)
    if regions is None:
        source = _module_path(module).read_text(encoding="utf-8")
        regions = _REGIONS[module] = clause_regions(source, ast.parse(source))
    return regions


def block_clauses(mutant: Any) -> tuple[str, ...]:
    """The clauses of the block a generated mutant lies in: its label, and the other markers
    that open the very same block (`# DOM-COUNT-1: ...` and `# DOM-COUNT-4: ...` above one
    `return`): the code there decides them all at once, so a change of it misreads them all,
    and the counterfactual search charges such a change to all of them."""
    inside = [r for r in module_regions(mutant.module) if r.start <= mutant.line <= r.end]
    same = [r for r in inside if r.clause == mutant.block]
    if not same:
        return (mutant.block,)
    span = (same[0].start, same[0].end)
    return tuple(dict.fromkeys([mutant.block] + [r.clause for r in inside if (r.start, r.end) == span]))


def innermost_clauses(regions: list[_Region], line: int, among: Any = None) -> list[str]:
    """The clauses of the innermost regions holding `line` (every marker of the same span), of
    those `among` when given; [] when no region holds it."""
    inside = [r for r in regions if r.start <= line <= r.end and (among is None or r.clause in among)]
    if not inside:
        return []
    span = min(r.end - r.start for r in inside)
    return [r.clause for r in inside if r.end - r.start == span]


def block_of(regions: list[_Region], line: int) -> str:
    inside = [r for r in regions if r.start <= line <= r.end]
    if not inside:
        return ""
    return min(inside, key=lambda r: (r.end - r.start, -r.start)).clause


# -- the candidates: every place an operator applies --------------------------------------------

@dataclass
class _Candidate:
    unit: ast.AST | None          # the def whose body holds it (FUNCTION scope), or None (MODULE)
    qualname: str
    node: ast.AST
    operator: str
    line: int
    end_line: int
    apply: Callable[[], Callable[[], None]]     # mutates the tree in place; returns the undo
    change: str
    left_out: str = ""            # a LEFT_OUT rule, or '' when the mutant is made


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _unparse(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except Exception:  # pragma: no cover - ast.unparse handles every node the parser makes
        return type(node).__name__


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_log_call(node: ast.AST, method: str) -> bool:
    """`log.rule(...)` / `log.event(...)`: a call of the step record's method."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method):
        return False
    owner = node.func.value
    return (isinstance(owner, ast.Name) and owner.id == "log") or \
        (isinstance(owner, ast.Attribute) and owner.attr == "log")


class _Enumerator:
    """Walks one module's tree and lists every candidate, in a fixed order (the same tree gives
    the same list, which is how a mutant is found again to install it)."""

    def __init__(self, tree: ast.Module, error_names: frozenset[str], record_builders: frozenset[str],
                 message_helpers: frozenset[str] = frozenset()) -> None:
        self.tree = tree
        self.error_names = error_names
        self.record_builders = record_builders | message_helpers
        self.message_helpers = message_helpers
        self.candidates: list[_Candidate] = []
        self.record_names: set[str] = set()

    # -- the walk -------------------------------------------------------------------------------

    def run(self) -> list[_Candidate]:
        self.module_statements(self.tree.body, "")
        return self.candidates

    def module_statements(self, body: list[ast.stmt], prefix: str) -> None:
        for position, statement in enumerate(body):
            if position == 0 and _is_docstring(statement):
                continue
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                qualname = prefix + statement.name
                self.def_header(statement, qualname)
                self.function_body(statement, qualname)
            elif isinstance(statement, ast.ClassDef):
                qualname = prefix + statement.name
                for decorator in statement.decorator_list:
                    self.expression(decorator, None, qualname, "")
                for keyword in statement.keywords:
                    self.expression(keyword.value, None, qualname, "")
                self.module_statements(statement.body, qualname + ".")
            else:
                owner = prefix[:-1] if prefix else "<module>"
                self.statement(statement, None, owner, "", deletable=False)

    def def_header(self, function: ast.FunctionDef | ast.AsyncFunctionDef, qualname: str) -> None:
        """What runs when the def itself runs (at import): decorators and default values."""
        for decorator in function.decorator_list:
            self.expression(decorator, None, qualname, "")
        for default in [*function.args.defaults, *[d for d in function.args.kw_defaults if d is not None]]:
            self.expression(default, None, qualname, "")

    def function_body(self, function: ast.FunctionDef | ast.AsyncFunctionDef, qualname: str) -> None:
        body = function.body
        start = 1 if body and _is_docstring(body[0]) else 0
        self.record_names = self.names_only_recorded(function)
        left = ("message-text" if function.name in self.message_helpers else "clause-record") \
            if function.name in self.record_builders else ""
        self.body(function, "body", body, start, function, qualname, left)

    def body(self, owner: ast.AST, name: str, statements: list[ast.stmt], start: int, unit: ast.AST | None,
             qualname: str, left: str) -> None:
        for position in range(start, len(statements)):
            statement = statements[position]
            deletable = unit is not None and not _does_nothing(statement)
            if deletable:
                # (deleting a name the record reads would crash the record: that stays a mutant)
                self.add_delete(owner, name, position, statement, unit, qualname,
                                left or ("clause-record" if self.only_records(statement) else ""))
            self.statement(statement, unit, qualname, left)

    def record_only(self, statement: ast.stmt) -> str:
        """'clause-record' when the statement does nothing but record clauses, or sets a local
        name that only the record reads (`winners = sum(...)` read by `if winners: log.rule(...)`)."""
        if self.only_records(statement):
            return "clause-record"
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                isinstance(statement.targets[0], ast.Name) and statement.targets[0].id in self.record_names:
            return "clause-record"
        return ""

    def names_only_recorded(self, function: ast.AST) -> set[str]:
        """The local names the function sets by a plain assignment and reads only inside
        statements that only record clauses (and never deletes or sets otherwise)."""
        assigned: dict[str, int] = {}
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                assigned[node.id] = assigned.get(node.id, 0) + 1
        single = {n for n, count in assigned.items() if count == 1 and any(
            isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name) and a.targets[0].id == n
            for a in ast.walk(function))}
        recorded: set[str] = set()
        elsewhere: set[str] = set()

        def visit(node: ast.AST, in_record: bool) -> None:
            if isinstance(node, ast.stmt) and not in_record and self.only_records(node):
                in_record = True
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                (recorded if in_record else elsewhere).add(node.id)
            for child in ast.iter_child_nodes(node):
                visit(child, in_record)
        for statement in function.body:
            visit(statement, False)
        return {n for n in single if n in recorded and n not in elsewhere}

    def only_records(self, statement: ast.stmt) -> bool:
        if isinstance(statement, ast.Expr):
            return _is_log_call(statement.value, "rule") or \
                (isinstance(statement.value, ast.Call) and _call_name(statement.value) in self.record_builders)
        if isinstance(statement, (ast.Pass, ast.Continue, ast.Break)):
            return False
        if isinstance(statement, (ast.If, ast.For, ast.While)):
            inner = [*statement.body, *statement.orelse]
            return all(self.only_records(s) or isinstance(s, (ast.Pass, ast.Continue, ast.Break)) for s in inner) \
                and any(self.only_records(s) for s in inner)
        return False

    def statement(self, statement: ast.stmt, unit: ast.AST | None, qualname: str, left: str,
                  deletable: bool = True) -> None:
        left = left or self.record_only(statement)
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):      # nested: part of the unit
            self.def_header(statement, qualname) if unit is None else self.nested_header(statement, unit, qualname, left)
            self.body(statement, "body", statement.body, 1 if _is_docstring(statement.body[0]) else 0,
                      unit, qualname, left)
            return
        if isinstance(statement, ast.ClassDef):
            for child in statement.body:
                self.statement(child, unit, qualname, left)
            return
        if isinstance(statement, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal)):
            return
        if isinstance(statement, ast.Raise):
            if statement.exc is not None:
                self.expression(statement.exc, unit, qualname, left or "message-text", raised=True)
            return
        if isinstance(statement, (ast.If, ast.While)):
            self.add_negate(statement, "test", None, statement.test, unit, qualname, left)
            self.expression(statement.test, unit, qualname, left)
            self.body(statement, "body", statement.body, 0, unit, qualname, left)
            self.body(statement, "orelse", statement.orelse, 0, unit, qualname, left)
            return
        if isinstance(statement, ast.For):
            self.expression(statement.iter, unit, qualname, left)
            self.body(statement, "body", statement.body, 0, unit, qualname, left)
            self.body(statement, "orelse", statement.orelse, 0, unit, qualname, left)
            return
        if isinstance(statement, ast.With):
            for item in statement.items:
                self.expression(item.context_expr, unit, qualname, left)
            self.body(statement, "body", statement.body, 0, unit, qualname, left)
            return
        if isinstance(statement, ast.Try):
            self.body(statement, "body", statement.body, 0, unit, qualname, left)
            for handler in statement.handlers:
                self.body(handler, "body", handler.body, 0, unit, qualname, left)
            self.body(statement, "orelse", statement.orelse, 0, unit, qualname, left)
            self.body(statement, "finalbody", statement.finalbody, 0, unit, qualname, left)
            return
        if isinstance(statement, ast.Assert):
            self.add_negate(statement, "test", None, statement.test, unit, qualname, left)
            self.expression(statement.test, unit, qualname, left)
            return
        if isinstance(statement, ast.Return):
            if statement.value is not None:
                value = statement.value
                if unit is not None and not (isinstance(value, ast.Constant) and
                                             (value.value is None or isinstance(value.value, bool))):
                    self.add(statement, "return_none", unit, qualname, left,
                             lambda s=statement: _set(s, "value", ast.copy_location(ast.Constant(None), s.value)),
                             f"return {_unparse(value)} -> return None")
                self.child_expression(statement, "value", None, value, unit, qualname, left)
            return
        if isinstance(statement, ast.AugAssign):
            self.add_arith(statement, unit, qualname, left)
            self.child_expression(statement, "value", None, statement.value, unit, qualname, left)
            self.expression(statement.target, unit, qualname, left)
            return
        if isinstance(statement, ast.AnnAssign):
            if statement.value is not None:
                self.child_expression(statement, "value", None, statement.value, unit, qualname, left)
            return
        if isinstance(statement, ast.Assign):
            self.child_expression(statement, "value", None, statement.value, unit, qualname, left)
            for target in statement.targets:
                self.expression(target, unit, qualname, left)
            return
        if isinstance(statement, ast.Expr):
            if _is_docstring(statement):
                return
            self.child_expression(statement, "value", None, statement.value, unit, qualname, left)
            return
        if isinstance(statement, ast.Delete):
            for target in statement.targets:
                self.expression(target, unit, qualname, left)
            return
        # pass, break, continue: nothing to mutate but their deletion

    def nested_header(self, function: ast.FunctionDef, unit: ast.AST, qualname: str, left: str) -> None:
        for decorator in function.decorator_list:
            self.expression(decorator, unit, qualname, left)
        for default in [*function.args.defaults, *[d for d in function.args.kw_defaults if d is not None]]:
            self.expression(default, unit, qualname, left)

    # -- expressions ----------------------------------------------------------------------------

    def expression(self, node: ast.AST, unit: ast.AST | None, qualname: str, left: str, raised: bool = False) -> None:
        if isinstance(node, ast.JoinedStr):
            left = left or "message-text"
        if isinstance(node, ast.Call):
            if _is_log_call(node, "rule"):
                left = left or "clause-record"
            elif _is_log_call(node, "event"):
                self.expression(node.func, unit, qualname, left)
                for position, argument in enumerate(node.args):
                    self.expression(argument, unit, qualname, left or ("clause-record" if position == 1 else ""))
                for keyword in node.keywords:
                    self.expression(keyword.value, unit, qualname, left)
                return
            elif raised or _call_name(node) in self.error_names:
                self.expression(node.func, unit, qualname, left)
                for argument in [*node.args, *[k.value for k in node.keywords]]:
                    self.expression(argument, unit, qualname, left or "message-text")
                return
            elif _call_name(node) in self.record_builders:
                left = left or "clause-record"
        if isinstance(node, ast.Compare):
            for position, op in enumerate(node.ops):
                replacement = _COMPARE.get(type(op))
                if replacement is None:
                    continue
                mutated = copy.copy(node)
                mutated.ops = list(node.ops)
                mutated.ops[position] = replacement()
                self.add(node, "cmp", unit, qualname, left,
                         lambda n=node, p=position, r=replacement: _replace(n, "ops", p, r()),
                         f"{_unparse(node)} -> {_unparse(mutated)}")
        elif isinstance(node, ast.BoolOp):
            replacement = _BOOL[type(node.op)]
            mutated = copy.copy(node)
            mutated.op = replacement()
            self.add(node, "bool_op", unit, qualname, left,
                     lambda n=node, r=replacement: _set(n, "op", r()),
                     f"{_unparse(node)} -> {_unparse(mutated)}")
        elif isinstance(node, ast.BinOp):
            self.add_arith(node, unit, qualname, left)
        elif isinstance(node, ast.IfExp):
            self.add_negate(node, "test", None, node.test, unit, qualname, left)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            pass        # removing it is the negation of whatever holds it (add_negate), or below
        elif isinstance(node, ast.Constant):
            self.add_constant(node, unit, qualname, left)
        for child_name, child in ast.iter_fields(node):
            if isinstance(node, ast.Call) and child_name == "func":
                self.expression(child, unit, qualname, left)
                continue
            if isinstance(child, ast.AST):
                self.child_expression(node, child_name, None, child, unit, qualname, left)
            elif isinstance(child, list):
                for position, item in enumerate(child):
                    if isinstance(item, ast.AST):
                        self.child_expression(node, child_name, position, item, unit, qualname, left)

    def child_expression(self, parent: ast.AST, name: str, position: int | None, child: ast.AST,
                         unit: ast.AST | None, qualname: str, left: str) -> None:
        if isinstance(child, ast.comprehension):
            self.expression(child.iter, unit, qualname, left)
            for index, condition in enumerate(child.ifs):
                self.add_negate(child, "ifs", index, condition, unit, qualname, left)
                self.expression(condition, unit, qualname, left)
            return
        if isinstance(child, (ast.expr_context, ast.operator, ast.boolop, ast.cmpop, ast.unaryop)):
            return
        if isinstance(child, ast.keyword):
            self.expression(child.value, unit, qualname, left)
            return
        if isinstance(child, ast.arguments):            # a lambda's defaults
            for default in [*child.defaults, *[d for d in child.kw_defaults if d is not None]]:
                self.expression(default, unit, qualname, left)
            return
        if isinstance(child, ast.UnaryOp) and isinstance(child.op, ast.Not) and \
                not (isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)) and name == "test") and \
                not (isinstance(parent, ast.comprehension) and name == "ifs"):
            self.add(child, "negate", unit, qualname, left,
                     lambda p=parent, f=name, i=position, c=child: _replace(p, f, i, c.operand),
                     f"{_unparse(child)} -> {_unparse(child.operand)}")
        self.expression(child, unit, qualname, left)

    # -- the operators ----------------------------------------------------------------------------

    def add(self, node: ast.AST, operator: str, unit: ast.AST | None, qualname: str, left: str,
            apply: Callable[[], Callable[[], None]], change: str) -> None:
        self.candidates.append(_Candidate(unit, qualname, node, operator, node.lineno,
                                          getattr(node, "end_lineno", None) or node.lineno, apply,
                                          _short(change), left))

    def add_negate(self, parent: ast.AST, name: str, position: int | None, test: ast.expr,
                   unit: ast.AST | None, qualname: str, left: str) -> None:
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            replacement, text = (lambda t=test: t.operand), _unparse(test.operand)
        else:
            replacement = (lambda t=test: ast.copy_location(ast.UnaryOp(ast.Not(), t), t))
            text = f"not ({_unparse(test)})"
        self.add(test, "negate", unit, qualname, left,
                 lambda p=parent, f=name, i=position, r=replacement: _replace(p, f, i, r()),
                 f"{_unparse(test)} -> {text}")

    def add_arith(self, node: ast.BinOp | ast.AugAssign, unit: ast.AST | None, qualname: str, left: str) -> None:
        replacement = _ARITH.get(type(node.op))
        if replacement is None:
            return
        mutated = copy.copy(node)
        mutated.op = replacement()
        self.add(node, "arith", unit, qualname, left, lambda n=node, r=replacement: _set(n, "op", r()),
                 f"{_unparse(node)} -> {_unparse(mutated)}")

    def add_constant(self, node: ast.Constant, unit: ast.AST | None, qualname: str, left: str) -> None:
        value = node.value
        if isinstance(value, bool):
            self.add(node, "const_flip", unit, qualname, left,
                     lambda n=node: _set(n, "value", not n.value), f"{value} -> {not value}")
        elif isinstance(value, (int, float)) and not isinstance(value, complex):
            self.add(node, "const_inc", unit, qualname, left,
                     lambda n=node: _set(n, "value", n.value + 1), f"{value!r} -> {value + 1!r}")
            self.add(node, "const_dec", unit, qualname, left,
                     lambda n=node: _set(n, "value", n.value - 1), f"{value!r} -> {value - 1!r}")

    def add_delete(self, owner: ast.AST, name: str, position: int, statement: ast.stmt, unit: ast.AST,
                   qualname: str, left: str) -> None:
        first = _unparse(statement).splitlines()[0] if statement else ""
        self.candidates.append(_Candidate(
            unit, qualname, statement, "delete", statement.lineno, statement.end_lineno or statement.lineno,
            lambda o=owner, f=name, i=position, s=statement: _replace(o, f, i, ast.copy_location(ast.Pass(), s)),
            _short(f"delete: {first}"), left))


def _does_nothing(statement: ast.stmt) -> bool:
    """`pass` or `...` (a protocol's stub): deleting it changes nothing."""
    return isinstance(statement, ast.Pass) or (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                                                and statement.value.value is Ellipsis)


def _replace(parent: ast.AST, name: str, position: int | None, new: ast.AST) -> Callable[[], None]:
    """Put `new` in the parent's field (or list item); returns the undo."""
    if position is None:
        return _set(parent, name, new)
    items = getattr(parent, name)
    old = items[position]
    items[position] = new
    return lambda: items.__setitem__(position, old)


def _set(node: ast.AST, name: str, value: Any) -> Callable[[], None]:
    old = getattr(node, name)
    setattr(node, name, value)
    return lambda: setattr(node, name, old)


# -- what the rules call an error, and which functions only build the clause record ------------

@lru_cache(maxsize=None)
def _error_names() -> frozenset[str]:
    """Names of exception classes a rule may build: the suite's errors and the built-in ones."""
    from . import errors
    names = {name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, BaseException)}
    import builtins
    names |= {name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)}
    return frozenset(names)


def _record_builders(trees: dict[str, ast.Module]) -> frozenset[str]:
    """The functions that only work out the clause record, by name (a name defined twice in the
    game's rules must qualify every time):
      * a function whose every call is inside the arguments of `log.rule(...)`
        (`log.rule(*settlement_decisions(...))`);
      * a function whose body only records (`log.rule` calls, assignments to its own local
        names, bare returns, `continue`/`break`, and if/for/while holding only these or calls
        of such functions), called only as a statement of its own (`record_offer(match, able,
        log)`): the conditions it reads are the rules' predicates, which change nothing.
    tests/core/test_generated_mutants.py replaces each with one that records nothing and
    replays the vectors: every observation stays the same."""
    defs: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs.setdefault(node.name, []).append(node)
    in_record_args: set[str] = set()
    as_statement: set[str] = set()
    elsewhere: set[str] = set()

    def visit(node: ast.AST, in_record: bool, statement_call: ast.AST | None) -> None:
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in defs:
                if in_record:
                    in_record_args.add(name)
                elif node is statement_call:
                    as_statement.add(name)
                else:
                    elsewhere.add(name)
            in_record = in_record or _is_log_call(node, "rule")
        call = node.value if isinstance(node, ast.Expr) else None
        for child in ast.iter_child_nodes(node):
            visit(child, in_record, call)
    for tree in trees.values():
        visit(tree, False, None)

    builders = {name for name in in_record_args if name not in elsewhere and name not in as_statement}
    candidates = {name for name in as_statement if name not in elsewhere}
    changed = True
    while changed:                  # record-only functions may call each other
        changed = False
        for name in sorted(candidates - builders):
            if all(_body_only_records(d.body, builders) and _contains_record(d.body, builders) for d in defs[name]):
                builders.add(name)
                changed = True
    return frozenset(builders)


def _body_only_records(body: list[ast.stmt], known: set[str]) -> bool:
    """Every statement records clauses, or only feeds or steers that recording."""
    for position, statement in enumerate(body):
        if position == 0 and _is_docstring(statement):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            if _is_log_call(statement.value, "rule") or _call_name(statement.value) in known:
                continue
            return False
        if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets):
            continue
        if isinstance(statement, ast.Return) and (statement.value is None or (
                isinstance(statement.value, ast.Constant) and statement.value.value is None)):
            continue
        if isinstance(statement, (ast.Pass, ast.Continue, ast.Break)):
            continue
        if isinstance(statement, (ast.If, ast.For, ast.While)) and \
                _body_only_records([*statement.body, *statement.orelse], known):
            continue
        return False
    return True


def _contains_record(body: list[ast.stmt], known: set[str]) -> bool:
    return any(isinstance(node, ast.Call) and (_is_log_call(node, "rule") or _call_name(node) in known)
               for statement in body for node in ast.walk(statement))


# -- enumerating a game's mutants ----------------------------------------------------------------

@dataclass
class _ModuleInfo:
    module: str
    path: Path
    source: str
    future_flags: int


def _read(module: str) -> _ModuleInfo:
    path = _module_path(module)
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    flags = 0
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
            for alias in statement.names:
                flags |= getattr(__future__, alias.name).compiler_flag
    return _ModuleInfo(module, path, source, flags)


def _candidates(info: _ModuleInfo, builders: frozenset[str],
                helpers: frozenset[str]) -> tuple[ast.Module, list[_Candidate]]:
    tree = ast.parse(info.source, filename=str(info.path))
    return tree, _Enumerator(tree, _error_names(), builders, helpers).run()


def _game_trees(game_name: str) -> dict[str, ast.Module]:
    return {module: ast.parse(_read(module).source) for module in rules_modules(game_name)}


@lru_cache(maxsize=None)
def _record_builders_of(game_name: str) -> frozenset[str]:
    return _record_builders(_game_trees(game_name))


@lru_cache(maxsize=None)
def _message_helpers_of(game_name: str) -> frozenset[str]:
    return _message_helpers(_game_trees(game_name))


def _message_helpers(trees: dict[str, ast.Module]) -> frozenset[str]:
    """Functions called only to word a message: every call is inside an f-string or the
    arguments of an exception (or of another such function), like `_shown(value)`. Their code
    is message text."""
    defs: dict[str, list[ast.AST]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs.setdefault(node.name, []).append(node)
    errors = _error_names()
    helpers: set[str] = set()
    while True:
        in_message: set[str] = set()
        elsewhere: set[str] = set()

        def visit(node: ast.AST, message: bool) -> None:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in helpers:
                message = True                      # a helper's own calls word the same message
            if isinstance(node, ast.JoinedStr):
                message = True
            if isinstance(node, ast.Raise):
                for child in ast.iter_child_nodes(node):
                    visit(child, True)
                return
            if isinstance(node, ast.Call):
                name = _call_name(node)
                if name in defs:
                    (in_message if message else elsewhere).add(name)
                if name in errors:
                    for child in ast.iter_child_nodes(node):
                        visit(child, True)
                    return
            for child in ast.iter_child_nodes(node):
                visit(child, message)
        for tree in trees.values():
            visit(tree, False)
        found = {name for name in in_message if name not in elsewhere}
        if found <= helpers:
            return frozenset(helpers)
        helpers |= found


def _enumerate(game_name: str) -> tuple[list[GeneratedMutant], list[LeftOutSite]]:
    builders = _record_builders_of(game_name)
    helpers = _message_helpers_of(game_name)
    baked = _import_time_functions(game_name)
    made: list[GeneratedMutant] = []
    skipped: list[LeftOutSite] = []
    for module in rules_modules(game_name):
        info = _read(module)
        module_made, module_skipped = mutants_of_source(game_name, module, info.source, builders, baked, helpers)
        made += module_made
        skipped += module_skipped
    return made, skipped


def mutants_of_source(game_name: str, module: str, source: str, builders: frozenset[str] = frozenset(),
                      baked: frozenset[tuple[str, str]] = frozenset(),
                      helpers: frozenset[str] = frozenset()) -> tuple[list[GeneratedMutant], list[LeftOutSite]]:
    """The mutants of one module's source (and the places left out). `builders`: the names of
    the functions that only build the clause record; `helpers`: those that only word messages;
    `baked`: the (module, qualname) of the functions the import calls."""
    tree = ast.parse(source)
    candidates = _Enumerator(tree, _error_names(), builders, helpers).run()
    regions = clause_regions(source, tree)
    lines = code_lines(source)
    made: list[GeneratedMutant] = []
    skipped: list[LeftOutSite] = []
    seen: dict[tuple[str, str, str], int] = {}
    for index, candidate in enumerate(candidates):
        if candidate.left_out:
            skipped.append(LeftOutSite(module, candidate.qualname, candidate.line, candidate.operator,
                                       candidate.left_out))
            continue
        text = lines.get(candidate.line, "")
        line_hash = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
        identity = (candidate.qualname, candidate.operator, line_hash)
        occurrence = seen.get(identity, 0)
        seen[identity] = occurrence + 1
        scope = FUNCTION if candidate.unit is not None and (module, candidate.qualname) not in baked else MODULE
        made.append(GeneratedMutant(game_name, module, candidate.qualname, candidate.line, candidate.operator,
                                    candidate.change, block_of(regions, candidate.line), line_hash, occurrence,
                                    scope, candidate.end_line, index))
    return made, skipped


_ENUMERATED: dict[str, tuple[list[GeneratedMutant], list[LeftOutSite]]] = {}


def generated_mutants(game: Any) -> list[GeneratedMutant]:
    """Every generated mutant of the game's rules (a name or a Game), in file order."""
    name = game if isinstance(game, str) else game.name
    if name not in _ENUMERATED:
        _ENUMERATED[name] = _enumerate(name)
    return list(_ENUMERATED[name][0])


def left_out(game: Any) -> list[LeftOutSite]:
    """Every place an operator would apply that LEFT_OUT leaves out, with its rule."""
    name = game if isinstance(game, str) else game.name
    generated_mutants(name)
    return list(_ENUMERATED[name][1])


def sample(mutants: list[GeneratedMutant], size: int, seed: int) -> list[GeneratedMutant]:
    """A seeded sample, in the population's order: the `size` mutants whose names hash lowest
    with the seed. Whether a mutant is drawn depends on its own name and the seed, so a change
    of other code leaves the rest of the sample as it was: before and after a change are
    measured on the same mutants (a draw by position redrew half the sample when one rules
    function was added)."""
    if size >= len(mutants):
        return list(mutants)
    def rank(mutant: GeneratedMutant) -> bytes:
        return hashlib.sha256(f"{seed}:{mutant.game}/{mutant.key}".encode()).digest()
    chosen = {id(m) for m in sorted(mutants, key=rank)[:size]}
    return [m for m in mutants if id(m) in chosen]


# -- functions the import calls: their results are baked into module values --------------------

@lru_cache(maxsize=None)
def _import_time_functions(game_name: str) -> frozenset[tuple[str, str]]:
    """(module, qualname) of the rules functions that run while the game's package is imported
    (a table built by calling a rule function: `POINTS = {...: Point(tile, side)}`): a code swap
    would miss what they computed then, so their mutants are installed by importing again."""
    rules_files = {str(_module_path(m)): m for m in rules_modules(game_name)}
    called: set[tuple[str, str]] = set()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            module = rules_files.get(frame.f_code.co_filename)
            if module is not None and frame.f_code.co_name != "<module>":
                called.add((module, frame.f_code.co_qualname.replace(".<locals>", "")))

    saved = _take_game_modules(game_name)
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        importlib.import_module(f"reference.{game_name}")
    finally:
        sys.setprofile(previous)
        _put_back_game_modules(game_name, saved)
    return frozenset(called)


# -- installing ----------------------------------------------------------------------------------

@dataclass
class Installed:
    """What `install` changed, for `uninstall`."""
    mutant: GeneratedMutant
    function: FunctionType | None = None
    original_code: CodeType | None = None
    saved_modules: dict[str, ModuleType] | None = None
    finder: Any = None


_PARSED: dict[tuple[str, str], tuple[_ModuleInfo, ast.Module, list[_Candidate]]] = {}


def _parsed(mutant: GeneratedMutant) -> tuple[_ModuleInfo, ast.Module, list[_Candidate]]:
    """The module's tree and candidates, read once per process (a mutation is undone after use)."""
    key = (mutant.game, mutant.module)
    if key not in _PARSED:
        info = _read(mutant.module)
        _PARSED[key] = (info, *_candidates(info, _record_builders_of(mutant.game), _message_helpers_of(mutant.game)))
    info, tree, candidates = _PARSED[key]
    if mutant.index >= len(candidates) or candidates[mutant.index].qualname != mutant.function or \
            candidates[mutant.index].operator != mutant.operator or candidates[mutant.index].line != mutant.line:
        raise MutantError(f"{mutant.name}: the module changed since the mutant was listed")
    return info, tree, candidates


@contextmanager
def _mutated(mutant: GeneratedMutant) -> Iterator[tuple[_ModuleInfo, ast.Module, _Candidate]]:
    """The module's tree with the mutation applied, for the time of the block."""
    info, tree, candidates = _parsed(mutant)
    candidate = candidates[mutant.index]
    undo = candidate.apply()
    try:
        ast.fix_missing_locations(tree)
        yield info, tree, candidate
    finally:
        undo()


def mutated_source(mutant: GeneratedMutant) -> str:
    """The mutated function (or module) as source, for a person."""
    with _mutated(mutant) as (_, tree, candidate):
        return ast.unparse(candidate.unit if candidate.unit is not None and mutant.scope == FUNCTION else tree)


def _live_function(module: ModuleType, qualname: str) -> FunctionType:
    target: Any = module
    for part in qualname.split("."):
        namespace = vars(target)
        if part not in namespace:
            raise MutantError(f"{module.__name__} has no {qualname}")
        target = namespace[part]
    if isinstance(target, (staticmethod, classmethod)):
        target = target.__func__
    elif isinstance(target, property):
        target = target.fget
    while hasattr(target, "__wrapped__"):
        target = target.__wrapped__
    if not isinstance(target, FunctionType):
        raise MutantError(f"{module.__name__}.{qualname} is not a plain function")
    return target


def _find_code(code: CodeType, name: str, first_line: int) -> CodeType | None:
    """The function's code among the compiled module's constants (or its holder class's)."""
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            if constant.co_name == name and constant.co_firstlineno == first_line:
                return constant
            if constant.co_name == "_Holder":
                found = _find_code(constant, name, first_line)
                if found is not None:
                    return found
    return None


def _compile_function(info: _ModuleInfo, unit: ast.FunctionDef, original: CodeType) -> CodeType:
    # Compiled, never run: its decorators stay (so the first line is the original's) but are
    # not applied; the live function keeps its own.
    body: list[ast.stmt] = [unit]
    if "__class__" in original.co_freevars:          # a method using super(): compile it in a class
        body = [ast.ClassDef("_Holder", [], [], body, [])]
    module = ast.Module(body, [])
    ast.fix_missing_locations(module)
    compiled = compile(module, str(info.path), "exec", flags=info.future_flags, dont_inherit=True)
    code = _find_code(compiled, unit.name, original.co_firstlineno)
    if code is None or code.co_freevars != original.co_freevars:
        raise MutantError(f"cannot compile a replacement for {info.module}.{unit.name}")
    return code.replace(co_qualname=original.co_qualname)


def install(mutant: GeneratedMutant) -> Installed:
    """Install the mutant in this process; `uninstall` undoes it. Only one at a time."""
    if mutant.scope == FUNCTION:
        module = importlib.import_module(mutant.module)
        function = _live_function(module, mutant.function)
        original = function.__code__
        with _mutated(mutant) as (info, _, candidate):
            code = _compile_function(info, candidate.unit, original)
        function.__code__ = code
        return Installed(mutant, function=function, original_code=original)
    with _mutated(mutant) as (info, tree, _):
        compiled = compile(tree, str(info.path), "exec", flags=info.future_flags, dont_inherit=True)
    saved = _take_game_modules(mutant.game)
    finder = _MutatedSourceFinder(mutant.module, compiled, info.path)
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module(f"reference.{mutant.game}")
    except BaseException:
        sys.meta_path.remove(finder)
        _put_back_game_modules(mutant.game, saved)
        raise
    return Installed(mutant, saved_modules=saved, finder=finder)


def uninstall(handle: Installed) -> None:
    if handle.function is not None:
        handle.function.__code__ = handle.original_code
        return
    if handle.finder in sys.meta_path:
        sys.meta_path.remove(handle.finder)
    _put_back_game_modules(handle.mutant.game, handle.saved_modules or {})


@contextmanager
def installed(mutant: GeneratedMutant) -> Iterator[None]:
    handle = install(mutant)
    try:
        yield
    finally:
        uninstall(handle)


class _MutatedSourceFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the mutated module's code when the game's package is imported again."""

    def __init__(self, module: str, code: CodeType, path: Path) -> None:
        self.module, self.code, self.path = module, code, path

    def find_spec(self, fullname: str, path: Any = None, target: Any = None):
        if fullname != self.module:
            return None
        is_package = self.path.name == "__init__.py"
        return importlib.util.spec_from_file_location(fullname, self.path, loader=self,
                                                      submodule_search_locations=[str(self.path.parent)]
                                                      if is_package else None)

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.code, vars(module))


def _take_game_modules(game_name: str) -> dict[str, ModuleType]:
    """Remove the game's modules from sys.modules (returned, to put back), so that importing the
    package again builds every one of them anew."""
    from . import game as game_registry
    prefix = f"reference.{game_name}"
    saved = {name: module for name, module in sys.modules.items() if name == prefix or name.startswith(prefix + ".")}
    for name in saved:
        del sys.modules[name]
    game_registry.get_game.cache_clear()
    game_registry.all_games.cache_clear()
    return saved


def _put_back_game_modules(game_name: str, saved: dict[str, ModuleType]) -> None:
    from . import game as game_registry
    prefix = f"reference.{game_name}"
    for name in [n for n in sys.modules if n == prefix or n.startswith(prefix + ".")]:
        del sys.modules[name]
    sys.modules.update(saved)
    import reference
    if prefix in saved:
        setattr(reference, game_name, saved[prefix])
    game_registry.get_game.cache_clear()
    game_registry.all_games.cache_clear()
