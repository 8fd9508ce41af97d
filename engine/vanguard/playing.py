"""Playing cards and abilities: riding (8.5.1), calling (8.5.3), whether a cost can be paid, an ability's tasks."""

from __future__ import annotations

from ..core.standby import cite_if_standby
from ..core.text import say
from .abilities import COST_FILTERS, Ability, Part
from .cards import same_clan
from .characteristics import legion_mate_on_circle
from .citations import cites
from ..core.agenda import push
from .primitives import emit, handler, move, name
from .replacement import ask_first, open_choices
from .standby import add_standby, put_into_soul, retire_unit, retired, soul_watch, trigger
from .state import GameState


def do_ride(state: GameState, events: list, card_id: str, player: int, normal: bool) -> None:
    old = state.vanguard(player)
    old_deleted = old in state.deleted  # 10.26.11: a deleted unit ridden on goes to the soul face up
    hearts = [h for h in state.zones[player]["vanguard"] if h in state.hearts]
    mate = legion_mate_on_circle(state, old) if old else None
    # 8.6.5.1.4: the units the ride puts into the soul keep "when this card is put into the soul" as units
    to_soul = {c: ("vanguard", soul_watch(state, c)) for c in (old, mate) if c}
    move(state, card_id, "vanguard", player)
    if mate:
        move(state, mate, "soul", player, by_ride=True)
        emit(events, "legion_to_soul",
             say("%(card)s and its Legion Mate %(card2)s are put into the soul", card=name(state, old), card2=name(state, mate)),
             ("LEGION_RIDE_OVER", "LEGION_RIDE_GRADE"), player, card=mate)
    if old:
        move(state, old, "soul", player, by_ride=True)  # a G unit goes to the G zone instead (10.6.1.3, 10.28.4)
        if state.cards[old].type == "g_unit":
            emit(events, "g_unit_returns", say("%(card)s returns to the G zone face up", card=name(state, old)), ("G_UNIT_TO_G_ZONE",),
                 player, card=old)
    for h in hearts:
        move(state, h, "soul", player, by_ride=True)
        emit(events, "heart_to_soul", say("the heart %(card)s is put into the soul", card=name(state, h)), ("RIDE_RESOLVES",), player,
             card=h)
    if normal:
        state.rode_this_turn = True
    keys = ("RIDE_GRADE", "RIDE_RESOLVES", "RIDE_STANDING", "RIDE") if normal else ("RIDE_RESOLVES", "RIDE", "SUPERIOR_RIDE")
    if old_deleted:
        text = say("player %(player)s rides %(card)s over the deleted %(old)s, which goes to the soul face up",
                   player=player, card=name(state, card_id), old=name(state, old))
        keys += ("DELETED_RIDDEN_OVER",)
    elif old:
        text = say("player %(player)s rides %(card)s over %(old)s", player=player, card=name(state, card_id), old=name(state, old))
    else:
        text = say("player %(player)s rides %(card)s", player=player, card=name(state, card_id))
    emit(events, "ride", text, keys, player, card=card_id, previous=old)
    trigger(state, events, "on_ride", card_id)
    # a card moved onto a circle is placed there whether or not it was played (10.5.1.1): a ride places it too
    cite_if_standby(state, events, lambda: trigger(state, events, "on_place", card_id), cites("PLACED_ON_CIRCLE"))
    put_into_soul(state, events, to_soul, by_ride=True)
    if old and state.cards[old].has("forerunner") and same_clan(state.cards[old], state.cards[card_id]):
        add_standby(state, events, old, -1, {})


def do_call(state: GameState, events: list, card_id: str, player: int, circle: str, normal: bool,
            ctx: dict | None = None) -> None:
    # 10.7.1.5 retires "the units other than the called unit": the called unit is on the circle first (A3).
    others = list(state.zones[player][circle])
    move(state, card_id, circle, player)
    keys = ("MAIN_NORMAL_CALL", "CALL_GRADE", "CALL_RESOLVES", "CALL") if normal else ("SUPERIOR_CALL", "CALL")
    emit(events, "call", say("player %(player)s calls %(card)s to %(circle)s", player=player, card=name(state, card_id), circle=circle),
         keys + ("REAR_GUARD_PLACED_STANDING",), player, card=card_id, circle=circle)
    later = open_choices(state, {}, others)  # "you may put it ... instead": asked right after the call (8.2.1.3.2)
    for old in others:
        if old not in later:
            retire_called_over(state, events, old, card_id, player, {})
    trigger(state, events, "on_call", card_id, ctx)
    trigger(state, events, "on_place", card_id, ctx)
    push(state, *({"t": "retire_called_over", "card": old, "by": card_id, "p": player} for old in later))


def retire_called_over(state: GameState, events: list, old: str, card_id: str, player: int, chosen: dict) -> None:
    """10.7.1.5: the unit that was on the circle a unit is called to is retired (its replacement, if any)."""
    watched = retire_unit(state, old, player, chosen)
    if not watched.instead:
        emit(events, "retire", say("%(old)s is retired: %(card)s was called onto its circle", old=name(state, old),
                                   card=name(state, card_id)),
             ("CALL_OVER_UNIT_RETIRES", "ONE_CARD_PER_CIRCLE", "RETIRE"), player, assumptions=("A3",), card=old)
    retired(state, events, old, watched)


