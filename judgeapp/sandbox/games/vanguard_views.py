"""A Vanguard board as a viewer sees it: circles and zones, card tiles' data, abilities in words, actions as a judge
says them, the draft board, and the assumptions register (docs/engine-assumptions.md).  Moved here from the
shared selectors: they are Vanguard's pieces."""
from __future__ import annotations

import re
from functools import lru_cache, partial
from pathlib import Path

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop

from engine.vanguard import power, stat
from engine.vanguard.abilities import GIVEN_KEYWORDS
from engine.vanguard.actions import CIRCLES, ZONES
from engine.vanguard.several import attacked_units
from engine.vanguard.citations import EN_DOCUMENT  # noqa: F401  (its English rules, beside the Italian)
from engine.vanguard.state import GameState

from .. import wording
from ..drafts import draft_entry
from ..registers import register_rows
from ..selectors import HIDDEN_TEXT, RULES_PREFIX
from .vanguard_ability_text import ability_text, effect_text  # noqa: F401  (a card's abilities as its text)
from .vanguard_words import PHASE_NAMES
from .boards import card_visible, seen, shared_label


# The mat's labels: each zone's and circle's name in the rules (vanguard_words.py), in the page's language.
ZONE_LABELS = {z: wording.label(z, "vanguard") for z in ZONES + CIRCLES}
PHASE_LABELS = {p: lazy(wording.phase_text, str)(p, None, "vanguard") for p in PHASE_NAMES}


# A judge's move to one of these zones is told to a player (to a hand: only its owner); elsewhere
# (the deck, the G zone) the card is "a card".
PUBLIC_MOVE_ZONES = frozenset(ZONE_LABELS) - {"deck", "gzone"}
# Event kinds whose text only names cards that were public when the event happened: revealed
# checks, cards on the field, in the drop zone, the soul, the bind and removal zones, face-up damage.
PUBLIC_EVENT_KINDS = frozenset((
    "act", "attack", "attack_triggers", "attacker", "ability_declined", "ability_played", "ability_resolved",
    "ability_unpaid", "battle_begins", "battle_end", "bind", "boost", "call", "concede", "cost", "damage_check",
    "damage_dealt", "damage_zone", "draw_game", "draw_impossible", "drive_check", "drive_to_hand", "effect_fizzles",
    "end_of_turn", "first_player", "first_vanguard", "forerunner", "g_assist", "g_unit_returns", "game_over",
    "guard", "guard_pass", "heal", "heart_to_soul", "hit", "illegal_guardian", "intercept", "judge_remove_modifier",
    "judge_set_damage", "loss", "main_end", "modifier", "move", "next_turn", "no_attack", "no_damage", "no_hit",
    "no_ride", "no_vanguard", "overload", "removed", "rest", "retire", "retire_guardians", "ride", "ride_pass",
    "no_boost", "shuffle", "soul_blast", "soul_charge", "counter_blast", "counter_charge", "stand", "stand_phase", "stand_up",
    "standby", "stride", "trigger", "trigger_critical", "trigger_heal", "trigger_power", "trigger_stand",
    "turn_start", "undelete", "unlock",
    "g_guard", "g_guardian_reveal",  # G guardians are turned face up and called: public
    "heart_chosen", "legion_attack", "legion_to_soul",  # cards on the field
    "replacement_chosen", "attacked_unit_changed", "name_declared",  # units on the field, a name said aloud
    "attacks_several", "no_drive_step", "none_chosen", "one_unit_attacked",
))


def _card_view(card: dict, *, rested: bool, face_down: bool, hidden: bool, power: int | None = None,
               critical: int | None = None) -> dict:
    if hidden:
        return {"hidden": True, "face_down": face_down, "rested": rested}
    abilities = card.get("abilities", [])
    return {
        "hidden": False, "id": card["id"], "name": card["name"], "grade": card["grade"],
        "power": card["power"] if power is None else power, "base_power": card["power"],
        "critical": card.get("critical", 1) if critical is None else critical, "shield": card.get("shield", 0),
        "trigger": card.get("trigger", "none"), "keywords": card.get("keywords", []), "rested": rested,
        "face_down": face_down, "abilities": [ability_text(a) if isinstance(a, dict) else str(a) for a in abilities],
        "ability_notes": [a.get("text", "") if isinstance(a, dict) else "" for a in abilities],
        "clan": card.get("clan"),
    }


