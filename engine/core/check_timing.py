"""The check timing loop: rule actions until none is due, then the stand-by abilities, one at a time.

A game fills in the hooks of one :class:`CheckTiming`, registered on its
agenda as the task ``{"t": "check_timing"}``:

* ``rule_actions(state, events, answer)`` performs every rule action now due
  and says so: a true value when one was performed (the check timing runs
  again), a :class:`Decision` when a player must choose how one applies
  (answered with one of ``rule_answers``' kinds), a task (a dict) to run first when
  a player must choose something of his own before the rule actions apply (the
  task performs them with his answers; the check timing runs again after it), a
  false value when none is due;
* ``before_standby(state)`` optionally gives a task that runs once no rule
  action is due, before any stand-by ability (the check timing runs again
  after it), or None;
* ``standby_order(state)`` lists (player, clause key) in the order the
  players play their stand-by abilities;
* ``resolve_task(standby_id, key)`` is the task that plays one;
* ``order_citation(key)`` the clause of the decision "which one next".
"""

from __future__ import annotations

from .text import say
from dataclasses import dataclass
from typing import Any, Callable

from .agenda import Agenda, push
from .citations import Citation
from .decisions import Decision

CHECK_TIMING = {"t": "check_timing"}


@dataclass(frozen=True)
class CheckTiming:
    """One game's check timing (see the module docstring for its hooks)."""

    action_class: type
    rule_actions: Callable[[Any, list, Any], Any]
    standby_order: Callable[[Any], Any]
    resolve_task: Callable[[int, str], dict]
    order_citation: Callable[[str], Citation]
    before_standby: Callable[[Any], "dict | None"] | None = None
    rule_answers: tuple[str, ...] = ()

    def register(self, agenda: Agenda) -> "CheckTiming":
        agenda.handler(CHECK_TIMING["t"])(self.run)
        return self

    def run(self, state: Any, task: dict, answer: Any, events: list) -> Decision | None:
        if answer is None or answer.kind in self.rule_answers:
            done = self.rule_actions(state, events, answer)
            if state.outcome:
                return None
            if isinstance(done, Decision):
                return done
            if isinstance(done, dict):  # a task of the game's that asks first, then performs the rule actions
                push(state, done, CHECK_TIMING)
                return None
            if done:
                push(state, CHECK_TIMING)
                return None
            then = self.before_standby(state) if self.before_standby is not None else None
            if then is not None:
                push(state, then, CHECK_TIMING)
                return None
        for player, key in self.standby_order(state):
            mine = [s for s in state.standby if s["player"] == player]
            if not mine:
                continue
            if answer is not None and answer.kind == "resolve":
                sid = answer.get("standby")
            elif len(mine) == 1:
                sid = mine[0]["id"]
            else:
                options = tuple(self.action_class.make("resolve", standby=s["id"]) for s in mine)
                return Decision("order", player, say("choose which stand-by ability to play next"), options,
                                self.order_citation(key))
            push(state, self.resolve_task(sid, key), CHECK_TIMING)
            return None
        return None
