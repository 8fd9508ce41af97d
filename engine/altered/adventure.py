"""The adventure: expeditions moving along the track (7.3.10, 7.3.11), Progress at Dusk (4.2.4), victory (4.3)
and the tiebreakers in the Arena (1.3.3, 4.3.c-h).

The hero expedition starts on region 0 and moves forward to higher regions,
the companion expedition starts on region 7 and moves forward to lower ones;
a player's expeditions meet when they stand on one region and cross when the
hero expedition has passed the companion one.
"""

from __future__ import annotations

from ..core.text import say
from .cards import STATS
from .primitives import emit, trigger
from .state import COMPANION_REGION, HERO_REGION

FORWARD = {"hero": 1, "companion": -1}
HOME = {"hero": HERO_REGION, "companion": COMPANION_REGION}


def where(state, player: int, expedition: str) -> int:
    return (state.hero_at if expedition == "hero" else state.companion_at)[player]


def _set(state, player: int, expedition: str, region: int) -> None:
    (state.hero_at if expedition == "hero" else state.companion_at)[player] = region


def step_expedition(state, player: int, expedition: str, direction: str, events: list) -> bool:
    """Move one expedition a region (no victory check); whether it moved."""
    here = where(state, player, expedition)
    if state.tiebreak:  # 4.3.g, and the move's own rule: 7.3.11.d forward, 7.3.10.c backward
        emit(events, "no_move", say("player %(player)s's %(expedition)s expedition cannot move in the Arena",
                                    player=player, expedition=expedition),
             ("ARENA_NO_MOVE", "ARENA_FORWARD" if direction == "forward" else "ARENA_BACK"), player)
        return False
    view = state.view() if direction == "forward" else None
    stopper = view.no_progress if view is not None else None
    if stopper:
        # 1.4.1.a (AL18): "the expeditions cannot move forward" stops an effect's forward move too, at any time
        emit(events, "no_move", say("player %(player)s's %(expedition)s expedition cannot move forward: an ongoing "
                                    "effect of %(source)s stops the expeditions", player=player,
                                    expedition=expedition, source=stopper[0].label(state)),
             ("CANNOT_BEATS_CAN", "EMBLEM_ONGOING"), player, ("AL18",), expedition=expedition)
        return False
    if direction == "forward" and state.phase == "dusk" and any(
            state.has(c, "defender") for c in state.present_in(player, f"{expedition}_expedition")):
        # 7.4.1.d: Defender stops every reason to move forward at Dusk, an effect's move as well as Progress
        emit(events, "no_move", say("player %(player)s's %(expedition)s expedition holds a Defender: it cannot move "
                                    "forward at Dusk", player=player, expedition=expedition),
             ("DEFENDER_ANY_REASON", "DEFENDER"), player, expedition=expedition)
        return False
    delta = FORWARD[expedition] * (1 if direction == "forward" else -1)
    target = here + delta
    if direction == "backward" and here == HOME[expedition]:
        emit(events, "no_move", say("player %(player)s's %(expedition)s expedition is on its home region",
                                    player=player, expedition=expedition),
             ("MOVE_BACK_HOME",), player)
        return False
    if direction == "forward" and here == HOME["companion" if expedition == "hero" else "hero"]:
        emit(events, "no_move", say("player %(player)s's %(expedition)s expedition is on the last region",
                                    player=player, expedition=expedition),
             ("MOVE_FORWARD_END",), player)
        return False
    keys = ("MOVE_FORWARD",) if direction == "forward" else ("MOVE_BACK",)
    region = state.track[target]
    if not region["revealed"]:
        state.track[target] = {"types": list(region["types"]), "revealed": True}
        keys += ("REVEAL_TUMULT",)
    _set(state, player, expedition, target)
    types = ", ".join(state.track[target]["types"])
    words = dict(player=player, expedition=expedition, direction=direction, region=target, types=types)
    text = (say("player %(player)s's %(expedition)s expedition moves %(direction)s to region %(region)s (%(types)s)",
                **words) if types else
            say("player %(player)s's %(expedition)s expedition moves %(direction)s to region %(region)s (no type)",
                **words))
    emit(events, "expedition_moves", text, keys, player, expedition=expedition, region=target)
    return True


def met(state, player: int) -> bool:
    return state.hero_at[player] >= state.companion_at[player]


def distance(state, player: int) -> int:
    """1.3.3.b: each expedition's distance from its home region, added."""
    return state.hero_at[player] + (COMPANION_REGION - state.companion_at[player])


