"""Altered boards in the sandbox: the definition's card entries, the board as a viewer sees it (the adventure track,
both players' expeditions, hero, Mana orbs, Reserve, Landmarks), actions as a judge says them and the builder's
choices.  The cards are ``altered_cards.py``, the words ``altered_words.py``.

The definition is the scenario format's Altered position (docs/scenarios.md, "Altered"): ``day``, ``phase``,
``first_player`` (and ``to_act``/``passed`` for an Afternoon under way), ``track``, ``modifiers`` and each
player's zones, expeditions and their regions, cards with ``status`` (a list), ``boost`` and ``counters``.
"""
from __future__ import annotations

import re
import sys
from copy import deepcopy
from functools import lru_cache
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy

from engine.altered.abilities import DURATIONS, STAT_NAMES, STATUSES
from engine.altered.actions import ALL_ZONES, EXPEDITIONS, ZONES
from engine.altered.cards import KEYWORDS as CARD_KEYWORDS
from engine.altered.cards import STATS
from engine.altered.cards import TYPES as CARD_TYPES
from engine.altered.citations import DOCUMENT
from engine.altered.scenario import EXPECTATIONS, PLAYER_FIELDS
from engine.altered.state import COMPANION_REGION, HERO_REGION, PHASES, GameState, default_track
from engine.altered.why_not import refused_options  # noqa: F401  (the decision view's why-not, by game)
from engine.core.scenario import FORMAT as SCENARIO_FORMAT

from .. import games, wording
from ..drafts import card_count, draft_entry, next_card_id
from ..registers import register_rows
from ..validation import MAX_CARDS, SandboxError
from . import boards
from .altered_answers import ANSWER_BY_QUESTION, QUESTION_POINT, QUESTIONS, answer_line  # noqa: F401  (ask, answer, stop)
from .altered_actions import card_visible  # noqa: F401  (who sees a card: the Mana face down, 3.2.9)
from .altered_cards import ability_text, card_clean, card_from_form, card_from_line, card_tile  # noqa: F401
from .altered_presets import PRESETS  # noqa: F401  (its ready boards)
from .altered_setup import SETUP_FIELDS, setup_apply, setup_values  # noqa: F401  (the builder's adventure)
from .altered_words import (DECISION_WORDS, DURATION_LABELS, KEYWORD_LABELS, PHASE_LABELS, TYPE_LABELS, STAT_LABELS, STATUS_LABELS,  # noqa: F401
                            SENTENCE_WORDS, WORDS_TABLES, ZONE_LABELS, expectation_text, position_words, region_name, said,
                            source_link, zone_name)

