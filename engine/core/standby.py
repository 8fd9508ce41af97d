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


def standby_by_card(state: Any, action: Any) -> Any:
    """A ``resolve`` naming the card (and the index of its ability) whose stand-by ability is played next,
    as the offered answer that plays it - its stand-by number, which a scenario written before the run
    cannot know; any other action as it is.  The same ability on stand-by more than once: the copies are
    alike, the first is played.  A card with several different abilities waiting needs the index."""
    if action.kind != "resolve" or action.get("card") is None or state.pending is None:
        return action
    offered = {o.get("standby"): o for o in state.pending.options if o.kind == "resolve"}
    fits = [s for s in state.standby if s["id"] in offered and s["card"] == action.get("card")
            and action.get("ability") in (None, s["ability"])]
    if not fits or len({s["ability"] for s in fits}) > 1:
        return action
    return offered[min(s["id"] for s in fits)]


def cite_if_standby(state: Any, events: list, trigger: Callable[[], None], citations: tuple[Citation, ...],
                    assumptions: tuple[str, ...] = ()) -> None:
    """Run ``trigger``; when it put an ability on stand-by, that event also cites the rule that caused it."""
    before = len(state.standby)
    trigger()
    if len(state.standby) > before:
        cite_last(events, citations, assumptions)
