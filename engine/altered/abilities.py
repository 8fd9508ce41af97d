"""Abilities as data (1.2.4, 2.2.10): reactions, quick actions, support abilities, spell effects and passives.

An ability is a timing, a trigger (reactions), a cost and a list of effect
steps (6.1.c: one step a verb), or modes to choose one from (6.5.e).  A
passive ability (2.2.10.j) is a list of continuous effects instead of steps
(``passives.py`` applies them, 2.3); an effect step may create an ongoing
emblem carrying such effects for a duration (2.2.2.m, 2.2.13.c), and a step
may be conditional (6.5.c) or an internal action with a cost (5.4, 6.5.g).  The vocabulary covers the common effects of
the rules' words (section 7.3): draw, resupply, boost counters, statistic
changes with a duration (2.2.13.a), switching expeditions, sending to the
Reserve, hand or discard pile, sacrifice, sabotage, tokens, readying or
exhausting mana, statuses, moving an expedition.  Anything else is refused
at load with the reason, never played wrongly.  The words it knows are ``vocabulary.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import schema
from ..core.abilities import Part as CorePart, set_fields
from ..core.errors import DefinitionError
from ..core.text import say
from .vocabulary import (ALSO_ADDS, ALSO_GAINS, CONDITIONS, COSTS, DECK_POSITIONS, DURATIONS, EFFECTS,
                         MOVE_EXPEDITIONS, PASSIVES, PASSIVE_KEYWORDS, PUT_TO, REPLACEABLE, SEND_TO, STATUSES,
                         STAT_NAMES, TARGETS, TIMINGS, TRIGGERS, WHERE, WHICH, WHO, parse_condition)


class Part(CorePart):
    """A cost or effect step; its list parameters (a token's keywords) are kept as tuples, written as lists;
    its object parameters (a condition, whom a passive applies to) as sorted (name, value) tuples; nested steps
    and costs (an ongoing emblem's effects, an internal action's cost and effects) as tuples of parts."""

    __slots__ = ()
    OBJECT_PARAMS = frozenset({"to", "if", "unless", "which"})

    def to_json(self) -> dict:
        out = {"kind": self.kind}
        for k, v in self.params:
            if k in self.OBJECT_PARAMS and isinstance(v, tuple):  # a list inside (a die's results) as a list
                out[k] = {kk: list(vv) if isinstance(vv, tuple) else vv for kk, vv in v}
            elif isinstance(v, tuple):
                out[k] = [x.to_json() if hasattr(x, "to_json") else x for x in v]
            elif hasattr(v, "to_json"):  # a granted ability
                out[k] = v.to_json()
            else:
                out[k] = v
        return out

    def condition(self):
        """The step's or effect's condition: a word (6.5.c), a dict (``CONDITION_FIELDS``) or None."""
        cond = self.get("if")
        return dict(cond) if isinstance(cond, tuple) else cond

    def unless(self):
        """6.5.c's other form, "[do step] unless [condition]": the step is ignored when it is true."""
        cond = self.get("unless")
        return dict(cond) if isinstance(cond, tuple) else cond


@dataclass(frozen=True, slots=True)
class Ability:
    """One line of an object's text box (1.2.4.a) as data."""

    timing: str
    trigger: str = ""
    cost: tuple[Part, ...] = ()
    effects: tuple[Part, ...] = ()
    modes: tuple[tuple[Part, ...], ...] = ()
    #: "when you play a card from your Reserve": the zone a play reaction is limited to (hand/reserve), else any
    source: str = ""

    def mana(self, first_player: bool = True) -> int:
        """The mana this ability costs its controller (``first_player``: whether they are the first player, for a
        part that costs more "if you are not the first player")."""
        return sum(p.get("count", 0) for p in self.cost if p.kind == "mana" and p.get("if") in (
            None, "first_player" if first_player else "not_first_player"))

    def to_json(self) -> dict:
        out = set_fields({"timing": self.timing}, self, ("trigger", "cost", "effects"))
        if self.modes:
            out["modes"] = [[p.to_json() for p in mode] for mode in self.modes]
        if self.source:
            out["from"] = self.source
        return out


def _part(data: dict, path: str, kind: str, params: dict) -> Part:
    def frozen(k, v):
        if isinstance(v, Ability):
            return v
        if isinstance(v, dict):
            return tuple(sorted(v.items()))
        return tuple(v) if isinstance(v, list) else v
    return Part(kind, tuple(sorted((k, frozen(k, v)) for k, v in params.items())))


def parse_passive(data: dict, path: str) -> Part:
    """One continuous effect of a passive ability or an ongoing emblem (2.3.1.g); refused when unknown."""
    kind = _kind(data, path)
    if kind not in PASSIVES:
        raise DefinitionError(schema.join(path, "kind"), say(
            "the engine cannot apply the passive effect %(what)s: the scenario format has no continuous effect of that "
            "kind", what=schema.describe(kind)))
    req, opt = PASSIVES[kind]
    schema.obj(data, path, ("kind",) + req, opt)
    j = lambda k: schema.join(path, k)  # noqa: E731
    params = {k: v for k, v in data.items() if k != "kind"}
    if "amount" in params:
        params["amount"] = schema.integer(params["amount"], j("amount"), -99, 99)
    if kind == "dice":
        if not params.get("extra") and not params.get("modify"):
            raise DefinitionError(path, say("a dice effect gives more dice to choose from or a change of the result (7.3.13.c)"))
        if "extra" in params:
            params["extra"] = schema.integer(params["extra"], j("extra"), 1, 5)
        if "modify" in params:
            params["modify"] = schema.integer(params["modify"], j("modify"), -5, 5)
    for key in ("next", "opponent"):
        if key in params:
            params[key] = schema.boolean(params[key], j(key))
    if "type" in params:  # the cards a cost change applies to
        params["type"] = schema.string(params["type"], j("type"), ("character", "spell", "permanent"))
    if "from" in params:
        params["from"] = schema.string(params["from"], j("from"), ("hand", "reserve"))
    if "count" in params:
        params["count"] = schema.integer(params["count"], j("count"), 1, 9)
    if "stat" in params:
        params["stat"] = schema.string(params["stat"], j("stat"), STAT_NAMES)
    for key in ("would", "goes"):
        if key in params:
            params[key] = schema.string(params[key], j(key), SEND_TO)
    if "keyword" in params:
        params["keyword"] = schema.string(params["keyword"], j("keyword"), PASSIVE_KEYWORDS)
    if "subtype" in params:
        params["subtype"] = schema.string(params["subtype"], j("subtype"))
    if kind == "limit":
        params["zone"] = schema.string(params["zone"], j("zone"), ("reserve", "landmarks"))
    if "types" in params:
        params["types"] = [schema.string(t, j("types"), STAT_NAMES[:3]) for t in schema.array(params["types"], j("types"))]
    if "if" in params:
        params["if"] = parse_condition(params["if"], j("if"), CONDITIONS)
    if kind == "replace_step":
        if params["step"] == "put":  # a card put from the hand may go into the Reserve or the Mana: no discard
            raise DefinitionError(j("step"), say("a card put from the hand is discarded only when it goes to the discard "
                                                 "pile: write the step replaced as “discard” (7.3.4.a)"))
        params["step"] = schema.string(params["step"], j("step"), REPLACEABLE)
        params["effects"] = [_effect(e, schema.join(j("effects"), i))
                             for i, e in enumerate(schema.array(params["effects"], j("effects")))]
        if not params["effects"]:
            raise DefinitionError(j("effects"), say("a step replaced is replaced by at least one step (6.2.b)"))
    if kind == "also":
        params["gains"] = schema.string(params["gains"], j("gains"), ALSO_GAINS)
        if "status" in params:
            params["status"] = schema.string(params["status"], j("status"), STATUSES)
        if "name" in params:
            params["name"] = schema.string(params["name"], j("name"))
        then = params["then"] = _effect(params["then"], j("then"))
        if then.kind not in ALSO_ADDS or then.get("target", "self") != "self" or then.get("optional") or \
                then.condition() or then.unless():
            raise DefinitionError(j("then"), say("an “also” modifier adds one atomic action to the object itself: it "
                                                 "gains boost counters, counters, a status or an ongoing effect, or a "
                                                 "statistic changes (6.2.c)"))
    if kind == "grant":  # the ability granted is data as any other
        params["ability"] = parse_ability(params["ability"], j("ability"), "character")
        if params["ability"].timing != "reaction":
            raise DefinitionError(j("ability"), say("only a reaction can be granted here"))
    if "triggers" in params:
        params["triggers"] = [schema.string(t, j("triggers"), TRIGGERS) for t in schema.array(params["triggers"],
                                                                                                j("triggers"))]
    if kind in ("stat", "keyword", "subtype", "lose_abilities", "grant", "stop_triggers", "also") or (
            kind == "instead" and "to" in params):  # without ``to``, an "instead" is its object's own
        to = schema.obj(params.get("to", {"who": "self"}), j("to"), (), ("who", "subtype"))
        params["to"] = {"who": schema.string(to.get("who", "self"), schema.join(j("to"), "who"), WHO)}
        if "subtype" in to:
            params["to"]["subtype"] = schema.string(to["subtype"], schema.join(j("to"), "subtype"))
    return _part(data, path, kind, params)


def _kind(data, path: str):
    if not isinstance(data, dict) or "kind" not in data:
        raise DefinitionError(path, say("expected a group of fields that says its kind"))
    return data["kind"]


def _effect(data: dict, path: str) -> Part:
    kind = _kind(data, path)
    if kind not in EFFECTS:
        raise DefinitionError(schema.join(path, "kind"), say(
            "the engine cannot play the effect %(what)s: the scenario format has no effect of that kind",
            what=schema.describe(kind)))
    req, opt = EFFECTS[kind]
    schema.obj(data, path, ("kind",) + req, opt + ("if", "unless"))
    j = lambda k: schema.join(path, k)  # noqa: E731
    params = {k: v for k, v in data.items() if k not in ("kind", "if", "unless", "effects", "cost")}
    for word in ("if", "unless"):  # 6.5.c: "if [condition], [do step]" and "[do step] unless [condition]"
        if word in data:
            params[word] = parse_condition(data[word], j(word))
    if kind == "ongoing":
        params["effects"] = [parse_passive(e, schema.join(j("effects"), i))
                             for i, e in enumerate(schema.array(data["effects"], j("effects")))]
    if kind == "internal":
        params["cost"] = [_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data["cost"], j("cost")))]
        params["effects"] = [_effect(e, schema.join(j("effects"), i))
                             for i, e in enumerate(schema.array(data["effects"], j("effects")))]
        if not params["cost"] or not params["effects"]:
            raise DefinitionError(path, say("an internal action has a cost and an effect (5.4, 6.5.g)"))
        if any(c.kind not in ("mana", "hand_to_reserve") for c in params["cost"]):
            raise DefinitionError(j("cost"), say("an internal action pays mana or a card from the hand here"))
    for key in ("count", "amount", "forest", "mountain", "water"):
        if key in params:
            params[key] = schema.integer(params[key], j(key), -99 if key != "count" else 1, 99)
    for key in ("optional", "each_player", "opponent", "random"):
        if key in params:
            params[key] = schema.boolean(params[key], j(key))
    checks = {"target": TARGETS, "duration": DURATIONS, "stat": STAT_NAMES, "to": PUT_TO if kind == "put" else SEND_TO,
              "status": STATUSES,
              "where": WHERE, "expedition": MOVE_EXPEDITIONS, "direction": ("forward", "backward"),
              "name": None, "position": DECK_POSITIONS}
    for key, choices in checks.items():
        if key in params:
            params[key] = schema.string(params[key], j(key), choices)
    if "abilities" in params:  # a token's own abilities, "with '...'" (2.2.10.e)
        params["abilities"] = [parse_ability(a, schema.join(j("abilities"), i), "token")
                               for i, a in enumerate(schema.array(params["abilities"], j("abilities")))]
    if kind == "token":
        params["keywords"] = [schema.string(k, j("keywords"), ("defender", "eternal", "giant", "seasoned"))
                              for k in schema.array(params.get("keywords", []), j("keywords"))]
        params.setdefault("where", "mine")
    if params.get("target") == "choose_own_reserve" and (kind != "send" or params.get("to") == "reserve"):
        raise DefinitionError(j("target"), say("a card in your Reserve is a target only of sending it elsewhere "
                                               "here (7.3.20.a)"))
    if params.get("target") == "choose_in_play" and kind not in ("send", "counters", "remove_counters"):
        raise DefinitionError(j("target"), say("“a Character or Permanent in play” is a target only of sending or of "
                                               "counters here (2.2.1.h)"))
    if kind == "play_free":
        params["from"] = schema.string(params["from"], j("from"), ("hand", "reserve"))
        if "type" in params:
            params["type"] = schema.string(params["type"], j("type"), ("character", "spell", "permanent"))
    if kind == "look":
        params["count"] = schema.integer(params["count"], j("count"), 1, 6)
        params["take"] = schema.integer(params.get("take", 1), j("take"), 0, params["count"])
        params["to"] = schema.string(params.get("to", "hand"), j("to"), ("hand", "reserve", "discard"))
        params["rest"] = schema.string(params.get("rest", "bottom"), j("rest"), ("bottom", "top", "discard"))
        params["up_to"] = schema.boolean(params.get("up_to", False), j("up_to"))
        if "type" in params:
            params["type"] = schema.string(params["type"], j("type"), ("character", "spell", "permanent"))
    if kind == "put_in_play":
        params["from"] = schema.string(params["from"], j("from"), ("hand", "reserve"))
        params["where"] = schema.string(params.get("where", "hero"), j("where"), ("hero", "companion"))
    if kind == "activate":
        params["trigger"] = schema.string(params["trigger"], j("trigger"), TRIGGERS)
    if "depth" in params:  # "third from the top": the Nth card from that end (3.2.2.b)
        params["depth"] = schema.integer(params["depth"], j("depth"), 1, 99)
    if ("position" in params or "depth" in params) and params.get("to") != "deck":
        raise DefinitionError(j("position" if "position" in params else "depth"),
                              say("a position is a place in the deck (3.2.2.c): only for a card put into the deck"))
    if params.get("to") == "deck":
        params.setdefault("position", "top")
    if kind == "move" and params["expedition"] not in ("hero", "companion") and "opponent" in params:
        raise DefinitionError(j("opponent"), say("my expedition, my other expedition and the expedition facing me are read from the "
                                                 "object with the ability, never the opponent's (7.4.3.f-h)"))
    if kind in ("boost", "stat", "switch", "send", "status", "counters", "remove_counters", "lose_status"):
        params.setdefault("target", "self")
    if "which" in params:
        params["which"] = _which(params["which"], j("which"), params["target"])
    return _part(data, path, kind, params)


