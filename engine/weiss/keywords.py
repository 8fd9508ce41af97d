"""Effects of the areas and keywords added to the vocabulary: markers (3.7), the memory area (3.12), shift (10.11).

Each resolver has the shape of those in effects.py (state, task, answer, part, events) and is registered in
its ``RESOLVERS`` table when this module is imported (rules.py imports it).
"""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import Action
from .characteristics import matches
from .citations import cite
from .effects import REPEAT, RESOLVERS, _targets
from .primitives import area_changed, deck_top, emit, handler, lose, move, name
from .state import MARKER_OF


def _marker(state, task, answer, part, events):
    """3.7.1 / 3.7.2: cards from ``source`` go face down under this character, each on top of those there."""
    player, card_id, done, count = task["p"], task["card"], task.get("done", 0), part.get("count")
    source = part.get("source")
    if not state.on_stage(card_id):
        emit(events, "no_target", say("%(card)s is no longer on the stage: no marker can go under it", card=name(state, card_id)),
             ("AUTO_CARD_MOVED",), player, card=card_id)
        return None
    owner, slot = state.loc[card_id]
    zone = MARKER_OF[slot]
    if source == "deck":
        added = [c for c in (deck_top(state, owner, zone, events) for _ in range(count)) if c]
        _marker_event(state, events, owner, card_id, added, source)
        return None
    cands = [c for c in state.zones[owner][source] if matches(state, c, part.get("filter"))]
    if not cands:
        if not done:
            emit(events, "no_target", say("no card in the %(value)s to put under %(card)s", value=source.replace('_', ' '), card=name(state, card_id)), ("CHOICE_IMPOSSIBLE",), player, card=card_id)
        return None
    if answer is None and len(cands) > 1:
        return Decision("choose", player, say("choose a card from your %(zone)s to put under %(card)s as a marker",
                                              zone=source.replace("_", " "), card=name(state, card_id)), tuple(Action.make("choose", card=c) for c in cands),
                        cite("CHOOSE_AS_MANY_AS_POSSIBLE"))
    chosen = answer.card if answer is not None else cands[0]
    move(state, chosen, zone, owner)
    _marker_event(state, events, owner, card_id, [chosen], source)
    return REPEAT if done + 1 < count else None


def _marker_event(state, events, player, card_id, added, source):
    emit(events, "marker", say("%(n)s card(s) from the %(value)s go face down under %(card)s as markers (%(n2)s under it)", n=len(added), value=source.replace('_', ' '), card=name(state, card_id), n2=len(state.markers(card_id))),
         ("ABILITY_RESOLVES", "MARKER_AREA", "MARKER_CHARACTER"), player, card=card_id, cards=added, source=source,
         count=len(state.markers(card_id)))


def _to_memory(state, task, answer, part, events):
    """3.12.1: a card is put into its owner's memory area ("this card": from wherever it is, an event's from the
    resolution area)."""
    if part.get("target") == "self":
        cards = [task["card"]] if state.loc[task["card"]][1] not in ("memory", "waiting_room", "deck") else []
    else:
        cards, decision = _targets(state, task, answer, part)
        if decision:
            return decision
    for c in cards:
        move(state, c, "memory", events=events)
        emit(events, "to_memory", say("%(card)s is put into the memory", card=name(state, c)), ("ABILITY_RESOLVES", "MEMORY_AREA"),
             task["p"], card=c)
    if not cards:
        emit(events, "no_target", say("%(card)s: no card to put into the memory", card=name(state, task['card'])),
             ("CHOICE_IMPOSSIBLE",), task["p"])
    return None


def _look(state, task, answer, part, events):
    """4.8: look at the top cards of your deck, then (the effect's own words) choose up to ``take`` of them, of the
    ``filter``, for your hand and put the rest into ``rest``; the procedure runs as its own task (``look``)."""
    push(state, {"t": "look", "p": task["p"], "card": task["card"], "effect": part.to_json(), "seen": 0,
                 "cards": None, "taken": 0})
    return None


