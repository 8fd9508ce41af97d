"""Choosing more than one card for an effect: "choose 2 of your characters", "choose up to 2 ..." (8.6.3.1-8.6.3.1.4);
and the conditions of a part of an effect that is active only under them (8.3.3).

One card is chosen per decision, never one already chosen; the effect then applies to all of them at once. Every
possible choice must be made (8.6.3.1); with "up to" the player may stop at any number, none too (8.6.3.1.1); with
fewer candidates than the number, all of them are chosen, without asking (8.6.3.1.2).
"""

from __future__ import annotations

import json

from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .citations import cite
from .primitives import name

REPEAT = "repeat"  # a resolver's answer: done once, run the same effect again (4.7.3)


def if_conditions(part) -> list:
    """The conditions under which a part of an effect is active (8.3.3), parsed back from the part."""
    from .ability_parts import _condition

    return [_condition(c, "if") for c in json.loads(part.get("if"))]


def several(state, task: dict, answer, part, cands: list[str]):
    """The cards chosen so far and what comes next: (cards, None) once the choosing is over, ([], a decision) to
    ask for one more, ([], REPEAT) after an answer (the task, which keeps the cards chosen, runs again)."""
    count, up_to = part.get("count", 1), part.get("up_to", False)
    picked = list(task.get("picked", []))
    if answer is not None:
        if answer.kind == "pass":  # "up to": the player stops here (8.6.3.1.1)
            return picked, None
        picked.append(answer.card)
        task["picked"] = picked
    rest = [c for c in cands if c not in picked]
    if len(picked) >= count or not rest:
        return picked, None
    if not up_to and len(rest) <= count - len(picked):  # no choice left to make (8.6.3.1.2)
        return picked + rest, None
    if answer is not None:
        return [], REPEAT
    prompt = say("choose a character for %(card)s's effect (%(n)s of %(count)s chosen)", card=name(state, task["card"]),
                 n=len(picked), count=count)
    decider = task["p"] if part.get("chooser", "self") == "self" else 1 - task["p"]  # "your opponent chooses" (W35)
    return [], Decision("choose", decider, prompt, tuple(Action.make("choose", card=c) for c in rest)
                        + ((Action.make("pass"),) if up_to else ()), cite("CHOOSE_UP_TO" if up_to
                                                                           else "CHOOSE_MANDATORY"))


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
