"""Mutation testing of the suite's judging machinery (`reference/core/`), with Cosmic Ray.

    python tools/machinery_mutants.py [--module M ...] [--sample N] [--seed S] [--json FILE]

The rule mutants (`horserace mutants`) measure the vectors. This measures the tests of the
code that judges: each module of the machinery is mutated by Cosmic Ray's operators
(comparisons, arithmetic, constants, and/or, added `not`, booleans, break/continue, loops that
run zero times, exception types, unary operators), and each mutant is run against the tests
of the module's own area (AREAS below: Cosmic Ray takes one test command per session, so the
map is ours). A mutant is killed when those tests fail or time out.

Per module it prints the mutants run, killed, survived (not in the register), equivalent (a
survivor listed in tests/core/machinery_equivalents.yaml with its reason) and the score,
killed / (mutants - equivalent); then every survivor not in the register, as a register entry
to fill in (or a test to write). Exit status 1 when there is one, or when a module was not
measured (the tests of its area fail without a mutant: named, and the run goes on).

Cosmic Ray mutates files in place, so it never runs in the checkout: the tracked and untracked
(not ignored) files are copied to a scratch folder, the mutants are applied and the tests run
there (PYTHONPATH points at the copy, so the implementations, adapters and `horserace` commands
the tests start see the mutant too), and the folder is removed at the end, also on Ctrl-C. An
interruption, even a kill, leaves the checkout as it was.

`--sample N --seed S`: N mutants per module, drawn with a random generator seeded by S and the
module's name (so a module's sample does not depend on which other modules run). Without
`--sample` every mutant runs (hours on two cores). This module imports Cosmic Ray only to run;
the register's own test (tests/core/test_machinery_register.py) reads it with the helpers here.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parent.parent
REGISTER = ROOT / "tests" / "core" / "machinery_equivalents.yaml"

# module (under reference/core/) -> the tests of its own area; optionally only some functions
# (vectors.py: the loading, not the generation, which `horserace generate --check` measures).
AREAS: dict[str, dict[str, Any]] = {
    "expect.py": {"tests": ["tests/core/test_exact_compare.py"]},
    "results.py": {"tests": ["tests/core/test_exact_compare.py", "tests/core/test_attribution.py",
                             "tests/core/test_judging.py"]},
    "attribution.py": {"tests": ["tests/core/test_attribution.py", "tests/core/test_judging.py"]},
    "runner.py": {"tests": ["tests/core/test_runner.py", "tests/core/test_runner_handshake.py",
                            "tests/core/test_hostile_protocol.py", "tests/core/test_hostile_impl.py",
                            "tests/core/test_runner_speed_paths.py", "tests/core/test_option_ranges.py",
                            "tests/core/test_runner_parts.py"]},
    "protocol.py": {"tests": ["tests/core/test_hostile_protocol.py", "tests/core/test_protocol_messages.py",
                              "tests/core/test_runner_handshake.py",
                              "tests/core/test_hostile_impl.py", "tests/core/test_runner.py"]},
    "expected_failures.py": {"tests": ["tests/core/test_expected_failures.py",
                                       "tests/core/test_expected_failures_entries.py",
                                       "tests/core/test_loader_expected_failures.py",
                                       "tests/core/test_regression_gate.py"]},
    "report.py": {"tests": ["tests/core/test_report.py", "tests/core/test_expected_failures.py"]},
    "html_report.py": {"tests": ["tests/core/test_html_report.py"]},
    "pytest_plugin.py": {"tests": ["tests/core/test_pytest_plugin.py"]},
    "vectors.py": {"tests": ["tests/core/test_vector_integrity.py", "tests/core/test_vectors.py",
                             "tests/core/test_vector_files.py"],
                   "functions": ["ManifestError", "Recorded", "Manifest", "load_manifest", "manifest_for",
                                 "read_manifest", "verify_file", "check_complete", "VectorFileError", "VectorFile",
                                 "load_vector_file", "read_vector_file", "read_vector_bytes", "verified_text",
                                 "parse_vector_text", "vector_rows", "_case_rows", "parse_header", "parse_case_line",
                                 "check_header", "check_case", "plain_header_problem", "plain_case_problem",
                                 "case_schema_errors", "case_validator", "case_quick_check", "game_folders",
                                 "check_names", "vector_files", "load_cases", "carry_header", "case_totals",
                                 "count_cases", "load_selected", "id_markers", "SelectedCases"]},
    "fuzz/campaign.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py",
                                   "tests/core/test_fuzz_diagnoses.py", "tests/core/test_fuzz_expected.py"]},
    "fuzz/shrink.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py",
                                 "tests/core/test_fuzz_diagnoses.py"]},
    "fuzz/cases.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py"]},
    "fuzz/report.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py",
                                 "tests/core/test_fuzz_selection.py", "tests/core/test_fuzz_expected.py"]},
    "fuzz/scenario_out.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py",
                                       "tests/core/test_fuzz_counterexamples.py"]},
    "fuzz/session.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py"]},
    "fuzz/choices.py": {"tests": ["tests/core/test_fuzz.py", "tests/core/test_fuzz_machinery.py"]},
    # the modules main's merges brought (process handling, signals, strict JSON, the report
    # reader, baselines, the fuzz redesign), each with the tests written for it
    "processes.py": {"tests": ["tests/core/test_hostile_impl.py", "tests/core/test_runner.py"]},
    "interrupts.py": {"tests": ["tests/core/test_interrupts.py"]},
    "forked.py": {"tests": ["tests/core/test_forked.py"]},
    "strict_json.py": {"tests": ["tests/core/test_json_reports.py", "tests/core/test_hostile_protocol.py",
                                 "tests/core/test_hostile_files.py", "tests/core/test_vector_files.py",
                                 "tests/core/test_loader_expected_failures.py"]},
    "json_reports.py": {"tests": ["tests/core/test_json_reports.py", "tests/core/test_html_report.py",
                                  "tests/core/test_fuzz_merge.py", "tests/core/test_baseline.py"]},
    "baseline.py": {"tests": ["tests/core/test_baseline.py", "tests/core/test_regression_gate.py"]},
    "fuzz/diagnosis.py": {"tests": ["tests/core/test_fuzz_diagnoses.py", "tests/core/test_fuzz_machinery.py"]},
    "fuzz/tally.py": {"tests": ["tests/core/test_fuzz_memory.py", "tests/core/test_fuzz_selection.py",
                                "tests/core/test_fuzz_expected.py", "tests/core/test_fuzz_merge.py"]},
    "fuzz/merge.py": {"tests": ["tests/core/test_fuzz_merge.py"]},
    "fuzz/ranges.py": {"tests": ["tests/core/test_fuzz_ranges.py", "tests/core/test_fuzz_merge.py"]},
    # the modules that came into main on 6 December (counterfactual attribution, releases, the
    # scaffold, generated rule mutants), each with the test file written for it
    "counterfactual.py": {"tests": ["tests/core/test_counterfactual_parts.py", "tests/core/test_counterfactual.py"]},
    "decision_points.py": {"tests": ["tests/core/test_counterfactual_parts.py", "tests/core/test_counterfactual.py"]},
    "passed_cases.py": {"tests": ["tests/core/test_passed_cases.py", "tests/core/test_counterfactual.py"]},
    "mutant_attribution.py": {"tests": ["tests/core/test_mutant_attribution.py", "tests/core/test_attribution.py",
                                        "tests/core/test_counterfactual.py"]},
    "releases/snapshot.py": {"tests": ["tests/core/test_release_parts.py", "tests/core/test_versions.py"]},
    "releases/compare.py": {"tests": ["tests/core/test_release_parts.py", "tests/core/test_versions.py"]},
    "releases/record.py": {"tests": ["tests/core/test_release_parts.py", "tests/core/test_versions.py"]},
    "scaffold.py": {"tests": ["tests/core/test_scaffold.py"]},
    "generated_mutants.py": {"tests": ["tests/core/test_generated_mutant_parts.py", "tests/core/test_generated_mutants.py",
                                       "tests/core/test_mutant_attribution.py"]},
    "generated_run.py": {"tests": ["tests/core/test_generated_run.py"]},
    # wave 4, group 2: loading (YAML, schemas, scenarios), options, the adapter, verify, the
    # version, paths, the game registry, errors, the step log, progress, the engine mutants, bench
    "schemas.py": {"tests": ["tests/core/test_located_errors.py", "tests/core/test_schema_fastpath.py",
                             "tests/core/test_loader_yaml.py", "tests/core/test_game_layout_errors.py"]},
    "schema_fastpath.py": {"tests": ["tests/core/test_schema_fastpath.py"]},
    "yamlsource.py": {"tests": ["tests/core/test_located_errors.py", "tests/core/test_loader_yaml.py",
                                "tests/core/test_loader_fuzz.py"]},
    "scenario.py": {"tests": ["tests/core/test_located_errors.py", "tests/core/test_loader_yaml.py",
                              "tests/core/test_loader_verify.py", "tests/core/test_loader_fuzz.py"]},
    "options.py": {"tests": ["tests/core/test_offered_options.py", "tests/core/test_option_reads.py",
                             "tests/core/test_options_messages.py"]},
    "adapter.py": {"tests": ["tests/core/test_adapter_serve.py", "tests/core/test_offered_options.py",
                             "tests/core/test_runner_handshake.py"]},
    "verify.py": {"tests": ["tests/core/test_verify_mismatches.py", "tests/core/test_loader_verify.py",
                            "tests/core/test_loader_fuzz.py"]},
    "version.py": {"tests": ["tests/core/test_loader_version.py", "tests/core/test_adapter_serve.py"]},
    "paths.py": {"tests": ["tests/core/test_cli_commands.py", "tests/core/test_game_layout_errors.py"]},
    "game.py": {"tests": ["tests/core/test_games_by_registry.py", "tests/core/test_game_traps.py",
                          "tests/core/test_game_layout_errors.py"]},
    "errors.py": {"tests": ["tests/core/test_located_errors.py", "tests/core/test_loader_yaml.py",
                            "tests/core/test_loader_verify.py", "tests/core/test_game_layout_errors.py"]},
    "log.py": {"tests": ["tests/dominoes/test_step_clauses.py", "tests/core/test_rules_structure.py"]},
    "progress.py": {"tests": ["tests/core/test_progress.py"]},
    "mutation.py": {"tests": ["tests/core/test_mutants.py", "tests/core/test_mutant_gaps.py",
                              "tests/core/test_mutants_without_fork.py"]},
    "fuzz/mutants.py": {"tests": ["tests/core/test_fuzz.py"]},
    "bench.py": {"tests": ["tests/core/test_bench_parts.py", "tests/core/test_bench.py"]},
    "releases/__init__.py": {"tests": ["tests/core/test_release_parts.py"]},
    "__init__.py": {"tests": ["tests/core/test_games_by_registry.py"]},
    "fuzz/__init__.py": {"tests": ["tests/core/test_fuzz.py"]},
    # wave 4, group 1: the referee's tools (find, ruling, explain, the site, the catalogs and
    # their words), the rendering, the registers and the replay helpers, each with its own tests
    "implementers_doc.py": {"tests": ["tests/core/test_implementers_doc.py"]},
    "ruling.py": {"tests": ["tests/core/test_ruling.py"]},
    "site.py": {"tests": ["tests/core/test_site.py", "tests/core/test_site_status.py", "tests/core/test_site_games.py"]},
    "find.py": {"tests": ["tests/core/test_find.py", "tests/core/test_find_ranking.py"]},
    "catalog.py": {"tests": ["tests/core/test_catalog_loading.py", "tests/core/test_rules_structure.py", "tests/core/test_clause_words.py",
                             "tests/core/test_register.py", "tests/core/test_game_layout_errors.py",
                             "tests/core/test_register_honesty.py"]},
    "svg.py": {"tests": ["tests/core/test_svg_writer.py", "tests/core/test_render_command.py", "tests/cards/test_render.py",
                         "tests/horse_fever/test_render.py"]},
    "explain.py": {"tests": ["tests/core/test_explain_and_coverage.py", "tests/core/test_explain_status.py"]},
    "question.py": {"tests": ["tests/core/test_ruling.py"]},
    "money.py": {"tests": ["tests/core/test_money_words.py", "tests/core/test_html_report_words.py"]},
    "narration.py": {"tests": ["tests/dominoes/test_layout_caches.py", "tests/cards/test_game_hooks.py",
                               "tests/core/test_cli.py"]},
    "standing.py": {"tests": ["tests/core/test_explain_status.py", "tests/core/test_site_status.py",
                              "tests/core/test_find.py", "tests/core/test_ruling.py"]},
    "seed_texts.py": {"tests": ["tests/core/test_seed_texts.py", "tests/core/test_clause_words.py", "tests/core/test_find.py",
                                "tests/core/test_register.py"]},
    "register.py": {"tests": ["tests/core/test_register_documents.py", "tests/core/test_register.py", "tests/core/test_clause_words.py"]},
    "equivalent_mutants.py": {"tests": ["tests/core/test_generated_run.py"]},
    "coverage.py": {"tests": ["tests/core/test_explain_and_coverage.py", "tests/core/test_attribution.py"]},
    "position_checks.py": {"tests": ["tests/core/test_position_cases.py", "tests/cards/test_position_checks.py", "tests/horse_fever/test_complete_positions.py",
                                     "tests/horse_fever/test_catalog_and_vectors.py"]},
    "replay_context.py": {"tests": ["tests/core/test_replay_context.py", "tests/core/test_derived_flags.py", "tests/dominoes/test_layout_caches.py"]},
}

# Operators left out: VariableReplacer and VariableInserter put random values in (a mutant
# would not be the same on two runs); RemoveDecorator removes @dataclass and the like, which
# only ever breaks the import.
LEFT_OUT_OPERATORS = ("core/VariableReplacer", "core/VariableInserter", "core/RemoveDecorator")
PYTEST = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider"]


# -- what a mutant is, in terms that survive edits elsewhere in the file ------------------------

@dataclass(frozen=True)
class Identity:
    """A mutant by module, enclosing function, operator and the source text before and after
    (whitespace folded): no line numbers, so an entry still holds when lines move."""
    module: str          # reference/core/...
    function: str        # qualified name, "<module>" at the top level
    operator: str
    code: str
    mutated: str

    def as_entry(self) -> dict[str, str]:
        return {"module": self.module, "function": self.function, "operator": self.operator,
                "code": self.code, "mutated": self.mutated}


def fold(text: str) -> str:
    return " ".join(text.split())


def definitions(source: str) -> list[tuple[str, int, int]]:
    """(qualified name, first line, last line) of every function and class."""
    out: list[tuple[str, int, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                out.append((name, first, child.end_lineno or child.lineno))
                visit(child, name + ".")
            else:
                visit(child, prefix)
    visit(ast.parse(source), "")
    return out


def enclosing(source: str, line: int, spans: list[tuple[str, int, int]] | None = None) -> str:
    """The innermost function or class holding `line` (1-based); `spans`: definitions(source)."""
    best = "<module>", 0
    for name, first, last in definitions(source) if spans is None else spans:
        if first <= line <= last and first >= best[1]:
            best = name, first
    return best[0]


def function_source(source: str, function: str) -> str | None:
    """The lines of `function` (a qualified name; "<module>": the whole file), or None."""
    if function == "<module>":
        return source
    lines = source.splitlines()
    for name, first, last in definitions(source):
        if name == function:
            return "\n".join(lines[first - 1:last])
    return None


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """((line, column), (end line, end column)) of every annotation, in a module that never
    evaluates them (`from __future__ import annotations`): a mutant there changes nothing."""
    tree = ast.parse(source)
    future = any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
                 and any(alias.name == "annotations" for alias in node.names) for node in tree.body)
    if not future:
        return []
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                     *filter(None, (arguments.vararg, arguments.kwarg))]
            found += [a.annotation for a in every if a.annotation is not None]
            if node.returns is not None:
                found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
    return [((n.lineno, n.col_offset), (n.end_lineno, n.end_col_offset)) for n in found]


def in_annotation(spans: list, start: tuple[int, int]) -> bool:
    return any(first <= tuple(start) < last for first, last in spans)


def changed_text(original: str, mutated: str) -> tuple[int, str, str]:
    """(first changed line, original lines, mutated lines) of a one-place change, folded."""
    a, b = original.splitlines(), mutated.splitlines()
    for tag, a1, a2, b1, b2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            return a1 + 1, fold(" ".join(a[a1:a2])), fold(" ".join(b[b1:b2]))
    return 0, "", ""


def entry_problem(entry: dict[str, Any], root: Path = ROOT) -> str:
    """Why a register entry no longer points at code that exists ('' when it does)."""
    missing = [k for k in ("module", "function", "operator", "code", "mutated", "reason") if not entry.get(k)]
    if missing:
        return f"missing {', '.join(missing)}"
    if "\n" in str(entry["reason"]).strip():
        return "the reason must be one line"
    if fold(entry["code"]) == fold(entry["mutated"]):
        return "code and mutated are the same text"
    path = root / entry["module"]
    if not path.is_file():
        return f"{entry['module']} does not exist"
    body = function_source(path.read_text(encoding="utf-8"), entry["function"])
    if body is None:
        return f"{entry['module']} has no function {entry['function']}"
    if fold(entry["code"]) not in fold(body):
        return f"{entry['function']} no longer holds {entry['code']!r}"
    return ""


def repeats(entry: dict[str, Any], root: Path = ROOT) -> int:
    """How many lines of the entry's function hold its code (an entry names them all alike)."""
    path = root / entry["module"]
    body = function_source(path.read_text(encoding="utf-8"), entry["function"]) if path.is_file() else None
    return sum(1 for line in (body or "").splitlines() if fold(line) and fold(line) in fold(entry["code"]))


