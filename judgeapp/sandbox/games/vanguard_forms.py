"""The sandbox's HTML forms read into engine data: a judge action, a card from the builder, one ability field by field.

Form values arrive as strings; each reader converts them and raises
:class:`~judgeapp.sandbox.validation.SandboxError` naming the form field.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext

import engine
from engine import vanguard
from engine.vanguard.abilities import FILTERED_COSTS, SELF_COSTS
from engine.vanguard.actions import ALL_ZONES, JUDGE_KINDS

from .. import scenario_templates
from ..validation import SandboxError, int_clean, text_clean

def judge_action_build(data: dict) -> dict:
    """A judge action object from the judge's form fields (strings from HTML converted)."""
    kind = data.get("kind")
    if kind not in JUDGE_KINDS:
        raise SandboxError("kind", gettext("expected one of %(names)s") % {"names": ', '.join(sorted(JUDGE_KINDS))})
    out: dict = {"kind": kind}
    ints = ("player", "position", "count", "ability", "amount")
    for key in ("card", "zone", "player", "position", "rested", "stat", "amount", "duration", "count", "ability",
                "modifier"):
        value = data.get(key)
        if value is None or value == "":
            continue
        if key in ints and isinstance(value, str):
            value = int_clean(value, key, -100000, 100000)
        if key == "rested" and isinstance(value, str):
            value = value in ("on", "true", "1")
        out[key] = value
    if kind == "judge_move" and "zone" in out and out["zone"] not in ALL_ZONES:
        raise SandboxError("zone", gettext("unknown zone “%(zone)s”") % {"zone": str(out["zone"])[:40]})
    return out


# The custom fields as the builder prints them: on a template, a field changed from these is the judge's.
FORM_DEFAULTS = {"grade": "1", "power": "8000", "shield": "5000", "critical": "1"}


def _template_with_fields(template: str, data) -> dict:
    """A template's card with every field of the form the judge filled in kept: the characteristics changed
    from the form's defaults, a trigger, the keywords ticked and the ability built (added to the template's)."""
    if template not in scenario_templates.TEMPLATES:
        raise SandboxError("template", gettext("unknown template “%(template)s”") % {"template": template[:40]})
    card = scenario_templates.template_card(template)
    if data.get("name"):
        card["name"] = text_clean(data.get("name"), "name", 100)
    limits = {"grade": (0, 4), "power": (0, 100000), "shield": (0, 100000), "critical": (0, 10)}
    for key, default in FORM_DEFAULTS.items():
        value = (data.get(key) or "").strip()
        if value and value != default:
            card[key] = int_clean(value, key, *limits[key])
    if (data.get("trigger") or "none") != "none":
        card["trigger"] = data.get("trigger")
    keywords = data.getlist("keywords") if hasattr(data, "getlist") else data.get("keywords", [])
    if keywords:
        card["keywords"] = sorted(set(card.get("keywords", [])) | set(keywords))
    ability = ability_from_form(data)
    if ability:
        card["abilities"] = [*card.get("abilities", []), ability]
    return card


def card_from_form(data: dict) -> dict:
    """A card object from the builder form: a template, or characteristics plus one ability built field by field
    (on a template, what the judge filled in the custom fields is kept too)."""
    template = data.get("template") or ""
    if template and template != "custom":
        card = _template_with_fields(template, data)
    else:
        card = {"name": text_clean(data.get("name"), "name", 100) or "Custom unit",
                "grade": int_clean(data.get("grade", "1"), "grade", 0, 4),
                "power": int_clean(data.get("power", "8000"), "power", 0, 100000),
                "shield": int_clean(data.get("shield") or "0", "shield", 0, 100000),
                "critical": int_clean(data.get("critical") or "1", "critical", 0, 10)}
        trigger = data.get("trigger") or "none"
        if trigger != "none":
            card["trigger"] = trigger
        keywords = data.getlist("keywords") if hasattr(data, "getlist") else data.get("keywords", [])
        if keywords:
            card["keywords"] = list(keywords)
        ability = ability_from_form(data)
        if ability:
            card["abilities"] = [ability]
    clan = text_clean(data.get("clan"), "clan", 60)
    if clan:
        card["clan"] = clan
    for flag in ("rested", "face_down"):
        if data.get(flag) in ("on", "true", True):
            card[flag] = True
    return card


