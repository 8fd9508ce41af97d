"""A bilingual word list learned from the aligned translation, for English questions over Italian
rules (and back) where no glossary term is typed.

The Italian 2.2 and English 1.48 Vanguard rules are aligned clause by clause
(`rulesdb.translation.alignment`): a parallel corpus of the rules' own language. Words that
keep appearing in the two sides of the same pairs translate each other ("leave" - "lasciare",
"order" - "ordine", "beginning" - "inizio"), whatever the game, since the Italian rules of
Weiss Schwarz and Altered use the same Italian. Each pair of stems is scored by the Dice
coefficient of the pairs they appear in; only pairs seen together several times and
clearly associated are kept. Learned when the index is built and saved beside it, so it
always matches the index it is used with; `lexicon_queries` searches a query word's translations.

The aligned pairs only teach the words both texts use often enough; the everyday words of a
judge's question ("remove", "minimum", "swap", "bottom") that the Italian Vanguard rules rarely
print, or print only where the English text has no counterpart, come from a word table kept with
the sources (`rulesdb/sources/search-words.json`), which takes the place of what was learned for
those words (the learned "primo" -> "before" is a translation of a phrase, not of the word).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from whoosh.query import Query, Term

from .analysis import LANGUAGES, WORD_RE, fold, stem, terms
from .vocabulary import FUNCTION_WORDS, QUESTION_WORDS

FILE_NAME = "lexicon.json"


DICTIONARY = "dictionary"
"""The key of the everyday words no rule prints (`spelling.dictionary_words`), saved with the word list."""


WORDS_PATH = Path(__file__).resolve().parents[1] / "sources" / "search-words.json"
"""Everyday rules words in English and Italian, one group per meaning: {"en": [...], "it": [...]}."""


_TABLE_SCORE = 1.0
"""A translation from the word table: as sure as a pair always seen together."""


_MIN_TOGETHER = 3
"""Aligned pairs two stems must share."""


_MIN_DICE = 0.5
"""Dice coefficient under which two stems are not a translation."""


_PER_WORD = 2
"""Translations kept per stem, best first."""


def _stems(text: str, lang: str) -> set[str]:
    words = [w for w in WORD_RE.findall(text) if len(w) > 2 and not w.isdigit()]
    words = [w for w in words if fold(w) not in FUNCTION_WORDS and fold(w) not in QUESTION_WORDS]
    return set(terms(" ".join(words), lang))


def lexicon_learn(pairs: list[tuple[str, str, str, str]]) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """(language, text, other language, other text) aligned pairs -> language -> stem ->
    [(stem of the other language, score)], best first."""
    seen: dict[str, Counter] = {lang: Counter() for lang in LANGUAGES}
    together: Counter = Counter()
    for lang_a, text_a, lang_b, text_b in pairs:
        if lang_a not in LANGUAGES or lang_b not in LANGUAGES or lang_a == lang_b:
            continue
        if lang_a > lang_b:
            lang_a, text_a, lang_b, text_b = lang_b, text_b, lang_a, text_a
        stems_a, stems_b = _stems(text_a, lang_a), _stems(text_b, lang_b)
        seen[lang_a].update(stems_a)
        seen[lang_b].update(stems_b)
        together.update((lang_a, a, lang_b, b) for a in stems_a for b in stems_b)
    found: dict[str, dict[str, list[tuple[str, float]]]] = {lang: {} for lang in LANGUAGES}
    for (lang_a, a, lang_b, b), count in together.items():
        if count < _MIN_TOGETHER:
            continue
        dice = 2 * count / (seen[lang_a][a] + seen[lang_b][b])
        if dice < _MIN_DICE:
            continue
        found[lang_a].setdefault(a, []).append((b, round(dice, 3)))
        found[lang_b].setdefault(b, []).append((a, round(dice, 3)))
    for words in found.values():
        for options in words.values():
            options.sort(key=lambda item: (-item[1], item[0]))
            del options[_PER_WORD:]
    return found


def word_groups(path: Path = WORDS_PATH) -> list[dict[str, list[str]]]:
    """The word table's groups as written, {"en": [...], "it": [...]} (none when the file is missing)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []


