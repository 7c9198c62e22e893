"""How `horserace find` ranks (reference/core/find.py), on a toy catalog small enough to compute
every score by hand from the ranking its module describes:

- a word weighs its inverse document frequency, ln(1 + entries / entries holding the word);
- a word matched by its beginning ("win" for "wins") weighs PREFIX_WEIGHT (0.6) of that;
- a number in the query weighs NUMBER_WEIGHT (2) times as much; a rule deciding about the number
  (`numbers:`) weighs that again times 1.5, or times 0.5 when it decides about nearly every number
  (more than 90 of 0..99), with the number's own weight (or ln(1 + entries) when no passage prints
  it) as the base;
- an entry's score: the sum of its words' weights, times (0.5 + 0.5 * the share of the query's
  words it matched), times its kind's weight (a rule 1.0, a worked example 0.85).
"""

from __future__ import annotations

import dataclasses
from math import log

import pytest

from reference.core import find
from reference.core.catalog import Catalog, Clause, Example, NumberUse

TOY = Catalog(game="toy", title="toy", clauses={
    "TOY-1": Clause("TOY-1", "toy", "s", "red horse wins at 7", (),
                    numbers=(NumberUse("an uneven tally", min=0, max=99, not_multiple_of=5),)),
    "TOY-2": Clause("TOY-2", "toy", "s", "blue horse loses at 7", ()),
    "TOY-3": Clause("TOY-3", "toy", "s", "any tally counts", (), numbers=(NumberUse("every count", min=0),)),
    "TOY-4": Clause("TOY-4", "toy", "s", "green pony", ()),
}, examples={"TOY-X-1": Example("TOY-X-1", "toy", "red horse example at 7", ())})
ENTRIES = 5
# entries holding each word: red 2 (TOY-1, TOY-X-1), wins 1, 7 3 (TOY-1, TOY-2, TOY-X-1)
RED, WINS, SEVEN = log(1 + ENTRIES / 2), log(1 + ENTRIES / 1), log(1 + ENTRIES / 3)


@pytest.fixture()
def scores(monkeypatch):
    index = find.build_index([TOY])
    monkeypatch.setattr(find, "game_index", lambda names: index)

    def run(*terms: str) -> dict[str, float]:
        return {h.entry.id: h.score for h in find.search(list(terms), ["toy"], limit=20)}
    return run


def test_a_rarer_word_weighs_more_and_a_rule_ranks_above_an_example(scores):
    assert scores("red") == pytest.approx({"TOY-1": RED, "TOY-X-1": RED * 0.85})
    assert scores("wins") == pytest.approx({"TOY-1": WINS})


def test_an_entry_matching_part_of_the_query_is_scaled_by_the_share_it_matched(scores):
    assert scores("red", "wins") == pytest.approx({"TOY-1": (RED + WINS) * 1.0,
                                                   "TOY-X-1": RED * (0.5 + 0.5 * 1 / 2) * 0.85})


def test_a_word_matched_by_its_beginning_weighs_less(scores):
    assert scores("win") == pytest.approx({"TOY-1": 0.6 * WINS})


def test_a_number_weighs_more_and_finds_the_rules_that_decide_about_it(scores):
    assert scores("7") == pytest.approx({
        "TOY-1": SEVEN * 2 * 1.5,         # prints 7 (2 * SEVEN) and decides about it: the larger
        "TOY-2": SEVEN * 2,               # prints it
        "TOY-X-1": SEVEN * 2 * 0.85,
        "TOY-3": SEVEN * 2 * 0.5,         # decides about every number, does not print 7: below 1
    })


def test_a_number_no_passage_prints_weighs_as_the_rarest_word(scores):
    # 10 is a multiple of five: TOY-1's rule leaves it out; TOY-3's takes every number
    assert scores("10") == pytest.approx({"TOY-3": log(1 + ENTRIES) * 2 * 0.5})


def test_the_notes_name_each_rule_deciding_about_the_number(monkeypatch):
    index = find.build_index([TOY])
    monkeypatch.setattr(find, "game_index", lambda names: index)
    notes = {h.entry.id: h.number_notes for h in find.search(["7"], ["toy"])}
    assert notes == {"TOY-1": ("7: an uneven tally",), "TOY-2": (), "TOY-X-1": (), "TOY-3": ("7: every count",)}


def test_a_hits_passage_is_the_shared_index_s_and_cannot_be_changed(monkeypatch):
    """The index is built once per process (game_index is cached): a caller that changed a hit's
    passage would change every later search."""
    index = find.build_index([TOY])
    monkeypatch.setattr(find, "game_index", lambda names: index)
    [hit] = find.search(["wins"], ["toy"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.passage.text = "changed"


@pytest.mark.parametrize("use, weight", [
    (NumberUse("ninety of them", min=0, max=89), 1.5),          # 90 of 0..99: not more than 90
    (NumberUse("ninety-one of them", min=0, max=90), 0.5),
    (NumberUse("one", values=(17,)), 1.5)])
def test_nearly_every_number_means_more_than_ninety_of_0_to_99(use, weight):
    assert find.number_weight(use, 17) == weight
