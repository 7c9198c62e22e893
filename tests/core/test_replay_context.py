"""What a game's replay may skip or keep (reference/core/replay_context.py), as its docstring states
it: within one case's vector replays a step's narrative is left empty and what the replays build
may be kept for the case's next replay (one memo, shared by nested replays, gone afterwards);
outside them every replay narrates and keeps nothing; `without_narration()` narrates nothing and
keeps nothing."""

from __future__ import annotations

import pytest

from reference.core.replay_context import narrating, replay_memo, vector_replays, without_narration


def test_outside_every_replay_narrates_and_keeps_nothing():
    assert narrating() is True
    assert replay_memo() is None


def test_a_cases_vector_replays_narrate_nothing_and_share_one_memo():
    with vector_replays():
        assert narrating() is False
        memo = replay_memo()
        assert memo == {}
        memo["setup"] = "built once"
        with vector_replays():          # nested: the enclosing case's replays, the same memo
            assert replay_memo() is memo and replay_memo() == {"setup": "built once"}
            assert narrating() is False
        assert replay_memo() is memo
    assert replay_memo() is None and narrating() is True


def test_the_next_cases_replays_start_with_an_empty_memo():
    with vector_replays():
        replay_memo()["setup"] = "case 1"
    with vector_replays():
        assert replay_memo() == {}


def test_the_memo_is_gone_after_an_error_in_the_replays():
    with pytest.raises(ValueError):
        with vector_replays():
            raise ValueError("a replay failed")
    assert replay_memo() is None and narrating() is True


def test_without_narration_narrates_nothing_and_keeps_nothing():
    with without_narration():
        assert narrating() is False
        assert replay_memo() is None
    assert narrating() is True
    with vector_replays(), without_narration():
        assert narrating() is False and replay_memo() == {}
