"""Finding a glossary term in a clause's text, for the translation QA (rulesdb.translation.terminology).

Terms are matched word by word on Snowball stems (Italian and English), so
inflections and derivations count; a hyphened compound is one word; articles
and prepositions are skipped inside an Italian phrase; a phrase never runs
across punctuation; a sense the glossary tells apart by its `context` phrases
is matched only inside them.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from ..models import BilingualTerm
from .signals import fold

_STEMMERS = {"it": snowballstemmer.stemmer("italian"), "en": snowballstemmer.stemmer("english")}
# A word: letters, digits inside (G3 is not a word for us), a hyphened compound kept whole.
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*", re.UNICODE)
# A word broken at a line end by the PDF extraction (`rear- guard`): one word.
_LINE_HYPHEN = re.compile(r"(?<=[^\W\d_])- (?=[^\W\d_])")
# Articles, articulated prepositions and conjunctions: skipped inside a phrase.
_SKIP = {
    "it": set(
        "il lo la i gli le l un uno una di del dello della dei degli delle dell d a al allo alla ai agli alle all "
        "da dal dallo dalla dai dagli dalle dall in nel nello nella nei negli nelle nell con per tra fra e ed o".split()
    ),
    "en": set(),
}
ENGLISH_FUNCTION_WORDS = set(
    "the of and to is are you your when this that with from for be if it which any by can cannot will card cards player".split()
)


@dataclass(frozen=True)
class Token:
    stem: str
    start: int
    end: int
    after_break: bool = False
    """Punctuation stands between this word and the one before: a phrase does not run across it."""
    word: str = ""
    """The word as written, lower case."""


@lru_cache(maxsize=65536)
def stem(word: str, language: str) -> str:
    word = fold(word) if language == "en" else word.lower()
    return _STEMMERS[language].stemWord(word)


_BREAK = re.compile(r"[,.;:!?()\[\]\"“”«»…/]")


def tokens(text: str, language: str) -> "Tokens":
    """The words of a text as stems with their offsets. Italian articles and prepositions are left
    out, so `cerchio della retroguardia` and `cerchio di retroguardia` read alike; English keeps every
    word, since English is what a term is looked for in (`activate an ability` is not `activated ability`)."""
    text = _LINE_HYPHEN.sub("-", text.replace("’", "'"))
    skip = _SKIP.get(language, set())
    found = []
    previous_end = 0
    broken = False
    for match in WORD.finditer(text):
        broken = broken or bool(_BREAK.search(text, previous_end, match.start()))
        previous_end = match.end()
        word = match.group(0).lower()
        if language == "en" and word.endswith("s") and text[match.end() - 2 : match.end()] == "'s":
            word = word[:-2]
        if word in skip:
            continue
        found.append(Token(stem(word, language), match.start(), match.end(), broken, word))
        broken = False
    return Tokens(found)


@lru_cache(maxsize=4096)
def phrase_stems(phrase: str, language: str) -> tuple[str, ...]:
    return tuple(t.stem for t in tokens(phrase, language))


class Tokens(list):
    """A text's tokens with an index stem -> positions, so a term is looked up, not scanned for."""

    def __init__(self, items):
        super().__init__(items)
        self.at: dict[str, list[int]] = defaultdict(list)
        for i, token in enumerate(items):
            self.at[token.stem].append(i)


