"""Effects on cards in the hand, deck and drop zone, and the two states an effect puts a unit in (section 10):

* ``search`` — "search your deck for up to (count) (grade / trigger / name) card(s), reveal it, put it into your
  hand, and shuffle your deck" (10.10, 10.11): the deck is a hidden zone, so the player may find none (10.10.1.1);
  the cards found are revealed and put into the hand, then the deck is shuffled without them (10.11.1.1).
* ``discard`` — "discard (count) card(s) from your hand" as an effect, not a cost (10.3.1): the player chooses, and
  each card put into the drop zone triggers its "when put into the drop zone" abilities (8.6.5).
* ``drop_to_hand`` — "put (count) card(s) (grade / trigger / name) from your drop zone into your hand": the drop zone
  is public, so matching cards must be found (10.10.1.2).
* ``lock`` — "lock (a rear-guard)" (10.24): the card is turned face down, a different card with no
  characteristics (10.24.2-10.24.3), neither standing nor resting (10.24.4); a locked G unit goes to the G zone
  face up (10.24.8); it is unlocked in its owner's end phase (6.8.1.1.2).
* ``unlock`` — "unlock (count) of your locked cards" (10.25): the player chooses among his locked cards; each is turned
  face up standing (10.25.3), a card different from the locked one (10.25.2) and not placed (10.25.4), and it is not
  stood from rest either, so nothing "when it stands" triggers (EN 10.24.3).
* ``delete`` — "delete (a unit)" (10.26): the unit is turned face down, keeps its orientation and stays the same
  unit (10.26.2), with its original power 0 (10.26.3); it returns to normal in its owner's end phase (6.8.1.1.3).
"""
from __future__ import annotations

from itertools import combinations

from ..core import modifiers
from ..core.decisions import Decision
from ..core.rng import shuffled
from ..core.text import say
from .abilities import COUNTED_CARD_EFFECTS  # noqa: F401  (resolution.py sends these here)
from .actions import REAR_GUARD_CIRCLES, Action
from .citations import cite
from .declare import declare_name, with_declared_name
from .playing import do_ride
from .primitives import choose_several, emit, move, name, shuffle_deck
from .standby import put_into_drop, trigger
from .state import GameState

#: the filters a search may name (abilities.COUNTED_CARD_EFFECTS are the effects done here on a count of cards)
CARD_FILTERS = ("grade", "trigger", "name")


def matches(state: GameState, card_id: str, part: dict) -> bool:
    """The card meets the effect's filters: its grade, trigger, name, and "grade (max_grade) or less"."""
    card = state.cards[card_id]
    return all(part.get(k) is None or getattr(card, k) == part[k] for k in CARD_FILTERS) and (
        part.get("max_grade") is None or card.grade <= part["max_grade"])


def card_effect(state: GameState, task: dict, answer, events: list) -> Decision | None:
    if task["part"]["kind"] == "declare_name":  # 10.23
        return declare_name(state, task, answer, events)
    part, player = with_declared_name(task["part"], task.get("ctx", {})), task["p"]
    z = state.zones[player]
    if part["kind"] == "superior_ride":
        return _superior_ride(state, task, answer, events, part, player)
    if part["kind"] == "legion":
        return _legion(state, task, answer, events, part, player)
    if part["kind"] == "look_top":
        return _look_top(state, task, answer, events, part, player)
    n = part["count"]
    if part["kind"] == "unlock":
        return _unlock(state, task, answer, events, n, player)
    if part["kind"] == "discard":  # "your opponent discards": he chooses from his hand (10.3.1.2)
        who = 1 - player if part.get("player") == "opponent" else player
        if part.get("at_random"):  # "at random" (10.3.1.2): the game's shuffle picks them, nobody chooses
            picked, state.rng = shuffled(list(state.zones[who]["hand"]), state.rng)
            chosen = picked[:n]
        else:
            chosen, decision = choose_several(state, {**task, "p": who}, answer, list(state.zones[who]["hand"]), n,
                                              say("choose the cards to discard"), "DISCARD")
            if decision:
                return decision
        for c in chosen:
            move(state, c, "drop", who)
        emit(events, "discard", say("player %(player)s discards %(n)s card(s)", player=who, n=len(chosen)),
             ("DISCARD_AT_RANDOM", "DISCARD") if part.get("at_random") else ("DISCARD",), who, cards=chosen)
        put_into_drop(state, events, {c: "hand" for c in chosen})
        return None
    if part["kind"] == "drop_to_hand":
        cands = [c for c in z["drop"] if matches(state, c, part)]
        chosen, decision = choose_several(state, task, answer, cands, n,
                                          say("choose the cards to put from your drop zone into your hand"),
                                          "SEARCH_PUBLIC")
        if decision:
            return decision
        if not chosen:
            emit(events, "effect_fizzles", say("no such card in the drop zone"), ("CHOICE_IMPOSSIBLE",), player)
            return None
        for c in chosen:
            move(state, c, "hand", player)
        emit(events, "to_hand", say("player %(player)s puts %(n)s card(s) from the drop zone into the hand",
                                    player=player, n=len(chosen)), ("SEARCH_PUBLIC",), player, cards=chosen,
             source="drop")
        return None
    return _search(state, task, answer, events, part, player)


