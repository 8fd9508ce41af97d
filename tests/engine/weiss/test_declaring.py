"""The attack declaration's choices: the rules' attack types, bodyguard, and what a CONT 'cannot' forbids (1.3.3)."""
from engine.weiss.characteristics import forbidden_attacks
from engine.weiss.declaring import attack_options, attack_types, bodyguard

from .helpers import at_decision


def _offered(state) -> set[tuple[str, str]]:
    return {(a.card, a.get("type")) for a in attack_options(state)}


def test_cannot_side_attack_leaves_the_front_attack():
    state = at_decision("outsider4-cannot-side-attack-only-front")
    assert attack_types(state, "a") == ("front", "side")
    assert forbidden_attacks(state, "a") == {"side"}
    assert _offered(state) == {("a", "front")}


def test_cannot_attack_given_to_the_opposite_character_removes_it_only():
    state = at_decision("outsider4-opposite-character-cannot-attack")
    assert forbidden_attacks(state, "a") == {"front", "side", "direct"}
    assert forbidden_attacks(state, "a2") == set()
    assert _offered(state) == {("a2", "direct")}


def test_bodyguard_forces_the_front_attack_type():
    state = at_decision("bodyguard-front-attack-against-it")
    assert bodyguard(state, 1) == "bg"
    assert attack_types(state, "a") == ("front",)
    assert ("a", "side") not in _offered(state)
