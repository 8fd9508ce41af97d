"""Current values of units: power, critical, shield, drive (8.7, 11.1, 11.3) and the conditions abilities test.

A characteristic is the printed value plus modifiers and CONT effects; power
during a battle adds boost (11.1), a legion's mate (10.27.6) and guardians'
shields (3.11.3).
"""

from __future__ import annotations

from ..core.abilities import count_within
from .abilities import REQUIREMENT_CONDITIONS, Ability, Part
from .actions import CIRCLES, REAR_GUARD_CIRCLES
from .attacked import attacked_kinds
from .state import COLUMNS, FRONT_ROW, GameState, Modifier


def condition_holds(state: GameState, cond: Part, src: str, ctx: dict | None = None) -> bool:
    owner = state.cards[src].owner
    kind = cond.kind
    if kind == "limit_break":
        return len(state.zones[owner]["damage"]) >= cond.get("count")
    if kind == "generation_break":
        return generation_count(state, owner) >= cond.get("count")
    if kind == "circle":
        where = state.loc[src][1]
        want = cond.get("circle")
        if want == "vanguard":
            return where == "vanguard"
        if want == "guardian":
            return where == "guardian"
        return where in REAR_GUARD_CIRCLES
    if kind == "count":
        return count_within(cond, count_cards(state, owner, cond))
    if kind == "revealed":
        # "when your drive check reveals ...": the card that check put into the trigger zone (7.5.1.2.3)
        checked = (ctx or {}).get("checked")
        if checked is None:
            return False
        card, want = state.cards[checked], cond.get("trigger")
        if cond.get("grade") is not None and card.grade != cond.get("grade"):
            return False
        return want is None or (card.trigger != "none" if want == "any" else card.trigger == want)
    if kind in ("own_turn", "opponent_turn"):
        # "during your turn" holds while the card's owner is the turn player (6.2.1)
        return (state.turn_player == owner) == (kind == "own_turn")
    if kind in ("calls_this_turn", "soul_in_this_turn"):  # 11.19 Legame / 11.30 Oscurità: the card owner's counts
        counts = state.calls_this_turn if kind == "calls_this_turn" else state.soul_in_this_turn
        return count_within(cond, counts[state.cards[src].owner])
    if kind == "battle_number":  # 11.35: the how-manieth battle of this turn the current one is (none outside a battle)
        b = state.battle
        return bool(b) and cond.get("min", 1) <= b["number"] <= cond.get("max", b["number"])
    if kind == "more_rear_guards":  # Ardente (11.21.1): more rear-guards than the opponent has
        # a locked card is not a unit (10.24), so not a rear-guard either
        return sum(c not in state.locked for c in state.rear_guards(owner)) > sum(
            c not in state.locked for c in state.rear_guards(1 - owner))
    if kind == "placed_unit":  # the other unit whose placement triggered the ability (on_other_placed)
        other = (ctx or {}).get("other")
        if other is None or not state.on_field(other):
            return False
        where = state.loc[other][1]
        want = cond.get("circle")
        if want and not (where == want or (want == "rear_guard" and where in REAR_GUARD_CIRCLES)):
            return False
        if cond.get("name") is not None and state.cards[other].name != cond.get("name"):
            return False
        return cond.get("same_column") is None or (column_of(where) == column_of(state.loc[src][1])
                                                    and column_of(where) is not None) == cond.get("same_column")
    if kind in ("brave", "oracle"):  # Audace 11.15.1 (3 or fewer cards in hand), Oracolo 11.16.1 (5 or more)
        n = len(state.zones[owner]["hand"])
        return n <= 3 if kind == "brave" else n >= 5
    if kind == "thunderstrike":  # Folgore 11.26: the opponent's bind zone
        return len(state.zones[1 - owner]["bind"]) >= cond.get("count")
    if kind == "battle":  # the current battle: the unit it attacks, and whether it hit (7.6.1.2; Trama d'Ombra 11.25)
        b = state.battle
        if not b or not b["target"]:
            return False
        # 7.1.2.2: a battle whose attacked units include a vanguard (a rear-guard) is one where a vanguard is attacked
        if cond.get("target") is not None and (cond.get("target") == "vanguard") not in attacked_kinds(b):
            return False
        return cond.get("hit") is None or bool(b["hit"]) == cond.get("hit")
    if kind == "rear_guard_power":  # Successo (11.37.2): a rear-guard of yours with that power, boost and triggers
        return any(power(state, c) >= cond.get("min") for c in state.rear_guards(owner)  # counted (11.37.1.1)
                   if c not in state.locked)
    if kind == "state":  # a keyword state taken until end of turn (11.21.1, 11.24.1, 11.37.2)
        unit = src if cond.get("unit", "self") == "self" else state.vanguard(owner)
        return has_state(state, unit, cond.get("state")) != bool(cond.get("absent", False))
    if kind == "vanguard_grade":  # "if your opponent's vanguard is grade 3 or greater" (its grade now, 2.6)
        grade = grade_of_vanguard(state, owner if cond.get("player") == "self" else 1 - owner)
        return cond.get("min", 0) <= grade <= cond.get("max", 99)
    if kind == "attacking":
        b = state.battle
        if not b or b["attacker"] != src or not b["target"]:
            return False
        return (cond.get("target") == "vanguard") in attacked_kinds(b)
    return False


