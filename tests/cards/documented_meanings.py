"""What docs/implementers.md says each card observation key and event means, as checks run on
every occurrence in the card vectors (tests/meanings.py, tests/core/test_documented_meanings.py).
Each check asserts its description in schema/cards/observations.schema.json."""

from __future__ import annotations

import re
from fractions import Fraction

from tests.meanings import Step, fraction, is_seat

SUITS = ("S", "H", "D", "C")
TABLE = (1, 2, 3, 5, 10)              # the suggested odds table (CRD-INT-7)
TABLE_KINDS = ("race", "session", "probe", "position")


def players(step: Step) -> int | None:
    return step.setup.get("players")


def suit_of(card: str) -> str:
    return card[-1]


def table(step: Step) -> tuple[int, ...]:
    return tuple(step.options.get("odds", TABLE))


def lay_track(step: Step) -> list[str] | None:
    lay = step.input.get("lay") or {}
    return lay.get("track") or (lay.get("shuffle") or [])[:7] or None


def counts_of(track: list[str]) -> dict[str, int]:
    return {s: sum(suit_of(c) == s for c in track) for s in SUITS}


def standing_track(step: Step) -> list[str] | None:
    """The track of the race under way: the last lay that stood (a step whose lay left the
    phase `betting`), else the setup's lay or position."""
    expected = step.case["expected"]
    for index in range(step.index, -1, -1):
        lay = step.case["input"]["steps"][index].get("lay")
        if lay and expected[index].get("phase", "betting") == "betting" and "error" not in expected[index]:
            return lay.get("track") or lay["shuffle"][:7]
    setup_lay = step.setup.get("lay") or {}
    return setup_lay.get("track") or (setup_lay.get("shuffle") or [])[:7] or \
        step.setup.get("position", {}).get("track") or None


def counts(step: Step) -> dict[str, int] | None:
    """The track composition after the step, where the step shows it or its input gives it."""
    if step.obs.get("track_counts") is not None:
        return step.obs["track_counts"]
    if step.now("track") is not None:
        return counts_of(step.now("track"))
    if step.kind in TABLE_KINDS and step.now("phase") != "laying" and standing_track(step):
        return counts_of(standing_track(step))
    return None


# -- keys -----------------------------------------------------------------------------------------

def phase(step: Step, value) -> None:
    assert value in ("laying", "betting", "racing", "settled", "over")
    if value == "settled":                 # sessions only: the bank has passed, the next race is to lay
        assert step.kind == "session" or step.setup.get("position", {}).get("session"), "settled outside a session"
    if "legal_actions" in step.obs:
        expected = {"laying": {"lay"}, "settled": {"lay"}, "racing": {"reveal"}, "over": set()}.get(value)
        if expected is not None:
            assert set(step.obs["legal_actions"]) == expected, (value, step.obs["legal_actions"])


def race_number(step: Step, value) -> None:
    assert isinstance(value, int) and value >= 1
    if step.kind == "session":                       # one race per person
        assert value <= players(step)


def banker(step: Step, value) -> None:
    assert is_seat(value, players(step))


def next_banker(step: Step, value) -> None:
    """Null before the settlement and after a session's last race; else the seat clockwise from
    this banker."""
    settled = step.now("phase") in ("settled", "over") and step.now("session_winners") is None
    if value is None:
        assert not settled or step.now("phase") == "over" and step.now("winner", "x") is None
        return
    assert settled, "a next banker before the settlement"
    bank = step.now("banker", step.setup.get("banker", step.setup.get("position", {}).get("banker", 0)))
    assert value == (bank + 1) % players(step), (value, bank)


def relays(step: Step, value) -> None:
    assert isinstance(value, int) and value >= 0
    if "relays" in step.before and step.now("race") == step.before.get("race"):
        assert value - step.before["relays"] == step.types.count("relaid")


def track(step: Step, value) -> None:
    """The seven track cards, position 1 first; null before a lay stands."""
    if value is None:
        assert step.now("phase") in ("laying", None) or step.kind == "layout" and step.obs.get("must_relay")
        return
    assert len(value) == 7
    if lay_track(step) is not None and not step.obs.get("must_relay"):
        assert value == lay_track(step)


def track_counts(step: Step, value) -> None:
    if value is None:
        assert step.now("phase") == "laying"
        return
    assert sum(value.values()) == 7 and all(0 <= n <= 7 for n in value.values())
    if step.kind == "odds" and "track_counts" in step.setup:
        assert value == step.setup["track_counts"]            # the composition given
    if lay_track(step) is not None:
        assert value == counts_of(lay_track(step))


