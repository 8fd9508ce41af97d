"""Keyword rules several steps consult (sections 10-11): stride, G guardian, lord, the face-down G zone."""

from __future__ import annotations

from ..core.text import say
from itertools import combinations

from .actions import Action
from .cards import same_clan
from .characteristics import grade_of_vanguard, has_keyword
from .playing import can_pay
from .primitives import add_modifier, emit, name
from .state import GameState


def give_keyword(state: GameState, events: list, card_id: str, part: dict, src: str, player: int) -> None:
    """"(unit) gets [keyword] until end of turn" (IT 10.22.3, EN 10.21.3) or "loses [keyword]" (IT 10.22.2, EN
    10.21.2): the text is treated as on the card, or not, for that time."""
    gets = part["kind"] == "gain_keyword"
    add_modifier(state, card_id, part["keyword"], 1 if gets else -1, part["duration"], src)
    text = (say("%(card)s gets %(keyword)s until %(duration)s", card=name(state, card_id), keyword=part["keyword"],
                duration=part["duration"].replace("_", " ")) if gets else
            say("%(card)s loses %(keyword)s until %(duration)s", card=name(state, card_id), keyword=part["keyword"],
                duration=part["duration"].replace("_", " ")))
    emit(events, "keyword", text, ("GET_ABILITY",) if gets else ("LOSE_ABILITY",), player, card=card_id,
         keyword=part["keyword"], gets=gets)


def face_down_g_zone(state: GameState, player: int) -> list[str]:
    return [c for c in state.zones[player]["gzone"] if c in state.face_down]


def stride_blocker(state: GameState, player: int) -> tuple[str, str] | None:
    """Why a normal stride is impossible now, or None (8.5.2.1.1.3, 6.5.1.2.2, 11.12.3.1)."""
    if state.strode_this_turn:
        return say("a normal stride can be performed only once per turn"), "STRIDE_STEP"
    mine, theirs = grade_of_vanguard(state, player), grade_of_vanguard(state, 1 - player)
    if not (mine >= 3 and (theirs >= 3 or state.turn_start_grade >= 3)):
        return (say("a stride needs both vanguards at grade 3 or more, or your grade 3 vanguard since the start of the turn (yours %(mine)s, opponent's %(theirs)s)", mine=mine, theirs=theirs)), "STRIDE_GRADE"
    if sum(state.cards[c].grade for c in state.zones[player]["hand"]) < 3:
        return say("the stride cost (discard cards whose grades total 3 or more) cannot be paid"), "STRIDE_DEFAULT_COST"
    return None


def stride_costs(state: GameState, player: int) -> list[Action]:
    """Every set of hand cards whose grades total 3 or more (11.12.3.1; Playbook Q10)."""
    hand = state.zones[player]["hand"]
    out = []
    for n in range(1, len(hand) + 1):
        for combo in combinations(hand, n):
            if sum(state.cards[c].grade for c in combo) >= 3:
                out.append(Action.make("choose_cards", cards=list(combo)))
    return out


def lord_blocked(state: GameState, card_id: str) -> bool:
    card = state.cards[card_id]
    if not has_keyword(state, card_id, "lord"):
        return False
    # a locked card has lost every characteristic, its clan too (10.24.3), and is on a lock circle, not a
    # unit's: it is no "unit with a different clan"
    return any(not same_clan(card, state.cards[o]) for o in state.units(card.owner)
               if o != card_id and o not in state.locked)


def g_guardian_blocker(state: GameState, q: int, card_id: str | None = None) -> tuple[str, str] | None:
    """Why player q cannot call a G guardian (cid, or any) now, or None (7.4.1.2.4, 11.13.2)."""
    mine, theirs = grade_of_vanguard(state, q), grade_of_vanguard(state, 1 - q)
    if mine < 3 or theirs < 3:
        return (say("a G guardian can be called only when both vanguards are grade 3 or more (yours %(mine)s, opponent's %(theirs)s)", mine=mine, theirs=theirs)), "GUARD_G_GUARDIAN"
    gz = state.zones[q]["gzone"]
    face_up = sum(1 for c in gz if c not in state.face_down and state.cards[c].g_guardian is not None)
    if face_up > 3:
        return say("you have %(face_up)s face-up G guardians in your G zone (at most 3 allowed)", face_up=face_up), "GUARD_G_GUARDIAN"
    if card_id is None:
        if not any(state.cards[c].g_guardian is not None for c in face_down_g_zone(state, q)):
            return say("there is no G guardian among the face-down cards of your G zone"), "GUARD_G_GUARDIAN"
        return None
    card = state.cards[card_id]
    if state.loc[card_id] != (q, "gzone") or card_id not in state.face_down:
        return say("%(card)s is not a face-down card in your G zone", card=card.name), "G_GUARDIAN_CALL"
    if card.g_guardian is None:
        return say("%(card)s has no G guardian ability", card=card.name), "KW_G_GUARDIAN"
    if not can_pay(state, q, card.g_guardian.cost, card_id):
        return say("the G guardian cost of %(card)s cannot be paid", card=card.name), "G_GUARDIAN_CALL"
    return None
