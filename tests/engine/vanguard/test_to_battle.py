"""to_battle.py: an effect makes another unit the attacked unit ("Combattere" / "To battle", IT 10.21.1)."""

import pytest

from engine.vanguard.to_battle import change_attacked

from .helpers import card, position


def _in_battle(target="b-vg", circle="vanguard", step="guard"):
    st = position(p1={"field": {"front_left": card("b-fl"), "back_left": card("b-bl")}},
                  p0={"field": {"front_right": card("a-fr")}})
    st.battle = {"number": 1, "attacker": "a-vg", "attacker_circle": "vanguard", "target": target,
                 "target_circle": circle, "booster": None, "booster_circle": None, "guardians": {}, "hit": None,
                 "drive_checks": 0}
    st.step = step
    return st


@pytest.mark.parametrize("new,circle,kind_changes", [("b-fl", "front_left", True), ("b-bl", "back_left", True)])
def test_a_rear_guard_of_the_defender_in_either_row_becomes_the_attacked_unit(new, circle, kind_changes):
    st, events = _in_battle(), []
    change_attacked(st, events, new, 0)
    assert (st.battle["target"], st.battle["target_circle"]) == (new, circle)
    assert events[0].kind == "attacked_unit_changed" and events[0].cites("10.21.1")
    assert events[0].cites("7.1.2.3") is kind_changes and events[0].data["previous"] == "b-vg"


def test_from_one_rear_guard_to_another_the_battle_stays_one_where_a_rear_guard_is_attacked():
    st, events = _in_battle("b-fl", "front_left"), []
    change_attacked(st, events, "b-bl", 0)
    assert st.battle["target"] == "b-bl" and not events[0].cites("7.1.2.3")


@pytest.mark.parametrize("new,battle,step", [("a-fr", True, "guard"), ("b-fl", False, None), ("b-fl", True, "close")])
def test_the_turn_players_own_unit_or_no_battle_in_progress_changes_nothing(new, battle, step):
    st, events = _in_battle(step=step), []
    if not battle:
        st.battle = None
    change_attacked(st, events, new, 1)
    assert (st.battle or {}).get("target") in ("b-vg", None)
    assert [e.kind for e in events] == ["effect_fizzles"] and events[0].cites("1.3.2")
