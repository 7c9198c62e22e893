"""An odds observation as a chart: each horse's exact chance to win as a bar, with a tick where
its posted odds N:1 would be fair (1/(N+1)), the fair odds and a chip's expected gain."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from reference.core.svg import Svg

from ..rules.cards import SUIT_NAMES, SUITS
from ..rules import track
from ..rules.track import NEEDED_TO_FINISH
from .style import GRID, INK, LANE_FILL, LINE, MUTED, PAD, SUIT_COLOUR, SYMBOL, WIDTH, counts_text

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
    loaded = track.overloaded_suit({s: counts.get(s, 0) for s in SUITS})
    if observation.get("must_relay") and loaded:
        left = (observation.get("available") or {}).get(loaded)
        notes.append(f"This track is laid again: {counts[loaded]} {SUIT_NAMES[loaded]} leave {left} race cards, "
                     f"fewer than the {NEEDED_TO_FINISH} moves that ace needs.")
    relay = fraction(observation.get("relay_probability"))
    if relay is not None:
        notes.append(f"A random track is laid again with probability {relay} ({float(relay) * 100:.2f}%).")
    return notes
