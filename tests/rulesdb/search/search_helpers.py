"""Small readers of search results shared by the search test modules."""
from __future__ import annotations


def ids(results) -> list[str]:
    return [f"{hit.document}:{hit.stable_id}" for hit in results.hits]


def unmarked(snippet: str) -> str:
    return snippet.replace("<mark>", "").replace("</mark>", "")
