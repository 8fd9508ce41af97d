"""The Weiss Schwarz state's JSON form with the marker areas (3.7): kept only when one holds a card."""

from pathlib import Path

from engine.core.scenario import load_scenario
from engine.weiss.primitives import move
from engine.weiss.state import MARKER_ZONES, GameState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "weiss"


def _state(name: str) -> GameState:
    return load_scenario(SCENARIOS / f"{name}.json").state


def test_markers_survive_the_json_round_trip():
    state = _state("marker-swap-each-keeps-its-markers")
    data = state.to_dict()
    assert data["players"][0]["markers"] == {"center_left": ["k0"], "back_left": ["j0", "j1"]}
    again = GameState.from_json(state.to_json())
    assert again == state
    assert again.markers("m") == ["k0"] and again.loc["j1"] == (0, "marker_back_left")
    assert {"k0", "j0", "j1"} <= again.face_down  # 3.7.2: face down


def test_a_state_without_markers_has_no_markers_key():
    """States of games that never use markers keep the JSON (and digests) they had before markers existed."""
    state = _state("main-move-swaps-positions")
    assert all("markers" not in p for p in state.to_dict()["players"])
    again = GameState.from_json(state.to_json())
    assert again == state and all(again.zones[p][z] == [] for p in (0, 1) for z in MARKER_ZONES)


def test_leaving_the_stage_takes_the_markers_to_the_waiting_room():
    state = _state("marker-leaves-with-its-character").clone()
    events: list = []
    move(state, "m", "hand", events=events)
    assert state.zones[0]["waiting_room"][-2:] == ["k0", "k1"] and state.zones[0]["marker_center_left"] == []
    assert "k0" not in state.face_down
    assert [e.kind for e in events] == ["markers_away"]


def test_moving_to_an_occupied_marker_area_sends_those_markers_away():
    """3.7.3.1: a character moved to another position takes its markers; the ones there go to the waiting room."""
    state = _state("marker-swap-each-keeps-its-markers").clone()
    state.zones[0]["back_left"].remove("n")  # leave only the markers of the back left position
    state.zones[0]["hand"].append("n")
    state.rebuild_locations()
    events: list = []
    move(state, "m", "back_left", 0, events=events)
    assert state.zones[0]["marker_back_left"] == ["k0"]
    assert {"j0", "j1"} <= set(state.zones[0]["waiting_room"])
    assert events[-1].kind == "markers_move" and events[-1].data["away"] == ["j0", "j1"]


def test_entry_stamps_follow_the_card_and_survive_the_json_round_trip():
    """8.9.1.5.1: when a card entered the area its CONT abilities work from, between two modifier time stamps."""
    state = _state("main-move-swaps-positions").clone()
    assert "entered" not in state.to_dict()  # nothing has moved yet: the JSON stays as it was
    card = state.zones[0]["hand"][0] if state.zones[0]["hand"] else state.zones[0]["deck"][0]
    clock = state.clock
    move(state, card, "center_right")
    assert state.entered[card] == clock + 0.5 and state.clock == clock  # no tick taken from the modifiers
    state.tick()
    move(state, card, "back_right")  # between stage positions it is the same card (3.1.4): the stamp stays
    assert state.entered[card] == clock + 0.5
    again = GameState.from_json(state.to_json())
    assert again.entered == state.entered
    move(state, card, "hand")
    assert card not in state.entered
