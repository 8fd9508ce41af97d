"""What a judge typed, read: cleaned, split into quoted phrases, clause numbers and words; a game's name,
a document's kind and a judges' shorthand ("GB2", "10k") told apart from the words searched for.

Kept apart from `query`, which turns the parsed query into whoosh queries and what the rerank needs.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from django.utils.translation import gettext

from .analysis import WORD_RE, fold
from .results import SearchQueryError
from .vocabulary import game_words, shorthand_split

MAX_QUERY_CHARS = 200
"""Longer queries are refused (HTTP 400): nobody types 200 characters into a rules search."""


_NUMBER_RE = re.compile(r"^(?:[a-z]{0,2}\d+[a-z]?(?:\.[0-9a-z]+)*)\.?$", re.IGNORECASE)


_COMMA_CHUNK_RE = re.compile(r"\d+(?:,\d+){2,}(?:,?[a-z])?", re.IGNORECASE)
"""A clause number typed with commas among other words ("WS 9,6,1", "regola 10,26,3 vanguard"): two commas at
least, so "10,000" (a power) stays a number of its own."""
_QUESTION_NUMBER_WORDS = {"domanda", "question", "faq", "q"}  # "domanda 33": the Playbook's Q33
NUMBER_WORDS = {"§", "sezione", "section", "regola", "rule", "sec", "art", "articolo", "clause",
                "paragrafo"} | _QUESTION_NUMBER_WORDS


_MOST_REPEATS = 3
"""A word typed more often than this counts this many times."""


_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@dataclass
class ParsedQuery:
    words: list[str]
    phrases: list[list[str]]
    """Quoted runs of words: must match as written (stemmed, in order)."""
    numbers: list[str]
    whole_number: str | None


def query_clean(text: str) -> str:
    """Control characters out, whitespace collapsed; refuses what is too long to be a question."""
    text = _CONTROL_RE.sub(" ", text or "")
    text = " ".join(text.split())
    if len(text) > MAX_QUERY_CHARS:
        raise SearchQueryError(
            gettext("The query is %(length)s characters long; the limit is %(limit)s. Search for a few words.")
            % {"length": len(text), "limit": MAX_QUERY_CHARS}
        )
    return text


def query_parse(text: str) -> ParsedQuery:
    phrases: list[list[str]] = []
    rest = []
    parts = text.split('"')
    # Even parts are outside quotes; an unbalanced final quote leaves its text as plain words.
    for i, part in enumerate(parts):
        inside = i % 2 == 1 and i < len(parts) - 1
        if inside:
            tokens = WORD_RE.findall(part)
            if tokens:
                phrases.append(tokens)
        else:
            rest.append(part)
    words: list[str] = []
    numbers: list[str] = []
    counts: list[str] = []
    previous = ""
    for chunk in " ".join(rest).split():
        chunk = chunk.strip("()[]{},;:!?'\u2018\u2019\u201c\u201d")
        if not chunk:
            continue
        if _COMMA_CHUNK_RE.fullmatch(chunk):
            chunk = chunk.replace(",", ".")  # "WS 9,6,1": a phone keyboard's decimal key is a comma
        if re.search(r"\d", chunk) and _NUMBER_RE.match(chunk):
            number = chunk.rstrip(".").lower()
            if number.isdigit() and fold(previous) in _QUESTION_NUMBER_WORDS:
                number = f"q{number}"
            if number.isdigit() and fold(previous) not in NUMBER_WORDS:
                counts.append(number)  # "4" among words is a quantity, or a clause number: both
            numbers.append(number)
            previous = chunk
            continue
        words.extend(WORD_RE.findall(chunk))
        previous = chunk
    # Operators are words here, except a lone AND/OR/NOT, which judges never mean as a term.
    operators = {"AND", "OR", "NOT"}
    if any(w not in operators for w in words) or numbers or phrases:
        words = [w for w in words if w not in operators]
    whole = None
    bare = [w for w in words if fold(w) not in NUMBER_WORDS]
    if len(numbers) == 1 and not bare and not phrases:
        whole = numbers[0]
    if bare and counts:
        # "level 4 lose", "6 danni": a bare integer next to other words is a count, not a
        # clause reference (which is written "4.1", "sezione 4", or alone): a word.
        numbers = [n for n in numbers if n not in counts]
        words += counts
    # A word typed again counts again ("grado 2 su grado 1" is about grades), but not without end: 100 times
    # "a" would cost a hundred words' work.
    typed: dict[str, int] = {}
    kept = []
    for word in words:
        key = fold(word)
        typed[key] = typed.get(key, 0) + 1
        if typed[key] <= _MOST_REPEATS:
            kept.append(word)
    words = kept
    return ParsedQuery(words=words, phrases=phrases, numbers=numbers, whole_number=whole)


_NAME_SHARE = 0.05
"""A word that names a game and is in fewer than this share of the game's clauses is its name
("weiss", "altered"), not one of its rules' terms ("vanguard" is both: the unit and the circle)."""


_DOCUMENT_KIND_WORDS = {"cr", "playbook"}
"""Words that name a kind of document beside a clause number ("vg cr 8.7.2"): where to look."""


def game_names_split(words: list[str], reader, *, numbered: bool = False) -> tuple[list[str], frozenset[str]]:
    """The query's words less those that only name a game, and the games named. A game's name
    says where to look, it is not what the judge asks about: "tap a character weiss" must not
    rank the clauses that print the game's name first. Kept when nothing else is left, unless the
    query has a clause number (`numbered`): "vg cr 8.7.2.1" asks for a number in Vanguard's rules,
    not for the words "vg" and "cr" (a clause about critical, "cr", would come first)."""
    naming = game_words()
    games = frozenset(naming[fold(w)] for w in words if fold(w) in naming)
    if numbered:
        return [w for w in words if fold(w) not in naming and fold(w) not in _DOCUMENT_KIND_WORDS], games
    kept = [
        w for w in words
        if fold(w) not in naming
        or reader.doc_frequency("exact", fold(w)) >= _NAME_SHARE * reader.doc_frequency("game", naming[fold(w)])
    ]
    if not any(fold(w) not in NUMBER_WORDS for w in kept):
        kept = words
    return kept, games


def shorthand_unpacked(parsed: ParsedQuery) -> ParsedQuery:
    """"GB2", "CB1" read as a clause number are a judges' shorthand and its count: two words; "10k", "+5k" are
    a power or shield in thousands ("10000")."""
    numbers, words = [], [part for word in parsed.words for part in (shorthand_split(word) or (word,))]
    for number in parsed.numbers:
        split = shorthand_split(number)
        words, numbers = (words + list(split), numbers) if split else (words, numbers + [number])
    if len(numbers) == len(parsed.numbers) and words == parsed.words:
        return parsed
    return dataclasses.replace(parsed, words=words, numbers=numbers, whole_number=None)
