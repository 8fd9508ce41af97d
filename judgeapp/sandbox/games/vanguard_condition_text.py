"""Vanguard ability conditions as card text, in the page's language: "if Limit Break 4", "if this unit is blazing",
"when your drive check reveals a grade 3 card" (the abilities' text, vanguard_ability_text.py, puts them in its
sentence).  A condition the renderer does not know is shown with its raw fields, never dropped.
"""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from .. import wording
from .vanguard_words import RULES_WORDS

CIRCLE_TEXT = {"vanguard": "(VC)", "rear_guard": "(RC)", "guardian": "(GC)"}
STATE_TEXT = {("self", "blazing"): gettext_noop("this unit is blazing"),
              ("self", "engorged"): gettext_noop("this unit is engorged"),
              ("self", "successful"): gettext_noop("this unit is successful"),
              ("own_vanguard", "blazing"): gettext_noop("your vanguard is blazing"),
              ("own_vanguard", "engorged"): gettext_noop("your vanguard is engorged"),
              ("own_vanguard", "successful"): gettext_noop("your vanguard is successful"),
              ("self", "harmony"): gettext_noop("this unit is in harmony"),
              ("own_vanguard", "harmony"): gettext_noop("your vanguard is in harmony"),
              ("self", "charging"): gettext_noop("this unit is charging")}
NOT_STATE_TEXT = {("self", "blazing"): gettext_noop("this unit is not blazing"),
                  ("self", "engorged"): gettext_noop("this unit is not engorged"),
                  ("self", "successful"): gettext_noop("this unit is not successful"),
                  ("own_vanguard", "blazing"): gettext_noop("your vanguard is not blazing"),
                  ("own_vanguard", "engorged"): gettext_noop("your vanguard is not engorged"),
                  ("own_vanguard", "successful"): gettext_noop("your vanguard is not successful"),
                  ("self", "harmony"): gettext_noop("this unit is not in harmony"),
                  ("own_vanguard", "harmony"): gettext_noop("your vanguard is not in harmony"),
                  ("self", "charging"): gettext_noop("this unit is not charging")}

def _part(part: dict) -> str:
    """A part the text renderer does not know (a kind added to the engine later): its raw fields."""
    rest = " ".join(f"{k}={v}" for k, v in part.items() if k != "kind")
    return f"{part.get('kind')} {rest}".strip()