SLUG = "altered"
TITLE = "Altered"
RULES_DOCUMENT = DOCUMENT
TEMPLATES = "sandbox/altered"  # its builder and judge tools
MAT_TEMPLATE = "sandbox/altered/_mat.html"  # a player's half: expeditions, hero, Mana, Reserve, Landmarks
CARD_TEMPLATE = "sandbox/altered/_card.html"  # its tile: the statistics as coloured badges, not one line of text
STYLESHEETS = ("judgeapp/sandbox-altered.css",)
ASSUMPTIONS_TEMPLATE = "sandbox/altered/_assumptions.html"
NEW_BUTTON = {"label": gettext_lazy("New Altered board"), "id": "sb-new-altered"}
#: the sandbox's run modes -> the engine's stop points (a turn of the Afternoon, a phase of the day)
STEP_POINTS = {"turn": "turn", "phase": "phase"}
#: the settings of an Altered draft (the builder's "Day" form): no turn player, a day instead of a turn
# The first player token passes every Morning: "the first player" would name the other player each day (and
# rename the players of earlier events), so the pages name Altered's players by a fixed number (wording.py).
SEATS_BY_NUMBER = True
SETTING_FIELDS = {"seed": (0, 2**31), "day": (1, 99), "first_player": (0, 1)}
NUMBER_EXPECTATIONS = ("stat", "expedition_stat", "region", "boost", "counters", "ready_mana")
TEXT_EXPECTATIONS: tuple[str, ...] = ()
PLAYER_ZONES = tuple(z for z in PLAYER_FIELDS if z not in ("hero_at", "companion_at"))  # a definition's lists
# Read in the page's language each time (a dict built here, at import, named every zone in English: "hand").
PLACE_NAMES = wording.Names(ZONE_LABELS, "altered")
SCENARIO_PHASES = PHASES
# Zones every player sees (1.2.3.e): a judge's move there is told to both players (to a hand: its owner only).
PUBLIC_MOVE_ZONES = frozenset(("hand", "discard", "reserve", "landmarks", "hero", "limbo") + EXPEDITIONS)
# Events whose text names only objects in visible zones (1.2.3.e) or none: the day, the expeditions, turns.
PUBLIC_EVENT_KINDS = frozenset((
    "first_player", "phase", "succeed", "prepare", "pass", "play", "joins", "spell_resolved", "quick", "reaction",
    "play_reaction", "modifier", "modifiers_end", "boost", "counters", "after_you", "switch", "stays", "token",
    "token_ceases", "status", "progress", "progress_together", "no_progress", "expedition_moves", "no_move", "win",
    "tiebreak", "arena", "tiebreak_continues", "concede", "skip_step", "step_ignored", "pay_tough", "ready_mana",
    "exhaust_mana", "judge_expedition", "judge_first_player", "judge_remove_modifier", "roll",
))
JUDGE_KINDS = ("judge_move", "judge_status", "judge_boost", "judge_modifier", "judge_remove_modifier",
               "judge_expedition", "judge_first_player")


# ---------------------------------------------------------------- definitions (the starting board)
def definition_blank() -> dict:
    """An empty board at the start of the Afternoon of day 2, player 0 first: a judge lays out the expeditions
    and the hands and plays the day on from there."""
    return {"format": SCENARIO_FORMAT, "game": SLUG, "seed": 0, "day": 2, "phase": "afternoon", "first_player": 0,
            "players": [{}, {}]}


def definition_entries(definition: dict):
    """(player, place, index, entry) for every card entry of a definition."""
    return boards.definition_entries(definition, PLAYER_ZONES, lambda pdata: ())


def card_add(definition: dict, player: int, place: str, card: dict, count: int, position: int | None) -> list[str]:
    """Put ``count`` copies of ``card`` into a player's zone or expedition of ``definition`` (changed); their ids."""
    if place not in PLAYER_ZONES:
        raise SandboxError("zone", _("choose a zone of the board"))
    entry = card_clean(card)
    kind = entry["type"]
    if place == "hero" and (kind != "hero" or count > 1 or definition["players"][player].get("hero")):
        raise SandboxError("zone", _("the hero zone holds one hero (3.2.6.b)"))
    if kind == "hero" and place != "hero":
        raise SandboxError("zone", _("a hero starts in its hero zone (4.1.h)"))
    if place in EXPEDITIONS and kind not in ("character", "token"):
        raise SandboxError("zone", _("only characters are in an expedition (5.1.2.e)"))
    if kind == "token" and place not in EXPEDITIONS:
        raise SandboxError("zone", _("a token exists only in the expeditions (2.1.d)"))
    if entry.get("status") and place in ("deck", "hand"):
        raise SandboxError("line", _("cards in hidden zones have no status (2.4.1.g)"))
    if card_count(definition_entries(definition)) + count > MAX_CARDS:
        raise SandboxError("count", _("a scenario holds at most %(count)s cards") % {"count": MAX_CARDS})
    ids = []
    for _i in range(count):
        ids.append(next_card_id(definition_entries(definition), player))
        boards.insert_entry(definition["players"][player], place, dict(deepcopy(entry), id=ids[-1]),
                            None if position is None else position + len(ids) - 1)
    return ids


def definition_remove(definition: dict, card_id: str) -> dict:
    for pdata in definition["players"]:
        boards.remove_from_zones(pdata, PLAYER_ZONES, card_id)
    return definition


