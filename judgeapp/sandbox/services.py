"""Writes for the scenario sandbox: create, import and fork a board, step the engine, branch, undo.

The draft's set-up is in ``board_setup.py`` and the export and expectation runs in ``runs.py`` (both
re-exported here: the views and the API call ``services.*``).

Every function validates its input and raises :class:`SandboxError` naming the
field (``players[0].hand[2].grade``, ``action.card``, ``title``...) before
anything is saved; refused game actions raise :class:`ActionRefused` with the
engine's reason and the clause that forbids them.

The history is the engine's Timeline (``engine.Timeline``: undo, branches, an identical choice
re-entered), read and stored through judgeapp/sandbox/history.py as the tree (``Scenario.tree``)
and one state per node (``ScenarioSnapshot``); see judgeapp/sandbox/models.py for why.
"""
from __future__ import annotations

from copy import deepcopy
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

import engine
from engine.core.driver import stop_point_reached, walk_tasks

from . import engine_words, games, wording
from . import history as history_model
from .board_setup import (SETTING_FIELDS, _require_draft, card_add, card_clean, card_duplicate,  # noqa: F401
                          card_remove, definition_blank, definition_card_count, definition_preset, definition_check,
                          definition_entries, definition_from_state, settings_set)
from .history_writes import (SCENARIO_FIELDS, MemoryHistory, _require_started, scenario_write,  # noqa: F401
                             storage_check)
from .models import Scenario, ScenarioSnapshot
from .runs import (ENGINE_FAULT_SHOWN, _check_detail, _run_result, expectations_clean,  # noqa: F401
                   scenario_export, scenario_run, scenario_state, timeline_export)
from .validation import (MAX_NODES, ActionRefused, SandboxError, ScenarioConflict, engine_error, int_clean,
                         json_depth_check, json_text_check, meta_clean)

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
    # a field the file leaves out is what the game's loader made of it (a game may read a file without a turn as
    # past the first turn and its single attack), not a default of the sandbox's own
    settings = {k: data.get(k, getattr(loaded.state, k, d)) for k, d in (
        ("seed", 0), ("turn", 1), ("turn_player", 0), ("first_player", 0), ("phase", "main"))}
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
    definition, start = _as_the_file_starts(definition, data, loaded.state)
    clean_meta = meta_clean(meta)
    expectations = expectations_clean(definition, data.get("expect", []))
    storage_check("scenario", owner)
    _replay_size_check(data, len(start.to_json()))
    scenario = Scenario(definition=definition, expectations=expectations, example=example,
                        owner=owner if getattr(owner, "is_authenticated", False) else None,
                        status=Scenario.Status.STARTED, **clean_meta)
    with MemoryHistory(scenario) as history:
        history_model.history_start(scenario, start)
        if isinstance(data.get("history"), dict):
            _replay_points(scenario, data["history"])
        else:
            _replay_lines(scenario, loaded, data)
    history.store()
    return scenario


def _as_the_file_starts(definition: dict, data: dict, start: Any) -> tuple[dict, Any]:
    """``definition`` without the settings the file leaves out, where written in they would start the board
    elsewhere than the file: a game's loader may read a missing setting as a thing to do (a first player drawn at
    random in the set-up), which no value written in says (site-walk5).  With its starting state, checked as
    scenario_create(start=True) would check it."""
    checked = definition_check(definition).state
    if checked.to_json() == start.to_json():
        return definition, checked
    for key in ("first_player", "turn_player", "turn", "phase"):
        if key in definition and key not in data:
            trial = {k: v for k, v in definition.items() if k != key}
            trial_start = definition_check(trial).state
            if trial_start.to_json() == start.to_json():
                return trial, trial_start
    return definition, checked


def _replay_lines(scenario: Scenario, loaded, data: dict) -> None:
    """A file without its history's points (written before they were exported, or by hand): the main line,
    then every other branch from the start, sharing the points they have in common."""
    played = _played(loaded.script, to_json=True)
    _replay(scenario, *played, "scenario.script")
    if not any("check" not in a for a in played[0]):
        # a script that plays nothing (only checks, or none): the runner advances to the first decision before it
        # checks, so the board opens there too, its starting state one point back (site-walk5)
        _run_on(scenario)
    main_end = scenario.tree["current"]
    # Every other branch of an export: replayed from the start, sharing the points it has in common.
    for b, branch in enumerate(data.get("branches") or []):
        scenario_goto(scenario=scenario, node=0)
        _replay(scenario, *_played(branch["script"]), f"scenario.branches[{b}].script")
    if data.get("branches"):
        scenario_goto(scenario=scenario, node=main_end)


