"""The mutation self-check runs in CI: every misreading is killed, in process (the fast path)
and, for one mutant, as a real implementation through the runner protocol; there are at least
90 of them, each killed by at least three cases (one killing case is a pin one edit can lose)."""

from contextlib import nullcontext
from functools import lru_cache

import pytest

from horserace_cli.main import main
from reference.core import vectors
from reference.core.game import Mutant, all_games, get_game
from reference.core.mutation import (clear_engine_caches, engine_caches, focused_first, likely_killers_first,
                                     run_mutant, run_mutants_in_process, verdict)
from reference.core.vectors import load_cases

MIN_MUTANTS = 90
MIN_KILLERS = 3


@lru_cache(maxsize=None)
def game_cases(game: str) -> tuple:
    """A game's cases in file order, loaded once for the tests of this process (which must not
    change them)."""
    return tuple(load_cases([game]))


@lru_cache(maxsize=None)
def focused_cases(game: str) -> tuple:
    """game_cases in the order every mutant's likeliest killers keep within their groups."""
    return tuple(focused_first(list(game_cases(game))))


def settlements() -> list:
    return [case for case in game_cases("dominoes") if case["kind"] == "settlement"]


@pytest.mark.parametrize("game", [name for name, g in all_games().items() if g.mutants])
def test_every_mutant_is_killed(game, capsys, monkeypatch):
    # the command reads the game's cases as game_cases does: the copy this process already read
    # (test_via_protocol_flag_reports_a_kill runs the command with its own reading)
    monkeypatch.setattr(vectors, "load_cases",
                        lambda games, *args, **kwargs: list(game_cases(game)) if (games, args, kwargs) == ([game], (), {})
                        else load_cases(games, *args, **kwargs))
    code = main(["mutants", "--game", game])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert "SURVIVED" not in out
    assert f"{len(all_games()[game].mutants())} of {len(all_games()[game].mutants())} mutants killed" in out


def test_a_mutant_that_changes_nothing_survives_and_fails_the_run():
    """The verdict is not 'killed' by default: a mutant that reads the rules right survives."""
    game = get_game("dominoes")
    harmless = Mutant("reads-the-rules-right", "no change", ("DOM-SETTLE-1",), nullcontext)
    real = game.mutants()[:2]
    results = run_mutants_in_process([(game, harmless, settlements()[:20])]
                                     + [(game, m, list(game_cases("dominoes"))) for m in real], workers=2)
    assert [r.mutant.name for r in results] == ["reads-the-rules-right"] + [m.name for m in real]
    assert not results[0].killed and results[0].cases_run == 20 and not results[0].errored
    assert all(r.killed for r in results[1:])


def test_full_keeps_the_whole_kill_table_and_the_default_stops_at_the_first_kill():
    game = get_game("dominoes")
    mutant = next(m for m in game.mutants() if m.name == "tied-winners-split")
    cases = settlements()
    fast, full = (run_mutants_in_process([(game, mutant, cases)], full=flag, workers=1)[0]
                  for flag in (False, True))
    assert len(fast.killers) == 1 and fast.cases_run <= len(cases)
    assert full.cases_run == len(cases) and len(full.killers) > 1
    assert set(fast.killers) <= set(full.killers)


def test_one_mutant_is_killed_through_the_runner_protocol():
    """The fast path's verdict agrees with the real thing: the adapter process with the mutant
    installed, driven by the runner, fails the same first case."""
    game = get_game("dominoes")
    mutant = game.mutants()[0]
    cases = list(game_cases("dominoes"))
    through = run_mutant(game, mutant, cases, timeout=20.0, full=False)
    fast = run_mutants_in_process([(game, mutant, cases)], workers=1)[0]
    assert through.killed and through.killers == fast.killers
    assert through.cases_run == fast.cases_run


def test_via_protocol_flag_reports_a_kill(capsys):
    name = get_game("cards").mutants()[0].name
    assert main(["mutants", "--game", "cards", "--mutant", name, "--via-protocol"]) == 0
    assert "1 of 1 mutants killed" in capsys.readouterr().out


