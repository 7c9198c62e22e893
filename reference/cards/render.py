"""Diagrams of a card race, laid out as the rule text lays the table (standalone SVG).

Works from an observation alone (see observe.py). The seven track cards lie in a row across
the top, marking positions 1-7; below them the four aces stand one above the other, each in
its lane (spades, hearts, diamonds, clubs), at its position 0-8: the start line is drawn after
position 0 and the chequered finish line after position 7, so an ace at 8 stands past it.
Beside each lane: the posted net odds and the seats backing that horse. Below: the card just
revealed, the race deck (cards left, per suit), then a box per seat with the bank, each bet
and the balance. The winner's lane is gold. A loaded track (five or more of one suit: laid
again, CRD-TRACK-4) has that suit's cards outlined in orange, with the reason.

An odds observation becomes a chart: each horse's exact chance to win as a bar, with a tick
where the posted odds would be fair (1/(N+1)), the fair odds and a chip's expected gain.

Same input, same bytes; "" when there is nothing to draw (a refused action, no track yet).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from reference.core.svg import Svg

from .betting import MAX_STAKE
from .cards import SUIT_NAMES, SUITS
from .race import FINISH
from .track import NEEDED_TO_FINISH, RACE_CARDS_PER_SUIT, RELAY_AT, TRACK_LENGTH


SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_COLOUR = {"S": "#111827", "H": "#dc2626", "D": "#1d4ed8", "C": "#15803d"}   # a four-colour pack
INK = "#1f2937"
MUTED = "#6b7280"
GRID = "#d1d5db"
CARD_FILL = "#ffffff"
LANE_FILL = "#f3f4f6"
ORANGE = "#ff8c00"               # a loaded track's suit (as the domino diagrams' highlight)
GOLD, GOLD_FILL = "#d97706", "#fef3c7"     # the winner
BANK_FILL = "#e0e7ff"
DECK_BLUE = "#1e3a8a"

PAD = 20
LABEL_W = 108                    # lane labels, left of position 0
CELL = 58                        # one position
SIDE_W = 210                     # odds and bets, right of position 8
CARD_W, CARD_H = 44, 62          # a track card
HORSE_W, HORSE_H = 36, 40        # an ace in its lane
LANE_H, LANE_GAP = 48, 4
SEAT_W, SEAT_H, SEAT_GAP = 128, 56, 8
LINE = 22                        # header line height


# -- small SVG helpers ----------------------------------------------------------------------------

def split_card(text: str) -> tuple[str, str]:
    """'10D' -> ('10', 'D')."""
    return text[:-1], text[-1]


def card_name(text: str) -> str:
    rank, suit = split_card(text)
    return f"{rank}{SYMBOL.get(suit, suit)}"


def counts_text(counts: Mapping[str, int]) -> str:
    return " ".join(f"{counts[s]}{SYMBOL[s]}" for s in SUITS if s in counts)


def signed_chips(change: int) -> str:
    return f"{change:+d}".replace("-", "\u2212") if change else "\u00b10"


def seats_text(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in seats)


# -- geometry of the race table -------------------------------------------------------------------

def column_x(position: int) -> int:
    """Left edge of a position's column (0 = start, 1-7 = the track, 8 = past the finish)."""
    return PAD + LABEL_W + position * CELL


def lane_y(lane_top: int, index: int) -> int:
    return lane_top + index * (LANE_H + LANE_GAP)


FINISH_X = column_x(FINISH)       # the finish line: after the last mark, position 7
START_X = column_x(1)             # the start line: after position 0
SIDE_X = column_x(FINISH + 1) + 12     # odds and bets beside the lanes
WIDTH = column_x(FINISH + 1) + SIDE_W + PAD


# -- what the race drawing needs --------------------------------------------------------------------

def track_to_draw(observation: Mapping[str, Any]) -> tuple[list[str] | None, str | None]:
    """(the track cards, the loaded suit if the track must be laid again). A race whose lay was
    refused keeps no track: the refused one is in its 'relaid' event."""
    if observation.get("track"):
        loaded = observation.get("relay_suit") if observation.get("must_relay") else None
        return [str(c) for c in observation["track"]], loaded
    for event in observation.get("events") or []:
        if event.get("type") == "relaid" and event.get("track"):
            return [str(c) for c in event["track"]], event.get("suit")
    return None, None