@handler("look")
def _look_step(state, task, answer, events):
    from .abilities import _effect as parse_effect

    part = parse_effect(task["effect"], "effect", "act")
    player, count = task["p"], part.get("count")
    owner = 1 - player if part.get("player") == "opponent" else player  # whose deck is looked at
    deck = state.zones[owner]["deck"]
    if task["cards"] is None:  # looking
        most = min(count, len(deck))  # 1.3.2: as many as there are
        seen = task["seen"]
        if not part.get("up_to"):
            seen = most
        elif seen < most:  # 4.8.3.1-4.8.3.3: before each further card the player may end the process
            if answer is None:
                prompt = say("look at one more card from the top of your deck? (%(n)s of up to %(count)s looked at)",
                             n=seen, count=count) if owner == player else say(
                    "look at one more card from the top of your opponent's deck? (%(n)s of up to %(count)s looked at)",
                    n=seen, count=count)
                return Decision("use", player, prompt,
                                (Action.make("accept"), Action.make("pass")), cite("LOOK_UP_TO_END"))
            if answer.kind == "accept":
                cards = deck[:seen + 1]
                emit(events, "look", say("player %(player)s looks at the top %(n)s card(s) of the deck", player=player,
                                         n=len(cards)), ("LOOK_UP_TO", "LOOK_TOP"), player, cards=list(cards))
                push(state, {**task, "seen": seen + 1})
                return None
        if not part.get("up_to") and seen:
            emit(events, "look", say("player %(player)s looks at the top %(n)s card(s) of the deck", player=player,
                                     n=seen), ("LOOK_N", "LOOK_TOP"), player, cards=list(deck[:seen]))
        push(state, {**task, "cards": list(deck[:seen])})
        return None
    cards = [c for c in task["cards"] if c in deck]
    cands = [c for c in cards if matches(state, c, part.get("filter"))]
    if task["taken"] < part.get("take", 1) and cands and not task.get("ordering"):  # "choose up to N" (8.6.3.1.1)
        if answer is None:
            return Decision("choose", player, say("choose a card you looked at to put into your hand"),
                            tuple(Action.make("choose", card=c) for c in cands) + (Action.make("pass"),),
                            cite("CHOOSE_UP_TO"))
        if answer.kind == "choose":
            move(state, answer.card, "hand")
            emit(events, "look_take", say("player %(player)s puts %(card)s into the hand", player=player,
                                          card=name(state, answer.card)), ("ABILITY_RESOLVES",), player, card=answer.card)
            push(state, {**task, "taken": task["taken"] + 1})
            return None
    rest = part.get("rest", "waiting_room")
    if not isinstance(rest, str):  # the player chooses, card by card from the top, where each goes (W43)
        dest = dict(task.get("dest", {}), **({answer.card: answer.get("to")} if answer is not None
                                             and answer.kind == "rest_to" else {}))
        left = [c for c in cards if c not in dest]
        if left and answer is not None:
            push(state, {**task, "dest": dest})
            return None
        if left:
            return Decision("look_rest", player, say("choose where %(card)s goes", card=name(state, left[0])),
                            tuple(Action.make("rest_to", card=left[0], to=r) for r in rest), cite("CHOICE_REQUIRED"))
        for r in rest:
            _put_rest(state, player, [c for c in cards if dest[c] == r], r, events)
        return None
    if part.get("any_order") and len(cards) > 1:  # "in any order": the owner orders them, one at a time (3.1.5)
        if not task.get("ordering"):
            push(state, {**task, "ordering": True, "order": []})
            return None
        order = task["order"] + ([answer.card] if answer is not None and answer.kind == "choose" else [])
        left = [c for c in cards if c not in order]
        if len(left) > 1:
            if answer is not None:
                push(state, {**task, "order": order})
                return None
            return Decision("choose", player, say("choose the card to put back next, from the top (%(n)s put back)",
                                                  n=len(order)), tuple(Action.make("choose", card=c) for c in left),
                            cite("OWNER_ORDERS"))
        cards = order + left
        if rest == "deck_top":
            deck[:] = cards + [c for c in deck if c not in cards]
    _put_rest(state, player, cards, rest, events)
    return None


def _put_rest(state, player: int, cards: list[str], rest: str, events: list) -> None:
    """The cards looked at and not taken go where the effect says (the top of the deck: they stay there)."""
    if cards:
        if rest != "deck_top":  # deck_top: they stay where they were
            for c in cards:
                move(state, c, "deck" if rest == "deck_bottom" else rest)
        if rest == "waiting_room":
            text = say("player %(player)s puts the other %(n)s card(s) looked at into the waiting room", player=player,
                       n=len(cards))
        elif rest == "deck_bottom":
            text = say("player %(player)s puts the other %(n)s card(s) looked at at the bottom of the deck",
                       player=player, n=len(cards))
        else:
            text = say("player %(player)s leaves the other %(n)s card(s) looked at on top of the deck", player=player,
                       n=len(cards))
        emit(events, "look_rest", text, ("ABILITY_RESOLVES",), player, cards=cards, to=rest)
        if rest == "waiting_room":  # 8.7.4 (W31): "when this card is put from your deck into your waiting room"
            for c in cards:
                area_changed(state, c, "deck", events)


def _game_result(state, task, answer, part, events):
    """1.2.5: a player wins or loses by an effect during its resolution, with no check timing; the game ends at once
    (1.2.1), so nothing more of the ability is done."""
    named = task["p"] if part.get("player") == "self" else 1 - task["p"]
    loser = named if part.kind == "lose" else 1 - named
    lose(state, [loser], "WIN_LOSE_BY_EFFECT", events, say("an effect (1.2.5)"))
    return None


def _shift_swap(state, task, answer, part, events):
    """10.11.2-10.11.3.2: the shift card (still in the clock) and a chosen card of its colour from the hand swap."""
    player, card_id = task["p"], task["card"]
    clock = state.zones[player]["clock"]
    if card_id not in clock:
        return None
    colour = state.cards[card_id].colour
    cands = [c for c in state.zones[player]["hand"] if state.cards[c].colour == colour]
    if not cands:
        emit(events, "no_target", say("shift: no %(colour)s card in player %(player)s's hand", colour=colour, player=player), ("SHIFT_NO_CARD",), player)
        return None
    if answer is None and len(cands) > 1:
        return Decision("choose", player, say("shift: choose a %(colour)s card from your hand to swap with %(card)s",
                                              colour=colour, card=name(state, card_id)), tuple(Action.make("choose", card=c) for c in cands), cite("SHIFT"))
    chosen = answer.card if answer is not None else cands[0]
    at = clock.index(card_id)
    move(state, card_id, "hand")
    move(state, chosen, "clock")
    clock = state.zones[player]["clock"]
    clock.insert(at, clock.pop())  # the hand card takes the shift card's place in the clock
    emit(events, "shift", say("shift: %(card)s and %(card2)s swap (clock and hand)", card=name(state, card_id), card2=name(state, chosen)),
         ("SHIFT",), player, card=card_id, swapped=chosen)
    return None


RESOLVERS.update({"shift_swap": _shift_swap, "marker": _marker, "to_memory": _to_memory, "look": _look, "lose": _game_result,
                  "win": _game_result})
