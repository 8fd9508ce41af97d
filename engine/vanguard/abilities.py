"""Abilities as data: a small, closed vocabulary of timing, condition, cost, effect.

An ability is declared in JSON (cards in scenarios, generated decks) and
validated strictly at load: anything the vocabulary cannot express is refused
with a :class:`~engine.errors.DefinitionError` naming the field, never ignored,
because a silently dropped clause of card text would make the judge tool lie.

Timings (when an ability is used):

* ``on_ride`` - AUTO: this card became the vanguard by a ride.
* ``on_call`` - AUTO: this card was called (normal or superior) to a rear-guard or guardian circle.
* ``on_place`` - AUTO: this card was placed on any circle (ride or call, 10.5).
* ``on_attack`` / ``on_boost`` - AUTO: this unit attacks / boosts (7.3.1.8).
* ``on_your_vanguard_attacked`` / ``on_your_rear_guard_attacked`` - AUTO, on each of the defender's units: his vanguard
  (one of his rear-guards) is attacked (7.3.1.4; once for each such unit attacked, 7.3.1.4.6), the unit in ``attacked``.
* ``on_attacked`` - AUTO: this unit is chosen as the unit to attack (7.3.1.4); it is the
  defender's, so at the check timing of 7.3.1.8 it is played after the turn
  player's abilities (8.4.1.2-8.4.1.3, assumption A33).
* ``on_boosted`` - AUTO: this unit, attacking, is boosted (7.3.1.6; played at 7.3.1.8 with "when it
  attacks").
* ``on_intercept`` - AUTO: this unit intercepts (7.4.1.2.3; played at the check timing of 7.4.1.3).
* ``on_stride`` - AUTO: this G unit strides (10.28; a stride is not a ride, 10.28.6).
* ``on_retired`` - AUTO: this unit is put from its circle into the drop zone - retired (10.4.2): by an
  effect, as a hit rear-guard or a guardian at the end of the damage step (played at 7.6.1.11), called
  over, or by a rule action; read as the card was on the field (8.6.5.1.2).
* ``on_put_into_drop`` - AUTO: this card is put into the drop zone from anywhere, a zone-change trigger (8.6.5):
  from a circle as ``on_retired`` (8.6.5.1.2); from the hand (a discard, a stride cost: 8.6.5.1.1), the soul
  (a soul blast) or the damage zone (a heal: 8.6.5.1.3), read as the card is in the drop zone.
* ``on_put_into_soul`` - AUTO: this card is put into the soul, a zone-change trigger (8.6.5): the vanguard a ride puts
  there (it has the ability as though it were a unit until it resolves, 8.6.5.1.4), a unit an effect or a cost puts
  there (read as it was on the field, 8.6.5.1.2), a card from the deck or the hand (a soul charge, a cost: 8.6.5.1.1).
* ``on_stand_by_effect`` - AUTO: this unit stands due to an effect of one of its owner's cards (Impeto / Rush, 11.27.1):
  an ability's stand, or a stand trigger's (assumption A44); not the stand phase, which is a rule (6.3.1.2).
* ``on_other_placed`` - AUTO: another unit of yours is placed on a circle (Fioritura / Bloom 11.38.1, Armonia /
  Harmony 11.34.1), with ``placed_unit`` conditions on that unit and ``placed_unit`` as a target.
* ``on_opponent_bind_to_hand`` - AUTO: your opponent puts a card from the bind zone into his or her hand (Immagine
  Residua / Afterimage 11.22.1), once for each card (11.22.1.1).
* ``on_hit`` - AUTO: this unit's attack hits (7.6.1.9.1).
* ``on_drive_check`` - AUTO: a drive check is performed in this unit's battle.
* ``on_damage_check`` - AUTO: a damage check is performed for your vanguard (10.15.1, 9.6.4), for each check:
  the vanguard's and rear-guards' abilities of the damaged player go on stand-by and are played at the check
  timing after the damage process (assumption A15); ``revealed`` reads the card that check revealed.
* ``on_no_hit`` - AUTO: this unit's attack does not hit (7.6.1.9.2; only if it is still on the field).
* ``on_your_unit_hit`` / ``on_your_unit_no_hit`` - AUTO: "when a unit of yours hits / does not hit" (7.6.1.9.3):
  the turn player's vanguard and rear-guards, the attacker among them, when the attack's hit event happens;
  the others also when the attacker has left the field (7.6.1.9.3.1).
* ``on_battle_end`` - AUTO: at the end of the battle this unit attacked (close step, 7.7.1.1; only if it is still on
  the field).
* ``begin_stand_phase`` / ``begin_draw_phase`` - AUTO: at the beginning of your turn or stand phase
  (6.3.1.1) / of your draw phase (6.4.1.1.1), played at a check timing before the units stand / the card
  is drawn.
* ``begin_ride_phase`` / ``begin_main_phase`` / ``begin_end_phase`` - AUTO: at
  the beginning of your ride / main / end phase (6.5.1.1.1, 6.6.1.1, 6.8.1.2),
  for your vanguard and rear-guards.
* ``begin_guard_step`` / ``begin_drive_step`` / ``begin_damage_step`` / ``begin_close_step`` - AUTO: at the
  beginning of each battle's guard, drive, damage or close step (7.4.1.1, 7.5.1.1, 7.6.1.1, 7.7.1.1), for the
  vanguard and rear-guards of both players (the card's own words - "your opponent's", "the battle this unit
  attacks" - are its conditions: ``own_turn``, ``opponent_turn``, ``attacking``, ``circle``; assumption A37);
  played at the check timing the sub-step opens with, the turn player's first (8.4.1.2-8.4.1.3).
* ``begin_start_step`` - AUTO: at the beginning of the start step (IT 7.2.1.1): every start step, the one after each
  battle too (the English 7.3.1.1 says only the first of the battle phase; assumption A50), both players' units
  narrowed by their conditions; played before the turn player chooses whether to attack.
* ``begin_attack_step`` - AUTO: at the beginning of the attack step (7.3.1.2; Ardente 11.21.1), both players'
  units narrowed by their conditions; played before the declared attacking unit is rested (assumption A42).
* ``situation`` - AUTO: a situation trigger (8.6.7), "when you have no cards in your hand": its conditions are
  the situation; it goes on stand-by at a check timing where they all hold, once, and again only after it has
  been played and the situation has ended and come back (8.6.7.1, assumption A41; situations.py).
* ``act`` - ACT: played by the turn player in the main phase (6.6.1.2.2).
* ``cont`` - CONT: applies while the card is on a circle and conditions hold.
* ``g_guardian`` - G guardian (IT 11.13, EN 11.14): only on G units; its
  ``cost`` is paid to call the face-down card from the G zone to the guardian
  circle in the opponent's guard step (7.4.1.2.4).  It has no effects.

Conditions (all must hold; AUTO abilities check them when the trigger event
happens (11.7.3.2.1) - but a ``count`` condition is the card's "if (requirement)": an AUTO ability
with one triggers anyway and checks it when it is played (8.1.1.2.3, assumption A35) - ACT abilities
when played, CONT abilities continuously):
``limit_break`` (count), ``generation_break`` (count: face-up G units on the
vanguard circle and in the G zone, 11.14), ``circle`` (vanguard / rear_guard / guardian),
``count`` (player self/opponent, zone, min and/or max), ``attacking``
(target vanguard / rear_guard: the battle of this unit attacks such a unit),
``own_turn`` / ``opponent_turn`` (during your turn / your opponent's turn: the card's owner is, or is
not, the turn player, 6.2.1), ``revealed`` (grade and/or trigger - a trigger icon or ``any``: only on
``on_drive_check`` / ``on_damage_check``, "when your drive (damage) check reveals ...": the card that check put
into the trigger zone), ``state`` (state, unit self / own_vanguard, absent: the unit is - or is not - blazing,
engorged or successful, 11.21, 11.24, 11.37), ``more_rear_guards`` (more rear-guards than the opponent, locked cards
not counted: 11.21.1), ``battle`` (target vanguard / rear_guard, hit true / false: the current battle, whoever
attacks - Trama d'Ombra, 11.25, "at the end of the battle your unit attacked a vanguard, if it did not hit"; never
outside a battle), ``brave`` / ``oracle`` (Audace 11.15: 3 or fewer cards in your hand; Oracolo 11.16: 5 or more),
``thunderstrike`` (count: Folgore 11.26, the opponent's bind zone holds that many) - keyword conditions, so an AUTO
ability checks them when its event happens and not again when played (EN 11.15.3.1, 11.26.1.2.1), ``rear_guard_power`` (min: a rear-guard of yours with that power, boost counted, 11.37.1.1; an
"if" requirement checked again when played, 11.37.4; assumption A43).

Costs: ``counter_blast``, ``soul_blast``, ``counter_charge``, ``soul_charge``,
``discard`` (each with count), ``rest_self`` and ``soul_self`` (put this unit into your soul; payable
while the card is a unit on a circle).

Effects: their kinds and fields are described and parsed in effect_format.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import schema
from ..core.abilities import Part, set_fields
from ..core.errors import DefinitionError
from ..core.text import say
# the conditions of the format (their kinds and the words they read) are in a module of their own; named here too
from .condition_format import (CIRCLE_KINDS, CONDITION_KINDS, COUNT_ZONES, KEYWORD_STATES,  # noqa: F401
                               REVEALED_TRIGGERS, _freeze, parse_condition, parse_per)
# the effects of the format (their kinds, fields and parsing: effect_format.py), read from here by the hosts too
from .effect_format import (  # noqa: F401
    STAT_EFFECTS, COUNT_EFFECTS, GIVEN_KEYWORDS, KEYWORD_EFFECTS, COUNTED_CARD_EFFECTS, LOOK_REST, RIDE_SOURCES,
    LOSE_COST, DECLARE_NAME, TARGET_EFFECTS, MOVE_TO, CALLED_UNIT_RETURNS, GAME_END_EFFECTS, PLAYER_EFFECTS,
    CANCEL_TRIGGERS, CANNOT_USE, DEAL_DAMAGE, DELAYED, DELAYED_AT, BECOME, DECK_BOTTOM, GUARD_BAR, RETIRE_INSTEAD,
    INSTEAD_ZONES, EFFECT_ATTACK, ATTACKERS, ATTACKED, EFFECT_KINDS, TARGETS, CONT_TARGETS, DURATIONS, CALL_SOURCES,
    CALL_FILTERS, parse_effect)

AUTO_TIMINGS = ("on_ride", "on_call", "on_place", "on_attack", "on_boost", "on_boosted", "on_attacked", "on_intercept",
                "on_stride", "on_retired", "on_put_into_drop", "on_put_into_soul", "on_stand_by_effect", "on_other_placed",
                "on_opponent_bind_to_hand", "on_hit", "on_drive_check", "on_no_hit",
                "on_your_unit_hit", "on_your_unit_no_hit",
                "on_battle_end", "begin_attack_step", "begin_stand_phase", "begin_draw_phase", "begin_ride_phase", "begin_main_phase", "begin_end_phase",
                "begin_battle_phase", "begin_start_step", "on_opponent_rear_guard_retired", "on_other_rear_guard_retired",
                "begin_guard_step", "begin_drive_step", "begin_damage_step", "begin_close_step", "on_damage_check",
                "situation", "on_your_vanguard_attacked", "on_your_rear_guard_attacked")
TIMINGS = AUTO_TIMINGS + ("act", "cont", "g_guardian")
#: phase-start timings -> the phase whose beginning puts them on stand-by (the owner's own phase: A27)
PHASE_START_TIMINGS = {"begin_stand_phase": "stand", "begin_draw_phase": "draw", "begin_ride_phase": "ride",
                       "begin_main_phase": "main", "begin_end_phase": "end", "begin_battle_phase": "battle"}
COST_KINDS = ("counter_blast", "soul_blast", "counter_charge", "soul_charge", "discard", "rest_self", "soul_self",
              "retire_self", "retire_rear_guard", "hand_to_soul", "rest_rear_guard")
#: conditions that are an AUTO ability's "if (requirement)", checked when it is played, not when it triggers
#: (8.1.1.2.3, assumption A35); the others are part of when the ability triggers at all
REQUIREMENT_CONDITIONS = ("count", "rear_guard_power")
#: the requirement a cost may set on the cards that pay it, "[Counter Blast (number) - (requirement)]" (10.16.1.1,
#: 10.18.1.1), and the costs that take one (the cards they use are face up in a public zone or in the hand)
COST_FILTERS = ("grade", "name")
FILTERED_COSTS = ("counter_blast", "soul_blast", "discard", "hand_to_soul")
#: costs that name no count: they act on the card whose ability it is
SELF_COSTS = ("rest_self", "soul_self", "retire_self")
@dataclass(frozen=True, slots=True)
class Ability:
    """A card ability: timing, conditions, costs, effects; optional means 'you may'."""

    timing: str
    effects: tuple[Part, ...]
    cost: tuple[Part, ...] = ()
    conditions: tuple[Part, ...] = ()
    optional: bool = False
    once_per_turn: bool = False
    text: str = ""

    def to_json(self) -> dict:
        out: dict = {"timing": self.timing, "effects": [e.to_json() for e in self.effects]}
        return set_fields(out, self, ("cost", "conditions", "optional", "once_per_turn", "text"))

    @classmethod
    def from_json(cls, data: Any, path: str = "ability") -> "Ability":
        schema.obj(data, path, ("timing",), ("effects", "cost", "conditions", "optional", "once_per_turn", "text"))
        timing = schema.string(data["timing"], schema.join(path, "timing"), TIMINGS)
        if timing == "g_guardian":
            # 11.13.1: "[cost] call this card from face down in the G zone to your guardian circle" - no effects.
            schema.obj(data, path, ("timing",), ("effects", "cost", "text"))
            if schema.array(data.get("effects", []), schema.join(path, "effects")):
                raise DefinitionError(schema.join(path, "effects"), say("a G guardian ability has no effects (11.13.1)"))
        elif "effects" not in data:
            raise DefinitionError(schema.join(path, "effects"), "required field is missing")
        effects = tuple(
            parse_effect(e, schema.join(schema.join(path, "effects"), i), timing)
            for i, e in enumerate(schema.array(data.get("effects", []), schema.join(path, "effects")))
        )
        if not effects and timing != "g_guardian":
            raise DefinitionError(schema.join(path, "effects"), say("an ability needs at least one effect"))
        cost = tuple(
            parse_cost(c, schema.join(schema.join(path, "cost"), i))
            for i, c in enumerate(schema.array(data.get("cost", []), schema.join(path, "cost")))
        )
        if cost and timing == "cont":
            raise DefinitionError(schema.join(path, "cost"), say("a CONT ability has no cost (8.5.1)"))
        conditions = tuple(
            parse_condition(c, schema.join(schema.join(path, "conditions"), i))
            for i, c in enumerate(schema.array(data.get("conditions", []), schema.join(path, "conditions")))
        )
        if timing == "situation" and not conditions:
            raise DefinitionError(schema.join(path, "conditions"), say(
                "an ability triggered by a situation names that situation in its conditions (8.6.7)"))
        for i, c in enumerate(conditions):
            if c.kind == "placed_unit" and timing != "on_other_placed":
                raise DefinitionError(schema.join(schema.join(schema.join(path, "conditions"), i), "kind"),
                                      say("a condition on the unit placed reads the unit another placement put "
                                          "on a circle: only an ability triggered when another unit of yours is "
                                          "placed has one"))
            if c.kind == "revealed" and timing not in ("on_drive_check", "on_damage_check"):
                raise DefinitionError(schema.join(schema.join(schema.join(path, "conditions"), i), "kind"),
                                      say("a condition on the revealed card reads the card a drive or damage "
                                          "check reveals: only an ability triggered by a drive or damage check has "
                                          "one"))
        optional = schema.boolean(data.get("optional", False), schema.join(path, "optional"))
        once = schema.boolean(data.get("once_per_turn", False), schema.join(path, "once_per_turn"))
        text = schema.string(data.get("text", ""), schema.join(path, "text"))
        return cls(timing, effects, cost, conditions, optional, once, text)


def parse_cost(data: Any, path: str) -> Part:
    schema.obj(data, path, ("kind",), ("count",) + COST_FILTERS)
    kind = schema.string(data["kind"], schema.join(path, "kind"), COST_KINDS)
    if kind in SELF_COSTS:
        schema.obj(data, path, ("kind",))
        return Part(kind)
    # "[Counter Blast 1 - grade 3 card]", "[Soul Blast 1 - (name)]", "[Discard a grade 1 card]": only such cards pay it
    schema.obj(data, path, ("kind", "count"), COST_FILTERS if kind in FILTERED_COSTS else ())
    params = {"count": schema.integer(data["count"], schema.join(path, "count"), 1, 10)}
    if "grade" in data:
        params["grade"] = schema.integer(data["grade"], schema.join(path, "grade"), 0, 4)
    if "name" in data:
        params["name"] = schema.string(data["name"], schema.join(path, "name"))
    return Part(kind, _freeze(params))
