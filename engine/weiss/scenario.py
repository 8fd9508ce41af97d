"""Weiss Schwarz's part of the scenario format: the position (players, areas, stage, templates) and its expectations.

The envelope, the script, the shared expectations and the runner are in
``engine/core/scenario.py``; docs/scenarios.md ("Weiss Schwarz") describes every field.
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.cards import entry_cards, entry_data
from ..core.errors import DefinitionError
from ..core.events import Event
from ..core.scenario import (SHARED_EXPECTATIONS, ScenarioRules, check_place_fields, check_template,
                             read_board)
from ..turns import PHASE_EXPECTATION, TURN_FIELDS, phase_holds, read_turn
from .actions import ALL_ZONES, SLOTS, STATUSES, ZONES
from .cards import CARD_FIELDS, Card
from .characteristics import stat
from .game import position_at
from .state import PHASES, GameState

TOP_FIELDS = ("seed",) + TURN_FIELDS + ("templates", "players")
REQUIRED_FIELDS = ("players",)
PLAYER_FIELDS = ZONES + ("stage", "refresh_points")
ENTRY_EXTRA = ("template", "count", "status", "face_down")

EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **SHARED_EXPECTATIONS,
    "power": (("card", "equals"), ()),
    "soul": (("card", "equals"), ()),
    "card_level": (("card", "equals"), ()),
    "level": (("player", "equals"), ()),
    "status": (("card", "equals"), ()),
    "refresh_points": (("player", "equals"), ()),
    "phase": PHASE_EXPECTATION,
}


def load_position(data: dict) -> GameState:
    """The initial state of a Weiss Schwarz scenario (top-level fields already checked by name)."""
    turn = read_turn(data, PHASES, 3)
    state = read_board(data, GameState, _check_template, _read_player)
    phase, first_player = turn.phase, turn.first_player
    turn.set_on(state)
    if phase == "setup":
        for p in (0, 1):
            if any(state.zones[p][z] for z in ALL_ZONES if z != "deck"):
                raise DefinitionError(f"players[{p}]", "a 'setup' scenario lists only decks (5.2)")
        state.agenda = [{"t": "setup", "first_player": first_player}]
        return state
    return position_at(state, phase)


def _read_player(state: GameState, player: int, data: Any, templates: dict) -> None:
    path = f"players[{player}]"
    schema.obj(data, path, (), PLAYER_FIELDS)
    for zone in ZONES:
        for i, entry in enumerate(schema.array(data.get(zone, []), f"{path}.{zone}")):
            state.zones[player][zone].extend(_entry_cards(state, entry, f"{path}.{zone}[{i}]", player, zone, i,
                                                          templates))
    stage = schema.obj(data.get("stage", {}), f"{path}.stage", (), SLOTS)
    for slot in SLOTS:
        if slot in stage:
            ids = _entry_cards(state, stage[slot], f"{path}.stage.{slot}", player, slot, 0, templates)
            if len(ids) != 1:
                raise DefinitionError(f"{path}.stage.{slot}", "a stage position holds one character (no count)")
            if state.cards[ids[0]].type != "character":
                raise DefinitionError(f"{path}.stage.{slot}", "only a character can be on the stage (3.5.1)")
            state.zones[player][slot].extend(ids)
    state.refresh_points[player] = schema.integer(data.get("refresh_points", 0), f"{path}.refresh_points", 0, 10)


def _check_template(name: str, template: Any) -> None:
    check_template(name, template, CARD_FIELDS, Card,
                   {"id": "template", "name": "template", "type": "character", "colour": "yellow"})


def _entry_cards(state: GameState, entry: Any, path: str, p: int, zone: str, index: int, templates: dict) -> list[str]:
    entry, data, count = entry_data(entry, path, templates, CARD_FIELDS, ENTRY_EXTRA)
    status = schema.string(entry.get("status", "stand"), schema.join(path, "status"), STATUSES)
    if status != "stand" and zone not in SLOTS:
        raise DefinitionError(schema.join(path, "status"), "only a character on the stage is rested or reversed (4.6.1)")
    face_down = schema.boolean(entry.get("face_down", zone == "stock"), schema.join(path, "face_down"))

    def statuses(card: Card) -> None:
        if status == "rest":
            state.rested.add(card.id)
        elif status == "reverse":
            state.reversed.add(card.id)
        if face_down:
            state.face_down.add(card.id)

    return entry_cards(data, count, path, p, zone, index, Card.from_json, state.cards, statuses)


def check_expectation(e: dict, path: str) -> None:
    """Check the Weiss Schwarz fields of one expectation."""
    kind = e["expect"]
    check_place_fields(e, path, ALL_ZONES)
    for key in ("count", "position"):
        if key in e:
            schema.integer(e[key], schema.join(path, key), 0)
    if kind in ("power", "soul", "card_level", "level", "refresh_points"):
        schema.integer(e["equals"], schema.join(path, "equals"), -1000000)
    if kind == "status":
        schema.string(e["equals"], schema.join(path, "equals"), STATUSES)
    if kind == "phase":
        schema.string(e["phase"], schema.join(path, "phase"), PHASES)


def evaluate(e: dict, state: GameState, events: list[Event]) -> tuple[bool, str]:
    """(passed, detail) for one Weiss Schwarz expectation."""
    kind = e["expect"]
    if kind in ("power", "soul", "card_level"):
        actual = stat(state, e["card"], "level" if kind == "card_level" else kind)
        return actual == e["equals"], f"actual {actual}"
    if kind == "level":
        actual = state.level(e["player"])
        return actual == e["equals"], f"actual {actual}"
    if kind == "status":
        actual = state.status(e["card"])
        return actual == e["equals"], f"actual {actual}"
    if kind == "refresh_points":
        actual = state.refresh_points[e["player"]]
        return actual == e["equals"], f"actual {actual}"
    if kind == "phase":
        return phase_holds(e, state)
    return False, "unknown expectation"


RULES = ScenarioRules(TOP_FIELDS, REQUIRED_FIELDS, EXPECTATIONS, load_position, check_expectation, evaluate)
