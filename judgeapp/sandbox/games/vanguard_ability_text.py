"""Vanguard abilities as card text, in the page's language: "[AUTO] When this unit attacks, if Limit Break 4:
[Counter Blast 1] this unit gets +5000 power until end of battle." / "[AUTO] Quando questa unità attacca, se Limit
Break 4: [Contrattacco 1] questa unità ottiene +5000 di forza fino alla fine della battaglia."

Every piece is a catalogue entry (the English and the Italian card text differ in word order and agreement, so a
target and its verb are one sentence, singular or plural); the costs and keywords are the rules' own words
(vanguard_words.RULES_WORDS).  A part the renderer does not know (a kind added to the engine later) is shown with
its raw fields, never dropped.
"""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from .. import wording
from .vanguard_amount_text import per_text
# the conditions as card text ("if Limit Break 4", "if this unit is blazing"): a module of their own
from .vanguard_condition_text import _part, condition_text
from .vanguard_words import RULES_WORDS

TIMING_TEXT = {
    "on_ride": gettext_noop("[AUTO] When this card rides"), "on_call": gettext_noop("[AUTO] When this unit is called"),
    "on_place": gettext_noop("[AUTO] When this unit is placed on a circle"),
    "on_attack": gettext_noop("[AUTO] When this unit attacks"), "on_boost": gettext_noop("[AUTO] When this unit boosts"),
    "on_hit": gettext_noop("[AUTO] When this unit's attack hits"),
    "on_drive_check": gettext_noop("[AUTO] When a drive check is performed in this unit's battle"),
    "on_attacked": gettext_noop("[AUTO] When this unit is attacked"),
    "on_boosted": gettext_noop("[AUTO] When this unit is boosted"),
    "on_intercept": gettext_noop("[AUTO] When this unit intercepts"),
    "on_stride": gettext_noop("[AUTO] When this card strides"),
    "on_retired": gettext_noop("[AUTO] When this unit is retired"),
    "on_stand_by_effect": gettext_noop("[AUTO] When this unit stands due to an effect of one of your cards"),
    "on_other_placed": gettext_noop("[AUTO] When another unit of yours is placed on a circle"),
    "on_opponent_bind_to_hand": gettext_noop("[AUTO] When your opponent puts a card from the bind zone into the hand"),
    "on_put_into_drop": gettext_noop("[AUTO] When this card is put into the drop zone"),
    "on_put_into_soul": gettext_noop("[AUTO] When this card is put into the soul"),
    "on_no_hit": gettext_noop("[AUTO] When this unit's attack does not hit"),
    "on_your_unit_hit": gettext_noop("[AUTO] When a unit of yours hits"),
    "situation": gettext_noop("[AUTO] When the game is in this situation"),
    "on_your_unit_no_hit": gettext_noop("[AUTO] When a unit of yours does not hit"),
    "on_battle_end": gettext_noop("[AUTO] At the end of the battle this unit attacked"),
    "begin_attack_step": gettext_noop("[AUTO] At the beginning of the attack step"),
    "begin_stand_phase": gettext_noop("[AUTO] At the beginning of your turn"),
    "begin_draw_phase": gettext_noop("[AUTO] At the beginning of your draw phase"),
    "begin_ride_phase": gettext_noop("[AUTO] At the beginning of your ride phase"),
    "begin_main_phase": gettext_noop("[AUTO] At the beginning of your main phase"),
    "begin_battle_phase": gettext_noop("[AUTO] At the beginning of your battle phase"),
    "begin_start_step": gettext_noop("[AUTO] At the beginning of the start step"),
    "on_opponent_rear_guard_retired": gettext_noop("[AUTO] When your opponent's rear-guard is retired"),
    "on_other_rear_guard_retired": gettext_noop("[AUTO] When another of your rear-guards is retired"),
    "begin_end_phase": gettext_noop("[AUTO] At the beginning of your end phase"),
    "begin_guard_step": gettext_noop("[AUTO] At the beginning of the guard step"),
    "begin_drive_step": gettext_noop("[AUTO] At the beginning of the drive step"),
    "begin_damage_step": gettext_noop("[AUTO] At the beginning of the damage step"),
    "begin_close_step": gettext_noop("[AUTO] At the beginning of the close step"),
    "on_damage_check": gettext_noop("[AUTO] When a damage check is performed for your vanguard"),
    "on_your_vanguard_attacked": gettext_noop("[AUTO] When your vanguard is attacked"),
    "on_your_rear_guard_attacked": gettext_noop("[AUTO] When one of your rear-guards is attacked"),
    "act": "[ACT]", "cont": "[CONT]", "g_guardian": gettext_noop("[G guardian]"),
}
AUTO = ("on_ride", "on_call", "on_place", "on_attack", "on_boost", "on_hit", "on_drive_check", "on_attacked", "on_no_hit",
        "on_your_unit_hit", "on_your_unit_no_hit", "situation",
        "on_boosted", "on_intercept", "on_stride", "on_retired", "on_put_into_drop", "on_put_into_soul", "on_stand_by_effect", "on_other_placed",
        "on_opponent_bind_to_hand",
        "on_battle_end", "begin_attack_step", "begin_stand_phase", "begin_draw_phase", "begin_ride_phase", "begin_main_phase", "begin_end_phase",
        "begin_battle_phase", "begin_start_step", "on_opponent_rear_guard_retired", "on_other_rear_guard_retired",
        "begin_guard_step", "begin_drive_step", "begin_damage_step", "begin_close_step", "on_damage_check",
        "on_your_vanguard_attacked", "on_your_rear_guard_attacked")

