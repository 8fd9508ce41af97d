"""engine.altered.step_replacement: a modifier replacing a whole step applies first (6.2.e.1), the step's controller
choosing among several (6.2.f), each once to a step and the steps replacing it (6.2.h)."""
import pytest

from engine.altered import advance, play
from engine.altered.actions import Action

from .helpers import character, position

INSIGHT = {"id": "insight", "name": "Insight", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
           "abilities": [{"timing": "effect", "effects": [{"kind": "draw", "count": 1}]}]}


def landmark(cid, step, effects, **extra):
    return {"id": cid, "name": cid.capitalize(), "type": "permanent", "hand_cost": 1, "reserve_cost": 1,
            "abilities": [{"timing": "passive", "effects": [{"kind": "replace_step", "step": step, "effects": effects,
                                                             **extra}]}]}


RESUPPLY = [{"kind": "resupply", "count": 1}]
BOOST = [{"kind": "boost", "count": 1, "target": "each_own"}]


def played(landmarks, p1=None, deck=2):
    me = {"hand": [INSIGHT], "landmarks": landmarks, "hero_expedition": [character("a")],
          "deck": [character(f"d{i}") for i in range(deck)]}
    state, _ = advance(position(me, p1, first_player=0, passed=[False, True], to_act=0))
    return play(state, Action.make("play", card="insight"))


def test_the_step_is_replaced_by_the_modifiers_steps_and_never_happens():
    state, events = played([landmark("well", "draw", RESUPPLY)])
    assert state.loc["d0"] == (0, "reserve") and state.zones[0]["hand"] == []
    kinds = [e.kind for e in events]
    assert "draw" not in kinds and kinds.index("step_replaced") < kinds.index("resupply")
    replaced = next(e for e in events if e.kind == "step_replaced")
    assert [c.number for c in replaced.citations][:2] == ["6.2.e", "6.2.b"]


@pytest.mark.parametrize("first, boosts, reserve", [("well", 0, ["d0", "insight"]), ("lib", 1, ["insight"])])
def test_of_two_the_controller_chooses_and_the_other_does_not_touch_the_new_step(first, boosts, reserve):
    state, _ = played([landmark("well", "draw", RESUPPLY), landmark("lib", "draw", BOOST)])
    assert state.pending.kind == "instead" and {a.get("first") for a in state.pending.options} == {"well", "lib"}
    state, events = play(state, Action.make("instead", first=first))
    assert state.boosts("a") == boosts and sorted(state.zones[0]["reserve"]) == sorted(reserve)
    assert sum(e.kind == "step_replaced" for e in events) == 1


def test_a_modifier_does_not_replace_the_steps_that_replace_with_its_own_kind_again():
    state, events = played([landmark("echo", "draw", [{"kind": "draw", "count": 2}])])  # 6.2.h: once for a step
    assert sorted(state.zones[0]["hand"]) == ["d0", "d1"] and sum(e.kind == "step_replaced" for e in events) == 1


def test_only_the_steps_of_whom_it_names_are_replaced():
    state, _ = played([], {"landmarks": [landmark("well", "draw", RESUPPLY)]})
    assert state.zones[0]["hand"] == ["d0"]
    state, _ = played([], {"landmarks": [landmark("tax", "draw", RESUPPLY, opponent=True)]})
    assert state.zones[0]["hand"] == [] and state.loc["d0"] == (0, "reserve")


def test_an_impossible_step_is_not_replaced_and_says_why():
    state, events = played([landmark("lib", "draw", BOOST)], deck=0)  # no deck, no discard pile: no draw (1.4.1.d)
    assert state.boosts("a") == 0 and not any(e.kind == "step_replaced" for e in events)
    assert [c.number for c in next(e for e in events if e.kind == "not_modified").citations][0] == "1.4.1.d"


