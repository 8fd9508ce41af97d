"""Vanguard's words: its identifiers as the rules name them (merged into judgeapp/sandbox/wording.py's
vocabulary), and its expectations as sentences."""
from __future__ import annotations

from django.utils.translation import gettext

from ..wording import phase_text, words

ZONE_NAMES = {
    "vanguard": "vanguard circle", "front_left": "front left rear-guard circle",
    "back_left": "back left rear-guard circle", "back_centre": "back centre rear-guard circle",
    "back_right": "back right rear-guard circle", "front_right": "front right rear-guard circle",
    "guardian": "guardian circle", "deck": "deck", "hand": "hand", "drop": "drop zone", "damage": "damage zone",
    "soul": "soul", "trigger": "trigger zone", "bind": "bind zone", "gzone": "G zone", "removal": "removal zone",
    "legion_mate": "Legion Mate",
}
# Other identifiers a judge may meet in forms and texts, by their names on cards and in the rules.
WORDS = {
    "twin_drive": "twin drive", "triple_drive": "triple drive", "g_unit": "G unit", "no_hit": "cannot be hit",
    "end_of_battle": "end of battle", "end_of_turn": "end of turn", "while": "while a condition holds",
    "game": "for the rest of the game", "on_ride": "when it rides", "on_call": "when it is called",
    "on_place": "when it is placed", "on_attack": "when it attacks", "on_boost": "when it boosts",
    "on_hit": "when its attack hits", "on_drive_check": "when a drive check is made",
    "on_no_hit": "when its attack does not hit", "on_battle_end": "at the end of its battle",
    "begin_ride_phase": "at the beginning of your ride phase", "begin_main_phase": "at the beginning of your main "
    "phase", "begin_end_phase": "at the beginning of your end phase", "act": "ACT", "cont": "CONT",
    "g_guardian": "G guardian", "limit_break": "Limit Break", "generation_break": "Generation Break",
    "counter_blast": "Counter Blast", "soul_blast": "Soul Blast", "counter_charge": "Counter Charge",
    "soul_charge": "Soul Charge", "rest_self": "rest this unit", "cannot_be_hit": "cannot be hit",
    "own_vanguard": "your vanguard", "guarded_unit": "the guarded unit", "all_own_rear_guards": "all your rear-guards",
    "choose_own_unit": "one of your units", "choose_own_rear_guard": "one of your rear-guards",
    "choose_opponent_unit": "one of your opponent's units", "choose_opponent_rear_guard":
    "one of your opponent's rear-guards", "deck_top": "top of the deck", "rear_guard": "rear-guard circle",
    "rear_guards": "rear-guards", "zone_count": "number of cards in a zone", "card_in": "where a card is",
    "face_down": "face down", "turn_player": "turn player", "self": "this unit", "none": "none",
    "LOSS_DAMAGE": "six or more damage", "LOSS_DECK": "no cards left in the deck",
    "LOSS_NO_VANGUARD": "no vanguard", "simultaneous loss": "both players lose at once",
    "judge_move": "move a card", "judge_add_modifier": "add a modifier", "judge_remove_modifier":
    "remove a modifier", "judge_set_damage": "set damage", "judge_standby": "put an ability on stand-by",
}
PHASE_NAMES = {"setup": "set-up", "stand": "stand phase", "draw": "draw phase", "ride": "ride phase",
               "main": "main phase", "battle": "battle phase", "end": "end phase"}
STEP_NAMES = {"start": "start step", "attack": "attack step", "guard": "guard step", "drive": "drive step",
              "damage": "damage step", "close": "close step",
              # the steps of the draw and ride phases
              "draw": "draw step", "g_assist": "G assist step", "ride": "ride step", "stride": "stride step"}
WORDS_TABLES = {"ZONE_NAMES": ZONE_NAMES, "WORDS": WORDS, "PHASE_NAMES": PHASE_NAMES, "STEP_NAMES": STEP_NAMES}


def expectation_text(e: dict, card) -> str | None:
    """One of Vanguard's expectations as a sentence (None for a kind it does not have)."""
    kind = e.get("expect")
    if kind == "hit":
        if "battle" in e:
            text = gettext("the attack of battle %(battle)s hits") if e.get("equals") else gettext(
                "the attack of battle %(battle)s does not hit")
            return text % {"battle": e["battle"]}
        return gettext("the attack hits") if e.get("equals") else gettext("the attack does not hit")
    if kind == "damage":
        return gettext("player %(player)s has %(count)s damage") % {"player": e.get("player"), "count": e.get("count")}
    if kind == "card_in":
        if "player" in e:
            return gettext("%(card)s is in player %(player)s's %(zone)s") % {
                "card": card(), "player": e["player"], "zone": words(e.get("zone"))}
        return gettext("%(card)s is in the %(zone)s") % {"card": card(), "zone": words(e.get("zone"))}
    if kind in ("power", "critical"):
        text = gettext("%(card)s has %(value)s "
                       "power") if kind == "power" else gettext("%(card)s has %(value)s critical")
        return text % {"card": card(), "value": e.get("equals")}
    if kind == "rested":
        return (gettext("%(card)s is "
                        "resting") if e.get("equals") else gettext("%(card)s is standing")) % {"card": card()}
    if kind == "face_down":
        return (gettext("%(card)s is face "
                        "down") if e.get("equals") else gettext("%(card)s is face up")) % {"card": card()}
    if kind == "legion":
        return (gettext("%(card)s is in legion") if e.get("equals") else gettext("%(card)s is not in legion")) % {
            "card": card()}
    if kind == "phase":
        out = gettext("the game is in the %(phase)s") % {"phase": phase_text(e.get("phase"), e.get("step"))}
        return out + (" " + gettext("of turn %(turn)s") % {"turn": e["turn"]} if "turn" in e else "")
    return None
