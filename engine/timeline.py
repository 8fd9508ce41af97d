"""Undo and branches: a tree of (state, action, events) nodes, like a move stack with variations."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .events import Event
from .state import GameState


@dataclass
class Node:
    """One point of a timeline: the state reached by ``action`` from ``parent``."""

    id: int
    parent: int | None
    action: Action | None
    events: list[Event]
    state: GameState
    children: list[int] = field(default_factory=list)


class Timeline:
    """A history tree.  ``play`` adds a child of the current node (reusing an
    identical earlier choice); ``undo``/``goto`` move the cursor without
    deleting anything, so a different choice starts a new branch and the old
    branch is kept.
    """

    def __init__(self, state: GameState, advance_first: bool = True):
        from .rules import advance

        events: list[Event] = []
        if advance_first:
            state, events = advance(state)
        self.nodes: list[Node] = [Node(0, None, None, events, state)]
        self.current = 0

    @property
    def state(self) -> GameState:
        return self.nodes[self.current].state

    def play(self, action: Action, advance: bool = True) -> Node:
        from .rules import apply, play

        node = self.nodes[self.current]
        for cid in node.children:
            if self.nodes[cid].action == action:
                self.current = cid
                return self.nodes[cid]
        st, ev = (play if advance else apply)(node.state, action)
        child = Node(len(self.nodes), node.id, action, ev, st)
        self.nodes.append(child)
        node.children.append(child.id)
        self.current = child.id
        return child

    def undo(self) -> GameState:
        parent = self.nodes[self.current].parent
        if parent is not None:
            self.current = parent
        return self.state

    def redo(self) -> GameState:
        """Go to the most recently created child, if any."""
        children = self.nodes[self.current].children
        if children:
            self.current = children[-1]
        return self.state

    def goto(self, node_id: int) -> GameState:
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

    def to_json(self) -> dict:
        return {
            "current": self.current,
            "nodes": [
                {"id": n.id, "parent": n.parent, "action": n.action.to_json() if n.action else None,
                 "events": [e.to_json() for e in n.events], "state": n.state.to_dict(), "children": list(n.children)}
                for n in self.nodes
            ],
        }

    @classmethod
    def from_json(cls, data: dict) -> "Timeline":
        tl = cls.__new__(cls)
        tl.nodes = [
            Node(d["id"], d["parent"], Action.from_json(d["action"]) if d["action"] else None,
                 [Event.from_json(e) for e in d["events"]], GameState.from_json(d["state"]), list(d["children"]))
            for d in data["nodes"]
        ]
        tl.current = data["current"]
        return tl
