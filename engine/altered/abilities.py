"""Abilities as data (1.2.4, 2.2.10): reactions, quick actions, support abilities and spell effects.

An ability is a timing, a trigger (reactions), a cost and a list of effect
steps (6.1.c: one step a verb).  The vocabulary covers the common effects of
the rules' words (section 7.3): draw, resupply, boost counters, statistic
changes with a duration (2.2.13.a), switching expeditions, sending to the
Reserve, hand or discard pile, sacrifice, sabotage, tokens, readying or
exhausting mana, statuses, moving an expedition.  Anything else is refused
at load with the reason, never played wrongly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import schema
from ..core.abilities import Part as CorePart, set_fields
from ..core.errors import DefinitionError

TIMINGS = ("reaction", "quick", "support", "effect")
#: 7.1.1 (enter play, played from hand, from Reserve) and the atomic instants of 4.2.b
TRIGGERS = ("on_enter", "from_hand", "from_reserve", "at_noon", "at_dusk", "at_night")
TARGETS = ("self", "choose_own", "choose_opponent", "choose_any", "each_own", "each_opponent")
DURATIONS = ("turn", "afternoon", "day")  # 2.2.13.a
STAT_NAMES = ("forest", "mountain", "water", "all")
STATUSES = ("anchored", "asleep", "fleeting", "exhausted")
COSTS = {"mana": ("count",), "exhaust_self": (), "discard_self": (),  # 1.2.5.e, 7.1.4.a, 7.1.4.b
         "spend": ("name", "count")}  # 2.5.g, 7.3.21
WHERE = ("hero", "companion", "each", "mine")
# effect kind -> (required parameters, optional parameters)
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "draw": (("count",), ("optional", "each_player")),
    "resupply": (("count",), ("optional", "each_player")),
    "boost": (("count",), ("target", "optional")),
    "stat": (("stat", "amount", "duration"), ("target", "optional")),
    "switch": ((), ("target", "optional")),
    "send": (("to",), ("target", "optional")),
    "sacrifice": ((), ("each_player", "optional")),
    "sabotage": ((), ("optional",)),
    "token": (("name", "forest", "mountain", "water"), ("where", "keywords", "count", "optional")),
    "ready_mana": (("count",), ("optional",)),
    "exhaust_mana": (("count",), ("optional", "opponent")),
    "status": (("status",), ("target", "optional")),
    "move": (("expedition", "direction"), ("opponent", "optional")),
    "counters": (("name", "count"), ("target", "optional")),
    "after_you": ((), ()),
}
CONDITIONS = ("first_player", "not_first_player")  # 6.5.c: "if you are (not) the first player"
SEND_TO = ("reserve", "hand", "discard")


class Part(CorePart):
    """A cost or effect step; its list parameters (a token's keywords) are kept as tuples, written as lists."""

    __slots__ = ()

    def to_json(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in CorePart.to_json(self).items()}


@dataclass(frozen=True, slots=True)
class Ability:
    """One line of an object's text box (1.2.4.a) as data."""

    timing: str
    trigger: str = ""
    cost: tuple[Part, ...] = ()
    effects: tuple[Part, ...] = ()

    def mana(self) -> int:
        return sum(p.get("count", 0) for p in self.cost if p.kind == "mana")

    def to_json(self) -> dict:
        return set_fields({"timing": self.timing}, self, ("trigger", "cost", "effects"))


def _part(data: dict, path: str, kind: str, params: dict) -> Part:
    return Part(kind, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in params.items())))


def _kind(data, path: str):
    if not isinstance(data, dict) or "kind" not in data:
        raise DefinitionError(path, "expected an object with a kind")
    return data["kind"]


def _effect(data: dict, path: str) -> Part:
    kind = _kind(data, path)
    if kind not in EFFECTS:
        raise DefinitionError(schema.join(path, "kind"), f"the engine cannot play the effect {schema.describe(kind)} "
                                                         f"(it plays: {', '.join(EFFECTS)})")
    req, opt = EFFECTS[kind]
    schema.obj(data, path, ("kind",) + req, opt + ("if",))
    j = lambda k: schema.join(path, k)  # noqa: E731
    params = {k: v for k, v in data.items() if k != "kind"}
    for key in ("count", "amount", "forest", "mountain", "water"):
        if key in params:
            params[key] = schema.integer(params[key], j(key), -99 if key != "count" else 1, 99)
    for key in ("optional", "each_player", "opponent"):
        if key in params:
            params[key] = schema.boolean(params[key], j(key))
    checks = {"target": TARGETS, "duration": DURATIONS, "stat": STAT_NAMES, "to": SEND_TO, "status": STATUSES,
              "where": WHERE, "expedition": ("hero", "companion"), "direction": ("forward", "backward"),
              "name": None, "if": CONDITIONS}
    for key, choices in checks.items():
        if key in params:
            params[key] = schema.string(params[key], j(key), choices)
    if kind == "token":
        params["keywords"] = [schema.string(k, j("keywords"), ("defender", "eternal", "giant", "seasoned"))
                              for k in schema.array(params.get("keywords", []), j("keywords"))]
        params.setdefault("where", "mine")
    if kind in ("boost", "stat", "switch", "send", "status", "counters"):
        params.setdefault("target", "self")
    return _part(data, path, kind, params)


def _cost(data: dict, path: str) -> Part:
    kind = _kind(data, path)
    if kind not in COSTS:
        raise DefinitionError(schema.join(path, "kind"), f"the engine cannot pay the cost {schema.describe(kind)} "
                                                         f"(it pays: {', '.join(COSTS)})")
    schema.obj(data, path, ("kind",) + COSTS[kind])
    params = {k: schema.string(v, schema.join(path, k)) if k == "name" else schema.integer(v, schema.join(path, k), 0, 99)
              for k, v in data.items() if k != "kind"}
    return _part(data, path, kind, params)


def parse_ability(data: dict, path: str, card_type: str) -> Ability:
    """An ability from its JSON form; DefinitionError (with the reason) when the vocabulary cannot express it."""
    schema.obj(data, path, ("timing",), ("trigger", "cost", "effects"))
    j = lambda k: schema.join(path, k)  # noqa: E731
    timing = schema.string(data["timing"], j("timing"), TIMINGS)
    trigger = ""
    if timing == "reaction":
        trigger = schema.string(data.get("trigger"), j("trigger"), TRIGGERS)
    elif "trigger" in data:
        raise DefinitionError(j("trigger"), "only reactions have a trigger (2.2.10.i)")
    if timing == "effect" and card_type != "spell":
        raise DefinitionError(j("timing"), "only spells have an effect of their own (5.1.2.e)")
    cost = tuple(_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data.get("cost", []), j("cost"))))
    if cost and timing not in ("quick", "support"):
        raise DefinitionError(j("cost"), "only quick actions and support abilities have a cost here (2.2.10.h)")
    if timing == "support" and not any(c.kind == "discard_self" for c in cost):
        raise DefinitionError(j("cost"), "a support ability's cost discards it from the Reserve (7.1.4.b)")
    effects = tuple(_effect(e, schema.join(j("effects"), i))
                    for i, e in enumerate(schema.array(data.get("effects", []), j("effects"))))
    if not effects:
        raise DefinitionError(j("effects"), "an ability needs at least one effect")
    return Ability(timing, trigger, cost, effects)
