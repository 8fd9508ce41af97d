"""engine.altered.why_not: the expected answers the engine refuses, with its reason and clause."""
from engine.altered.why_not import candidate_options, refused_options
from engine.core.scenario import load_scenario

from .helpers import at_decision, character


def refusals(state):
    return {(a.kind, a.card, a.get("expedition")): (reason, c.number if c else None)
            for a, reason, c in refused_options(state)}


def test_an_unaffordable_card_is_refused_citing_6_4_c():
    state = at_decision(p0={"hand": [character("big", cost=5)], "mana": [character(f"m{i}") for i in range(2)]})
    reason, number = refusals(state)[("play", "big", "hero")]
    assert number == "6.4.c" and "5 mana" in reason


def test_a_legal_play_is_not_among_the_refusals():
    state = at_decision(p0={"hand": [character("small", cost=1)], "mana": [character("m0")]})
    assert ("play", "small", "hero") not in refusals(state)
    assert any(a.card == "small" for a in candidate_options(state))


def test_no_decision_no_candidates():
    assert candidate_options(load_scenario({"format": "judgeapp-scenario/2", "game": "altered", "phase": "dusk",
                                            "players": [{}, {}]}).state) == []
