"""Altered's words: its zones, phases, statuses and statistics named as the Italian rules (``altered-cr-it``) name
them, the day's position as a heading, and its expectations as sentences.

There is no English text of these rules in the corpus: the English words here are the ones the game's own English
cards and rules use (documented in docs/engine-assumptions-altered.md, "Words of the sandbox"); the Italian ones,
in locale/, are the rules' (1.2.3.b zones, 4.2.a phases, 2.4 statuses, 2.2.9.b statistics).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.utils.translation import gettext_noop

from engine.altered.state import COMPANION_REGION, HERO_REGION

from ..wording import player_words, words

#: 1.2.3.b, 3.2.4.b (the two expeditions of a player in the shared Expedition zone)
ZONE_LABELS = {
    "deck": gettext_noop("Deck"), "hand": gettext_noop("Hand"), "discard": gettext_noop("Discard pile"),
    "reserve": gettext_noop("Reserve"), "landmarks": gettext_noop("Landmark zone"),
    "mana": gettext_noop("Mana zone"), "hero": gettext_noop("Hero zone"), "limbo": gettext_noop("Limbo"),
    "hero_expedition": gettext_noop("Hero expedition"),
    "companion_expedition": gettext_noop("Companion expedition"),
}
#: 4.2.a: the five phases of a day (and the game's set-up, 4.1)
PHASE_LABELS = {
    "setup": gettext_noop("Set-up"), "morning": gettext_noop("Morning"), "noon": gettext_noop("Noon"),
    "afternoon": gettext_noop("Afternoon"), "dusk": gettext_noop("Dusk"), "night": gettext_noop("Night"),
}
#: 2.4: the statuses (exhausted 2.4.5, fleeting 2.4.6, anchored 2.4.2, asleep 2.4.3)
STATUS_LABELS = {
    "exhausted": gettext_noop("Exhausted"), "fleeting": gettext_noop("Fleeting"),
    "anchored": gettext_noop("Anchored"), "asleep": gettext_noop("Asleep"),
}
#: 2.2.9.b: the three statistics, the same words as the region types (2.2.2.f)
STAT_LABELS = {"forest": gettext_noop("Forest"), "mountain": gettext_noop("Mountain"),
               "water": gettext_noop("Water"), "all": gettext_noop("every statistic")}
#: 7.4: the passive keywords
KEYWORD_LABELS = {"defender": gettext_noop("Defender"), "eternal": gettext_noop("Eternal"),
                  "giant": gettext_noop("Giant"), "seasoned": gettext_noop("Seasoned"),
                  "fleeting": gettext_noop("Fleeting")}
TYPE_LABELS = {"character": gettext_noop("Character"), "spell": gettext_noop("Spell"),
               "permanent": gettext_noop("Permanent"), "hero": gettext_noop("Hero"), "token": gettext_noop("Token")}
#: 2.2.13.a: the durations
DURATION_LABELS = {"turn": gettext_noop("this turn"), "afternoon": gettext_noop("this Afternoon"),
                   "day": gettext_noop("this Day")}
DECISION_WORDS = {"turn": gettext_noop("turn"), "expand": gettext_noop("Expand"),
                  "setup_mana": gettext_noop("Mana at set-up"), "cleanup": gettext_noop("Clean-up"),
                  "order": gettext_noop("order of reactions"), "optional": gettext_noop("optional step"),
                  "sacrifice": gettext_noop("sacrifice"), "mode": gettext_noop("choose one mode"),
                  "internal": gettext_noop("internal action"), "reaction_cost": gettext_noop("the cost of a reaction"),
                  "play_free": gettext_noop("play a card for free"),
                  "die": gettext_noop("the result kept of the dice"),
                  "look": gettext_noop("the cards looked at that you take"),
                  "look_order": gettext_noop("the order of the cards put back"),
                  "instead": gettext_noop("which replacement applies first")}
#: the outcome reasons (4.3, 1.3.3.b)
OUTCOME_WORDS = {"WIN_MEET": gettext_noop("the expeditions meet"), "WIN_CROSS": gettext_noop("the expeditions cross"),
                 "WIN_DISTANCE": gettext_noop("further along the adventure"),
                 "TIEBREAK_PROGRESS": gettext_noop("more statistics won in the Arena"),
                 "CONCEDE": gettext_noop("a player concedes")}

#: the effect kinds of abilities as data, named as section 7.3 of the rules names them (7.3.2 … 7.3.22)
EFFECT_WORDS = {"after_you": gettext_noop("“After you”"), "token": gettext_noop("create a token"),
                "draw": gettext_noop("draw"), "exhaust_mana": gettext_noop("exhaust Mana"),
                "counters": gettext_noop("gain counters"), "boost": gettext_noop("gain boost counters"),
                "status": gettext_noop("gain a status"), "move": gettext_noop("move forward"),
                "ready_mana": gettext_noop("ready Mana"), "resupply": gettext_noop("resupply"),
                "sabotage": gettext_noop("sabotage"), "sacrifice": gettext_noop("sacrifice"),
                "send": gettext_noop("send"), "switch": gettext_noop("switch expeditions"),
                "discard": gettext_noop("discard"),  # the step a "replace_step" names for discarding (7.3.4.a, AL33)
                "stat": gettext_noop("statistic"),
                # passive abilities, ongoing emblems, internal actions (2.3, 2.2.2.m, 6.5.g)
                "put": gettext_noop("put a card from your hand into the Reserve"),
                "hand_to_reserve": gettext_noop("put a card from your hand into the Reserve"),
                "ongoing": gettext_noop("create an ongoing emblem"), "internal": gettext_noop("you may pay"),
                "keyword": gettext_noop("have"), "subtype": gettext_noop("are"), "grant": gettext_noop("have"),
                "lose_abilities": gettext_noop("lose their abilities"), "region_types": gettext_noop("every region is only"),
                "no_progress": gettext_noop("the expeditions cannot move forward"), "cost": gettext_noop("the cards cost"),
                "put_in_play": gettext_noop("put a character into play"),
                "activate": gettext_noop("activate the reactions of a Permanent you control"),
                "choose_in_play": gettext_noop("a Character or Permanent in play"),
                "stop_triggers": gettext_noop("these reactions do not activate"), "lose_status": gettext_noop("lose a status"),
                "roll": gettext_noop("roll a die"), "play_free": gettext_noop("play a card for free"),
                "instead": gettext_noop("goes elsewhere instead"),
                "boost_played": gettext_noop("the Characters you play gain boost counters"),
                "limit": gettext_noop("limit"),  # its zone's words replace it (altered_cards.LIMIT_WORDS)
                "also_boost": gettext_noop("if it would gain boost counters, it also gains"),  # 6.2.c
                "also": gettext_noop("it also"), "replace_step": gettext_noop("instead of the step")}  # 6.2.c, 6.2.e

# What an expectation of an event or a decision names (the worked examples' "What the engine must decide"), as a
# judge says it: the engine's kinds of event and decision are identifiers ("skip_step"), never shown as they are.
EVENT_NAMES = {
    "condition_met": gettext_noop("an effect's condition is met"), "emblem": gettext_noop("an emblem is created"),
    "emblem_ends": gettext_noop("an emblem ceases to exist"), "passives": gettext_noop("passive abilities in force"),
    "pay_cost": gettext_noop("a cost is paid"), "play_reaction": gettext_noop("a reaction is played"),
    "reaction": gettext_noop("a reaction triggers"), "skip_step": gettext_noop("an optional step is not done"),
    "step_ignored": gettext_noop("an effect's step is ignored"),
    "trigger_stopped": gettext_noop("a reaction cannot trigger"), "play": gettext_noop("a card is played"),
    "progress": gettext_noop("an expedition moves forward"), "token": gettext_noop("a token is created"),
    "send": gettext_noop("a card goes to another zone"), "win": gettext_noop("a player wins"),
    # the kinds the engines grew since the first walk (site walk 2): "un evento" said nothing
    "draw": gettext_noop("a card is drawn"),
    "roll": gettext_noop("a die is rolled"),
    "no_progress": gettext_noop("an expedition does not move forward"),
    "expedition_moves": gettext_noop("an expedition moves"),
    "no_move": gettext_noop("an expedition cannot move"),
    "pay_tough": gettext_noop("Tough is paid"),
    "token_ceases": gettext_noop("a token ceases to exist"),
    "switch": gettext_noop("a Character changes expedition"),
    "look": gettext_noop("cards of the deck are looked at"),
    "resupply": gettext_noop("a resupply"),
    # every other kind the engine logs (the outsider9 walk: a worked example expecting "stays" said "an event"); the
    # test in tests/judgeapp/sandbox/games/test_altered_words.py reads the kinds from the engine and its scenarios
    "first_player": gettext_noop("the first player is chosen"), "shuffle": gettext_noop("a deck is shuffled"),
    "setup_mana": gettext_noop("cards are put into Mana at set-up"),
    "phase": gettext_noop("a phase begins"), "succeed": gettext_noop("Succeed: the next player becomes first player"),
    "prepare": gettext_noop("Prepare: objects and Mana Orbs are readied"),
    "expand": gettext_noop("Expand: a card from the hand into Mana, or none"),
    "pass": gettext_noop("a player passes"), "after_you": gettext_noop("“After you”: the turn ends without passing"),
    "joins": gettext_noop("a card played enters play"), "quick": gettext_noop("a quick action is used"),
    "spell_resolved": gettext_noop("a Spell goes to the Reserve or the discard pile"),
    "cannot_pay": gettext_noop("a cost cannot be paid in full"),
    "step_replaced": gettext_noop("a whole step is replaced"),
    "not_modified": gettext_noop("an impossible step is not modified"),
    "swap_mana": gettext_noop("a Mana Orb is exhausted to ready another"),
    "mode": gettext_noop("a mode is chosen"), "instead": gettext_noop("which “instead” modifier applies first is chosen"),
    "boost": gettext_noop("a card gains boost counters"), "counters": gettext_noop("a card gains counters"),
    "counters_removed": gettext_noop("counters are removed from a card"),
    "status": gettext_noop("a card gains a status"), "lose_status": gettext_noop("a card loses a status"),
    "modifier": gettext_noop("a card's statistic changes"),
    "modifiers_end": gettext_noop("the effects lasting until then end"),
    "exhaust_mana": gettext_noop("Mana Orbs are exhausted"), "ready_mana": gettext_noop("Mana Orbs are readied"),
    "put": gettext_noop("a card is put from the hand into another zone"),
    "deck_order": gettext_noop("cards are put back into the deck in the order chosen"),
    "reshuffle": gettext_noop("the discard pile is shuffled into the deck"),
    "sabotage": gettext_noop("a Sabotage"),
    "progress_together": gettext_noop("expeditions move forward together"),
    "stays": gettext_noop("a Character stays in its expedition at Rest"),
    "discard": gettext_noop("a card is discarded at Clean-up"),
    "tiebreak": gettext_noop("the tiebreakers begin"), "tiebreak_continues": gettext_noop("the tiebreakers go on"),
    "arena": gettext_noop("the statistics are compared in the Arena"),
    "concede": gettext_noop("a player concedes"),
    "judge_move": gettext_noop("the judge moves a card"), "judge_status": gettext_noop("the judge changes a status"),
    "judge_boost": gettext_noop("the judge sets boost counters"),
    "judge_modifier": gettext_noop("the judge changes a statistic"),
    "judge_remove_modifier": gettext_noop("the judge removes a change of statistic"),
    "judge_expedition": gettext_noop("the judge moves an expedition"),
    "judge_first_player": gettext_noop("the judge changes the first player"),
}
DECISION_NAMES = {
    "choose": gettext_noop("a choice"), "optional": gettext_noop("whether to do an optional step"),
    "order": gettext_noop("the order of the reactions"), "turn": gettext_noop("what to do on their turn"),
    # the kinds the engines grew since the first walk (site walk 2): "un evento" said nothing
    "die": gettext_noop("the result of a die"),
    "look": gettext_noop("which of the cards looked at to take"),
    "look_order": gettext_noop("the order of the cards looked at"),
    "mode": gettext_noop("which mode to choose"),
    "internal": gettext_noop("whether to pay for the internal action"),
    "play_free": gettext_noop("which card to play for free"),
    "reaction_cost": gettext_noop("whether to pay a reaction's cost"),
    "sacrifice": gettext_noop("which Character to sacrifice"),
    "setup_mana": gettext_noop("which cards to put into Mana at set-up"), "expand": gettext_noop("whether to Expand"),
    "cleanup": gettext_noop("which objects to keep at Clean-up"),
    "instead": gettext_noop("which “instead” modifier applies first"),
}
# Its own kinds of expectation, for the form's choice (the shared ones are in wording.py): without them the choice
# showed the identifiers ("expedition stat", "region") or an effect's words ("gain boost counters").
EXPECTATION_KINDS = {
    "stat": gettext_noop("a card's statistic"), "expedition_stat": gettext_noop("an expedition's statistic"),
    "region": gettext_noop("the region an expedition is on"), "boost": gettext_noop("a card's boost counters"),
    "counters": gettext_noop("a card's counters"), "ready_mana": gettext_noop("a player's ready Mana Orbs"),
    "position": gettext_noop("the day, the phase and who acts"), "passed": gettext_noop("whether a player has passed"),
    "exists": gettext_noop("whether a card exists"),
    "keyword": gettext_noop("whether a card has a keyword"),
    "subtype": gettext_noop("whether a card has a subtype"),
    "region_type": gettext_noop("whether an expedition's region has a type"),
    "limit": gettext_noop("a player's Reserve or Landmark limit"),
    "tough": gettext_noop("a card's Tough"),
}
# The fields of an Altered card, ability and board in a pasted scenario, for the error that names where to fix it
# ("player 1, hand, card 1, abilities, item 1, effects, item 1, kind" read "effects" and "kind" in English)
FIELD_LABELS = {
    "effects": gettext_noop("effects"), "kind": gettext_noop("kind of step or cost"), "if": gettext_noop("condition"),
    "timing": gettext_noop("kind of ability"), "trigger": gettext_noop("trigger"), "modes": gettext_noop("modes"),
    "hand_cost": gettext_noop("Hand cost"), "reserve_cost": gettext_noop("Reserve cost"),
    "reserve_limit": gettext_noop("Reserve limit"), "landmark_limit": gettext_noop("Landmark limit"),
    "subtypes": gettext_noop("subtypes"), "faction": gettext_noop("faction"), "status": gettext_noop("statuses"),
    "entered": gettext_noop("when it entered play"), "track": gettext_noop("the regions of the adventure"),
    "hero_at": gettext_noop("region of the hero expedition"),
    "companion_at": gettext_noop("region of the companion expedition"),
    "passed": gettext_noop("who has passed"), "to_act": gettext_noop("who acts"),
    "modifiers": gettext_noop("changes of statistics"),
    "which": gettext_noop("what the target must be"), "hand_cost_at_most": gettext_noop("highest Hand cost"),
}
WORDS_TABLES = {"ZONE_NAMES": ZONE_LABELS, "PHASE_NAMES": PHASE_LABELS, "STATUS_WORDS": STATUS_LABELS,
                "WORDS": {**FIELD_LABELS, **OUTCOME_WORDS, **DURATION_LABELS, **EFFECT_WORDS},
                "EVENT_NAMES": EVENT_NAMES,
                "DECISION_NAMES": DECISION_NAMES, "EXPECTATION_KINDS": EXPECTATION_KINDS}

def _stat_values(value: str) -> str:
    """Statistics with their values as the engine lists them ("forest 3, water 2"), each statistic named."""
    out = []
    for part in str(value).split(", "):
        stat, _space, amount = part.partition(" ")
        out.append(f"{said(STAT_LABELS, stat, stat)} {amount}".strip())
    return ", ".join(out)


# The kinds of ability and the triggers of reactions (engine/altered/abilities.py's TIMINGS and TRIGGERS) as the
# rules name them: a card's text in words (altered_cards.py) and a pasted scenario's error listing the values a field
# allows ("ci vuole uno tra Reazione, Azione rapida…", never "reaction, quick…") say them alike
TIMING_WORDS = {"reaction": gettext_noop("Reaction"), "quick": gettext_noop("Quick action"),
                "support": gettext_noop("Support ability"), "effect": gettext_noop("Effect"),
                "passive": gettext_noop("Passive ability")}
TRIGGER_WORDS = {"on_enter": gettext_noop("when I enter play"), "from_hand": gettext_noop("when played from the hand"),
                 "from_reserve": gettext_noop("when played from the Reserve"), "at_noon": gettext_noop("at Noon"),
                 "at_dusk": gettext_noop("at Dusk"), "at_night": gettext_noop("at Night"),
                 "on_sacrifice": gettext_noop("when you sacrifice a Character"),
                 "on_leave_landmarks": gettext_noop("when I leave your landmark zone"),
                 "on_fail_forward": gettext_noop("when my expedition fails to move forward"),  # 7.5.3.a
                 "on_sacrificed": gettext_noop("when I am sacrificed"),  # Medusa's example after 2.1.e
                 "on_join_expedition": gettext_noop("when I join an expedition"),  # 7.5.4
                 "on_leave_expedition": gettext_noop("when I leave an expedition"),  # 7.5.5
                 "on_become_exhausted": gettext_noop("when I become Exhausted"),  # 7.5.2.a
                 "on_become_fleeting": gettext_noop("when I become Fleeting"),
                 "on_become_asleep": gettext_noop("when I become Asleep"),
                 "on_become_anchored": gettext_noop("when I become Anchored"),
                 "on_become_boosted": gettext_noop("when I become Boosted"),  # 2.4.4.b
                 # "after [a daily effect]" (4.2.d's note)
                 "after_succeed": gettext_noop("after Succeed"), "after_prepare": gettext_noop("after Prepare"),
                 "after_draw": gettext_noop("after Draw"), "after_expand": gettext_noop("after Expand"),
                 "after_progress": gettext_noop("after Progress"), "after_rest": gettext_noop("after Rest"),
                 "after_cleanup": gettext_noop("after Clean-up"),
                 "on_to_reserve": gettext_noop("when I go to the Reserve from the Expedition zone"),
                 # its controller's play of a card (6.3.b)
                 "on_you_play": gettext_noop("when you play a card"),
                 "on_you_play_character": gettext_noop("when you play a Character"),
                 "on_you_play_spell": gettext_noop("when you play a Spell"),
                 "on_you_play_permanent": gettext_noop("when you play a Permanent"),
                 "on_opponent_plays": gettext_noop("when your opponent plays a card"),
                 "on_opponent_plays_character": gettext_noop("when your opponent plays a Character"),
                 "on_opponent_plays_spell": gettext_noop("when your opponent plays a Spell"),
                 "on_opponent_plays_permanent": gettext_noop("when your opponent plays a Permanent"),
                 # at Progress, won on that statistic in its region's types (4.2.4.h, AL27)
                 "on_forward_forest": gettext_noop("when my expedition moves forward because of Forest"),
                 "on_forward_mountain": gettext_noop("when my expedition moves forward because of Mountain"),
                 "on_forward_water": gettext_noop("when my expedition moves forward because of Water"),
                 "on_other_joins": gettext_noop("when another Character joins my expedition"),  # 7.5.4.a
                 "on_other_leaves": gettext_noop("when another Character leaves my expedition")}  # 7.5.5.a


# The values the engine's sentences carry (judgeapp/sandbox/engine_words.py), by parameter: each sentence's template
# is translated in the catalogue and these are its words in the rules' Italian.  Where the English sentence keeps a
# word around the value ("from the %(source)s", "the %(expedition)s expedition"), the Italian template leaves it out
# and the value brings it, with its article ("dalla Mano", "spedizione eroe").
EXPEDITION_WORDS = {"hero": gettext_noop("hero expedition"), "companion": gettext_noop("companion expedition")}
SENTENCE_WORDS = {
    "phase": {k.capitalize(): v for k, v in PHASE_LABELS.items()},  # "Day 2: Noon"
    "source": {"hand": gettext_noop("from the hand"), "reserve": gettext_noop("from the Reserve")},
    "to": {"reserve": gettext_noop("to the Reserve"), "hand": gettext_noop("to the hand"),
           "discard": gettext_noop("to the discard pile")},  # 7.3.20.a
    "expedition": EXPEDITION_WORDS,
    # a zone inside a sentence; an expedition as the rules write it inside a sentence ("spedizione eroe", 3.2.4.b)
    "zone": {**ZONE_LABELS, **{f"{k}_expedition": v for k, v in EXPEDITION_WORDS.items()}}, "zone2": ZONE_LABELS,
    "status": STATUS_LABELS, "duration": DURATION_LABELS,
    "stat": STAT_LABELS, "won": STAT_LABELS, "types": STAT_LABELS,
    "stats": _stat_values, "other_stats": _stat_values,
    "effect": EFFECT_WORDS,
    # 1.1.6.e-g and 4.2.b: what triggers a reaction (the same words as the card text's, altered_cards.py)
    "when": TRIGGER_WORDS, "trigger": TRIGGER_WORDS, "timing": TIMING_WORDS,
    "condition": {"first player": gettext_noop("you are the first player"),
                  "not first player": gettext_noop("you are not the first player")},  # 6.5.c
    "direction": {"forward": gettext_noop("forward"), "backward": gettext_noop("backward")},  # 7.3.11.a, 7.3.10.a
    "counter": str,  # a named counter's name is the card's own word, shown as it is
}


def said(table: dict, key, default: str = "") -> str:
    """A table's word for ``key`` in the page's language (the tables hold the English, marked for translation)."""
    text = table.get(key)
    return _(text) if text else default


def zone_name(zone: str) -> str:
    return said(ZONE_LABELS, zone, words(zone))


def position_words(board: dict) -> str:
    """The day's position in the rules' words: "Day 2 · Afternoon · Player 1's turn" (Italian: "Giorno 2 ·
    Pomeriggio · di turno: giocatore 1"); outside the Afternoon the first player, in the Arena "tiebreakers".
    Players by number: the first player changes every Morning (games/altered.py SEATS_BY_NUMBER)."""
    parts = [_("Day %(day)s") % {"day": board.get("day")}, said(PHASE_LABELS, board.get("phase"))]
    if board.get("phase") == "afternoon" and board.get("to_act") is not None:
        parts.append(_("%(player)s's turn") % {"player": player_words(board["to_act"]).capitalize()})
    elif board.get("first_player") is not None:
        parts.append(_("first player: %(player)s") % {"player": player_words(board["first_player"])})
    passed = [player_words(p) for p, done in enumerate(board.get("passed") or ()) if done]
    if passed and board.get("phase") == "afternoon":
        parts.append(ngettext("passed: %(players)s", "passed: %(players)s", len(passed))
                     % {"players": ", ".join(passed)})
    if board.get("tiebreak"):
        parts.append(_("tiebreakers (the Arena)"))
    return " · ".join(p for p in parts if p)


def region_name(index) -> str:
    """A region of the adventure by its name on the track (3.2.1.b: the Hero region, Tumults 1 to 6, the
    Companion region), never by the engine's index."""
    try:
        index = int(index)
    except (TypeError, ValueError):
        return str(index)
    if index == HERO_REGION:
        return _("Hero region")
    if index == COMPANION_REGION:
        return _("Companion region")
    return _("Tumult %(number)s") % {"number": index}


def source_link(source: str) -> dict | None:
    """A scenario's source as written (the rules' examples are linked from the reader instead)."""
    return {"label": source, "href": None} if source else None


def expectation_text(e: dict, card) -> str | None:
    """One of Altered's own expectations as a sentence (None for a kind it does not have)."""
    kind = e.get("expect")
    expedition = {"hero": _("hero expedition"), "companion": _("companion expedition")}.get(e.get("expedition"), "")
    values = {"card": card(), "player": e.get("player"), "equals": e.get("equals"), "expedition": expedition,
              "stat": said(STAT_LABELS, e.get("stat")), "zone": zone_name(str(e.get("zone", ""))),
              "status": said(STATUS_LABELS, e.get("status")), "name": e.get("name")}
    if kind == "card_in":
        return _("%(card)s is in the %(zone)s") % values
    if kind == "stat":
        return _("%(card)s has %(equals)s %(stat)s") % values
    if kind == "expedition_stat":
        return _("player %(player)s's %(expedition)s has %(equals)s %(stat)s") % values
    if kind == "region":
        return _("player %(player)s's %(expedition)s is on the %(region)s") % dict(values, region=region_name(
            e.get("equals")))
    if kind == "status":
        return (_("%(card)s is not %(status)s") if e.get("absent") else _("%(card)s is %(status)s")) % values
    if kind == "boost":
        return _("%(card)s has %(equals)s boost counters") % values
    if kind == "counters":
        return _("%(card)s has %(equals)s %(name)s counters") % values
    if kind == "ready_mana":
        return _("player %(player)s has %(equals)s ready Mana Orbs") % values
    if kind == "passed":
        return (_("player %(player)s has passed") if e.get("equals") else _("player %(player)s has not passed")) % values
    if kind == "exists":
        return (_("%(card)s no longer exists") if e.get("absent") else _("%(card)s exists")) % values
    if kind == "position":
        return position_words({k: e.get(k) for k in ("day", "phase", "to_act", "first_player", "tiebreak")})
    return None