def column_of(circle: str) -> str | None:
    """The column of a circle (4.6.1): left, centre (the vanguard circle and the one behind it) or right."""
    return next((col for col, circles in COLUMNS.items() if circle in circles), None)


def has_state(state: GameState, card_id: str | None, which: str) -> bool:
    """Whether the unit has become ``which`` (blazing, engorged, successful) and still is: the state is a modifier
    of the card until end of turn, so it ends with the turn or when the card changes zone (4.1.4)."""
    if card_id is None:
        return False
    if which == "harmony":  # 11.34.1: in harmony as long as an associated unit is still on the field with it; one
        # that left the field and came back was placed after the association, a new card (4.1.4): no longer associated
        return any(m.card == card_id and m.stat == which and m.source in state.loc and state.on_field(m.source)
                   and state.placed_at.get(m.source, m.order) <= m.order for m in state.modifiers)
    return any(m.card == card_id and m.stat == which for m in state.modifiers)


def generation_count(state: GameState, player: int) -> int:
    """Face-up G units on the vanguard circle and in the G zone (11.14.1)."""
    on_vc = sum(1 for c in state.units(player, ("vanguard",)) if state.cards[c].type == "g_unit")
    return on_vc + sum(1 for c in state.zones[player]["gzone"] if c not in state.face_down)


def conditions_hold(state: GameState, ab: Ability, src: str, ctx: dict | None = None) -> bool:
    return all(condition_holds(state, c, src, ctx) for c in ab.conditions)


def trigger_conditions_hold(state: GameState, ab: Ability, src: str, ctx: dict | None = None) -> bool:
    """An AUTO ability's conditions checked when its event happens: all but its "if" requirements (A35)."""
    return all(condition_holds(state, c, src, ctx) for c in ab.conditions if c.kind not in REQUIREMENT_CONDITIONS)


def requirements_hold(state: GameState, ab: Ability, src: str, ctx: dict | None = None) -> bool:
    """An AUTO ability's "if" requirements, checked when it is played (8.1.1.2.3, A35)."""
    return all(condition_holds(state, c, src, ctx) for c in ab.conditions if c.kind in REQUIREMENT_CONDITIONS)


def _modifier_active(state: GameState, m: Modifier) -> bool:
    if m.duration != "while":
        return True
    cond = dict(m.condition)
    return condition_holds(state, Part(cond["kind"], tuple(sorted((k, v) for k, v in cond.items() if k != "kind"))),
                           m.card)


def count_cards(state: GameState, owner: int, cond) -> int:
    """How many cards a ``count`` condition (or an amount's ``per``: a Part or its JSON) counts for ``owner``."""
    q = owner if cond.get("player") == "self" else 1 - owner
    zone = cond.get("zone")
    cards = (state.rear_guards(q) if zone == "rear_guards" else state.units(q, ("vanguard",) + REAR_GUARD_CIRCLES)
             if zone == "units" else state.zones[q][zone])
    if cond.get("name") is not None or cond.get("grade") is not None:  # only the cards with that name / grade
        cards = [c for c in cards if c not in state.locked and cond.get("name") in (None, state.cards[c].name)
                 and cond.get("grade") in (None, state.cards[c].grade)]
    return len(cards)


