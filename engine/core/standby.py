"""Automatic abilities on stand-by: the list a state keeps until a check timing plays them.

An entry is ``{"id": time stamp, "player", "card", "ability", "ctx"}``;
which abilities go on stand-by, and the event saying so, are the game's.
"""

from __future__ import annotations

from typing import Any, Callable

from .citations import Citation
from .events import cite_last


def put_on_standby(state: Any, player: int, card_id: str, ability: Any, ctx: dict) -> int:
    """Put ``card_id``'s ability on stand-by for ``player``; its id is a new time stamp."""
    sid = state.tick()
    state.standby.append({"id": sid, "player": player, "card": card_id, "ability": ability, "ctx": dict(ctx)})
    return sid


def cite_if_standby(state: Any, events: list, trigger: Callable[[], None], citations: tuple[Citation, ...],
                    assumptions: tuple[str, ...] = ()) -> None:
    """Run ``trigger``; when it put an ability on stand-by, that event also cites the rule that caused it."""
    before = len(state.standby)
    trigger()
    if len(state.standby) > before:
        cite_last(events, citations, assumptions)
