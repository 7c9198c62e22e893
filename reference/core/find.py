"""`horserace find WORDS...`: from words to the rule, in any of the four languages.

Searched: every clause (its English summary and note, its own words in es/pt/pl and the
components file, the numbers it decides about), every worked example, every interpretation
(title, question, reading, alternatives, deciding passages), every language note (passages and
what they say), and, in a checkout, every sentence of the rule texts that no clause quotes.

Matching folds case and accents (`unicodedata`: «ultima marca» finds «última marca», «zaokraglij»
finds «zaokrąglij»); a word also matches a word it begins or that begins it, when they differ by
at most three letters («ficha» finds «fichas», «sum» finds «suma»), at a lower weight. A number
finds the passages that print it and the rules that decide about it (`numbers:` in a catalog: 17
falls under "an end sum that is not a multiple of five"). Entries are ranked by the weight of the
words they match (rarer words weigh more: inverse document frequency), scaled by the share of the
query's words they match; a rule ranks a little above a worked example that merely mentions the
same words. A small inverted index, built once per process: a few thousand passages.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from .catalog import Catalog, all_catalogs
from .standing import KNOWN_MISREADING, clause_status, interpretation_status
from . import seed_texts

# -- words ---------------------------------------------------------------------------------------

# Letters NFKD does not split into a base letter and a mark.
EXTRA_FOLDS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})

WORD = re.compile(r"\w+")

# Words too common to tell passages apart (English, Spanish, Portuguese, Polish), folded. They
# are left out of a query unless it has nothing else.
STOP_WORDS = frozenset("""
a an and are as at be by for from has have if in into is it its of on or that the their then this to was
when with not no any each
el la los las lo un una unos unas y o u de del al en con por para su sus que se es son le les
e os as um uma uns umas da das do dos na nas no nos em com pelo pela ao aos sua seu
i w z na do od po sie to nie jest lub oraz za przy jak ze ten ta
""".split())

PREFIX_WEIGHT = 0.6         # a word matched by its beginning counts this much of a whole-word match
NUMBER_WEIGHT = 2.0         # a number in a query is usually the point of the question
NUMBER_RANGE = 100          # how widely a rule's numbers reach is measured over 0..99


def fold(text: str) -> str:
    """Lower case without accents: «Última» -> «ultima», «Łączyć» -> «laczyc»."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(EXTRA_FOLDS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return WORD.findall(fold(text))


def query_words(terms: Iterable[str]) -> list[str]:
    """The words of a query, without repeats and without stop words (unless that leaves none)."""
    all_words = list(dict.fromkeys(w for term in terms for w in words(term)))
    kept = [w for w in all_words if w not in STOP_WORDS]
    return kept or all_words


def partly_matches(query: str, word: str) -> bool:
    """One word begins the other, the shorter has three letters or more, and they differ by at
    most three ("sum"/"suma", "ficha"/"fichas"); numbers only match whole."""
    if query == word or query.isdigit() or word.isdigit():
        return False
    short, long_ = (query, word) if len(query) <= len(word) else (word, query)
    return len(short) >= 3 and len(long_) - len(short) <= 3 and long_.startswith(short)


# -- what is searched ---------------------------------------------------------------------------

KIND_WEIGHT = {"clause": 1.0, "interpretation": 0.95, "language note": 0.9, "example": 0.85, "text": 0.75}


@dataclass(frozen=True)
class Passage:
    """One searchable text of an entry: a sentence in some language, a summary, a reading."""
    entry: str              # the entry's id (or, for a sentence no clause quotes, a seed label)
    lang: str               # en, es, pt, pl (the components file is English)
    text: str
    label: str              # what the passage is: "summary", "quote", "reading", "known misreading" ...
    words: tuple[str, ...] = ()


@dataclass
class Entry:
    id: str
    game: str
    kind: str               # clause, example, interpretation, language note, text
    title: str              # one line: a summary or a title
    status: str             # decided / open / convention, a rule's interpretations, known misreadings
    passages: list[Passage] = field(default_factory=list)
    numbers: tuple = ()     # NumberUse of a clause
    see: tuple[str, ...] = ()   # for a sentence no clause quotes: the clauses of its section


# Ids cited inside a text (DOM-CONT-1, CRD-BET-7) are not its words: their numbers are not the
# numbers the text speaks of.
CITED_ID = re.compile(r"\b[A-Z]{2,5}(?:-[A-Z0-9]+)*-[0-9]+\b")


def _passage(entry: str, lang: str, text: str, label: str) -> Passage:
    text = " ".join(str(text).split())
    return Passage(entry, lang, text, label, tuple(words(CITED_ID.sub(" ", text))))


