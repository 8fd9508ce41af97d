"""Weiss Schwarz's part of the scenario format: the position (players, areas, stage, templates) and its expectations.

The envelope, the script, the shared expectations and the runner are in
``engine/core/scenario.py``; docs/scenarios.md ("Weiss Schwarz") describes every field.
"""

from __future__ import annotations

from typing import Any

from ..core import schema
from ..core.cards import entry_cards, entry_data
from ..core.errors import DefinitionError
from ..core.text import say
from ..core.events import Event
from ..core.scenario import (SHARED_EXPECTATIONS, ScenarioRules, check_place_fields, check_template, effects_in_force,
                             read_board)
from ..turns import PHASE_EXPECTATION, STOP_FIELDS, TURN_FIELDS, TurnStops, phase_holds, read_turn
from .actions import ALL_ZONES, SLOTS, STATUSES, ZONES, Action
from .cards import CARD_FIELDS, Card
from .characteristics import stat, traits
from .game import position_at
from .primitives import AGENDA, add_modifier, emit
from .state import MARKER_OF, MARKER_ZONES, PHASES, GameState

TOP_FIELDS = ("seed",) + TURN_FIELDS + ("templates", "players", "modifiers")
MODIFIER_FIELDS = ("card", "stat", "amount", "duration", "source")
REQUIRED_FIELDS = ("players",)
PLAYER_FIELDS = ZONES + ("stage", "markers", "refresh_points")
ENTRY_EXTRA = ("template", "count", "status", "face_down")

EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **SHARED_EXPECTATIONS,
    "power": (("card", "equals"), ()),
    "soul": (("card", "equals"), ()),
    "card_level": (("card", "equals"), ()),
    "level": (("player", "equals"), ()),
    "status": (("card", "equals"), ()),
    "refresh_points": (("player", "equals"), ()),
    # the card has the trait, printed or given by a CONT effect (8.9.1.2, 8.9.1.4)
    "trait": (("card", "trait", "equals"), ()),
    "phase": PHASE_EXPECTATION,
}


#: stop_at: the task that opens each phase and step (7.1-7.7: the steps of the attack phase, the encore step among them)
STOPS = TurnStops(
    phases=("stand", "draw", "clock", "main", "climax", "attack", "end"),
    phase_openers={"turn_start": "stand", "draw_phase": "draw", "clock_phase": "clock", "main_phase": "main",
                   "climax_phase": "climax", "attack_phase": "attack", "end_phase": "end"},
    step_openers={"declaration": ("attack", "declaration"), "trigger_step": ("attack", "trigger"),
                  "counter_step": ("attack", "counter"), "damage_step": ("attack", "damage"),
                  "battle_step": ("attack", "battle"), "encore_step": ("attack", "encore")})


def check_stop(spec: dict, path: str) -> None:
    """A Weiss Schwarz stop point; the older ``"phase": "encore"`` names the encore step of the attack phase."""
    if spec.get("phase") == "encore" and "step" not in spec:
        spec["phase"], spec["step"] = "attack", "encore"
    STOPS.check(spec, path)


def run_task(state: GameState) -> tuple[GameState, list]:
    """Run exactly one task of the procedure (with the interrupt rule actions after it)."""
    new = state.clone()
    events: list = []
    AGENDA.run_top(new, None, events)
    return new, events


def load_position(data: dict) -> GameState:
    """The initial state of a Weiss Schwarz scenario (top-level fields already checked by name)."""
    turn = read_turn(data, PHASES, 3)
    state = read_board(data, GameState, _check_template, _read_player)
    phase, first_player = turn.phase, turn.first_player
    turn.set_on(state)
    if phase == "setup":
        for p in (0, 1):
            if any(state.zones[p][z] for z in ALL_ZONES if z != "deck"):
                raise DefinitionError(f"players[{p}]", say("a scenario that starts before the game lists only decks (5.2)"))
        if data.get("modifiers"):
            raise DefinitionError("modifiers", say("a scenario that starts before the game has no effect in force yet"))
        state.agenda = [{"t": "setup", "first_player": first_player}]
        return state
    for i, entry in enumerate(schema.array(data.get("modifiers", []), "modifiers")):
        _position_modifier(state, entry, f"modifiers[{i}]")
    return position_at(state, phase)


