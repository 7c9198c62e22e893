"""Replaying scenario files and checking every expectation they state."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import HorseRaceError, InternalError, ScenarioError
from .expect import MISSING, matches, show
from .scenario import Scenario, load_scenario


@dataclass
class Mismatch:
    step: int
    line: int | None
    action: str | None
    key: str
    expected: str
    actual: str
    clauses: list[str]


@dataclass
class FileResult:
    path: str
    scenario_id: str | None = None
    game: str | None = None
    steps: int = 0
    checks: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    error: HorseRaceError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.mismatches


def _actual_for_display(expected: Any, actual: Any, mode: str) -> str:
    if mode == "events" and isinstance(actual, list) and all(isinstance(e, str) for e in expected):
        return show([e.get("type") for e in actual], mode)
    return show(actual, mode)


def verify_scenario(scenario: Scenario) -> FileResult:
    result = FileResult(scenario.path, scenario.id, scenario.game.name)
    modes = scenario.game.expectation_modes
    try:
        for outcome in scenario.replay():
            result.steps += 1
            step = scenario.steps[outcome.index]
            for key, expected in (step.get("expect") or {}).items():
                result.checks += 1
                mode = modes[key]
                if compares_nothing(expected, mode):
                    raise scenario.doc.error(("steps", outcome.index, "expect", key),
                                             f"{show(expected, mode)} compares nothing ({mode} mode "
                                             "checks only the fields given); give the fields to check")
                actual = outcome.observation.get(key, MISSING)
                if matches(expected, actual, mode):
                    continue
                clauses = list(dict.fromkeys(step.get("clauses", []) + list(outcome.clauses)))
                result.mismatches.append(Mismatch(
                    step=outcome.index,
                    line=scenario.doc.line_of(("steps", outcome.index, "expect", key)),
                    action=outcome.action, key=key, expected=show(expected, mode),
                    actual=_actual_for_display(expected, actual, mode),
                    clauses=clauses or list(scenario.clauses)))
    except HorseRaceError as exc:
        result.error = exc
    except Exception as exc:  # an engine bug: report it for this file and go on with the others
        result.error = internal_error(scenario.path, f"step {result.steps}", exc)
    else:
        if result.checks == 0:
            # A run that compared nothing does not pass.
            result.error = scenario.doc.error(("steps",), "no step has an 'expect': the scenario compares "
                                                          "nothing; add an expect to at least one step")
    return result


def compares_nothing(expected: Any, mode: str) -> bool:
    """An empty object where only the given fields are compared (a subset, or an event)."""
    if mode == "subset":
        return expected == {}
    if mode == "events" and isinstance(expected, list):
        return any(item == {} for item in expected)
    return False


def internal_error(path: str, where: str, exc: BaseException) -> InternalError:
    """A bug in the suite met while reading or replaying a file, said in one paragraph."""
    frames = traceback.extract_tb(exc.__traceback__)
    raised = f" (raised at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    what = "".join(traceback.format_exception_only(type(exc), exc)).strip()[:500]
    return InternalError(f"{path}: {where}: internal error, a bug in the suite (please report it): "
                         f"{what}{raised}")


def verify_file(path: Path | str) -> FileResult:
    """Load and replay one file; every problem is reported in the result, never raised."""
    try:
        scenario = load_scenario(path)
    except HorseRaceError as exc:
        return FileResult(str(path), error=exc)
    except Exception as exc:
        return FileResult(str(path), error=internal_error(str(path), "loading", exc))
    return verify_scenario(scenario)
