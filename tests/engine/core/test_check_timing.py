"""engine.core.check_timing: rule actions until none is due, then stand-by abilities in the game's order."""

from dataclasses import dataclass, field

import pytest

from engine.core.actions import Action
from engine.core.agenda import Agenda, push
from engine.core.check_timing import CHECK_TIMING, CheckTiming
from engine.core.citations import Citation
from engine.core.decisions import Decision
from engine.core.errors import IllegalActionError
from engine.core.events import Event
from engine.core.standby import cite_if_standby, put_on_standby


class Answer(Action):
    __slots__ = ()
    SPECS = {"resolve": (("standby",), ()), "fix": ((), ())}

    @classmethod
    def parse_argument(cls, kind, key, value, path):
        return value


@dataclass
class State:
    """What the check timing needs of a state: the agenda, the stand-by list, a clock."""

    due: int = 0  # rule actions still to perform
    ask: bool = False  # a rule action that needs a player's choice
    choose: bool = False  # a rule action whose player first chooses through a task of the game's
    first: int = 1  # whose stand-by abilities go first
    played: list = field(default_factory=list)
    standby: list = field(default_factory=list)
    agenda: list = field(default_factory=list)
    pending: Decision | None = None
    outcome: dict | None = None
    clock: int = 0

    def tick(self):
        self.clock += 1
        return self.clock

    def clone(self):
        return State(self.due, self.ask, self.choose, self.first, list(self.played), list(self.standby), list(self.agenda),
                     self.pending, self.outcome, self.clock)


CLAUSE = Citation("test-rules", "1")
AGENDA = Agenda("test")


def rule_actions(state, events, answer):
    if state.choose:  # the game's own task asks, then performs the rule action
        state.choose = False
        return {"t": "choose_then_act"}
    if state.ask and answer is None:
        return Decision("fix", 0, "fix the board", (Answer.make("fix"),), CLAUSE)
    state.ask = False
    if state.due:
        state.due -= 1
        events.append(Event("rule_action", "a rule action"))
        return True
    return False


@AGENDA.handler("choose_then_act")
def _choose_then_act(state, task, answer, events):
    events.append(Event("rule_action", "a rule action after its player chose"))


@AGENDA.handler("play")
def _play(state, task, answer, events):
    state.standby = [s for s in state.standby if s["id"] != task["id"]]
    state.played.append((task["id"], task["key"]))
    events.append(Event("played", f"stand-by {task['id']}"))


CheckTiming(Answer, rule_actions, lambda s: ((s.first, "FIRST"), (1 - s.first, "SECOND")),
            lambda sid, key: {"t": "play", "id": sid, "key": key}, lambda key: CLAUSE,
            rule_answers=("fix",)).register(AGENDA)


def run(state):
    push(state, CHECK_TIMING)
    return AGENDA.advance(state)


def test_rule_actions_run_until_none_is_due_then_stand_by_abilities_in_the_games_order():
    state = State(due=2)
    put_on_standby(state, 0, "a", 0, {})
    put_on_standby(state, 1, "b", 0, {})
    state, events = run(state)
    assert [e.kind for e in events] == ["rule_action", "rule_action", "played", "played"]
    assert state.played == [(2, "FIRST"), (1, "SECOND")] and not state.agenda


def test_a_player_with_two_abilities_chooses_the_order():
    state = State()
    for card in ("a", "b"):
        put_on_standby(state, 1, card, 0, {})
    state, _ = run(state)
    assert state.pending.kind == "order" and state.pending.citation == CLAUSE
    state, _ = AGENDA.answer_and_advance(lambda s, a: AGENDA.answer(s, a, None), state, state.pending.options[1])
    assert [sid for sid, _ in state.played] == [2, 1]


def test_a_rule_action_may_ask_and_is_answered_in_the_check_timing():
    state, _ = run(State(ask=True, due=1))
    assert state.pending.kind == "fix"
    state, events = AGENDA.answer_and_advance(lambda s, a: AGENDA.answer(s, a, None), state, Answer.make("fix"))
    assert [e.kind for e in events] == ["rule_action"] and state.pending is None


def test_the_event_of_a_triggered_ability_cites_the_rule_that_triggered_it():
    state, events = State(), [Event("standby", "on stand-by")]
    cite_if_standby(state, events, lambda: None, (CLAUSE,))
    assert events[-1].citations == ()
    cite_if_standby(state, events, lambda: put_on_standby(state, 0, "a", 0, {"x": 1}), (CLAUSE,), ("A1",))
    assert events[-1].citations == (CLAUSE,) and events[-1].assumptions == ("A1",)
    assert state.standby == [{"id": 1, "player": 0, "card": "a", "ability": 0, "ctx": {"x": 1}}]


def refused(state, action):
    return "not offered", CLAUSE


def answer(state, action):
    return AGENDA.answer_and_advance(lambda s, a: AGENDA.answer(s, a, refused), state, action)


def test_the_order_may_be_answered_by_naming_the_card_whose_ability_is_played():
    state = State()
    for card in ("a", "b"):
        put_on_standby(state, 1, card, 0, {})
    state, _ = run(state)
    state, _ = answer(state, Answer.make("resolve", card="b"))
    assert [sid for sid, _ in state.played] == [2, 1]


def test_a_card_with_different_abilities_waiting_needs_the_ability_index():
    state = State()
    put_on_standby(state, 1, "a", 0, {})
    put_on_standby(state, 1, "a", 1, {})
    state, _ = run(state)
    with pytest.raises(IllegalActionError):
        answer(state, Answer.make("resolve", card="a"))
    with pytest.raises(IllegalActionError):
        answer(state, Answer.make("resolve", card="z"))
    state, _ = answer(state, Answer.make("resolve", card="a", ability=1))
    assert [sid for sid, _ in state.played] == [2, 1]


def test_copies_of_one_ability_on_stand_by_are_alike_the_first_is_played():
    state = State()
    put_on_standby(state, 1, "b", 0, {})
    put_on_standby(state, 1, "a", 0, {})
    put_on_standby(state, 1, "a", 0, {})
    state, _ = run(state)
    state, _ = answer(state, Answer.make("resolve", card="a"))
    assert state.played[0][0] == 2


def test_a_rule_action_may_give_a_task_that_runs_first_then_the_check_timing_runs_again():
    state = State(choose=True, due=1)
    put_on_standby(state, 0, "a", 0, {})
    state, events = run(state)
    assert [e.text for e in events] == ["a rule action after its player chose", "a rule action", "stand-by 1"]
    assert state.played == [(1, "SECOND")] and not state.agenda
