"""The rules: legal actions, applying answers, check timing, the battle.

The remaining procedure of the game is kept *in the state* as an agenda: a
stack of small JSON tasks (``{"t": "draw_phase"}``, ``{"t": "drive_check",
"i": 0}``...).  Running a task may change the state, emit events, push more
tasks, or stop with a :class:`~engine.decisions.Decision`; in that case the
task stays on top of the agenda and runs again with the player's answer.
Because the agenda is plain data, any moment of a game - including one in the
middle of a damage check - serialises to JSON and resumes identically.

Handlers must not change the state before they know whether they need an
answer, except idempotently (setting the phase name), because a judge action
can make a waiting task ask again.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable

from .abilities import Ability, Part
from .actions import CIRCLES, REAR_GUARD_CIRCLES, Action
from .cards import same_clan
from .citations import cite, cites
from .decisions import Decision
from .errors import EngineError, GameOverError, IllegalActionError
from .events import Event
from .rng import next_u64, shuffled
from .state import BEHIND, COLUMNS, FRONT_ROW, GameState, Modifier

Handler = Callable[[GameState, dict, "Action | None", list], "Decision | None"]
HANDLERS: dict[str, Handler] = {}
TRIGGER_BONUS = 5000
MAX_TASKS_PER_ADVANCE = 200_000


def task(name: str):
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


def push(st: GameState, *tasks: dict) -> None:
    """Schedule tasks so that the first one given runs first."""
    for t in reversed(tasks):
        st.agenda.append(t)


CT = {"t": "check_timing"}


def emit(ev: list, kind: str, text: str, keys: tuple[str, ...] = (), player: int | None = None,
         assumptions: tuple[str, ...] = (), **data) -> None:
    ev.append(Event(kind, text, cites(*keys), assumptions, player, data))


def name(st: GameState, cid: str | None) -> str:
    return st.cards[cid].name if cid else "nothing"


# ---------------------------------------------------------------- moving cards
def move(st: GameState, cid: str, zone: str, player: int | None = None, *, top: bool = False,
         rested: bool | None = None, force: bool = False) -> None:
    """Move a card, applying 4.1.4 (a new card in a new zone) and the circle orientation rules."""
    p0, z0 = st.loc[cid]
    if player is None:
        player = st.cards[cid].owner  # 4.1.6
    if st.cards[cid].type == "g_unit" and z0 in CIRCLES and zone not in CIRCLES and zone != "gzone" and not force:
        zone, player = "gzone", st.cards[cid].owner  # 10.28.4: a G unit goes back to the G zone instead
    st.hearts.discard(cid)
    if st.legion and zone != z0:
        partner = st.legion_partner(cid)
        if partner is not None:  # 10.27.2: if either changes zone, they are no longer in legion state
            st.legion.pop(cid, None)
            st.legion.pop(partner, None)
    st.zones[p0][z0].remove(cid)
    if not (z0 in CIRCLES and zone in CIRCLES):
        st.deleted.discard(cid)
    dest = st.zones[player][zone]
    if top:
        dest.insert(0, cid)
    else:
        dest.append(cid)
    st.loc[cid] = (player, zone)
    circle_to_circle = z0 in CIRCLES and zone in CIRCLES
    if not circle_to_circle:
        # 4.1.4 / 8.7.3: a card changing zone is a new card; effects on it end.
        st.face_down.discard(cid)
        st.locked.discard(cid)
        st.rested.discard(cid)
        st.placed_at.pop(cid, None)
        if st.modifiers:
            st.modifiers = [m for m in st.modifiers if m.card != cid]
    if zone in CIRCLES:
        if not circle_to_circle:
            st.placed_at[cid] = st.tick()
        if zone == "guardian":
            st.rested.add(cid)  # 4.6.5.1
        elif zone == "vanguard" or z0 not in REAR_GUARD_CIRCLES:
            st.rested.discard(cid)  # 8.5.1.2 / 4.6.6.1
        if rested is not None:
            (st.rested.add if rested else st.rested.discard)(cid)
    else:
        st.rested.discard(cid)


def draw(st: GameState, p: int, ev: list, why: tuple[str, ...] = ("DRAW",)) -> None:
    deck = st.zones[p]["deck"]
    if not deck:
        emit(ev, "draw_impossible", f"player {p} cannot draw: the deck is empty", ("IMPOSSIBLE_ACTION",), p)
        return
    cid = deck[0]
    move(st, cid, "hand", p)
    emit(ev, "draw", f"player {p} draws a card", why, p, card=cid)


def shuffle_deck(st: GameState, p: int) -> None:
    st.zones[p]["deck"], st.rng = shuffled(st.zones[p]["deck"], st.rng)


# ---------------------------------------------------------------- characteristics
def condition_holds(st: GameState, cond: Part, src: str, ctx: dict | None = None) -> bool:
    owner = st.cards[src].owner
    kind = cond.kind
    if kind == "limit_break":
        return len(st.zones[owner]["damage"]) >= cond.get("count")
    if kind == "generation_break":
        return generation_count(st, owner) >= cond.get("count")
    if kind == "circle":
        where = st.loc[src][1]
        want = cond.get("circle")
        if want == "vanguard":
            return where == "vanguard"
        if want == "guardian":
            return where == "guardian"
        return where in REAR_GUARD_CIRCLES
    if kind == "count":
        q = owner if cond.get("player") == "self" else 1 - owner
        zone = cond.get("zone")
        n = len(st.rear_guards(q)) if zone == "rear_guards" else len(st.zones[q][zone])
        lo, hi = cond.get("min"), cond.get("max")
        return (lo is None or n >= lo) and (hi is None or n <= hi)
    if kind == "attacking":
        b = st.battle
        if not b or b["attacker"] != src or not b["target"]:
            return False
        return (b["target_circle"] == "vanguard") == (cond.get("target") == "vanguard")
    return False


def generation_count(st: GameState, p: int) -> int:
    """Face-up G units on the vanguard circle and in the G zone (11.14.1)."""
    on_vc = sum(1 for c in st.units(p, ("vanguard",)) if st.cards[c].type == "g_unit")
    return on_vc + sum(1 for c in st.zones[p]["gzone"] if c not in st.face_down)


def conditions_hold(st: GameState, ab: Ability, src: str, ctx: dict | None = None) -> bool:
    return all(condition_holds(st, c, src, ctx) for c in ab.conditions)


def _modifier_active(st: GameState, m: Modifier) -> bool:
    if m.duration != "while":
        return True
    cond = dict(m.condition)
    return condition_holds(st, Part(cond["kind"], tuple(sorted((k, v) for k, v in cond.items() if k != "kind"))), m.card)


def _cont_bonus(st: GameState, cid: str, stat: str) -> int:
    p, where = st.loc[cid]
    if where not in CIRCLES:
        return 0
    total = 0
    for src in st.units(p):
        card = st.cards[src]
        if not card.abilities or src in st.locked or src in st.deleted:
            continue
        for ab in card.abilities:
            if ab.timing != "cont" or not conditions_hold(st, ab, src):
                continue
            for eff in ab.effects:
                if eff.kind != stat:
                    continue
                target = eff.get("target")
                if (target == "self" and src == cid) or (target == "own_vanguard" and where == "vanguard") or (
                        target == "all_own_rear_guards" and where in REAR_GUARD_CIRCLES):
                    total += eff.get("amount", 0)
    return total


def stat(st: GameState, cid: str, which: str) -> int:
    """A characteristic after modifiers and CONT effects (8.7.1): power, critical, shield."""
    card = st.cards[cid]
    base = {"power": card.power, "critical": card.critical, "shield": card.shield, "drive": 0}[which]
    if which == "power" and cid in st.deleted:
        base = 0  # 10.26.3: a deleted unit's original power is 0 (decreases still apply, 10.26.8)
    if cid in st.locked:
        return 0  # 10.24.3: a locked card has no characteristics
    total = base
    if which == "power" and card.type == "g_unit" and st.hearts:
        p, where = st.loc[cid]
        if where == "vanguard":
            heart = next((h for h in st.zones[p]["vanguard"] if h in st.hearts and st.cards[h].type != "g_unit"), None)
            if heart:
                total += st.cards[heart].power
    for m in st.modifiers:
        if m.card == cid and m.stat == which and _modifier_active(st, m):
            total += m.amount
    return total + _cont_bonus(st, cid, which)


def cannot_be_hit(st: GameState, cid: str) -> bool:
    if any(m.card == cid and m.stat == "no_hit" and _modifier_active(st, m) for m in st.modifiers):
        return True
    return _cont_bonus(st, cid, "cannot_be_hit") != 0 or _cont_flag(st, cid)


def _cont_flag(st: GameState, cid: str) -> bool:
    p, where = st.loc[cid]
    if where not in CIRCLES:
        return False
    for src in st.units(p):
        for ab in st.cards[src].abilities:
            if ab.timing == "cont" and conditions_hold(st, ab, src):
                for eff in ab.effects:
                    if eff.kind == "cannot_be_hit" and eff.get("target") == "self" and src == cid:
                        return True
    return False


def drive_of(st: GameState, cid: str) -> int:
    """Number of drive checks: base 1 for a vanguard (2.16.2) + the largest drive ability (11.3.2)."""
    card = st.cards[cid]
    extra = stat(st, cid, "drive")
    if st.loc[cid][1] != "vanguard":
        return max(extra, 0)
    kw = 2 if card.has("triple_drive") else 1 if card.has("twin_drive") else 0
    return 1 + kw + extra


def boost_valid(st: GameState) -> bool:
    b = st.battle
    return bool(b and b["booster"] and st.loc.get(b["booster"]) == (st.turn_player, b["booster_circle"])
                and st.loc.get(b["attacker"]) == (st.turn_player, b["attacker_circle"]))


def power(st: GameState, cid: str) -> int:
    """Current power, including boost (11.1) and guardians' shields (3.11.3) during a battle."""
    pw = stat(st, cid, "power")
    b = st.battle
    if b:
        if cid == b["attacker"] and boost_valid(st):
            pw += stat(st, b["booster"], "power")
        if cid == b["attacker"] and st.legion:
            mate = legion_mate_on_circle(st, cid)
            if mate:  # 10.27.6 / 7.6.1.2: a legion attacks with the combined power
                pw += stat(st, mate, "power")
        if cid == b["target"]:
            for g, guarded in b["guardians"].items():
                if guarded == cid and st.loc.get(g, (None, None))[1] == "guardian":
                    pw += stat(st, g, "shield")
    return pw


def legion_mate_on_circle(st: GameState, leader: str) -> str | None:
    """The Legion Mate of ``leader`` when both are units on the same vanguard circle (not hearts)."""
    mate = st.legion_mate(leader)
    if mate is None or st.loc.get(mate) != st.loc.get(leader) or mate in st.hearts or leader in st.hearts:
        return None
    return mate


def set_rested(st: GameState, cid: str, rested: bool) -> None:
    """Rest or stand a unit; a Legion Leader and its Mate change together (10.27.10)."""
    for c in (cid, st.legion_partner(cid)):
        if c is not None:
            (st.rested.add if rested else st.rested.discard)(c)


