"""What a search answers: its hits and results, and the two ways it can refuse."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

class SearchQueryError(ValueError):
    """The query or a filter cannot be searched; the message says why (HTTP 400)."""


class SearchUnavailable(RuntimeError):
    pass


@dataclass
class SearchHit:
    document: str
    language: str
    kind: str
    stable_id: str
    number: str
    title: str
    snippet: str
    """Safe HTML: the clause text escaped, query words wrapped in <mark>."""
    score: float
    game: str = ""
    document_title: str = ""
    """The document's title, for display (filled by the search page)."""
    label: str = ""
    """What the reader calls the clause (the number its page prints), for display (filled by the search page)."""
    parent_number: str = ""
    parent_title: str = ""
    """The heading the clause is printed under (its nearest titled ancestor)."""
    text: str = ""
    """The clause's whole text (plain), for the hit a judge reads first."""

    @property
    def url(self) -> str:
        return f"/rules/{self.document}/{self.number or self.stable_id}/"


class SearchedTerm(tuple):
    """(term in the query, term searched), as the pair it compares equal to, with each term's language,
    so that the page marks an English term on an Italian page (and the reverse) for screen readers."""

    def __new__(cls, source: str, target: str, source_lang: str = "", target_lang: str = ""):
        term = super().__new__(cls, (source, target))
        term.source_lang, term.target_lang = source_lang, target_lang
        return term

    def __getnewargs__(self):  # copied and pickled with its languages (a cached result keeps them)
        return (*self, self.source_lang, self.target_lang)

    @property
    def source(self) -> str:
        return self[0]

    @property
    def target(self) -> str:
        return self[1]


@dataclass
class SearchResults:
    query: str
    count: int = 0
    hits: list[SearchHit] = field(default_factory=list)
    expanded_terms: list[str] = field(default_factory=list)
    expansions: list[SearchedTerm] = field(default_factory=list)
    """(term in the query, term searched) pairs with their languages, for display."""
    facets: dict[str, dict[str, int]] = field(default_factory=dict)
    page: int = 1
    page_size: int = 10
    number_match: SearchHit | None = None
    """The one clause whose number is the whole query, when there is exactly one in scope."""
    notice: str = ""
    number_choices: bool = False
    """The query is a clause number printed in several documents: the hits are each document's clause."""
    corrections: dict[str, str] = field(default_factory=dict)
    """Unknown query words -> the index's word they were read as ("guardain" -> "guardian")."""
    suggestions: list[tuple[str, int]] = field(default_factory=list)
    """For a query that found nothing: other queries worth a tap, with how many clauses they find."""
    unscoped_count: int = 0
    """For a filtered query that found nothing: what it finds without the filters."""
    games_without_words: list[str] = field(default_factory=list)
    """The games the query names none of whose clauses has its words (their names): the hits are other games'."""
    unquoted: list[str] = field(default_factory=list)
    """Quoted phrases no clause prints word for word: the query was searched with their words apart
    (a judge quoting a card's text from memory)."""

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.count / self.page_size))

    @property
    def did_you_mean(self) -> str:
        """The query with its misspelt words corrected ("" when nothing was corrected)."""
        corrected = self.query
        for typed, meant in self.corrections.items():
            corrected = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", meant, corrected)
        return corrected if corrected != self.query else ""
