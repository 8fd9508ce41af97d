"""engine.altered.step_kinds: moving the expedition an object names (a Giant's, 7.4.3.f-h) and rolling a die (7.3.13)."""
import pytest

from engine.altered import advance, play
from engine.altered.actions import Action

from .helpers import character, position


def quick(effects, **extra):
    return character("q", abilities=[{"timing": "quick", "cost": [{"kind": "exhaust_self"}], "effects": effects}],
                     **extra)


def use(p0, p1=None, **top):
    state, _ = advance(position(p0, p1, first_player=0, **top))
    state, events = play(state, Action.make("quick", card="q", ability=0))
    return state, events


@pytest.mark.parametrize("expedition, giant, hero, companion", [
    ("mine", False, 0, 6), ("mine", True, 1, 6), ("other", False, 0, 6), ("other", True, 0, 7)])
def test_my_expedition_and_my_other_expedition_are_read_from_the_object(expedition, giant, hero, companion):
    card = quick([{"kind": "move", "expedition": expedition, "direction": "forward"}],
                 **({"keywords": ["giant"]} if giant else {}))
    zone = "hero_expedition" if expedition == "other" else "companion_expedition"
    state, events = use({zone if not giant else "hero_expedition": [card]})
    assert (state.hero_at[0], state.companion_at[0]) == (hero, companion)
    if giant:
        clause = "7.4.3.f" if expedition == "mine" else "7.4.3.g"
        assert any(clause in [c.number for c in e.citations] for e in events)


def test_the_expedition_facing_a_giant_is_both_of_the_opponents():
    state, _ = use({"hero_expedition": [quick([{"kind": "move", "expedition": "facing", "direction": "backward"}],
                                              keywords=["giant"])]},
                   {"hero_at": 1, "companion_at": 6},
                   track=[{"types": ["forest"], "revealed": True}] * 8)
    assert (state.hero_at[1], state.companion_at[1]) == (0, 7) and (state.hero_at[0], state.companion_at[0]) == (0, 7)


def test_a_die_rolls_the_results_given_in_order_then_from_the_seed_alike_each_time():
    roll = [{"kind": "roll"}, {"kind": "draw", "count": 1, "if": {"roll_at_least": 4}}]
    deck = [character(f"d{i}") for i in range(4)]
    state, events = use({"hero_expedition": [quick(roll)], "deck": deck}, dice=[5, 1])
    assert [e.data["result"] for e in events if e.kind == "roll"] == [5] and state.dice == [1]
    assert len(state.zones[0]["hand"]) == 1
    seeded = [[e.data["result"] for e in use({"hero_expedition": [quick(roll)], "deck": deck}, seed=11)[1]
               if e.kind == "roll"] for _ in range(2)]
    assert seeded[0] == seeded[1] and 1 <= seeded[0][0] <= 6


def lucky(**dice):
    return {"id": "lucky", "name": "Lucky", "type": "permanent", "hand_cost": 1, "reserve_cost": 1,
            "abilities": [{"timing": "passive", "effects": [{"kind": "dice", **dice}]}]}


@pytest.mark.parametrize("dice, given, offered", [
    ({"extra": 1}, [2, 6], [2, 6]),  # roll one more and choose one
    ({"modify": 1}, [4], [4, 5]),  # you may add 1
    ({"extra": 1, "modify": -1}, [3, 3], [2, 3]),  # two dice alike: one result each way
])
def test_more_dice_or_a_change_of_the_roll_are_chosen_after_seeing_the_dice(dice, given, offered):
    roll = [{"kind": "roll"}, {"kind": "draw", "count": 1, "if": {"roll_at_least": 5}}]
    deck = [character(f"d{i}") for i in range(4)]
    state, events = use({"hero_expedition": [quick(roll)], "deck": deck, "landmarks": [lucky(**dice)]}, dice=given)
    assert state.pending.kind == "die" and state.pending.player == 0
    assert [a.get("result") for a in state.pending.options] == offered
    assert not [e for e in events if e.kind == "roll"]  # nothing is kept before the player chooses
    state, events = play(state, Action.make("die", result=offered[-1]))
    roll_event = next(e for e in events if e.kind == "roll")
    assert roll_event.data["result"] == offered[-1] and roll_event.data["dice"] == given
    assert "7.3.13.c" in [c.number for c in roll_event.citations]
    assert len(state.zones[0]["hand"]) == (1 if offered[-1] >= 5 else 0)