def grade_of_vanguard(st: GameState, p: int) -> int:
    vg = st.vanguard(p)
    return st.cards[vg].grade if vg else 0


# ---------------------------------------------------------------- automatic abilities
def trigger(st: GameState, ev: list, timing: str, cid: str, ctx: dict | None = None) -> None:
    """Put every ``timing`` ability of ``cid`` whose conditions hold on stand-by (8.6.2, 11.7.3.2.1)."""
    card = st.cards[cid]
    if not card.abilities or cid in st.locked or cid in st.deleted:
        return
    for i, ab in enumerate(card.abilities):
        if ab.timing != timing:
            continue
        if ab.once_per_turn and f"{cid}:{i}" in st.used_this_turn:
            continue
        if not conditions_hold(st, ab, cid, ctx):
            continue
        add_standby(st, ev, cid, i, ctx or {})


def add_standby(st: GameState, ev: list, cid: str, ability: int, ctx: dict, judge: bool = False) -> None:
    card = st.cards[cid]
    sid = st.tick()
    st.standby.append({"id": sid, "player": card.owner, "card": cid, "ability": ability, "ctx": dict(ctx)})
    label = "forerunner" if ability < 0 else card.abilities[ability].timing
    emit(ev, "standby", f"{card.name}: {label} ability goes on stand-by", ("AUTO_STANDBY",), card.owner,
         card=cid, standby=sid)


# ---------------------------------------------------------------- setup and turn
@task("setup")
def _setup(st, t, ans, ev):
    """Section 5.4, split into one task per event so that step() shows them one at a time."""
    push(st, {"t": "setup_vanguard", "p": 0, "card": t["vanguards"][0]},
         {"t": "setup_vanguard", "p": 1, "card": t["vanguards"][1]},
         {"t": "setup_shuffle"}, {"t": "setup_first_player", "first_player": t.get("first_player")},
         *({"t": "setup_draw", "p": p} for p in (0, 1) for _ in range(5)),
         {"t": "setup_mulligans"}, {"t": "stand_up"}, {"t": "turn_start"})


@task("setup_vanguard")
def _setup_vanguard(st, t, ans, ev):
    p, vg = t["p"], t["card"]
    move(st, vg, "vanguard", p)
    st.face_down.add(vg)
    emit(ev, "first_vanguard", f"player {p} puts a grade 0 first vanguard face down", ("SETUP_FIRST_VANGUARD",), p)


@task("setup_shuffle")
def _setup_shuffle(st, t, ans, ev):
    for p in (0, 1):
        shuffle_deck(st, p)
    emit(ev, "shuffle", "both decks are shuffled with the stored seed", ("SETUP_SHUFFLE", "SHUFFLE"))


@task("setup_first_player")
def _setup_first_player(st, t, ans, ev):
    first = t.get("first_player")
    if first is None:
        st.rng, r = next_u64(st.rng)
        first = r % 2
    st.first_player = st.turn_player = first
    emit(ev, "first_player", f"player {first} goes first", ("SETUP_FIRST_PLAYER",), first)


@task("setup_draw")
def _setup_draw(st, t, ans, ev):
    draw(st, t["p"], ev, ("SETUP_HAND",))


@task("setup_mulligans")
def _setup_mulligans(st, t, ans, ev):
    first = st.first_player
    push(st, {"t": "mulligan", "p": first}, {"t": "mulligan", "p": 1 - first})


@task("mulligan")
def _mulligan(st, t, ans, ev):
    p = t["p"]
    hand = st.zones[p]["hand"]
    if ans is None:
        opts = [Action.make("mulligan", cards=list(c)) for n in range(len(hand) + 1) for c in combinations(hand, n)]
        return Decision("mulligan", p, "choose any cards to return to the bottom of the deck", tuple(opts), cite("SETUP_HAND"))
    chosen = list(ans.get("cards"))
    for cid in chosen:
        move(st, cid, "deck", p)
    for _ in chosen:
        draw(st, p, ev, ("SETUP_HAND",))
    if chosen:
        shuffle_deck(st, p)
    emit(ev, "mulligan", f"player {p} redraws {len(chosen)} card(s)", ("SETUP_HAND",), p, count=len(chosen))


@task("stand_up")
def _stand_up(st, t, ans, ev):
    for p in (0, 1):
        vg = st.vanguard(p)
        if vg:
            st.face_down.discard(vg)
    emit(ev, "stand_up", "Stand up, Vanguard!: both vanguards are turned face up", ("STAND_UP",))


@task("turn_start")
def _turn_start(st, t, ans, ev):
    st.rode_this_turn = False
    st.strode_this_turn = False
    st.turn_start_grade = grade_of_vanguard(st, st.turn_player)
    st.used_this_turn = []
    st.battles_this_turn = 0
    st.phase, st.step = "stand", None
    emit(ev, "turn_start", f"turn {st.turn} begins; player {st.turn_player} is the turn player", ("PHASE_ORDER",),
         st.turn_player, turn=st.turn)
    push(st, {"t": "stand_phase"}, {"t": "draw_phase"}, {"t": "ride_phase"}, {"t": "main_phase"},
         {"t": "battle_phase"}, {"t": "end_phase"})


@task("stand_phase")
def _stand_phase(st, t, ans, ev):
    st.phase, st.step = "stand", None
    tp = st.turn_player
    for cid in st.units(tp):
        if cid not in st.locked:
            st.rested.discard(cid)
    emit(ev, "stand_phase", f"player {tp} stands all units", ("STAND_PHASE", "STAND_REST"), tp)
    push(st, CT)


@task("draw_phase")
def _draw_phase(st, t, ans, ev):
    st.phase, st.step = "draw", None
    draw(st, st.turn_player, ev, ("DRAW_PHASE", "DRAW"))
    push(st, CT, {"t": "g_assist"}, CT)


def face_down_g_zone(st: GameState, p: int) -> list[str]:
    return [c for c in st.zones[p]["gzone"] if c in st.face_down]


@task("g_assist")
def _g_assist(st, t, ans, ev):
    """G assist step (6.4.1.2.3), Italian procedure: assumption A23."""
    tp = st.turn_player
    g = grade_of_vanguard(st, tp)
    if ans is None:
        if g >= 3 or len(face_down_g_zone(st, tp)) < 2 or any(st.cards[c].grade == g + 1 for c in st.zones[tp]["hand"]):
            return None
        return Decision("g_assist", tp, f"G assist: search the deck for a grade {g + 1} card?",
                        (Action.make("accept"), Action.make("pass")), cite("G_ASSIST"))
    if ans.kind == "pass":
        emit(ev, "g_assist", f"player {tp} does not use G assist", ("G_ASSIST",), tp)
        return None
    emit(ev, "g_assist", f"player {tp} reveals the hand: no grade {g + 1} card", ("G_ASSIST_CONDITIONS",
         "G_ASSIST_REVEAL_HAND"), tp, cards=list(st.zones[tp]["hand"]))
    deck = st.zones[tp]["deck"]
    revealed, found = [], None
    for cid in deck[:7]:
        revealed.append(cid)
        if st.cards[cid].grade == g + 1:
            found = cid
            break
    if found:
        move(st, found, "hand", tp)
    shuffle_deck(st, tp)
    emit(ev, "g_assist", (f"G assist reveals {len(revealed)} card(s) and puts {name(st, found)} into the hand"
                          if found else f"G assist reveals {len(revealed)} card(s): no grade {g + 1} card") +
         "; the deck is shuffled", ("G_ASSIST_SEARCH", "SHUFFLE"), tp, assumptions=("A23",), revealed=revealed,
         card=found)
    if found:
        push(st, {"t": "g_assist_remove", "p": tp, "zone": "hand"}, {"t": "g_assist_remove", "p": tp, "zone": "gzone"})
    return None


@task("g_assist_remove")
def _g_assist_remove(st, t, ans, ev):
    p, zone = t["p"], t["zone"]
    pool = list(st.zones[p]["hand"]) if zone == "hand" else face_down_g_zone(st, p)
    chosen, dec = _choose_n(st, t, ans, pool, 2, f"G assist: choose 2 cards from your {zone} to remove from the game",
                            "G_ASSIST_SEARCH")
    if dec:
        return dec
    for cid in chosen:
        move(st, cid, "removal", p)
    keys = ("G_ASSIST_SEARCH",) + (("G_ASSIST_FEWER_THAN_TWO",) if len(pool) < 2 else ())
    emit(ev, "removed", f"{len(chosen)} card(s) from the {zone} are removed from the game", keys, p, cards=chosen)
    return None


def phase_start(st: GameState, ev: list, timing: str, key: str) -> None:
    """'At the beginning of your <phase>' abilities of the turn player's units go on stand-by (assumption A27)."""
    for cid in st.units(st.turn_player, ("vanguard",) + REAR_GUARD_CIRCLES):
        card = st.cards[cid]
        if any(ab.timing == timing for ab in card.abilities):
            before = len(st.standby)
            trigger(st, ev, timing, cid)
            if len(st.standby) > before:
                ev[-1] = Event(ev[-1].kind, ev[-1].text, ev[-1].citations + cites(key), ("A27",), ev[-1].player,
                               ev[-1].data)


@task("ride_phase")
def _ride_phase(st, t, ans, ev):
    st.phase, st.step = "ride", None
    phase_start(st, ev, "begin_ride_phase", "BEGIN_RIDE_PHASE")
    push(st, CT, {"t": "ride_decision"}, CT, {"t": "stride_decision"}, CT)


def ride_options(st: GameState, p: int) -> list[Action]:
    g = grade_of_vanguard(st, p)
    return [Action("ride", (("card", c),)) for c in st.zones[p]["hand"] if st.cards[c].grade in (g, g + 1)]


@task("ride_decision")
def _ride_decision(st, t, ans, ev):
    tp = st.turn_player
    if ans is None:
        if st.rode_this_turn:
            return None
        opts = ride_options(st, tp)
        if not opts:
            emit(ev, "no_ride", f"player {tp} has no card that can be normal-ridden", ("RIDE_GRADE",), tp)
            return None
        return Decision("ride", tp, "ride a card (same grade or one higher) or pass", tuple(opts) + (Action.make("pass"),),
                        cite("RIDE_ONCE_PER_TURN"))
    if ans.kind == "pass":
        emit(ev, "ride_pass", f"player {tp} does not ride", ("RIDE_ONCE_PER_TURN",), tp)
        return None
    do_ride(st, ev, ans.card, tp, normal=True)
    return None