def condition_text(c: dict) -> str:
    kind = c.get("kind")
    if kind in ("limit_break", "generation_break"):
        return f"{wording.in_language(RULES_WORDS[kind])} {c.get('count')}"
    if kind == "circle":
        return gettext("this unit is on %(circle)s") % {"circle": CIRCLE_TEXT.get(c.get("circle"), c.get("circle"))}
    if kind == "revealed":
        return revealed_text(c)
    if kind == "vanguard_grade" and c.get("player") in ("self", "opponent"):
        whose = gettext("your vanguard") if c["player"] == "self" else gettext("your opponent's vanguard")
        if "min" in c and "max" in c and c["min"] == c["max"]:
            return gettext("%(whose)s is grade %(n)s") % {"whose": whose, "n": c["min"]}
        if "min" in c:
            return gettext("%(whose)s is grade %(n)s or greater") % {"whose": whose, "n": c["min"]}
        return gettext("%(whose)s is grade %(n)s or less") % {"whose": whose, "n": c.get("max")}
    if kind == "own_turn":
        return gettext("during your turn")
    if kind == "opponent_turn":
        return gettext("during your opponent's turn")
    if kind == "attacking":
        if c.get("target") == "vanguard":
            return gettext("this unit is attacking a vanguard")
        if c.get("target") == "rear_guard":
            return gettext("this unit is attacking a rear-guard")
        return _part(c)
    if kind == "battle_number" and isinstance(c.get("min", 1), int) and isinstance(c.get("max", 0), int):
        if "max" not in c:
            return gettext("in the battle number %(n)s of the turn or a later one") % {"n": c.get("min")}
        if c.get("min", 1) == c["max"]:
            return gettext("in the battle number %(n)s of the turn") % {"n": c["max"]}
        return gettext("in the battles number %(low)s to %(high)s of the turn") % {"low": c.get("min", 1), "high": c["max"]}
    if kind in ("calls_this_turn", "soul_in_this_turn"):
        bounds = gettext(" and ").join(([gettext("at least %(n)s") % {"n": c["min"]}] if "min" in c else []) + (
            [gettext("at most %(n)s") % {"n": c["max"]}] if "max" in c else []))
        return (gettext("you have called %(bounds)s units this turn") if kind == "calls_this_turn"
                else gettext("%(bounds)s cards have been put into your soul this turn, not by riding")) % {"bounds": bounds}
    if kind == "state" and (c.get("unit", "self"), c.get("state")) in STATE_TEXT:
        table = NOT_STATE_TEXT if c.get("absent") else STATE_TEXT
        return gettext(table[c.get("unit", "self"), c["state"]])
    if kind == "battle" and c.get("target") in (None, "vanguard", "rear_guard") and c.get("hit") in (None, True, False):
        parts = []
        if c.get("target"):
            parts.append(gettext("the battle's attacked unit is a vanguard") if c["target"] == "vanguard"
                         else gettext("the battle's attacked unit is a rear-guard"))
        if c.get("hit") is not None:
            parts.append(gettext("the attack hit") if c["hit"] else gettext("the attack did not hit"))
        return gettext(" and ").join(parts) if parts else _part(c)
    if kind == "placed_unit" and ({"circle", "same_column", "name"} & set(c)):
        parts = []
        if isinstance(c.get("name"), str):
            parts.append(gettext("the unit placed is named %(name)s") % {"name": c["name"]})
        if c.get("circle") in CIRCLE_TEXT:
            parts.append(gettext("the unit is placed on %(circle)s") % {"circle": CIRCLE_TEXT[c["circle"]]})
        if c.get("same_column") is True:
            parts.append(gettext("the unit is placed in this unit's column"))
        elif c.get("same_column") is False:
            parts.append(gettext("the unit is placed in another column"))
        return gettext(" and ").join(parts) if parts else _part(c)
    if kind == "brave":
        return gettext("Brave (you have 3 or fewer cards in your hand)")
    if kind == "oracle":
        return gettext("Oracle (you have 5 or more cards in your hand)")
    if kind == "thunderstrike" and isinstance(c.get("count"), int):
        return gettext("Thunderstrike %(n)s (your opponent's bind zone holds %(n)s or more cards)") % {"n": c["count"]}
    if kind == "more_rear_guards":
        return gettext("you have more rear-guards than your opponent")
    if kind == "rear_guard_power" and isinstance(c.get("min"), int):
        return gettext("a rear-guard of yours has %(n)s power or more") % {"n": c["min"]}
    if kind == "count":
        bounds = ([gettext("at least %(n)s") % {"n": c["min"]}] if "min" in c else []) + (
            [gettext("at most %(n)s") % {"n": c["max"]}] if "max" in c else [])
        values = {"bounds": gettext(" and ").join(bounds), "zone": wording.words(str(c.get("zone", "")))}
        own = c.get("player") == "self"
        which = ([gettext("grade %(grade)s") % {"grade": c["grade"]}] if isinstance(c.get("grade"), int) else []) + (
            [gettext("named “%(name)s”") % {"name": c["name"]}] if c.get("name") else [])
        if which:  # only the cards of that grade or name are counted
            values["bounds"] += f" ({', '.join(which)})"
        if c.get("zone") == "units":
            return (gettext("your units number %(bounds)s") if own
                    else gettext("your opponent's units number %(bounds)s")) % values
        if c.get("zone") == "rear_guards":
            return (gettext("your rear-guards number %(bounds)s") if own
                    else gettext("your opponent's rear-guards number %(bounds)s")) % values
        return (gettext("your %(zone)s holds %(bounds)s cards") if own
                else gettext("your opponent's %(zone)s holds %(bounds)s cards")) % values
    return _part(c)


REVEALED_TEXT = {"any": gettext_noop("the drive check reveals a trigger unit"),
                 "none": gettext_noop("the drive check reveals a card without a trigger"),
                 "critical": gettext_noop("the drive check reveals a critical trigger"),
                 "draw": gettext_noop("the drive check reveals a draw trigger"),
                 "stand": gettext_noop("the drive check reveals a stand trigger"),
                 "heal": gettext_noop("the drive check reveals a heal trigger")}


def revealed_text(c: dict) -> str:
    """'when your drive check reveals ...': a grade, a trigger, or both."""
    parts = []
    if c.get("trigger") in REVEALED_TEXT:
        parts.append(gettext(REVEALED_TEXT[c["trigger"]]))
    if isinstance(c.get("grade"), int):
        parts.append(gettext("the drive check reveals a grade %(grade)s card") % {"grade": c["grade"]})
    return gettext(" and ").join(parts) if parts else _part(c)