def test_the_dice_passive_of_the_opponent_does_not_change_my_roll():
    roll = [{"kind": "roll"}]
    state, events = use({"hero_expedition": [quick(roll)]}, {"landmarks": [lucky(extra=1)]}, dice=[2, 6])
    assert [e.data["result"] for e in events if e.kind == "roll"] == [2] and state.dice == [6]


@pytest.mark.parametrize("rest, deck_after", [
    ("bottom", ["d3", "d2", "d0"]),  # the order answered, under the cards not looked at
    ("top", ["d2", "d0", "d3"]),
    ("discard", ["d3"]),
])
def test_the_cards_looked_at_go_where_the_effect_says_in_the_order_chosen(rest, deck_after):
    look = [{"kind": "look", "count": 3, "take": 1, "to": "reserve", "rest": rest}]
    state, events = use({"hero_expedition": [quick(look)], "deck": [character(f"d{i}") for i in range(4)]})
    assert state.pending.kind == "look" and [e.data["cards"] for e in events if e.kind == "look"] == [["d0", "d1", "d2"]]
    assert sorted(a.get("cards") for a in state.pending.options) == [("d0",), ("d1",), ("d2",)]
    state, _ = play(state, Action.make("choose_cards", cards=["d1"]))
    if rest != "discard":
        assert state.pending.kind == "look_order" and len(state.pending.options) == 2
        state, _ = play(state, Action.make("deck_order", order=["d2", "d0"]))
    assert state.zones[0]["reserve"] == ["d1"] and state.zones[0]["deck"] == deck_after
    assert len(state.zones[0]["discard"]) == (2 if rest == "discard" else 0)


def test_a_short_deck_takes_the_discard_pile_under_it_before_the_look():
    look = [{"kind": "look", "count": 3, "take": 0, "rest": "top"}]
    state, events = use({"hero_expedition": [quick(look)], "deck": [character("d0")],
                         "discard": [character("x1"), character("x2")]})
    assert next(e for e in events if e.kind == "reshuffle").citations[0].number == "3.2.2.d"
    assert state.pending.kind == "look_order" and state.zones[0]["deck"][0] == "d0"
    assert {a.get("order")[0] for a in state.pending.options} == {"d0", "x1", "x2"}


def test_a_card_of_the_opponents_hand_is_chosen_by_me_from_that_hand_and_goes_to_their_zone():
    state, _ = use({"hero_expedition": [quick([{"kind": "put", "to": "discard", "opponent": True}])],
                    "hand": [character("mine")]},
                   {"hand": [character("a"), character("b")]})
    decision = state.pending
    assert decision.player == 0 and sorted(a.card for a in decision.options) == ["a", "b"]  # 3.2.5.c: not my hand
    state, events = play(state, Action.make("choose", card="b"))
    assert state.loc["b"] == (1, "discard") and state.loc["a"] == (1, "hand") and state.loc["mine"] == (0, "hand")
    assert any(e.kind == "put" and "3.2.5.c" in [c.number for c in e.citations] for e in events)


@pytest.mark.parametrize("named, taken", [(["a"], "a"), (["b"], "b"), (["b", "a"], "b")])
def test_a_card_at_random_is_the_one_the_scenario_names(named, taken):
    discard = quick([{"kind": "put", "to": "discard", "opponent": True, "random": True}])
    state, _ = use({"hero_expedition": [discard]}, {"hand": [character("a"), character("b")]}, random_cards=named)
    assert state.loc[taken] == (1, "discard") and state.at_random == named[1:]  # used up, the rest still to come


