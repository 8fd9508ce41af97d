"""Current values of a card: printed value + modifiers + CONT abilities (8.9), and ability conditions."""

from __future__ import annotations

import json
from functools import lru_cache

from ..core.text import say
from ..core.abilities import count_within
from .abilities import Ability, Part
from .ability_parts import parse_filter
from .actions import BACK_STAGE, CENTER_STAGE, SLOTS
from .state import IN_FRONT, GameState

BASE = {"power": "power", "soul": "soul", "level": "level"}


CONT_ZONES = SLOTS + ("climax",)
# The cards of a game do not change (a state's ``cards`` dict is shared by all its clones; an effect that gives an
# ability makes a new dict, granting.py), so which of them carry CONT abilities is computed once per cards dict:
# (cards, {card id: its CONT abilities}, lowering ids).
_CONT_INDEX: list[tuple[dict, dict[str, tuple[Ability, ...]], frozenset[str]]] = []
_GRANTING: set[int] = set()  # the cards dicts (by id, while indexed above) with a CONT ability giving a trait


def _cont_index(cards: dict) -> tuple[dict[str, tuple[Ability, ...]], frozenset[str]]:
    for known, conts, lowering in _CONT_INDEX:
        if known is cards:
            return conts, lowering
    conts = {cid: tuple(ab for ab in card.abilities if ab.timing == "cont") for cid, card in cards.items()}
    conts = {cid: abs_ for cid, abs_ in conts.items() if abs_}
    lowering = frozenset(cid for cid, abs_ in conts.items()
                         if any(e.kind == "power" and e.get("amount") < 0 for ab in abs_ for e in ab.effects))
    if any(e.kind == "trait" for abs_ in conts.values() for ab in abs_ for e in ab.effects):
        _GRANTING.add(id(cards))
    _CONT_INDEX.insert(0, (cards, conts, lowering))
    for gone in _CONT_INDEX[8:]:
        _GRANTING.discard(id(gone[0]))
    del _CONT_INDEX[8:]  # a few games at once (a test, a benchmark, the sandbox's boards)
    return conts, lowering


WORKS_IN = {"alarm": "clock", "memory": "memory", "level_area": "level"}


def _works_from(ab: Ability) -> str | None:
    """The area an alarm (the clock's top card, 10.1), memory (10.9) or level-area Experience (10.10.1) ability
    works from; None: the stage."""
    for c in ab.conditions:
        if c.kind in WORKS_IN:
            return c.kind
    return None


def _cont_sources(state: GameState):
    """(card, ability) of every CONT ability in force: characters on the stage, climaxes in the climax area,
    the top card of a clock for an alarm ability (10.1), cards in the memory area for a memory ability (10.9)."""
    conts, _ = _cont_index(state.cards)
    if not conts:
        return
    for p in (0, 1):
        zones = state.zones[p]
        for zone in CONT_ZONES:
            for cid in zones[zone]:
                for ab in conts.get(cid, ()):
                    if _works_from(ab) is None:
                        yield cid, ab
        for cid in zones["clock"][-1:] + zones["memory"] + zones["level"]:
            for ab in conts.get(cid, ()):
                if _works_from(ab) is not None:
                    yield cid, ab


def auto_abilities(state: GameState, player: int, timing: str):
    """(card, index) of ``player``'s ``timing`` AUTO abilities whose conditions hold, from where each works: the
    characters on the stage and the climax; an alarm ability from the top of the clock (10.1), a memory ability
    from the memory area (10.9), and no other ability from there."""
    zones = state.zones[player]
    for zone in CONT_ZONES + ("clock", "memory", "level"):
        cards = zones[zone][-1:] if zone == "clock" else zones[zone]
        for cid in cards:
            for i, ab in enumerate(state.cards[cid].abilities):
                if ab.timing == timing and _works_in(ab, zone) and conditions_hold(state, ab, cid):
                    yield cid, i


