"""Modifiers: continuous changes to one card's characteristic, each lasting for a duration.

Every game's modifier has a time stamp (``order``, also its id), the card,
the characteristic (``stat``), the amount, the duration (in the game's
words) and its source; a game subclasses :class:`Modifier` to add what it
needs, and says in :meth:`Modifier.ends_at` at which named point of the game
(the end of a battle, of a turn...) a modifier ends.  A card that becomes a
new card (it changes zone) loses its modifiers (:func:`forget_card`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Modifier:
    """A continuous change to one card's characteristic (see the module docstring)."""

    order: int
    card: str
    stat: str
    amount: int
    duration: str
    source: str

    def to_json(self) -> dict:
        return {"order": self.order, "card": self.card, "stat": self.stat, "amount": self.amount,
                "duration": self.duration, "source": self.source}

    def ends_at(self, point: str, state: Any) -> bool:
        """Whether the modifier ends at the named point ``point`` of ``state``'s game (the game says)."""
        return False


def add(state: Any, modifier: Modifier) -> Modifier:
    """Add a modifier to the state (it has taken its time stamp from ``state.tick()``)."""
    state.modifiers.append(modifier)
    return modifier


def expire(state: Any, point: str) -> int:
    """Remove the modifiers that end at ``point``; how many ended."""
    before = len(state.modifiers)
    state.modifiers = [m for m in state.modifiers if not m.ends_at(point, state)]
    return before - len(state.modifiers)


def forget_card(state: Any, card_id: str) -> None:
    """A card that became a new card keeps no modifier."""
    if state.modifiers:
        state.modifiers = [m for m in state.modifiers if m.card != card_id]


def remove_modifier(state: Any, modifier_id: Any) -> None:
    """Remove the modifier numbered ``modifier_id`` (a judge action); IllegalActionError when there is none."""
    before = len(state.modifiers)
    state.modifiers = [m for m in state.modifiers if str(m.order) != str(modifier_id)]
    if len(state.modifiers) == before:
        raise IllegalActionError(f"no modifier {modifier_id!r}")