def _replay_points(scenario: Scenario, points: dict) -> None:
    """Every point of the exported history in its order: each gets the number it had, so the branches are
    numbered alike and a link to a point (a ruling page) means the same point in the copy."""
    for i, point in enumerate(points["points"]):
        field = f"scenario.history.points[{i}]"
        scenario_goto(scenario=scenario, node=point["parent"])
        run = point.get("run")
        try:
            if "do" in point:
                node = scenario_act(scenario=scenario, action=point["do"], then=run or history_model.NO_RUN,
                                    field=f"{field}.do")
            else:
                node = scenario_step(scenario=scenario, mode=run)
        except ActionRefused as exc:
            raise SandboxError(f"{field}.do", gettext("refused: %(reason)s") % {"reason": exc.reason}) from None
        except SandboxError as exc:
            if exc.field.startswith(field):
                raise
            raise SandboxError(field, exc.message, exc.status) from None
        if node["id"] != i + 1:
            raise SandboxError(field, gettext("repeats point %(point)d: each point is listed once")
                               % {"point": node["id"]})
    scenario_goto(scenario=scenario, node=points.get("current", 0))


def _replay_size_check(data: dict, state_bytes: int) -> None:
    """Refuse, before replaying anything, a script whose points would store more than a board may
    (settings.SANDBOX_MAX_BOARD_BYTES): every point stores a state about as large as the first.  Without
    it a script of judge moves on a board at the state bound replayed for seconds before it was refused."""
    if isinstance(data.get("history"), dict):  # the points are what is replayed (and stored)
        actions = len(data["history"].get("points") or [])
    else:
        actions = sum(1 for item in data.get("script") or [] if isinstance(item, dict) and "do" in item)
        actions += sum(1 for branch in data.get("branches") or [] if isinstance(branch, dict)
                       for item in branch.get("script") or [] if isinstance(item, dict) and "do" in item)
    estimate, limit = (actions + 1) * state_bytes, settings.SANDBOX_MAX_BOARD_BYTES
    if estimate > limit:
        raise SandboxError("scenario.script", gettext(
            "%(actions)s actions on this board would store about %(estimate)s MB of history: a board stores at most "
            "%(limit)s MB (a shorter script, or fewer or shorter cards)") % {
                "actions": actions, "estimate": estimate // 2**20, "limit": limit // 2**20}, status=413)


def _played(items: list, to_json: bool = False) -> tuple[list[dict], list[int]]:
    """What the script items that play on the board play, and their indexes: a ``do`` action, a ``decline`` (the
    kind of decision it passes), or a ``stop_at`` (the point the next judge action is taken at); checks
    (``expect``, ``refuse``) play nothing: ``{"check": True}``, the runner advancing to the next decision first."""
    actions, indexes = [], []
    for i, item in enumerate(items):
        if "do" in item:
            actions.append(item["do"].to_json() if to_json and hasattr(item["do"], "to_json") else item["do"])
        elif "decline" in item:
            actions.append({"decline": item["decline"]})
        elif "stop_at" in item:
            actions.append({"stop_at": item["stop_at"]})
        elif "expect" in item or "refuse" in item:
            actions.append({"check": True})
        else:
            continue
        indexes.append(i)
    return actions, indexes


def _replay(scenario: Scenario, actions: list, indexes: list[int], field: str) -> None:
    """Play script actions from the current point as the engine's runner does: to the next decision before each,
    except a judge's action after a ``stop_at``, taken at that point (engine/core/scenario.py). A ``decline``
    passes that kind of decision when it is the one asked (every game's decline is its pass); when the rules
    settled it without asking (docs/scenarios.md), there is nothing to play."""
    at_stop = False
    for n, (i, action) in enumerate(zip(indexes, actions)):
        if "stop_at" in action:
            at_stop = _walk_to_stop(scenario, action["stop_at"])
            continue
        if "check" in action:  # the runner checks at the next decision, a stop point aside: the board stands there
            at_stop or _run_on(scenario)
            continue
        state = scenario_state(scenario=scenario)
        judge_here = at_stop and "decline" not in action and _is_judge_action(state, action)
        at_stop = False
        # after it, the board runs on to the next decision as after any action, unless the next item walks there
        # task by task itself (a stop point, or a decline the rules may settle before it is asked)
        then = "none" if n + 1 < len(actions) and {"stop_at", "decline"} & set(actions[n + 1]) else "decision"
        if "decline" in action:
            if state.pending is None and not state.outcome and state.agenda:
                _walk_to_decline(scenario, state, action["decline"])
            pending = scenario_state(scenario=scenario).pending
            if pending is None or pending.kind != action["decline"]:
                continue
            action = {"kind": "pass"}
        elif not judge_here and state.pending is None and not state.outcome and state.agenda:
            try:
                scenario_step(scenario=scenario, mode="decision")
            except SandboxError:
                pass
        try:
            scenario_act(scenario=scenario, action=action, then=then, field=f"{field}[{i}].do")
        except ActionRefused as exc:
            raise SandboxError(f"{field}[{i}].do", gettext("refused: %(reason)s") % {"reason": exc.reason}) from None
    if actions and not at_stop:
        _run_on(scenario)  # after a settled decline, the runner runs on to the next decision for the final checks


def _run_on(scenario: Scenario) -> None:
    """Run the board to the next decision as the engine's runner advances before its checks, unless it already
    stands at one, at the end of the game or with nothing left to do (an engine error leaves it where it was, as
    the runner reports it as a failed check)."""
    state = scenario_state(scenario=scenario)
    if state.pending is None and not state.outcome and state.agenda:
        try:
            scenario_step(scenario=scenario, mode="decision")
        except SandboxError:
            pass


def _walk_to_stop(scenario: Scenario, spec: dict) -> bool:
    """Walk the board to a script's stop point as the engine's runner does; whether it stands there (a point the
    board cannot reach leaves it where it was: the runner reports that file's check as failed)."""
    state = scenario_state(scenario=scenario)
    if "run_to" in spec:
        # the file names the engine's point ("attack"), the board its run mode for it ("battle")
        points = {"event": "event", "decision": "decision",
                  **{point: mode for mode, point in games.for_state(state).STEP_POINTS.items()}}
        if spec["run_to"] not in points:
            return False
        try:
            scenario_step(scenario=scenario, mode=points[spec["run_to"]])
        except SandboxError:
            return spec["run_to"] == "decision"
        return True
    game = engine.games.for_state(state)
    return _walk(scenario, game, state, lambda state, events: stop_point_reached(game, spec, state))


def _walk_to_decline(scenario: Scenario, state: Any, kind: str) -> None:
    """Walk to the next decision, or to the event that says the rules settled the declined choice without asking
    it, and stand just after it (the runner's ``run_to_decline``): the next item runs on from there."""
    game = engine.games.for_state(state)
    settled = game.scenarios.settled_passes.get(kind, ())
    _walk(scenario, game, state, lambda state, events: state.pending is not None
          or any(e.kind in settled for e in events))


def _walk(scenario: Scenario, game, state: Any, until) -> bool:
    """The engine's walk (engine/core/driver.walk_tasks) from the board's point; the point it reached added as
    one run, if it was reached and is not where the board stands."""
    reached, walked, events = walk_tasks(game, state, until)
    if reached and walked is not state:
        _scenario_walked(scenario=scenario, state=walked, events=events)
    return reached


@scenario_write(planned=True)
def _scenario_walked(*, scenario: Scenario, state: Any, events: list) -> dict:
    """The point a stop point's walk reached, added after the current one (as one run of the engine)."""
    timeline = history_model.timeline_of(scenario)
    return history_model.history_append(scenario, timeline, None, "event", state, events)


def _is_judge_action(state, action: dict) -> bool:
    """A judge's action (a card put, a value set), which the runner takes where the script stands."""
    try:
        return bool(engine.games.for_state(state).action_class.from_json(action).is_judge)
    except Exception:  # a malformed action is refused, with its words, where it is played
        return False


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
        # named in the forking judge's language ("Fork of …" stood in English on Italian pages): the board's data from then on
        title=(gettext("Copy of %(title)s") % {"title": scenario.title} if scenario.title else "")[:200], question=scenario.question,
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
@scenario_write
def scenario_start(*, scenario: Scenario) -> Scenario:
    """Validate the board and open the history at the starting position (nothing has run yet)."""
    loaded = definition_check(scenario.definition)
    scenario.status = Scenario.Status.STARTED
    scenario.snapshots.all().delete()
    history_model.history_start(scenario, loaded.state)
    scenario.save(update_fields=["status", "updated"])
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


def _compute(timeline: engine.Timeline, action: Any, run: str | None) -> tuple[Any, list]:
    """What ``action`` then ``run`` lead to from the timeline's current point (the engine's work of a write)."""
    return timeline.compute(action, run)


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
    _require_current(_require_started(scenario), from_node)
    timeline = history_model.timeline_of(scenario)
    state = timeline.state
    if state.outcome:
        raise SandboxError("mode", gettext("the game is over"))
    if state.pending is not None:
        raise SandboxError("mode", gettext("%(player)s must first answer: %(prompt)s") % {
            "player": wording.player_words(state.pending.player, getattr(state, "first_player", 0)).capitalize(),
            "prompt": engine_words.sentence(state.pending.prompt)[0]})
    if timeline.reuse(None, mode):
        history_model.history_move(scenario, timeline)
        return history_model.node_json(scenario, timeline.current)
    if mode not in step_modes(state):
        raise SandboxError("mode", gettext("expected one of %(names)s") % {"names": ', '.join(step_modes(state))})
    try:
        new, events = _compute(timeline, None, mode)
    except engine.EngineError as exc:
        raise SandboxError("mode", str(exc)) from None
    if not events and new.to_json() == state.to_json():
        raise SandboxError("mode", gettext("nothing left to run"))
    return history_model.history_append(scenario, timeline, None, mode, new, events)


@scenario_write(planned=True)
def scenario_act(*, scenario: Scenario, action: Any, then: str = "decision", field: str = "action",
                 from_node: Any = None) -> dict:
    """Answer the pending decision or take a judge action; ``then`` runs on (a run mode of the game or "none").

    ``from_node`` as for :func:`scenario_step`."""
    if then not in games.step_modes() + ("none",):
        raise SandboxError("then", gettext("expected none or one of %(names)s") % {
            "names": ', '.join(games.step_modes())})
    _require_current(_require_started(scenario), from_node)
    json_depth_check(action, field, 8)
    json_text_check(action, field)
    try:
        parsed = games.action_class(scenario.definition).from_json(action, field)
    except engine.DefinitionError as exc:
        raise engine_error(exc) from None
    action_json = parsed.to_json()
    timeline = history_model.timeline_of(scenario)
    run = None if then == history_model.NO_RUN else then
    if timeline.reuse(parsed, run):
        history_model.history_move(scenario, timeline)
        return history_model.node_json(scenario, timeline.current)
    state = timeline.state
    if parsed.card is not None and parsed.card not in state.cards:
        raise SandboxError(f"{field}.card", gettext("unknown card “%(card)s”") % {"card": parsed.card[:40]})
    if run is not None and run not in step_modes(state):
        raise SandboxError("then", gettext("expected none or one of %(names)s") % {
            "names": ', '.join(step_modes(state))})
    try:
        new, events = _compute(timeline, parsed, run)
    except engine.IllegalActionError as exc:
        raise ActionRefused(exc, action_json) from None
    except engine.GameOverError as exc:
        raise SandboxError(field, str(exc)) from None
    except engine.EngineError as exc:
        raise SandboxError(field, str(exc)) from None
    return history_model.history_append(scenario, timeline, parsed, run, new, events)


@scenario_write(planned=True)
def scenario_goto(*, scenario: Scenario, node: Any) -> dict:
    """Move the cursor to any point of the history (undo = the parent); nothing is deleted."""
    tree = _require_started(scenario)
    node = int_clean(node, "node", 0, len(tree["nodes"]) - 1)
    timeline = history_model.timeline_of(scenario)
    timeline.goto(node)
    history_model.history_move(scenario, timeline)
    return history_model.node_json(scenario, node)


@scenario_write(planned=True)
def scenario_undo(*, scenario: Scenario, from_node: Any = None) -> dict:
    """Back to the parent point (``from_node`` as for :func:`scenario_step`: a second undo from a stale page
    is a conflict, not a second step back)."""
    tree = _require_started(scenario)
    _require_current(tree, from_node)
    parent = history_model.timeline_of(scenario).nodes[tree["current"]].parent
    if parent is None:
        raise SandboxError("node", gettext("already at the starting position"))
    return scenario_goto(scenario=scenario, node=parent)
