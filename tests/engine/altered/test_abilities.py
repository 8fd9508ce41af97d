"""engine.altered.abilities / cards: abilities as data, and texts the vocabulary cannot express refused with a reason."""
import pytest

from engine.altered.abilities import parse_ability
from engine.altered.cards import Card
from engine.core.errors import DefinitionError


def parse(**data):
    return Card.from_json({"id": "c", "name": "C", "type": "character", **data}, owner=0)


def test_an_ability_round_trips_through_json():
    card = parse(abilities=[{"timing": "reaction", "trigger": "at_noon",
                             "effects": [{"kind": "stat", "stat": "forest", "amount": 2, "duration": "day"}]}])
    again = Card.from_json(card.to_json())
    assert again == card and again.abilities[0].effects[0].get("target") == "self"


@pytest.mark.parametrize("ability, words", [
    ({"timing": "reaction", "trigger": "when_sacrificed", "effects": [{"kind": "draw", "count": 1}]}, "trigger"),
    ({"timing": "quick", "effects": [{"kind": "roll_a_die"}]}, "cannot play the effect"),
    ({"timing": "quick", "cost": [{"kind": "pay_life", "count": 1}], "effects": [{"kind": "draw", "count": 1}]},
     "cannot pay the cost"),
    ({"timing": "support", "effects": [{"kind": "draw", "count": 1}]}, "discards it from the Reserve"),
    ({"timing": "effect", "effects": [{"kind": "draw", "count": 1}]}, "only spells"),
    ({"timing": "reaction", "trigger": "at_noon", "effects": []}, "at least one effect"),
])
def test_what_the_vocabulary_cannot_express_is_refused_at_load(ability, words):
    with pytest.raises(DefinitionError, match=words):
        parse(abilities=[ability])


def test_only_characters_have_statistics_and_only_heroes_limits():
    with pytest.raises(DefinitionError, match="2.2.9.c"):
        Card.from_json({"id": "s", "name": "S", "type": "spell", "forest": 1}, owner=0)
    with pytest.raises(DefinitionError, match="2.2.11.b"):
        parse(reserve_limit=3)


@pytest.mark.parametrize("ability, words", [
    ({"timing": "passive", "effects": [{"kind": "roll_two_dice"}]}, "cannot apply the passive effect"),
    ({"timing": "passive", "trigger": "at_noon", "effects": [{"kind": "no_progress"}]}, "continuous effects only"),
    ({"timing": "passive", "effects": [{"kind": "keyword", "keyword": "flying"}]}, "keyword"),
    ({"timing": "passive", "effects": [{"kind": "stat", "stat": "forest", "amount": 1, "to": {"who": "nobody"}}]},
     "who"),
    ({"timing": "quick", "modes": [[{"kind": "draw", "count": 1}]]}, "two or more modes"),
    ({"timing": "quick", "modes": [[{"kind": "draw", "count": 1}], []], "effects": []}, "in its modes"),
    ({"timing": "reaction", "trigger": "at_noon", "cost": [{"kind": "exhaust_self"}],
      "effects": [{"kind": "draw", "count": 1}]}, "reaction's cost is mana"),
    ({"timing": "quick", "effects": [{"kind": "internal", "cost": [], "effects": [{"kind": "draw", "count": 1}]}]},
     "internal action has a cost"),
    ({"timing": "quick", "effects": [{"kind": "internal", "cost": [{"kind": "spend", "name": "kelon", "count": 1}],
                                      "effects": [{"kind": "draw", "count": 1}]}]}, "mana or a card from the hand"),
    ({"timing": "quick", "effects": [{"kind": "draw", "count": 1, "if": {"controls": "spells"}}]}, "controls"),
    ({"timing": "quick", "effects": [{"kind": "draw", "count": 1, "if": {"weather": "rain"}}]},
     "a condition the scenario format knows"),
    ({"timing": "effect", "effects": [{"kind": "ongoing", "duration": "week", "effects": [{"kind": "no_progress"}]}]},
     "duration"),
    ({"timing": "quick", "effects": [{"kind": "boost", "count": 1, "target": "choose_in_play"}]}, "2.2.1.h"),
    ({"timing": "quick", "effects": [{"kind": "put_in_play", "from": "hand", "where": "each"}]}, "where"),
    ({"timing": "quick", "effects": [{"kind": "activate", "trigger": "when_sacrificed"}]}, "trigger"),
    ({"timing": "passive", "effects": [{"kind": "stop_triggers", "triggers": ["when_sacrificed"]}]}, "triggers"),
    ({"timing": "quick", "effects": [{"kind": "lose_status", "status": "boosted"}]}, "status"),
    ({"timing": "quick", "cost": [{"kind": "exhaust_self", "if": "first_player"}],
      "effects": [{"kind": "draw", "count": 1}]}, "unknown field"),
    ({"timing": "quick", "effects": [{"kind": "token", "name": "T", "forest": 0, "mountain": 0, "water": 0,
                                      "abilities": [{"timing": "passive", "effects": [{"kind": "fly"}]}]}]},
     "cannot apply"),
    ({"timing": "passive", "effects": [{"kind": "grant", "ability": {
        "timing": "quick", "effects": [{"kind": "draw", "count": 1}]}}]}, "only a reaction can be granted"),
])
def test_what_the_new_vocabulary_cannot_express_is_refused_at_load(ability, words):
    with pytest.raises(DefinitionError, match=words):
        Card.from_json({"id": "s", "name": "S", "type": "spell" if ability["timing"] == "effect" else "character",
                        "abilities": [ability]}, owner=0)


