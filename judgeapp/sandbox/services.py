"""Writes for the scenario sandbox: build a board, step the engine, branch, save, fork, import.

Every function validates its input and raises :class:`SandboxError` naming the
field (``players[0].hand[2].grade``, ``action.card``, ``title``...) before
anything is saved; refused game actions raise :class:`ActionRefused` with the
engine's reason and the clause that forbids them.

The history is the engine's Timeline (``engine.Timeline``) split in two: the
tree (ids, parents, actions, events, cursor; ``Scenario.tree``) and one state
per node (``ScenarioSnapshot``); see judgeapp/sandbox/models.py for why.
"""
from __future__ import annotations

import json
import logging
from copy import deepcopy
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
from engine.core.scenario import FORMAT as SCENARIO_FORMAT

from . import drafts, games, storage
from .history_writes import SCENARIO_FIELDS, MemoryHistory, NewNode, history_save, scenario_write, snapshot_create
from .models import Scenario, ScenarioSnapshot
from .validation import (MAX_CARDS, MAX_EVENTS, MAX_EXPECTATIONS, MAX_NODES, ActionRefused, SandboxError,
                         ScenarioConflict, engine_error, int_clean, json_depth_check, json_text_check, meta_clean,
                         script_length_check, state_size_check)

logger = logging.getLogger(__name__)
SETTING_FIELDS = {"seed": (0, 2**31), "turn": (1, 99), "turn_player": (0, 1), "first_player": (0, 1)}
# Exports made before the scenario format had metadata.question led the description with the
# question after this marker; imports still read it there when metadata.question is absent.
LEGACY_QUESTION_MARKER = "Ruling question: "


def _require_current(tree: dict, seen: Any) -> None:
    """``seen`` (optional) is the point the caller was looking at: a different current point is a conflict."""
    if seen is None or seen == "":
        return
    seen = int_clean(seen, "from_node", 0, MAX_NODES)
    if seen != tree["current"]:
        raise ScenarioConflict(seen, tree["current"])


# ---------------------------------------------------------------- definitions (the starting board)
def definition_blank(game: str | None = None) -> dict:
    """An empty board of ``game`` (default: the default game's), as its plug-in sets it up."""
    return games.get(game).definition_blank()


def definition_card_count(definition: dict) -> int:
    return drafts.card_count(definition_entries(definition))


def definition_check(data: Any, field: str = "scenario") -> Any:
    """Validate a scenario definition (engine format); return the engine's Scenario.

    Size first (cards <= MAX_CARDS, nesting), then the engine's strict loader
    (unknown fields and zones are refused with the path), then the board
    checks the loader leaves to the caller (illegal states are explained,
    never fixed).
    """
    if not isinstance(data, dict):
        raise SandboxError(field, "expected an object")
    json_depth_check(data, field)
    json_text_check(data, field)
    players = data.get("players")
    if isinstance(players, list):
        cards = definition_card_count(data)
        if cards > MAX_CARDS:
            raise SandboxError(f"{field}.players", f"{cards} cards: a scenario holds at most {MAX_CARDS}")
    script_length_check(data, field)
    expect = data.get("expect")
    if isinstance(expect, list) and len(expect) > MAX_EXPECTATIONS:
        raise SandboxError(f"{field}.expect", f"at most {MAX_EXPECTATIONS} expectations")
    try:
        loaded = engine.load_scenario(data)
    except engine.DefinitionError as exc:
        raise engine_error(exc, field) from None
    except (TypeError, AttributeError, KeyError) as exc:  # a shape the loader did not anticipate
        raise SandboxError(field, f"malformed scenario ({type(exc).__name__})") from None
    state = loaded.state
    state_size_check(state.to_json(), f"{field}.players")
    games.for_state(state).board_checks(state, field)
    return loaded


def definition_entries(definition: dict):
    """Yield (player, place, index, entry) for every card entry of a definition (its game's places)."""
    yield from games.for_definition(definition).definition_entries(definition)


