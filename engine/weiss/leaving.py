"""A card going from the stage to the waiting room (8.7.4), and the replacement effects that put it elsewhere
instead (8.10: "if this card would go from the stage to the waiting room, instead ...", with its optional form
8.2.1.3.2, 8.10.3).

Going there starts the character's encores (10.2) and its "when this card goes from the stage to the waiting room"
abilities, read as it was on the stage (8.7.4.1.2); a replacement that applies means neither happens (8.10.1.1).
Replacements of other moves, of a draw or of damage are replacing.py's.
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.events import cite_last
from ..core.text import say
from .actions import SLOTS, Action
from .characteristics import auto_barred, conditions_hold, features, forbidden_attacks, granted_encores, matches
from .citations import cite
from .primitives import _ASKED, add_standby, area_changed, emit, handler, move, name
from .state import GameState


def to_waiting_room(state: GameState, card_id: str, events: list, then: dict | None = None,
                    given: list[str] | None = None) -> bool:
    """Put a card into its owner's waiting room; a character leaving the stage gets its encore abilities
    on stand-by (10.2.3: every character has Encore [3]; 10.2.2 for printed encores) and its "when this card goes
    from the stage to the waiting room" abilities (8.7.4), which read it as it was on the stage (8.7.4.1.2).

    False when its controller must first choose among its replacement effects (8.10.2): that choice is the next
    task, and ``then`` (the rest of the caller's action) runs after it; True when the card has gone (or been
    replaced). ``given``: the encores CONT effects gave it, read before other characters leaving with it at the same
    time had gone (8.7.4.1.2)."""
    player, slot = state.loc[card_id]
    if slot in SLOTS:
        usable = replacements(state, card_id, events)
        if len(usable) == 1 and not state.cards[card_id].abilities[usable[0]].optional:
            apply_replacement(state, card_id, usable[0], events)
            return True
        if usable:
            state.agenda.append({"t": "replacement", "p": player, "card": card_id, "slot": slot, "options": usable,
                                 "then": then})
            _ASKED[0] += 1
            return False
    _leave_for_waiting_room(state, card_id, events, given)
    return True


def _leave_for_waiting_room(state: GameState, card_id: str, events: list, given: list[str] | None = None) -> None:
    player, slot = state.loc[card_id]
    leaving = [i for i, ab in enumerate(state.cards[card_id].abilities)
               if ab.timing == "on_stage_to_waiting_room" and conditions_hold(state, ab, card_id)] \
        if slot in SLOTS else []
    if given is None:  # read on the stage (8.7.4.1.2)
        given = granted_encores(state, card_id) if slot in SLOTS else []
    # "cannot use Encore", read on the stage too: its encores still trigger, and cannot be played (8.7.3.2, W39)
    no_auto = auto_barred(state, card_id)
    barred = no_auto or ({"cannot": True} if slot in SLOTS and "cannot_encore" in features(state)
                         and "encore" in forbidden_attacks(state, card_id) else {})
    renumbered = move(state, card_id, "waiting_room", events=events, keep=tuple(leaving))
    leaving = [renumbered.get(i, i) for i in leaving]  # gifts taken back may have moved it down (W49)
    if slot in SLOTS:
        add_standby(state, events, card_id, "encore", {"slot": slot, "player": player, **barred},
                    label="rule encore [3]")
        for i, ab in enumerate(state.cards[card_id].abilities):
            if ab.timing == "encore":
                add_standby(state, events, card_id, i, {"slot": slot, "player": player, **barred})
        for cost in given:  # an encore a CONT effect gave it on the stage
            add_standby(state, events, card_id, "given_encore", {"slot": slot, "player": player, "cost": cost,
                                                                 **barred}, label="encore", assumptions=("W29",))
        for i in leaving:  # 8.7.4: an area-change trigger; its conditions were read on the stage (8.7.4.1.2)
            add_standby(state, events, card_id, i, {"last": {"slot": slot, "player": player, "left": True}, **no_auto},
                        player=player)
            cite_last(events, (cite("AREA_CHANGE_TRIGGER"), cite("LAST_KNOWN_STAGE")))


@handler("replacement")
def _replacement(state, task, answer, events):
    """8.10.2 / 8.10.2.1: the controller of the character about to go from the stage to the waiting room chooses
    which of its replacement effects applies (each at most once, 8.10.2.3: once one applies the card no longer goes
    there); an optional one (8.2.1.3.2) may be declined. Then the rest of the action that sent it goes on."""
    card_id, player = task["card"], task["p"]
    if "using" in task and state.loc[card_id] == (player, task["slot"]):
        return _replacement_discard(state, task, answer, events)
    if state.loc[card_id] == (player, task["slot"]):
        usable = [i for i in replacements(state, card_id) if i in task["options"]]
        abilities = state.cards[card_id].abilities
        optional = all(abilities[i].optional for i in usable)
        if answer is None and usable and (len(usable) > 1 or optional):
            if len(usable) == 1:
                return Decision("replacement", player, say("%(card)s would go from the stage to the waiting room: use "
                                                           "its replacement effect instead?", card=name(state, card_id)),
                                (Action.make("accept"), Action.make("pass")), cite("REPLACEMENT_OPTIONAL"))
            return Decision("replacement", player, say("%(card)s would go from the stage to the waiting room: choose "
                                                       "the replacement effect that applies", card=name(state, card_id)),
                            tuple(Action.make("replacement", ability=i) for i in usable)
                            + ((Action.make("pass"),) if optional else ()), cite("REPLACEMENT_ORDER_CARD"))
        if usable and (answer is None or answer.kind != "pass"):
            index = answer.get("ability") if answer is not None and answer.kind == "replacement" else usable[0]
            if _discard_to_choose(state, card_id, index, []):  # which hand card(s) the option discards
                push(state, {**task, "using": index, "several": len(usable) > 1, "picks": []})
                return None
            apply_replacement(state, card_id, index, events, chosen=len(usable) > 1)
        else:
            if usable:
                emit(events, "replacement_declined", say("player %(player)s does not use %(card)s's replacement "
                                                         "effect", player=player, card=name(state, card_id)),
                     ("REPLACEMENT_OPTIONAL",), player, assumptions=("W25",), card=card_id)
            _leave_for_waiting_room(state, card_id, events)
    if task.get("then"):
        push(state, task["then"])
    return None


def _discard_to_choose(state: GameState, card_id: str, index: int, picks: list[str]) -> list[str]:
    """The hand cards an optional replacement's "you may discard N cards" still chooses among; none when the
    cards to discard are all the hand holds of them (no choice to make)."""
    player = state.loc[card_id][0]
    parts = [c for c in state.cards[card_id].abilities[index].cost if c.kind == "discard"]
    need = sum(c.get("count") for c in parts) - len(picks)
    cands = [c for part in parts for c in discard_candidates(state, player, part) if c not in picks]
    return cands if 0 < need < len(cands) else []


def _replacement_discard(state, task, answer, events):
    """The option's discard, one card per answer (8.2.1.3.2: "you may discard ... If you do"), then the
    replacement applies."""
    card_id, index, picks = task["card"], task["using"], list(task["picks"])
    if answer is not None and answer.kind == "choose":
        picks.append(answer.card)
    cands = _discard_to_choose(state, card_id, index, picks)
    if cands:
        if answer is not None:
            push(state, {**task, "picks": picks})
            return None
        return Decision("cost", task["p"], say("%(card)s's replacement effect: choose a card to discard",
                                               card=name(state, card_id)),
                        tuple(Action.make("choose", card=c) for c in cands), cite("REPLACEMENT_OPTIONAL"))
    apply_replacement(state, card_id, index, events, chosen=task.get("several", False), picks=picks)
    if task.get("then"):
        push(state, task["then"])
    return None


def replacements(state: GameState, card_id: str, events: list | None = None) -> list[int]:
    """The replacement effects that would apply as this character goes from the stage to the waiting room:
    conditions met (8.10.1), and for the optional form an option its controller can take (8.10.3)."""
    out = []
    for i, ab in enumerate(state.cards[card_id].abilities):
        if ab.timing == "replace" and ab.replaces == "leave_stage" and conditions_hold(state, ab, card_id):
            if not option_payable(state, card_id, ab):
                if events is not None:
                    emit(events, "replacement_unusable", say("%(card)s: the replacement effect's option cannot be "
                                                             "taken, so it cannot be used", card=name(state, card_id)),
                         ("REPLACEMENT_CANNOT_DECIDE",), state.loc[card_id][0], card=card_id)
                continue
            out.append(i)
    return out


def option_payable(state: GameState, card_id: str, ab) -> bool:
    """Whether the option of an optional replacement effect ("instead you may put 1 stock / discard 1 card ...")
    can be taken now: 8.10.3, it cannot be used otherwise."""
    player = state.loc[card_id][0]
    stock = sum(c.get("count") for c in ab.cost if c.kind == "stock")
    return len(state.zones[player]["stock"]) >= stock and all(
        len(discard_candidates(state, player, c)) >= c.get("count") for c in ab.cost if c.kind == "discard")


def discard_candidates(state: GameState, player: int, part) -> list[str]:
    return [c for c in state.zones[player]["hand"] if matches(state, c, part.get("filter"))]


def apply_replacement(state: GameState, card_id: str, index: int, events: list, chosen: bool = False,
                      picks: list[str] | None = None) -> None:
    """8.10.1: the replacement effect puts the character in its area instead of the waiting room; the waiting
    room, and what going there would start (its encore, 10.2), never happen (8.10.1.1). The optional form pays its
    option first (8.2.1.3.2: "if you do"): stock cards from the top, or the hand cards ``picks`` names."""
    ab = state.cards[card_id].abilities[index]
    player = state.loc[card_id][0]
    paid, discarded = [], []
    picks = list(picks or [])
    for part in ab.cost:
        if part.kind == "discard":
            mine, picks = picks[:part.get("count")], picks[part.get("count"):]
            mine += [c for c in discard_candidates(state, player, part) if c not in mine][:part.get("count") - len(mine)]
            for c in mine:
                move(state, c, "waiting_room")
                paid.append(c)
                discarded.append(c)
            continue
        for _ in range(part.get("count")):
            top = state.zones[player]["stock"][0]
            move(state, top, "waiting_room")
            paid.append(top)
    area = ab.instead
    zone = "deck" if area == "deck_bottom" else area
    move(state, card_id, zone, top=area == "stock", events=events)
    keys = ("REPLACEMENT_APPLIES", "REPLACED_NEVER_HAPPENS") + (
        ("REPLACEMENT_OPTIONAL",) if ab.optional else ("REPLACEMENT_EFFECT",)) + (
        ("REPLACEMENT_ORDER_CARD", "REPLACEMENT_ONCE") if chosen else ())
    emit(events, "replaced", say("%(card)s would go from the stage to the waiting room: instead it goes to the "
                                 "%(value)s (replacement effect)", card=name(state, card_id),
                                 value=area.replace('_', ' ')),
         keys, player, assumptions=("W18",) + (("W25",) if ab.optional or chosen else ()), card=card_id,
         instead=zone, replaced="waiting_room", **({"paid": paid} if paid else {}))
    for c in paid:  # 8.7.4: what paying the option triggered (a card discarded from the hand, a stock card)
        area_changed(state, c, "hand" if c in discarded else "stock", events)