def per_amount(state: GameState, owner: int, eff) -> int:
    """An effect's amount, times the number of cards its ``per`` counts ("+2000 for each card in your soul")."""
    per = eff.get("per")
    return eff.get("amount", 0) * (count_cards(state, owner, per[0]) if per else 1)


def _cont_bonus(state: GameState, card_id: str, stat: str) -> int:
    player, where = state.loc[card_id]
    if where not in CIRCLES:
        return 0
    total = 0
    for src in state.units(player):
        card = state.cards[src]
        if not card.abilities or src in state.locked or src in state.deleted:
            continue
        for ab in card.abilities:
            if ab.timing != "cont" or not conditions_hold(state, ab, src):
                continue
            for eff in ab.effects:
                if eff.kind != stat:
                    continue
                if _reaches(eff.get("target"), src, card_id, where):  # a "for each" counted now (8.2.1.2)
                    total += per_amount(state, player, eff)
    return total


def stat(state: GameState, card_id: str, which: str) -> int:
    """A characteristic after modifiers and CONT effects (8.7.1): power, critical, shield."""
    card = state.cards[card_id]
    base = {"power": card.power, "critical": card.critical, "shield": card.shield, "drive": 0}[which]
    if which == "power" and card_id in state.deleted:
        base = 0  # 10.26.3: a deleted unit's original power is 0 (decreases still apply, 10.26.8)
    if card_id in state.locked:
        return 0  # 10.24.3: a locked card has no characteristics
    total = base
    if which == "power" and card.type == "g_unit" and state.hearts:
        player, where = state.loc[card_id]
        if where == "vanguard":
            heart = next((h for h in state.zones[player]["vanguard"]
                          if h in state.hearts and state.cards[h].type != "g_unit"), None)
            if heart:
                total += state.cards[heart].power
    for m in state.modifiers:
        if m.card == card_id and m.stat == which and _modifier_active(state, m):
            total += m.amount
    return total + _cont_bonus(state, card_id, which)


def cannot_use_abilities(state: GameState, card_id: str) -> bool:
    """An effect says this unit cannot use its abilities (12.2.1)."""
    return any(m.card == card_id and m.stat == "no_abilities" and _modifier_active(state, m) for m in state.modifiers)


def guard_barred_grade(state: GameState, card_id: str) -> int | None:
    """The lowest grade of the hand cards that cannot guard this attacking unit ("cannot be guarded by grade N or
    greater"), or None; several such effects: the strictest holds, each stopping the action (1.3.3)."""
    grades = [m.amount for m in state.modifiers
              if m.card == card_id and m.stat == "guard_grade" and _modifier_active(state, m)]
    return min(grades) if grades else None


def cannot_be_hit(state: GameState, card_id: str) -> bool:
    if any(m.card == card_id and m.stat == "no_hit" and _modifier_active(state, m) for m in state.modifiers):
        return True
    return _cont_bonus(state, card_id, "cannot_be_hit") != 0 or _cont_flag(state, card_id)


def _cont_flag(state: GameState, card_id: str) -> bool:
    player, where = state.loc[card_id]
    if where not in CIRCLES:
        return False
    for src in state.units(player):
        for ab in state.cards[src].abilities:
            if ab.timing == "cont" and conditions_hold(state, ab, src):
                for eff in ab.effects:
                    if eff.kind == "cannot_be_hit" and eff.get("target") == "self" and src == card_id:
                        return True
    return False


def has_keyword(state: GameState, card_id: str, keyword: str) -> bool:
    """Whether the unit has the keyword: printed on it, given to it ("gets 'boost'", IT 10.22.3 / EN 10.21.3) or
    taken from it ("loses 'intercept'", IT 10.22.2 / EN 10.21.2) by an effect for a time, or by a CONT ability while its
    condition holds, read first (assumption A51); the latest effect wins.
    The effect is a modifier of the card (stat: the keyword, +1 given, -1 lost), gone when it changes zone (4.1.4)."""
    has = state.cards[card_id].has(keyword)
    # a CONT ability's "while (condition), this unit gets 'boost'" is in force only while its condition holds (8.2.1.2):
    # read now, so the keyword comes and goes with the condition; an effect of an ability played since is later
    given = _cont_keyword(state, card_id, keyword)
    if given is not None:
        has = given
    for m in state.modifiers:
        if m.card == card_id and m.stat == keyword and _modifier_active(state, m):
            has = m.amount > 0
    return has


