"""Citations: a pointer to one clause of a game's comprehensive rules.

The type is shared by every game; each game keeps its own registry of the
clauses it cites (``engine/vanguard/citations.py`` for Vanguard).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Citation:
    """A pointer to one clause: document id, clause number, English match."""

    document: str
    number: str
    en_number: str | None = None

    def to_json(self) -> dict:
        return {"document": self.document, "number": self.number, "en_number": self.en_number}

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
