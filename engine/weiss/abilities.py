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
level area; a CONT or AUTO ability with it works from there, assumption W16), ``own_turn`` / ``opponent_turn``
("during your (opponent's) turn"; on a ``begin_*`` AUTO, ``opponent_turn`` makes it "at the beginning of your
opponent's ...", W4), ``other`` (``filter``: the other character an ``on_other_play`` / ``on_other_attack`` ability
answers, read on the stage, 8.9.3.1). An effect that resolves may carry ``if`` (conditions: the part is active only
then, 8.3.3) and, with a chosen target, ``count`` / ``up_to`` / ``chooser`` (8.6.3.1, W35).

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
(count revealed; ``per_climax``: draw / stock_charge / salvage / search / damage), ``change``
(10.8: ``name``, ``source`` hand / waiting_room: this card goes from the stage
to the waiting room, or with ``exchange`` into ``source``, and a card of that name takes its position),
``marker`` (3.7.2: ``count`` cards from ``source`` deck / hand / waiting_room, optional ``filter``, face down
under this character), ``to_memory`` (target; ``self`` wherever this card is, 3.12.1), ``move`` (target, ``to``
center / back / stage: to an open position of that part of the character's own stage, the effect's controller
choosing it; the same card, 3.1.4, assumption W33). A CONT ``cannot`` (1.3.3) forbids its target an attack, a move,
being chosen by the opponent's effects, being (front / side) attacked (W32) or standing in the stand phase, or a
player backup or events.
Targets: ``self``, ``all_own_characters``, ``other_own_characters``, ``all_opponent_characters``,
``choose_own_character``,
``choose_opponent_character``, ``opposite`` (the character opposite this one),
``battle_opponent``, ``attacked`` (backup/counter: your attacked character),
``front`` (CONT assist: your characters in front of this one, 3.6.4).
Filters: ``type``, ``trait``, ``max_level``, ``min_level``, ``name``, ``colour``, ``max_power`` (not for a ``trait`` or ``encore``
effect; a CONT power effect reads it with every change but its own and the other power-limited ones, assumption W30).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from ..core import schema
from ..core.abilities import set_fields
from ..core.errors import DefinitionError
from ..core.text import say
from .ability_parts import (AREA_CHANGES, AUTO_TIMINGS, INSTEAD_AREAS, REPLACE_COSTS, REPLACED_ACTIONS, REPLACED_EVENTS,
                            REPLACED_MOVES, TIMINGS, Part,
                            _condition, _cost, _effect)


