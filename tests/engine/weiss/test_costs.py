"""engine/weiss/costs.py: a cost is paid whole or not at all (8.4.2.2, 8.6.2.3); the cards a choosing cost takes are
asked as one set when the sets are few (MAX_COST_SETS)."""
from engine.core import games
from engine.weiss.actions import Action
from engine.weiss.costs import can_pay

from .helpers import at_decision, at_start


def test_a_cost_payable_only_in_part_cannot_be_paid():
    state = at_start("outsider3-act-two-costs-one-impossible-pays-nothing")
    costs = state.cards["a"].abilities[0].cost
    assert not can_pay(state, 0, costs, "a")
    state.zones[0]["hand"].append(state.zones[0]["deck"].pop(0))  # one card to discard: now the whole cost is there
    assert can_pay(state, 0, costs, "a")
    state.zones[0]["stock"].clear()
    assert not can_pay(state, 0, costs, "a")


def test_two_cards_to_discard_are_offered_as_sets_and_one_at_a_time():
    state = at_decision("cost-discard-two-as-a-set")
    state, _ = games.for_state(state).play(state, Action.make(kind="act", card="a", ability=0))
    sets = {frozenset(a.get("cards")) for a in state.pending.options if a.kind == "choose_cards"}
    assert sets == {frozenset(p) for p in (("h0", "h1"), ("h0", "h2"), ("h1", "h2"))}
    kinds = {a.kind for a in state.pending.options}
    assert state.pending.kind == "cost" and kinds == {"choose_cards", "choose"}


def test_a_cost_with_exactly_as_many_cards_as_it_takes_asks_nothing():
    state = at_decision("outsider13-rest-two-of-your-characters-with-exactly-two-standing-nothing-to-choose")
    state, _ = games.for_state(state).play(state, Action.make(kind="act", card="a", ability=0))
    assert state.pending is None or state.pending.kind != "cost"  # one possible answer: made (8.6.3.1, W51)
    assert {"b", "c"} <= state.rested
