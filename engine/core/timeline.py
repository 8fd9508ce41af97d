"""Undo and branches: a tree of (state, action, events) nodes, like a move stack with variations.

A node is reached from its parent by an action (a player's answer or a judge action), then a run of the
engine to a named point (``run``: "decision" by default, None for the action alone), or by a run alone
(no action).  The run names are the caller's: ``points`` maps them to the game's stop points
(engine/core/driver.py), so a host may call a bout of attacks "battle" whatever the game names it.

A host that stores its history elsewhere (the sandbox keeps one state per node in its database) builds
a timeline whose nodes carry no state and gives a ``loader`` (node id -> state): states are read only
when a node's state is asked for.

Two JSON forms:

* full (``to_json()``): every node with its state and events - large (a state is
  ~25 KB, so a 500-node game is ~14 MB), but readable without the engine's rules;
* compact (``to_json(compact=True)``): the root state, then per node only its
  parent, action and whether it was advanced; every ``checkpoint_every`` nodes
  the node's state is stored as a checkpoint.  ``from_json`` rebuilds every
  state and event by replaying the actions (the engine is deterministic: the
  PRNG state is part of the state) and checks each checkpoint against the
  replay, so a history recorded by an engine with different rules is refused
  (DefinitionError naming the node) instead of silently diverging.

``from_json`` reads both forms.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Any, Callable, Iterator

from . import games
from .actions import Action
from .errors import DefinitionError
from .events import Event

COMPACT_FORMAT = "judgeapp-timeline/compact-1"
CHECKPOINT_EVERY = 50


DECISION = "decision"


@dataclass
class Node:
    """One point of a timeline: the state reached by ``action`` (and then ``run``) from ``parent``.

    ``events`` and ``state`` are None in a timeline read from a host's store until they are loaded;
    ``event_count`` is known without them."""

    id: int
    parent: int | None
    action: Action | None
    events: list[Event] | None
    state: Any  # the game's state class
    children: list[int] = field(default_factory=list)
    run: str | None = DECISION  # the point the engine ran to after the action (None: the action alone)
    event_count: int = -1

    def __post_init__(self) -> None:
        if self.event_count < 0:
            self.event_count = len(self.events or ())

    @property
    def advanced(self) -> bool:
        """Made with play() (answer and run on) rather than apply() alone."""
        return self.run is not None


class Timeline:
    """A history tree.  ``play`` adds a child of the current node (reusing an
    identical earlier choice); ``undo``/``goto`` move the cursor without
    deleting anything, so a different choice starts a new branch and the old
    branch is kept.
    """

    def __init__(self, state: Any, advance_first: bool = True, points: dict[str, str] | None = None):
        self.game = games.for_state(state)
        events: list[Event] = []
        if advance_first:
            state, events = self.game.advance(state)
        self.nodes: list[Node] = [Node(0, None, None, events, state)]
        self.current = 0
        self.points = points or {}
        self.loader: Callable[[int], Any] | None = None

    @classmethod
    def stored(cls, game: games.Game, nodes: list[Node], current: int, loader: Callable[[int], Any],
               points: dict[str, str] | None = None) -> "Timeline":
        """A timeline kept in a host's store: ``nodes`` without their states, read by ``loader(node_id)``."""
        tl = cls.__new__(cls)
        tl.game, tl.nodes, tl.points, tl.loader = game, nodes, points or {}, loader
        if not 0 <= current < len(nodes):
            raise ValueError(f"no node {current}")
        tl.current = current
        return tl

    @property
    def state(self) -> Any:
        return self.state_of(self.current)

    def state_of(self, node_id: int) -> Any:
        """The state at ``node_id`` (read from the host's store the first time, in a stored timeline)."""
        node = self.nodes[node_id]
        if node.state is None and self.loader is not None:
            node.state = self.loader(node_id)
        return node.state

    def reuse(self, action: Action | None, run: str | None = DECISION) -> Node | None:
        """The current node's child made by the same choice (action and run), made current; None if there is none."""
        for cid in self.nodes[self.current].children:
            child = self.nodes[cid]
            if child.action == action and child.run == run:
                self.current = cid
                return child
        return None

    def compute(self, action: Action | None, run: str | None = DECISION) -> tuple[Any, list[Event]]:
        """The state and events ``action`` then ``run`` lead to from the current node, without adding them.

        Raises the engine's errors (an illegal answer, the game being over...) unchanged."""
        state = self.state
        if action is None:
            return self.game.run_to(state, self._point(run))
        if run == DECISION:
            return self.game.play(state, action)
        state, events = self.game.apply(state, action)
        if run is not None and not state.outcome and state.pending is None:
            state, more = self.game.run_to(state, self._point(run))
            events = events + more
        return state, events

    def _point(self, run: str | None) -> str:
        if run is None:
            raise ValueError("a node without an action must run to a point")
        return run if run in ("event", DECISION) else self.points.get(run, run)

    def add(self, action: Action | None, run: str | None, state: Any, events: list) -> Node:
        """A new child of the current node (computed by :meth:`compute`, or by the host), made current."""
        node = self.nodes[self.current]
        child = Node(len(self.nodes), node.id, action, events, state, run=run)
        self.nodes.append(child)
        node.children.append(child.id)
        self.current = child.id
        return child

    def act(self, action: Action | None, run: str | None = DECISION) -> Node:
        """``action`` (None: no action) then a run to ``run``; an identical earlier choice is re-entered."""
        return self.reuse(action, run) or self.add(action, run, *self.compute(action, run))

    def play(self, action: Action, advance: bool = True) -> Node:
        return self.act(action, DECISION if advance else None)

    def undo(self) -> Any:
        parent = self.nodes[self.current].parent
        if parent is not None:
            self.current = parent
        return self.state

    def redo(self) -> Any:
        """Go to the most recently created child, if any."""
        children = self.nodes[self.current].children
        if children:
            self.current = children[-1]
        return self.state

    def goto(self, node_id: int) -> Any:
        if not 0 <= node_id < len(self.nodes):
            raise ValueError(f"no node {node_id}")
        self.current = node_id
        return self.state

    def path(self, node_id: int | None = None) -> list[Node]:
        """Nodes from the root to ``node_id`` (default: current)."""
        out = []
        nid = self.current if node_id is None else node_id
        while nid is not None:
            out.append(self.nodes[nid])
            nid = self.nodes[nid].parent
        return out[::-1]

    def events(self) -> list[Event]:
        return [e for n in self.path() for e in n.events]

    def leaves(self) -> Iterator[Node]:
        return (n for n in self.nodes if not n.children)

    def actions(self, node_id: int | None = None) -> list[Action]:
        """The actions from the start to ``node_id`` (default: current), runs without an action left out."""
        return [n.action for n in self.path(node_id) if n.action is not None]

    def other_lines(self, node_id: int | None = None) -> list[list[Action]]:
        """The actions to each leaf other than the line to ``node_id`` (default: current), without
        duplicates: lines that differ only in how far the engine ran are one line."""
        exported = self.actions(node_id)
        out: list[list[Action]] = []
        for leaf in self.leaves():
            line = self.actions(leaf.id)
            if line != exported and line not in out and line != exported[:len(line)]:
                out.append(line)
        return out

    def points_json(self) -> dict:
        """Every point after the start, in order, as its parent, action and run: what rebuilds the same
        tree with the same node numbers (:meth:`replay_points`), without states or events."""
        points = []
        for n in self.nodes[1:]:
            d: dict = {"parent": n.parent}
            if n.action is not None:
                d["do"] = n.action.to_json()
            d["run"] = n.run
            points.append(d)
        return {"current": self.current, "points": points}

    def to_json(self, compact: bool = False, checkpoint_every: int = CHECKPOINT_EVERY) -> dict:
        """The history as JSON: full (every state and event) or ``compact`` (root state + actions, see module doc)."""
        if compact:
            return self._to_compact(checkpoint_every)
        nodes = []
        for n in self.nodes:
            d = {"id": n.id, "parent": n.parent, "action": n.action.to_json() if n.action else None,
                 "events": [e.to_json() for e in n.events], "state": n.state.to_dict(), "children": list(n.children)}
            _run_json(d, n.run)
            nodes.append(d)
        return {"current": self.current, "nodes": nodes}

    def _to_compact(self, checkpoint_every: int) -> dict:
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        root = self.nodes[0]
        nodes = []
        for n in self.nodes[1:]:
            d: dict = {"parent": n.parent, "action": n.action.to_json() if n.action else None}
            _run_json(d, n.run)
            if n.id % checkpoint_every == 0:
                d["state"] = n.state.to_dict()
            nodes.append(d)
        return {"format": COMPACT_FORMAT, "current": self.current, "checkpoint_every": checkpoint_every,
                "root": {"state": root.state.to_dict(), "events": [e.to_json() for e in root.events]},
                "nodes": nodes}

    @classmethod
    def from_json(cls, data: dict, game: str | None = None) -> "Timeline":
        """Rebuild a timeline of ``game`` (None: the game reading files that name no game) from either JSON form (compact histories are replayed)."""
        played = games.get(game)
        if isinstance(data, dict) and data.get("format") == COMPACT_FORMAT:
            return cls._from_compact(data, played)
        tl = cls.__new__(cls)
        tl.game, tl.points, tl.loader = played, {}, None
        tl.nodes = [
            Node(d["id"], d["parent"], played.action_class.from_json(d["action"]) if d["action"] else None,
                 [Event.from_json(e) for e in d["events"]], played.state_class.from_json(d["state"]), list(d["children"]),
                 run=_run_of(d))
            for d in data["nodes"]
        ]
        tl.current = data["current"]
        return tl

    @classmethod
    def _from_compact(cls, data: dict, game: games.Game) -> "Timeline":
        tl = cls.__new__(cls)
        tl.game, tl.points, tl.loader = game, {}, None
        root = data["root"]
        tl.nodes = [Node(0, None, None, [Event.from_json(e) for e in root.get("events", [])],
                         game.state_class.from_json(root["state"]))]
        for i, d in enumerate(data["nodes"], start=1):
            path = f"nodes[{i - 1}]"
            parent = d.get("parent")
            if not isinstance(parent, int) or isinstance(parent, bool) or not 0 <= parent < i:
                raise DefinitionError(f"{path}.parent", f"expected the id of an earlier node, got {parent!r}")
            run = _run_of(d, path)
            action = None if d.get("action") is None and run is not None else \
                game.action_class.from_json(d.get("action"), f"{path}.action")
            tl.current = parent
            try:
                state, events = tl.compute(action, run)
            except ValueError as exc:
                raise DefinitionError(f"{path}.action", f"the replay refuses {action}: {exc}") from None
            if "state" in d and game.state_class.from_json(d["state"]) != state:
                raise DefinitionError(f"{path}.state", f"node {i}: the replay does not reproduce the checkpoint state "
                                      "(recorded with different rules?)")
            tl.add(action, run, state, events)
        current = data.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < len(tl.nodes):
            raise DefinitionError("current", f"expected a node id, got {current!r}")
        tl.current = current
        return tl


def _run_json(d: dict, run: str | None) -> None:
    """A node's run in JSON: nothing for the default, ``"advance": false`` for none (the form written before
    runs had names), ``"run"`` for any other point."""
    if run is None:
        d["advance"] = False
    elif run != DECISION:
        d["run"] = run


def _run_of(d: dict, path: str = "") -> str | None:
    if "run" in d:
        if d["run"] is not None and not isinstance(d["run"], str):
            raise DefinitionError(f"{path}.run" if path else "run", f"expected a point's name, got {d['run']!r}")
        return d["run"]
    return DECISION if d.get("advance", True) else None
