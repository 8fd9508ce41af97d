"""The driver every game is played through: ``step``, ``advance``, ``apply``, ``play`` and running to a named point.

A game builds one :class:`Driver` from its agenda (engine/core/agenda.py),
its judge actions and its refusal explainer, and exposes the driver's
functions as its API.  The driver knows no game: where a game stands and
which points it can run to are the game's own words, given as a
``position(state)`` dict and a list of :class:`StopPoint` (see
:func:`stop_points` and :func:`run_to`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .agenda import Agenda, legal_actions
from .citations import Citation
from .errors import DefinitionError

# a runaway procedure stops a run to a named point after this many events
MAX_RUN_STEPS = 20000


class Driver:
    """One game's driving API over its agenda.

    ``apply_judge(state, action)`` applies a judge action (or a concession);
    ``explain(state, action)`` gives (reason, clause key or keys) for an
    answer that is not among the pending decision's options, and
    ``cite(key)`` turns a key into its :class:`Citation`.
    """

    def __init__(self, agenda: Agenda, apply_judge: Callable[[Any, Any], tuple[Any, list]],
                 explain: Callable[[Any, Any], tuple[str, Any]], cite: Callable[[str], Citation]):
        self.agenda = agenda
        self.apply_judge = apply_judge
        self.explain = explain
        self.cite = cite
        self.legal_actions = legal_actions

    def step(self, state: Any) -> tuple[Any, list]:
        """Run the procedure until the next event (or a decision).

        Usually exactly one event is returned; a single rules action whose
        consequences are simultaneous returns its events together.
        """
        return self.agenda.step(state)

    def advance(self, state: Any) -> tuple[Any, list]:
        """Run the procedure up to the next decision (or the end of the game)."""
        return self.agenda.advance(state)

    def apply(self, state: Any, action: Any) -> tuple[Any, list]:
        """Apply a player's answer to the pending decision, or a judge action.

        Returns the new state and the events; does not advance further (see
        :meth:`play`).  Raises :class:`IllegalActionError` with the reason and
        the clause that forbids an illegal answer.
        """
        if action.is_judge:
            return self.apply_judge(state, action)
        return self.agenda.answer(state, action, self.why_illegal)

    def play(self, state: Any, action: Any) -> tuple[Any, list]:
        """apply() then advance(): answer and run on to the next decision."""
        return self.agenda.answer_and_advance(self.apply, state, action)

    def why_illegal(self, state: Any, action: Any) -> tuple[str, Citation, tuple[Citation, ...]]:
        """(reason, the governing clause, the further clauses the refusal rests on)."""
        reason, keys = self.explain(state, action)
        keys = (keys,) if isinstance(keys, str) else tuple(keys)
        return reason, self.cite(keys[0]), tuple(self.cite(k) for k in keys[1:])


def always(position: dict) -> bool:
    return True


@dataclass(frozen=True)
class StopPoint:
    """A named point a game can be run to, in the game's own words ("step": "the end of this step").

    ``reached(start, now)`` compares the game's position (its ``position(state)``
    dict) where the run started with the position now; ``reachable(position)``
    says whether the point can still come from there (default: always).
    """

    name: str
    label: str
    reached: Callable[[dict, dict], bool]
    reachable: Callable[[dict], bool] = always


def stop_points(game: Any, state: Any) -> list[StopPoint]:
    """The game's named points reachable from ``state`` (none once the game is over or a decision is pending)."""
    if state.outcome or state.pending is not None or not state.agenda:
        return []
    here = game.position(state)
    return [point for point in game.points if point.reachable(here)]


def run_to(game: Any, state: Any, name: str) -> tuple[Any, list]:
    """Run the procedure event by event to the named point; any decision or the end of the game stops it first.

    Besides the game's own points, ``"event"`` is the next event and
    ``"decision"`` the next decision.
    """
    if name == "event":
        return game.step(state)
    if name == "decision":
        return game.advance(state)
    point = next((p for p in game.points if p.name == name), None)
    if point is None:
        known = ", ".join(["event", "decision"] + [p.name for p in game.points])
        raise DefinitionError("point", f"expected one of {known}, got {name!r}")
    start = game.position(state)
    events: list = []
    for _ in range(MAX_RUN_STEPS):
        state, new = game.step(state)
        events.extend(new)
        if not new or state.pending is not None or state.outcome:
            break
        if point.reached(start, game.position(state)):
            break
    return state, events


#: the tasks a walk to a scenario's stop point may take (the runner's and the sandbox's bound)
MAX_STOP_TASKS = 100_000


def stop_point_reached(game: Any, spec: dict, state: Any) -> bool:
    """Whether ``state`` stands at a scenario's stop point ``spec``: a decision of that kind (and player), or the
    game's own point (its scenario rules' ``stop_reached``)."""
    if "decision" in spec:
        pending = state.pending
        return pending is not None and all(getattr(pending, k) == v for k, v in spec["decision"].items())
    return bool(game.scenarios.stop_reached and game.scenarios.stop_reached(spec, state))


def walk_tasks(game: Any, state: Any, until: Any) -> tuple[bool, Any, list]:
    """Walk the procedure task by task, as a scenario's runner walks to a stop point (a run to the next event could
    pass a point where no event is logged), to where ``until(state, events so far)`` holds: (reached, the state
    where the walk ended, its events). A decision, the end of the game or an engine error ends it unreached."""
    run_task = game.scenarios.run_task or game.step
    events: list = []
    for _ in range(MAX_STOP_TASKS):
        if until(state, events):
            return True, state, events
        if state.outcome or state.pending is not None or not state.agenda:
            break
        try:
            state, more = run_task(state)
        except Exception:  # the caller reports the point as not reached
            break
        events.extend(more)
    return False, state, events