def test_a_step_every_player_does_is_replaced_for_the_player_whose_atomic_action_it_is():
    """6.1.e, 6.2.e.2 (AL31): "each player draws a card" is one step with an atomic action per player; "if you would
    draw a card, Resupply instead" replaces its controller's, the other player still draws."""
    each = {**INSIGHT, "abilities": [{"timing": "effect", "effects": [{"kind": "draw", "count": 1, "each_player": True}]}]}
    state, _ = advance(position({"hand": [each], "landmarks": [landmark("well", "draw", RESUPPLY)],
                                 "deck": [character("d0")]}, {"deck": [character("e0")]},
                                first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="insight"))
    assert state.loc["d0"] == (0, "reserve") and state.loc["e0"] == (1, "hand")
    replaced = [e for e in events if e.kind == "step_replaced"]
    assert len(replaced) == 1 and replaced[0].player == 0 and "AL31" in replaced[0].assumptions
    assert [c.number for c in replaced[0].citations][:2] == ["6.2.e", "6.1.e"]


def test_a_step_every_player_does_without_a_modifier_happens_as_written():
    each = {**INSIGHT, "abilities": [{"timing": "effect", "effects": [{"kind": "draw", "count": 1, "each_player": True}]}]}
    state, _ = advance(position({"hand": [each], "deck": [character("d0")]}, {"deck": [character("e0")]},
                                first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="insight"))
    assert state.loc["d0"] == (0, "hand") and state.loc["e0"] == (1, "hand")
    assert not any(e.kind == "step_replaced" for e in events)


@pytest.mark.parametrize("opponent", [False, True])
def test_the_mornings_draw_is_replaced_for_the_player_it_names(opponent):
    """4.2.1.d: the Morning's "each player draws two cards" is a daily effect whose each player's draw is an atomic
    action a "replace_step" modifier replaces (6.2.e.2, AL31)."""
    extra = {"opponent": True} if opponent else {}
    state = position({"landmarks": [landmark("well", "draw", RESUPPLY, **extra)],
                      "deck": [character(f"d{i}") for i in range(4)]},
                     {"deck": [character(f"e{i}") for i in range(4)]},
                     first_player=1, passed=[True, True], to_act=0, phase="night")
    state, events = advance(state)
    while state.pending is not None and state.pending.kind != "expand":
        state, more = play(state, state.pending.options[-1])
        events += more
    who = 1 if opponent else 0
    drawn = [c for c in ("d0", "d1", "e0", "e1") if state.loc[c][1] == "hand"]
    assert sum(e.kind == "step_replaced" for e in events) == 1
    assert state.loc["d0" if not opponent else "e0"] == (who, "reserve")
    assert drawn == (["e0", "e1"] if not opponent else ["d0", "d1"])


@pytest.mark.parametrize("step, named", [
    ({"kind": "put", "to": "discard"}, ("discard",)), ({"kind": "put", "to": "reserve"}, ()),
    ({"kind": "put", "to": "mana"}, ()), ({"kind": "send", "to": "discard"}, ("send", "discard")),
    ({"kind": "send", "to": "hand"}, ("send",)), ({"kind": "sacrifice"}, ("sacrifice", "discard")),
    ({"kind": "sabotage"}, ("sabotage", "discard")), ({"kind": "draw", "count": 1}, ("draw",)),
])
def test_a_discard_modifier_names_only_the_steps_the_rules_call_discarding(step, named):
    from engine.altered.abilities import _effect
    from engine.altered.step_replacement import names

    assert names(_effect(step, "e")) == named  # 7.3.4.a, 7.3.19.a, 7.3.18.a (AL33)


def test_a_modifier_of_putting_a_card_from_the_hand_is_refused_at_load_as_it_is_not_discarding():
    from engine.altered.abilities import parse_ability
    from engine.core.errors import DefinitionError

    with pytest.raises(DefinitionError, match="discard"):
        parse_ability({"timing": "passive", "effects": [{"kind": "replace_step", "step": "put", "effects": RESUPPLY}]},
                      "a", "permanent")