# A target, and whether it is plural ("all your rear-guards get").
# a target chosen several times ("choose two of your opponent's rear-guards", 8.5.4.1.2)
CHOSEN_SEVERAL = {"choose_own_unit": gettext_noop("%(n)s of your units"),
                  "choose_own_rear_guard": gettext_noop("%(n)s of your rear-guards"),
                  "choose_opponent_unit": gettext_noop("%(n)s of your opponent's units"),
                  "choose_opponent_rear_guard": gettext_noop("%(n)s of your opponent's rear-guards"),
                  "opponent_chooses_rear_guard": gettext_noop("%(n)s of your opponent's rear-guards of his or her choice"),
                  "choose_opponent_front_row_rear_guard": gettext_noop("%(n)s of your opponent's front-row rear-guards"),
                  "choose_opponent_back_row": gettext_noop("%(n)s of your opponent's back-row rear-guards")}
TARGET_TEXT = {
    "self": (gettext_noop("this unit"), False), "own_vanguard": (gettext_noop("your vanguard"), False),
    "guarded_unit": (gettext_noop("the guarded unit"), False),
    "all_own_rear_guards": (gettext_noop("all your rear-guards"), True),
    "all_own_front_row": (gettext_noop("your front row units"), True), "all_own_units": (gettext_noop("all your units"), True),
    "choose_own_unit": (gettext_noop("one of your units"), False),
    "choose_own_rear_guard": (gettext_noop("one of your rear-guards"), False),
    "choose_opponent_unit": (gettext_noop("one of your opponent's units"), False),
    "choose_opponent_rear_guard": (gettext_noop("one of your opponent's rear-guards"), False),
    "opponent_chooses_rear_guard": (gettext_noop("one of your opponent's rear-guards of his or her choice"), False),
    "opponent_vanguard": (gettext_noop("your opponent's vanguard"), False),
    "all_opponent_rear_guards": (gettext_noop("all of your opponent's rear-guards"), True),
    "placed_unit": (gettext_noop("the unit placed"), False),
    "choose_opponent_front_row_rear_guard": (gettext_noop("one of your opponent's front-row rear-guards"), False),
    "choose_opponent_back_row": (gettext_noop("one of your opponent's back-row rear-guards"), False),
    "boosted_unit": (gettext_noop("the boosted unit"), False), "attacking_unit": (gettext_noop("the attacking unit"), False),
    "attacked_unit": (gettext_noop("the attacked unit"), False),
}
# A call from where, one sentence each (the Italian preposition takes the article: "dalla tua Zona Scarti").
CALL_TEXT = {"soul": gettext_noop("call a card from your soul to (RC)"),
             "deck_top": gettext_noop("call a card from the top of your deck to (RC)"),
             "drop": gettext_noop("call a card from your drop zone to (RC)"),
             "hand": gettext_noop("call a card from your hand to (RC)"),
             "deck": gettext_noop("search your deck for up to one card, call it to (RC), and shuffle your deck")}