def _works_in(ab: Ability, zone: str) -> bool:
    where = _works_from(ab)
    return zone in CONT_ZONES if where is None else zone == WORKS_IN[where]


def _cont_applies(state: GameState, source: str, target_kind: str, card_id: str) -> bool:
    if target_kind == "self":
        return source == card_id
    owner, slot = state.loc[source]
    if target_kind in ("all_own_characters", "other_own_characters", "all_opponent_characters"):
        player, where = state.loc[card_id]
        return where in SLOTS and (player != owner if target_kind == "all_opponent_characters" else player == owner) \
            and not (target_kind == "other_own_characters" and card_id == source)
    if target_kind == "front":  # 3.6.4: only from the back stage
        return slot in BACK_STAGE and state.loc[card_id] in ((owner, s) for s in IN_FRONT[slot])
    if target_kind == "opposite":
        return slot in CENTER_STAGE and state.opposite(source) == card_id
    return False


def can_lower_power(state: GameState) -> bool:
    """Whether any character could have 0 or less power (9.5.1): one printed so, or a modifier or CONT ability in
    force that lowers power (else the check is skipped)."""
    if any(state.cards[c].power <= 0 for p in (0, 1) for c in state.characters(p)):
        return True
    if any((m.stat == "power" and m.amount < 0) or (m.stat == "power_becomes" and m.amount <= 0) for m in state.modifiers):
        return True
    _, lowering = _cont_index(state.cards)
    if not lowering:
        return False
    zones = state.zones
    return any(cid in lowering for p in (0, 1) for zone in CONT_ZONES + ("clock", "memory", "level")
               for cid in zones[p][zone])


def stat(state: GameState, card_id: str, which: str) -> int:
    """The current power, soul or level of a card (8.9.1: base value, then numeric changes)."""
    card = state.cards[card_id]
    value = getattr(card, BASE[which])
    becomes = which + "_becomes"
    # every numeric change (8.9.1.3) with its time stamp (8.9.1.5): adding ones commute, one that sets the value
    # ("its power becomes 0") needs them in time order
    changes = [(m.order, m.stat == becomes, m.amount, _NO_BOUND) for m in state.modifiers
               if m.card == card_id and m.stat in (which, becomes)]
    if state.loc[card_id][1] in SLOTS:
        for source, ab in _cont_sources(state):
            for eff in ab.effects:
                flt, bound = eff.get("filter"), _NO_BOUND
                if which == "power" and flt and any(k == "max_power" for k, _ in flt):
                    # a power filter of a power effect reads the power every other change gives (W30)
                    bound = dict(flt)["max_power"]
                    flt = tuple((k, v) for k, v in flt if k != "max_power")
                if eff.kind == which and _cont_applies(state, source, eff.get("target"), card_id) \
                        and conditions_hold(state, ab, source) and _filter_now(state, card_id, flt):
                    # 8.9.1.5.1: a CONT ability's effect dates from when its card entered its area
                    changes.append((state.entered.get(source, 0), False, amount_of(state, source, eff), bound))
    if not any(sets or bound != _NO_BOUND for _, sets, _, bound in changes):
        return value + sum(change[2] for change in changes)
    if any(bound != _NO_BOUND for *_, bound in changes):  # W30: the power every other change gives, not its own
        without = _apply(value, [c for c in changes if c[3] == _NO_BOUND])
        changes = [c for c in changes if without <= c[3]]
    return _apply(value, changes)


def amount_of(state: GameState, source: str, part: Part, key: str = "amount") -> int:
    """A power / soul / level effect's amount; with ``per``, that amount for each card it counts ("+500 power for each
    of your other characters"), counted now: a CONT effect's whenever it is read, an ability's as it resolves, the
    number then kept (8.9.1, 8.9.2; assumption W41)."""
    if not part.get("per"):
        return part.get(key)
    player, zone, flt, other = _per(part.get("per"))
    p = state.loc[source][0] if player == "self" else 1 - state.loc[source][0]
    cards = _counted_cards(state, source, p, zone)
    return part.get(key) * sum(1 for c in cards if not (other and c == source) and matches(state, c, flt))