def load_register(path: Path = REGISTER) -> list[dict[str, Any]]:
    import yaml
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    return list(data or [])


def register_keys(entries: Iterable[dict[str, Any]]) -> dict[tuple[str, ...], str]:
    return {(e["module"], e["function"], e["operator"], fold(e["code"]), fold(e["mutated"])): e["reason"]
            for e in entries}


def key_of(identity: Identity) -> tuple[str, ...]:
    return identity.module, identity.function, identity.operator, identity.code, identity.mutated


def reproduced(entries: list[dict[str, Any]], root: Path = ROOT) -> list[str]:
    """With Cosmic Ray: the entries that no mutant of their module reproduces any longer (the
    operator no longer makes `mutated` out of `code` in `function`), as problems. Only the
    operator's positions inside the entry's function, on a line of its `code`, are mutated."""
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.commands.init import _operators
    problems = []
    operators = {name: operator for name, _, operator in _operators({})}
    for module in dict.fromkeys(e["module"] for e in entries):
        source = (root / module).read_text(encoding="utf-8")
        lines, spans = source.splitlines(), definitions(source)
        nodes = list(ast_nodes(get_ast(source)))
        positions: dict[str, list[tuple[int, int]]] = {}        # operator -> (occurrence, line)
        for entry in (e for e in entries if e["module"] == module):
            name = entry["operator"]
            if name not in positions:
                found = [start for node in nodes for start, _ in operators[name].mutation_positions(node)] \
                    if name in operators else []
                positions[name] = [(occurrence, start[0]) for occurrence, start in enumerate(found)]
            key = (module, entry["function"], name, fold(entry["code"]), fold(entry["mutated"]))
            made = set()
            for occurrence, line in positions[name]:
                if enclosing(source, line, spans) == entry["function"] and fold(lines[line - 1]) in fold(entry["code"]):
                    identity = mutant_identity(module.removeprefix("reference/core/"), source, name, occurrence)
                    if identity is not None:
                        made.add(key_of(identity))
            if key not in made:
                problems.append(f"{module}: {entry['function']}: {name} no longer turns "
                                f"{entry['code']!r} into {entry['mutated']!r}")
    return problems