def catalog_entries(catalog: Catalog) -> list[Entry]:
    out: list[Entry] = []
    for c in catalog.clauses.values():
        entry = Entry(c.id, catalog.game, "clause", c.summary, clause_status(catalog, c), numbers=c.numbers)
        entry.passages += [_passage(c.id, q.lang if q.lang != "components" else "en", q.text, "quote")
                           for q in c.quotes]
        entry.passages.append(_passage(c.id, "en", c.summary, "summary"))
        for text, label in ((c.note, "note"), (c.table, "table"), (c.diagram, "diagram")):
            if text:
                entry.passages.append(_passage(c.id, "en", text, label))
        entry.passages += [_passage(c.id, "en", n.text, "numbers") for n in c.numbers]
        out.append(entry)
    for x in catalog.examples.values():
        entry = Entry(x.id, catalog.game, "example", x.summary, "worked example of the texts")
        entry.passages += [_passage(x.id, q.lang if q.lang != "components" else "en", q.text, "quote")
                           for q in x.quotes]
        entry.passages.append(_passage(x.id, "en", x.summary, "summary"))
        out.append(entry)
    for i in catalog.interpretations.values():
        entry = Entry(i.id, catalog.game, "interpretation", i.title, interpretation_status(i))
        entry.passages += [_passage(i.id, q.lang, q.text, "deciding passage") for q in i.quotes]
        entry.passages += [_passage(i.id, "en", i.title, "title"), _passage(i.id, "en", i.question, "question"),
                           _passage(i.id, "en", i.reading, "reading (the suite's default)")]
        for a in i.alternatives:
            label = KNOWN_MISREADING if a.get("known_misreading") else "alternative"
            entry.passages.append(_passage(i.id, "en", a["reading"], label))
        if i.still_open:
            entry.passages.append(_passage(i.id, "en", i.still_open, "still open"))
        out.append(entry)
    for n in catalog.languages.values():
        tied = f"; the cases of {n.interpretation} ({catalog.interpretations[n.interpretation].status})" \
            if n.interpretation in catalog.interpretations else ""
        entry = Entry(n.id, catalog.game, "language note", n.title, "the languages differ here" + tied)
        for q in n.passages:
            entry.passages.append(_passage(n.id, q.lang, q.text, "passage"))
            if q.says:
                entry.passages.append(_passage(n.id, "en", q.says, f"what the {q.lang} passage says"))
        entry.passages += [_passage(n.id, "en", n.title, "title"), _passage(n.id, "en", n.reading, "reading used")]
        out.append(entry)
    return out


def unquoted_sentences(catalog: Catalog) -> list[Entry]:
    """Every sentence of the game's rule texts that no entry quotes (the texts are in a checkout
    only), as an entry naming its text and section and the clauses of that section."""
    if not seed_texts.available():
        return []
    quoted = [q.text for e in (*catalog.clauses.values(), *catalog.examples.values(),
                               *catalog.interpretations.values()) for q in e.quotes]
    quoted += [q.text for n in catalog.languages.values() for q in n.passages]
    out = []
    for lang, seed in catalog.seeds.items():
        if not seed_texts.seed_path(seed).exists():
            continue
        headings = {h: key for key, hs in catalog.sections.items() for l, h in hs.items() if l == lang}
        for number, (heading, sentence) in enumerate(seed_texts.section_sentences(seed, headings)):
            if any(q in sentence or sentence in q for q in quoted):
                continue
            section = headings[heading]
            label = f"{seed[:3]}:{section}:{number}"
            see = tuple(c.id for c in catalog.clauses.values() if c.section == section)
            entry = Entry(label, catalog.game, "text", f"{seed} \u00ab{heading}\u00bb",
                          "a sentence of the rule text that no clause quotes", see=see)
            entry.passages.append(_passage(label, lang if lang != "components" else "en", sentence, "sentence"))
            out.append(entry)
    return out


# -- the index ----------------------------------------------------------------------------------

@dataclass
class Index:
    entries: list[Entry]
    postings: dict[str, list[tuple[int, int]]]      # word -> (entry index, passage index)
    idf: dict[str, float]
    vocabulary_by_prefix: dict[str, list[str]]      # first three letters -> words


def build_index(catalogs: Sequence[Catalog]) -> Index:
    entries = [e for c in catalogs for e in (*catalog_entries(c), *unquoted_sentences(c))]
    postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for ei, entry in enumerate(entries):
        for pi, passage in enumerate(entry.passages):
            for w in set(passage.words):
                postings[w].append((ei, pi))
    total = len(entries)
    idf = {w: math.log(1 + total / len({ei for ei, _ in hits})) for w, hits in postings.items()}
    by_prefix: dict[str, list[str]] = defaultdict(list)
    for w in postings:
        by_prefix[w[:3]].append(w)
    return Index(entries, dict(postings), idf, dict(by_prefix))


@lru_cache(maxsize=None)
def game_index(games: tuple[str, ...]) -> Index:
    catalogs = all_catalogs()
    return build_index([catalogs[g] for g in games])


# -- searching ----------------------------------------------------------------------------------

@dataclass
class Hit:
    entry: Entry
    score: float
    passage: Passage             # the passage that matched the most of the query
    matched: tuple[str, ...]     # the query words the entry matched
    number_notes: tuple[str, ...] = ()   # "17: an end sum that is not a multiple of five ..."


