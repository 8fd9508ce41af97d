"""Weiss Schwarz boards in the sandbox: the mat's zones, the definition's card entries, the board as a viewer sees it,
actions as a judge says them, and the builder's choices.

The definition is the scenario format's Weiss Schwarz position (docs/scenarios.md, "Weiss Schwarz"): each
player's areas (deck and stock top first) and ``stage`` (the center stage's three positions, the back stage's
two), cards as objects with ``status`` (stand, rest, reverse) and ``face_down``.
"""
from __future__ import annotations

import re
import sys
from copy import deepcopy
from functools import lru_cache, partial
from pathlib import Path

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from engine.core.errors import DefinitionError
from engine.core.scenario import FORMAT as SCENARIO_FORMAT
from engine.weiss import characteristics
from engine.weiss.actions import ALL_ZONES, BACK_STAGE, CENTER_STAGE, JUDGE_KINDS, MODIFIER_DURATIONS, SLOTS, STATS
from engine.weiss.actions import STATUSES, ZONES
from engine.weiss.cards import CARD_FIELDS, Card
from engine.weiss.scenario import EXPECTATIONS
from engine.weiss.state import MARKER_OF, OPPOSITE, PHASES, GameState
from engine.weiss.why_not import refused_options  # noqa: F401  (the decision view's why-not, by game)

from .. import games, wording
from ..drafts import card_count, draft_entry
from ..registers import register_rows
from ..validation import MAX_CARDS, SandboxError, int_clean
from . import boards
from .boards import card_visible, insert_entry, remove_from_zones, seen, shared_label
from .vanguard_forms import card_from_form  # noqa: F401  (the builder's custom card form, as Vanguard's)
from .turn_words import position_words, source_link  # noqa: F401  (the board heading)
from .weiss_words import (ACCEPT_LABELS, FIELD_WORDS, PASS_LABELS, SENTENCE_WORDS, STATUS_WORDS, WORDS_TABLES,  # noqa: F401
                          attack_label, expectation_text, replacement_label)
from . import weiss_cards
from .weiss_cards import card_from_line, card_tile  # noqa: F401  (the views' pieces, by game)
from .weiss_answers import ANSWER_BY_QUESTION, QUESTION_POINT, QUESTIONS, answer_line  # noqa: F401  (ask, answer, stop)
from .weiss_presets import PRESETS  # noqa: F401  (its ready boards)

MAT_TEMPLATE = "sandbox/weiss/_mat.html"  # the shared mat, with each stage position's Marker Area (3.7)
SLUG = "weiss-schwarz"
TITLE = "Weiss Schwarz"
RULES_DOCUMENT = "ws-cr-it"
TEMPLATES = "sandbox/weiss"  # its partials: the builder, the judge actions
STYLESHEETS = ("judgeapp/sandbox-weiss.css",)
ASSUMPTIONS_TEMPLATE = "sandbox/weiss/_assumptions.html"  # its section of the readings page
NUMBER_EXPECTATIONS = ("soul", "card_level", "level", "refresh_points")  # ``equals`` is a number
TEXT_EXPECTATIONS = ("status",)  # ``equals`` is a word: stand, rest or reverse
# A judge's move to one of these areas is told to a player (to a hand: only its owner); elsewhere the card
# is "a card" (named conservatively: the areas a player sees were never listed).
PUBLIC_MOVE_ZONES = frozenset(("hand", "back_left", "back_right"))
# No public event kinds of its own: the kinds it shares with the other hosted games are public as theirs are
# (selectors.public_kinds); every other event is redacted card by card.
PUBLIC_EVENT_KINDS: frozenset[str] = frozenset()
NEW_BUTTON = {"label": gettext_lazy("New Weiss Schwarz board"), "id": "sb-new-weiss"}
#: the sandbox's run modes -> the engine's stop points (the "battle" mode ends the attack under way, 7.6)
STEP_POINTS = {"step": "step", "phase": "phase", "battle": "attack", "turn": "turn"}
# The mat's labels and the names in a sentence ("play Knight to the center stage left"): the areas' and
# positions' names in the rules (weiss_words.py), in the page's language when read.
ZONE_LABELS = {z: wording.label(z, SLUG) for z in SLOTS + ZONES}
PLACE_NAMES = wording.Names(SLOTS + ZONES, SLUG)
STATUS_NAMES = STATUS_WORDS
PLACES = SLOTS + ZONES
SCENARIO_PHASES = tuple(p for p in PHASES)
CARD_ENTRY_EXTRA = ("status", "face_down")
SETTING_DEFAULTS = (("seed", 0), ("turn", 3), ("turn_player", 0), ("first_player", 0), ("phase", "main"))


