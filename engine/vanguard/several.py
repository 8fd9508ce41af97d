"""An attack on several units at once (IT 7.3.1.4.5-7.3.1.4.6): "this unit attacks all of your opponent's
front row units", "this unit attacks two units"; and the unit an attack cannot choose ("this unit cannot be attacked").

7.3.1.4.5 applies an effect that raises the number of units chosen at 7.3.1.4; 7.3.1.4.6 calls them all "the units
that were attacked" and goes on with the battle. The battle keeps the unit the turn player chose as ``target`` and
the others in ``also`` ([card, circle] pairs, only when there are any, so a battle against one unit is written as
before). Every step then reads them all (assumption A55): a guardian or an intercepting unit guards the one attacked
unit its player names (7.4.1.2.2-7.4.1.2.3), no attacked unit may intercept, each unit in place is compared with the
attacking unit on its own (7.6.1.2), a hit vanguard takes the damage (7.6.1.5), the hit rear-guards are retired
(7.6.1.10), and "when this unit's attack hits" / "does not hit" happen for each attacked unit (EN 7.7.1.7).
"""
from __future__ import annotations

from ..core.text import say
from .actions import REAR_GUARD_CIRCLES
from .attacked import attacked_kinds, attacked_units  # noqa: F401  (the battle's attacked units, read from here too)
from .characteristics import has_keyword
from .primitives import emit, name
from .state import GameState

#: the keyword an effect gives ("gets 'attacks all of your opponent's front row units'"), read at 7.3.1.4
FRONT_ROW_ATTACK = "attacks_front_row"
#: "this unit attacks two units": its player chooses a second unit to attack after the first (7.3.1.4.5)
TWO_ATTACK = "attacks_two_units"
#: "this unit may attack two units" (IT 7.3.1.4.5 "(può combattere)"): the same choice, which its player may decline
MAY_TWO_ATTACK = "may_attack_two_units"
#: "this unit cannot be attacked": no attack chooses it, not the turn player's, nor an effect's (1.3.3, EN 10.34.1.1)
NOT_ATTACKABLE = "cannot_be_attacked"


def attackable(state: GameState, card_id: str) -> bool:
    """Whether an attack may choose the unit: not when an effect says it cannot be attacked (1.3.3)."""
    return not has_keyword(state, card_id, NOT_ATTACKABLE)


def attacked_in_place(state: GameState) -> list[str]:
    """The attacked units still on the circle they were attacked on (7.3.1.4.3)."""
    q = 1 - state.turn_player
    return [c for c, circ in attacked_units(state.battle) if state.loc.get(c) == (q, circ)]


def is_attacked(state: GameState, card_id: str) -> bool:
    return any(c == card_id for c, _ in attacked_units(state.battle))


def attack_others(state: GameState, events: list, attacker: str, trigger) -> None:
    """7.3.1.4.5: an attacking unit with the keyword attacks every unit of the opponent's front row - the vanguard
    (not a Legion Mate) and the front-row rear-guards, locked cards being no units - besides the one chosen."""
    b = state.battle
    if not has_keyword(state, attacker, FRONT_ROW_ATTACK):
        return
    q = 1 - state.turn_player
    # the vanguard (the Legion Leader, never a heart or the Legion Mate) and the front-row rear-guards
    front = [(state.vanguard(q), "vanguard")] + [(state.unit_at(q, circ), circ) for circ in ("front_left", "front_right")]
    others = [[c, circ] for c, circ in front if c and c != b["target"] and c not in state.locked
              and not state.is_legion_mate(c) and attackable(state, c)]
    if not others:
        return
    attacked_too(state, events, others, trigger,
                 say("%(attacker)s attacks all the units of the front row: %(cards)s are attacked too",
                     attacker=name(state, attacker), cards=", ".join(name(state, c) for c, _ in others)))


def attacked_too(state: GameState, events: list, others: list, trigger, text: str) -> None:
    """7.3.1.4.6: ``others`` ([card, circle]) are attacked besides the unit chosen first."""
    state.battle["also"] = others
    emit(events, "attacks_several", text, ("SEVERAL_ATTACKED", "ATTACKED_UNITS"), state.turn_player,
         assumptions=("A55",), cards=[c for c, _ in others])
    for c, circ in others:  # each is attacked: its "when this unit is attacked" goes on stand-by too
        trigger(state, events, "on_attacked", c)
        attacked_triggers(state, events, c, circ, trigger)


def attacked_triggers(state: GameState, events: list, card_id: str, circle: str, trigger) -> None:
    """"When your vanguard (one of your rear-guards) is attacked", on every unit of the defender (7.3.1.4)."""
    timing = "on_your_vanguard_attacked" if circle == "vanguard" else "on_your_rear_guard_attacked"
    for unit in state.units(1 - state.turn_player, ("vanguard",) + REAR_GUARD_CIRCLES):
        trigger(state, events, timing, unit, {"attacked": card_id})


#: effect targets that are units of the battle in progress: the unit this unit boosts, the attacking unit, the
#: attacked unit(s), each while still on its circle (7.3.1.4.3, 7.3.1.6.1.1)
BATTLE_TARGETS = ("boosted_unit", "attacking_unit", "attacked_unit")
#: "one of your opponent's front-row / back-row rear-guards": the circles each chooses among
ROW_TARGETS = {"choose_opponent_front_row_rear_guard": ("front_left", "front_right"),
               "choose_opponent_back_row": ("back_left", "back_centre", "back_right")}


def battle_targets(state: GameState, target: str, src: str, ctx: dict | None = None) -> list[str]:
    """The battle's units an effect names: none outside a battle, or once the unit has left its circle. "The attacked
    unit" of a "when your vanguard is attacked" ability is the one that was attacked (``ctx``)."""
    b = state.battle
    if not b or not b.get("target"):
        return []
    attacker_here = state.loc.get(b["attacker"]) == (state.turn_player, b["attacker_circle"])
    if target == "attacked_unit":
        here = attacked_in_place(state)
        named = (ctx or {}).get("attacked")
        return [named] if named in here else [] if named else here
    if target == "boosted_unit" and b.get("booster") != src:
        return []  # "the boosted unit" is the unit this unit boosts
    return [b["attacker"]] if attacker_here else []
