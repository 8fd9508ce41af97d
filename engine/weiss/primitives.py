"""The primitives every Weiss Schwarz rule and judge action shares.

The agenda (with the interrupt rule actions of 9.1.2.1 run after every task),
emitting an event, moving a card (3.1.4: a card changing area is a new card),
taking the top card of the deck with the refresh of 3.2.3.1 / 9.2,
modifiers, stand-by abilities and the shared "choose" logic.
"""

from __future__ import annotations

from ..core.text import say
from ..core import modifiers
from ..core.agenda import Agenda, push
from ..core.board import relocate, shuffle as shuffle_deck  # noqa: F401  (the rules' name for it)
from ..core.check_timing import CHECK_TIMING  # noqa: F401  (the task every rule module schedules)
from ..core.events import emitter
from ..core.rng import shuffled
from ..core.standby import put_on_standby
from .actions import SLOTS
from .characteristics import auto_abilities, auto_barred, conditions_hold, features, other_matches, spent
from .citations import cite, cites
from .granting import lapse, old_gift, returned
from ..core.events import cite_last
from .state import MARKER_OF, MARKER_ZONES, GameState, Modifier

#: the areas where CONT abilities work, whose entry time orders their effects (8.9.1.5.1)
ENTRY_ZONES = frozenset(SLOTS + ("climax", "clock", "memory", "level"))


class WeissAgenda(Agenda):
    """The core runner plus the interrupt rule actions (refresh 9.2, level up 9.3) after every task.

    9.1.2.1: an interrupt rule action suspends whatever is happening and
    resolves at once; a task is the engine's smallest indivisible action, and
    costs are paid inside one task, so 9.2.3 / 9.3.3 hold.
    """

    def run_top(self, state, answer, events: list) -> None:
        below, asked, before = len(state.agenda) - 1, _ASKED[0], len(events)
        super().run_top(state, answer, events)
        if len(events) > before:
            _mark_done(state, events[before:])
        if state.outcome is None and state.pending is None:
            if _ASKED[0] != asked:  # some task asked a replacement choice (here, or another game's: harmless)
                _replacements_first(state, below)
            interrupts(state, events)


# how many replacement choices were scheduled, by any game: only a change of it makes the runner look for one
_ASKED = [0]


def _replacements_first(state, below: int) -> None:
    """A replacement choice a task started (8.10.2) is part of that task's action: it runs before whatever else
    the task scheduled, the first asked first."""
    new = state.agenda[below:]
    asks = [t for t in new if t.get("t") in ("replacement", "replaced_action")]
    if asks and new[-len(asks):] != asks[::-1]:
        state.agenda[below:] = [t for t in new if t not in asks] + asks[::-1]


def _mark_done(state, new_events: list) -> None:
    """A part of an effect waiting under the tasks of the part before it (a damage, a Brainstorm, a look, a move)
    learns here whether they did it, for its "if you do" (W46): every task that runs before it is one of theirs."""
    for task in state.agenda:
        if task.get("watch") and not task.get("did") and any(part_did(*task["watch"], e) for e in new_events):
            task["did"] = True
        if task.get("watch") and task["watch"][0] == "damage":  # "if that damage is (not) cancelled"
            for e in new_events:  # cancelled by either player when it is dealt to both (W47)
                if e.kind == "damage_cancelled" or e.kind == "damage_taken" and task.get("damage") != "cancelled":
                    task["damage"] = "cancelled" if e.kind == "damage_cancelled" else "taken"


def part_did(kind: str, take: int, event) -> bool:
    """Whether ``event`` is the doing of a part of ``kind`` that finishes in tasks of its own (W46): a damage dealt
    (cancelled or not: the damage process took place, 4.9.1.2; not replaced, 8.10.1.1), cards revealed by a
    Brainstorm, a character moved, a card looked at put into the hand (or, when the text takes none, the cards
    looked at put out of the deck)."""
    if kind == "damage":
        return event.kind in ("damage_taken", "damage_cancelled")
    if kind == "brainstorm":
        return event.kind == "brainstorm" and bool(event.data.get("cards"))
    if kind == "move":
        return event.kind == "moved"
    if kind == "look":
        return event.kind == "look_take" if take else (event.kind == "look_rest" and event.data.get("to") != "deck_top")
    return False


AGENDA = WeissAgenda("weiss-schwarz")
handler = AGENDA.handler


emit = emitter(cites)  # emit(events, kind, text, clause keys, player, assumptions, **data)


def name(state: GameState, card_id: str | None) -> str:
    return state.cards[card_id].name if card_id else "nothing"


