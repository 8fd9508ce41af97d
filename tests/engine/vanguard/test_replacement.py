"""replacement.py: "if this unit would be retired, you may put it into (zone) instead" - its owner chooses (8.2.1.3.2)."""

from engine.vanguard.actions import Action
from engine.vanguard.primitives import AGENDA
from engine.vanguard.replacement import ask_first, open_choices
from engine.vanguard.standby import retire_unit

from .helpers import card, position

MAY = {"timing": "cont", "effects": [{"kind": "retire_instead", "to": "soul", "optional": True}]}
ALWAYS = {"timing": "cont", "effects": [{"kind": "retire_instead", "to": "hand"}]}


def _board(*abilities):
    return position(p0={"field": {"front_left": card("a-fl", abilities=list(abilities)), "front_right": card("a-fr")}})


def test_only_a_unit_with_an_optional_replacement_not_yet_answered_is_asked_about():
    st = _board(MAY)
    assert open_choices(st, {}, ["a-fl", "a-fr"]) == ["a-fl"]
    assert open_choices(st, {"replace": {"a-fl": False}}, ["a-fl", "a-fr"]) == []
    # one that always applies wins: there is nothing to choose (8.2.1.3.1)
    assert open_choices(_board(MAY, ALWAYS), {}, ["a-fl"]) == []


def test_the_optional_replacement_applies_only_when_its_owner_chose_it():
    st = _board(MAY)
    assert retire_unit(st.clone(), "a-fl", 0).instead is None  # nobody chose it: retired
    assert retire_unit(st.clone(), "a-fl", 0, {"a-fl": False}).instead is None
    chosen = st.clone()
    assert retire_unit(chosen, "a-fl", 0, {"a-fl": True}).instead == "soul" and chosen.loc["a-fl"] == (0, "soul")


def test_asking_first_pushes_the_choice_then_the_task_again_carrying_the_answer():
    st = _board(MAY)
    task = {"t": "retire_guardians"}
    assert ask_first(st, task, ["a-fl"]) is True
    choice = st.agenda.pop()
    assert choice["cards"] == ["a-fl"] and choice["then"] == task
    decision = AGENDA.handlers["replacement_choice"](st, choice, None, [])
    assert decision.kind == "replacement" and decision.player == 0 and decision.citation.number == "8.2.1.3.2"
    events: list = []
    assert AGENDA.handlers["replacement_choice"](st, choice, Action.make("accept"), events) is None
    assert st.agenda[-1] == {"t": "retire_guardians", "replace": {"a-fl": True}}
    assert events[0].kind == "replacement_chosen" and events[0].cites("8.2.1.3.2")
    # run again with the answer, the task asks nothing more
    assert ask_first(st, st.agenda[-1], ["a-fl"]) is False
