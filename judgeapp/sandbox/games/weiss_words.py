"""Weiss Schwarz's words: the names of its own phases and attack steps (its stand, draw, main and end phases
and its damage step share Vanguard's names), card statuses, and its expectations as sentences."""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from engine.weiss import characteristics
from engine.weiss.actions import SLOTS

from ..wording import RulesWord, words

# The game's words as its Italian rules print them (wording.RulesWord: word and clause); with no English text of
# these rules here, the English words are the project's names for them (docs/sandbox-game-words.md).
# tests/judgeapp/sandbox/games/test_weiss_words.py finds each Italian word in the clause it cites.
ZONE_NAMES = {
    "deck": RulesWord("Deck Area", "3.2.2", "deck"),
    "hand": RulesWord("Mano", "3.3.2", "hand"),
    "waiting_room": RulesWord("Waiting Room", "3.4.2", "waiting room"),
    "clock": RulesWord("Clock Area", "3.8.2", "clock"),
    "level": RulesWord("Level Area", "3.9.2", "level"),
    "stock": RulesWord("Stock Area", "3.10.2", "stock"),
    "memory": RulesWord("Memory Area", "3.12.1", "memory"),
    "climax": RulesWord("Climax Area", "3.11.2", "climax area"),
    "resolution": RulesWord("Resolution Area", "3.13.1.1", "resolution area"),
    "center_left": RulesWord("Posizione Sinistra del Center Stage", "3.6.3", "center stage left"),
    "center_middle": RulesWord("Posizione Centrale del Center Stage", "3.6.3", "center stage middle"),
    "center_right": RulesWord("Posizione Destra del Center Stage", "3.6.3", "center stage right"),
    "back_left": RulesWord("Posizione Sinistra del Back Stage", "3.6.3", "back stage left"),
    "back_right": RulesWord("Posizione Destra del Back Stage", "3.6.3", "back stage right"),
}
PHASE_NAMES = {
    "stand": RulesWord("Stand Phase", "6.2.1.1", "stand phase"),
    "draw": RulesWord("Draw Phase", "6.3.1.1", "draw phase"),
    "clock": RulesWord("Clock Phase", "6.4.1.1", "clock phase"),
    "main": RulesWord("Main Phase", "6.5.1.1", "main phase"),
    "climax": RulesWord("Climax Phase", "6.5.1.2.5", "climax phase"),
    "attack": RulesWord("Attack Phase", "7.1.1", "attack phase"),
    "encore": RulesWord("Encore Step", "7.7.1.1", "encore step"),
    "end": RulesWord("End Phase", "6.8.1.1", "end phase"),
}
STEP_NAMES = {
    "declaration": RulesWord("Attack Declaration Step", "7.1.2", "attack declaration step"),
    "trigger": RulesWord("Trigger Step", "7.3.1.1", "trigger step"),
    "counter": RulesWord("Counter Step", "7.4.1.1", "counter step"),
    "damage": RulesWord("Damage Step", "7.5.1.1", "damage step"),
    "battle": RulesWord("Battle Step", "7.6.1.1", "battle step"),
    "encore": RulesWord("Encore Step", "7.7.1.1", "encore step"),
}
STATUS_WORDS = {
    "stand": RulesWord("in Stand", "4.6.1.1", "standing"),
    "rest": RulesWord("in Rest", "4.6.1.2", "rested"),
    "reverse": RulesWord("in Reverse", "4.6.1.3", "reversed"),
}
# The three kinds of card (2.3.2), as a card's tile names them.
CARD_TYPES = {
    "character": RulesWord("Personaggio", "2.3.2.1.1", "character"),
    "event": RulesWord("Evento", "2.3.2.2", "event"),
    "climax": RulesWord("Climax", "2.3.2.3", "climax"),
}
# The words of its decisions' answers: marked here, translated where a label is made (games/boards.py's
# shared_label, weiss.py's action_label).
PASS_LABELS = {"main": gettext_noop("Pass: go to the climax phase"),
               "climax": gettext_noop("Pass: go to the attack phase"),
               "attack": gettext_noop("Pass: end the attacks (encore step)"), "counter": gettext_noop("Pass: no counter"),
               "clock": gettext_noop("Pass: put no card into the clock"), "use": gettext_noop("No"),
               "encore": gettext_noop("Pass: no encore"), "mulligan": gettext_noop("Keep the hand"),
               "replacement": gettext_noop("Do not use it: into the waiting room")}
