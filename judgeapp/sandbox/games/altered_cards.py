"""Altered cards in the sandbox: from a one-line description as a judge says it, from the builder's form, checked
by the engine, and what its tile on the mat shows (drawn by templates/sandbox/altered/_card.html).

The one-line grammar, any order: ``2/1`` the hand cost and the Reserve cost (2.2.7, 2.2.8); ``3/1/0`` the Forest,
Mountain and Water statistics (2.2.9.b); a type (character by default; spell, permanent, hero, token); keywords
(giant, eternal, defender, seasoned, fleeting; ``tough2`` for Resistente 2); statuses on the board (exhausted,
anchored, asleep, fleeting); ``boost2`` (or ``b2``) boost counters; a count (``x3``, ``3x``, or a leading number with ``fillers``).
Italian words work too (gigante, eterno, difensore, stagionato, fugace, esaurito, ancorato, addormentato,
incantesimo, permanente, eroe, gettone).  The rest is the name.  "Kitsune 1/1 1/1/1", "Titan 4/3 3/3/3 giant",
"Rally spell 2/2", "hero Sierra", "20 fillers".
"""
from __future__ import annotations

import re
from functools import lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from engine.altered.cards import CARD_FIELDS, STATS, Card
from engine.core.errors import DefinitionError

from .. import wording
from ..validation import SandboxError, int_clean, text_clean
from .altered_words import KEYWORD_LABELS, STAT_LABELS, STATUS_LABELS, TIMING_WORDS, TRIGGER_WORDS, TYPE_LABELS, said

TYPES = {"character": "character", "personaggio": "character", "spell": "spell", "incantesimo": "spell",
         "permanent": "permanent", "permanente": "permanent", "landmark": "permanent", "hero": "hero",
         "eroe": "hero", "token": "token", "gettone": "token"}
KEYWORDS = {"giant": "giant", "gigante": "giant", "eternal": "eternal", "eterno": "eternal",
            "defender": "defender", "difensore": "defender", "seasoned": "seasoned", "stagionato": "seasoned"}
STATUSES = {"exhausted": "exhausted", "esaurito": "exhausted", "anchored": "anchored", "ancorato": "anchored",
            "asleep": "asleep", "addormentato": "asleep"}
FLEETING = ("fleeting", "fugace")
FILLER = ("filler", "fillers")
FILLER_CARD = {"name": gettext_noop("Wanderer"), "type": "character", "hand_cost": 1, "reserve_cost": 1, "forest": 1,
               "mountain": 1, "water": 1}
ENTRY_EXTRA = ("status", "boost", "counters")


def _read(tokens: list[str]) -> dict:
    said_: dict = {"name": [], "keywords": [], "status": [], "count": None}
    for raw in tokens:
        tok = raw.lower()
        if re.fullmatch(r"\d{1,2}/\d{1,2}/\d{1,2}", tok) or re.fullmatch(r"-?\d{1,2}/-?\d{1,2}/-?\d{1,2}", tok):
            said_["stats"] = [int(v) for v in tok.split("/")]
        elif re.fullmatch(r"\d{1,2}/\d{1,2}", tok):
            said_["costs"] = [int(v) for v in tok.split("/")]
        elif re.fullmatch(r"(?:boost|b|incrementi)(\d{1,2})", tok):  # not "+2": "+" separates cards in a line
            said_["boost"] = int(re.sub(r"\D", "", tok))
        elif re.fullmatch(r"(?:tough|resistente)(\d)", tok):
            said_["tough"] = int(tok[-1])
        elif re.fullmatch(r"[x×]\d{1,2}|\d{1,2}[x×]", tok):
            said_["count"] = int(tok.strip("x×"))
        elif re.fullmatch(r"\d{1,2}", tok) and said_["count"] is None and not said_["name"]:
            said_["count"] = int(tok)
        elif tok in TYPES:
            said_["type"] = TYPES[tok]
        elif tok in KEYWORDS:
            said_["keywords"].append(KEYWORDS[tok])
        elif tok in STATUSES:
            said_["status"].append(STATUSES[tok])
        elif tok in FLEETING:
            said_["fleeting"] = True
        elif tok in FILLER:
            said_["filler"] = True
        else:
            said_["name"].append(raw)
    return said_