def interrupts(state: GameState, events: list) -> None:
    """9.1.2.1: the refresh (9.2.1) and level up (9.3.1) now due, before anything else goes on.

    When both are due for one player, that player chooses which comes first (9.1.2.1.1: the order changes
    what the refresh shuffles into the deck); between the two players the turn player's come first (W22).
    """
    for p in (state.turn_player, 1 - state.turn_player):
        if not state.zones[p]["deck"] and not _leveling(state, p):
            if len(state.zones[p]["clock"]) >= 7:
                push(state, {"t": "interrupt_order", "p": p})
                continue
            refresh(state, p, events)
            if state.outcome:
                return
    for p in (state.turn_player, 1 - state.turn_player):
        if len(state.zones[p]["clock"]) >= 7 and not _leveling(state, p):
            push(state, {"t": "level_up", "p": p})


def _leveling(state: GameState, p: int) -> bool:
    """Whether ``p``'s level up, or the choice of its order, is the next task."""
    return any(t.get("t") in ("level_up", "interrupt_order") and t["p"] == p for t in state.agenda[-1:])


def refresh(state: GameState, player: int, events: list) -> None:
    """9.2.2: an empty deck takes the waiting room, shuffled, and the player gets a refresh point."""
    zones = state.zones[player]
    if zones["deck"] or state.outcome:
        return
    if not zones["waiting_room"]:
        lose(state, [player], "REFRESH_LOSS", events,
             say("player %(player)s has no cards in the deck or the waiting room", player=player))
        return
    zones["deck"], state.rng = shuffled(zones["waiting_room"], state.rng)
    zones["waiting_room"] = []
    for c in zones["deck"]:
        state.loc[c] = (player, "deck")
    state.refresh_points[player] += 1
    emit(events, "refresh", say("player %(player)s refreshes: the waiting room becomes the deck and is shuffled; 1 refresh point", player=player), ("RULE_ACTION_INTERRUPT", "REFRESH", "REFRESH_CONDITION", "SHUFFLE"), player, count=len(zones["deck"]))


def lose(state: GameState, losers: list[int], key: str, events: list, text: str) -> None:
    both = len(losers) == 2
    state.outcome = {"winner": None if both else 1 - losers[0], "draw": both, "losers": sorted(losers),
                     "reason": key}
    keys = (key, "LOSE_ENDS_GAME") + (("DRAW_GAME",) if both else ())
    emit(events, "game_over", say("%(reason)s; both lose: the game is a draw", reason=text) if both else
         say("%(reason)s: player %(player)s loses", reason=text, player=losers[0]), keys, None)


def move(state: GameState, card_id: str, zone: str, player: int | None = None, *, top: bool = False,
         events: list | None = None, carry: bool = True, judge: bool = False,
         keep: tuple[int, ...] = ()) -> dict[int, int]:
    """Move a card; a card changing area is a new card (3.1.4, 8.9.2), except between stage positions.

    The markers under a character go with it to another stage position, and those already there go to
    the waiting room (3.7.3.1); they go to the waiting room when it leaves the stage (3.7.3.2). An
    exchange of two positions moves both characters' markers itself (``carry=False``).

    A character leaving the stage for any area by the rules or an effect (not a judge's move, ``judge``) puts its
    "when this card leaves the stage" abilities on stand-by, read as it was on the stage (8.7.4, 8.7.4.1.2).
    ``keep``: abilities an effect gave it that the caller puts on stand-by for this departure (W49); the new
    index of each ability that stayed, when gifts taken back renumbered them.
    """
    where = state.loc.get(card_id)
    leaving = [i for i, ab in enumerate(state.cards[card_id].abilities) if ab.timing == "on_leave_stage"
               and conditions_hold(state, ab, card_id)] \
        if events is not None and not judge and where and where[1] in SLOTS and zone not in SLOTS else []
    barred = auto_barred(state, card_id) if leaving else {}  # read on the stage (8.7.4.1.2, W39)
    # 8.7.4: "when this card is put from <area> into <area>"; its conditions read the card in the public area when
    # one of the two is hidden (8.7.4.1.1), in the new area between public areas (8.7.4.1.3): read after the move
    # unless the new area is hidden
    into_hidden = zone in HIDDEN and where is not None and where[1] not in HIDDEN
    changing = _area_changes(state, card_id, where and where[1], zone) if events is not None and into_hidden else None
    p0, z0 = relocate(state, card_id, zone, player, top)  # to the owner's area unless told (3.1.6)
    if changing is None:
        changing = _area_changes(state, card_id, where and where[1], zone) if events is not None else []
    if zone in ENTRY_ZONES and not (z0 in SLOTS and zone in SLOTS):
        state.entered[card_id] = state.clock + 0.5  # 8.9.1.5.1: its CONT abilities start now
    elif zone not in ENTRY_ZONES:
        state.entered.pop(card_id, None)
    if not (z0 in SLOTS and zone in SLOTS):
        state.rested.discard(card_id)
        state.reversed.discard(card_id)
        state.face_down.discard(card_id)
        modifiers.forget_card(state, card_id)
        if state.granted and zone in SLOTS:  # back on the stage, a new card: the old one's gifts are not its own
            returned(state, card_id)
    if zone == "stock" or zone in MARKER_ZONES:
        state.face_down.add(card_id)  # 3.10.2, 3.7.2
    if carry and z0 in SLOTS and state.zones[p0][MARKER_OF[z0]]:
        carry_markers(state, card_id, p0, z0, zone, events)
    for i in leaving:  # 8.7.4: an area-change trigger, whatever area the card went to
        add_standby(state, events, card_id, i, {"last": {"slot": z0, "player": p0, "left": True}, **barred}, player=p0)
        cite_last(events, (cite("AREA_CHANGE_TRIGGER"), cite("LAST_KNOWN_STAGE")))
    # an ability an effect gave it on the stage is taken back (W49), once its departure's own are on stand-by
    renumbered = lapse(state, card_id, keep) if state.granted and z0 in SLOTS and zone not in SLOTS else {}
    if events is not None and not judge and z0 not in SLOTS and zone not in SLOTS:
        _area_standby(state, card_id, z0, zone, changing, events)
    return renumbered


