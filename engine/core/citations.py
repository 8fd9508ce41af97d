"""Citations: a pointer to one clause of a game's comprehensive rules.

The type is shared by every game; each game keeps its own registry of the
clauses it cites (its ``citations.py``), handed to the core when it registers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable


@dataclass(frozen=True, slots=True)
class Citation:
    """A pointer to one clause: document id, clause number, English match."""

    document: str
    number: str
    en_number: str | None = None

    def to_json(self) -> dict:
        return {"document": self.document, "number": self.number, "en_number": self.en_number}

    def matches(self, clause: str) -> bool:
        """Is this the clause a scenario names: its number, or "en:<number>" for the English match
        (a ruling written from the English text names the English number)."""
        if clause.startswith("en:"):
            return self.en_number is not None and self.en_number == clause[3:]
        return self.number == clause

    @classmethod
    def from_json(cls, data: dict) -> "Citation":
        return cls(data["document"], data["number"], data.get("en_number"))

    def __str__(self) -> str:
        en = f" (EN {self.en_number})" if self.en_number else ""
        return f"{self.document} {self.number}{en}"


@dataclass(frozen=True, slots=True)
class ClauseRef:
    """A registry entry: the citation plus words its primary text contains."""

    citation: Citation
    words: tuple[str, ...]


def lookups(registry: dict[str, ClauseRef],
            all_clauses: dict[str, ClauseRef]) -> tuple[Callable[[str], Citation], Callable[..., tuple[Citation, ...]]]:
    """A game's ``cite`` and ``cites`` over its registry (the clauses its events cite) and all the clauses it cites."""

    def cite(key: str) -> Citation:
        """Return the citation registered under ``key`` (KeyError if unknown)."""
        return all_clauses[key].citation

    @lru_cache(maxsize=None)
    def cites(*keys: str) -> tuple[Citation, ...]:
        """The citations of ``keys`` (cached: every event builds one such tuple)."""
        return tuple(registry[k].citation for k in keys)

    return cite, cites
