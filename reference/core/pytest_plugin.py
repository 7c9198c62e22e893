"""Run the conformance vectors inside a Python implementation's own pytest suite.

In a test module of the implementation:

    from reference.core.pytest_plugin import vector_tests

    def answer(case: dict) -> list[dict]:
        # `case` is the protocol's case message (id, game, kind, options, input, observe);
        # return one observation per input step, exactly as over the protocol.
        ...

    test_horse_race_vectors = vector_tests(answer, games=["dominoes"], kinds=["layout", "settlement"],
                                           skip_flags=["continuation-draws"],
                                           expected_failures="horserace-xfail.yaml")

Each case becomes one pytest item named by its id. A failing case shows the first divergent
step, the expected and actual values and the clauses involved. Cases listed as expected
failures are xfailed, and fail the run if they start passing (strict).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from .protocol import case_message
from .report import load_expected_failures
from .results import judge
from .runner import Selection
from .vectors import load_cases

Answer = Callable[[dict[str, Any]], list[dict[str, Any]]]


def vector_tests(answer: Answer, games: list[str] | None = None, kinds: list[str] | None = None,
                 ids: list[str] | None = None, clauses: list[str] | None = None,
                 flags: list[str] | None = None, skip_flags: list[str] | None = None,
                 options: dict[str, list[Any]] | None = None,
                 expected_failures: str | Path | None = None) -> Callable[[dict[str, Any]], None]:
    """A pytest test function parametrised over the selected vector cases.

    `options`: option name -> values the implementation offers (defaults are always offered);
    cases needing other values are skipped, as the runner does.
    """
    chosen = Selection(ids or [], games or [], kinds or [], clauses or [], flags or [], skip_flags or [])
    cases = [c for c in load_cases(games) if chosen.keep(c)]
    xfail = load_expected_failures(Path(expected_failures)) if expected_failures else {}
    offered = options or {}

    @pytest.mark.parametrize("case", [pytest.param(c, id=c["id"], marks=marks(c, xfail)) for c in cases])
    def test_vector(case: dict[str, Any]) -> None:
        for name, value in (case.get("options") or {}).items():
            if value not in offered.get(name, []):
                pytest.skip(f"option {name}={value!r} not offered")
        status, mismatch = judge(case, answer(case_message(1, case)))
        if mismatch:
            pytest.fail(describe(case, mismatch), pytrace=False)

    return test_vector


def marks(case: dict[str, Any], xfail: dict[str, str]) -> list[Any]:
    reason = xfail.get(case["id"])
    return [pytest.mark.xfail(reason=reason, strict=True)] if reason else []


def describe(case: dict[str, Any], mismatch: dict[str, Any]) -> str:
    return (f"{case['id']}: first divergence at step {mismatch['step']} ({mismatch.get('action') or 'setup'}): "
            f"{mismatch['key']}\n  expected: {mismatch['expected']}\n  actual:   {mismatch['actual']}\n"
            f"  clauses: {', '.join(case['clauses'])}")