def header_lines(kind: str, observation: Mapping[str, Any], loaded: str | None, track: list[str]) -> list[str]:
    """The title line and the state of play."""
    if kind == "layout":
        first = "A lay judged on its own"
    else:
        first = f"Race {observation.get('race', 1)}"
        if observation.get("banker") is not None:
            first += f" \u00b7 seat {observation['banker']} banks"
        if kind == "session":
            first = "Session \u00b7 " + first
    if loaded:
        count = sum(1 for c in track if split_card(c)[1] == loaded)
        return [first, f"The track is laid again: {count} {SUIT_NAMES[loaded]} on it"]
    return [first, state_text(kind, observation)]


def state_text(kind: str, observation: Mapping[str, Any]) -> str:
    if kind == "layout":
        return "The track stands: no suit has five or more; net odds by track cards of the suit"
    phase, winner = observation.get("phase"), observation.get("winner")
    if winner:
        text = f"{SYMBOL[winner]} {SUIT_NAMES[winner].capitalize()} cross the line and win"
        settlement = observation.get("settlement")
        if settlement:
            text += (f" at {settlement['odds']}:1; the bank collects {settlement['collected']} "
                     f"and pays {settlement['paid']}")
        return text
    if phase == "betting":
        seat = observation.get("to_bet")
        return "Betting" + (f": seat {seat} chooses" if seat is not None else "")
    if phase == "racing":
        return "Racing: the bank reveals race cards"
    if phase == "laying":
        return "The track is to be laid"
    return str(phase or "")


# -- drawing the race table ----------------------------------------------------------------------------

def draw_card(svg: Svg, x: int, y: int, text: str, cls: str, w: int = CARD_W, h: int = CARD_H,
              tooltip: str | None = None, outline: str | None = None, **data: Any) -> None:
    """A face-up card: rank in the corner, the suit symbol large, in the suit's colour."""
    rank, suit = split_card(text)
    colour = SUIT_COLOUR.get(suit, INK)
    svg.open("g", tooltip, cls=cls, data_card=text, **data)
    svg.add("rect", cls="card-face", x=x, y=y, width=w, height=h, rx=5, fill=CARD_FILL, stroke=INK,
            stroke_width=1.2)
    svg.text(x + 4, y + 14, rank, size=12, fill=colour, font_weight="bold")
    svg.text(x + w // 2, y + h // 2 + 10, SYMBOL.get(suit, suit), size=min(w, h) // 2 + 4, fill=colour,
             text_anchor="middle")
    if outline:
        svg.add("rect", cls="outline", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=7, fill="none",
                stroke=outline, stroke_width=3.5, stroke_dasharray="6 3" if outline == ORANGE else None)
    svg.close()