def _counted_cards(state: GameState, card_id: str, player: int, zone: str) -> list[str]:
    """The cards a count reads: a player's characters, the cards of one of their areas, or the markers under this
    card (none when it is not on the stage, 3.7.4)."""
    if zone == "markers":
        return list(state.markers(card_id)) if state.on_stage(card_id) else []
    return state.characters(player) if zone == "stage" else state.zones[player][zone]


@lru_cache(maxsize=256)
def _per(text: str) -> tuple:
    data = json.loads(text)
    return (data["player"], data["zone"], parse_filter(data["filter"], "per") if "filter" in data else None,
            data.get("other", False))


def _apply(value: int, changes: list) -> int:
    """Numeric changes in time order (8.9.1.5): a 'becomes' sets the value, the others add to it."""
    for _, sets, amount, _ in sorted(changes):
        value = amount if sets else value + amount
    return value


#: a numeric change that no power filter limits
_NO_BOUND = float("inf")


def forbidden_attacks(state: GameState, card_id: str) -> set[str]:
    """The attack types CONT effects forbid this character ("cannot side attack"; "cannot attack": all three), which
    win over the rules that would allow them (1.3.3)."""
    out: set[str] = set()
    for source, ab in _cont_sources(state):
        for eff in ab.effects:
            if eff.kind == "cannot" and _cont_applies(state, source, eff.get("target"), card_id) \
                    and conditions_hold(state, ab, source) and _filter_now(state, card_id, eff.get("filter")):
                action = eff.get("action")
                out |= {"front", "side", "direct"} if action == "attack" else {action.removesuffix("_attack")}
    return out


def cannot_move(state: GameState, card_id: str | None) -> bool:
    """A CONT effect says this character "cannot move to another position of the stage" (1.3.3)."""
    return card_id is not None and "move" in forbidden_attacks(state, card_id)


def cannot_be_chosen_by(state: GameState, card_id: str, player: int) -> bool:
    """A CONT effect says this character "cannot be chosen by your opponent's effects": ``player``'s effects (1.3.3)."""
    return state.loc[card_id][0] != player and "be_chosen" in forbidden_attacks(state, card_id)


def already_in(state: GameState, kind: str, card_id: str) -> bool:
    """Whether a rest / stand / reverse effect finds the character already in that orientation (1.3.2.1)."""
    if kind not in ("rest", "stand", "reverse"):
        return False
    rested, reversed_ = card_id in state.rested, card_id in state.reversed
    return {"rest": rested and not reversed_, "stand": not rested and not reversed_, "reverse": reversed_}[kind]


def forbidden_plays(state: GameState, player: int) -> set[str]:
    """What CONT effects forbid ``player`` to play ("your opponent cannot play backup": ``backup``, ``event``), which
    wins over the rules that would allow it (1.3.3)."""
    return {eff.get("action") for source, ab in _cont_sources(state) for eff in ab.effects
            if eff.kind == "cannot" and eff.get("player") is not None
            and (state.loc[source][0] if eff.get("player") == "self" else 1 - state.loc[source][0]) == player
            and conditions_hold(state, ab, source)}


def _filter_now(state: GameState, card_id: str, flt: tuple | None, granted: dict | None = None) -> bool:
    """A CONT effect's filter ("your characters with the trait X"), read with the traits CONT effects give."""
    return not flt or matches(state, card_id, flt, granted)