# "call two cards from your drop zone" (count), "call up to two" (up_to): a number written, plural forms each
CALLS_TEXT = {
    "soul": lambda n: ngettext("call %(n)s card from your soul to (RC)", "call %(n)s cards from your soul to (RC)", n),
    "deck_top": lambda n: ngettext("call the top %(n)s card of your deck to (RC)",
                                   "call the top %(n)s cards of your deck to (RC)", n),
    "drop": lambda n: ngettext("call %(n)s card from your drop zone to (RC)",
                               "call %(n)s cards from your drop zone to (RC)", n),
    "hand": lambda n: ngettext("call %(n)s card from your hand to (RC)", "call %(n)s cards from your hand to (RC)", n),
    "deck": lambda n: ngettext("search your deck for up to %(n)s card, call it to (RC), and shuffle your deck",
                               "search your deck for up to %(n)s cards, call them to (RC), and shuffle your deck", n)}
UP_TO_CALLS_TEXT = {
    "soul": lambda n: ngettext("call up to %(n)s card from your soul to (RC)",
                               "call up to %(n)s cards from your soul to (RC)", n),
    "deck_top": lambda n: ngettext("call up to %(n)s of the top %(n)s cards of your deck to (RC)",
                                   "call up to %(n)s of the top %(n)s cards of your deck to (RC)", n),
    "drop": lambda n: ngettext("call up to %(n)s card from your drop zone to (RC)",
                               "call up to %(n)s cards from your drop zone to (RC)", n),
    "hand": lambda n: ngettext("call up to %(n)s card from your hand to (RC)",
                               "call up to %(n)s cards from your hand to (RC)", n)}
COUNTED = ("counter_blast", "soul_blast", "counter_charge", "soul_charge")
STAT_TEXT = {"power": gettext_noop("power"), "critical": gettext_noop("critical"), "shield": gettext_noop("shield"),
             "drive": gettext_noop("drive")}
UNTIL_TEXT = {"end_of_turn": gettext_noop("until end of turn"), "end_of_battle": gettext_noop("until end of battle")}
ACTION_TEXT = {"retire": gettext_noop("retire %(target)s"), "stand": gettext_noop("stand %(target)s"),
               "rest": gettext_noop("rest %(target)s"), "bind": gettext_noop("bind %(target)s"),
               "deck_bottom": gettext_noop("put %(target)s on the bottom of its owner's deck"),
               "time_leap": gettext_noop("time leap %(target)s"),
               "lock": gettext_noop("lock %(target)s"), "delete": gettext_noop("delete %(target)s"),
               "to_soul": gettext_noop("put %(target)s into your soul"),
               "to_hand": gettext_noop("return %(target)s to your hand"),
               "move_in_column": gettext_noop("move %(target)s to the other circle of its column, if it is open"),
               "change_attacked": gettext_noop("%(target)s becomes the attacked unit")}
# "move it to (circle)": a named rear-guard circle, or one the player chooses
MOVE_TO_TEXT = gettext_noop("move %(target)s to your %(circle)s circle, if it is open")
MOVE_TO_CHOICE_TEXT = gettext_noop("move %(target)s to an open rear-guard circle of your choice")
# a call "until the end of the turn": where the called unit goes then (Magia 11.31.1)
CALL_RETURN_TEXT = {"soul": gettext_noop("%(call)s; at the end of that turn, put the unit called into your soul"),
                    "deck_bottom": gettext_noop("%(call)s; at the end of that turn, put the unit called on the bottom of your deck"),
                    "retire": gettext_noop("%(call)s; at the end of that turn, retire the unit called")}
# a keyword's state until end of turn (11.21, 11.24, 11.37): "becomes" it, and the condition "is" / "is not" it
BECOME_TEXT = {"blazing": gettext_noop("%(target)s becomes blazing until end of turn"),
               "engorged": gettext_noop("%(target)s becomes engorged until end of turn"),
               "successful": gettext_noop("%(target)s becomes successful until end of turn"),
               "harmony": gettext_noop("this unit and %(target)s are in harmony until end of turn"),
               "charging": gettext_noop("%(target)s becomes charging until end of turn (at the end of the battle it "
                                        "takes part in, it is put on the bottom of your deck)")}
