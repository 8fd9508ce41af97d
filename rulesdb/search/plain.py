"""A second opinion on the best candidates: the judge's words matched as typed, as the offline search matches
them (static/judgeapp/offline-search.js, after MiniSearch), and the two orders fused.

The main ranking (`ranking.rerank_score`) weighs the index's stems, its fields and its priors. This one reads
the same candidates through other eyes: each of the query's words (and each form the query plan gives it: stems,
translations, judges' words) is found whole, as the start of a longer word ("intercett" -> "intercettare") or
with a small typo, and scored by BM25 in each clause's title, its text and the words of the questions asked of
it; a clause's score is then multiplied by the share of the query's words it has, to the fourth power.

The two orders are fused by reciprocal rank (`fused`). Measured on the three question sets written blind last
(verdict, docket and ledger, 279 questions): MRR@5 0.818 -> 0.836; on the 21 older sets 0.874 -> 0.877. The
offline search's own ranking, fused the same way in a test with node, gave as much; fusing the main ranking with
variants of itself (other weights) gave nothing: it is the other way of reading the words that helps.
"""
from __future__ import annotations

import bisect
import math
import re
import sys
import threading
from collections import Counter
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from .analysis import fold
from .query import QueryPlan
from .questions import question_masks
from .titles import title_names_query
from .vocabulary import WEAK_WORD

_WORD_RE = re.compile(r"\w+")

# MiniSearch's defaults (static/vendor/minisearch-7.2.0): BM25+ and the weights of a word found as the start of
# a longer one or with a typo, beside a word found whole.
_K1, _B, _D = 1.2, 0.7, 0.5
_PREFIX = 0.375
_FUZZY = 0.45
_FUZZY_SHARE = 0.2
"""A word of more than four letters may be found with one typo in five letters (rounded)."""

_FORM = 0.5
"""A form of a query word other than the word itself (a stem, a translation, a judges' word) weighs this much of it,
and the query word it stands for counts `_FORM_SHARE` found."""
_FORM_SHARE = 0.8

_COVERAGE_FLOOR = 0.2
_COVERAGE_POWER = 4

_KIND = {"heading": 0.6, "section": 0.5}
"""A heading names its topic; the rules under it say what happens."""

_TITLE_NAMES_QUERY = 1.6
"""A clause whose title is what the judge typed ("attack phase", "zona danni"): as in the main ranking
(`ranking._W_TITLE_NAMES_QUERY`), the heading that names the topic first."""

_OTHER_LANGUAGE = 0.8

_FUSION_K = 10
_W_SECOND = 0.5
"""Reciprocal rank fusion: a candidate scores 1 / (10 + its rank in the main order) + 0.5 / (10 + its rank here).
Measured with this module's first version on the 279 questions of the three sets written blind last: k 5, 10, 20
and a weight of 0.4 to 1.0 all gave 0.828-0.843; 10 and 0.5 gave 0.839 there and 0.877 on the 21 older sets (0.7:
0.843 and 0.874, the older sets' cross-language questions 0.872 -> 0.854)."""

_DERIVED_CACHE = 20_000
"""A query word's matches in the vocabulary, kept for this many words (the same words come back)."""


def _words(text: str) -> list[str]:
    return [sys.intern(w) for w in (fold(w) for w in _WORD_RE.findall(text or "")) if len(w) > 1]