def definition_from_state(state, settings: dict) -> dict:
    """A definition with one explicit card object per card (templates and counts expanded)."""
    return games.for_state(state).definition_from_state(state, settings)


def card_clean(data: dict, field: str = "card", definition: dict | None = None) -> dict:
    """Validate one card's characteristics with the engine of ``definition``'s game (owner comes from the board)."""
    return games.for_definition(definition).card_clean(data, field)





@scenario_write
def card_add(*, scenario: Scenario, player: int, place: str, card: dict, count: int = 1,
             position: int | None = None) -> list[str]:
    """Put ``count`` copies of ``card`` in a player's zone or circle of a draft; return their ids."""
    _require_draft(scenario)
    player = int_clean(player, "player", 0, 1)
    count = int_clean(count, "count", 1, 60)
    definition = deepcopy(scenario.definition)
    ids = games.for_definition(definition).card_add(definition, player, place, card, count, position)
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])
    return ids


@scenario_write
def card_remove(*, scenario: Scenario, card_id: str) -> None:
    _require_draft(scenario)
    definition = deepcopy(scenario.definition)
    definition = games.for_definition(definition).definition_remove(definition, card_id)
    if definition == scenario.definition:
        raise SandboxError("card", f"no card {str(card_id)[:40]!r} on the board")
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])


@scenario_write
def card_duplicate(*, scenario: Scenario, card_id: str) -> str:
    """One more copy of a card of a draft: beside it in its zone, or in the owner's hand when it is on a circle
    (a circle holds one card); returns the copy's id."""
    _require_draft(scenario)
    definition = deepcopy(scenario.definition)
    for p, place, _, entry in definition_entries(definition):
        if isinstance(entry, dict) and entry.get("id") == card_id:
            if definition_card_count(definition) + 1 > MAX_CARDS:
                raise SandboxError("card", f"a scenario holds at most {MAX_CARDS} cards")
            copy = dict(deepcopy(entry), id=drafts.next_card_id(definition_entries(definition), p))
            copy.pop("count", None)
            pdata = definition["players"][p]
            zone = games.for_definition(definition).duplicate_zone(place)
            pdata.setdefault(zone, []).append(copy)
            scenario.definition = definition
            scenario.save(update_fields=["definition", "updated"])
            return copy["id"]
    raise SandboxError("card", f"no card {str(card_id)[:40]!r} on the board")


@scenario_write
def settings_set(*, scenario: Scenario, data: dict) -> None:
    """Set seed, turn, turn player, first player and the phase the scenario starts in."""
    _require_draft(scenario)
    definition = deepcopy(scenario.definition)
    for key, (lo, hi) in SETTING_FIELDS.items():
        if key in data:
            definition[key] = int_clean(data[key], key, lo, hi)
    if "phase" in data:
        phases = games.for_definition(definition).SCENARIO_PHASES
        if data["phase"] not in phases:
            raise SandboxError("phase", f"expected one of {', '.join(phases)}")
        definition["phase"] = data["phase"]
    scenario.definition = definition
    scenario.save(update_fields=["definition", "updated"])


def _require_draft(scenario: Scenario) -> None:
    if scenario.status != Scenario.Status.DRAFT:
        raise SandboxError("status", "the scenario has started: return to set-up first (the history is discarded)")


# ---------------------------------------------------------------- creating, importing, forking
def storage_check(field: str = "scenario", owner=None) -> None:
    """Refuse a new board or point when the database has reached settings.SANDBOX_MAX_DATABASE_BYTES, or a
    new board when its signed-in ``owner`` already has SANDBOX_MAX_BOARDS_PER_OWNER."""
    limit = settings.SANDBOX_MAX_DATABASE_BYTES
    if limit is not None and storage.database_bytes() >= limit:
        raise SandboxError(field, "the sandbox's storage is full: no new boards or moves can be saved until "
                           "old boards are removed; opening and exporting boards still works", status=403)
    if owner is not None and getattr(owner, "is_authenticated", False):
        most = settings.SANDBOX_MAX_BOARDS_PER_OWNER
        if Scenario.objects.filter(owner=owner).count() >= most:
            raise SandboxError(field, f"you already have {most} boards, the most one person may keep: delete "
                               "some you no longer need (ask a staff member) before making new ones", status=403)


