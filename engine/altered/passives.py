"""Passive abilities (2.2.10.j, 2.3): continuous effects of objects in play and of ongoing emblems.

The characteristics of an object are its base ones modified by every passive
ability that applies (2.3.1.j), re-evaluated after every event (2.3.1.k): so
they are derived from the state whenever asked, never stored.  Passive
abilities apply one at a time (2.3.1.l), in timestamp order unless one
depends on another (2.3.1.m, 2.3.2): [A] depends directly on [B] when applying
[B] would remove [A] (2.3.2.d), change what [A] applies to (2.3.2.e) or
change what [A] does (2.3.2.f).  That is tested, not declared: [B] is applied
to a copy of the characteristics and [A]'s existence, objects and condition
are compared.  The text of 2.3.2.g and 2.3.3.a is cut short; the reading
taken (assumption AL15) is the one the surviving words point to: dependency is
the transitive closure, the next ability applied is the earliest one depending
on no ability still to apply, and abilities depending on each other (a loop)
apply in timestamp order.

Timestamps (2.2.14): an object entering play takes the next number in
``state.since``; objects a scenario starts with share timestamp 0 and keep
the order they are listed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import EXPEDITIONS
from .cards import STATS

PLAY_ZONES = ("hero", "landmarks") + EXPEDITIONS


@dataclass
class Source:
    """One continuous effect and where it comes from: an object's passive ability or an ongoing emblem."""

    stamp: tuple
    card: str
    part: object
    player: int
    emblem: int | None = None
    ref: str = ""  # "card:ability:effect", how a granted ability is found again (primitives.ability_of)

    def label(self, state) -> str:
        return state.cards[self.card].name if self.card in state.cards else "?"


@dataclass
class View:
    """The characteristics the passive abilities give (see the module docstring)."""

    subtypes: dict[str, frozenset]
    keywords: dict[str, frozenset]
    lost: set = field(default_factory=set)
    bonus: dict = field(default_factory=dict)
    regions: list = field(default_factory=list)
    no_progress: list = field(default_factory=list)
    costs: list = field(default_factory=list)
    order: list = field(default_factory=list)  # (source, clause key of the dependency that put it there, or "")
    granted: dict = field(default_factory=dict)  # card id -> refs of the abilities granted to it
    stopped: dict = field(default_factory=dict)  # card id -> the triggers of its reactions that do not activate
    dice: list = field(default_factory=list)  # the sources letting their controller roll more dice or change a roll
    played: list = field(default_factory=list)  # the sources giving boosts to the characters their controller plays
    limits: list = field(default_factory=list)  # the sources changing a player's Reserve or landmark limit
    also: dict = field(default_factory=dict)  # card id -> the "it also gains ..." sources (6.2.c)

    def copy(self) -> "View":
        return View(dict(self.subtypes), dict(self.keywords), set(self.lost), dict(self.bonus), list(self.regions),
                    list(self.no_progress), list(self.costs), list(self.order), dict(self.granted), dict(self.stopped),
                    list(self.dice), list(self.played), list(self.limits), dict(self.also))


# The cards of a game with a passive ability, for the last card index asked about: the index is shared by every
# state of a game (it changes only when a token is made), and characteristics are asked many times per step.
_PASSIVE_CARDS: list = [None, frozenset()]


def _passive_cards(cards: dict) -> frozenset:
    if _PASSIVE_CARDS[0] is not cards:
        _PASSIVE_CARDS[:] = [cards, frozenset(k for k, c in cards.items() if c.passive)]
    return _PASSIVE_CARDS[1]


def sources(state) -> list[Source]:
    """Every passive effect in force: objects in play (2.2.10.f) and ongoing emblems (2.2.2.m), by timestamp."""
    if not state.emblems and not _passive_cards(state.cards):
        return []
    out = []
    for p in (0, 1):
        z = state.zones[p]
        for position, card_id in enumerate(z["hero"] + z["hero_expedition"] + z["companion_expedition"]
                                           + z["landmarks"]):
            card = state.cards[card_id]
            if not card.passive:
                continue
            for a, ability in enumerate(card.abilities):
                if ability.timing == "passive":
                    out.extend(Source((state.since.get(card_id, 0), p, position), card_id, part, p, None,
                                      f"{card_id}:{a}:{i}") for i, part in enumerate(ability.effects))
    for i, emblem in enumerate(state.emblems):
        for part in emblem_effects(state, emblem):
            out.append(Source((emblem["stamp"], emblem["player"], 0), emblem["card"], part, emblem["player"], i))
    return sorted(out, key=lambda s: s.stamp)


