"""7.3: the trigger step - the trigger check, each trigger icon (7.3.1.2.2-7.3.1.2.9), the card into the stock."""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import Action
from .attack import attacker_on_stage, step_begins
from .characteristics import cannot_be_chosen_by
from .choices import choose_one
from .citations import cite
from .primitives import CHECK_TIMING, add_modifier, area_changed, deck_top, draw, emit, handler, move, name
from .replacing import moved_instead, replacement_for


@handler("trigger_step")
def _trigger_step(state, task, answer, events):
    """7.3.1.2: the trigger check - the top card into the resolution area, its icons, then into the stock."""
    state.step = "trigger"
    p = state.turn_player
    if not task.get("begun"):
        emit(events, "step", say("the trigger step begins"), ("DECLARATION_END", "TRIG_STEP_START"), p)
    if step_begins(state, task, events, "begin_trigger", "TRIG_STEP_START"):
        return None
    def announce(c):  # logged before the refresh the emptied deck starts (9.2.1), as it happens
        icons = state.cards[c].triggers
        text = say("trigger check: %(card)s (%(icons)s)", card=name(state, c), icons=", ".join(icons)) if icons \
            else say("trigger check: %(card)s (no icon)", card=name(state, c))
        emit(events, "trigger_check", text, ("TRIG_CHECK",) + (() if icons else ("TRIG_NONE",)), p, card=c, icons=list(icons))
    card_id = deck_top(state, p, "resolution", events, announce=announce)
    if card_id is None:
        return None
    icons = state.cards[card_id].triggers
    push(state, *({"t": "icon", "p": p, "icon": icon, "card": card_id} for icon in icons),
         {"t": "trigger_to_stock", "p": p, "card": card_id}, CHECK_TIMING)
    return None


@handler("trigger_to_stock")
def _trigger_to_stock(state, task, answer, events):
    """3.13.1.2: the trigger card goes face down into the stock (unless a Treasure took it to the hand)."""
    card_id = task["card"]
    if state.loc[card_id][1] == "resolution":
        move(state, card_id, "stock", task["p"], top=True)
        emit(events, "stock", say("%(card)s goes into the stock", card=name(state, card_id)), ("TRIG_CHECK", "TRIG_TO_STOCK"),
             task["p"], card=card_id)
        area_changed(state, card_id, "resolution", events)  # 8.7.4: "when this card is put into your stock"
    return None


@handler("icon")
def _icon(state, task, answer, events):
    """7.3.1.2.2-7.3.1.2.9: one trigger icon."""
    p, icon, trig = task["p"], task["icon"], task["card"]
    key = f"TRIG_{icon.upper()}"
    if icon == "soul":
        a = attacker_on_stage(state)
        if a:
            m = add_modifier(state, a, "soul", 1, "end_of_turn", trig)
            emit(events, "modifier", say("soul icon: %(card)s gets +1 soul this turn", card=name(state, a)), (key,), p, card=a,
                 modifier=m.order)
        return None
    if icon == "flame":
        a = state.attack["attacker"] if state.attack else None
        if a and a not in state.shots:
            state.shots.append(a)
        emit(events, "flame", say("flame icon: when %(card)s's next damage is cancelled, deal 1 damage", card=name(state, a)), (key,),
             p, card=a)
        return None
    if icon == "treasure" and not task.get("taken"):
        if state.loc[trig][1] == "resolution":
            emit(events, "treasure", say("treasure icon: %(card)s goes into the hand", card=name(state, trig)),
                 (key, "TRIG_TREASURE_HAND"), p, card=trig)
            # then its "when this card is put from the resolution area into your hand" (8.7.4), its conditions read
            # in the resolution area, the public one of the two (8.7.4.1.1): move() reads them before a hidden area
            move(state, trig, "hand", events=events)
        push(state, {**task, "taken": True})
        return None
    return _optional_icon(state, task, answer, events, icon, key)


def _optional_icon(state, task, answer, events, icon, key):
    p = task["p"]
    if icon in ("bag", "book", "treasure"):
        if icon in ("bag", "treasure") and not state.zones[p]["deck"]:
            return None
        if answer is None:
            prompt = (say("%(icon)s icon: draw a card?", icon=icon) if icon == "book" else
                      say("%(icon)s icon: put the top card of your deck into your stock?", icon=icon))
            return Decision("use", p, prompt, (Action.make("accept"), Action.make("pass")), cite(key))
        if answer.kind == "pass":
            emit(events, "icon_declined", say("player %(player)s does not use the %(icon)s icon", player=p, icon=icon),
                 (key,), p)
        elif icon == "book":
            draw(state, p, events, (key,))
        else:
            deck_top(state, p, "stock", events, top=True, announce=lambda c: emit(
                events, "stock_charge", say("%(icon)s icon: the top card of the deck goes into the stock", icon=icon), (key,), p,
                card=c))
        return None
    if icon == "wind":  # the icon's effect is the turn player's (7.3.1.2): "cannot be chosen by ..." holds (W34)
        cands = [c for c in state.characters(1 - p) if not cannot_be_chosen_by(state, c, p)]
    else:  # gate: a character, pants: a climax, from the waiting room
        wanted = "character" if icon == "gate" else "climax"
        cands = [c for c in state.zones[p]["waiting_room"] if state.cards[c].type == wanted]
    chosen, decision = choose_one({"p": p}, answer, cands, (say("%(icon)s icon: choose a card to return to its owner's hand, or pass", icon=icon)
                                  if icon == "wind" else
                                  say("%(icon)s icon: choose a card to return to the hand, or pass", icon=icon)), key, optional=True)
    if decision:
        return decision
    if chosen:
        instead = icon == "wind" and replacement_for(state, chosen, "bounce") is not None  # its own, 8.10.1 (W40)
        if not instead:
            move(state, chosen, "hand", events=events)
        emit(events, icon, (say("%(icon)s icon: %(card)s returns to its owner's hand", icon=icon, card=name(state, chosen))
                          if icon == "wind" else
                          say("%(icon)s icon: %(card)s returns to the hand", icon=icon, card=name(state, chosen))), (key,), p, card=chosen)
        if instead:
            moved_instead(state, chosen, "bounce", events)
    elif cands:
        emit(events, "icon_declined", say("player %(player)s does not use the %(icon)s icon", player=p, icon=icon),
             (key,), p)
    return None