def scenario_create(*, definition: dict | None = None, meta: dict | None = None, expectations: list | None = None,
                    owner=None, example: str = "", start: bool = False) -> Scenario:
    """Create a scenario (a draft unless ``start``); validates everything first, saves nothing on error."""
    definition = definition_blank() if definition is None else definition
    clean_meta = meta_clean(meta or {})
    if start:
        definition_check(definition)
    elif not isinstance(definition, dict):
        raise SandboxError("scenario", "expected an object")
    else:
        json_text_check(definition, "scenario")  # a draft is checked in full only when started
    expectations = expectations_clean(definition, expectations or [])
    storage_check("scenario", owner)
    with transaction.atomic():
        scenario = Scenario.objects.create(definition=definition, expectations=expectations, example=example,
                                           owner=owner if getattr(owner, "is_authenticated", False) else None,
                                           **clean_meta)
        if start:
            scenario_start(scenario=scenario)
    return scenario


def scenario_import(*, data: Any, owner=None, example: str = "") -> Scenario:
    """Create a started scenario from an exported file: validate, then replay its script's ``do`` actions."""
    if not isinstance(data, dict):
        raise SandboxError("scenario", "expected an object")
    loaded = definition_check(data)
    metadata = data.get("metadata", {})
    description = metadata.get("description", "")
    question = metadata.get("question", "")
    if not question and description.startswith(LEGACY_QUESTION_MARKER):
        question, _, description = description[len(LEGACY_QUESTION_MARKER):].partition("\n\n")
    meta = {"title": metadata.get("title", ""), "question": question, "description": description,
            "tags": metadata.get("tags", []), "clauses": metadata.get("clauses", [])}
    settings = {k: data.get(k, d) for k, d in (("seed", 0), ("turn", 1), ("turn_player", 0), ("first_player", 0),
                                                ("phase", "main"))}
    definition = definition_from_state(loaded.state, settings)
    if data.get("script"):
        definition["script"] = data["script"]
    if data.get("modifiers"):  # effects in force at the start, with their source (format /2)
        definition["modifiers"] = deepcopy(data["modifiers"])
    if metadata.get("playbook"):
        definition["metadata"] = {"playbook": metadata["playbook"]}
    # Checked as scenario_create(start=True) would, then the whole history is replayed in memory
    # and stored in one short transaction (history_writes.MemoryHistory): no lock is held while
    # the engine runs.
    clean_meta = meta_clean(meta)
    start = definition_check(definition).state
    expectations = expectations_clean(definition, data.get("expect", []))
    storage_check("scenario", owner)
    _replay_size_check(data, len(start.to_json()))
    scenario = Scenario(definition=definition, expectations=expectations, example=example,
                        owner=owner if getattr(owner, "is_authenticated", False) else None,
                        status=Scenario.Status.STARTED, **clean_meta)
    with MemoryHistory(scenario) as history:
        history_save(scenario, {"current": 0, "nodes": [_node(0, None, None, 0, None)]}, NewNode(0, start))
        _replay(scenario, [item["do"].to_json() for item in loaded.script if "do" in item],
                [i for i, item in enumerate(loaded.script) if "do" in item], "scenario.script")
        main_end = scenario.tree["current"]
        # Every other branch of an export: replayed from the start, sharing the points it has in common.
        for b, branch in enumerate(data.get("branches") or []):
            scenario_goto(scenario=scenario, node=0)
            items = branch["script"]
            _replay(scenario, [item["do"] for item in items if "do" in item],
                    [i for i, item in enumerate(items) if "do" in item], f"scenario.branches[{b}].script")
        if data.get("branches"):
            scenario_goto(scenario=scenario, node=main_end)
    history.store()
    return scenario