def do_ride(st: GameState, ev: list, cid: str, p: int, normal: bool) -> None:
    old = st.vanguard(p)
    hearts = [h for h in st.zones[p]["vanguard"] if h in st.hearts]
    mate = legion_mate_on_circle(st, old) if old else None
    move(st, cid, "vanguard", p)
    if mate:
        move(st, mate, "soul", p)
        emit(ev, "legion_to_soul", f"{name(st, old)} and its Legion Mate {name(st, mate)} are put into the soul",
             ("LEGION_RIDE_OVER",), p, card=mate)
    if old:
        move(st, old, "soul", p)  # a G unit goes to the G zone instead (10.6.1.3, 10.28.4)
        if st.cards[old].type == "g_unit":
            emit(ev, "g_unit_returns", f"{name(st, old)} returns to the G zone face up", ("RIDE_OVER_G_UNIT",
                 "G_UNIT_TO_G_ZONE"), p, card=old)
    for h in hearts:
        move(st, h, "soul", p)
        emit(ev, "heart_to_soul", f"the heart {name(st, h)} is put into the soul", ("RIDE_OVER_HEART",), p, card=h)
    if normal:
        st.rode_this_turn = True
    keys = ("RIDE_GRADE", "RIDE_RESOLVES", "RIDE_STANDING", "RIDE") if normal else ("RIDE_RESOLVES", "RIDE")
    emit(ev, "ride", f"player {p} rides {name(st, cid)}" + (f" over {name(st, old)}" if old else ""), keys, p,
         card=cid, previous=old)
    trigger(st, ev, "on_ride", cid)
    trigger(st, ev, "on_place", cid)
    if old and st.cards[old].has("forerunner") and same_clan(st.cards[old], st.cards[cid]):
        add_standby(st, ev, old, -1, {})


def stride_blocker(st: GameState, p: int) -> tuple[str, str] | None:
    """Why a normal stride is impossible now, or None (8.5.2.1.1.3, 6.5.1.2.2, 11.12.3.1)."""
    if st.strode_this_turn:
        return "a normal stride can be performed only once per turn", "STRIDE_STEP"
    mine, theirs = grade_of_vanguard(st, p), grade_of_vanguard(st, 1 - p)
    if not (mine >= 3 and (theirs >= 3 or st.turn_start_grade >= 3)):
        return (f"a stride needs both vanguards at grade 3 or more, or your grade 3 vanguard since the start of the "
                f"turn (yours {mine}, opponent's {theirs})"), "STRIDE_GRADE"
    if sum(st.cards[c].grade for c in st.zones[p]["hand"]) < 3:
        return "the stride cost (discard cards whose grades total 3 or more) cannot be paid", "STRIDE_DEFAULT_COST"
    return None


def stride_costs(st: GameState, p: int) -> list[Action]:
    """Every set of hand cards whose grades total 3 or more (11.12.3.1; Playbook Q10)."""
    hand = st.zones[p]["hand"]
    out = []
    for n in range(1, len(hand) + 1):
        for combo in combinations(hand, n):
            if sum(st.cards[c].grade for c in combo) >= 3:
                out.append(Action.make("choose_cards", cards=list(combo)))
    return out


@task("stride_decision")
def _stride_decision(st, t, ans, ev):
    tp = st.turn_player
    if ans is None:
        units = [c for c in st.zones[tp]["gzone"] if c in st.face_down and st.cards[c].type == "g_unit"
                 and st.cards[c].g_guardian is None]
        if not units or stride_blocker(st, tp):
            return None
        return Decision("stride", tp, "stride a G unit (discard cards whose grades total 3 or more) or pass",
                        tuple(Action.make("stride", card=c) for c in units) + (Action.make("pass"),), cite("STRIDE_STEP"))
    if ans.kind == "pass":
        return None
    push(st, {"t": "stride_cost", "p": tp, "card": ans.card})
    return None


@task("stride_cost")
def _stride_cost(st, t, ans, ev):
    p, gunit = t["p"], t["card"]
    if ans is None:
        return Decision("stride_cost", p, "choose cards from your hand whose grades total 3 or more to discard",
                        tuple(stride_costs(st, p)), cite("STRIDE_DEFAULT_COST"))
    chosen = list(ans.get("cards"))
    for c in chosen:
        move(st, c, "drop", p)
    emit(ev, "cost", f"stride cost: {len(chosen)} card(s) discarded (grades total "
         f"{sum(st.cards[c].grade for c in chosen)})", ("STRIDE_DEFAULT_COST", "DISCARD", "COST_ALL_OR_NOTHING"), p,
         cards=chosen)
    old = st.vanguard(p)
    rested = old in st.rested if old else False
    move(st, gunit, "vanguard", p, rested=rested)
    st.strode_this_turn = True
    mate = legion_mate_on_circle(st, old) if old else None
    if old:
        st.hearts.add(old)
        st.rested.discard(old)  # 10.29.2: the heart is face up and standing
    if mate:
        st.hearts.add(mate)  # 10.29.4: both cards of a legion become hearts
        st.rested.discard(mate)
    emit(ev, "stride", f"player {p} strides {name(st, gunit)}; {name(st, old)} becomes the heart" +
         (f" together with its Legion Mate {name(st, mate)}" if mate else ""),
         ("STRIDE", "STRIDE_GRADE", "STRIDE_ORIENTATION", "HEART", "HEART_POWER", "HEART_STANDING", "STRIDE_IS_NOT_RIDE")
         + (("LEGION_HEARTS",) if mate else ()), p, assumptions=("A24",), card=gunit, heart=old)
    if mate:
        push(st, {"t": "heart_choice", "p": p, "card": gunit, "hearts": [old, mate]})
    trigger(st, ev, "on_place", gunit)
    return None


@task("heart_choice")
def _heart_choice(st, t, ans, ev):
    """10.28.3.3 / Playbook Q11: choose which heart gives the G unit its name and power."""
    p, gunit = t["p"], t["card"]
    cands = [h for h in t["hearts"] if h in st.hearts and st.loc[h] == (p, "vanguard") and st.cards[h].type != "g_unit"]
    chosen, dec = choose_unit(st, t, ans, cands, f"choose the heart whose name and power {name(st, gunit)} gains",
                              "HEART_POWER")
    if dec:
        return dec
    if chosen:
        vc = st.zones[p]["vanguard"]
        vc.remove(chosen)
        vc.insert(0, chosen)  # the first heart on the circle is the one whose power the G unit adds (stat())
        emit(ev, "heart_chosen", f"{name(st, gunit)} gains the name and power of {name(st, chosen)} "
             f"({st.cards[chosen].power})", ("HEART_POWER", "LEGION_HEARTS"), p, assumptions=("A26",), card=chosen)
    return None


@task("main_phase")
def _main_phase(st, t, ans, ev):
    st.phase, st.step = "main", None
    phase_start(st, ev, "begin_main_phase", "BEGIN_MAIN_PHASE")
    push(st, CT, {"t": "main_decision"})


def can_pay(st: GameState, p: int, costs: tuple[Part, ...], src: str) -> bool:
    z = st.zones[p]
    for c in costs:
        n = c.get("count", 0)
        if c.kind == "counter_blast" and sum(1 for d in z["damage"] if d not in st.face_down) < n:
            return False
        if c.kind == "counter_charge" and sum(1 for d in z["damage"] if d in st.face_down) < n:
            return False
        if c.kind == "soul_blast" and len(z["soul"]) < n:
            return False
        if c.kind == "soul_charge" and len(z["deck"]) < n:
            return False
        if c.kind == "discard" and len(z["hand"]) < n:
            return False
        if c.kind == "rest_self" and (not st.on_field(src) or src in st.rested):
            return False
    return True


def act_usable(st: GameState, cid: str, i: int) -> tuple[bool, str, str]:
    """(usable, reason, citation key) for playing ACT ability i of cid now."""
    card = st.cards[cid]
    if i >= len(card.abilities) or card.abilities[i].timing != "act":
        return False, f"{card.name} has no ACT ability number {i}", "MAIN_ACT"
    ab = card.abilities[i]
    if cid in st.locked or not st.on_field(cid):
        return False, f"{card.name} is not a unit on your field", "MAIN_ACT"
    if cid in st.deleted:
        return False, f"{card.name} is deleted and has lost its text", "DELETED_UNIT"
    if ab.once_per_turn and f"{cid}:{i}" in st.used_this_turn:
        return False, f"{card.name}'s ability can be used only once per turn", "MAIN_ACT"
    for cond in ab.conditions:
        if not condition_holds(st, cond, cid):
            key = {"limit_break": "KW_LIMIT_BREAK", "generation_break": "KW_GENERATION_BREAK"}.get(cond.kind, "MAIN_ACT")
            return False, f"{card.name}'s ability condition {cond.to_json()} is not met", key
    if not can_pay(st, card.owner, ab.cost, cid):
        return False, f"the cost of {card.name}'s ability cannot be paid", "COST_ALL_OR_NOTHING"
    return True, "", ""


def main_options(st: GameState, p: int) -> list[Action]:
    g = grade_of_vanguard(st, p)
    opts = []
    # 4.6.7: a circle with a locked card is a lock circle, not a rear-guard circle.
    open_circles = [circ for circ in REAR_GUARD_CIRCLES if not any(c in st.locked for c in st.zones[p][circ])]
    for c in st.zones[p]["hand"]:
        if st.cards[c].grade <= g:
            opts.extend(Action("call", (("card", c), ("circle", circ))) for circ in open_circles)
    for col in ("left", "right"):
        a, b = COLUMNS[col]
        if (st.zones[p][a] or st.zones[p][b]) and a in open_circles and b in open_circles:
            opts.append(Action.make("move", column=col))
    for cid in st.units(p, ("vanguard",) + REAR_GUARD_CIRCLES):
        for i, ab in enumerate(st.cards[cid].abilities):
            if ab.timing == "act" and act_usable(st, cid, i)[0]:
                opts.append(Action.make("act", card=cid, ability=i))
    opts.append(Action.make("pass"))
    return opts


def do_call(st: GameState, ev: list, cid: str, p: int, circle: str, normal: bool, ctx: dict | None = None) -> None:
    for old in list(st.zones[p][circle]):
        move(st, old, "drop", p)
        emit(ev, "retire", f"{name(st, old)} is retired: a unit was called onto its circle",
             ("CALL_OVER_UNIT_RETIRES", "RETIRE"), p, assumptions=("A3",), card=old)
    move(st, cid, circle, p)
    keys = ("MAIN_NORMAL_CALL", "CALL_GRADE", "CALL_RESOLVES", "CALL") if normal else ("SUPERIOR_CALL", "CALL")
    emit(ev, "call", f"player {p} calls {name(st, cid)} to {circle}", keys, p, card=cid, circle=circle)
    trigger(st, ev, "on_call", cid, ctx)
    trigger(st, ev, "on_place", cid, ctx)


@task("main_decision")
def _main_decision(st, t, ans, ev):
    tp = st.turn_player
    if ans is None:
        return Decision("main", tp, "call, move, play an ACT ability, or pass to the battle phase",
                        tuple(main_options(st, tp)), cite("PLAY_TIMING"))
    if ans.kind == "pass":
        emit(ev, "main_end", f"player {tp} ends the main phase", ("MAIN_END", "PLAY_TIMING_PASS"), tp)
        return None
    if ans.kind == "call":
        do_call(st, ev, ans.card, tp, ans.get("circle"), normal=True)
    elif ans.kind == "move":
        front, back = COLUMNS[ans.get("column")]
        a, b = st.unit_at(tp, front), st.unit_at(tp, back)
        if a:
            move(st, a, back, tp)
        if b:
            move(st, b, front, tp)
        emit(ev, "move", f"player {tp} swaps the {ans.get('column')} column", ("MAIN_MOVE_COLUMN", "MOVE",
             "REAR_GUARD_MOVE_ORIENTATION"), tp, assumptions=("A11",), column=ans.get("column"))
    elif ans.kind == "act":
        cid, i = ans.card, ans.get("ability")
        ab = st.cards[cid].abilities[i]
        if ab.once_per_turn:
            st.used_this_turn.append(f"{cid}:{i}")
        emit(ev, "act", f"player {tp} plays the ACT ability of {name(st, cid)}", ("MAIN_ACT", "COST_ALL_OR_NOTHING"),
             tp, card=cid, ability=i)
        push(st, *ability_tasks(st, cid, ab, tp, {}), CT, {"t": "main_decision"})
        return None
    push(st, CT, {"t": "main_decision"})
    return None


