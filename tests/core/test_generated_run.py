"""Running the generated mutants (reference/core/generated_run.py) and their register of
equivalents (reference/core/equivalent_mutants.py, reference/<game>/equivalent_mutants.yaml).

The full population runs in `horserace mutants --generated` (minutes); here a seeded sample of a
few dozen must be killed or listed, every listed entry must name a mutant of today's rules, and
no mutant may change what the adapter offers or the defaults the runner assumes."""

from __future__ import annotations

import sys

import pytest

from reference.core import generated_mutants as gm
from reference.core.equivalent_mutants import REASONS, Equivalent, load_register, register_problems
from reference.core.game import all_games
from reference.core.generated_run import KILLED, SURVIVED, advertised, run_generated
from tests.games import skip_without_kinds

GAMES = sorted(all_games())
SAMPLE_PER_GAME = 12
SAMPLE_SEED = 25


# -- the register ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_listed_equivalent_names_a_mutant_of_todays_rules(game):
    register = load_register(game)
    assert all(entry.reason in REASONS for entry in register.values())
    problems = register_problems(register, gm.generated_mutants(game))
    assert not problems, "\n".join(problems)


def test_a_stale_entry_is_reported():
    mutant = gm.generated_mutants("cards")[0]
    register = {
        "track:gone:cmp:00000000:0": Equivalent("track:gone:cmp:00000000:0", "a -> b", "unreachable", "x" * 10, "f:1"),
        mutant.key: Equivalent(mutant.key, "not what it changes", "same-result", "x" * 10, "f:2"),
    }
    problems = register_problems(register, gm.generated_mutants("cards"))
    assert len(problems) == 2
    assert "names no generated mutant" in problems[0] and "f:1" in problems[0]
    assert f"changes '{mutant.change}'" in problems[1]


# -- a seeded sample: killed, or listed with its reason ---------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_sample_is_killed_or_listed(game):
    skip_without_kinds(game)
    every = gm.generated_mutants(game)
    chosen = gm.sample(every, SAMPLE_PER_GAME, SAMPLE_SEED)
    register = load_register(game)
    results = run_generated(chosen, workers=1, reach=False)
    wrong = []
    for result in results:
        listed = result.mutant.key in register
        if result.status == KILLED and listed:
            wrong.append(f"{result.mutant.name} is listed as equivalent but {result.killer} kills it")
        elif result.status == SURVIVED and not listed:
            wrong.append(f"{result.mutant.name} survives and is not listed: {result.mutant.describe()}")
        elif result.status not in (KILLED, SURVIVED):
            wrong.append(f"{result.mutant.name}: {result.status}: {result.note}")
    assert not wrong, "\n".join(wrong)
    assert len(results) == min(SAMPLE_PER_GAME, len(every)) > 0    # a game with few rules has fewer


# -- what the adapter offers cannot be changed by a mutant ------------------------------------------

def test_the_hello_and_the_runners_defaults_run_no_rule_code():
    """A mutant inside a rule function cannot change what the adapter offers or the defaults the
    runner assumes: neither runs any rules code (they read the interpretations register)."""
    from reference.core import runner
    rules_files = {str(gm._module_path(m)) for game in GAMES for m in gm.rules_modules(game)}
    ran: set[str] = set()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename in rules_files:
            ran.add(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    runner._register_defaults.cache_clear()
    sys.setprofile(profile)
    try:
        for game in GAMES:
            advertised(game)
    finally:
        sys.setprofile(None)
    assert not ran, sorted(ran)


def test_the_odds_table_mutants_leave_the_offer_alone_and_are_killed():
    """Issue 25: four mutants of the posted odds table changed the options the adapter offers,
    and the runner skipped nearly every case. The runner now takes the defaults from the
    register, and each such mutant is judged (and killed) like any other."""
    table = [m for m in gm.generated_mutants("cards") if m.module.endswith(".odds") and m.function == "<module>"]
    assert len(table) >= 10                     # five entries of SUGGESTED_ODDS, each +1 and -1
    before = advertised("cards")
    results = run_generated(table, workers=1, reach=False)
    assert [r.status for r in results] == [KILLED] * len(table), [(r.mutant.change, r.status, r.note) for r in results]
    assert advertised("cards") == before


def odds_mutant() -> gm.GeneratedMutant:
    """A mutant of the posted odds table: module scope (the package is imported again), killed."""
    mutant = next(m for m in gm.generated_mutants("cards") if m.module.endswith(".odds") and m.function == "<module>")
    assert mutant.scope == gm.MODULE
    return mutant


def test_a_module_scope_mutant_whose_hello_changes_is_set_apart_not_judged(monkeypatch):
    """Code that runs at import could change the offer: a module-scope mutant is first asked its
    hello, and one that differs from the reference's is reported as ADVERTISES, not run."""
    from reference.core import generated_run
    calls = []

    def changing(game_name):                # the reference's hello first (in this process), then another
        calls.append(game_name)
        return {"call": len(calls)}

    monkeypatch.setattr(generated_run, "advertised", changing)
    (result,) = run_generated([odds_mutant()], workers=1, reach=False)
    assert result.status == generated_run.ADVERTISES and result.cases_run == 0


def test_a_worker_count_below_one_runs_the_mutants_one_at_a_time():
    """`horserace mutants --generated --jobs N` passes N as given (0: one per core); a count
    below one still runs every mutant, one at a time, instead of none."""
    (result,) = run_generated([odds_mutant()], workers=-1, reach=False)
    assert result.status == KILLED