def _replay_size_check(data: dict, state_bytes: int) -> None:
    """Refuse, before replaying anything, a script whose points would store more than a board may
    (settings.SANDBOX_MAX_BOARD_BYTES): every point stores a state about as large as the first.  Without
    it a script of judge moves on a board at the state bound replayed for seconds before it was refused."""
    actions = sum(1 for item in data.get("script") or [] if isinstance(item, dict) and "do" in item)
    actions += sum(1 for branch in data.get("branches") or [] if isinstance(branch, dict)
                   for item in branch.get("script") or [] if isinstance(item, dict) and "do" in item)
    estimate, limit = (actions + 1) * state_bytes, settings.SANDBOX_MAX_BOARD_BYTES
    if estimate > limit:
        raise SandboxError("scenario.script", f"{actions} actions on this board would store about "
                           f"{estimate // 2**20} MB of history: a board stores at most {limit // 2**20} MB (a "
                           "shorter script, or fewer or shorter cards)", status=413)


def _replay(scenario: Scenario, actions: list, indexes: list[int], field: str) -> None:
    """Play script actions from the current point as the engine's runner does: to the next decision before each."""
    for i, action in zip(indexes, actions):
        state = scenario_state(scenario=scenario)
        if state.pending is None and not state.outcome and state.agenda:
            try:
                scenario_step(scenario=scenario, mode="decision")
            except SandboxError:
                pass
        try:
            scenario_act(scenario=scenario, action=action, then="decision", field=f"{field}[{i}].do")
        except ActionRefused as exc:
            raise SandboxError(f"{field}[{i}].do", f"refused: {exc.reason}") from None


def scenario_fork(*, scenario: Scenario, owner=None) -> Scenario:
    """A copy (board, history, expectations, metadata) owned by the caller; the original is untouched.

    The original's tree and node rows are read without the write lock; the copy is written in one short
    transaction only if the original has not changed since (its revision), else read again."""
    storage_check("scenario", owner)
    for _ in range(3):
        scenario.refresh_from_db(fields=SCENARIO_FIELDS)
        seen = scenario.revision
        nodes = list(scenario.snapshots.values_list("node", "state_id", "events_id"))
        with transaction.atomic():
            if Scenario.objects.filter(pk=scenario.pk, revision=seen).exists():
                return _fork_save(scenario, nodes, owner)
    return _scenario_fork_locked(scenario=scenario, owner=owner)  # kept changing: copy it holding the lock


@scenario_write
def _scenario_fork_locked(*, scenario: Scenario, owner=None) -> Scenario:
    return _fork_save(scenario, list(scenario.snapshots.values_list("node", "state_id", "events_id")), owner)


def _fork_save(scenario: Scenario, nodes: list[tuple], owner) -> Scenario:
    fork = Scenario.objects.create(
        definition=deepcopy(scenario.definition), expectations=deepcopy(scenario.expectations),
        tree=deepcopy(scenario.tree), status=scenario.status, forked_from=scenario, example=scenario.example,
        title=(f"Fork of {scenario.title}" if scenario.title else "")[:200], question=scenario.question,
        description=scenario.description, tags=list(scenario.tags), clauses=list(scenario.clauses),
        owner=owner if getattr(owner, "is_authenticated", False) else None)
    # The fork's nodes point at the parent's stored states and events: nothing of the history is copied
    # but the tree (whose "stored" total the fork inherits: what it may add is what its parent had left).
    ScenarioSnapshot.objects.bulk_create(
        ScenarioSnapshot(scenario=fork, node=node, state_id=digest, events_id=events) for node, digest, events in nodes)
    return fork


@scenario_write
def meta_update(*, scenario: Scenario, data: dict) -> Scenario:
    clean = meta_clean(data, partial=True)
    for key, value in clean.items():
        setattr(scenario, key, value)
    scenario.save(update_fields=list(clean) + ["updated"])
    return scenario


@scenario_write
def definition_replace(*, scenario: Scenario, definition: dict) -> Scenario:
    """Replace the starting board of a draft (validated in full: it must be playable)."""
    _require_draft(scenario)
    definition_check(definition)
    scenario.definition = {k: v for k, v in definition.items() if k not in ("metadata", "expect")}
    scenario.save(update_fields=["definition", "updated"])
    return scenario


