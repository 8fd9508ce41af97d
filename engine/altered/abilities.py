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
at load with the reason, never played wrongly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import schema
from ..core.abilities import Part as CorePart, set_fields
from ..core.errors import DefinitionError
from ..core.text import say

TIMINGS = ("reaction", "quick", "support", "effect", "passive")
#: 7.1.1 (enter play, played from hand, from Reserve), the atomic instants of 4.2.b, "when you sacrifice a Character"
TRIGGERS = ("on_enter", "from_hand", "from_reserve", "at_noon", "at_dusk", "at_night", "on_sacrifice",
            # "after [a daily effect]" (4.2.d's note): Succeed, Prepare, Draw, Expand, Progress, Rest, Clean-up
            "after_succeed", "after_prepare", "after_draw", "after_expand", "after_progress", "after_rest",
            "after_cleanup",
            "on_leave_landmarks",  # "when I leave your Landmark zone" (6.3.e)
            "on_fail_forward",  # "when my expedition fails to move forward" (7.5.3.a, 4.2.4.g, 7.4.1.c)
            "on_sacrificed",  # "when I am sacrificed": it finds me in the discard pile (2.1.e)
            "on_join_expedition",  # "when I join an expedition": played, created, put into play, switched (7.5.4)
            "on_leave_expedition",  # "when I leave an expedition": sent, sacrificed, at Rest, switched (7.5.5)
            # "when I go to the Reserve from the Expedition zone": left it and is in the Reserve now (7.5.5.a, 7.5.4.a)
            "on_to_reserve",
            # "when I become [status]" (7.5.2.a: had it not before the event, has it after; entering a zone with it)
            "on_become_exhausted", "on_become_fleeting", "on_become_asleep", "on_become_anchored",
            # "when you play a card / a Character / a Spell / a Permanent": its controller's play of a card (6.3.b);
            # an object reacts only to cards played while it is in play (6.3.d), so never to its own play
            "on_you_play", "on_you_play_character", "on_you_play_spell", "on_you_play_permanent",
            # "when your opponent plays a card / a Character / ...": the other player's play (7.2.2.a)
            "on_opponent_plays", "on_opponent_plays_character", "on_opponent_plays_spell", "on_opponent_plays_permanent",
            # "when my expedition moves forward because of Forest / Mountain / Water" at Progress (4.2.4.h, AL27)
            "on_forward_forest", "on_forward_mountain", "on_forward_water",
            # "when another Character joins my expedition": played, created, put into play or switched into it (7.5.4)
            "on_other_joins",
            # "when another Character leaves my expedition": sent, sacrificed, at Rest or switched out of it (7.5.5)
            "on_other_leaves",
            # "when I become Boosted": from no boost counter to some (2.4.4.a-b), or entering play with them (7.5.2.a)
            "on_become_boosted")
TARGETS = ("self", "choose_own", "choose_opponent", "choose_any", "each_own", "each_opponent",
           "choose_in_play",  # a Character or Permanent in play, either player's (2.2.1.h)
           "each_mine", "each_facing",  # each Character in my expedition / the expedition facing me (7.2.1.a)
           "choose_own_reserve")  # a card in your Reserve ("return a card from your Reserve to your hand")
DURATIONS = ("turn", "afternoon", "day")  # 2.2.13.a
STAT_NAMES = ("forest", "mountain", "water", "all")
STATUSES = ("anchored", "asleep", "fleeting", "exhausted")
COSTS = {"mana": ("count",), "exhaust_self": (), "discard_self": (),  # 1.2.5.e, 7.1.4.a, 7.1.4.b
         "spend": ("name", "count"),  # 2.5.g, 7.3.21
         "hand_to_reserve": ()}  # 6.1.d: "put a card from your hand into the Reserve" as part of a cost
