"""Judge language: what the sandbox's pages say instead of the engine's identifiers.

The engine speaks in identifiers (``front_left``, ``twin_drive``, ``LOSS_DAMAGE``,
``players[0].hand[2].grade``) because they are stable data.  A judge at a table
reads circles, zones, phases and steps by their names in the rules, actions as
sentences ("Call Knight to the front left rear-guard circle"), expectations as
sentences ("the attack hits") and errors that say what to fix on the board.
Everything here is plain text; templates escape it.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext

from judgeapp.caches import ByteLRU

# The words of every hosted game's identifiers (each plug-in's ``WORDS``: zones, phases, steps and the rest),
# merged: the filters of the shared templates name an identifier without knowing the board's game.
VOCABULARY_PARTS = ("ZONE_NAMES", "WORDS", "PHASE_NAMES", "STEP_NAMES", "STATUS_WORDS")
_VOCABULARY: dict = {}


def vocabulary() -> dict[str, dict[str, str]]:
    """The hosted games' word tables merged (the default game's word wins a clash), rebuilt when a game is
    plugged in or out."""
    from . import games

    key = tuple(games.slugs())  # cheap: words() runs for every identifier of every page
    if _VOCABULARY.get("key") != key:
        merged: dict[str, dict[str, str]] = {part: {} for part in VOCABULARY_PARTS}
        for game in games.hosted():
            for part, table in getattr(game, "WORDS_TABLES", {}).items():
                for k, v in table.items():
                    merged[part].setdefault(k, v)
        _VOCABULARY.update(key=key, tables=merged)
        _SENTENCES.clear()
    return _VOCABULARY["tables"]


IDENTIFIER = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")


def words(identifier) -> str:
    """An identifier as words: its name in the rules when it has one, else its parts."""
    text = str(identifier)
    tables = vocabulary()
    if text in tables["ZONE_NAMES"]:
        return tables["ZONE_NAMES"][text]
    return tables["WORDS"].get(text, text.replace("_", " "))


# A log repeats the same sentences, and a long log is rendered on every step.  Bounded in bytes
# (judgeapp/caches.py): a sentence names cards, and a card's name is the visitor's.
_SENTENCES = ByteLRU("sentences", lambda sentence: 4 * len(sentence) + 200)  # with its key, about as long


def judge_text(text: str) -> str:
    """An engine sentence with every identifier in it named as the rules name it."""
    if "_" not in text:
        return text
    known = _SENTENCES.get(text)
    if known is None:
        known = IDENTIFIER.sub(lambda m: words(m.group(0)), text)
        _SENTENCES.put(text, known)
    return known


def phase_text(phase: str | None, step: str | None = None) -> str:
    tables = vocabulary()
    out = tables["PHASE_NAMES"].get(phase or "", words(phase or ""))
    if step:
        out += f", {tables['STEP_NAMES'].get(step, words(step))}"
    return out


def player_words(index, first_player=0) -> str:
    """A player as the rules name them: the first or the second player (never an index)."""
    try:
        first = int(index) == int(first_player or 0)
    except (TypeError, ValueError):
        return gettext("a player")
    return gettext("the first player") if first else gettext("the second player")


def seat_words(index, first_player=0) -> str:
    """A player's seat as a heading or a tab names it: "First player", "Second player"."""
    return gettext("First player") if str(index) == str(first_player or 0) else gettext("Second player")


SEAT_INDEX = re.compile(r"\b([Pp])layer ([01])\b")


def seat_text(text: str, first_player=0) -> str:
    """An engine sentence with "player 0" / "player 1" named as the rules name the players (the first or the
    second player)."""
    if "layer " not in text:
        return text

    def seat(m: re.Match) -> str:
        words = player_words(m.group(2), first_player)
        return words[:1].upper() + words[1:] if m.group(1) == "P" else words

    return SEAT_INDEX.sub(seat, text)


def outcome_text(outcome: dict | None, first_player=0) -> str:
    if not outcome:
        return ""
    if outcome.get("winner") is None:
        return gettext("the game is a draw (%(reason)s)") % {"reason": words(outcome.get("reason", ""))}
    return gettext("%(player)s wins (%(reason)s)") % {"player": player_words(outcome["winner"], first_player),
                                                       "reason": words(outcome.get("reason", ""))}


# ---------------------------------------------------------------- field paths -> what to fix on the board
PATH_PART = re.compile(r"([A-Za-z_]+)(?:\[(\d+)\])?")


def field_text(path: str) -> str:
    """``scenario.players[0].hand[1].grade`` -> "player 0, hand, card 2, grade"."""
    bits = []
    for name, index in PATH_PART.findall(path or ""):
        if name in ("scenario", "definition", "field", "body"):
            continue
        if name == "players" and index:
            bits.append(gettext("player %(player)s") % {"player": index})
        elif index:
            item = gettext("card %(number)s") if name in vocabulary()["ZONE_NAMES"] else gettext("item %(number)s")
            bits.append(f"{words(name)}, {item % {'number': int(index) + 1}}")
        else:
            bits.append(words(name))
    return ", ".join(bits)


def error_text(field: str, message: str) -> str:
    """An input error as a judge reads it: where on the board (or which form field), then what is wrong."""
    where = field_text(field)
    message = judge_text(message)
    return f"{where[:1].upper()}{where[1:]}: {message}" if where else message[:1].upper() + message[1:]


# ---------------------------------------------------------------- expectations as sentences
def expectation_text(e: dict, names: dict[str, str] | None = None) -> str:
    """One expectation of the scenario format as a sentence ("the attack hits", "player 1 has 1 damage")."""
    names = names or {}

    def card(key: str = "card") -> str:
        cid = e.get(key)
        return names.get(cid, gettext("card %(number)s") % {"number": cid})

    kind = e.get("expect")
    if kind == "zone_count":
        return gettext("player %(player)s's %(zone)s holds %(count)s cards") % {
            "player": e.get("player"), "zone": words(e.get("zone")), "count": e.get("count")}
    if kind == "winner":
        if e.get("equals") is None:
            return gettext("nobody has won yet")
        wins = gettext("player %(player)s wins") % {"player": e.get("equals")}
        return wins + (f" ({words(e['reason'])})" if e.get("reason") else "")
    if kind == "decision":
        who = gettext("player %(player)s") % {"player": e["player"]} if "player" in e else gettext("a player")
        return gettext("%(who)s must decide: %(what)s") % {"who": who, "what": words(e.get("kind"))}
    if kind == "event":
        what = words(e["kind"]) if e.get("kind") else gettext("an event")
        cited = " " + gettext("(clause %(number)s)") % {"number": e["citation"]} if e.get("citation") else ""
        if e.get("absent"):
            return gettext("no %(what)s") % {"what": what} + cited
        return what + cited + (", " + gettext("%(count)s times") % {"count": e["count"]} if "count" in e else "")
    from . import games

    for game in games.hosted():  # a game's own kinds, in its words
        text = game.expectation_text(e, card) if hasattr(game, "expectation_text") else None
        if text is not None:
            return text
    return words(str(kind))
