"""Tests of rulesdb.search: index, queries, ranking, vocabulary, the search page, API and commands; the judge questions (search_questions*.json) that measure relevance."""