def card_from_line(line: str) -> tuple[dict, int]:
    """(card object of the scenario format without id, number of copies) from a one-line description."""
    text = (line or "").strip()
    if not text:
        raise SandboxError("line", _("describe the card, for example “Kitsune 1/1 1/1/1”, “Rally spell 2/2” or "
                                     "“20 fillers”"))
    if len(text) > 200:
        raise SandboxError("line", _("a card description is at most 200 characters"))
    said_ = _read(re.findall(r"[^\s,;]+", text))
    count = said_["count"] or 1
    if not 1 <= count <= 60:
        raise SandboxError("line", _("between 1 and 60 copies"))
    if said_.get("filler") and not said_["name"]:
        return dict(FILLER_CARD, name=_(FILLER_CARD["name"])), count  # named in the judge's language as it is made
    kind = said_.get("type", "character")
    card: dict = {"name": " ".join(said_["name"])[:100] or str(said(TYPE_LABELS, kind)), "type": kind}
    if kind != "hero":
        costs = said_.get("costs", [1, 1])
        card.update(hand_cost=costs[0], reserve_cost=costs[1])
    elif "costs" in said_:
        raise SandboxError("line", _("a hero has no costs (2.2.7, 2.2.8)"))
    if kind in ("character", "token"):
        card.update(zip(STATS, said_.get("stats", [1, 1, 1])))
    elif "stats" in said_:
        raise SandboxError("line", _("only characters have statistics (2.2.9.c)"))
    keywords = list(dict.fromkeys(said_["keywords"]))
    status = list(dict.fromkeys(said_["status"]))
    if said_.get("fleeting"):
        if kind == "spell":
            keywords.append("fleeting")  # Fugace as a spell's ability (2.4.6.e)
        else:
            status.append("fleeting")  # the status a card played from the Reserve gains (2.4.6.a)
    if keywords:
        card["keywords"] = keywords
    if said_.get("tough"):
        card["tough"] = said_["tough"]
    if status:
        card["status"] = status
    if said_.get("boost"):
        card["boost"] = said_["boost"]
    return card_clean(card, "line"), count


def card_from_form(data) -> dict:
    """A card from the builder's form fields (strings from HTML converted, each checked by the engine)."""
    kind = data.get("type") or "character"
    if kind not in TYPE_LABELS:
        raise SandboxError("type", _("choose a card type"))
    card: dict = {"name": text_clean(data.get("name"), "name", 100) or str(said(TYPE_LABELS, kind)), "type": kind}
    for key in ("hand_cost", "reserve_cost", "forest", "mountain", "water", "tough", "boost"):
        if data.get(key) not in (None, ""):
            card[key] = int_clean(data.get(key), key, -99 if key in STATS else 0, 99)
    keywords = data.getlist("keywords") if hasattr(data, "getlist") else data.get("keywords", [])
    statuses = data.getlist("status") if hasattr(data, "getlist") else data.get("status", [])
    if keywords:
        card["keywords"] = list(keywords)
    if statuses:
        card["status"] = list(statuses)
    return card_clean(card, "card")


def card_clean(data: dict, field: str = "card") -> dict:
    """One card entry checked by the engine's card reader (its printed characteristics) plus its place on the board:
    statuses, boost counters and named counters; the cleaned entry without id."""
    for key in data:
        if key not in CARD_FIELDS + ENTRY_EXTRA:
            raise SandboxError(f"{field}.{key}", _("not a field of an Altered card"))
    status = data.get("status", [])
    if not isinstance(status, list) or any(s not in STATUS_LABELS for s in status):
        raise SandboxError(f"{field}.status", _("statuses are exhausted, fleeting, anchored or asleep"))
    boost = data.get("boost", 0)
    if not isinstance(boost, int) or isinstance(boost, bool) or not 0 <= boost <= 99:
        raise SandboxError(f"{field}.boost", _("boost counters are a number from 0 to 99"))
    printed = {k: v for k, v in data.items() if k not in ENTRY_EXTRA}
    printed["id"] = "x"
    try:
        card = Card.from_json(printed, field, owner=0)
    except DefinitionError as exc:
        raise SandboxError(exc.path, exc.message) from None
    out = card.to_json()
    out.pop("owner")
    out.pop("id")
    if status:
        out["status"] = list(dict.fromkeys(status))
    if boost:
        out["boost"] = boost
    if data.get("counters"):
        out["counters"] = dict(data["counters"])
    return out