# ---------------------------------------------------------------- the timeline
def _node(node_id: int, parent: int | None, action: dict | None, event_count: int, mode: str | None) -> dict:
    """A node of the tree; its events are in its snapshot row (``selectors.node_events``)."""
    out = {"id": node_id, "parent": parent, "action": action, "event_count": event_count, "children": []}
    if mode:
        out["mode"] = mode
    return out


@scenario_write
def scenario_start(*, scenario: Scenario) -> Scenario:
    """Validate the board and open the history at the starting position (nothing has run yet)."""
    loaded = definition_check(scenario.definition)
    scenario.tree = {"current": 0, "nodes": [_node(0, None, None, 0, None)]}
    scenario.status = Scenario.Status.STARTED
    scenario.snapshots.all().delete()
    snapshot_create(scenario, NewNode(0, loaded.state))
    scenario.save(update_fields=["tree", "status", "updated"])
    return scenario


@scenario_write
def scenario_reset(*, scenario: Scenario) -> Scenario:
    """Back to set-up: the history is discarded, the starting board kept."""
    scenario.tree = None
    scenario.status = Scenario.Status.DRAFT
    scenario.last_run = None
    scenario.snapshots.all().delete()
    scenario.save(update_fields=["tree", "status", "last_run", "updated"])
    return scenario


def _require_started(scenario: Scenario) -> dict:
    if scenario.status != Scenario.Status.STARTED or not scenario.tree:
        raise SandboxError("status", "the board is still being set up: start the scenario first")
    return scenario.tree


def state_load(*, scenario: Scenario, node: int) -> Any:
    memory = getattr(scenario, "_memory_history", None)
    if memory is not None:  # a history being built in memory (an import): its states are not stored yet
        current = scenario.__dict__.get("current_state")
        if current is not None and current[0] == node:
            return current[1]
        text = memory.state_text(node)
    else:
        text = ScenarioSnapshot.objects.state_text(scenario=scenario, node=node)
    if text is None:
        raise SandboxError("node", f"no node {node}")
    return games.state_from_json(text)


def _append(scenario: Scenario, tree: dict, state: Any, events: list, action: dict | None,
            mode: str | None) -> dict:
    if len(tree["nodes"]) >= MAX_NODES:
        raise SandboxError("log", f"the history is full ({MAX_NODES} points): fork or undo and reuse a branch")
    if _event_total(scenario, tree) + len(events) > MAX_EVENTS:
        raise SandboxError("log", f"the log is full ({MAX_EVENTS} events)")
    parent = tree["nodes"][tree["current"]]
    node = _node(len(tree["nodes"]), parent["id"], action, len(events), mode)
    events_json = [e.to_json() for e in events]
    new = NewNode(node["id"], state, events_json)
    state_size_check(new.state_text, "log")
    stored = tree.get("stored", 0) + len(new.state_text) + len(new.events_text or "")
    if stored > settings.SANDBOX_MAX_BOARD_BYTES:
        raise SandboxError("log", f"the history is full ({settings.SANDBOX_MAX_BOARD_BYTES // 2**20} MB stored): "
                           "fork or undo and reuse a branch", status=413)
    storage_check("log")
    tree["nodes"].append(node)
    parent["children"].append(node["id"])
    tree["current"] = node["id"]
    tree["stored"] = stored  # what this board's history has stored, for the bound above
    memory = getattr(scenario, "_memory_history", None)
    if memory is not None:
        memory.events += len(events)
    history_save(scenario, tree, new)
    scenario.current_state = (node["id"], state)  # spares the response a reload (selectors.state_get)
    return dict(node, events=events_json)  # the caller's answer shows the new events


def _event_total(scenario: Scenario, tree: dict) -> int:
    """Events in the whole history; a replay in memory keeps the count instead of adding it up again at every
    action (which made a long import's replay quadratic)."""
    memory = getattr(scenario, "_memory_history", None)
    return memory.events if memory is not None else sum(n["event_count"] for n in tree["nodes"])