ACCEPT_LABELS = {"use": gettext_noop("Yes"), "encore": gettext_noop("Pay the encore"),
                 "replacement": gettext_noop("Use the replacement effect")}
ATTACK_LABELS = {"front": gettext_noop("Front attack with %(card)s"), "side": gettext_noop("Side attack with %(card)s"),
                 "direct": gettext_noop("Direct attack with %(card)s")}
# Its own kinds of expectation, for the form's choice (the shared ones are in wording.py).
EXPECTATION_KINDS = {
    "soul": gettext_noop("a card's soul"), "card_level": gettext_noop("a card's level"),
    "level": gettext_noop("a player's level"), "status": gettext_noop("a card's status"),
    "refresh_points": gettext_noop("a player's refresh points"), "trait": gettext_noop("a card's trait"),
}
# Its other identifiers a judge meets in the forms (the shared ones are named by the other games' tables).
WORDS = {"end_of_next_turn": gettext_noop("end of next turn"),
         # the outcome's reasons (the status line and the ruling page said "LOSS LEVEL FOUR", "REFRESH LOSS")
         "LOSS_LEVEL_FOUR": gettext_noop("level 4"),
         "REFRESH_LOSS": gettext_noop("no cards left in the deck or the waiting room"),
         "WIN_LOSE_BY_EFFECT": gettext_noop("by a card's effect"), "CONCEDE": gettext_noop("a player concedes")}
ICONS = {"soul": RulesWord("Soul", "7.3.1.2.2", "soul"), "wind": RulesWord("Wind", "7.3.1.2.3", "wind"),
         "bag": RulesWord("Bag", "7.3.1.2.4", "bag"), "gate": RulesWord("Gate", "7.3.1.2.5", "gate"),
         "book": RulesWord("Book", "7.3.1.2.6", "book"), "flame": RulesWord("Flame", "7.3.1.2.7", "flame"),
         "treasure": RulesWord("Treasure", "7.3.1.2.8", "treasure"), "pants": RulesWord("Pants", "7.3.1.2.9", "pants")}
