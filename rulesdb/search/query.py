"""A query, from the parsed words (`parsing`) to whoosh queries and what reranking and highlighting need.

A query is parsed leniently (no operator syntax, so nothing a judge types is
a syntax error): `"quoted phrases"` must match, bare words are OR-ed and
ranked with BM25F (title > context > text; exact words > typo-tolerant
ones), adjacent words score again as a phrase, a clause number scores on the
number fields. Words are expanded through the search vocabulary (`vocabulary`).
A bare integer among words ("level 4") is a count, not a clause number.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Iterable

from whoosh.query import And, AndMaybe, DisjunctionMax, Or, Phrase, Prefix, Query, Term

from .analysis import LANGUAGES, fold, stem, terms
from .lexicon import lexicon_queries
from .parsing import ParsedQuery, game_names_split, shorthand_unpacked
from .spelling import misspellings_corrected, spelling_candidates, spelling_kept
from .results import SearchedTerm, SearchResults
from .vocabulary import (COUNT_WORDS, DEFINING_RE, NUMBER_SPELLINGS, WEAK_WORD, Expansion, game_names_weighed,
                         games_named, glossary_expand_typed, named_games_words_first, term_sequence, word_weight)

# Field weights (query-time boosts, BM25F per field).
_W_TITLE = 2.0


_W_TITLE_QUESTION = 1.5


_W_CONTEXT = 0.6


_W_TEXT = 1.0


_W_FUZZY = 0.35


_W_PREFIX = 0.25


_W_GLOSSARY = 0.8  # a glossary translation of a term in the query


_W_SYNONYM = 0.6  # another word for a term in the query (SearchSynonym: "tap" for "rest")


_W_UNPRINTED = 1.3
"""What a judges' word no rule prints stands for ("tappato", "KO"): searched above the words typed, which
find nothing themselves (at the synonyms' 0.6, judges' words of the blind sets scored 0.33-0.74)."""


_W_LOANWORD_TYPED = 0.6
"""A word the query's language knows, in the other language's rules, where it is a loanword ("Stand Phase"
in the Italian Weiss Schwarz rules): cross-language questions of every set 0.719 -> 0.747."""


_W_CROSS = 0.25  # the original words of a translated term, in the other language's fields


_W_ALIGNED = 0.3
"""The words of a clause's counterpart in the other language (the aligned translation): an English
query finds the Italian clause whose English counterpart has its words, below a clause's own words."""


_W_ASKED = 0.2
"""The questions the project's rulings ask of a clause (`asked`), in judges' words and in both
languages: below the clause's own words and its translation's, since a ruling names every clause it
exercises. All 20 question sets, 1,896 questions: 0.755 -> 0.765 MRR@5 with 2,479 rulings in English
and Italian (0.15 gave 0.766; see `ranking._ASKED_COORD`). Beside the questions written for the search
(`_W_WRITTEN`), 0.2: all 21 sets 0.855 (0.1: 0.852, 0.3: 0.856 with the held-out set 0.880 against 0.889),
measured before each word's written match became the better of two (`_WRITTEN_TIEBREAK`; 0.851 after)."""


_W_WRITTEN = 1.0
"""The questions written for the search whose answer is the clause (`written`): as much as the clause's
own words, since each names the one clause that answers it. All 21 sets (1,996 questions), with 17,228
questions for 2,351 clauses: MRR@5 0.765 -> 0.855; 0.6 gave 0.842, 0.8 0.854, 1.5 0.854 (`ranking._WRITTEN_COORD`);
with each word once per clause and the better-of-two match (`_WRITTEN_TIEBREAK`), 0.851 (1.3: 0.853); with the
third round (25,749 questions), 0.859 (0.8: 0.856, 1.2: 0.861 with the held-out set at 0.855 against 0.859)."""


_WRITTEN_TIEBREAK = 0.3
"""How much of the lesser of a word's two matches (the clause's own words, the judges' words for it)
counts beside the better. Added whole, a clause that prints "attack phase" and is asked about it came
before the heading named so; 0.3 (0 and 0.6 measured the same, all 21 sets 0.851-0.852)."""


