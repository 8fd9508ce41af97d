"""The effects of the ability format (abilities.py): their kinds, the fields each takes, and their parsing.

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

from typing import Any

from ..core import schema
from ..core.abilities import Part
from ..core.errors import DefinitionError
from ..core.text import say
from .condition_format import KEYWORD_STATES, REVEALED_TRIGGERS, _freeze, parse_per


STAT_EFFECTS = ("power", "critical", "shield", "drive")
COUNT_EFFECTS = ("draw", "soul_charge", "soul_blast", "counter_blast", "counter_charge", "heal", "bind_to_hand", "unlock")
#: the keywords an effect may give a unit or take from it for a time, "gets [keyword]" / "loses [keyword]" (IT 10.22,
#: EN 10.21; characteristics.has_keyword)
GIVEN_KEYWORDS = ("boost", "intercept", "twin_drive", "triple_drive", "resist", "restraint", "lord",
                  "attacks_front_row",  # "attacks all of your opponent's front row units" (7.3.1.4.5; several.py)
                  "attacks_two_units",  # "this unit attacks two units", the second of its player's choice (7.3.1.4.5)
                  "may_attack_two_units",  # "this unit may attack two units": its player may add a second (7.3.1.4.5)
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
        schema.obj(data, path, ("kind", "source"), ("circle", "at_end_of_turn", "count", "up_to") + CALL_FILTERS)
        params["source"] = schema.string(data["source"], schema.join(path, "source"), CALL_SOURCES)
        if "count" in data:  # "call two cards from your drop zone": placed together (10.7.1.1.1.1-10.7.1.1.2)
            params["count"] = schema.integer(data["count"], schema.join(path, "count"), 1, 5)
        if schema.boolean(data.get("up_to", False), schema.join(path, "up_to")):  # "call up to two" (8.5.4.1.1)
            params["up_to"] = True
        params.update(_card_filters(data, path))
        if "at_end_of_turn" in data:  # "and at the end of that turn put the unit called into your soul" (Magia 11.31.1)
            params["at_end_of_turn"] = schema.string(data["at_end_of_turn"], schema.join(path, "at_end_of_turn"),
                                                     CALLED_UNIT_RETURNS)
        if "circle" in data:  # "call it to your guardian circle" (10.7.1.3.1); a rear-guard circle otherwise
            params["circle"] = schema.string(data["circle"], schema.join(path, "circle"), ("rear_guard", "guardian"))
    if timing == "cont" and kind not in STAT_EFFECTS + ("cannot_be_hit", RETIRE_INSTEAD) + KEYWORD_EFFECTS:
        raise DefinitionError(schema.join(path, "kind"), say("a CONT ability can only change characteristics, not %(kind)s", kind=kind))
    return Part(kind, _freeze(params))