def duplicate_zone(place: str) -> str:
    """A copy goes beside its card (the hero zone holds one hero: a copy of a hero is not offered by the engine)."""
    return place


def board_checks(state: GameState, field: str) -> None:
    """What the loader leaves to the caller: a board where a player's expeditions already meet has been won."""
    for p in (0, 1):
        if not state.tiebreak and state.hero_at[p] >= state.companion_at[p]:
            raise SandboxError(f"{field}.players[{p}]", _(
                "player %(player)s's expeditions already meet or have crossed: that player has won (4.3.a, 4.3.b); "
                "move one of them back") % {"player": p})


def definition_from_state(state: GameState, settings: dict) -> dict:
    """A definition with one explicit card object per card, the day's position and the track as they are."""
    # a Morning not yet begun counts the day before (the morning task starts the day it names, day.agenda_at)
    before_morning = state.phase == "morning" and bool(state.agenda) and state.agenda[-1].get("t") == "morning"
    out = {"format": SCENARIO_FORMAT, "game": SLUG, "seed": settings.get("seed", state.seed),
           "day": state.day + 1 if before_morning else state.day,
           "phase": state.phase, "first_player": state.first_player}
    if state.phase == "afternoon" and state.to_act is not None:
        out.update(to_act=state.to_act, passed=list(state.passed))
    if state.tiebreak:
        out["tiebreak"] = True
    if state.dice:  # the results the scenario gave for the dice still to roll (7.3.13.a)
        out["dice"] = list(state.dice)
    if state.at_random:  # the cards the scenario named for the picks at random still to come (3.2.5.c)
        out["random_cards"] = list(state.at_random)
    if state.track != default_track():
        out["track"] = deepcopy(state.track)
    if state.modifiers:
        out["modifiers"] = [{"card": m.card, "stat": m.stat, "amount": m.amount, "duration": m.duration}
                            for m in state.modifiers]
    players = []
    for p in (0, 1):
        pdata = boards.zone_lists(state, p, PLAYER_ZONES, _entry_of)
        if state.hero_at[p] != HERO_REGION:
            pdata["hero_at"] = state.hero_at[p]
        if state.companion_at[p] != COMPANION_REGION:
            pdata["companion_at"] = state.companion_at[p]
        players.append(pdata)
    out["players"] = players
    return out


def _entry_of(state: GameState, cid: str) -> dict:
    entry = state.cards[cid].to_json()
    entry.pop("owner", None)
    statuses = [s for s in STATUSES if cid in getattr(state, s)]
    if statuses:
        entry["status"] = statuses
    counters = dict(state.counters.get(cid, {}))
    if counters.get("boost"):
        entry["boost"] = counters.pop("boost")
    counters.pop("boost", None)
    if counters:
        entry["counters"] = counters
    if state.since.get(cid):  # when it entered play: the order of its passive abilities (2.2.14.b, 2.3.1.m)
        entry["entered"] = state.since[cid]
    return entry


# ---------------------------------------------------------------- the board as a viewer sees it
def card_view(card: dict, *, zone: str, statuses=(), boost: int = 0, counters=None, hidden: bool = False,
              stats: dict | None = None) -> dict:
    orb = zone == "mana"
    if hidden:
        return {"hidden": True, "orb": orb, "exhausted": "exhausted" in statuses}
    base = {s: card.get(s, 0) for s in STATS}
    return {"hidden": False, "id": card["id"], "name": card["name"], "type": card["type"], "orb": orb,
            "hand_cost": card.get("hand_cost", 0), "reserve_cost": card.get("reserve_cost", 0), "base": base,
            "stats": stats if stats is not None else {s: base[s] + boost for s in STATS},
            "statuses": [s for s in STATUSES if s in statuses], "exhausted": "exhausted" in statuses,
            "boost": boost, "counters": dict(counters or {}), "keywords": list(card.get("keywords", [])),
            "tough": card.get("tough", 0),
            "abilities": [ability_text(a) for a in card.get("abilities", []) if isinstance(a, dict)]}