@pytest.mark.parametrize("whose, replaced_for", [(0, None), (1, 1)])
def test_your_opponent_draws_is_replaced_by_the_opponents_modifier_only(whose, replaced_for):
    gift = {**INSIGHT, "id": "gift", "abilities": [{"timing": "effect", "effects": [
        {"kind": "draw", "count": 1, "opponent": True}]}]}
    well = landmark("well", "draw", RESUPPLY)
    me = {"hand": [gift], "landmarks": [well] if whose == 0 else [], "deck": [character("d0")]}
    them = {"landmarks": [well] if whose == 1 else [], "deck": [character("e0")]}
    state, _ = advance(position(me, them, first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="gift"))
    assert [e.player for e in events if e.kind == "step_replaced"] == ([replaced_for] if replaced_for is not None else [])
    assert ("e0" in state.zones[1]["reserve"]) == (replaced_for == 1) and state.zones[0]["deck"] == ["d0"]


def test_a_fleeting_characters_move_made_a_discard_is_replaced_and_it_stays():
    """6.2.g, AL35: sent to the Reserve, a Fleeting character goes to the discard pile instead (2.4.6.c); that
    discard is looked at again and "if you would discard" replaces it: the character does not move."""
    toss = {"id": "insight", "name": "Toss", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
            "abilities": [{"timing": "effect", "effects": [{"kind": "send", "to": "reserve", "target": "each_own"}]}]}
    me = {"hand": [toss], "landmarks": [landmark("well", "discard", RESUPPLY)],
          "hero_expedition": [character("f", status=["fleeting"]), character("a")],
          "deck": [character(f"d{i}") for i in range(2)]}
    state, _ = advance(position(me, None, first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="insight"))
    assert state.loc["f"] == (0, "hero_expedition") and state.loc["a"] == (0, "reserve")
    assert state.loc["d0"] == (0, "reserve") and state.loc["d1"] == (0, "deck")
    replaced = [e for e in events if e.kind == "step_replaced"]
    assert len(replaced) == 1 and replaced[0].data["object"] == "f" and "AL35" in replaced[0].assumptions
    assert [c.number for c in replaced[0].citations][:2] == ["6.2.g", "7.3.4.a"]


@pytest.mark.parametrize("first, boosts, reserve", [("well", 0, ["a", "d0"]), ("lib", 1, ["a"])])
def test_two_discard_modifiers_on_a_fleeting_characters_discard_its_controller_chooses(first, boosts, reserve):
    """6.2.f, AL35: two "if you would discard" modifiers of the step's controller would replace the discard a
    Fleeting character's move became; that player chooses which, and only that one applies."""
    toss = {"id": "insight", "name": "Toss", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
            "abilities": [{"timing": "effect", "effects": [{"kind": "send", "to": "reserve", "target": "each_own"}]}]}
    me = {"hand": [toss], "landmarks": [landmark("well", "discard", RESUPPLY), landmark("lib", "discard", BOOST)],
          "hero_expedition": [character("f", status=["fleeting"]), character("a")],
          "deck": [character(f"d{i}") for i in range(2)]}
    state, _ = advance(position(me, None, first_player=0, passed=[False, True], to_act=0))
    state, _ = advance(play(state, Action.make("play", card="insight"))[0])
    asked = state.pending
    assert asked.kind == "instead" and asked.player == 0
    assert sorted(o.get("first") for o in asked.options) == ["lib", "well"]
    assert asked.citation.number == "6.2.f"
    state, events = play(state, Action.make("instead", first=first))
    assert state.loc["f"] == (0, "hero_expedition") and state.boosts("f") == boosts
    assert sorted(state.zones[0]["reserve"]) == sorted(reserve + ["insight"])
    replaced = [e for e in events if e.kind == "step_replaced"]
    assert [e.data["card"] for e in replaced] == [first] and "6.2.f" in [c.number for c in replaced[0].citations]