_W_NUMBER = 40.0


_COMMON_WORD = 0.08  # share of clauses above which a word does not match, only counts at rerank


def _word_query(
    word: str, reader, cross_weight: dict[str, float], language: str | None, title_weight: float
) -> tuple[Query | None, set[str]]:
    """Every way one query word can match, and the exact-field words it stands for (for highlighting)."""
    subqueries: list[Query] = []
    written: list[Query] = []
    for spelling in sorted(NUMBER_SPELLINGS.get(fold(word), ())):
        subqueries.append(Term("exact", spelling, boost=_W_TEXT * _W_GLOSSARY))
    for lang in LANGUAGES:
        word_stem = stem(word, lang)
        if not word_stem:
            continue
        w = cross_weight.get(lang, 1.0)
        if language and lang != language and reader.doc_frequency(f"text_{language}", stem(word, language)):
            # The query's own language knows the word: scored in the other language's rules only as the
            # loanword it may be there ("Stand Phase", "Waiting Room" in the Italian Weiss Schwarz rules).
            subqueries += [Term(f"text_{lang}", word_stem, boost=_W_TEXT * w * _W_LOANWORD_TYPED),
                           Term(f"title_{lang}", word_stem, boost=title_weight * w * _W_LOANWORD_TYPED),
                           Term(f"context_{lang}", word_stem, boost=_W_CONTEXT * w * _W_LOANWORD_TYPED)]
            continue
        subqueries += [
            Term(f"title_{lang}", word_stem, boost=title_weight * w),
            Term(f"text_{lang}", word_stem, boost=_W_TEXT * w),
            Term(f"context_{lang}", word_stem, boost=_W_CONTEXT * w),
            Term(f"aligned_{lang}", word_stem, boost=_W_ALIGNED * w),
            Term(f"asked_{lang}", word_stem, boost=_W_ASKED * w),
        ]
        written.append(Term(f"written_{lang}", word_stem, boost=_W_WRITTEN * w))
    folded = fold(word)
    variants = {folded} | NUMBER_SPELLINGS.get(folded, set())
    correction = None
    # A word the index knows is taken as typed; an unknown one may be misspelt or cut short.
    if not reader.doc_frequency("exact", folded):
        near = spelling_candidates(folded, reader)
        if near:
            variants.update(near)
            subqueries.append(Or([Term("exact", t) for t in near], boost=_W_FUZZY))
            correction = near[0]
        if len(folded) >= 4:
            subqueries.append(Prefix("exact", folded, boost=_W_PREFIX))
    if written and subqueries:
        # The judges' word for the clause or the clause's own: the better of the two, not both, so a
        # clause that prints the word and is asked about it in many ways does not outrank the one
        # whose title is the word.
        return DisjunctionMax([Or(subqueries), Or(written)], tiebreak=_WRITTEN_TIEBREAK), variants, correction
    return (Or(subqueries + written) if subqueries or written else None), variants, correction


def _phrase_query(tokens: list[str], boost: float = 1.0, slop: int = 1, languages: Iterable[str] = LANGUAGES) -> Query:
    alternatives: list[Query] = []
    for lang in languages:
        stems = terms(" ".join(tokens), lang)
        if len(stems) > 1:
            alternatives.append(Phrase(f"title_{lang}", stems, slop=slop, boost=_W_TITLE * boost))
            alternatives.append(Phrase(f"text_{lang}", stems, slop=slop, boost=_W_TEXT * boost))
        elif stems:  # a quoted single word: that word, without typo tolerance
            alternatives.append(Term(f"title_{lang}", stems[0], boost=_W_TITLE * boost))
            alternatives.append(Term(f"text_{lang}", stems[0], boost=_W_TEXT * boost))
    return Or(alternatives)