def _player_view(p: int, places: dict[str, list[dict]], *, hero_at: int, companion_at: int, limits: tuple,
                 expedition_stats: dict | None = None) -> dict:
    zones = {z: {"name": z, "label": zone_name(z), "count": len(places.get(z, [])), "cards": places.get(z, [])}
             for z in ZONES + EXPEDITIONS}
    orbs = places.get("mana", [])
    exhausted = sum(1 for c in orbs if c.get("exhausted"))
    expeditions = []
    for z, region in (("hero_expedition", hero_at), ("companion_expedition", companion_at)):
        totals = (expedition_stats or {}).get(z) or {s: sum(c["stats"][s] for c in zones[z]["cards"]
                                                           if not c["hidden"] and "asleep" not in c["statuses"])
                                                     for s in STATS}
        expeditions.append(dict(zones[z], region=region, region_name=region_name(region), totals=[
            {"stat": s, "label": said(STAT_LABELS, s), "value": totals[s]} for s in STATS]))
    return {"index": p, "zones": zones, "circle_list": [], "pile_list": [], "expeditions": expeditions,
            "mana_ready": len(orbs) - exhausted, "mana_exhausted": exhausted, "reserve_limit": limits[0],
            "landmark_limit": limits[1]}


def _track_view(track: list[dict], hero_at: list[int], companion_at: list[int], tiebreak: bool) -> list[dict]:
    """The adventure's regions (3.2.1.b), each with its types and the expeditions standing on it."""
    out = []
    for i, region in enumerate(track):
        # the players by the numbers the board gives them (player 1, player 2), never by the engine's index
        markers = [{"player": p, "text": _("P%(player)s hero") % {"player": p + 1}, "kind": "hero"}
                   for p in (0, 1) if hero_at[p] == i]
        markers += [{"player": p, "text": _("P%(player)s companion") % {"player": p + 1}, "kind": "companion"}
                    for p in (0, 1) if companion_at[p] == i]
        name = region_name(i)
        types = [said(STAT_LABELS, t) for t in region["types"]] if region["revealed"] else []
        out.append({"index": i, "name": name, "types": types, "kinds": list(region["types"]) if region["revealed"]
                    else [], "revealed": region["revealed"], "markers": markers})
    if tiebreak:  # 4.3.d, 4.3.e: every expedition on one region, the Arena
        markers = [m for r in out for m in r["markers"]]
        return [{"index": 0, "name": _("Arena"), "types": [said(STAT_LABELS, s) for s in STATS], "kinds": list(STATS),
                 "revealed": True, "markers": markers}]
    return out


def _limits(hero: dict | None) -> tuple[int, int]:
    return (hero.get("reserve_limit", 2), hero.get("landmark_limit", 2)) if hero else (2, 2)  # 4.2.5.d


def board_view(*, state: GameState, view: str = "judge") -> dict:
    """Both players' zones and expeditions as ``view`` (judge, p0, p1) may see them; statistics as they are now."""
    cards = {cid: c.to_json() for cid, c in state.cards.items()}
    players = []
    for p in (0, 1):
        places = {}
        for zone in ZONES + EXPEDITIONS:
            places[zone] = [
                card_view(cards[c], zone=zone, statuses={s for s in STATUSES if c in getattr(state, s)},
                          boost=state.boosts(c), counters={k: v for k, v in state.counters.get(c, {}).items()
                                                           if k != "boost"},
                          hidden=not card_visible(view, p, zone),
                          stats={s: state.stat(c, s) for s in STATS} if zone in EXPEDITIONS else None)
                for c in state.zones[p][zone]]
        hero = cards[state.zones[p]["hero"][0]] if state.zones[p]["hero"] else None
        players.append(_player_view(p, places, hero_at=state.hero_at[p], companion_at=state.companion_at[p],
                                    limits=_limits(hero),
                                    expedition_stats={z: state.expedition_stats(p, z) for z in EXPEDITIONS}))
    viewer = 0 if view in ("judge", "p0") else 1
    known = lambda cid: seen(view, state, cid)  # noqa: E731
    return {
        "game": SLUG, "players": players, "bottom": players[viewer], "top": players[1 - viewer],
        "day": state.day, "phase": state.phase, "phase_label": said(PHASE_LABELS, state.phase),
        "first_player": state.first_player, "to_act": state.to_act, "passed": list(state.passed),
        "turn_player": state.to_act if state.phase == "afternoon" else None, "tiebreak": state.tiebreak,
        "track": _track_view(state.track, state.hero_at, state.companion_at, state.tiebreak),
        "outcome": state.outcome, "outcome_text": wording.outcome_text(state.outcome), "seed": state.seed,
        "modifiers": [dict(m.to_json(), text=_modifier_text(state, m)) for m in state.modifiers if known(m.card)],
        "standby": [dict(s, text=_standby_text(state, s)) for s in state.standby if known(s.get("card"))],
    }