# ---------------------------------------------------------------- definitions (the starting board)
def definition_blank() -> dict:
    """An empty board at the start of player 0's attack phase on turn 3 (no first turn restriction, 7.2.1.3.1):
    a judge sets up "my attack" without changing whose turn it is."""
    return {"format": SCENARIO_FORMAT, "game": SLUG, "seed": 0, "turn": 3, "turn_player": 0, "first_player": 0,
            "phase": "attack", "players": [{}, {}]}


def definition_entries(definition: dict):
    """Yield (player, place, index, entry) for every card entry of a definition."""
    return boards.definition_entries(definition, ZONES, _stage_entries)


def _stage_entries(pdata: dict):
    stage = pdata.get("stage", {})
    for slot in SLOTS:
        entry = stage.get(slot) if isinstance(stage, dict) else None
        if entry is not None:
            yield slot, 0, entry


def definition_add(definition: dict, player: int, place: str, entries: list[dict], position: int | None) -> dict:
    """``definition`` with ``entries`` (card objects with ids) put in a player's area or stage position."""
    if place not in PLACES:
        raise SandboxError("zone", gettext("unknown area “%(place)s” (known: %(names)s)") % {
            "place": str(place)[:40], "names": ', '.join(PLACES)})
    pdata = definition["players"][player]
    for entry in entries:
        if place in SLOTS:
            if entry.get("type") != "character":
                raise SandboxError("zone", gettext("only a character can be on the stage (3.5.1)"))
            stage = pdata.setdefault("stage", {})
            if stage.get(place):
                raise SandboxError("zone", gettext("the %(place)s already holds %(card)s: one character per "
                                                   "position; remove it first") % {
                                                       "place": PLACE_NAMES[place], "card": stage[place].get("name")})
            stage[place] = entry
        else:
            insert_entry(pdata, place, entry, position)
    return definition


def definition_remove(definition: dict, card_id: str) -> dict:
    """``definition`` without the card ``card_id`` (unchanged when there is none)."""
    for pdata in definition["players"]:
        remove_from_zones(pdata, ZONES, card_id)
        stage = pdata.get("stage", {})
        for slot in list(stage):
            if stage[slot].get("id") == card_id:
                del stage[slot]
        if "stage" in pdata and not stage:
            pdata.pop("stage")
    return definition


def card_clean(data: dict, field: str = "card") -> dict:
    """Validate one card's printed attributes with the engine, and its status on the board."""
    for key in data:
        if key not in CARD_FIELDS + CARD_ENTRY_EXTRA:
            raise SandboxError(f"{field}.{key}", gettext("unknown field"))
    status = data.get("status", "stand")
    if status not in STATUSES:
        raise SandboxError(f"{field}.status", gettext("expected one of %(names)s") % {"names": ', '.join(STATUSES)})
    face_down = data.get("face_down", False)
    if not isinstance(face_down, bool):
        raise SandboxError(f"{field}.face_down", gettext("expected true or false"))
    card_data = {k: v for k, v in data.items() if k not in CARD_ENTRY_EXTRA}
    card_data.setdefault("id", "x")
    if isinstance(card_data.get("name"), str) and len(card_data["name"]) > 100:
        raise SandboxError(f"{field}.name", gettext("longer than 100 characters"))
    try:
        card = Card.from_json(card_data, field, owner=0)
    except DefinitionError as exc:
        raise SandboxError(exc.path, exc.message) from None
    out = card.to_json()
    out.pop("owner")
    if status != "stand":
        out["status"] = status
    if face_down:
        out["face_down"] = True
    return out