WHERE = ("hero", "companion", "each", "mine")
# effect kind -> (required parameters, optional parameters)
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # with opponent, the other player does it: "your opponent draws a card / sacrifices a Character" (7.2.2.a)
    "draw": (("count",), ("optional", "each_player", "opponent")),
    "resupply": (("count",), ("optional", "each_player", "opponent")),
    "boost": (("count",), ("target", "optional")),
    "stat": (("stat", "amount", "duration"), ("target", "optional")),
    "switch": ((), ("target", "optional")),
    "send": (("to",), ("target", "optional", "position", "depth")),  # to the deck: at a position (3.2.2.c)
    "sacrifice": ((), ("each_player", "optional", "opponent")),
    "sabotage": ((), ("optional",)),
    "token": (("name", "forest", "mountain", "water"), ("where", "keywords", "count", "optional", "abilities")),
    "ready_mana": (("count",), ("optional",)),
    "exhaust_mana": (("count",), ("optional", "opponent")),
    "status": (("status",), ("target", "optional")),
    "move": (("expedition", "direction"), ("opponent", "optional")),
    "counters": (("name", "count"), ("target", "optional")),
    "remove_counters": (("name", "count"), ("target", "optional")),  # 2.5.f: all of them if it has X or fewer
    "after_you": ((), ()),
    "put": (("to",), ("optional", "opponent", "random", "each_player")),  # "put a card from your hand into the Reserve" (2.2.1.i),
    # discard it, into Mana; with opponent, a card of the opponent's hand, revealed to the step's controller who
    # chooses; with random, one at random from the hand it names, no one choosing (3.2.5.c)
    # an ongoing emblem (2.2.2.m, 2.2.13.b, 2.2.13.c); with a target, its effects for that object alone
    "ongoing": (("duration", "effects"), ("target",)),
    "internal": (("cost", "effects"), ()),  # "you may pay [cost] to [effect]" (5.4, 6.5.g)
    "put_in_play": (("from",), ("where", "optional")),  # a character of the hand or Reserve joins an expedition
    "activate": (("trigger",), ("optional",)),  # "activate the [trigger] of target Permanent you control" (7.3.1)
    "lose_status": (("status",), ("target", "optional")),  # 7.3.9
    "play_free": (("from",), ("type", "optional")),  # "you may play a [type] from your hand for free" (7.3.14.a)
    "roll": ((), ()),  # "roll a die": the steps after it may read the result (7.3.13.a, 7.3.13.b)
    # "look at the top [count] cards of your deck, put [take] (of a type) into your hand, the rest at the bottom"
    "look": (("count",), ("take", "to", "type", "up_to", "rest", "optional")),  # 3.1.3.f, 3.2.2.c
}
CONDITIONS = ("first_player", "not_first_player")  # 6.5.c: "if you are (not) the first player"
#: conditions of a step only (not of a cost): "if you do" (6.5.d: the step before was done)
STEP_CONDITIONS = CONDITIONS + ("did",)
#: "move my expedition", "my other expedition", "the expedition facing me": read from the object with the ability
#: (a Giant's: 7.4.3.f-h), besides the hero and companion expeditions named
MOVE_EXPEDITIONS = ("hero", "companion", "mine", "other", "facing")
#: a condition as an object (its optional fields): how many objects a player controls (2.2.2.n), what the object
#: the step before moved is (2.2.1.i, 2.2.2.o), the region where the object with the ability is ("if I am in Forest")
CONDITION_FIELDS = {"controls": ("at_least", "subtype"), "it_is": ("subtype",), "in_region": (),
                    # a status the object with a "when I am sacrificed" reaction had as it left play (AL20)
                    "was": (), "was_not": (),
                    # the result of the die rolled by a step before of the same effect (7.3.13.b)
                    "roll_at_least": (), "roll_at_most": (), "roll_in": (),
                    # "if my expedition is ahead / behind": farther from its home region than the one facing it, or
                    # less far, or as far ("level") (1.3.3.b, 7.4.3.f; assumption AL28)
                    "expedition_is": (),
                    # "if I am Boosted / Exhausted / ...": a status the object with the ability has now (2.4.4.a)
                    "i_am": ()}
CONTROLS = ("landmarks", "characters")
#: continuous effects of passive abilities and ongoing emblems (2.2.10.j, 2.3.1.g): kind -> (required, optional)
PASSIVES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "stat": (("stat", "amount"), ("to", "if")),
    "keyword": (("keyword",), ("to", "if")),  # "all Elementals have Giant" (2.3.2.e)
    "subtype": (("subtype",), ("to", "if")),  # "all Characters are Elementals" (2.3.2.e)
    "lose_abilities": ((), ("to", "if")),  # "all other characters lose their abilities" (2.3.2.d)
    "region_types": (("types",), ("if",)),  # "all regions are Forest and lose their other types" (2.2.2.p)
    "no_progress": ((), ("if",)),  # "the expeditions cannot move forward" (2.2.2.m)
    # "the next card you play costs 1 less" (2.2.13.c); of a type or subtype ("the next Bureaucrat you play"),
    # played from the hand or the Reserve only
    "cost": (("amount",), ("next", "opponent", "if", "type", "from", "subtype")),
    # "the next Character you play this turn gains 1 boost" (Apprendista di Haven, 2.2.10.d); without next: each
    "boost_played": (("count",), ("next", "from", "if")),
    "grant": (("ability",), ("to", "if")),  # "your characters have '[reaction]'" (Haven, 2.1.c)
    "stop_triggers": (("triggers",), ("to", "if")),  # "the [triggers] of characters facing me do not activate" (7.3.1.e)
    # "roll one more die and choose one" (extra), "you may add 1 to your roll" (modify): its controller's rolls (7.3.13.c)
    "dice": ((), ("extra", "modify", "if")),
    # "if I would go to [would], go to [goes] instead": the object's own replacement modifier (6.2.b, 6.2.j); with
    # ``to``, another object's for the characters it names ("if a Character you control would go to ...")
    "instead": (("would", "goes"), ("if", "to")),
    # "your Reserve / landmark limit is increased by 1" (4.2.5.d's note: the limits may change); with ``opponent``, the
    # other player's: read at Clean-up (4.2.5.c)
    "limit": (("zone", "amount"), ("opponent", "if")),
    # an additive modifier (6.2.c): "if a Character you control would gain boosts, it also gains 1 boost"
    "also_boost": (("count",), ("to", "if")),
    # any additive modifier of the step in which an object gains something (6.2.c): "if a Character you control would
    # gain boosts / [name] counters / a status, it also [then]" - then: one atomic action on it, a boost, counters, a
    # status or a statistic change for a duration
    "also": (("gains", "then"), ("to", "if", "name", "status")),
    # a replacement modifier of a whole step (6.2.b, 6.2.e.1): "if you would [step], [effects] instead" - its
    # controller's steps of that kind, or with ``opponent`` the other player's (step_replacement.py)
    "replace_step": (("step", "effects"), ("opponent", "if")),
}
#: what an object gains that an "also" modifier waits for, and what it adds to that step (a step on the object itself)
ALSO_GAINS = ("boost", "counters", "status")
ALSO_ADDS = ("boost", "counters", "status", "stat", "ongoing")  # ongoing: "it also gains Defender this turn"
#: whom a passive effect applies to: characters in the expeditions, one's own or not, optionally of a subtype
WHO = ("self", "others", "all", "own", "own_others", "opponent", "facing")  # facing: the opponent's same expedition
PASSIVE_KEYWORDS = ("defender", "eternal", "giant", "seasoned")
SEND_TO = ("reserve", "hand", "discard", "deck")
PUT_TO = ("reserve", "discard", "mana")  # where a card of the hand is put: Reserve, discarded (7.3.4.a), Mana (3.2.9.b)
DECK_POSITIONS = ("top", "bottom")  # 3.2.2.b: a card of the deck is placed from its top or its bottom


