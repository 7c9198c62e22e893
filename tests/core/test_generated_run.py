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
    chosen = gm.sample(gm.generated_mutants(game), SAMPLE_PER_GAME, SAMPLE_SEED)
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
    assert len(results) == SAMPLE_PER_GAME


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
