"""Answering a search: a clause number, or words ranked; the one entry point is `clause_search`."""
from __future__ import annotations

import contextlib
import heapq
import re
from collections import Counter
from typing import Iterable

from django.utils.translation import gettext, ngettext
from whoosh.query import Term

from ..models import Game
from ..parsers.icons import with_placeholders
from .parsing import NUMBER_WORDS, ParsedQuery, query_clean, query_parse
from .query import query_plan
from .scope import scope_check, scope_fields, scope_resolve
from .searchers import searcher_borrow
from .plain import fused, second_order
from .ranking import RERANK, games_implied, index_data, query_scores, rerank_score
from .index import index_exists
from .results import SearchHit, SearchResults, SearchUnavailable
from .snippets import snippet_html
from .analysis import fold
from .vocabulary import game_words

MAX_PAGE_SIZE = 50


def clause_search(
    *,
    query: str,
    document: str = "",
    game: str = "",
    language: str = "",
    kind: str = "",
    page: int = 1,
    page_size: int = 10,
    version: str = "",
) -> SearchResults:
    """Search clauses; raises SearchQueryError for a query or filter that cannot be searched.
    Only each series' current version is searched unless `document` names a version or `version`
    asks for one ("2.2") or for every version ("all")."""
    text = query_clean(query)
    resolved = scope_resolve(document=document, game=game, language=language, kind=kind, version=version)
    document, game, language, kind, version = (resolved[k] for k in ("document", "game", "language", "kind", "version"))
    scope_check(document=document, game=game, language=language, kind=kind, version=version)
    page = max(1, int(page))
    page_size = min(max(1, int(page_size)), MAX_PAGE_SIZE)
    results = SearchResults(query=text, page=page, page_size=page_size)
    if not text:
        return results
    with searcher_borrow() as searcher:
        if searcher.doc_count() == 0:
            results.notice = gettext("No documents are loaded yet, so there is nothing to search.")
            return results
        # The stored fields a hit must have: the filters, the version one as index fields.
        field_values = scope_fields(document=document, game=game, language=language, kind=kind, version=version)
        parsed = query_parse(text)
        reading = _number_language(parsed)
        number = _number_typed(text) or parsed.whole_number
        if number:
            if any(_number_search(searcher, spelling, field_values, results, language=reading)
                   for spelling in _number_variants(number)):
                return results
        named, documents = ("", set()) if game or document else _named_with_a_number(parsed, searcher)
        if named:  # "weiss 10.2.3", "playbook Q22": the number in that game's rules, that document first
            game_values = scope_fields(document=document, game=named, language=language, kind=kind, version=version)
            if _number_search(searcher, parsed.numbers[0], game_values, results, language=reading, documents=documents):
                return results
        scope_values = {
            k: v for k, v in dict(document=document, game=game, language=language, kind=kind, version=version).items() if v
        }
        _text_search(searcher, parsed, field_values, results)
        if not results.count and not results.notice and parsed.phrases:
            results = _phrases_apart(searcher, parsed, field_values, results)
    if not results.count and not results.notice:
        _suggestions_fill(results, scope_values)
    return results


def _phrases_apart(searcher, parsed: ParsedQuery, field_values: dict[str, str], results: SearchResults) -> SearchResults:
    """A query whose quoted phrases no clause prints word for word ("at the start of your turn", quoted from
    memory): searched again with the phrases' words among the others. The judge is told which phrases were not
    found as written; `results` as they were when that finds nothing either."""
    loose = query_parse(results.query.replace('"', " "))
    again = SearchResults(query=results.query, page=results.page, page_size=results.page_size)
    _text_search(searcher, loose, field_values, again)
    if not again.count:
        return results
    again.unquoted = [" ".join(phrase) for phrase in parsed.phrases]
    return again


def _hit(fields: dict, score: float, snippet: str) -> SearchHit:
    return SearchHit(
        document=fields["document"],
        language=fields.get("language", ""),
        kind=fields.get("kind", ""),
        stable_id=fields["stable_id"],
        number=fields.get("number", ""),
        title=with_placeholders(fields.get("title_raw", ""), language=fields.get("language") or "en"),
        snippet=snippet,
        score=round(float(score), 3),
        game=fields.get("game", ""),
        parent_number=fields.get("parent_number", ""),
        parent_title=with_placeholders(fields.get("parent_title", ""), language=fields.get("language") or "en"),
        text=with_placeholders(fields.get("text_raw", "") or fields.get("preview", ""),
                               language=fields.get("language") or "en"),
    )