class Part(CorePart):
    """A cost or effect step; its list parameters (a token's keywords) are kept as tuples, written as lists;
    its object parameters (a condition, whom a passive applies to) as sorted (name, value) tuples; nested steps
    and costs (an ongoing emblem's effects, an internal action's cost and effects) as tuples of parts."""

    __slots__ = ()
    OBJECT_PARAMS = frozenset({"to", "if", "unless"})

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


def _condition(data, path: str, words: tuple = STEP_CONDITIONS):
    """6.5.c: a condition word, or an object: ``{"controls": "landmarks", "at_least": 2}`` (2.2.2.n),
    ``{"it_is": "permanent"}`` (the object the step before moved, 2.2.1.i), ``{"in_region": "forest"}``,
    ``{"roll_at_least": 5}`` (the die rolled before, 7.3.13.b)."""
    if isinstance(data, str):
        return schema.string(data, path, words)
    if not isinstance(data, dict) or len(set(data) & set(CONDITION_FIELDS)) != 1:
        raise DefinitionError(path, say("expected a condition the scenario format knows, by its name or with its value"))
    if words is CONDITIONS and any(k.startswith("roll") for k in data):
        raise DefinitionError(path, say("a die's result is a condition of a step after the roll (7.3.13.b)"))
    key = next(k for k in data if k in CONDITION_FIELDS)
    schema.obj(data, path, (key,), CONDITION_FIELDS[key])
    if key in ("roll_at_least", "roll_at_most"):
        return {key: schema.integer(data[key], schema.join(path, key), 1, 6)}
    if key == "roll_in":
        results = schema.array(data[key], schema.join(path, key))
        if not results:
            raise DefinitionError(schema.join(path, key), say("expected the results (1 to 6) for which the step happens"))
        return {key: tuple(schema.integer(r, schema.join(path, key), 1, 6) for r in results)}
    # "it_is": "card" for any type: "if it is an Animal" is {"it_is": "card", "subtype": "Animal"} (2.2.2.o)
    choices = {"controls": CONTROLS, "it_is": ("character", "spell", "permanent", "card"), "in_region": STAT_NAMES[:3],
               "was": STATUSES, "was_not": STATUSES, "expedition_is": ("ahead", "behind", "level"),
               "i_am": ("boosted",) + STATUSES}
    out = {key: schema.string(data[key], schema.join(path, key), choices[key])}
    if "at_least" in data:
        out["at_least"] = schema.integer(data["at_least"], schema.join(path, "at_least"), 0, 99)
    if "subtype" in data:  # "if you control an Animal": of that subtype (2.2.2.a), as passives leave it (2.3.1.j)
        out["subtype"] = schema.string(data["subtype"], schema.join(path, "subtype"))
    return out


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
        params["if"] = _condition(params["if"], j("if"), CONDITIONS)
    if kind == "replace_step":
        params["step"] = schema.string(params["step"], j("step"), tuple(EFFECTS))
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
            params[word] = _condition(data[word], j(word))
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
    return _part(data, path, kind, params)


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
