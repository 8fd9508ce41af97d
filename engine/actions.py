"""Actions: a player's answer to a Decision, or a judge's intervention.

An action is a kind plus a few named arguments; its JSON form is a flat
object, e.g. ``{"kind": "call", "card": "p0-12", "circle": "front_left"}``.

Player answers: ``pass``, ``accept``, ``mulligan`` (cards), ``ride`` (card), ``stride`` (card),
``call`` (card, circle), ``move`` (column: left/right), ``act`` (card,
ability), ``attack`` (card), ``target`` (card), ``boost`` (card), ``guard``
(card), ``intercept`` (card), ``g_guard`` (card: a face-down G guardian in the G zone), ``choose`` (card), ``choose_cards`` (cards),
``resolve`` (standby), ``concede`` (player).

Judge actions (allowed at any time, logged as judge events): ``judge_move``
(card, zone, optional player, position, rested), ``judge_add_modifier`` (card,
stat, amount, duration, optional condition), ``judge_remove_modifier``
(modifier), ``judge_set_damage`` (player, count), ``judge_standby`` (card,
ability).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import schema
from .errors import DefinitionError

ZONES = ("deck", "hand", "drop", "damage", "soul", "trigger", "bind", "gzone", "removal")
REAR_GUARD_CIRCLES = ("front_left", "back_left", "back_centre", "back_right", "front_right")
CIRCLES = ("vanguard",) + REAR_GUARD_CIRCLES + ("guardian",)
ALL_ZONES = ZONES + CIRCLES
STATS = ("power", "critical", "shield", "drive", "no_hit")
MODIFIER_DURATIONS = ("end_of_battle", "end_of_turn", "while", "game")

# kind -> (required args, optional args)
SPECS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pass": ((), ()),
    "accept": ((), ()),
    "mulligan": (("cards",), ()),
    "ride": (("card",), ()),
    "stride": (("card",), ()),
    "call": (("card", "circle"), ()),
    "move": (("column",), ()),
    "act": (("card", "ability"), ()),
    "attack": (("card",), ()),
    "target": (("card",), ()),
    "boost": (("card",), ()),
    "guard": (("card",), ()),
    "intercept": (("card",), ()),
    "g_guard": (("card",), ()),
    "choose": (("card",), ()),
    "choose_cards": (("cards",), ()),
    "resolve": (("standby",), ()),
    "concede": (("player",), ()),
    "judge_move": (("card", "zone"), ("player", "position", "rested")),
    "judge_add_modifier": (("card", "stat", "amount", "duration"), ("condition",)),
    "judge_remove_modifier": (("modifier",), ()),
    "judge_set_damage": (("player", "count"), ()),
    "judge_standby": (("card", "ability"), ()),
}
JUDGE_KINDS = frozenset(k for k in SPECS if k.startswith("judge_")) | {"concede"}


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(key: str, value: Any) -> Any:
    if key == "condition" and isinstance(value, tuple):
        return {k: _thaw("", v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw("", v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """An immutable, hashable action; ``args`` is a sorted tuple of (name, value)."""

    kind: str
    args: tuple = ()

    @classmethod
    def make(cls, kind: str, **args: Any) -> "Action":
        if "cards" in args:
            args["cards"] = tuple(sorted(args["cards"]))
        return cls(kind, tuple(sorted((k, _freeze(v)) for k, v in args.items() if v is not None)))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    @property
    def card(self) -> str | None:
        return self.get("card")

    @property
    def is_judge(self) -> bool:
        return self.kind in JUDGE_KINDS

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for k, v in self.args:
            out[k] = _thaw(k, v)
        return out

    @classmethod
    def from_json(cls, data: Any, path: str = "action") -> "Action":
        if not isinstance(data, dict):
            raise DefinitionError(path, f"expected an object, got {schema.describe(data)}")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in SPECS:
            raise DefinitionError(schema.join(path, "kind"), f"unknown action kind {schema.describe(kind)} (known: {', '.join(SPECS)})")
        required, optional = SPECS[kind]
        schema.obj(data, path, ("kind",) + required, optional)
        args: dict = {}
        for key in required + optional:
            if key not in data:
                continue
            value = data[key]
            p = schema.join(path, key)
            if key == "modifier" and isinstance(value, int) and not isinstance(value, bool):
                args[key] = str(value)  # modifier ids are their time stamps; accept the number too
            elif key in ("card", "modifier"):
                args[key] = schema.string(value, p)
            elif key == "cards":
                args[key] = [schema.string(v, schema.join(p, i)) for i, v in enumerate(schema.array(value, p))]
            elif key == "circle":
                args[key] = schema.string(value, p, REAR_GUARD_CIRCLES if kind == "call" else CIRCLES)
            elif key == "column":
                args[key] = schema.string(value, p, ("left", "right"))
            elif key in ("player",):
                args[key] = schema.integer(value, p, 0, 1)
            elif key in ("ability", "standby", "position", "count"):
                args[key] = schema.integer(value, p, 0)
            elif key == "amount":
                args[key] = schema.integer(value, p, -100000, 100000)
            elif key == "zone":
                args[key] = schema.string(value, p, ALL_ZONES)
            elif key == "stat":
                args[key] = schema.string(value, p, STATS)
            elif key == "duration":
                args[key] = schema.string(value, p, MODIFIER_DURATIONS)
            elif key == "rested":
                args[key] = schema.boolean(value, p)
            elif key == "condition":
                from .abilities import parse_condition

                parse_condition(value, p)
                args[key] = value
        if kind == "judge_add_modifier" and (args["duration"] == "while") != ("condition" in args):
            raise DefinitionError(schema.join(path, "condition"), "a condition is required exactly when duration is 'while'")
        return cls.make(kind, **args)

    def __str__(self) -> str:
        rest = ", ".join(f"{k}={_thaw(k, v)}" for k, v in self.args)
        return f"{self.kind}({rest})"