def test_passives_modes_conditions_and_internal_actions_round_trip_through_json():
    card = parse(abilities=[
        {"timing": "passive", "effects": [{"kind": "keyword", "keyword": "giant", "if": {"in_region": "forest"}},
                                          {"kind": "stat", "stat": "all", "amount": 1,
                                           "to": {"who": "own_others", "subtype": "Soldato"}}]},
        {"timing": "quick", "modes": [[{"kind": "draw", "count": 1}],
                                      [{"kind": "boost", "count": 1, "if": {"controls": "landmarks", "at_least": 2}}]]},
        {"timing": "passive", "effects": [{"kind": "grant", "to": {"who": "own"}, "ability": {
            "timing": "reaction", "trigger": "from_reserve", "effects": [{"kind": "boost", "count": 1}]}}]},
        {"timing": "reaction", "trigger": "at_noon", "cost": [{"kind": "mana", "count": 1}],
         "effects": [{"kind": "internal", "cost": [{"kind": "mana", "count": 1}, {"kind": "hand_to_reserve"}],
                      "effects": [{"kind": "token", "name": "T", "forest": 1, "mountain": 1, "water": 1}]}]},
    ])
    again = Card.from_json(card.to_json())
    assert again == card
    passive = again.abilities[0].effects
    assert passive[0].condition() == {"in_region": "forest"}
    assert dict(passive[1].get("to")) == {"who": "own_others", "subtype": "Soldato"}
    assert again.abilities[1].modes[1][0].condition() == {"controls": "landmarks", "at_least": 2}
    assert again.abilities[2].effects[0].get("ability").trigger == "from_reserve"
    assert [c.kind for c in again.abilities[3].effects[0].get("cost")] == ["mana", "hand_to_reserve"]


def test_a_cost_paid_only_unless_first_player_and_a_tokens_own_abilities():
    card = parse(abilities=[{"timing": "quick", "cost": [{"kind": "mana", "count": 1, "if": "not_first_player"},
                                                         {"kind": "mana", "count": 2}],
                             "effects": [{"kind": "token", "name": "Maw", "forest": 0, "mountain": 0, "water": 0,
                                          "abilities": [{"timing": "reaction", "trigger": "on_sacrifice",
                                                         "effects": [{"kind": "boost", "count": 2}]}]}]}])
    assert card.abilities[0].mana(True) == 2 and card.abilities[0].mana(False) == 3
    assert Card.from_json(card.to_json()) == card
    assert card.abilities[0].effects[0].get("abilities")[0].trigger == "on_sacrifice"


DRAW = {"kind": "draw", "count": 1}


