"""The Afternoon's turns (4.2.3): play a quick action (the turn goes on), a card from hand or Reserve, or pass.

Playing a card (5.1, 5.2): it goes to Limbo (Fleeting when played from the
Reserve, 2.4.6.a / 2.4.6.d, or a spell with Fugace, 2.4.6.e), its cost is
paid by exhausting mana orbs (1.2.5.e), then it resolves: a character joins
the chosen expedition (5.2.1.c), a permanent the landmarks (5.2.2.a), a
spell's effect happens and it goes to the Reserve or, Fleeting, the discard
pile (5.2.3.j).
"""

from __future__ import annotations

from ..core import modifiers
from ..core.agenda import push
from ..core.check_timing import CHECK_TIMING
from ..core.decisions import Decision
from ..core.text import say, say_n
from .actions import Action
from .citations import cite
from .effects import STEP, push_ability
from .step_kinds import expire_emblems
from .targets import ability_targets_exist, spell_targets_exist
from .primitives import AGENDA, add_counters, also, also_boost, became_boosted, emit, move, name, others_see_join, pay_mana, trigger


def cost(state, card_id: str) -> int:
    """The mana a card costs where it is: its hand cost from hand (2.2.6), its Reserve cost from the Reserve (2.2.7),
    changed by passive abilities and ongoing emblems (2.2.10.j, 2.2.13.c); never below 0 (assumption AL16)."""
    card = state.cards[card_id]
    printed = card.reserve_cost if state.loc[card_id][1] == "reserve" else card.hand_cost
    changes = cost_changes(state, state.loc[card_id][0], card_id)
    return max(0, printed + sum(src.part.get("amount") for src in changes)) if changes else printed


def reduction_left(state, card_id: str) -> int:
    """What a cost reduction could not take off the card's own cost, which stops at 0 (AL16): it still lowers the
    rest of what playing the card costs, Resistente's extra for its targets (7.4.5.c: the spell "costs X more",
    one cost; AL36)."""
    card = state.cards[card_id]
    printed = card.reserve_cost if state.loc[card_id][1] == "reserve" else card.hand_cost
    return max(0, -(printed + sum(src.part.get("amount") for src in cost_changes(state, state.loc[card_id][0],
                                                                                card_id))))


def cost_changes(state, player: int, card_id: str) -> list:
    """The passive cost changes that apply to this card as ``player`` plays it from where it is ("you play", or an
    opponent's; "Spells you play", "cards you play from your Reserve", "Bureaucrats": ``type``, ``from``,
    ``subtype``)."""
    view = state.view()
    if view is None:
        return []
    card, source = state.cards[card_id], state.loc[card_id][1]
    return [src for src in view.costs if (src.player != player) == bool(src.part.get("opponent"))
            and src.part.get("type") in (None, card.type) and src.part.get("from") in (None, source)
            and src.part.get("subtype") in (None, *card.subtypes)]  # 2.2.2.o: the card's own, wherever it is


def boost_played(state, player: int, card_id: str, source: str, events: list) -> None:
    """"Characters you play gain N boost" / "the next Character you play this turn gains N boost" (an ongoing
    emblem's, Apprendista di Haven, 2.2.10.d): the character gains them as it joins its expedition (assumption
    AL26; played for free is played too, 7.3.14.a); a "next" emblem has then done its work and ceases."""
    view = state.view()
    gains = [src for src in (view.played if view is not None else ()) if src.player == player
             and src.part.get("from") in (None, source)]
    for src in gains:
        add_counters(state, card_id, src.part.get("count"))
        emit(events, "boost", say_n("%(card)s gains %(count)s boost counter as it is played (%(source)s)",
                                    "%(card)s gains %(count)s boost counters as it is played (%(source)s)",
                                    src.part.get("count"), card=name(state, card_id), source=src.label(state)),
             ("GAIN_COUNTERS", "BOOST_COUNTER") + (("EMBLEM_DURATION",) if src.emblem is not None else ()), player,
             ("AL26",), card=card_id, count=src.part.get("count"))
        also_boost(state, card_id, events)
    used = {src.emblem for src in gains if src.emblem is not None and src.part.get("next")}
    if used:
        state.emblems = [e for i, e in enumerate(state.emblems) if i not in used]


