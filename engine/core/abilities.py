"""The part of an ability every game has alike: a condition, cost or effect as a kind and its parameters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar


@dataclass(frozen=True, slots=True)
class Part:
    """One condition, cost or effect: a kind plus its parameters (immutable).

    ``params`` is a sorted tuple of (name, value); a game subclass names in
    ``OBJECT_PARAMS`` the parameters kept frozen as (name, value) tuples, which
    the JSON form shows as objects again.
    """

    kind: str
    params: tuple = ()

    OBJECT_PARAMS: ClassVar[frozenset[str]] = frozenset()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for k, v in self.params:
            if isinstance(v, tuple) and v and all(isinstance(p, Part) for p in v):
                out[k] = [p.to_json() for p in v]  # nested parts (an effect that holds effects)
            else:
                out[k] = dict(v) if k in self.OBJECT_PARAMS else v
        return out


def set_fields(out: dict, obj: Any, keys: tuple[str, ...]) -> dict:
    """``out`` with each of ``obj``'s fields ``keys`` that is set (true, non-empty), in that order.

    A tuple is written as a list (of its items' JSON when they have one): the
    sparse JSON form of cards and abilities, where an unset field is left out.
    """
    for key in keys:
        value = getattr(obj, key)
        if value:
            out[key] = [v.to_json() if hasattr(v, "to_json") else v for v in value] if isinstance(value, tuple) else value
    return out


def count_within(cond: Part, count: int) -> bool:
    """Whether ``count`` is within the condition's ``min`` and ``max`` (each optional)."""
    low, high = cond.get("min"), cond.get("max")
    return (low is None or count >= low) and (high is None or count <= high)


def act_options(state: Any, action_class: type, cards: list[str], usable: Callable[[str, int], bool]) -> list:
    """An ``act`` answer for each ACT ability of ``cards`` that ``usable(card_id, index)`` allows now."""
    return [action_class.make("act", card=card_id, ability=i) for card_id in cards
            for i, ability in enumerate(state.cards[card_id].abilities) if ability.timing == "act" and usable(card_id, i)]