@pytest.mark.parametrize("ability, words", [
    ({"timing": "quick", "effects": [{"kind": "send", "to": "hand", "position": "top"}]}, "place in the deck"),
    ({"timing": "quick", "effects": [{"kind": "send", "to": "deck", "position": "middle"}]}, "position"),
    ({"timing": "quick", "effects": [{"kind": "send", "to": "deck", "depth": 0}]}, "depth"),
    ({"timing": "quick", "effects": [{"kind": "move", "expedition": "facing", "direction": "forward",
                                      "opponent": True}]}, "read from the object"),
    ({"timing": "quick", "effects": [{"kind": "move", "expedition": "left", "direction": "forward"}]}, "expedition"),
    ({"timing": "quick", "effects": [{**DRAW, "if": "did"}]}, "never the first step"),
    ({"timing": "quick", "effects": [{"kind": "roll"}, {**DRAW, "if": {"roll_at_least": 7}}]}, "roll_at_least"),
    ({"timing": "quick", "effects": [{"kind": "roll"}, {**DRAW, "if": {"roll_in": []}}]}, "results"),
    ({"timing": "quick", "effects": [{**DRAW, "if": {"roll_at_most": 3}}]}, "never the first step"),
    ({"timing": "quick", "modes": [[{**DRAW, "if": "did"}], [DRAW]]}, "never the first step"),
    ({"timing": "passive", "effects": [{"kind": "stat", "stat": "forest", "amount": 1, "if": {"roll_at_least": 3}}]},
     "after the roll"),
    ({"timing": "passive", "effects": [{"kind": "stat", "stat": "forest", "amount": 1, "if": "did"}]}, "first_player"),
    ({"timing": "quick", "effects": [{"kind": "play_free", "from": "deck"}]}, "from"),
    ({"timing": "quick", "effects": [{"kind": "play_free", "from": "hand", "type": "hero"}]}, "type"),
])
def test_if_you_do_dice_deck_places_and_named_expeditions_refused_when_malformed(ability, words):
    with pytest.raises(DefinitionError, match=words):
        parse(abilities=[ability])


def test_if_you_do_dice_deck_places_and_named_expeditions_round_trip_through_json():
    card = parse(abilities=[{"timing": "quick", "effects": [
        {"kind": "roll"}, {**DRAW, "if": {"roll_in": [1, 6]}}, {**DRAW, "if": "did"},
        {"kind": "send", "to": "deck", "position": "bottom", "depth": 2, "target": "choose_opponent"},
        {"kind": "send", "to": "deck"},
        {"kind": "move", "expedition": "facing", "direction": "backward"}]}])
    again = Card.from_json(card.to_json())
    assert again == card
    steps = again.abilities[0].effects
    assert steps[1].condition() == {"roll_in": (1, 6)} and steps[2].condition() == "did"
    assert (steps[3].get("position"), steps[3].get("depth")) == ("bottom", 2)
    assert steps[4].get("position") == "top"  # a card put into the deck goes on top unless a place is named


@pytest.mark.parametrize("effect, words", [
    ({"kind": "dice"}, "more dice to choose from"),
    ({"kind": "dice", "extra": 0}, "more dice to choose from"),
    ({"kind": "dice", "extra": 6}, "extra"),
    ({"kind": "dice", "modify": 9}, "modify"),
])
def test_a_dice_passive_needs_more_dice_or_a_change_of_the_roll(effect, words):
    with pytest.raises(DefinitionError, match=words):
        parse(abilities=[{"timing": "passive", "effects": [effect]}])


@pytest.mark.parametrize("step, words", [
    ({"kind": "look", "count": 7}, "count"),
    ({"kind": "look", "count": 2, "take": 3}, "take"),
    ({"kind": "look", "count": 2, "to": "deck"}, "to"),
    ({"kind": "look", "count": 2, "rest": "middle"}, "rest"),
    ({"kind": "look", "count": 2, "type": "hero"}, "type"),
])
def test_a_look_at_the_top_cards_refused_when_malformed(step, words):
    with pytest.raises(DefinitionError, match=words):
        parse(abilities=[{"timing": "quick", "effects": [step]}])


def test_my_expedition_targets_and_a_dice_passive_round_trip_through_json():
    card = parse(abilities=[{"timing": "passive", "effects": [{"kind": "dice", "extra": 1, "modify": -1}]},
                            {"timing": "quick", "effects": [{"kind": "boost", "count": 1, "target": "each_mine"},
                                                            {"kind": "boost", "count": 1, "target": "each_facing"}]}])
    again = Card.from_json(card.to_json())
    assert again == card
    assert (again.abilities[0].effects[0].get("extra"), again.abilities[0].effects[0].get("modify")) == (1, -1)
    assert [s.get("target") for s in again.abilities[1].effects] == ["each_mine", "each_facing"]


@pytest.mark.parametrize("effect, words", [
    ({"kind": "cost", "amount": -1, "type": "hero"}, "type"),
    ({"kind": "cost", "amount": -1, "from": "deck"}, "from"),
    ({"kind": "boost_played", "count": 0}, "count"),
    ({"kind": "boost_played"}, "count"),
    ({"kind": "instead", "would": "reserve", "goes": "hand", "to": {"who": "everyone"}}, "who"),
])
def test_cost_filters_boosts_on_playing_and_an_instead_for_others_refused_when_malformed(effect, words):
    with pytest.raises(DefinitionError, match=words):
        parse(abilities=[{"timing": "passive", "effects": [effect]}])