def _player_view(p: int, circles: dict, zones: dict, roles: dict | None = None) -> dict:
    """``roles``: circle -> the part its unit plays in the battle in progress (``battle_roles``), shown on the mat."""
    return {"index": p, "circles": circles, "zones": zones,
            "circle_list": [{"name": c, "label": ZONE_LABELS[c], "cards": circles[c],
                             "role": (roles or {}).get(c)} for c in CIRCLES],
            "pile_list": [dict(zones[z], name=z) for z in ZONES if z != "hand"],
            "face_up_damage": sum(1 for c in zones["damage"]["cards"] if not c["face_down"])}


def battle_roles(state: GameState) -> dict[int, dict[str, str]]:
    """player -> circle -> "attacking" / "boosting" / "attacked" for the units of the battle in progress still on the
    circle they had in it (7.3.1.4.3): every attacked unit, the ones an effect added too (7.3.1.4.6)."""
    b, out = state.battle, {0: {}, 1: {}}
    if not b:
        return out
    units = [(b.get("attacker"), b.get("attacker_circle"), "attacking", state.turn_player),
             (b.get("booster"), b.get("booster_circle"), "boosting", state.turn_player)]
    units += [(c, circ, "attacked", 1 - state.turn_player) for c, circ in attacked_units(b)]
    for card, circle, role, player in units:
        if card and state.loc.get(card) == (player, circle):
            out[player][circle] = role
    return out


def board_view(*, state: GameState, view: str = "judge") -> dict:
    """Both players' zones and circles as ``view`` (judge, p0, p1) may see them; current power/critical on units."""
    cards = {cid: c.to_json() for cid, c in state.cards.items()}
    players, roles = [], battle_roles(state)
    for p in (0, 1):
        circles = {}
        for circle in CIRCLES:
            ids = state.zones[p][circle]
            circles[circle] = [
                _card_view(cards[c], rested=c in state.rested, face_down=c in state.face_down,
                           hidden=not card_visible(view, p, circle, c in state.face_down),
                           power=power(state, c), critical=stat(state, c, "critical"))
                for c in ids]
        zones = {}
        for zone in ZONES:
            ids = state.zones[p][zone]
            zones[zone] = {
                "label": ZONE_LABELS[zone], "count": len(ids),
                "cards": [_card_view(cards[c], rested=False, face_down=c in state.face_down,
                                     hidden=not card_visible(view, p, zone, c in state.face_down)) for c in ids],
            }
        players.append(_player_view(p, circles, zones, roles[p]))
    viewer = 0 if view in ("judge", "p0") else 1

    known = partial(seen, view, state)  # a modifier's source is a card id or a word ("judge"): only ids hide

    # Modifiers and stand-by abilities name cards by id: a player view leaves out those on cards it cannot see.
    return {
        "players": players, "bottom": players[viewer], "top": players[1 - viewer],
        "turn": state.turn, "turn_player": state.turn_player, "first_player": state.first_player,
        "phase": state.phase, "phase_label": PHASE_LABELS.get(state.phase, state.phase), "step": state.step,
        "battle": state.battle, "outcome": state.outcome,
        "modifiers": [dict(m.to_json(), text=_modifier_text(state, m)) for m in state.modifiers
                      if known(m.card) and known(m.source)],
        "standby": [dict(s, text=_standby_text(state, s)) for s in state.standby if known(s.get("card"))],
        "seed": state.seed, "outcome_text": wording.outcome_text(state.outcome, state.first_player),
    }


def _card_name(state: GameState, cid) -> str:
    card = state.cards.get(cid)
    return card.name if card else wording.words(cid)


def _modifier_text(state: GameState, m) -> str:
    amount = "" if m.stat in ("no_hit", "no_abilities", "no_cost") + GIVEN_KEYWORDS else f"{m.amount:+} "  # a status, not a number
    stat = wording.words(m.stat)
    if m.stat in GIVEN_KEYWORDS and m.amount < 0:  # a keyword taken away (IT 10.22.2)
        stat = gettext("without %(keyword)s") % {"keyword": stat}
    return gettext("%(card)s: %(amount)s%(stat)s until %(until)s (from %(source)s)") % {
        "card": _card_name(state, m.card), "amount": amount, "stat": stat,
        "until": wording.words(m.duration), "source": _card_name(state, m.source)}


