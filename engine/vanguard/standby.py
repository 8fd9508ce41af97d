"""Automatic abilities going on stand-by (8.6.2, 11.7.3.2.1), including "at the beginning of <phase>" (A27)."""

from __future__ import annotations

from ..core.text import say
from ..core.standby import cite_if_standby, put_on_standby
from .actions import REAR_GUARD_CIRCLES
from .characteristics import conditions_hold
from .citations import cites
from .primitives import emit
from .state import GameState


def trigger(state: GameState, events: list, timing: str, card_id: str, ctx: dict | None = None) -> None:
    """Put every ``timing`` ability of ``cid`` whose conditions hold on stand-by (8.6.2, 11.7.3.2.1)."""
    card = state.cards[card_id]
    if not card.abilities or card_id in state.locked or card_id in state.deleted:
        return
    for i, ab in enumerate(card.abilities):
        if ab.timing != timing:
            continue
        if ab.once_per_turn and f"{card_id}:{i}" in state.used_this_turn:
            continue
        if not conditions_hold(state, ab, card_id, ctx):
            continue
        add_standby(state, events, card_id, i, ctx or {})


def add_standby(state: GameState, events: list, card_id: str, ability: int, ctx: dict, judge: bool = False) -> None:
    card = state.cards[card_id]
    sid = put_on_standby(state, card.owner, card_id, ability, ctx)
    label = "forerunner" if ability < 0 else card.abilities[ability].timing
    limit_break = ability >= 0 and any(c.kind == "limit_break" for c in card.abilities[ability].conditions)
    emit(events, "standby", say("%(card)s: %(timing)s ability goes on stand-by", card=card.name, timing=label), ("AUTO_STANDBY",) + (
        ("KW_LIMIT_BREAK_AUTO",) if limit_break else ()), card.owner, card=card_id, standby=sid)


def phase_start(state: GameState, events: list, timing: str, key: str) -> None:
    """'At the beginning of your <phase>' abilities of the turn player's units go on stand-by (assumption A27)."""
    for card_id in state.units(state.turn_player, ("vanguard",) + REAR_GUARD_CIRCLES):
        card = state.cards[card_id]
        if any(ab.timing == timing for ab in card.abilities):
            cite_if_standby(state, events, lambda: trigger(state, events, timing, card_id), cites(key), ("A27",))
