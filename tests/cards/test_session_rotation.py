"""The `session` kind observes the next banker at the settlement that decides it (issue 32 item
5): an engine that passes the bank the wrong way diverges on `next_banker` at that step, charged
to the rotation clause (CRD-ROT-1), not first at the next lay (charged to the lay's clauses)."""

from __future__ import annotations

from reference.cards import GAME
from reference.cards.mutants import mutants
from reference.core.adapter import replay_case
from reference.core.results import judge
from reference.core.vectors import load_cases


def test_the_session_kind_observes_the_next_banker():
    assert "next_banker" in GAME.observation_keys["session"]


def test_a_bank_passed_counterclockwise_diverges_at_the_settlement_on_the_rotation_clause():
    sessions = [c for c in load_cases(["cards"], kinds=["session"]) if c["id"].startswith("crd-gen1-session-")]
    mutant = next(m for m in mutants() if m.name == "bank-counterclockwise")
    judged = 0
    for case in sessions:
        with mutant.patch():
            answer = replay_case(case)
        status, mismatch = judge(case, answer)
        if status == "passed":
            continue
        judged += 1
        step = mismatch["step"]
        events = [e["type"] for e in case["expected"][step].get("events", [])] if "events" in case["expected"][step] \
            else None
        assert case["expected"][step]["next_banker"] is not None, (case["id"], step)      # the settling step
        assert case["input"]["steps"][step]["action"].startswith("reveal"), (case["id"], step, events)
        assert "next_banker" in {d["key"] for d in mismatch["differences"]}, mismatch
        assert mismatch["clauses"] == ["CRD-ROT-1"], mismatch
    assert judged >= 3
