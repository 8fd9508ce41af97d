"""engine.altered.conditions: a step's condition read just before the step (6.5.c), and said in words."""
import pytest

from engine.altered.conditions import condition_holds, describe

from .helpers import character, position


def test_conditions_read_the_state_just_before_the_step():
    state = position({"hero_expedition": [character("a")], "landmarks": []}, first_player=1)
    task = {"player": 0, "card": "a"}
    assert condition_holds(state, task, "not_first_player") == (True, ())
    assert condition_holds(state, task, "first_player") == (False, ())
    assert condition_holds(state, task, {"controls": "characters"})[0] is True  # 2.2.2.n: objects in play
    assert condition_holds(state, task, {"controls": "landmarks"})[0] is False
    assert condition_holds(state, {**task, "did": False}, "did") == (False, ("IF_YOU_DO",))  # 6.5.d
    assert condition_holds(state, {**task, "roll": 5}, {"roll_at_least": 5}) == (True, ("DICE_RESULT",))
    assert condition_holds(state, task, {"in_region": "water"})[0] is True  # the hero region has all three types


def test_a_condition_is_said_in_words():
    assert describe({"roll_at_most": 2}) == "the die shows 2 or less"
    assert describe({"controls": "landmarks", "at_least": 2}) == "you control at least 2 landmarks"


def test_ahead_and_behind_compare_each_expedition_with_the_one_facing_it():
    state = position({"hero_at": 2, "companion_at": 7, "hero_expedition": [character("h")],
                      "companion_expedition": [character("c")], "landmarks": [{"id": "l", "name": "L",
                                                                               "type": "permanent"}]},
                     {"hero_at": 3, "companion_at": 7})

    def holds(card, which):
        return condition_holds(state, {"player": 0, "card": card}, {"expedition_is": which})[0]
    assert holds("h", "behind") and not holds("h", "ahead") and not holds("h", "level")
    assert holds("c", "level") and not holds("c", "behind")  # both companion expeditions at home
    assert not any(holds("l", w) for w in ("ahead", "behind", "level"))  # a landmark is in no expedition (AL28)
    state.companion_at[0] = 6  # the companion expedition goes down from region 7 (3.2.1.b)
    assert holds("c", "ahead")
    assert describe({"expedition_is": "behind"}) == "my expedition is behind the one facing it"


def test_in_the_tiebreakers_every_expedition_is_level():
    state = position({"hero_at": 4, "companion_at": 4, "hero_expedition": [character("h")]},
                     {"hero_at": 3, "companion_at": 3}, tiebreak=True)

    def holds(which):
        return condition_holds(state, {"player": 0, "card": "h"}, {"expedition_is": which})
    assert holds("level") == (True, ("ARENA",)) and not holds("ahead")[0]  # 4.3.d: all in the Arena


def test_controls_of_a_subtype_counts_the_objects_in_play_of_it():
    state = position({"hero_expedition": [character("fox", subtypes=["Animale"]), character("man")],
                      "reserve": [character("fox2", subtypes=["Animale"])]})
    task = {"player": 0, "card": "man"}
    assert condition_holds(state, task, {"controls": "characters", "subtype": "Animale"})[0] is True
    assert condition_holds(state, task, {"controls": "characters", "subtype": "Animale", "at_least": 2})[0] is False
    assert describe({"controls": "characters", "subtype": "Animale", "at_least": 2}) == (
        "you control at least 2 characters of the subtype Animale")


def test_i_am_reads_the_objects_own_status_boosted_while_it_has_a_boost():
    state = position({"hero_expedition": [character("b", boost=1), character("e", status=["exhausted"])],
                      "reserve": [character("r", boost=2)]})

    def holds(card, status):
        return condition_holds(state, {"player": 0, "card": card}, {"i_am": status})[0]
    assert holds("b", "boosted") and not holds("e", "boosted") and holds("e", "exhausted")
    assert not holds("r", "boosted")  # in the Reserve it is not in play (2.3.1.h)
    assert describe({"i_am": "asleep"}) == "I am Asleep"