def test_a_card_at_random_not_named_or_named_but_not_there_comes_from_the_seed_alike_each_time():
    discard = quick([{"kind": "put", "to": "discard", "opponent": True, "random": True}])
    hand = {"hand": [character("a"), character("b"), character("c")]}
    plain, _ = use({"hero_expedition": [discard]}, hand, seed=5)
    absent, _ = use({"hero_expedition": [discard], "hand": [character("mine")]}, hand, seed=5, random_cards=["mine"])
    assert plain.zones[1]["discard"] == absent.zones[1]["discard"] and len(plain.zones[1]["discard"]) == 1
    assert absent.at_random == [] and absent.loc["mine"] == (0, "hand")


def test_a_card_at_random_from_my_own_hand_asks_no_one():
    discard = quick([{"kind": "put", "to": "discard", "random": True}])
    state, events = use({"hero_expedition": [discard], "hand": [character("a"), character("b")]},
                        random_cards=["b"])
    assert state.loc["b"] == (0, "discard") and state.loc["a"] == (0, "hand") and state.pending.kind == "turn"
    assert next(e for e in events if e.kind == "put").citations[0].number == "3.2.5.c"


def test_an_ongoing_emblem_with_a_target_applies_to_it_alone_until_it_changes_zone():
    from engine.altered import play as play_action
    giant = quick([{"kind": "ongoing", "duration": "day", "target": "choose_own",
                    "effects": [{"kind": "keyword", "keyword": "giant"}]}])
    state, _ = use({"hero_expedition": [giant, character("b")]})
    state, _ = play_action(state, Action.make("choose", card="b"))
    assert state.emblems[-1]["target"] == "b" and state.has("b", "giant") and not state.has("q", "giant")
    assert "b" in state.present_in(0, "companion_expedition")  # 7.4.3.b
    from engine.altered.primitives import move
    move(state, "b", "reserve")
    assert not any(e.get("target") == "b" for e in state.emblems)  # 2.1.c: a new object


def test_each_player_puts_a_card_of_their_own_in_initiative_order_then_all_at_once():
    from engine.altered import play as play_action
    each = quick([{"kind": "put", "to": "reserve", "each_player": True}])
    state, _ = use({"hero_expedition": [each], "hand": [character("a")]}, {"hand": [character("b")]})
    assert state.pending.kind == "choose" and state.pending.player == 0
    state, _ = play_action(state, Action.make("choose", card="a"))
    assert state.pending.player == 1 and state.loc["a"] == (0, "hand")  # chosen, not yet put (6.1.f)
    state, events = play_action(state, Action.make("choose", card="b"))
    assert state.loc["a"] == (0, "reserve") and state.loc["b"] == (1, "reserve")
    assert [e.player for e in events if e.kind == "put"] == [0, 1]


def test_a_modal_spell_played_for_free_may_choose_its_mode_on_any_resistente():
    """7.4.5.c's note: played for free, its Resistente extra is not paid, so a mode targeting Resistente 3 with no
    ready orb is one the player may choose (5.2.3.d)."""
    modal = {"id": "mod", "name": "Mod", "type": "spell", "hand_cost": 4, "reserve_cost": 4, "abilities": [
        {"timing": "effect", "modes": [[{"kind": "send", "to": "hand", "target": "choose_opponent"}],
                                       [{"kind": "draw", "count": 1}]]}]}
    free = {"id": "free", "name": "Free", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
            "abilities": [{"timing": "effect", "effects": [{"kind": "play_free", "from": "hand", "type": "spell"}]}]}
    state, _ = advance(position({"hand": [free, modal], "deck": [character("d0")]},
                                {"hero_expedition": [character("t", tough=3)]}, first_player=0))
    state, _ = play(state, Action.make("play", card="free"))
    state, _ = play(state, Action.make("play", card="mod"))
    assert state.pending.kind == "mode" and Action.make("mode", mode=0) in state.pending.options
    state, _ = play(state, Action.make("mode", mode=0))
    state, events = play(state, Action.make("choose", card="t"))
    assert "t" in state.zones[1]["hand"] and not any(e.kind == "pay_tough" for e in events)