def ability_tasks(st: GameState, src: str, ab: Ability, p: int, ctx: dict) -> list[dict]:
    out = [{"t": "cost", "part": c.to_json(), "p": p, "src": src} for c in ab.cost]
    out += [{"t": "effect", "part": e.to_json(), "p": p, "src": src, "ctx": ctx} for e in ab.effects]
    out.append({"t": "ability_done", "src": src})
    return out


@task("ability_done")
def _ability_done(st, t, ans, ev):
    emit(ev, "ability_resolved", f"the ability of {name(st, t['src'])} has resolved", ("ABILITY_RESOLVES",),
         st.cards[t["src"]].owner, card=t["src"])


# ---------------------------------------------------------------- battle
@task("battle_phase")
def _battle_phase(st, t, ans, ev):
    st.phase, st.step = "battle", None
    push(st, CT, {"t": "start_step"})


def lord_blocked(st: GameState, cid: str) -> bool:
    card = st.cards[cid]
    if not card.has("lord"):
        return False
    return any(not same_clan(card, st.cards[o]) for o in st.units(card.owner) if o != cid)


def attacker_problem(st: GameState, cid: str) -> tuple[str, str] | None:
    p = st.turn_player
    if cid not in st.loc or st.loc[cid][0] != p or st.loc[cid][1] not in FRONT_ROW:
        return "only your units in the front row can attack", "CHOOSE_ATTACKER"
    if cid in st.locked:
        return "a locked card is not a unit and cannot attack", "LOCK"
    if st.is_legion_mate(cid):
        return (f"{name(st, cid)} is a Legion Mate: it cannot attack alone; the legion attacks with its Legion Leader",
                "LEGION_MATE_CANNOT_ATTACK")
    if cid in st.rested:
        return f"{name(st, cid)} is resting; only standing units can attack", "CHOOSE_ATTACKER"
    if st.cards[cid].has("restraint"):
        return f"{name(st, cid)} has restraint and cannot be chosen as the attacking unit", "KW_RESTRAINT"
    if lord_blocked(st, cid):
        return f"{name(st, cid)} has lord and you have a unit of another clan", "KW_LORD"
    return None


def attack_targets(st: GameState) -> list[str]:
    q = 1 - st.turn_player
    return [c for circ in FRONT_ROW for c in front_unit(st, q, circ) if c not in st.locked]


def front_unit(st: GameState, p: int, circ: str) -> list[str]:
    """The unit that can attack or be attacked on a front-row circle: the vanguard is the Legion Leader (7.3.1.4)."""
    if circ == "vanguard":
        vg = st.vanguard(p)
        return [vg] if vg else []
    return st.zones[p][circ][-1:]


@task("start_step")
def _start_step(st, t, ans, ev):
    st.step = "start"
    tp = st.turn_player
    if ans is None:
        if st.turn == 1:
            emit(ev, "no_attack", "the first turn of the game: the turn player cannot attack", ("FIRST_TURN_NO_ATTACK",), tp,
                 assumptions=("A14",))
            push(st, {"t": "battle_over"})
            return None
        attackers = [c for circ in FRONT_ROW for c in front_unit(st, tp, circ) if attacker_problem(st, c) is None]
        if not attackers or not attack_targets(st):
            emit(ev, "no_attack", "no attack can take place: the turn player is regarded as not attacking",
                 ("FIRST_TURN_NO_ATTACK",), tp)
            push(st, {"t": "battle_over"})
            return None
        opts = tuple(Action.make("attack", card=c) for c in attackers) + (Action.make("pass"),)
        return Decision("attack", tp, "choose an attacking unit, or pass to end the battle phase", opts,
                        cite("START_STEP_CHOICE"))
    if ans.kind == "pass":
        emit(ev, "no_attack", f"player {tp} chooses not to attack", ("START_STEP_NO_ATTACK",), tp)
        push(st, {"t": "battle_over"})
        return None
    cid = ans.card
    st.battles_this_turn += 1
    st.battle = {"number": st.battles_this_turn, "attacker": cid, "attacker_circle": st.loc[cid][1],
                 "target": None, "target_circle": None, "booster": None, "booster_circle": None,
                 "guardians": {}, "hit": None, "drive_checks": 0}
    st.step = "attack"
    st.rested.add(cid)
    emit(ev, "battle_begins", f"battle {st.battles_this_turn} begins", ("START_STEP_CHOICE", "BATTLE_BEGINS"), tp)
    emit(ev, "attacker", f"{name(st, cid)} is rested as the attacking unit", ("CHOOSE_ATTACKER",), tp, card=cid)
    mate = legion_mate_on_circle(st, cid)
    if mate:
        st.rested.add(mate)
        emit(ev, "legion_attack", f"the legion attacks: {name(st, cid)} and its Legion Mate {name(st, mate)} are both "
             "rested and are the attacking unit", ("LEGION_ATTACKER_BOTH", "LEGION_ATTACK_REST_BOTH"), tp, card=mate)
    push(st, {"t": "target_decision"}, {"t": "boost_decision"}, {"t": "attack_triggers"}, CT, {"t": "guard_step"},
         {"t": "drive_step"}, {"t": "damage_step"}, {"t": "close_step"})
    return None


@task("battle_over")
def _battle_over(st, t, ans, ev):
    st.step = None
    st.battle = None


@task("target_decision")
def _target_decision(st, t, ans, ev):
    tp = st.turn_player
    if ans is None:
        targets = attack_targets(st)
        if not targets:
            return None
        return Decision("target", tp, "choose the unit to attack", tuple(Action.make("target", card=c) for c in targets),
                        cite("CHOOSE_TARGET"))
    cid = ans.card
    st.battle["target"] = cid
    st.battle["target_circle"] = st.loc[cid][1]
    emit(ev, "attack", f"{name(st, st.battle['attacker'])} attacks {name(st, cid)}", ("CHOOSE_TARGET",), tp,
         attacker=st.battle["attacker"], target=cid)


def boost_candidates(st: GameState) -> list[str]:
    b = st.battle
    behind = BEHIND.get(b["attacker_circle"])
    if not behind or st.loc.get(b["attacker"]) != (st.turn_player, b["attacker_circle"]):
        return []
    c = st.unit_at(st.turn_player, behind)
    if c and st.cards[c].has("boost") and c not in st.rested and c not in st.locked:
        return [c]
    return []


@task("boost_decision")
def _boost_decision(st, t, ans, ev):
    tp = st.turn_player
    if st.battle is None or st.battle["target"] is None:
        return None
    if ans is None:
        cands = boost_candidates(st)
        if not cands:
            return None
        return Decision("boost", tp, "boost the attacking unit or pass",
                        tuple(Action.make("boost", card=c) for c in cands) + (Action.make("pass"),), cite("BOOST"))
    if ans.kind == "pass":
        return None
    cid = ans.card
    st.rested.add(cid)
    st.battle["booster"] = cid
    st.battle["booster_circle"] = st.loc[cid][1]
    emit(ev, "boost", f"{name(st, cid)} is rested and boosts {name(st, st.battle['attacker'])}", ("BOOST", "KW_BOOST"),
         tp, assumptions=("A5",), card=cid)


@task("attack_triggers")
def _attack_triggers(st, t, ans, ev):
    b = st.battle
    if b is None:
        return
    trigger(st, ev, "on_attack", b["attacker"])
    if b["booster"]:
        trigger(st, ev, "on_boost", b["booster"])
    emit(ev, "attack_triggers", "check timing for 'when this unit attacks/boosts' abilities", ("ATTACK_TRIGGERS",),
         st.turn_player)


@task("guard_step")
def _guard_step(st, t, ans, ev):
    if st.battle is None or st.battle["target"] is None:
        return None
    st.step = "guard"
    push(st, CT, {"t": "guard_decision"})


def guard_options(st: GameState) -> list[Action]:
    q = 1 - st.turn_player
    g = grade_of_vanguard(st, q)
    opts = [Action("guard", (("card", c),)) for c in st.zones[q]["hand"] if st.cards[c].grade <= g]
    target = st.battle["target"]
    for circ in ("front_left", "front_right"):
        c = st.unit_at(q, circ)
        if c and c != target and st.cards[c].has("intercept") and c not in st.locked:
            opts.append(Action.make("intercept", card=c))
    if st.zones[q]["gzone"] and g_guardian_blocker(st, q) is None:
        opts.extend(Action("g_guard", (("card", c),)) for c in face_down_g_zone(st, q)
                    if g_guardian_blocker(st, q, c) is None)
    return opts


def g_guardian_blocker(st: GameState, q: int, cid: str | None = None) -> tuple[str, str] | None:
    """Why player q cannot call a G guardian (cid, or any) now, or None (7.4.1.2.4, 11.13.2)."""
    mine, theirs = grade_of_vanguard(st, q), grade_of_vanguard(st, 1 - q)
    if mine < 3 or theirs < 3:
        return (f"a G guardian can be called only when both vanguards are grade 3 or more (yours {mine}, "
                f"opponent's {theirs})"), "GUARD_G_GUARDIAN"
    gz = st.zones[q]["gzone"]
    face_up = sum(1 for c in gz if c not in st.face_down and st.cards[c].g_guardian is not None)
    if face_up > 3:
        return f"you have {face_up} face-up G guardians in your G zone (at most 3 allowed)", "GUARD_G_GUARDIAN"
    if cid is None:
        if not any(st.cards[c].g_guardian is not None for c in face_down_g_zone(st, q)):
            return "there is no G guardian among the face-down cards of your G zone", "GUARD_G_GUARDIAN"
        return None
    card = st.cards[cid]
    if st.loc[cid] != (q, "gzone") or cid not in st.face_down:
        return f"{card.name} is not a face-down card in your G zone", "G_GUARDIAN_CALL"
    if card.g_guardian is None:
        return f"{card.name} has no G guardian ability", "KW_G_GUARDIAN"
    if not can_pay(st, q, card.g_guardian.cost, cid):
        return f"the G guardian cost of {card.name} cannot be paid", "G_GUARDIAN_CALL"
    return None


