"""What an error on a pasted or uploaded scenario says, in the page's language.

The engine checks a scenario file with small schema helpers (engine/core/schema.py) whose messages are English
sentences of a few shapes ("required field is missing", "expected a list, got 3"), about fields named as the file
names them ("players", "title_it"). An Italian judge read them as they are (the site walk of site-walk2): here each
shape is said again in the page's language and each field of the format has its words. A game's own check ("only
characters have statistics") is a sentence the engine says with ``say()``: it is said as the engine's other sentences
are (engine_words.py); a message of neither kind stays as it is.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

from .wording import current_game, in_language, judge_text, vocabulary, words

#: the fields of the scenario format (engine/core/scenario_format.py and the games' card fields) a judge may have to
#: find in the file; a field of a game's board (a zone, a circle) is named by the game's words instead
FIELD_WORDS = {
    "json": gettext_noop("the pasted scenario"), "format": gettext_noop("format"), "game": gettext_noop("game"),
    "metadata": gettext_noop("description of the scenario"), "title": gettext_noop("title"),
    "question": gettext_noop("question"), "description": gettext_noop("description"), "tags": gettext_noop("tags"),
    "clauses": gettext_noop("related rules"), "players": gettext_noop("players"), "name": gettext_noop("name"),
    "id": gettext_noop("identifier"), "template": gettext_noop("card template"), "templates": gettext_noop("card templates"),
    "count": gettext_noop("number of copies"), "type": gettext_noop("type"), "colour": gettext_noop("colour"),
    "level": gettext_noop("level"), "cost": gettext_noop("cost"), "grade": gettext_noop("grade"),
    "triggers": gettext_noop("trigger icons"), "abilities": gettext_noop("abilities"), "traits": gettext_noop("traits"),
    "keywords": gettext_noop("keywords"), "script": gettext_noop("script"), "expect": gettext_noop("expectations"),
    "seed": gettext_noop("seed"), "turn": gettext_noop("turn"), "phase": gettext_noop("phase"),
}
#: a translated field of the metadata (title_it): the field's words, then the language's
LANGUAGE_WORDS = {"it": gettext_noop("in Italian")}
TRANSLATED_FIELD = re.compile(r"^([a-z]+)_([a-z]{2})$")

#: the shapes of the schema's messages (engine/core/schema.py), each with its sentence
SHAPES = (
    (re.compile(r"required field is missing"), gettext_noop("this field is missing")),
    (re.compile(r"unknown field \(allowed: (?P<allowed>.*)\)"),
     gettext_noop("this field is not part of the format (allowed here: %(allowed)s)")),
    (re.compile(r"expected an object, got (?P<got>.*)"), gettext_noop("expected a group of fields in braces, not %(got)s")),
    (re.compile(r"expected a list, got (?P<got>.*)"), gettext_noop("expected a list in square brackets, not %(got)s")),
    (re.compile(r"expected a string, got (?P<got>.*)"), gettext_noop("expected a text in quotes, not %(got)s")),
    (re.compile(r"expected true or false, got (?P<got>.*)"), gettext_noop("expected true or false, not %(got)s")),
    (re.compile(r"expected integer (?P<lo>-?\d+)-(?P<hi>-?\d+), got (?P<got>.*)"),
     gettext_noop("expected a whole number from %(lo)s to %(hi)s, not %(got)s")),
    (re.compile(r"expected integer >= (?P<lo>-?\d+), got (?P<got>.*)"),
     gettext_noop("expected a whole number of at least %(lo)s, not %(got)s")),
    (re.compile(r"expected integer, got (?P<got>.*)"), gettext_noop("expected a whole number, not %(got)s")),
    (re.compile(r"expected one of (?P<choices>.*), got (?P<got>.*)"),
     gettext_noop("expected one of %(choices)s, not %(got)s")),
)
#: the values the schema describes in words (engine/core/schema.describe)
VALUE_WORDS = {"an object": gettext_noop("a group of fields"), "a list": gettext_noop("a list")}


def field_words(name: str) -> str | None:
    """A field of the format in words ("title_it" -> "title, in Italian"), or None for a field the format lacks."""
    translated = TRANSLATED_FIELD.match(name)
    if translated and translated.group(1) in FIELD_WORDS and translated.group(2) in LANGUAGE_WORDS:
        return f"{gettext(FIELD_WORDS[translated.group(1)])} ({gettext(LANGUAGE_WORDS[translated.group(2)])})"
    return gettext(FIELD_WORDS[name]) if name in FIELD_WORDS else None


def choice_words(value: str, field: str = "") -> str:
    """A value the format allows in ``field`` ("cont", "on_play") as the board's game's word tables name it, in the
    page's language (the site walk of site-walk4 read "expected one of act, cont, auto…"); a value no table names
    stays as the file writes it, the only way to say it."""
    from .engine_words import value_words  # (it reads the games' words: imported when needed)

    return value_words(field, value) or value


def message_words(message: str, field: str = "") -> str:
    """A schema message about ``field`` (the last name of its path: "timing") in the page's language; a game's own
    check, written with the engine's ``say()``, as the engine's sentences are said (engine_words.py); any other
    message as it is."""
    for shape, sentence in SHAPES:
        found = shape.fullmatch(message)
        if found:
            values = {k: gettext(VALUE_WORDS[v]) if v in VALUE_WORDS else v for k, v in found.groupdict().items()}
            if "choices" in values:
                values["choices"] = ", ".join(dict.fromkeys(choice_words(c, field) for c in values["choices"].split(", ")))
            return gettext(sentence) % values
    from .engine_words import sentence as engine_sentence  # (it reads the games' words: imported when needed)

    return engine_sentence(message)[0]


# ---------------------------------------------------------------- field paths -> what to fix on the board
PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")  # a template's name may hold digits ("c1")


def field_text(path: str) -> str:
    """``scenario.players[0].hand[1].grade`` -> "player 1, hand, card 2, grade": the players counted from 1 as the
    file lists them (an Italian error said "Giocatore 0"), each field in the page's words."""
    from . import games

    tables = vocabulary()
    # the board's game's own words for the fields of its cards and abilities ("soul", "timing"), first and only its
    # own: another game's zone of the same name ("soul") is not this game's field, nor this game's field another's
    slug = current_game()
    own = getattr(games.get(slug), "FIELD_WORDS", {}) if slug in games.slugs() else {}

    def named(name: str) -> str:
        # the game's own field words, then the format's, then the games' word tables: a game's word of the same
        # name may say something else (an effect "cost" named "the cards cost", where the field is an ability's)
        if name in own:
            return in_language(own[name])
        return field_words(name) or words(name)

    bits = []
    for name, index in PATH_PART.findall(path or ""):
        if name in ("scenario", "definition", "field", "body"):
            continue
        if name == "players" and index:
            bits.append(gettext("player %(player)s") % {"player": int(index) + 1})
        elif index:
            item = gettext("card %(number)s") if name in tables["ZONE_NAMES"] else gettext("item %(number)s")
            bits.append(f"{named(name)}, {item % {'number': int(index) + 1}}")
        else:
            bits.append(named(name))
    return ", ".join(bits)


def error_text(field: str, message: str) -> str:
    """An input error as a judge reads it: where on the board (or which form field), then what is wrong."""
    where = field_text(field)
    names = PATH_PART.findall(field or "")
    message = judge_text(message_words(message, names[-1][0] if names else ""))
    return f"{where[:1].upper()}{where[1:]}: {message}" if where else message[:1].upper() + message[1:]