# The values the engine's sentences carry (judgeapp/sandbox/engine_words.py): the kind of an attack as the rules
# print it (the Italian sentence says "effettua un %(kind)s"), a card's colour in plain words.
SENTENCE_WORDS = {
    # what an ability's effect does to a card ("%(card)s: %(value)s %(card2)s", engine/weiss/effects.py): the effect's
    # identifier's words showed in English on an Italian log ("bounce", "to waiting room")
    "value": {"bounce": gettext_noop("returns to the hand"), "to_waiting_room": gettext_noop("puts into the waiting room"),
              "to_clock": gettext_noop("puts into the clock"), "to_stock": gettext_noop("puts on top of the stock"),
              "to_deck_bottom": gettext_noop("puts at the bottom of the deck"), "rest": gettext_noop("rests"),
              "stand": gettext_noop("stands"), "reverse": gettext_noop("reverses")},
    "kind": {"front": RulesWord("Attacco Frontale", "7.2.1.4.2", "front attack"),
             "side": RulesWord("Attacco Laterale", "7.2.1.4.2", "side attack"),
             "direct": RulesWord("Attacco Diretto", "7.2.1.4.1", "direct attack")},
    "colour": {"yellow": gettext_noop("yellow"), "green": gettext_noop("green"), "red": gettext_noop("red"),
               "blue": gettext_noop("blue")},
    # the trigger icons, as 7.3.1.2.x prints them ("Icona Soul"...)
    "icon": ICONS, "icons": ICONS,
    "stat": {"power": gettext_noop("power"), "soul": RulesWord("Soul", "7.3.1.2.2", "soul"),
             "level": gettext_noop("level")},
    # the automatic abilities' timings a stand-by sentence names
    "timing": {"rule encore [3]": gettext_noop("rule encore [3]"), "flame icon": gettext_noop("flame icon"),
               "on_play": gettext_noop("when it is played"), "on_attack": gettext_noop("when it attacks"),
               "on_reverse": gettext_noop("when it is reversed"),
               "on_reverse_opponent": gettext_noop("when it reverses its battle opponent"),
               "on_climax": gettext_noop("when a climax is played"), "on_cancel": gettext_noop("when its damage is cancelled"),
               "begin_main": gettext_noop("at the start of your main phase"),
               "begin_climax": gettext_noop("at the start of your climax phase"),
               "begin_attack": gettext_noop("at the start of your attack phase"),
               "begin_encore": gettext_noop("at the start of the encore step"),
               "turn_end": gettext_noop("at the end of the turn"),
               # 8.7.4, 8.7.5, 8.7.6: an area-change trigger, a delayed ability, a situation trigger
               "on_stage_to_waiting_room": gettext_noop("when it goes from the stage to the waiting room"),
               "on_leave_stage": gettext_noop("when it leaves the stage"),
               "on_area_change": gettext_noop("when it is put from one area into another"),
               "on_other_play": gettext_noop("when another of your characters is played"),
               "on_front_attacked": gettext_noop("when it is front attacked"),
               "on_attacked": gettext_noop("when it is attacked"),
               "delayed": gettext_noop("delayed"), "situation": gettext_noop("when its situation holds"),
               # the kinds only a character has, as a card's check names them (engine/weiss/cards.py)
               "act": gettext_noop("ACT"), "backup": RulesWord("Backup", "10.5.1", "backup"),
               "encore": RulesWord("Encore", "10.2.1", "encore"), "bond": RulesWord("Bond", "10.4.1", "bond"),
               "bodyguard": RulesWord("Bodyguard", "10.6.1", "bodyguard"),
               "replace": gettext_noop("a replacement effect"), "on_change": RulesWord("Change", "10.8.1", "change"),
               "on_other_attack": gettext_noop("when another of your characters attacks"),
               "on_accelerate": gettext_noop("when you use Accelerate")},
    "reason": {"rule action (9.4.1): level 4": gettext_noop("rule action (9.4.1): level 4"),
               "an effect (1.2.5)": gettext_noop("an effect (1.2.5)")},
}
# What an expectation of an event or a decision names (the worked examples' "What the engine must decide"), as a
# judge says it: the engine's kinds of event and decision are identifiers ("refresh_point"), never shown as they are.
EVENT_NAMES = {
    "attack": gettext_noop("an attack"), "backup": gettext_noop("a backup"), "battle": gettext_noop("the battle"),
    "counter_pass": gettext_noop("no counter is played"), "damage_cancelled": gettext_noop("the damage is cancelled"),
    "damage_reveal": gettext_noop("a damage card is revealed"), "damage_taken": gettext_noop("damage is taken"),
    "deal_damage": gettext_noop("damage is dealt"), "encore": gettext_noop("an encore"),
    "mill": gettext_noop("a card is put from the top of the deck into the waiting room"),
    "encore_step": gettext_noop("a reversed character goes to the waiting room"),
    "game_over": gettext_noop("the game ends"), "level_up": gettext_noop("a level up"),
    "modifier": gettext_noop("a change of power or soul"), "refresh": gettext_noop("a refresh"),
    "refresh_point": gettext_noop("a refresh point"), "trigger_check": gettext_noop("a trigger check"),
    "climax": gettext_noop("a climax is played"), "clock": gettext_noop("a card is put into the clock"),
    "stock": gettext_noop("a card goes into the stock"), "end_of_turn": gettext_noop("effects until the end of the turn end"),
    # the kinds the engines grew since the first walk (site walk 2): "un evento" said nothing
    "ability": gettext_noop("an ability resolves"),
    "power_zero": gettext_noop("a character with 0 or less power goes to the waiting room"),
    "draw": gettext_noop("a card is drawn"),
    "no_battle": gettext_noop("there is no battle"),
    "no_damage": gettext_noop("no damage is dealt"),
    "act": gettext_noop("an ACT ability is played"),
    "replaced": gettext_noop("an event is replaced"),
    "no_target": gettext_noop("an effect finds no target"),
    "move": gettext_noop("a character moves"),
    "no_attack": gettext_noop("no attack is made"),
    "discard": gettext_noop("a card is discarded"),
    "look": gettext_noop("cards of the deck are looked at"),
    "reveal": gettext_noop("the top card of the deck is revealed"),
    "counted": gettext_noop("an effect's number is read as it resolves"),
    "ability_given": gettext_noop("an effect gives a character an ability for a while"),
    "change": gettext_noop("a change"),
    "cost": gettext_noop("a cost is paid"),
    "play_event": gettext_noop("an event card is played"),
    # every other kind the engine logs (tests/judgeapp/sandbox/games/test_weiss_words.py gathers them from its source
    # and its scenarios): the expectation lists said "un evento" for each
    "attack_end": gettext_noop("the attack sub-phase ends"),
    "bounce": gettext_noop("an effect returns a character to the hand"),
    "brainstorm": gettext_noop("a Brainstorm reveals cards"),
    "climax_away": gettext_noop("the climax goes to the waiting room at the end of the turn"),
    "climax_pass": gettext_noop("no climax is played"),
    "clock_pass": gettext_noop("no card is put into the clock in the clock phase"),
    "concede": gettext_noop("a player concedes"),
    "counter": gettext_noop("a counter is played"),
    "delayed_created": gettext_noop("an effect creates a delayed ability"),
    "does_not_stand": gettext_noop("a character does not stand in the stand phase"),
    "effect_in_force": gettext_noop("an effect is in force from the start"),
    "encore_end": gettext_noop("the encore step ends"),
    "end_phase_again": gettext_noop("the end phase is gone through again"),
    "event_done": gettext_noop("a resolved event card goes to the waiting room"),
    "first_player": gettext_noop("the first player is decided"),
    "flame": gettext_noop("the Flame icon's ability triggers"),
    "flame_spent": gettext_noop("the Flame icon's ability is used up"),
    "game_starts": gettext_noop("the game starts"),
    "gate": gettext_noop("the Gate icon returns a character to the hand"),
    "heal": gettext_noop("an effect puts a card from the clock into the hand"),
    "icon_declined": gettext_noop("a trigger icon is not used"),
    "inactive": gettext_noop("a part of an effect is inactive"),
    "interrupt_order": gettext_noop("the order of a refresh and a level up is chosen"),
    "judge_modifier": gettext_noop("the judge adds an effect"),
    "judge_move": gettext_noop("the judge moves a card"),
    "judge_remove_modifier": gettext_noop("the judge removes an effect"),
    "judge_set_clock": gettext_noop("the judge sets the clock"),
    "judge_status": gettext_noop("the judge changes a card's status"),
    "look_rest": gettext_noop("the cards looked at and not taken go where the effect says"),
    "look_take": gettext_noop("a card looked at goes into the hand"),
    "main_end": gettext_noop("the main phase ends"),
    "marker": gettext_noop("cards go under a character as markers"),
    "markers_away": gettext_noop("a character's markers go to the waiting room"),
    "markers_move": gettext_noop("markers move with their character"),
    "markers_unassigned": gettext_noop("markers under no character go to the waiting room"),
    "moved": gettext_noop("an effect moves a character to another position"),
    "mulligan": gettext_noop("cards of the starting hand are drawn again"),
    "next_turn": gettext_noop("the other player becomes the turn player"),
    "overlap": gettext_noop("a card put on another goes to the waiting room"),
    "pants": gettext_noop("the Pants icon returns a climax to the hand"),
    "phase_start": gettext_noop("a phase begins"),
    "play": gettext_noop("a character is played"),
    "put_climax": gettext_noop("an effect puts a climax into the climax area"),
    "put_on_stage": gettext_noop("an effect puts a character onto the stage"),
    "replacement_declined": gettext_noop("a replacement effect is not used"),
    "replacement_unusable": gettext_noop("a replacement effect cannot be used"),
    "rest": gettext_noop("an effect rests a character"),
    "reverse": gettext_noop("an effect reverses a character"),
    "salvage": gettext_noop("an effect returns a card from the waiting room to the hand"),
    "search": gettext_noop("an effect takes a card from the deck into the hand"),
    "shift": gettext_noop("a Shift swaps two cards"), "stand": gettext_noop("an effect stands a character"),
    "shot": gettext_noop("the Flame icon's ability deals its damage"),
    "shuffle": gettext_noop("a deck is shuffled"),
    "stand_phase": gettext_noop("the turn player's characters stand"),
    "standby": gettext_noop("an automatic ability triggers"),
    "standby_cancelled": gettext_noop("a triggered ability is cancelled"),
    "standby_declined": gettext_noop("a triggered ability is not played"),
    "standby_fails": gettext_noop("a triggered ability's effect fails"),
    "step": gettext_noop("a step of the attack begins"),
    "stock_charge": gettext_noop("the top card of the deck goes into the stock"),
    "to_clock": gettext_noop("an effect puts a character into the clock"),
    "to_deck_bottom": gettext_noop("an effect puts a character at the bottom of the deck"),
    "to_memory": gettext_noop("an effect puts a card into the memory"),
    "to_stock": gettext_noop("an effect puts a character into the stock"),
    "to_waiting_room": gettext_noop("an effect puts a character into the waiting room"),
    "treasure": gettext_noop("the Treasure icon's card goes into the hand"),
    "turn_start": gettext_noop("a turn begins"),
    "unchanged": gettext_noop("nothing is done: the character already is so"),
    "wind": gettext_noop("the Wind icon returns a character to the hand"),
}
DECISION_NAMES = {
    "attack": gettext_noop("which character attacks, and how"), "encore": gettext_noop("whether to pay the encore"),
    "level_up": gettext_noop("which card levels up"), "main": gettext_noop("what to do in the main phase"),
    "choose": gettext_noop("a choice"), "counter": gettext_noop("whether to counter"),
    "climax": gettext_noop("whether to play a climax"), "clock": gettext_noop("whether to put a card into the clock"),
    # the kinds the engines grew since the first walk (site walk 2): "un evento" said nothing
    "use": gettext_noop("whether to use an ability"),
    "cost": gettext_noop("how to pay a cost"),
    "replacement": gettext_noop("which replacement effect applies"),
    "place": gettext_noop("where to put the card"),
    "discard": gettext_noop("which card to discard"),
    "order": gettext_noop("in which order"),
    "mulligan": gettext_noop("which cards of the starting hand to draw again"),
    "look_rest": gettext_noop("where a card looked at goes"),
}
# The fields of its cards, abilities and board as the file names them, in words: an error on a pasted scenario names
# where to fix it ("Modelli di carta, cx, Anima" named another game's zone for a climax's soul)
FIELD_WORDS = {
    "power": RulesWord("Power", "2.9.1", "power"), "soul": RulesWord("Soul", "2.10.1", "soul"),
    "counter": gettext_noop("counter icon"), "timing": gettext_noop("kind of ability"),
    "effects": gettext_noop("effects"), "conditions": gettext_noop("conditions"), "kind": gettext_noop("kind"),
    "target": gettext_noop("target"), "filter": gettext_noop("which cards"), "amount": gettext_noop("power bonus"),
    "instead": gettext_noop("where it goes instead"), "event": gettext_noop("what it replaces"),
    "optional": gettext_noop("optional"), "if": gettext_noop("condition of the part"),
    "up_to": gettext_noop("up to"), "chooser": gettext_noop("who chooses"),
    "any_order": gettext_noop("in any order"), "take": gettext_noop("cards taken"),
    "rest": gettext_noop("where the other cards go"), "action": gettext_noop("what is forbidden"),
    "at": gettext_noop("when"), "card": gettext_noop("card"), "duration": gettext_noop("duration"),
    "from": gettext_noop("from"), "to": gettext_noop("to"), "slot": gettext_noop("stage position"),
    "source": gettext_noop("where the effect comes from"), "stat": gettext_noop("what changes"),
    "text": gettext_noop("text"), "trait": gettext_noop("trait"), "face_down": gettext_noop("face down"),
    "stage": RulesWord("Stage", "3.5.1", "stage"), "markers": RulesWord("Marker", "3.7.1", "markers"),
    "modifiers": gettext_noop("effects in force"), "refresh_points": gettext_noop("refresh points"),
    "status": gettext_noop("status"), "player": gettext_noop("player"), "zone": gettext_noop("area"),
    "per": gettext_noop("what is counted"), "other": gettext_noop("other cards only"),
    "equal_to": gettext_noop("what X equals"), "plus": gettext_noop("added to X"),
    "once_per_turn": gettext_noop("once per turn"), "times_per_turn": gettext_noop("times per turn"),
}
WORDS_TABLES = {"WORDS": WORDS, "ZONE_NAMES": ZONE_NAMES, "PHASE_NAMES": PHASE_NAMES, "STEP_NAMES": STEP_NAMES,
                "STATUS_WORDS": STATUS_WORDS, "EXPECTATION_KINDS": EXPECTATION_KINDS, "EVENT_NAMES": EVENT_NAMES,
                "DECISION_NAMES": DECISION_NAMES}