_NUMBER_WORDS_LANGUAGE = {"regola": "it", "sezione": "it", "articolo": "it", "paragrafo": "it",
                          "rule": "en", "section": "en", "clause": "en"}
"""The word before a clause number says which language's rules the judge reads ("regola 9.3.6")."""


def _number_language(parsed: ParsedQuery) -> str:
    languages = {_NUMBER_WORDS_LANGUAGE[fold(w)] for w in parsed.words if fold(w) in _NUMBER_WORDS_LANGUAGE}
    return languages.pop() if len(languages) == 1 else ""


def _document_words(slug: str) -> set[str]:
    """The words a document's address is made of that can name it in a query ("vg", "ws", "playbook"),
    not its version nor its language code."""
    return {part for part in slug.split("-") if part and not any(c.isdigit() for c in part) and part not in ("it", "en")}


def _named_with_a_number(parsed: ParsedQuery, searcher) -> tuple[str, set[str]]:
    """The game a query names beside one clause number and nothing else ("weiss 10.2.3", "7.3.1 vanguard",
    "vg 9.1.3", "playbook Q22"), and the documents its words name ("playbook"); ("", set()) otherwise."""
    if len(parsed.numbers) != 1 or parsed.phrases or not parsed.words:
        return "", set()
    words = {fold(w) for w in parsed.words if fold(w) not in NUMBER_WORDS}
    if not words:
        return "", set()
    naming = game_words()
    documents = index_data(searcher).game_by_document
    games: set[str] = set()
    named_documents: set[str] = set()
    for word in words:
        by_document = {slug for slug in documents if word in _document_words(slug)}
        if word in naming:
            games.add(naming[word])
        elif by_document:
            games |= {documents[slug] for slug in by_document}
            named_documents |= by_document
        else:
            return "", set()
    return (games.pop(), named_documents) if len(games) == 1 else ("", set())


def _number_search(
    searcher, number: str, field_values: dict[str, str], results: SearchResults, *, language: str = "",
    documents: set[str] = frozenset()
) -> bool:
    """The clause(s) numbered `number` first, then their subtree in document order; a number
    printed in several documents ("7.3.1") offers each document's clause, current versions first
    (the documents the query names first, then those in the language of "regola" or "rule")."""
    data = index_data(searcher)
    stored = data.stored
    allowed = data.docs_matching(field_values)
    found = [(n, stored[n]) for n in searcher.docs_for_query(Term("prefixes", number)) if n in allowed]
    if not found:
        return False
    found.sort(key=lambda item: (
        _lower(item[1]) != number,
        bool(documents) and item[1]["document"] not in documents,
        bool(language) and item[1].get("language") != language,
        item[1]["doc_rank"],
        item[1]["order"],
    ))
    exact = [f for _, f in found if _lower(f) == number]
    if len({f["document"] for f in exact}) > 1:
        found = [(n, f) for n, f in found if _lower(f) == number]
        results.number_choices = True
    _facets_count(results, data, (n for n, _ in found))
    results.count = len(found)
    window = found[(results.page - 1) * results.page_size : results.page * results.page_size]
    for _, fields in window:
        score = 100.0 if _lower(fields) == number else 1.0
        results.hits.append(_hit(fields, score, snippet_html(fields, set(), set())))
    if len(exact) == 1:
        results.number_match = _hit(exact[0], 100.0, "")
    return True


_COMMA_NUMBER_RE = re.compile(r"\s*\d+(?:\s?,\s?\d+){2,}(?:[.,]?[a-z])?\s*", re.IGNORECASE)


_SPACED_LETTER_RE = re.compile(r"\s*(\d+(?:\.\d+)+)\.?\s+([a-z])\s*", re.IGNORECASE)


_NUMBER_WORD_BEFORE_RE = re.compile(
    r"^\s*(?:%s)\.?\s+" % "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True)), re.IGNORECASE
)
""""regola 7.4.3 i", "art. 9,4,1": the word that says a number follows."""


def _number_typed(text: str) -> str:
    """A clause number typed another way, as printed: "9,4,1,1" (a phone keyboard whose decimal key is a
    comma) is 9.4.1.1, "2.2.11 a" (an Altered rule's letter typed apart) is 2.2.11.a, with or without a word
    before it ("regola 7.4.3 i"); "" for anything else."""
    text = _NUMBER_WORD_BEFORE_RE.sub("", text)
    if _COMMA_NUMBER_RE.fullmatch(text):
        return re.sub(r"\s?,\s?", ".", text.strip()).lower()
    spaced = _SPACED_LETTER_RE.fullmatch(text)
    return f"{spaced[1]}.{spaced[2]}".lower() if spaced else ""


