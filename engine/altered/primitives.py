"""What every Altered rule shares: the agenda, events, moving objects and what a move means, mana, reactions.

A move (1.4.4, 2.1.c) makes a new object: it loses its statuses (2.4.1.b)
and modifiers, and its counters when it leaves the expeditions or the
landmarks (2.5.i) unless a Seasoned character goes to the Reserve (7.4.4.b);
a token that leaves the expeditions ceases to exist (2.1.d); a card bound
for another player's private zone goes to its owner's (1.4.3.a, moves here
always name the owner's zone).
"""

from __future__ import annotations

from ..core import board, modifiers
from ..core.agenda import Agenda
from ..core.events import emitter
from ..core.standby import put_on_standby
from ..core.text import say, say_n
from .actions import EXPEDITIONS
from .cards import Card
from .citations import cites
from .passives import emblem_effects
from .state import Modifier

AGENDA = Agenda("altered")
# a token's reactions to its leaving (7.5.5.b, 2.1.d), and to its own sacrifice (6.3.e)
GONE_TRIGGERS = ("on_leave_expedition", "on_sacrificed", "on_sacrifice", "on_to_reserve", "on_other_leaves")
emit = emitter(cites)
IN_PLAY = ("hero", "landmarks") + EXPEDITIONS
VISIBLE = ("reserve", "discard")  # the visible zones an object leaving play goes to (1.2.3.e): 2.1.e finds it there


def name(state, card_id: str) -> str:
    return state.card(card_id).name


def move(state, card_id: str, zone: str, events: list | None = None, top: bool = False,
         keep_counters: bool = False) -> str:
    """Move an object to its owner's ``zone``; returns the zone it left.  Tokens leaving play cease to exist."""
    player, left = state.loc[card_id]
    owner = state.cards[card_id].owner
    card = state.cards[card_id]
    if left in EXPEDITIONS and zone in EXPEDITIONS:  # switching expeditions is no change of zone (3.2.4.d)
        board.relocate(state, card_id, zone, player, top)
        return left
    board.relocate(state, card_id, zone, owner, top)
    stamp(state, card_id, zone)
    for status in ("exhausted", "fleeting", "anchored", "asleep"):
        getattr(state, status).discard(card_id)
    modifiers.forget_card(state, card_id)
    if any(e.get("target") == card_id for e in state.emblems):  # 2.1.c: an effect on it does not follow it
        state.emblems = [e for e in state.emblems if e.get("target") != card_id]
    if left in ("landmarks",) + EXPEDITIONS:  # 2.5.i (kept: 2.5.j), but a Seasoned one keeps its boosts (7.4.4.b)
        boosts = state.counters.get(card_id, {}).get("boost", 0) if keep_counters else 0
        state.counters.pop(card_id, None)
        if boosts:  # "mantiene i suoi incrementi": its boost counters, not its other counters
            state.counters[card_id] = {"boost": boosts}
    if card.type == "token" and left in EXPEDITIONS:
        state.zones[owner][zone].remove(card_id)
        del state.loc[card_id]
        state.cards = {k: v for k, v in state.cards.items() if k != card_id}
        state.counters.pop(card_id, None)
        if any(a.timing == "reaction" and a.trigger in GONE_TRIGGERS for a in card.abilities):
            # 7.5.5.b, 6.3.e: it has left the Expedition zone, so its reactions to that still trigger and
            # resolve: its card is kept aside until they have (forget_gone)
            state.gone = {**state.gone, card_id: card}
        if events is not None:
            emit(events, "token_ceases", say("the token %(card)s ceases to exist", card=card.name),
                 ("TOKEN_CEASES",), owner,
                 card=card_id)
    return left


def stamp(state, card_id: str, zone: str) -> None:
    """2.2.14.b: an object entering play gets a new timestamp, greater than all before (2.2.14.c)."""
    state.since.pop(card_id, None)
    if zone in IN_PLAY:
        state.since[card_id] = max(state.since.values(), default=0) + 1


def reshuffle_discard(state, player: int, events: list, keys: tuple = ("DECK_EMPTY_RESHUFFLE",)) -> bool:
    """3.2.2.d / 7.3.16.b: shuffle the discard pile to the bottom of an empty deck; whether any card came.
    ``keys``: the clause that asks for it (a draw's 3.2.2.d, a resupply's own 7.3.16.b)."""
    z = state.zones[player]
    if not z["discard"]:
        return False
    pile = list(z["discard"])
    for cid in pile:
        move(state, cid, "deck")
    board.shuffle(state, player, "deck")
    emit(events, "reshuffle", say_n("player %(player)s shuffles %(count)s discarded card into the deck",
                                    "player %(player)s shuffles %(count)s discarded cards into the deck", len(pile),
                                    player=player),
         keys, player, count=len(pile))
    return True


