"""The engine's own sentences (event log, decision prompts, why-not reasons) in the page's language.

The engine writes English sentences with ``say(template, **params)`` (engine/core/text.py): a ``str``
that keeps its template and parameters.  Here a sentence becomes ``gettext(template) % params``, each
parameter that is a game word (a circle, a zone, a phase, a trigger...) named as the board's game's
rules name it, card names and numbers as they are.

Sentences read back from storage (a history's events, a stored pending decision) are plain strings:
their template is found again by matching the sentence against every template the engine says
(collected from the engine's source, as ``makemessages`` collects them), the most specific first.
A sentence no template matches, or whose template has no translation yet, stays English, and the
page marks it ``lang="en"``.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils.translation import get_language, gettext, ngettext

from engine.core.text import Text

from . import games, wording

ENGINE_DIR = Path(settings.BASE_DIR) / "engine"
FIELD = re.compile(r"%\((\w+)\)s|%%")
WORDS = re.compile(r"[A-Za-z]{2,}")
# Parameters that are never game words: names of cards, players and numbers are shown as they are.
AS_THEY_ARE = frozenset({"card", "card2", "old", "attacker", "target", "action", "player", "actor", "what", "loser"})


@lru_cache(maxsize=1)
def _said() -> tuple[tuple[str, ...], dict[str, tuple[str, str]]]:
    """Every literal template the engine passes to ``say``, and each form of a ``say_n`` (a count meeting a noun)
    with its pair (singular, plural); read from its source once."""
    found, pairs = set(), {}
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            literal = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.id == "say" and literal:
                found.add(literal[0])
            elif node.func.id == "say_n" and len(literal) == 2:
                found.update(literal)
                pairs.update({form: (literal[0], literal[1]) for form in literal})
    return tuple(sorted(found)), pairs


def templates() -> tuple[str, ...]:
    """Every literal template the engine says (both forms of a sentence whose noun agrees with a count)."""
    return _said()[0]


def in_catalogue(template: str, params: dict) -> str:
    """The page's language's template: through ngettext for a sentence whose noun agrees with its ``count``, so
    each language uses its own plural rule."""
    pair = _said()[1].get(template)
    if pair is None:
        return gettext(template)
    try:
        count = int(params.get("count"))
    except (TypeError, ValueError):
        return gettext(template)
    return ngettext(pair[0], pair[1], count)


def _pattern(template: str) -> re.Pattern:
    out, seen, at = [], set(), 0
    for m in FIELD.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        name = m.group(1)
        if name is None:
            out.append("%")
        elif name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>.+?)")
        at = m.end()
    out.append(re.escape(template[at:]))
    return re.compile("".join(out), re.DOTALL)


@lru_cache(maxsize=1)
def _index() -> tuple[dict, dict, list]:
    """Templates by their first word (those that begin with words) or their last (those that begin with a field),
    each list most specific (longest fixed text) first."""
    by_first, by_last, loose = {}, {}, []
    for t in templates():
        fixed = len(FIELD.sub("", t))
        entry = (fixed, t, _pattern(t))
        head = t.split(" ", 1)[0]
        tail = t.rsplit(" ", 1)[-1]
        if "%(" not in head:
            by_first.setdefault(head, []).append(entry)
        elif "%(" not in tail:
            by_last.setdefault(tail, []).append(entry)
        else:
            loose.append(entry)
    for table in (by_first, by_last):
        for entries in table.values():
            entries.sort(key=lambda e: -e[0])
    loose.sort(key=lambda e: -e[0])
    return by_first, by_last, loose


def parse(text: str) -> tuple[str, dict] | None:
    """The template and parameters an engine sentence was made from, or None when no template makes it."""
    if isinstance(text, Text):
        return text.template, text.params
    by_first, by_last, loose = _index()
    candidates = (by_first.get(text.split(" ", 1)[0], []) + by_last.get(text.rsplit(" ", 1)[-1], []) + loose)
    for _fixed, template, pattern in sorted(candidates, key=lambda e: -e[0]):
        m = pattern.fullmatch(text)
        if m:
            return template, m.groupdict()
    return None


def _game_words() -> dict:
    """The board's game's words for the values of a sentence's parameters (its plug-in's ``SENTENCE_WORDS``)."""
    return getattr(games.get(wording.current_game()), "SENTENCE_WORDS", {})


def value_words(name: str, value: str, own: dict | None = None) -> str | None:
    """A value of the parameter or field ``name`` as the board's game's word tables name it, in the page's
    language (its own table for ``name`` first: an "encore" timing is the keyword, not the step); None when
    no table names it."""
    table = (_game_words() if own is None else own).get(name, {})
    key = value.replace(" ", "_")
    if isinstance(table, dict):
        for candidate in (value, key):
            if candidate in table:
                return wording.in_language(table[candidate])
    tables = wording.vocabulary()
    if name == "phase" and key in tables["PHASE_NAMES"]:
        return wording.in_language(tables["PHASE_NAMES"][key])
    if name == "step" and key in tables["STEP_NAMES"]:
        return wording.in_language(tables["STEP_NAMES"][key])
    if name == "status" and key in tables["STATUS_WORDS"]:
        return wording.in_language(tables["STATUS_WORDS"][key])
    if key in tables["ZONE_NAMES"] or key in tables["WORDS"]:
        return wording.words(key)
    return None


def _param(name: str, value, own: dict) -> str:
    if name in AS_THEY_ARE or isinstance(value, int) or not isinstance(value, str):
        return str(value)
    table = own.get(name, {})
    if callable(table):  # a value the game names itself (a list of statistics with their values)
        return table(value)
    if ", " in value:  # a list of words (a card's trigger icons)
        return ", ".join(_param(name, part, own) for part in value.split(", "))
    named = value_words(name, value, own)
    if named is not None:
        return named
    if " " in value:  # a sentence of the engine's own given as a part of another (a condition in plain words)
        nested, still_in = _translate(value)
        if still_in is None:
            return nested
    return wording.judge_text(value)  # an identifier no table names: its words, never the identifier


def sentence(text: str) -> tuple[str, str | None]:
    """``text`` in the page's language, and the language it is still in when it could not be translated
    (``"en"``), else None."""
    language = get_language() or settings.LANGUAGE_CODE
    if language.startswith("en"):
        return wording.judge_text(text), None
    return _in_language(text, getattr(text, "template", None), language, wording.current_game())


# An Italian log repeats the same sentences, rendered on every step: each is worked out once per language and game
# (a few thousand sentences, each a line long: bounded by count).
@lru_cache(maxsize=4096)
def _in_language(text: str, _template: str | None, _language: str, _game: str | None) -> tuple[str, str | None]:
    return _translate(text)


def _translate(text: str) -> tuple[str, str | None]:
    found = parse(text)
    worded = found is not None and WORDS.search(FIELD.sub("", found[0]))
    if not worded:
        # A sentence with a note in brackets ("13000 vs 0: the attack hits (X is deleted: …)") is two sentences: a
        # template of fields only ("%(card)s: %(value)s %(card2)s") matched the whole and left it English, unmarked.
        joined = _with_note(text)
        if joined is not None:
            return joined, None
    if found is not None and not worded and not _names_a_word(found[1]):
        # a template of fields only matches any sentence with its separators: it must name a game word, wherever
        # the word stands ("Alpha: to waiting room Beta" read lazily is "to" and "waiting room Beta")
        found = _word_match(found[0], text)
    if found is not None:
        template, params = found
        translated = in_catalogue(template, params)
        if translated != template or not worded:  # only fields: any language's
            own = _game_words()
            return translated % {k: _param(k, v, own) for k, v in params.items()}, None
    return wording.judge_text(text), "en"


def _word_match(template: str, text: str) -> tuple[str, dict] | None:
    """``template``'s parameters in ``text`` with one of them one of the game's words, or None."""
    for name, table in _game_words().items():
        if callable(table) or f"%({name})s" not in template:
            continue
        for key in table:
            pattern = _pattern(template.replace(f"%({name})s", "\0", 1))
            fixed = re.compile(pattern.pattern.replace(re.escape("\0"), re.escape(key.replace("_", " "))), re.DOTALL)
            m = fixed.fullmatch(text)
            if m:
                return template, {**m.groupdict(), name: key.replace("_", " ")}
    return None


def _names_a_word(params: dict) -> bool:
    """Whether a parameter other than a name or a number is a word of the game's tables."""
    own = _game_words()
    for name, value in params.items():
        if name in AS_THEY_ARE or not isinstance(value, str):
            continue
        table = own.get(name, {})
        if not callable(table) and (value in table or value.replace(" ", "_") in table):
            return True
    return False


def _with_note(text: str) -> str | None:
    """``text`` as a sentence and its last note in brackets, each translated; None unless both are."""
    if not text.endswith(")"):
        return None
    depth = 0
    for at in range(len(text) - 1, 0, -1):
        depth += {")": 1, "(": -1}.get(text[at], 0)
        if depth == 0:
            break
    if depth or at < 2 or text[at - 1] != " ":
        return None
    head, note = _translate(text[:at - 1]), _translate(text[at + 1:-1])
    if head[1] is None and note[1] is None and WORDS.search(text[at + 1:-1]):
        return f"{head[0]} ({note[0]})"
    return None