# "ride (a card) from your (zone)": a superior ride (10.6.1.1)
RIDE_TEXT = {"hand": gettext_noop("ride %(card)s from your hand"),
             "deck": gettext_noop("search your deck for %(card)s, ride it and shuffle your deck"),
             "drop": gettext_noop("ride %(card)s from your drop zone"), "soul": gettext_noop("ride %(card)s from your soul")}
# "(unit A) attacks (unit B)" (EN 10.34), by the attacking unit and the unit attacked
ATTACK_TEXT = {("self", "opponent_vanguard"): gettext_noop("this unit attacks your opponent's vanguard"),
               ("self", "choose_opponent_unit"): gettext_noop("this unit attacks one of your opponent's units"),
               ("own_vanguard", "opponent_vanguard"): gettext_noop("your vanguard attacks your opponent's vanguard"),
               ("own_vanguard", "choose_opponent_unit"): gettext_noop("your vanguard attacks one of your opponent's units"),
               ("self", "choose_opponent_rear_guard"): gettext_noop("this unit attacks one of your opponent's rear-guards"),
               ("own_vanguard", "choose_opponent_rear_guard"): gettext_noop(
                   "your vanguard attacks one of your opponent's rear-guards"),
               ("self", "choose_opponent_back_row"): gettext_noop(
                   "this unit attacks one of your opponent's back-row rear-guards"),
               ("own_vanguard", "choose_opponent_back_row"): gettext_noop(
                   "your vanguard attacks one of your opponent's back-row rear-guards")}
# "if this unit would be retired, (do this) instead" (8.2.1.3.1), by where the unit goes
INSTEAD_TEXT = {"soul": gettext_noop("if this unit would be retired, put it into your soul instead"),
                "hand": gettext_noop("if this unit would be retired, return it to your hand instead"),
                "deck_bottom": gettext_noop("if this unit would be retired, put it on the bottom of your deck instead")}
# "you may ... instead": the optional form (8.2.1.3.2)
MAY_INSTEAD_TEXT = {"soul": gettext_noop("if this unit would be retired, you may put it into your soul instead"),
                    "hand": gettext_noop("if this unit would be retired, you may return it to your hand instead"),
                    "deck_bottom": gettext_noop(
                        "if this unit would be retired, you may put it on the bottom of your deck instead")}
# "cancel the trigger effects" (12.3), by whose checks and how long
CANCEL_TEXT = {("self", "end_of_battle"): gettext_noop("cancel your trigger effects until end of battle"),
               ("self", "end_of_turn"): gettext_noop("cancel your trigger effects until end of turn"),
               ("opponent", "end_of_battle"): gettext_noop("cancel your opponent's trigger effects until end of battle"),
               ("opponent", "end_of_turn"): gettext_noop("cancel your opponent's trigger effects until end of turn")}
# an effect that names a player (ending the game, 1.2.5; an extra turn, 12.4), by kind and that player
GAME_END_TEXT = {("win_game", "self"): gettext_noop("you win the game"),
                 ("win_game", "opponent"): gettext_noop("your opponent wins the game"),
                 ("lose_game", "self"): gettext_noop("you lose the game"),
                 ("lose_game", "opponent"): gettext_noop("your opponent loses the game"),
                 ("extra_turn", "self"): gettext_noop("you get an extra turn"),
                 ("extra_turn", "opponent"): gettext_noop("your opponent gets an extra turn")}


def _which(e: dict) -> list[str]:
    """What an effect asks of the cards it finds: grade, "grade (n) or less", trigger, name or the declared name."""
    which = []
    if isinstance(e.get("grade"), int):
        which.append(gettext("grade %(grade)s") % {"grade": e["grade"]})
    if isinstance(e.get("max_grade"), int):
        which.append(gettext("grade %(grade)s or less") % {"grade": e["max_grade"]})
    if e.get("trigger"):
        which.append(wording.words(e["trigger"]))
    if e.get("name"):
        which.append(gettext("named “%(name)s”") % {"name": e["name"]})
    elif e.get("name_declared"):  # "with the declared name" (10.23)
        which.append(gettext("with the declared name"))
    return which