#: the parts of an effect whose choices and moves come in tasks of their own, after the next part is scheduled: "if
#: you do" after them is read as those tasks run (W46, effects.py)
LATER_PARTS = ("damage", "brainstorm", "look", "move")


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
    once_per_turn: bool = False  # "this ability activates up to 1 time per turn" (card text, 1.3.1; W42)
    times_per_turn: int = 0  # "this ability activates up to N times per turn", N of 2 or more (W42)

    @property
    def per_turn(self) -> int:
        """How many times a turn this card may play it (0: no limit)."""
        return 1 if self.once_per_turn else self.times_per_turn

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
            out = set_fields({"timing": "replace", "event": self.replaces}, self,
                             ("conditions", "optional", "cost") + (("effects",) if self.effects else ("instead",)))
        return set_fields(out, self, ("once_per_turn", "times_per_turn", "text"))

    @classmethod
    def from_json(cls, data: Any, path: str) -> "Ability":
        schema.obj(data, path, ("timing",), ("effects", "cost", "conditions", "optional", "amount", "level", "text",
                                             "name", "event", "instead", "from", "to", "once_per_turn",
                                             "times_per_turn"))
        j = lambda k: schema.join(path, k)  # noqa: E731
        timing = schema.string(data["timing"], j("timing"), TIMINGS)
        if data.get("once_per_turn") is not None:  # card text limiting an ACT or AUTO ability (1.3.1, W42)
            once = schema.boolean(data["once_per_turn"], j("once_per_turn"))
            if timing not in ("act",) + AUTO_TIMINGS:
                raise DefinitionError(j("once_per_turn"), say("only an ACT or AUTO ability is limited to once per turn"))
            return replace(cls.from_json({k: v for k, v in data.items() if k != "once_per_turn"}, path),
                           once_per_turn=once)
        if data.get("times_per_turn") is not None:  # "activates up to 2 times per turn" (1.3.1, W42)
            times = schema.integer(data["times_per_turn"], j("times_per_turn"), 2, 5)
            if timing not in ("act",) + AUTO_TIMINGS:
                raise DefinitionError(j("times_per_turn"), say("only an ACT or AUTO ability is limited to a number of "
                                                               "times per turn"))
            return replace(cls.from_json({k: v for k, v in data.items() if k != "times_per_turn"}, path),
                           times_per_turn=times)
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
            raise DefinitionError(j("name"), say("only a Bond ability names a card (10.4.2): remove the card's name"))
        conditions = tuple(_condition(c, schema.join(j("conditions"), i))
                           for i, c in enumerate(schema.array(data.get("conditions", []), j("conditions"))))
        cost = tuple(_cost(c, schema.join(j("cost"), i))
                     for i, c in enumerate(schema.array(data.get("cost", []), j("cost"))))
        effects = tuple(_effect(e, schema.join(j("effects"), i), timing)
                        for i, e in enumerate(schema.array(data.get("effects", []), j("effects"))))
        # "if you do" reads the part before it in the text (W46): not the whole ability, nor its first part
        if any(c.kind == "did" for c in conditions) or (effects and '"did"' in str(effects[0].get("if") or "")):
            raise DefinitionError(j("conditions" if any(c.kind == "did" for c in conditions) else "effects"),
                                  say("'if you do' follows a part of the effect that it reads: not the ability's "
                                      "condition nor its first part"))
        # "if that damage is (not) cancelled": the damage an earlier part dealt
        reads = [i for i, e in enumerate(effects) if {"cancelled", "not_cancelled"} & {
            c.get("kind") for c in json.loads(e.get("if") or "[]")}]
        if any(c.kind in ("cancelled", "not_cancelled") for c in conditions) or (reads and not any(
                e.kind == "damage" for e in effects[:reads[0]])):
            raise DefinitionError(j("conditions") if any(c.kind in ("cancelled", "not_cancelled") for c in conditions)
                                  else schema.join(j("effects"), reads[0]),
                                  say("'if that damage is cancelled' reads the damage a part before it dealt"))
        # "if that card is ...": the cards an earlier part put from the top of the deck into the waiting room
        milled = [i for i, e in enumerate(effects) if '"milled"' in str(e.get("if") or "")]
        if any(c.kind == "milled" for c in conditions) or (milled and not any(
                e.kind == "mill" for e in effects[:milled[0]])):
            raise DefinitionError(j("conditions") if any(c.kind == "milled" for c in conditions) else
                                  schema.join(j("effects"), milled[0]),
                                  say("'that card' reads the cards a part before it put from the top of the deck into "
                                      "the waiting room"))
        if timing == "backup":
            if "amount" not in data or "level" not in data:
                raise DefinitionError(path, say("a Backup ability needs its power bonus and its level (10.5.2)"))
            if effects:
                raise DefinitionError(j("effects"), say("a Backup's effect is its power bonus (10.5.2): remove its effects"))
        elif "amount" in data or "level" in data:
            raise DefinitionError(j("amount" if "amount" in data else "level"), say("only a Backup ability has a power bonus and a level (10.5.2)"))
        if timing == "encore" and effects:
            raise DefinitionError(j("effects"), say("an Encore's effect is fixed (10.2.2): give only its cost"))
        if timing == "encore" and not cost:
            raise DefinitionError(j("cost"), say("an Encore ability needs a cost (10.2.2)"))
        if timing == "bodyguard" and (effects or cost or conditions):
            raise DefinitionError(path, say("Bodyguard is a keyword (10.6.2): give it no effect, cost or condition"))
        if timing == "cont" and any(c.kind == "power" for c in conditions):
            raise DefinitionError(j("conditions"), say("a CONT ability whose condition reads a power would depend on "
                                      "itself (8.9.1.4): give it another condition"))
        if timing not in ("on_other_play", "on_other_attack") and any(c.kind == "other" for c in conditions):
            raise DefinitionError(j("conditions"), say("only an ability 'when another of your characters is played' or 'attacks' "
                                      "can read that other character"))
        if timing == "situation" and not conditions:
            raise DefinitionError(j("conditions"), say("an ability that triggers on a situation needs its situation as a condition (8.7.6)"))
        if timing not in ("backup", "encore", "bodyguard") and not effects:
            raise DefinitionError(j("effects"), say("an ability needs at least one effect"))
        if timing in ("cont", "event") and cost:
            raise DefinitionError(j("cost"), (say("a CONT ability has no cost of its own") if timing == "cont" else
                                       say("an event card's text has no cost of its own")))
        areas = ("", "")
        if timing == "on_area_change":  # "when this card is put from <from> into <to>" (8.7.4)
            areas = (schema.string(data.get("from"), j("from")), schema.string(data.get("to"), j("to")))
            if areas not in AREA_CHANGES:
                raise DefinitionError(j("to"), say("the engine does not play this change of area (8.7.4, assumption W31): "
                                                  "see the scenario format for the ones it plays"))
        elif "from" in data or "to" in data:
            raise DefinitionError(j("from" if "from" in data else "to"), say("only an ability that triggers when a card changes area names the areas"))
        return cls(timing, effects, cost, conditions, schema.boolean(data.get("optional", False), j("optional")),
                   schema.integer(data.get("amount", 0), j("amount"), 0, 100000),
                   schema.integer(data.get("level", 0), j("level"), 0, 3),
                   schema.string(data.get("text", ""), j("text")), replaces=areas[0], instead=areas[1])


    @classmethod
    def _replace(cls, data: dict, path: str) -> "Ability":
        """8.2.1.3.1: "if this card would go from the stage to the waiting room, instead put it into <area>".

        The optional form (8.2.1.3.2, "instead you may <cost>. If you do, put it into <area>") has ``optional``
        and may name a ``cost`` of stock or of a discard; its controller is asked when the card would go (8.10.2.1,
        W25), and it cannot be used when that cost cannot be paid (8.10.3).
        """
        j = lambda k: schema.join(path, k)  # noqa: E731
        event = schema.string(data.get("event"), j("event"), REPLACED_EVENTS + REPLACED_MOVES + REPLACED_ACTIONS)
        if event != "leave_stage":
            return cls._replace_other(data, path, event)
        schema.obj(data, path, ("timing", "event", "instead"), ("conditions", "text", "optional", "cost"))
        optional = schema.boolean(data.get("optional", False), j("optional"))
        cost = tuple(_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data.get("cost", []),
                                                                                              j("cost"))))
        if cost and not optional:
            raise DefinitionError(j("cost"), say("only a replacement effect its controller may use asks for a cost (8.2.1.3.2)"))
        for i, c in enumerate(cost):
            if c.kind not in REPLACE_COSTS:
                raise DefinitionError(schema.join(schema.join(j("cost"), i), "kind"),
                                      say("an optional replacement effect's option is paid here from the stock or "
                                          "by discarding from the hand"))
        conditions = tuple(_condition(c, schema.join(j("conditions"), i))
                           for i, c in enumerate(schema.array(data.get("conditions", []), j("conditions"))))
        return cls("replace", (), cost, conditions, optional, text=schema.string(data.get("text", ""), j("text")),
                   replaces=schema.string(data["event"], j("event"), REPLACED_EVENTS),
                   instead=schema.string(data["instead"], j("instead"), INSTEAD_AREAS))

    @classmethod
    def _replace_other(cls, data: dict, path: str, event: str) -> "Ability":
        """W40: "if this card would be put from the stage into <area> by an effect, instead put it into <area>"; "if
        you would draw a card / if damage would be dealt to you, instead <effects>" (8.2.1.3.1: the form that asks
        nothing)."""
        j = lambda k: schema.join(path, k)  # noqa: E731
        acting = event in REPLACED_ACTIONS
        # an action replaced by no effect at all ("you take no damage") is prevented: its effects may be none
        schema.obj(data, path, ("timing", "event") if acting else ("timing", "event", "instead"),
                   ("conditions", "text") + (("effects",) if acting else ()))
        conditions = tuple(_condition(c, schema.join(j("conditions"), i))
                           for i, c in enumerate(schema.array(data.get("conditions", []), j("conditions"))))
        text = schema.string(data.get("text", ""), j("text"))
        if acting:
            effects = tuple(_effect(e, schema.join(j("effects"), i), "replace")
                            for i, e in enumerate(schema.array(data.get("effects", []), j("effects"))))
            if any(e.kind == event and (event == "draw" or e.get("player") == "self") for e in effects):
                # it would replace its own draw or damage again and again: 8.10.2.3 applies each effect once
                raise DefinitionError(j("effects"), say("a replacement effect does not do again what it replaces"))
            return cls("replace", effects, (), conditions, False, text=text, replaces=event)
        instead = schema.string(data["instead"], j("instead"), INSTEAD_AREAS + ("waiting_room",))
        if event == "stage_to_" + instead:
            raise DefinitionError(j("instead"), say("a replacement effect puts the card somewhere else than where it "
                                                    "would have gone"))
        return cls("replace", (), (), conditions, False, text=text, replaces=event, instead=instead)

    @classmethod
    def _bond(cls, data: dict, path: str) -> "Ability":
        """10.4.2: "Bond / <name> [cost]": you may pay the cost; if you do, a card named <name> from your waiting
        room into your hand."""
        j = lambda k: schema.join(path, k)  # noqa: E731
        schema.obj(data, path, ("timing", "name", "cost"), ("text",))
        name = schema.string(data["name"], j("name"))
        if not name.strip():
            raise DefinitionError(j("name"), say("a Bond names the card it returns (10.4.2)"))
        cost = tuple(_cost(c, schema.join(j("cost"), i)) for i, c in enumerate(schema.array(data["cost"], j("cost"))))
        salvage = _effect({"kind": "salvage", "count": 1, "filter": {"name": name}}, j("name"), "bond")
        return cls("bond", (salvage,), cost, (), True, text=schema.string(data.get("text", ""), j("text")), name=name)