@handler("retire_called_over")
def _retire_called_over(state, task, answer, events):
    """10.7.1.5 after its owner chose about an optional replacement (8.2.1.3.2; replacement.ask_first)."""
    if not state.on_field(task["card"]) or ask_first(state, task, [task["card"]]):
        return
    retire_called_over(state, events, task["card"], task["by"], task["p"], task.get("replace") or {})


def do_call_to_guardian(state: GameState, events: list, card_id: str, player: int) -> None:
    """10.7.1.3.1: a unit superior called to the guardian circle is called rested, and guards an attacked unit of
    the non-turn player; the battle has one attacked unit, so it guards that one (none outside a battle, or for
    the turn player: it is then on the guardian circle guarding nothing, and 9.4.1 removes it outside the battle)."""
    move(state, card_id, "guardian", player, rested=True)
    b, guarded = state.battle, None
    if b and player != state.turn_player and b.get("target") \
            and state.loc.get(b["target"]) == (player, b.get("target_circle")):
        guarded = b["target"]
        b["guardians"][card_id] = guarded
    emit(events, "call", say("player %(player)s calls %(card)s to the guardian circle, rested", player=player,
                             card=name(state, card_id)),
         ("SUPERIOR_CALL_GUARDIAN", "SUPERIOR_CALL", "CALL") + (("GUARDIAN_SHIELD_ADDS",) if guarded else ()),
         player, assumptions=() if guarded else ("A38",), card=card_id, circle="guardian")
    ctx = {"guarded": guarded} if guarded else None
    trigger(state, events, "on_call", card_id, ctx)
    trigger(state, events, "on_place", card_id, ctx)


def cost_lost(state: GameState, src: str) -> bool:
    """Whether the card's abilities have lost their cost for now ("lose the cost", IT 10.30.1, EN 10.29.1): when
    the cost is to be paid, what it names is not done."""
    return any(m.card == src and m.stat == "no_cost" for m in state.modifiers)


def cost_pool(state: GameState, player: int, kind: str, cost) -> list[str]:
    """The cards a counter blast, counter charge, soul blast, discard or hand-to-soul cost (``cost``: its parameters,
    a Part or its JSON) may use; a cost written
    "[Counter Blast (number) - (requirement)]" only the cards that meet it (10.16.1.1, 10.18.1.1)."""
    z = state.zones[player]
    pool = {"counter_blast": [d for d in z["damage"] if d not in state.face_down],
            "counter_charge": [d for d in z["damage"] if d in state.face_down],
            "soul_blast": list(z["soul"]), "discard": list(z["hand"]), "hand_to_soul": list(z["hand"])}[kind]
    want = {k: cost.get(k) for k in COST_FILTERS if cost.get(k) is not None}
    return [c for c in pool if all(getattr(state.cards[c], k) == v for k, v in want.items())]


def can_pay(state: GameState, player: int, costs: tuple[Part, ...], src: str) -> bool:
    if cost_lost(state, src):
        return True
    z = state.zones[player]
    for c in costs:
        n = c.get("count", 0)
        if c.kind in ("counter_blast", "counter_charge", "soul_blast", "discard", "hand_to_soul") and len(
                cost_pool(state, player, c.kind, c)) < n:
            return False
        if c.kind == "soul_charge" and len(z["deck"]) < n:
            return False
        if c.kind == "rest_self" and (not state.on_field(src) or src in state.rested):
            return False
        if c.kind in ("soul_self", "retire_self") and not state.on_field(src):
            return False
        if c.kind == "retire_self" and state.loc[src][1] == "vanguard":  # a rear-guard is retired, not the vanguard
            return False
        if c.kind == "retire_rear_guard" and sum(1 for r in state.rear_guards(player) if r not in state.locked) < n:
            return False
        if c.kind == "rest_rear_guard" and len(standing_rear_guards(state, player)) < n:
            return False
    return True


def standing_rear_guards(state: GameState, player: int) -> list[str]:
    """The rear-guards a "[Rest (n) of your rear-guards]" cost may rest: standing ones (a locked card is neither)."""
    return [r for r in state.rear_guards(player) if r not in state.locked and r not in state.rested]


def ability_tasks(state: GameState, src: str, ab: Ability, player: int, ctx: dict, by: str | None = None) -> list[dict]:
    """Costs, effects, then the end of the resolution; ``by``: the clause that had it played (check timing, ACT)."""
    out = [{"t": "cost", "part": c.to_json(), "p": player, "src": src} for c in ab.cost]
    out += [{"t": "effect", "part": e.to_json(), "p": player, "src": src, "ctx": ctx} for e in ab.effects]
    out.append({"t": "ability_done", "src": src, **({"by": by} if by else {})})
    return out
