"""engine.core.events: events, a game's emitter over its citation registry, and citing a reason afterwards."""

from engine.core.citations import Citation
from engine.core.events import Event, cite_last, emitter

A, B = Citation("doc", "1"), Citation("doc", "2")


def test_the_emitter_turns_clause_keys_into_citations():
    emit = emitter(lambda *keys: tuple({"ONE": A, "TWO": B}[k] for k in keys))
    events: list = []
    emit(events, "draw", "player 0 draws", ("ONE", "TWO"), 0, ("A1",), card="c")
    assert events == [Event("draw", "player 0 draws", (A, B), ("A1",), 0, {"card": "c"})]
    assert Event.from_json(events[0].to_json()) == events[0]


def test_the_last_event_gains_a_clause_and_keeps_or_sets_its_assumptions():
    events = [Event("standby", "on stand-by", (A,), ("A1",), 1, {"card": "c"})]
    cite_last(events, (B,))
    assert events[0].citations == (A, B) and events[0].assumptions == ("A1",) and events[0].player == 1
    cite_last(events, (), ("A2",))
    assert events[0].assumptions == ("A2",) and events[0].data == {"card": "c"}
