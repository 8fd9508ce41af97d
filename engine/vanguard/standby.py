"""Automatic abilities going on stand-by (8.6.2, 11.7.3.2.1), including "at the beginning of <phase>" (A27)."""

from __future__ import annotations

from ..core.text import say
from ..core.standby import cite_if_standby, put_on_standby
from .actions import REAR_GUARD_CIRCLES
from .characteristics import cannot_use_abilities, conditions_hold, trigger_conditions_hold
from .citations import cites
from .primitives import emit, move, name
from .state import GameState


def trigger(state: GameState, events: list, timing: str, card_id: str, ctx: dict | None = None) -> None:
    """Put every ``timing`` ability of ``cid`` whose conditions hold on stand-by (8.6.2, 11.7.3.2.1)."""
    _trigger(state, events, timing, card_id, ctx)
    if timing == "on_place" and state.on_field(card_id):
        # "when another unit of yours is placed" (Fioritura 11.38.1, Armonia 11.34.1): the owner's other units
        owner = state.loc[card_id][0]
        for other in state.units(owner, ("vanguard",) + REAR_GUARD_CIRCLES):
            if other != card_id and any(ab.timing == "on_other_placed" for ab in state.cards[other].abilities):
                _trigger(state, events, "on_other_placed", other, {"other": card_id})


def _trigger(state: GameState, events: list, timing: str, card_id: str, ctx: dict | None = None) -> None:
    card = state.cards[card_id]
    if not card.abilities or card_id in state.locked or card_id in state.deleted:
        return
    if cannot_use_abilities(state, card_id):
        return  # 12.2.1.2: an automatic ability that cannot be used does not trigger
    for i, ab in enumerate(card.abilities):
        if ab.timing != timing:
            continue
        if ab.once_per_turn and f"{card_id}:{i}" in state.used_this_turn:
            continue
        if not trigger_conditions_hold(state, ab, card_id, ctx):
            continue
        add_standby(state, events, card_id, i, ctx or {})


def add_standby(state: GameState, events: list, card_id: str, ability: int, ctx: dict, judge: bool = False) -> None:
    card = state.cards[card_id]
    sid = put_on_standby(state, card.owner, card_id, ability, ctx)
    label = "forerunner" if ability < 0 else card.abilities[ability].timing
    limit_break = ability >= 0 and any(c.kind == "limit_break" for c in card.abilities[ability].conditions)
    emit(events, "standby", say("%(card)s: %(timing)s ability goes on stand-by", card=card.name, timing=label), ("AUTO_STANDBY",) + (
        ("KW_LIMIT_BREAK_AUTO",) if limit_break else ()), card.owner, card=card_id, standby=sid)


def phase_start(state: GameState, events: list, timing: str, key: str) -> None:
    """'At the beginning of your <phase>' abilities of the turn player's units go on stand-by (assumption A27)."""
    for card_id in state.units(state.turn_player, ("vanguard",) + REAR_GUARD_CIRCLES):
        card = state.cards[card_id]
        if any(ab.timing == timing for ab in card.abilities):
            cite_if_standby(state, events, lambda: trigger(state, events, timing, card_id), cites(key), ("A27",))


def step_start(state: GameState, events: list, timing: str, key: str, assumptions: tuple[str, ...] = ()) -> None:
    """'At the beginning of the <battle sub-step>' abilities of both players' units go on stand-by (assumption A37);
    the check timing that follows plays the turn player's first (8.4.1.2-8.4.1.3)."""
    for player in (state.turn_player, 1 - state.turn_player):
        for card_id in state.units(player, ("vanguard",) + REAR_GUARD_CIRCLES):
            if any(ab.timing == timing for ab in state.cards[card_id].abilities):
                cite_if_standby(state, events, lambda card_id=card_id: trigger(state, events, timing, card_id), cites(key),
                                ("A37",) + assumptions)


class Watched(list):
    """The abilities a retired unit's retirement watches (indexes of its own abilities), and the circle it was
    retired from (``circle``): a rear-guard's retirement is also watched by other units (:func:`retired`).
    ``instead``: the zone a replacement effect put the unit in, not retired at all (8.2.1.3.1)."""

    circle: str | None = None
    instead: str | None = None
    soul_watch: list | None = None  # put into the soul instead: its "when put into the soul", read on the field


