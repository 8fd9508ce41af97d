"""Vanguard's part of the scenario format: the position (players, zones, circles, templates) and its expectations.

The envelope, the script, the shared expectations and the runner are in
``engine/core/scenario.py``; this module is registered as the ``scenarios``
of the Vanguard game (docs/scenarios.md describes every field).
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.errors import DefinitionError
from ..core.events import Event
from ..core.scenario import SHARED_EXPECTATIONS, ScenarioRules
from .actions import ALL_ZONES, CIRCLES, REAR_GUARD_CIRCLES, ZONES
from .cards import CARD_FIELDS, Card
from .characteristics import power, stat
from .game import position_at
from .state import GameState

TOP_FIELDS = ("seed", "turn", "turn_player", "first_player", "phase", "templates", "players")
REQUIRED_FIELDS = ("players",)
FIELD_KEYS = CIRCLES + ("legion_mate",)
PLAYER_FIELDS = ZONES + ("field",)
ENTRY_EXTRA = ("template", "count", "rested", "face_down", "locked", "deleted")
SCENARIO_PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")

# expectation kind -> (required fields, optional fields): Vanguard's kinds and the shared ones
EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "zone_count": (("player", "zone", "count"), ()),
    "card_in": (("card", "zone"), ("player",)),
    "power": (("card", "equals"), ()),
    "critical": (("card", "equals"), ()),
    "damage": (("player", "count"), ()),
    "hit": (("equals",), ("battle",)),
    "winner": SHARED_EXPECTATIONS["winner"],
    "event": SHARED_EXPECTATIONS["event"],
    "decision": SHARED_EXPECTATIONS["decision"],
    "phase": (("phase",), ("step", "turn", "turn_player")),
    "rested": (("card", "equals"), ()),
    "face_down": (("card", "equals"), ()),
    "legion": (("card", "equals"), ("mate",)),
}


def load_position(data: dict) -> GameState:
    """The initial state of a Vanguard scenario (its top-level fields already checked by name)."""
    seed = schema.integer(data.get("seed", 0), "seed", 0)
    turn = schema.integer(data.get("turn", 1), "turn", 1)
    turn_player = schema.integer(data.get("turn_player", 0), "turn_player", 0, 1)
    first_player = schema.integer(data.get("first_player", 0), "first_player", 0, 1)
    phase = schema.string(data.get("phase", "main"), "phase", SCENARIO_PHASES)
    templates = data.get("templates", {})
    if not isinstance(templates, dict):
        raise DefinitionError("templates", f"expected an object, got {schema.describe(templates)}")
    for template_name, template in templates.items():
        _check_template(template_name, template)
    players = schema.array(data["players"], "players")
    if len(players) != 2:
        raise DefinitionError("players", f"expected exactly 2 players, got {len(players)}")
    state = GameState.empty({}, seed)
    for player, player_data in enumerate(players):
        _read_player(state, player, player_data, templates)
    state.rebuild_locations()
    for player in (0, 1):
        for circle in CIRCLES:
            for card_id in state.zones[player][circle]:
                state.placed_at[card_id] = state.tick()
    state.turn, state.turn_player, state.first_player = turn, turn_player, first_player
    _start_at(state, phase, first_player)
    return state


def _read_player(state: GameState, player: int, data: Any, templates: dict) -> None:
    """Put the cards of ``players[player]`` into ``state`` (zones, circles, Legion Mate)."""
    path = f"players[{player}]"
    zones = state.zones[player]
    schema.obj(data, path, (), PLAYER_FIELDS)
    for zone in ZONES:
        for i, entry in enumerate(schema.array(data.get(zone, []), f"{path}.{zone}")):
            zones[zone].extend(_entry_cards(entry, f"{path}.{zone}[{i}]", player, zone, i, templates, state.cards,
                                            state.rested, state.face_down))
    field = schema.obj(data.get("field", {}), f"{path}.field", (), FIELD_KEYS)
    for circle in CIRCLES:
        if circle not in field:
            continue
        value = field[circle]
        entries = value if (circle == "guardian" and isinstance(value, list)) else [value]
        for i, entry in enumerate(entries):
            zones[circle].extend(_one_card(state, entry, f"{path}.field.{circle}" + (
                f"[{i}]" if circle == "guardian" else ""), player, circle, i, templates))
    if "legion_mate" in field:
        mate_path = f"{path}.field.legion_mate"
        if not zones["vanguard"]:
            raise DefinitionError(mate_path, "a Legion Mate needs a vanguard (its Legion Leader) (10.27.1)")
        leader = zones["vanguard"][0]
        mate, = _one_card(state, field["legion_mate"], mate_path, player, "vanguard", 1, templates)
        if (leader in state.rested) != (mate in state.rested):
            raise DefinitionError(schema.join(mate_path, "rested"),
                                  "a Legion Mate has the orientation of its Legion Leader (10.27.1, 10.27.10)")
        zones["vanguard"].insert(0, mate)  # 10.27.1: put to the left of the vanguard
        state.legion[leader] = mate


def _one_card(state: GameState, entry: Any, path: str, player: int, circle: str, index: int,
              templates: dict) -> list[str]:
    """The id of the one card a circle entry describes (a circle entry has no count)."""
    ids = _entry_cards(entry, path, player, circle, index, templates, state.cards, state.rested, state.face_down,
                       state.locked, state.deleted)
    if len(ids) != 1:
        raise DefinitionError(path, "a circle holds exactly one card here (no count)")
    return ids


def _start_at(state: GameState, phase: str, first_player: int) -> None:
    """Set the agenda: the setup procedure (5.4) or the start of ``phase`` of the current turn."""
    zones, cards = state.zones, state.cards
    if phase == "setup":
        first_vanguards = []
        for player in (0, 1):
            if any(zones[player][z] for z in ALL_ZONES if z != "deck"):
                raise DefinitionError(f"players[{player}]", "a 'setup' scenario lists only decks (5.4)")
            first_vanguard = next((c for c in zones[player]["deck"] if cards[c].grade == 0), None)
            if first_vanguard is None:
                raise DefinitionError(f"players[{player}].deck", "no grade 0 card for the first vanguard (5.4.3)")
            first_vanguards.append(first_vanguard)
        state.agenda = [{"t": "setup", "vanguards": first_vanguards, "first_player": first_player}]
        return
    for player in (0, 1):
        if not zones[player]["vanguard"]:
            raise DefinitionError(f"players[{player}].field.vanguard", "a vanguard is required")
    position_at(state, phase)


def _check_template(tname: str, tmpl: Any) -> None:
    """Validate a template's fields eagerly (an unused template with a wrong field is still an error)."""
    path = f"templates.{tname}"
    schema.obj(tmpl, path, (), CARD_FIELDS)
    if "id" in tmpl:
        raise DefinitionError(schema.join(path, "id"), "a template has no id (give it on the card entry)")
    probe = {"id": "template", "name": "template", "grade": 0, "power": 0}
    probe.update(tmpl)
    Card.from_json(probe, path, owner=0)