def available(step: Step, value) -> None:
    """12 minus the suit's track count."""
    composition = counts(step)
    if value is None:
        assert composition is None
        return
    assert composition is not None and value == {s: 12 - composition[s] for s in SUITS}


def odds(step: Step, value) -> None:
    """Looked up by the suit's track count in the odds table; null before a lay stands and, in
    every kind, for a track that must be laid again (the whole `odds`, not a suit)."""
    if step.obs.get("must_relay") is True:
        assert value is None, "a track laid again is not priced"
        return
    if value is None:
        assert step.kind in TABLE_KINDS and step.now("phase") == "laying", "odds null after a lay stood"
        return
    assert set(value) == set(SUITS) and all(isinstance(n, int) for n in value.values())
    composition = counts(step)
    if composition is not None:
        assert value == {s: table(step)[min(composition[s], 4)] for s in SUITS}, (value, composition)


def bets(step: Step, value) -> None:
    """By seat: the horse backed, or null (the banker, a seat still to choose or sitting out)."""
    assert len(value) == players(step) and all(b is None or b in SUITS for b in value)
    assert value[step.now("banker", 0)] is None if "banker" in step.before or "banker" in step.obs else True
    for seat in step.now("sitting_out") or []:
        assert value[seat] is None


def sitting_out(step: Step, value) -> None:
    assert all(is_seat(s, players(step)) for s in value) and len(set(value)) == len(value)
    if step.now("bets") is not None:
        assert all(step.now("bets")[s] is None for s in value)


def to_bet(step: Step, value) -> None:
    """The seat to choose now; null outside the betting phase."""
    assert (value is None) == (step.now("phase") != "betting")
    if value is not None and step.now("bets") is not None:
        assert step.now("bets")[value] is None


def liability(step: Step, value) -> None:
    """Per suit what the bank pays if it wins; gross: the net winnings of the bets on it."""
    if value is None:
        assert step.now("phase") == "laying"
        return
    assert all(n >= 0 for n in value.values())
    if step.options.get("bank_cover", "gross") == "gross" and step.now("bets") and step.now("odds"):
        bets_now, prices = step.now("bets"), step.now("odds")
        assert value == {s: sum(prices[s] for b in bets_now if b == s) for s in SUITS}


def positions(step: Step, value) -> None:
    """0 (with the aces) to 8; each revealed card moves its suit's ace one position."""
    assert set(value) == set(SUITS) and all(0 <= n <= 8 for n in value.values())
    if step.obs.get("deck_size") is not None:
        assert sum(value.values()) == 41 - step.obs["deck_size"]
    if "revealed" in step.obs:
        assert value == {s: sum(suit_of(c) == s for c in step.obs["revealed"]) for s in SUITS}


def deck_size(step: Step, value) -> None:
    if value is None:
        assert step.now("phase") == "laying"
        return
    assert value == 41 - sum(step.now("positions").values())


def deck_counts(step: Step, value) -> None:
    if value is None:
        assert step.now("phase") == "laying"
        return
    composition = counts(step)
    assert value == {s: 12 - composition[s] - step.now("positions")[s] for s in SUITS}


def revealed(step: Step, value) -> None:
    assert len(value) == sum(step.now("positions").values())
    if value and "last_card" in step.obs:
        assert step.obs["last_card"] == value[-1]


def last_card(step: Step, value) -> None:
    """Null before the first reveal; else the last card revealed this race."""
    if value is None:
        assert sum(step.now("positions").values()) == 0
        return
    assert step.now("positions")[suit_of(value)] > 0
    cards = [e["card"] for e in step.events if e["type"] == "revealed"]
    if cards:
        assert value == cards[-1]


def winner(step: Step, value) -> None:
    if value is None:
        assert all(n < 8 for n in step.now("positions").values())
    else:
        assert step.now("positions")[value] == 8


def settlement(step: Step, value) -> None:
    """The fields of the step's `settled` event; null when the step settled no race."""
    settled = [e for e in step.events if e["type"] == "settled"]
    if value is None:
        assert not settled
        return
    assert sum(value.get("changes", [0])) == 0
    if settled:
        assert value == {k: v for k, v in settled[0].items() if k != "type"}
    if "balances" in value and "balances" in step.obs:
        assert value["balances"] == step.obs["balances"]


def balances(step: Step, value) -> None:
    """By seat, the banker's included; negative only with when_uncovered: owe; chips only change hands."""
    assert len(value) == players(step)
    if step.options.get("when_uncovered", "refuse") != "owe":
        assert min(value) >= 0
    if "balances" in step.before:
        assert sum(value) == sum(step.before["balances"])