def expectation_text(e: dict, card) -> str | None:
    """One of Weiss Schwarz's own expectations as a sentence (None for a kind it does not have)."""
    kind = e.get("expect")
    if kind in ("soul", "card_level"):
        text = gettext("%(card)s has %(value)s "
                       "level") if kind == "card_level" else gettext("%(card)s has %(value)s soul")
        return text % {"card": card(), "value": e.get("equals")}
    if kind == "level":
        return gettext("player %(player)s is level %(level)s") % {"player": e.get("player"), "level": e.get("equals")}
    if kind == "status" and "equals" in e:  # (another game's "status" names its status otherwise)
        status = str(STATUS_WORDS[e["equals"]]) if e.get("equals") in STATUS_WORDS else words(e.get("equals"))
        return gettext("%(card)s is %(status)s") % {"card": card(), "status": status}
    if kind == "refresh_points":
        return gettext("player %(player)s has %(count)s refresh points") % {"player": e.get("player"),
                                                                           "count": e.get("equals")}
    if kind == "trait":
        text = gettext("%(card)s has the trait «%(trait)s»") if e.get("equals") else gettext(
            "%(card)s does not have the trait «%(trait)s»")
        return text % {"card": card(), "trait": e.get("trait")}
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


def replacement_label(state, action: dict, name) -> str:
    """A replacement effect offered to a character's controller (8.10.2.1), by where it puts the character."""
    if action.get("card") is not None:  # a draw or damage several cards' effects replace (8.10.2.2): by its card
        return gettext("Apply %(card)s's replacement effect") % {"card": name(action.get("card"))}
    task = state.agenda[-1] if state.agenda else {}
    abilities = state.cards[task["card"]].abilities if task.get("t") == "replacement" else ()
    index = action.get("ability")
    if not isinstance(index, int) or not 0 <= index < len(abilities):
        return gettext("Apply a replacement effect")
    instead = abilities[index].instead
    if instead == "deck_bottom":
        return gettext("Apply the replacement effect: %(card)s to the bottom of the deck") % {"card": name(task["card"])}
    return gettext("Apply the replacement effect: %(card)s into the %(area)s") % {"card": name(task["card"]),
                                                                                 "area": words(instead)}