def number_weight(use, number: int) -> float:
    """How much a rule's use of numbers says about `number`, against a passage that merely prints
    it (1): a rule deciding about the number says more, unless it decides about nearly every
    number (most of 0..99)."""
    covered = sum(1 for n in range(NUMBER_RANGE) if use.covers(n))
    return 0.5 if covered > 0.9 * NUMBER_RANGE else 1.5


def search(terms: Sequence[str], games: Sequence[str] | None = None, limit: int = 10) -> list[Hit]:
    """The entries matching the query, best first (at most `limit`)."""
    names = tuple(sorted(games)) if games else tuple(sorted(all_catalogs()))
    index = game_index(names)
    query = query_words(terms)
    if not query:
        return []
    # per entry: query word -> best weight, and per passage the words it matched
    best: dict[int, dict[str, float]] = defaultdict(dict)
    by_passage: dict[tuple[int, int], set[str]] = defaultdict(set)
    for q in query:
        weight = index.idf.get(q, 0.0) * (NUMBER_WEIGHT if q.isdigit() else 1.0)
        candidates = [(q, 1.0)] + [(w, PREFIX_WEIGHT) for w in index.vocabulary_by_prefix.get(q[:3], ())
                                  if partly_matches(q, w)]
        for word, factor in candidates:
            w_weight = (index.idf[word] * factor * (NUMBER_WEIGHT if q.isdigit() else 1.0)) if word != q else weight
            for ei, pi in index.postings.get(word, ()):
                if best[ei].get(q, 0.0) < w_weight:
                    best[ei][q] = w_weight
                by_passage[(ei, pi)].add(q)
    notes: dict[int, list[str]] = defaultdict(list)
    for q in query:
        if not q.isdigit():
            continue
        number = int(q)
        literal = index.idf.get(q, math.log(1 + len(index.entries)))
        for ei, entry in enumerate(index.entries):
            for k, use in enumerate(entry.numbers):
                if use.covers(number):
                    weight = literal * NUMBER_WEIGHT * number_weight(use, number)
                    best[ei][q] = max(best[ei].get(q, 0.0), weight)
                    notes[ei].append(f"{number}: {use.text}")
                    passage_index = next(i for i, p in enumerate(entry.passages)
                                         if p.label == "numbers" and p.text == " ".join(use.text.split()))
                    by_passage[(ei, passage_index)].add(q)
    hits = []
    for ei, matched in best.items():
        entry = index.entries[ei]
        coverage = len(matched) / len(query)
        score = sum(matched.values()) * (0.5 + 0.5 * coverage) * KIND_WEIGHT[entry.kind]
        passages = [(len(by_passage[(ei, pi)]), -pi) for pi in range(len(entry.passages)) if (ei, pi) in by_passage]
        top = entry.passages[-max(passages)[1]] if passages else entry.passages[0]
        hits.append(Hit(entry, score, top, tuple(q for q in query if q in matched), tuple(dict.fromkeys(notes[ei]))))
    hits.sort(key=lambda h: (-h.score, h.entry.game, h.entry.id))
    return hits[:limit]


def entry_ids(games: Sequence[str] | None = None) -> list[str]:
    """Every id `explain` knows besides scenarios: clauses, examples, interpretations, language notes."""
    catalogs = all_catalogs()
    out = []
    for name in (games or sorted(catalogs)):
        c = catalogs[name]
        out += [*c.clauses, *c.examples, *c.interpretations, *c.languages]
    return out


# -- printing -----------------------------------------------------------------------------------

def hit_lines(rank: int, hit: Hit) -> list[str]:
    e = hit.entry
    kind = e.kind if e.kind != "text" else "rule text"
    lines = [f"{rank}. {e.id}  [{kind}, {e.game}]  {e.title}", f"   status: {e.status}"]
    p = hit.passage
    if p.label not in ("summary", "title") or p.text != e.title:
        label = "" if p.label in ("quote", "sentence", "summary", "passage") else f"{p.label}: "
        lines.append(f"   {p.lang}: {label}\u00ab{p.text}\u00bb")
    lines += [f"   {note}" for note in hit.number_notes]
    if e.see:
        lines.append("   clauses of that section: " + ", ".join(e.see))
    return lines


def find_lines(terms: Sequence[str], games: Sequence[str] | None = None, limit: int = 10) -> tuple[list[str], int]:
    """What `horserace find` prints, and how many entries matched."""
    hits = search(terms, games, limit)
    shown = " ".join(terms)
    if not hits:
        return [f"nothing matches \u00ab{shown}\u00bb; try other words (any of en, es, pt, pl), fewer words, "
                "or `horserace explain ID`"], 0
    lines = [f"\u00ab{shown}\u00bb: {len(hits)} best match{'es' if len(hits) > 1 else ''} "
             f"(words searched: {', '.join(query_words(terms))})"]
    for rank, hit in enumerate(hits, 1):
        lines += [""] + hit_lines(rank, hit)
    first = next((h.entry.id for h in hits if h.entry.kind != "text"), None)
    if first:
        lines += ["", f"next: horserace explain {first}  (the rule's own words, status and readings; "
                      "or horserace ruling FILE for a position)"]
    return lines, len(hits)
