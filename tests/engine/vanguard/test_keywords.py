"""keywords.py: lord (11.9.1) reads the clans of units; a locked card has none (10.24.3)."""

from engine.vanguard.keywords import lord_blocked

from .helpers import card, position


def _lord_beside(other):
    return position(p0={"field": {"vanguard": card("a-vg", grade=3, keywords=["lord"]), "front_left": other}})


def test_a_unit_of_another_clan_blocks_the_lord():
    assert lord_blocked(_lord_beside(card("a-fl", clan="Other")), "a-vg")


def test_a_locked_card_of_another_clan_does_not():
    assert not lord_blocked(_lord_beside(card("a-fl", clan="Other", locked=True)), "a-vg")