def draw(state, player: int, count: int, events: list, keys: tuple = ("DRAW",)) -> int:
    """Draw ``count`` cards (7.3.5.a), the discard pile reshuffled when the deck runs out (3.2.2.d)."""
    drawn = 0
    for _ in range(count):
        deck = state.zones[player]["deck"]
        if not deck and not reshuffle_discard(state, player, events):
            break
        move(state, deck[0], "hand")
        drawn += 1
    emit(events, "draw", say_n("player %(player)s draws %(count)s card", "player %(player)s draws %(count)s cards", drawn,
                                 player=player),
         keys, player, count=drawn)
    return drawn


def resupply(state, player: int, events: list) -> None:
    """7.3.16: the deck's top card to the Reserve (the discard pile reshuffled first if the deck is empty)."""
    deck = state.zones[player]["deck"]
    if not deck and not reshuffle_discard(state, player, events, ("RESUPPLY_EMPTY",)):
        emit(events, "resupply", say("player %(player)s cannot resupply: no card left", player=player),
             ("RESUPPLY_EMPTY",), player)
        return
    card_id = deck[0]
    move(state, card_id, "reserve")
    emit(events, "resupply", say("player %(player)s resupplies %(card)s", player=player, card=name(state, card_id)),
         ("RESUPPLY",), player,
         card=card_id)


def pay_mana(state, player: int, count: int) -> list[str]:
    """Exhaust ``count`` ready orbs (1.2.5.e, 3.2.9.f), the first ready ones in zone order."""
    orbs = state.ready_mana(player)[:count]
    state.exhausted.update(orbs)
    return orbs


def add_counters(state, card_id: str, count: int, counter: str = "boost") -> None:
    mine = state.counters.setdefault(card_id, {})
    mine[counter] = mine.get(counter, 0) + count


def became_boosted(state, card_id: str, before: int, events: list) -> None:
    """2.4.4.b: Boosted changes as boost counters are added; a character with none before the step and some after it
    "becomes" Boosted (7.5.2.a) - once, however many the step added; one that had some already does not (2.4.1.d)."""
    if before == 0 and card_id in state.cards and state.boosts(card_id) > 0:
        trigger(state, card_id, "on_become_boosted", events, keys=("BOOSTED_STATUS",))


def also_boost(state, card_id: str, events: list) -> None:
    """The additive modifiers of the step in which a character gains boosts (see :func:`also`)."""
    also(state, card_id, {("boost", "boost")}, events)


def _waits_for(part, gained: set) -> bool:
    """Whether an "also" modifier applies to a step holding the atomic actions ``gained`` ((what, name) pairs:
    ("boost", "boost"), ("counters", name), ("status", status), ("stat", stat))."""
    if part.kind == "also_boost":
        return ("boost", "boost") in gained or ("counters", "boost") in gained
    what, named = part.get("gains"), part.get("status") or part.get("name")
    if what == "boost":
        return ("boost", "boost") in gained or ("counters", "boost") in gained
    if what == "counters":
        return any(w in ("counters", "boost") and (named is None or n == named) for w, n in gained)
    return any(w == "status" and (named is None or n == named) for w, n in gained)


def also(state, card_id: str, gained: set, events: list) -> None:
    """The additive modifiers (6.2.c) of the step in which an object gained ``gained``: "it also gains 1 boost", "it
    also becomes Anchored". Each applies once to that atomic action (6.2.i), after any replacement (6.2.e.3); once one
    has applied, the others are checked against the step as it now is (6.2.g), so the action one adds may let
    another apply."""
    view = state.view()
    waiting = list(view.also.get(card_id, ())) if view is not None else []
    gained = set(gained)
    while card_id in state.cards and state.loc.get(card_id, (0, ""))[1] in IN_PLAY:
        src = next((s for s in waiting if _waits_for(s.part, gained)), None)
        if src is None:
            return
        waiting.remove(src)
        gained.add(_also_adds(state, card_id, src, events, len(gained) > 1))


