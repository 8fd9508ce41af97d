"""Whether a declared ability's targets have a legal object now (5.2.3.b, 5.2.3.d), read by the turn's legal
answers and by the steps that choose a mode: a module of its own, which both import."""

from __future__ import annotations

from .passives import has_status, of_subtype

CHOSEN = ("choose_own", "choose_opponent", "choose_any", "choose_in_play", "choose_own_reserve")


def suitable(state, objects: list, part) -> list:
    """The objects a target may be, as its step narrows it ("target Character with Hand Cost 3 or less", "target
    Exhausted Character", "each Animal you control"; 5.2.3.b): all of them when it does not."""
    which = part.get("which")
    if not which:
        return list(objects)
    which = dict(which)
    if "hand_cost_at_most" in which:  # 2.2.6.a: the printed Hand cost (a token's is 0, 2.2.6.c)
        objects = [c for c in objects if (state.cards[c].hand_cost or 0) <= which["hand_cost_at_most"]]
    if "status" in which:
        objects = [c for c in objects if has_status(state, c, which["status"])]
    return of_subtype(state, state.view(), objects, which.get("subtype"))


def targets_exist(state, player: int, effects, mana_left: int) -> bool:
    """5.2.3.b: every target of an effect is chosen when it is declared, so each targeted step needs a legal
    object now; an opponent's Resistente X adds X to the cost (7.4.5.c), paid from the mana left after the cost."""
    mine, theirs = state.in_expeditions(player), state.in_expeditions(1 - player)
    for part in effects:
        target = part.get("target")
        if target not in CHOSEN:
            continue
        if target == "choose_own_reserve":  # a card in the player's Reserve (no Resistente there, 2.2.10.f)
            if not state.zones[player]["reserve"]:
                return False
            continue
        own = mine if target != "choose_opponent" else []
        opposing = theirs
        if target == "choose_in_play":  # 2.2.1.h: the permanents in play count too, with Resistente (7.4.5.a)
            own, opposing = own + state.zones[player]["landmarks"], theirs + state.zones[1 - player]["landmarks"]
        own, opposing = suitable(state, own, part), suitable(state, opposing, part)
        other = [c for c in opposing if state.tough(c) <= mana_left] if target != "choose_own" else []
        if not own and not other:
            return False
    return True


def ability_targets_exist(state, player: int, ability, mana_left: int) -> bool:
    """A modal ability can be declared when one of its modes can (5.2.3.d: only the chosen mode's targets)."""
    if ability.modes:
        return any(targets_exist(state, player, steps, mana_left) for steps in ability.modes)
    return targets_exist(state, player, ability.effects, mana_left)


def spell_targets_exist(state, player: int, card_id: str, mana_left: int) -> bool:
    card = state.cards[card_id]
    return card.type != "spell" or all(ability_targets_exist(state, player, a, mana_left)
                                       for a in card.abilities if a.timing == "effect")
