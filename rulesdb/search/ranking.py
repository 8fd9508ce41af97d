"""Scoring and reranking: whoosh's BM25F per leaf query, combined here, then the best hundred reranked.

Speed: whoosh stores, analyses and scores; it does not combine. Each leaf query (a
term, a phrase, a prefix) is scored once per index from whoosh's postings with its
BM25F and cached (`IndexData`), and Or/And/AndMaybe are summed in plain dicts
(`query_scores`). whoosh's own matchers walk a 50-term union one posting at a time in
Python, which was most of a search's time (p95 18 ms -> 7-9 ms on benchmarks/search.py,
same rankings).

The best hundred by BM25F are reranked: by the share of the query's words a
clause contains, each word weighed by its IDF (question words - "quante",
"cosa", "how many" - and articles or prepositions weigh little), raised to
the fourth power so a clause with all the question's words beats one with its
rarest word many times; adjacent query words side by side; a kind prior (rules
over headings, more so for a question longer than a heading's title; a
heading whose title is the query first); the query's language; a game the
query names ("weiss") or whose own words it uses ("retroguardie", "stock");
and for "how many" questions the clauses that state a number.
"""
from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterable

from whoosh.query import And, AndMaybe, DisjunctionMax, Or, Phrase, Prefix, Query, Term

from .analysis import LANGUAGES, WORD_RE, fold, stem
from .index import WEIGHTING, index_path
from .lexicon import lexicon_load
from .plain import PlainIndex
from .query import QueryPlan
from .questions import one_question_factor, question_masks
from .titles import title_names_query
from .vocabulary import STATES_NUMBER_RE, WEAK_WORD


