"""engine/weiss/primitives.py: the area changes from the top of the deck (8.7.4, assumption W31); what "if you do"
reads after a part that finishes in tasks of its own (W46)."""
import pytest

from engine.core import games
from engine.core.events import Event
from engine.weiss.primitives import part_did

from .helpers import at_start


def test_the_refresh_point_card_triggers_its_deck_to_clock_ability_once_logged():
    state, events = games.for_state(at_start("outsider7-refresh-point-card-triggers-from-the-deck-into-the-clock")) \
        .advance(at_start("outsider7-refresh-point-card-triggers-from-the-deck-into-the-clock"))
    kinds = [(e.kind, e.data.get("card")) for e in events]
    clocked = state.zones[0]["clock"][0]
    assert kinds.index(("refresh_point", clocked)) < kinds.index(("standby", clocked))
    standby = next(e for e in events if e.kind == "standby" and e.data.get("card") == clocked)
    assert {"8.7.4", "8.7.4.1.1"} <= {c.number for c in standby.citations}


def test_a_card_drawn_from_the_deck_does_not_trigger_a_deck_to_clock_ability():
    state, events = games.for_state(at_start("outsider7-draw-up-to-two-stop-after-one")).advance(
        at_start("outsider7-draw-up-to-two-stop-after-one"))
    assert not [e for e in events if e.kind == "standby"]


@pytest.mark.parametrize("kind, take, event, done", [
    ("damage", 1, Event("damage_cancelled", ""), True),  # the damage process took place (4.9.1.2)
    ("damage", 1, Event("damage_taken", ""), True),
    ("damage", 1, Event("damage_reveal", ""), False),  # a card revealed is not yet the damage done
    ("brainstorm", 1, Event("brainstorm", "", data={"cards": ["x"]}), True),
    ("brainstorm", 1, Event("brainstorm", "", data={"cards": []}), False),
    ("move", 1, Event("moved", ""), True),
    ("move", 1, Event("no_target", ""), False),
    ("look", 1, Event("look", ""), False),  # looking is not the doing: taking the card is
    ("look", 1, Event("look_take", ""), True),
    ("look", 1, Event("look_rest", "", data={"to": "waiting_room"}), False),
    ("look", 0, Event("look_rest", "", data={"to": "waiting_room"}), True),
    ("look", 0, Event("look_rest", "", data={"to": "deck_top"}), False),
])
def test_what_if_you_do_counts_as_done_after_a_part_that_finishes_later(kind, take, event, done):
    assert part_did(kind, take, event) is done


def test_the_waiting_part_learns_it_was_done_from_the_tasks_above_it():
    name = "outsider11-if-you-do-after-a-look-card-taken-gets-the-power"
    game = games.for_state(at_start(name))
    state, _ = game.advance(at_start(name))
    state, _ = game.advance(game.apply(state, next(a for a in state.pending.options if a.kind == "act"))[0])
    waiting = [t for t in state.agenda if t.get("watch")]
    assert state.pending.kind == "choose" and waiting and waiting[0]["did"] is False  # the look asks first
    state, _ = game.apply(state, next(a for a in state.pending.options if a.kind == "choose"))
    assert [t["did"] for t in state.agenda if t.get("watch")] == [True]  # the card taken: the part is done