def check_victory(state, events: list) -> None:
    """4.3.a-c: one player's expeditions meeting or crossing wins; both at once: the longer way (1.3.3.b), else
    the tiebreakers begin (assumption AL3)."""
    if state.tiebreak or state.outcome:
        return
    meeting = [p for p in (0, 1) if met(state, p)]
    if not meeting:
        return
    if len(meeting) == 1:
        p = meeting[0]
        crossed = state.hero_at[p] > state.companion_at[p]
        win(state, p, "WIN_CROSS" if crossed else "WIN_MEET", events,
            say("player %(player)s's expeditions cross: player %(player)s wins", player=p) if crossed else
            say("player %(player)s's expeditions meet: player %(player)s wins", player=p))
        return
    d = [distance(state, 0), distance(state, 1)]
    if d[0] != d[1]:
        p = 0 if d[0] > d[1] else 1
        win(state, p, "WIN_DISTANCE", events, say("both players' expeditions meet; player %(player)s's went further "
                                                  "(%(count)s regions against %(other)s): player %(player)s wins",
                                                  player=p, count=d[p], other=d[1 - p]), ("AL3",))
        return
    state.tiebreak = True
    emit(events, "tiebreak", say("both players' expeditions meet as far: the tiebreakers begin in the Arena"),
         ("TIEBREAK_START", "WIN_DISTANCE", "ARENA"), None, ("AL3",))


def win(state, player: int, key: str, events: list, text: str, assumptions: tuple = ()) -> None:
    state.outcome = {"winner": player, "draw": False, "losers": [1 - player], "reason": key}
    emit(events, "win", text, (key,), player, assumptions)


def progress(state, events: list) -> None:
    """4.2.4.b-g (4.3.h in the Arena): compare the expeditions' statistics, move the winners together."""
    if state.tiebreak:
        return arena(state, events)
    view = state.view()
    if view is not None:
        passives_in_force(state, view, events)
    movers, failed = [], []
    for p in (0, 1):
        for expedition in ("hero", "companion"):
            key = f"{expedition}_expedition"
            mine, theirs = state.expedition_stats(p, key), state.expedition_stats(1 - p, key)
            region = state.region_types(where(state, p, expedition))
            won = [s for s in STATS if s in region and mine[s] > 0 and mine[s] > theirs[s]]
            tied = [s for s in STATS if s in region and mine[s] == theirs[s]]
            zero = [s for s in STATS if s in region and mine[s] == 0 > theirs[s]]  # 4.2.4.d: 0 against negative
            # a negative statistic greater than the other's is not positive (4.2.4.b), no 0 (4.2.4.d is not it)
            negative = [s for s in STATS if s in region and 0 > mine[s] > theirs[s]]
            defenders = [c for c in state.present_in(p, key) if state.has(c, "defender")]
            label = dict(player=p, expedition=expedition, stats=", ".join(f"{s} {mine[s]}" for s in region))
            if won and view is not None and view.no_progress:  # 2.2.2.m: an ongoing emblem stops them
                emit(events, "no_progress", say("player %(player)s's %(expedition)s expedition (%(stats)s) cannot move "
                                                "forward: an ongoing effect of %(source)s stops the expeditions",
                                                source=view.no_progress[0].label(state), **label),
                     ("EMBLEM_ONGOING", "FAILS_TO_MOVE"), p, expedition=expedition)
                failed.append((p, key))
            elif won and defenders:
                emit(events, "no_progress", say("player %(player)s's %(expedition)s expedition (%(stats)s) holds a "
                                                "Defender and fails to move forward", **label),
                     ("DEFENDER", "DEFENDER_ALWAYS_FAILS", "FAILS_TO_MOVE"), p, expedition=expedition)
                failed.append((p, key))
            elif won:
                keys = ("PROGRESS",) + (("PROGRESS_ONCE",) if len(won) > 1 else ())
                keys += ("GIANT", "GIANT_STATS") if any(state.has(c, "giant") for c in state.present_in(p, key)) else ()
                movers.append((p, expedition, keys, label, won))
            else:
                keys = ("FAILS_TO_MOVE",)
                keys += ("PROGRESS_TIE",) if tied and any(mine[s] > 0 for s in tied) else ()
                keys += ("PROGRESS_ZERO",) if zero else ()
                keys += ("PROGRESS",) if negative else ()
                keys += ("DEFENDER_ALWAYS_FAILS",) if defenders else ()  # 7.4.1.c: whatever its statistics
                text = (say("player %(player)s's %(expedition)s expedition (%(stats)s) fails to move forward", **label)
                        if region else  # a region of no type (a scenario's): its sentence says so in its own template
                        say("player %(player)s's %(expedition)s expedition () fails to move forward", player=p,
                            expedition=expedition))
                emit(events, "no_progress", text, keys, p, expedition=expedition)
                failed.append((p, key))
    _fail_triggers(state, failed, events)
    if len(movers) > 1:
        emit(events, "progress_together", say("%(count)s expeditions move forward together", count=len(movers)),
             ("PROGRESS_SIMULTANEOUS",), None)
    for p, expedition, keys, label, won in movers:
        emit(events, "progress", say("player %(player)s's %(expedition)s expedition (%(stats)s) wins on %(won)s and "
                                     "moves forward", **label, won=", ".join(won)), keys, p, expedition=expedition)
        step_expedition(state, p, expedition, "forward", events)
    _because_triggers(state, movers, events)
    check_victory(state, events)


