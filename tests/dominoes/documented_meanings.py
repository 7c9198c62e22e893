"""What docs/implementers.md says each domino observation key and event means, as checks run on
every occurrence in the domino vectors (tests/meanings.py, tests/core/test_documented_meanings.py).
Each check asserts its description in schema/dominoes/observations.schema.json."""

from __future__ import annotations

import re

from tests.meanings import Step, is_seat

NON_DOUBLE_SIDES = ("low", "high")
DOUBLE_SIDES = ("line_a", "line_b", "branch_a", "branch_b")
TARGET = 61


def pips(tile: str) -> tuple[int, int]:
    low, high = tile.split("|")
    return int(low), int(high)


def is_double(tile: str) -> bool:
    low, high = pips(tile)
    return low == high


def point_ok(point: str) -> bool:
    tile, side = point.split()
    return side in (DOUBLE_SIDES if is_double(tile) else NON_DOUBLE_SIDES)


def sides(step: Step) -> int:
    players = step.setup.get("players", 2)
    return 2 if step.setup.get("mode") == "partnership" else players


def side_of(step: Step, seat: int) -> int:
    return seat % 2 if step.setup.get("mode") == "partnership" else seat


def placement(step: Step) -> tuple[str, str | None] | None:
    match = re.fullmatch(r"place (\d\|\d)(?: at (.+))?", step.action)
    return (match.group(1), match.group(2)) if match else None


def rounded_to_five(n: int) -> int:
    """Remainder 1-2 down, 3-4 up (DOM-SETTLE-3)."""
    return n - n % 5 + (5 if n % 5 >= 3 else 0)


# -- keys -----------------------------------------------------------------------------------------

def tiles(step: Step, value) -> None:
    assert len(set(value)) == len(value) and all(pips(t)[0] <= pips(t)[1] for t in value)


def branching_doubles(step: Step, value) -> None:
    """Every double on the table is a branching double."""
    if "tiles" in step.obs:
        assert sorted(value) == sorted(t for t in step.obs["tiles"] if is_double(t))


def connections(step: Step, value) -> None:
    """One per placed tile but the opening one; a double joins its parent with `line_a`."""
    if "tiles" in step.obs:
        assert len(value) == max(len(step.obs["tiles"]) - 1, 0)
    for joined in value:
        parent, child = joined.split(" -- ")
        assert point_ok(parent) and point_ok(child)
        if is_double(child.split()[0]):
            assert child.split()[1] == "line_a", joined


def attachment_points(step: Step, value) -> None:
    """`TILE SIDE` on tiles of the table; empty before the opening."""
    assert all(point_ok(p) for p in value)
    if "tiles" in step.obs:
        assert {p.split()[0] for p in value} <= set(step.obs["tiles"])
        assert bool(value) == bool(step.obs["tiles"])


def counted(step: Step, value) -> None:
    """Each free end of a non-double its free half; a double with a free long side both halves."""
    for tile, worth in value:
        if is_double(tile):
            assert worth == sum(pips(tile))
        else:
            assert worth in pips(tile)
    if "end_sum" in step.obs:
        assert step.obs["end_sum"] == sum(worth for _, worth in value)


def end_sum(step: Step, value) -> None:
    assert isinstance(value, int) and value >= 0
    if "counted" in step.obs:
        assert value == sum(worth for _, worth in step.obs["counted"])


def points(step: Step, value) -> None:
    """The placement's points: raw is the end sum when a multiple of 5, displayed raw / 5; null
    when the step placed no tile."""
    if value is None:
        assert placement(step) is None
        return
    if "raw" in value and "end_sum" in step.obs:
        assert value["raw"] == (step.obs["end_sum"] if step.obs["end_sum"] % 5 == 0 else 0)
    if "raw" in value and "displayed" in value:
        assert value["displayed"] == value["raw"] // 5


def scores(step: Step, value) -> None:
    """A total per side; points are only added."""
    assert len(value) == sides(step) and all(isinstance(v, int) and v >= 0 for v in value)
    if "scores" in step.before and step.verb != "deal":
        assert all(now >= then for now, then in zip(value, step.before["scores"]))


def phase(step: Step, value) -> None:
    assert value in ("play", "place_drawn", "awaiting_deal", "over")
    if "turn" in step.obs:
        assert (step.obs["turn"] is None) == (value in ("awaiting_deal", "over"))
    if value == "place_drawn":
        assert step.verb == "draw" or step.action == "observe" or step.verb == "perft"


def turn(step: Step, value) -> None:
    assert value is None or is_seat(value, step.setup.get("players"))