def test_cost_filters_boosts_on_playing_and_an_instead_for_others_round_trip_through_json():
    card = parse(abilities=[{"timing": "passive", "effects": [
        {"kind": "cost", "amount": 1, "type": "spell", "from": "reserve", "opponent": True},
        {"kind": "boost_played", "count": 2, "next": True, "from": "hand"},
        {"kind": "instead", "would": "reserve", "goes": "hand", "to": {"who": "own"}},
        {"kind": "instead", "would": "discard", "goes": "reserve"}]}])
    again = Card.from_json(card.to_json())
    assert again == card
    cost, boost, others, own = again.abilities[0].effects
    assert (cost.get("type"), cost.get("from"), boost.get("count"), boost.get("next")) == ("spell", "reserve", 2, True)
    assert dict(others.get("to")) == {"who": "own"} and own.get("to") is None  # no `to`: the object's own


def test_a_reaction_on_going_to_the_reserve_round_trips_and_an_unknown_trigger_is_refused():
    card = parse(abilities=[{"timing": "reaction", "trigger": "on_to_reserve", "effects": [{"kind": "draw", "count": 1}]}])
    assert Card.from_json(card.to_json()) == card and card.abilities[0].trigger == "on_to_reserve"
    with pytest.raises(DefinitionError, match="trigger"):
        parse(abilities=[{"timing": "reaction", "trigger": "on_to_hand", "effects": [{"kind": "draw", "count": 1}]}])


def test_a_play_reaction_limited_to_where_the_card_is_played_from_round_trips_and_only_there():
    reaction = {"timing": "reaction", "trigger": "on_you_play", "from": "reserve",
                "effects": [{"kind": "draw", "count": 1}]}
    card = parse(abilities=[reaction])
    assert card.abilities[0].source == "reserve"
    assert Card.from_json(card.to_json()).to_json()["abilities"][0]["from"] == "reserve"
    with pytest.raises(DefinitionError, match="where it is played from"):
        parse(abilities=[{**reaction, "trigger": "at_noon"}])
    with pytest.raises(DefinitionError):
        parse(abilities=[{**reaction, "from": "discard"}])


@pytest.mark.parametrize("whose", [{"opponent": True}, {}])
def test_a_card_at_random_is_taken_from_either_players_hand(whose):
    ok = parse(abilities=[{"timing": "quick", "cost": [{"kind": "exhaust_self"}],
                           "effects": [{"kind": "put", "to": "discard", "random": True, **whose}]}])
    assert ok.abilities[0].effects[0].get("random") is True


@pytest.mark.parametrize("then, refused", [
    ({"kind": "boost", "count": 1}, None),
    ({"kind": "stat", "stat": "forest", "amount": 1, "duration": "turn"}, None),
    ({"kind": "draw", "count": 1}, "one atomic action to the object itself"),
    ({"kind": "boost", "count": 1, "target": "choose_own"}, "one atomic action to the object itself"),
    ({"kind": "status", "status": "anchored", "optional": True}, "one atomic action to the object itself"),
    ({"kind": "ongoing", "duration": "turn", "effects": [{"kind": "keyword", "keyword": "defender"}]}, None),
    ({"kind": "ongoing", "duration": "turn", "target": "choose_own", "effects": [{"kind": "keyword", "keyword": "giant"}]},
     "one atomic action to the object itself"),
])
def test_an_also_modifier_adds_one_atomic_action_on_the_object_that_gains(then, refused):
    ability = {"timing": "passive", "effects": [{"kind": "also", "gains": "status", "status": "exhausted",
                                                 "then": then, "to": {"who": "own"}}]}
    if refused:
        with pytest.raises(DefinitionError, match=refused):
            parse_ability(ability, "card.abilities[0]", "permanent")
    else:
        again = parse_ability(ability, "card.abilities[0]", "permanent")
        assert parse_ability(again.to_json(), "again", "permanent") == again


@pytest.mark.parametrize("effect, refused", [
    ({"kind": "send", "to": "hand", "target": "choose_own_reserve"}, False),
    ({"kind": "send", "to": "reserve", "target": "choose_own_reserve"}, True),
    ({"kind": "boost", "count": 1, "target": "choose_own_reserve"}, True),
])
def test_a_card_in_your_reserve_is_a_target_of_sending_it_elsewhere_only(effect, refused):
    ability = {"timing": "effect", "effects": [effect]}
    if refused:
        with pytest.raises(DefinitionError, match="Reserve is a target only"):
            parse_ability(ability, "card.abilities[0]", "spell")
    else:
        assert parse_ability(ability, "card.abilities[0]", "spell").effects[0].get("target") == "choose_own_reserve"
