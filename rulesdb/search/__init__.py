"""Full-text search over clauses: the only package that imports whoosh.

analysis (words, folding, stems) -> rows (what is indexed, from the database) -> index
(schema, atomic rebuild, following the database) -> searchers (lent per search) ->
vocabulary (glossaries, synonyms, word weights) -> query (parsing, expansion, plan) and
scope (filters) -> ranking (BM25F, rerank; questions: a clause's questions matched whole) ->
snippets -> selectors (`clause_search`); the search page (views, urls: /search/) and API
(api: /api/v1/search/). Everything outside calls the names below.
"""
from .index import index_exists, index_rebuild, index_refresh_after_import, index_root, index_status
from .parsing import MAX_QUERY_CHARS
from .ranking import search_caches_clear
from .results import SearchHit, SearchQueryError, SearchResults, SearchUnavailable
from .selectors import MAX_PAGE_SIZE, clause_search, search_warm
from .vocabulary import glossary_cache_clear

__all__ = [
    "MAX_PAGE_SIZE",
    "MAX_QUERY_CHARS",
    "SearchHit",
    "SearchQueryError",
    "SearchResults",
    "SearchUnavailable",
    "clause_search",
    "glossary_cache_clear",
    "index_exists",
    "index_rebuild",
    "index_refresh_after_import",
    "index_root",
    "index_status",
    "search_caches_clear",
    "search_warm",
]
