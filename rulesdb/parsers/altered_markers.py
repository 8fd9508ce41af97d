"""The glossary markers of the Altered rules' extraction: a linked glossary word came out with a
marker glued to its ending ("personaggioi", "effettoi"). Told apart from a real Italian ending by the
document's own word forms, and undone into the word a reader sees plus a link to its glossary term.
"""
from __future__ import annotations

import re

from .base import TermLink

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
# Lemmas of the linked terms seen in the vendored file (used besides the
# document's own vocabulary, so short texts are read the same way).
KNOWN_TERM_LEMMAS = frozenset(
    {
        "caratteristica", "contatore", "costo", "effetto", "emblema", "eroe", "evento",
        "foresta", "gettone", "incantesimo", "oggetto", "permanente", "personaggio",
        "reazione", "regione", "sotto-tipo", "statistica", "stato", "turno", "visibile",
        "zona", "rapida", "interna", "passiva",
    }
)
_MARKED_ENDINGS = ("oi", "ei", "ai", "ae")


# --- glossary marker ---------------------------------------------------------


class GlossaryWords:
    """Word forms of one document, to tell a glossary marker from an Italian ending."""

    def __init__(self, text: str):
        self.text = text
        self.vocab = {w.lower() for w in _WORD.findall(text)}

    def is_marked(self, word: str) -> bool:
        low = word.lower()
        if not low.endswith(_MARKED_ENDINGS):
            return False
        stem = low[:-1]
        if len(stem.replace("-", "")) < 4:
            return False
        return stem in KNOWN_TERM_LEMMAS or stem in self.vocab

    def phrase_known(self, first: str, second: str) -> bool:
        """`first second` printed unmarked somewhere (`un'azione rapida`)."""
        pattern = r"(?<![\w-])" + re.escape(first) + r"\s+" + re.escape(second) + r"(?![\w-])"
        return re.search(pattern, self.text, re.IGNORECASE) is not None


def _plural_word(stem: str, feminine: bool) -> str:
    """Italian plural of a singular form (case kept)."""
    low = stem.lower()
    if low.endswith("à") or low.endswith("ù") or low.endswith("è"):
        return stem  # invariable (abilità)
    if low.endswith("io"):
        return stem[:-1]  # personaggio -> personaggi
    if low.endswith(("co", "go")):
        return stem[:-1] + "hi"
    if low.endswith(("o", "e")):
        return stem[:-1] + "i"
    if low.endswith("a"):
        if feminine:
            if low.endswith(("ca", "ga")):
                return stem[:-1] + "he"  # caratteristica -> caratteristiche
            return stem[:-1] + "e"  # zona -> zone
        return stem[:-1] + "i"  # emblema -> emblemi
    return stem


def _marked_spans(text: str, lexicon: GlossaryWords) -> list[tuple[int, int, str]]:
    """(start, end, reader form) of every marked word or two-word term in `text`."""
    spans: list[tuple[int, int, str]] = []
    matches = list(_WORD.finditer(text))
    for index, match in enumerate(matches):
        word = match.group()
        if not lexicon.is_marked(word):
            continue
        stem, marker = word[:-1], word[-1].lower()
        start, surface = match.start(), _plural_word(stem, marker == "e")
        if marker == "i" and stem.lower().endswith("a"):
            # `emblemai` -> emblemi (masculine); `azione rapidai`: the link was the
            # two-word feminine term `azione rapida`, printed unmarked elsewhere.
            prev = matches[index - 1] if index else None
            if (
                prev is not None
                and (not spans or spans[-1][1] <= prev.start())
                and text[prev.end() : start].isspace()
                and lexicon.phrase_known(prev.group(), stem)
            ):
                gap = text[prev.end() : start]
                start = prev.start()
                surface = _plural_word(prev.group(), True) + gap + _plural_word(stem, True)
        spans.append((start, match.end(), surface))
    return spans


def unmark(text: str, lexicon: GlossaryWords) -> tuple[str, list[TermLink]]:
    """Replace marked words by their plural; return the new text and the links."""
    out: list[str] = []
    links: list[TermLink] = []
    pos = length = 0
    for start, end, surface in _marked_spans(text, lexicon):
        out.append(text[pos:start])
        length += start - pos
        links.append(TermLink(length, length + len(surface), surface))
        out.append(surface)
        length += len(surface)
        pos = end
    out.append(text[pos:])
    return "".join(out), links


def marked_forms(text: str) -> dict[str, str]:
    """Every marked form in `text` (`oggettoi`, `azione rapidai`) -> its reader form."""
    lexicon = GlossaryWords(text)
    return {
        line[start:end]: surface
        for line in text.splitlines()
        for start, end, surface in _marked_spans(line, lexicon)
    }


def unmark_source(text: str) -> str:
    """The source with every marked word replaced by its reader form, line by line."""
    lexicon = GlossaryWords(text)
    return "\n".join(unmark(line, lexicon)[0] for line in text.splitlines())