def _also_adds(state, card_id: str, src, events: list, again: bool) -> tuple:
    """One "also" modifier's atomic action on the object; returns what it gained."""
    part = src.part.get("then") if src.part.kind == "also" else None
    kind = part.kind if part is not None else "boost"
    count = (part or src.part).get("count")
    words = {"card": state.cards[card_id].name, "source": src.label(state)}
    keys = ("ADDITIVE_MODIFIER",) + (("INSTEAD_AGAIN",) if again else ())
    player = state.loc[card_id][0]
    if kind in ("boost", "counters"):
        counter = part.get("name") if kind == "counters" else "boost"
        before = state.boosts(card_id)
        add_counters(state, card_id, count, counter)
        if counter == "boost":
            emit(events, "boost", say_n("%(card)s also gains %(count)s boost counter (%(source)s)",
                                        "%(card)s also gains %(count)s boost counters (%(source)s)", count, **words), keys + ("GAIN_COUNTERS", "BOOST_COUNTER"), player, card=card_id,
                 count=count)
            became_boosted(state, card_id, before, events)
        else:
            emit(events, "counters", say_n("%(card)s also gains %(count)s %(counter)s counter (%(source)s)",
                                           "%(card)s also gains %(count)s %(counter)s counters (%(source)s)", count,
                                           counter=counter, **words), keys + ("GAIN_COUNTERS",), player,
                 card=card_id, counter=counter)
        return ("counters", counter) if kind == "counters" else ("boost", "boost")
    if kind == "status":
        status = part.get("status")
        if card_id not in getattr(state, status):  # one it has already it does not become again (2.4.1.d)
            getattr(state, status).add(card_id)
            emit(events, "status", say("%(card)s also becomes %(status)s (%(source)s)", status=status, **words),
                 keys + ("GAIN_STATUS",), player, card=card_id, status=status)
            trigger(state, card_id, f"on_become_{status}", events)
        return ("status", status)
    if kind == "ongoing":  # "it also gains Defender this turn": an ongoing emblem for it alone (2.2.2.m)
        stamp = max(list(state.since.values()) + [e["stamp"] for e in state.emblems], default=0) + 1
        state.emblems = state.emblems + [{**_also_place(state, src), "also": True, "target": card_id,
                                          "player": src.player, "stamp": stamp, "duration": part.get("duration")}]
        emit(events, "emblem", say("%(card)s also gains an ongoing effect this %(duration)s (%(source)s)",
                                   duration=part.get("duration"), **words), keys + ("EMBLEM_ONGOING",), player,
             card=card_id)
        return ("ongoing", "")
    m = modifiers.add(state, Modifier(state.tick(), card_id, part.get("stat"), part.get("amount"),
                                      part.get("duration"), src.card))
    emit(events, "modifier", say("%(card)s also gets %(amount)s %(stat)s this %(duration)s (%(source)s)",
                                 amount=f"{m.amount:+}", stat=m.stat, duration=m.duration, **words),
         keys + ("DURATION",), player, card=card_id, modifier=m.order)
    return ("stat", m.stat)


def outside_a_turn(state, duration: str) -> tuple:
    """AL32: an effect lasting "this turn" made where no turn is being taken (Noon, Dusk, Night) lasts to the end of
    the next turn to end: the Afternoon's first, or, after the Afternoon, the day's end."""
    return ("AL32",) if duration == "turn" and state.phase != "afternoon" else ()


def _also_place(state, src) -> dict:
    """Where an "also" modifier adding an ongoing effect is written, so its emblem finds that effect again: an
    object's passive ability ("card:ability:effect"), or the ongoing step of an emblem and the place of the "also"
    among its effects (``via``; its mode with it)."""
    if src.emblem is None:
        card, ability, index = src.ref.split(":")
        return {"card": card, "ability": int(ability), "step": int(index)}
    parent = state.emblems[src.emblem]
    place = {k: parent[k] for k in ("card", "ability", "step", "mode") if k in parent}
    return {**place, "via": emblem_effects(state, parent).index(src.part)}


def new_token(state, player: int, data: dict, expedition: str) -> str:
    """Create a token character (7.3.3.a) in ``player``'s ``expedition``; its id is ``tok-N``."""
    state.tokens += 1
    token_id = f"tok-{state.tokens}"
    abilities = tuple(data.get("abilities", ()))
    card = Card(id=token_id, owner=player, name=data["name"], type="token", forest=data["forest"],
                mountain=data["mountain"], water=data["water"], keywords=tuple(data.get("keywords", ())),
                abilities=abilities, passive=any(a.timing == "passive" for a in abilities))
    state.cards = {**state.cards, token_id: card}
    board.place(state, token_id, player, expedition)
    stamp(state, token_id, expedition)
    state.tick()
    return token_id