def _entry_cards(entry: Any, path: str, p: int, zone: str, index: int, templates: dict, cards: dict,
                 rested: set, face_down: set, locked: set | None = None, deleted: set | None = None) -> list[str]:
    if isinstance(entry, str):
        entry = {"template": entry}
    if not isinstance(entry, dict):
        raise DefinitionError(path, f"expected a template name or a card object, got {schema.describe(entry)}")
    for key in entry:
        if key not in ENTRY_EXTRA and key not in ("id", "name", "grade", "power", "shield", "critical", "trigger",
                                                   "clan", "nation", "race", "type", "keywords", "abilities"):
            raise DefinitionError(schema.join(path, key), "unknown field")
    data: dict = {}
    if "template" in entry:
        tname = schema.string(entry["template"], schema.join(path, "template"))
        if tname not in templates:
            raise DefinitionError(schema.join(path, "template"), f"unknown template {tname!r}")
        tmpl = templates[tname]
        if not isinstance(tmpl, dict):
            raise DefinitionError(f"templates.{tname}", f"expected an object, got {schema.describe(tmpl)}")
        data.update(tmpl)
    data.update({k: v for k, v in entry.items() if k not in ENTRY_EXTRA})
    count = schema.integer(entry.get("count", 1), schema.join(path, "count"), 1, 60)
    base_id = data.get("id") or f"p{p}-{zone}-{index}"
    ids = []
    for n in range(count):
        d = dict(data)
        d["id"] = base_id if count == 1 else f"{base_id}-{n}"
        card = Card.from_json(d, path, owner=p)
        if card.id in cards:
            raise DefinitionError(schema.join(path, "id"), f"duplicate card id {card.id!r}")
        cards[card.id] = card
        if schema.boolean(entry.get("rested", False), schema.join(path, "rested")):
            rested.add(card.id)
        # 4.11.4: the G zone is face down unless said otherwise.
        if schema.boolean(entry.get("face_down", zone == "gzone"), schema.join(path, "face_down")):
            face_down.add(card.id)
        if schema.boolean(entry.get("locked", False), schema.join(path, "locked")):
            if zone not in REAR_GUARD_CIRCLES or locked is None:
                raise DefinitionError(schema.join(path, "locked"),
                                      "only a card on a rear-guard circle can be locked (10.24)")
            locked.add(card.id)
            face_down.add(card.id)
        if schema.boolean(entry.get("deleted", False), schema.join(path, "deleted")):
            if zone not in CIRCLES or zone == "guardian" or locked is None:
                raise DefinitionError(schema.join(path, "deleted"),
                                      "only a vanguard or rear-guard can be deleted (10.26)")
            deleted.add(card.id)
            face_down.add(card.id)
        ids.append(card.id)
    return ids


