"""Judge language: what the sandbox's pages say instead of the engine's identifiers.

The engine speaks in identifiers (``front_left``, ``twin_drive``, ``LOSS_DAMAGE``,
``players[0].hand[2].grade``) because they are stable data.  A judge at a table
reads circles, zones, phases and steps by their names in the rules, actions as
sentences ("Call Knight to the front left rear-guard circle"), expectations as
sentences ("the attack hits") and errors that say what to fix on the board.
Everything here is plain text; templates escape it.
"""
from __future__ import annotations

import re

from judgeapp.caches import ByteLRU

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
               "main": "main phase", "battle": "battle phase", "end": "end phase",
               # Weiss Schwarz's own phases (its stand, draw, main and end phases share the names above)
               "clock": "clock phase", "climax": "climax phase", "attack": "attack phase", "encore": "encore step"}
STEP_NAMES = {"start": "start step", "attack": "attack step", "guard": "guard step", "drive": "drive step",
              "damage": "damage step", "close": "close step",
              # Weiss Schwarz's attack steps (its damage step shares the name above)
              "declaration": "attack declaration step", "trigger": "trigger step", "counter": "counter step",
              "battle": "battle step", "encore": "encore step",
              # the steps of Vanguard's draw and ride phases
              "draw": "draw step", "g_assist": "G assist step", "ride": "ride step", "stride": "stride step"}
STATUS_WORDS = {"stand": "standing", "rest": "rested", "reverse": "reversed"}
IDENTIFIER = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")


def words(identifier) -> str:
    """An identifier as words: its name in the rules when it has one, else its parts."""
    text = str(identifier)
    if text in ZONE_NAMES:
        return ZONE_NAMES[text]
    return WORDS.get(text, text.replace("_", " "))


# A log repeats the same sentences, and a long log is rendered on every step.  Bounded in bytes
# (judgeapp/caches.py): a sentence names cards, and a card's name is the visitor's.
_SENTENCES = ByteLRU("sentences", lambda sentence: 4 * len(sentence) + 200)  # with its key, about as long


def judge_text(text: str) -> str:
    """An engine sentence with every identifier in it named as the rules name it."""
    if "_" not in text:
        return text
    known = _SENTENCES.get(text)
    if known is None:
        known = IDENTIFIER.sub(lambda m: words(m.group(0)), text)
        _SENTENCES.put(text, known)
    return known


def phase_text(phase: str | None, step: str | None = None) -> str:
    out = PHASE_NAMES.get(phase or "", words(phase or ""))
    if step:
        out += f", {STEP_NAMES.get(step, words(step))}"
    return out


def outcome_text(outcome: dict | None) -> str:
    if not outcome:
        return ""
    if outcome.get("winner") is None:
        return f"the game is a draw ({words(outcome.get('reason', ''))})"
    return f"player {outcome['winner']} wins ({words(outcome.get('reason', ''))})"


# ---------------------------------------------------------------- field paths -> what to fix on the board
PATH_PART = re.compile(r"([A-Za-z_]+)(?:\[(\d+)\])?")


def field_text(path: str) -> str:
    """``scenario.players[0].hand[1].grade`` -> "player 0, hand, card 2, grade"."""
    bits = []
    for name, index in PATH_PART.findall(path or ""):
        if name in ("scenario", "definition", "field", "body"):
            continue
        if name == "players" and index:
            bits.append(f"player {index}")
        elif index:
            bits.append(f"{words(name)}, {'card' if name in ZONE_NAMES else 'item'} {int(index) + 1}")
        else:
            bits.append(words(name))
    return ", ".join(bits)


def error_text(field: str, message: str) -> str:
    """An input error as a judge reads it: where on the board (or which form field), then what is wrong."""
    where = field_text(field)
    message = judge_text(message)
    return f"{where[:1].upper()}{where[1:]}: {message}" if where else message[:1].upper() + message[1:]


# ---------------------------------------------------------------- expectations as sentences
def expectation_text(e: dict, names: dict[str, str] | None = None) -> str:
    """One expectation of the scenario format as a sentence ("the attack hits", "player 1 has 1 damage")."""
    names = names or {}

    def card(key: str = "card") -> str:
        cid = e.get(key)
        return names.get(cid, f"card {cid}")

    kind = e.get("expect")
    if kind == "hit":
        which = f"attack of battle {e['battle']}" if "battle" in e else "attack"
        return f"the {which} {'hits' if e.get('equals') else 'does not hit'}"
    if kind == "damage":
        return f"player {e.get('player')} has {e.get('count')} damage"
    if kind == "zone_count":
        return f"player {e.get('player')}'s {words(e.get('zone'))} holds {e.get('count')} cards"
    if kind == "card_in":
        whose = f"player {e['player']}'s " if "player" in e else "the "
        return f"{card()} is in {whose}{words(e.get('zone'))}"
    if kind in ("power", "critical"):
        return f"{card()} has {e.get('equals')} {kind}"
    if kind == "winner":
        return "nobody has won yet" if e.get("equals") is None else f"player {e.get('equals')} wins" + (
            f" ({words(e['reason'])})" if e.get("reason") else "")
    if kind == "rested":
        return f"{card()} is {'resting' if e.get('equals') else 'standing'}"
    if kind == "face_down":
        return f"{card()} is {'face down' if e.get('equals') else 'face up'}"
    if kind == "legion":
        return f"{card()} is {'in' if e.get('equals') else 'not in'} legion"
    if kind == "phase":
        out = f"the game is in the {phase_text(e.get('phase'), e.get('step'))}"
        return out + (f" of turn {e['turn']}" if "turn" in e else "")
    if kind in ("soul", "card_level"):  # Weiss Schwarz's
        return f"{card()} has {e.get('equals')} {'level' if kind == 'card_level' else 'soul'}"
    if kind == "level":
        return f"player {e.get('player')} is level {e.get('equals')}"
    if kind == "status":
        return f"{card()} is {STATUS_WORDS.get(e.get('equals'), words(e.get('equals')))}"
    if kind == "refresh_points":
        return f"player {e.get('player')} has {e.get('equals')} refresh points"
    if kind == "decision":
        who = f"player {e['player']}" if "player" in e else "a player"
        return f"{who} must decide: {words(e.get('kind'))}"
    if kind == "event":
        what = words(e.get("kind", "an event"))
        cited = f" citing {e['citation']}" if e.get("citation") else ""
        if e.get("absent"):
            return f"no {what} event{cited} happens"
        return f"{what} happens{cited}" + (f" {e['count']} times" if "count" in e else "")
    return words(str(kind))
