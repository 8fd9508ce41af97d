"""The conditions of an ability in the scenario format ("if you have four damage", "while this unit is blazing", "if
the revealed card is a grade 3"): their kinds, the words they read, and their parsing, each checked field by field
with a DefinitionError naming the field. characteristics.condition_holds says when each holds."""
from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.abilities import Part
from ..core.errors import DefinitionError
from ..core.text import say

CONDITION_KINDS = ("limit_break", "generation_break", "circle", "count", "attacking", "own_turn", "opponent_turn",
                   "revealed", "battle_number", "calls_this_turn", "soul_in_this_turn", "state", "more_rear_guards",
                   "rear_guard_power", "battle", "brave", "oracle", "thunderstrike", "placed_unit", "vanguard_grade")
#: the states a keyword makes a unit take "until end of turn" (Ardente 11.21, Divorare 11.24, Successo 11.37, Carica
#: 11.29) and that other abilities read ("while this unit is blazing", "when this unit is not successful")
KEYWORD_STATES = ("blazing", "engorged", "successful", "harmony", "charging")
REVEALED_TRIGGERS = ("none", "critical", "draw", "stand", "heal", "any")
CIRCLE_KINDS = ("vanguard", "rear_guard", "guardian")
COUNT_ZONES = ("hand", "deck", "drop", "damage", "soul", "bind", "rear_guards", "units")


def _freeze(d: dict) -> tuple:
    return tuple(sorted(d.items()))