def replacement_of(state: GameState, card_id: str, optional: bool) -> str | None:
    """The zone of the unit's own "if this unit would be retired, put it into (zone) instead" (8.2.1.3.1), or of its
    "you may put it into (zone) instead" (``optional``, 8.2.1.3.2), read as it is on the field: a locked or deleted
    card has none. A CONT ability is not "used" (12.2.1 restricts ACT and automatic abilities only), so a unit that
    cannot use its abilities keeps its replacement, as it keeps a CONT power bonus."""
    if card_id in state.locked or card_id in state.deleted:
        return None
    for ab in state.cards[card_id].abilities:
        if ab.timing == "cont" and conditions_hold(state, ab, card_id):
            for eff in ab.effects:
                if eff.kind == "retire_instead" and bool(eff.get("optional")) == optional:
                    return eff.get("to")
    return None


def _instead(state: GameState, card_id: str, chosen: dict | None) -> str | None:
    """Where a replacement puts the unit: its own that always applies, else the optional one its owner chose to
    apply this time (``chosen``: card -> yes or no, asked by replacement.ask_first)."""
    zone = replacement_of(state, card_id, optional=False)
    if zone is None and (chosen or {}).get(card_id):
        zone = replacement_of(state, card_id, optional=True)
    return zone


def retire_unit(state: GameState, card_id: str, player: int, chosen: dict | None = None) -> list[int]:
    """Move a unit from its circle to the drop zone (retired, 10.4.2) and return its "when this unit is
    retired" abilities, read as the card was on the field (8.6.5.1.2): a locked or deleted card had no text.
    Put them on stand-by with :func:`retired` once the retirement is logged. ``chosen``: the owner's answers to an
    optional replacement (8.2.1.3.2; replacement.ask_first)."""
    card = state.cards[card_id]
    watched = [] if (card_id in state.locked or card_id in state.deleted or not state.on_field(card_id)) else [
        i for i, ab in enumerate(card.abilities) if ab.timing in ("on_retired", "on_put_into_drop")
        and not (ab.once_per_turn and f"{card_id}:{i}" in state.used_this_turn) and trigger_conditions_hold(state, ab, card_id)]
    out = Watched(watched)
    out.circle = state.loc[card_id][1]
    instead = _instead(state, card_id, chosen) if state.on_field(card_id) else None
    if instead:  # 8.2.1.3.1: the retirement does not happen; the unit goes where the effect says
        out.clear()
        out.instead, out.circle, out.soul_watch = instead, None, soul_watch(state, card_id)
        if instead == "deck_bottom":
            move(state, card_id, "deck", state.cards[card_id].owner)
        else:
            move(state, card_id, instead, state.cards[card_id].owner)
        return out
    move(state, card_id, "drop", player)
    if state.loc[card_id][1] != "drop":  # a G unit goes to the G zone instead (10.28.4)
        out.clear()
    return out


def retired(state: GameState, events: list, card_id: str, watched: list[int]) -> None:
    """8.6.2: the retired unit's "when this unit is retired" abilities go on stand-by (10.4.2, 8.6.5.1.2); a unit a
    replacement effect put elsewhere was not retired (8.2.1.3.1): its `replaced` event instead."""
    if getattr(watched, "instead", None):
        unit = name(state, card_id)
        text = {"soul": say("%(card)s is not retired: its ability puts it into the soul instead", card=unit),
                "hand": say("%(card)s is not retired: its ability returns it to the hand instead", card=unit),
                "deck_bottom": say("%(card)s is not retired: its ability puts it on the bottom of the deck instead",
                                   card=unit)}[watched.instead]
        emit(events, "replaced", text,
             ("REPLACEMENT",), state.cards[card_id].owner, card=card_id, zone=watched.instead)
        if watched.instead == "soul":  # it was put into the soul: a zone change of its own (8.6.5, 8.6.5.1.2)
            put_into_soul(state, events, {card_id: ("field", watched.soul_watch)})
        return
    for i in watched:
        keys = ("ZONE_CHANGE_TRIGGER", "ZONE_CHANGE_FROM_FIELD") if state.cards[card_id].abilities[i].timing == "on_put_into_drop" \
            else ("RETIRED", "ZONE_CHANGE_FROM_FIELD")
        cite_if_standby(state, events, lambda i=i: add_standby(state, events, card_id, i, {}), cites(*keys))
    if getattr(watched, "circle", None) in REAR_GUARD_CIRCLES:
        # "when your opponent's rear-guard is retired", "when another of your rear-guards is retired" (8.6.2, 10.4.2)
        owner = state.cards[card_id].owner
        for player, timing in ((owner, "on_other_rear_guard_retired"), (1 - owner, "on_opponent_rear_guard_retired")):
            for unit in state.units(player, ("vanguard",) + REAR_GUARD_CIRCLES):
                if any(ab.timing == timing for ab in state.cards[unit].abilities):
                    cite_if_standby(state, events, lambda unit=unit, timing=timing: _trigger(
                        state, events, timing, unit, {"other": card_id}), cites("RETIRED"))


