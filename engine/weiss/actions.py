"""Weiss Schwarz actions: the answers a player may give and the judge actions (shape: engine.core.actions).

Player answers: ``pass``, ``accept``, ``mulligan`` (cards), ``clock`` (card),
``play`` (card, slot for a character), ``act`` (card, ability), ``move``
(from, to: the two positions whose characters are exchanged; files written
before say ``slot`` for ``from``), ``attack`` (card, type front/side/direct), ``counter`` (card: a
counter event), ``backup`` (card), ``choose`` (card), ``choose_cards`` (cards),
``resolve`` (standby), ``rule_action`` (rule: refresh / level_up, the interrupt rule action
resolved first when both are due, 9.1.2.1.1), ``replacement`` (ability: the replacement effect of the card about
to go to the waiting room that applies, 8.10.2), ``concede`` (player).

Judge actions (allowed at any time, logged as judge events, citing no clause):
``judge_move`` (card, zone, optional player, position, status),
``judge_add_modifier`` (card, stat, amount, duration), ``judge_remove_modifier``
(modifier), ``judge_set_clock`` (player, count), ``judge_set_status`` (card,
status), ``judge_standby`` (card, ability).
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.errors import DefinitionError
from ..core.text import say
from ..core.actions import SHARED_KINDS, Action as CoreAction, judge_kinds

ZONES = ("deck", "hand", "waiting_room", "clock", "level", "stock", "memory", "climax", "resolution")
CENTER_STAGE = ("center_left", "center_middle", "center_right")
BACK_STAGE = ("back_left", "back_right")
SLOTS = CENTER_STAGE + BACK_STAGE
ALL_ZONES = ZONES + SLOTS
ATTACK_TYPES = ("front", "side", "direct")
STATUSES = ("stand", "rest", "reverse")
STATS = ("power", "soul", "level")
MODIFIER_DURATIONS = ("end_of_turn", "end_of_next_turn", "game")
INTERRUPT_RULES = ("refresh", "level_up")
#: the encores a character has without printing them: every character's Encore [3] (10.2.3), and one a CONT effect
#: gives it (10.2.2); a stand-by entry's ``ability`` and a ``resolve``'s name them so
UNPRINTED_ENCORES = ("encore", "given_encore")

SPECS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pass": ((), ()),
    "accept": ((), ()),
    "mulligan": (("cards",), ()),
    "clock": (("card",), ()),
    "play": (("card",), ("slot",)),
    "act": (("card", "ability"), ()),
    "move": (("to",), ("from", "slot")),
    "attack": (("card", "type"), ()),
    "counter": (("card",), ()),
    # target: the attacked character the backup chooses (10.5.2); without it, the one attacked
    "backup": (("card",), ("target",)),
    # 9.1.2.1.1: a refresh and a level up due together: the one the player resolves first
    "rule_action": (("rule",), ()),
    # 8.10.2: the replacement effect (an ability of the card) its controller applies first
    "replacement": (("ability",), ("card",)),  # card: the card whose effect replaces a draw or damage (8.10.2.2)
    # a character an effect puts onto the stage, and the position, chosen as one answer
    "place": (("card", "slot"), ()),
    # a card looked at, and where its player puts it of the places the effect offers (W43)
    "rest_to": (("card", "to"), ()),
    **SHARED_KINDS,
    "judge_move": (("card", "zone"), ("player", "position", "status")),
    "judge_add_modifier": (("card", "stat", "amount", "duration"), ()),
    "judge_remove_modifier": (("modifier",), ()),
    "judge_set_clock": (("player", "count"), ()),
    "judge_set_status": (("card", "status"), ()),
    "judge_standby": (("card", "ability"), ()),
}
JUDGE_KINDS = judge_kinds(SPECS)


class Action(CoreAction, specs=SPECS, zones=ALL_ZONES, stats=STATS, durations=MODIFIER_DURATIONS):
    """A Weiss Schwarz action: one of the kinds in SPECS with checked arguments."""

    __slots__ = ()

    @classmethod
    def from_json(cls, data: Any, path: str = "action") -> "Action":
        action = super().from_json(data, path)
        if action.kind != "move":
            return action
        return move_action(action.get("from", action.get("slot")), action.get("to"), path, data)

    @classmethod
    def parse_argument(cls, kind: str, key: str, value: Any, path: str) -> Any:
        if kind == "rest_to" and key == "to":
            return schema.string(value, path, ("waiting_room", "deck_top", "deck_bottom"))
        if key in ("slot", "to", "from"):
            return schema.string(value, path, SLOTS)
        if key == "target":
            return schema.string(value, path)
        if key == "type":
            return schema.string(value, path, ATTACK_TYPES)
        if key == "rule":
            return schema.string(value, path, INTERRUPT_RULES)
        if key == "status":
            return schema.string(value, path, STATUSES)
        if kind == "resolve" and key == "ability" and value in UNPRINTED_ENCORES:
            # an encore that is no printed ability of the card: the rules' Encore [3] (10.2.3) or one a CONT effect
            # gives (10.2.2), so that a scenario chooses among them without stand-by numbers
            return value
        return super().parse_argument(kind, key, value, path)


def move_action(a: str | None, b: str, path: str = "action", data: Any = None) -> Action:
    """A move between two stage positions (6.5.1.2.4), named in either order.

    The move exchanges the two positions' characters, so "from A to B" and
    "from B to A" are one choice (assumption W13): the action names them in
    stage order, and the legal answers list each pair once.
    """
    if a is None:
        raise DefinitionError(schema.join(path, "from"), "required field is missing")
    if data is not None and "from" in data and "slot" in data:
        raise DefinitionError(schema.join(path, "slot"), say("give the position the character moves from once, not twice"))
    if a == b:
        raise DefinitionError(schema.join(path, "to"), say("a move names two different stage positions"))
    first, second = sorted((a, b), key=SLOTS.index)
    return Action("move", (("from", first), ("to", second)))