def test_it_is_a_subtype_reads_the_moved_card_wherever_it_is_passives_only_in_play():
    zoo = {"id": "zoo", "name": "Zoo", "type": "permanent", "hand_cost": 1, "reserve_cost": 1,
           "abilities": [{"timing": "passive", "effects": [{"kind": "subtype", "subtype": "Animal",
                                                            "to": {"who": "all"}}]}]}
    state = position({"hero_expedition": [character("a")], "reserve": [character("wolf", subtypes=["Animal"]),
                                                                         character("kn")], "landmarks": [zoo]})
    animal = {"it_is": "card", "subtype": "Animal"}
    assert condition_holds(state, {"player": 0, "card": "a", "it": "wolf"}, animal) == (True, ("IS_A_SUBTYPE",))
    assert condition_holds(state, {"player": 0, "card": "a", "it": "kn"}, animal)[0] is False  # 2.3.1.h: not in play
    assert condition_holds(state, {"player": 0, "card": "a", "it": "a"}, animal)[0] is True  # in play: made one
    assert condition_holds(state, {"player": 0, "card": "a", "it": "wolf"}, {"it_is": "spell", "subtype": "Animal"})[0] \
        is False
    assert describe(animal) == "it is of the subtype Animal"


def test_unless_ignores_the_step_when_its_condition_is_true_and_says_so():
    """6.5.c: "[do step] unless [condition]"; the other form's "if" is read as before."""
    from engine.altered.abilities import parse_ability
    from engine.altered.conditions import step_may_happen

    state = position({"hero_expedition": [character("a")], "landmarks": []}, first_player=0)
    ability = parse_ability({"timing": "effect", "effects": [
        {"kind": "draw", "count": 1, "unless": "first_player"},
        {"kind": "draw", "count": 1, "unless": {"controls": "landmarks"}}]}, "a", "spell")
    events: list = []
    assert step_may_happen(state, {"player": 0, "card": "a"}, ability.effects[0], events) is False
    assert events[0].kind == "step_ignored" and "first player, so the step is not done" in events[0].text
    assert [c.number for c in events[0].citations][0] == "6.5.c"
    assert step_may_happen(state, {"player": 0, "card": "a"}, ability.effects[1], events) is True
    assert step_may_happen(state, {"player": 1, "card": "a"}, ability.effects[0], events) is True
    assert len(events) == 1 and ability.effects[1].to_json()["unless"] == {"controls": "landmarks"}


@pytest.mark.parametrize("mine, theirs, drawn", [(True, False, (0, 1)), (False, True, (2, 0)), (True, True, (0, 0)),
                                                 (False, False, (2, 1))])
def test_each_player_unless_reads_the_condition_for_each_player_and_if_you_do_for_the_controller(mine, theirs, drawn):
    """AL34: "each player draws a card unless they control a landmark", then "if you do, draw a card" (6.5.d)."""
    from engine.altered import advance, play
    from engine.altered.actions import Action

    spell = {"id": "s", "name": "S", "type": "spell", "hand_cost": 0, "reserve_cost": 0, "abilities": [
        {"timing": "effect", "effects": [{"kind": "draw", "count": 1, "each_player": True,
                                          "unless": {"controls": "landmarks"}},
                                         {"kind": "draw", "count": 1, "if": "did"}]}]}
    tower = lambda i: {"id": i, "name": "Tower", "type": "permanent", "hand_cost": 1, "reserve_cost": 1}  # noqa: E731
    me = {"hand": [spell], "landmarks": [tower("t0")] if mine else [], "deck": [character(f"d{i}") for i in range(3)]}
    them = {"landmarks": [tower("t1")] if theirs else [], "deck": [character(f"e{i}") for i in range(3)]}
    state, _ = advance(position(me, them, first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="s"))
    assert (len(state.zones[0]["hand"]), len(state.zones[1]["hand"])) == drawn
    left_out = [e.player for e in events if e.kind == "step_ignored" and "AL34" in e.assumptions]
    assert left_out == [p for p, has in ((0, mine), (1, theirs)) if has]