ABILITY_SLOTS = {"conditions": 3, "cost": 3, "effects": 4}
# "+2000 power for each card in your soul" (per) and "choose up to two" (up_to) as the file format writes them
EFFECT_PARAMS = {k: ("amount", "target", "duration", "count", "up_to", "per") for k in ("power", "critical", "shield", "drive")}
EFFECT_PARAMS.update({"cannot_be_hit": ("target", "duration"), "cannot_use_abilities": ("target", "duration"),
                      "call": ("source", "count", "up_to", "grade", "max_grade", "name", "name_declared"), "become": ("state", "target"),
                      "deal_damage": ("count", "player"),
                      "cannot_be_guarded": ("target", "grade", "duration"), "cancel_triggers": ("player", "duration"),
                      # a timed trigger: when, from the duration field; its effects are the slots after it
                      "delayed": ("at",),
                      # "(unit A) attacks (unit B)": the attacking unit from the target select, the unit attacked
                      # from its own
                      "effect_attack": ("attacker", "attacked"), "move_to_circle": ("target", "circle"),
                      "gain_keyword": ("target", "keyword", "duration"), "lose_keyword": ("target", "keyword", "duration"),
                      "lose_cost": ("target", "duration"),
                      "drop_to_hand": ("count", "grade", "max_grade", "name", "name_declared"),
                      "discard": ("count", "player", "at_random"), "unlock": ("count",),
                      "legion": ("name",), "look_top": ("count", "grade", "max_grade", "name", "name_declared"),
                      # a superior ride: the zone from the call's source select (hand, deck, drop zone, soul)
                      "superior_ride": ("ride_source", "grade", "max_grade", "name", "name_declared"),
                      "search": ("count", "grade", "max_grade", "name", "name_declared"),
                      # "if this unit would be retired, (you may) put it into (zone) instead" (8.2.1.3.1-8.2.1.3.2)
                      "retire_instead": ("to", "optional"), "declare_name": ()})
EFFECT_PARAMS.update({k: ("player",) for k in ("win_game", "lose_game", "extra_turn")})
#: the form field each effect parameter is read from (a timed trigger's "at" is the duration select's moment)
EFFECT_FIELDS = {"amount": "amount", "count": "count", "target": "target", "duration": "duration", "source": "source",
                 "state": "state", "player": "player", "grade": "grade", "at": "duration", "attacker": "target",
                 "attacked": "attacks", "circle": "circle", "keyword": "keyword",
                 "ride_source": "source", "name": "name", "to": "to", "max_grade": "max_grade",
                 # the one "how" select: at random (a discard), you may (a replacement), with the declared name (10.23)
                 "at_random": "how", "optional": "how", "name_declared": "how", "up_to": "how", "per": "per"}
#: the parameters that are a flag, true when the "how" select names them ("up to": any number from none, 8.5.4.1.1)
HOW_FLAGS = ("at_random", "optional", "name_declared", "up_to")
#: the players whose zone "for each card in (zone)" counts, as the per select writes them ("opponent:drop")
PER_PLAYERS = ("self", "opponent")


def _form_list(data, key: str) -> list:
    """Every value of a repeated form field (a QueryDict's list, a list, or one value)."""
    if hasattr(data, "getlist"):
        return data.getlist(key)
    value = data.get(key)
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _slot(values: list, i: int) -> str:
    value = values[i] if i < len(values) else ""
    return value.strip() if isinstance(value, str) else ("" if value is None else str(value))