def _standby_text(state: GameState, s: dict) -> str:
    card = state.cards.get(s.get("card"))
    ability = s.get("ability", 0)
    if card is None:
        return gettext("an ability")
    if ability == -2:  # a timed trigger (engine/vanguard/delayed.py): its effects are in the stand-by entry
        effects = [effect_text(e, "on_call") for e in (s.get("ctx") or {}).get("delayed", [])]
        return gettext("timed ability of %(card)s: %(effects)s") % {"card": card.name, "effects": ", ".join(effects)}
    if ability < 0:
        return gettext("forerunner of %(card)s") % {"card": card.name}
    return f"{ability_text(card.abilities[ability].to_json())} ({card.name})" if ability < len(card.abilities) else (
        card.name)


# Marked here, translated where a label is made (games/boards.py's shared_label).
PASS_LABELS = {"main": gettext_noop("Pass: go to the battle phase"),
               "attack": gettext_noop("Pass: end the battle phase"),
               "ride": gettext_noop("Pass: do not ride"), "stride": gettext_noop("Pass: do not stride"),
               "use_ability": gettext_noop("Pass: do not use it"), "g_assist": gettext_noop("Pass: no G assist"),
               "forerunner": gettext_noop("Pass: do not call it"),
               "replacement": gettext_noop("Pass: it is retired")}


ACCEPT_LABELS = {"use_ability": gettext_noop("Use it"), "g_assist": gettext_noop("Use G assist"),
                 "replacement": gettext_noop("Put it there instead")}


JUDGE_LABELS = {"judge_move": gettext_noop("Judge move"), "judge_add_modifier": gettext_noop("Judge add modifier"),
                "judge_remove_modifier": gettext_noop("Judge remove modifier"),
                "judge_set_damage": gettext_noop("Judge set damage"), "judge_standby": gettext_noop("Judge standby")}


def action_label(state: GameState, action: dict, view: str = "judge", decision: str | None = None) -> str:
    """An action as a judge says it ("Call Knight to the left front circle"), for buttons and lists.

    In a player view a card the viewer cannot see now is "a card" (no name, no id).
    """
    def known(cid) -> bool:
        if view == "judge":
            return True
        if cid not in state.loc:
            return False
        owner, zone = state.loc[cid]
        return card_visible(view, owner, zone, cid in state.face_down)

    def name(cid) -> str:
        c = state.cards.get(cid)
        return (c.name if c else str(cid)) if known(cid) else gettext(HIDDEN_TEXT)

    kind, card = action["kind"], action.get("card")
    label = shared_label(action, decision, PASS_LABELS, ACCEPT_LABELS)
    if label is not None:
        return label
    if kind in ("mulligan", "choose_cards"):
        chosen = ", ".join(name(c) for c in action.get("cards", []))
        if not chosen:
            return gettext("Keep the hand") if kind == "mulligan" else gettext("Choose none")
        return (gettext("Return %(cards)s") if kind == "mulligan" else gettext("Choose %(cards)s")) % {"cards": chosen}
    where = wording.words(action["circle"]) if "circle" in action else ""
    simple = {"ride": gettext("Ride %(card)s"), "stride": gettext("Stride %(card)s"),
              "boost": gettext("Boost with %(card)s"),
              "guard": gettext("Guard with %(card)s"), "intercept": gettext("Intercept with %(card)s"),
              "g_guard": gettext("G guard with %(card)s"), "choose": gettext("Choose %(card)s"),
              "act": gettext("Play the ACT ability of %(card)s")}
    if kind in ("guard", "intercept", "g_guard") and action.get("guards"):  # several attacked units (7.4.1.2.2)
        return {"guard": gettext("Guard %(guarded)s with %(card)s"),
                "intercept": gettext("Intercept with %(card)s for %(guarded)s"),
                "g_guard": gettext("G guard %(guarded)s with %(card)s")}[kind] % {
            "card": name(card), "guarded": name(action["guards"])}
    if kind == "declare":  # a card name declared (10.23): the name is public
        return gettext("Declare “%(name)s”") % {"name": action.get("name", "")}
    if kind == "attack":
        return _attack_label(state, action, name)
    if kind in simple:
        return simple[kind] % {"card": name(card)}
    if kind == "call":
        return gettext("Call %(card)s to the %(place)s circle") % {"card": name(card), "place": where}
    if kind == "target":
        place = wording.words(state.loc[card][1]) if card in state.loc else ""
        if place:
            return gettext("Target %(card)s on the %(place)s") % {"card": name(card), "place": place}
        return gettext("Target %(card)s") % {"card": name(card)}
    if kind == "move" and action.get("column"):
        return gettext("Swap the cards of the %(column)s column") % {"column": wording.words(action["column"])}
    if kind == "move":
        moving = state.zones[state.turn_player][action["from"]] if action.get("from") in CIRCLES else []
        what = name(moving[0]) if moving else gettext("the card")
        return gettext("Move %(card)s from the %(from)s to the %(to)s") % {
            "card": what, "from": _circle(action["from"]), "to": _circle(action["to"])}
    # judge actions: "Judge move", "Judge set damage"...
    bits = [gettext(JUDGE_LABELS[kind]) if kind in JUDGE_LABELS else kind.replace("_", " ").capitalize()]
    if card:
        bits.append(name(card))
    if "zone" in action:
        bits.append(gettext("to %(place)s") % {"place": wording.words(action["zone"])})
    if "stat" in action:
        bits.append(f"{action.get('amount', 0):+} {wording.words(action['stat'])}")
    if "duration" in action:
        bits.append(gettext("until %(until)s") % {"until": wording.words(action["duration"])})
    if "count" in action:
        bits.append(gettext("player %(player)s to %(count)s") % {
            "player": action.get("player"), "count": action["count"]})
    return " ".join(str(b) for b in bits)


