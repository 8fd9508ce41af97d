"""Vanguard actions: the answers a player may give and the judge actions (the shape is engine.core.actions).

An action is a kind plus a few named arguments; its JSON form is a flat
object, e.g. ``{"kind": "call", "card": "p0-12", "circle": "front_left"}``.

Player answers: ``pass``, ``accept``, ``mulligan`` (cards), ``ride`` (card), ``stride`` (card),
``call`` (card, circle), ``move`` (column: left/right, or from and to: two
circles), ``act`` (card, ability), ``attack`` (card, optional target and boost:
the whole declaration), ``target`` (card), ``boost`` (card), ``guard``
(card), ``intercept`` (card), ``g_guard`` (card: a face-down G guardian in the G zone; these three name the attacked
unit they guard, ``guards``, when there are several), ``declare`` (name: 10.23), ``choose`` (card), ``choose_cards`` (cards),
``resolve`` (standby), ``concede`` (player).

Judge actions (allowed at any time, logged as judge events): ``judge_move``
(card, zone, optional player, position, rested), ``judge_add_modifier`` (card,
stat, amount, duration, optional condition), ``judge_remove_modifier``
(modifier), ``judge_set_damage`` (player, count), ``judge_standby`` (card,
ability).
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.actions import SHARED_KINDS, Action as CoreAction, judge_kinds
from ..core.errors import DefinitionError
from ..core.text import say

ZONES = ("deck", "hand", "drop", "damage", "soul", "trigger", "bind", "gzone", "removal")
REAR_GUARD_CIRCLES = ("front_left", "back_left", "back_centre", "back_right", "front_right")
CIRCLES = ("vanguard",) + REAR_GUARD_CIRCLES + ("guardian",)
ALL_ZONES = ZONES + CIRCLES
STATS = ("power", "critical", "shield", "drive", "no_hit", "no_abilities")
MODIFIER_DURATIONS = ("end_of_battle", "end_of_turn", "while", "game")

# kind -> (required args, optional args)
SPECS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pass": ((), ()),
    "accept": ((), ()),
    "mulligan": (("cards",), ()),
    "ride": (("card",), ()),
    "stride": (("card",), ()),
    "call": (("card", "circle"), ()),
    "move": ((), ("column", "from", "to")),
    "act": (("card", "ability"), ()),
    "attack": (("card",), ("target", "boost")),
    "target": (("card",), ()),
    "boost": (("card",), ()),
    # with several attacked units, the one guarded (7.4.1.2.2-7.4.1.2.4, 7.3.1.4.6)
    "guard": (("card",), ("guards",)),
    "intercept": (("card",), ("guards",)),
    "g_guard": (("card",), ("guards",)),
    "declare": (("name",), ()),  # a card name declared (10.23.2)
    **SHARED_KINDS,
    "judge_move": (("card", "zone"), ("player", "position", "rested")),
    "judge_add_modifier": (("card", "stat", "amount", "duration"), ("condition",)),
    "judge_remove_modifier": (("modifier",), ()),
    "judge_set_damage": (("player", "count"), ()),
    "judge_standby": (("card", "ability"), ()),
}
JUDGE_KINDS = judge_kinds(SPECS)


class Action(CoreAction, specs=SPECS, zones=ALL_ZONES, stats=STATS, durations=MODIFIER_DURATIONS,
             objects=frozenset({"condition"})):
    """A Vanguard action: one of the kinds in SPECS with checked arguments."""

    __slots__ = ()

    @classmethod
    def parse_argument(cls, kind: str, key: str, value: Any, path: str) -> Any:
        if key in ("target", "boost"):
            return schema.string(value, path)
        if key in ("from", "to"):
            return schema.string(value, path, CIRCLES)
        if key == "circle":
            return schema.string(value, path, CIRCLES)  # a call to the vanguard circle is refused by the rules (6.6.1.2.1.1), not the format
        if key == "column":
            return schema.string(value, path, ("left", "right"))
        if key == "rested":
            return schema.boolean(value, path)
        if key == "guards":
            return schema.string(value, path)
        if key == "name":  # a card name declared (10.23.2): any text, judged against the game's cards when answered
            return schema.string(value, path)
        if key == "condition":
            from .abilities import parse_condition

            parse_condition(value, path)
            return value
        return super().parse_argument(kind, key, value, path)

    @classmethod
    def check_arguments(cls, kind: str, args: dict, path: str) -> None:
        if kind == "move" and ("column" in args) == ("from" in args or "to" in args):
            raise DefinitionError(path, say("a move names a column, or the circles it goes from and to"))
        if kind == "move" and "column" not in args and not ("from" in args and "to" in args):
            raise DefinitionError(schema.join(path, "to" if "from" in args else "from"), "required field is missing")
        if kind == "attack" and "boost" in args and "target" not in args:
            raise DefinitionError(schema.join(path, "target"), say("a boost is declared with the unit to attack"))
        if kind == "judge_add_modifier" and (args["duration"] == "while") != ("condition" in args):
            raise DefinitionError(schema.join(path, "condition"),
                                  say("a modifier that lasts while a condition holds names "
                                                                           "that condition, and only such a modifier has one"))