def emblem_effects(state, emblem: dict) -> tuple:
    """The continuous effects of an ongoing emblem: those of the step that created it."""
    card = state.cards.get(emblem["card"])
    if card is None:
        return ()
    ability = card.abilities[emblem["ability"]]
    steps = ability.modes[emblem["mode"]] if "mode" in emblem else ability.effects
    part = steps[emblem["step"]]
    part = part.get("effects")[emblem["via"]] if "via" in emblem else part  # an "also" inside an ongoing emblem
    return (part.get("then") if emblem.get("also") else part).get("effects", ())  # an "also" modifier's (6.2.c)


def _base(state) -> View:
    subtypes, keywords = {}, {}
    for p in (0, 1):
        for card_id in state.in_play(p):
            card = state.cards[card_id]
            subtypes[card_id], keywords[card_id] = frozenset(card.subtypes), frozenset(card.keywords)
    return View(subtypes, keywords, regions=[tuple(r["types"]) for r in state.track])


def expedition_is(state, card_id: str, which: str, has) -> bool:
    """"If my expedition is ahead / behind / level" (AL28): its distance from its home region (1.3.3.b) against
    the distance of the opponent's expedition of the same kind (AL8); a Giant's expedition is each of its
    controller's (7.4.3.f), and the condition holds if it holds for one of them; an object in no expedition has
    none, and the condition is false.  ``has``: whether the object has a keyword (Giant)."""
    player, zone = state.loc.get(card_id, (0, ""))
    if zone not in EXPEDITIONS:
        return False
    if state.tiebreak:  # 4.3.d: every expedition counter is on the Arena, the only region: all are level
        return which == "level"
    zones = EXPEDITIONS if has(card_id, "giant") else (zone,)

    def far(p, z):  # the hero expedition goes up from region 0, the companion expedition down to it (3.2.1.b)
        return state.hero_at[p] if z == "hero_expedition" else -state.companion_at[p]

    for z in zones:
        mine, theirs = far(player, z), far(1 - player, z)
        if (mine > theirs) if which == "ahead" else (mine < theirs) if which == "behind" else mine == theirs:
            return True
    return False


def has_status(state, card_id: str, status: str) -> bool:
    """"If I am [status]": Boosted while it has a boost counter (2.4.4.a), the others as they are (2.4.1.a); an object
    that has left play is a new object without statuses (2.4.1.b)."""
    if state.loc.get(card_id, (0, ""))[1] not in PLAY_ZONES:
        return False
    if status == "boosted":
        return state.counters.get(card_id, {}).get("boost", 0) > 0
    return card_id in getattr(state, status)


def of_subtype(state, view, objects: list, subtype: str | None) -> list:
    """The objects of ``subtype`` (all without one): their subtypes as the passive abilities leave them (2.3.1.j)."""
    if subtype is None:
        return list(objects)
    return [c for c in objects if subtype in (view.subtypes.get(c, state.cards[c].subtypes) if view is not None
                                              else state.cards[c].subtypes)]


def region_of(state, card_id: str) -> int | None:
    """The region of the expedition a character is in (None outside the expeditions)."""
    player, zone = state.loc.get(card_id, (0, ""))
    if zone not in EXPEDITIONS:
        return None
    return (state.hero_at if zone == "hero_expedition" else state.companion_at)[player]


def holds(state, view: View, src: Source) -> bool:
    cond = src.part.condition()
    if cond is None:
        return True
    if cond in ("first_player", "not_first_player"):
        return (state.first_player == src.player) == (cond == "first_player")
    if "in_region" in cond:
        region = region_of(state, src.card)
        return region is not None and cond["in_region"] in view.regions[region]
    if "i_am" in cond:
        return has_status(state, src.card, cond["i_am"])
    if "expedition_is" in cond:  # AL28; a Giant read from the keywords given so far
        return expedition_is(state, src.card, cond["expedition_is"],
                             lambda c, k: k in view.keywords.get(c, state.cards[c].keywords))
    if "controls" in cond:
        zone = state.zones[src.player]
        objects = zone["landmarks"] if cond["controls"] == "landmarks" else state.in_expeditions(src.player)
        return len(of_subtype(state, view, objects, cond.get("subtype"))) >= cond.get("at_least", 1)
    return False


def applies_to(state, view: View, src: Source) -> tuple:
    """The characters a passive effect applies to (2.3.1.h: only objects in play), by its ``to``; an ongoing emblem
    made for one object ("target Character gains Defender this turn") to that object alone."""
    target = state.emblems[src.emblem].get("target") if src.emblem is not None else None
    if target is not None:
        return (target,) if state.loc.get(target, (0, ""))[1] in EXPEDITIONS else ()
    to = dict(src.part.get("to", ()))
    if not to:
        return ()
    who, me = to.get("who", "self"), src.player
    if who == "self":
        pool = [src.card] if src.emblem is None and state.loc.get(src.card, (0, ""))[1] in EXPEDITIONS else []
    elif who == "facing":  # the opponent's expedition of the same kind as mine (hero facing hero)
        zone = state.loc.get(src.card, (0, ""))[1]
        pool = list(state.zones[1 - me][zone]) if src.emblem is None and zone in EXPEDITIONS else []
    else:
        pool = ((state.in_expeditions(me) if who in ("own", "own_others", "others", "all") else [])
                + (state.in_expeditions(1 - me) if who in ("opponent", "others", "all") else []))
        if who in ("others", "own_others"):
            pool = [c for c in pool if c != src.card]
    subtype = to.get("subtype")
    return tuple(c for c in pool if subtype is None or subtype in view.subtypes.get(c, ()))