def _reuse(scenario: Scenario, tree: dict, action: dict | None, mode: str | None) -> dict | None:
    """An identical earlier choice from the current point: move there instead of branching again."""
    for cid in tree["nodes"][tree["current"]]["children"]:
        child = tree["nodes"][cid]
        if child["action"] == action and child.get("mode") == mode:
            tree["current"] = cid
            history_save(scenario, tree)
            return child
    return None


def _run(state, mode: str) -> tuple[Any, list]:
    """Run the procedure for one step ``mode`` (see :func:`step_modes`); stops at any decision.  The game's
    plug-in names the engine's stop point each mode runs to (the "battle" mode is a game's own bout)."""
    point = mode if mode in ("event", "decision") else games.for_state(state).STEP_POINTS.get(mode)
    if point is None:
        raise SandboxError("mode", f"expected one of {', '.join(step_modes(state))}")
    return games.rules(state).run_to(state, point)


def step_modes(state) -> tuple[str, ...]:
    """The run modes of ``state``'s game."""
    return ("event", "decision") + tuple(games.for_state(state).STEP_POINTS)


@scenario_write(planned=True)
def scenario_step(*, scenario: Scenario, mode: str, from_node: Any = None) -> dict:
    """Run the engine from the current point; returns the new node (or the reused one).

    ``from_node`` (optional) is the point the caller saw; if the history has moved
    on since, :class:`ScenarioConflict` is raised and nothing runs."""
    if mode not in games.step_modes():
        raise SandboxError("mode", f"expected one of {', '.join(games.step_modes())}")
    tree = _require_started(scenario)
    _require_current(tree, from_node)
    state = state_load(scenario=scenario, node=tree["current"])
    if state.outcome:
        raise SandboxError("mode", "the game is over")
    if state.pending is not None:
        raise SandboxError("mode", f"player {state.pending.player} must first answer: {state.pending.prompt}")
    reused = _reuse(scenario, tree, None, mode)
    if reused:
        return reused
    try:
        new, events = _run(state, mode)
    except engine.EngineError as exc:
        raise SandboxError("mode", str(exc)) from None
    if not events and new.to_json() == state.to_json():
        raise SandboxError("mode", "nothing left to run")
    return _append(scenario, tree, new, events, None, mode)


@scenario_write(planned=True)
def scenario_act(*, scenario: Scenario, action: Any, then: str = "decision", field: str = "action",
                 from_node: Any = None) -> dict:
    """Answer the pending decision or take a judge action; ``then`` runs on (a run mode of the game or "none").

    ``from_node`` as for :func:`scenario_step`."""
    if then not in games.step_modes() + ("none",):
        raise SandboxError("then", f"expected none or one of {', '.join(games.step_modes())}")
    tree = _require_started(scenario)
    _require_current(tree, from_node)
    json_depth_check(action, field, 8)
    json_text_check(action, field)
    try:
        parsed = games.action_class(scenario.definition).from_json(action, field)
    except engine.DefinitionError as exc:
        raise engine_error(exc) from None
    action_json = parsed.to_json()
    reused = _reuse(scenario, tree, action_json, then)
    if reused:
        return reused
    state = state_load(scenario=scenario, node=tree["current"])
    if parsed.card is not None and parsed.card not in state.cards:
        raise SandboxError(f"{field}.card", f"unknown card {parsed.card[:40]!r}")
    try:
        new, events = games.rules(state).apply(state, parsed)
        if then != "none" and not new.outcome and new.pending is None:
            new, more = _run(new, then)
            events = events + more
    except engine.IllegalActionError as exc:
        raise ActionRefused(exc, action_json) from None
    except engine.GameOverError as exc:
        raise SandboxError(field, str(exc)) from None
    except engine.EngineError as exc:
        raise SandboxError(field, str(exc)) from None
    return _append(scenario, tree, new, events, action_json, then)


