"""Ask, answer, stop: a board's question, the point the engine runs to for it, and its answer in one line.

A judge states the question on the board (free text, or one of the common questions its game's plug-in lists
in ``QUESTIONS``); after each answer the engine runs only to the point that question is about (the question's
run mode, else the game's ``QUESTION_POINT``) and stops there, running on to the next decision being a
choice.  The answer line ("No hit: 0 damage", "Refused: ...", "The second player wins: ...") is read from the
events up to the current point by the game's ``answer_line``, each with the clause that decides it (given the
common question's key too when the plug-in reads each question its own way, ``ANSWER_BY_QUESTION``).  Nothing
here names a game: every word about one comes from its plug-in.
"""
from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from . import games, history, selectors


def questions(definition: dict) -> list[dict]:
    """The common questions of the board's game: ``key``, ``text`` (in the page's language), ``mode``."""
    plugin = games.for_definition(definition)
    return [{"key": q["key"], "text": str(q["text"]), "mode": q["mode"]} for q in getattr(plugin, "QUESTIONS", ())]


def question_text(definition: dict, key: str) -> str:
    """The words of common question ``key`` (empty when the game has no such question)."""
    return next((q["text"] for q in questions(definition) if q["key"] == key), "")


def _matching(definition: dict, question: str) -> dict | None:
    """The common question ``question`` is, in either language of the site (a board asked in Italian keeps its
    stop point when read in English)."""
    wanted = " ".join((question or "").split()).casefold()
    if not wanted:
        return None
    plugin = games.for_definition(definition)
    for q in getattr(plugin, "QUESTIONS", ()):
        for language in ("en", "it"):
            with translation.override(language):
                if " ".join(str(q["text"]).split()).casefold() == wanted:
                    return q
    return None


def question_mode(definition: dict, question: str) -> str:
    """The run mode the engine runs to after an answer: the common question's, else the game's default point
    (a question stated in free text is taken to be about the battle or step under way)."""
    q = _matching(definition, question)
    if q is not None:
        return q["mode"]
    return getattr(games.for_definition(definition), "QUESTION_POINT", "decision")


def question_key(definition: dict, question: str) -> str:
    q = _matching(definition, question)
    return q["key"] if q is not None else ""


def ask_context(definition: dict, question: str) -> dict:
    """What a board's page needs to ask: the common questions, the one asked (if common), the point to stop at."""
    return {"questions": questions(definition), "question_key": question_key(definition, question),
            "then_mode": question_mode(definition, question)}


def path_events(scenario, node: int | None = None) -> list[dict]:
    """The engine's events (with their data) from the start to ``node`` (default: the current point), along the
    board's history (the engine's Timeline, judgeapp/sandbox/history.py)."""
    if not scenario.tree:
        return []
    path = history.timeline_of(scenario).path(node)
    events_of = selectors.node_events(scenario=scenario, nodes=[n.id for n in path if n.event_count])
    return [e for n in path for e in events_of.get(n.id, ())]


def answer_view(*, scenario, state: Any, node: int | None = None, refused: dict | None = None) -> dict | None:
    """The answer in one line at the point shown: a refusal when the judge's last try was refused, else what the
    game reads from the events (``None`` while the point the question is about has not been reached)."""
    if refused:
        reason = refused.get("reason", "")
        return {"text": _("Refused: %(reason)s") % {"reason": selectors.READING_NOTE.sub("", reason)},
                "citation": refused.get("citation"), "refused": True,
                "assumptions": refused.get("assumptions") or selectors.READING_NOTE.findall(reason)}
    if state is None:
        return None
    plugin = games.for_state(state)
    read = getattr(plugin, "answer_line", None)  # optional: a game may not read answers yet
    if read is not None and getattr(plugin, "ANSWER_BY_QUESTION", False):  # it reads each common question its way
        line = read(state, path_events(scenario, node), question_key(scenario.definition, scenario.question))
    else:
        line = read(state, path_events(scenario, node)) if read else None
    if line is None:
        return None
    text, citation = line
    return {"text": text, "citation": selectors.citation_view(citation) if citation else None, "refused": False}