def _circle(circle: str) -> str:
    """A circle named short, as a judge says it in a sentence ("vanguard", "front left rear-guard")."""
    return wording.words(circle).removesuffix(" circle")


def _attack_label(state: GameState, action: dict, name) -> str:
    """An attack naming its parts: "Attack their vanguard Blaster (grade 2, 10000) with your vanguard King
    (grade 3, 13000), boosted by Page (8000)"; the target is chosen next when the option names none."""
    def unit(cid, with_grade: bool = True) -> str:
        if cid not in state.loc:
            return name(cid)
        circle = state.loc[cid][1]
        card = state.cards[cid]
        stats = (gettext("grade %(grade)s, %(power)s") % {"grade": card.grade, "power": power(state, cid)}
                 if with_grade else f"{power(state, cid)}")
        return gettext("%(circle)s %(card)s (%(stats)s)") % {"circle": _circle(circle), "card": name(cid),
                                                             "stats": stats}

    attacker = gettext("your %(unit)s") % {"unit": unit(action["card"])}
    if not action.get("target"):
        return gettext("Attack with %(attacker)s, choosing the target next") % {"attacker": attacker}
    out = gettext("Attack their %(target)s with %(attacker)s") % {"target": unit(action["target"]),
                                                                  "attacker": attacker}
    if action.get("boost"):
        out += ", " + gettext("boosted by %(card)s (%(power)s)") % {"card": name(action["boost"]),
                                                                    "power": power(state, action["boost"])}
    return out


def card_of(state: GameState, action: dict) -> str | None:
    """The card an option concerns when it names none: a move's unit (its menu holds the move)."""
    if action["kind"] == "move" and action.get("from") in CIRCLES:
        units = state.zones[state.turn_player][action["from"]]
        return units[0] if units else None
    return None


def place_of(state: GameState, action: dict) -> str | None:
    """Where an option puts or aims its card, as "<player>:<circle>" (the board lights that place up)."""
    kind, card = action["kind"], action.get("card")
    owner = state.loc[card][0] if card in state.loc else None
    if kind == "call":
        return f"{owner}:{action['circle']}"
    if kind == "ride":
        return f"{owner}:vanguard"
    if kind in ("guard", "g_guard"):
        return f"{owner}:guardian"
    if kind == "attack" and action.get("target") in state.loc:  # the attacker's targets light up
        return "{}:{}".format(*state.loc[action["target"]])
    if kind == "move" and action.get("to"):
        return f"{state.turn_player}:{action['to']}"
    return None