def legal_actions(step: Step, value) -> None:
    phase_now = step.now("phase")
    if phase_now == "betting":
        bets_offered = [a for a in value if a.startswith("bet ")]
        sits_out = ["sit out"] if step.options.get("sit_out") == "by_choice" else []    # CRD-INT-15
        assert value == ["sit out"] or (bets_offered + sits_out == value and bets_offered), value
        assert all(re.fullmatch(r"bet [SHDC]", a) for a in bets_offered)
    else:
        assert set(value) == {"laying": {"lay"}, "settled": {"lay"}, "racing": {"reveal"}, "over": set()}[phase_now]


def session_winners(step: Step, value) -> None:
    """The seats with the highest balance once everyone has banked; null before."""
    if value is None:
        assert step.now("phase") != "over" or step.kind != "session"
        return
    final = step.now("balances")
    assert step.now("phase") == "over" and sorted(value) == [s for s, b in enumerate(final) if b == max(final)]


def must_relay(step: Step, value) -> None:
    assert value == (max(counts(step).values()) >= 5)


def relay_suit(step: Step, value) -> None:
    heavy = [s for s, n in counts(step).items() if n >= 5]
    assert value == (heavy[0] if heavy else None)


def win_probability(step: Step, value) -> None:
    """Exact; a suit with fewer than 8 race cards has 0; null for a track laid again."""
    if value is None:
        assert step.obs["must_relay"] is True
        return
    p = {s: fraction(v) for s, v in value.items()}
    assert sum(p.values()) == 1 and all(0 <= x <= 1 for x in p.values())
    for s in SUITS:
        if 12 - counts(step)[s] < 8:
            assert p[s] == 0


def fair_odds(step: Step, value) -> None:
    """(1 - p) / p; null when p = 0."""
    if value is None:
        assert step.obs["must_relay"] is True
        return
    for s in SUITS:
        p = fraction(step.obs["win_probability"][s])
        assert (value[s] is None) if p == 0 else fraction(value[s]) == (1 - p) / p


def expected_value(step: Step, value) -> None:
    """p * N - (1 - p) at the posted odds N."""
    if value is None:
        assert step.obs["must_relay"] is True
        return
    for s in SUITS:
        p, n = fraction(step.obs["win_probability"][s]), step.obs["odds"][s]
        assert fraction(value[s]) == p * n - (1 - p)


RELAY: dict[str, Fraction] = {}


def relay_probability(step: Step, value) -> None:
    """A constant of the pack: the same in every case."""
    p = RELAY.setdefault("first seen", fraction(value))
    assert 0 < p < 1 and fraction(value) == p


# The events each action gives, per kind (the `events` description), as patterns of event types.
EVENT_ORDER = {
    "layout": {"lay": r"(track_laid|relaid)"},
    "table": {
        "lay": r"(race_started )?(track_laid odds_posted|relaid)",
        "bet": r"bet( bets_closed)?",
        "sit out": r"sat_out( bets_closed)?",
        "reveal": r"(revealed moved )*revealed moved( won settled (bank_passes|session_over))?",
        "observe": r"",
    },
}


def events(step: Step, value) -> None:
    """In order; an `observe` step shows none; the events of each action as described (a layout
    case's lay is judged alone: `track_laid` or `relaid`, no prices posted)."""
    order = EVENT_ORDER["layout" if step.kind == "layout" else "table"]
    pattern = order.get(step.verb or "observe")
    assert pattern is not None, f"no described events for {step.verb!r} in a {step.kind} case"
    assert re.fullmatch(pattern, " ".join(step.types)), step.types


def error(step: Step, value) -> None:
    """Alone, instead of every other key; a non-empty reason."""
    assert isinstance(value, str) and value and list(step.obs) == ["error"]


KEYS = {
    "phase": phase, "race": race_number, "banker": banker, "next_banker": next_banker, "relays": relays,
    "track": track, "track_counts": track_counts, "available": available, "odds": odds, "bets": bets,
    "sitting_out": sitting_out, "to_bet": to_bet, "liability": liability, "positions": positions,
    "deck_size": deck_size, "deck_counts": deck_counts, "revealed": revealed, "last_card": last_card,
    "winner": winner, "settlement": settlement, "balances": balances, "legal_actions": legal_actions,
    "session_winners": session_winners, "must_relay": must_relay, "relay_suit": relay_suit,
    "win_probability": win_probability, "fair_odds": fair_odds, "expected_value": expected_value,
    "relay_probability": relay_probability, "events": events, "error": error,
}


# -- events ---------------------------------------------------------------------------------------

def follows(step: Step, position: int, *previous: str) -> None:
    assert position > 0 and step.types[position - 1] in previous, (step.types, position)