class IndexData:
    """What every search on one index reads again and again, loaded once per index.

    - every clause's stored fields, by whoosh document number (ranking, snippets, facets);
    - each field's length in every clause and its average (BM25F);
    - the scores of each leaf query (a term, a phrase, a prefix) in every clause
      it matches, computed the first time a query needs it.

    Queries are combined here (`query_scores`), not by whoosh's matchers: whoosh walks the postings
    of a 50-term query in pure Python once per document, which cost most of a search's time.
    The scores are whoosh's own: a term's BM25F is the same formula on the same statistics,
    and phrases and prefixes are scored by whoosh's matchers, then cached.
    The index never changes after it is built (a rebuild makes a new one), so nothing
    cached here goes stale; it is dropped with the index.
    """

    LEAF_CACHE_POSTINGS = 1_000_000
    """Cached scores kept at most (about 100 MB); past it the cache starts again."""

    def __init__(self, reader):
        self.stored: list[dict] = [{}] * reader.doc_count_all()
        for docnum, fields in reader.iter_docs():
            self.stored[docnum] = fields
            question_masks(fields)  # here, once (0.14 s), not on the first searches that rerank it
        self.doc_count = reader.doc_count_all()
        self.lengths: dict[str, list[int]] = {}
        self.average_length: dict[str, float] = {}
        self.leaves: dict[tuple, dict[int, float]] = {}
        self.leaves_postings = 0
        self.lock = threading.Lock()
        self.lexicon: dict = {}
        """The index's bilingual word list (`lexicon`), set by `index_data`."""
        languages: dict[str, set[str]] = {}
        self.game_by_document: dict[str, str] = {}
        """Each current document's game (a number beside a document's name, "playbook Q22")."""
        for fields in self.stored:
            if fields.get("current", "yes") == "yes" and fields.get("game"):
                languages.setdefault(fields["game"], set()).add(fields.get("language", ""))
                self.game_by_document.setdefault(fields.get("document", ""), fields["game"])
        self.languages_by_game = {game: frozenset(found) for game, found in languages.items()}
        """Each game's languages among its current documents: a game with no English text is read in
        Italian by whoever asks in English."""
        self.first_rule: dict[tuple[str, str], int] = {}
        """(document, a heading's number) -> the first rule printed under it: the rule that says what the
        heading's term is ("6.7 Attack Phase" -> 6.7.1 "the phase in which ...")."""
        for n, fields in enumerate(self.stored):
            if fields.get("kind") == "rule" and fields.get("parent_number"):
                key = (fields.get("document", ""), fields["parent_number"])
                known = self.first_rule.get(key)
                if known is None or fields.get("order", 0) < self.stored[known].get("order", 0):
                    self.first_rule[key] = n
        self.document_of = [fields["document"] for fields in self.stored]
        self.kind_of = [fields["kind"] for fields in self.stored]
        """Each clause's document and kind, by its number in the index: a search's facets."""
        self.game_of = [fields.get("game", "") for fields in self.stored]
        """Each clause's game, by its number in the index: the games a query's words belong to."""
        self.scope_docs: dict[tuple[str, str], frozenset[int]] = {}
        """(stored field, value) -> the clauses that have it (`docs_matching`)."""
        self.plain = PlainIndex(self.stored)
        """Each clause's words as printed, for the second opinion on the candidates (`plain`)."""

    def docs_matching(self, values: dict[str, str]) -> frozenset[int]:
        """The clauses whose stored fields have all these values ({"current": "yes", "game": "altered"}): a
        filter's clauses, found once per index and value, not by reading every matched clause's fields."""
        found = None
        for key, value in values.items():
            docs = self.scope_docs.get((key, value))
            if docs is None:
                docs = self.scope_docs[(key, value)] = frozenset(
                    n for n, fields in enumerate(self.stored) if fields.get(key) == value
                )
            found = docs if found is None else found & docs
        return found if found is not None else frozenset(range(len(self.stored)))

    def field_lengths(self, searcher, fieldname: str) -> list[int]:
        lengths = self.lengths.get(fieldname)
        if lengths is None:
            reader = searcher.reader()
            lengths = [reader.doc_field_length(n, fieldname, 1) for n in range(self.doc_count)]
            self.lengths[fieldname] = lengths
            self.average_length[fieldname] = searcher.avg_field_length(fieldname) or 1
        return lengths

    def leaf_scores(self, searcher, query: Query) -> dict[int, float]:
        """document number -> score of `query` with boost 1, for a leaf (term, phrase, prefix)."""
        key = _leaf_key(query)
        scores = self.leaves.get(key)
        if scores is None:
            if isinstance(query, Term) and searcher.schema[query.fieldname].scorable:
                scores = self._term_scores(searcher, query.fieldname, query.text)
            else:
                scores = _whoosh_leaf_scores(searcher, query)
            with self.lock:
                if self.leaves_postings + len(scores) > self.LEAF_CACHE_POSTINGS:
                    self.leaves.clear()
                    self.leaves_postings = 0
                self.leaves[key] = scores
                self.leaves_postings += len(scores)
        return scores

    def _term_scores(self, searcher, fieldname: str, text: str) -> dict[int, float]:
        """BM25F of one term in every clause that has it (whoosh's `BM25FScorer`, inlined)."""
        reader = searcher.reader()
        if (fieldname, text) not in reader:
            return {}
        lengths = self.field_lengths(searcher, fieldname)
        average = self.average_length[fieldname]
        idf = searcher.idf(fieldname, text)
        b = WEIGHTING._field_B.get(fieldname, WEIGHTING.B)
        k1 = WEIGHTING.K1
        scores: dict[int, float] = {}
        for docnum, tf in _postings(reader.postings(fieldname, text)):
            scores[docnum] = idf * ((tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * lengths[docnum] / average)))
        return scores


def _postings(matcher) -> Iterable[tuple[int, float]]:
    """(document number, term frequency) of every posting. Whoosh's on-disk postings are read a block at a
    time (a block's numbers and frequencies as two sequences), not one posting per four method calls: a
    common word's first search reads thousands. Any other matcher, one posting at a time."""
    if not all(hasattr(matcher, name) for name in _BLOCK_READER):
        while matcher.is_active():
            yield matcher.id(), matcher.weight()
            matcher.next()
        return
    while matcher.is_active():
        matcher._read_ids()
        matcher._read_weights()
        yield from zip(matcher._ids[matcher._i:], matcher._weights[matcher._i:])
        matcher._next_block()


_BLOCK_READER = ("_read_ids", "_read_weights", "_next_block", "_ids", "_weights", "_i")
"""What `_postings` reads of Whoosh-Reloaded 2.7's block matcher (`W3LeafMatcher`), checked before it is used."""


def _leaf_key(query: Query) -> tuple:
    if isinstance(query, Phrase):
        return ("phrase", query.fieldname, tuple(query.words), query.slop)
    if isinstance(query, Prefix):
        return ("prefix", query.fieldname, query.text)
    if isinstance(query, Term):
        return ("term", query.fieldname, query.text)
    raise TypeError(f"not a leaf query: {query!r}")


