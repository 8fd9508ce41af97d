"""Domain errors.  All subclass ValueError and are raised, never returned."""

from __future__ import annotations

from .citations import Citation


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(EngineError):
    """An action the rules forbid; carries the reason and the forbidding clause.

    ``related``: further clauses the refusal rests on (e.g. the definition that
    makes a locked card not a unit, next to the clause that chooses units).
    """

    def __init__(self, reason: str, citation: Citation | None = None, related: tuple[Citation, ...] = ()):
        self.reason = reason
        self.citation = citation
        self.related = tuple(related)
        where = f" [{', '.join(str(c) for c in (citation,) + self.related)}]" if citation else ""
        super().__init__(f"{reason}{where}")

    def to_json(self) -> dict:
        out = {"reason": self.reason, "citation": self.citation.to_json() if self.citation else None}
        if self.related:
            out["related"] = [c.to_json() for c in self.related]
        return out


class DefinitionError(EngineError):
    """Malformed data (card, ability, state, action or scenario); names the field path."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class GameOverError(EngineError):
    """An action was attempted after the game ended."""
