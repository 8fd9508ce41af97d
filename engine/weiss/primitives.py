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
from ..core.decisions import Decision
from ..core.events import emitter
from ..core.rng import shuffled
from ..core.standby import put_on_standby
from .actions import SLOTS, Action
from .characteristics import conditions_hold
from .citations import cite, cites
from .state import MARKER_OF, MARKER_ZONES, GameState, Modifier



class WeissAgenda(Agenda):
    """The core runner plus the interrupt rule actions (refresh 9.2, level up 9.3) after every task.

    9.1.2.1: an interrupt rule action suspends whatever is happening and
    resolves at once; a task is the engine's smallest indivisible action, and
    costs are paid inside one task, so 9.2.3 / 9.3.3 hold.
    """

    def run_top(self, state, answer, events: list) -> None:
        super().run_top(state, answer, events)
        if state.outcome is None and state.pending is None:
            interrupts(state, events)


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
             f"player {player} has no cards in the deck or the waiting room")
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
         events: list | None = None, carry: bool = True) -> None:
    """Move a card; a card changing area is a new card (3.1.4, 8.9.2), except between stage positions.

    The markers under a character go with it to another stage position, and those already there go to
    the waiting room (3.7.3.1); they go to the waiting room when it leaves the stage (3.7.3.2). An
    exchange of two positions moves both characters' markers itself (``carry=False``).
    """
    p0, z0 = relocate(state, card_id, zone, player, top)  # to the owner's area unless told (3.1.6)
    if not (z0 in SLOTS and zone in SLOTS):
        state.rested.discard(card_id)
        state.reversed.discard(card_id)
        state.face_down.discard(card_id)
        modifiers.forget_card(state, card_id)
    if zone == "stock" or zone in MARKER_ZONES:
        state.face_down.add(card_id)  # 3.10.2, 3.7.2
    if carry and z0 in SLOTS and state.zones[p0][MARKER_OF[z0]]:
        carry_markers(state, card_id, p0, z0, zone, events)


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
            emit(events, "markers_move", f"the markers under {name(state, card_id)} go with it to "
                 f"{zone.replace('_', ' ')}" + (f"; the {len(there)} there go to the waiting room" if there else ""),
                 ("MARKERS_FOLLOW",), p0, card=card_id, cards=markers, away=there, slot=zone)
        return
    for m in markers:
        relocate(state, m, "waiting_room")
        state.face_down.discard(m)
    if events is not None:
        emit(events, "markers_away", say("%(card)s leaves the stage: the %(n)s marker(s) under it go to the waiting room", card=name(state, card_id), n=len(markers)), ("MARKERS_TO_WAITING_ROOM",), p0, assumptions=("W19",), card=card_id,
             cards=markers)


def deck_top(state: GameState, player: int, zone: str, events: list, *, refresh_now: bool = True,
             top: bool = False) -> str | None:
    """Move the top card of a deck; an emptied deck refreshes at once (3.2.3.1) unless a cost is being paid."""
    deck = state.zones[player]["deck"]
    if not deck:
        if refresh_now:
            refresh(state, player, events)
        if not deck:
            return None
    card_id = deck[0]
    move(state, card_id, zone, player, top=top)
    if not deck and refresh_now:
        refresh(state, player, events)
    return card_id


def draw(state: GameState, player: int, events: list, why: tuple[str, ...] = ("DRAW",)) -> None:
    """Draw one card; the refresh the emptied deck needs is logged after the draw that emptied it.

    Once a refresh has lost the game (9.2.2.1), nothing more is drawn (1.2.1: the game ends at once).
    """
    if state.outcome:
        return
    if not state.zones[player]["deck"]:
        refresh(state, player, events)
    card_id = deck_top(state, player, "hand", events, refresh_now=False)
    if card_id is None:
        return
    emit(events, "draw", say("player %(player)s draws a card", player=player), why, player, card=card_id)
    if not state.zones[player]["deck"]:
        refresh(state, player, events)


def add_modifier(state: GameState, card_id: str, which: str, amount: int, duration: str, source: str) -> Modifier:
    until = {"end_of_turn": state.turn, "end_of_next_turn": state.turn + 1}.get(duration)
    return modifiers.add(state, Modifier(state.tick(), card_id, which, amount, duration, source, until))


def add_standby(state: GameState, events: list, card_id: str, ability: int | str, ctx: dict,
                player: int | None = None, label: str | None = None) -> None:
    """8.7.2: an automatic ability becomes 'in attesa' (stand-by)."""
    card = state.cards[card_id]
    owner = card.owner if player is None else player
    sid = put_on_standby(state, owner, card_id, ability, ctx)
    label = label or card.abilities[ability].timing
    emit(events, "standby", say("%(card)s: %(timing)s ability goes on stand-by", card=card.name, timing=label), ("STANDBY",), owner, card=card_id,
         standby=sid)


def trigger(state: GameState, events: list, timing: str, card_id: str, ctx: dict | None = None) -> None:
    """Put every ``timing`` ability of a card whose conditions hold on stand-by (8.7.2)."""
    for i, ab in enumerate(state.cards[card_id].abilities):
        if ab.timing == timing and conditions_hold(state, ab, card_id):
            add_standby(state, events, card_id, i, ctx or {})


def to_waiting_room(state: GameState, card_id: str, events: list) -> None:
    """Put a card into its owner's waiting room; a character leaving the stage gets its encore abilities
    on stand-by (10.2.3: every character has Encore [3]; 10.2.2 for printed encores)."""
    player, slot = state.loc[card_id]
    if slot in SLOTS and replaced(state, card_id, events):
        return
    move(state, card_id, "waiting_room", events=events)
    if slot in SLOTS:
        add_standby(state, events, card_id, "encore", {"slot": slot, "player": player}, label="rule encore [3]")
        for i, ab in enumerate(state.cards[card_id].abilities):
            if ab.timing == "encore":
                add_standby(state, events, card_id, i, {"slot": slot, "player": player})


def replaced(state: GameState, card_id: str, events: list) -> bool:
    """8.10.1: a replacement effect of a character about to go from the stage to the waiting room puts it in
    its area instead; the waiting room, and what going there would start (its encore, 10.2), never happen
    (8.10.1.1). True when one applied."""
    for ab in state.cards[card_id].abilities:
        if ab.timing == "replace" and ab.replaces == "leave_stage" and conditions_hold(state, ab, card_id):
            area = ab.instead
            zone = "deck" if area == "deck_bottom" else area
            move(state, card_id, zone, top=area == "stock", events=events)
            emit(events, "replaced", say("%(card)s would go from the stage to the waiting room: instead it goes to the %(value)s (replacement effect)", card=name(state, card_id), value=area.replace('_', ' ')),
                 ("REPLACEMENT_APPLIES", "REPLACED_NEVER_HAPPENS", "REPLACEMENT_EFFECT"), state.loc[card_id][0],
                 assumptions=("W18",), card=card_id, instead=zone, replaced="waiting_room")
            return True
    return False


def choose_one(task: dict, answer: Action | None, cands: list[str], prompt: str, key: str, *,
               optional: bool = False, auto: bool = True) -> tuple[str | None, Decision | None]:
    """Shared 'choose one' logic: auto-pick a single mandatory candidate, ask otherwise (8.6.3.1)."""
    if answer is not None:
        return (None if answer.kind == "pass" else answer.card), None
    if not cands:
        return None, None
    if len(cands) == 1 and not optional and auto:
        return cands[0], None
    opts = tuple(Action("choose", (("card", c),)) for c in cands) + ((Action.make("pass"),) if optional else ())
    return None, Decision("choose", task["p"], prompt, opts, cite(key))