def draw_track_row(svg: Svg, top: int, track: list[str], loaded: str | None) -> None:
    """Position headings, the seven track cards at positions 1-7, and their numbers."""
    svg.text(column_x(0) + CELL // 2, top + 12, "start", size=11, fill=MUTED, text_anchor="middle")
    svg.text(column_x(FINISH) + CELL // 2, top + 12, "finish", size=11, fill=MUTED, text_anchor="middle")
    svg.text(PAD, top + 56, "track", size=13, fill=INK, font_weight="bold")
    for position, text in enumerate(track[:TRACK_LENGTH], start=1):
        suit = split_card(text)[1]
        marked = suit == loaded
        x = column_x(position) + (CELL - CARD_W) // 2
        draw_card(svg, x, top + 20, text, "track-card relay" if marked else "track-card",
                  tooltip=f"position {position}: {text}" + (" (the loaded suit)" if marked else ""),
                  outline=ORANGE if marked else None, data_position=position)
    svg.text(PAD, top + 98, "position", size=11, fill=MUTED)
    for position in range(FINISH + 1):
        svg.text(column_x(position) + CELL // 2, top + 98, str(position), size=12, fill=MUTED,
                 text_anchor="middle", cls="position-number")


def race_cards(observation: Mapping[str, Any], track: list[str]) -> dict[str, int]:
    """CRD-COUNT-1: each suit's race cards, 12 less its track cards (a refused lay reports none)."""
    if observation.get("available"):
        return dict(observation["available"])
    return {s: RACE_CARDS_PER_SUIT - sum(1 for c in track if split_card(c)[1] == s) for s in SUITS}


def draw_lane(svg: Svg, y: int, suit: str, observation: Mapping[str, Any], track: list[str],
              loaded: str | None) -> None:
    """One horse's lane: its label, a cell per position and the ace where it stands."""
    winner = observation.get("winner") == suit
    position = int((observation.get("positions") or {}).get(suit, 0))
    svg.open("g", cls="lane winner" if winner else "lane", data_horse=suit)
    svg.add("rect", cls="lane-body", x=PAD, y=y, width=column_x(FINISH + 1) - PAD, height=LANE_H, rx=6,
            fill=GOLD_FILL if winner else LANE_FILL, stroke=GOLD if winner else "none",
            stroke_width=2.5 if winner else None)
    colour = SUIT_COLOUR[suit]
    svg.text(PAD + 8, y + 21, f"{SYMBOL[suit]} {SUIT_NAMES[suit]}", size=15, fill=colour, font_weight="bold")
    available = race_cards(observation, track).get(suit)
    if available is not None:
        svg.text(PAD + 8, y + 38, f"{available} race cards", size=11,
                 fill=ORANGE if suit == loaded else MUTED, cls="race-cards")
    for p in range(1, FINISH + 1):
        svg.add("line", x1=column_x(p), y1=y + 6, x2=column_x(p), y2=y + LANE_H - 6, stroke=GRID, stroke_width=1)
    draw_horse(svg, y, suit, position, winner)
    svg.close()


def draw_horse(svg: Svg, y: int, suit: str, position: int, winner: bool) -> None:
    x = column_x(min(max(position, 0), FINISH)) + (CELL - HORSE_W) // 2
    where = "past the finish line" if position >= FINISH else "at the start" if position == 0 else f"at {position}"
    draw_card(svg, x, y + (LANE_H - HORSE_H) // 2, f"A{suit}", "horse winner" if winner else "horse",
              w=HORSE_W, h=HORSE_H, tooltip=f"ace of {SUIT_NAMES[suit]} {where}" + (": the winner" if winner else ""),
              outline=GOLD if winner else None, data_horse=suit, data_position=position)


def draw_lines(svg: Svg, top: int, bottom: int) -> None:
    """The start line after position 0 and the chequered finish line after position 7."""
    svg.add("line", cls="start-line", x1=START_X, y1=top, x2=START_X, y2=bottom, stroke=INK, stroke_width=2,
            stroke_dasharray="5 4")
    svg.open("g", "the finish line: an ace crosses it by reaching position 8", cls="finish-line",
             data_x=FINISH_X)
    size = 5
    for k, y in enumerate(range(top, bottom, size)):
        for col in range(2):
            fill = INK if (k + col) % 2 == 0 else "#ffffff"
            svg.add("rect", x=FINISH_X - size + col * size, y=y, width=size, height=min(size, bottom - y), fill=fill)
    svg.add("rect", x=FINISH_X - size, y=top, width=2 * size, height=bottom - top, fill="none", stroke=INK,
            stroke_width=1)
    svg.close()


def bettors(observation: Mapping[str, Any]) -> dict[str, list[int]]:
    """horse -> the seats backing it."""
    out: dict[str, list[int]] = {s: [] for s in SUITS}
    for seat, horse in enumerate(observation.get("bets") or []):
        if horse in out:
            out[horse].append(seat)
    return out


def stakes(observation: Mapping[str, Any]) -> dict[int, int]:
    """seat -> stake: from this step's bet events, else the posted maximum every bettor stakes."""
    out = {seat: MAX_STAKE for seat, horse in enumerate(observation.get("bets") or []) if horse}
    for event in observation.get("events") or []:
        if event.get("type") == "bet":
            out[event["seat"]] = event.get("stake", MAX_STAKE)
    return out


def draw_side(svg: Svg, y: int, suit: str, observation: Mapping[str, Any], loaded: str | None) -> None:
    """Beside a lane: its posted net odds and who backs it."""
    odds = (observation.get("odds") or {}).get(suit)
    winner = observation.get("winner") == suit
    if odds is not None:
        label = f"{odds}:1" + ("  wins" if winner else "")
        svg.text(SIDE_X, y + 21, label, size=17, fill=GOLD if winner else INK, font_weight="bold",
                 cls="odds", data_horse=suit, data_odds=odds)
    elif suit == loaded:
        svg.text(SIDE_X, y + 21, "cannot finish", size=14, fill=ORANGE, font_weight="bold", cls="no-odds",
                 data_horse=suit)
    if suit == loaded:
        svg.text(SIDE_X, y + 38, f"it needs {NEEDED_TO_FINISH} race cards to reach {FINISH}", size=11, fill=ORANGE)
        return
    if observation.get("bets") is None:
        return
    seats = bettors(observation)[suit]
    if not seats:
        return
    chips = sum(stakes(observation)[s] for s in seats)
    who = seats_text(seats) if len(seats) <= 5 else f"{len(seats)} seats"
    svg.text(SIDE_X, y + 38, f"backed by {who} \u00b7 {chips} chip{'s' if chips != 1 else ''}", size=11,
             fill=INK, cls="bet", data_horse=suit, data_seats=" ".join(str(s) for s in seats), data_chips=chips)


def draw_card_back(svg: Svg, x: int, y: int) -> None:
    svg.add("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill=DECK_BLUE, stroke="#ffffff", stroke_width=1.5)
    svg.add("rect", x=x + 5, y=y + 5, width=CARD_W - 10, height=CARD_H - 10, rx=3, fill="none",
            stroke="#93c5fd", stroke_width=1)


def draw_relay_note(svg: Svg, top: int, track: list[str], loaded: str, available: Mapping[str, int]) -> int:
    """Why a loaded track is laid again (CRD-TRACK-4/5, CRD-FAQ-3); returns the height used."""
    count = sum(1 for c in track if split_card(c)[1] == loaded)
    left = available[loaded]
    name = SUIT_NAMES[loaded]
    svg.open("g", cls="relay-note", data_suit=loaded, data_count=count)
    svg.text(PAD, top + 16, f"Lay again: {count} {name} on the track ({RELAY_AT} or more of one suit)",
             size=15, fill=ORANGE, font_weight="bold")
    svg.text(PAD, top + 38, f"{name.capitalize()} keep {RACE_CARDS_PER_SUIT} \u2212 {count} = {left} race cards, "
             f"fewer than the {NEEDED_TO_FINISH} moves from 0 to {FINISH}: the 48 cards are shuffled and laid again.",
             size=12, fill=INK)
    svg.close()
    return 50


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


def draw_seats(svg: Svg, top: int, observation: Mapping[str, Any]) -> int:
    """A box per seat: the bank, each bet and stake, the balance (and its change at settlement)."""
    balances = observation.get("balances")
    if not balances:
        return 0
    changes = (observation.get("settlement") or {}).get("changes") or []
    winners = observation.get("session_winners") or []
    per_row = (WIDTH - 2 * PAD + SEAT_GAP) // (SEAT_W + SEAT_GAP)
    for seat, balance in enumerate(balances):
        x = PAD + (seat % per_row) * (SEAT_W + SEAT_GAP)
        y = top + (seat // per_row) * (SEAT_H + SEAT_GAP)
        role, horse = seat_role(seat, observation)
        banker = seat == observation.get("banker")
        classes = "seat" + (" banker" if banker else "") + (" session-winner" if seat in winners else "")
        svg.open("g", cls=classes, data_seat=seat, data_balance=balance, data_horse=horse,
                 data_stake=stakes(observation).get(seat) if horse else None)
        svg.add("rect", x=x, y=y, width=SEAT_W, height=SEAT_H, rx=6, fill=BANK_FILL if banker else "#ffffff",
                stroke=GOLD if seat in winners else GRID, stroke_width=2.5 if seat in winners else 1.2)
        svg.text(x + 8, y + 17, f"seat {seat}" + (" \u00b7 bank" if banker else ""), size=13, font_weight="bold")
        if horse:
            stake = stakes(observation)[seat]
            svg.text(x + SEAT_W - 8, y + 17, f"stake {stake}", size=11, fill=MUTED, text_anchor="end", cls="stake")
        if role and not banker:
            svg.text(x + 8, y + 33, role, size=11, fill=SUIT_COLOUR[horse] if horse else MUTED)
        change = f" ({signed_chips(changes[seat])})" if seat < len(changes) else ""
        svg.text(x + 8, y + 49, f"{balance} chips{change}", size=12, cls="balance")
        svg.close()
    rows = (len(balances) + per_row - 1) // per_row
    return rows * (SEAT_H + SEAT_GAP)


def render_race(kind: str, observation: Mapping[str, Any], track: list[str], loaded: str | None) -> str:
    svg = Svg()
    lines = header_lines(kind, observation, loaded, track)
    if observation.get("session_winners"):
        lines.append(f"Session over: {seats_text(observation['session_winners'])} won")
    for i, line in enumerate(lines):
        svg.text(PAD, PAD + 16 + LINE * i, line, size=17 if i == 0 else 14, cls="caption",
                 font_weight="bold" if i == 0 else None)
    top = PAD + LINE * len(lines) + 4
    draw_track_row(svg, top, track, loaded)
    lane_top = top + 108
    for i, suit in enumerate(SUITS):
        draw_lane(svg, lane_y(lane_top, i), suit, observation, track, loaded)
        draw_side(svg, lane_y(lane_top, i), suit, observation, loaded)
    bottom = lane_y(lane_top, len(SUITS)) - LANE_GAP
    draw_lines(svg, top + 18, bottom)
    y = bottom + 14
    if loaded:
        y += draw_relay_note(svg, y, track, loaded, race_cards(observation, track))
    elif kind != "layout":
        y += draw_deck_panel(svg, y, observation)
    if kind != "layout":
        y += draw_seats(svg, y, observation)
    positions = observation.get("positions") or {}
    where = " ".join(f"{SYMBOL[s]}{positions.get(s, 0)}" for s in SUITS)
    return svg.document(WIDTH, y + PAD // 2, "card-race", f"Horse Race cards: {lines[0]}; positions {where}")


# -- odds: each horse's exact chance against its posted odds ------------------------------------------

ODDS_COLUMNS = (("horse", 0), ("track cards", 104), ("race cards", 186), ("posted", 266),
                ("chance to win", 330), ("fair odds", 680), ("gain per chip", 772))
BAR_X, BAR_W = PAD + 400, 250
ROW_H = 40


def fraction(value: Any) -> Fraction | None:
    return None if value is None else Fraction(str(value))


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def signed(value: Fraction) -> str:
    return f"{float(value):+.2f}".replace("-", "\u2212")


def chart_scale(probabilities: Mapping[str, Fraction], odds: Mapping[str, Any]) -> int:
    """The bar scale in tenths: the largest chance or break-even point, rounded up."""
    points = list(probabilities.values()) + [Fraction(1, n + 1) for n in odds.values() if n is not None]
    tenths = max((-(-p * 10 // 1) for p in points), default=1)
    return max(int(tenths), 1)


def bar_x(p: Fraction, tenths: int) -> int:
    return BAR_X + round(p * BAR_W * 10 / tenths)


def draw_odds_row(svg: Svg, y: int, suit: str, observation: Mapping[str, Any], tenths: int) -> None:
    p = fraction(observation["win_probability"].get(suit)) or Fraction(0)
    posted = (observation.get("odds") or {}).get(suit)
    fair = fraction((observation.get("fair_odds") or {}).get(suit))
    gain = fraction((observation.get("expected_value") or {}).get(suit))
    cells = {"horse": f"{SYMBOL[suit]} {SUIT_NAMES[suit]}",
             "track cards": str((observation.get("track_counts") or {}).get(suit, "")),
             "race cards": str((observation.get("available") or {}).get(suit, "")),
             "posted": f"{posted}:1" if posted is not None else "none",
             "chance to win": percent(p),
             "fair odds": f"{float(fair):.2f}:1" if fair is not None else "never wins",
             "gain per chip": signed(gain) if gain is not None else "\u2013"}
    svg.open("g", f"{SUIT_NAMES[suit]}: wins with probability {p}", cls="odds-row", data_horse=suit,
             data_probability=str(p), data_odds=posted)
    svg.add("rect", x=PAD, y=y, width=WIDTH - 2 * PAD, height=ROW_H - 4, rx=5, fill=LANE_FILL)
    for name, dx in ODDS_COLUMNS:
        colour = SUIT_COLOUR[suit] if name == "horse" else INK
        if name == "gain per chip" and gain is not None:
            colour = "#15803d" if gain > 0 else "#b91c1c"
        svg.text(PAD + dx + 8, y + 23, cells[name], size=14, fill=colour,
                 font_weight="bold" if name in ("horse", "posted") else None, cls=name.replace(" ", "-"))
    for k in range(1, tenths + 1):
        x = bar_x(Fraction(k, 10), tenths)
        svg.add("line", x1=x, y1=y + 4, x2=x, y2=y + ROW_H - 8, stroke=GRID, stroke_width=1)
    svg.add("rect", cls="win-bar", x=BAR_X, y=y + 9, width=bar_x(p, tenths) - BAR_X, height=ROW_H - 22,
            fill=SUIT_COLOUR[suit], data_horse=suit)
    if posted is not None:
        x = bar_x(Fraction(1, posted + 1), tenths)
        svg.add("line", x1=x, y1=y + 2, x2=x, y2=y + ROW_H - 6, stroke="#ffffff", stroke_width=5)
        svg.add("line", cls="break-even", x1=x, y1=y + 3, x2=x, y2=y + ROW_H - 7, stroke=INK, stroke_width=3,
                data_horse=suit)
    svg.close()


def draw_axis(svg: Svg, y: int, tenths: int) -> None:
    for k in range(tenths + 1):
        x = bar_x(Fraction(k, 10), tenths)
        svg.add("line", x1=x, y1=y - 4, x2=x, y2=y + 2, stroke=MUTED, stroke_width=1)
        svg.text(x, y + 16, f"{k * 10}%", size=11, fill=MUTED, text_anchor="middle")


def render_odds(observation: Mapping[str, Any]) -> str:
    probabilities = {s: fraction(v) or Fraction(0) for s, v in (observation.get("win_probability") or {}).items()}
    if not probabilities:
        return ""
    svg = Svg()
    counts = observation.get("track_counts") or {}
    title = "Exact chance to win" + (f", track with {counts_text(counts)}" if counts else "")
    svg.text(PAD, PAD + 16, title, size=17, font_weight="bold", cls="caption")
    svg.text(PAD, PAD + 16 + LINE, "bar: the horse's chance to win; black tick: the chance at which its posted "
             "odds N:1 would be fair, 1/(N+1)", size=12, fill=MUTED)
    top = PAD + 2 * LINE + 16
    for name, dx in ODDS_COLUMNS:
        svg.text(PAD + dx + 8, top, name, size=11, fill=MUTED)
    tenths = chart_scale(probabilities, observation.get("odds") or {})
    for i, suit in enumerate(SUITS):
        draw_odds_row(svg, top + 8 + i * ROW_H, suit, observation, tenths)
    y = top + 8 + len(SUITS) * ROW_H + 6
    draw_axis(svg, y, tenths)
    y += 28
    for line in odds_notes(observation):
        svg.text(PAD, y + 14, line, size=13, cls="note")
        y += LINE
    return svg.document(WIDTH, y + PAD // 2, "card-odds", title)


def odds_notes(observation: Mapping[str, Any]) -> list[str]:
    notes = []
    counts = observation.get("track_counts") or {}
    loaded = next((s for s in SUITS if counts.get(s, 0) >= RELAY_AT), None)
    if observation.get("must_relay") and loaded:
        left = (observation.get("available") or {}).get(loaded)
        notes.append(f"This track is laid again: {counts[loaded]} {SUIT_NAMES[loaded]} leave {left} race cards, "
                     f"fewer than the {NEEDED_TO_FINISH} moves that ace needs.")
    relay = fraction(observation.get("relay_probability"))
    if relay is not None:
        notes.append(f"A random track is laid again with probability {relay} ({float(relay) * 100:.2f}%).")
    return notes


# -- the hook ---------------------------------------------------------------------------------------

def render_step(kind: str, observation: Mapping[str, Any]) -> str:
    """A standalone SVG of the state after a step; '' when there is nothing to draw (a refused
    action, a race whose track is still to be laid, an observation without a track or odds)."""
    if not observation or "error" in observation:
        return ""
    if kind == "odds":
        return render_odds(observation)
    track, loaded = track_to_draw(observation)
    if not track:
        return ""
    return render_race(kind, observation, track, loaded)
