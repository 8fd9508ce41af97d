"""Writes for the scenario sandbox: create, import and fork a board, step the engine, branch, undo.

The draft's set-up is in ``board_setup.py`` and the export and expectation runs in ``runs.py`` (both
re-exported here: the views and the API call ``services.*``).

Every function validates its input and raises :class:`SandboxError` naming the
field (``players[0].hand[2].grade``, ``action.card``, ``title``...) before
anything is saved; refused game actions raise :class:`ActionRefused` with the
engine's reason and the clause that forbids them.

The history is the engine's Timeline (``engine.Timeline``) split in two: the
tree (ids, parents, actions, events, cursor; ``Scenario.tree``) and one state
per node (``ScenarioSnapshot``); see judgeapp/sandbox/models.py for why.
"""
from __future__ import annotations

from copy import deepcopy
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

import engine

from . import engine_words, games, storage
from .board_setup import (SETTING_FIELDS, _require_draft, card_add, card_clean, card_duplicate,  # noqa: F401
                          card_remove, definition_blank, definition_card_count, definition_preset, definition_check,
                          definition_entries, definition_from_state, settings_set)
from .history_writes import (SCENARIO_FIELDS, MemoryHistory, NewNode, _require_started, history_save,  # noqa: F401
                             scenario_write, snapshot_create, state_load)
from .models import Scenario, ScenarioSnapshot
from .runs import (ENGINE_FAULT_SHOWN, _check_detail, _run_result, expectations_clean, path_nodes,  # noqa: F401
                   scenario_export, scenario_run, scenario_state, timeline_export)
from .validation import (MAX_EVENTS, MAX_NODES, ActionRefused, SandboxError, ScenarioConflict, engine_error,
                         int_clean, json_depth_check, json_text_check, meta_clean, state_size_check)

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


# ---------------------------------------------------------------- creating, importing, forking
def storage_check(field: str = "scenario", owner=None) -> None:
    """Refuse a new board or point when the database has reached settings.SANDBOX_MAX_DATABASE_BYTES, or a
    new board when its signed-in ``owner`` already has SANDBOX_MAX_BOARDS_PER_OWNER."""
    limit = settings.SANDBOX_MAX_DATABASE_BYTES
    if limit is not None and storage.database_bytes() >= limit:
        raise SandboxError(field, gettext("the sandbox's storage is full: no new boards or moves can be saved until "
                           "old boards are removed; opening and exporting boards still works"), status=403)
    if owner is not None and getattr(owner, "is_authenticated", False):
        most = settings.SANDBOX_MAX_BOARDS_PER_OWNER
        if Scenario.objects.filter(owner=owner).count() >= most:
            raise SandboxError(field, gettext("you already have %(most)s boards, the most one person may keep: "
                                              "delete some you no longer "
                                              "need (ask a staff member) before making new ones") % {
                                                  "most": most}, status=403)


def scenario_create(*, definition: dict | None = None, meta: dict | None = None, expectations: list | None = None,
                    owner=None, example: str = "", start: bool = False) -> Scenario:
    """Create a scenario (a draft unless ``start``); validates everything first, saves nothing on error."""
    definition = definition_blank() if definition is None else definition
    clean_meta = meta_clean(meta or {})
    if start:
        definition_check(definition)
    elif not isinstance(definition, dict):
        raise SandboxError("scenario", gettext("expected an object"))
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
        raise SandboxError("scenario", gettext("expected an object"))
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
        raise SandboxError("scenario.script", gettext(
            "%(actions)s actions on this board would store about %(estimate)s MB of history: a board stores at most "
            "%(limit)s MB (a shorter script, or fewer or shorter cards)") % {
                "actions": actions, "estimate": estimate // 2**20, "limit": limit // 2**20}, status=413)


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
            raise SandboxError(f"{field}[{i}].do", gettext("refused: %(reason)s") % {"reason": exc.reason}) from None


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


def _append(scenario: Scenario, tree: dict, state: Any, events: list, action: dict | None,
            mode: str | None) -> dict:
    if len(tree["nodes"]) >= MAX_NODES:
        raise SandboxError("log", gettext("the history is full (%(max_nodes)s points): fork or undo and reuse a "
                                          "branch") % {"max_nodes": MAX_NODES})
    if _event_total(scenario, tree) + len(events) > MAX_EVENTS:
        raise SandboxError("log", gettext("the log is full (%(max_events)s events)") % {"max_events": MAX_EVENTS})
    parent = tree["nodes"][tree["current"]]
    node = _node(len(tree["nodes"]), parent["id"], action, len(events), mode)
    events_json = [e.to_json() for e in events]
    new = NewNode(node["id"], state, events_json)
    state_size_check(new.state_text, "log")
    stored = tree.get("stored", 0) + len(new.state_text) + len(new.events_text or "")
    if stored > settings.SANDBOX_MAX_BOARD_BYTES:
        raise SandboxError("log", gettext("the history is full (%(size)s MB stored): fork or undo and reuse a branch") % {
            "size": settings.SANDBOX_MAX_BOARD_BYTES // 2**20}, status=413)
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
        raise SandboxError("mode", gettext("expected one of %(names)s") % {"names": ', '.join(step_modes(state))})
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
        raise SandboxError("mode", gettext("expected one of %(names)s") % {"names": ', '.join(games.step_modes())})
    tree = _require_started(scenario)
    _require_current(tree, from_node)
    state = state_load(scenario=scenario, node=tree["current"])
    if state.outcome:
        raise SandboxError("mode", gettext("the game is over"))
    if state.pending is not None:
        raise SandboxError("mode", gettext("player %(player)s must first answer: %(prompt)s") % {
            "player": state.pending.player, "prompt": engine_words.sentence(state.pending.prompt)[0]})
    reused = _reuse(scenario, tree, None, mode)
    if reused:
        return reused
    try:
        new, events = _run(state, mode)
    except engine.EngineError as exc:
        raise SandboxError("mode", str(exc)) from None
    if not events and new.to_json() == state.to_json():
        raise SandboxError("mode", gettext("nothing left to run"))
    return _append(scenario, tree, new, events, None, mode)


@scenario_write(planned=True)
def scenario_act(*, scenario: Scenario, action: Any, then: str = "decision", field: str = "action",
                 from_node: Any = None) -> dict:
    """Answer the pending decision or take a judge action; ``then`` runs on (a run mode of the game or "none").

    ``from_node`` as for :func:`scenario_step`."""
    if then not in games.step_modes() + ("none",):
        raise SandboxError("then", gettext("expected none or one of %(names)s") % {
            "names": ', '.join(games.step_modes())})
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
        raise SandboxError(f"{field}.card", gettext("unknown card “%(card)s”") % {"card": parsed.card[:40]})
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
        raise SandboxError("node", gettext("already at the starting position"))
    return scenario_goto(scenario=scenario, node=parent)
