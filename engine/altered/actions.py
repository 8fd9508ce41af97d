"""The answers an Altered decision takes and the judge's actions.

* ``play`` a card from hand or Reserve (``expedition``: hero or companion, for a character, 5.2.1.a);
* ``quick`` a quick action or support ability (``card``, ``ability``); ``pass`` (4.2.3.c, also declines);
* ``expand`` a card into Mana (4.2.1.e); ``accept`` an optional step (6.5.b); ``mode`` of a modal effect (6.5.e);
* ``instead``: which of two replacement modifiers applies first (``first``: "fleeting" or a card, 6.2.f);
* the shared ``choose``, ``choose_cards``, ``resolve``, ``concede``;
* ``swap_mana``: at any time, a player exhausts a ready Mana Orb to ready another, exhausted one (3.2.9.e): taken as
  a concession is, whatever is pending (``player``; ``card``, the orb exhausted, and ``ready``, the orb readied);
* judge actions: move a card, give or take a status, set boost counters, add or remove a
  modifier, put an expedition on a region, set the first player.
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.actions import SHARED_KINDS, Action as CoreAction
from .abilities import DURATIONS, STAT_NAMES, STATUSES

ZONES = ("deck", "hand", "discard", "reserve", "landmarks", "mana", "hero", "limbo")
EXPEDITIONS = ("hero_expedition", "companion_expedition")
ALL_ZONES = ZONES + EXPEDITIONS
SPECS = {
    "play": (("card",), ("expedition",)),
    "quick": (("card", "ability"), ()),
    "pass": ((), ()),
    "expand": (("card",), ()),
    "accept": ((), ()),
    "mode": (("mode",), ()),
    "die": (("result",), ()),
    "instead": (("first",), ()),  # which replacement applies first (6.2.f): "fleeting" or the card whose ability it is
    "deck_order": (("order",), ()),  # the cards looked at put back, in order, the first nearest the top (3.2.2.b)  # the result kept of the dice rolled, modifiers used (7.3.13.c)
    **SHARED_KINDS,
    "swap_mana": (("player",), ("card", "ready")),
    "judge_move": (("card", "zone"), ("player", "position")),
    "judge_status": (("card", "status"), ("remove",)),
    "judge_boost": (("card", "count"), ()),
    "judge_modifier": (("card", "stat", "amount", "duration"), ()),
    "judge_remove_modifier": (("modifier",), ()),
    "judge_expedition": (("player", "expedition", "region"), ()),
    "judge_first_player": (("player",), ()),
}


class Action(CoreAction, specs=SPECS, zones=ALL_ZONES, stats=STAT_NAMES, durations=DURATIONS):
    """An Altered answer or judge action (see the module docstring)."""

    __slots__ = ()

    @classmethod
    def parse_argument(cls, kind: str, key: str, value: Any, path: str) -> Any:
        if key == "expedition":  # the opponent's, only to be refused: "can I play it into their expedition?" (5.2.1.a)
            return schema.string(value, path, ("hero", "companion", "opponent_hero", "opponent_companion"))
        if key == "status":
            return schema.string(value, path, STATUSES)
        if key == "remove":
            return schema.boolean(value, path)
        if key == "region":
            return schema.integer(value, path, 0, 7)
        if key == "mode":
            return schema.integer(value, path, 0, 9)
        if key == "order":
            return [schema.string(c, schema.join(path, i)) for i, c in enumerate(schema.array(value, path))]
        if key in ("first", "ready"):
            return schema.string(value, path)
        if key == "result":
            return schema.integer(value, path, -30, 36)
        return super().parse_argument(kind, key, value, path)


# 3.2.9.e: "at any time", as a concession is: applied beside the pending decision, never an answer to it
Action.JUDGE_KINDS = Action.JUDGE_KINDS | {"swap_mana"}