class PlainIndex:
    """Each clause's words as printed (folded), their document frequencies and the vocabulary, made once per
    index from its stored fields (`ranking.IndexData`)."""

    def __init__(self, stored: list[dict]):
        self.titles: list[tuple[str, ...]] = []
        self.texts: list[Counter] = []
        self.text_lengths: list[int] = []
        self.df: tuple[Counter, Counter, Counter] = (Counter(), Counter(), Counter())
        totals = [0, 0, 0]
        vocabulary: set[str] = set()
        self.count = 0
        for docnum, fields in enumerate(stored):
            if fields:
                fields["_docnum"] = docnum
            title = tuple(_words(fields.get("title_raw", "")))
            words = _words(fields.get("text_raw", ""))
            text = Counter(words)
            self.titles.append(title)
            self.texts.append(text)
            self.text_lengths.append(len(words))
            asked = question_masks(fields) if fields else {}
            vocabulary.update(title, text, asked)
            if not fields or fields.get("current", "yes") != "yes":
                continue
            self.count += 1
            for i, (part, length) in enumerate(((set(title), len(title)), (text.keys(), len(words)), (asked.keys(), len(asked)))):
                self.df[i].update(part)
                totals[i] += length
        self.average = [max(total / max(self.count, 1), 1e-9) for total in totals]
        self._idf: tuple[dict, dict, dict] = ({}, {}, {})
        self.vocabulary = sorted(vocabulary)
        self.by_length = sorted(self.vocabulary, key=len)
        """The vocabulary, shortest first: the words a few letters longer or shorter than a word are one slice."""
        self._derived: dict[tuple[str, bool], dict[str, float]] = {}
        self._lock = threading.Lock()

    def derived(self, word: str, *, typos: bool = True) -> dict[str, float]:
        """The vocabulary's words `word` finds, with their weight: itself 1, a longer word it begins less, a word
        one typo away (two in a long word) less again (`typos`: only for a word as the judge typed it; its forms,
        stems and translations, are the index's own spellings)."""
        key = (word, typos)
        found = self._derived.get(key)
        if found is not None:
            return found
        found = {}
        vocabulary = self.vocabulary
        for position in range(bisect.bisect_left(vocabulary, word), len(vocabulary)):
            other = vocabulary[position]
            if not other.startswith(word):
                break
            distance = len(other) - len(word)
            found[other] = 1.0 if not distance else _PREFIX * len(other) / (len(other) + 0.3 * distance)
        most = min(6, round(len(word) * _FUZZY_SHARE)) if typos and len(word) > 4 else 0
        if most:
            near = self.by_length[bisect.bisect_left(self.by_length, len(word) - most, key=len):
                                  bisect.bisect_left(self.by_length, len(word) + most + 1, key=len)]
            for other, distance, _ in process.extract(word, near, scorer=Levenshtein.distance, score_cutoff=most,
                                                      limit=None):
                if other not in found:
                    found[other] = _FUZZY * len(other) / (len(other) + distance)
        with self._lock:
            if len(self._derived) >= _DERIVED_CACHE:
                self._derived.clear()
            self._derived[key] = found
        return found

    def _bm25(self, part: int, word: str, tf: int, length: int) -> float:
        idf = self._idf[part].get(word)
        if idf is None:
            matching = self.df[part].get(word, 1)
            idf = self._idf[part][word] = math.log(1 + (self.count - matching + 0.5) / (matching + 0.5))
        return idf * (_D + tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / self.average[part])))

    def score(self, fields: dict, search: _Search, plan: QueryPlan) -> float:
        docnum = fields["_docnum"]
        title, text, length = self.titles[docnum], self.texts[docnum], self.text_lengths[docnum]
        asked = question_masks(fields)
        found: dict[str, float] = {}
        # Only the words the clause has, found by set intersection (in C), not each searched word's matches in turn.
        wanted = search.wanted
        for part, words in ((0, _common(wanted, title)), (1, _common(wanted, text)), (2, _common(wanted, asked))):
            for word in words:
                if part == 0:
                    bm25 = self._bm25(0, word, title.count(word), len(title))
                elif part == 1:
                    bm25 = self._bm25(1, word, text[word], length)
                else:
                    bm25 = self._bm25(2, word, 1, len(asked))
                for term, weight in search.matches[word]:
                    found[term] = found.get(term, 0.0) + weight * bm25
        if not found:
            return 0.0
        total = 0.0
        covered: dict[int, float] = {}
        for term, value in found.items():
            total += value * (1.0 if term in search.typed else _FORM)
            for i, is_own in search.stands[term]:
                covered[i] = max(covered.get(i, 0.0), 1.0 if is_own else _FORM_SHARE)
        share = sum(covered.values()) / search.word_count
        total *= (_COVERAGE_FLOOR + (1 - _COVERAGE_FLOOR) * share) ** _COVERAGE_POWER
        if _title_names_query(fields, plan):
            total *= _TITLE_NAMES_QUERY
        elif fields.get("kind", "") in _KIND:
            total *= _KIND[fields["kind"]]
        if plan.language and fields.get("language") != plan.language and fields.get("game") not in plan.untranslated_games:
            total *= _OTHER_LANGUAGE
        return total


