"""engine.altered.primitives: an object's reactions read as it was before an event took it out of play (6.3.d-e)."""
from engine.altered.primitives import as_it_is, move, trigger

from .helpers import character, position

LEAVE = {"timing": "reaction", "trigger": "on_leave_expedition", "effects": [{"kind": "draw", "count": 1}]}
SILENCE = {"id": "sil", "name": "Silence", "type": "permanent", "abilities": [
    {"timing": "passive", "effects": [{"kind": "lose_abilities", "to": {"who": "opponent"}}]}]}


def test_the_reactions_it_had_in_play_trigger_after_it_has_gone():
    state = position({"hero_expedition": [character("run", abilities=[LEAVE])]}, {"landmarks": [SILENCE]})
    was = as_it_is(state, "run")
    assert was[0] == ()  # it has lost its abilities while in play (2.3.2.d)
    move(state, "run", "hand", [])
    assert as_it_is(state, "run")[0] != ()  # in the hand the passive no longer reaches it
    events: list = []
    assert trigger(state, "run", "on_leave_expedition", events, was=was) == 0
    assert trigger(state, "run", "on_leave_expedition", events) == 1  # read now, it would wrongly trigger


def test_another_character_joining_is_seen_by_the_others_present_not_by_those_joining_with_it():
    from engine.altered.primitives import others_see_join
    joins = {"timing": "reaction", "trigger": "on_other_joins", "effects": [{"kind": "draw", "count": 1}]}
    state = position({"hero_expedition": [character("a", abilities=[joins]), character("new", abilities=[joins]),
                                          character("also", abilities=[joins])],
                      "companion_expedition": [character("far", abilities=[joins]),
                                               character("big", abilities=[joins], keywords=["giant"])]},
                     {"hero_expedition": [character("theirs", abilities=[joins])]})
    events: list = []
    others_see_join(state, "new", events, new=("new", "also"))
    assert sorted(e.data["card"] for e in events if e.kind == "reaction") == ["a", "big"]  # a Giant is in both


def test_another_character_leaving_is_seen_by_those_present_with_it_not_by_itself_or_the_other_expedition():
    from engine.altered.primitives import others_see_leave, watchers
    leaves = {"timing": "reaction", "trigger": "on_other_leaves", "effects": [{"kind": "draw", "count": 1}]}
    state = position({"hero_expedition": [character("a", abilities=[leaves]), character("gone", abilities=[leaves])],
                      "companion_expedition": [character("far", abilities=[leaves]),
                                               character("big", abilities=[leaves], keywords=["giant"])]},
                     {"hero_expedition": [character("theirs", abilities=[leaves])]})
    seen = watchers(state, "gone")
    assert sorted(seen) == ["a", "big"]  # a Giant of the other expedition is present in this one (7.4.3.b)
    move(state, "gone", "reserve", [])
    events: list = []
    others_see_leave(state, seen, events)
    assert sorted(e.data["card"] for e in events if e.kind == "reaction") == ["a", "big"]
    assert sorted(watchers(state, "big")) == ["a", "far"]  # a Giant leaving leaves both expeditions


def test_also_gains_a_boost_adds_each_modifier_once_to_the_characters_it_names():
    from engine.altered.primitives import also_boost

    def banner(bid, who):
        return {"id": bid, "name": "Banner", "type": "permanent", "abilities": [
            {"timing": "passive", "effects": [{"kind": "also_boost", "count": 1, "to": {"who": who}}]}]}
    state = position({"hero_expedition": [character("mine")], "landmarks": [banner("b1", "own"), banner("b2", "own")]},
                     {"hero_expedition": [character("theirs")]})
    events: list = []
    also_boost(state, "mine", events)
    also_boost(state, "theirs", events)
    assert state.boosts("mine") == 2 and state.boosts("theirs") == 0
    assert all("6.2.c" in [c.number for c in e.citations] for e in events)


def test_becoming_boosted_is_going_from_no_boost_to_some():
    from engine.altered.primitives import add_counters, became_boosted
    seed = {"timing": "reaction", "trigger": "on_become_boosted", "effects": [{"kind": "draw", "count": 1}]}
    state = position({"hero_expedition": [character("a", abilities=[seed]), character("b", abilities=[seed], boost=1)]})
    events: list = []
    for card in ("a", "b"):
        before = state.boosts(card)
        add_counters(state, card, 2)
        became_boosted(state, card, before, events)
    assert [e.data["card"] for e in events if e.kind == "reaction"] == ["a"]  # b had one already (2.4.1.d)


def test_a_play_reaction_limited_to_the_reserve_triggers_only_for_a_card_played_from_there():
    played = {"timing": "reaction", "trigger": "on_you_play", "from": "reserve", "effects": [{"kind": "draw", "count": 1}]}
    state = position({"hero_expedition": [character("qm", abilities=[played])]}, {})
    events: list = []
    assert trigger(state, "qm", "on_you_play", events, played_from="hand") == 0
    assert trigger(state, "qm", "on_you_play", events, played_from="reserve") == 1


def test_an_also_inside_an_ongoing_emblem_adds_its_own_ongoing_effect():
    """6.2.c, 2.2.2.m: "this Afternoon, if a Character you control gains a boost, it also gains Defender this Day":
    the emblem the "also" makes finds its effect inside the first emblem's, and the character has Defender."""
    import json
    from pathlib import Path

    import engine
    path = Path(__file__).resolve().parents[2] / "scenarios" / "altered" / \
        "outsider10-also-inside-an-ongoing-emblem-gives-defender.json"
    result = engine.run_scenario(json.loads(path.read_text(encoding="utf-8")))
    assert result.passed and result.state.has("scout", "defender")
    made = [e for e in result.state.emblems if e.get("also")]
    assert len(made) == 1 and made[0]["via"] == 0 and made[0]["target"] == "scout"


def test_a_this_turn_effect_made_outside_a_turn_names_its_reading():
    """AL32: "this turn" made at Noon or Dusk (no turn is being taken) lasts to the next turn's end, and says so."""
    import json
    from pathlib import Path

    import engine
    from engine.altered.primitives import outside_a_turn
    folder = Path(__file__).resolve().parents[2] / "scenarios" / "altered"
    for name in ("outsider10-this-turn-effect-made-at-noon-ends-with-the-first-turn",
                 "outsider10-this-turn-effect-made-at-dusk-counts-at-progress"):
        result = engine.run_scenario(json.loads((folder / f"{name}.json").read_text(encoding="utf-8")))
        assert result.passed, name
    state = position({})
    state.phase = "afternoon"
    assert outside_a_turn(state, "turn") == ()
    state.phase = "noon"
    assert outside_a_turn(state, "turn") == ("AL32",) and outside_a_turn(state, "day") == ()
