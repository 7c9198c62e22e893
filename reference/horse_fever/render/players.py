"""A row per player: VP, Danari, stables owned, bets and the first player."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from reference.core.svg import Svg, drawn_once

from ..rules.components import COLOURS
from .reading import events_of, is_mapping
from .style import BET_LINE, GOLD, GOLD_FILL, INK, MUTED, PAD, PLAYER_H, ordinal, text_width, token


# -- the players --------------------------------------------------------------------------------------

class PlayerItems(NamedTuple):
    """What the rows of all seats are read from, taken out of the observation once per diagram."""
    payouts: list[Mapping[str, Any]]         # how this step settled each bet
    bets: list[Mapping[str, Any]]            # the bets in play
    prizes: list[Mapping[str, Any]]          # this step's stable-owner prizes


def player_items(observation: Mapping[str, Any]) -> PlayerItems:
    return PlayerItems([p for p in observation.get("payouts") or [] if is_mapping(p)],
                       [b for b in observation.get("bets") or [] if is_mapping(b)],
                       events_of(observation, "owner_prize"))


def seat_bets(items: PlayerItems, seat: int) -> list[str]:
    """A seat's bets, or how they were settled in this step, and its stable-owner prizes."""
    settled = [p for p in items.payouts if p.get("player") == seat]
    if settled:
        out = []
        for p in settled:
            result = (f"+{p.get('returned')} D, +{p.get('vp')} VP" if p.get("won") else "stake lost")
            out.append(f"{p.get('side')} {p.get('amount')} D on {p.get('horse')}: {result}")
    else:
        out = [f"{b.get('side')} {b.get('amount')} D on {b.get('horse')}" for b in items.bets
               if b.get("player") == seat]
    for e in items.prizes:
        if e.get("player") == seat:
            vp = f", +{e.get('vp')} VP" if e.get("vp") else ""
            out.append(f"owner of {e.get('horse')} ({ordinal(e.get('place', 0))}): +{e.get('danari')} D{vp}")
    return out


def seat_roles(observation: Mapping[str, Any], seat: int) -> list[str]:
    roles = []
    if observation.get("first_player") == seat:
        roles.append("\u2605 first player")
    if observation.get("turn") == seat:
        roles.append("to play")
    if seat in (observation.get("players_out") or []):
        roles.append("out")
    if observation.get("winner") == seat:
        roles.append("wins the game")
    return roles


PLAYER_COLUMNS = {"seat": 0, "roles": 52, "vp": 190, "danari": 245, "owns": 330, "bets": 430}


def draw_player(svg: Svg, y: int, seat: int, observation: Mapping[str, Any], items: PlayerItems
                ) -> tuple[int, int]:
    """One player's row, a line per bet; returns (its height, its right edge)."""
    vp = (observation.get("vp") or [])[seat:seat + 1]
    danari = (observation.get("danari") or [])[seat:seat + 1]
    owners = observation.get("owners") or {}
    owned = tuple(h for h in COLOURS if owners.get(h) == seat)
    first = observation.get("first_player") == seat
    bets = tuple(seat_bets(items, seat) or ["no bet"])
    right = PAD + PLAYER_COLUMNS["bets"] + 6 + max(text_width(b, 12) for b in bets)
    height = PLAYER_H + BET_LINE * (len(bets) - 1)
    draw_player_row(svg, y, seat, vp[0] if vp else None, danari[0] if danari else None, owned, first,
                    ", ".join(seat_roles(observation, seat)), bets, right, height)
    return height, right


@drawn_once
def draw_player_row(svg: Svg, y: int, seat: int, vp: Any, danari: Any, owned: tuple[str, ...], first: bool,
                    roles: str, bets: tuple[str, ...], right: int, height: int) -> None:
    col = {name: PAD + dx + 6 for name, dx in PLAYER_COLUMNS.items()}
    svg.open("g", cls="player first-player" if first else "player", data_seat=seat, data_vp=vp, data_danari=danari,
             data_first="true" if first else None)
    svg.add("rect", x=PAD, y=y, width=right - PAD, height=height - 3, rx=4, fill=GOLD_FILL if first else "#f9fafb")
    svg.text(col["seat"], y + 15, f"seat {seat}", size=12, font_weight="bold")
    svg.text(col["roles"], y + 15, roles, size=11, fill=GOLD, cls="roles")
    if vp is not None:
        svg.text(col["vp"], y + 15, f"{vp} VP", size=12, cls="vp")
    if danari is not None:
        svg.text(col["danari"], y + 15, f"{danari} D", size=12, cls="danari")
    if owned:
        svg.text(col["owns"], y + 15, "owns", size=11, fill=MUTED)
        for i, horse in enumerate(owned):
            token(svg, col["owns"] + 40 + i * 18, y + 11, horse, r=7, cls="owned", data_horse=horse)
    for i, bet in enumerate(bets):
        svg.text(col["bets"], y + 15 + BET_LINE * i, bet, size=12, fill=MUTED if bet == "no bet" else INK,
                 cls="bet")
    svg.close()


@drawn_once
def draw_players_head(svg: Svg, top: int, bets_head: str) -> None:
    svg.text(PAD, top + 14, "players", size=13, font_weight="bold")
    heads = {"vp": "VP", "danari": "Danari", "bets": bets_head}
    for name, head in heads.items():
        svg.text(PAD + PLAYER_COLUMNS[name] + 6, top + 14, head, size=11, fill=MUTED)


def draw_players(svg: Svg, top: int, observation: Mapping[str, Any]) -> tuple[int, int]:
    """A row per seat; returns (bottom, right edge)."""
    seats = max(len(observation.get("vp") or []), len(observation.get("danari") or []))
    if not seats:
        return top, 0
    draw_players_head(svg, top, "bets" if not observation.get("payouts") else "bets settled")
    items = player_items(observation)
    y, right = top + 22, 0
    for seat in range(seats):
        height, row_right = draw_player(svg, y, seat, observation, items)
        y, right = y + height, max(right, row_right)
    return y, right