#: the hidden zones (4.x): a card put into the drop zone from one of them is read as it is in the drop zone (8.6.5.1.1)
_HIDDEN = ("hand", "deck")


def put_into_drop(state: GameState, events: list, froms: dict[str, str]) -> None:
    """8.6.5: "when this card is put into the drop zone" abilities of cards that came to the drop zone from
    anywhere but a circle (a discard, a soul blast, a heal; a unit leaving its circle is :func:`retire_unit`'s
    case, 8.6.5.1.2). ``froms`` maps each card to the zone it came from; call it once the move is logged.
    The card is read as it is in the drop zone (8.6.5.1.1 from the hand, 8.6.5.1.3 from a public zone)."""
    for card_id, z0 in froms.items():
        if state.loc.get(card_id, (None, None))[1] != "drop":
            continue
        key = "ZONE_CHANGE_HIDDEN_TO_PUBLIC" if z0 in _HIDDEN else "ZONE_CHANGE_PUBLIC_TO_PUBLIC"
        cite_if_standby(state, events, lambda c=card_id: trigger(state, events, "on_put_into_drop", c),
                        cites("ZONE_CHANGE_TRIGGER", key))


def soul_watch(state: GameState, card_id: str) -> list[int] | None:
    """Before a unit leaves its circle for the soul: its "when this card is put into the soul" abilities, read as it
    is on the field (8.6.5.1.2; a locked or deleted card has no text). None for a card not on the field, which is
    read in the soul (:func:`put_into_soul`)."""
    if not state.on_field(card_id):
        return None
    card = state.cards[card_id]
    if card_id in state.locked or card_id in state.deleted or cannot_use_abilities(state, card_id):
        return []
    return [i for i, ab in enumerate(card.abilities) if ab.timing == "on_put_into_soul"
            and not (ab.once_per_turn and f"{card_id}:{i}" in state.used_this_turn)
            and trigger_conditions_hold(state, ab, card_id)]


def put_into_soul(state: GameState, events: list, froms: dict, by_ride: bool = False) -> None:
    """8.6.5: "when this card is put into the soul" abilities of the cards that went into the soul, once the move is
    logged. ``froms`` maps each card to (the zone it came from, :func:`soul_watch` taken before the move). A unit
    from the field is read as it was there (8.6.5.1.2); the vanguard a ride puts into the soul keeps the ability as
    though it were a unit until it resolves (8.6.5.1.4); a card from the hand or deck is read in the soul (8.6.5.1.1)."""
    for card_id, (z0, watched) in froms.items():
        if state.loc.get(card_id, (None, None))[1] != "soul":
            continue
        if watched is not None:
            key = "ZONE_CHANGE_RIDE_TO_SOUL" if by_ride else "ZONE_CHANGE_FROM_FIELD"
            for i in watched:
                cite_if_standby(state, events, lambda i=i, c=card_id: add_standby(state, events, c, i, {}),
                                cites("ZONE_CHANGE_TRIGGER", key))
            continue
        key = "ZONE_CHANGE_HIDDEN_TO_PUBLIC" if z0 in _HIDDEN else "ZONE_CHANGE_PUBLIC_TO_PUBLIC"
        cite_if_standby(state, events, lambda c=card_id: trigger(state, events, "on_put_into_soul", c),
                        cites("ZONE_CHANGE_TRIGGER", key))
