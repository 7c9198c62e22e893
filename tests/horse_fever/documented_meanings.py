"""What docs/implementers.md says each Horse Fever observation key and event means, as checks
run on every occurrence in the Horse Fever vectors (tests/meanings.py,
tests/core/test_documented_meanings.py). Each check asserts its description in
schema/horse_fever/observations.schema.json."""

from __future__ import annotations

import re

from reference.horse_fever.rules.components import tables
from tests.meanings import Step, is_seat

COLOURS = ("white", "blue", "yellow", "black", "red", "green")
TURN_PHASES = ("first_bets", "rigging", "second_bets")
BETWEEN_RACES = ("deal", "first_bets", "rigging", "second_bets", "reveal")
FINISH = 12
PRIZES = {1: 600, 2: 400, 3: 200}


def players(step: Step) -> int | None:
    return step.setup.get("players")


def race_setup(step: Step) -> dict:
    """The race a case starts from: the `race` kind's setup, a probe's `race`, else none."""
    return step.setup if step.kind == "race" else step.setup.get("race") or {}


def before(step: Step, key: str):
    """The key's value before the step: shown by an earlier step, or given by the setup."""
    if key in step.before:
        return step.before[key]
    setup = race_setup(step) if key in ("positions", "ranking") else step.setup
    default = {"positions": {c: 0 for c in COLOURS}, "ranking": []}.get(key)
    return setup.get(key, default)


# -- keys -----------------------------------------------------------------------------------------

def phase(step: Step, value) -> None:
    assert value in {"race": ("reveal", "race", "race_over"), "odds": ("new_odds", "odds_set")}.get(
        step.kind, ("deal", *TURN_PHASES, "reveal", "race", "payouts", "new_odds", "end_round", "over")), value


def turn(step: Step, value) -> None:
    """The seat to act in the betting and rigging phases; null in the others."""
    assert (value is None) == (step.now("phase") not in TURN_PHASES)
    assert value is None or is_seat(value, players(step))


def round_number(step: Step, value) -> None:
    assert value >= 1 and value <= step.now("rounds", value)
    if "round" in step.before:
        assert value == step.before["round"] + (step.verb == "end_round" and step.now("phase") != "over")


def rounds(step: Step, value) -> None:
    """By player count (HF-PLAY-1), unless the setup gives another."""
    assert value == step.setup.get("rounds", tables().rounds[players(step)])


def first_player(step: Step, value) -> None:
    """Passes clockwise at the end of each round."""
    assert is_seat(value, players(step))
    if "first_player" in step.before and step.verb != "end_round":
        assert value == step.before["first_player"]


def vp(step: Step, value) -> None:
    assert len(value) == players(step) and all(isinstance(v, int) for v in value)


def danari(step: Step, value) -> None:
    """Danari held; a stake is taken when the bet is placed."""
    assert len(value) == players(step) and min(value) >= 0
    placed = [e for e in step.events if e["type"] == "bet_placed"]
    if placed and "danari" in step.before:
        for event in placed:
            assert step.before["danari"][event["player"]] - value[event["player"]] == event["amount"]


def minimum_bet(step: Step, value) -> None:
    """100 Danari per VP held."""
    assert value == [100 * v for v in step.now("vp")]


def players_out(step: Step, value) -> None:
    assert all(is_seat(s, players(step)) for s in value)
    assert set(value) >= set(step.before.get("players_out", step.setup.get("out", [])))


def bets(step: Step, value) -> None:
    """The bets of this round, in the order made; none after the payouts until new bets are made."""
    for bet in value:
        assert is_seat(bet["player"], players(step)) and bet["horse"] in COLOURS and bet["side"] in ("win", "show")
    if step.verb in ("deal", "payouts") or step.now("phase") in ("new_odds", "end_round", "deal"):
        assert value == [], (step.verb, value)
    placed = [e for e in step.events if e["type"] == "bet_placed"]
    if "bets" in step.before and step.verb != "deal":
        assert value[:len(step.before["bets"])] == step.before["bets"] or step.verb == "payouts"
        if placed:
            assert value[len(step.before["bets"]):] == [{k: e[k] for k in ("player", "horse", "side", "amount")}
                                                       for e in placed]


