"""The one adapter between a board's history and the database: the history is the engine's Timeline
(engine/core/timeline.py: undo, branches, reuse of an identical choice, the other lines of an export,
the points that rebuild it), kept as ``Scenario.tree`` plus one ``ScenarioSnapshot`` row per node.

``Scenario.tree`` keeps its stored form (models.py): per node its id, parent, action (JSON), children,
``event_count`` and ``mode``, the name of the run after the action ("none": the action alone) or
of the run alone; the tree also carries ``stored``, the bytes of state and event text the history
has stored (its size bound).  A timeline read here has no states in memory: each is read from its
snapshot the first time it is asked for (:func:`history_writes.state_load`).

The sandbox's writes (services.py) take the timeline with :func:`timeline_of`, ask it to reuse,
compute or move, and save what changed with :func:`history_append` or :func:`history_move`.
"""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext

from engine.core import games as engine_games
from engine.core.timeline import DECISION, Node, Timeline

from . import games
from .history_writes import NewNode, _require_started, history_save, state_load, storage_check
from .models import Scenario
from .validation import MAX_EVENTS, MAX_NODES, SandboxError, state_size_check

# an action's node with this mode ran nothing after the action
NO_RUN = "none"


def _run_of(node: dict) -> str | None:
    if node["parent"] is None:
        return DECISION  # the start, as engine.Timeline makes it
    mode = node.get("mode")
    if node["action"] is None:
        return mode
    return None if mode == NO_RUN else (mode or DECISION)


def mode_of(node: Node) -> str | None:
    if node.parent is None:
        return None
    if node.action is None:
        return node.run
    return NO_RUN if node.run is None else node.run


def timeline_of(scenario: Scenario) -> Timeline:
    """The started board's history as an engine Timeline (states read on demand).

    Built once per read of the tree: a write that saved its tree keeps the timeline it saved."""
    tree = scenario.tree or _require_started(scenario)  # no tree: refused as a board not started
    cached = scenario.__dict__.get("_timeline")
    if cached is not None and cached[0] is tree:
        return cached[1]
    definition = scenario.definition
    game = engine_games.get(games.slug_of(definition))
    parse = game.action_class.from_json
    nodes = [Node(n["id"], n["parent"], parse(n["action"]) if n["action"] is not None else None, None, None,
                  list(n["children"]), run=_run_of(n), event_count=n.get("event_count", 0))
             for n in tree["nodes"]]
    timeline = Timeline.stored(game, nodes, tree["current"],
                               lambda node: state_load(scenario=scenario, node=node),
                               points=games.for_definition(definition).STEP_POINTS)
    timeline.stored_bytes = tree.get("stored", 0)
    scenario.__dict__["_timeline"] = (tree, timeline)
    return timeline


def _node_json(n: Node) -> dict:
    d = {"id": n.id, "parent": n.parent, "action": n.action.to_json() if n.action is not None else None,
         "event_count": n.event_count, "children": list(n.children)}
    mode = mode_of(n)
    if mode:
        d["mode"] = mode
    return d


def tree_of(timeline: Timeline) -> dict:
    """The stored form of ``timeline`` (see the module docstring)."""
    tree: dict = {"current": timeline.current, "nodes": [_node_json(n) for n in timeline.nodes]}
    stored = getattr(timeline, "stored_bytes", 0)
    if stored:
        tree["stored"] = stored
    return tree


def _save(scenario: Scenario, timeline: Timeline, new: NewNode | None = None) -> None:
    """Store the timeline's change since :func:`timeline_of`: its cursor, and its ``new`` last node.

    The stored tree is updated in place, not rebuilt: an import replaying hundreds of points saves
    after each, and rebuilding the whole tree every time made that quadratic."""
    tree = scenario.tree
    if new is not None:
        node = timeline.nodes[new.node]
        tree["nodes"].append(_node_json(node))
        tree["nodes"][node.parent]["children"].append(node.id)
        tree["stored"] = timeline.stored_bytes
    tree["current"] = timeline.current
    history_save(scenario, tree, new)
    scenario.__dict__["_timeline"] = (tree, timeline)


def history_start(scenario: Scenario, state: Any) -> Timeline:
    """A new history at ``state`` (nothing run yet), its start stored (or noted, in a planned or memory write)."""
    game = engine_games.for_state(state)
    timeline = Timeline.stored(game, [Node(0, None, None, [], state)], 0, lambda node: None,
                               points=games.for_definition(scenario.definition).STEP_POINTS)
    timeline.loader = lambda node: state_load(scenario=scenario, node=node)
    tree = tree_of(timeline)
    history_save(scenario, tree, NewNode(0, state))
    scenario.__dict__["_timeline"] = (tree, timeline)
    return timeline


def history_move(scenario: Scenario, timeline: Timeline) -> None:
    """Save the cursor after an undo, a go-to or a reused choice."""
    _save(scenario, timeline)


def history_append(scenario: Scenario, timeline: Timeline, action: Any, run: str | None, state: Any,
                   events: list) -> dict:
    """Add the point ``action`` and ``run`` reached (``state``, ``events``) as a child of the current one and
    store it, within the board's bounds; returns the stored node with its events' JSON."""
    if len(timeline.nodes) >= MAX_NODES:
        raise SandboxError("log", gettext("the history is full (%(max_nodes)s points): fork or undo and reuse a "
                                          "branch") % {"max_nodes": MAX_NODES})
    if _event_total(scenario, timeline) + len(events) > MAX_EVENTS:
        raise SandboxError("log", gettext("the log is full (%(max_events)s events)") % {"max_events": MAX_EVENTS})
    events_json = [e.to_json() for e in events]
    new = NewNode(len(timeline.nodes), state, events_json)
    state_size_check(new.state_text, "log")
    stored = getattr(timeline, "stored_bytes", 0) + len(new.state_text) + len(new.events_text or "")
    if stored > settings.SANDBOX_MAX_BOARD_BYTES:
        raise SandboxError("log", gettext("the history is full (%(size)s MB stored): fork or undo and reuse a branch") % {
            "size": settings.SANDBOX_MAX_BOARD_BYTES // 2**20}, status=413)
    storage_check("log")
    node = timeline.add(action, run, state, events)
    timeline.stored_bytes = stored
    memory = getattr(scenario, "_memory_history", None)
    if memory is not None:
        memory.events += len(events)
    _save(scenario, timeline, new)
    scenario.current_state = (node.id, state)  # spares the response a reload (selectors.state_get)
    return dict(scenario.tree["nodes"][node.id], events=events_json)  # the caller's answer shows the new events


def _event_total(scenario: Scenario, timeline: Timeline) -> int:
    """Events in the whole history; a replay in memory keeps the count instead of adding it up again at every
    action (which made a long import's replay quadratic)."""
    memory = getattr(scenario, "_memory_history", None)
    return memory.events if memory is not None else sum(n.event_count for n in timeline.nodes)


def node_json(scenario: Scenario, node: int) -> dict:
    """The stored form of one node (what the services answer with)."""
    return scenario.tree["nodes"][node]
