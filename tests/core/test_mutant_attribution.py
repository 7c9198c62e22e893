"""The measurement of attribution on misreadings (reference/core/mutant_attribution.py): the parts
the mutant table's test does not reach (the spread of attributed cases, a mutant whose top clause
is another's, the first `per_mutant` failures of a shuffled run, the leave-one-out of a generated mutant)."""

from __future__ import annotations

from contextlib import contextmanager
from types import SimpleNamespace

from reference.core import mutant_attribution
from reference.core.game import Mutant, get_game
from reference.core.generated_mutants import generated_mutants
from reference.core.mutant_attribution import Charge, MutantAttribution, generated_withheld, spread
from tests.core.test_attribution import answer, synthetic_case


def test_a_spread_steps_by_the_exact_fraction_not_a_rounded_one():
    # 10 items, 4 kept: a step of 2.5, so indices 0, 2.5, 5, 7.5 rounded down (a step of 2 would
    # leave the last quarter out)
    assert spread(list(range(10)), 4) == [0, 2, 5, 7]


def test_a_mutant_whose_top_clause_is_another_s_is_not_its_own():
    mutant = Mutant("scores", "settlement bonus lost", ("DOM-SETTLE-4",), lambda: None)
    row = MutantAttribution("dominoes", mutant,
                            charges=[Charge("dom-a", 1, ["DOM-TURN-1"], "footprint")] * 2)
    assert row.top == "DOM-TURN-1" and not row.own
    assert not MutantAttribution("dominoes", mutant).own          # nothing charged: no top clause
    row.charges = [Charge("dom-a", 1, ["DOM-SETTLE-4"], "footprint")]
    assert row.own


def test_a_shuffled_run_charges_per_mutant_failures_and_still_answers_every_case(monkeypatch):
    """Unshuffled, every failure is counted (the spread is taken over all of them); shuffled (a
    large population), only the first `per_mutant` failures are kept and charged, but every case
    is still answered: the cases the misreading passes, after its first failures as well, are
    evidence a run has (passed_cases), and a run answers every case."""
    active: list[bool] = []

    @contextmanager
    def installing():
        active.append(True)
        try:
            yield
        finally:
            active.clear()

    def replay(case):
        steps = answer(case)
        if active and case["id"] < "dom-synthetic-003":
            steps[1]["scores"] = [0, 0]
        return steps

    noted: list[str] = []
    monkeypatch.setattr(mutant_attribution, "replay_case", replay)
    monkeypatch.setattr(mutant_attribution.cf, "note_passed", lambda case: noted.append(case["id"]))
    cases = [synthetic_case(id=f"dom-synthetic-{i:03}") for i in range(6)]
    mutant = Mutant("scores", "settlement bonus lost", ("DOM-SETTLE-4",), installing)
    game = get_game("dominoes")
    whole = mutant_attribution.attribute_mutant(game, mutant, cases, counterfactual=False, per_mutant=1)
    assert whole.failures == 3 and len(whole.charges) == 1
    noted.clear()
    cut = mutant_attribution.attribute_mutant(game, mutant, cases, counterfactual=False, per_mutant=1, shuffled=True)
    assert cut.failures == 1 and len(cut.charges) == 1
    assert sorted(noted) == ["dom-synthetic-003", "dom-synthetic-004", "dom-synthetic-005"]


def test_a_generated_mutant_withholds_its_own_alteration_and_no_other():
    mutants = sorted(generated_mutants("dominoes"), key=lambda m: m.key)
    first, last = mutants[0], mutants[-1]
    withheld = generated_withheld(first.as_mutant())
    elsewhere = "no/such/site:0"
    assert withheld(SimpleNamespace(name=f"generated {first.key}", site=elsewhere))
    assert not withheld(SimpleNamespace(name=f"generated {last.key}", site=elsewhere))
    same_site = generated_withheld(first.as_mutant(), same_site=True)
    assert same_site(SimpleNamespace(name="some other alteration", site=f"{first.module}:{first.line}"))
    assert not same_site(SimpleNamespace(name=f"generated {last.key}", site=elsewhere))


