"""engine.altered.turn: a card played for free by an effect (7.3.14.a, AL21): no mana, no Resistente extra, the turn
goes on; cost changes of a type or zone (2.2.10.j); boosts for the characters played (AL26)."""
from engine.altered import advance, legal_actions, play
from engine.altered.actions import Action

from .helpers import character, position


def spell(sid, effects, cost=0):
    return {"id": sid, "name": sid.capitalize(), "type": "spell", "hand_cost": cost, "reserve_cost": cost,
            "abilities": [{"timing": "effect", "effects": effects}]}


def start(p0, p1=None):
    state, _ = advance(position(p0, p1, first_player=0))
    return play(state, Action.make("play", card="free"))[0]


def test_a_character_played_for_free_costs_nothing_and_the_player_names_its_expedition():
    state = start({"hand": [spell("free", [{"kind": "play_free", "from": "hand"}]), character("big", cost=5)]})
    assert state.pending.kind == "play_free"
    assert {(a.card, a.get("expedition")) for a in legal_actions(state)} == {("big", "hero"), ("big", "companion")}
    state, events = play(state, Action.make("play", card="big", expedition="hero"))
    played = next(e for e in events if e.kind == "play")
    assert played.data["cost"] == 0 and "7.3.14.a" in [c.number for c in played.citations]
    assert "big" in state.zones[0]["hero_expedition"] and state.to_act == 1


def test_a_spell_played_for_free_may_target_any_resistente_and_pays_nothing_for_it():
    bounce = spell("bounce", [{"kind": "send", "to": "hand", "target": "choose_opponent"}], cost=3)
    state = start({"hand": [spell("free", [{"kind": "play_free", "from": "hand", "type": "spell"}]), bounce]},
                  {"hero_expedition": [character("b", tough=3)]})
    state, _ = play(state, Action.make("play", card="bounce"))
    state, events = play(state, Action.make("choose", card="b"))
    assert "b" in state.zones[1]["hand"] and not any(e.kind == "pay_tough" for e in events)


def test_a_type_not_in_the_zone_leaves_nothing_to_play_and_the_step_is_ignored():
    state = start({"hand": [spell("free", [{"kind": "play_free", "from": "reserve", "type": "permanent"}])],
                   "reserve": [character("r")]})
    assert state.pending.kind == "turn" and "r" in state.zones[0]["reserve"]


def test_a_cost_change_applies_to_the_cards_of_its_type_and_zone_only():
    from engine.altered.turn import cost
    hall = {"id": "hall", "name": "Hall", "type": "permanent", "abilities": [{"timing": "passive", "effects": [
        {"kind": "cost", "amount": -1, "type": "spell"}, {"kind": "cost", "amount": 2, "from": "reserve"}]}]}
    state = position({"hand": [spell("s", [{"kind": "draw", "count": 1}], cost=2), character("c", cost=2)],
                      "reserve": [spell("rs", [{"kind": "draw", "count": 1}], cost=1), character("rc", cost=1)],
                      "landmarks": [hall]})
    assert [cost(state, c) for c in ("s", "c", "rs", "rc")] == [1, 2, 2, 3]


def test_the_next_character_played_gains_the_boost_and_the_emblem_ceases():
    haven = character("app", abilities=[{"timing": "support", "cost": [{"kind": "discard_self"}], "effects": [
        {"kind": "ongoing", "duration": "day", "effects": [{"kind": "boost_played", "count": 1, "next": True}]}]}])
    mana = [character(f"m{i}") for i in range(2)]
    state, _ = advance(position({"reserve": [haven], "hand": [character("a"), character("b")], "mana": mana},
                                first_player=0, passed=[False, True], to_act=0))
    state, _ = play(state, Action.make("quick", card="app", ability=0))
    assert len(state.emblems) == 1
    state, events = play(state, Action.make("play", card="a", expedition="hero"))
    assert state.boosts("a") == 1 and state.emblems == []
    kinds = [e.kind for e in events]
    assert kinds[kinds.index("joins") + 1] == "boost"  # as it joins its expedition (AL26)
    state, _ = play(state, Action.make("play", card="b", expedition="hero"))
    assert state.boosts("b") == 0


