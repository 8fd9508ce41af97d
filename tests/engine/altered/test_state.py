"""engine.altered.state: canonical JSON (identical round trip), statuses, counters, tokens and the track as data."""
import json

import pytest

from engine.altered import GameState
from engine.altered.state import default_track
from engine.core.errors import DefinitionError

from .helpers import at_decision, character, position


def test_round_trip_keeps_every_field():
    state = position(p0={"hero_expedition": [character("a", boost=2, status=["anchored", "exhausted"])],
                         "reserve": [character("r", status=["fleeting"])], "hero_at": 2},
                     p1={"companion_expedition": [character("b", keywords=["giant"])], "companion_at": 5},
                     tiebreak=True, first_player=1)
    text = state.to_json()
    again = GameState.from_json(text)
    assert again.to_json() == text and again == state
    data = json.loads(text)
    assert data["players"][0]["hero_at"] == 2 and data["players"][1]["companion_at"] == 5
    assert data["status"]["anchored"] == ["a"] and data["counters"] == {"a": {"boost": 2}}
    assert data["tiebreak"] is True and data["first_player"] == 1
    assert data["players"][0]["expeditions"]["hero_expedition"] == ["a"]


def test_a_token_survives_the_round_trip_mid_decision():
    state = at_decision(p0={"hero_expedition": [{"id": "t", "name": "Recruit", "type": "token", "forest": 1,
                                                  "mountain": 1, "water": 1}]})
    assert state.pending is not None
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()


def test_the_default_track_has_eight_regions_with_both_ends_of_every_type():
    track = default_track()
    assert len(track) == 8 and track[0]["types"] == track[7]["types"] == ["forest", "mountain", "water"]
    assert not any(r["revealed"] for r in track[1:7])


def test_a_giant_is_present_in_both_expeditions_and_an_asleep_one_is_not_counted():
    state = position(p0={"hero_expedition": [character("g", f=2, keywords=["giant"]),
                                             character("z", f=5, status=["asleep"])]})
    assert state.present_in(0, "companion_expedition") == ["g"]
    assert state.expedition_stats(0, "hero_expedition")["forest"] == 2


def test_a_card_in_two_zones_is_refused():
    with pytest.raises(DefinitionError):
        position(p0={"hand": [character("x")], "reserve": [character("x")]})


def test_a_token_outside_the_expeditions_is_refused():
    with pytest.raises(DefinitionError, match="2.1.d"):
        position(p0={"reserve": [{"id": "t", "name": "Recruit", "type": "token"}]})


def test_dice_results_still_to_roll_survive_the_round_trip_and_a_state_without_them_reads_as_before():
    state = position(dice=[6, 2])
    text = state.to_json()
    assert json.loads(text)["dice"] == [6, 2]
    assert GameState.from_json(text).dice == [6, 2] and GameState.from_json(text).to_json() == text
    assert "dice" not in json.loads(position().to_json())
    with pytest.raises(DefinitionError, match="dice"):
        position(dice=[7])


def test_a_ceased_token_waiting_on_its_reaction_reads_back_from_json():
    # 2.1.d, 6.3.e: the token has ceased to exist, its "when I leave an expedition" reaction waits in Limbo
    from engine.altered import Action, advance, play
    from engine.altered.state import GameState
    from .helpers import position
    sprite = {"id": "tk", "name": "Sprite", "type": "token", "forest": 1, "mountain": 1, "water": 1,
              "abilities": [{"timing": "reaction", "trigger": "on_leave_expedition",
                             "effects": [{"kind": "draw", "count": 1}]}, {"timing": "reaction", "trigger":
                             "on_leave_expedition", "effects": [{"kind": "resupply", "count": 1}]}]}
    recall = {"id": "r", "name": "Recall", "type": "spell", "hand_cost": 0, "reserve_cost": 0, "abilities": [
        {"timing": "effect", "effects": [{"kind": "send", "to": "hand", "target": "choose_own"}]}]}
    deck = [{"id": f"d{i}", "name": "D", "type": "character"} for i in range(3)]
    state, _ = advance(position({"hand": [recall], "hero_expedition": [sprite], "deck": deck}))
    state, _ = play(state, Action.make("play", card="r"))
    state, events = play(state, Action.make("choose", card="tk"))
    assert "tk" not in state.cards and "tk" in state.gone and state.pending.kind == "order"
    assert sum(e.kind == "reaction" and e.data.get("card") == "tk" for e in events) == 2
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()
    state, _ = play(state, next(a for a in state.pending.options if a.kind == "resolve"))
    assert state.gone == {} and len(state.zones[0]["hand"]) == 1 and len(state.zones[0]["reserve"]) == 2
    assert "gone" not in GameState.from_json(state.to_json()).game_json()