def board_checks(state: GameState, field: str) -> None:
    """What the engine's loader leaves to the caller: a board that has already lost is explained, not played."""
    for p in (0, 1):
        level = state.level(p)
        if level >= 4:
            raise SandboxError(f"{field}.players[{p}].level", gettext("%(level)s cards in the level area: the player "
                                                                      "has already lost (level 4, 9.4.1.1); remove "
                                                                      "some to play on") % {"level": level})


def definition_from_state(state: GameState, settings: dict) -> dict:
    return weiss_cards.definition_from_state(state, settings, SLUG)


def duplicate_zone(place: str) -> str:
    """Where a copy of a card goes: beside it in its area, or the owner's hand for a stage position."""
    return place if place in ZONES else "hand"


def position(state: GameState) -> tuple:
    """Where the game is, for the "run to the end of ..." modes: turn, phase, step, attacks made, attack running."""
    return state.turn, state.phase, state.step, state.attacks_this_turn, state.attack is not None


# ---------------------------------------------------------------- the board as a viewer sees it
def ability_text(ability: dict) -> str:
    """An ability as card text: its printed text when the data has it, else its timing and effects in words."""
    if ability.get("text"):
        return str(ability["text"])
    head = f"[{wording.words(ability.get('timing', ''))}]" + (  # the card's limit (W42)
        f" ({gettext('once per turn')})" if ability.get("once_per_turn") else
        f" ({gettext('up to %(n)s times per turn') % {'n': ability['times_per_turn']}})"
        if ability.get("times_per_turn") else "")
    effects = []
    for e in ability.get("effects", []):
        amount = f" {e['amount']:+}" if isinstance(e.get("amount"), int) else f" {e['value']}" if "value" in e else ""
        if e.get("per"):  # "+500 for each of your other characters": not a flat +500
            amount += " " + gettext("for each card counted")
        count = f" {e['count']}" if isinstance(e.get("count"), int) else ""
        if e.get("equal_to"):  # "deal X damage, X is that character's level": no number of its own (W48)
            count = " X (" + gettext("X is read from a card or a player as it resolves") + ")"
        effects.append(f"{wording.words(e.get('kind', ''))}{amount}{count}")
    return f"{head} {', '.join(effects)}".strip()


def card_view(card: dict, *, status: str = "stand", face_down: bool = False, hidden: bool = False,
              power: int | None = None, soul: int | None = None) -> dict:
    if hidden:
        return {"hidden": True, "face_down": face_down, "rested": status != "stand"}
    return {
        "hidden": False, "id": card["id"], "name": card["name"], "type": card["type"], "colour": card["colour"],
        "level": card.get("level", 0), "cost": card.get("cost", 0),
        "power": card.get("power", 0) if power is None else power, "base_power": card.get("power", 0),
        "soul": card.get("soul", 0) if soul is None else soul, "base_soul": card.get("soul", 0),
        "triggers": list(card.get("triggers", [])), "traits": list(card.get("traits", [])),
        "counter": bool(card.get("counter")), "status": status, "rested": status != "stand", "face_down": face_down,
        "abilities": [ability_text(a) for a in card.get("abilities", []) if isinstance(a, dict)],
    }