def ability_of(state, card_id: str, ref):
    """An object's ability: its own (an index), or one granted by another object's passive ability (a ref
    "granter:ability:effect", kept so that the reaction still has its effect once the grant is gone, 6.3.e)."""
    if isinstance(ref, int):
        return state.card(card_id).abilities[ref]
    granter, ability, effect = ref.rsplit(":", 2)
    return state.cards[granter].abilities[int(ability)].effects[int(effect)].get("ability")


def abilities_of(state, card_id: str) -> list:
    """(ref, ability) of each ability an object has now: none once lost, its own and those granted (2.3.1.j)."""
    view = state.view()
    if view is not None and card_id in view.lost:  # it has lost its abilities (a passive, 2.3.2.d)
        return []
    own = list(enumerate(state.card(card_id).abilities))
    return own + [(ref, ability_of(state, card_id, ref)) for ref in view.granted.get(card_id, ())] if view else own


def as_it_is(state, card_id: str) -> tuple:
    """An object's reactions as they are now, and the triggers a passive ability stops (7.3.1.e): read before
    an event that takes it out of play, whose reactions trigger although it has gone (6.3.d-e): one that lost its
    abilities has none, one granted a reaction has it."""
    view = state.view()
    return tuple(abilities_of(state, card_id)), frozenset(view.stopped.get(card_id, ()) if view is not None else ())


def trigger(state, card_id: str, when: str, events: list, ctx: dict | None = None, keys: tuple = (),
            assumptions: tuple = (), was: tuple | None = None, played_from: str = "") -> int:
    """Create a reaction (6.3.b) for each of the card's reactions triggered by ``when``; how many.  ``was``: the
    object's reactions as it was before the event took it out of play (``as_it_is``); ``played_from``: the zone a
    card played came from, which a reaction limited to one ("from your Reserve") must match."""
    card = state.card(card_id)
    player = state.loc[card_id][0] if card_id in state.loc else card.owner  # a ceased token: its owner controlled it
    made = 0
    reactions, stopped = was if was is not None else as_it_is(state, card_id)
    for i, ability in reactions:
        if ability.source and ability.source != played_from:  # "when you play a card from your hand": not another
            continue
        if ability.timing == "reaction" and ability.trigger == when \
                and when in stopped:  # 7.3.1.e: neither naturally nor activated
            emit(events, "trigger_stopped", say("%(card)s's reaction cannot trigger: a passive ability stops it",
                                                card=card.name), ("TRIGGER_STOPPED",), player, card=card_id)
            continue
        if ability.timing == "reaction" and ability.trigger == when:
            key = f"r:{card_id}:{i}:{state.day}"
            if state.uses.get(key, 0) >= 100:  # 6.3.f: the 101st activation leaves the event unmodified
                continue
            state.uses[key] = state.uses.get(key, 0) + 1
            put_on_standby(state, player, card_id, i, ctx or {})
            made += 1
            emit(events, "reaction", say("%(card)s's reaction triggers (%(when)s)", card=card.name,
                                         when=when.replace("_", " ")),
                 (TRIGGER_KEYS[when], "CHECK_REACTIONS") + keys + (() if isinstance(i, int) else ("GRANTED",)),
                 player, assumptions, card=card_id, ability=i)
    return made


#: the daily effects a reaction may follow ("after Rest", 4.2.d's note)
AFTER_DAILY = ("succeed", "prepare", "draw", "expand", "progress", "rest", "cleanup")
TRIGGER_KEYS = {"on_leave_landmarks": "TRIGGER_AFTER_LEAVING", "on_sacrifice": "SACRIFICE", "on_enter": "ON_ENTER", "from_hand": "FROM_HAND", "from_reserve": "FROM_RESERVE",
                "at_noon": "NOON", "at_dusk": "DUSK", "at_night": "NIGHT", "on_fail_forward": "FAIL_TRIGGER",
                "on_sacrificed": "SACRIFICE", "on_join_expedition": "JOINS", "on_leave_expedition": "LEAVES", "on_to_reserve": "LEAVES",
                "on_become_exhausted": "BECOMES", "on_become_fleeting": "BECOMES", "on_become_asleep": "BECOMES",
                "on_become_anchored": "BECOMES", **{f"on_you_play{t}": "REACTION_EVENT"
                                                    for t in ("", "_character", "_spell", "_permanent")},
                **{f"on_opponent_plays{t}": "REACTION_EVENT" for t in ("", "_character", "_spell", "_permanent")},
                **{f"on_forward_{s}": "FORWARD_BECAUSE" for s in ("forest", "mountain", "water")},
                "on_other_joins": "JOINS", "on_other_leaves": "LEAVES", "on_become_boosted": "BECOMES", **{f"after_{e}": "AFTER_DAILY" for e in AFTER_DAILY}}