def _which(data, path: str, target: str) -> dict:
    """What a chosen or "each" target must be (5.2.3.b): a Hand cost at most, a subtype, a status."""
    if target in ("self", "choose_own_reserve"):
        raise DefinitionError(path, say("only a target chosen among the objects in play, or each of them, can be "
                                        "narrowed (5.2.3.b)"))
    which = schema.obj(data, path, (), WHICH)
    if not which:
        raise DefinitionError(path, say("expected what the target must be: a Hand cost at most, a subtype or a "
                                        "status"))
    out = {}
    if "hand_cost_at_most" in which:
        out["hand_cost_at_most"] = schema.integer(which["hand_cost_at_most"], schema.join(path, "hand_cost_at_most"),
                                                  0, 99)
    if "subtype" in which:
        out["subtype"] = schema.string(which["subtype"], schema.join(path, "subtype"))
    if "status" in which:
        out["status"] = schema.string(which["status"], schema.join(path, "status"), ("boosted",) + STATUSES)
    return out


def _cost(data: dict, path: str) -> Part:
    kind = _kind(data, path)
    if kind not in COSTS:
        raise DefinitionError(schema.join(path, "kind"), say(
            "the engine cannot pay the cost %(what)s: the scenario format has no cost of that kind",
            what=schema.describe(kind)))
    schema.obj(data, path, ("kind",) + COSTS[kind], ("if",) if kind == "mana" else ())
    params = {k: schema.string(v, schema.join(path, k)) if k == "name" else schema.integer(v, schema.join(path, k), 0, 99)
              for k, v in data.items() if k not in ("kind", "if")}
    if "if" in data:  # "this action costs 1 more if you are not the first player" (2.2.10.e)
        params["if"] = schema.string(data["if"], schema.join(path, "if"), CONDITIONS)
    return _part(data, path, kind, params)


