"""Derived flags on the committed vectors: a case whose expectations change under another
reading of an optioned interpretation carries that interpretation's flag, so skipping the flag
(`--skip-flag`) removes every case that depends on the reading.

The check replays each committed case once per alternative option value, in process, and
compares the replay with the committed expectations on the keys each step checks. It reads the
alternatives from the register and does its own comparison, not the generator's. Its replays
leave the narratives empty (no vector holds one) and share nothing between them: unlike the
generator's, each builds its case's setup afresh under its own options.
"""

from __future__ import annotations

import io
import json
import pickle
from typing import Any

import pytest

from reference.core.catalog import load_catalog
from reference.core.errors import HorseRaceError
from reference.core.game import CaseInput, all_games, get_game
from reference.core.paths import REPO_ROOT
from reference.core.replay_context import without_narration
from reference.core.runner import Selection
from reference.core.scenario import load_scenario
from reference.core.vectors import load_cases

ABSENT = "<absent>"


def canonical(value: Any) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value, sort_keys=True)


def unshared_pickle(value: Any) -> bytes | None:
    """The value pickled with no memo (a part met twice is written twice), or None when it does
    not pickle so. Equal bytes mean the same values of the same types in the same order: the
    same canonical JSON. Several times quicker to write than that JSON."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, 5)
    pickler.fast = True
    try:
        pickler.dump(value)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None
    return buffer.getvalue()


class Committed:
    """A committed step's expectation, compared type-exactly as canonical JSON; the JSON is
    written only when the quick test (the same unshared pickle) does not already say "same"."""

    def __init__(self, step: dict[str, Any]):
        self.step = step
        self.pickled = unshared_pickle(step)
        self.json: str | None = None

    def same_as(self, observed: dict[str, Any]) -> bool:
        if self.pickled is not None and unshared_pickle(observed) == self.pickled:
            return True
        if self.json is None:
            self.json = canonical(self.step)
        return canonical(observed) == self.json


def differs(game, case: dict[str, Any], options: dict[str, Any], committed_steps: list[Committed]) -> bool:
    """Whether the case replayed under these options differs from its committed expectations
    (`committed_steps`: each step's), each step cut to the keys the case checks there:
    an input that does not even replay, another number of steps, or a step observed otherwise.
    Stops at the first step that differs."""
    steps, expected = case["input"]["steps"], case["expected"]
    seen = 0
    try:
        with without_narration():
            for outcome in game.replay(CaseInput(case["kind"], case["input"]["setup"], steps, options,
                                                 refusals_are_results=True)):
                if seen >= len(steps):
                    return True
                o, committed = outcome.observation, expected[seen]
                observed = {"error": o["error"]} if "error" in o else \
                    {k: o.get(k, ABSENT) for k in committed if k != "error"}
                if not committed_steps[seen].same_as(observed):
                    return True
                seen += 1
    except HorseRaceError:
        return True
    return seen != len(steps)


def readings(game_name: str) -> dict[str, tuple[list[Any], set[str]]]:
    """option name -> (every value the register names for it, the flags of its interpretations)."""
    out: dict[str, tuple[list[Any], set[str]]] = {}
    for i in load_catalog(game_name).interpretations.values():
        if i.option:
            values, flags = out.setdefault(i.option["name"], ([], set()))
            for v in (i.option["default"], *i.option_alternatives):
                if canonical(v) not in map(canonical, values):
                    values.append(v)
            flags.add(i.flag)
    return out


class Explanations:
    """Per case, the flags its situations (the game's flags_for) or its scenario give it, which
    hold whatever its replays under other readings show; each part worked out once, when asked."""

    def __init__(self, game):
        self.game = game
        self.flag_of = {i.id: i.flag for i in load_catalog(game.name).interpretations.values()}
        self.situations: dict[str, set[str]] = {}
        self.scenarios: dict[str, set[str]] = {}

    def explain(self, case: dict[str, Any], flags: set[str]) -> bool:
        """Whether the situations or the scenario give the case every flag of `flags`."""
        cid = case["id"]
        if cid not in self.situations:
            self.situations[cid] = set(self.game.flags_for(case)) if self.game.flags_for else set()
        if flags <= self.situations[cid]:
            return True
        return flags <= self.situations[cid] | self.scenario(case)

    def scenario(self, case: dict[str, Any]) -> set[str]:
        cid = case["id"]
        if cid not in self.scenarios:
            self.scenarios[cid] = {self.flag_of[i] for i in load_scenario(REPO_ROOT / case["origin"]).interpretations} \
                if case.get("origin") else set()
        return self.scenarios[cid]

    def unexplained(self, case: dict[str, Any], flags: set[str]) -> set[str]:
        return {f for f in flags if not self.explain(case, {f})}


@pytest.fixture(scope="module", params=list(all_games()))
def dependence(request):
    """(game, committed cases, {flag: ids of the cases whose expectations change under another
    reading}, the cases' Explanations). A case that carries every flag of an option, each given
    it by its situations or its scenario, is not replayed under that option's other values: none
    of the tests below could fail on it whatever the replays show (it carries the flags, and they
    need no dependence behind them), and the skip test checks every case carrying a flag."""
    game = get_game(request.param)
    cases = load_cases([game.name], validate=False)
    assert cases, f"no committed vectors for {game.name}: a check that compares nothing does not pass"
    options = readings(game.name)
    explanations = Explanations(game)
    depends: dict[str, set[str]] = {flag: set() for _, flags in options.values() for flag in flags}
    for case in cases:
        own = dict(case.get("options") or {})
        committed_steps = [Committed(step) for step in case["expected"]]
        for name, (values, flags) in options.items():
            if flags <= set(case["flags"]) and explanations.explain(case, flags):
                continue
            current = own.get(name, game.option_defaults[name])
            for value in values:
                if canonical(value) == canonical(current):
                    continue
                if differs(game, case, {**own, name: value}, committed_steps):
                    for flag in flags:
                        depends[flag].add(case["id"])
                    break
    return game, cases, depends, explanations


def test_every_case_that_depends_on_a_reading_carries_its_flag(dependence):
    game, cases, depends, _ = dependence
    assert {c["kind"] for c in cases} == set(game.observation_keys), \
        f"{game.name}: every kind, probes included, is replayed under every other option value"
    flags = {c["id"]: set(c["flags"]) for c in cases}
    missing = sorted((cid, flag) for flag, ids in depends.items() for cid in ids if flag not in flags[cid])
    assert not missing, f"{game.name}: cases that depend on a reading but lack its flag: {missing[:20]}"


def test_skipping_a_flag_removes_every_dependent_case(dependence):
    """... and every case that carries the flag."""
    game, cases, depends, _ = dependence
    for flag, ids in depends.items():
        kept = {c["id"] for c in cases if Selection(skip_flags=[flag]).keep({**c, "game": game.name})}
        assert not kept & ids, f"--skip-flag {flag} keeps {sorted(kept & ids)[:5]}"
        carrying = {c["id"] for c in cases if flag in c["flags"]}
        assert not kept & carrying, f"--skip-flag {flag} keeps cases flagged {flag}: {sorted(kept & carrying)[:5]}"


def test_a_flag_beyond_the_dependent_cases_comes_from_a_situation_rule_or_the_scenario(dependence):
    """Skipping a flag removes the dependent cases and, besides them, only cases the game's
    situation rules flag (the situations where a reading no option value replays would differ,
    kept on purpose) or whose scenario names the interpretation. Nothing else."""
    game, cases, depends, explanations = dependence
    unexplained = []
    for case in cases:
        extra = {f for f, ids in depends.items() if f in case["flags"] and case["id"] not in ids}
        if not extra:
            continue
        unexplained += [(case["id"], f) for f in sorted(explanations.unexplained(case, extra))]
    assert not unexplained, f"{game.name}: flags with no dependence, situation or scenario behind them: {unexplained[:10]}"


@pytest.mark.parametrize("case_id", ["crd-ex-eighth-diamond", "crd-race-betting-rules", "crd-race-eleven-players",
                                     "crd-race-same-winner-paid-each", "crd-race-track-cards-never-move",
                                     "crd-session-three-players"])
def test_the_card_cases_that_check_gross_liability_carry_bank_cover_gross(case_id):
    """Found by reading: each checks the gross `liability`, which the net reading changes."""
    case = next(c for c in load_cases(["cards"], validate=False) if c["id"] == case_id)
    assert "bank-cover-gross" in case["flags"]


def test_both_odds_cards_on_a_horse_near_the_edge_carry_the_clamp_flag():
    """hf-gen1-race-014: Alfio Allibratore and Steven Sting on white at 1:3 - together nothing
    changes; one after the other 1:3 -> 1:2 -> 1:4 (HF-INT-7)."""
    case = next(c for c in load_cases(["horse_fever"], validate=False) if c["id"] == "hf-gen1-race-014")
    assert {15, 19} <= set(case["input"]["setup"]["cards"]["white"]) and case["input"]["setup"]["odds"]["white"] == 3
    assert "odds-card-clamp" in case["flags"]


def test_situation_flags_are_found_in_every_kind_probes_included():
    """The readings no option value replays are flagged by the situations that arose (the game's
    flags_for), and in every kind that can hold them: issue 25 found 86 domino probes holding a
    blocked round without block-immediate (DOM-INT-6) and 36 offering a drawn tile several points
    without drawn-tile-point-choice (DOM-INT-8), because only match cases were looked at. The
    situations are read here off the committed expectations, as the register states them, in
    every kind where play decides them (a settlement case is given its blocked end as input)."""
    missing = []
    for case in load_cases(["dominoes"], validate=False):
        if case["kind"] == "settlement":
            continue
        for step in case["expected"]:
            if any(isinstance(e, dict) and e.get("type") == "round_blocked" for e in step.get("events", [])) \
                    and "block-immediate" not in case["flags"]:
                missing.append((case["id"], "block-immediate"))
            if step.get("phase") == "place_drawn" and len(step.get("legal_actions", [])) > 1 \
                    and "drawn-tile-point-choice" not in case["flags"]:
                missing.append((case["id"], "drawn-tile-point-choice"))
    assert not missing, f"{len(missing)} cases lack a situation flag: {sorted(set(missing))[:10]}"
    kinds = {c["kind"] for c in load_cases(["dominoes"], validate=False) if "block-immediate" in c["flags"]}
    assert {"match", "probe"} <= kinds