# ---------------------------------------------------------------- abilities in words
#: the zone a reaction to a card played is limited to (engine.altered.abilities.Ability.source)
PLAYED_FROM_WORDS = {"hand": gettext_noop("only a card played from the hand"),
                     "reserve": gettext_noop("only a card played from the Reserve")}
#: whom a passive effect applies to (engine.altered.abilities.WHO)
WHO_WORDS = {"self": gettext_noop("me"), "others": gettext_noop("every other character"),
             "all": gettext_noop("every character"), "own": gettext_noop("your characters"),
             "own_others": gettext_noop("your other characters"), "opponent": gettext_noop("your opponents' characters"),
             "facing": gettext_noop("the characters facing me")}
#: whom or what an effect acts on (engine.altered.abilities.TARGETS), as the rules' card texts say it ("bersaglio",
#: 5.2.3.b); shown as identifiers before ("choose own", "each mine")
TARGET_WORDS = {"self": gettext_noop("this card"), "choose_own": gettext_noop("a target Character you control"),
                "choose_opponent": gettext_noop("a target opposing Character"),
                "choose_any": gettext_noop("a target Character"),
                "each_own": gettext_noop("each of your Characters"),
                "each_opponent": gettext_noop("each opposing Character"),
                "each_mine": gettext_noop("each Character in my expedition"),
                "each_facing": gettext_noop("each Character in the expedition facing me"),
                "choose_own_reserve": gettext_noop("a target card in your Reserve")}
#: the costs of abilities (engine.altered.abilities.COSTS): the symbols of 7.1.4 in the rules' words
COST_WORDS = {"exhaust_self": gettext_noop("exhaust me"), "discard_self": gettext_noop("discard me from the Reserve"),
              "spend": gettext_noop("spend counters"), "mana": gettext_noop("Mana"),
              "hand_to_reserve": gettext_noop("put a card from your hand into the Reserve")}
#: effect kinds the section 7.3 words of altered_words.EFFECT_WORDS leave out
MORE_EFFECT_WORDS = {"look": gettext_noop("look at the top cards of your deck"), "dice": gettext_noop("roll a die"),
                     "remove_counters": gettext_noop("remove counters")}
#: an "also" modifier (6.2.c) by what the object would gain; what it also does follows in brackets
ALSO_WORDS = {"boost": gettext_noop("if it would gain boost counters"),
              "counters": gettext_noop("if it would gain counters"), "status": gettext_noop("if it would gain a status")}
CONDITION_WORDS = {"first_player": gettext_noop("if you are the first player"),
                   "not_first_player": gettext_noop("if you are not the first player"),
                   "i_am": gettext_noop("if I am %(status)s"),
                   "it_is": gettext_noop("if it is a %(type)s"), "in_region": gettext_noop("if I am in %(region)s"),
                   "it_is_subtype": gettext_noop("if it is of the subtype %(subtype)s"),  # 2.2.2.o
                   "did": gettext_noop("if you do"),  # 6.5.d
                   "roll_at_least": gettext_noop("if the die shows %(count)s or more"),  # 7.3.13.b
                   "roll_at_most": gettext_noop("if the die shows %(count)s or less"),
                   "roll_in": gettext_noop("if the die shows %(results)s")}


BOOSTED = gettext_noop("Boosted")  # the status of 2.4.4.a, which no effect gives directly (2.4.4.b)
#: "if my expedition is ahead / behind / level" (assumption AL28)
EXPEDITION_IS_WORDS = {"ahead": gettext_noop("if my expedition is ahead of the one facing it"),
                       "behind": gettext_noop("if my expedition is behind the one facing it"),
                       "level": gettext_noop("if my expedition is as far as the one facing it")}


def _controls_words(kind: str, count: int, subtype: str | None) -> str:
    """"if you control at least 2 landmarks (of the subtype S)", the noun in the page's language's plural form."""
    words = {"count": count, "subtype": subtype}
    if subtype and kind == "landmarks":
        return ngettext("if you control at least %(count)s landmark of the subtype %(subtype)s",
                        "if you control at least %(count)s landmarks of the subtype %(subtype)s", count) % words
    if subtype:
        return ngettext("if you control at least %(count)s character of the subtype %(subtype)s",
                        "if you control at least %(count)s characters of the subtype %(subtype)s", count) % words
    if kind == "landmarks":
        return ngettext("if you control at least %(count)s landmark", "if you control at least %(count)s landmarks",
                        count) % words
    return ngettext("if you control at least %(count)s character", "if you control at least %(count)s characters",
                    count) % words