def _common(wanted: frozenset[str], words) -> list[str] | frozenset[str]:
    """The words searched that a clause's words (a tuple, or a dict or set by word) have, going through the
    smaller of the two: a clause's questions can hold a thousand words, a query's search a handful."""
    if isinstance(words, tuple) or len(words) <= len(wanted):
        return wanted.intersection(words)
    return [word for word in wanted if word in words]


def _title_names_query(fields: dict, plan: QueryPlan) -> bool:
    title = fields.get("title_raw", "")
    return bool(title) and bool(plan.word_forms) and title_names_query(title, fields.get("language", ""), plan)


@dataclass(frozen=True)
class _Search:
    """What one query searches, worked out once for all its candidates."""

    stands: dict[str, list[tuple[int, bool]]]
    """Each word searched -> (the query word it stands for, whether it is that word as typed)."""
    typed: frozenset[str]
    """The words searched as the judge typed them (the others are their forms)."""
    matches: dict[str, list[tuple[str, float]]]
    """Each vocabulary word found -> (the word searched that finds it, its weight)."""
    wanted: frozenset[str]
    """The vocabulary words found (`matches`' keys)."""
    word_count: int
    """How many query words there are."""


def _search(plain: PlainIndex, plan: QueryPlan) -> _Search | None:
    """The words searched for the query: each query word typed and its forms. Function words ("di", "the") only
    when the query has nothing else. None when there is nothing to search."""
    chosen = [i for i, weight in enumerate(plan.word_weights) if weight >= WEAK_WORD] or list(range(len(plan.words)))
    stands: dict[str, list[tuple[int, bool]]] = {}
    for n, i in enumerate(chosen):
        typed = fold(plan.words[i])
        for form in {typed, *plan.word_forms[i]}:
            if len(form) > 1:
                stands.setdefault(form, []).append((n, form == typed))
    if not stands:
        return None
    typed_terms = frozenset(term for term, pairs in stands.items() if any(own for _, own in pairs))
    matches: dict[str, list[tuple[str, float]]] = {}
    for term in stands:
        for word, weight in plain.derived(term, typos=term in typed_terms).items():
            matches.setdefault(word, []).append((term, weight))
    return _Search(stands, typed_terms, matches, frozenset(matches), len(chosen))


def _has_any(plain: PlainIndex, fields: dict, words: frozenset[str]) -> bool:
    docnum = fields["_docnum"]
    return not (words.isdisjoint(plain.texts[docnum]) and words.isdisjoint(plain.titles[docnum])
                and words.isdisjoint(question_masks(fields)))


def second_order(candidates: list[dict], plain: PlainIndex, plan: QueryPlan) -> list[int]:
    """The positions of `candidates` (stored fields) that have any of the query's words, best first by this ranking."""
    search = _search(plain, plan)
    if search is None:
        return []
    typed = frozenset(word for word, found in search.matches.items() if any(term in search.typed for term, _ in found))
    if not any(_has_any(plain, fields, typed) for fields in candidates):
        # No word as the judge typed it is in any candidate ("pilaccia", a judges' word the rules never print):
        # only its forms are, which the main ranking weighs better. No second opinion.
        return []
    scores = [plain.score(fields, search, plan) for fields in candidates]
    return sorted((i for i, score in enumerate(scores) if score > 0), key=lambda i: -scores[i])


def fused(head: list, second: list[int]) -> list:
    """`head` (best first) reordered by reciprocal rank fusion with `second` (positions in `head`, best first)."""
    rank = {position: r for r, position in enumerate(second)}
    score = [1 / (_FUSION_K + i + 1) + (_W_SECOND / (_FUSION_K + rank[i] + 1) if i in rank else 0.0)
             for i in range(len(head))]
    return [head[i] for i in sorted(range(len(head)), key=lambda i: -score[i])]