def tokens(step: Step, value) -> None:
    """Per colour, the pool left: a bet takes one while one is left; back to full at the payouts."""
    full = tables().bet_tokens_per_colour[players(step)]
    assert set(value) == set(COLOURS) and all(0 <= n <= full for n in value.values())
    if step.verb == "payouts":
        assert value == {c: full for c in COLOURS}
    if "tokens" in step.before:
        for event in (e for e in step.events if e["type"] == "bet_placed"):
            assert event["token"] == (step.before["tokens"][event["horse"]] > 0)
            assert value[event["horse"]] == step.before["tokens"][event["horse"]] - event["token"]


def hands(step: Step, value) -> None:
    assert len(value) == players(step) and all(hand == sorted(hand) for hand in value)


def owners(step: Step, value) -> None:
    """One stable per seat."""
    assert sorted(value.values()) == list(range(players(step))) and set(value) <= set(COLOURS)


def odds(step: Step, value) -> None:
    """Per horse its row N, 1:N, from 2 (best) to 7 (worst)."""
    assert set(value) == set(COLOURS) and all(2 <= n <= 7 for n in value.values())


def payouts(step: Step, value) -> None:
    """One item per bet this step settled: its `bet_settled` event without `place` and `odds`."""
    settled = [{k: v for k, v in e.items() if k not in ("type", "place", "odds")}
               for e in step.events if e["type"] == "bet_settled"]
    if step.verb != "payouts":
        assert value == []
    elif "events" in step.obs:
        assert sorted(map(repr, value)) == sorted(map(repr, settled))


def winner(step: Step, value) -> None:
    """Null until the game is over (also when everyone left)."""
    if value is not None:
        assert step.now("phase") == "over" and is_seat(value, players(step))
    else:
        assert step.now("phase") != "over" or "game_over" not in step.types or \
            next(e for e in step.events if e["type"] == "game_over")["winner"] is None


def bank(step: Step, value) -> None:
    """Danari paid: each winning bet's return beyond its stake, and the owner prizes; received:
    the stakes of bets lost; VP given by bets and prizes; VP taken by penalties; from 0 at the
    case's setup. Only a payouts step pays and receives, so the totals before a case's first
    payouts are 0 but for the VP taken."""
    if "events" not in step.obs:
        return                              # what the step paid or took is not shown
    settled = [e for e in step.events if e["type"] == "bet_settled"]
    prizes = [e for e in step.events if e["type"] == "owner_prize"]
    change = {"danari_paid": sum(e["returned"] - e["amount"] for e in settled if e["won"]) +
              sum(e["danari"] for e in prizes),
              "danari_received": sum(e["amount"] for e in settled if not e["won"]),
              "vp_given": sum(e["vp"] for e in settled) + sum(e["vp"] for e in prizes),
              "vp_taken": sum(e["vp_lost"] for e in step.events if e["type"] == "penalty")}
    paid_before = any(s.get("action") == "payouts" for s in step.case["input"]["steps"][:step.index])
    earlier = step.before.get("bank") or ({} if paid_before else
                                          {"danari_paid": 0, "danari_received": 0, "vp_given": 0})
    if step.index == 0:
        earlier = {**earlier, "vp_taken": 0}
    for field, now in value.items():
        if field in earlier:
            assert now - earlier[field] == change[field], (field, now, earlier[field], change[field])


def positions(step: Step, value) -> None:
    """Spaces from the start; all 0 between races."""
    assert set(value) == set(COLOURS) and min(value.values()) >= 0
    if step.now("phase") in BETWEEN_RACES and step.kind != "race":
        assert set(value.values()) == {0}


def ranking(step: Step, value) -> None:
    """The finished horses, first first: every horse at 12 or more and none else; empty between races."""
    where = step.now("positions")
    assert len(set(value)) == len(value)
    if where is not None:
        assert set(value) == {h for h in COLOURS if where[h] >= FINISH}
    if step.now("phase") in BETWEEN_RACES and step.kind != "race":
        assert value == []
    if step.verb not in ("race", "end_round", "new_odds") and "ranking" in step.before:
        assert value == step.before["ranking"] or step.now("phase") in BETWEEN_RACES