# -- running ------------------------------------------------------------------------------------

def scratch_copy() -> Path:
    """The checkout's files (tracked, and untracked but not ignored) copied to `<new folder>/repo`,
    with `<new folder>/shared` a link to the checkout's `../shared` (the rule texts) when there is
    one: the tests that need the rule texts beside the checkout (the scaffold's, the seeds')
    then run in the copy instead of skipping, and can kill a mutant."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    outer = Path(tempfile.mkdtemp(prefix="horserace-mutants-"))
    target = outer / "repo"
    target.mkdir()
    if (ROOT.parent / "shared").is_dir():
        (outer / "shared").symlink_to(ROOT.parent / "shared", target_is_directory=True)
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def mutant_identity(module: str, original: str, operator_name: str, occurrence: int) -> Identity | None:
    import cosmic_ray.plugins
    from cosmic_ray.mutating import mutate_code
    try:
        mutated = mutate_code(original, cosmic_ray.plugins.get_operator(operator_name)(), occurrence)
    except (AssertionError, AttributeError, IndexError, TypeError, ValueError):
        return None         # an operator that cannot rewrite this node (ExceptionReplacer on `except (a.B, C)`)
    if mutated is None:
        return None
    line, code, changed = changed_text(original, mutated)
    return Identity(f"reference/core/{module}", enclosing(original, line), operator_name, code, changed)


def in_scope(area: dict[str, Any], function: str) -> bool:
    functions = area.get("functions")
    return functions is None or function.split(".")[0] in functions


class AreaFails(Exception):
    """The tests of a module's area fail without a mutant (in the scratch copy): the module is
    not measured, and the run goes on with the others."""


def run_module(module: str, copy: Path, sample: int | None, seed: int, records: list[dict[str, Any]],
               out=sys.stderr, list_only: bool = False, only: set[tuple[str, int]] | None = None) -> None:
    """Cosmic Ray's session for one module in the copy: init, the sample, each mutant tested; each
    outcome is appended to `records` as it comes (an interrupted run keeps what it measured).
    `only`: (operator, occurrence) of the mutants to run instead of a sample."""
    from cosmic_ray.commands.init import init
    from cosmic_ray.mutating import mutate_and_test
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    area = AREAS[module]
    path = copy / "reference" / "core" / module
    original = path.read_text(encoding="utf-8")
    tests = [str(copy / t) for t in area["tests"] if (copy / t).exists()]
    command = " ".join(PYTEST + tests)
    timeout = 0.0
    if not list_only:
        started = time.monotonic()
        baseline = subprocess.run(PYTEST + tests, cwd=copy, capture_output=True, text=True)
        if baseline.returncode != 0:
            raise AreaFails(f"{module}: the tests of its area fail without a mutant:\n{baseline.stdout[-3000:]}")
        timeout = 3 * (time.monotonic() - started) + 15
    session = copy / f"session-{module.replace('/', '-')}.sqlite"
    with use_db(str(session), WorkDB.Mode.create) as db:
        init([path], db, {})
        population = []
        annotations = annotation_spans(original)
        spans = definitions(original)
        for item in db.work_items:
            spec = item.mutations[0]
            if spec.operator_name in LEFT_OUT_OPERATORS or in_annotation(annotations, spec.start_pos) \
                    or not in_scope(area, enclosing(original, spec.start_pos[0], spans)):
                db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output="out of scope"))
            else:
                population.append(item)
        population.sort(key=lambda item: (item.mutations[0].operator_name, item.mutations[0].occurrence))
        # the sample: the population in a seeded order, taking mutants until N are made (an
        # operator that cannot rewrite its node makes none); each made only when taken
        random.Random(f"{seed}:{module}").shuffle(population)
        if only is not None:
            population = [i for i in population if (i.mutations[0].operator_name, i.mutations[0].occurrence) in only]
        chosen = []
        for item in population:
            if sample is not None and len(chosen) >= sample:
                break
            spec = item.mutations[0]
            identity = mutant_identity(module, original, spec.operator_name, spec.occurrence)
            if identity is not None:
                chosen.append((item, identity))
        chosen_ids = {item.job_id for item, _ in chosen}
        for item in population:
            if item.job_id not in chosen_ids:
                db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output="not sampled"))
        print(f"{module}: {len(population)} mutants, running {len(chosen)} (tests: {len(tests)} files, "
              f"timeout {timeout:.0f} s)", file=out, flush=True)
        if list_only:
            for item, identity in chosen:
                print("- " + json.dumps(identity.as_entry(), ensure_ascii=False))
            return
        for number, (item, identity) in enumerate(chosen, 1):
            result = mutate_and_test(item.mutations, command, timeout)
            db.set_result(item.job_id, result)
            survived = result.test_outcome == TestOutcome.SURVIVED
            timed_out = (result.output or "") == "timeout"
            records.append({**identity.as_entry(), "occurrence": item.mutations[0].occurrence,
                            "outcome": "survived" if survived else "timeout" if timed_out else "killed"})
            if path.read_text(encoding="utf-8") != original:
                raise SystemExit(f"{module}: Cosmic Ray left the mutant in the copy; stopping")
            print(f"  {number}/{len(chosen)} {records[-1]['outcome']}: {identity.function}: "
                  f"{identity.code[:60]!r} -> {identity.mutated[:60]!r}", file=out, flush=True)


def summarise(records: list[dict[str, Any]], register: list[dict[str, Any]]) -> tuple[list[dict], list[dict]]:
    """Per module rows, and the survivors not in the register."""
    known = register_keys(register)
    rows, unlisted = [], []
    for module in dict.fromkeys(r["module"] for r in records):
        mine = [r for r in records if r["module"] == module]
        survived = [r for r in mine if r["outcome"] == "survived"]
        equivalent = [r for r in survived if key_of(Identity(**{k: r[k] for k in
                                                                  ("module", "function", "operator", "code", "mutated")})) in known]
        killed = len(mine) - len(survived)
        judged = len(mine) - len(equivalent)
        rows.append({"module": module, "mutants": len(mine), "killed": killed,
                     "survived": len(survived) - len(equivalent), "equivalent": len(equivalent),
                     "score": killed / judged if judged else 1.0})
        unlisted += [r for r in survived if r not in equivalent]
    return rows, unlisted


def table(rows: list[dict[str, Any]]) -> str:
    out = ["| module | mutants | killed | survived | equivalent | score |", "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append(f"| {r['module']} | {r['mutants']} | {r['killed']} | {r['survived']} | {r['equivalent']} "
                   f"| {r['score']:.0%} |")
    total = {k: sum(r[k] for r in rows) for k in ("mutants", "killed", "survived", "equivalent")}
    judged = total["mutants"] - total["equivalent"]
    out.append(f"| all | {total['mutants']} | {total['killed']} | {total['survived']} | {total['equivalent']} "
               f"| {total['killed'] / judged if judged else 1:.0%} |")
    return "\n".join(out)


def stopped(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--module", action="append", choices=sorted(AREAS),
                        help="only this module (repeatable; default: every module of AREAS)")
    parser.add_argument("--sample", type=int, help="N mutants per module (default: all)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--json", type=Path, help="write every mutant's outcome here")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy (its Cosmic Ray sessions)")
    parser.add_argument("--list", action="store_true", help="only list the mutants the sample would run")
    parser.add_argument("--again", type=Path, metavar="RUN.json",
                        help="run the survivors of a saved --json run that the register does not list again, "
                             "with today's tests; report the whole run")
    parser.add_argument("--summary", type=Path, nargs="+", metavar="RUN.json",
                        help="no run: the table and the unregistered survivors of saved --json runs, by today's register")
    parser.add_argument("--check-register", action="store_true",
                        help="only check that every register entry still names a mutant of the code (no test run)")
    args = parser.parse_args(argv)
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        if not args.summary:
            parser.error("Cosmic Ray is not installed: pip install -e '.[mutation]'")
    register = load_register()
    if args.summary:
        saved = [record for path in args.summary for record in json.loads(path.read_text(encoding="utf-8"))["mutants"]]
        return report(saved, register, None, args)
    if args.check_register:
        problems = [f"{e.get('module')}: {e.get('function')}: {p}" for e in register if (p := entry_problem(e))]
        problems += reproduced([e for e in register if not entry_problem(e)])
        print("\n".join(problems) or f"all {len(register)} entries of {REGISTER.relative_to(ROOT)} name a mutant of the code")
        return 1 if problems else 0
    copy = scratch_copy()
    previous = {k: os.environ.get(k) for k in ("PYTHONPATH", "HORSERACE_PROGRESS")}
    os.environ["PYTHONPATH"] = os.pathsep.join([str(copy), str(copy / "tools")])
    os.environ["HORSERACE_PROGRESS"] = "0"
    here = Path.cwd()
    records: list[dict[str, Any]] = []
    args.refused = []       # the modules whose area's tests fail without a mutant: not measured
    again: dict[str, set[tuple[str, int]]] = {}
    unlisted: list[dict[str, Any]] = []
    if args.again:
        saved = json.loads(args.again.read_text(encoding="utf-8"))["mutants"]
        known = register_keys(register)
        unlisted = [r for r in saved if r["outcome"] == "survived" and key_of(Identity(**{
            k: r[k] for k in ("module", "function", "operator", "code", "mutated")})) not in known]
        records = [r for r in saved if r not in unlisted]
        for r in unlisted:
                again.setdefault(r["module"].removeprefix("reference/core/"), set()).add((r["operator"], r["occurrence"]))
    signal.signal(signal.SIGTERM, stopped)      # `kill`: clean up as after Ctrl-C
    try:
        os.chdir(copy)      # Cosmic Ray runs the test command in the current folder
        for module in (list(again) if args.again else args.module or list(AREAS)):
            try:
                run_module(module, copy, args.sample, args.seed, records, list_only=args.list, only=again.get(module))
            except AreaFails as exc:
                print(f"{exc}\n{module}: not measured; going on with the other modules", file=sys.stderr, flush=True)
                args.refused.append(module)
                # --again: its survivors stand as they were saved (not tested again is not killed)
                records += [r for r in unlisted if r["module"] == f"reference/core/{module}"]
    except KeyboardInterrupt:
        print("interrupted: the results so far", file=sys.stderr)
    except Exception as exc:       # a bug here or in Cosmic Ray: keep what was measured
        print(f"stopped by {type(exc).__name__}: {exc}; the results so far", file=sys.stderr)
    finally:
        os.chdir(here)
        for key, value in previous.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if args.keep:
            print(f"scratch copy kept: {copy} (remove {copy.parent})", file=sys.stderr)
        else:
            shutil.rmtree(copy.parent, ignore_errors=True)     # the link to ../shared is removed, not followed
    return report(records, register, copy, args)


def report(records: list[dict[str, Any]], register: list[dict[str, Any]], copy: Path | None,
           args: argparse.Namespace) -> int:
    """Print the table and the unregistered survivors; 1 while there is one."""
    if args.list:
        return 0
    rows, unlisted = summarise(records, register)
    print(table(rows))
    if args.json and copy is not None:
        args.json.write_text(json.dumps({"sample": args.sample, "seed": args.seed, "modules": rows,
                                         "refused": getattr(args, "refused", []), "mutants": records},
                                        indent=1) + "\n", encoding="utf-8")
    if unlisted:
        print(f"\n{len(unlisted)} survivor(s) not in {REGISTER.relative_to(ROOT)}: kill each with a test, or list it "
              "with a one-line reason a reviewer can check:")
        for r in unlisted:
            print("- " + json.dumps({k: r[k] for k in ("module", "function", "operator", "code", "mutated")}
                             | {"reason": "TODO"}, ensure_ascii=False))
            if (times := repeats(r)) > 1:
                print(f"  # the same text stands {times} times in {r['function']}: an entry would cover all {times}")
    refused = getattr(args, "refused", [])
    if refused:
        print(f"\nnot measured, the tests of their area failing without a mutant: {', '.join(refused)}")
    return 1 if unlisted or refused else 0


if __name__ == "__main__":
    sys.exit(main())