def _because_triggers(state, movers: list, events: list) -> None:
    """4.2.4.h (its three conditions are missing, AL27): an expedition that moved forward at Progress did so "because
    of" each statistic it won on in its region's types; the characters present in it react to each, a Giant once for
    a statistic however many of its expeditions moved because of it (as AL19)."""
    for stat in STATS:
        seen = []
        for p, expedition, _, _, won in movers:
            if stat not in won:
                continue
            for card_id in state.present_in(p, f"{expedition}_expedition"):
                if card_id not in seen:
                    seen.append(card_id)
                    trigger(state, card_id, f"on_forward_{stat}", events, keys=("PROGRESS",), assumptions=("AL27",))


def _fail_triggers(state, failed: list, events: list) -> None:
    """7.5.3.a: "when my expedition fails to move forward": the characters present in each expedition that failed
    (a Giant in both, 7.4.3.f) react, a Giant once however many of its expeditions failed (one Progress, AL19)."""
    seen = []
    for p, key in failed:
        for card_id in state.present_in(p, key):
            if card_id not in seen:
                seen.append(card_id)
                both = sum(card_id in state.present_in(q, k) for q, k in failed) > 1
                trigger(state, card_id, "on_fail_forward", events, keys=("FAILS_TO_MOVE",),
                        assumptions=("AL19",) if both else ())


def passives_in_force(state, view, events: list) -> None:
    """Say which passive abilities apply, in the order they apply (2.3.1.l, 2.3.1.m), and why one came before an
    earlier timestamp (2.3.2.d-g, assumption AL15)."""
    names = ", ".join(src.label(state) for src, _ in view.order)
    kinds = {src.part.kind for src, _ in view.order}
    keys = ("PASSIVE_CONTINUOUS", "PASSIVE_ORDER") + tuple(dict.fromkeys(why for _, why in view.order if why))
    keys += (("PASSIVE_CHARACTERISTICS",) if kinds & {"stat", "keyword", "subtype", "lose_abilities"} else ())
    keys += ("REGION_TYPES",) if "region_types" in kinds else ()
    emit(events, "passives", say("passive abilities in force, in the order they apply: %(names)s", names=names), keys,
         None, (("AL15",) if any(why for _, why in view.order) else ()) + (("AL17",) if "region_types" in kinds else ()),
         order=[src.card for src, _ in view.order])


def arena_stats(state, player: int) -> dict[str, int]:
    """4.3.h.1: one set of statistics over both expeditions; a giant counts twice (7.4.3.i)."""
    total = {s: 0 for s in STATS}
    for expedition in ("hero_expedition", "companion_expedition"):
        for s, v in state.expedition_stats(player, expedition).items():
            total[s] += v
    return total


def arena(state, events: list) -> None:
    """4.3.h: the player winning more statistics than the other wins; otherwise the game goes on (1.3.3.f)."""
    a, b = arena_stats(state, 0), arena_stats(state, 1)
    wins = [sum(1 for s in STATS if a[s] > b[s]), sum(1 for s in STATS if b[s] > a[s])]
    giants = any(state.has(c, "giant") for p in (0, 1) for c in state.in_expeditions(p))
    keys = ("TIEBREAK_PROGRESS", "TIEBREAK_REGION_TYPES") + (("GIANT_TIEBREAK",) if giants else ())
    text = say("the Arena: player %(player)s %(stats)s; player %(other)s %(other_stats)s", player=0,
               stats=", ".join(f"{s} {a[s]}" for s in STATS), other=1,
               other_stats=", ".join(f"{s} {b[s]}" for s in STATS))
    emit(events, "arena", text, keys, None, wins=wins)
    if wins[0] != wins[1]:
        p = 0 if wins[0] > wins[1] else 1
        win(state, p, "TIEBREAK_PROGRESS", events, say("player %(player)s wins more statistics in the Arena and wins",
                                                       player=p))
    else:
        emit(events, "tiebreak_continues", say("no player wins more statistics: the tiebreakers go on"),
             ("TIEBREAK_REGION_TYPES",), None)
