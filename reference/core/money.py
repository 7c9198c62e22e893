"""One vocabulary for money, in every game and every output people read.

The words are defined once, in the README ("Money words"); `tests/core/test_money_words.py`
checks that the definitions below are the README's, word for word, and that `odds`, the
replays, `explain`, `ruling` and the HTML report use them. Only the words people read follow
this vocabulary: the observation keys of the vectors (`returned`, `changes`, `payouts` ...) keep
their names and values, since implementations are checked against them.
"""

from __future__ import annotations

import re

STAKE = "stake"
NET_WINNINGS = "net winnings"
TOTAL_RETURNED = "total returned"
NET_RESULT = "net result"

DEFINITIONS = {
    STAKE: "what a bettor puts on a bet: 1 chip in the card game, the Danari placed under the bet token "
           "in Horse Fever.",
    NET_WINNINGS: "what a winning bet brings beyond its stake. The card game's posted odds are net: at N:1 a "
                  "stake of 1 chip brings N chips of net winnings.",
    TOTAL_RETURNED: "what the bank hands a winning bettor: the stake plus the net winnings (the card game's "
                    "\u00abtotal devuelto\u00bb). A losing bet returns nothing.",
    NET_RESULT: "what one bet changes in a bettor's money: the net winnings if it wins, minus the stake if "
                "it loses (for the bank, the opposite of its bettors' net results).",
}

# The words as a person writes them, for finding which a text uses ("stakes", "net results").
_PATTERNS = {word: re.compile(r"\b" + word.replace(" ", r"\s+") + r"s?\b", re.IGNORECASE) for word in DEFINITIONS}


def words_used(text: str) -> list[str]:
    """The money words a text uses, in the order of DEFINITIONS."""
    return [word for word, pattern in _PATTERNS.items() if pattern.search(text)]


def glossary_lines(text: str, indent: str = "  ") -> list[str]:
    """The definitions of the money words `text` uses (none: no lines)."""
    used = words_used(text)
    if not used:
        return []
    return ["money words (README, \"Money words\"):"] + [f"{indent}{word}: {DEFINITIONS[word]}" for word in used]


def returned_text(stake: int, returned: int, unit: str = "") -> str:
    """A winning bet's money in the defined words: "total returned 3 (stake 1 + net winnings 2)"."""
    u = f" {unit}" if unit else ""
    return f"total returned {returned}{u} (stake {stake}{u} + net winnings {returned - stake}{u})"