def _same_word(a: str, b: str) -> bool:
    """Two stems of one word: the Italian stemmer cuts some forms shorter (verifiche -> verif,
    verificare -> verific). A prefix of five letters or more, at most two letters short."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 5 and len(long) - len(short) <= 2 and long.startswith(short)


def occurrences(stems: tuple[str, ...], text_tokens: Tokens, *, loose: bool = False) -> list[tuple[int, int]]:
    """Spans (token index start, end) where the stems occur in a row, with no punctuation between them.
    `loose`: a stem also matches its near forms (_same_word)."""
    n = len(stems)
    if not n:
        return []
    if not isinstance(text_tokens, Tokens):
        text_tokens = Tokens(text_tokens)
    same = _same_word if loose else str.__eq__
    starts = (
        [i for i, t in enumerate(text_tokens) if same(t.stem, stems[0])] if loose else text_tokens.at.get(stems[0], ())
    )
    return [
        (i, i + n)
        for i in starts
        if i + n <= len(text_tokens)
        and all(same(text_tokens[i + k].stem, stems[k]) and not text_tokens[i + k].after_break for k in range(1, n))
    ]


def term_used(phrase: str, text: str, *, language: str) -> bool:
    return bool(occurrences(phrase_stems(phrase, language), tokens(text, language)))


def english_phrases(term: BilingualTerm) -> list[str]:
    """What the English text must say for this entry: its context phrases when it has some, else the
    term without the sense named in brackets (`draw (result)` -> its contexts, `draw` -> draw)."""
    return _phrases(term.english, tuple(term.context or ()))


@lru_cache(maxsize=4096)
def _phrases(english: str, context: tuple[str, ...]) -> list[str]:
    return list(context) if context else [_SENSE.sub("", english).strip()]


_SENSE = re.compile(r"\s*\([^)]*\)")


@lru_cache(maxsize=4096)
def _english_phrase(phrase: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A phrase's stems and its words as written (lower case)."""
    return phrase_stems(phrase, "en"), tuple(w.lower() for w in WORD.findall(phrase.replace("’", "'")))


def english_terms_used(terms: list[BilingualTerm], en_tokens: Tokens) -> list[BilingualTerm]:
    """Terms of the English text, the longest winning where two overlap (`guard step` hides `guard`,
    `ends in a draw` hides `draw`)."""
    spans = []
    present = en_tokens.at if isinstance(en_tokens, Tokens) else Tokens(en_tokens).at
    for term in terms:
        for phrase in english_phrases(term):
            stems, words = _english_phrase(phrase)
            if not stems or stems[0] not in present:
                continue
            for start, end in occurrences(stems, en_tokens):
                # Where two terms have one stem (unit/Unite, attacking/attacked unit), the one
                # spelled as in the text wins: count the words written as in the term (or its plural).
                spelled = sum(
                    2 if en_tokens[i].word == w else int(en_tokens[i].word in (w + "s", w + "es"))
                    for i, w in zip(range(start, end), words)
                )
                spans.append((end - start, -spelled, start, end, term))
    spans.sort(key=lambda s: (-s[0], s[1], s[2]))
    taken: set[int] = set()
    used: dict[int, BilingualTerm] = {}
    for _, _, start, end, term in spans:
        if any(i in taken for i in range(start, end)):
            continue
        taken.update(range(start, end))
        used[term.pk] = term
    return list(used.values())


@lru_cache(maxsize=4096)
def _italian_words(phrase: str) -> tuple[str, ...]:
    return tuple(t.word for t in tokens(phrase, "it"))


def spelled_as(variant: str, it_tokens: Tokens) -> bool:
    """A forbidden variant as spelled, word for word: a stem would take `abilità attivabile` (forbidden)
    for `abilità attivata` (accepted), both `attiv`."""
    words = _italian_words(variant)
    n = len(words)
    if not n or words[0] not in {t.word for t in it_tokens}:
        return False
    return bool(n) and any(
        tuple(t.word for t in it_tokens[i : i + n]) == words and not any(t.after_break for t in it_tokens[i + 1 : i + n])
        for i in range(len(it_tokens) - n + 1)
    )


def italian_used(term: BilingualTerm, translation: str, it_tokens: Tokens) -> bool:
    """The accepted translation, or a form of it the glossary lists (mosso for muovere), is in the text."""
    if occurrences(phrase_stems(translation, "it"), it_tokens, loose=True):
        return True
    forms = term.forms or {}
    return any(
        base == translation and occurrences(phrase_stems(form, "it"), it_tokens, loose=True) for form, base in forms.items()
    )