def test_mutant_lists_name_their_clauses():
    from reference.core.catalog import load_catalog
    for name, game in all_games().items():
        if not game.mutants:
            continue
        catalog = load_catalog(name)
        mutants = game.mutants()
        assert len({m.name for m in mutants}) == len(mutants)
        for mutant in mutants:
            # a clause of the catalog or a point of the interpretations register (a refusal
            # mutant names the convention that a refused action changes nothing)
            known = set(catalog.clauses) | set(catalog.interpretations)
            assert mutant.clauses and set(mutant.clauses) <= known, mutant.name


def test_likeliest_killers_are_tried_first():
    """A refusal mutant's cases with a refused step first; then (within that group too) the
    cases naming the mutant's clauses; within a group the hand-written scenarios first, then
    the cases naming fewer clauses, then short ones, the given order between equals; every
    case is kept."""
    def case(id_, clauses, steps, refused=False, scenario=False):
        made = {"id": id_, "clauses": clauses, "flags": ["illegal-action"] if refused else [],
                "refusal_clause": "X-INT-1", "input": {"steps": [{}] * steps}}
        if scenario:
            made["origin"] = f"vectors/scenarios/x/{id_}.yaml"
        return made

    cases = [case("other", ["X-2"], 1), case("named-long", ["X-1"], 9), case("refused-other", ["X-2"], 5, True),
             case("named-short", ["X-1"], 2), case("named-broad", ["X-1", "X-3"], 1),
             case("named-scenario", ["X-1", "X-3", "X-4"], 12, scenario=True),
             case("refused-named", ["X-1"], 7, True), case("named-short-too", ["X-1"], 2),
             case("other-scenario", ["X-2"], 3, scenario=True)]
    refusal = Mutant("refusal", "", ("X-1", "X-INT-1"), nullcontext)
    plain = Mutant("plain", "", ("X-1",), nullcontext)
    assert [c["id"] for c in likely_killers_first(refusal, cases)] == [
        "refused-named", "refused-other", "named-scenario", "named-short", "named-short-too", "named-long",
        "named-broad", "other-scenario", "other"]
    assert [c["id"] for c in likely_killers_first(plain, cases)] == [
        "named-scenario", "named-short", "named-short-too", "refused-named", "named-long", "named-broad",
        "other-scenario", "other", "refused-other"]


def test_what_a_rule_computes_is_forgotten_between_mutants_and_data_read_from_files_is_kept():
    """A memoised result of the rules (the cards' exact win probabilities) is emptied for each
    mutant; the Horse Fever component data, read from its data files alone, is kept."""
    from reference.cards.exact import _win_probabilities
    from reference.horse_fever.component_data import load_components
    assert _win_probabilities in engine_caches(get_game("cards"))
    assert load_components not in engine_caches(get_game("horse_fever"))
    load_components()
    clear_engine_caches(get_game("horse_fever"))
    assert load_components.cache_info().currsize == 1


def test_enough_mutants():
    total = sum(len(g.mutants()) for g in all_games().values() if g.mutants)
    assert total >= MIN_MUTANTS


def first_killers(game, mutant, cases, wanted):
    """Up to `wanted` cases the mutant fails, judged as the runner judges (a case it crashes on
    does not count)."""
    killers = []
    clear_engine_caches(game)
    try:
        with mutant.patch():
            clear_engine_caches(game)
            for case in cases:
                if verdict(case) == "failed":
                    killers.append(case["id"])
                    if len(killers) == wanted:
                        break
    finally:
        clear_engine_caches(game)           # nothing the mutant computed outlives it
    return killers


MUTANTS = [(name, m.name) for name, g in all_games().items() if g.mutants for m in g.mutants()]


@pytest.mark.parametrize("game, name", MUTANTS, ids=[f"{game}-{name}" for game, name in MUTANTS])
def test_every_mutant_is_killed_by_three_cases(game, name):
    """Whether three killing cases exist does not depend on the order they are tried in: the
    likeliest killers first (a refusal mutant's cases with a refused step, then the cases
    naming its clauses; scenarios, focused cases and short ones first), then the rest."""
    mutant = next(m for m in all_games()[game].mutants() if m.name == name)
    cases = likely_killers_first(mutant, list(focused_cases(game)), focused=True)
    killers = first_killers(get_game(game), mutant, cases, MIN_KILLERS)
    assert len(killers) >= MIN_KILLERS, f"{name} is killed by fewer than {MIN_KILLERS} cases: {killers}"