def playable(state, player: int) -> list[str]:
    z = state.zones[player]
    ready = len(state.ready_mana(player))
    return [c for c in z["hand"] + z["reserve"]
            if cost(state, c) <= ready
            and spell_targets_exist(state, player, c, ready - cost(state, c) + reduction_left(state, c))]  # AL36


def quick_ok(state, player: int, card_id: str, index: int) -> bool:
    """Whether a quick action (in play) or support ability (in the Reserve) can be played now."""
    ability = state.cards[card_id].abilities[index]
    zone = state.loc[card_id][1]
    if (ability.timing == "quick") == (zone == "reserve") or (ability.timing == "quick" and zone not in (
            "hero", "landmarks", "hero_expedition", "companion_expedition")):
        return False
    if any(c.kind == "exhaust_self" for c in ability.cost) and card_id in state.exhausted:
        return False
    if state.uses.get(f"q:{card_id}:{index}", 0) >= 100:
        return False
    view = state.view() if zone != "reserve" else None
    if view is not None and card_id in view.lost:  # lost its abilities to a passive (2.3.2.d)
        return False
    if any(c.kind == "spend" and state.counters.get(card_id, {}).get(c.get("name"), 0) < c.get("count")
           for c in ability.cost):  # 2.5.g, 7.3.21.b
        return False
    ready = len(state.ready_mana(player))
    mana = ability.mana(state.first_player == player)
    return mana <= ready and ability_targets_exist(state, player, ability, ready - mana)


def turn_options(state, player: int) -> tuple:
    out = []
    for card_id in playable(state, player):
        if state.cards[card_id].type == "character":
            out += [Action.make("play", card=card_id, expedition=e) for e in ("hero", "companion")]
        else:
            out.append(Action.make("play", card=card_id))
    z = state.zones[player]
    for card_id in z["hero"] + z["hero_expedition"] + z["companion_expedition"] + z["landmarks"] + z["reserve"]:
        for i, ability in enumerate(state.cards[card_id].abilities):
            if ability.timing in ("quick", "support") and quick_ok(state, player, card_id, i):
                out.append(Action.make("quick", card=card_id, ability=i))
    out.append(Action.make("pass"))
    return tuple(out)


@AGENDA.handler("turn")
def turn(state, task, answer, events):
    """4.2.3.c: the player to act plays a quick action, a card, or passes; reactions are checked after each."""
    if all(state.passed):
        state.to_act = None
        if modifiers.expire(state, "afternoon"):
            emit(events, "modifiers_end", say("effects lasting this afternoon end"), ("DURATION",), None)
        expire_emblems(state, "afternoon", events)
        return None
    p = state.to_act
    if answer is None:
        return Decision("turn", p, say("Day %(day)s, Afternoon: your turn", day=state.day),
                        turn_options(state, p), cite("TURN"))
    if answer.kind == "pass":
        state.passed[p] = True
        emit(events, "pass", say("player %(player)s passes and takes no more turns this day", player=p),
             ("TURN", "AFTERNOON_PASSED"), p)
        push(state, CHECK_TIMING, {"t": "end_turn"})
    elif answer.kind == "quick":  # what follows is scheduled first: the effect's steps go on top of it
        push(state, CHECK_TIMING, {"t": "turn"})
        quick(state, p, answer.card, answer.get("ability"), events)
    else:
        push(state, CHECK_TIMING, {"t": "end_turn"})
        play_card(state, p, answer.card, answer.get("expedition"), events)
    return None


@AGENDA.handler("end_turn")
def end_turn(state, task, answer, events):
    """The turn ends (4.2.3.c.4); the other player acts next unless they have passed (4.2.3.a)."""
    if modifiers.expire(state, "turn"):
        emit(events, "modifiers_end", say("effects lasting this turn end"), ("DURATION",), None)
    expire_emblems(state, "turn", events)
    other = 1 - state.to_act
    if not state.passed[other]:
        state.to_act = other
    push(state, {"t": "turn"})
    return None