def _whoosh_leaf_scores(searcher, query: Query) -> dict[int, float]:
    unboosted = query.copy()
    unboosted.boost = 1.0
    matcher = unboosted.matcher(searcher, searcher.context())
    scores: dict[int, float] = {}
    while matcher.is_active():
        scores[matcher.id()] = matcher.score()
        matcher.next()
    return scores


def query_scores(searcher, data: IndexData, query: Query) -> dict[int, float]:
    """document number -> score of `query`, combined as whoosh combines them: Or and And add
    their parts' scores (And only where all match), AndMaybe adds the optional part's where the
    required part matches, DisjunctionMax takes the best part's and the tiebreak's share of the
    others'; a boost multiplies."""
    if isinstance(query, DisjunctionMax):
        # The best part's score, and `tiebreak` of the others': the largest part copied whole, one
        # pass over the others keeping each document's best and the sum of the rest.
        parts = sorted((query_scores(searcher, data, part) for part in query.subqueries), key=len, reverse=True)
        total = dict(parts[0]) if parts else {}
        rest: dict[int, float] = {}
        for part in parts[1:]:
            for docnum, score in part.items():
                best = total.get(docnum)
                if best is None:
                    total[docnum] = score
                    continue
                if score > best:
                    total[docnum], score = score, best
                rest[docnum] = rest.get(docnum, 0.0) + score
        for docnum, score in rest.items():
            total[docnum] += query.tiebreak * score
    elif isinstance(query, Or):
        parts = sorted((query_scores(searcher, data, part) for part in query.subqueries), key=len, reverse=True)
        # The largest part copied whole (in C), the others added to it.
        total: dict[int, float] = dict(parts[0]) if parts else {}
        for part in parts[1:]:
            for docnum, score in part.items():
                total[docnum] = total.get(docnum, 0.0) + score
    elif isinstance(query, And):
        parts = [query_scores(searcher, data, part) for part in query.subqueries]
        parts.sort(key=len)
        total = {}
        for docnum, score in parts[0].items():
            if all(docnum in other for other in parts[1:]):
                total[docnum] = score + sum(other[docnum] for other in parts[1:])
    elif isinstance(query, AndMaybe):
        required = query_scores(searcher, data, query.a)
        optional = query_scores(searcher, data, query.b)
        total = {docnum: score + optional.get(docnum, 0.0) for docnum, score in required.items()}
    else:
        total = data.leaf_scores(searcher, query)
    if query.boost != 1.0:
        total = {docnum: score * query.boost for docnum, score in total.items()}
    return total


_index_data_by_key: dict[object, IndexData] = {}


_index_data_lock = threading.Lock()


def search_caches_clear(*, scores_only: bool = False) -> None:
    """Forget what was read from the index: everything, or only the cached term scores
    (benchmarks measure queries that meet every term for the first time with this)."""
    with _index_data_lock:
        if scores_only:
            for data in _index_data_by_key.values():
                with data.lock:
                    data.leaves.clear()
                    data.leaves_postings = 0
        else:
            _index_data_by_key.clear()


def index_data(searcher) -> IndexData:
    key = searcher.index_key  # set by _searcher_open
    data = _index_data_by_key.get(key)
    if data is None:
        with _index_data_lock:
            data = _index_data_by_key.get(key)
            if data is None:
                data = IndexData(searcher.reader())
                data.lexicon = lexicon_load(index_path(key))
                # Every scored field's lengths now, once per index, rather than inside the first
                # searches that happen to touch each field.
                for fieldname, field in searcher.schema.items():
                    if field.scorable:
                        data.field_lengths(searcher, fieldname)
                if len(_index_data_by_key) > 2:
                    _index_data_by_key.clear()  # indexes replaced by rebuilds
                _index_data_by_key[key] = data
    return data


_W_STATES_NUMBER = 1.3


_W_ADJACENT = 0.6


_TRANSLATED_ADJACENT = 0.75
"""A translated pair side by side counts this much of the query's own (the query's language first)."""


_COORD_FLOOR = 0.2


_COORD_POWER = 4


RERANK = 100
"""The best hits by BM25F are reordered by how many of the query's words they contain."""


_W_GAME = 1.5
"""A clause of the game the query names."""


