"""The attack declaration's choices: the rules' attack types, bodyguard, and what a CONT 'cannot' forbids (1.3.3)."""
from engine.weiss.actions import Action
from engine.weiss.characteristics import forbidden_attacks
from engine.weiss.declaring import attack_options, attack_types, bodyguard, forbidden, protected_from
from engine.weiss.refusals import _attack_reason

from .helpers import at_decision, at_start


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


def test_cannot_be_front_attacked_leaves_the_side_attack():
    """W32: the protection is the attacked character's, so it shows in the attacker's options, not its own."""
    state = at_decision("outsider6-cannot-be-front-attacked-side-attack-only")
    assert forbidden_attacks(state, "a") == set()
    assert protected_from(state, "a") == {"front"}
    assert _offered(state) == {("a", "side")}


def test_cannot_be_attacked_leaves_the_character_opposite_no_attack():
    state = at_start("outsider6-cannot-be-attacked-the-character-opposite-cannot-attack")
    assert forbidden(state, "a") == {"front", "side"}
    assert attack_options(state) == []


def test_an_attack_the_rules_forbid_is_refused_by_its_rule_not_by_the_effect():
    """Against a bodyguard a character that cannot front attack has no attack; its side attack is still refused by
    10.6.2 (the rule), its front attack by 1.3.3 (the effect)."""
    state = at_start("outsider6-bodyguard-and-cannot-front-attack-no-attack")
    assert attack_options(state) == []
    reasons = {kind: _attack_reason(state, "attack", Action.make("attack", card="a", type=kind))[1]
               for kind in ("front", "side", "direct")}
    assert reasons == {"front": "STOP_WINS", "side": "BODYGUARD", "direct": "BODYGUARD"}