def check_expectation(e: dict, path: str) -> None:
    """Check the Vanguard fields of one expectation (player, zone, count, equals)."""
    kind = e["expect"]
    if "player" in e:
        schema.integer(e["player"], schema.join(path, "player"), 0, 1)
    if "zone" in e:
        schema.string(e["zone"], schema.join(path, "zone"), ALL_ZONES)
    if "count" in e:
        schema.integer(e["count"], schema.join(path, "count"), 0)
    if kind in ("power", "critical"):
        schema.integer(e["equals"], schema.join(path, "equals"), -1000000)
    if kind in ("hit", "rested", "face_down", "legion"):
        schema.boolean(e["equals"], schema.join(path, "equals"))


def evaluate(e: dict, state: GameState, events: list[Event]) -> tuple[bool, str]:
    """(passed, detail) for one Vanguard expectation."""
    kind = e["expect"]
    if kind == "zone_count":
        actual = len(state.zones[e["player"]][e["zone"]])
        return actual == e["count"], f"actual {actual}"
    if kind == "card_in":
        p, zone = state.loc[e["card"]]
        ok = zone == e["zone"] and ("player" not in e or p == e["player"])
        return ok, f"actually in player {p}'s {zone}"
    if kind == "power":
        actual = power(state, e["card"])
        return actual == e["equals"], f"actual {actual}"
    if kind == "critical":
        actual = stat(state, e["card"], "critical")
        return actual == e["equals"], f"actual {actual}"
    if kind == "damage":
        actual = len(state.zones[e["player"]]["damage"])
        return actual == e["count"], f"actual {actual}"
    if kind == "hit":
        hits = [ev for ev in events if ev.kind in ("hit", "no_hit") and "hit" in ev.data
                and ("battle" not in e or ev.data.get("battle") == e["battle"])]
        hits += [ev for ev in events if ev.kind == "no_hit" and "hit" not in ev.data and "battle" not in e]
        if not hits:
            return False, "no battle was resolved"
        last = hits[-1]
        actual = last.kind == "hit"
        return actual == e["equals"], last.text
    if kind == "phase":
        ok = state.phase == e["phase"] and ("step" not in e or state.step == e["step"])
        ok = ok and ("turn" not in e or state.turn == e["turn"]) and (
            "turn_player" not in e or state.turn_player == e["turn_player"])
        return ok, f"turn {state.turn}, player {state.turn_player}, {state.phase}/{state.step}"
    if kind == "rested":
        actual = e["card"] in state.rested
        return actual == e["equals"], f"actual {actual}"
    if kind == "face_down":
        actual = e["card"] in state.face_down
        return actual == e["equals"], f"actual {actual}"
    if kind == "legion":
        mate = state.legion.get(e["card"])
        actual = mate is not None and ("mate" not in e or mate == e["mate"])
        return actual == e["equals"], f"Legion Mate {mate}"
    return False, "unknown expectation"


RULES = ScenarioRules(TOP_FIELDS, REQUIRED_FIELDS, EXPECTATIONS, load_position, check_expectation, evaluate)