def _search(state: GameState, task: dict, answer, events: list, part: dict, player: int) -> Decision | None:
    """10.10.1.1: in the hidden deck the player may find fewer, or none, of the cards there are."""
    deck = state.zones[player]["deck"]
    cands = [c for c in deck if matches(state, c, part)]
    if answer is None and cands:
        options = [Action.make("choose_cards", cards=list(combo)) for k in range(1, min(part["count"], len(cands)) + 1)
                   for combo in combinations(cands, k)]
        return Decision("search", player, say("search your deck: choose the cards to find, or pass to find none"),
                        tuple(options) + (Action.make("pass"),), cite("SEARCH_HIDDEN"))
    found = list(answer.get("cards")) if answer is not None and answer.kind != "pass" else []
    for c in found:
        move(state, c, "hand", player)
    if found:
        emit(events, "search", say("player %(player)s searches the deck, reveals %(cards)s and puts it into the hand",
                                   player=player, cards=", ".join(name(state, c) for c in found)),
             ("SEARCH_HIDDEN", "REVEAL"), player, cards=found)
    else:
        _found_nothing(events, player)
    shuffle_after_search(state, events, player)
    return None


def _superior_ride(state: GameState, task: dict, answer, events: list, part: dict, player: int) -> Decision | None:
    """"Ride a (grade / name) card from your (zone)": a ride not played, a superior ride (10.6.1.1), so the grade
    of the normal ride (8.5.2.1.1.1) does not bind it and it is not the turn's normal ride; the old vanguard goes to
    the soul as in any ride. From the deck it is a search (the player may find none, 10.10.1.1) and the deck is
    shuffled after it (10.11.1.1)."""
    source = part["source"]
    cands = [c for c in state.zones[player][source] if matches(state, c, part) and state.cards[c].type != "g_unit"]
    if answer is None and cands and (len(cands) > 1 or source == "deck"):
        options = tuple(Action.make("choose", card=c) for c in cands)
        return Decision("superior_ride", player, say("choose the card to ride"),
                        options + ((Action.make("pass"),) if source == "deck" else ()), cite("SUPERIOR_RIDE"))
    chosen = answer.card if answer is not None and answer.kind != "pass" else (cands[0] if cands and source != "deck"
                                                                                 else None)
    if chosen is None:
        emit(events, "effect_fizzles", say("no card to ride"), ("CHOICE_IMPOSSIBLE",), player)
    else:
        do_ride(state, events, chosen, player, normal=False)
    if source == "deck":
        shuffle_after_search(state, events, player)
    return None


def _look_top(state: GameState, task: dict, answer, events: list, part: dict, player: int) -> Decision | None:
    """"Look at the top (count) cards of your deck, search among them for up to (take) (grade / trigger / name)
    card(s), reveal and put it into your hand, and put the rest on the bottom of your deck (or shuffle)": the cards
    looked at stay in the deck, a hidden zone, so the player may find none (10.10.1.1); those not taken go to the
    bottom in the order they were, or the deck is shuffled (10.11.1.1)."""
    deck = state.zones[player]["deck"]
    looked = deck[:part["count"]]
    cands = [c for c in looked if matches(state, c, part)]
    if answer is None and cands:
        options = [Action.make("choose_cards", cards=list(combo)) for k in range(1, min(part["take"], len(cands)) + 1)
                   for combo in combinations(cands, k)]
        return Decision("search", player, say("look at the top cards of your deck: choose the cards to take, or pass "
                                              "to take none"), tuple(options) + (Action.make("pass"),),
                        cite("SEARCH_HIDDEN"))
    taken = list(answer.get("cards")) if answer is not None and answer.kind != "pass" else []
    for c in taken:
        move(state, c, "hand", player)
    emit(events, "search", say("player %(player)s looks at the top %(n)s cards of the deck and takes %(taken)s",
                               player=player, n=len(looked), taken=len(taken)),
         ("SEARCH_HIDDEN", "REVEAL") if taken else ("SEARCH_HIDDEN",), player, cards=taken)
    if part["rest"] == "shuffle":
        shuffle_after_search(state, events, player)
    else:
        rest = [c for c in looked if c not in taken]
        for c in rest:  # to the bottom, in the order they were
            deck.remove(c)
            deck.append(c)
        emit(events, "deck_bottom", say("player %(player)s puts the other %(n)s cards on the bottom of the deck",
                                        player=player, n=len(rest)), ("DECK_BOTTOM",), player, cards=rest)
    return None


