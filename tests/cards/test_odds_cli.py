"""`horserace odds` for a person who bets: percentages, gain per chip, posted vs fair price first;
exact fractions only on request; a note, not prices, for a track the rules lay again; an argument
error printed alone."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from horserace_cli.main import main

# Track 2 spades, 2 hearts, 1 diamond, 2 clubs: the diamond horse (11 race cards) wins with
# probability 1636509107/4333586348 (pinned independently in test_odds.py) at posted 2:1.
DIAMOND_WINS = Fraction(1636509107, 4333586348)


def odds(capsys, *argv: str) -> str:
    assert main(["odds", *argv]) == 0
    return capsys.readouterr().out


def horse_line(out: str, name: str) -> str:
    return next(line for line in out.splitlines() if line.strip().startswith(name))


def test_a_horse_line_reads_chance_then_gain_then_posted_and_fair(capsys):
    out = odds(capsys, "--counts", "2,2,1,2")
    line = horse_line(out, "diamonds")
    chance = f"{float(DIAMOND_WINS) * 100:.2f}%"                  # 37.76%
    gain = f"{float(DIAMOND_WINS * 3 - 1):+.4f}"                    # a 2:1 chip returns 3 when it wins
    fair = f"{float(1 / DIAMOND_WINS - 1):.2f}:1"                   # the price that breaks even
    assert chance == "37.76%" and gain == "+0.1329"
    positions = [line.index(chance), line.index(gain), line.index("2:1"), line.index(fair)]
    assert positions == sorted(positions), line
    assert "bettor gains" in line
    assert "bank gains" in horse_line(out, "spades")


def test_fractions_only_on_request(capsys):
    plain = odds(capsys, "--counts", "2,2,1,2")
    assert not re.search(r"\d+/\d+", plain), "a fraction printed without --exact"
    exact = odds(capsys, "--counts", "2,2,1,2", "--exact")
    assert str(DIAMOND_WINS) in exact and str(DIAMOND_WINS * 3 - 1) in exact
    assert not re.search(r"\d+/\d{4,}", odds(capsys)), "the overview printed fractions without --exact"


@pytest.mark.parametrize("counts", ["5,2,0,0", "0,0,0,7", "1,0,6,0"])
def test_a_track_the_rules_lay_again_gets_a_note_not_prices(capsys, counts):
    out = odds(capsys, "--counts", counts)
    after = out.split("\ntrack ", 1)[1]
    assert "No prices" in after and "lay the track again" in after and "CRD-TRACK-4" in after
    assert not re.search(r"\d+:1", after) and "%" not in after.split("\n", 1)[1]


@pytest.mark.parametrize("argv, message", [
    (["--counts", "1,1"], "give 4 whole numbers"),
    (["--counts", "2,2,2,2"], "adds up to 8"),
    (["--counts", "2,2,1,2", "--table", "1,2,x,5,10"], "--table"),
    (["--table", "1,2,3"], "--table"),
])
def test_an_argument_error_is_printed_alone(capsys, argv, message):
    assert main(["odds", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "", "a header was printed before the error"
    assert message in err and "Traceback" not in err