def draft_board_view(*, definition: dict, view: str = "judge") -> dict:
    """The board of a draft, straight from its entries (it may not be playable yet: no engine state),
    as ``view`` may see it: the same hidden zones as :func:`board_view` (the opponent's hand, every
    deck, face-down cards)."""
    templates = definition.get("templates") if isinstance(definition.get("templates"), dict) else {}

    def entry_view(entry, player: int, place: str) -> list[dict]:
        data, count = draft_entry(entry, templates)
        if data is None:
            return []
        card = {"id": str(data.get("id", "")), "name": str(data.get("name", "?")), "grade": data.get("grade"),
                "power": data.get("power"), "critical": data.get("critical", 1), "shield": data.get("shield", 0),
                "trigger": data.get("trigger", "none"), "keywords": data.get("keywords", []),
                "abilities": data.get("abilities", []), "clan": data.get("clan")}
        face_down = bool(data.get("face_down"))
        hidden = not card_visible(view, player, place, face_down)
        return [_card_view(card, rested=bool(data.get("rested")), face_down=face_down, hidden=hidden)
                for _ in range(count)]

    players = []
    for p in (0, 1):
        raw = definition.get("players", [{}, {}])
        pdata = raw[p] if isinstance(raw, list) and len(raw) > p and isinstance(raw[p], dict) else {}
        fld = pdata.get("field", {}) if isinstance(pdata.get("field"), dict) else {}
        circles = {}
        for circle in CIRCLES:
            value = fld.get(circle)
            entries = value if isinstance(value, list) else ([] if value is None else [value])
            if circle == "vanguard" and fld.get("legion_mate") is not None:
                entries = [fld["legion_mate"]] + entries  # a Legion Mate sits beside its leader (10.27.1)
            if circle == "vanguard" and fld.get("heart") is not None:
                entries = [fld["heart"]] + entries  # the heart under the G unit that strode (10.29)
            circles[circle] = [v for e in entries for v in entry_view(e, p, circle)]
        zones = {}
        for zone in ZONES:
            entries = pdata.get(zone, []) if isinstance(pdata.get(zone), list) else []
            cards = [v for e in entries for v in entry_view(e, p, zone)]
            zones[zone] = {"label": ZONE_LABELS[zone], "count": len(cards), "cards": cards}
        players.append(_player_view(p, circles, zones))
    viewer = 0 if view in ("judge", "p0") else 1
    return {"players": players, "bottom": players[viewer], "top": players[1 - viewer],
            "turn": definition.get("turn"),
            "turn_player": definition.get("turn_player"), "first_player": definition.get("first_player", 0),
            "phase": definition.get("phase"), "phase_label": PHASE_LABELS.get(definition.get("phase"), definition.get("phase")), "step": None,
            "battle": None, "outcome": None, "modifiers": [], "standby": [], "seed": definition.get("seed"),
            "outcome_text": ""}


# ---------------------------------------------------------------- the engine's assumptions register, as a page
ASSUMPTIONS_FILE = Path(__file__).resolve().parents[3] / "docs" / "engine-assumptions.md"


ASSUMPTION_ROW = re.compile(r"^\|\s*(A\d+)\s*\|(.*)\|\s*$")


CLAUSE_NUMBER = re.compile(r"\b(IT|EN)\b|\b(\d{1,2}(?:\.\d{1,2}){1,6})\b")


DOCUMENT_OF = {"IT": "vg-cr-it-2.2", "EN": "vg-cr-en-1.48"}


@lru_cache(maxsize=1)
def assumption_list() -> tuple[dict, ...]:
    """Each row of docs/engine-assumptions.md: id, where (with the clauses it concerns), problem, reading.

    The cells are the register's Markdown, rendered and sanitised by the reader's renderer; the clause
    numbers of the "where" cell become (IT or EN) reader links."""
    rows = register_rows(ASSUMPTIONS_FILE, ASSUMPTION_ROW)
    return tuple(dict(row, clauses=_clauses_in(row["where"])) for row in rows)


def _clauses_in(where: str) -> list[dict]:
    """The clause numbers of a "where" cell ("IT 7.4.1.2.2 vs EN 7.5.1.2.2"), each with its document."""
    document, out = "IT", []
    for match in CLAUSE_NUMBER.finditer(where):
        if match.group(1):
            document = match.group(1)
            continue
        number = match.group(2)
        out.append({"language": document, "number": number,
                    "href": f"{RULES_PREFIX}{DOCUMENT_OF[document]}/{number}/",
                    "preview": f"{RULES_PREFIX}{DOCUMENT_OF[document]}/{number}/preview/"})
    return out


# ---------------------------------------------------------------- the Playbook (a question's page in the reader)
PLAYBOOK_REF = re.compile(r"^(vg-playbook-[a-z]{2}-[\d.]+) (Q\d{2})$")


def source_link(source: str) -> dict | None:
    """"vg-playbook-it-3.00 Q17" -> the question's page in the reader, with a readable label."""
    match = PLAYBOOK_REF.match(source or "")
    if not match:
        return {"label": source, "href": None} if source else None
    return {"label": gettext("Playbook, question %(number)s") % {"number": match.group(2)[1:].lstrip("0")},
            "href": f"{RULES_PREFIX}{match.group(1)}/{match.group(2)}/"}