@scenario_write(planned=True)
def scenario_goto(*, scenario: Scenario, node: Any) -> dict:
    """Move the cursor to any point of the history (undo = the parent); nothing is deleted."""
    tree = _require_started(scenario)
    node = int_clean(node, "node", 0, len(tree["nodes"]) - 1)
    tree["current"] = node
    history_save(scenario, tree)
    return tree["nodes"][node]


@scenario_write(planned=True)
def scenario_undo(*, scenario: Scenario, from_node: Any = None) -> dict:
    """Back to the parent point (``from_node`` as for :func:`scenario_step`: a second undo from a stale page
    is a conflict, not a second step back)."""
    tree = _require_started(scenario)
    _require_current(tree, from_node)
    parent = tree["nodes"][tree["current"]]["parent"]
    if parent is None:
        raise SandboxError("node", "already at the starting position")
    return scenario_goto(scenario=scenario, node=parent)


# ---------------------------------------------------------------- export, expectations, runs
def path_nodes(tree: dict, node: int | None = None) -> list[dict]:
    out = []
    nid = tree["current"] if node is None else node
    while nid is not None:
        out.append(tree["nodes"][nid])
        nid = tree["nodes"][nid]["parent"]
    return out[::-1]


def _other_lines(tree: dict, node: int | None = None) -> list[list[dict]]:
    """The actions from the start to each leaf of the history other than the exported line, without duplicates
    (lines that differ only in how far the engine was run are one line for the scenario format)."""
    def actions(nid: int) -> list[dict]:
        return [n["action"] for n in path_nodes(tree, nid) if n["action"] is not None]

    exported = actions(tree["current"] if node is None else node)
    out: list[list[dict]] = []
    for n in tree["nodes"]:
        if n["children"]:
            continue
        line = actions(n["id"])
        if line != exported and line not in out and line != exported[:len(line)]:
            out.append(line)
    return out


def _normal_action(data: Any, action_class) -> Any:
    try:
        return action_class.from_json(data).to_json()
    except engine.DefinitionError:
        return data


def scenario_state(*, scenario: Scenario) -> Any:
    """The state at the cursor of a started scenario."""
    return state_load(scenario=scenario, node=_require_started(scenario)["current"])


def scenario_export(*, scenario: Scenario, node: int | None = None) -> dict:
    """The scenario in the engine's documented format: position, script to ``node`` (default: current), expectations."""
    definition = scenario.definition
    metadata: dict = {}
    if scenario.title:
        metadata["title"] = scenario.title
    if scenario.question:
        metadata["question"] = scenario.question
    if scenario.description:
        metadata["description"] = scenario.description
    playbook = definition.get("metadata", {}).get("playbook")
    if playbook:
        metadata["playbook"] = playbook
    if scenario.tags:
        metadata["tags"] = list(scenario.tags)
    if scenario.clauses:
        metadata["clauses"] = list(scenario.clauses)
    out: dict = {"format": SCENARIO_FORMAT}
    if metadata:
        out["metadata"] = metadata
    for key in ("game", "seed", "turn", "turn_player", "first_player", "phase", "templates", "modifiers"):
        if key in definition:
            out[key] = deepcopy(definition[key])
    out["players"] = deepcopy(definition["players"])
    original = definition.get("script") or []
    if scenario.tree:
        done = [n["action"] for n in path_nodes(scenario.tree, node) if n["action"] is not None]
        action_class = games.action_class(definition)
        if [_normal_action(item["do"], action_class) for item in original if "do" in item] == done:
            script = deepcopy(original)
        else:
            script = [{"do": a} for a in done]
    else:
        script = deepcopy(original)
    if script:
        out["script"] = script
    branches = _other_lines(scenario.tree, node) if scenario.tree else []
    if branches:
        out["branches"] = [{"script": [{"do": a} for a in line]} for line in branches]
    if scenario.expectations:
        out["expect"] = deepcopy(scenario.expectations)
    return out


