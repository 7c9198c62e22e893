"""How the rule texts are cut (reference/core/seed_texts.py), on small texts written here: a
section runs from its heading line to the next heading line of the catalog (the last to the end
of the text); a heading printed inside a line starts where it first occurs (its `start` is -1:
not a line of its own); a markdown file's wrapped lines are joined into their paragraph, a .txt
text keeps one paragraph per line. Every expected value is read off the texts below."""

from __future__ import annotations

import pytest

from reference.core import seed_texts

TXT = """Preamble line.
# Setup
Shuffle the deck. Deal four cards.
Each player bets.
# Race
Reveal a card. The horse of its suit moves.
Ties: see Finish below.
# Finish
The first horse past the mark wins!
"""

MD = """# Components
A board with
eight lanes and
a start line.
- a list item
  that wraps
| a | table |
| row | two |

Last paragraph
in two lines.
"""


@pytest.fixture()
def seeds(tmp_path, monkeypatch):
    folder = tmp_path / "seeds"
    folder.mkdir()
    (folder / "rules.txt").write_text(TXT, encoding="utf-8")
    (folder / "components.md").write_text(MD, encoding="utf-8")
    monkeypatch.setattr(seed_texts, "SEEDS_DIR", folder)
    seed_texts.seed_lines.cache_clear()         # cached by name: these names are the test's own
    yield folder
    seed_texts.seed_lines.cache_clear()


def test_a_section_runs_from_its_heading_line_to_the_next_heading_line(seeds):
    found = seed_texts.sections("rules.txt", ["Setup", "Race", "Finish"])
    assert found["Setup"] == seed_texts.Section(
        "Setup", 1, "# Setup Shuffle the deck. Deal four cards. Each player bets.")
    assert found["Race"] == seed_texts.Section(
        "Race", 4, "# Race Reveal a card. The horse of its suit moves. Ties: see Finish below.")
    assert found["Finish"] == seed_texts.Section("Finish", 7, "# Finish The first horse past the mark wins!")


def test_only_the_catalogs_headings_bound_a_section(seeds):
    """Race is not a heading the catalog names here: Setup runs on to Finish."""
    found = seed_texts.sections("rules.txt", ["Setup", "Finish"])
    assert found["Setup"].text == ("# Setup Shuffle the deck. Deal four cards. Each player bets. # Race "
                                   "Reveal a card. The horse of its suit moves. Ties: see Finish below.")


def test_a_heading_inside_a_line_starts_where_it_first_occurs(seeds):
    found = seed_texts.sections("rules.txt", ["Race", "Finish", "Ties"])
    assert found["Ties"] == seed_texts.Section("Ties", -1, "Ties: see Finish below.")
    assert "Missing" not in seed_texts.sections("rules.txt", ["Race", "Missing"])


def test_a_heading_printed_first_in_another_heading_line_runs_to_the_next_heading_line(seeds):
    """"Set" is printed first in the line "# Setup" (a heading line itself)."""
    found = seed_texts.sections("rules.txt", ["Setup", "Race", "Set"])
    assert found["Set"] == seed_texts.Section("Set", -1, "Setup Shuffle the deck. Deal four cards. Each player bets.")


def test_a_quote_must_lie_in_its_section(seeds):
    headings = ["Setup", "Race", "Finish"]
    assert seed_texts.quote_problem("rules.txt", "Race", "Reveal  a\ncard.", headings) == ""
    assert "is in rules.txt, but not under 'Setup'" in seed_texts.quote_problem(
        "rules.txt", "Setup", "Reveal a card.", headings)
    assert "is not in rules.txt" in seed_texts.quote_problem("rules.txt", "Race", "Reveal two cards.", headings)
    assert "no heading 'Start'" in seed_texts.quote_problem("rules.txt", "Start", "Reveal a card.", headings)
    assert "no rule text other.txt" in seed_texts.quote_problem("other.txt", "Race", "x", headings)


def test_a_txt_text_keeps_one_paragraph_per_line(seeds):
    assert seed_texts.paragraphs("rules.txt") == TXT.splitlines()


def test_a_markdown_files_wrapped_lines_are_joined_into_their_paragraph(seeds):
    assert seed_texts.paragraphs("components.md") == [
        "# Components", "A board with eight lanes and a start line.", "- a list item that wraps",
        "| a | table |", "| row | two |", "", "Last paragraph in two lines."]


def test_the_sentences_of_each_section_in_order(seeds):
    assert seed_texts.section_sentences("rules.txt", ["Setup", "Finish"]) == [
        ("Setup", "Shuffle the deck."), ("Setup", "Deal four cards."), ("Setup", "Each player bets."),
        ("Setup", "# Race"), ("Setup", "Reveal a card."), ("Setup", "The horse of its suit moves."),
        ("Setup", "Ties: see Finish below."), ("Finish", "The first horse past the mark wins!")]
