"""Judge actions: interventions outside the rules, each logged as a judge event."""

from __future__ import annotations

from .abilities import AUTO_TIMINGS
from .actions import CIRCLES, Action
from .errors import IllegalActionError
from .events import Event
from .state import GameState


def _judge_event(kind: str, text: str, player: int | None = None, **data) -> Event:
    return Event(kind, text, (), (), player, data, judge=True)


def apply_judge(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    from . import rules

    st = state.clone()
    ev: list[Event] = []
    k = action.kind
    if k == "concede":
        p = action.get("player")
        if st.outcome:
            raise IllegalActionError("the game is already over")
        st.outcome = {"winner": 1 - p, "draw": False, "losers": [p], "reason": "CONCEDE"}
        st.agenda.clear()
        st.pending = None
        rules.emit(ev, "concede", f"player {p} concedes", ("CONCEDE",), p)
        return st, ev
    card_id = action.card
    if card_id is not None and card_id not in st.cards:
        raise IllegalActionError(f"unknown card {card_id!r}")
    if k == "judge_move":
        zone = action.get("zone")
        player = action.get("player", st.cards[card_id].owner)
        rules.move(st, card_id, zone, player, rested=action.get("rested") if zone in CIRCLES else None, force=True)
        pos = action.get("position")
        if pos is not None:
            lst = st.zones[player][zone]
            lst.remove(card_id)
            lst.insert(min(pos, len(lst)), card_id)
        ev.append(_judge_event("judge_move", f"judge moves {st.cards[card_id].name} to player {player}'s {zone}",
                               player, card=card_id, zone=zone))
    elif k == "judge_add_modifier":
        cond = action.get("condition")
        condition = tuple(sorted(dict(cond).items())) if cond else ()
        m = rules.add_modifier(st, card_id, action.get("stat"), action.get("amount"), action.get("duration"), "judge",
                               condition)
        ev.append(_judge_event("judge_modifier", f"judge gives {st.cards[card_id].name} {m.amount:+} {m.stat} "
                               f"({m.duration}); modifier {m.order}", None, card=card_id, modifier=m.order))
    elif k == "judge_remove_modifier":
        mid = action.get("modifier")
        before = len(st.modifiers)
        st.modifiers = [m for m in st.modifiers if str(m.order) != str(mid)]
        if len(st.modifiers) == before:
            raise IllegalActionError(f"no modifier {mid!r}")
        ev.append(_judge_event("judge_remove_modifier", f"judge removes modifier {mid}", None, modifier=mid))
    elif k == "judge_set_damage":
        p, n = action.get("player"), action.get("count")
        z = st.zones[p]
        # Raising damage takes cards from the top of the deck; lowering puts the latest damage into the drop zone.
        while len(z["damage"]) < n and z["deck"]:
            rules.move(st, z["deck"][0], "damage", p)
        while len(z["damage"]) > n:
            rules.move(st, z["damage"][-1], "drop", p)
        ev.append(_judge_event("judge_set_damage", f"judge sets player {p}'s damage to {len(z['damage'])}", p,
                               count=len(z["damage"])))
    elif k == "judge_standby":
        i = action.get("ability")
        card = st.cards[card_id]
        if i >= len(card.abilities) or card.abilities[i].timing not in AUTO_TIMINGS:
            raise IllegalActionError(f"{card.name} has no automatic ability number {i}")
        rules.add_standby(st, ev, card_id, i, {})
        ev[-1] = Event(ev[-1].kind, "judge puts an ability on stand-by: " + ev[-1].text, ev[-1].citations, (),
                       ev[-1].player, ev[-1].data, judge=True)
    # A judge action may change what the waiting task should ask: ask again.
    if st.pending is not None and st.agenda:
        st.pending = None
        rules._run_top(st, None, ev)
    return st, ev