def test_a_generated_mutant_owns_every_clause_of_the_block_two_markers_open():
    """layout.double_contribution returns a double's both halves under two markers,
    `# DOM-COUNT-1: ...` and `# DOM-COUNT-4: ...` (a double counts both halves while a long side
    is free; at the end of a line until its line goes on): a mutant of that `return` misreads
    both rules, so both are its own, and naming both names nothing but its own."""
    in_block = [m for m in generated_mutants("dominoes") if m.function == "double_contribution"
                and m.block in ("DOM-COUNT-1", "DOM-COUNT-4")]
    assert in_block
    mutant = in_block[0].as_mutant()
    assert set(mutant.clauses) == {"DOM-COUNT-1", "DOM-COUNT-4"}
    row = MutantAttribution("dominoes", mutant)
    assert row.named(Charge("c", 0, ["DOM-COUNT-1", "DOM-COUNT-4"], "counterfactual"), strict=True)
    assert row.named(Charge("c", 0, ["DOM-COUNT-4"], "counterfactual"), strict=True)
    assert not row.named(Charge("c", 0, ["DOM-COUNT-1", "DOM-COUNT-2"], "counterfactual"), strict=True)
    assert row.named(Charge("c", 0, ["DOM-COUNT-1", "DOM-COUNT-2"], "counterfactual"))
    assert not row.named(Charge("c", 0, [], "counterfactual"), strict=True)


def test_a_one_clause_misreading_is_named_strictly_only_by_its_clause_alone():
    mutant = Mutant("scores", "settlement bonus lost", ("DOM-SETTLE-4",), lambda: None)
    row = MutantAttribution("dominoes", mutant)
    assert row.named(Charge("c", 0, ["DOM-SETTLE-4"], "counterfactual"), strict=True)
    assert not row.named(Charge("c", 0, ["DOM-SETTLE-4", "DOM-SETTLE-2"], "counterfactual"), strict=True)
    assert row.named(Charge("c", 0, ["DOM-SETTLE-4", "DOM-SETTLE-2"], "counterfactual"))
    assert not row.named(Charge("c", 0, ["DOM-SETTLE-4", "DOM-SETTLE-2", "DOM-SETTLE-1", "DOM-TURN-1"],
                                "counterfactual"))


def test_the_summary_line_gives_each_share_over_the_misreadings_killed():
    """Two misreadings killed, one named (with ties and strictly), the other not: 50% each."""
    from reference.core.mutant_attribution import summary_table
    named = MutantAttribution("dominoes", Mutant("a", "", ("DOM-SETTLE-4",), lambda: None),
                              charges=[Charge("c", 0, ["DOM-SETTLE-4"], "counterfactual")])
    missed = MutantAttribution("dominoes", Mutant("b", "", ("DOM-SETTLE-2",), lambda: None),
                               charges=[Charge("c", 0, ["DOM-TURN-1"], "counterfactual")])
    line = next(l for l in summary_table([named, missed]) if l.startswith("dominoes"))
    assert line.split()[1:6] == ["2", "1", "(", "50%)", "1"], line
def test_the_worst_misses_come_least_named_first_then_the_most_failures():
    """The report's worst misses: the misreadings named right least often first; among equals,
    the one that failed more cases first (a bigger gap), then by name; only those charged and
    not named right in most of their failures, at most `count`."""
    from reference.core.mutant_attribution import worst_misses

    def row(name: str, failures: int, named: int, charged: int) -> MutantAttribution:
        mutant = Mutant(name, "a misreading", ("DOM-SETTLE-4",), lambda: None)
        charges = [Charge("dom-a", 1, ["DOM-SETTLE-4" if k < named else "DOM-TURN-1"], "footprint")
                   for k in range(charged)]
        return MutantAttribution("dominoes", mutant, failures=failures, charges=charges)

    rows = [row("a-few", 3, 0, 3), row("b-many", 9, 0, 3), row("c-third", 6, 1, 3), row("d-right", 9, 3, 3),
            row("e-uncharged", 9, 0, 0), row("f-many-too", 9, 0, 3)]
    assert [r.mutant.name for r in worst_misses(rows)] == ["b-many", "f-many-too", "a-few", "c-third"]
    assert [r.mutant.name for r in worst_misses(rows, count=1)] == ["b-many"]