def _player_view(p: int, places: dict[str, list[dict]]) -> dict:
    zones = {z: {"label": ZONE_LABELS[z], "count": len(places[z]), "cards": places[z]} for z in ZONES}
    return {"index": p, "stage": {s: places[s] for s in SLOTS}, "zones": zones, "level": len(places["level"]),
            "circle_list": [{"name": s, "label": ZONE_LABELS[s], "cards": places[s],
                             "markers": places.get(MARKER_OF[s], [])} for s in SLOTS],
            "pile_list": [dict(zones[z], name=z) for z in ZONES if z != "hand"]}


def board_view(*, state: GameState, view: str = "judge") -> dict:
    """Both players' areas and stage as ``view`` (judge, p0, p1) may see them; current power and soul on stage."""
    cards = {cid: c.to_json() for cid, c in state.cards.items()}
    players = []
    for p in (0, 1):
        places = {}
        for place in SLOTS + ZONES + tuple(MARKER_OF.values()):
            on_stage = place in SLOTS
            places[place] = [
                card_view(cards[c], status=state.status(c), face_down=c in state.face_down,
                          hidden=not card_visible(view, p, place, c in state.face_down),
                          power=characteristics.power(state, c) if on_stage else None,
                          soul=characteristics.soul(state, c) if on_stage else None)
                for c in state.zones[p][place]]
        players.append(_player_view(p, places))
    viewer = 0 if view in ("judge", "p0") else 1

    known = partial(seen, view, state)

    return {
        "game": SLUG, "players": players, "bottom": players[viewer], "top": players[1 - viewer],
        "turn": state.turn, "turn_player": state.turn_player, "first_player": state.first_player,
        "phase": state.phase, "step": state.step,
        "phase_label": wording.phase_text(state.phase), "battle": None, "attack": state.attack,
        "outcome": state.outcome, "outcome_text": wording.outcome_text(state.outcome, state.first_player), "seed": state.seed,
        "modifiers": [dict(m.to_json(), text=_modifier_text(state, m)) for m in state.modifiers
                      if known(m.card) and known(m.source)],
        "standby": [dict(s, text=_standby_text(state, s)) for s in state.standby if known(s.get("card"))],
    }


def _name(state: GameState, cid) -> str:
    card = state.cards.get(cid)
    return card.name if card else wording.words(cid)


def _modifier_text(state: GameState, m) -> str:
    until = gettext("for the rest of the game") if m.until is None else gettext("until %(until)s") % {
        "until": wording.words(m.duration)}
    text = gettext("%(card)s: power becomes %(amount)s %(until)s (from %(source)s)") if m.stat == "power_becomes" \
        else gettext("%(card)s: %(amount)s %(stat)s %(until)s (from %(source)s)")  # "becomes N" sets, adds nothing
    return text % {"card": _name(state, m.card), "amount": m.amount if m.stat == "power_becomes" else f"{m.amount:+}",
                   "stat": wording.words(m.stat), "until": until, "source": _name(state, m.source)}


def _standby_text(state: GameState, s: dict) -> str:
    card = state.cards.get(s.get("card"))
    if card is None:
        return gettext("an ability")
    ability = s.get("ability", 0)
    if isinstance(ability, int) and 0 <= ability < len(card.abilities):
        return f"{ability_text(card.abilities[ability].to_json())} ({card.name})"
    if s.get("kind"):
        return gettext("%(ability)s of %(card)s") % {"ability": wording.words(s["kind"]), "card": card.name}
    return card.name


