"""The Weiss Schwarz why-not generator: refused answers with their reasons and clauses, legal ones never listed."""
from engine.weiss.why_not import candidate_options, refused_options

from .helpers import at_decision


def test_level_requirement_refused_with_its_clause():
    state = at_decision("main-level-requirement")
    refused = refused_options(state)
    assert refused, "a level 1 character at level 0 is refused"
    action, reason, citation = refused[0]
    assert action.kind == "play" and "level 1" in reason
    assert citation.document == "ws-cr-it" and citation.number == "8.6.2.1.2"


def test_climax_of_a_missing_colour_refused():
    state = at_decision("climax-colour-requirement")
    refused = {a.card: (reason, c.number) for a, reason, c in refused_options(state)}
    assert set(refused) == {"rx"}
    assert refused["rx"][1] == "8.6.2.1.1"


def test_front_attack_without_an_opposing_character():
    state = at_decision("front-attack-needs-opposing-character")
    kinds = {(a.card, a.get("type")) for a, _, _ in refused_options(state)}
    assert ("a", "front") in kinds and ("a", "side") in kinds
    assert ("a", "direct") not in kinds  # legal: never among the refused


def test_refused_never_includes_a_legal_answer_and_is_pure():
    state = at_decision("main-level-requirement")
    before = state.to_json()
    legal = set(state.pending.options)
    assert all(a not in legal for a, _, _ in refused_options(state))
    assert state.to_json() == before
    assert len(candidate_options(state)) == len(set(candidate_options(state)))
