"""Decisions: where the engine stops and waits for a player's choice."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .actions import Action
from .citations import Citation


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice: who decides, what about, and every legal answer."""

    kind: str
    player: int
    prompt: str
    options: tuple[Action, ...]
    citation: Citation | None = None

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "player": self.player,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            "citation": self.citation.to_json() if self.citation else None,
        }

    @classmethod
    def from_json(cls, data: dict, action_class: type[Action] = Action) -> "Decision":
        """Read a decision; ``action_class`` is the game's Action subclass, so options compare equal to its actions."""
        return cls(
            kind=data["kind"],
            player=data["player"],
            prompt=data["prompt"],
            options=tuple(action_class.from_json(o) for o in data["options"]),
            citation=Citation.from_json(data["citation"]) if data.get("citation") else None,
        )


def mulligan_decision(action_class: type[Action], player: int, hand: list[str], prompt: str,
                      citation: Citation) -> Decision:
    """The starting-hand redraw: every subset of ``hand`` (none first, then by size, in hand order) is an answer."""
    options = [action_class.make("mulligan", cards=list(chosen))
               for n in range(len(hand) + 1) for chosen in combinations(hand, n)]
    return Decision("mulligan", player, prompt, tuple(options), citation)
