"""Optional replacement effects: "if this unit would be retired, you may put it into (zone) instead" (8.2.1.3.2).

The owner of the unit chooses, each time it would be retired, whether the replacement applies. The choice comes
before the retirement, so a handler that retires units first asks (:func:`ask_first`): when some unit's choice is
still open it pushes one ``replacement_choice`` task per such unit followed by itself again, carrying the answers
(``replace``: card -> yes / no), and does nothing now; run again, it passes them to standby.retire_unit.
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .citations import cite
from .primitives import emit, handler, name
from .standby import replacement_of
from .state import GameState

# the question, per zone: literal sentences, so each is translated whole
_PROMPT = {
    "soul": lambda card: say("%(card)s would be retired: put it into the soul instead?", card=card),
    "hand": lambda card: say("%(card)s would be retired: return it to the hand instead?", card=card),
    "deck_bottom": lambda card: say("%(card)s would be retired: put it on the bottom of the deck instead?", card=card),
}


def open_choices(state: GameState, task: dict, cards: list[str]) -> list[str]:
    """The units among ``cards`` whose optional replacement applies now (one that always applies wins, 8.2.1.3.1)
    and whose owner has not yet answered in this task."""
    chosen = task.get("replace") or {}
    return [c for c in cards if c not in chosen and state.on_field(c) and replacement_of(state, c, optional=False) is None
            and replacement_of(state, c, optional=True) is not None]


def ask_first(state: GameState, task: dict, cards: list[str]) -> bool:
    """8.2.1.3.2: before ``cards`` are retired, each owner chooses about each optional replacement; True when the
    choices were pushed (with ``task`` again after them), so the handler stops and does nothing now."""
    waiting = open_choices(state, task, cards)
    if not waiting:
        return False
    push(state, {"t": "replacement_choice", "cards": waiting, "then": dict(task)})
    return True


@handler("replacement_choice")
def _replacement_choice(state, task, answer, events):
    """8.2.1.3.2: the owner of the first waiting unit chooses; then the next unit, then the handler that retires."""
    card_id, rest, then = task["cards"][0], task["cards"][1:], task["then"]
    zone = replacement_of(state, card_id, optional=True) if state.on_field(card_id) else None
    owner = state.cards[card_id].owner
    if zone is not None and answer is None:
        return Decision("replacement", owner, _PROMPT[zone](name(state, card_id)),
                        (Action.make("accept"), Action.make("pass")), cite("REPLACEMENT_OPTIONAL"))
    applies = zone is not None and answer is not None and answer.kind == "accept"
    if zone is not None:
        emit(events, "replacement_chosen",
             say("player %(player)s chooses to apply the replacement effect of %(card)s", player=owner,
                 card=name(state, card_id)) if applies else
             say("player %(player)s chooses not to apply the replacement effect of %(card)s", player=owner,
                 card=name(state, card_id)),
             ("REPLACEMENT_OPTIONAL",), owner, assumptions=("A52",), card=card_id, applies=applies)
    then = {**then, "replace": {**(then.get("replace") or {}), card_id: applies}}
    push(state, {"t": "replacement_choice", "cards": rest, "then": then} if rest else then)
    return None
