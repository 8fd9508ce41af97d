"""Judge language: what the sandbox's pages say instead of the engine's identifiers.

The engine speaks in identifiers (``front_left``, ``twin_drive``, ``LOSS_DAMAGE``,
``players[0].hand[2].grade``) because they are stable data.  A judge at a table
reads circles, zones, phases and steps by their names in the rules, actions as
sentences ("Call Knight to the left front circle"), expectations as
sentences ("the attack hits") and errors that say what to fix on the board.
Everything here is plain text; templates escape it.
"""
from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass

from django.conf import settings
from django.utils.functional import lazy
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, gettext_noop, ngettext, pgettext

from judgeapp.caches import ByteLRU


@dataclass(frozen=True)
class RulesWord:
    """A game word (a zone, circle, phase, step, keyword or trigger) as that game's rules print it: the Italian
    rules' word and the clause that prints it, and the English rules' word and clause; ``en_clause`` is None where
    the game has no English text here and ``en`` is the project's English name for it (docs/sandbox-game-words.md).
    ``it_clause`` None: the Italian rules do not name it, and the Italian page shows the English word."""

    it: str
    it_clause: str | None
    en: str
    en_clause: str | None = None

    def __str__(self) -> str:
        return self.it if _italian() else self.en


def _italian() -> bool:
    return (get_language() or settings.LANGUAGE_CODE).startswith("it")


def in_language(word) -> str:
    """A table's word in the page's language: a rules word as its game's rules print it, any other word (an English
    text marked with gettext_noop in the plug-in) through the catalogues."""
    return str(word) if isinstance(word, RulesWord) else gettext(str(word))


# The game whose board the page shows (set by the views as they load a board, reset for every request): its words
# win where two games name the same identifier differently (one game's stand phase is not another's).
_GAME: ContextVar[str | None] = ContextVar("sandbox_game", default=None)


def game_is(slug: str | None) -> None:
    _GAME.set(slug)


def current_game() -> str | None:
    """The game whose board the page shows (None before a view names it)."""
    return _GAME.get()


def game_reset(**_kwargs) -> None:
    """Connected to request_started and request_finished (apps.py): one request's board names no other words."""
    _GAME.set(None)


# The words of every hosted game's identifiers (each plug-in's ``WORDS_TABLES``: zones, phases, steps and the rest),
# merged: the filters of the shared templates name an identifier without knowing the board's game.
VOCABULARY_PARTS = ("ZONE_NAMES", "WORDS", "PHASE_NAMES", "STEP_NAMES", "STATUS_WORDS", "EXPECTATION_KINDS",
                    "EVENT_NAMES", "DECISION_NAMES")
_VOCABULARY: dict = {}


def vocabulary(game: str | None = None) -> dict[str, dict]:
    """The hosted games' word tables merged (``game``'s word wins a clash, else the current board's game's, else
    the default game's), rebuilt when a game is plugged in or out."""
    from . import games

    first = game or _GAME.get()
    key = (tuple(games.slugs()), first)  # cheap: words() runs for every identifier of every page
    tables = _VOCABULARY.get(key)
    if tables is None:
        tables = {part: {} for part in VOCABULARY_PARTS}
        for plugin in sorted(games.hosted(), key=lambda g: g.SLUG != first):
            for part, table in getattr(plugin, "WORDS_TABLES", {}).items():
                for k, v in table.items():
                    tables[part].setdefault(k, v)
        if len(_VOCABULARY) > 16:  # a game plugged in or out: start again
            _VOCABULARY.clear()
            _SENTENCES.clear()
        _VOCABULARY[key] = tables
    return tables


IDENTIFIER = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")


def words(identifier, game: str | None = None) -> str:
    """An identifier as words in the page's language: its name in the rules when it has one, else its parts."""
    text = str(identifier)
    tables = vocabulary(game)
    if text in tables["ZONE_NAMES"]:
        return in_language(tables["ZONE_NAMES"][text])
    if text in tables["WORDS"]:
        return in_language(tables["WORDS"][text])
    return text.replace("_", " ")