def trigger_instant(state, when: str, events: list, keys: tuple = ("PHASE_REACTIONS",)) -> None:
    """An atomic instant (4.2.b; after a daily effect, 4.2.d): every object in play at that moment with that
    reaction triggers, in initiative order."""
    for player in state.initiative():
        for card_id in list(state.in_play(player)):
            trigger(state, card_id, when, events, keys=keys)


def to_deck(state, card_id: str, position: tuple[str, int], events: list) -> None:
    """7.3.15.a, 3.2.2.c: put an object into its owner's deck (1.4.3.a) as the ``depth``-th card from its top or
    bottom; a deck too short for that place takes it at the other end (3.2.2.f: "X from the top" goes to the
    bottom); a token ceases to exist once there (2.1.d)."""
    card, (end, depth) = state.cards[card_id], position
    owner, was = card.owner, as_it_is(state, card_id)
    left = move(state, card_id, "deck", events)
    if card_id not in state.cards:  # a token: gone (its event is logged), but it has left its expedition (7.5.5.b)
        left_expedition(state, card_id, events, was)
        return
    deck = state.zones[owner]["deck"]
    deck.remove(card_id)
    index = depth - 1 if end == "top" else len(deck) - (depth - 1)
    short = not 0 <= index <= len(deck)
    if short:
        index = len(deck) if end == "top" else 0
    deck.insert(index, card_id)
    keys = ("PUT_IN_ZONE", "DECK_POSITION") + (("DECK_TOO_SHORT",) if short else ())
    words = dict(card=card.name, count=depth)
    if short:
        text = (say("%(card)s goes to the bottom of its owner's deck: the deck is too short for card %(count)s from "
                    "the top", **words) if end == "top" else
                say("%(card)s goes on top of its owner's deck: the deck is too short for card %(count)s from the "
                    "bottom", **words))
    elif depth == 1:
        text = (say("%(card)s goes on top of its owner's deck", card=card.name) if end == "top" else
                say("%(card)s goes to the bottom of its owner's deck", card=card.name))
    else:
        text = (say("%(card)s goes into its owner's deck as card %(count)s from the top", **words) if end == "top"
                else say("%(card)s goes into its owner's deck as card %(count)s from the bottom", **words))
    emit(events, "send", text, keys, owner, card=card_id, to="deck")
    if left in EXPEDITIONS:
        left_expedition(state, card_id, events, was)


def left_expedition(state, card_id: str, events: list, was: tuple | None = None, to: str | None = None) -> None:
    """7.5.5.a: an object that was in an expedition and is elsewhere after the event "leaves" it; its reaction
    triggers although it is gone (6.3.e).  A token that ceased to exist on leaving has left the Expedition zone
    too (7.5.5.b, 2.1.d: it ceases only after entering its new zone), so its reaction triggers as well."""
    if card_id in state.gone:
        trigger(state, card_id, "on_leave_expedition", events, keys=("TRIGGER_AFTER_LEAVING", "LEAVES_TOKEN"), was=was)
        if to == "reserve":  # 7.5.4.d: it joined the Reserve before ceasing to exist
            trigger(state, card_id, "on_to_reserve", events, keys=("TRIGGER_AFTER_LEAVING", "TOKEN_JOINS_ZONE"),
                    was=was)
        if not any(a.trigger in ("on_sacrificed", "on_sacrifice", "on_other_leaves")
                   for a in state.gone[card_id].abilities):
            forget_gone(state, card_id)  # else the sacrifice's step, or the others' leaving (others_see_leave), does
    elif card_id in state.cards and state.loc[card_id][1] not in EXPEDITIONS:
        now = state.loc[card_id][1]  # 2.1.e: its reaction may find it in a visible zone it went to
        for when in ("on_leave_expedition",) + (("on_to_reserve",) if now == "reserve" else ()):
            # "when I go to the Reserve from the Expedition zone": only if it joined the Reserve (7.5.4.a) - a
            # Fleeting one, discarded instead (2.4.6.c), did not
            trigger(state, card_id, when, events, {"follow": now} if now in VISIBLE else None,
                    ("TRIGGER_AFTER_LEAVING",) + (("JOINS",) if when == "on_to_reserve" else ()), was=was)