def _modifier_text(state: GameState, m) -> str:
    card = state.cards.get(m.card)
    return _("%(card)s: %(amount)+d %(stat)s %(until)s") % {
        "card": card.name if card else "?", "amount": m.amount, "stat": said(STAT_LABELS, m.stat),
        "until": said(DURATION_LABELS, m.duration)}


def _standby_text(state: GameState, s: dict) -> str:
    card = state.cards.get(s.get("card"))
    if card is None:
        return _("a reaction")
    ability = s.get("ability", 0)
    if isinstance(ability, int) and 0 <= ability < len(card.abilities):
        return f"{ability_text(card.abilities[ability].to_json())} ({card.name})"
    return card.name


def draft_board_view(*, definition: dict, view: str = "judge") -> dict:
    """The board of a draft straight from its entries (it may not be playable yet), with the same hidden zones."""
    templates = definition.get("templates") if isinstance(definition.get("templates"), dict) else {}

    def entry_view(entry, player: int, zone: str) -> list[dict]:
        data, count = draft_entry(entry, templates)
        if data is None:
            return []
        card = {k: data.get(k) for k in ("id", "name", "type") if isinstance(data.get(k), str)}
        card.setdefault("name", "?")
        card.setdefault("type", "character")
        card.setdefault("id", "")
        card.update({k: data[k] for k in ("hand_cost", "reserve_cost", "tough", *STATS)
                     if isinstance(data.get(k), int)})
        card.update({k: data[k] for k in ("keywords", "abilities") if isinstance(data.get(k), list)})
        statuses = set(data.get("status", [])) if isinstance(data.get("status"), list) else set()
        boost = data.get("boost", 0) if isinstance(data.get("boost"), int) else 0
        counters = data.get("counters") if isinstance(data.get("counters"), dict) else {}
        return [card_view(card, zone=zone, statuses=statuses, boost=boost, counters=counters,
                          hidden=not card_visible(view, player, zone)) for _i in range(count)]

    players = []
    raw = definition.get("players", [{}, {}])
    regions = {"hero_at": [HERO_REGION, HERO_REGION], "companion_at": [COMPANION_REGION, COMPANION_REGION]}
    for p in (0, 1):
        pdata = raw[p] if isinstance(raw, list) and len(raw) > p and isinstance(raw[p], dict) else {}
        places = {z: [v for e in (pdata.get(z) if isinstance(pdata.get(z), list) else []) for v in entry_view(e, p, z)]
                  for z in ZONES + EXPEDITIONS}
        for key in regions:
            if isinstance(pdata.get(key), int) and 0 <= pdata[key] <= 7:
                regions[key][p] = pdata[key]
        hero = places["hero"][0] if places["hero"] and not places["hero"][0]["hidden"] else None
        entries = pdata.get("hero") if isinstance(pdata.get("hero"), list) else []
        hero_data = draft_entry(entries[0], templates)[0] if entries and hero else None
        players.append(_player_view(p, places, hero_at=regions["hero_at"][p], companion_at=regions["companion_at"][p],
                                    limits=_limits(hero_data)))
    viewer = 0 if view in ("judge", "p0") else 1
    track = definition.get("track") if isinstance(definition.get("track"), list) and len(definition["track"]) == 8 \
        else default_track()
    try:
        track_view = _track_view(track, regions["hero_at"], regions["companion_at"], bool(definition.get("tiebreak")))
    except (KeyError, TypeError):  # a draft may hold anything until it is checked
        track_view = _track_view(default_track(), regions["hero_at"], regions["companion_at"], False)
    phase = definition.get("phase", "afternoon")
    return {"game": SLUG, "players": players, "bottom": players[viewer], "top": players[1 - viewer],
            "day": definition.get("day", 2), "phase": phase, "phase_label": said(PHASE_LABELS, phase),
            "first_player": definition.get("first_player", 0), "to_act": definition.get("to_act"),
            "passed": definition.get("passed") or [False, False], "turn_player": None,
            "tiebreak": bool(definition.get("tiebreak")), "track": track_view, "outcome": None, "outcome_text": "",
            "modifiers": [], "standby": [], "seed": definition.get("seed"), "setup": setup_values(definition)}


