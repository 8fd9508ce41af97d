"""playing.py: "put this unit into your soul" can be paid only by a unit on a circle."""

from engine.core.abilities import Part
from engine.vanguard.playing import can_pay

from .helpers import card, position


def test_soul_self_is_payable_on_a_circle_only():
    st = position(p0={"field": {"front_left": card("a-fl")}, "hand": [card("a-h")]})
    assert can_pay(st, 0, (Part("soul_self"),), "a-fl")
    assert not can_pay(st, 0, (Part("soul_self"),), "a-h")