def forget_gone(state, card_id: str) -> None:
    """Drop a ceased token's card once nothing of it is left to resolve: no reaction of it waiting in Limbo and no
    step of its effect still to come."""
    if card_id in state.gone and all(s["card"] != card_id for s in state.standby) \
            and all(not isinstance(t, dict) or t.get("card") != card_id for t in state.agenda):
        state.gone = {k: v for k, v in state.gone.items() if k != card_id}


def others_see_join(state, card_id: str, events: list, keys: tuple = (), new: tuple = ()) -> None:
    """"When another Character joins my expedition" (7.5.4.a): the characters present in the expedition the card
    joined - both of its controller's for a Giant entering play (7.4.3.b), and a Giant present there reads it as its
    own (7.4.3.f) - react, each once; ``new``: the objects that joined in the same step, which did not exist before
    the event and so do not react to each other (6.3.d, 6.1.f)."""
    player, here = state.loc[card_id]
    joined = EXPEDITIONS if state.has(card_id, "giant") else (here,)
    seen = []
    for expedition in joined:
        for other in state.present_in(player, expedition):
            if other != card_id and other not in new and other not in seen:
                seen.append(other)
                trigger(state, other, "on_other_joins", events, keys=keys)


def watchers(state, card_id: str) -> list[str]:
    """The characters that would see ``card_id`` leave their expedition ("when another Character leaves my
    expedition", 7.5.5.a): those present with it now - in both of its controller's expeditions for a Giant, and a
    Giant of the other expedition, present in this one too (7.4.3.b, 7.4.3.f) -, read before it moves."""
    if card_id not in state.loc or state.loc[card_id][1] not in EXPEDITIONS:
        return []
    player, here = state.loc[card_id]
    left = EXPEDITIONS if state.has(card_id, "giant") else (here,)
    seen: list[str] = []
    for expedition in left:
        seen += [c for c in state.present_in(player, expedition) if c != card_id and c not in seen]
    return seen


def others_see_leave(state, seen: list[str], events: list, keys: tuple = (), was_of: dict | None = None,
                     leaver: str | None = None) -> None:
    """7.5.5.a: each character that was present with an object that left its expedition reacts once, if it is
    still in an expedition; one that left in the same event (Rest's "all at once", 6.1.f) reacts too - its reaction
    existed before the event and need not exist after it (6.3.d-e) - as it was then (``was_of``), finding its card
    where it went if that zone is visible (2.1.e)."""
    for other in seen:
        if other in state.loc and state.loc[other][1] in EXPEDITIONS:
            trigger(state, other, "on_other_leaves", events, keys=("LEAVES",) + keys)
        elif was_of and other in was_of:
            now = state.loc[other][1] if other in state.loc else None
            trigger(state, other, "on_other_leaves", events, {"follow": now} if now in VISIBLE else None,
                    ("LEAVES", "TRIGGER_AFTER_LEAVING") + keys, ("AL29",), was=was_of[other])
    if leaver in state.gone and not any(a.trigger in ("on_sacrificed", "on_sacrifice")
                                        for a in state.gone[leaver].abilities):
        forget_gone(state, leaver)  # a ceased token kept for the others' leaving: nothing of it left to see


def leave_together(state, cards, send_one, events: list, keys: tuple = ()) -> None:
    """Objects that leave their expeditions in one event (Rest, "send each Character", 6.1.f): who sees whom leave,
    and the reactions of those that leave too, are read before any moves (``send_one`` moves one without looking);
    then each one left is seen by the others that were with it (AL29), and the ceased tokens kept for that go."""
    seen = {c: watchers(state, c) for c in cards}
    was_of = {c: as_it_is(state, c) for c in {w for ws in seen.values() for w in ws}}
    for card_id in cards:
        send_one(card_id)
    for card_id in cards:
        if state.loc.get(card_id, (None, None))[1] not in EXPEDITIONS:  # it has left (not waiting on "instead")
            others_see_leave(state, [w for w in seen[card_id] if w in state.cards or w in state.gone], events,
                             keys, was_of)
    for card_id in cards:
        others_see_leave(state, [], events, leaver=card_id)