# A board's tags say what it is about (the worked examples carry them: "rule_action", "first_turn", "playbook"): a
# judge reads each as a topic in the page's language, never as the identifier.  Keyed by the tag as the examples
# write it; a tag a judge typed is the judge's own word and is shown as typed.
TOPICS = {
    "ability": gettext_noop("abilities"), "act": gettext_noop("ACT abilities"), "battle": gettext_noop("battle"),
    "boost": gettext_noop("boost"), "call": gettext_noop("calling units"), "cost": gettext_noop("costs"),
    "damage": gettext_noop("damage"), "deck": gettext_noop("deck"), "delete": gettext_noop("deleted units"),
    "draw": gettext_noop("drawing"), "drive": gettext_noop("drive check"), "end": gettext_noop("end of turn"),
    "example": gettext_noop("example of the rules"), "first_turn": gettext_noop("first turn"),
    "guard": gettext_noop("guardians"), "heal": gettext_noop("heal trigger"), "hit": gettext_noop("hits"),
    "intercept": gettext_noop("intercept"), "judge": gettext_noop("judge's tools"), "keyword": gettext_noop("keywords"),
    "legion": gettext_noop("Legion"), "lock": gettext_noop("locked units"), "loss": gettext_noop("losing the game"),
    "main": gettext_noop("main phase"), "move": gettext_noop("moving units"), "on_attack": gettext_noop("when it attacks"),
    "playbook": gettext_noop("Playbook"), "refusal": gettext_noop("refused moves"), "ride": gettext_noop("ride"),
    "rule_action": gettext_noop("rule actions"), "stride": gettext_noop("stride"), "trigger": gettext_noop("triggers"),
    "triple_drive": gettext_noop("triple drive"),
}


def topic_words(tag, game: str | None = None) -> str:
    """A board's tag as the topic it names, in the page's language; "" for a tag that only names a hosted game (the
    page names the game already)."""
    from . import games

    text = str(tag).strip()
    for plugin in games.hosted():
        if text.lower() in plugin.SLUG.lower().split("-") or text.lower() == plugin.TITLE.lower():
            return ""
    if text in TOPICS:
        return gettext(TOPICS[text])
    return text.replace("_", " ") if IDENTIFIER.fullmatch(text) else text


# The kinds of expectation every game's scenarios share (the engine core's); a game adds its own (EXPECTATION_KINDS).
EXPECTATION_KINDS = {
    "winner": gettext_noop("who wins"), "game_over": gettext_noop("the game is over"),
    "draw": gettext_noop("the game is a draw"), "event": gettext_noop("an event happens"),
    "event_order": gettext_noop("events in this order"), "decision": gettext_noop("a player must decide"),
    "zone_count": gettext_noop("number of cards in a zone"), "card_in": gettext_noop("where a card is"),
    "card_not_in": gettext_noop("where a card is not"), "zone_order": gettext_noop("the order of a zone's cards"),
    "power": gettext_noop("a card's power"), "phase": gettext_noop("the phase the game is in"),
}


def expectation_kind(kind: str) -> str:
    """A kind of expectation, for the form's choice: the board's game's word, else the shared one."""
    own = vocabulary()["EXPECTATION_KINDS"]
    if kind in own:
        return in_language(own[kind])
    return gettext(EXPECTATION_KINDS[kind]) if kind in EXPECTATION_KINDS else words(kind)


def _label(identifier, game: str | None = None) -> str:
    return capfirst(words(identifier, game))


#: A zone's label as a lazy text (module-level choices are built once and shown in every language).
label = lazy(_label, str)