@task("guard_decision")
def _guard_decision(st, t, ans, ev):
    q = 1 - st.turn_player
    b = st.battle
    if ans is None:
        opts = guard_options(st)
        if not opts:
            emit(ev, "guard_pass", f"player {q} cannot call a guardian or intercept: regarded as passing",
                 ("GUARD_AUTO_PASS",), q)
            return None
        return Decision("guard", q, "call a guardian from hand or a G guardian, intercept, or pass",
                        tuple(opts) + (Action.make("pass"),), cite("GUARD_CALL"))
    if ans.kind == "pass":
        emit(ev, "guard_pass", f"player {q} passes", ("GUARD_PASS",), q)
        return None
    cid = ans.card
    if ans.kind == "g_guard":
        # 7.4.1.2.4: turn the card face up, pay its G guardian cost, call it to the guardian circle.
        st.face_down.discard(cid)
        emit(ev, "g_guardian_reveal", f"player {q} turns {name(st, cid)} face up to call it as a G guardian",
             ("GUARD_G_GUARDIAN", "KW_G_GUARDIAN"), q, assumptions=("A25",), card=cid)
        costs = [{"t": "cost", "part": c.to_json(), "p": q, "src": cid} for c in st.cards[cid].g_guardian.cost]
        push(st, *costs, {"t": "g_guard_place", "card": cid, "p": q}, CT, {"t": "guard_decision"})
        return None
    b["guardians"][cid] = b["target"]
    if ans.kind == "guard":
        move(st, cid, "guardian", q)
        keys = ("GUARD_CALL", "CALL_GRADE", "GUARD_RESOLVES", "GUARDIAN_SHIELD_ADDS")
        if st.cards[cid].shield == 0:
            keys += ("SHIELD_ZERO",)
        emit(ev, "guard", f"player {q} calls {name(st, cid)} to the guardian circle (shield {stat(st, cid, 'shield')})",
             keys, q, assumptions=("A4",), card=cid, guards=b["target"])
        trigger(st, ev, "on_call", cid, {"guarded": b["target"]})
        trigger(st, ev, "on_place", cid, {"guarded": b["target"]})
    else:
        move(st, cid, "guardian", q)
        emit(ev, "intercept", f"{name(st, cid)} intercepts (moves to the guardian circle, resting)",
             ("GUARD_INTERCEPT", "KW_INTERCEPT", "MOVE", "GUARDIAN_SHIELD_ADDS"), q, assumptions=("A6",), card=cid,
             guards=b["target"])
    push(st, CT, {"t": "guard_decision"})
    return None


@task("g_guard_place")
def _g_guard_place(st, t, ans, ev):
    cid, q, b = t["card"], t["p"], st.battle
    if b is None or st.loc[cid] != (q, "gzone"):
        return None
    move(st, cid, "guardian", q)
    b["guardians"][cid] = b["target"]
    emit(ev, "g_guard", f"player {q} calls the G guardian {name(st, cid)} to the guardian circle face up "
         f"(shield {stat(st, cid, 'shield')})", ("G_GUARDIAN_CALL", "GUARD_G_GUARDIAN", "SUPERIOR_CALL",
         "GUARDIAN_PLACED_RESTING", "GUARDIAN_SHIELD_ADDS"), q, assumptions=("A25",), card=cid, guards=b["target"])
    trigger(st, ev, "on_call", cid, {"guarded": b["target"]})
    trigger(st, ev, "on_place", cid, {"guarded": b["target"]})
    return None


def attacker_in_place(st: GameState) -> bool:
    b = st.battle
    return bool(b and st.loc.get(b["attacker"]) == (st.turn_player, b["attacker_circle"]))


def target_in_place(st: GameState) -> bool:
    b = st.battle
    return bool(b and b["target"] and st.loc.get(b["target"]) == (1 - st.turn_player, b["target_circle"]))


@task("drive_step")
def _drive_step(st, t, ans, ev):
    b = st.battle
    if b is None or b["target"] is None:
        return None
    st.step = "drive"
    if attacker_in_place(st) and drive_of(st, b["attacker"]) > 0:
        push(st, {"t": "drive_check", "i": 0})


def trigger_tasks(st: GameState, cid: str, p: int) -> list[dict]:
    icon = st.cards[cid].trigger
    first = {"critical": "trig_critical", "draw": "trig_draw", "stand": "trig_stand", "heal": "trig_heal"}[icon]
    return [{"t": first, "p": p, "card": cid}, {"t": "trig_power", "p": p, "card": cid}]


def trigger_applies(st: GameState, cid: str, p: int) -> bool:
    card = st.cards[cid]
    if card.trigger == "none":
        return False
    return any(same_clan(card, st.cards[u]) for u in st.units(p, ("vanguard",) + REAR_GUARD_CIRCLES) if u not in st.locked)


@task("drive_check")
def _drive_check(st, t, ans, ev):
    tp = st.turn_player
    b = st.battle
    deck = st.zones[tp]["deck"]
    if not deck:
        emit(ev, "drive_check", "drive check impossible: the deck is empty", ("DRIVE_CHECK", "IMPOSSIBLE_ACTION"), tp)
        push(st, CT, {"t": "drive_next", "i": t["i"]})
        return None
    cid = deck[0]
    move(st, cid, "trigger", tp)
    b["drive_checks"] += 1
    card = st.cards[cid]
    legion = ("LEGION_DRIVE", "LEGION_DRIVE_UNIT") if st.legion and legion_mate_on_circle(st, b["attacker"]) else ()
    emit(ev, "drive_check", f"drive check {t['i'] + 1}: {card.name} ({card.trigger} trigger)",
         ("DRIVE_CHECK", "DRIVE_REVEAL", "DRIVE_CARD_TO_TRIGGER_ZONE") + legion, tp,
         assumptions=("A2", "A16"), card=cid, trigger=card.trigger)
    trigger(st, ev, "on_drive_check", b["attacker"], {"checked": cid})
    tasks: list[dict] = []
    if trigger_applies(st, cid, tp):
        emit(ev, "trigger", f"{card.name}'s {card.trigger} trigger resolves", ("DRIVE_TRIGGER_CLAN",), tp,
             assumptions=("A7",), card=cid, trigger=card.trigger)
        tasks = trigger_tasks(st, cid, tp)
    push(st, *tasks, CT, {"t": "trigger_to", "card": cid, "zone": "hand"}, CT, {"t": "drive_next", "i": t["i"]})
    return None


@task("drive_next")
def _drive_next(st, t, ans, ev):
    b = st.battle
    if b and attacker_in_place(st) and t["i"] + 1 < drive_of(st, b["attacker"]):
        push(st, {"t": "drive_check", "i": t["i"] + 1})


@task("trigger_to")
def _trigger_to(st, t, ans, ev):
    cid = t["card"]
    p, where = st.loc[cid]
    if where != "trigger":
        return
    move(st, cid, t["zone"], st.cards[cid].owner)
    if t["zone"] == "hand":
        emit(ev, "drive_to_hand", f"{name(st, cid)} is put into the hand", ("DRIVE_TO_HAND",), p, card=cid)
    else:
        emit(ev, "damage_zone", f"{name(st, cid)} is put into the damage zone", ("DAMAGE_TO_ZONE",), p, card=cid)


def choose_unit(st: GameState, t: dict, ans: Action | None, cands: list[str], prompt: str, key: str,
                kind: str = "choose") -> tuple[str | None, Decision | None]:
    """Shared 'choose one' logic: auto-pick a single candidate, ask otherwise (8.5.4.1)."""
    if ans is not None:
        return ans.card, None
    if not cands:
        return None, None
    if len(cands) == 1:
        return cands[0], None
    return None, Decision(kind, t["p"], prompt, tuple(Action("choose", (("card", c),)) for c in cands), cite(key))


def own_units(st: GameState, p: int) -> list[str]:
    return [c for c in st.units(p) if c not in st.locked]


def add_modifier(st: GameState, cid: str, which: str, amount: int, duration: str, source: str,
                 condition: tuple = ()) -> Modifier:
    m = Modifier(st.tick(), cid, which, amount, duration, source, condition)
    st.modifiers.append(m)
    return m


@task("trig_critical")
def _trig_critical(st, t, ans, ev):
    cid, dec = choose_unit(st, t, ans, own_units(st, t["p"]), "critical trigger: choose a unit to get +1 critical",
                           "TRIGGER_CRITICAL")
    if dec:
        return dec
    if cid:
        add_modifier(st, cid, "critical", 1, "end_of_turn", t["card"])
        emit(ev, "trigger_critical", f"{name(st, cid)} gets +1 critical until end of turn", ("TRIGGER_CRITICAL",),
             t["p"], assumptions=("A18",) if ans is None else (), card=cid)
    return None


@task("trig_power")
def _trig_power(st, t, ans, ev):
    icon = st.cards[t["card"]].trigger
    key = {"critical": "TRIGGER_CRITICAL", "draw": "TRIGGER_DRAW", "stand": "TRIGGER_STAND", "heal": "TRIGGER_HEAL"}[icon]
    cid, dec = choose_unit(st, t, ans, own_units(st, t["p"]), f"{icon} trigger: choose a unit to get +5000 power", key)
    if dec:
        return dec
    if cid:
        add_modifier(st, cid, "power", TRIGGER_BONUS, "end_of_turn", t["card"])
        emit(ev, "trigger_power", f"{name(st, cid)} gets +{TRIGGER_BONUS} power until end of turn", (key,), t["p"],
             assumptions=("A8", "A22") + (("A18",) if ans is None else ()), card=cid)
    return None


@task("trig_draw")
def _trig_draw(st, t, ans, ev):
    draw(st, t["p"], ev, ("TRIGGER_DRAW", "DRAW"))


@task("trig_stand")
def _trig_stand(st, t, ans, ev):
    cands = [c for c in st.rear_guards(t["p"]) if c not in st.locked]
    cid, dec = choose_unit(st, t, ans, cands, "stand trigger: choose a rear-guard to stand", "TRIGGER_STAND")
    if dec:
        return dec
    if cid:
        st.rested.discard(cid)
        emit(ev, "trigger_stand", f"{name(st, cid)} stands", ("TRIGGER_STAND", "STAND_REST"), t["p"],
             assumptions=("A9",), card=cid)
    else:
        emit(ev, "trigger_stand", "stand trigger: no rear-guard to stand", ("TRIGGER_STAND", "CHOICE_IMPOSSIBLE"), t["p"],
             assumptions=("A9",))
    return None


@task("trig_heal")
def _trig_heal(st, t, ans, ev):
    p = t["p"]
    mine, theirs = len(st.zones[p]["damage"]), len(st.zones[1 - p]["damage"])
    if mine < theirs or mine == 0:
        emit(ev, "trigger_heal", f"heal trigger: no heal ({mine} damage vs opponent's {theirs})", ("TRIGGER_HEAL",), p,
             assumptions=("A21",) if mine == 0 else ())
        return None
    cid, dec = choose_unit(st, t, ans, list(st.zones[p]["damage"]), "heal trigger: choose a damage card to heal",
                           "TRIGGER_HEAL")
    if dec:
        return dec
    move(st, cid, "drop", p)
    emit(ev, "heal", f"player {p} heals {name(st, cid)} ({mine} damage vs {theirs})", ("TRIGGER_HEAL", "HEAL"), p, card=cid)
    return None