def draft_board_view(*, definition: dict, view: str = "judge") -> dict:
    """The board of a draft straight from its entries (it may not be playable yet), with the same hidden areas."""
    templates = definition.get("templates") if isinstance(definition.get("templates"), dict) else {}

    def entry_view(entry, player: int, place: str) -> list[dict]:
        data, count = draft_entry(entry, templates)
        if data is None:
            return []
        card = {"id": str(data.get("id", "")), "name": str(data.get("name", "?")), "type": data.get("type", "?"),
                "colour": data.get("colour", "?"), "level": data.get("level", 0), "cost": data.get("cost", 0),
                "power": data.get("power", 0), "soul": data.get("soul", 1 if data.get("type") == "character" else 0),
                "triggers": data.get("triggers", []), "traits": data.get("traits", []),
                "counter": data.get("counter", False), "abilities": data.get("abilities", [])}
        face_down = bool(data.get("face_down", place == "stock"))
        status = data.get("status") if data.get("status") in STATUSES else "stand"
        return [card_view(card, status=status, face_down=face_down,
                          hidden=not card_visible(view, player, place, face_down)) for _ in range(count)]

    players = []
    raw = definition.get("players", [{}, {}])
    for p in (0, 1):
        pdata = raw[p] if isinstance(raw, list) and len(raw) > p and isinstance(raw[p], dict) else {}
        stage = pdata.get("stage", {}) if isinstance(pdata.get("stage"), dict) else {}
        places = {s: entry_view(stage[s], p, s) if stage.get(s) is not None else [] for s in SLOTS}
        for zone in ZONES:
            entries = pdata.get(zone, []) if isinstance(pdata.get(zone), list) else []
            places[zone] = [v for e in entries for v in entry_view(e, p, zone)]
        for s, entries in (pdata.get("markers") if isinstance(pdata.get("markers"), dict) else {}).items():
            if s in MARKER_OF and isinstance(entries, list):  # 3.7.2: face down, whatever the entry says
                places[MARKER_OF[s]] = [dict(v, face_down=True) for e in entries for v in entry_view(e, p, "deck")]
        players.append(_player_view(p, places))
    viewer = 0 if view in ("judge", "p0") else 1
    return {"game": SLUG, "players": players, "bottom": players[viewer], "top": players[1 - viewer],
            "turn": definition.get("turn"), "turn_player": definition.get("turn_player"),
            "first_player": definition.get("first_player", 0), "phase": definition.get("phase"), "phase_label": wording.phase_text(definition.get("phase")),
            "step": None, "battle": None, "attack": None, "outcome": None, "outcome_text": "", "modifiers": [],
            "standby": [], "seed": definition.get("seed")}


# ---------------------------------------------------------------- decisions: actions as a judge says them


def action_label(state: GameState, action: dict, view: str = "judge", decision: str | None = None) -> str:
    """An action as a judge says it ("Play Knight to the center stage left position"), for buttons and lists."""
    def name(cid) -> str:
        card = state.cards.get(cid)
        if card is None:
            return str(cid)
        if view != "judge" and not (cid in state.loc and card_visible(view, *state.loc[cid], cid in state.face_down)):
            return gettext("a card")
        return card.name

    kind, card = action["kind"], action.get("card")
    label = shared_label(action, decision, PASS_LABELS, ACCEPT_LABELS)
    if label is not None:
        return label
    if kind in ("mulligan", "choose_cards"):
        chosen = ", ".join(name(c) for c in action.get("cards", []))
        if not chosen:
            return gettext("Choose none")
        return (gettext("Put back %(cards)s") if kind == "mulligan" else gettext("Choose %(cards)s")) % {"cards": chosen}
    if kind == "play":
        slot = action.get("slot")
        if slot:
            return gettext("Play %(card)s to the %(place)s") % {"card": name(card), "place": PLACE_NAMES[slot]}
        return gettext("Play %(card)s") % {"card": name(card)}
    if kind in ("attack", "replacement"):  # 8.10.2.1: the replacement effect that applies
        return (attack_label if kind == "attack" else replacement_label)(state, action, name)
    if kind == "rule_action":
        # A refresh and a level-up due at once: the player picks which comes first (9.1.2.1.1).
        return gettext("Level up first") if action.get("rule") == "level_up" else gettext("Refresh first")
    if kind == "rest_to":  # a card looked at: where its player puts it (W43)
        return {"waiting_room": gettext("Put %(card)s into the waiting room"),
                "deck_bottom": gettext("Put %(card)s at the bottom of the deck")}.get(
            action.get("to"), gettext("Put %(card)s back on top of the deck")) % {"card": name(card)}
    if kind == "place":  # a character an effect puts onto the stage, and where
        return gettext("Put %(card)s in the %(place)s") % {"card": name(card), "place": PLACE_NAMES[action["slot"]]}
    if kind == "move":
        return gettext("Move the %(place)s to the %(to)s") % {"place": PLACE_NAMES[action["from"]],
                                                            "to": PLACE_NAMES[action["to"]]}
    simple = {"clock": gettext("Put into the clock %(card)s"), "counter": gettext("Counter with %(card)s"),
              "backup": gettext("Back up with %(card)s"), "choose": gettext("Choose %(card)s"),
              "act": gettext("Play the ACT ability of %(card)s")}
    if kind in simple:
        return simple[kind] % {"card": name(card)}
    return _judge_label(action, name)


