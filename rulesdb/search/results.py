"""What a search answers: its hits and results, and the two ways it can refuse."""
from __future__ import annotations

import math
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

    @property
    def url(self) -> str:
        return f"/rules/{self.document}/{self.number or self.stable_id}/"


@dataclass
class SearchResults:
    query: str
    count: int = 0
    hits: list[SearchHit] = field(default_factory=list)
    expanded_terms: list[str] = field(default_factory=list)
    expansions: list[tuple[str, str]] = field(default_factory=list)
    """(term in the query, term searched) pairs, for display."""
    facets: dict[str, dict[str, int]] = field(default_factory=dict)
    page: int = 1
    page_size: int = 10
    number_match: SearchHit | None = None
    """The one clause whose number is the whole query, when there is exactly one in scope."""
    notice: str = ""

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.count / self.page_size))