@task("damage_step")
def _damage_step(st, t, ans, ev):
    b = st.battle
    if b is None or b["target"] is None:
        return None
    st.step = "damage"
    tp = st.turn_player
    if not (attacker_in_place(st) and target_in_place(st)):
        b["hit"] = False
        emit(ev, "no_hit", "the attacking or attacked unit left its circle: powers are not compared; no hit",
             ("NO_COMPARISON",), tp)
    else:
        ap, dp = power(st, b["attacker"]), power(st, b["target"])
        guarded = cannot_be_hit(st, b["target"])
        b["hit"] = ap >= dp and not guarded
        verdict = "hits" if b["hit"] else "does not hit"
        extra = " (the attacked unit cannot be hit by a card effect)" if guarded and ap >= dp else ""
        keys = ("HIT",)
        if st.legion and legion_mate_on_circle(st, b["attacker"]):
            keys = ("LEGION_HIT_COMBINED", "LEGION_POWER")
        if st.legion and legion_mate_on_circle(st, b["target"]):
            keys += ("LEGION_ATTACKED",)
        emit(ev, "hit" if b["hit"] else "no_hit", f"{ap} vs {dp}: the attack {verdict}{extra}", keys, tp,
             attacker_power=ap, defender_power=dp, hit=b["hit"], battle=b["number"])
    push(st, CT, {"t": "deal_damage"}, CT, {"t": "hit_event"}, CT, {"t": "retire_guardians"}, CT)
    return None


@task("deal_damage")
def _deal_damage(st, t, ans, ev):
    b = st.battle
    tp = st.turn_player
    if not b["hit"]:
        emit(ev, "no_damage", "no hit: no damage check", ("NO_DAMAGE_CHECK_REAR_GUARD",), tp)
        return
    if b["target_circle"] != "vanguard":
        emit(ev, "no_damage", "a rear-guard was hit: no damage check", ("NO_DAMAGE_CHECK_REAR_GUARD",), tp)
        return
    if not attacker_in_place(st):
        emit(ev, "no_damage", "the attacking unit left its circle: it deals no damage", ("DEAL_DAMAGE",), tp)
        return
    crit = stat(st, b["attacker"], "critical")
    if crit <= 0:
        emit(ev, "no_damage", f"critical {crit}: no damage is dealt", ("ZERO_CRITICAL",), tp)
        return
    st.vanguard_damage[1 - tp] += crit
    legion = bool(st.legion and legion_mate_on_circle(st, b["attacker"]))
    emit(ev, "damage_dealt", f"{name(st, b['attacker'])} deals {crit} damage to the vanguard" +
         (" (the Legion Leader's critical; the legion hits once)" if legion else ""),
         ("LEGION_LEADER_CRITICAL", "LEGION_POWER", "DAMAGE_DEALT") if legion else ("DEAL_DAMAGE", "DAMAGE_DEALT"),
         tp, amount=crit)


@task("hit_event")
def _hit_event(st, t, ans, ev):
    b = st.battle
    if b["hit"] and st.on_field(b["attacker"]):
        trigger(st, ev, "on_hit", b["attacker"])
    elif not b["hit"] and st.on_field(b["attacker"]) and b["attacker"] not in st.locked:
        before = len(st.standby)
        trigger(st, ev, "on_no_hit", b["attacker"])  # 7.6.1.9.2
        if len(st.standby) > before:
            ev[-1] = Event(ev[-1].kind, ev[-1].text, ev[-1].citations + cites("ON_NO_HIT_STANDBY"), (),
                           ev[-1].player, ev[-1].data)


@task("retire_guardians")
def _retire_guardians(st, t, ans, ev):
    q = 1 - st.turn_player
    guardians = list(st.zones[q]["guardian"])
    for g in guardians:
        move(st, g, "drop", q)  # a G guardian goes to the G zone face up instead (10.28.4)
        if st.cards[g].type == "g_unit":
            emit(ev, "g_unit_returns", f"the G guardian {name(st, g)} is put into the G zone face up instead of the "
                 "drop zone", ("RETIRE_GUARDIANS", "G_UNIT_TO_G_ZONE", "G_ZONE_FACE_UP"), q, assumptions=("A25",),
                 card=g)
    if guardians:
        emit(ev, "retire_guardians", f"{len(guardians)} guardian(s) retired", ("RETIRE_GUARDIANS", "RETIRE"), q,
             cards=guardians)
    b = st.battle
    if b["hit"] and b["target_circle"] in REAR_GUARD_CIRCLES and target_in_place(st):
        move(st, b["target"], "drop", q)
        emit(ev, "retire", f"the hit rear-guard {name(st, b['target'])} is retired", ("RETIRE_GUARDIANS", "RETIRE"), q,
             card=b["target"])


@task("close_step")
def _close_step(st, t, ans, ev):
    st.step = "close"
    b = st.battle
    if b and st.on_field(b["attacker"]):
        before = len(st.standby)
        trigger(st, ev, "on_battle_end", b["attacker"])  # 7.7.1.1
        if len(st.standby) > before:
            ev[-1] = Event(ev[-1].kind, ev[-1].text, ev[-1].citations + cites("END_OF_BATTLE_STANDBY"), ("A27",),
                           ev[-1].player, ev[-1].data)
    push(st, CT, {"t": "end_battle"})


@task("end_battle")
def _end_battle(st, t, ans, ev):
    st.modifiers = [m for m in st.modifiers if m.duration != "end_of_battle"]
    st.battle = None
    emit(ev, "battle_end", "the battle ends; 'until end of battle' effects cease", ("BATTLE_ENDS", "RETURN_TO_START_STEP"),
         st.turn_player)
    push(st, {"t": "start_step"})


@task("end_phase")
def _end_phase(st, t, ans, ev):
    st.phase, st.step = "end", None
    tp = st.turn_player
    for cid in [c for c in st.units(tp, ("vanguard",) + REAR_GUARD_CIRCLES) if st.cards[c].type == "g_unit"]:
        rested = cid in st.rested
        hearts = [h for h in st.zones[tp]["vanguard"] if h in st.hearts] if st.loc[cid][1] == "vanguard" else []
        move(st, cid, "gzone", tp)
        for h in hearts:
            st.hearts.discard(h)
            (st.rested.add if rested else st.rested.discard)(h)
        legion = any(st.legion_partner(h) in hearts for h in hearts)
        emit(ev, "g_unit_returns", f"{name(st, cid)} is put into the G zone face up" +
             (f"; {name(st, hearts[0])} is the vanguard again" if hearts else "") + (" (in legion)" if legion else ""),
             ("END_PHASE_G_UNITS", "G_UNIT_TO_G_ZONE", "HEART_ENDS") + (("LEGION_HEARTS",) if legion else ()), tp,
             card=cid)
    for cid in [c for c in st.units(tp) if c in st.deleted]:
        st.deleted.discard(cid)
        st.face_down.discard(cid)
        emit(ev, "undelete", f"{name(st, cid)} returns to normal, face up", ("UNDELETE_AT_END_PHASE",), tp, card=cid)
    for cid in [c for c in st.units(tp) if c in st.locked]:
        st.locked.discard(cid)
        st.face_down.discard(cid)
        st.rested.discard(cid)
        emit(ev, "unlock", f"{name(st, cid)} is unlocked (turned face up, standing)",
             ("UNLOCK_AT_END_PHASE", "UNLOCK_STANDS"), tp, card=cid)
    phase_start(st, ev, "begin_end_phase", "BEGIN_END_PHASE")
    push(st, CT, {"t": "end_turn"})


@task("end_turn")
def _end_turn(st, t, ans, ev):
    st.modifiers = [m for m in st.modifiers if m.duration not in ("end_of_turn", "end_of_battle")]
    emit(ev, "end_of_turn", "'until end of turn' effects cease", ("END_OF_TURN_EXPIRY",), st.turn_player)
    st.turn_player = 1 - st.turn_player
    st.turn += 1
    emit(ev, "next_turn", f"player {st.turn_player} becomes the turn player", ("NEXT_TURN",), st.turn_player)
    push(st, {"t": "turn_start"})


# ---------------------------------------------------------------- check timing and rule actions
def _lose(st: GameState, ev: list, losers: dict[int, str]) -> None:
    for p, key in sorted(losers.items()):
        emit(ev, "loss", f"player {p} loses the game by rule action", (key, "LOSS_AT_CHECK_TIMING"), p,
             assumptions=("A13",) if key == "LOSS_DECK" else (), reason=key)
    if len(losers) == 2:
        st.outcome = {"winner": None, "draw": True, "losers": [0, 1], "reason": "simultaneous loss"}
        emit(ev, "draw_game", "both players lose simultaneously: the game is a draw", ("DRAW_GAME",))
    else:
        (p, key), = losers.items()
        st.outcome = {"winner": 1 - p, "draw": False, "losers": [p], "reason": key}
        emit(ev, "game_over", f"player {1 - p} wins", ("LOSE_ENDS_GAME",), 1 - p)


def rule_actions(st: GameState, ev: list, ans: Action | None) -> str:
    """Perform all applicable rule actions (section 9). Returns 'none', 'done' or 'ask'."""
    losers: dict[int, str] = {}
    for p in (0, 1):
        z = st.zones[p]
        if len(z["damage"]) >= 6:
            losers[p] = "LOSS_DAMAGE"
        elif not z["deck"]:
            losers[p] = "LOSS_DECK"
        elif not z["vanguard"] and not z["soul"]:
            losers[p] = "LOSS_NO_VANGUARD"
    if losers:
        _lose(st, ev, losers)
        return "done"
    acted = False
    for p in (0, 1):
        z = st.zones[p]
        vcs = [c for c in z["vanguard"] if c not in st.hearts]
        if st.legion and len(vcs) > 1:
            vcs = [c for c in vcs if not (st.is_legion_mate(c) and st.legion_partner(c) in vcs)]
        if len(vcs) > 1:
            keep = max(vcs, key=lambda c: st.placed_at.get(c, 0))
            for c in [c for c in vcs if c != keep]:
                move(st, c, "soul", p)
                emit(ev, "overload", f"{name(st, c)} is put into the soul (two units on the vanguard circle)",
                     ("RULE_ACTIONS_SIMULTANEOUS", "OVERLOAD_VANGUARD"), p, card=c)
            acted = True
        for circ in REAR_GUARD_CIRCLES:
            if len(z[circ]) > 1:
                keep = max(z[circ], key=lambda c: st.placed_at.get(c, 0))
                for c in [c for c in z[circ] if c != keep]:
                    move(st, c, "drop", p)
                    emit(ev, "overload", f"{name(st, c)} is put into the drop zone (two units on {circ})",
                         ("RULE_ACTIONS_SIMULTANEOUS", "OVERLOAD_REAR_GUARD"), p, card=c)
                acted = True
        if z["guardian"] and st.phase != "battle":
            for c in list(z["guardian"]):
                move(st, c, "drop", p)
                emit(ev, "illegal_guardian", f"{name(st, c)} is on the guardian circle outside the battle phase",
                     ("ILLEGAL_GUARDIAN",), p, card=c)
            acted = True
    for p in (st.turn_player, 1 - st.turn_player):
        z = st.zones[p]
        if not z["vanguard"] and z["soul"]:
            if len(z["soul"]) == 1 or (ans is not None and ans.kind == "choose"):
                cid = ans.card if (ans is not None and len(z["soul"]) > 1) else z["soul"][0]
                do_ride(st, ev, cid, p, normal=False)
                emit(ev, "no_vanguard", f"player {p} had no vanguard and rides {name(st, cid)} from the soul",
                     ("NO_VANGUARD",), p, assumptions=("A20",), card=cid)
                return "done"
            return "ask"
    return "done" if acted else "none"