def _position_modifier(state: GameState, entry: Any, path: str) -> None:
    """An effect already in force when the position starts (8.2.1.2), with the source it comes from."""
    schema.obj(entry, path, MODIFIER_FIELDS)
    action = Action.from_json({"kind": "judge_add_modifier", **{k: entry[k] for k in entry if k != "source"}}, path)
    if action.card not in state.cards:
        raise DefinitionError(schema.join(path, "card"), say("no card of the board has this identifier"))
    if state.loc[action.card][1] not in SLOTS:
        raise DefinitionError(schema.join(path, "card"), say("an effect in force applies to a character on the stage"))
    source = schema.string(entry["source"], schema.join(path, "source"))
    if not source.strip():
        raise DefinitionError(schema.join(path, "source"), say("say where the effect comes from"))
    add_modifier(state, action.card, action.get("stat"), action.get("amount"), action.get("duration"), source)


def initial_events(state: GameState) -> list[Event]:
    """One event per effect in force at the start of the position, naming its source."""
    return effects_in_force(state, emit)


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
                raise DefinitionError(f"{path}.stage.{slot}", say("a stage position holds one character: give no number of copies"))
            if state.cards[ids[0]].type != "character":
                raise DefinitionError(f"{path}.stage.{slot}", say("only a character can be on the stage (3.5.1)"))
            state.zones[player][slot].extend(ids)
    markers = schema.obj(data.get("markers", {}), f"{path}.markers", (), SLOTS)
    for slot, entries in markers.items():  # 3.7: face down under the character in that position
        for i, entry in enumerate(schema.array(entries, f"{path}.markers.{slot}")):
            ids = _entry_cards(state, entry, f"{path}.markers.{slot}[{i}]", player, MARKER_OF[slot], i, templates)
            state.zones[player][MARKER_OF[slot]].extend(ids)
            state.face_down.update(ids)
    state.refresh_points[player] = schema.integer(data.get("refresh_points", 0), f"{path}.refresh_points", 0, 10)


def _check_template(name: str, template: Any) -> None:
    check_template(name, template, CARD_FIELDS, Card,
                   {"id": "template", "name": "template", "type": "character", "colour": "yellow"})


def _entry_cards(state: GameState, entry: Any, path: str, p: int, zone: str, index: int, templates: dict) -> list[str]:
    entry, data, count = entry_data(entry, path, templates, CARD_FIELDS, ENTRY_EXTRA)
    status = schema.string(entry.get("status", "stand"), schema.join(path, "status"), STATUSES)
    if status != "stand" and zone not in SLOTS:
        raise DefinitionError(schema.join(path, "status"), say("only a character on the stage is rested or reversed (4.6.1)"))
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
    check_place_fields(e, path, ALL_ZONES + MARKER_ZONES)
    for key in ("count", "position"):
        if key in e:
            schema.integer(e[key], schema.join(path, key), 0)
    if kind in ("power", "soul", "card_level", "level", "refresh_points"):
        schema.integer(e["equals"], schema.join(path, "equals"), -1000000)
    if kind == "status":
        schema.string(e["equals"], schema.join(path, "equals"), STATUSES)
    if kind == "trait":
        schema.string(e["trait"], schema.join(path, "trait"))
        schema.boolean(e["equals"], schema.join(path, "equals"))
    if kind == "phase":
        schema.string(e["phase"], schema.join(path, "phase"), PHASES)
        if "step" in e:
            schema.string(e["step"], schema.join(path, "step"), STOPS.steps())


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
    if kind == "trait":
        actual = sorted(traits(state, e["card"]))
        return (e["trait"] in actual) == e["equals"], f"traits {actual}"
    if kind == "phase":
        return phase_holds(_encore_as_step(e), state)
    return False, "unknown expectation"


def _encore_as_step(e: dict) -> dict:
    """The encore step is a step of the attack phase (7.7); files written before say ``"phase": "encore"``."""
    return {**e, "phase": "attack", "step": "encore"} if e["phase"] == "encore" else e


def at_stop(e: dict, state: GameState):
    """At a stop point a ``phase`` expectation reads the point named (the step about to open)."""
    return phase_holds(_encore_as_step(e), state, STOPS.position(state)) if e["expect"] == "phase" else None


RULES = ScenarioRules(TOP_FIELDS, REQUIRED_FIELDS, EXPECTATIONS, load_position, check_expectation, evaluate,
                      stop_fields=STOP_FIELDS, check_stop=check_stop, stop_reached=STOPS.reached,
                      at_stop=at_stop, run_task=run_task, decline_action=Action.make("pass"),
                      settled_passes={"counter": ("counter_pass",), "clock": ("clock_pass",),
                                      "climax": ("climax_pass",), "attack": ("no_attack",)},
                      initial_events=initial_events)