def _query_language(words: list[str], reader) -> str | None:
    """The language the query is written in, by which fields know its words (None: can't tell)."""
    votes = dict.fromkeys(LANGUAGES, 0)
    for word in words:
        known = [
            lang
            for lang in LANGUAGES
            if reader.doc_frequency(f"text_{lang}", stem(word, lang))
            or reader.doc_frequency(f"title_{lang}", stem(word, lang))
        ]
        if len(known) == 1:
            votes[known[0]] += 1
    best = max(votes.values())
    winners = [lang for lang, n in votes.items() if n == best]
    return winners[0] if best and len(winners) == 1 else None


@dataclass
class QueryPlan:
    """A parsed query turned into whoosh queries, plus what reranking and highlighting need."""

    query: Query
    """Every clause it matches is a result (an AndMaybe's optional part only scores)."""
    pairs: list[str]
    """Adjacent query words as " stem stem " in the query's language(s), for the phrase bonus."""
    word_forms: list[set[str]]
    """Per query word: the index forms (stems, folded word, typo variants) that count as a match."""
    word_weights: list[float]
    """Per query word: how much it says (IDF), so "di", "the", "how" weigh little in coordination."""
    highlight_exact: set[str]
    highlight_stems: dict[str, set[str]]
    language: str | None = None
    """The query's language, when its words tell."""
    games: frozenset[str] = frozenset()
    """Games the query names ("weiss level 4"): their clauses rank first."""
    content_words: int = 0
    """Query words that are not function words ("di", "the", "how")."""
    counting: bool = False
    """The query asks how many ("quante carte", "how many", "massimo"): rules that state a number answer it."""
    defining: bool = False
    """The query asks what a term is (`DEFINING_RE`): the rule defining a heading's term answers first."""
    implied_games: frozenset[str] = frozenset()
    """Games whose own vocabulary the query uses ("retroguardie" is Vanguard's, "stock" Weiss Schwarz's)."""
    words: list[str] = dataclasses.field(default_factory=list)
    """The words searched for, one per `word_forms` entry (the query's less a game's bare name)."""
    untranslated_games: frozenset[str] = frozenset()
    """Games with no current rules in the query's language (set at search time from the index)."""
    translated_pairs: list[str] = dataclasses.field(default_factory=list)
    """Adjacent stems of the other language's terms for adjacent query words ("first player" ->
    " prim giocator "): side by side in a translation's rules, they count for less than `pairs`."""

    @functools.cached_property
    def all_forms(self) -> frozenset[str]:
        """Every index form of every query word."""
        return frozenset().union(*self.word_forms)


def _expansion_alternatives(
    exp: Expansion,
    title_weight: float,
    results: SearchResults,
    word_forms: list[set[str]],
    highlight_stems: dict[str, set[str]],
    reader,
    typed: list[str] | None = None,
) -> list[Query]:
    """The queries of one glossary or synonym expansion's targets; records what it searched
    (results' expanded terms), the forms that count as its words, and what to highlight."""
    lang = exp.entry.target_lang
    weight = _W_SYNONYM if exp.entry.synonym else _W_GLOSSARY
    judges = exp.entry.synonym or exp.entry.from_synonyms or bool(exp.entry.judges_game)
    if typed and judges and not any(reader.doc_frequency("exact", fold(w)) for w in typed):
        # Judges' words no rule prints ("tappato", "PG", "KO"): what they stand for is all they can find.
        # (Not a glossary term's English word missing from the English text, "character": its Italian
        # translation keeps the glossary's weight.)
        weight = _W_UNPRINTED
    alternatives: list[Query] = []
    searched: set[tuple[str, ...]] = set()
    for target in exp.entry.targets:
        target_terms = terms(target, lang)
        if not target_terms:
            continue
        if tuple(target_terms) in searched:
            # "intercetto" and "intercettare" stem alike: one term, not twice its weight.
            if target not in results.expanded_terms:
                results.expanded_terms.append(target)
                results.expansions.append(SearchedTerm(exp.entry.label, target, exp.entry.source_lang, lang))
            continue
        searched.add(tuple(target_terms))
        highlight_stems[lang] |= set(target_terms)
        if len(target_terms) == 1:
            alternatives += [
                Term(f"title_{lang}", target_terms[0], boost=title_weight * weight),
                Term(f"text_{lang}", target_terms[0], boost=_W_TEXT * weight),
                Term(f"context_{lang}", target_terms[0], boost=_W_CONTEXT * weight),
            ]
        else:
            # A synonym is a paraphrase: "turn face up" also in "turn them face up".
            slop = 2 if exp.entry.synonym else 1
            alternatives += [
                Phrase(f"title_{lang}", target_terms, slop=slop, boost=title_weight * weight),
                Phrase(f"text_{lang}", target_terms, slop=slop, boost=_W_TEXT * weight),
            ]
        if target not in results.expanded_terms:
            results.expanded_terms.append(target)
            results.expansions.append(SearchedTerm(exp.entry.label, target, exp.entry.source_lang, lang))
        for i in range(exp.start, exp.end):
            word_forms[i] |= _telling_forms(target_terms, lang, reader)
        if exp.entry.synonym and lang in LANGUAGES:
            alternatives += _loanword_alternatives(target, lang, title_weight * weight, word_forms, exp, reader)
    return alternatives