def _judge_label(action: dict, name) -> str:
    kind = action["kind"]
    if kind == "judge_move":
        place = PLACE_NAMES.get(action.get("zone")) or gettext("an area")
        if "player" in action:
            return gettext("Judge: move %(card)s to player %(player)s's %(place)s") % {
                "card": name(action.get("card")), "player": action["player"], "place": place}
        return gettext("Judge: move %(card)s to %(place)s") % {"card": name(action.get("card")), "place": place}
    if kind == "judge_add_modifier":
        return gettext("Judge: %(card)s gets %(amount)s %(stat)s until %(until)s") % {
            "card": name(action.get("card")), "amount": f"{action.get('amount', 0):+}",
            "stat": wording.words(action.get("stat")), "until": wording.words(action.get("duration"))}
    if kind == "judge_set_clock":
        return gettext("Judge: player %(player)s's clock to %(count)s cards") % {
            "player": action.get("player"), "count": action.get("count")}
    if kind == "judge_set_status":
        return gettext("Judge: %(card)s becomes %(status)s") % {
            "card": name(action.get("card")), "status": str(STATUS_NAMES.get(action.get("status"), STATUS_NAMES["stand"])),
        }
    if kind == "judge_remove_modifier":
        return gettext("Judge: remove modifier %(number)s") % {"number": action.get("modifier")}
    if kind == "judge_standby":
        return gettext("Judge: put ability %(number)s of %(card)s on stand-by") % {
            "number": action.get("ability"), "card": name(action.get("card"))}
    return wording.words(kind).capitalize()


def place_of(state: GameState, action: dict) -> str | None:
    """Where an option puts or aims its card, as "<player>:<area>" (the board lights that place up)."""
    kind, card = action["kind"], action.get("card")
    if card not in state.loc:
        return None
    owner, where = state.loc[card]
    if kind == "play" and action.get("slot"):
        return f"{owner}:{action['slot']}"
    if kind == "play" and state.cards[card].type == "climax":
        return f"{owner}:climax"
    if kind == "attack" and action.get("type") != "direct" and where in OPPOSITE:
        return f"{1 - owner}:{OPPOSITE[where]}"
    if kind == "clock":
        return f"{owner}:clock"
    return None


# ---------------------------------------------------------------- forms: judge actions, choices
def judge_action_build(data) -> dict:
    """A judge action object from the judge's form fields (strings from HTML converted)."""
    kind = data.get("kind")
    if kind not in JUDGE_KINDS or kind == "concede":
        raise SandboxError("kind", gettext("expected one of %(names)s") % {
            "names": ', '.join(sorted(JUDGE_KINDS - {'concede'}))})
    out: dict = {"kind": kind}
    for key in ("card", "zone", "player", "position", "status", "stat", "amount", "duration", "count", "ability",
                "modifier"):
        value = data.get(key)
        if value is None or value == "":
            continue
        if key in ("player", "position", "count", "ability", "amount"):
            value = int_clean(value, key, -100000, 100000)
        out[key] = value
    if kind == "judge_move" and out.get("zone") not in ALL_ZONES:
        raise SandboxError("zone", gettext("unknown area “%(value)s”") % {"value": str(out.get('zone'))[:40]})
    return out