def granted_traits(state: GameState) -> dict[str, set[str]]:
    """The traits CONT effects give to characters on the stage (8.9.1.2: changes of no number, applied first).

    8.9.1.4: an effect whose condition or filter reads a trait depends on the effects that give that trait and
    is applied after them. Every such effect here only adds traits, so applying them all again until none adds one
    applies each after those it depends on, and never loops (assumption W28)."""
    have: dict[str, set[str]] = {}
    _cont_index(state.cards)
    if id(state.cards) not in _GRANTING:
        return have
    grants = [(src, ab, eff) for src, ab in _cont_sources(state) for eff in ab.effects if eff.kind == "trait"]
    stage = [c for p in (0, 1) for c in state.characters(p)]
    changed = True
    while changed:
        changed = False
        for src, ab, eff in grants:
            trait = eff.get("trait")
            if not all(condition_holds(state, c, src, have) for c in ab.conditions):
                continue
            for c in stage:
                if trait not in have.get(c, ()) and trait not in state.cards[c].traits \
                        and _cont_applies(state, src, eff.get("target"), c) \
                        and _filter_now(state, c, eff.get("filter"), have):
                    have.setdefault(c, set()).add(trait)
                    changed = True
    return have


def granted_encores(state: GameState, card_id: str) -> list[str]:
    """The costs (as JSON) of the encores CONT effects in force give this character on the stage (10.2.2), read with
    the traits CONT effects give, which they may depend on (8.9.1.4's example)."""
    _cont_index(state.cards)
    if state.loc[card_id][1] not in SLOTS:
        return []
    have = granted_traits(state)
    # and an Encore an effect gave it until the end of the turn (W49): taken back as it leaves, so read here
    gifts = [json.dumps([c.to_json() for c in state.cards[card_id].abilities[g["index"]].cost], sort_keys=True)
             for g in state.granted if g["card"] == card_id
             and state.cards[card_id].abilities[g["index"]].timing == "encore"]
    return [eff.get("cost") for src, ab in _cont_sources(state) for eff in ab.effects
            if eff.kind == "encore" and all(condition_holds(state, c, src, have) for c in ab.conditions)
            and _cont_applies(state, src, eff.get("target"), card_id) and _filter_now(state, card_id, eff.get("filter"), have)] + gifts


def traits(state: GameState, card_id: str, granted: dict | None = None) -> set[str] | tuple[str, ...]:
    """A card's traits: printed (2.5.1) and given by CONT effects in force."""
    printed = state.cards[card_id].traits
    extra = (granted_traits(state) if granted is None else granted).get(card_id)
    return printed if not extra else set(printed) | extra


def power(state: GameState, card_id: str) -> int:
    return stat(state, card_id, "power")


def soul(state: GameState, card_id: str) -> int:
    return stat(state, card_id, "soul")


def condition_holds(state: GameState, cond: Part, card_id: str, granted: dict | None = None) -> bool:
    owner = state.cards[card_id].owner
    kind = cond.kind
    if kind == "level":
        return state.level(owner) >= cond.get("min")
    if kind == "position":
        slot = state.loc[card_id][1]
        return slot in (CENTER_STAGE if cond.get("position") == "center" else BACK_STAGE)
    if kind == "climax":
        climaxes = state.zones[owner]["climax"]
        name = cond.get("name")
        return any(name is None or state.cards[c].name == name for c in climaxes)
    if kind == "trait":
        return cond.get("trait") in traits(state, card_id, granted)
    if kind == "alarm":
        clock = state.zones[owner]["clock"]
        return bool(clock) and clock[-1] == card_id  # W1: the last card put into the clock is its top
    if kind == "memory":
        return state.loc[card_id] == (owner, "memory")
    if kind == "battle_opponent":  # "if its battle opponent is level N or lower" (7.2.1.5.1)
        attack = state.attack or {}
        pair = (attack.get("attacker"), attack.get("defender"))
        other = pair[1] if card_id == pair[0] else pair[0] if card_id == pair[1] else None
        return other is not None and attack.get("type") == "front" and state.on_stage(other) \
            and stat(state, other, "level") <= cond.get("max_level", 99)
    if kind == "in_battle":  # 7.2.1.5.1: a front attack's attacker and attacked character are in battle
        attack = state.attack
        return bool(attack) and attack.get("type") == "front" and card_id in (attack.get("attacker"),
                                                                             attack.get("defender"))
    if kind == "level_area":  # 10.10.1: an Experience ability of a card in the level area
        return state.loc[card_id] == (owner, "level")
    if kind == "experience":
        return sum(state.cards[c].level for c in state.zones[owner]["level"]) >= cond.get("min")
    if kind == "power":  # this card's power; an area-change trigger reads it before the card leaves (8.7.4.1.2)
        return stat(state, card_id, "power") >= cond.get("min")
    if kind == "markers":  # 3.7.4: a "character with markers"
        return state.on_stage(card_id) and len(state.markers(card_id)) >= cond.get("min")
    if kind in ("own_turn", "opponent_turn"):  # "during your (opponent's) turn": the card's controller's (4.3.2)
        return (state.turn_player == state.loc[card_id][0]) == (kind == "own_turn")
    if kind == "top_of_deck":  # the top card of this card's owner's deck, revealed by the effect (W45)
        deck = state.zones[owner]["deck"]
        return bool(deck) and matches(state, deck[0], cond.get("filter"))
    if kind == "count":
        player = owner if cond.get("player") == "self" else 1 - owner
        zone = cond.get("zone")
        cards = _counted_cards(state, card_id, player, zone)
        if cond.get("filter") is not None or cond.get("other"):  # "2 or more other «X» characters"
            cards = [c for c in cards if not (cond.get("other") and c == card_id)
                     and matches(state, c, cond.get("filter"), granted)]
        return count_within(cond, len(cards))
    return False


