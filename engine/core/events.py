"""Events: what happened, with the clauses (and assumptions) it follows; a game's emitter."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .citations import Citation


@dataclass(frozen=True)
class Event:
    """One thing that happened in the game.

    ``citations`` are the clauses the engine followed; ``assumptions`` are ids
    from docs/engine-assumptions.md where the engine had to choose a reading.
    ``judge`` marks actions taken by a judge outside the rules.
    """

    kind: str
    text: str
    citations: tuple[Citation, ...] = ()
    assumptions: tuple[str, ...] = ()
    player: int | None = None
    data: dict = field(default_factory=dict)
    judge: bool = False

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind, "text": self.text, "citations": [c.to_json() for c in self.citations]}
        if self.assumptions:
            out["assumptions"] = list(self.assumptions)
        if self.player is not None:
            out["player"] = self.player
        if self.data:
            out["data"] = self.data
        if self.judge:
            out["judge"] = True
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Event":
        return cls(
            kind=data["kind"],
            text=data["text"],
            citations=tuple(Citation.from_json(c) for c in data.get("citations", [])),
            assumptions=tuple(data.get("assumptions", [])),
            player=data.get("player"),
            data=dict(data.get("data", {})),
            judge=bool(data.get("judge", False)),
        )

    def cites(self, number: str) -> bool:
        return any(c.matches(number) for c in self.citations)


Emit = Callable[..., None]


def emitter(cites: Callable[..., tuple[Citation, ...]]) -> Emit:
    """A game's ``emit(events, kind, text, keys, player, assumptions, **data)`` over its ``cites``.

    ``keys`` are the game's clause keys (turned into citations by ``cites``);
    ``data`` is the event's data (card ids, counts...).
    """

    def emit(events: list, kind: str, text: str, keys: tuple[str, ...] = (), player: int | None = None,
             assumptions: tuple[str, ...] = (), **data) -> None:
        events.append(Event(kind, text, cites(*keys), assumptions, player, data))

    return emit


def cite_last(events: list, citations: tuple[Citation, ...], assumptions: tuple[str, ...] | None = None) -> None:
    """Add clauses (and, when given, set the assumptions) to the last event: a rule that gave it a reason."""
    last = events[-1]  # built directly rather than with dataclasses.replace: this runs in every game's hot path
    events[-1] = Event(last.kind, last.text, last.citations + citations,
                       last.assumptions if assumptions is None else assumptions, last.player, last.data, last.judge)
