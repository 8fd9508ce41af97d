"""Unknown words of a query: the index's nearest words ("guardain" -> "guardian"), and the query
with each word nothing knows read as its nearest word."""
from __future__ import annotations

import weakref

from rapidfuzz import process
from rapidfuzz.distance import OSA, Levenshtein

from .analysis import LANGUAGES, fold, stem
from .lexicon import DICTIONARY
from .results import SearchResults
from .vocabulary import glossary_expand

_SHORTEST_CORRECTED = 5
"""Shorter unknown words are not corrected by any edit: "blom" could be "bloom" or "blow"."""


_SHORTEST_SWAPPED = 4
"""From this length an unknown word is corrected when two neighbouring letters swapped make a word the index
has ("stpe" -> "step", "hnad" -> "hand"): a slip of the thumb that leaves one reading, where an added, lost
or changed letter leaves several."""


def spelling_candidates(folded: str, reader) -> list[str]:
    """The index's words closest to an unknown word, commonest first: those within one or two edits
    (by length) that share its first two letters, kept at the fewest edits, a swap of two
    letters counting one ("guardain" is "guardian", one swap, not "guardare", two edits)."""
    if len(folded) < _SHORTEST_CORRECTED:
        return _swaps_known(folded, reader) if len(folded) >= _SHORTEST_SWAPPED else []
    maxdist = 1 if len(folded) < 8 else 2
    # Asked within two edits even for a short word: the index counts a swap as two ("shitf" is two edits from
    # "shift"), the order below counts it as one, and keeps only what is within maxdist that way.
    scored = sorted((OSA.distance(folded, w), -reader.doc_frequency("exact", w), w) for w in within_two_edits(folded, reader))
    scored = [item for item in scored if item[0] <= maxdist]
    if not scored:
        return []
    best = scored[0][0]
    return [w for d, _, w in scored if d == best]


def within_two_edits(folded: str, reader) -> set[str]:
    """The index's words at most two edits from `folded` (a swap counting two) that share its first two letters:
    the words whoosh's `terms_within("exact", folded, 2, prefix=2)` finds, looked for by rapidfuzz among the words
    with those letters."""
    return {word for word, _, _ in process.extract(folded, _words_by_start(reader).get(folded[:2], ()),
                                                   scorer=Levenshtein.distance, score_cutoff=2, limit=None)}


_BY_START: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _words_by_start(reader) -> dict[str, list[str]]:
    """The index's words by their first two letters, read once per reader (a few tens of ms): the words an
    unknown word's nearest are looked for among. Whoosh's own search within two edits took 4 ms a word."""
    found = _BY_START.get(reader)
    if found is None:
        found = {}
        for term in reader.lexicon("exact"):
            word = term.decode("utf-8") if isinstance(term, bytes) else term
            found.setdefault(word[:2], []).append(word)
        _BY_START[reader] = found
    return found


def _swaps_known(folded: str, reader) -> list[str]:
    """The index's words that are `folded` with two neighbouring letters swapped, commonest first."""
    swapped = {folded[:i] + folded[i + 1] + folded[i] + folded[i + 2 :] for i in range(len(folded) - 1)} - {folded}
    known = sorted((-reader.doc_frequency("exact", w), w) for w in swapped if reader.doc_frequency("exact", w))
    return [w for _, w in known]


_EVERYDAY_SHARE = 5e-7
"""A word of the frequency lists at least this common is a word a judge means: "muore", "scattare",
"interrupt", "matter". Rarer entries are as often slips ("manna" for "mana") as words."""


def dictionary_words(reader) -> list[str]:
    """Everyday Italian and English words of `_SHORTEST_SWAPPED` letters or more that the index does not print:
    typed, they are what the judge meant, not a misspelling of the rules' nearest word ("muore" is not
    "muove", "interrupt" is not "intercept", "libro" is not "libero"). From pyspellchecker's word
    frequency lists, kept to the words that matter here (about 42,000, a few MB in each search process), and
    read only when an index is built."""
    from spellchecker import SpellChecker  # only when an index is built

    found = set()
    for lang in LANGUAGES:
        frequencies = SpellChecker(language=lang, distance=1).word_frequency
        floor = _EVERYDAY_SHARE * frequencies.total_words
        found.update(
            word for word, count in frequencies.dictionary.items()
            if count >= floor and len(word) >= _SHORTEST_SWAPPED and word.isalpha()
            and not reader.doc_frequency("exact", fold(word))
        )
    return sorted(found)


def spelling_kept(word: str, reader, lexicon: dict) -> bool:
    """Whether an unknown word is searched as typed, with no correction offered: an everyday word, or one
    some rule prints in another form ("count": "counts" is printed, "cont" would be the icon)."""
    return fold(word) in lexicon.get(DICTIONARY, ()) or stem_printed(word, reader)


def stem_printed(word: str, reader) -> bool:
    """Whether some rule prints the word in another form: "count" is no rule's word, but "counts" is, and
    is not misspelt as the "CONT" icon."""
    return any(reader.doc_frequency(f"text_{lang}", stem(word, lang)) for lang in LANGUAGES)


def misspellings_corrected(words: list[str], reader, lexicon: dict, results: SearchResults) -> list[str]:
    """The query with each word that nothing knows (no rule prints it, no glossary, judges' word or
    word list has it) replaced by the index's nearest word ("innescco" -> "innesco", "sacrficare" ->
    "sacrificare"): searched as that word, with its stems, translations and synonyms, rather than as a
    weak fuzzy match beside the words typed right. The correction is offered as "did you mean"."""
    corrected = list(words)
    in_terms: set[int] | None = None
    for i, word in enumerate(words):
        folded = fold(word)
        if len(folded) < _SHORTEST_SWAPPED or reader.doc_frequency("exact", folded):
            continue
        if spelling_kept(word, reader, lexicon):
            continue
        if any(stem(word, lang) in lexicon.get(lang, {}) for lang in LANGUAGES):
            continue
        if in_terms is None:
            # Only once a word is unknown (most queries have none): a word of a judges' phrase or a glossary
            # term is known with its neighbours ("static" in "static abilities" is Magic's word for a passive
            # ability), not a misspelling of a word of the index ("stati").
            in_terms = {j for expansion in glossary_expand(words) for j in range(expansion.start, expansion.end)}
        if i in in_terms:
            continue
        near = spelling_candidates(folded, reader)
        if near:
            corrected[i] = near[0]
            results.corrections[word] = near[0]
            continue
        parts = compound_split(folded, reader)
        if parts:
            corrected[i] = " ".join(parts)
            results.corrections[word] = " ".join(parts)
    # A compound read as its two words ("sottotipi" -> "sotto tipi") counts as two words.
    return [part for word in corrected for part in word.split(" ")]


_SHORTEST_PART = 4
"""Each word a compound is read as has at least this many letters: "sotto"+"tipi", "rear"+"guard"."""


def compound_split(folded: str, reader) -> list[str]:
    """Two words of the index that, written together, make the unknown word: the judge typed as one word
    what the rules hyphenate ("sottotipi" for "sotto-tipi", "rearguard" for "rear-guard"); [] when none.
    Of several splits, the one whose rarer part is commonest."""
    splits = [
        (min(reader.doc_frequency("exact", folded[:i]), reader.doc_frequency("exact", folded[i:])), folded[:i], folded[i:])
        for i in range(_SHORTEST_PART, len(folded) - _SHORTEST_PART + 1)
    ]
    found = max((split for split in splits if split[0]), default=None)
    return [found[1], found[2]] if found else []