def continuing(step: Step, value) -> None:
    """True while the seat to act continues its turn after a double or a scoring tile from hand."""
    if step.verb == "place" and "events" in step.obs:
        assert value == ("continued" in step.types)


def legal_actions(step: Step, value) -> None:
    """Empty when nobody acts; `stop` only with continuation: optional; placing a drawn tile only."""
    if step.now("turn", 0) is None:
        assert value == []
    for action in value:
        assert re.fullmatch(r"place \d\|\d( at \d\|\d \w+)?|draw|pass|stop", action), action
    if "stop" in value:
        assert step.options.get("continuation") == "optional"
    if step.now("phase") == "place_drawn":
        assert all(a.startswith("place ") for a in value) and len({a.split()[1] for a in value}) == 1


def hands(step: Step, value) -> None:
    assert len(value) == step.setup["players"] and all(all(pips(t)[0] <= pips(t)[1] for t in h) for h in value)


def draw_pile(step: Step, value) -> None:
    """Top tile first: the next draw takes the first."""
    if step.verb == "draw" and "draw_pile" in step.before:
        assert value == step.before["draw_pile"][1:]


def settlement(step: Step, value) -> None:
    """The fields of the step's `settlement` event; null when the step settled no round."""
    settled = [e for e in step.events if e["type"] == "settlement"]
    if value is None:
        assert not settled
    elif settled or "events" in step.obs:
        assert value == {k: v for k, v in settled[0].items() if k != "type"}


def match_winners(step: Step, value) -> None:
    """The sides that won the match; null while it goes on."""
    if value is None:
        assert step.now("phase") != "over"
        return
    won = [e for e in step.events if e["type"] == "match_won"]
    if won:
        assert sorted(value) == sorted(won[0]["winners"])
    assert all(step.now("scores")[side] >= TARGET for side in value)


def next_opener(step: Step, value) -> None:
    """The player of the last tile; null after a blocked round, during a round and once over."""
    events_ = [e for e in step.events if e["type"] == "next_opener"]
    if events_:
        assert value == events_[0]["seat"]
    if "round_blocked" in step.types or step.now("phase") in ("play", "place_drawn", "over"):
        assert value is None
    won = [e for e in step.events if e["type"] == "round_won"]
    if won and "match_won" not in step.types:
        assert value == won[0]["player"]


def round_number(step: Step, value) -> None:
    """1 for the first deal; each deal adds one."""
    assert value >= 1
    if "round" in step.before:
        assert value == step.before["round"] + (step.verb == "deal")


def perft(step: Step, value) -> None:
    """perft(1) .. perft(depth)."""
    assert len(value) == step.input["depth"] and all(isinstance(n, int) and n >= 0 for n in value)


def divide(step: Step, value) -> None:
    """perft at the deepest depth by first action: non-zero counts summing to its last entry."""
    assert sum(value.values()) == step.obs["perft"][-1] and all(n > 0 for n in value.values())


SETTLED = r"settlement (next_opener|match_won)"
EVENT_ORDER = {
    "place": rf"placed( scored)?( match_won| round_won {SETTLED}| continued( turn_ended)?( round_blocked {SETTLED})?"
             rf"| turn_ended( round_blocked {SETTLED})?)",
    "draw": rf"drew( round_blocked {SETTLED})?",
    "pass": rf"passed turn_ended( round_blocked {SETTLED})?",
    "stop": rf"turn_ended( round_blocked {SETTLED})?",
    "deal": r"round_started",
    "settle": rf"(round_won|round_blocked) {SETTLED}",
    "observe": r"",
}


def events(step: Step, value) -> None:
    """In order, as the ordering facts say; a `settle` step starts with `round_won` or
    `round_blocked`; an `observe` step gives none."""
    pattern = EVENT_ORDER.get(step.verb or "observe")
    assert pattern is not None, step.verb
    assert re.fullmatch(pattern, " ".join(step.types)), step.types


def error(step: Step, value) -> None:
    assert isinstance(value, str) and value and list(step.obs) == ["error"]


KEYS = {
    "tiles": tiles, "branching_doubles": branching_doubles, "connections": connections,
    "attachment_points": attachment_points, "counted": counted, "end_sum": end_sum, "points": points,
    "scores": scores, "phase": phase, "turn": turn, "continuing": continuing, "legal_actions": legal_actions,
    "hands": hands, "draw_pile": draw_pile, "settlement": settlement, "match_winners": match_winners,
    "next_opener": next_opener, "round": round_number, "perft": perft, "divide": divide, "events": events,
    "error": error,
}


# -- events ---------------------------------------------------------------------------------------

