"""Rule probes (vectors/dominoes/probe.json): per clause at least PER_CLAUSE short cases whose
FIRST step applies it, each from a position of random play, never through a round's opening
(except for the opening clauses); generated deterministically (test_vectors.py: the committed
probe.json is byte-identical to a fresh generation)."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from reference.core.catalog import load_catalog
from reference.core.paths import VECTORS_DIR
from reference.dominoes.probes import NOT_PROBED, OPENING_CLAUSES, PER_CLAUSE

# Tied blocked rounds are rare in random play (a block, then equal lowest sums); see README.
BELOW_QUOTA = {"DOM-TIE-1", "DOM-TIE-2", "DOM-MATCH-4"}
ID = re.compile(r"^dom-probe2-(dom-[a-z]+-[0-9]+)-([0-9]{3})$")


@pytest.fixture(scope="module")
def probes():
    return json.loads((VECTORS_DIR / "dominoes" / "probe.json").read_text(encoding="utf-8"))["cases"]


def target(case) -> str:
    return ID.match(case["id"]).group(1).upper()


def test_every_probe_first_step_applies_its_clause_from_a_position(probes):
    for case in probes:
        assert ID.match(case["id"]), case["id"]
        assert case["kind"] == "probe"
        assert target(case) in case["step_clauses"][0], case["id"]
        steps = case["input"]["steps"]
        assert 1 <= len(steps) <= 3
        assert all(step["action"] not in ("deal", "settle") for step in steps), case["id"]
        position = case["input"]["setup"]["position"]
        if target(case) not in OPENING_CLAUSES:
            assert position["layout"], f"{case['id']} passes through a round's opening"


def test_per_clause_counts(probes):
    counts = Counter(target(case) for case in probes)
    probed = set(load_catalog("dominoes").clauses) - NOT_PROBED
    for clause in sorted(probed - BELOW_QUOTA):
        assert counts[clause] >= PER_CLAUSE, (clause, counts[clause])
    for clause in BELOW_QUOTA:
        assert counts[clause] >= 1, clause
    assert set(counts) <= probed