def _conditions_from_form(data) -> tuple[list, list]:
    """The chosen condition slots: (conditions, their form slot numbers)."""
    conditions, numbers = [], []
    kinds, values = _form_list(data, "ab_condition"), _form_list(data, "ab_condition_value")
    for i in range(min(len(kinds), ABILITY_SLOTS["conditions"])):
        kind, value, field = _slot(kinds, i), _slot(values, i), f"ab_condition_value[{i + 1}]"
        if not kind:
            continue
        cond: dict = {"kind": kind}
        if kind == "limit_break":
            cond["count"] = int_clean(value or "4", field, 1, 6)
        elif kind == "generation_break":
            cond["count"] = int_clean(value or "1", field, 1, 16)
        elif kind == "circle":
            cond["circle"] = value or "vanguard"
        elif kind in ("calls_this_turn", "soul_in_this_turn"):  # "at least n" (Legame 11.19, Oscurità 11.30)
            cond["min"] = int_clean(value or "1", field, 0, 50)
        elif kind == "battle_number":  # "2": the second battle of the turn; "2+": the second or a later one (11.35)
            later = value.endswith("+")
            n = int_clean(value.rstrip("+") or "1", field, 1, 20)
            cond.update({"min": n} if later else {"min": n, "max": n})
        elif kind == "attacking":
            cond["target"] = value or "vanguard"
        elif kind == "thunderstrike":  # Folgore (11.26): cards in the opponent's bind zone
            cond["count"] = int_clean(value or "1", field, 1, 50)
        elif kind == "rear_guard_power":  # Successo (11.37): a rear-guard with that much power
            cond["min"] = int_clean(value or "15000", field, 0, 1000000)
        elif kind == "state":  # "blazing", or "not successful" (11.21, 11.24, 11.34, 11.37)
            words = value.split()
            cond["state"] = words[-1] if words else "blazing"
            if words[:1] == ["not"]:
                cond["absent"] = True
        elif kind == "battle":  # "no_hit" / "hit": the attack's result; "vanguard" / "rear_guard": its target (11.25)
            key = value or "no_hit"
            cond.update({"hit": key == "hit"} if key in ("hit", "no_hit") else {"target": key})
        elif kind == "placed_unit":  # "same_column", or the placed unit's name (11.34, 11.38)
            cond.update({"same_column": True} if value in ("", "same_column") else {"name": value})
        elif kind == "vanguard_grade":  # "3+": the opponent's vanguard grade 3 or greater; "self 2-": yours 2 or less
            words = value.split() or ["3+"]
            cond["player"] = "self" if words[0] == "self" else "opponent"
            bound = words[-1]
            n = int_clean(bound.rstrip("+-") or "3", field, 0, 4)
            cond.update({"min": n} if bound.endswith("+") else {"max": n} if bound.endswith("-") else {"min": n, "max": n})
        elif kind == "revealed":  # a grade (a number) or a trigger icon; empty: any trigger unit
            if value.isdigit():
                cond["grade"] = int_clean(value, field, 0, 4)
            else:
                cond["trigger"] = value or "any"
        conditions.append(cond)
        numbers.append(i + 1)
    return conditions, numbers


def _costs_from_form(data) -> tuple[list, list]:
    """The chosen cost slots: (costs, their form slot numbers)."""
    costs, numbers = [], []
    kinds, counts = _form_list(data, "ab_cost"), _form_list(data, "ab_cost_count")
    grades, names = _form_list(data, "ab_cost_grade"), _form_list(data, "ab_cost_name")
    for i in range(min(len(kinds), ABILITY_SLOTS["cost"])):
        kind = _slot(kinds, i)
        if not kind:
            continue
        cost: dict = {"kind": kind}
        if kind not in SELF_COSTS:  # these act on the card itself: no count
            cost["count"] = int_clean(_slot(counts, i) or "1", f"ab_cost_count[{i + 1}]", 1, 10)
        if kind in FILTERED_COSTS:  # "[Soul Blast 1 - grade 1 card]": only such cards pay it (10.16.1.1, 10.18.1.1)
            if _slot(grades, i):
                cost["grade"] = int_clean(_slot(grades, i), f"ab_cost_grade[{i + 1}]", 0, 4)
            if _slot(names, i):
                cost["name"] = text_clean(_slot(names, i), f"ab_cost_name[{i + 1}]", 100)
        costs.append(cost)
        numbers.append(i + 1)
    return costs, numbers


