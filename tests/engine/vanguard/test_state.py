"""GameState: canonical JSON, round trip, clone independence."""

import json

import pytest

from engine.vanguard import GameState, advance, new_game
from engine.core.errors import DefinitionError
from engine.vanguard.sample import generated_deck

from .helpers import position


def fresh():
    st, _ = advance(new_game([generated_deck(1), generated_deck(2)], seed=5))
    return st


def test_round_trip_is_identity():
    st = fresh()
    text = st.to_json()
    again = GameState.from_json(text)
    assert again == st
    assert again.to_json() == text


def test_round_trip_from_dict_and_mid_battle():
    st = position(phase="battle")
    st, _ = advance(st)
    assert st.pending.kind == "attack"
    again = GameState.from_json(json.loads(st.to_json()))
    assert again.to_json() == st.to_json()
    assert again.pending == st.pending


def test_canonical_json_is_sorted_and_compact():
    text = fresh().to_json()
    data = json.loads(text)
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert list(data) == sorted(data)
    for key in ("players", "turn", "phase", "step", "standby", "pending", "seed", "rng", "outcome", "modifiers"):
        assert key in data


def test_every_zone_and_circle_is_serialised():
    data = json.loads(fresh().to_json())
    player = data["players"][0]
    for zone in ("deck", "hand", "drop", "damage", "soul", "trigger", "bind", "gzone", "removal"):
        assert zone in player
    assert set(player["field"]) == {"vanguard", "front_left", "back_left", "back_centre", "back_right",
                                    "front_right", "guardian"}


def test_clone_is_independent():
    st = fresh()
    copy = st.clone()
    copy.zones[0]["hand"].append("x")
    copy.rested.add("y")
    assert "x" not in st.zones[0]["hand"] and "y" not in st.rested


def test_from_json_rejects_wrong_format():
    with pytest.raises(DefinitionError):
        GameState.from_json({"format": "nope"})


def test_card_in_two_zones_is_rejected():
    data = json.loads(fresh().to_json())
    cid = data["players"][0]["hand"][0]
    data["players"][0]["drop"].append(cid)
    with pytest.raises(DefinitionError, match="more than one zone"):
        GameState.from_json(data)


def test_every_card_in_exactly_one_zone():
    st = fresh()
    seen = [c for p in range(2) for z in st.zones[p].values() for c in z]
    assert sorted(seen) == sorted(st.cards)