def _condition_words(cond) -> str:
    if not isinstance(cond, dict):
        return said(CONDITION_WORDS, cond, wording.words(cond))
    if "controls" in cond:  # "if you control an Animal" (2.2.2.a): the noun agrees with the count
        return _controls_words(cond["controls"], cond.get("at_least", 1), cond.get("subtype"))
    if "it_is" in cond and cond.get("subtype"):
        return said(CONDITION_WORDS, "it_is_subtype") % {"subtype": cond["subtype"]}
    if "it_is" in cond:
        return said(CONDITION_WORDS, "it_is") % {"type": said(TYPE_LABELS, cond["it_is"], cond["it_is"])}
    for key in ("roll_at_least", "roll_at_most"):
        if key in cond:
            return said(CONDITION_WORDS, key) % {"count": cond[key]}
    if "roll_in" in cond:
        return said(CONDITION_WORDS, "roll_in") % {"results": ", ".join(str(r) for r in cond["roll_in"])}
    if "expedition_is" in cond:  # AL28
        return said(EXPEDITION_IS_WORDS, cond["expedition_is"])
    if "i_am" in cond:  # "if I am Boosted" (2.4.4.a) or has a status
        status = _(BOOSTED) if cond["i_am"] == "boosted" else said(STATUS_LABELS, cond["i_am"], "")
        return _(CONDITION_WORDS["i_am"]) % {"status": status}
    return said(CONDITION_WORDS, "in_region") % {"region": said(STAT_LABELS, cond.get("in_region"), "")}


#: what a target must be beside its kind (engine.altered.vocabulary.WHICH), each part of the words
WHICH_WORDS = {"hand_cost_at_most": gettext_noop("with a Hand cost of %(count)s or less"),
               "subtype": gettext_noop("of the subtype %(subtype)s"), "status": gettext_noop("that is %(status)s")}


def _which_words(which: dict) -> str:
    """"(with a Hand cost of 3 or less, that is Exhausted)": what a target must be, in words."""
    status = which.get("status")
    words = {"count": which.get("hand_cost_at_most"), "subtype": which.get("subtype"),
             "status": _(BOOSTED) if status == "boosted" else said(STATUS_LABELS, status, "")}
    return "(" + ", ".join(_(WHICH_WORDS[k]) % words for k in WHICH_WORDS if k in which) + ")"


#: where the cards a cost change or a boost on playing applies to are played from (2.2.10.j)
PLAYED_FROM = {"hand": gettext_noop("from the hand"), "reserve": gettext_noop("from the Reserve")}
#: a card of the hand put elsewhere than the Reserve (the Reserve's words are the step's own, EFFECT_WORDS)
PUT_WORDS = {"discard": gettext_noop("discard a card from your hand"),
             "mana": gettext_noop("put a card from your hand into your Mana zone")}
#: the same from the opponent's hand, revealed to the player who chooses the card (3.2.5.c)
PUT_THEIRS_WORDS = {"discard": gettext_noop("your opponent discards a card of your choice from their hand"),
                    "reserve": gettext_noop("your opponent puts a card of your choice from their hand into their "
                                            "Reserve"),
                    "mana": gettext_noop("your opponent puts a card of your choice from their hand into their Mana "
                                         "zone")}
PUT_OWN_RANDOM_WORDS = {"discard": gettext_noop("discard a card at random from your hand"),
                        "reserve": gettext_noop("put a card at random from your hand into your Reserve"),
                        "mana": gettext_noop("put a card at random from your hand into your Mana zone")}
PUT_RANDOM_WORDS = {"discard": gettext_noop("your opponent discards a card at random from their hand"),
                    "reserve": gettext_noop("your opponent puts a card at random from their hand into their Reserve"),
                    "mana": gettext_noop("your opponent puts a card at random from their hand into their Mana zone")}


#: a passive ability changing a limit read at Clean-up (engine.altered.abilities.PASSIVES["limit"])
LIMIT_WORDS = {"reserve": gettext_noop("your Reserve limit"), "landmarks": gettext_noop("your landmark limit"),
               "opponent_reserve": gettext_noop("your opponent's Reserve limit"),
               "opponent_landmarks": gettext_noop("your opponent's landmark limit")}