def play_card(state, player: int, card_id: str, expedition: str | None, events: list, free: bool = False) -> None:
    """5.1.2, 5.2: a card played from the hand or the Reserve; ``free``: played for free by an effect (7.3.14.a:
    no cost is determined nor paid, so no cost change applies and Resistente's extra is not paid, 7.4.5.c's note;
    assumption AL21)."""
    card = state.cards[card_id]
    source = state.loc[card_id][1]
    price = 0 if free else cost(state, card_id)
    slack = 0 if free else reduction_left(state, card_id)
    changes = [] if free else cost_changes(state, player, card_id)
    pay_mana(state, player, price)
    move(state, card_id, "limbo")
    keys = (("PLAY_FREE",) if free else ("PLAY_IN_TURN", "MANA_COST", "MANA_PAYS")) + (
        ("COST_CHANGE",) if changes else ())
    used = {src.emblem for src in changes if src.emblem is not None and src.part.get("next")}
    if used:  # "the next card you play": that emblem has done its work (assumption AL16)
        state.emblems = [e for i, e in enumerate(state.emblems) if i not in used]
    fleeting = source == "reserve" and card.type != "permanent" or (card.type == "spell" and card.has("fleeting"))
    if fleeting:
        state.fleeting.add(card_id)
        keys += ("CHARACTER_FLEETING",) if card.type == "character" else (
            ("FLEETING_FROM_RESERVE",) if source == "reserve" else ("FLEETING_SPELL_KEYWORD",))
    words = dict(player=player, card=card.name, source=source)
    if free:
        text = (say("player %(player)s plays %(card)s from the %(source)s for free (Fleeting)", **words) if fleeting
                else say("player %(player)s plays %(card)s from the %(source)s for free", **words))
    else:
        text = (say("player %(player)s plays %(card)s from the %(source)s for %(cost)s mana (Fleeting)", cost=price,
                    **words) if fleeting else
                say("player %(player)s plays %(card)s from the %(source)s for %(cost)s mana", cost=price, **words))
    emit(events, "play", text, keys, player, (("AL16",) if changes else ()) + (("AL21",) if free else ()),
         card=card_id, source=source, cost=price)
    # "when you play a [type]": the objects its controller has in play react to the play itself (6.3.b), so the card
    # played, in Limbo now, is not one of them (6.3.d); their reactions wait for the check after the play (4.4.a)
    for other in list(state.in_play(player)):
        for when in ("on_you_play", f"on_you_play_{card.type}"):
            trigger(state, other, when, events, played_from=source)
    for other in list(state.in_play(1 - player)):  # "when your opponent plays ...": the other player's objects
        for when in ("on_opponent_plays", f"on_opponent_plays_{card.type}"):
            trigger(state, other, when, events, played_from=source)
    played = "from_hand" if source == "hand" else "from_reserve"
    if card.type == "character":
        zone = f"{expedition}_expedition"
        move(state, card_id, zone, keep_counters=True)
        if fleeting:
            state.fleeting.add(card_id)
        keys = ("CHARACTER_JOINS", "CHOOSE_EXPEDITION") + (("FLEETING_JOINS",) if fleeting else ())
        keys += ("GIANT",) if card.has("giant") else ()
        text = (say("%(card)s joins the %(expedition)s expedition, present in both (Giant)", card=card.name,
                    expedition=expedition) if card.has("giant") else
                say("%(card)s joins the %(expedition)s expedition", card=card.name, expedition=expedition))
        emit(events, "joins", text, keys, player, card=card_id, expedition=expedition)
        boost_played(state, player, card_id, source, events)
        became_boosted(state, card_id, 0, events)  # a new object (2.1.c): entering with boosts is becoming Boosted
        trigger(state, card_id, "on_enter", events)
        trigger(state, card_id, "on_join_expedition", events)
        others_see_join(state, card_id, events)
        if fleeting:  # 7.5.2.a's note: entering a zone with a status is "becoming" it
            trigger(state, card_id, "on_become_fleeting", events)
        trigger(state, card_id, played, events)
    elif card.type == "permanent":
        move(state, card_id, "landmarks")
        emit(events, "joins", say("%(card)s joins the landmarks", card=card.name),
             ("PERMANENT_JOINS",), player, card=card_id)
        trigger(state, card_id, "on_enter", events)
        trigger(state, card_id, played, events)
    else:
        index = next((i for i, a in enumerate(card.abilities) if a.timing == "effect"), None)
        if index is None:
            push(state, {"t": "finish", "card": card_id, "spell": True})
        else:  # played for free, its targets cost nothing more (7.4.5.c's note)
            push_ability(state, player, card_id, index, spell=True,
                         ctx={"free": True} if free else ({"slack": slack} if slack else None))