def test_a_charge_beside_look_alikes_only_counts_as_named_as_well_as_the_vectors_allow():
    """`alike`: strictly named, or every other clause charged is a look-alike's; a clause charged
    that no look-alike holds still counts against it."""
    from reference.core.mutant_attribution import summary_table
    mutant = Mutant("m", "", ("CRD-BET-3",), lambda: None)
    beside = Charge("c", 0, ["CRD-BET-3", "CRD-BET-5"], "counterfactual")
    row = MutantAttribution("cards", mutant, charges=[beside, beside])
    assert not row.named_right(strict=True) and not row.alike_right()
    row.look_alikes = {"negate betting.x": ("CRD-BET-5",)}
    assert row.alike(beside) and row.alike_right()
    assert not row.alike(Charge("c", 0, ["CRD-BET-3", "CRD-BET-4"], "counterfactual"))
    assert row.alike(Charge("c", 0, ["CRD-BET-5"], "counterfactual"))     # as right as the vectors allow
    lines = summary_table([row], look_alikes=True)
    line = next(l for l in lines if l.startswith("cards"))
    assert line.split()[-3:] == ["1", "(", "100%)"], line
    assert any("m ~ negate betting.x (CRD-BET-5)" in l for l in lines)


def test_an_alteration_that_answers_one_case_otherwise_is_no_look_alike():
    """answers_alike replays every case with the alteration installed and compares what a runner
    compares: the reference unaltered answers its own cases alike; one step changed in one case
    (a refusal where it answered) is told apart."""
    from contextlib import nullcontext

    from reference.core.adapter import replay_case
    from reference.core.counterfactual import Alteration
    from reference.core.mutant_attribution import answers_alike, as_answered
    from reference.core.vectors import load_cases
    game = get_game("dominoes")
    cases = load_cases(["dominoes"])[:3]
    answers = {case["id"]: as_answered(replay_case(case)) for case in cases}
    nothing = Alteration("nothing", ("DOM-TURN-1",), "decision", "nowhere", nullcontext)
    assert answers_alike(game, nothing, cases, answers)
    first = cases[0]["id"]
    numbers = [k for k, v in answers[first][0].items() if type(v) is int]
    assert numbers          # a whole number answered as a float is another answer (type-exact, as the runner)
    floated = dict(answers, **{first: [dict(answers[first][0], **{numbers[0]: float(answers[first][0][numbers[0]])})]
                               + answers[first][1:]})
    assert not answers_alike(game, nothing, cases, floated)
    last = cases[-1]["id"]
    answers[last] = answers[last][:-1] + [{"error": "refused"}]
    assert not answers_alike(game, nothing, cases, answers)


def test_a_misreading_the_vectors_cannot_tell_from_another_clauses_names_its_look_alike():
    """CRD-BET-3 misread with its loop's test turned round (`not (len(seats) < players - 1)`):
    with three players or more, the bettors' order stops at the first bettor, so the betting
    closes after the first choice, which is also what CRD-BET-5 read without its `if
    race.waiting:` does (the betting closed after every choice). On these cases the two answer
    alike: the charge beside CRD-BET-5 is as right as the cases allow, and says which
    alteration no case tells apart."""
    from reference.core.vectors import load_cases
    game = get_game("cards")
    found = next(m for m in generated_mutants("cards") if m.key == "seating:bettors_in_order:negate:a7e1d456:0")
    mutant = found.as_mutant()
    cases = [c for c in load_cases(["cards"]) if c["kind"] == "race"][:40]
    row = mutant_attribution.attribute_mutant(game, mutant, cases, per_mutant=2,
                                              withheld=generated_withheld(mutant), look_alikes=True)
    assert row.charges and not row.named_right(strict=True), [c.clauses for c in row.charges]
    assert any("CRD-BET-5" in clauses for clauses in row.look_alikes.values()), row.look_alikes
    assert row.alike_right()
