"""Below the lanes: the card just revealed and the race deck, then a box per seat (the bank,
each bet and stake, the balance and its change at settlement)."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.svg import Svg, drawn_once

from ..rules.cards import SUIT_NAMES, SUITS
from .cards import draw_card, draw_card_back
from .lanes import stakes
from .style import (BANK_FILL, CARD_H, CARD_W, GOLD, GRID, MUTED, PAD, SEAT_GAP, SEAT_H, SEAT_W, SUIT_COLOUR,
                    SYMBOL, WIDTH, card_name, counts_text, palette_in_use, signed_chips)

def draw_deck_panel(svg: Svg, top: int, observation: Mapping[str, Any]) -> int:
    """The card just revealed, the race deck and what is left of it; returns the height used."""
    last = observation.get("last_card")
    svg.text(PAD, top + 12, "last card", size=11, fill=MUTED)
    if last:
        draw_card(svg, PAD, top + 18, str(last), "revealed-card", tooltip=f"just revealed: {last}")
    else:
        svg.add("rect", cls="no-card", x=PAD, y=top + 18, width=CARD_W, height=CARD_H, rx=5, fill="none",
                stroke=GRID, stroke_width=1.5, stroke_dasharray="4 3")
    deck_size = observation.get("deck_size")
    deck_x = PAD + 90
    svg.text(deck_x, top + 12, "race deck", size=11, fill=MUTED)
    if deck_size:
        svg.open("g", f"{deck_size} cards left in the race deck", cls="race-deck", data_count=deck_size)
        for k in (2, 1, 0):
            draw_card_back(svg, deck_x + 2 * k, top + 18 - 2 * k)
        svg.text(deck_x + CARD_W // 2, top + 18 + CARD_H // 2 + 6, str(deck_size), size=16, fill="#ffffff",
                 font_weight="bold", text_anchor="middle")
        svg.close()
    lines = []
    if deck_size is not None:
        lines.append(f"{deck_size} cards left in the race deck")
    if observation.get("deck_counts"):
        lines.append("left per suit: " + counts_text(observation["deck_counts"]))
    revealed = observation.get("revealed") or []
    if revealed:
        lines.append(f"{len(revealed)} revealed so far, on their own pile; last {card_name(str(last))}"
                     if last else f"{len(revealed)} revealed so far")
    if observation.get("liability") and not observation.get("winner"):
        owed = observation["liability"]
        lines.append("the bank pays if it wins: " + "  ".join(f"{SYMBOL[s]} {owed[s]}" for s in SUITS if s in owed))
    for i, line in enumerate(lines):
        svg.text(deck_x + 80, top + 30 + 18 * i, line, size=13, cls="deck-info")
    return 18 + CARD_H + 10


def seat_role(seat: int, observation: Mapping[str, Any]) -> tuple[str, str | None]:
    """(role text, the horse backed)."""
    bets = observation.get("bets") or []
    horse = bets[seat] if seat < len(bets) else None
    if seat == observation.get("banker"):
        return "bank", None
    if horse:
        return f"backs {SYMBOL[horse]} {SUIT_NAMES[horse]}", horse
    if seat in (observation.get("sitting_out") or []):
        return "sits out", None
    if seat == observation.get("to_bet"):
        return "chooses now", None
    return "", None


@drawn_once(context=palette_in_use)
def draw_seat(svg: Svg, x: int, y: int, seat: int, balance: Any, role: str, horse: str | None, stake: int | None,
              banker: bool, winner: bool, change: str) -> None:
    """A seat's box: the bank, its bet and stake, its balance (and its change at settlement)."""
    classes = "seat" + (" banker" if banker else "") + (" session-winner" if winner else "")
    svg.open("g", cls=classes, data_seat=seat, data_balance=balance, data_horse=horse, data_stake=stake)
    svg.add("rect", x=x, y=y, width=SEAT_W, height=SEAT_H, rx=6, fill=BANK_FILL if banker else "#ffffff",
            stroke=GOLD if winner else GRID, stroke_width=2.5 if winner else 1.2)
    svg.text(x + 8, y + 17, f"seat {seat}" + (" \u00b7 bank" if banker else ""), size=13, font_weight="bold")
    if horse:
        svg.text(x + SEAT_W - 8, y + 17, f"stake {stake}", size=11, fill=MUTED, text_anchor="end", cls="stake")
    if role and not banker:
        svg.text(x + 8, y + 33, role, size=11, fill=SUIT_COLOUR[horse] if horse else MUTED)
    svg.text(x + 8, y + 49, f"{balance} chips{change}", size=12, cls="balance")
    svg.close()


def draw_seats(svg: Svg, top: int, observation: Mapping[str, Any]) -> int:
    """A box per seat: the bank, each bet and stake, the balance (and its change at settlement)."""
    balances = observation.get("balances")
    if not balances:
        return 0
    changes = (observation.get("settlement") or {}).get("changes") or []
    winners = observation.get("session_winners") or []
    per_row = (WIDTH - 2 * PAD + SEAT_GAP) // (SEAT_W + SEAT_GAP)
    staked = stakes(observation)
    for seat, balance in enumerate(balances):
        x = PAD + (seat % per_row) * (SEAT_W + SEAT_GAP)
        y = top + (seat // per_row) * (SEAT_H + SEAT_GAP)
        role, horse = seat_role(seat, observation)
        banker = seat == observation.get("banker")
        change = f" ({signed_chips(changes[seat])})" if seat < len(changes) else ""
        draw_seat(svg, x, y, seat, balance, role, horse, staked.get(seat) if horse else None, banker,
                  seat in winners, change)
    rows = (len(balances) + per_row - 1) // per_row
    return rows * (SEAT_H + SEAT_GAP)
