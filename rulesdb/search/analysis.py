"""Text analysis shared by the index and the query: words, lower case, accents folded,
Snowball stems per language. No stop-word list on purpose: `non`, `not`, `may`, `se`, `if`
change a ruling."""
from __future__ import annotations

import functools
import re
import unicodedata

from whoosh.analysis import CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StemFilter
from whoosh.support.charset import accent_map

LANGUAGES = ("it", "en")
"""Languages with their own stemmed fields; other languages are searchable through `exact` only."""


_WORD_PATTERN = r"\w+"


WORD_RE = re.compile(_WORD_PATTERN)


# fold and stem see every word of every query as well as the corpus's: their caches keep words up to
# CACHED_WORD_CHARS long (a longer one, which no rule contains, is worked out each time), so that what a
# visitor sends can grow a worker by at most about CACHED_WORDS x 0.4 KB per cache (about 20 MB)
# however many distinct words arrive.  The corpus uses a few thousand of them.
CACHED_WORDS = 50_000
CACHED_WORD_CHARS = 40


KEPT_APART = {
    "en": {"unite": "unite"},
    "it": {
        "riordino": "riordino",
        "guardia": "guardia", "guardie": "guardia",
        "cerchio": "cerchio", "cerchi": "cerchio",
        "partita": "partita", "partite": "partita",
        "mana": "mana",
        "fino": "fino",
        "iniziativa": "iniziativa",
        "passivo": "passivo", "passiva": "passivo", "passivi": "passivo", "passive": "passivo",
    },
}
"""Words the stemmer would merge with a word of another meaning, each read as one form of its own that the
stemmer leaves alone: Vanguard's "Unite" is not "unit" (every question about units found the Unite rules);
Weiss Schwarz's "Riordino" (the refresh) is not "riordinare" (to reorder); "guardia" (the guard) is not
"guardare" (to look); "cerchio"/"cerchi" (Vanguard's circles) is not "cercare" (to search); "partita" (a
game) is not "parte" (a part); Altered's "mana" is not "mano" (the hand); "fino" (until) is not "fine" (the
end); "iniziativa" (Altered's initiative) is not "inizio" (the start); "passivo" is not "passare" (to pass).
Every one of these shared a stem with the other ("cerc", "part", "man", "fin"). Found by grouping the rules'
words by stem and by dictionary form: a stem shared by two frequent forms of different meanings ("timing" and
"time", "Darkness" and "dark" were tried too and left merged: kept apart, they lost questions)."""


class _KeptApartFilter(Filter):
    """Reads each word of `KEPT_APART` as its own form, before the stemmer (which leaves those forms alone)."""

    def __init__(self, forms: dict[str, str]):
        self.forms = forms

    def __call__(self, tokens):
        for token in tokens:
            token.text = self.forms.get(token.text, token.text)
            yield token


def _analyzer(lang: str | None = None):
    chain = RegexTokenizer(_WORD_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
    if lang:
        # whoosh's own cache: bounded alike
        forms = KEPT_APART.get(lang, {})
        stemmer = StemFilter(lang=lang, ignore=set(forms.values()), cachesize=CACHED_WORDS)
        chain = chain | _KeptApartFilter(forms) | stemmer
    return chain


ANALYZERS = {lang: _analyzer(lang) for lang in LANGUAGES}


EXACT_ANALYZER = _analyzer()


def fold(text: str) -> str:
    """Lower case, no accents (the `exact` field's form of a word)."""
    return _fold_cached(text) if len(text) <= CACHED_WORD_CHARS else _fold(text)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


_fold_cached = functools.lru_cache(maxsize=CACHED_WORDS)(_fold)


def stem(word: str, lang: str) -> str:
    return _stem_cached(word, lang) if len(word) <= CACHED_WORD_CHARS else _stem(word, lang)


def _stem(word: str, lang: str) -> str:
    found = terms(word, lang)
    return found[0] if found else ""


_stem_cached = functools.lru_cache(maxsize=CACHED_WORDS)(_stem)


def terms(text: str, lang: str | None) -> list[str]:
    analyzer = ANALYZERS[lang] if lang else EXACT_ANALYZER
    return [token.text for token in analyzer(text)]