def race_round(step: Step, value) -> None:
    """Race rounds played: one per race step."""
    if "race_round" in step.before and step.verb == "race":
        assert value == step.before["race_round"] + 1
    if "movement_cards" in step.obs:
        assert len(step.obs["movement_cards"]) == value


def cards_on_horses(step: Step, value) -> None:
    """Per horse its action cards, sorted; cancelled and discarded cards leave."""
    assert set(value) == set(COLOURS) and all(cards == sorted(cards) for cards in value.values())
    for event in step.events:
        if event["type"] in ("cards_cancelled", "cards_discarded"):
            assert not set(event["cards"]) & set(value[event["horse"]])


def movement_cards(step: Step, value) -> None:
    assert all(83 <= n <= 105 for n in value)
    shown = [e["card"] for e in step.events if e["type"] == "movement_card"]
    if shown:
        assert value[-len(shown):] == shown


# The events each action gives (the `events` description), as patterns of event types.
MOVES = r"movement_card( moved)+( (sprint|sprint_lost))*( finished)*( race_over)?"
EVENT_ORDER = {
    "race": MOVES,
    "reveal": r"cards_revealed( (cards_cancelled|cards_discarded))*( odds_changed)*",
    "payouts": r"(bet_settled)?( bet_settled)*( owner_prize)*",
    "new_odds": r"new_odds( new_odds)*",
    "deal": r"dealt( (penalty|bet_skipped|player_out|game_over))*",
    "bet": r"bet_placed( (penalty|bet_skipped|player_out|first_bets_done|bets_closed|game_over))*",
    # the penalty of a seat whose second bet is then due, under short_at_second_bets: penalty (HF-INT-23)
    "play": r"card_played( (penalty|bet_skipped|player_out|game_over))*",
    "pass": r"passed( (penalty|bet_skipped|player_out|game_over))*( bets_closed)?",
    "end_round": r"round_ended( (first_player_passed|game_over))",
    "observe": r"",
}


def events(step: Step, value) -> None:
    """In order, as described per action; an `observe` step gives none."""
    pattern = EVENT_ORDER.get(step.verb or "observe")
    assert pattern is not None, step.verb
    assert re.fullmatch(pattern, " ".join(step.types)), step.types
    if step.verb == "payouts":                          # clockwise from the first player
        seats = [e["player"] for e in value if e["type"] == "bet_settled"]
        first = step.now("first_player")
        order = [(s - first) % players(step) for s in seats]
        assert order == sorted(order), seats


def error(step: Step, value) -> None:
    assert isinstance(value, str) and value and list(step.obs) == ["error"]


KEYS = {
    "phase": phase, "turn": turn, "round": round_number, "rounds": rounds, "first_player": first_player,
    "vp": vp, "danari": danari, "minimum_bet": minimum_bet, "players_out": players_out, "bets": bets,
    "tokens": tokens, "hands": hands, "owners": owners, "odds": odds, "payouts": payouts, "winner": winner,
    "bank": bank, "positions": positions, "ranking": ranking, "race_round": race_round,
    "cards_on_horses": cards_on_horses, "movement_cards": movement_cards, "events": events, "error": error,
}


# -- events ---------------------------------------------------------------------------------------

def dealt(step: Step, event: dict, position: int) -> None:
    """The first player who dealt; under out_first_player_card: at_once (HF-INT-13) one who then
    loses the game hands the card on within the step."""
    assert position == 0 and event["hands"] == step.input["deal"]["hands"]
    handed_on = step.options.get("out_first_player_card") == "at_once" and \
        any(e["type"] == "player_out" and e["player"] == event["first_player"] for e in step.events)
    assert event["round"] == step.now("round") and (event["first_player"] == step.now("first_player") or handed_on)


def bet_placed(step: Step, event: dict, position: int) -> None:
    words = step.action.split()
    assert words[1:4] == [event["horse"], event["side"], str(event["amount"])], (words, event)
    assert event["second"] == (before(step, "phase") == "second_bets") if "phase" in step.before else True
    if "turn" in step.before:
        assert event["player"] == step.before["turn"]