def _legion(state: GameState, task: dict, answer, events: list, part: dict, player: int) -> Decision | None:
    """"Search your deck for (name) and legion" (IT 10.27.1, EN 10.25.1): the card found is put to the left of the
    vanguard, in its orientation, and the two are in legion state, the vanguard its Legion Leader; a vanguard
    already in legion does not legion (EN 10.25.1.2). The deck is searched (the player may find none, 10.10.1.1) and
    shuffled. The Legion Mate is put on a circle from the deck, so it is placed (10.5.1.1), not ridden (10.6.1.5)."""
    leader = state.vanguard(player)
    cands = [c for c in state.zones[player]["deck"] if state.cards[c].name == part["name"]]
    if leader is None or leader in state.legion or state.is_legion_mate(leader):
        emit(events, "effect_fizzles", say("the vanguard is already in legion: it does not legion again"),
             ("LEGION_NOT_AGAIN",), player)
        return None
    if answer is None and cands:
        return Decision("legion", player, say("search your deck for the Legion Mate, or pass to find none"),
                        tuple(Action.make("choose", card=c) for c in cands) + (Action.make("pass"),),
                        cite("SEARCH_HIDDEN"))
    mate = answer.card if answer is not None and answer.kind != "pass" else None
    if mate is not None:
        move(state, mate, "vanguard", player)
        circle = state.zones[player]["vanguard"]
        circle.remove(mate)
        circle.insert(0, mate)  # to the left of the vanguard
        (state.rested.add if leader in state.rested else state.rested.discard)(mate)  # in its orientation
        state.legion[leader] = mate
        emit(events, "legion", say("%(card)s legions with %(card2)s, its Legion Mate", card=name(state, leader),
                                   card2=name(state, mate)), ("LEGION_DEFINED", "LEGION_ROLES"), player, card=mate)
        trigger(state, events, "on_place", mate)
    else:
        _found_nothing(events, player)
    shuffle_after_search(state, events, player)
    return None


def _found_nothing(events: list, player: int) -> None:
    emit(events, "search", say("player %(player)s searches the deck and finds nothing", player=player),
         ("SEARCH_HIDDEN",), player, cards=[])


def shuffle_after_search(state: GameState, events: list, player: int) -> None:
    """A deck searched or looked through is shuffled after (the rule the search's citation names)."""
    shuffle_deck(state, player)
    emit(events, "shuffle", say("player %(player)s shuffles the deck", player=player), ("SHUFFLE_AFTER_SEARCH",), player)


def lock_or_delete(state: GameState, events: list, card_id: str, kind: str, player: int) -> None:
    owner, circle = state.loc[card_id]
    if kind == "lock":
        if circle not in REAR_GUARD_CIRCLES or card_id in state.locked:
            emit(events, "effect_fizzles", say("%(card)s cannot be locked: only a card on a rear-guard circle can",
                                               card=name(state, card_id)), ("IMPOSSIBLE_ACTION", "LOCK"), player)
            return
        if state.cards[card_id].type == "g_unit":  # 10.24.8: a G unit goes to the G zone face up instead
            move(state, card_id, "gzone", owner, force=True)
            emit(events, "g_unit_returns", say("%(card)s returns to the G zone face up", card=name(state, card_id)),
                 ("LOCK_G_UNIT",), owner, card=card_id)
            return
        modifiers.forget_card(state, card_id)  # 10.24.2: a different card, with no characteristics (10.24.3)
        state.locked.add(card_id)
        state.face_down.add(card_id)
        state.rested.discard(card_id)  # 10.24.4: neither standing nor resting
        emit(events, "lock", say("%(card)s is locked (turned face down)", card=name(state, card_id)),
             ("LOCK", "LOCKED_NO_CHARACTERISTICS"), player, card=card_id)
        return
    if card_id in state.deleted or card_id in state.locked:
        emit(events, "effect_fizzles", say("%(card)s cannot be deleted", card=name(state, card_id)),
             ("IMPOSSIBLE_ACTION", "DELETE"), player)
        return
    state.deleted.add(card_id)
    state.face_down.add(card_id)
    emit(events, "delete", say("%(card)s is deleted (turned face down, its original power 0)", card=name(state, card_id)),
         ("DELETE", "DELETED_UNIT"), player, card=card_id)


def _unlock(state: GameState, task: dict, answer, events: list, n: int, player: int) -> Decision | None:
    """10.25: the locked cards chosen are turned face up, standing, new cards (10.25.2-10.25.3), not placed (10.25.4)."""
    cands = [c for c in state.units(player) if c in state.locked]
    if not cands:
        emit(events, "effect_fizzles", say("no locked card to unlock"), ("CHOICE_IMPOSSIBLE",), player)
        return None
    chosen, decision = choose_several(state, task, answer, cands, n, say("choose the locked cards to unlock"), "UNLOCK")
    if decision:
        return decision
    for c in chosen:
        state.locked.discard(c)
        state.face_down.discard(c)
        state.rested.discard(c)
        modifiers.forget_card(state, c)  # a different card from the locked one: nothing given to it stays
        state.used_this_turn = [u for u in state.used_this_turn if u.rpartition(":")[0] != c]
        emit(events, "unlock", say("%(card)s is unlocked (turned face up, standing)", card=name(state, c)),
             ("UNLOCK", "UNLOCK_NEW_CARD", "UNLOCK_STANDS", "UNLOCK_NOT_PLACED"), player, card=c)
    return None
