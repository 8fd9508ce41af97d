"""The numbers a clause writes, in digits or in words, compared across an English/Italian pair.

Used by the translation QA (rulesdb.translation.terminology, its `numbers` check) and by the
counterpart explanation of a clause page (rulesdb.translation.alignment.pair_explanation).
"""
from __future__ import annotations

import re

from django.utils.translation import gettext

from .term_matching import WORD

_NUMBER = re.compile(r"(?<![\w.])[+-]?\d+(?:[.,'’]\d{3})*(?![\w]|\.\d)")
# A clause number (7.3.1), not a thousands separator (200.000).
_REFERENCE_LIKE = re.compile(r"(?<![\d.])(?!\d{1,3}(?:[.,]\d{3})+(?![.\d]))\d+(?:\.\d+)+\.?")
# Formula residue of icons the PDF extraction turned into TeX (`\frac{1}{3}`): not numbers of the rule.
_TEX = re.compile(r"\\\(.*?\\\)|\\\$.*?\\\$|\$.*?\$|\\[a-z]+\{[^}]*\}(?:\{[^}]*\})?")
# A whole section cited by its number ("Section 9", "sezione 2"): a reference, not a number of the rule.
_SECTION = re.compile(r"\b(?:sections?|sezion[ei]|sez\.|paragrafo|punto)\s+\d+\b", re.IGNORECASE)
# Numbers written as words: a number of one text is there when the other has it in digits or in words.
# `a`/`un`/`una` count as one: English "draw a card" is Italian "pesca una carta".
_NUMBER_WORDS = {
    "en": {"a": "1", "an": "1", "one": "1", "no": "0", "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5",
           "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "once": "1", "twice": "2", "both": "2",
           "single": "1", "first": "1", "second": "2", "third": "3", "eleven": "11", "twelve": "12", "sixteen": "16",
           "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50"},
    "it": {"un": "1", "uno": "1", "una": "1", "zero": "0", "nessun": "0", "nessuna": "0", "nessuno": "0", "due": "2",
           "tre": "3", "quattro": "4", "cinque": "5", "sei": "6", "sette": "7", "otto": "8", "nove": "9", "dieci": "10",
           "entrambi": "2", "entrambe": "2", "singola": "1", "singolo": "1", "primo": "1", "prima": "1",
           "secondo": "2", "seconda": "2", "terzo": "3", "terza": "3", "undici": "11", "dodici": "12", "sedici": "16",
           "venti": "20", "trenta": "30", "quaranta": "40", "cinquanta": "50"},
}
# The size of a list that follows ("the following 4 types"): the list says it again.
_LIST_COUNT = re.compile(r"\b(?:following|seguenti)\s+\d+\b", re.IGNORECASE)
# An ordinal in a worked example ("1° battaglia").
_ORDINAL = re.compile(r"\d+\s*°")
# A digit glued to a word ("(zone2)"): a number of its own.
_GLUED = re.compile(r"(?<=[^\W\d_])(?=\d)")


def numbers_written(text: str) -> set[str]:
    """The numbers a text writes in digits; clause numbers, icon formulas, list sizes and ordinals left out."""
    stripped = _SECTION.sub(" ", _REFERENCE_LIKE.sub(" ", _TEX.sub(" ", text)))
    stripped = _GLUED.sub(" ", _ORDINAL.sub(" ", _LIST_COUNT.sub(" ", stripped)))
    return {re.sub(r"[.,'’]", "", m.group(0)).lstrip("+") for m in _NUMBER.finditer(stripped)}


def number_sort_key(number: str) -> tuple:
    return (len(number.lstrip("-")), number)


def numbers_in_words(text: str, language: str) -> set[str]:
    words = _NUMBER_WORDS[language]
    return {words[w] for w in words_of(text) if w in words}


def words_of(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def clause_text(clause) -> str:
    return "\n".join(part for part in (clause.title, clause.text) if part)

def numbers_differ(*, here, there, languages: tuple[str, str]) -> str:
    """`8 here, 16 there` when two clauses of an English/Italian pair write different numbers, else "".
    `languages`: (here, there), given by the caller so no document is fetched for it."""
    la, lb = languages
    if {la, lb} != {"en", "it"}:
        return ""
    a, b = clause_text(here), clause_text(there)
    only_a = sorted(numbers_written(a) - numbers_written(b) - numbers_in_words(b, lb), key=number_sort_key)
    only_b = sorted(numbers_written(b) - numbers_written(a) - numbers_in_words(a, la), key=number_sort_key)
    if not only_a and not only_b:
        return ""
    return gettext("%(here)s here, %(there)s there") % {"here": ", ".join(only_a) or gettext("none"),
                                                        "there": ", ".join(only_b) or gettext("none")}