class Names(dict):
    """identifier -> its words in the page's language when read (a plug-in's PLACE_NAMES)."""

    def __init__(self, identifiers, game: str | None = None):
        super().__init__((i, i) for i in identifiers)
        self.game = game

    def __getitem__(self, key) -> str:
        return words(super().__getitem__(key), self.game)

    def get(self, key, default=None):
        return self[key] if key in self else default


# A log repeats the same sentences, and a long log is rendered on every step.  Bounded in bytes
# (judgeapp/caches.py): a sentence names cards, and a card's name is the visitor's.
_SENTENCES = ByteLRU("sentences", lambda sentence: 4 * len(sentence) + 200)  # with its key, about as long


def judge_text(text: str) -> str:
    """An engine sentence with every identifier in it named as the rules name it."""
    if "_" not in text:
        return text
    key = (text, get_language(), _GAME.get())  # the same sentence reads differently by language and game
    known = _SENTENCES.get(key)
    if known is None:
        known = IDENTIFIER.sub(lambda m: words(m.group(0)), text)
        _SENTENCES.put(key, known)
    return known


def phase_text(phase: str | None, step: str | None = None, game: str | None = None) -> str:
    tables = vocabulary(game)
    phases, steps = tables["PHASE_NAMES"], tables["STEP_NAMES"]
    out = in_language(phases[phase]) if phase in phases else words(phase or "", game)
    if step:
        out += ", " + (in_language(steps[step]) if step in steps else words(step, game))
    return out


def seats_by_number() -> bool:
    """Whether the current board's game names its players by a fixed number ("player 1", "player 2"): in a game
    whose first player changes during the game (a first player token passed on every day), "the first
    player" would name another player on each day, and renamed the players of every earlier event in the log."""
    from . import games

    slug = _GAME.get()
    return bool(slug) and bool(getattr(games.get(slug), "SEATS_BY_NUMBER", False))


def _seat_number(index) -> int | None:
    try:
        number = int(index)
    except (TypeError, ValueError):
        return None
    return number + 1 if number in (0, 1) else None


def player_words(index, first_player=0) -> str:
    """A player as the rules name them: the first or the second player (never an index); in a game naming its
    players by number (:func:`seats_by_number`), player 1 or player 2."""
    if seats_by_number():
        number = _seat_number(index)
        return gettext("player %(number)s") % {"number": number} if number else gettext("a player")
    try:
        first = int(index) == int(first_player or 0)
    except (TypeError, ValueError):
        return gettext("a player")
    return gettext("the first player") if first else gettext("the second player")


def seat_words(index, first_player=0) -> str:
    """A player's seat as a heading or a tab names it: "First player", "Second player" (or "Player 1", "Player 2")."""
    if seats_by_number():
        return gettext("Player %(number)s") % {"number": _seat_number(index) or "?"}
    return gettext("First player") if str(index) == str(first_player or 0) else gettext("Second player")


SEAT_INDEX = re.compile(r"\b([Pp])layer ([01])\b")


def seat_text(text: str, first_player=0, translated: bool = False) -> str:
    """An engine sentence with "player 0" / "player 1" named as the rules name the players (the first or the
    second player).  ``translated``: the sentence is in the page's language (judgeapp/sandbox/engine_words.py)."""
    if translated and not (get_language() or settings.LANGUAGE_CODE).startswith("en"):
        return _seat_in_language(text, first_player)
    if "layer " not in text:
        return text
    if seats_by_number():
        return SEAT_INDEX.sub(lambda m: f"{m.group(1)}layer {int(m.group(2)) + 1}", text)

    def seat(m: re.Match) -> str:
        words = player_words(m.group(2), first_player)
        return words[:1].upper() + words[1:] if m.group(1) == "P" else words

    return SEAT_INDEX.sub(seat, text)


