"""engine.altered.effects: "if you do" (6.5.d), the steps' targets, a reaction's Resistente extra, a step done by the
opponent."""
import pytest

from engine.altered import advance, play
from engine.altered.actions import Action

from .helpers import character, position


def spell(effects):
    return {"id": "s", "name": "S", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
            "abilities": [{"timing": "effect", "effects": effects}]}


def cast(p0, p1=None, answers=()):
    state, _ = advance(position(p0, p1, first_player=0))
    events = []
    for answer in ({"kind": "play", "card": "s"},) + tuple(answers):
        state, more = play(state, Action.make(**answer))
        events += more
    return state, events


@pytest.mark.parametrize("answers, hand", [([{"kind": "accept"}, {"kind": "choose", "card": "c"}], 1),
                                           ([{"kind": "pass"}], 0)])
def test_if_you_do_follows_whether_the_optional_step_was_done(answers, hand):
    steps = [{"kind": "sacrifice", "optional": True}, {"kind": "draw", "count": 1, "if": "did"}]
    state, events = cast({"hand": [spell(steps)], "hero_expedition": [character("c")],
                          "deck": [character("d")]}, answers=answers)
    assert len(state.zones[0]["hand"]) == hand
    assert any("6.5.d" in [c.number for c in e.citations] for e in events)


@pytest.mark.parametrize("target, giant, boosted", [
    ("each_mine", False, {"q", "a2"}),
    ("each_mine", True, {"q", "a2", "a3"}),
    ("each_facing", False, {"b1"}),
    ("each_facing", True, {"b1", "b2"}),
])
def test_each_character_in_my_expedition_or_the_one_facing_me(target, giant, boosted):
    q = character("q", abilities=[{"timing": "quick", "cost": [{"kind": "exhaust_self"}],
                                   "effects": [{"kind": "boost", "count": 1, "target": target}]}],
                  **({"keywords": ["giant"]} if giant else {}))
    state, _ = advance(position({"hero_expedition": [q, character("a2")], "companion_expedition": [character("a3")]},
                                {"hero_expedition": [character("b1")], "companion_expedition": [character("b2")]},
                                first_player=0))
    state, _ = play(state, Action.make("quick", card="q", ability=0))
    assert {c for c in ("q", "a2", "a3", "b1", "b2") if state.boosts(c)} == boosted
    assert all(state.boosts(c) <= 1 for c in boosted)  # a Giant present in both is boosted once


@pytest.mark.parametrize("answer, where, mana", [("accept", "hand", 0), ("pass", "hero_expedition", 1)])
def test_a_reactions_resistente_extra_is_asked_and_refusing_it_leaves_the_reaction_without_effect(answer, where, mana):
    bounce = {"timing": "reaction", "trigger": "on_you_play_spell", "effects": [
        {"kind": "send", "to": "hand", "target": "choose_opponent"}, {"kind": "draw", "count": 1}]}
    state, events = cast({"hand": [spell([{"kind": "boost", "count": 1, "target": "each_own"}])],
                          "hero_expedition": [character("t", abilities=[bounce])], "mana": [character("m")],
                          "deck": [character("d")]},
                         {"hero_expedition": [character("g", tough=1)]},
                         answers=[{"kind": "choose", "card": "g"}])
    assert state.pending.kind == "reaction_cost" and state.pending.citation.number == "7.4.5.c"
    state, _ = play(state, Action.make(answer))
    assert "g" in state.zones[1][where] and len(state.ready_mana(0)) == mana
    assert len(state.zones[0]["hand"]) == (1 if answer == "accept" else 0)  # the later step follows the refusal


def test_a_step_of_the_opponent_is_done_and_chosen_by_them():
    from engine.altered import advance, play
    from engine.altered.actions import Action

    from .helpers import character, position
    decree = {"id": "dec", "name": "Decree", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
              "abilities": [{"timing": "effect", "effects": [{"kind": "sacrifice", "opponent": True},
                                                             {"kind": "draw", "count": 1, "opponent": True}]}]}
    state, _ = advance(position({"hand": [decree], "hero_expedition": [character("mine")]},
                                {"hero_expedition": [character("a"), character("b")], "deck": [character("top")]},
                                first_player=0, passed=[False, True], to_act=0))
    state, _ = play(state, Action.make("play", card="dec"))
    assert state.pending.kind == "sacrifice" and state.pending.player == 1
    state, _ = play(state, Action.make("choose", card="b"))
    assert state.loc["b"] == (1, "discard") and state.loc["mine"][1] == "hero_expedition"
    assert state.loc["top"] == (1, "hand")


def test_a_step_that_did_nothing_to_anyone_is_not_done_for_if_you_do():
    """6.5.d, 7.3.8.b: exhausting an opponent's already Exhausted character is not begun, so "if you do" is false;
    exhausting two of which one already was is begun, and it is true."""
    import json
    from pathlib import Path

    import engine
    folder = Path(__file__).resolve().parents[2] / "scenarios" / "altered"
    for name, drawn in (("outsider10-exhaust-an-exhausted-character-then-if-you-do-draws-nothing", 0),
                        ("outsider10-exhaust-each-opponent-character-one-already-exhausted-still-draws", 1)):
        result = engine.run_scenario(json.loads((folder / f"{name}.json").read_text(encoding="utf-8")))
        assert result.passed and len(result.state.zones[0]["hand"]) == drawn, name