def race_started(step: Step, event: dict, position: int) -> None:
    """The first lay after a settlement starts the next race, banked by the next seat; first."""
    assert position == 0 and event["race"] == step.now("race") and event["banker"] == step.now("banker")
    assert event["banker"] == (step.before["banker"] + 1) % players(step) and event["race"] == step.before["race"] + 1


def relaid(step: Step, event: dict, position: int) -> None:
    assert event["track"] == lay_track(step)
    assert event["count"] == counts_of(event["track"])[event["suit"]] >= 5
    assert event["race_cards"] == 12 - event["count"] and event["needed"] == 8


def track_laid(step: Step, event: dict, position: int) -> None:
    assert event["track"] == lay_track(step) and event["counts"] == counts_of(event["track"])
    assert event["available"] == {s: 12 - event["counts"][s] for s in SUITS}


def odds_posted(step: Step, event: dict, position: int) -> None:
    """Follows `track_laid` (race, session and probe kinds; a layout case posts no prices)."""
    follows(step, position, "track_laid")
    assert event["max_bet"] == 1 and event["odds"] == step.now("odds")


def bet(step: Step, event: dict, position: int) -> None:
    assert event["stake"] == 1 and event["odds"] == step.now("odds")[event["horse"]]
    assert step.now("bets")[event["seat"]] == event["horse"] and event["seat"] != step.now("banker", -1)


def sat_out(step: Step, event: dict, position: int) -> None:
    """no_chip: the seat holds less than the 1-chip stake; else the bank cannot cover."""
    assert event["seat"] in step.now("sitting_out", [event["seat"]])
    if "balances" in step.before:
        assert (event["reason"] == "no_chip") == (step.before["balances"][event["seat"]] < 1)


def bets_closed(step: Step, event: dict, position: int) -> None:
    """After the last bet or sit-out: every bet in order, the liability, the banker's balance."""
    follows(step, position, "bet", "sat_out")
    backed = step.now("bets")
    assert sorted((b["seat"], b["horse"]) for b in event["bets"]) == \
        sorted((s, h) for s, h in enumerate(backed) if h is not None)
    assert event["bank"] == step.now("balances")[step.now("banker", step.before.get("banker", 0))] \
        if step.now("banker") is not None else True
    if step.obs.get("liability") is not None:
        assert event["liability"] == step.obs["liability"]


def revealed_event(step: Step, event: dict, position: int) -> None:
    assert event["suit"] == suit_of(event["card"])
    later = [e for e in step.events[position + 1:] if e["type"] == "revealed"]
    if not later and step.obs.get("deck_size") is not None:
        assert event["deck_size"] == step.obs["deck_size"]


def moved(step: Step, event: dict, position: int) -> None:
    """The horse of the card's suit moves one position; follows `revealed`."""
    follows(step, position, "revealed")
    assert event["horse"] == step.events[position - 1]["suit"] and event["to"] == event["from"] + 1


def won(step: Step, event: dict, position: int) -> None:
    """Crossed the line (position 8); follows `moved`; no further card is revealed."""
    follows(step, position, "moved")
    assert step.events[position - 1]["to"] == 8 and event["horse"] == step.events[position - 1]["horse"]
    assert event["card"] == step.events[position - 2]["card"] and "revealed" not in step.types[position:]
    assert event["positions"] == step.now("positions")


def settled(step: Step, event: dict, position: int) -> None:
    """Losing stakes to the bank; a winning bet gets its stake back plus stake x odds; follows `won`."""
    follows(step, position, "won")
    backed = step.now("bets")
    winners = [s for s, h in enumerate(backed) if h == event["winner"]]
    losers = [s for s, h in enumerate(backed) if h is not None and h != event["winner"]]
    assert event["returned"] == [1 + event["odds"] if s in winners else 0 for s in range(len(backed))]
    assert event["collected"] == len(losers) and event["paid"] == len(winners) * event["odds"]
    assert sum(event["changes"]) == 0 and event["balances"] == step.now("balances")


def bank_passes(step: Step, event: dict, position: int) -> None:
    follows(step, position, "settled")
    assert event["to"] == (event["from"] + 1) % players(step) == step.now("next_banker", event["to"])


def session_over(step: Step, event: dict, position: int) -> None:
    """Replaces `bank_passes` after the last race: the highest balance wins, ties shared."""
    follows(step, position, "settled")
    assert event["balances"] == step.now("balances")
    assert event["winners"] == [s for s, b in enumerate(event["balances"]) if b == max(event["balances"])]


EVENTS = {
    "race_started": race_started, "relaid": relaid, "track_laid": track_laid, "odds_posted": odds_posted,
    "bet": bet, "sat_out": sat_out, "bets_closed": bets_closed, "revealed": revealed_event, "moved": moved,
    "won": won, "settled": settled, "bank_passes": bank_passes, "session_over": session_over,
}
