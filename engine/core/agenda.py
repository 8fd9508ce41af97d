"""The agenda runner: a game's remaining procedure kept *in the state* as data.

The state carries an agenda: a stack of small JSON tasks (``{"t":
"draw_phase"}``, ``{"t": "drive_check", "i": 0}``...).  Running a task may
change the state, emit events, push more tasks, or stop with a
:class:`~engine.core.decisions.Decision`; in that case the task stays on top
of the agenda and runs again with the player's answer.  Because the agenda is
plain data, any moment of a game - including one in the middle of a damage
check - serialises to JSON and resumes identically.

Each game owns one :class:`Agenda` (its task handlers, registered by name).
The runner needs only four things of a state: ``agenda`` (the task list),
``pending`` (the Decision waiting for an answer, or None), ``outcome`` (None
while the game goes on) and ``clone()``.

Handlers must not change the state before they know whether they need an
answer, except idempotently (setting the phase name), because a judge action
can make a waiting task ask again.
"""

from __future__ import annotations

from typing import Any, Callable

from .decisions import Decision
from .errors import EngineError, GameOverError, IllegalActionError
from .standby import standby_by_card

# handler(state, task, answer, events) -> a Decision to wait for, or None when the task is done
Handler = Callable[[Any, dict, Any, list], "Decision | None"]
MAX_TASKS_PER_ADVANCE = 200_000


def push(state, *tasks: dict) -> None:
    """Schedule tasks so that the first one given runs first."""
    for task in reversed(tasks):
        state.agenda.append(task)


class Agenda:
    """One game's task handlers and the loop that runs them."""

    def __init__(self, game: str):
        self.game = game
        self.handlers: dict[str, Handler] = {}
        #: optional ``on_decision(state)``, called each time the procedure stops to ask a player something
        #: (a game notes there what it must know of the choices its players were given)
        self.on_decision: Callable[[Any], None] | None = None

    def handler(self, task_name: str) -> Callable[[Handler], Handler]:
        """Decorator: register the handler of the tasks named ``task_name``."""

        def register(fn: Handler) -> Handler:
            if task_name in self.handlers:
                raise EngineError(f"{self.game}: task {task_name!r} has two handlers")
            self.handlers[task_name] = fn
            return fn

        return register

    def run_top(self, state, answer, events: list) -> None:
        """Run the task on top of the agenda (with ``answer`` when it asked for one)."""
        task = state.agenda.pop()
        state.pending = None
        decision = self.handlers[task["t"]](state, task, answer, events)
        if state.outcome:
            state.agenda.clear()
            state.pending = None
            return
        if decision is not None:
            state.agenda.append(task)
            state.pending = decision
            if self.on_decision is not None:
                self.on_decision(state)

    def step(self, state) -> tuple[Any, list]:
        """Run the procedure until the next event (or a decision).

        Usually exactly one event is returned; a single rules action whose
        consequences are simultaneous returns its events together.
        """
        if state.outcome or state.pending or not state.agenda:
            return state, []
        new = state.clone()
        events: list = []
        while not events and new.agenda and new.pending is None and not new.outcome:
            self.run_top(new, None, events)
        return new, events

    def advance(self, state) -> tuple[Any, list]:
        """Run the procedure up to the next decision (or the end of the game)."""
        if state.outcome or state.pending or not state.agenda:
            return state, []
        new = state.clone()
        events: list = []
        self.advance_in_place(new, events)
        return new, events

    def advance_in_place(self, state, events: list) -> None:
        count = 0
        while state.agenda and state.pending is None and not state.outcome:
            self.run_top(state, None, events)
            count += 1
            if count > MAX_TASKS_PER_ADVANCE:
                raise EngineError("the procedure did not reach a decision (runaway loop)")

    def answer(self, state, action, why_illegal: Callable[[Any, Any], tuple[str, Any]]) -> tuple[Any, list]:
        """Apply a player's answer to the pending decision.

        ``why_illegal(state, action)`` gives (reason, citation) - or (reason,
        citation, related citations) - for an answer that is not among the
        pending decision's options.
        """
        if state.outcome:
            raise GameOverError("the game is over")
        action = standby_by_card(state, action)
        if state.pending is None or action not in state.pending.options:
            reason, citation, *related = why_illegal(state, action)
            raise IllegalActionError(reason, citation, tuple(related[0]) if related else ())
        new = state.clone()
        events: list = []
        self.run_top(new, action, events)
        return new, events

    def answer_and_advance(self, apply: Callable, state, action) -> tuple[Any, list]:
        """``apply(state, action)`` then advance: answer and run on to the next decision."""
        new, events = apply(state, action)
        if new is state:  # apply never returns its argument, but stay safe: never mutate the caller's state
            new = new.clone()
        self.advance_in_place(new, events)
        return new, events


def legal_actions(state) -> list:
    """The legal answers to the pending decision ([] when none is pending: call advance()).

    Judge actions are always accepted by ``apply`` and are not listed.
    """
    if state.outcome or state.pending is None:
        return []
    return list(state.pending.options)
