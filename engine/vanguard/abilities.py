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

Effects: ``power``, ``critical``, ``shield``, ``drive`` (amount, target,
duration), ``cannot_be_hit`` (target, duration; perfect guard), ``cannot_use_abilities`` (target, duration: 12.2), ``draw``,
``soul_charge``, ``soul_blast``, ``counter_blast``, ``counter_charge``,
``retire_instead`` (to soul / hand / deck_bottom; CONT only: "if this unit would be retired, put it into (zone)
instead", a replacement effect, 8.2.1.3.1; with optional true, "you may put it ... instead": its owner chooses each
time, 8.2.1.3.2), ``heal`` (count), ``unlock`` (count: "unlock (count) of your locked cards", 10.25), ``retire``, ``stand``, ``rest``, ``bind``, ``change_attacked`` (target: it becomes the attacked unit of the battle in
progress, "Combattere" 10.21.1; to_battle.py), ``call``
(source soul / deck_top / drop / hand: superior call to a rear-guard circle, or with circle guardian to the
guardian circle, rested, guarding the attacked unit: 10.7.1.3.1), ``win_game`` / ``lose_game``
(player self / opponent: that player wins / loses as the effect resolves and the game ends before any check
timing, 1.2.5), ``extra_turn`` (player self / opponent: that player's turn is added right after the
current one; several gained in one turn are taken from the last resolved, 12.4), ``cancel_triggers`` (player
self / opponent, duration: the icon effects of that player's drive and damage checks do not happen, none of
them in part, 12.3), ``become`` (state, target: the unit becomes blazing / engorged / successful until end of
turn, 11.21.1, 11.24.1, 11.37.2), ``deck_bottom`` (target: put on the bottom of its owner's deck, 4.1.6; Carica 11.29,
Cronobalzo 11.32.1.3; assumption A43). Any effect may carry ``if_done`` ("if you do"): ignored when the part
before it did nothing (8.5.4.1.3). ``time_leap`` (target: Cronobalzo 11.32.1, EN 10.31.2 - bind it, call a card of its
grade + 1 from the deck, and at the end of the turn put that one on the bottom of the deck and call the bound card
back: time_leap.py; assumption A45), ``to_soul`` (target: put it into its owner's soul, 4.7.1). A ``call`` may say
``at_end_of_turn`` (soul / deck_bottom / retire): a timed trigger for the card called (8.6.6) puts it there at the
end of the turn (Magia 11.31.1). ``to_hand`` (target: return it to its owner's hand), ``bind_to_hand`` (count: put
that many cards from your bind zone into your hand, which triggers the opponent's Afterimage, 11.22.1).
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
STAT_EFFECTS = ("power", "critical", "shield", "drive")
COUNT_EFFECTS = ("draw", "soul_charge", "soul_blast", "counter_blast", "counter_charge", "heal", "bind_to_hand", "unlock")
#: the keywords an effect may give a unit or take from it for a time, "gets [keyword]" / "loses [keyword]" (IT 10.22,
#: EN 10.21; characteristics.has_keyword)
GIVEN_KEYWORDS = ("boost", "intercept", "twin_drive", "triple_drive", "resist", "restraint", "lord",
                  "attacks_front_row",  # "attacks all of your opponent's front row units" (7.3.1.4.5; several.py)
                  "attacks_two_units",  # "this unit attacks two units", the second of its player's choice (7.3.1.4.5)
                  "cannot_be_attacked")  # "this unit cannot be attacked": no attack chooses it (1.3.3; several.py)
KEYWORD_EFFECTS = ("gain_keyword", "lose_keyword")
#: cards of the hand, deck and drop zone (card_effects.py): a count and, for a search, what the card must be
COUNTED_CARD_EFFECTS = ("search", "discard", "drop_to_hand", "superior_ride", "legion", "look_top")
LOOK_REST = ("bottom", "shuffle")  # where the cards looked at and not taken go
RIDE_SOURCES = ("hand", "deck", "drop", "soul")  # "ride a card from your (zone)": a superior ride (10.6.1.1)
#: "(unit)'s abilities lose their cost" for a time (IT 10.30.1, EN 10.29.1): their costs are not paid
LOSE_COST = "lose_cost"
#: "declare a card name" (10.23.1-10.23.2): the name of a card the game knows; a search, a look at the top of the deck,
#: a card from the drop zone or a superior ride of the same ability may then ask for ``name_declared`` (declare.py)
DECLARE_NAME = "declare_name"
#: "move (target) to the other circle of its column" (10.31.1): only to an open circle; the vanguard circle is never one
TARGET_EFFECTS = ("retire", "stand", "rest", "bind", "deck_bottom", "time_leap", "to_soul", "to_hand", "move_in_column",
                  "move_to_circle", "lock", "delete", "change_attacked")
#: where "move it to (circle)" goes: a rear-guard circle, or one the player chooses (moving.py)
MOVE_TO = ("front_left", "back_left", "back_centre", "back_right", "front_right", "choose")
#: where a unit called "until the end of the turn" goes then (a call's at_end_of_turn: Magia 11.31.1, Spettro 11.33)
CALLED_UNIT_RETURNS = ("soul", "deck_bottom", "retire")
#: "you win / your opponent loses the game" (1.2.5): the game ends as the effect resolves, before any check timing
GAME_END_EFFECTS = ("win_game", "lose_game")
#: effects that name a player (self / opponent): the game-ending ones and "gets an extra turn" (12.4)
PLAYER_EFFECTS = GAME_END_EFFECTS + ("extra_turn",)
#: "the trigger effects of (player)'s drive and damage checks are cancelled" for a duration (12.3)
CANCEL_TRIGGERS = "cancel_triggers"
#: "(target) cannot use its abilities (until ...)" (12.2): its ACT cannot be played, its AUTO neither triggers
#: nor stays on stand-by
CANNOT_USE = "cannot_use_abilities"
#: "deal (number) damage to (player)'s vanguard" (10.32.1): the damage process follows among the rule actions (10.32.2)
DEAL_DAMAGE = "deal_damage"
#: "at the end of the turn / battle, (effects)": an automatic ability created by the effect, a timed trigger that
#: triggers once at that moment (8.6.6, 8.6.6.1; 6.8.1.2, 7.7.1.1)
DELAYED = "delayed"
DELAYED_AT = ("end_of_turn", "end_of_battle")
#: "(target) becomes blazing / engorged / successful until end of turn" (11.21.1, 11.24.1, 11.37.2)
BECOME = "become"
#: "put (target) on the bottom of its owner's deck" (4.1.6; Carica 11.29, Cronobalzo 11.32.1.3)
DECK_BOTTOM = "deck_bottom"
#: "(target) cannot be guarded by grade (grade) or greater cards from the hand" (card text; 1.3.3: the effect that
#: stops the normal call to the guardian circle, 7.4.1.2.2, prevails)
GUARD_BAR = "cannot_be_guarded"
#: "if this unit would be retired, put it into your soul / hand / the bottom of your deck instead": a replacement
#: effect (8.2.1.3.1) of a CONT ability, read while the unit is on the field (standby.retire_unit)
RETIRE_INSTEAD = "retire_instead"
INSTEAD_ZONES = ("soul", "hand", "deck_bottom")
# "(unit A) attacks (unit B)" (EN 10.34): the attacking unit and the unit attacked (effect_attack.py)
EFFECT_ATTACK = "effect_attack"
ATTACKERS = ("self", "own_vanguard")
#: the unit attacked: the vanguard, a unit an attack may choose (7.3.1.4), or one of the rear-guards the effect names
#: in any row or in the back row (EN 10.34.1.1: the front row binds only the turn player's choice)
ATTACKED = ("opponent_vanguard", "choose_opponent_unit", "choose_opponent_rear_guard", "choose_opponent_back_row")
EFFECT_KINDS = (STAT_EFFECTS + ("cannot_be_hit", CANNOT_USE, GUARD_BAR) + COUNT_EFFECTS + TARGET_EFFECTS + ("call",) + PLAYER_EFFECTS
                + (CANCEL_TRIGGERS, DEAL_DAMAGE, DELAYED, BECOME, DECK_BOTTOM, EFFECT_ATTACK, LOSE_COST)
                + KEYWORD_EFFECTS + COUNTED_CARD_EFFECTS + (RETIRE_INSTEAD, DECLARE_NAME))
TARGETS = (
    "self", "own_vanguard",
    "guarded_unit",
    "all_own_rear_guards", "all_own_front_row", "all_own_units",  # "your front row units" (4.6.3), "all your units"
    "choose_own_unit",
    "choose_own_rear_guard",
    "choose_opponent_unit",
    "choose_opponent_rear_guard",
    "placed_unit",
    "opponent_chooses_rear_guard",  # "your opponent chooses one of his or her rear-guards" (resist: A49)
    "opponent_vanguard",  # "your opponent's vanguard", "all of your opponent's rear-guards": no choice, so resist
    "all_opponent_rear_guards",  # does not keep a unit out (11.5.1 names effects that say "choose")
    "choose_opponent_front_row_rear_guard", "choose_opponent_back_row",  # one of his rear-guards of that row
    "boosted_unit", "attacking_unit", "attacked_unit",  # units of the battle in progress (several.py)
)
CONT_TARGETS = ("self", "own_vanguard", "all_own_rear_guards", "all_own_front_row", "all_own_units")
DURATIONS = ("end_of_battle", "end_of_turn")
CALL_SOURCES = ("soul", "deck_top", "drop", "hand", "deck")  # "deck": search the deck for it (call_effect.py)


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


def _choice_count(data: dict, path: str) -> dict:
    """"Choose two of your opponent's rear-guards": how many a choosing target chooses (as many as possible,
    8.5.4.1.2); one when not written. With ``up_to`` ("choose up to one"), any number from none to that (8.5.4.1.1)."""
    if "count" not in data and "up_to" not in data:
        return {}
    if not str(data.get("target", "")).startswith(("choose_", "opponent_chooses")):
        raise DefinitionError(schema.join(path, "count" if "count" in data else "up_to"),
                              say("only a target that is chosen takes a number of units"))
    up_to = schema.boolean(data.get("up_to", False), schema.join(path, "up_to"))
    return {"count": schema.integer(data.get("count", 1), schema.join(path, "count"), 1, 5), **({"up_to": True} if up_to else {})}


#: what a search, a look, a card from the drop zone, a superior ride or a call may ask of the card: its grade (or
#: "grade (max_grade) or less"), trigger, name, or the name declared before it (10.23)
CALL_FILTERS = ("grade", "max_grade", "trigger", "name", "name_declared")


def _card_filters(data: dict, path: str) -> dict:
    params: dict = {}
    for key in ("grade", "max_grade"):
        if key in data:
            params[key] = schema.integer(data[key], schema.join(path, key), 0, 4)
    if "trigger" in data:
        params["trigger"] = schema.string(data["trigger"], schema.join(path, "trigger"), REVEALED_TRIGGERS[:-1])
    if "name" in data:
        params["name"] = schema.string(data["name"], schema.join(path, "name"))
    if "name_declared" in data:  # "a card with the declared name" (10.23): the name a declare_name before it said
        if not schema.boolean(data["name_declared"], schema.join(path, "name_declared")) or "name" in data:
            raise DefinitionError(schema.join(path, "name_declared"), say(
                "“with the declared name” is written only as true, and not beside a name"))
        params["name_declared"] = True
    return params


def parse_effect(data: Any, path: str, timing: str) -> Part:
    """One effect; ``if_done`` makes it depend on the part before it ("you may retire one. If you do, ..."): it is
    ignored when that part was not done, its choice impossible (8.5.4.1.3; Divorare 11.24.1, Carica 11.29.1)."""
    if isinstance(data, dict) and "if_done" in data:
        if not schema.boolean(data["if_done"], schema.join(path, "if_done")):
            raise DefinitionError(schema.join(path, "if_done"), say("“if you do” is written only as true (leave it out otherwise)"))
        if timing == "cont":
            raise DefinitionError(schema.join(path, "if_done"), say("a CONT ability has no parts done one after another"))
        part = _parse_effect({k: v for k, v in data.items() if k != "if_done"}, path, timing)
        return type(part)(part.kind, _freeze({**dict(part.params), "if_done": True}))
    return _parse_effect(data, path, timing)


def _parse_effect(data: Any, path: str, timing: str) -> Part:
    schema.obj(data, path, ("kind",), ("amount", "target", "duration", "count", "source", "player", "circle", "at",
                                       "effects", "state", "at_end_of_turn", "grade", "attacker",
                                       "keyword", "trigger", "name", "take", "rest", "at_random", "to", "optional",
                                       "name_declared", "max_grade", "up_to", "per"))
    kind = schema.string(data["kind"], schema.join(path, "kind"), EFFECT_KINDS)
    params: dict = {}
    if kind == GUARD_BAR:
        if timing == "cont":
            raise DefinitionError(schema.join(path, "kind"), say("%(kind)s is an effect of an automatic or ACT ability", kind=kind))
        schema.obj(data, path, ("kind", "target", "grade", "duration"))
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
        params["grade"] = schema.integer(data["grade"], schema.join(path, "grade"), 0, 4)
        params["duration"] = schema.string(data["duration"], schema.join(path, "duration"), DURATIONS)
    elif kind in STAT_EFFECTS or kind in ("cannot_be_hit", CANNOT_USE):
        keys, per = ("kind", "target") + (("amount",) if kind in STAT_EFFECTS else ()), ("per",) if kind in STAT_EFFECTS else ()
        if timing == "cont":
            schema.obj(data, path, keys, per)
        else:
            schema.obj(data, path, keys + ("duration",), ("count", "up_to") + per)
            params["duration"] = schema.string(data["duration"], schema.join(path, "duration"), DURATIONS)
            params.update(_choice_count(data, path))
        if kind in STAT_EFFECTS:  # "+2000 for each card in your soul": ``per``, a count of cards (condition_format)
            params["amount"] = schema.integer(data["amount"], schema.join(path, "amount"), -100000, 100000)
            params.update({"per": (parse_per(data["per"], schema.join(path, "per")),)} if "per" in data else {})
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
        if timing == "cont":
            allowed = ("self",) if kind == "cannot_be_hit" else CONT_TARGETS
            if params["target"] not in allowed:
                raise DefinitionError(schema.join(path, "target"),
                                      say("in a CONT ability this effect can only act on %(targets)s",
                                          targets=", ".join(allowed)))
    elif kind in COUNT_EFFECTS:
        schema.obj(data, path, ("kind", "count"))
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 10)
    elif kind in COUNTED_CARD_EFFECTS:
        ride = kind == "superior_ride"
        required = {"superior_ride": ("kind", "source"), "legion": ("kind", "name")}.get(kind, ("kind", "count"))
        schema.obj(data, path, required, ("player", "at_random") if kind == "discard" else CALL_FILTERS + (
            ("take", "rest") if kind == "look_top" else ()) if kind != "legion" else ("grade", "trigger", "name"))
        if kind == "look_top":  # "look at the top (count) cards, take up to (take), the rest to the bottom"
            params["take"] = schema.integer(data.get("take", 1), schema.join(path, "take"), 1, 10)
            params["rest"] = schema.string(data.get("rest", "bottom"), schema.join(path, "rest"), LOOK_REST)
        if kind == "legion":  # "search your deck for (name) and legion": the Legion Mate (10.27.1)
            params["name"] = schema.string(data["name"], schema.join(path, "name"))
        elif ride:
            params["source"] = schema.string(data["source"], schema.join(path, "source"), RIDE_SOURCES)
        else:
            params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 10)
        params.update(_card_filters(data, path))
        if "player" in data:  # "your opponent discards a card": he chooses it
            params["player"] = schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
        if "at_random" in data:  # "discards a card at random" (10.3.1.2): nobody chooses it
            if not schema.boolean(data["at_random"], schema.join(path, "at_random")):
                raise DefinitionError(schema.join(path, "at_random"), say("“at random” is written only as true (leave it out otherwise)"))
            params["at_random"] = True
    elif kind == DECLARE_NAME:  # "declare a card name" (10.23): its player names a card; the effects after it read it
        schema.obj(data, path, ("kind",))
    elif kind == LOSE_COST:
        schema.obj(data, path, ("kind", "target", "duration"))
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
        params["duration"] = schema.string(data["duration"], schema.join(path, "duration"), DURATIONS)
    elif kind in KEYWORD_EFFECTS:
        # "CONT: if you have 3 or more rear-guards, this unit gets 'boost'": no duration, in force while it holds
        schema.obj(data, path, ("kind", "target", "keyword") + (() if timing == "cont" else ("duration",)))
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
        params["keyword"] = schema.string(data["keyword"], schema.join(path, "keyword"), GIVEN_KEYWORDS)
        if timing == "cont":
            if params["target"] not in CONT_TARGETS:
                raise DefinitionError(schema.join(path, "target"), say(
                    "in a CONT ability this effect can only act on %(targets)s", targets=", ".join(CONT_TARGETS)))
        else:
            params["duration"] = schema.string(data["duration"], schema.join(path, "duration"), DURATIONS)
    elif kind == "move_to_circle":
        schema.obj(data, path, ("kind", "target", "circle"))
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
        params["circle"] = schema.string(data["circle"], schema.join(path, "circle"), MOVE_TO)
    elif kind in TARGET_EFFECTS:
        schema.obj(data, path, ("kind", "target"), ("count", "up_to"))
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
        params.update(_choice_count(data, path))
    elif kind == BECOME:  # until end of turn, as each keyword says (11.21.1, 11.24.1, 11.37.2)
        schema.obj(data, path, ("kind", "state", "target"))
        params["state"] = schema.string(data["state"], schema.join(path, "state"), KEYWORD_STATES)
        params["target"] = schema.string(data["target"], schema.join(path, "target"), TARGETS)
    elif kind == CANCEL_TRIGGERS:
        schema.obj(data, path, ("kind", "player", "duration"))
        params["player"] = schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
        params["duration"] = schema.string(data["duration"], schema.join(path, "duration"), DURATIONS)
    elif kind == DELAYED:
        schema.obj(data, path, ("kind", "at", "effects"))
        if timing == "cont":
            raise DefinitionError(schema.join(path, "kind"), say("a CONT ability creates no timed trigger"))
        params["at"] = schema.string(data["at"], schema.join(path, "at"), DELAYED_AT)
        items = schema.array(data["effects"], schema.join(path, "effects"))
        if not items:
            raise DefinitionError(schema.join(path, "effects"), say("a timed trigger needs at least one effect"))
        parts = []
        for i, item in enumerate(items):
            part = parse_effect(item, schema.join(schema.join(path, "effects"), i), timing)
            if part.kind == DELAYED:
                raise DefinitionError(schema.join(schema.join(path, "effects"), i), say("a timed trigger cannot create another"))
            parts.append(part)
        params["effects"] = tuple(parts)
    elif kind == RETIRE_INSTEAD:
        if timing != "cont":
            raise DefinitionError(schema.join(path, "kind"), say(
                "“if this unit would be retired, instead” is a replacement effect of a CONT ability (8.2.1.3)"))
        schema.obj(data, path, ("kind", "to"), ("optional",))
        params["to"] = schema.string(data["to"], schema.join(path, "to"), INSTEAD_ZONES)
        # "you may put it into (zone) instead": an optional replacement, its owner chooses each time (8.2.1.3.2)
        if schema.boolean(data.get("optional", False), schema.join(path, "optional")):
            params["optional"] = True
    elif kind == EFFECT_ATTACK:
        schema.obj(data, path, ("kind", "attacker", "target"))
        params["attacker"] = schema.string(data["attacker"], schema.join(path, "attacker"), ATTACKERS)
        params["target"] = schema.string(data["target"], schema.join(path, "target"), ATTACKED)
    elif kind == DEAL_DAMAGE:
        schema.obj(data, path, ("kind", "count", "player"))
        params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 10)
        params["player"] = schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
    elif kind in PLAYER_EFFECTS:
        schema.obj(data, path, ("kind", "player"))
        params["player"] = schema.string(data["player"], schema.join(path, "player"), ("self", "opponent"))
    else:  # call
        schema.obj(data, path, ("kind", "source"), ("circle", "at_end_of_turn") + CALL_FILTERS)
        params["source"] = schema.string(data["source"], schema.join(path, "source"), CALL_SOURCES)
        params.update(_card_filters(data, path))
        if "at_end_of_turn" in data:  # "and at the end of that turn put the unit called into your soul" (Magia 11.31.1)
            params["at_end_of_turn"] = schema.string(data["at_end_of_turn"], schema.join(path, "at_end_of_turn"),
                                                     CALLED_UNIT_RETURNS)
        if "circle" in data:  # "call it to your guardian circle" (10.7.1.3.1); a rear-guard circle otherwise
            params["circle"] = schema.string(data["circle"], schema.join(path, "circle"), ("rear_guard", "guardian"))
    if timing == "cont" and kind not in STAT_EFFECTS + ("cannot_be_hit", RETIRE_INSTEAD) + KEYWORD_EFFECTS:
        raise DefinitionError(schema.join(path, "kind"), say("a CONT ability can only change characteristics, not %(kind)s", kind=kind))
    return Part(kind, _freeze(params))