def _telling_forms(stems: list[str], lang: str, reader) -> set[str]:
    """The forms by which a clause counts as having a term, for coordination: a one-word term's stem;
    of a longer term ("mettere a riposo") its words that few clauses have, as for matching
    (`_COMMON_WORD`), never "a", which most clauses have and which would make the term seem present
    everywhere; the rarest one when all are common."""
    if len(stems) < 2:
        return set(stems)
    common = reader.doc_count() * _COMMON_WORD
    frequency = {s: reader.doc_frequency(f"text_{lang}", s) for s in stems}
    telling = {s for s in stems if len(s) > 1 and frequency[s] <= common}
    return telling or {min(stems, key=lambda s: (frequency[s] or 10**9, s))}


_W_LOANWORD = 0.5
"""An English synonym's words in the Italian fields, times the synonym's weight: the Italian rules
keep many English game terms ("Rest", "Waiting Room", "Stage"), so "tap" -> "rest" finds the Italian
Weiss Schwarz rule that says "mettere in Rest"."""


def _loanword_alternatives(
    target: str, lang: str, weight: float, word_forms: list[set[str]], exp: Expansion, reader
) -> list[Query]:
    found: list[Query] = []
    for other in LANGUAGES:
        other_terms = terms(target, other) if other != lang else []
        if len(other_terms) == 1:
            found += [Term(f"title_{other}", other_terms[0], boost=weight * _W_LOANWORD),
                      Term(f"text_{other}", other_terms[0], boost=_W_TEXT / _W_TITLE * weight * _W_LOANWORD)]
        elif other_terms:
            found.append(Phrase(f"text_{other}", other_terms, slop=1, boost=_W_TEXT / _W_TITLE * weight * _W_LOANWORD))
        for i in range(exp.start, exp.end):
            word_forms[i] |= _telling_forms(other_terms, other, reader)
    return found


