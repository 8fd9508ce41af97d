"""Weiss Schwarz abilities as data: a small, closed vocabulary, refused at load when it cannot express a text.

An ability is ``{"timing": ..., "conditions": [...], "cost": [...],
"effects": [...], "optional": bool, "text": "..."}``.  Anything outside the
vocabulary raises a DefinitionError naming the field: a silently dropped
clause of card text would make the judge tool lie.

Timings (section 8.1):

* ``act`` - ACT (8.1.1.1): played by the turn player in the main phase from a
  character on the stage (6.5.1.2.3).
* ``cont`` - CONT (8.1.1.3): applies while the card is on the stage (a
  character, 2.12.2.1) or in the climax area (a climax, 2.12.2.2).
* ``backup`` - Backup (10.5.2): an ACT played from the hand in the
  opponent's counter step; ``amount`` power for the attacked character,
  ``level`` the minimum level; the card goes from the hand to the waiting
  room as part of the cost (assumption W9).
* ``encore`` - Encore [cost] (10.2.2): a cost other than the rule's three
  stock (10.2.3, which every character has).
* AUTO (8.1.1.2), each going on stand-by when its event happens:
  ``on_play`` (this card is played and placed on the stage from the hand),
  ``on_attack`` (this card attacks), ``on_reverse`` (this card becomes
  reversed), ``on_reverse_opponent`` (this card's battle opponent becomes
  reversed), ``on_climax`` (a climax is placed in your climax area),
  ``on_cancel`` (damage this card deals is cancelled),
  ``begin_<phase>`` for stand/draw/clock/main/climax/attack/encore/end (at the
  beginning of your phase: assumption W4), ``begin_<step>`` for the attack's
  declaration/trigger/counter/damage/battle steps (7.2.1.2-7.6.1.1: at the
  beginning of the step of your attack).
  ``on_change`` (this card is placed on the stage by a Change effect, 10.8.4),
  ``turn_end`` (at the end of your turn: on stand-by with the 'at the beginning of the end phase' ones, 6.8.1.1).
  An AUTO ability with the ``alarm`` condition works only from the top of the
  clock, one with ``memory`` only from the memory area (assumption W20).
* ``replace`` - a replacement effect (8.2.1.3.1, 8.10): ``event``
  ``leave_stage`` (this card would go from the stage to the waiting room),
  ``instead`` memory / hand / deck_bottom / clock / stock (assumption W18).
* ``event`` - the text of an event card, resolved when it is played (8.6.2.4.2).

Conditions: ``level`` (min), ``position`` (center / back), ``climax`` (a
climax in your climax area, optionally ``name``), ``count`` (player
self/opponent, zone, min, max), ``trait`` (this card has the trait),
``alarm`` (10.1: this card is the top card of your clock; a CONT ability with
it works from there), ``memory`` (10.9: this card is in your memory area; a
CONT ability with it works from there), ``experience`` (10.10: the total
level of the cards in your level area is ``min`` or more, assumption W16),
``markers`` (3.7.4: at least ``min`` markers under this character), ``level_area`` (10.10.1: this card is in your
level area; a CONT or AUTO ability with it works from there, assumption W16).

Costs (8.4): ``stock`` (count), ``discard`` (count, optional ``filter``),
``rest_self``, ``rest_other`` (count of your other standing characters),
``clock_top`` (the top card of your deck into your clock, "Accelerate").

Effects: ``power``/``soul``/``level`` (amount, target, duration
end_of_turn / end_of_next_turn / game; CONT has no duration), ``draw``
(count, ``up_to``), ``stock_charge`` (count), ``salvage`` (count, filter),
``search`` (count, filter: look through the deck, shuffle), ``bounce``,
``rest``, ``stand``, ``reverse``, ``to_waiting_room`` (target), ``heal``
(count: top cards of your clock to the waiting room), ``clock`` (count:
top cards of your deck into your clock; not damage, 4.9.2), ``damage``
(count, player opponent/self: a damage process, cancellable), ``brainstorm``
(count revealed; ``per_climax``: draw / stock_charge / salvage), ``change``
(10.8: ``name``, ``source`` hand / waiting_room: this card goes from the stage
to the waiting room, or with ``exchange`` into ``source``, and a card of that name takes its position),
``marker`` (3.7.2: ``count`` cards from ``source`` deck / hand / waiting_room, optional ``filter``, face down
under this character), ``to_memory`` (target; ``self`` wherever this card is, 3.12.1).
Targets: ``self``, ``all_own_characters``, ``choose_own_character``,
``choose_opponent_character``, ``opposite`` (the character opposite this one),
``battle_opponent``, ``attacked`` (backup/counter: your attacked character),
``front`` (CONT assist: your characters in front of this one, 3.6.4).
Filters: ``type``, ``trait``, ``max_level``, ``name``, ``colour``, ``max_power`` (not for a ``trait`` or ``encore``
effect; a CONT power effect reads it with every change but its own and the other power-limited ones, assumption W30).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..core import schema
from ..core.abilities import Part as CorePart, set_fields
from ..core.errors import DefinitionError

PHASE_NAMES = ("stand", "draw", "clock", "main", "climax", "attack", "encore", "end")
PHASE_TIMINGS = tuple(f"begin_{p}" for p in PHASE_NAMES)
STEP_NAMES = ("declaration", "trigger", "counter", "damage", "battle")
STEP_TIMINGS = tuple(f"begin_{s}" for s in STEP_NAMES)
AUTO_TIMINGS = ("on_play", "on_attack", "on_reverse", "on_reverse_opponent", "on_climax", "on_cancel") + PHASE_TIMINGS \
    + STEP_TIMINGS
# bond (10.4): the keyword AUTO "when this card is played and placed on the stage, you may pay the cost: a card
# named <name> from your waiting room into your hand"
AUTO_TIMINGS += ("bond",)
# shift (10.11): at the beginning of your main phase, from your clock, at level ``level`` or more, you may swap this
# card with a card of its colour from your hand
AUTO_TIMINGS += ("shift",)
# 10.8.4: "when this card is placed on the stage ... by a Change effect"; 6.8.1.1: "alla fine del turno"
AUTO_TIMINGS += ("on_change", "turn_end")
# 8.7.4: an area-change trigger, "when this card goes from the stage to the waiting room" (its conditions read the
# card as it was on the stage, 8.7.4.1.2); 8.7.6: a situation trigger, its conditions are the situation
AUTO_TIMINGS += ("on_stage_to_waiting_room", "situation")
# 8.7.4: "when this card leaves the stage", for whatever area (the hand, the memory, the deck, the waiting room...)
AUTO_TIMINGS += ("on_leave_stage",)
# 8.7.4, 8.7.4.1.1, 8.7.4.1.3: "when this card is put from <area> into <area>", between areas other than the stage;
# "when another of your characters is played and placed on the stage" (an on_play of each other character's);
# "when this card is front attacked" (7.2.1.5.1: it becomes the attacked character of a front attack)
AUTO_TIMINGS += ("on_area_change", "on_other_play", "on_front_attacked")
#: the (from, to) an area-change ability may name, those of the moves that trigger it: the clock phase (6.4.1.2), a level
#: up (9.3.2), the hand limit (6.8.1.2), a cost's discard or stock (8.4.3), a heal (W31; the stage has its own timings)
AREA_CHANGES = (("hand", "clock"), ("clock", "level"), ("clock", "waiting_room"), ("hand", "waiting_room"),
                ("stock", "waiting_room"))
# bodyguard / great performance (10.6): a keyword CONT with nothing more to say; replace (8.2.1.3.1, 8.10): "if this
# card would go from the stage to the waiting room, instead put it into <area>"
TIMINGS = ("act", "cont", "backup", "encore", "event", "bodyguard", "replace") + AUTO_TIMINGS
#: what a replacement effect replaces, and the areas it can put the card in instead
REPLACED_EVENTS = ("leave_stage",)
INSTEAD_AREAS = ("memory", "hand", "deck_bottom", "clock", "stock")
# alarm (10.1): this card is the top card of your clock; memory (10.9): this card is in your memory area;
# experience (10.10): the total level of the cards in your level area is ``min`` or more (assumption W16)
CONDITION_KINDS = ("level", "position", "climax", "count", "trait", "alarm", "memory", "experience", "markers",
                   "level_area", "power", "in_battle", "battle_opponent")
COST_KINDS = ("stock", "discard", "rest_self", "rest_other", "clock_top")
STAT_EFFECTS = ("power", "soul", "level")
COUNT_EFFECTS = ("draw", "stock_charge", "salvage", "search", "heal", "clock", "damage", "brainstorm")
TARGET_EFFECTS = ("bounce", "rest", "stand", "reverse", "to_waiting_room", "to_clock", "to_stock", "to_deck_bottom")
# change (10.8): this card goes to the waiting room and a card named ``name`` from ``source`` (hand / waiting room)
# takes its former stage position
# marker (3.7): cards from ``source`` put face down under this card; to_memory (3.12.1): a card into its owner's memory
# delayed (8.7.5): creates an AUTO ability that goes on stand-by once, at the ``at`` timing, and does ``effects``
# trait (CONT only): the target gets a trait; an effect reading traits applies after it (8.9.1.4)
# power_becomes: "its power becomes N" (8.9.1.5's example), a numeric change applied in time order with the others
# encore (CONT only): the target gets "AUTO Encore [cost]" (10.2.2; 8.9.1.4's example gives it to characters with a
# trait another CONT effect gives)
EFFECT_KINDS = STAT_EFFECTS + COUNT_EFFECTS + TARGET_EFFECTS + ("change", "marker", "to_memory", "delayed", "trait",
                                                                "power_becomes", "encore", "look", "lose", "win",
                                                                "cannot", "put_on_stage")
#: what a CONT ``cannot`` forbids its target character (1.3.3), or a ``player`` (self / opponent): backup (10.5), events
CANNOT_ACTIONS = ("attack", "front_attack", "side_attack", "direct_attack")
CANNOT_PLAYS = ("backup", "event")
#: where the cards looked at and not taken go (4.8 describes only the looking; the card says the rest)
LOOK_REST = ("waiting_room", "deck_top", "deck_bottom")
DELAYED_AT = ("turn_end",) + PHASE_TIMINGS + STEP_TIMINGS
#: what an optional replacement effect (8.2.1.3.2) may ask to do: "you may put N stock into the waiting room"
REPLACE_COSTS = ("stock",)
MARKER_SOURCES = ("deck", "hand", "waiting_room")
TARGETS = ("self", "all_own_characters", "choose_own_character", "choose_opponent_character", "opposite",
           "battle_opponent", "attacked", "front")
CONT_TARGETS = ("self", "all_own_characters", "front", "opposite")
DURATIONS = ("end_of_turn", "end_of_next_turn", "game")
COUNT_ZONES = ("hand", "deck", "waiting_room", "clock", "level", "stock", "memory", "stage")
FILTER_KEYS = ("type", "trait", "max_level", "name", "colour", "max_power")
PER_CLIMAX = ("draw", "stock_charge", "salvage")


class Part(CorePart):
    """A Weiss Schwarz part: a card filter parameter is an object."""

    __slots__ = ()
    OBJECT_PARAMS = frozenset({"filter"})

    def to_json(self) -> dict:
        out = CorePart.to_json(self)
        if self.kind == "delayed":  # its effects are kept as canonical JSON text (a Part's params are immutable)
            out["effects"] = json.loads(out["effects"])
        if self.kind == "encore":  # likewise the cost of an encore a CONT effect gives
            out["cost"] = json.loads(out["cost"])
        return out


@dataclass(frozen=True, slots=True)
class Ability:
    """A card ability: timing, conditions, costs, effects; ``optional`` means 'you may' (8.7.3.1.1)."""

    timing: str
    effects: tuple[Part, ...] = ()
    cost: tuple[Part, ...] = ()
    conditions: tuple[Part, ...] = ()
    optional: bool = False
    amount: int = 0  # backup power
    level: int = 0  # backup level
    text: str = ""
    name: str = ""  # bond: the name of the card it returns (10.4.2)
    replaces: str = ""  # replace: the event it replaces (8.2.1.3.1); on_area_change: the area left ("" any)
    instead: str = ""  # replace: the area the card goes to instead; on_area_change: the area entered

    @property
    def is_auto(self) -> bool:
        return self.timing in AUTO_TIMINGS

    def to_json(self) -> dict:
        out = set_fields({"timing": self.timing}, self, ("effects", "cost", "conditions", "optional"))
        if self.timing == "backup":
            out["amount"], out["level"] = self.amount, self.level
        if self.timing == "bond":
            out = {"timing": "bond", "name": self.name, "cost": [c.to_json() for c in self.cost]}
        if self.timing == "shift":
            out = {"timing": "shift", "level": self.level}
        if self.timing == "on_area_change":
            out = dict(out, **{"from": self.replaces, "to": self.instead})
        if self.timing == "replace":
            out = set_fields({"timing": "replace", "event": self.replaces, "instead": self.instead}, self,
                             ("conditions", "optional", "cost"))
        return set_fields(out, self, ("text",))

    @classmethod
    def from_json(cls, data: Any, path: str) -> "Ability":
        schema.obj(data, path, ("timing",), ("effects", "cost", "conditions", "optional", "amount", "level", "text",
                                             "name", "event", "instead", "from", "to"))
        j = lambda k: schema.join(path, k)  # noqa: E731
        timing = schema.string(data["timing"], j("timing"), TIMINGS)
        if timing == "replace":
            return cls._replace(data, path)
        if timing == "bond":
            return cls._bond(data, path)
        if timing == "shift":
            schema.obj(data, path, ("timing", "level"), ("text",))
            return cls("shift", (Part("shift_swap", ()),), (), (), True,
                       level=schema.integer(data["level"], j("level"), 0, 3),
                       text=schema.string(data.get("text", ""), j("text")))
        if "name" in data:
            raise DefinitionError(j("name"), "only a bond ability names a card (10.4.2)")
        conditions = tuple(_condition(c, schema.join(j("conditions"), i))
                           for i, c in enumerate(schema.array(data.get("conditions", []), j("conditions"))))
        cost = tuple(_cost(c, schema.join(j("cost"), i))
                     for i, c in enumerate(schema.array(data.get("cost", []), j("cost"))))
        effects = tuple(_effect(e, schema.join(j("effects"), i), timing)
                        for i, e in enumerate(schema.array(data.get("effects", []), j("effects"))))
        if timing == "backup":
            if "amount" not in data or "level" not in data:
                raise DefinitionError(path, "a backup ability needs amount and level (10.5.2)")
            if effects:
                raise DefinitionError(j("effects"), "a backup's effect is its amount (10.5.2)")
        elif "amount" in data or "level" in data:
            raise DefinitionError(j("amount" if "amount" in data else "level"), "only a backup ability has this field")
        if timing == "encore" and effects:
            raise DefinitionError(j("effects"), "an encore's effect is fixed (10.2.2): give only its cost")
        if timing == "encore" and not cost:
            raise DefinitionError(j("cost"), "an encore ability needs a cost (10.2.2)")
        if timing == "bodyguard" and (effects or cost or conditions):
            raise DefinitionError(path, "bodyguard is a keyword: give only its timing (10.6.2)")
        if timing == "cont" and any(c.kind == "power" for c in conditions):
            raise DefinitionError(j("conditions"), "a CONT ability whose condition reads power would depend on "
                                  "itself (8.9.1.4)")
        if timing == "situation" and not conditions:
            raise DefinitionError(j("conditions"), "a situation trigger's conditions are its situation (8.7.6)")
        if timing not in ("backup", "encore", "bodyguard") and not effects:
            raise DefinitionError(j("effects"), "an ability needs at least one effect")
        if timing in ("cont", "event") and cost:
            raise DefinitionError(j("cost"), f"a {timing} text has no cost of its own")
        areas = ("", "")
        if timing == "on_area_change":  # "when this card is put from <from> into <to>" (8.7.4)
            areas = (schema.string(data.get("from"), j("from")), schema.string(data.get("to"), j("to")))
            if areas not in AREA_CHANGES:
                raise DefinitionError(j("to"), "the area changes modelled are " + ", ".join(
                    f"{a} to {b}" for a, b in AREA_CHANGES) + " (8.7.4, assumption W31)")
        elif "from" in data or "to" in data:
            raise DefinitionError(j("from" if "from" in data else "to"), "only an on_area_change ability names areas")
        return cls(timing, effects, cost, conditions, schema.boolean(data.get("optional", False), j("optional")),
                   schema.integer(data.get("amount", 0), j("amount"), 0, 100000),
                   schema.integer(data.get("level", 0), j("level"), 0, 3),
                   schema.string(data.get("text", ""), j("text")), replaces=areas[0], instead=areas[1])


    @classmethod
    def _replace(cls, data: dict, path: str) -> "Ability":
        """8.2.1.3.1: "if this card would go from the stage to the waiting room, instead put it into <area>".

        The optional form (8.2.1.3.2, "instead you may <cost>. If you do, put it into <area>") has ``optional``
        and may name a ``cost`` of stock; its controller is asked when the card would go (8.10.2.1, W25).
        """
        j = lambda k: schema.join(path, k)  # noqa: E731
        schema.obj(data, path, ("timing", "event", "instead"), ("conditions", "text", "optional", "cost"))
        optional = schema.boolean(data.get("optional", False), j("optional"))
        cost = tuple(_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data.get("cost", []),
                                                                                              j("cost"))))
        if cost and not optional:
            raise DefinitionError(j("cost"), "only the optional form asks something of its controller (8.2.1.3.2)")
        for i, c in enumerate(cost):
            if c.kind not in REPLACE_COSTS:
                raise DefinitionError(schema.join(schema.join(j("cost"), i), "kind"),
                                      "an optional replacement effect's option here can only be paid from the stock")
        conditions = tuple(_condition(c, schema.join(j("conditions"), i))
                           for i, c in enumerate(schema.array(data.get("conditions", []), j("conditions"))))
        return cls("replace", (), cost, conditions, optional, text=schema.string(data.get("text", ""), j("text")),
                   replaces=schema.string(data["event"], j("event"), REPLACED_EVENTS),
                   instead=schema.string(data["instead"], j("instead"), INSTEAD_AREAS))

    @classmethod
    def _bond(cls, data: dict, path: str) -> "Ability":
        """10.4.2: "Bond / <name> [cost]": you may pay the cost; if you do, a card named <name> from your waiting
        room into your hand."""
        j = lambda k: schema.join(path, k)  # noqa: E731
        schema.obj(data, path, ("timing", "name", "cost"), ("text",))
        name = schema.string(data["name"], j("name"))
        if not name.strip():
            raise DefinitionError(j("name"), "a bond names the card it returns (10.4.2)")
        cost = tuple(_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data["cost"], j("cost"))))
        salvage = _effect({"kind": "salvage", "count": 1, "filter": {"name": name}}, j("name"), "bond")
        return cls("bond", (salvage,), cost, (), True, text=schema.string(data.get("text", ""), j("text")), name=name)


def _freeze(d: dict) -> tuple:
    return tuple(sorted((k, _freeze(v) if isinstance(v, dict) else v) for k, v in d.items()))


def parse_filter(data: Any, path: str) -> tuple:
    schema.obj(data, path, (), FILTER_KEYS)
    if "type" in data:
        schema.string(data["type"], schema.join(path, "type"), ("character", "event", "climax"))
    if "max_level" in data:
        schema.integer(data["max_level"], schema.join(path, "max_level"), 0, 3)
    if "max_power" in data:  # "with N power or less" (8.9.1.3's example)
        schema.integer(data["max_power"], schema.join(path, "max_power"), 0, 100000)
    for key in ("trait", "name", "colour"):
        if key in data:
            schema.string(data[key], schema.join(path, key))
    return _freeze(data)


def _condition(data: Any, path: str) -> Part:
    kind = _kind(data, path, CONDITION_KINDS)
    fields = {"level": (("min",), ()), "position": (("position",), ()), "climax": ((), ("name",)),
              "count": (("player", "zone"), ("min", "max")), "trait": (("trait",), ()),
              "alarm": ((), ()), "memory": ((), ()), "experience": (("min",), ()), "markers": (("min",), ()),
              "level_area": ((), ()), "power": (("min",), ()), "in_battle": ((), ()),
              "battle_opponent": ((), ("max_level",))}[kind]
    schema.obj(data, path, ("kind",) + fields[0], fields[1])
    j = lambda k: schema.join(path, k)  # noqa: E731
    if kind == "level":
        schema.integer(data["min"], j("min"), 0, 3)
    elif kind in ("experience", "markers"):
        schema.integer(data["min"], j("min"), 0, 100)
    elif kind == "power":
        schema.integer(data["min"], j("min"), 0, 100000)
    elif kind == "battle_opponent" and "max_level" in data:
        schema.integer(data["max_level"], j("max_level"), 0, 10)
    elif kind == "position":
        schema.string(data["position"], j("position"), ("center", "back"))
    elif kind == "count":
        schema.string(data["player"], j("player"), ("self", "opponent"))
        schema.string(data["zone"], j("zone"), COUNT_ZONES)
        for k in ("min", "max"):
            if k in data:
                schema.integer(data[k], j(k), 0)
    else:
        for k in ("name", "trait"):
            if k in data:
                schema.string(data[k], j(k))
    return Part(kind, _freeze({k: v for k, v in data.items() if k != "kind"}))


def _cost(data: Any, path: str) -> Part:
    kind = _kind(data, path, COST_KINDS)
    counted = kind in ("stock", "discard", "rest_other", "clock_top")
    schema.obj(data, path, ("kind",) + (("count",) if counted else ()), ("filter",) if kind == "discard" else ())
    params = {}
    if counted:
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 20)
    if "filter" in data:
        params["filter"] = parse_filter(data["filter"], schema.join(path, "filter"))
    return Part(kind, tuple(sorted(params.items())))


def _effect(data: Any, path: str, timing: str) -> Part:
    kind = _kind(data, path, EFFECT_KINDS)
    j = lambda k: schema.join(path, k)  # noqa: E731
    params: dict = {}
    if kind in ("trait", "encore") and isinstance(data.get("filter"), dict) and "max_power" in data["filter"]:
        # a power is read after the changes of no number that give traits and abilities (8.9.1.2-8.9.1.3)
        raise DefinitionError(schema.join(j("filter"), "max_power"), "a trait or an encore is not given by power")
    if kind == "trait":  # 8.9.1.2: a CONT effect that gives a trait, a change of no number
        schema.obj(data, path, ("kind", "trait", "target"), ("filter",))
        params["trait"] = schema.string(data["trait"], j("trait"))
        params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing != "cont":
            raise DefinitionError(j("kind"), "a trait is given here only by a CONT ability (8.2.1.2)")
    elif kind == "encore":  # 10.2.2 given by a CONT effect: "... get 'AUTO Encore [cost]'"
        schema.obj(data, path, ("kind", "cost", "target"), ("filter",))
        costs = schema.array(data["cost"], j("cost"))
        if not costs:
            raise DefinitionError(j("cost"), "an encore has a cost (10.2.2)")
        for i, c in enumerate(costs):
            _cost(c, schema.join(j("cost"), i))
        params["cost"] = json.dumps(costs, sort_keys=True)
        params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing != "cont":
            raise DefinitionError(j("kind"), "an encore is given here only by a CONT ability (8.2.1.2)")
    elif kind == "cannot":  # "this card cannot side attack" (CONT only): it wins over the rules allowing it, 1.3.3
        action = schema.string(data.get("action"), j("action"), CANNOT_ACTIONS + CANNOT_PLAYS)
        if action in CANNOT_PLAYS:  # "your opponent cannot play backup"
            schema.obj(data, path, ("kind", "action", "player"), ())
            params["player"] = schema.string(data["player"], j("player"), ("self", "opponent"))
        else:
            schema.obj(data, path, ("kind", "action", "target"), ("filter",))
            params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS)
        params["action"] = action
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing != "cont":
            raise DefinitionError(j("kind"), "a 'cannot' is given here only by a CONT ability (8.2.1.2)")
    elif kind in ("lose", "win"):  # 1.2.5: "(player) loses / wins the game"
        schema.obj(data, path, ("kind", "player"), ())
        params["player"] = schema.string(data["player"], j("player"), ("self", "opponent"))
        if timing == "cont":
            raise DefinitionError(j("kind"), "a player wins or loses during the resolution of an effect (1.2.5)")
    elif kind == "look":  # 4.8: "look at (up to) N cards from the top of your deck, choose up to K of them ..."
        schema.obj(data, path, ("kind", "count"), ("up_to", "take", "filter", "rest"))
        params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        if "up_to" in data:
            params["up_to"] = schema.boolean(data["up_to"], j("up_to"))
        params["take"] = schema.integer(data.get("take", 1), j("take"), 0, 20)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        params["rest"] = schema.string(data.get("rest", "waiting_room"), j("rest"), LOOK_REST)
    elif kind in STAT_EFFECTS:
        cont = timing == "cont"
        schema.obj(data, path, ("kind", "amount", "target") + (() if cont else ("duration",)), ("filter",) if cont
                   else ())
        params["amount"] = schema.integer(data["amount"], j("amount"), -100000, 100000)
        params["target"] = schema.string(data["target"], j("target"), CONT_TARGETS if cont else TARGETS)
        if not cont:
            params["duration"] = schema.string(data["duration"], j("duration"), DURATIONS)
        if "filter" in data:  # "... your characters with the trait X ..."
            params["filter"] = parse_filter(data["filter"], j("filter"))
    elif kind == "power_becomes":
        schema.obj(data, path, ("kind", "value", "target", "duration"), ())
        params["value"] = schema.integer(data["value"], j("value"), -100000, 100000)
        params["target"] = schema.string(data["target"], j("target"), TARGETS)
        params["duration"] = schema.string(data["duration"], j("duration"), DURATIONS)
    elif kind in COUNT_EFFECTS:
        optional = {"draw": ("up_to",), "salvage": ("filter", "up_to"), "search": ("filter",),
                    "damage": ("player",), "brainstorm": ("per_climax",)}.get(kind, ())
        schema.obj(data, path, ("kind", "count"), optional)
        params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        if "up_to" in data:
            params["up_to"] = schema.boolean(data["up_to"], j("up_to"))
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if "player" in data:
            params["player"] = schema.string(data["player"], j("player"), ("opponent", "self"))
        if "per_climax" in data:
            params["per_climax"] = schema.string(data["per_climax"], j("per_climax"), PER_CLIMAX)
    elif kind == "change":
        schema.obj(data, path, ("kind", "name", "source"), ("exchange",))
        params["name"] = schema.string(data["name"], j("name"))
        params["source"] = schema.string(data["source"], j("source"), ("hand", "waiting_room"))
        if "exchange" in data:  # 10.8.1's second form: this character and the named one change places
            params["exchange"] = schema.boolean(data["exchange"], j("exchange"))
    elif kind == "delayed":
        schema.obj(data, path, ("kind", "at", "effects"), ())
        params["at"] = schema.string(data["at"], j("at"), DELAYED_AT)
        inner = schema.array(data["effects"], j("effects"))
        if not inner:
            raise DefinitionError(j("effects"), "a delayed ability needs at least one effect")
        for i, e in enumerate(inner):
            ep = schema.join(j("effects"), i)
            if _effect(e, ep, "act").kind in ("delayed", "change"):
                raise DefinitionError(schema.join(ep, "kind"), "a delayed ability here cannot create another or change")
        params["effects"] = json.dumps(inner, sort_keys=True)
        if timing in ("cont", "bond"):
            raise DefinitionError(j("kind"), "a delayed ability is created by an ability that resolves (8.7.5)")
    elif kind == "put_on_stage":  # "put (up to) 1 character from your <source> onto any position of your stage"
        schema.obj(data, path, ("kind", "source"), ("filter", "up_to"))
        params.update(source=schema.string(data["source"], j("source"), ("hand", "waiting_room")),
                      up_to=schema.boolean(data.get("up_to", False), j("up_to")))
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
    elif kind == "marker":
        schema.obj(data, path, ("kind", "count", "source"), ("filter",))
        params["count"] = schema.integer(data["count"], j("count"), 1, 20)
        params["source"] = schema.string(data["source"], j("source"), MARKER_SOURCES)
        if "filter" in data:
            params["filter"] = parse_filter(data["filter"], j("filter"))
        if timing in ("event", "cont"):
            raise DefinitionError(j("kind"), "a marker goes under the character whose ability puts it there (3.7.1)")
        if timing in ("event", "cont", "bond"):
            raise DefinitionError(j("kind"), "change is the effect of a character's AUTO or ACT ability (10.8.2)")
    else:
        schema.obj(data, path, ("kind", "target"), ("filter",))
        params["target"] = schema.string(data["target"], j("target"), TARGETS)
        if "filter" in data:  # "choose 1 of your opponent's level 1 or lower characters" (printed level)
            if not params["target"].startswith("choose_"):
                raise DefinitionError(j("filter"), "only a chosen target has a filter")
            params["filter"] = parse_filter(data["filter"], j("filter"))
    if timing == "cont" and kind not in STAT_EFFECTS + ("trait", "encore", "cannot"):
        raise DefinitionError(j("kind"), "a CONT ability here can only change power, soul or level, give a trait "
                              "or an encore, or forbid an attack (8.2.1.2)")
    if params.get("target") in ("all_own_characters", "front") and kind not in STAT_EFFECTS + ("trait", "power_becomes",
                                                                                               "encore", "cannot"):
        raise DefinitionError(j("target"), f"{kind} needs one target, not a group")
    return Part(kind, tuple(sorted(params.items())))


def _kind(data: Any, path: str, kinds: tuple[str, ...]) -> str:
    if not isinstance(data, dict):
        raise DefinitionError(path, f"expected an object, got {schema.describe(data)}")
    return schema.string(data.get("kind"), schema.join(path, "kind"), kinds)