def quick(state, player: int, card_id: str, index: int, events: list) -> None:
    """5.3: pay the quick action's cost (exhaust me 5.3.c, discard me from the Reserve 7.1.4.b, mana), then its effect."""
    ability = state.cards[card_id].abilities[index]
    key = f"q:{card_id}:{index}"
    state.uses[key] = state.uses.get(key, 0) + 1
    keys, became = ("TURN",), []
    for part in ability.cost:
        if part.kind == "exhaust_self":
            state.exhausted.add(card_id)
            keys += ("QUICK_EXHAUST", "EXHAUSTED")
            became.append(card_id)
        elif part.kind == "discard_self":
            move(state, card_id, "discard")
            keys += ("SUPPORT_DISCARD",)
        elif part.kind == "spend":
            mine = state.counters[card_id]
            mine[part.get("name")] -= part.get("count")
            if not mine[part.get("name")]:
                del mine[part.get("name")]
            keys += ("SPEND_COUNTERS",)
        elif part.get("count") and part.get("if") in (None, "first_player" if state.first_player == player
                                                      else "not_first_player"):
            pay_mana(state, player, part.get("count"))
            keys += ("MANA_COST",) + (("COST_CHANGE",) if part.get("if") else ())
    text = (say("player %(player)s plays %(card)s's support ability", player=player, card=name(state, card_id))
            if ability.timing == "support" else
            say("player %(player)s plays %(card)s's quick action", player=player, card=name(state, card_id)))
    emit(events, "quick", text, keys, player, card=card_id, ability=index)
    for exhausted in became:  # 7.5.2.a: exhausted by its own cost, it "becomes" Exhausted
        also(state, exhausted, {("status", "exhausted")}, events)  # 6.2.c: a cost is a step too (6.1.d)
        trigger(state, exhausted, "on_become_exhausted", events)
    push_ability(state, player, card_id, index)


def _play_free(state, task, part, answer, events):
    """7.3.14.a: "play a [type] from your [hand / Reserve] for free": the player chooses the card (a character's
    expedition with it, 5.2.1.a) and plays it there and then; a spell whose targets have no legal object cannot be
    chosen (5.2.3.b); none to play: the step is ignored (6.5.f).  The turn goes on: this is no play of the turn."""
    me, kind = task["player"], part.get("type")
    cards = [c for c in state.zones[me][part.get("from")] if kind in (None, state.cards[c].type)
             and spell_targets_exist(state, me, c, 99)]
    if not cards:
        emit(events, "step_ignored", say("%(card)s: no card to play for free, the step is ignored",
                                         card=name(state, task["card"])), ("PART_IMPOSSIBLE",), me)
        return None
    if answer is None:
        options = [Action.make("play", card=c, expedition=e) if state.cards[c].type == "character"
                   else Action.make("play", card=c) for c in cards for e in ("hero", "companion")
                   if state.cards[c].type == "character" or e == "hero"]
        return Decision("play_free", me, say("%(card)s: choose the card you play for free",
                                             card=name(state, task["card"])), tuple(options), cite("PLAY_FREE"))
    play_card(state, me, answer.card, answer.get("expedition"), events, free=True)
    return None


STEP["play_free"] = _play_free