def words_table(path: Path = WORDS_PATH) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """The word table as a lexicon: language -> stem -> [(stem of the other language, 1.0)], every
    other-language word of the group. ("dominare" and "dominate" have one stem, each in its language's
    stemmer: the Italian stem is still the English word's translation; a loanword the query's word
    already is in the other language, "marker", is left out when searching.)"""
    found: dict[str, dict[str, list[tuple[str, float]]]] = {lang: {} for lang in LANGUAGES}
    for group in word_groups(path):
        for lang in LANGUAGES:
            target = next(t for t in LANGUAGES if t != lang)
            others = list(dict.fromkeys(s for w in group.get(target, ()) for s in terms(w, target)
                                        if fold(w) not in FUNCTION_WORDS))
            for word in group.get(lang, ()):
                for word_stem in terms(word, lang):
                    options = found[lang].setdefault(word_stem, [])
                    options += [(o, _TABLE_SCORE) for o in others if (o, _TABLE_SCORE) not in options]
    return found


def lexicon_with_table(learned: dict, table: dict) -> dict:
    """The learned lexicon, each word of the table translated as the table says instead."""
    merged = {lang: dict(learned.get(lang, {})) for lang in LANGUAGES}
    for lang in LANGUAGES:
        for word_stem, options in table.get(lang, {}).items():
            if options:
                merged[lang][word_stem] = list(options)
    return merged


def lexicon_save(lexicon: dict, directory: Path) -> None:
    (directory / FILE_NAME).write_text(json.dumps(lexicon, ensure_ascii=False), encoding="utf-8")


def lexicon_load(directory: Path) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """The index's word list; empty for an index built before there was one."""
    try:
        data = json.loads((directory / FILE_NAME).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {lang: {} for lang in LANGUAGES}
    lexicon: dict = {lang: {k: [tuple(o) for o in v] for k, v in data.get(lang, {}).items()} for lang in LANGUAGES}
    lexicon[DICTIONARY] = frozenset(data.get(DICTIONARY, ()))  # everyday words, left as typed
    return lexicon


_TABLE_OPTIONS = 3
"""Translations searched at most for one word of the table."""


_W_LEXICON_ONLY = 1.0
"""A translation of a word no rule of the query's language prints (times its score)."""


_W_LEXICON = 0.5
"""A translation learned from the aligned rules (times its Dice score): below a glossary term."""


def lexicon_queries(
    word: str, lexicon: dict, language: str | None, cross: dict[str, float], title_weight: float, reader=None
) -> tuple[list[Query], set[str]] | None:
    """The word's translations learned from the aligned rules (`lexicon`), searched in the other
    language's fields; not where a glossary term already translates the word. A word no rule of its
    own language prints ("dominare": only the English rules have Dominate) is searched as its
    translation at full weight: the rules that say it are in the other language."""
    found: list[Query] = []
    forms: set[str] = set()
    for lang in [language] if language else LANGUAGES:
        target = next(t for t in LANGUAGES if t != lang)
        unknown = reader is not None and not (
            reader.doc_frequency(f"text_{lang}", stem(word, lang)) or reader.doc_frequency(f"title_{lang}", stem(word, lang))
        )
        weight = _W_LEXICON_ONLY if unknown else _W_LEXICON
        # The best translation only, and not one the word already is in the other language
        # ("turn" is the Italian stem of "turno" too): each term searched costs time.
        options = lexicon.get(lang, {}).get(stem(word, lang), ())
        # The best learned translation; every one of a table's group ("remove": "rimuovere", "rimozione").
        chosen = list(options[:1]) + [o for o in options[1:_TABLE_OPTIONS] if o[1] >= _TABLE_SCORE]
        for other, score in chosen:
            if target in cross or other == stem(word, target):
                continue
            boost = weight * score
            found += [Term(f"title_{target}", other, boost=title_weight * boost), Term(f"text_{target}", other, boost=boost)]
            forms.add(other)
    return (found, forms) if found else None