def exists(view: View, src: Source) -> bool:
    """An object's passive ability stops existing when the object loses its abilities (2.3.2.d)."""
    return src.emblem is not None or src.card not in view.lost


def footprint(state, view: View, src: Source) -> tuple:
    return exists(view, src), applies_to(state, view, src), holds(state, view, src)


def apply(state, view: View, src: Source) -> None:
    """Apply one continuous effect to ``view`` (2.3.1.l); an effect that no longer exists or whose condition is
    false changes nothing."""
    if not exists(view, src) or not holds(state, view, src):
        return
    part, kind = src.part, src.part.kind
    for card_id in applies_to(state, view, src):
        if kind == "stat":
            for stat in (STATS if part.get("stat") == "all" else (part.get("stat"),)):
                view.bonus[(card_id, stat)] = view.bonus.get((card_id, stat), 0) + part.get("amount")
        elif kind == "keyword":
            view.keywords[card_id] = view.keywords.get(card_id, frozenset()) | {part.get("keyword")}
        elif kind == "subtype":
            view.subtypes[card_id] = view.subtypes.get(card_id, frozenset()) | {part.get("subtype")}
        elif kind == "lose_abilities":  # its keywords too (1.2.4.b): a Giant is no longer in both (7.4.3.k)
            view.lost.add(card_id)
            view.keywords[card_id] = frozenset()
        elif kind == "stop_triggers":
            view.stopped[card_id] = view.stopped.get(card_id, frozenset()) | set(part.get("triggers"))
        elif kind in ("also_boost", "also"):
            view.also[card_id] = view.also.get(card_id, ()) + (src,)
        elif kind == "grant" and src.ref:
            view.granted[card_id] = view.granted.get(card_id, ()) + (src.ref,)
    if kind == "region_types":  # 2.2.2.p: the regions keep the type Region and get these subtypes only
        view.regions = [tuple(part.get("types"))] * len(view.regions)
    elif kind == "no_progress":
        view.no_progress.append(src)
    elif kind == "cost":
        view.costs.append(src)
    elif kind == "dice":
        view.dice.append(src)
    elif kind == "boost_played":
        view.played.append(src)
    elif kind == "limit":
        view.limits.append(src)


def _dependency(state, view: View, a: Source, b: Source) -> str:
    """The clause key saying how ``a`` depends directly on ``b`` (2.3.2.d-f), or "" when it does not."""
    trial = view.copy()
    apply(state, trial, b)
    before, after = footprint(state, view, a), footprint(state, trial, a)
    for i, key in enumerate(("DEPENDS_EXISTENCE", "DEPENDS_APPLIES", "DEPENDS_DOES")):
        if before[i] != after[i]:
            return key
    return ""


def derive(state) -> View | None:
    """The characteristics with every passive effect applied, in order (2.3.1.m); None when none is in force."""
    todo = sources(state)
    if not todo:
        return None
    view = _base(state)
    while todo:
        direct = {id(a): {id(b): _dependency(state, view, a, b) for b in todo if b is not a} for a in todo}
        reach = {k: {b for b, why in v.items() if why} for k, v in direct.items()}
        changed = True
        while changed:  # 2.3.2.g: the transitive closure
            changed = False
            for k in reach:
                more = set().union(*(reach[b] for b in reach[k])) - reach[k] - {k} if reach[k] else set()
                if more:
                    reach[k] |= more
                    changed = True
        # free of dependency: depending on nothing still to apply, or only on abilities depending on it (a loop)
        free = [a for a in todo if all(id(a) in reach[b] for b in reach[id(a)])]
        chosen = free[0] if free else todo[0]
        idx = todo.index(chosen)  # > 0: applied before an earlier timestamp, because of a dependency
        why = next((direct[id(b)][id(chosen)] for b in todo[:idx] if direct[id(b)][id(chosen)]), "DEPENDENCY")
        loop = any(id(chosen) in reach[id(b)] and id(b) in reach[id(chosen)] for b in todo if b is not chosen)
        view.order.append((chosen, why if idx else ("DEPENDENCY" if loop else "")))
        apply(state, view, chosen)
        todo.remove(chosen)
    return view
