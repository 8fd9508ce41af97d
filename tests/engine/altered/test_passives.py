"""engine.altered.passives: continuous effects derived from the state, in timestamp order unless one depends on
another (2.3.1.m, 2.3.2), and their timestamps (2.2.14)."""
import engine
from engine.altered import Action, passives
from engine.altered.state import GameState

from .helpers import character, position

ELEMENTALS_HAVE_GIANT = {"timing": "passive", "effects": [
    {"kind": "keyword", "keyword": "giant", "to": {"who": "all", "subtype": "Elementale"}}]}
ALL_ARE_ELEMENTALS = {"timing": "passive", "effects": [{"kind": "subtype", "subtype": "Elementale", "to": {"who": "all"}}]}


def test_no_passive_in_force_is_no_view():
    state = position({"hero_expedition": [character("a")]})
    assert passives.derive(state) is None and state.stat("a", "forest") == 1 and not state.has("a", "giant")


def test_a_dependency_comes_before_an_earlier_timestamp_whatever_the_order():
    for first, second in ((ELEMENTALS_HAVE_GIANT, ALL_ARE_ELEMENTALS), (ALL_ARE_ELEMENTALS, ELEMENTALS_HAVE_GIANT)):
        state = position({"hero_expedition": [character("a", abilities=[first]), character("b", abilities=[second]),
                                              character("c")]})
        view = passives.derive(state)
        assert state.has("c", "giant") and "Elementale" in view.subtypes["c"]
        order = [src.part.kind for src, _ in view.order]
        assert order == ["subtype", "keyword"]
    # listed second (a later timestamp) the subtype still applies first; listed first, no dependency is needed
    assert [why for _, why in view.order] == ["", ""]


def test_the_reason_an_ability_was_applied_first_is_the_dependency_found():
    state = position({"hero_expedition": [character("a", abilities=[ELEMENTALS_HAVE_GIANT]),
                                          character("b", abilities=[ALL_ARE_ELEMENTALS])]})
    assert [why for _, why in passives.derive(state).order] == ["DEPENDS_APPLIES", ""]


def test_a_passive_applies_only_while_its_object_is_in_play():
    banner = {"id": "banner", "name": "Banner", "type": "permanent", "hand_cost": 0, "reserve_cost": 0,
              "abilities": [{"timing": "passive", "effects": [{"kind": "stat", "stat": "water", "amount": 2,
                                                               "to": {"who": "own"}}]}]}
    in_play = position({"landmarks": [banner], "hero_expedition": [character("a")]})
    in_reserve = position({"reserve": [banner], "hero_expedition": [character("a")]})
    assert in_play.stat("a", "water") == 3 and in_reserve.stat("a", "water") == 1


def test_objects_entering_play_get_later_timestamps_and_keep_them_in_json():
    state = engine.advance(position({"hand": [character("x", cost=0)], "mana": []}, to_act=0,
                                    passed=[False, False]))[0]
    state, _ = engine.apply(state, Action.make("play", card="x", expedition="hero"))
    assert state.since["x"] >= 1
    assert GameState.from_json(state.to_json()) == state and GameState.from_json(state.to_json()).since == state.since
