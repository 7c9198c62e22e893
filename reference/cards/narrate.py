"""Plain-text narration of a replay for a person (`horserace replay`)."""

from __future__ import annotations

from typing import Any

from reference.core.money import returned_text
from reference.core.narration import Narration

from .rules.cards import SUIT_NAMES, SUITS


def odds_text(odds: dict[str, Any]) -> str:
    return "  ".join(f"{s} {odds[s]}:1" if odds[s] is not None else f"{s} -" for s in SUITS)


def positions_text(positions: dict[str, int]) -> str:
    return "  ".join(f"{s}{positions[s]}" for s in SUITS)


def track_text(track: list[str]) -> str:
    return "  ".join(f"{i}:{c}" for i, c in enumerate(track, 1))


def describe_event(e: dict[str, Any]) -> list[str]:
    kind = e["type"]
    if kind == "race_started":
        return [f"race {e['race']}: seat {e['banker']} banks; every card is gathered and shuffled"]
    if kind == "relaid":
        return [f"track {' '.join(e['track'])} has {e['count']} {SUIT_NAMES[e['suit']]}: only {e['race_cards']} "
                f"race cards of that suit, fewer than the {e['needed']} needed; shuffle the 48 and lay again"]
    if kind == "track_laid":
        counts = "  ".join(f"{s}{e['counts'][s]}" for s in SUITS)
        available = "  ".join(f"{s}{e['available'][s]}" for s in SUITS)
        return ["aces at 0: AS AH AD AC", f"track  {track_text(e['track'])}",
                f"track cards per suit {counts}; race cards left {available}"]
    if kind == "odds_posted":
        return [f"posted net odds {odds_text(e['odds'])}; maximum stake {e['max_bet']} chip"]
    if kind == "bet":
        return [f"seat {e['seat']} backs {e['horse']} with {e['stake']} chip at {e['odds']}:1"]
    if kind == "sat_out":
        why = "holds no chip" if e["reason"] == "no_chip" else "the bank could not pay any horse"
        return [f"seat {e['seat']} sits out ({why})"]
    if kind == "bets_closed":
        owed = "  ".join(f"{s} {e['liability'][s]}" for s in SUITS)
        return [f"choices fixed; the bank ({e['bank']} chips) would pay {owed}"]
    if kind == "revealed":
        return [f"reveals {e['card']} ({e['deck_size']} left in the race deck)"]
    if kind == "moved":
        note = " (beside the last mark: not yet a win)" if e["to"] == 7 else ""
        return [f"  {e['horse']} {e['from']} -> {e['to']}{note}"]
    if kind == "won":
        return [f"{e['horse']} crosses to 8 with {e['card']} and wins; positions {positions_text(e['positions'])}"]
    if kind == "settled":
        paid = "; ".join(f"seat {seat}: {returned_text(r - e['changes'][seat], r)}"
                         for seat, r in enumerate(e["returned"]) if r) or "nobody won a bet"
        return [f"settlement at net odds {e['odds']}:1 - {paid}",
                f"the bank collects {e['collected']} in losing stakes and pays {e['paid']} in net winnings",
                f"balances {e['balances']} (net results {e['changes']})"]
    if kind == "bank_passes":
        return [f"the bank passes clockwise from seat {e['from']} to seat {e['to']}"]
    if kind == "session_over":
        return [f"session over: final balances {e['balances']}; winner(s) {e['winners']}"]
    return [str(e)]


def board_lines(track: list[str], positions: dict[str, int]) -> list[str]:
    """The table as a picture: the track above, one row per ace, the finish line after 7."""
    cell = "{:<4}"
    lines = ["pos   " + "".join(cell.format(p) for p in range(8)) + "| 8",
             "track " + cell.format("") + "".join(cell.format(c) for c in track) + "|"]
    for s in SUITS:
        row = "".join(cell.format("A" + s if positions[s] == p else ".") for p in range(8))
        lines.append(f"{s}     {row}|" + (" A" + s if positions[s] >= 8 else ""))
    return lines


def describe_events(events: list[dict[str, Any]]) -> list[str]:
    """Each event in words; a revealed card and the move it makes share one line."""
    lines: list[str] = []
    for index, event in enumerate(events):
        if event["type"] == "moved" and index and events[index - 1]["type"] == "revealed":
            revealed = events[index - 1]
            note = " (beside the last mark: not yet a win)" if event["to"] == 7 else ""
            lines.append(f"reveals {revealed['card']}: {event['horse']} {event['from']} -> {event['to']}{note}; "
                         f"{revealed['deck_size']} left in the race deck")
        elif event["type"] != "revealed" or index + 1 == len(events) or events[index + 1]["type"] != "moved":
            lines += describe_event(event)
    return lines


def table_step_narration(view: dict[str, Any], action_text: str | None) -> Narration:
    """`narrate_table_step`, written when read, from what the step's view holds now (each of
    these values is made afresh for the step: play never changes them afterwards)."""
    shown = {key: view[key] for key in ("events", "track", "positions", "phase", "to_bet", "legal_actions")}
    return Narration(lambda: narrate_table_step(shown, action_text))


def narrate_table_step(view: dict[str, Any], action_text: str | None) -> list[str]:
    lines = [action_text or "check"]
    lines += ["  " + line for line in describe_events(view["events"])]
    shown = {e["type"] for e in view["events"]} & {"track_laid", "revealed"}
    if shown and view["track"] is not None:
        lines += ["    " + line for line in board_lines(view["track"], view["positions"])]
    if view["phase"] == "betting":
        lines.append(f"  seat {view['to_bet']} to choose: {', '.join(view['legal_actions'])}")
    return lines


def narrate_layout(view: dict[str, Any]) -> list[str]:
    lines = ["lay", f"  track  {track_text(view['track'])}"]
    if view["must_relay"]:
        lines.append(f"  {view['track_counts'][view['relay_suit']]} {SUIT_NAMES[view['relay_suit']]}: "
                     "must be re-laid")
    else:
        lines.append(f"  stands; posted net odds {odds_text(view['odds'])}")
    return lines


def narrate_odds(view: dict[str, Any]) -> list[str]:
    lines = ["check"]
    if view["must_relay"]:
        lines.append(f"  {view['track_counts']}: five or more of one suit; the track is laid again, so no race "
                     "is run and no odds are posted")
    for s in SUITS if not view["must_relay"] else ():
        lines.append(f"  {s}: {view['track_counts'][s]} on the track, {view['available'][s]} race cards, "
                     f"P(win) = {view['win_probability'][s]}, fair {view['fair_odds'][s]}:1, "
                     f"posted net odds {view['odds'][s]}:1, average net result per chip staked {view['expected_value'][s]}")
    lines.append(f"  a random track is re-laid with probability {view['relay_probability']}")
    return lines
