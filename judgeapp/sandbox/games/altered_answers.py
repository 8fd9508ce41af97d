"""Altered's questions and answers (judgeapp/sandbox/answers.py): the common questions at a table, the point the
engine runs to for each, and the answer in one line read from the events.  The site walk of site-walk2 found an
Altered board with no question to pick and a ruling page with no answer, where the two other games had both."""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from ..wording import player_words
from .altered_words import EXPEDITION_WORDS, OUTCOME_WORDS, said

QUESTIONS = (
    {"key": "progress", "text": gettext_lazy("Which expeditions move forward at Dusk?"), "mode": "phase"},
    {"key": "winner", "text": gettext_lazy("Who wins at Night, and why?"), "mode": "phase"},
)
QUESTION_POINT = "decision"  # a free-text question: the next choice of a player
MOVES = ("expedition_moves", "no_progress", "no_move")  # Dusk's Progress (4.2.4) as it happens, expedition by expedition
# a phase beginning before any move (but Night, which follows Dusk's Progress): the point the question is about has not
# been reached, or is a day behind
OPENERS = ("phase",)
ENDINGS = ("win", "concede")  # the game's end, with the outcome's reason


def _cite(e: dict) -> dict | None:
    return e["citations"][0] if e.get("citations") else None


def _expedition(e: dict, first) -> str:
    data = e.get("data") or {}
    return _("%(expedition)s of %(player)s") % {"expedition": said(EXPEDITION_WORDS, data.get("expedition"),
                                                                   _("an expedition")),
                                                 "player": player_words(e.get("player"), first)}


def answer_line(state, events: list[dict]) -> tuple[str, dict | None] | None:
    """The answer at this point: the game's end and its reason, else the expeditions the last Progress moved
    forward (or that none did)."""
    first = getattr(state, "first_player", 0)
    moved, stayed, cite = [], 0, None
    for e in reversed(events):
        kind = e["kind"]
        if kind in ENDINGS and state.outcome and not moved and not stayed:
            outcome = state.outcome or {}
            winner = player_words(outcome.get("winner", e.get("player")), first)
            reason = said(OUTCOME_WORDS, outcome.get("reason", ""))
            text = _("%(winner)s wins: %(reason)s") % {"winner": winner, "reason": reason} if reason else \
                _("%(winner)s wins") % {"winner": winner}
            return text[:1].upper() + text[1:], _cite(e)
        if kind == "progress":  # the expedition won a statistic: 4.2.4.b decides it (the move's own clause is 7.3.11)
            cite = _cite(e)
        if kind in MOVES:
            cite = cite if kind == "expedition_moves" else cite or _cite(e)
            if kind == "expedition_moves" and "forward" in e.get("text", "forward"):
                moved.append(_expedition(e, first))
            else:
                stayed += 1
        elif kind in OPENERS and (moved or stayed or (e.get("data") or {}).get("phase") != "night"):
            break
    if moved:
        return ngettext("%(n)d expedition moves forward: %(which)s", "%(n)d expeditions move forward: %(which)s",
                        len(moved)) % {"n": len(moved), "which": ", ".join(reversed(moved))}, cite
    if stayed:
        return _("No expedition moves forward"), cite
    return None