def expectations_clean(definition: dict, expectations: Any, field: str = "expect") -> list:
    """Validate expectations against the board with the engine's loader."""
    if not isinstance(expectations, list):
        raise SandboxError(field, "expected a list")
    json_text_check(expectations, field)
    if len(expectations) > MAX_EXPECTATIONS:
        raise SandboxError(field, f"at most {MAX_EXPECTATIONS} expectations")
    if not expectations:
        return []
    probe = {k: v for k, v in definition.items() if k not in ("script", "metadata")}
    probe["expect"] = expectations
    try:
        engine.load_scenario(probe)
    except engine.DefinitionError as exc:
        if exc.path.startswith("expect"):
            raise SandboxError(field + exc.path[len("expect"):], exc.message) from None
        # The board itself is not valid yet (a draft): check each expectation's shape only.
        EXPECTATIONS = engine.core.games.get(games.slug_of(definition)).scenarios.expectations

        for i, e in enumerate(expectations):
            if not isinstance(e, dict) or e.get("expect") not in EXPECTATIONS:
                raise SandboxError(f"{field}[{i}].expect", f"expected one of {', '.join(EXPECTATIONS)}") from None
    return expectations


# The runner reports an engine failure with the exception's text (for a developer running scenario files);
# a judge reads that the check could not be made, and the log keeps why.
ENGINE_FAULTS = ("engine error: ", "cannot evaluate: ")
ENGINE_FAULT_SHOWN = "the engine failed at this point (the error has been logged)"


def _check_detail(detail: str, scenario: Scenario) -> str:
    if isinstance(detail, str) and detail.startswith(ENGINE_FAULTS):
        logger.error("scenario %s: run check failed in the engine: %s", scenario.pk, detail)
        return ENGINE_FAULT_SHOWN
    return detail


def scenario_run(*, scenario: Scenario) -> dict:
    """Re-run the exported scenario with the engine and keep the pass/fail result.

    The run (the whole script replayed) happens without the write lock, on a fresh read; the result is
    saved only if the scenario has not changed since (its revision), else run again on the new one."""
    for _ in range(3):
        scenario.refresh_from_db(fields=SCENARIO_FIELDS)
        seen = scenario.revision
        out = _run_result(scenario)
        updated = timezone.now()
        if Scenario.objects.filter(pk=scenario.pk, revision=seen).update(last_run=out, updated=updated,
                                                                         revision=seen + 1):
            scenario.last_run, scenario.updated, scenario.revision = out, updated, seen + 1
            return out
    return _scenario_run_locked(scenario=scenario)  # kept changing under three runs: run holding the lock


@scenario_write
def _scenario_run_locked(*, scenario: Scenario) -> dict:
    out = _run_result(scenario)
    scenario.last_run = out
    scenario.save(update_fields=["last_run", "updated"])
    return out


def _run_result(scenario: Scenario) -> dict:
    data = scenario_export(scenario=scenario)
    try:
        result = engine.run_scenario(data)
        out = {"passed": result.passed, "error": result.error,
               "checks": [{"label": c.label, "passed": c.passed, "detail": _check_detail(c.detail, scenario)}
                          for c in result.checks]}
    except engine.DefinitionError as exc:
        out = {"passed": False, "error": f"invalid scenario: {exc}", "checks": []}
    if not out["checks"] and not out["error"]:
        out["passed"] = False
        out["error"] = "no expectations: add at least one to make this a regression test"
    return out


def timeline_export(*, scenario: Scenario) -> engine.Timeline:
    """The whole history as an engine Timeline (every state loaded: for export and tests, not pages)."""
    tree = _require_started(scenario)
    rows = {node: (state, events) for node, state, events in
            scenario.snapshots.values_list("node", "state__text", "events__text")}
    data = {"current": tree["current"],
            "nodes": [{**{k: v for k, v in n.items() if k != "event_count"}, "state": json.loads(rows[n["id"]][0]),
                       "events": json.loads(rows[n["id"]][1]) if rows[n["id"]][1] else []}
                      for n in tree["nodes"]]}
    return engine.Timeline.from_json(data, games.slug_of(scenario.definition))