_FEATURES: list[tuple[dict, frozenset]] = []


def features(state: GameState) -> frozenset:
    """What the game's cards can do that the procedure checks for at every step otherwise (read once per game's
    cards): ``replace_<event>`` (a replacement effect of it), ``cannot_<action>``, ``once`` (a once-per-turn limit)."""
    for known, found in _FEATURES:
        if known is state.cards:
            return found
    out = set()
    for card in state.cards.values():
        for ab in card.abilities:
            out |= {"replace_" + ab.replaces} if ab.timing == "replace" else set()
            out |= {"once"} if ab.per_turn else set()
            out |= {"cannot_" + str(e.get("action")) for e in ab.effects if e.kind == "cannot"}
    _FEATURES.insert(0, (state.cards, frozenset(out)))
    del _FEATURES[8:]
    return _FEATURES[0][1]


def auto_barred(state: GameState, card_id: str) -> dict:
    """``{"cannot": True}`` for a character on the stage a CONT effect says "cannot use AUTO abilities" (1.3.3): what
    its abilities' stand-by entries carry, read as it triggers, or as it was on the stage when leaving it (W39)."""
    barred = "cannot_auto" in features(state) and state.on_stage(card_id) and "auto" in forbidden_attacks(state, card_id)
    return {"cannot": True} if barred else {}


def spent(state: GameState, card_id: str, index, mark: bool = False) -> bool:
    """Whether an ability that "activates up to N times per turn" was played N times already this turn by this card (a
    card that changed area since is a new card, 3.1.4; W42); ``mark``: it is being played now."""
    if "once" not in features(state):
        return False
    ab = state.cards[card_id].abilities[index] if isinstance(index, int) else None
    if ab is None or not ab.per_turn:
        return False
    key, now = f"{card_id}:{index}", [state.turn, state.entered.get(card_id, 0)]
    used = state.used.get(key, [])
    times = (used[2] if len(used) > 2 else 1) if used[:2] == now else 0  # [turn, entered, times played]
    if mark:
        times += 1
        state.used[key] = now + [times] if times > 1 else now
    return times >= ab.per_turn


def conditions_hold(state: GameState, ab: Ability, card_id: str) -> bool:
    return all(condition_holds(state, c, card_id) for c in ab.conditions if c.kind != "other")