def query_plan(parsed: ParsedQuery, reader, results: SearchResults, lexicon: dict | None = None) -> QueryPlan | None:
    parsed = shorthand_unpacked(parsed)
    words, games = game_names_split(parsed.words, reader, numbered=bool(parsed.numbers))
    lexicon = lexicon or {}
    words = misspellings_corrected(words, reader, lexicon, results)
    language = _query_language(words, reader)
    weights = [word_weight(word, reader, language) for word in words]
    # Two words name a topic ("zona danni"): its heading's title is the answer. A longer question
    # is answered by a rule's text; titles (the Playbook's are whole questions) weigh less.
    title_weight = _W_TITLE if sum(1 for w in weights if w >= WEAK_WORD) <= 2 else _W_TITLE_QUESTION
    expansions = glossary_expand_typed(words, language, reader)
    if games:
        expansions = named_games_words_first(expansions, games)
    cross: list[dict[str, float]] = [{} for _ in words]
    optional: list[Query] = []
    word_forms: list[set[str]] = [set() for _ in words]
    highlight_exact: set[str] = set()
    highlight_stems: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    for exp in expansions:
        alternatives = _expansion_alternatives(
            exp, title_weight, results, word_forms, highlight_stems, reader, words[exp.start:exp.end]
        )
        lang = exp.entry.target_lang
        if lang != exp.entry.source_lang:
            for i in range(exp.start, exp.end):
                cross[i][lang] = _W_CROSS
        if alternatives:
            # Not limited to the glossary's game: the Italian rules of every game share the
            # translation of "damage", "deck", "hand" (a Weiss Schwarz "damage cancel" is found
            # in "Cancellazione dei Danni"); the game named in the query is a prior at rerank.
            optional.append(Or(alternatives))

    # Clauses are matched by the query's rarer words (and phrases, numbers, glossary terms);
    # the words many clauses contain ("di", "the", "carte") count at rerank time (coordination),
    # where they cost nothing: matching on "di" would score most of the corpus.
    common = reader.doc_count() * _COMMON_WORD
    frequent: list[Query] = []
    expanded = {i for exp in expansions for i in range(exp.start, exp.end)}
    for i, word in enumerate(words):
        q, variants, correction = _word_query(word, reader, cross[i], language, title_weight)
        if correction and i not in expanded and not spelling_kept(word, reader, lexicon):
            results.corrections[word] = correction
        translations = lexicon_queries(word, lexicon, language, cross[i], title_weight, reader)
        if translations:
            q = Or([q, *translations[0]]) if q is not None else Or(translations[0])
            word_forms[i] |= translations[1]
        if q is not None:
            weak = reader.doc_frequency("exact", fold(word)) > common
            (frequent if weak else optional).append(q)
        stems = {lang: stem(word, lang) for lang in LANGUAGES}
        word_forms[i] |= variants | set(stems.values())
        if len(word) >= 3 or len(words) == 1:
            highlight_exact |= variants
            for lang in LANGUAGES:
                highlight_stems[lang].add(stems[lang])
    for number in parsed.numbers:
        optional.append(Term("number", number, boost=_W_NUMBER))
        optional.append(Term("prefixes", number, boost=_W_NUMBER / 10))
        highlight_exact.add(number)
    required = [_phrase_query(tokens, slop=1) for tokens in parsed.phrases]
    for tokens in parsed.phrases:
        for lang in LANGUAGES:
            highlight_stems[lang] |= set(terms(" ".join(tokens), lang))
    if not optional and not required:
        optional = frequent  # only frequent words: they are all there is
    if not optional and not required:
        return None
    if required:
        match = required[0] if len(required) == 1 else And(required)
        query = AndMaybe(match, Or(optional)) if optional else match
    else:
        query = Or(optional) if len(optional) > 1 else optional[0]
    pairs = [
        f" {stem(a, lang)} {stem(b, lang)} "
        for (a, wa), (b, wb) in zip(zip(words, weights), zip(words[1:], weights[1:]))
        if max(wa, wb) >= WEAK_WORD
        for lang in ([language] if language else LANGUAGES)
    ]
    # Words typed side by side that a glossary term translates ("first player"): its translation's
    # words side by side ("primo giocatore") are the same adjacency in the other language's rules.
    translated_pairs = list(dict.fromkeys(
        pair for exp in expansions
        if exp.end - exp.start > 1 and language and exp.entry.target_lang != language
        for target in exp.entry.targets for pair in term_sequence(target, exp.entry.target_lang)
    ))
    content = sum(1 for w in weights if w >= WEAK_WORD)
    counting = any(fold(w) in COUNT_WORDS for w in words)
    plan = QueryPlan(query, pairs, word_forms, game_names_weighed(words, weights, games), highlight_exact,
                     highlight_stems, language, games, content, counting)
    plan.implied_games = games_named(expansions)
    plan.defining = bool(DEFINING_RE.search(" ".join(fold(w) for w in words)))
    plan.words = words
    plan.translated_pairs = translated_pairs
    return plan
