"""Why not, shared by every game: which of the answers a judge might expect the engine refuses, and why.

Each game's ``why_not.py`` builds its candidate answers (the answers a person at the table would think
of at the pending decision); :func:`refused_among` asks the game's ``apply`` about each one that is not
legal: an illegal answer is refused with ``IllegalActionError(reason, citation)`` before anything changes.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .errors import IllegalActionError


def unique(actions: Iterable[Any]) -> list:
    """The actions without duplicates, in their first order."""
    seen: set = set()
    out = []
    for action in actions:
        if action not in seen:
            seen.add(action)
            out.append(action)
    return out


def refused_among(state: Any, candidates: Iterable[Any], apply: Callable) -> list[tuple[Any, str, Any]]:
    """(action, reason, citation) for every candidate the engine refuses at the pending decision.

    Refusals the engine can only explain generically ("... is not among the legal answers") are left
    out: they tell a judge nothing a missing option does not.
    """
    dec = state.pending
    if dec is None or state.outcome:
        return []
    legal = set(dec.options)
    out = []
    for action in candidates:
        if action in legal:
            continue
        try:
            apply(state, action)
        except IllegalActionError as exc:
            if "not among the legal answers" in exc.reason:
                continue
            out.append((action, exc.reason, exc.citation))
    return out