def _number_variants(number: str) -> list[str]:
    """The number as typed, then with or without the dot before a final letter: Altered prints
    "2.2.11.a", a judge types "2.2.11a" (and the reverse elsewhere)."""
    dotted = re.sub(r"(?<=\d)(?=[a-z]$)", ".", number)
    bare = re.sub(r"(?<=\d)\.(?=[a-z]$)", "", number)
    return list(dict.fromkeys([number, dotted, bare]))


def _lower(fields: dict) -> str:
    return fields.get("number", "").lower()


def _facets_count(results: SearchResults, data, docnums: Iterable[int]) -> None:
    """The facets of a search's every match, counted from the index's per-clause lists (in C): a common
    word matches thousands of clauses."""
    docnums = list(docnums)
    results.facets = {"document": dict(Counter(map(data.document_of.__getitem__, docnums))),
                      "kind": dict(Counter(map(data.kind_of.__getitem__, docnums)))}


def _text_search(searcher, parsed: ParsedQuery, scope_values: dict[str, str], results: SearchResults) -> None:
    data = index_data(searcher)
    plan = query_plan(parsed, searcher.reader(), results, data.lexicon)
    if plan is None:
        results.notice = gettext("The query has no words to search for.")
        return
    first, last = (results.page - 1) * results.page_size, results.page * results.page_size
    if not plan.games:
        # The game whose words the query uses: its own terms in the index ("retroguardie" is only
        # Vanguard's), or a judges' word or glossary term of that game alone ("PG", "CX").
        implied = games_implied(searcher, data, plan.words, plan.word_weights) | plan.implied_games
        plan.implied_games = implied if len(implied) == 1 else frozenset()
    if plan.language:
        plan.untranslated_games = frozenset(
            game for game, languages in data.languages_by_game.items() if plan.language not in languages
        )
    # Every clause the query matches, scored (an AndMaybe's optional part only scores).
    scores = query_scores(searcher, data, plan.query)
    stored = data.stored
    if scope_values:
        allowed = data.docs_matching(scope_values)
        scores = {n: score for n, score in scores.items() if n in allowed}
    results.count = len(scores)
    _facets_count(results, data, scores)
    if first >= results.count and results.count:
        results.notice = ngettext("There is only %(pages)d page of results.", "There are only %(pages)d pages of results.",
                                  results.pages) % {"pages": results.pages}
        return
    # Best first; equal scores in index order, as whoosh orders them. A game named in the query
    # ("... weiss") puts its clauses first: the judge said where to look.
    named = plan.games if plan.games and any(stored[n].get("game") in plan.games for n in scores) else frozenset()
    if plan.games and not named and scores:
        # "mulligan altered": no clause of the game named has the words. The judge is told the results are
        # another game's rules, not left to apply them.
        results.games_without_words = sorted(Game.objects.filter(slug__in=plan.games).values_list("name", flat=True))
    best = heapq.nsmallest(
        max(RERANK, last), scores.items(), key=lambda item: (stored[item[0]].get("game") not in named, -item[1], item[0])
    ) if named else _best(scores, max(RERANK, last))
    ranked = [(score, stored[n]) for n, score in best]
    head = _own_language_first(
        [(rerank_score(score, fields, plan), fields) for score, fields in ranked[:RERANK]], plan.language
    )
    # The same candidates as the judge's words find them typed (plain.py): the two orders fused.
    head = fused(head, second_order([fields for _, fields in head], data.plain, plan))
    if named:
        head.sort(key=lambda item: item[1].get("game") not in named)  # stable: best first within each
    if plan.defining:
        head = _defining_rule_first(head, data, scores)
    ranked = head + ranked[RERANK:]
    if len(parsed.numbers) == 1:
        ranked = _numbered_first(ranked, parsed.numbers[0], scores, data, plan)
    for score, fields in ranked[first:last]:
        snippet = snippet_html(fields, plan.highlight_exact, plan.highlight_stems)
        results.hits.append(_hit(fields, score, snippet))


def _best(scores: dict[int, float], count: int) -> list[tuple[int, float]]:
    """The `count` best (clause, score), best first, equal scores in index order: the scores compared alone (in C)
    to find the lowest score kept, then only the clauses at or above it sorted."""
    if len(scores) <= count:
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    lowest = heapq.nlargest(count, scores.values())[-1]
    kept = [item for item in scores.items() if item[1] >= lowest]
    kept.sort(key=lambda item: (-item[1], item[0]))
    return kept[:count]


