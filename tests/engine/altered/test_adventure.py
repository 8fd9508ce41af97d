"""engine.altered.adventure: Progress; an expedition "moves forward because of [a statistic]" (4.2.4.h, assumption
AL27) only for the statistics it won on in its region's types, and only at Progress."""
import engine

from .helpers import character, position

ALL = [{"types": ["forest", "mountain", "water"], "revealed": True}] * 8


def _watching(cid, stat, f=0, m=0, w=0):
    return character(cid, f=f, m=m, w=w, abilities=[{"timing": "reaction", "trigger": f"on_forward_{stat}",
                                                     "effects": [{"kind": "boost", "count": 1}]}])


def _progress(p0, p1, track=ALL):
    state, log = position(p0, p1, phase="dusk", first_player=0, track=track), []
    while not any(e.kind in ("progress", "no_progress") for e in log):
        state, events = engine.advance(state)
        log += events
    return state, [e.data["card"] for e in log if e.kind == "reaction"], log


def test_a_progress_won_on_forest_and_water_is_because_of_both_not_of_mountain():
    _, reacted, log = _progress({"hero_expedition": [_watching("f", "forest", f=2), _watching("m", "mountain", m=1),
                                                     _watching("w", "water", w=2)]},
                                {"hero_expedition": [character("b", f=1, m=1, w=1)]})
    assert sorted(reacted) == ["f", "w"]
    assert all("4.2.4.h" in [c.number for c in e.citations] and "AL27" in e.assumptions
               for e in log if e.kind == "reaction")


def test_a_statistic_the_region_has_not_is_no_reason_and_a_failed_expedition_moves_because_of_nothing():
    water = [ALL[0]] + [{"types": ["water"], "revealed": True}] * 6 + [ALL[0]]
    _, reacted, _ = _progress({"hero_at": 1, "hero_expedition": [_watching("f", "forest", f=5, w=2)]},
                              {"hero_at": 1, "hero_expedition": [character("b", f=0, m=0, w=1)]}, water)
    assert reacted == []
    _, reacted, _ = _progress({"hero_expedition": [_watching("f", "forest", f=1)]},
                              {"hero_expedition": [character("b", f=1, m=0, w=0)]})
    assert reacted == []
