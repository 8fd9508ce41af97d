"""Vanguard's part of the scenario format: the position (players, zones, circles, templates) and its expectations.

The envelope, the script, the shared expectations and the runner are in
``engine/core/scenario.py``; this module is registered as the ``scenarios``
of the Vanguard game (docs/scenarios.md describes every field).
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
from ..turns import PHASE_EXPECTATION, TURN_FIELDS, TurnStops, phase_at_stop, phase_holds, read_turn
from .actions import ALL_ZONES, CIRCLES, REAR_GUARD_CIRCLES, ZONES, Action
from .cards import CARD_FIELDS, Card
from .characteristics import power, stat
from .game import position_at
from .primitives import AGENDA, add_modifier, emit
from .state import GameState

TOP_FIELDS = ("seed",) + TURN_FIELDS + ("templates", "players", "modifiers")
REQUIRED_FIELDS = ("players",)
FIELD_KEYS = CIRCLES + ("legion_mate", "heart")
PLAYER_FIELDS = ZONES + ("field",)
ENTRY_EXTRA = ("template", "count", "rested", "face_down", "locked", "deleted")
SCENARIO_PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")

# expectation kind -> (required fields, optional fields): Vanguard's kinds and the shared ones
EXPECTATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **SHARED_EXPECTATIONS,
    "power": (("card", "equals"), ()),
    "critical": (("card", "equals"), ()),
    "damage": (("player", "count"), ()),
    "hit": (("equals",), ("battle",)),
    "phase": PHASE_EXPECTATION,
    "rested": (("card", "equals"), ()),
    "face_down": (("card", "equals"), ()),
    "legion": (("card", "equals"), ("mate",)),
    "shield": (("card", "equals"), ()),
    "locked": (("card", "equals"), ()),
    "deleted": (("card", "equals"), ()),
}
MODIFIER_FIELDS = ("card", "stat", "amount", "duration", "source")

# stop_at: the task that opens each named point of a turn (the point is reached just before it runs)
STOP_FIELDS = ("turn", "turn_player", "phase", "step")
PHASE_OPENERS = {"stand_phase": "stand", "draw_phase": "draw", "ride_phase": "ride", "main_phase": "main",
                 "battle_phase": "battle", "end_phase": "end"}
STEP_OPENERS = {"g_assist": ("draw", "g_assist"), "ride_decision": ("ride", "ride"),
                "stride_decision": ("ride", "stride"), "start_step": ("battle", "start"),
                "guard_step": ("battle", "guard"), "drive_step": ("battle", "drive"),
                "damage_step": ("battle", "damage"), "close_step": ("battle", "close")}
# 6.4.1 / 6.5.1: the draw and ride phases open with their first step (draw, ride), whose beginning is the phase's
PHASE_FIRST_STEP = {"draw": "draw", "ride": "ride"}
STOP_STEPS = {"draw": ("draw", "g_assist"), "ride": ("ride", "stride"),
              "battle": ("start", "attack", "guard", "drive", "damage", "close")}


def load_position(data: dict) -> GameState:
    """The initial state of a Vanguard scenario (its top-level fields already checked by name)."""
    turn = read_turn(data, SCENARIO_PHASES, 1)
    state = read_board(data, GameState, _check_template, _read_player)
    for player in (0, 1):
        for circle in CIRCLES:
            for card_id in state.zones[player][circle]:
                state.placed_at[card_id] = state.tick()
    turn.set_on(state)
    _start_at(state, turn.phase, turn.first_player)
    for i, entry in enumerate(schema.array(data.get("modifiers", []), "modifiers")):
        _position_modifier(state, entry, f"modifiers[{i}]")
    return state


def _position_modifier(state: GameState, entry: Any, path: str) -> None:
    """An effect already in force when the position starts (8.2.1.2), with the source it comes from."""
    schema.obj(entry, path, MODIFIER_FIELDS, ("condition",))
    action = Action.from_json({"kind": "judge_add_modifier", **{k: entry[k] for k in entry if k != "source"}}, path)
    card_id = action.card
    if card_id not in state.cards:
        raise DefinitionError(schema.join(path, "card"), say("the scenario has no card %(card)s", card=card_id))
    if not state.on_field(card_id):
        raise DefinitionError(schema.join(path, "card"), say("an effect in force applies to a card on the field"))
    source = schema.string(entry["source"], schema.join(path, "source"))
    if not source.strip():
        raise DefinitionError(schema.join(path, "source"), say("say where the effect comes from"))
    condition = action.get("condition")
    add_modifier(state, card_id, action.get("stat"), action.get("amount"), action.get("duration"), source,
                 tuple(sorted(dict(condition).items())) if condition else ())


def initial_events(state: GameState) -> list[Event]:
    """One event per effect in force at the start of the position, naming its source."""
    return effects_in_force(state, emit)


def check_stop(spec: dict, path: str) -> None:
    """Check a Vanguard stop point: turn, turn_player, phase, step (the step's phase may be left out)."""
    if "turn" in spec:
        schema.integer(spec["turn"], schema.join(path, "turn"), 1)
    if "turn_player" in spec:
        schema.integer(spec["turn_player"], schema.join(path, "turn_player"), 0, 1)
    if "phase" in spec:
        schema.string(spec["phase"], schema.join(path, "phase"), SCENARIO_PHASES[1:])
    if "step" in spec:
        steps = STOP_STEPS.get(spec["phase"], ()) if "phase" in spec else tuple(
            s for group in STOP_STEPS.values() for s in group)
        schema.string(spec["step"], schema.join(path, "step"), steps)


#: a phase or step is reached just before the task that opens it runs
STOPS = TurnStops(phases=SCENARIO_PHASES[1:], phase_openers=PHASE_OPENERS, step_openers=STEP_OPENERS,
                  first_steps=PHASE_FIRST_STEP)
stop_position, stop_reached = STOPS.position, STOPS.reached


def run_task(state: GameState) -> tuple[GameState, list]:
    """Run exactly one task of the procedure (stop_at walks task by task)."""
    new = state.clone()
    events: list = []
    AGENDA.run_top(new, None, events)
    return new, events


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
            raise DefinitionError(mate_path, say("a Legion Mate needs a vanguard (its Legion Leader) (10.27.1)"))
        leader = zones["vanguard"][0]
        mate, = _one_card(state, field["legion_mate"], mate_path, player, "vanguard", 1, templates)
        if (leader in state.rested) != (mate in state.rested):
            raise DefinitionError(schema.join(mate_path, "rested"),
                                  say("a Legion Mate has the orientation of its Legion Leader (10.27.1, 10.27.10)"))
        zones["vanguard"].insert(0, mate)  # 10.27.1: put to the left of the vanguard
        state.legion[leader] = mate
    if "heart" in field:
        # a stridden vanguard: the G unit on the vanguard circle over its heart (10.29), standing and face up
        heart_path = f"{path}.field.heart"
        g_unit = zones["vanguard"][-1] if zones["vanguard"] else None
        if g_unit is None or state.cards[g_unit].type != "g_unit":
            raise DefinitionError(heart_path, say("a heart is under a G unit that strode: the vanguard must be a "
                                                  "G unit (10.29.1)"))
        heart, = _one_card(state, field["heart"], heart_path, player, "vanguard", 2, templates)
        if state.cards[heart].type == "g_unit":
            raise DefinitionError(heart_path, say("the heart is the card the G unit strode over, not a G unit (10.29.1)"))
        if heart in state.rested:
            raise DefinitionError(schema.join(heart_path, "rested"), say("the heart is standing (10.29.2)"))
        zones["vanguard"].insert(0, heart)
        state.hearts.add(heart)


def _one_card(state: GameState, entry: Any, path: str, player: int, circle: str, index: int,
              templates: dict) -> list[str]:
    """The id of the one card a circle entry describes (a circle entry has no count)."""
    ids = _entry_cards(entry, path, player, circle, index, templates, state.cards, state.rested, state.face_down,
                       state.locked, state.deleted)
    if len(ids) != 1:
        raise DefinitionError(path, say("a circle holds exactly one card: write it without a number of copies"))
    return ids


def _start_at(state: GameState, phase: str, first_player: int) -> None:
    """Set the agenda: the setup procedure (5.4) or the start of ``phase`` of the current turn."""
    zones, cards = state.zones, state.cards
    if phase == "setup":
        first_vanguards = []
        for player in (0, 1):
            if any(zones[player][z] for z in ALL_ZONES if z != "deck"):
                raise DefinitionError(f"players[{player}]", say("a scenario that starts with the set-up lists only the decks (5.4)"))
            first_vanguard = next((c for c in zones[player]["deck"] if cards[c].grade == 0), None)
            if first_vanguard is None:
                raise DefinitionError(f"players[{player}].deck", say("no grade 0 card for the first vanguard (5.4.3)"))
            first_vanguards.append(first_vanguard)
        state.agenda = [{"t": "setup", "vanguards": first_vanguards, "first_player": first_player}]
        return
    for player in (0, 1):
        if not zones[player]["vanguard"]:
            raise DefinitionError(f"players[{player}].field.vanguard", say("a vanguard is required"))
    position_at(state, phase)


def _check_template(name: str, template: Any) -> None:
    check_template(name, template, CARD_FIELDS, Card, {"id": "template", "name": "template", "grade": 0, "power": 0})


def _entry_cards(entry: Any, path: str, p: int, zone: str, index: int, templates: dict, cards: dict,
                 rested: set, face_down: set, locked: set | None = None, deleted: set | None = None) -> list[str]:
    entry, data, count = entry_data(entry, path, templates, CARD_FIELDS, ENTRY_EXTRA)

    def statuses(card: Card) -> None:
        if schema.boolean(entry.get("rested", False), schema.join(path, "rested")):
            rested.add(card.id)
        # 4.11.4: the G zone is face down unless said otherwise.
        if schema.boolean(entry.get("face_down", zone == "gzone"), schema.join(path, "face_down")):
            face_down.add(card.id)
        if schema.boolean(entry.get("locked", False), schema.join(path, "locked")):
            if zone not in REAR_GUARD_CIRCLES or locked is None:
                raise DefinitionError(schema.join(path, "locked"),
                                      say("only a card on a rear-guard circle can be locked (10.24)"))
            locked.add(card.id)
            face_down.add(card.id)
        if schema.boolean(entry.get("deleted", False), schema.join(path, "deleted")):
            if zone not in CIRCLES or zone == "guardian" or locked is None:
                raise DefinitionError(schema.join(path, "deleted"),
                                      say("only a vanguard or rear-guard can be deleted (10.26)"))
            deleted.add(card.id)
            face_down.add(card.id)

    return entry_cards(data, count, path, p, zone, index, Card.from_json, cards, statuses)


def check_expectation(e: dict, path: str) -> None:
    """Check the Vanguard fields of one expectation (player, zone, count, equals)."""
    kind = e["expect"]
    check_place_fields(e, path, ALL_ZONES)
    if "count" in e:
        schema.integer(e["count"], schema.join(path, "count"), 0)
    if kind in ("power", "critical", "shield"):
        schema.integer(e["equals"], schema.join(path, "equals"), -1000000)
    if kind in ("hit", "rested", "face_down", "legion", "locked", "deleted"):
        schema.boolean(e["equals"], schema.join(path, "equals"))


def evaluate(e: dict, state: GameState, events: list[Event]) -> tuple[bool, str]:
    """(passed, detail) for one Vanguard expectation."""
    kind = e["expect"]
    if kind == "power":
        actual = power(state, e["card"])
        return actual == e["equals"], f"actual {actual}"
    if kind in ("critical", "shield"):
        actual = stat(state, e["card"], kind)
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
        return phase_holds(e, state)
    if kind == "rested":
        actual = e["card"] in state.rested
        return actual == e["equals"], f"actual {actual}"
    if kind in ("face_down", "locked", "deleted"):
        actual = e["card"] in getattr(state, kind)
        return actual == e["equals"], f"actual {actual}"
    if kind == "legion":
        mate = state.legion.get(e["card"])
        actual = mate is not None and ("mate" not in e or mate == e["mate"])
        return actual == e["equals"], f"Legion Mate {mate}"
    return False, "unknown expectation"


RULES = ScenarioRules(TOP_FIELDS, REQUIRED_FIELDS, EXPECTATIONS, load_position, check_expectation, evaluate,
                      stop_fields=STOP_FIELDS, check_stop=check_stop, stop_reached=stop_reached,
                      at_stop=phase_at_stop(stop_position), run_task=run_task,
                      decline_action=Action.make("pass"), initial_events=initial_events,
                      settled_passes={"guard": ("guard_pass",), "boost": ("no_boost",), "attack": ("no_attack",),
                                      "ride": ("no_ride",)})
