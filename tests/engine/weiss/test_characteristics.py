"""An amount counted (engine/weiss/characteristics.py's amount_of, assumption W41): "+500 power for each of your other
characters", counted from the card's player's side, the card itself left out with ``other``."""
import dataclasses

import pytest

from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability
from engine.weiss.characteristics import amount_of

from .helpers import at_start


def _effect(per: dict):
    ability = Ability.from_json({"timing": "cont", "effects": [
        {"kind": "power", "amount": 500, "target": "self", "per": per}]}, "a")
    return ability.effects[0]


def test_the_amount_is_counted_from_the_cards_own_side():
    state = at_start("outsider9-cont-power-for-each-other-character-follows-the-count")
    assert amount_of(state, "a", _effect({"player": "self", "zone": "stage", "other": True})) == 1500
    assert amount_of(state, "a", _effect({"player": "self", "zone": "stage"})) == 2000
    assert amount_of(state, "a", _effect({"player": "opponent", "zone": "stage"})) == 0


def test_a_filter_counts_only_the_matching_cards():
    state = at_start("outsider9-soul-for-each-opponents-character-with-a-trait")
    assert amount_of(state, "a", _effect({"player": "opponent", "zone": "stage", "filter": {"trait": "Music"}})) == 1000


def test_the_count_keeps_its_form_through_the_json():
    ability = Ability.from_json({"timing": "cont", "effects": [
        {"kind": "power", "amount": 500, "target": "self", "per": {"player": "self", "zone": "hand"}}]}, "a")
    assert ability.to_json()["effects"][0]["per"] == {"player": "self", "zone": "hand"}
    assert Ability.from_json(ability.to_json(), "a") == ability


def test_a_count_by_power_is_refused():
    with pytest.raises(DefinitionError):
        _effect({"player": "self", "zone": "stage", "filter": {"max_power": 3000}})


def test_an_ability_limited_to_two_times_a_turn_is_spent_after_the_second_and_anew_for_a_new_card():
    from engine.weiss.characteristics import spent

    state = at_start("outsider10-act-up-to-two-times-per-turn-third-time-refused")
    assert not spent(state, "a", 0)
    spent(state, "a", 0, mark=True)
    assert not spent(state, "a", 0)  # once of two
    spent(state, "a", 0, mark=True)
    assert spent(state, "a", 0)
    state.entered["a"] = state.entered.get("a", 0) + 1  # it left and came back: a new card (3.1.4)
    assert not spent(state, "a", 0)
    state.turn += 1
    assert not spent(state, "a", 0)


def test_the_groups_of_characters_a_cont_effect_reaches():
    from engine.weiss.characteristics import stat

    state = at_start("outsider10-cont-all-your-other-characters-not-this-one")
    assert [stat(state, c, "power") for c in ("a", "b", "c", "x")] == [2000, 2500, 1500, 2000]
    card = state.cards["a"]
    ab = card.abilities[0]
    effect = ab.effects[0]
    for target, powers in (("all_own_characters", [2500, 2500, 1500, 2000]),
                           ("all_opponent_characters", [2000, 2000, 1000, 2500])):
        changed = dataclasses.replace(ab, effects=(type(effect)(effect.kind, tuple(
            (k, target if k == "target" else v) for k, v in effect.params)),))
        # a new cards table, as a loaded board has: the CONT abilities are indexed by the table
        state.cards = {**state.cards, "a": dataclasses.replace(card, abilities=(changed,))}
        assert [stat(state, c, "power") for c in ("a", "b", "c", "x")] == powers, target


def test_a_filter_reads_the_status_and_position_of_a_character_on_the_stage_only():
    from engine.weiss.characteristics import matches

    state = at_start("outsider11-put-all-your-opponents-reversed-characters-into-the-waiting-room-only-those")
    assert matches(state, "orv", (("status", "reverse"),)) and not matches(state, "ost", (("status", "reverse"),))
    assert matches(state, "ost", (("status", "stand"),)) and matches(state, "ost", (("position", "center"),))
    assert not matches(state, "ost", (("position", "back"),))
    hand_card = state.zones[0]["deck"][0]  # off the stage: neither standing nor in a position
    assert not matches(state, hand_card, (("status", "stand"),)) and not matches(state, hand_card, (("position", "back"),))


def test_a_name_filter_may_ask_only_for_a_word_of_the_name():
    from engine.weiss.characteristics import matches

    state = at_start("outsider11-cont-characters-with-a-word-in-their-name-get-the-power")
    assert matches(state, "al", (("name_contains", "alice"),))
    assert not matches(state, "qu", (("name_contains", "Alice"),))


@pytest.mark.parametrize("flt", [{"status": "tapped"}, {"position": "front"}, {"name_contains": 3}])
def test_a_status_position_or_name_word_outside_the_vocabulary_is_refused(flt):
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "act", "effects": [{"kind": "rest", "target": "all_opponent_characters",
                                                         "filter": flt}]}, "a")


def test_a_group_is_a_target_of_the_effects_that_move_or_turn_a_character_but_not_front():
    assert Ability.from_json({"timing": "act", "effects": [{"kind": "to_waiting_room", "target": "all_opponent_characters",
                                                            "filter": {"status": "reverse"}}]}, "a").effects
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "act", "effects": [{"kind": "rest", "target": "front"}]}, "a")


def test_a_count_condition_may_name_a_filter_and_leave_this_card_out_but_not_read_power():
    ability = Ability.from_json({"timing": "cont", "conditions": [{"kind": "count", "player": "self", "zone": "stage",
                                                                   "min": 2, "other": True, "filter": {"trait": "Music"}}],
                                 "effects": [{"kind": "power", "amount": 1000, "target": "self"}]}, "a")
    assert ability.conditions[0].get("filter") == (("trait", "Music"),) and ability.conditions[0].get("other")
    assert Ability.from_json(ability.to_json(), "a") == ability
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "cont", "conditions": [{"kind": "count", "player": "self", "zone": "stage",
                                                             "min": 1, "filter": {"min_power": 3000}}],
                           "effects": [{"kind": "power", "amount": 1000, "target": "self"}]}, "a")


def test_the_markers_counted_are_this_cards_own():
    with pytest.raises(DefinitionError) as raised:
        Ability.from_json({"timing": "cont", "effects": [{"kind": "power", "amount": 1000, "target": "self",
                                                          "per": {"player": "opponent", "zone": "markers"}}]}, "a")
    assert "markers counted" in str(raised.value)
    state = at_start("outsider11-power-for-each-marker-under-this-card-follows-the-markers")
    assert amount_of(state, "a", state.cards["a"].abilities[0].effects[0]) == 2000
