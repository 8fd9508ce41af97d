"""Undo and branches: a tree of (state, action, events) nodes, like a move stack with variations.

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

from typing import Any

from . import games
from .actions import Action
from .errors import DefinitionError
from .events import Event

COMPACT_FORMAT = "judgeapp-timeline/compact-1"
CHECKPOINT_EVERY = 50


@dataclass
class Node:
    """One point of a timeline: the state reached by ``action`` from ``parent``."""

    id: int
    parent: int | None
    action: Action | None
    events: list[Event]
    state: Any  # the game's state class
    children: list[int] = field(default_factory=list)
    advanced: bool = True  # made with play() (answer + advance) rather than apply() alone


class Timeline:
    """A history tree.  ``play`` adds a child of the current node (reusing an
    identical earlier choice); ``undo``/``goto`` move the cursor without
    deleting anything, so a different choice starts a new branch and the old
    branch is kept.
    """

    def __init__(self, state: Any, advance_first: bool = True):
        self.game = games.for_state(state)
        events: list[Event] = []
        if advance_first:
            state, events = self.game.advance(state)
        self.nodes: list[Node] = [Node(0, None, None, events, state)]
        self.current = 0

    @property
    def state(self) -> Any:
        return self.nodes[self.current].state

    def play(self, action: Action, advance: bool = True) -> Node:
        node = self.nodes[self.current]
        for cid in node.children:
            if self.nodes[cid].action == action:
                self.current = cid
                return self.nodes[cid]
        state, events = (self.game.play if advance else self.game.apply)(node.state, action)
        child = Node(len(self.nodes), node.id, action, events, state, advanced=advance)
        self.nodes.append(child)
        node.children.append(child.id)
        self.current = child.id
        return child

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

    def to_json(self, compact: bool = False, checkpoint_every: int = CHECKPOINT_EVERY) -> dict:
        """The history as JSON: full (every state and event) or ``compact`` (root state + actions, see module doc)."""
        if compact:
            return self._to_compact(checkpoint_every)
        nodes = []
        for n in self.nodes:
            d = {"id": n.id, "parent": n.parent, "action": n.action.to_json() if n.action else None,
                 "events": [e.to_json() for e in n.events], "state": n.state.to_dict(), "children": list(n.children)}
            if not n.advanced:
                d["advance"] = False
            nodes.append(d)
        return {"current": self.current, "nodes": nodes}

    def _to_compact(self, checkpoint_every: int) -> dict:
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        root = self.nodes[0]
        nodes = []
        for n in self.nodes[1:]:
            d: dict = {"parent": n.parent, "action": n.action.to_json()}
            if not n.advanced:
                d["advance"] = False
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
        tl.game = played
        tl.nodes = [
            Node(d["id"], d["parent"], played.action_class.from_json(d["action"]) if d["action"] else None,
                 [Event.from_json(e) for e in d["events"]], played.state_class.from_json(d["state"]), list(d["children"]),
                 advanced=d.get("advance", True))
            for d in data["nodes"]
        ]
        tl.current = data["current"]
        return tl

    @classmethod
    def _from_compact(cls, data: dict, game: games.Game) -> "Timeline":
        tl = cls.__new__(cls)
        tl.game = game
        root = data["root"]
        tl.nodes = [Node(0, None, None, [Event.from_json(e) for e in root.get("events", [])],
                         game.state_class.from_json(root["state"]))]
        for i, d in enumerate(data["nodes"], start=1):
            path = f"nodes[{i - 1}]"
            parent = d.get("parent")
            if not isinstance(parent, int) or isinstance(parent, bool) or not 0 <= parent < i:
                raise DefinitionError(f"{path}.parent", f"expected the id of an earlier node, got {parent!r}")
            action = game.action_class.from_json(d.get("action"), f"{path}.action")
            advanced = d.get("advance", True)
            try:
                state, events = (game.play if advanced else game.apply)(tl.nodes[parent].state, action)
            except ValueError as exc:
                raise DefinitionError(f"{path}.action", f"the replay refuses {action}: {exc}") from None
            if "state" in d and game.state_class.from_json(d["state"]) != state:
                raise DefinitionError(f"{path}.state", f"node {i}: the replay does not reproduce the checkpoint state "
                                      "(recorded with different rules?)")
            tl.nodes.append(Node(i, parent, action, events, state, advanced=bool(advanced)))
            tl.nodes[parent].children.append(i)
        current = data.get("current", 0)
        if not isinstance(current, int) or not 0 <= current < len(tl.nodes):
            raise DefinitionError("current", f"expected a node id, got {current!r}")
        tl.current = current
        return tl
