"""7.5: the damage step - the attacker's soul as damage - and the damage process it and effects start (4.9)."""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.events import cite_last
from .attack import attacker_on_stage, step_begins
from .characteristics import soul
from .citations import cites
from .effects import damage_task
from .primitives import CHECK_TIMING, action_replaced, add_standby, area_changed, deck_top, emit, handler, move, name, trigger
from .state import GameState


@handler("damage_step")
def _damage_step(state, task, answer, events):
    """7.5.1.2: deal damage equal to the attacking character's soul."""
    state.step = "damage"
    p = state.turn_player
    if not task.get("begun"):
        emit(events, "step", say("the damage step begins"), ("DMG_STEP_START",) + (
            ("COUNTER_STEP_END",) if state.attack and state.attack["type"] == "front" else ("TRIG_STEP_END",)), p)
    if step_begins(state, task, events, "begin_damage", "DMG_STEP_START"):
        return None
    a = attacker_on_stage(state)
    tasks: list[dict] = []
    if a is None:
        emit(events, "no_damage", say("the attacking character left the stage or moved: no damage"), ("ATTACKER_GONE",), p)
    else:
        n = soul(state, a)
        if n <= 0:
            emit(events, "no_damage", say("%(card)s has %(n)s soul: no damage", card=name(state, a), n=n), ("ZERO_SOUL",), p)
        else:
            emit(events, "deal_damage", say("%(card)s deals %(n)s damage", card=name(state, a), n=n), ("DEAL_SOUL_DAMAGE",
                                                                               "DMG_SOURCE_ATTACK"), p, count=n)
            tasks.append(damage_task(1 - p, n, a))
    push(state, *tasks, CHECK_TIMING)
    return None


@handler("damage")
def _damage(state, task, answer, events):
    """4.9.1: one card of a damage process - reveal it; a climax cancels (4.9.1.2); after n cards, to the clock."""
    p, n, i = task["p"], task["n"], task["i"]
    if i == 0 and action_replaced(state, p, "damage"):  # nothing is revealed: not cancelled, not dealt (8.10.1.1)
        if "together" in task:  # the others' processes of a damage to several players still count (7.3.1.2.7.3)
            _together_done(state, events, task, None)
        return None
    card_id = deck_top(state, p, "resolution", events, refresh_now=False)
    if card_id is None:
        return None
    emit(events, "damage_reveal", say("damage %(i)s/%(n)s: %(card)s", i=i + 1, n=n, card=name(state, card_id)), ("DMG_REVEAL",), p, card=card_id)
    revealed = [c for c in state.zones[p]["resolution"] if state.cards[c].type != "event"]
    if state.cards[card_id].type == "climax":
        for c in revealed:
            move(state, c, "waiting_room")
        emit(events, "damage_cancelled", say("%(card)s is a climax: the damage is cancelled; %(n)s card(s) go to the waiting room", card=name(state, card_id),
                 n=len(revealed)), ("DMG_CANCEL",), p, cards=revealed,
             source=task["source"])
        for c in revealed:  # 8.7.4: the cancelled damage's cards, from the resolution area into the waiting room (W31)
            area_changed(state, c, "resolution", events)
        _damage_done(state, events, task, cancelled=True)
        return None
    if i + 1 >= n:
        for c in revealed:
            move(state, c, "clock")
        emit(events, "damage_taken", say("player %(player)s takes %(n)s damage: %(cards)s card(s) into the clock", player=p, n=n, cards=len(revealed)),
             ("DMG_TO_CLOCK_END", "DMG_TO_CLOCK", "DMG_CLOCK_ORDER"), p, cards=revealed,
             source=task["source"])
        for c in revealed:  # 8.7.4: "when this card is put into your clock" by the damage, from the resolution area
            area_changed(state, c, "resolution", events)
        _damage_done(state, events, task, cancelled=False)
        return None
    push(state, {**task, "i": i + 1})
    return None


def _together_done(state: GameState, events: list, task: dict, cancelled: bool | None) -> None:
    """One player's process of a damage dealt to several players at once (W47): the damage is over after the last
    one, and it was cancelled if any player cancelled it (7.3.1.2.7.3); ``cancelled`` None: that player's was
    replaced, not dealt (8.10.1.1)."""
    seen = task["seen"] + ([] if cancelled is None else [cancelled])
    if task["together"] + 1 < task["of"]:
        for t in reversed(state.agenda):  # the next player's process, scheduled with this one
            if t.get("t") == "damage" and t.get("source") == task["source"] and t.get("together") == task["together"] + 1:
                t["seen"] = seen
                break
        return
    if seen:
        _damage_done(state, events, {**task, "several": sum(seen) > 1}, cancelled=any(seen))


def _damage_done(state: GameState, events: list, task: dict, cancelled: bool) -> None:
    """7.3.1.2.7.1: a pending Flame ability is used up by its attacker's next damage, cancelled or not."""
    if "together" in task and "several" not in task:
        _together_done(state, events, task, cancelled)
        return
    source = task["source"]
    if source in state.shots:
        # the attacker's next damage, whether an effect's before the damage step or the damage step's own,
        # uses the Flame ability up: it takes effect if that damage is cancelled, and never again
        state.shots.remove(source)
        if cancelled:
            add_standby(state, events, source, "shot", {}, player=state.cards[source].owner, label="flame icon")
            cite_last(events, cites("TRIG_FLAME", "TRIG_FLAME_ONCE") + (cites("TRIG_FLAME_SEVERAL") if "together" in task
                                                                          else ()), ("W47",) if "together" in task else None)
        else:
            emit(events, "flame_spent", say("%(card)s's damage was not cancelled: the Flame icon's ability is used up",
                     card=name(state, source)), ("TRIG_FLAME_ONCE",), state.cards[source].owner, card=source)
    if task.get("effect") is True:  # the Flame icon's damage: not damage the attacker's own text deals
        return
    if cancelled and state.on_stage(source):
        before = len(events)
        trigger(state, events, "on_cancel", source)
        if task.get("effect") and len(events) > before:  # the damage of one of this card's abilities (W37)
            cite_last(events, cites("DMG_SOURCE_EFFECT", "DMG_SOURCE_IS_THE_CARD"), ("W37",))

