"""engine.core.agenda: the agenda runner tells its game each time it stops to ask a player something."""

from dataclasses import dataclass, field

from engine.core.agenda import Agenda
from engine.core.decisions import Decision


@dataclass
class _State:
    agenda: list = field(default_factory=list)
    pending: Decision | None = None
    outcome: dict | None = None
    asked: list = field(default_factory=list)

    def clone(self):
        return _State(list(self.agenda), self.pending, self.outcome, list(self.asked))


def _agenda():
    agenda = Agenda("tiny")

    @agenda.handler("ask")
    def _ask(state, task, answer, events):
        return None if answer is not None else Decision("choose", 0, "pick", ("a", "b"))

    @agenda.handler("say")
    def _say(state, task, answer, events):
        events.append(task["n"])

    return agenda


def test_on_decision_is_called_when_a_decision_is_asked_and_not_otherwise():
    agenda = _agenda()
    agenda.on_decision = lambda state: state.asked.append(state.pending.kind)
    state = _State(agenda=[{"t": "ask"}, {"t": "say", "n": 2}, {"t": "say", "n": 1}])
    state, events = agenda.advance(state)
    assert events == [1, 2] and state.pending is not None and state.asked == ["choose"]


def test_without_a_hook_nothing_is_called():
    agenda = _agenda()
    state, _ = agenda.advance(_State(agenda=[{"t": "ask"}]))
    assert state.pending is not None and state.asked == []
