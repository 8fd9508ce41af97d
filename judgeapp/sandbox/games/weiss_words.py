"""Weiss Schwarz's words: the names of its own phases and attack steps (its stand, draw, main and end phases
and its damage step share Vanguard's names), card statuses, and its expectations as sentences."""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from engine.weiss import characteristics
from engine.weiss.actions import SLOTS

from ..wording import words

PHASE_NAMES = {"clock": "clock phase", "climax": "climax phase", "attack": "attack phase", "encore": "encore step"}
STEP_NAMES = {"declaration": "attack declaration step", "trigger": "trigger step", "counter": "counter step",
              "battle": "battle step", "encore": "encore step"}
STATUS_WORDS = {"stand": "standing", "rest": "rested", "reverse": "reversed"}
# The words of its decisions' answers: marked here, translated where a label is made (games/boards.py's
# shared_label, weiss.py's action_label).
PASS_LABELS = {"main": gettext_noop("Pass: go to the climax phase"),
               "climax": gettext_noop("Pass: go to the attack phase"),
               "attack": gettext_noop("Pass: end the attacks (encore step)"), "counter": gettext_noop("Pass: no counter"),
               "clock": gettext_noop("Pass: put no card into the clock"), "use": gettext_noop("No"),
               "encore": gettext_noop("Pass: no encore"), "mulligan": gettext_noop("Keep the hand")}
ACCEPT_LABELS = {"use": gettext_noop("Yes"), "encore": gettext_noop("Pay the encore")}
ATTACK_LABELS = {"front": gettext_noop("Front attack with %(card)s"), "side": gettext_noop("Side attack with %(card)s"),
                 "direct": gettext_noop("Direct attack with %(card)s")}
WORDS_TABLES = {"PHASE_NAMES": PHASE_NAMES, "STEP_NAMES": STEP_NAMES, "STATUS_WORDS": STATUS_WORDS}


def expectation_text(e: dict, card) -> str | None:
    """One of Weiss Schwarz's own expectations as a sentence (None for a kind it does not have)."""
    kind = e.get("expect")
    if kind in ("soul", "card_level"):
        text = gettext("%(card)s has %(value)s "
                       "level") if kind == "card_level" else gettext("%(card)s has %(value)s soul")
        return text % {"card": card(), "value": e.get("equals")}
    if kind == "level":
        return gettext("player %(player)s is level %(level)s") % {"player": e.get("player"), "level": e.get("equals")}
    if kind == "status":
        status = STATUS_WORDS[e["equals"]] if e.get("equals") in STATUS_WORDS else words(e.get("equals"))
        return gettext("%(card)s is %(status)s") % {"card": card(), "status": status}
    if kind == "refresh_points":
        return gettext("player %(player)s has %(count)s refresh points") % {"player": e.get("player"),
                                                                           "count": e.get("equals")}
    return None


def attack_label(state, action: dict, name) -> str:
    """An attack option naming its parts: each character on the stage with its power, and soul for the damage."""
    card = action.get("card")
    target = state.opposite(card) if card in state.loc else None

    def unit(cid) -> str:
        if cid not in state.loc or state.loc[cid][1] not in SLOTS:
            return name(cid)
        return gettext("%(card)s (%(power)s, soul %(soul)s)") % {
            "card": name(cid), "power": characteristics.power(state, cid), "soul": characteristics.soul(state, cid)}

    out = gettext(ATTACK_LABELS.get(action.get("type"), gettext_noop("Attack with %(card)s"))) % {"card": unit(card)}
    if target and action.get("type") != "direct":
        out += " " + gettext("at %(card)s") % {"card": unit(target)}
    return out