def _effects_from_form(data, timing: str) -> tuple[list, list]:
    """The chosen effect slots, each with only the parameters its kind takes: (effects, their slot numbers)."""
    from engine.vanguard.abilities import COUNT_EFFECTS, TARGET_EFFECTS

    effects, numbers = [], []
    kinds = _form_list(data, "ab_effect")
    params = {key: _form_list(data, f"ab_effect_{field}") for key, field in EFFECT_FIELDS.items()}
    for i in range(min(len(kinds), ABILITY_SLOTS["effects"])):
        kind = _slot(kinds, i)
        if not kind:
            continue
        wanted = EFFECT_PARAMS.get(kind, ("count",) if kind in COUNT_EFFECTS else ("target", "count", "up_to")
                                             if kind in TARGET_EFFECTS else ("amount", "count", "target", "duration",
                                                                             "source"))
        effect: dict = {"kind": kind}
        for key in wanted:
            value = _slot(params[key], i)
            if key in HOW_FLAGS:
                if value == key:
                    effect[key] = True
                continue
            if not value or (key == "duration" and timing == "cont"):
                continue
            if key == "per":
                effect["per"] = _per_from_form(value, f"ab_effect_per[{i + 1}]")
                continue
            effect[key] = int_clean(value, f"ab_effect_{EFFECT_FIELDS[key]}[{i + 1}]", -100000, 100000) if key in (
                "amount", "count", "grade", "max_grade") else value
        if "attacked" in effect:
            effect["target"] = effect.pop("attacked")
        if "ride_source" in effect:  # the call's zones: for a ride, "the top of the deck" is the deck searched
            source = effect.pop("ride_source")
            effect["source"] = "deck" if source == "deck_top" else source
        effects.append(effect)
        numbers.append(i + 1)
    # "at the end of the battle (turn), <effects>": a timed trigger (8.6.6) takes the effect slots after it
    timed = next((j for j, e in enumerate(effects) if e["kind"] == "delayed"), None)
    if timed is not None:
        effects[timed]["effects"] = effects[timed + 1:]
        effects, numbers = effects[:timed + 1], numbers[:timed + 1]
    return effects, numbers


def _per_from_form(value: str, field: str) -> dict:
    """The per select's "player:zone" ("self:soul"): what an amount is multiplied by, a count of cards (the file
    format's ``per``); the zone is checked by the engine's loader with the rest of the ability."""
    from engine.vanguard.condition_format import COUNT_ZONES

    player, _, zone = value.partition(":")
    if player not in PER_PLAYERS or zone not in COUNT_ZONES:
        raise SandboxError(field, gettext("choose whose cards, and in which zone, the amount is counted for"))
    return {"player": player, "zone": zone}


def ability_from_form(data) -> dict | None:
    """One ability from the builder's ability fields; None when no timing is chosen.

    Conditions, costs and effects are repeated fields (``ab_condition``, ``ab_cost``,
    ``ab_effect`` and their parameters, one value per slot, in order): each slot
    whose kind is chosen becomes one part; a slot left at "none" is skipped.
    Parameters that the chosen kind does not take are dropped (a target left
    over from another kind), so the engine's strict loader judges only what
    the ability says.  Errors name the slot: ``ab_effect_amount[2]`` is the
    amount of the second effect.
    """
    timing = data.get("ab_timing") or ""
    if not timing:
        return None
    ability: dict = {"timing": timing}
    conditions, condition_slots = _conditions_from_form(data)
    costs, cost_slots = _costs_from_form(data)
    effects, effect_slots = _effects_from_form(data, timing)
    slots = {"conditions": condition_slots, "cost": cost_slots, "effects": effect_slots}
    if effects or timing != "g_guardian":
        ability["effects"] = effects
    if costs:
        ability["cost"] = costs
    if conditions:
        ability["conditions"] = conditions
    for flag in ("optional", "once_per_turn"):
        if data.get(f"ab_{flag}") in ("on", "true", True):
            ability[flag] = True
    if data.get("ab_text"):
        ability["text"] = text_clean(data.get("ab_text"), "ab_text", 300)
    try:
        vanguard.Card.from_json({"id": "x", "name": "x", "grade": 0, "power": 0, "abilities": [ability]}, "card",
                              owner=0)
    except engine.DefinitionError as exc:
        raise SandboxError(_ability_field(exc.path, slots), exc.message) from None
    return ability


def _ability_field(path: str, slots: dict) -> str:
    """The form field of an engine error path: card.abilities[0].effects[1].amount -> ab_effect_amount[2]."""
    m = re.match(r"card\.abilities\[0\]\.(effects|cost|conditions)\[(\d+)\](?:\.(\w+))?$", path)
    if not m:
        if path.endswith("abilities[0].effects"):
            return "ab_effect[1]"
        return path.replace("card.abilities[0]", "ability")
    group, key = m.group(1), m.group(3)
    index = slots[group][int(m.group(2))] if int(m.group(2)) < len(slots[group]) else int(m.group(2)) + 1
    prefix = {"effects": "ab_effect", "cost": "ab_cost", "conditions": "ab_condition"}[group]
    if key in (None, "kind"):
        return f"{prefix}[{index}]"
    if group == "conditions":
        return f"ab_condition_value[{index}]"
    return f"{prefix}_{key}[{index}]"