def _seat_in_language(text: str, first_player=0) -> str:
    # A translated sentence names a player as its catalogue says "player %(player)s" ("il giocatore 0"): the index
    # becomes the seat in the same language ("il primo giocatore"), the article the sentence has kept.
    form = gettext("player %(player)s")
    if form.count("%(player)s") != 1:
        return text
    head, tail = form.split("%(player)s")
    pattern = re.compile(r"\b" + re.escape(head) + r"([01])\b" + re.escape(tail), re.IGNORECASE)
    if seats_by_number():
        return pattern.sub(lambda m: m.group(0)[:len(head)] + str(int(m.group(1)) + 1) + tail, text)

    def seat(m: re.Match) -> str:
        first = str(m.group(1)) == str(first_player or 0)
        words = (pgettext("a player's seat, after an article", "first player") if first
                 else pgettext("a player's seat, after an article", "second player"))
        return words[:1].upper() + words[1:] if m.group(0)[:1].isupper() else words

    return pattern.sub(seat, text)


def outcome_text(outcome: dict | None, first_player=0) -> str:
    if not outcome:
        return ""
    if outcome.get("winner") is None:
        return gettext("the game is a draw (%(reason)s)") % {"reason": words(outcome.get("reason", ""))}
    return gettext("%(player)s wins (%(reason)s)") % {"player": player_words(outcome["winner"], first_player),
                                                       "reason": words(outcome.get("reason", ""))}


# ---------------------------------------------------------------- expectations as sentences
def _kind_name(table: str, kind, otherwise: str) -> str:
    """An engine's kind of event or decision as the board's game names it; a kind it does not name is "an event" /
    "a decision" on a page in another language than English (the clause cited beside it says which), its
    identifier's words on an English page."""
    if not kind:
        return otherwise
    names = vocabulary()[table]
    if kind in names:
        return in_language(names[kind])
    named = words(kind)  # a word of the game's other tables ("resupply", "«After you»")
    if named != str(kind).replace("_", " "):
        return named
    return named if (get_language() or settings.LANGUAGE_CODE).startswith("en") else otherwise


def expectation_text(e: dict, names: dict[str, str] | None = None) -> str:
    """One expectation of the scenario format as a sentence ("the attack hits", "player 1 has 1 damage")."""
    names = names or {}

    def card(key: str = "card") -> str:
        cid = e.get(key)
        return names.get(cid, gettext("card %(number)s") % {"number": cid})

    kind = e.get("expect")
    if kind == "zone_count":
        count = e.get("count")  # "holds 1 cards" read on every example expecting one card
        return ngettext("player %(player)s's %(zone)s holds %(count)s card", "player %(player)s's %(zone)s holds "
                        "%(count)s cards", count if isinstance(count, int) else 2) % {
            "player": e.get("player"), "zone": words(e.get("zone")), "count": count}
    if kind == "winner":
        if e.get("equals") is None:
            return gettext("nobody has won yet")
        wins = gettext("player %(player)s wins") % {"player": e.get("equals")}
        return wins + (f" ({words(e['reason'])})" if e.get("reason") else "")
    if kind == "decision":
        who = gettext("player %(player)s") % {"player": e["player"]} if "player" in e else gettext("a player")
        return gettext("%(who)s must decide: %(what)s") % {"who": who, "what": _kind_name(
            "DECISION_NAMES", e.get("kind"), gettext("a decision"))}
    if kind == "event":
        what = _kind_name("EVENT_NAMES", e.get("kind"), gettext("an event"))
        cited = " " + gettext("(clause %(number)s)") % {"number": e["citation"]} if e.get("citation") else ""
        if e.get("absent"):  # (the names are phrases, some of them sentences: not "no <name>")
            return gettext("this does not happen: %(what)s") % {"what": what} + cited
        return what + cited + (", " + gettext("%(count)s times") % {"count": e["count"]} if "count" in e else "")
    from . import games

    for game in games.hosted():  # a game's own kinds, in its words
        text = game.expectation_text(e, card) if hasattr(game, "expectation_text") else None
        if text is not None:
            return text
    return words(str(kind))