def _card_effect_text(e: dict) -> str:
    """A search, a discard, a card from the drop zone to the hand: how many, and which cards."""
    n = e["count"]
    which = _which(e)
    cards = ngettext("%(n)s card", "%(n)s cards", n) % {"n": n} + (f" ({', '.join(which)})" if which else "")
    if e["kind"] == "count_only":  # (a part of another sentence)
        return cards
    if e["kind"] == "search":
        return gettext("search your deck for up to %(cards)s, reveal it, put it into your hand and shuffle your "
                       "deck") % {"cards": cards}
    if e["kind"] == "drop_to_hand":
        return gettext("put %(cards)s from your drop zone into your hand") % {"cards": cards}
    return gettext("discard %(cards)s from your hand") % {"cards": cards}


def _counted(kind: str, count) -> str:
    return f"{wording.in_language(RULES_WORDS[kind])} {count}"


def cost_text(c: dict) -> str:
    text = _cost_words(c)
    # "[Counter Blast 1 - grade 3 card]" (10.16.1.1, 10.18.1.1): only cards that meet the requirement pay it
    if isinstance(c.get("grade"), int):
        return gettext("%(cost)s - grade %(grade)s card") % {"cost": text, "grade": c["grade"]}
    if c.get("name"):
        return gettext("%(cost)s - card named “%(name)s”") % {"cost": text, "name": c["name"]}
    return text


def _cost_words(c: dict) -> str:
    kind = c.get("kind")
    if kind in COUNTED:
        return _counted(kind, c.get("count"))
    if kind == "discard":
        count = c.get("count")
        return ngettext("discard %(n)s card from your hand", "discard %(n)s cards from your hand",
                        count if isinstance(count, int) else 2) % {"n": count}
    if kind == "rest_self":
        return gettext("rest this unit")
    if kind == "soul_self":
        return gettext("put this unit into your soul")
    if kind == "retire_self":
        return gettext("retire this unit")
    count = c.get("count")
    if kind == "rest_rear_guard":
        return ngettext("rest %(n)s of your rear-guards", "rest %(n)s of your rear-guards", count if isinstance(count, int) else 2) % {"n": count}
    if kind == "retire_rear_guard":
        return ngettext("retire %(n)s of your rear-guards", "retire %(n)s of your rear-guards",
                        count if isinstance(count, int) else 2) % {"n": count}
    if kind == "hand_to_soul":
        return ngettext("put %(n)s card from your hand into your soul", "put %(n)s cards from your hand into your soul",
                        count if isinstance(count, int) else 2) % {"n": count}
    return _part(c)