@task("check_timing")
def _check_timing(st, t, ans, ev):
    if ans is None or ans.kind == "choose":
        result = rule_actions(st, ev, ans)
        if st.outcome:
            return None
        if result == "ask":
            p = next(p for p in (st.turn_player, 1 - st.turn_player) if not st.zones[p]["vanguard"])
            return Decision("no_vanguard", p, "choose a card from your soul to ride",
                            tuple(Action.make("choose", card=c) for c in st.zones[p]["soul"]), cite("NO_VANGUARD"))
        if result == "done":
            push(st, CT)
            return None
        # 9.6.1: the damage process runs only when no other rule action is left.
        for p in (st.turn_player, 1 - st.turn_player):
            if st.vanguard_damage[p] > 0:
                push(st, {"t": "damage_process", "p": p}, CT)
                return None
    for p in (st.turn_player, 1 - st.turn_player):
        mine = [s for s in st.standby if s["player"] == p]
        if not mine:
            continue
        key = "CHECK_TURN_PLAYER_AUTO" if p == st.turn_player else "CHECK_NON_TURN_PLAYER_AUTO"
        if ans is not None and ans.kind == "resolve":
            sid = ans.get("standby")
        elif len(mine) == 1:
            sid = mine[0]["id"]
        else:
            opts = tuple(Action.make("resolve", standby=s["id"]) for s in mine)
            return Decision("order", p, "choose which stand-by ability to play next", opts, cite(key))
        push(st, {"t": "resolve_ability", "id": sid}, CT)
        return None
    return None


@task("damage_process")
def _damage_process(st, t, ans, ev):
    p = t["p"]
    st.vanguard_damage[p] -= 1
    deck = st.zones[p]["deck"]
    if not deck:
        emit(ev, "damage_check", "damage check impossible: the deck is empty", ("DAMAGE_PROCESS", "IMPOSSIBLE_ACTION"), p)
        push(st, {"t": "damage_next", "p": p})
        return None
    cid = deck[0]
    move(st, cid, "trigger", p)
    card = st.cards[cid]
    emit(ev, "damage_check", f"damage check: {card.name} ({card.trigger} trigger)",
         ("DAMAGE_PROCESS", "DAMAGE_REDUCE", "DAMAGE_REVEAL", "DAMAGE_CHECK", "DAMAGE_CARD_TO_TRIGGER_ZONE"), p,
         assumptions=("A15",), card=cid, trigger=card.trigger)
    tasks: list[dict] = []
    if trigger_applies(st, cid, p):
        emit(ev, "trigger", f"{card.name}'s {card.trigger} trigger resolves", ("DAMAGE_TRIGGER_CLAN",), p,
             assumptions=("A7",), card=cid, trigger=card.trigger)
        tasks = trigger_tasks(st, cid, p)
    push(st, *tasks, {"t": "trigger_to", "card": cid, "zone": "damage"}, {"t": "damage_next", "p": p})
    return None


@task("damage_next")
def _damage_next(st, t, ans, ev):
    if st.vanguard_damage[t["p"]] > 0:
        push(st, {"t": "damage_process", "p": t["p"]})


# ---------------------------------------------------------------- resolving abilities
@task("resolve_ability")
def _resolve_ability(st, t, ans, ev):
    entry = next((s for s in st.standby if s["id"] == t["id"]), None)
    if entry is None:
        return None
    cid, i, p = entry["card"], entry["ability"], entry["player"]
    if i < 0:  # forerunner (11.8.1): you may call it from the soul
        if st.loc[cid][1] != "soul":
            st.standby = [s for s in st.standby if s["id"] != t["id"]]
            return None
        if ans is None:
            opts = tuple(Action.make("call", card=cid, circle=c) for c in REAR_GUARD_CIRCLES) + (Action.make("pass"),)
            return Decision("forerunner", p, f"forerunner: you may call {name(st, cid)} to a rear-guard circle", opts,
                            cite("KW_FORERUNNER"))
        st.standby = [s for s in st.standby if s["id"] != t["id"]]
        if ans.kind == "call":
            do_call(st, ev, cid, p, ans.get("circle"), normal=False)
            emit(ev, "forerunner", f"forerunner: {name(st, cid)} is called", ("KW_FORERUNNER",), p, card=cid)
        return None
    ab = st.cards[cid].abilities[i]
    if ans is None and (ab.optional or ab.cost):
        payable = can_pay(st, p, ab.cost, cid)
        if not payable:
            st.standby = [s for s in st.standby if s["id"] != t["id"]]
            emit(ev, "ability_unpaid", f"the cost of {name(st, cid)}'s ability cannot be paid", ("AUTO_COST",), p, card=cid)
            return None
        return Decision("use_ability", p, f"use the ability of {name(st, cid)}" + (" (pay its cost)" if ab.cost else "") + "?",
                        (Action.make("accept"), Action.make("pass")), cite("AUTO_COST" if ab.cost else "AUTO_MUST_PLAY"))
    st.standby = [s for s in st.standby if s["id"] != t["id"]]
    if ans is not None and ans.kind == "pass":
        emit(ev, "ability_declined", f"player {p} does not use the ability of {name(st, cid)}", ("AUTO_COST",), p, card=cid)
        return None
    if ab.once_per_turn:
        st.used_this_turn.append(f"{cid}:{i}")
    emit(ev, "ability_played", f"the {ab.timing} ability of {name(st, cid)} is played", ("AUTO_MUST_PLAY",), p,
         assumptions=("A17",) if ab.cost else (), card=cid)
    push(st, *ability_tasks(st, cid, ab, p, entry["ctx"]))
    return None


def _choose_n(st: GameState, t: dict, ans: Action | None, cands: list[str], n: int, prompt: str,
              key: str) -> tuple[list[str] | None, Decision | None]:
    if ans is not None:
        return list(ans.get("cards")), None
    if len(cands) <= n:
        return list(cands), None  # 8.5.4.1.2: as many as possible
    opts = tuple(Action.make("choose_cards", cards=list(c)) for c in combinations(cands, n))
    return None, Decision("choose_cards", t["p"], prompt, opts, cite(key))


@task("cost")
def _cost(st, t, ans, ev):
    part = t["part"]
    kind, n, p, src = part["kind"], part.get("count", 0), t["p"], t["src"]
    z = st.zones[p]
    if kind == "rest_self":
        set_rested(st, src, True)
        emit(ev, "cost", f"{name(st, src)} is rested as a cost", ("STAND_REST", "COST_ALL_OR_NOTHING"), p)
        return None
    if kind == "soul_charge":
        for _ in range(n):
            if z["deck"]:
                move(st, z["deck"][0], "soul", p)
        emit(ev, "cost", f"soul charge {n}", ("SOUL_CHARGE",), p)
        return None
    pool = {
        "counter_blast": [d for d in z["damage"] if d not in st.face_down],
        "counter_charge": [d for d in z["damage"] if d in st.face_down],
        "soul_blast": list(z["soul"]),
        "discard": list(z["hand"]),
    }[kind]
    key = {"counter_blast": "COUNTER_BLAST", "counter_charge": "COUNTER_CHARGE", "soul_blast": "SOUL_BLAST",
           "discard": "DISCARD"}[kind]
    chosen, dec = _choose_n(st, t, ans, pool, n, f"{kind.replace('_', ' ')} {n}: choose the cards", key)
    if dec:
        return dec
    _pay_or_do(st, kind, chosen, p)
    emit(ev, "cost", f"{kind.replace('_', ' ')} {n} paid", (key, "COST_ALL_OR_NOTHING"), p, cards=chosen)
    return None


def _pay_or_do(st: GameState, kind: str, chosen: list[str], p: int) -> None:
    for c in chosen:
        if kind == "counter_blast":
            st.face_down.add(c)
        elif kind == "counter_charge":
            st.face_down.discard(c)
        elif kind in ("soul_blast", "discard", "heal"):
            move(st, c, "drop", p)


def _targets(st: GameState, target: str, p: int, src: str, ctx: dict) -> tuple[list[str], bool]:
    """(candidates, is_choice) for an effect target (resist filters opponents' choices, 11.5)."""
    if target == "self":
        return ([src] if st.on_field(src) else []), False
    if target == "own_vanguard":
        vg = st.vanguard(p)
        return ([vg] if vg else []), False
    if target == "guarded_unit":
        g = ctx.get("guarded")
        return ([g] if g and st.on_field(g) else []), False
    if target == "all_own_rear_guards":
        return [c for c in st.rear_guards(p) if c not in st.locked], False
    if target == "choose_own_unit":
        return own_units(st, p), True
    if target == "choose_own_rear_guard":
        return [c for c in st.rear_guards(p) if c not in st.locked], True
    q = 1 - p
    pool = own_units(st, q) if target == "choose_opponent_unit" else [c for c in st.rear_guards(q) if c not in st.locked]
    return [c for c in pool if not st.cards[c].has("resist")], True