_OTHER_LANGUAGE = 0.8
"""A clause in another language than the query's (found through the glossary): the judge who
types English reads the English rules first, the Italian translation next."""


_KIND_PRIOR = {"section": 0.75, "heading": 0.85}


_REMARK_PRIOR = {"note": 0.7, "example": 0.7}
"""A note or an example under a rule clarifies it: the rule answers first."""


_HEADING_LONG_QUERY = 0.7
"""A question is answered by a rule more often than by the heading above it."""


_W_TITLE_NAMES_QUERY = 1.6


_W_FIRST_UNDER_NAMED = 1.3
"""The first rule under a heading whose title is the query (every set: +0.001 pooled; 1.6 cost the tuned set)."""


_FIRST_UNDER = re.compile(r"(?:^|\.)(?:1|a)$")
"""A first rule's number: "6.7.1", Altered's "2.2.1.a"."""


def _word_set(fields: dict, name: str) -> frozenset[str]:
    """A stored field's words as a set, made once per index (kept in the stored fields, which
    live as long as the index)."""
    key = f"_{name}_set"
    words = fields.get(key)
    if words is None:
        words = fields[key] = frozenset(fields.get(name, "").split())
    return words


def rerank_score(score: float, fields: dict, plan: QueryPlan) -> float:
    """BM25F score of the rarer words, times: the kind prior, the share of all the query's
    words the clause contains (so "di", "the" count here, not in matching), and a bonus for
    query words that stand side by side in the clause."""
    kind = fields.get("kind", "")
    score *= _KIND_PRIOR.get(kind, 1.0) * _REMARK_PRIOR.get(kind, 1.0)
    if kind in _KIND_PRIOR and plan.content_words > len(WORD_RE.findall(fields.get("title_raw", ""))) + 1:
        # A question longer than the heading's title asks something the rules under it answer.
        score *= _HEADING_LONG_QUERY
    if plan.games and fields.get("game") in plan.games:
        score *= _W_GAME
    elif plan.implied_games and fields.get("game") in plan.implied_games:
        score *= _W_IMPLIED_GAME
    if plan.implied_games and kind == "glossary":
        score *= _JARGON_GLOSSARY
    if plan.language and fields.get("language") != plan.language:
        # Only where the game has rules in the query's language: Weiss Schwarz's and Altered's are
        # Italian only, and an English question about them is answered there or nowhere.
        score *= _UNTRANSLATED_GAME if fields.get("game") in plan.untranslated_games else _OTHER_LANGUAGE
    if plan.counting and STATES_NUMBER_RE.search(fields.get("text_raw", "")):
        score *= _W_STATES_NUMBER
    if fields.get("describes") and plan.word_forms:
        # The clause only names or depicts its term ("Difensore è un'abilità passiva"): for a
        # query about the term, the rule beside it says what the term does, unless the query
        # asks about what the description says (the name, the icon, the kind of ability).
        asked = plan.all_forms
        if asked & _word_set(fields, "describes_term") and not asked & _word_set(fields, "describes"):
            score *= _DESCRIPTION
    if fields.get("defines") and plan.word_forms:
        # The rule that names the term the query is ("colonna" -> "... is called a column"): what
        # the term is, before the rules that use it.
        content = [options for options, w in zip(plan.word_forms, plan.word_weights) if w >= WEAK_WORD]
        defined = _word_set(fields, "defines")
        if content and fields.get("defines_size", 0) <= len(content) and all(options & defined for options in content):
            score *= _W_DEFINES
    title = fields.get("title_raw", "")
    if title and plan.word_forms and title_names_query(title, fields.get("language", ""), plan):
        # The title is what the judge typed ("zona danni" -> "Damage Zone"): the heading that
        # names the topic, not a rule that mentions it.
        score *= _W_TITLE_NAMES_QUERY
    parent = fields.get("parent_title", "")
    if (parent and kind == "rule" and plan.word_forms and _FIRST_UNDER.search(fields.get("number", ""))
            and title_names_query(parent, fields.get("language", ""), plan)):
        # The first rule under the heading the judge named ("attack phase cos'è" -> "La fase durante la
        # quale ..."): what the term is, which seldom repeats the term's own words.
        score *= _W_FIRST_UNDER_NAMED
    if plan.word_forms:
        forms = _word_set(fields, "stems")
        aligned = _word_set(fields, "aligned_stems")
        asked = _word_set(fields, "asked_stems")
        written = _word_set(fields, "written_stems")
        matched = sum(
            w if options & forms
            else w * max(_ALIGNED_COORD if options & aligned else 0.0, _WRITTEN_COORD if options & written else 0.0,
                         _ASKED_COORD if options & asked else 0.0)
            for options, w in zip(plan.word_forms, plan.word_weights)
        )
        share = _COORD_FLOOR + (1 - _COORD_FLOOR) * matched / sum(plan.word_weights)
        # To the fourth power: a clause that has all the question's words beats one that has
        # its rarest word many times (measured on 234 judge questions: 0.76 -> 0.78 MRR@5).
        score *= share**_COORD_POWER
        # One question asked of the clause that says most of what the judge typed: a whole question
        # matched, where the coordination above counts words from any of them.
        score *= one_question_factor(fields, plan)
    if plan.pairs or plan.translated_pairs:
        sequence = fields.get("sequence", "")
        adjacent = sum(1 for pair in plan.pairs if pair in sequence)
        adjacent += _TRANSLATED_ADJACENT * sum(1 for pair in plan.translated_pairs if pair in sequence)
        score *= 1 + _W_ADJACENT * min(adjacent, 3)
    return score