def _effect_words(e: dict) -> str:
    """One step or continuous effect in words, with what it nests (an emblem's effects, an internal action's cost,
    a granted ability)."""
    put_to = e.get("to") if e.get("kind") == "put" and isinstance(e.get("to"), str) else None
    kind = e.get("kind", "")
    bits = [said(PUT_RANDOM_WORDS if e.get("random") else PUT_THEIRS_WORDS, put_to)
            if put_to in PUT_THEIRS_WORDS and e.get("opponent") else
            said(PUT_OWN_RANDOM_WORDS, put_to) if put_to in PUT_OWN_RANDOM_WORDS and e.get("random") else
            said(PUT_WORDS, put_to) if put_to in PUT_WORDS else said(MORE_EFFECT_WORDS, kind, wording.words(kind))]
    own = {"keyword": KEYWORD_LABELS, "stat": STAT_LABELS, "target": TARGET_WORDS,  # the game's words, not identifiers
           "status": STATUS_LABELS}
    for key in ("step", "count", "amount", "stat", "keyword", "status", "subtype", "target", "duration", "name"):
        if key in e:
            bits.append(f"{e[key]:+}" if key == "amount" else e[key] if key == "subtype"
                        else said(own[key], e[key], wording.words(e[key])) if key in own else wording.words(e[key]))
    if e.get("opponent") and kind in ("draw", "resupply", "sacrifice", "exhaust_mana", "move"):  # 7.2.2.a
        bits.insert(0, _("your opponent:"))
    if e.get("each_player"):  # "each player draws / sacrifices / discards a card" (1.4.5.a)
        bits.insert(0, _("each player:"))
    if isinstance(e.get("to"), dict):  # whom it applies to first: "your characters: have Giant"
        who = said(WHO_WORDS, e["to"].get("who"), "")
        bits.insert(0, (f"{who} ({e['to']['subtype']})" if e["to"].get("subtype") else who) + ":")
    if kind == "also" and isinstance(e.get("then"), dict):  # "if it would gain a status (Exhausted), it also (...)"
        bits[bits.index(said(MORE_EFFECT_WORDS, kind, wording.words(kind)))] = said(ALSO_WORDS, e.get("gains"), kind)
        bits[-1] = f"{bits[-1]},"
        bits.append(_("it also: %(then)s") % {"then": _effect_words(e["then"])})
    if e.get("kind") == "limit":  # "your Reserve limit +1" (4.2.5.d's note)
        bits[0] = said(LIMIT_WORDS, ("opponent_" if e.get("opponent") else "") + str(e.get("zone")), bits[0])
    if e.get("kind") in ("cost", "boost_played"):  # which cards: of a type or subtype, played from where
        bits += [said(TYPE_LABELS, e.get("type"), "") if "type" in e else "", str(e.get("subtype", "")),
                 said(PLAYED_FROM, e.get("from"), "") if "from" in e else ""]
    if isinstance(e.get("which"), dict):  # what the target must be (5.2.3.b)
        bits.append(_which_words(e["which"]))
    if isinstance(e.get("types"), list):
        bits.append(", ".join(said(STAT_LABELS, t, "") for t in e["types"]))
    if isinstance(e.get("ability"), dict):
        bits.append(f"“{ability_text(e['ability'])}”")
    for granted in e.get("abilities", []) if isinstance(e.get("abilities"), list) else []:  # a token's own
        if isinstance(granted, dict):
            bits.append(f"“{ability_text(granted)}”")
    if isinstance(e.get("cost"), list):
        bits.append("[" + ", ".join(_cost_words(c) for c in e["cost"] if isinstance(c, dict)) + "]")
    if isinstance(e.get("effects"), list):
        bits.append("(" + ", ".join(_effect_words(x) for x in e["effects"] if isinstance(x, dict)) + ")")
    if "if" in e:
        bits.append(_condition_words(e["if"]))
    if "unless" in e:  # "[do step] unless [condition]" (6.5.c)
        bits.append(_("(not done %(condition)s)") % {"condition": _condition_words(e["unless"])})
    return " ".join(str(b) for b in bits if b != "")


def _cost_words(c: dict) -> str:
    kind = c.get("kind", "")
    words = f"{c.get('count', '')} {said(COST_WORDS, kind, wording.words(kind))}".strip()
    return f"{words} {_condition_words(c['if'])}" if "if" in c else words


