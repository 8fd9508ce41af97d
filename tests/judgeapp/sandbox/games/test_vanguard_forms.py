"""vanguard_forms: the ability builder's condition slots for the keywords of section 11 (their one value field)."""
from django.http import QueryDict

from engine.vanguard.abilities import Ability
from judgeapp.sandbox.games.vanguard_forms import ability_from_form


def _ability(conditions: list[tuple[str, str]]) -> dict:
    data = QueryDict(mutable=True)
    data["ab_timing"] = "cont"
    for kind, value in conditions:
        data.appendlist("ab_condition", kind)
        data.appendlist("ab_condition_value", value)
    data.appendlist("ab_effect", "power")
    data.appendlist("ab_effect_amount", "5000")
    data.appendlist("ab_effect_target", "self")
    return ability_from_form(data)


def test_keyword_conditions_take_their_value_from_the_one_field():
    ability = _ability([("thunderstrike", "3"), ("rear_guard_power", ""), ("state", "not successful")])
    assert ability["conditions"] == [{"kind": "thunderstrike", "count": 3}, {"kind": "rear_guard_power", "min": 15000},
                                     {"kind": "state", "state": "successful", "absent": True}]
    Ability.from_json(ability)  # the engine's loader takes them as they are
    ability = _ability([("battle", "no_hit"), ("state", "blazing")])
    assert ability["conditions"] == [{"kind": "battle", "hit": False}, {"kind": "state", "state": "blazing"}]
    Ability.from_json(ability)


def _effects(timing: str, slots: list[dict]) -> dict:
    """An ability from effect slots, each a dict of the slot's fields (kind, amount, target, state, player...)."""
    data = QueryDict(mutable=True)
    data["ab_timing"] = timing
    fields = ("amount", "count", "target", "duration", "source", "state", "player", "grade", "attacks", "circle",
              "keyword", "name", "to", "how", "per")
    for slot in slots:
        data.appendlist("ab_effect", slot["kind"])
        for field in fields:
            data.appendlist(f"ab_effect_{field}", str(slot.get(field, "")))
    return ability_from_form(data)


def test_the_builder_makes_every_effect_of_the_format():
    from engine.vanguard.abilities import EFFECT_KINDS
    from judgeapp.sandbox.games.vanguard import FORM_CHOICES

    # a judge building a board from scratch can choose each effect a scenario file can write
    assert set(EFFECT_KINDS) <= set(FORM_CHOICES["effects"])
    ability = _effects("on_attack", [
        {"kind": "become", "state": "charging", "target": "self"},
        {"kind": "deal_damage", "count": 1, "player": "opponent"},
        {"kind": "cannot_be_guarded", "target": "self", "grade": 1, "duration": "end_of_battle"},
        {"kind": "cancel_triggers", "player": "opponent", "duration": "end_of_turn", "amount": 5}])
    assert ability["effects"] == [
        {"kind": "become", "state": "charging", "target": "self"},
        {"kind": "deal_damage", "count": 1, "player": "opponent"},
        {"kind": "cannot_be_guarded", "target": "self", "grade": 1, "duration": "end_of_battle"},
        {"kind": "cancel_triggers", "player": "opponent", "duration": "end_of_turn"}]  # (a stray amount is dropped)
    Ability.from_json(ability)


def test_a_timed_trigger_takes_the_effect_slots_after_it():
    ability = _effects("on_call", [
        {"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_turn"},
        {"kind": "delayed", "duration": "end_of_turn"},
        {"kind": "deck_bottom", "target": "self"}])
    assert ability["effects"] == [
        {"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_turn"},
        {"kind": "delayed", "at": "end_of_turn", "effects": [{"kind": "deck_bottom", "target": "self"}]}]
    Ability.from_json(ability)
    for kind in ("win_game", "lose_game", "extra_turn"):
        assert _effects("act", [{"kind": kind, "player": "self"}])["effects"] == [{"kind": kind, "player": "self"}]


def test_an_attack_by_an_effect_takes_its_attacking_unit_from_the_target_and_the_unit_attacked_from_its_own_field():
    ability = _effects("on_battle_end", [{"kind": "effect_attack", "target": "self", "attacks": "opponent_vanguard"}])
    assert ability["effects"] == [{"kind": "effect_attack", "attacker": "self", "target": "opponent_vanguard"}]
    Ability.from_json(ability)


def test_a_move_to_a_circle_takes_the_circle_from_its_own_field():
    ability = _effects("act", [{"kind": "move_to_circle", "target": "self", "circle": "choose"}])
    assert ability["effects"] == [{"kind": "move_to_circle", "target": "self", "circle": "choose"}]
    Ability.from_json(ability)


def test_a_keyword_given_or_taken_away_takes_the_keyword_from_its_own_field():
    ability = _effects("act", [{"kind": "gain_keyword", "target": "self", "keyword": "intercept",
                                "duration": "end_of_turn"}])
    assert ability["effects"] == [{"kind": "gain_keyword", "target": "self", "keyword": "intercept",
                                   "duration": "end_of_turn"}]
    Ability.from_json(ability)


def test_a_superior_ride_takes_its_zone_from_the_source_select():
    ability = _effects("act", [{"kind": "superior_ride", "source": "deck_top", "grade": 3}])
    assert ability["effects"] == [{"kind": "superior_ride", "source": "deck", "grade": 3}]
    Ability.from_json(ability)