def bet_skipped(step: Step, event: dict, position: int) -> None:
    """A player who cannot stake the minimum skips the bet, after the penalty."""
    assert any(e["type"] == "penalty" and e["player"] == event["player"] for e in step.events[:position])


def penalty(step: Step, event: dict, position: int) -> None:
    """Without the Danari for the minimum bet: 2 VP lost."""
    assert event["vp_lost"] == 2 and event["minimum"] == 100 * (event["vp"] + 2) > event["danari"]


def player_out(step: Step, event: dict, position: int) -> None:
    """Cannot pay the penalty (fewer than 2 VP) while short of the minimum: leaves the game."""
    assert event["vp"] < 2 and event["danari"] < max(100 * event["vp"], 1)
    assert event["player"] in step.now("players_out", [event["player"]])


def first_bets_done(step: Step, event: dict, position: int) -> None:
    """Every player has made a first bet: rigging begins."""
    assert step.now("phase") in ("rigging", "second_bets", "reveal")
    if "bets" in step.obs:
        assert event["bets"] == len(step.obs["bets"])


def card_played(step: Step, event: dict, position: int) -> None:
    """Played face down on a horse, by the seat whose turn it was."""
    card, horse = re.fullmatch(r"play (\d+) on (\w+)( by \d+)?", step.action).group(1, 2)
    assert (event["card"], event["horse"]) == (int(card), horse)
    assert event["player"] == before(step, "turn") if "turn" in step.before else True
    if "hands" in step.obs:
        assert event["card"] not in step.obs["hands"][event["player"]]


def passed(step: Step, event: dict, position: int) -> None:
    """No second bet: only in the second bets."""
    assert position == 0 and step.verb == "pass"
    if "turn" in step.before:
        assert event["player"] == step.before["turn"]


def bets_closed(step: Step, event: dict, position: int) -> None:
    """The second bets are over: the reveal is next."""
    assert step.now("phase") == "reveal"
    if "bets" in step.now("bets", {}) or step.now("bets") is not None:
        assert event["bets"] == len(step.now("bets"))


def cards_revealed(step: Step, event: dict, position: int) -> None:
    assert position == 0 and all(cards and cards == sorted(cards) for cards in event["cards"].values())
    if step.before.get("cards_on_horses") is not None:
        given = step.before["cards_on_horses"]
    elif step.index == 0 and step.kind in ("race", "probe"):
        given = race_setup(step).get("cards") or {}
    else:
        return                              # the cards were played by earlier steps that do not show them
    assert event["cards"] == {h: sorted(c) for h, c in given.items() if c}


def cards_cancelled(step: Step, event: dict, position: int) -> None:
    assert event["cards"] and set(event["cards"]) <= set(step.events[0]["cards"].get(event["horse"], []))


def cards_discarded(step: Step, event: dict, position: int) -> None:
    assert event["kinds"] and set(event["kinds"]) <= {"negative", "positive"}
    assert set(event["cards"]) <= set(step.events[0]["cards"].get(event["horse"], []))


def odds_changed(step: Step, event: dict, position: int) -> None:
    """Odds cards moved the horse's row for the race: from `before` to the board now."""
    assert set(event["cards"]) <= {15, 19} and event["after"] == step.now("odds")[event["horse"]]
    assert 2 <= event["before"] <= 7 and 2 <= event["after"] <= 7


def movement_card(step: Step, event: dict, position: int) -> None:
    """First event of a `race` step; `start` for the race's first round."""
    assert position == 0 and event["card"] == step.input["race"]["card"] and 83 <= event["card"] <= 105
    played = step.before.get("race_round", race_setup(step).get("race_rounds_played", 0))
    assert event["start"] == (played == 0)


def moves_of(step: Step, horse: str) -> int:
    return sum(e["spaces"] for e in step.events if e["type"] in ("moved", "sprint") and e["horse"] == horse)


