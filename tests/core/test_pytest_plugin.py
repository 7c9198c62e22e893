"""The pytest plugin, used as a Python implementation would: here the implementation is the
reference engine itself, called in-process (no protocol, no subprocess)."""

from reference.core.adapter import answer_case
from reference.core.pytest_plugin import describe, vector_tests
from reference.core.results import judge
from reference.core.vectors import load_cases


def reference_answer(case):
    return answer_case(case)["steps"]


test_domino_vectors_in_process = vector_tests(
    reference_answer, games=["dominoes"],
    options={"symmetric_points": ["distinct", "canonical"], "continuation_when_unable": ["draw", "end_turn"],
             "opening_continues": [True, False], "continuation": ["compulsory", "optional"]})


def test_a_wrong_answer_is_described_with_step_values_and_clauses():
    case = next(c for c in load_cases(["dominoes"]) if c["id"] == "dom-ex-settle-seventeen")
    steps = reference_answer({**case, "observe": []})
    steps[0]["scores"] = [24, 30]
    status, mismatch = judge(case, steps)
    assert status == "failed"
    text = describe(case, mismatch)
    assert "step 0 (settle): scores" in text and "[23, 30]" in text and "DOM-SETTLE-3" in text