def effect_text(e: dict, timing: str = "") -> str:
    kind = e.get("kind")
    named = TARGET_TEXT.get(e.get("target"))
    target, plural = (gettext(named[0]), named[1]) if named else (str(e.get("target", "")).replace("_", " "), False)
    if isinstance(e.get("count"), int) and e["count"] > 1 and e.get("target") in CHOSEN_SEVERAL:  # "choose two of..."
        target, plural = gettext(CHOSEN_SEVERAL[e["target"]]) % {"n": e["count"]}, True
    if e.get("up_to") is True and e.get("target") in CHOSEN_SEVERAL:  # "up to one of..." (8.5.4.1.1)
        target = gettext("up to %(targets)s") % {"targets": gettext(CHOSEN_SEVERAL[e["target"]]) % {"n": e.get("count", 1)}}
    until = ""
    if e.get("duration") and timing != "cont":
        until = " " + (gettext(UNTIL_TEXT[e["duration"]]) if e["duration"] in UNTIL_TEXT
                       else gettext("until %(when)s") % {"when": wording.words(e["duration"])})
    if kind in STAT_TEXT:
        if not isinstance(amount := e.get("amount", 0), int):
            return _part(e)
        text = (pgettext("several targets", "%(target)s get %(amount)s %(stat)s") if plural
                else pgettext("one target", "%(target)s gets %(amount)s %(stat)s"))
        return (text % {"target": target, "amount": f"{amount:+}", "stat": gettext(STAT_TEXT[kind])}
                + per_text(e.get("per")) + until)  # "+2000 power for each card in your soul"
    if kind == "cannot_use_abilities":
        text = (pgettext("several targets", "%(target)s cannot use their abilities") if plural
                else pgettext("one target", "%(target)s cannot use its abilities"))
        return text % {"target": target} + until
    if kind == "cannot_be_guarded":
        return gettext("%(target)s cannot be guarded by grade %(grade)s or greater cards from the hand") % {
            "target": target, "grade": e.get("grade")} + until
    if kind == "cannot_be_hit":
        text = (pgettext("several targets", "%(target)s cannot be hit") if plural
                else pgettext("one target", "%(target)s cannot be hit"))
        return text % {"target": target} + until
    if kind == "draw":
        count = e.get("count")
        return ngettext("draw %(n)s card", "draw %(n)s cards", count if isinstance(count, int) else 2) % {"n": count}
    if kind == "bind_to_hand":
        count = e.get("count")
        return ngettext("put %(n)s card from your bind zone into your hand", "put %(n)s cards from your bind zone into your hand",
                        count if isinstance(count, int) else 2) % {"n": count}
    if kind == "heal":
        return gettext("heal %(n)s damage") % {"n": e.get("count")}
    if kind in COUNTED:
        return _counted(kind, e.get("count"))
    if kind in ACTION_TEXT:
        return gettext(ACTION_TEXT[kind]) % {"target": target}
    if kind == "become" and e.get("state") in BECOME_TEXT:
        return gettext(BECOME_TEXT[e["state"]]) % {"target": target}
    if kind == "superior_ride" and e.get("source") in RIDE_TEXT:
        which = gettext("a grade %(grade)s card") % {"grade": e["grade"]} if isinstance(e.get("grade"), int) else (
            gettext("a card named “%(name)s”") % {"name": e["name"]} if e.get("name") else gettext("a card"))
        return gettext(RIDE_TEXT[e["source"]]) % {"card": which}
    if kind == "look_top" and isinstance(e.get("count"), int):
        return gettext("look at the top %(n)s cards of your deck, put up to %(cards)s from among them into your hand, "
                       "and %(rest)s") % {"n": e["count"], "cards": _card_effect_text({**e, "kind": "count_only",
                                                                                      "count": e.get("take", 1)}),
                                          "rest": gettext("shuffle your deck") if e.get("rest") == "shuffle"
                                          else gettext("put the rest on the bottom of your deck")}
    if kind == "legion" and e.get("name"):
        return gettext("search your deck for “%(name)s”, legion with it and shuffle your deck") % {"name": e["name"]}
    if kind == "declare_name":
        return gettext("declare a card name")
    if kind == "retire_instead" and e.get("to") in INSTEAD_TEXT:
        return gettext((MAY_INSTEAD_TEXT if e.get("optional") else INSTEAD_TEXT)[e["to"]])
    if kind == "unlock" and isinstance(e.get("count"), int):
        return ngettext("unlock %(n)s of your locked cards", "unlock %(n)s of your locked cards", e["count"]) % {
            "n": e["count"]}
    if kind == "discard" and e.get("at_random") and isinstance(e.get("count"), int):
        return (ngettext("your opponent discards %(n)s card from his or her hand at random",
                         "your opponent discards %(n)s cards from his or her hand at random", e["count"])
                if e.get("player") == "opponent" else
                ngettext("discard %(n)s card from your hand at random", "discard %(n)s cards from your hand at random",
                         e["count"])) % {"n": e["count"]}
    if kind == "discard" and e.get("player") == "opponent" and isinstance(e.get("count"), int):
        return ngettext("your opponent discards %(n)s card from his or her hand",
                        "your opponent discards %(n)s cards from his or her hand", e["count"]) % {"n": e["count"]}
    if kind in ("search", "drop_to_hand", "discard") and isinstance(e.get("count"), int):
        return _card_effect_text(e)
    if kind == "lose_cost":
        return gettext("the abilities of %(target)s lose their cost") % {"target": target} + until
    if kind in ("gain_keyword", "lose_keyword") and e.get("keyword") in RULES_WORDS:
        text = (gettext("%(target)s gets “%(keyword)s”") if kind == "gain_keyword"
                else gettext("%(target)s loses “%(keyword)s”"))
        return text % {"target": target, "keyword": wording.in_language(RULES_WORDS[e["keyword"]])} + until
    if kind == "move_to_circle" and e.get("circle") == "choose":
        return gettext(MOVE_TO_CHOICE_TEXT) % {"target": target}
    if kind == "move_to_circle" and isinstance(e.get("circle"), str):
        return gettext(MOVE_TO_TEXT) % {"target": target, "circle": wording.words(e["circle"])}
    if kind == "effect_attack" and (e.get("attacker"), e.get("target")) in ATTACK_TEXT:
        return gettext(ATTACK_TEXT[e["attacker"], e["target"]])
    if kind == "cancel_triggers" and (e.get("player"), e.get("duration")) in CANCEL_TEXT:
        return gettext(CANCEL_TEXT[e["player"], e["duration"]])
    if (kind, e.get("player")) in GAME_END_TEXT:
        return gettext(GAME_END_TEXT[kind, e.get("player")])
    if kind == "delayed" and e.get("at") in ("end_of_turn", "end_of_battle") and isinstance(e.get("effects"), list):
        inner = ", ".join(effect_text(x, timing) for x in e["effects"] if isinstance(x, dict))
        return (gettext("at the end of the turn, %(effects)s") if e["at"] == "end_of_turn"
                else gettext("at the end of the battle, %(effects)s")) % {"effects": inner}
    if kind == "deal_damage" and e.get("player") in ("self", "opponent") and isinstance(e.get("count"), int):
        return (ngettext("deal %(n)s damage to your vanguard", "deal %(n)s damage to your vanguard", e["count"])
                if e["player"] == "self" else
                ngettext("deal %(n)s damage to your opponent's vanguard", "deal %(n)s damage to your opponent's vanguard",
                         e["count"])) % {"n": e["count"]}
    if kind == "call" and e.get("source") in CALL_TEXT:
        which = _which(e)  # "call a card from your drop zone to (RC) (grade 1 or less)"
        n = e.get("count", 1) if isinstance(e.get("count", 1), int) else 1
        table = UP_TO_CALLS_TEXT if e.get("up_to") and e["source"] in UP_TO_CALLS_TEXT else CALLS_TEXT
        words = (table[e["source"]](n) % {"n": n} if n > 1 or e.get("up_to")
                 else gettext(CALL_TEXT[e["source"]]))
        call = words + (f" ({', '.join(which)})" if which else "")
        if e.get("at_end_of_turn") in CALL_RETURN_TEXT:
            return gettext(CALL_RETURN_TEXT[e["at_end_of_turn"]]) % {"call": call}
        return call
    return _part(e)


