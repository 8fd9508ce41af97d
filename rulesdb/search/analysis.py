"""Text analysis shared by the index and the query: words, lower case, accents folded,
Snowball stems per language. No stop-word list on purpose: `non`, `not`, `may`, `se`, `if`
change a ruling."""
from __future__ import annotations

import functools
import re
import unicodedata

from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter
from whoosh.support.charset import accent_map

LANGUAGES = ("it", "en")
"""Languages with their own stemmed fields; other languages are searchable through `exact` only."""


_WORD_PATTERN = r"\w+"


WORD_RE = re.compile(_WORD_PATTERN)


def _analyzer(lang: str | None = None):
    chain = RegexTokenizer(_WORD_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
    if lang:
        chain = chain | StemFilter(lang=lang, cachesize=100_000)
    return chain


ANALYZERS = {lang: _analyzer(lang) for lang in LANGUAGES}


EXACT_ANALYZER = _analyzer()


@functools.lru_cache(maxsize=200_000)
def fold(text: str) -> str:
    """Lower case, no accents (the `exact` field's form of a word)."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


@functools.lru_cache(maxsize=200_000)
def stem(word: str, lang: str) -> str:
    found = terms(word, lang)
    return found[0] if found else ""


def terms(text: str, lang: str | None) -> list[str]:
    analyzer = ANALYZERS[lang] if lang else EXACT_ANALYZER
    return [token.text for token in analyzer(text)]