@task("effect")
def _effect(st, t, ans, ev):
    part, p, src, ctx = t["part"], t["p"], t["src"], t.get("ctx", {})
    kind = part["kind"]
    z = st.zones[p]
    if kind == "draw":
        for _ in range(part["count"]):
            draw(st, p, ev)
        return None
    if kind == "soul_charge":
        for _ in range(part["count"]):
            if z["deck"]:
                move(st, z["deck"][0], "soul", p)
        emit(ev, "soul_charge", f"soul charge {part['count']}", ("SOUL_CHARGE",), p)
        return None
    if kind in ("soul_blast", "counter_blast", "counter_charge", "heal"):
        pool = {"soul_blast": list(z["soul"]), "counter_blast": [d for d in z["damage"] if d not in st.face_down],
                "counter_charge": [d for d in z["damage"] if d in st.face_down], "heal": list(z["damage"])}[kind]
        key = {"soul_blast": "SOUL_BLAST", "counter_blast": "COUNTER_BLAST", "counter_charge": "COUNTER_CHARGE",
               "heal": "HEAL"}[kind]
        chosen, dec = _choose_n(st, t, ans, pool, part["count"], f"{kind.replace('_', ' ')}: choose the cards", key)
        if dec:
            return dec
        _pay_or_do(st, kind, chosen, p)
        emit(ev, kind, f"{kind.replace('_', ' ')}: {len(chosen)} card(s)", (key,), p, cards=chosen)
        return None
    if kind == "call":
        source = part["source"]
        cands = z["deck"][:1] if source == "deck_top" else list(z[source])
        if ans is None:
            if not cands:
                emit(ev, "effect_fizzles", "call: no card to call", ("CHOICE_IMPOSSIBLE",), p)
                return None
            opts = tuple(Action.make("call", card=c, circle=circ) for c in cands for circ in REAR_GUARD_CIRCLES)
            return Decision("call", p, f"call a card from {source.replace('_', ' ')} to a rear-guard circle", opts,
                            cite("SUPERIOR_CALL"))
        do_call(st, ev, ans.card, p, ans.get("circle"), normal=False)
        return None
    cands, is_choice = _targets(st, part["target"], p, src, ctx)
    if is_choice:
        if ans is None and len(cands) > 1:
            return Decision("choose", p, f"{kind}: choose a target", tuple(Action.make("choose", card=c) for c in cands),
                            cite("CHOOSE_ON_RESOLUTION"))
        targets = [ans.card] if ans is not None else cands[:1]
    else:
        targets = cands
    if not targets:
        emit(ev, "effect_fizzles", f"{kind}: no legal target", ("CHOICE_IMPOSSIBLE",), p)
        return None
    for cid in targets:
        if kind in ("power", "critical", "shield", "drive"):
            add_modifier(st, cid, kind, part["amount"], part["duration"], src)
            emit(ev, "modifier", f"{name(st, cid)} gets {part['amount']:+} {kind} until {part['duration'].replace('_', ' ')}",
                 ("CONTINUOUS_EFFECT",), p, card=cid, stat=kind, amount=part["amount"])
        elif kind == "cannot_be_hit":
            add_modifier(st, cid, "no_hit", 1, part["duration"], src)
            emit(ev, "modifier", f"{name(st, cid)} cannot be hit until {part['duration'].replace('_', ' ')}",
                 ("CONTINUOUS_EFFECT",), p, assumptions=("A19",), card=cid)
        elif kind == "retire":
            if st.on_field(cid):
                owner = st.loc[cid][0]
                move(st, cid, "drop", owner)
                emit(ev, "retire", f"{name(st, cid)} is retired", ("RETIRE",), owner, card=cid)
        elif kind == "stand":
            set_rested(st, cid, False)
            emit(ev, "stand", f"{name(st, cid)} stands", ("STAND_REST",), p, card=cid)
        elif kind == "rest":
            set_rested(st, cid, True)
            emit(ev, "rest", f"{name(st, cid)} is rested", ("STAND_REST",), p, card=cid)
        elif kind == "bind":
            move(st, cid, "bind", st.cards[cid].owner)
            emit(ev, "bind", f"{name(st, cid)} is bound", ("BIND",), p, card=cid)
    return None


# ---------------------------------------------------------------- public driving API
def _run_top(st: GameState, answer: Action | None, ev: list) -> None:
    t = st.agenda.pop()
    st.pending = None
    dec = HANDLERS[t["t"]](st, t, answer, ev)
    if st.outcome:
        st.agenda.clear()
        st.pending = None
        return
    if dec is not None:
        st.agenda.append(t)
        st.pending = dec


def legal_actions(state: GameState) -> list[Action]:
    """The legal answers to the pending decision ([] when none is pending: call advance()).

    Judge actions are always accepted by :func:`apply` and are not listed.
    """
    if state.outcome or state.pending is None:
        return []
    return list(state.pending.options)


def step(state: GameState) -> tuple[GameState, list[Event]]:
    """Run the procedure until the next event (or a decision).

    Usually exactly one event is returned; a single rules action whose
    consequences are simultaneous (a drive check revealing a trigger that
    puts an ability on stand-by) returns its events together.
    """
    if state.outcome or state.pending or not state.agenda:
        return state, []
    st = state.clone()
    ev: list[Event] = []
    while not ev and st.agenda and st.pending is None and not st.outcome:
        _run_top(st, None, ev)
    return st, ev


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Run the procedure up to the next decision (or the end of the game)."""
    if state.outcome or state.pending or not state.agenda:
        return state, []
    st = state.clone()
    ev: list[Event] = []
    _advance_in_place(st, ev)
    return st, ev


def _advance_in_place(st: GameState, ev: list) -> None:
    n = 0
    while st.agenda and st.pending is None and not st.outcome:
        _run_top(st, None, ev)
        n += 1
        if n > MAX_TASKS_PER_ADVANCE:
            raise EngineError("the procedure did not reach a decision (runaway loop)")


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a player's answer to the pending decision, or a judge action.

    Returns the new state and the events; does not advance further (see
    :func:`play`).  Raises :class:`IllegalActionError` with the reason and the
    clause that forbids an illegal answer.
    """
    if action.is_judge:
        from .judge import apply_judge

        return apply_judge(state, action)
    if state.outcome:
        raise GameOverError("the game is over")
    if state.pending is None or action not in state.pending.options:
        reason, key = explain(state, action)
        raise IllegalActionError(reason, cite(key))
    st = state.clone()
    ev: list[Event] = []
    _run_top(st, action, ev)
    return st, ev


def play(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """apply() then advance(): answer and run on to the next decision."""
    st, ev = apply(state, action)
    if st is state:  # apply never returns its argument, but stay safe: never mutate the caller's state
        st = st.clone()
    _advance_in_place(st, ev)
    return st, ev


# ---------------------------------------------------------------- explaining refusals
ANSWER_KINDS = {
    "main": ("call", "move", "act", "pass"),
    "ride": ("ride", "pass"),
    "stride": ("stride", "pass"),
    "guard": ("guard", "intercept", "g_guard", "pass"),
    "attack": ("attack", "pass"),
    "target": ("target",),
    "boost": ("boost", "pass"),
}


def explain(st: GameState, a: Action) -> tuple[str, str]:
    """Why ``a`` is not legal now: (reason, registry key)."""
    dec = st.pending
    if dec is None:
        return "no decision is pending: call advance() to run the game to the next decision", "PLAY_TIMING"
    kinds = {o.kind for o in dec.options}
    k = a.kind
    card = st.cards.get(a.card) if a.card else None
    if a.card and card is None:
        return f"unknown card {a.card!r}", "PLAY_TIMING"
    if k == "attack" and dec.kind != "attack":
        if st.turn == 1:
            return "the first player cannot attack on the first turn of the game", "FIRST_TURN_NO_ATTACK"
        return "attacks are declared only in the start step of the battle phase", "START_STEP_CHOICE"
    if k == "stride":
        blocker = stride_blocker(st, st.turn_player)
        if blocker:
            return blocker
        if dec.kind != "stride":
            return "a normal stride is performed only in the stride step of the ride phase", "STRIDE_STEP"
    if k == "call" and dec.kind == "ride":
        return "during the ride step a card can only be played to the vanguard circle", "RIDE_ONLY_VANGUARD_CIRCLE"
    if k == "ride" and dec.kind != "ride" and card is not None and st.loc[a.card] == (st.turn_player, "hand"):
        g = grade_of_vanguard(st, st.turn_player)
        if card.grade not in (g, g + 1):
            return f"grade {card.grade} cannot be normal-ridden on grade {g} (same grade or one higher only)", "RIDE_GRADE"
    if k == "ride" and dec.kind == "main":
        if st.rode_this_turn:
            return "a normal ride can be performed only once per turn", "RIDE_ONCE_PER_TURN"
        return "during the main phase a card can only be played to a rear-guard circle", "MAIN_ONLY_REAR_GUARD"
    if k == "ride" and st.rode_this_turn:
        return "a normal ride can be performed only once per turn", "RIDE_ONCE_PER_TURN"
    if k == "guard" and dec.kind != "guard":
        if st.battle and st.pending.player == st.turn_player:
            return "only the non-turn player can call guardians", "GUARD_CALL"
        return "guardians can be called only in the guard step, before the drive step", "GUARD_CALL"
    if k == "g_guard":
        if dec.kind != "guard":
            return "a G guardian is called only by the non-turn player in the guard step", "GUARD_G_GUARDIAN"
        return g_guardian_blocker(st, dec.player, a.card) or g_guardian_blocker(st, dec.player) or (
            f"{a} is not among the legal answers", "GUARD_G_GUARDIAN")
    if k == "stride" and card is not None and card.g_guardian is not None:
        return f"{card.name} is a G guardian: it has no stride ability", "STRIDE_STEP"
    if k == "boost" and card is not None and not card.has("boost"):
        return f"{card.name} does not have boost", "KW_BOOST"
    if k == "intercept" and card is not None and not card.has("intercept"):
        return f"{card.name} does not have intercept", "KW_INTERCEPT"
    if k == "attack" and card is not None and dec.kind == "attack":
        problem = attacker_problem(st, a.card)
        if problem:
            return problem
    if k == "guard" and card is not None and card.owner != dec.player:
        return "only the non-turn player can call guardians", "GUARD_CALL"
    if k not in kinds and k not in ANSWER_KINDS.get(dec.kind, ()):
        return f"{k} is not a legal answer to the pending {dec.kind} decision of player {dec.player}", "PLAY_TIMING"
    p = dec.player
    if k == "call" and dec.kind == "main" and any(c in st.locked for c in st.zones[p][a.get("circle")]):
        return "a circle with a locked card is a lock circle, not a rear-guard circle", "LOCKED_CIRCLE"
    if k in ("ride", "call", "guard") and dec.kind in ("ride", "main", "guard"):
        if st.loc[a.card] != (p, "hand"):
            return f"{card.name} is not in player {p}'s hand", "PLAY_TIMING"
        g = grade_of_vanguard(st, p)
        if k == "ride":
            return f"grade {card.grade} cannot be normal-ridden on grade {g} (same grade or one higher only)", "RIDE_GRADE"
        return f"grade {card.grade} cannot be normal-called with a grade {g} vanguard", "CALL_GRADE"
    if k == "attack":
        problem = attacker_problem(st, a.card)
        if problem:
            return problem
    if k == "target" and st.is_legion_mate(a.card):
        return (f"{card.name} is a Legion Mate: a legion is attacked through its Legion Leader (Playbook Q22)",
                "LEGION_TARGET_NOT_MATE")
    if k == "target":
        return f"{card.name} is not an opponent's unit on the vanguard circle or a front-row rear-guard circle", "CHOOSE_TARGET"
    if k == "boost":
        if not card.has("boost"):
            return f"{card.name} does not have boost", "KW_BOOST"
        if card.id in st.rested:
            return f"{card.name} is resting and cannot be rested to boost", "BOOST"
        return f"{card.name} is not in the back circle of the attacking unit's column", "BOOST"
    if k == "intercept":
        if not card.has("intercept"):
            return f"{card.name} does not have intercept", "KW_INTERCEPT"
        return f"{card.name} is not on a front rear-guard circle, or is the attacked unit", "GUARD_INTERCEPT"
    if k == "act":
        ok, reason, key = act_usable(st, a.card, a.get("ability", 0))
        if not ok:
            return reason, key
    if k in ("move", "call") and any(c in st.locked for circ in (COLUMNS[a.get("column")] if k == "move" else
                                                              (a.get("circle"),)) for c in st.zones[p][circ]):
        return "a circle with a locked card is a lock circle, not a rear-guard circle", "LOCKED_CIRCLE"
    if k == "move":
        return "there is no card in that column to move", "MAIN_MOVE_COLUMN"
    if k == "choose" and card is not None and card.has("resist") and card.owner != p:
        return f"{card.name} has resist and cannot be chosen by the opponent's effects", "KW_RESIST"
    return f"{a} is not among the legal answers to the pending {dec.kind} decision", "PLAY_TIMING"


__all__ = ["legal_actions", "apply", "advance", "step", "play", "power", "stat", "drive_of", "explain", "move",
           "HANDLERS"]