def test_a_legion_and_an_opponents_discard_take_their_name_and_player_from_their_fields():
    ability = _effects("act", [{"kind": "legion", "name": "Mate"}, {"kind": "discard", "count": 1, "player": "opponent"}])
    assert ability["effects"] == [{"kind": "legion", "name": "Mate"},
                                  {"kind": "discard", "count": 1, "player": "opponent"}]
    Ability.from_json(ability)


def test_a_vanguard_grade_condition_reads_whose_and_the_bound_from_the_one_field():
    ability = _ability([("vanguard_grade", "3+"), ("vanguard_grade", "self 2-")])
    assert ability["conditions"] == [{"kind": "vanguard_grade", "player": "opponent", "min": 3},
                                     {"kind": "vanguard_grade", "player": "self", "max": 2}]
    Ability.from_json(ability)


def test_a_cost_takes_the_grade_or_name_of_the_cards_that_may_pay_it():
    data = QueryDict(mutable=True)
    data["ab_timing"] = "act"
    for kind, count, grade, name in (("soul_blast", "1", "1", ""), ("counter_blast", "2", "", "Boss"),
                                     ("rest_self", "", "3", "Boss")):
        data.appendlist("ab_cost", kind)
        data.appendlist("ab_cost_count", count)
        data.appendlist("ab_cost_grade", grade)
        data.appendlist("ab_cost_name", name)
    data.appendlist("ab_effect", "draw")
    data.appendlist("ab_effect_count", "1")
    ability = ability_from_form(data)
    # "[Soul Blast 1 - grade 1 card]"; a cost on the card itself takes no requirement (the stray fields are dropped)
    assert ability["cost"] == [{"kind": "soul_blast", "count": 1, "grade": 1},
                               {"kind": "counter_blast", "count": 2, "name": "Boss"}, {"kind": "rest_self"}]
    Ability.from_json(ability)


def test_the_how_select_makes_a_random_discard_an_optional_replacement_and_a_search_for_the_declared_name():
    assert _effects("on_attack", [{"kind": "discard", "count": 1, "player": "opponent", "how": "at_random"}])[
        "effects"] == [{"kind": "discard", "count": 1, "player": "opponent", "at_random": True}]
    cont = _effects("cont", [{"kind": "retire_instead", "to": "soul", "how": "optional", "target": "self"}])
    assert cont["effects"] == [{"kind": "retire_instead", "to": "soul", "optional": True}]
    Ability.from_json(cont)
    # a flag the kind does not take is dropped: a replacement is not "at random"
    assert _effects("cont", [{"kind": "retire_instead", "to": "hand", "how": "at_random"}])["effects"] == [
        {"kind": "retire_instead", "to": "hand"}]
    act = _effects("act", [{"kind": "declare_name", "count": 3},
                           {"kind": "search", "count": 1, "how": "name_declared"},
                           {"kind": "change_attacked", "target": "self"}])
    assert act["effects"] == [{"kind": "declare_name"}, {"kind": "search", "count": 1, "name_declared": True},
                              {"kind": "change_attacked", "target": "self"}]
    Ability.from_json(act)


def test_a_call_takes_its_grade_or_less_and_its_name_from_their_fields():
    data = QueryDict(mutable=True)
    data["ab_timing"] = "act"
    data.appendlist("ab_effect", "call")
    data.appendlist("ab_effect_source", "deck")
    data.appendlist("ab_effect_max_grade", "1")
    data.appendlist("ab_effect_amount", "5000")  # a stray field another kind takes is dropped
    ability = ability_from_form(data)
    assert ability["effects"] == [{"kind": "call", "source": "deck", "max_grade": 1}]
    Ability.from_json(ability)


def test_the_builder_writes_up_to_and_per_as_the_files_do():
    # "retire up to two of your opponent's rear-guards" (8.5.4.1.1) and "+2000 power for each card in your soul"
    ability = _effects("on_attack", [
        {"kind": "retire", "target": "choose_opponent_rear_guard", "count": 2, "how": "up_to"},
        {"kind": "power", "amount": 2000, "target": "self", "duration": "end_of_battle", "per": "self:soul"}])
    assert ability["effects"] == [
        {"kind": "retire", "target": "choose_opponent_rear_guard", "count": 2, "up_to": True},
        {"kind": "power", "amount": 2000, "target": "self", "duration": "end_of_battle",
         "per": {"player": "self", "zone": "soul"}}]
    Ability.from_json(ability)


def test_a_per_value_the_select_never_offers_names_its_field():
    import pytest

    from judgeapp.sandbox.validation import SandboxError

    with pytest.raises(SandboxError) as err:
        _effects("on_attack", [{"kind": "power", "amount": 2000, "target": "self", "duration": "end_of_battle",
                                "per": "both:soul"}])
    assert err.value.field == "ab_effect_per[1]"


def test_every_zone_of_the_per_select_reads_as_words():
    # the per select's labels are the zones' words from the game's tables, never an identifier's parts ("units")
    from judgeapp.sandbox import wording
    from judgeapp.sandbox.games.vanguard import FORM_CHOICES

    tables = wording.vocabulary("vanguard")
    for _, zone in FORM_CHOICES["per_zones"]:
        assert zone in tables["ZONE_NAMES"] or zone in tables["WORDS"], zone
