"""engine.altered.leaving: a card put at a place in its owner's deck (3.2.2.c, 3.2.2.f), a switch (7.3.22, 7.4.3.j),
a sacrifice made by every player at once (7.3.19.a, 6.1.f) and a sabotage that may discard nothing (7.3.18.a)."""
import pytest

from .helpers import character
from .test_effects import cast, spell


@pytest.mark.parametrize("end, depth, deck, order", [
    ("top", 1, 3, ["c", "d0", "d1", "d2"]), ("bottom", 1, 3, ["d0", "d1", "d2", "c"]),
    ("top", 2, 3, ["d0", "c", "d1", "d2"]), ("bottom", 2, 3, ["d0", "d1", "c", "d2"]),
    ("top", 5, 1, ["d0", "c"]), ("bottom", 5, 1, ["c", "d0"])])
def test_a_card_put_into_the_deck_takes_its_place_or_the_other_end_of_a_short_deck(end, depth, deck, order):
    steps = [{"kind": "send", "to": "deck", "position": end, "depth": depth, "target": "choose_own"}]
    state, events = cast({"hand": [spell(steps)], "hero_expedition": [character("c", boost=1)],
                          "deck": [character(f"d{i}") for i in range(deck)]},
                         answers=[{"kind": "choose", "card": "c"}])
    assert state.zones[0]["deck"] == order and state.boosts("c") == 0
    short = any("3.2.2.f" in [c.number for c in e.citations] for e in events)
    assert short == (depth > deck + 1)


@pytest.mark.parametrize("giant, reacts", [(False, ["on_leave_expedition", "on_join_expedition"]), (True, [])])
def test_a_switch_leaves_one_expedition_and_joins_the_other_but_a_giant_does_neither(giant, reacts):
    react = [{"timing": "reaction", "trigger": t, "effects": [{"kind": "draw", "count": 1}]}
             for t in ("on_join_expedition", "on_leave_expedition")]
    c = character("c", abilities=react, **({"keywords": ["giant"]} if giant else {}))
    state, events = cast({"hand": [spell([{"kind": "switch", "target": "choose_own"}])], "hero_expedition": [c]},
                         answers=[{"kind": "choose", "card": "c"}])
    triggered = [e for e in events if e.kind == "reaction"]
    assert [react[e.data["ability"]]["trigger"] for e in triggered] == reacts
    assert "c" in state.zones[0]["companion_expedition"]


def test_each_player_sacrifices_at_once_after_both_chose():
    steps = [{"kind": "sacrifice", "each_player": True}]
    state, events = cast({"hand": [spell(steps)], "hero_expedition": [character("a")]},
                         {"hero_expedition": [character("b")]},
                         answers=[{"kind": "choose", "card": "a"}])
    assert "a" in state.zones[0]["hero_expedition"]  # chosen, still in play while the opponent chooses (AL10)
    assert state.pending.kind == "sacrifice" and state.pending.player == 1
    from engine.altered import play
    from engine.altered.actions import Action

    state, more = play(state, Action.make("choose", card="b"))
    assert "a" in state.zones[0]["discard"] and "b" in state.zones[1]["discard"]
    assert [e.data["card"] for e in more if e.kind == "send"] == ["a", "b"]


def test_a_sabotage_may_discard_nothing():
    steps = [{"kind": "sabotage"}]
    state, events = cast({"hand": [spell(steps)]}, {"reserve": [character("r")]}, answers=[{"kind": "pass"}])
    assert state.zones[1]["reserve"] == ["r"]
    assert [e.kind for e in events if e.kind in ("sabotage", "send")] == ["sabotage"]