def area_changed(state: GameState, card_id: str, left: str, events: list) -> None:
    """8.7.4: the abilities a move made together with other cards triggered (a level up's, a hand limit's), put
    on stand-by once the move is logged; the card is now in a public area, where its conditions are read."""
    zone = state.loc[card_id][1]
    _area_standby(state, card_id, left, zone, _area_changes(state, card_id, left, zone), events)


def _area_standby(state: GameState, card_id: str, left: str, zone: str, changing: list[int], events: list) -> None:
    for i in changing:
        add_standby(state, events, card_id, i, {}, player=state.loc[card_id][0])
        # 8.7.4.1.3 between public areas, 8.7.4.1.1 between a public and a hidden one; between hidden ones only 8.7.4
        which = ("LAST_KNOWN_NEW_AREA",) if left not in HIDDEN and zone not in HIDDEN else () if \
            left in HIDDEN and zone in HIDDEN else ("LAST_KNOWN_PUBLIC",)
        cite_last(events, (cite("AREA_CHANGE_TRIGGER"),) + tuple(cite(k) for k in which))


#: the hidden areas (3.2.2, 3.3.2, 3.10.2, 3.7.2); the others are public (3.1.3)
HIDDEN = frozenset(("deck", "hand", "stock") + MARKER_ZONES)


def _area_changes(state: GameState, card_id: str, left: str | None, zone: str) -> list[int]:
    """The card's on_area_change abilities that a move from ``left`` into ``zone`` triggers (8.7.4)."""
    abilities = state.cards[card_id].abilities
    if not left or left in SLOTS or not any(ab.timing == "on_area_change" for ab in abilities):
        return []
    return [i for i, ab in enumerate(abilities) if ab.timing == "on_area_change" and ab.instead == zone
            and ab.replaces == left and conditions_hold(state, ab, card_id)]


def carry_markers(state: GameState, card_id: str, p0: int, z0: str, zone: str, events: list | None) -> None:
    """3.7.3: the markers of the position a character left follow it (3.7.3.1) or go to the waiting room."""
    markers = list(state.zones[p0][MARKER_OF[z0]])
    p1 = state.loc[card_id][0]
    if zone in SLOTS and p1 == p0:
        there = list(state.zones[p0][MARKER_OF[zone]])
        for m in there:
            relocate(state, m, "waiting_room")
            state.face_down.discard(m)
        for m in markers:
            relocate(state, m, MARKER_OF[zone], p0)
        if events is not None:
            # said with say(): the sandbox shows the sentence in the page's language
            words = {"card": name(state, card_id), "value": zone.replace("_", " "), "count": len(there)}
            emit(events, "markers_move", say("the markers under %(card)s go with it to %(value)s; the %(count)s there "
                                             "go to the waiting room", **words) if there else
                 say("the markers under %(card)s go with it to %(value)s", card=words["card"], value=words["value"]),
                 ("MARKERS_FOLLOW",), p0, card=card_id, cards=markers, away=there, slot=zone)
        return
    for m in markers:
        relocate(state, m, "waiting_room")
        state.face_down.discard(m)
    if events is not None:
        emit(events, "markers_away", say("%(card)s leaves the stage: the %(n)s marker(s) under it go to the waiting room", card=name(state, card_id), n=len(markers)), ("MARKERS_TO_WAITING_ROOM",), p0, assumptions=("W19",), card=card_id,
             cards=markers)