_W_IMPLIED_GAME = 1.7


_UNTRANSLATED_GAME = 1.3
"""A clause in another language than the query's, of a game that has no rules in the query's language:
not held back as a translation is, and a little forward, since the translated words match it less well
than the other games' own words do (cross-language questions of every set 0.697 -> 0.722 at 1.3)."""


_JARGON_GLOSSARY = 0.75
"""A glossary entry when the query uses a game's shorthand ("PG", "GB2"): who types the players'
shorthand knows the term and asks what the rules say; the glossary entry, which names the term in
its title, would otherwise come first."""


_W_DEFINES = 1.5
"""A rule that defines the term the query names."""


_ALIGNED_COORD = 0.25
"""A query word found only in the clause's counterpart in the other language counts this much (0.3 until
the word table: its translations find more counterparts, and held-out questions measured 0.847 -> 0.858 at 0.25)."""


_ASKED_COORD = 0.2
"""A query word found only in the questions asked of a clause (`asked`) counts this much of a word of its own.
All 20 sets with 2,479 rulings: 0.1 -> 0.765 (held-out set 0.865), 0.15 -> 0.767 (held-out 0.848, under its 0.85
target), 0.25 -> 0.769 (0.839); with the first 1,843 English questions only, 0.5 -> 0.767, 0 -> 0.758. With the
questions written for the search beside them (`_WRITTEN_COORD`), 0.2 (0.1: 0.854 over all 21 sets, 0.2: 0.855)."""


_WRITTEN_COORD = 0.7
"""A query word found only in the questions written for the search whose answer is the clause (`written`)
counts this much of a word of its own: a judge's word for what the clause says ("swing", "bin"), nearly as
good as the rules' own. All 21 sets: 0.5 -> 0.842, 0.7 -> 0.855, 0.8 -> 0.853, 1.0 -> 0.816 (the clauses with
the most questions outrank those whose own words the judge typed)."""


_DESCRIPTION = 0.5
"""A clause that only describes its term, for a query that does not ask about the description."""


_GAME_WORD_SHARE = 0.9
"""A word is a game's own when at least this share of the clauses that have it are that game's."""


def games_implied(searcher, data: IndexData, words: list[str], weights: list[float]) -> frozenset[str]:
    """The games a query's words belong to: "retroguardie" appears only in Vanguard's rules, "stock"
    and "climax" only in Weiss Schwarz's, "spedizione" only in Altered's."""
    games = set()
    for word, weight in zip(words, weights):
        if weight < WEAK_WORD or len(word) < 3:
            continue
        docnums = data.leaf_scores(searcher, Term("exact", fold(word))).keys()
        for lang in LANGUAGES:
            docnums = docnums | data.leaf_scores(searcher, Term(f"text_{lang}", stem(word, lang))).keys()
        if len(docnums) < 2:
            continue
        game, count = Counter(map(data.game_of.__getitem__, docnums)).most_common(1)[0]
        if count >= _GAME_WORD_SHARE * len(docnums):
            games.add(game)
    return frozenset(games) if len(games) == 1 else frozenset()