def other_matches(state: GameState, ab: Ability, other: str) -> bool:
    """"When another of your «X» characters is played / attacks": that character has what the filter asks, read on the
    stage with the CONT effects that apply to it there (8.9.3, 8.9.3.1)."""
    return all(matches(state, other, c.get("filter")) for c in ab.conditions if c.kind == "other")


def matches(state: GameState, card_id: str, flt: tuple | None, granted: dict | None = None) -> bool:
    """Whether a card matches an effect's filter (type, trait, max_level, min_level, name, name_contains, colour,
    max_power, min_power, and for a character on the stage its status and position)."""
    if not flt:
        return True
    card = state.cards[card_id]
    for key, value in flt:
        if key in ("status", "position"):
            where = state.loc.get(card_id)
            if not where or where[1] not in SLOTS:  # only a character on the stage stands, rests or is reversed
                return False
            now = "reverse" if card_id in state.reversed else "rest" if card_id in state.rested else "stand"
            if key == "status" and now != value:
                return False
            if key == "position" and (where[1] in CENTER_STAGE) != (value == "center"):
                return False
        if key == "name_contains" and value.casefold() not in card.name.casefold():
            return False
        if key == "type" and card.type != value:
            return False
        if key == "trait" and value not in traits(state, card_id, granted):
            return False
        if key == "max_level" and card.level > value:
            return False
        if key == "min_level" and card.level < value:
            return False
        if key == "name" and card.name != value:
            return False
        if key == "colour" and card.colour != value:
            return False
        if key == "max_power" and stat(state, card_id, "power") > value:
            return False
        if key == "min_power" and stat(state, card_id, "power") < value:
            return False
    return True


def colour_ok(state: GameState, player: int, card_id: str) -> bool:
    """8.6.2.1.1: a card of the same colour in the clock or level area (level 0 characters/events: 8.6.2.1.1.1)."""
    card = state.cards[card_id]
    if card.type != "climax" and card.level == 0:
        return True
    zones = state.zones[player]
    return any(state.cards[c].colour == card.colour for c in zones["clock"] + zones["level"])


def colour_waived(state: GameState, player: int, card_id: str) -> bool:
    """8.6.2.1.1.1: a level 0 character or event played without its colour in the clock or level area."""
    card = state.cards[card_id]
    zones = state.zones[player]
    return (card.type != "climax" and card.level == 0
            and not any(state.cards[c].colour == card.colour for c in zones["clock"] + zones["level"]))


def play_problem(state: GameState, player: int, card_id: str) -> tuple[str, str] | None:
    """Why a card in the hand cannot be played now for its level, colour or cost: (reason, key), or None."""
    card = state.cards[card_id]
    if card.type in forbidden_plays(state, player):  # 1.3.3: the effect that stops the play wins over the rules
        if card.type == "event":
            reason = say("an effect says player %(player)s cannot play events, and an effect that stops an action "
                         "wins over the rules", player=player)
        elif card.type == "climax":
            reason = say("an effect says player %(player)s cannot play climaxes, and an effect that stops an action "
                         "wins over the rules", player=player)
        else:
            reason = say("an effect says player %(player)s cannot play characters, and an effect that stops an action "
                         "wins over the rules", player=player)
        return reason, "STOP_WINS"
    if card.type != "climax" and card.level > state.level(player):
        return (say("%(card)s is level %(level)s and player %(player)s is level %(player_level)s", card=card.name,
                    level=card.level, player=player, player_level=state.level(player)),
                "LEVEL_REQUIREMENT")
    if not colour_ok(state, player, card_id):
        return (say("%(card)s is %(colour)s and there is no %(colour)s card in player %(player)s's clock or level area",
                    card=card.name, colour=card.colour, player=player), "COLOUR_REQUIREMENT")
    if card.cost > len(state.zones[player]["stock"]):
        return (say("%(card)s costs %(cost)s and player %(player)s has %(stock)s stock", card=card.name, cost=card.cost,
                    player=player, stock=len(state.zones[player]["stock"])),
                "PAY_COST")
    return None