def deck_top(state: GameState, player: int, zone: str, events: list, *, refresh_now: bool = True,
             top: bool = False, announce=None) -> str | None:
    """Move the top card of a deck; an emptied deck refreshes at once (3.2.3.1) unless a cost is being paid.

    ``announce(card_id)`` logs the move itself: it is called before that refresh, so the log keeps the order
    in which the rules make things happen (the card leaves the deck, then the emptied deck refreshes, 9.2.1).
    """
    deck = state.zones[player]["deck"]
    if not deck:
        if refresh_now:
            refresh(state, player, events)
        if not deck:
            return None
    card_id = deck[0]
    move(state, card_id, zone, player, top=top)
    if announce is not None:
        announce(card_id)
        # 8.7.4: "when this card is put from your deck into your clock / stock" (the refresh point, an effect, a
        # trigger icon), on stand-by once the move is logged and before the refresh the emptied deck starts
        area_changed(state, card_id, "deck", events)
    if not deck and refresh_now:
        refresh(state, player, events)
    return card_id


def draw(state: GameState, player: int, events: list, why: tuple[str, ...] = ("DRAW",)) -> None:
    """Draw one card; the refresh the emptied deck needs is logged after the draw that emptied it.

    Once a refresh has lost the game (9.2.2.1), nothing more is drawn (1.2.1: the game ends at once).
    """
    if state.outcome or action_replaced(state, player, "draw"):
        return
    if not state.zones[player]["deck"]:
        refresh(state, player, events)
    card_id = deck_top(state, player, "hand", events, refresh_now=False)
    if card_id is None:
        return
    emit(events, "draw", say("player %(player)s draws a card", player=player), why, player, card=card_id)
    if not state.zones[player]["deck"]:
        refresh(state, player, events)


def action_replaced(state: GameState, player: int, event: str) -> bool:
    """8.10.1: ``player``'s draw or damage, replaced by a replacement effect of their cards: its choice and effects are
    the next task (replacing.py, assumption W40). True then, and the action does not happen (8.10.1.1)."""
    found = [[c, i] for c, i in auto_abilities(state, player, "replace") if state.cards[c].abilities[i].replaces == event] \
        if "replace_" + event in features(state) else []
    if found:
        state.agenda.append({"t": "replaced_action", "event": event, "p": player, "options": found})
        _ASKED[0] += 1
    return bool(found)


def add_modifier(state: GameState, card_id: str, which: str, amount: int, duration: str, source: str) -> Modifier:
    until = {"end_of_turn": state.turn, "end_of_next_turn": state.turn + 1}.get(duration)
    return modifiers.add(state, Modifier(state.tick(), card_id, which, amount, duration, source, until))


def add_standby(state: GameState, events: list, card_id: str, ability: int | str, ctx: dict,
                player: int | None = None, label: str | None = None, assumptions: tuple[str, ...] = ()) -> None:
    """8.7.2: an automatic ability becomes 'in attesa' (stand-by); not one its card's text allows once a turn, played
    already (W42)."""
    if spent(state, card_id, ability):
        return
    # a gift kept by the card that left the stage is not the new card's (3.1.4, W49): only its departure's own
    if isinstance(ability, int) and state.granted and old_gift(state, card_id, ability,
                                                               bool(ctx.get("last", {}).get("left"))):
        return
    card = state.cards[card_id]
    owner = card.owner if player is None else player
    if isinstance(ability, int):  # "cannot use AUTO abilities", read as it triggers: cancelled when played (W39)
        ctx = {**ctx, **auto_barred(state, card_id)}
    sid = put_on_standby(state, owner, card_id, ability, ctx)
    label = label or card.abilities[ability].timing
    emit(events, "standby", say("%(card)s: %(timing)s ability goes on stand-by", card=card.name, timing=label), ("STANDBY",), owner, assumptions=assumptions,
         card=card_id, standby=sid)


def trigger_others(state: GameState, events: list, timing: str, card_id: str) -> None:
    """"When another of your characters is played / attacks": every other character of its player on the stage then,
    each once (8.7.2.1), if the character matches its ``other`` filter, read on the stage (8.9.3.1)."""
    player = state.loc[card_id][0]
    for other in [c for s in SLOTS for c in state.zones[player][s] if c != card_id]:
        for i, ab in enumerate(state.cards[other].abilities):
            if ab.timing == timing and conditions_hold(state, ab, other) and other_matches(state, ab, card_id):
                add_standby(state, events, other, i, {})


def trigger(state: GameState, events: list, timing: str, card_id: str, ctx: dict | None = None) -> None:
    """Put every ``timing`` ability of a card whose conditions hold on stand-by (8.7.2)."""
    for i, ab in enumerate(state.cards[card_id].abilities):
        if ab.timing == timing and conditions_hold(state, ab, card_id):
            add_standby(state, events, card_id, i, ctx or {})
