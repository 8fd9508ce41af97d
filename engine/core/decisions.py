"""Decisions: where the engine stops and waits for a player's choice; the choices every game asks alike."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable

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


def mulligan(answer: Action | None, action_class: type[Action], player: int, hand: list[str], prompt: str,
             citation: Citation, put_back: Callable[[str], None], draw: Callable[[], None],
             done: Callable[[list[str]], None]) -> Decision | None:
    """The starting-hand redraw: ask which cards, put each back (``put_back``), draw as many, then ``done(chosen)``."""
    if answer is None:
        return mulligan_decision(action_class, player, hand, prompt, citation)
    chosen = list(answer.get("cards"))
    for card_id in chosen:
        put_back(card_id)
    for _ in chosen:
        draw()
    done(chosen)
    return None


def play_timing(answer: Action | None, ask: Callable[[], Decision], passed: Callable[[], None],
                act: Callable[[Action], None]) -> Decision | None:
    """A play timing: ask while there is no answer; a pass ends it (``passed``), any other answer is done (``act``)."""
    if answer is None:
        return ask()
    if answer.kind == "pass":
        passed()
    else:
        act(answer)
    return None