def _numbered_first(ranked: list[tuple[float, dict]], number: str, scores: dict, data, plan) -> list[tuple[float, dict]]:
    """A clause number among words ("what does rule 9.2.4 say about damage"): the clauses printed with that
    number come first, in the order the words rank them (the words say which game's, which language's), then
    the rest. The judge typed a reference; the words around it frame the question."""
    stored = data.stored
    numbered = [n for n in scores if stored[n].get("number", "").lower() == number]
    if not numbered:
        return ranked
    # The query's language first, then the game its words belong to, then the words' ranking.
    first = sorted(((rerank_score(scores[n], stored[n], plan), stored[n]) for n in numbered), key=lambda item: (
        bool(plan.language) and item[1].get("language") != plan.language,
        bool(plan.games or plan.implied_games) and item[1].get("game") not in (plan.games or plan.implied_games),
        -item[0],
    ))
    keys = {(fields["document"], fields["stable_id"]) for _, fields in first}
    return first + [item for item in ranked if (item[1]["document"], item[1]["stable_id"]) not in keys]


def _defining_rule_first(scored: list[tuple[float, dict]], data, scores: dict) -> list[tuple[float, dict]]:
    """A question asking what a term is, whose best hit is the heading naming the term: the first rule under
    the heading, which says what the term is, comes first, the heading second ("attack phase cos'è" found
    "6.7 Attack Phase" before 6.7.1 "the phase in which the turn player attacks")."""
    if not scored or scored[0][1].get("kind") not in ("heading", "section"):
        return scored
    top_score, top = scored[0]
    child = data.first_rule.get((top.get("document", ""), top.get("number", "")))
    if child is None or child not in scores:  # a rule the query's words do not reach is not offered here
        return scored
    fields = data.stored[child]
    key = (fields.get("document"), fields.get("stable_id"))
    rest = [item for item in scored if (item[1].get("document"), item[1].get("stable_id")) != key]
    return [(top_score, fields)] + rest


def _own_language_first(scored: list[tuple[float, dict]], language: str | None) -> list[tuple[float, dict]]:
    """Best first; a clause in the query's language ranks above its translation when both answer
    (the judge who types English reads 11.3.1 of the English rules before 11.2.1 of the Italian)."""
    if language:
        position = {f"{fields['document']}|{fields['stable_id']}": i for i, (_, fields) in enumerate(scored)}
        for i, (score, fields) in enumerate(scored):
            mine = position.get(fields.get("counterpart", ""))
            # Both answer when the translation scores at least half as well: then it comes first.
            if fields.get("language") != language and mine is not None and score / 2 <= scored[mine][0] <= score:
                scored[i] = (scored[mine][0] * 0.999, fields)  # just below its translation
    return sorted(scored, key=lambda item: -item[0])


_SUGGESTED_WORDS = 3


def _suggestions_fill(results: SearchResults, scope_values: dict[str, str]) -> None:
    """A query that found nothing: what it finds without its filters, the corrected query, and
    its words one at a time (those that find something, with how many clauses)."""
    if scope_values:
        results.unscoped_count = clause_search(query=results.query, page_size=1).count
    if results.did_you_mean:
        found = clause_search(query=results.did_you_mean, page_size=1, **scope_values).count
        if found:
            results.suggestions.append((results.did_you_mean, found))
    parsed = query_parse(results.query)
    if parsed.phrases:
        # A quoted phrase that is nowhere: its words in any order.
        loose = results.query.replace('"', " ").strip()
        found = clause_search(query=loose, page_size=1, **scope_values).count
        if found:
            results.suggestions.append((" ".join(loose.split()), found))
    words = [w for w in dict.fromkeys(parsed.words + [w for p in parsed.phrases for w in p]) if len(w) > 2]
    if len(words) < 2:
        return
    for word in sorted(words, key=len, reverse=True)[:_SUGGESTED_WORDS]:
        found = clause_search(query=word, page_size=1, **scope_values).count
        if found:
            results.suggestions.append((word, found))


_WARM_QUERIES = ("regola del turno", "turn rules")
"""Searched once when a server's worker starts: Italian and English, so both languages' word tables load."""


def search_warm() -> None:
    """Read what every search needs (the index's stored fields and lengths, the word tables, the
    glossary) before the first judge asks: a worker's first search otherwise waits for it (0.7 s here,
    over a second on a busy machine). Nothing when no index is built yet: the first search builds it."""
    if not index_exists():
        return
    for text in _WARM_QUERIES:
        with contextlib.suppress(SearchUnavailable):
            clause_search(query=text)