def keyword_taken(state: GameState, card_id: str, keyword: str) -> bool:
    """Whether an effect has taken the keyword from the unit ("loses 'intercept'", IT 10.22.2): printed on it or given
    by a CONT ability (A51), the latest effect on it took it away."""
    last = [m for m in state.modifiers if m.card == card_id and m.stat == keyword and _modifier_active(state, m)]
    return bool(last) and last[-1].amount < 0


def _cont_keyword(state: GameState, card_id: str, keyword: str) -> bool | None:
    """What the CONT abilities in force say of the unit's keyword: given (True), taken away (False) or nothing (None);
    a card with no text (deleted) or no characteristics (locked) gives nothing (10.26, 10.24.3)."""
    if card_id not in state.loc or state.loc[card_id][1] not in CIRCLES:
        return None
    player, where = state.loc[card_id]
    said = None
    for src in state.units(player):
        if src in state.locked or src in state.deleted:
            continue
        for ab in state.cards[src].abilities:
            if ab.timing != "cont" or not conditions_hold(state, ab, src):
                continue
            for eff in ab.effects:
                if eff.kind in ("gain_keyword", "lose_keyword") and eff.get("keyword") == keyword and _reaches(
                        eff.get("target"), src, card_id, where):
                    said = eff.kind == "gain_keyword"
    return said


def _reaches(target: str, src: str, card_id: str, where: str) -> bool:
    """Whether a CONT ability's target names this unit: itself, the vanguard, every rear-guard, every front-row unit
    (4.6.3-4.6.4) or every unit of its player."""
    return (target == "self" and src == card_id) or (target == "own_vanguard" and where == "vanguard") or (
        target == "all_own_rear_guards" and where in REAR_GUARD_CIRCLES) or (
        target == "all_own_front_row" and where in FRONT_ROW) or target == "all_own_units"


def drive_of(state: GameState, card_id: str) -> int:
    """Number of drive checks: base 1 for a vanguard (2.16.2) + the largest drive ability (11.3.2)."""
    extra = stat(state, card_id, "drive")
    if state.loc[card_id][1] != "vanguard":
        return max(extra, 0)
    kw = 2 if has_keyword(state, card_id, "triple_drive") else 1 if has_keyword(state, card_id, "twin_drive") else 0
    return 1 + kw + extra


def boost_valid(state: GameState) -> bool:
    b = state.battle
    return bool(b and b["booster"] and state.loc.get(b["booster"]) == (state.turn_player, b["booster_circle"])
                and state.loc.get(b["attacker"]) == (state.turn_player, b["attacker_circle"]))


def power(state: GameState, card_id: str) -> int:
    """Current power, including boost (11.1) and guardians' shields (3.11.3) during a battle."""
    pw = stat(state, card_id, "power")
    b = state.battle
    if b:
        if card_id == b["attacker"] and boost_valid(state):
            pw += stat(state, b["booster"], "power")
        if card_id == b["attacker"] and state.legion:
            mate = legion_mate_on_circle(state, card_id)
            if mate:  # 10.27.6 / 7.6.1.2: a legion attacks with the combined power
                pw += stat(state, mate, "power")
        if card_id == b["target"] or b.get("also") and any(c == card_id for c, _ in b["also"]):
            for g, guarded in b["guardians"].items():
                if guarded == card_id and state.loc.get(g, (None, None))[1] == "guardian":
                    pw += stat(state, g, "shield")
    return pw


def legion_mate_on_circle(state: GameState, leader: str) -> str | None:
    """The Legion Mate of ``leader`` when both are units on the same vanguard circle (not hearts)."""
    mate = state.legion_mate(leader)
    if mate is None or state.loc.get(mate) != state.loc.get(leader) or mate in state.hearts or leader in state.hearts:
        return None
    return mate


def grade_of_vanguard(state: GameState, player: int) -> int:
    vg = state.vanguard(player)
    return state.cards[vg].grade if vg else 0