def _after_a_step(steps: tuple, path: str) -> tuple:
    """"If you do" (6.5.d) and a die's result (7.3.13.b) read a step before: never the first step."""
    cond = (steps[0].condition() or steps[0].unless()) if steps else None
    if cond == "did" or (isinstance(cond, dict) and any(k.startswith("roll") for k in cond)):
        raise DefinitionError(schema.join(path, 0), say("“if you do” and a die's result read the step before them (6.5.d, "
                                                        "7.3.13.b): never the first step"))
    return steps


def parse_ability(data: dict, path: str, card_type: str) -> Ability:
    """An ability from its JSON form; DefinitionError (with the reason) when the vocabulary cannot express it."""
    schema.obj(data, path, ("timing",), ("trigger", "cost", "effects", "modes", "from"))
    j = lambda k: schema.join(path, k)  # noqa: E731
    timing = schema.string(data["timing"], j("timing"), TIMINGS)
    if timing == "passive":
        if set(data) - {"timing", "effects"}:
            raise DefinitionError(path, say("a passive ability is continuous effects only (2.2.10.j)"))
        effects = tuple(parse_passive(e, schema.join(j("effects"), i))
                        for i, e in enumerate(schema.array(data.get("effects", []), j("effects"))))
        if not effects:
            raise DefinitionError(j("effects"), say("a passive ability needs at least one effect"))
        return Ability(timing, effects=effects)
    trigger = ""
    if timing == "reaction":
        trigger = schema.string(data.get("trigger"), j("trigger"), TRIGGERS)
    elif "trigger" in data:
        raise DefinitionError(j("trigger"), say("only reactions have a trigger (2.2.10.i)"))
    source = schema.string(data["from"], j("from"), ("hand", "reserve")) if "from" in data else ""
    if source and not trigger.startswith(("on_you_play", "on_opponent_plays")):
        raise DefinitionError(j("from"), say("only a reaction to a card played is limited to where it is played from"))
    if timing == "effect" and card_type != "spell":
        raise DefinitionError(j("timing"), say("only spells have an effect of their own (5.1.2.e)"))
    cost = tuple(_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data.get("cost", []), j("cost"))))
    if cost and timing not in ("quick", "support", "reaction"):
        raise DefinitionError(j("cost"), say("only quick actions, support abilities and reactions have a cost (2.2.10.h, 5.5.c)"))
    if timing == "reaction" and any(c.kind != "mana" for c in cost):
        raise DefinitionError(j("cost"), say("a reaction's cost is mana here (5.5.c)"))
    if timing == "support" and not any(c.kind == "discard_self" for c in cost):
        raise DefinitionError(j("cost"), say("a support ability's cost discards it from the Reserve (7.1.4.b)"))
    if "modes" in data:  # 6.5.e: "choose one", each mode its own steps
        if "effects" in data:
            raise DefinitionError(j("modes"), say("a modal ability's steps are in its modes (6.5.e)"))
        modes = tuple(tuple(_effect(e, schema.join(schema.join(j("modes"), m), i))
                            for i, e in enumerate(schema.array(mode, schema.join(j("modes"), m))))
                      for m, mode in enumerate(schema.array(data["modes"], j("modes"))))
        if len(modes) < 2 or not all(modes):
            raise DefinitionError(j("modes"), say("a modal ability has two or more modes, each with a step (6.5.e)"))
        for m, mode in enumerate(modes):
            _after_a_step(mode, schema.join(j("modes"), m))
        return Ability(timing, trigger, cost, (), modes, source)
    effects = tuple(_effect(e, schema.join(j("effects"), i))
                    for i, e in enumerate(schema.array(data.get("effects", []), j("effects"))))
    if not effects:
        raise DefinitionError(j("effects"), say("an ability needs at least one effect"))
    return Ability(timing, trigger, cost, _after_a_step(effects, j("effects")), source=source)
