"""Plain-text narration of a replay for a person (`horserace replay`)."""

from __future__ import annotations

from typing import Any

from reference.core.money import returned_text

from .rules.components import COLOURS, card_name
from .rules.ranking import finish_line


def odds_text(odds: dict[str, int]) -> str:
    return ", ".join(f"{c} 1:{odds[c]}" for c in COLOURS)


def track(positions: dict[str, int], ranking: list[str]) -> str:
    parts = []
    for colour in COLOURS:
        place = f" (#{ranking.index(colour) + 1})" if colour in ranking else ""
        parts.append(f"{colour} {positions[colour]}{place}")
    return "positions: " + ", ".join(parts) + f"; finish line {finish_line()}"


def describe_event(e: dict[str, Any]) -> str:
    kind = e["type"]
    if kind == "dealt":
        hands = "; ".join(f"seat {s}: " + ", ".join(f"{c} {card_name(c)}" for c in h)
                          for s, h in enumerate(e["hands"]) if h)
        return f"round {e['round']}: seat {e['first_player']} is first player and deals - {hands}"
    if kind == "bet_placed":
        which = "second" if e["second"] else "first"
        token = "" if e["token"] else " (no token left)"
        return f"seat {e['player']} {which} bet: {e['amount']} D to {e['side']} on {e['horse']}{token}"
    if kind == "passed":
        return f"seat {e['player']} makes no second bet"
    if kind == "penalty":
        return (f"seat {e['player']} holds {e['danari']} D, short of the minimum bet {e['minimum']} D: "
                f"loses {e['vp_lost']} VP (now {e['vp']})")
    if kind == "bet_skipped":
        return f"seat {e['player']} makes no first bet this round"
    if kind == "player_out":
        return f"seat {e['player']} cannot pay 2 VP and loses the game"
    if kind == "card_played":
        return f"seat {e['player']} plays card {e['card']} ({card_name(e['card'])}) face down on {e['horse']}"
    if kind in ("first_bets_done", "bets_closed"):
        return "first bets done; the race is fixed" if kind == "first_bets_done" else "bets closed"
    if kind == "cards_revealed":
        shown = "; ".join(f"{h}: " + ", ".join(card_name(c) for c in cs) for h, cs in e["cards"].items())
        return "cards revealed - " + (shown or "none")
    if kind == "cards_cancelled":
        return f"{e['horse']}: " + " and ".join(card_name(c) for c in e["cards"]) + " share a letter and cancel"
    if kind == "cards_discarded":
        return f"{e['horse']}: {', '.join(card_name(c) for c in e['cards'])} discarded ({'/'.join(e['kinds'])})"
    if kind == "odds_changed":
        return f"{e['horse']}: odds 1:{e['before']} -> 1:{e['after']}"
    if kind == "movement_card":
        return f"movement card {e['card']}" + (" (the Start)" if e["start"] else "")
    if kind == "moved":
        by = f" ({e['by']})" if e["by"] else ""
        return f"  {e['horse']} +{e['spaces']} (card shows {e['card_value']}){by}"
    if kind == "sprint":
        return f"  sprint: {e['horse']} +{e['spaces']}" + (" (double: one sprint)" if e["double"] else "")
    if kind == "sprint_lost":
        return f"  sprint of {e['horse']} lost (already ranked)"
    if kind == "finished":
        return f"  {e['horse']} finishes #{e['place']} ({e['past_line']} past the line)"
    if kind == "race_over":
        return "race over - ranking: " + ", ".join(e["ranking"])
    if kind == "bet_settled":
        result = (f"won: {returned_text(e['amount'], e['returned'], 'D')} and {e['vp']} VP" if e["won"]
                  else f"lost: the stake of {e['amount']} D goes to the bank")
        return (f"seat {e['player']}: {e['side']} {e['amount']} D on {e['horse']} "
                f"(#{e['place']}, 1:{e['odds']}) {result}")
    if kind == "owner_prize":
        vp = f" and {e['vp']} VP" if e["vp"] else ""
        return f"seat {e['player']} owns {e['horse']} (#{e['place']}): {e['danari']} D{vp}"
    if kind == "new_odds":
        return f"{e['horse']} (#{e['place']}): 1:{e['before']} -> 1:{e['after']}"
    if kind == "round_ended":
        return f"round {e['round']} ends; cards reshuffled, horses back to the start"
    if kind == "first_player_passed":
        return f"round {e['round']}: seat {e['first_player']} is first player"
    if kind == "game_over":
        if e["winner"] is None:
            return "game over: no player is left"
        return f"game over: seat {e['winner']} wins (decided by {e['by']}); VP {e['vp']}, Danari {e['danari']}"
    return str(e)


def narrate_step(action_text: str | None, events: list[dict[str, Any]], view: dict[str, Any]) -> list[str]:
    lines = [action_text or "check"]
    lines += ["  " + describe_event(e) for e in events]
    if any(e["type"] == "movement_card" for e in events):
        lines.append("  " + track(view["positions"], view["ranking"]))
    if any(e["type"] in ("odds_changed", "new_odds") for e in events):
        lines.append("  odds: " + odds_text(view["odds"]))
    if any(e["type"] in ("bet_settled", "owner_prize", "penalty") for e in events):
        lines.append(f"  VP {view['vp']}, Danari {view['danari']}")
    if view.get("turn") is not None:
        lines.append(f"  next: seat {view['turn']} ({view['phase']}); VP {view['vp']}, Danari {view['danari']}")
    return lines
