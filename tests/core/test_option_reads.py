"""Which options a replay reads (reference/core/options.py): generation skips the replays under
another value of an option the case's own replay never read. These tests check the recording
itself and that skipping never changes a case's derived flags."""

from __future__ import annotations

import dataclasses
import json

import pytest

from reference.core import vectors
from reference.core.game import get_game
from reference.core.options import OptionReads, tracking_option_reads, watched
from reference.core.vectors import alternative_options, derived_flags, expected_observations, load_cases
from tests.games import game_names, kinds_of, skip_without_kinds


@dataclasses.dataclass(frozen=True)
class Sample:
    colour: str = "red"
    size: int = 2

    def as_tuple(self) -> tuple:
        return (self.colour, self.size)


def test_outside_tracking_the_options_are_returned_as_they_are():
    options = Sample()
    assert watched(options) is options


def test_each_field_read_is_recorded_and_no_other():
    with tracking_option_reads() as reads:
        options = watched(Sample("blue"))
        assert options.colour == "blue"
    assert reads.engaged and reads.names == {"colour"}
    assert reads.may_skip("size") and not reads.may_skip("colour")


def test_a_watched_copy_behaves_as_the_options_and_reads_all_when_compared_or_hashed():
    plain = Sample("blue", 3)
    for use in (lambda o: o == plain, lambda o: hash(o) == hash(plain), lambda o: o.as_tuple(),
                lambda o: repr(o) == repr(plain), lambda o: vars(o)["size"]):
        with tracking_option_reads() as reads:
            options = watched(plain)
            assert use(options)
        assert reads.names == {"colour", "size"}
    with tracking_option_reads() as reads:
        options = watched(plain)
        assert isinstance(options, Sample) and options != Sample("blue", 4)
        # a changed copy (dataclasses.replace) still records what is read of it
        changed = dataclasses.replace(options, size=5)
    assert changed.size == 5 and changed == Sample("blue", 5)


def test_a_copy_made_from_the_options_records_its_reads_too():
    with tracking_option_reads() as reads:
        changed = dataclasses.replace(watched(Sample()), colour="green")
        reads.names.clear()                           # replace read every field: start afresh
        assert changed.size == 2
    assert reads.names == {"size"}


def test_options_that_cannot_be_watched_forbid_every_skip():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        colour: str = "red"

    with tracking_option_reads() as reads:
        options = watched(Slotted())
        assert options.colour == "red"
    assert not reads.may_skip("colour") and not reads.may_skip("size")


def test_without_watched_options_nothing_is_skipped():
    with tracking_option_reads() as reads:
        pass
    assert not reads.engaged and not reads.may_skip("anything")


def replay_reads(game, case) -> tuple[list, OptionReads]:
    with tracking_option_reads() as reads:
        expected, _ = expected_observations(game, case)
    return expected, reads


@pytest.mark.parametrize("name", game_names())
def test_each_game_passes_its_options_through_watched(name):
    skip_without_kinds(name)
    case = load_cases([name], kinds=kinds_of(name)[:1])[0]
    assert replay_reads(get_game(name), case)[1].engaged, f"{name}'s replay passes its options through watched"


def test_a_replay_records_the_options_it_reads_and_no_other():
    dominoes = get_game("dominoes")
    layout = load_cases(["dominoes"], kinds=["layout"])[0]
    _, reads = replay_reads(dominoes, layout)
    assert reads.engaged and reads.names == set(), "a layout case reads no option"
    [match] = load_cases(["dominoes"], wanted=lambda case_id: case_id == "dom-match-three-players")
    _, reads = replay_reads(dominoes, match)
    assert "symmetric_points" in reads.names, "every placement offered reads DOM-INT-2's option"
    assert "opening_continues" not in reads.names, "its opening tile scores nothing: DOM-INT-4 is not asked"
    odds = load_cases(["horse_fever"], kinds=["odds"])[0]
    _, reads = replay_reads(get_game("horse_fever"), odds)
    assert reads.engaged and reads.names == set(), "the odds table reads no option"


@pytest.mark.parametrize("name", game_names())
def test_skipping_unread_options_never_changes_the_derived_flags(name, monkeypatch):
    """Per game, every 25th case of the vector files: the flags with the skips equal the
    flags with every alternative replayed, and some alternatives were skipped. A replay both
    ask for (the case under the same options) is made once: only the skipped ones differ."""
    skip_without_kinds(name)
    game = get_game(name)
    made: dict[tuple[str, str], bool] = {}
    replay_differs = vectors.replay_differs

    def replayed_once(game, case, keys, reference):
        key = (case["id"], json.dumps(case["options"], sort_keys=True))
        if key not in made:
            made[key] = replay_differs(game, case, keys, reference)
        return made[key]

    monkeypatch.setattr(vectors, "replay_differs", replayed_once)
    skipped = 0
    for case in load_cases([name])[::25]:
        expected, reads = replay_reads(game, case)
        alternatives = alternative_options(game, dict(case.get("options") or {}))
        skipped += sum(reads.may_skip(option) for option, _, _ in alternatives)
        assert derived_flags(game, case, expected, reads) == derived_flags(game, case, expected), case["id"]
    assert skipped > 0 or not game.option_defaults