def moved(step: Step, event: dict, position: int) -> None:
    """A running horse moves by the card: its position is the one before plus its move and sprint."""
    ranked_before = before(step, "ranking")
    assert event["horse"] not in ranked_before
    if "positions" in step.obs:
        assert step.obs["positions"][event["horse"]] == before(step, "positions")[event["horse"]] + \
            moves_of(step, event["horse"])


def sprint(step: Step, event: dict, position: int) -> None:
    """A horse a die shows, not yet ranked; `double` when both dice show it."""
    dice = step.input["race"]["dice"]
    assert event["horse"] in dice and event["horse"] not in before(step, "ranking")
    assert event["double"] == (dice[0] == dice[1] == event["horse"]) and event["spaces"] >= 0


def sprint_lost(step: Step, event: dict, position: int) -> None:
    """A die shows a horse already in the ranking (not a card that stops a sprint)."""
    assert event["horse"] in step.input["race"]["dice"] and event["horse"] in before(step, "ranking")


def finished(step: Step, event: dict, position: int) -> None:
    """Takes the next place, in arrival order; `past_line` spaces past the line (12)."""
    places = [e for e in step.events if e["type"] == "finished"]
    assert event["place"] == len(before(step, "ranking")) + places.index(event) + 1
    assert event["past_line"] == event["position"] - FINISH >= 0
    if "positions" in step.obs:
        assert event["position"] == step.obs["positions"][event["horse"]]


def race_over(step: Step, event: dict, position: int) -> None:
    assert len(event["ranking"]) == 6 and event["ranking"] == step.now("ranking", event["ranking"])


def bet_settled(step: Step, event: dict, position: int) -> None:
    """Win: paid if first; show: if first, second or third; nothing back when lost."""
    assert event["won"] == (event["place"] == 1 if event["side"] == "win" else event["place"] <= 3)
    if not event["won"]:
        assert event["returned"] == 0 and event["vp"] == 0
    elif event["side"] == "win" and step.options.get("win_payout", "stake_times_odds") == "stake_times_odds":
        assert event["returned"] == event["amount"] * event["odds"]


def owner_prize(step: Step, event: dict, position: int) -> None:
    """The owner of a placed horse's stable: 600, 400, 200; VP only with stable_owner_vp: placed."""
    assert event["danari"] == PRIZES[event["place"]]
    assert event["vp"] == (1 if step.options.get("stable_owner_vp") == "placed" else 0)
    if step.now("owners") is not None:
        assert step.now("owners")[event["horse"]] == event["player"]


def new_odds(step: Step, event: dict, position: int) -> None:
    """From the first-ranked horse down; the row after is the board's."""
    assert event["place"] == position + 1 and event["after"] == step.now("odds")[event["horse"]]


def round_ended(step: Step, event: dict, position: int) -> None:
    assert position == 0 and event["round"] == step.before.get("round", step.setup.get("round", 1))


def first_player_passed(step: Step, event: dict, position: int) -> None:
    """Clockwise, to the new round."""
    assert event["first_player"] == step.now("first_player") and event["round"] == step.now("round")


def game_over(step: Step, event: dict, position: int) -> None:
    """Winner, `by` and the final VP and Danari; or, everyone gone, no winner and a reason."""
    assert event["winner"] == step.now("winner", event["winner"]) and step.now("phase") == "over"
    if event["winner"] is None:
        assert "reason" in event
    else:
        assert event["by"] in ("vp", "danari", "tie_break", "last_player_left") and event["vp"] == step.now("vp", event["vp"])


EVENTS = {
    "dealt": dealt, "bet_placed": bet_placed, "bet_skipped": bet_skipped, "penalty": penalty,
    "player_out": player_out, "first_bets_done": first_bets_done, "card_played": card_played, "passed": passed,
    "bets_closed": bets_closed, "cards_revealed": cards_revealed, "cards_cancelled": cards_cancelled,
    "cards_discarded": cards_discarded, "odds_changed": odds_changed, "movement_card": movement_card,
    "moved": moved, "sprint": sprint, "sprint_lost": sprint_lost, "finished": finished, "race_over": race_over,
    "bet_settled": bet_settled, "owner_prize": owner_prize, "new_odds": new_odds, "round_ended": round_ended,
    "first_player_passed": first_player_passed, "game_over": game_over,
}