FORM_CHOICES = {
    "zones": [(z, ZONE_LABELS[z]) for z in PLACES],
    "all_zones": [(z, ZONE_LABELS[z]) for z in ALL_ZONES],
    "phases": SCENARIO_PHASES, "stats": STATS,
    "stat_labels": [(s, lazy(wording.in_language, str)(SENTENCE_WORDS["stat"].get(s, s))) for s in STATS],
    "statuses": [(s, lazy(str, str)(STATUS_NAMES[s])) for s in STATUSES],
    "modifier_durations": MODIFIER_DURATIONS, "expectations": list(EXPECTATIONS),
    "center_stage": CENTER_STAGE, "back_stage": BACK_STAGE,
    # The "battle" run mode stops when the attack under way ends: Weiss Schwarz calls it an attack
    # (its battle step is one step of the attack, 7.6).
    "step_modes": [("event", gettext_lazy("The next event only")), ("decision", gettext_lazy("To the next decision")),
                   ("step", gettext_lazy("To the end of the step")), ("phase", gettext_lazy("To the end of the phase")),
                   ("battle", gettext_lazy("To the end of the attack")), ("turn", gettext_lazy("To the end of the turn"))],
}


def cards_fit(definition: dict, count: int) -> None:
    if card_count(definition_entries(definition)) + count > MAX_CARDS:
        raise SandboxError("count", gettext("a scenario holds at most %(max_cards)s cards") % {"max_cards": MAX_CARDS})


# ---------------------------------------------------------------- the assumptions register, as a page
ASSUMPTIONS_FILE = Path(__file__).resolve().parents[3] / "docs" / "engine-assumptions-weiss.md"
ASSUMPTION_ROW = re.compile(r"^\|\s*(W\d+)\s*\|(.*)\|\s*$")
CLAUSE_NUMBER = re.compile(r"\b(\d{1,2}(?:\.\d{1,2}){1,6})\b")


@lru_cache(maxsize=1)
def assumption_list() -> tuple[dict, ...]:
    """Each row of docs/engine-assumptions-weiss.md: id, the clauses it concerns (reader links), the text, the
    reading; cells rendered and sanitised by the reader's renderer."""
    return tuple(dict(row, clauses=[{"language": "IT", "number": n, "href": f"/rules/{RULES_DOCUMENT}/{n}/",
                                     "preview": f"/rules/{RULES_DOCUMENT}/{n}/preview/"}
                                    for n in CLAUSE_NUMBER.findall(row["where"])])
                 for row in register_rows(ASSUMPTIONS_FILE, ASSUMPTION_ROW))


def entries_with_ids(definition: dict, player: int, entry: dict, count: int) -> list[dict]:
    """``count`` copies of ``entry``, each with the next free id of the player ("p0-1", "p0-2", ...)."""
    used = {e.get("id") for _, _, _, e in definition_entries(definition) if isinstance(e, dict)}
    out, n = [], 1
    for _ in range(count):
        while f"p{player}-{n}" in used:
            n += 1
        used.add(f"p{player}-{n}")
        out.append(dict(deepcopy(entry), id=f"p{player}-{n}"))
    return out


def card_add(definition: dict, player: int, place: str, card: dict, count: int, position: int | None) -> list[str]:
    """Put ``count`` copies of ``card`` in a player's area or stage position of ``definition`` (changed); their ids."""
    cards_fit(definition, count)
    entries = entries_with_ids(definition, player, card_clean(card), count)
    definition_add(definition, player, place, entries, position)
    return [e["id"] for e in entries]


games.register(sys.modules[__name__])