def ability_text(ability: dict) -> str:
    """An ability as readable card text: "[AUTO] When this unit attacks, if Limit Break 4:
    [Counter Blast 1] this unit gets +5000 power until end of battle." """
    timing = ability.get("timing", "")
    head = gettext(TIMING_TEXT[timing]) if timing in TIMING_TEXT else f"[{str(timing).upper()}]"
    conditions = [condition_text(c) for c in ability.get("conditions", [])]
    if conditions:
        joined = gettext(" and ").join(conditions)
        head = (gettext("%(head)s, if %(conditions)s") if timing in AUTO
                else gettext("%(head)s if %(conditions)s")) % {"head": head, "conditions": joined}
    costs = [cost_text(c) for c in ability.get("cost", [])]
    effects = [gettext("if you do, %(effect)s") % {"effect": effect_text(e, timing)} if e.get("if_done")
               else effect_text(e, timing) for e in ability.get("effects", [])]
    body = (gettext("you may") + " " if ability.get("optional") else "") + (f"[{', '.join(costs)}] " if costs else "")
    if effects:
        then = gettext(", then ")
        body += then.join(effects) if len(effects) < 3 else ", ".join(effects[:-1]) + then + effects[-1]
    elif timing == "g_guardian":
        body += gettext("call this card from the G zone to (GC)")
    sep = ": " if conditions or timing in AUTO else " "
    text = f"{head}{sep}{body.strip()}." if body.strip() else f"{head}."
    if ability.get("once_per_turn"):
        text += " " + gettext("(once per turn)")
    return text