def ability_text(ability: dict) -> str:
    """An ability as card text: its printed text when the data has it, else its timing and effects in words."""
    if ability.get("text"):
        return str(ability["text"])
    head = said(TIMING_WORDS, ability.get("timing"), wording.words(ability.get("timing", "")))
    if ability.get("trigger"):
        head += f" ({said(TRIGGER_WORDS, ability['trigger'], wording.words(ability['trigger']))})"
    if ability.get("from") in PLAYED_FROM_WORDS:  # "when you play a card from your Reserve"
        head += f" ({_(PLAYED_FROM_WORDS[ability['from']])})"
    costs = [_cost_words(c) for c in ability.get("cost", []) if isinstance(c, dict)]
    effects = [_effect_words(e) for e in ability.get("effects", []) if isinstance(e, dict)]
    if isinstance(ability.get("modes"), list):  # 6.5.e
        effects.append(_("choose one") + ": " + " • ".join(
            ", ".join(_effect_words(e) for e in mode if isinstance(e, dict)) for mode in ability["modes"]
            if isinstance(mode, list)))
    cost = f" [{', '.join(costs)}]" if costs else ""
    return f"{head}{cost}: {', '.join(effects)}"


# ---------------------------------------------------------------- the tile
@lru_cache(maxsize=8)
def _tile_words(language: str | None) -> dict:
    """Every word a tile may print, in ``language`` (a board draws a hundred tiles: one lookup each, not ten)."""
    return {"types": {k: _(v) for k, v in TYPE_LABELS.items()}, "stats": {k: _(v) for k, v in STAT_LABELS.items()},
            "statuses": {k: _(v) for k, v in STATUS_LABELS.items()},
            "keywords": {k: _(v) for k, v in KEYWORD_LABELS.items()}, "costs": _("hand cost / Reserve cost"),
            "orb_used": _("Mana Orb, exhausted"), "orb": _("Mana Orb"), "hidden": _("hidden card"),
            "boost": _("+%(count)s boost"), "tough": _("Tough %(count)s")}


def card_tile(c: dict) -> dict:
    """What a card's tile shows (templates/sandbox/altered/_card.html), readable at 360 px: the name, the type and
    costs (hand/Reserve), the three statistics as coloured badges (the printed value beside a changed one), then
    its statuses, boost counters, counters and keywords in words, and its abilities.  A hidden card shows only what
    its back tells: a Mana Orb (and whether it is exhausted) or nothing."""
    w = _tile_words(get_language())
    if c["hidden"]:
        words = w["orb_used"] if c.get("orb") and c.get("exhausted") else w["orb"] if c.get("orb") else w["hidden"]
        return {"hidden": True, "classes": "sb-card sb-back sb-alt-back" + (" sb-exhausted" if c.get("exhausted")
                                                                              else ""), "back": words}
    classes = ["sb-card", "sb-alt", f"sb-alt-{c['type']}", *(f"sb-{s}" for s in c["statuses"])]
    if c.get("orb"):
        classes.append("sb-alt-orb")
    stats = []
    if c["type"] in ("character", "token"):
        for stat in STATS:
            label = w["stats"][stat]  # its initial on the badge: F, M, W (Italian F, M, A)
            stats.append({"stat": stat, "label": label, "initial": label[:1], "value": c["stats"][stat],
                          "base": c["base"][stat], "changed": c["stats"][stat] != c["base"][stat]})
    marks = [w["statuses"].get(s, "") for s in c["statuses"]]
    if c["boost"]:
        marks.append(w["boost"] % {"count": c["boost"]})
    marks += [f"{name} {count}" for name, count in c["counters"].items()]
    marks += [w["keywords"].get(k, "") for k in c["keywords"]]
    if c["tough"]:
        marks.append(w["tough"] % {"count": c["tough"]})
    return {"hidden": False, "classes": " ".join(classes), "title": "; ".join([c["name"], *marks]),
            "name": c["name"], "kind": w["types"].get(c["type"], ""),
            "costs": "" if c["type"] == "hero" else f"{c['hand_cost']}/{c['reserve_cost']}",
            "costs_title": w["costs"], "stats": stats, "marks": " · ".join(marks),
            "abilities": [wording.judge_text(a) for a in c["abilities"]]}