# ---------------------------------------------------------------- decisions: actions as a judge says them
from .altered_actions import action_label, judge_action_build, place_of, seen  # noqa: E402,F401

def _labelled(keys, table: dict) -> list[tuple[str, object]]:
    """(key, its word in the page's language when the page is drawn) for a form's choices."""
    return [(k, gettext_lazy(table[k])) for k in keys]


FORM_CHOICES = {
    "zones": _labelled(PLAYER_ZONES, ZONE_LABELS),
    "all_zones": _labelled([z for z in ALL_ZONES if z != "limbo"], ZONE_LABELS),
    "phases": SCENARIO_PHASES, "phase_labels": _labelled(SCENARIO_PHASES, PHASE_LABELS),
    "stats": STAT_NAMES, "stat_labels": _labelled(STAT_NAMES, STAT_LABELS),
    "statuses": _labelled(STATUSES, STATUS_LABELS),
    "modifier_durations": DURATIONS, "duration_labels": _labelled(DURATIONS, DURATION_LABELS),
    "types": _labelled(CARD_TYPES, TYPE_LABELS), "keywords": _labelled(CARD_KEYWORDS, KEYWORD_LABELS),
    "expectations": list(EXPECTATIONS), "regions": [(i, lazy(region_name, str)(i)) for i in range(8)],
    "step_modes": [("event", gettext_lazy("The next event only")), ("decision", gettext_lazy("To the next decision")),
                   ("turn", gettext_lazy("To the end of the turn")), ("phase", gettext_lazy("To the end of the phase"))],
}


# ---------------------------------------------------------------- the assumptions register, as a page
ASSUMPTIONS_FILE = Path(__file__).resolve().parents[3] / "docs" / "engine-assumptions-altered.md"
ASSUMPTION_ROW = re.compile(r"^\|\s*(AL\d+)\s*\|(.*)\|\s*$")
CLAUSE_NUMBER = re.compile(r"\b(\d{1,2}(?:\.\d{1,2})+(?:\.[a-z])?)\b")


@lru_cache(maxsize=1)
def assumption_list() -> tuple[dict, ...]:
    """Each row of docs/engine-assumptions-altered.md: id, the clauses it concerns (reader links), the text, the
    reading; cells rendered and sanitised by the reader's renderer."""
    return tuple(dict(row, clauses=[{"language": "IT", "number": n, "href": f"/rules/{RULES_DOCUMENT}/{n}/",
                                     "preview": f"/rules/{RULES_DOCUMENT}/{n}/preview/"}
                                    for n in dict.fromkeys(CLAUSE_NUMBER.findall(row["where"]))])
                 for row in register_rows(ASSUMPTIONS_FILE, ASSUMPTION_ROW))


games.register(sys.modules[__name__])