def parse_condition(data: Any, path: str) -> Part:
    schema.obj(data, path, ("kind",), ("count", "circle", "player", "zone", "min", "max", "target", "grade", "trigger",
                                       "state", "unit", "absent", "hit", "same_column", "name"))
    kind = schema.string(data["kind"], schema.join(path, "kind"), CONDITION_KINDS)
    allowed = {
        "limit_break": ({"count"}, set()),
        "generation_break": ({"count"}, set()),
        "circle": ({"circle"}, set()),
        "count": ({"player", "zone"}, {"min", "max", "name", "grade"}),
        "attacking": ({"target"}, set()),
        "own_turn": (set(), set()),
        "opponent_turn": (set(), set()),
        "revealed": (set(), {"grade", "trigger"}),
        "battle_number": (set(), {"min", "max"}),
        "calls_this_turn": (set(), {"min", "max"}),
        "soul_in_this_turn": (set(), {"min", "max"}),
        "state": ({"state"}, {"unit", "absent"}),
        "more_rear_guards": (set(), set()),
        "rear_guard_power": ({"min"}, set()),
        "battle": (set(), {"target", "hit"}),
        "brave": (set(), set()),
        "oracle": (set(), set()),
        "thunderstrike": ({"count"}, set()),
        "placed_unit": (set(), {"circle", "same_column", "name"}),
        "vanguard_grade": ({"player"}, {"min", "max"}),
    }[kind]
    schema.obj(data, path, ("kind",) + tuple(allowed[0]), tuple(allowed[1]))
    params: dict = {}
    if kind == "limit_break":
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 6)
    elif kind == "generation_break":
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 16)
    elif kind == "circle":
        params["circle"] = schema.string(data["circle"], schema.join(path, "circle"), CIRCLE_KINDS)
    elif kind == "attacking":
        params["target"] = schema.string(data["target"], schema.join(path, "target"), ("vanguard", "rear_guard"))
    elif kind in ("own_turn", "opponent_turn", "more_rear_guards", "brave", "oracle"):
        pass  # more_rear_guards: "if you have more rear-guards than your opponent" (Ardente, 11.21.1)
    elif kind == "state":  # "while this unit (your vanguard) is blazing", with absent "when ... is not successful"
        params["state"] = schema.string(data["state"], schema.join(path, "state"), KEYWORD_STATES)
        params["unit"] = schema.string(data.get("unit", "self"), schema.join(path, "unit"), ("self", "own_vanguard"))
        if schema.boolean(data.get("absent", False), schema.join(path, "absent")):
            params["absent"] = True
    elif kind == "placed_unit":  # the other unit just placed (on_other_placed): Fioritura 11.38.1, Armonia 11.34.1
        if not ({"circle", "same_column", "name"} & set(data)):
            raise DefinitionError(path, say("a condition on the unit placed names its circle, its column or its name"))
        if "circle" in data:
            params["circle"] = schema.string(data["circle"], schema.join(path, "circle"), CIRCLE_KINDS)
        if "same_column" in data:
            params["same_column"] = schema.boolean(data["same_column"], schema.join(path, "same_column"))
        if "name" in data:
            params["name"] = schema.string(data["name"], schema.join(path, "name"))
    elif kind == "thunderstrike":  # Folgore (IT 11.26, EN 11.26.1): the opponent's bind zone holds (count) or more
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 50)
    elif kind == "battle":  # the current battle of either unit: "that attacked a vanguard, if it did not hit" (11.25)
        if "target" not in data and "hit" not in data:
            raise DefinitionError(path, say("a condition on the battle names the unit attacked or whether the attack hits"))
        if "target" in data:
            params["target"] = schema.string(data["target"], schema.join(path, "target"), ("vanguard", "rear_guard"))
        if "hit" in data:
            params["hit"] = schema.boolean(data["hit"], schema.join(path, "hit"))
    elif kind == "rear_guard_power":  # "if your rear-guard's power is (number) or greater": Successo, 11.37.2
        params["min"] = schema.integer(data["min"], schema.join(path, "min"), 0, 1000000)
    elif kind in ("calls_this_turn", "soul_in_this_turn"):  # Legame (11.19), Oscurità (11.30): this turn's counts
        params.update(_bounds(data, path, 0, 50))
    elif kind == "vanguard_grade":  # "if your (opponent's) vanguard is grade (min) or greater / (max) or less"
        params["player"] = schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
        params.update(_bounds(data, path, 0, 4))
    elif kind == "battle_number":  # "during the Nth battle of the turn (or later)": Ondata, 11.35
        params.update(_bounds(data, path, 1, 20))
    elif kind == "revealed":
        if "grade" not in data and "trigger" not in data:
            raise DefinitionError(path, say("a condition on the revealed card names its grade or its trigger icon"))
        if "grade" in data:
            params["grade"] = schema.integer(data["grade"], schema.join(path, "grade"), 0, 4)
        if "trigger" in data:
            params["trigger"] = schema.string(data["trigger"], schema.join(path, "trigger"), REVEALED_TRIGGERS)
    else:
        params["player"] = schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
        params["zone"] = schema.string(data["zone"], schema.join(path, "zone"), COUNT_ZONES)
        params.update(_bounds(data, path, 0, None))
        if "name" in data:  # "if you have a unit named X", "two or more grade 3 cards in your drop zone"
            params["name"] = schema.string(data["name"], schema.join(path, "name"))
        if "grade" in data:
            params["grade"] = schema.integer(data["grade"], schema.join(path, "grade"), 0, 4)
    return Part(kind, _freeze(params))


def parse_per(data: Any, path: str) -> Part:
    """"+2000 power for each card in your soul": what an amount is multiplied by, a number of cards - a ``count``
    condition's player, zone and optional name and grade, without bounds (characteristics.count_cards). Its part is
    written back as a list of that one part (core Part.to_json), which reads back as the object it came from."""
    if isinstance(data, list) and len(data) == 1 and isinstance(data[0], dict) and data[0].get("kind") == "count":
        data = {k: v for k, v in data[0].items() if k not in ("kind", "min")}
    schema.obj(data, path, ("player", "zone"), ("name", "grade"))
    return parse_condition({**data, "kind": "count", "min": 0}, path)


def _bounds(data: dict, path: str, lo: int, hi: int | None) -> dict:
    """A condition on a number: its least (min) and greatest (max) values, at least one of them."""
    if "min" not in data and "max" not in data:
        raise DefinitionError(path, say("a condition on a number needs the least number, the greatest number or both"))
    return {key: schema.integer(data[key], schema.join(path, key), lo, hi) for key in ("min", "max") if key in data}