def test_when_you_play_a_card_of_a_type_reacts_for_that_type_only_and_never_for_itself():
    def watcher(cid, when, cost=1):
        return character(cid, cost, abilities=[{"timing": "reaction", "trigger": when,
                                          "effects": [{"kind": "boost", "count": 1}]}])
    state, _ = advance(position({"hand": [watcher("new", "on_you_play_character", cost=0), spell("s", [{"kind": "draw",
                                                                                               "count": 1}])],
                                 "hero_expedition": [watcher("chars", "on_you_play_character"),
                                                     watcher("spells", "on_you_play_spell"),
                                                     watcher("cards", "on_you_play")]},
                                first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="new", expedition="hero"))
    reacted = [e.data["card"] for e in events if e.kind == "reaction"]
    assert sorted(reacted) == ["cards", "chars"]  # not "new" (6.3.d), not the spell watcher
    assert all("6.3.b" in [c.number for c in e.citations] for e in events if e.kind == "reaction")


def test_when_your_opponent_plays_reacts_to_the_other_players_cards_only():
    def watcher(cid, when):
        return character(cid, abilities=[{"timing": "reaction", "trigger": when,
                                          "effects": [{"kind": "draw", "count": 1}]}])
    state, _ = advance(position({"hand": [character("new", cost=0)],
                                 "hero_expedition": [watcher("mine", "on_opponent_plays_character")]},
                                {"hero_expedition": [watcher("theirs", "on_opponent_plays_character"),
                                                     watcher("spells", "on_opponent_plays_spell")]},
                                first_player=0, passed=[False, True], to_act=0))
    state, events = play(state, Action.make("play", card="new", expedition="hero"))
    assert [e.data["card"] for e in events if e.kind == "reaction"] == ["theirs"]


def test_what_a_reduction_cannot_take_off_the_cards_own_cost_is_left_for_its_resistente_extra():
    """AL36: the card's own cost stops at 0 (AL16); the rest of the reduction lowers Resistente's extra."""
    from engine.altered.turn import cost, reduction_left
    shrine = {"id": "shrine", "name": "Shrine", "type": "permanent", "abilities": [{"timing": "passive", "effects": [
        {"kind": "cost", "amount": -2, "type": "spell"}]}]}
    state = position({"hand": [spell("zero", [{"kind": "draw", "count": 1}]), spell("one", [{"kind": "draw",
                                                                                             "count": 1}], cost=1),
                               spell("three", [{"kind": "draw", "count": 1}], cost=3), character("c", cost=0)],
                      "landmarks": [shrine]})
    assert [(cost(state, c), reduction_left(state, c)) for c in ("zero", "one", "three", "c")] == [
        (0, 2), (0, 1), (1, 0), (0, 0)]


def test_a_reduction_left_over_pays_resistente_once_across_the_spells_targets():
    """AL36: one leftover of 1, two Resistente 1 targets in two steps: the first is paid by it, the second in mana."""
    shrine = {"id": "shrine", "name": "Shrine", "type": "permanent", "abilities": [{"timing": "passive", "effects": [
        {"kind": "cost", "amount": -1, "type": "spell"}]}]}
    shove = [{"kind": "send", "to": "hand", "target": "choose_opponent"}] * 2
    state, _ = advance(position({"hand": [spell("two", shove)], "landmarks": [shrine],
                                 "mana": [character("m0"), character("m1")]},
                                {"hero_expedition": [character("t1", tough=1), character("t2", tough=1)]},
                                first_player=0, passed=[False, True], to_act=0))
    state, _ = play(state, Action.make("play", card="two"))
    state, first = play(state, Action.make("choose", card="t1"))
    state, second = play(state, Action.make("choose", card="t2"))
    paid = [e.data for e in first + second if e.kind == "pay_tough"]
    assert [(d["count"], d.get("reduced")) for d in paid] == [(0, 1), (1, None)]
    assert len(state.ready_mana(0)) == 1 and {"t1", "t2"} <= set(state.zones[1]["hand"])