def round_started(step: Step, event: dict, position: int) -> None:
    """The round number and its opener, who acts first."""
    assert event["round"] == step.now("round", event["round"]) and event["opener"] == step.now("turn")


def placed(step: Step, event: dict, position: int) -> None:
    tile, at = placement(step)
    assert (event["tile"], event["at"]) == (tile, at) and position == 0
    assert event["source"] == ("draw" if step.before.get("phase") == "place_drawn" else "hand") \
        if "phase" in step.before else event["source"] in ("draw", "hand")
    assert event["raw"] == (event["end_sum"] if event["end_sum"] % 5 == 0 else 0)
    assert event["displayed"] == event["raw"] // 5
    if "turn" in step.before:
        assert event["player"] == step.before["turn"]


def scored(step: Step, event: dict, position: int) -> None:
    """Follows `placed` only when it scored: its displayed points, the side's new total."""
    assert step.types[position - 1] == "placed" and event["displayed"] == step.events[0]["displayed"] > 0
    assert event["side"] == side_of(step, step.events[0]["player"])
    if "scores" in step.obs and "settlement" not in step.types:
        assert event["score"] == step.obs["scores"][event["side"]]


def continued(step: Step, event: dict, position: int) -> None:
    """The same seat acts next: after a double, a scoring tile, or both."""
    tile, displayed = step.events[0]["tile"], step.events[0]["displayed"]
    reason = "double_and_scored" if is_double(tile) and displayed else "double" if is_double(tile) else "scored"
    assert event["reason"] == reason and event["player"] == step.events[0]["player"]
    if step.types[position + 1:] == []:
        assert step.now("turn") == event["player"]
    else:                       # it could not continue: its turn ended (end_turn) or nobody can play
        assert step.types[position + 1] in ("turn_ended", "round_blocked")
        if step.types[position + 1] == "turn_ended":
            assert step.events[position + 1]["reason"] == "no_placement_to_continue"


def turn_ended(step: Step, event: dict, position: int) -> None:
    """The turn passes clockwise to `next`."""
    assert event["next"] == (event["player"] + 1) % step.setup["players"]
    if "round_blocked" not in step.types:
        assert step.now("turn") == event["next"]


def drew(step: Step, event: dict, position: int) -> None:
    """The top tile of the pile; playable: it must be placed next (`place_drawn`)."""
    if "draw_pile" in step.before:
        assert event["tile"] == step.before["draw_pile"][0]
    if "round_blocked" not in step.types:
        assert (step.now("phase") == "place_drawn") == event["playable"]


def passed(step: Step, event: dict, position: int) -> None:
    """Followed by `turn_ended`."""
    assert step.types[position + 1] == "turn_ended"


def round_won(step: Step, event: dict, position: int) -> None:
    """The player placed the last tile of the hand; followed by `settlement`."""
    assert step.types[position + 1] == "settlement" and event["side"] == side_of(step, event["player"])


def round_blocked(step: Step, event: dict, position: int) -> None:
    """Followed by `settlement`."""
    assert step.types[position + 1] == "settlement"


def settlement_event(step: Step, event: dict, position: int) -> None:
    """Each winning side is paid the others' pips rounded to the nearest 5, divided by 5."""
    assert step.types[position + 1] in ("next_opener", "match_won")
    for side, (counted_pips, bonus) in enumerate(zip(event["counted_pips"], event["bonus"])):
        if side not in event["winners"]:
            assert counted_pips == 0 and bonus == 0
        else:
            assert bonus == rounded_to_five(counted_pips) // 5
    assert event["scores"] == step.now("scores")


def match_won(step: Step, event: dict, position: int) -> None:
    """The match is over: after a placement its side; after a settlement every side at 61."""
    assert step.now("phase", "over") == "over" and event["scores"] == step.now("scores")
    if event["by"] == "settlement":
        assert event["winners"] == [s for s, v in enumerate(event["scores"]) if v >= TARGET]
    else:
        assert event["winners"] == [side_of(step, step.events[0]["player"])]


def next_opener_event(step: Step, event: dict, position: int) -> None:
    """The match goes on: the next step is a deal."""
    assert step.now("phase", "awaiting_deal") == "awaiting_deal"
    assert event["seat"] == step.now("next_opener", event["seat"])


EVENTS = {
    "round_started": round_started, "placed": placed, "scored": scored, "continued": continued,
    "turn_ended": turn_ended, "drew": drew, "passed": passed, "round_won": round_won,
    "round_blocked": round_blocked, "settlement": settlement_event, "match_won": match_won,
    "next_opener": next_opener_event,
}
