"""Paying an ability's cost (8.4): all of it or nothing (8.4.2.2), its parts in order (8.4.2.1).

Costs with a choice (discard, rest another character) ask one card at a time
and are paid together once every choice is made (8.6.2.3), so no interrupt
rule action happens during the payment (9.2.3, 9.3.3).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .abilities import Part
from .actions import Action
from .characteristics import matches
from .citations import cite
from .primitives import area_changed, deck_top, emit, handler, move, name
from .state import GameState

CHOOSING_COSTS = ("discard", "rest_other")
MAX_COST_SETS = 1000  # above this many possible sets a cost's cards are offered one at a time only


def _cost_candidates(state: GameState, player: int, part: Part, card_id: str, picked: list[str]) -> list[str]:
    if part.kind == "discard":
        return [c for c in state.zones[player]["hand"] if c not in picked and matches(state, c, part.get("filter"))]
    return [c for c in state.characters(player) if c != card_id and c not in picked and c not in state.rested
            and c not in state.reversed]


def can_pay(state: GameState, player: int, costs: tuple[Part, ...], card_id: str) -> bool:
    """8.4.2.2 / 8.6.2.3: the whole cost, or nothing."""
    picked: list[str] = []
    for part in costs:
        if part.kind == "stock" and len(state.zones[player]["stock"]) < part.get("count"):
            return False
        if part.kind == "rest_self" and (not state.on_stage(card_id) or card_id in state.rested
                                         or card_id in state.reversed):
            return False
        if part.kind == "clock_top" and len(state.zones[player]["deck"]) < part.get("count"):
            return False
        if part.kind in CHOOSING_COSTS:
            cands = _cost_candidates(state, player, part, card_id, picked)
            if len(cands) < part.get("count"):
                return False
            picked.extend(cands[:part.get("count")])
    return True


def pay_task(player: int, card_id: str, costs: tuple[Part, ...]) -> dict:
    return {"t": "pay", "p": player, "card": card_id, "costs": [c.to_json() for c in costs], "picks": []}


@handler("pay")
def _pay(state, task, answer, events):
    """8.6.2.3: make the cost's choices one card at a time, then pay every part together (8.4.2.1: in order)."""
    from .abilities import _cost  # the task keeps costs as JSON; parse them back

    player, card_id, picks = task["p"], task["card"], list(task["picks"])
    costs = [_cost(c, "cost") for c in task["costs"]]
    taken = 0
    for part in costs:
        if part.kind not in CHOOSING_COSTS:
            continue
        mine = picks[taken:taken + part.get("count")]
        taken += len(mine)
        if len(mine) < part.get("count"):
            cands = _cost_candidates(state, player, part, card_id, picks)
            need = part.get("count") - len(mine)
            # exactly as many cards as the cost takes: one possible answer, made without asking (8.6.3.1, W51)
            if answer is None and len(cands) <= need:
                push(state, {**task, "picks": picks + cands, "unasked": need > 1 or task.get("unasked", False)})
                return None
            if answer is None:
                # the cards still to choose, as one set in any order, or one at a time (the same cards, one result)
                sets = () if need < 2 or comb(len(cands), need) > MAX_COST_SETS else tuple(
                    Action.make("choose_cards", cards=list(c)) for c in combinations(cands, need))
                return Decision("cost", player, (say("cost: choose %(n)s card(s) to put into the waiting room", n=need)
                                                  if part.kind == "discard" else
                                                  say("cost: choose %(n)s card(s) to rest", n=need)),
                                sets + tuple(Action.make("choose", card=c) for c in cands), cite("PAY_COST"))
            chosen = list(answer.get("cards")) if answer.kind == "choose_cards" else [answer.card]
            push(state, {**task, "picks": picks + chosen})
            return None
    paid, clocked = [], []
    picks_iter = iter(picks)
    for part in costs:
        n = part.get("count", 1)
        if part.kind == "stock":
            for _ in range(n):
                top = state.zones[player]["stock"][0]
                move(state, top, "waiting_room")
                paid.append(top)
        elif part.kind == "discard":
            hand = state.zones[player]["hand"]
            # paid together (8.6.2.3): in the order they were in the hand, whatever order they were named in
            for c in sorted((next(picks_iter) for _ in range(n)), key=hand.index):
                move(state, c, "waiting_room")
                paid.append(c)
        elif part.kind == "rest_other":
            for _ in range(n):
                state.rested.add(next(picks_iter))
        elif part.kind == "rest_self":
            state.rested.add(card_id)
        elif part.kind == "clock_top":
            for _ in range(n):
                clocked.append(deck_top(state, player, "clock", events, refresh_now=False))
    # 9.2.3 / 9.3.3: a refresh or level up the payment made due waits until the cost is paid (the next task)
    deferred: tuple[str, ...] = ()
    if any(part.kind == "clock_top" for part in costs):
        deferred = (("REFRESH_NOT_DURING_COST",) if not state.zones[player]["deck"] else ()) + (
            ("LEVEL_UP_NOT_DURING_COST",) if len(state.zones[player]["clock"]) >= 7 else ())
    emit(events, "cost", say("player %(player)s pays the cost of %(card)s", player=player, card=name(state, card_id)),
         ("PAY_COST", "STOCK_COST", "COST_ALL_OR_NOTHING") + deferred, player,
         assumptions=("W51",) if task.get("unasked") else (), card=card_id, cards=paid)
    for c in paid:  # 8.7.4: then the abilities the payment triggered (a discarded card from the hand)
        area_changed(state, c, "hand" if c in picks else "stock", events)
    for c in clocked:  # Accelerate's card from the top of the deck into the clock (10.12.1)
        if c is not None and state.loc[c][1] == "clock":
            area_changed(state, c, "deck", events)
    return None
