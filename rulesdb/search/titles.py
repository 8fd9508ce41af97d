"""Whether a clause's title (or its parent's) says what the query says: "zona danni" is the title of "4.8 Zona
Danni", "attack phase" of "6.7 Attack Phase". The main ranking (`ranking`) puts such a heading first; the second
opinion on the candidates (`plain`) does not hold it back as it holds back other headings."""
from __future__ import annotations

import functools

from .analysis import LANGUAGES, terms
from .query import QueryPlan
from .vocabulary import WEAK_WORD


@functools.lru_cache(maxsize=20_000)
def _title_forms(title: str, language: str) -> frozenset[str]:
    """The title's words of three letters or more as the index has them (folded, and stemmed)."""
    lang = language if language in LANGUAGES else None
    words = [w for w in terms(title, None) if len(w) > 2]
    return frozenset(words) | (frozenset(terms(" ".join(words), lang)) if lang else frozenset())


def title_names_query(title: str, language: str, plan: QueryPlan) -> bool:
    """The title says what the query's words say, and little more (one word at most)."""
    title_forms = _title_forms(title, language)
    content = [options for options, w in zip(plan.word_forms, plan.word_weights) if w >= WEAK_WORD]
    return bool(content) and len(title_forms) <= len(content) + 1 and all(options & title_forms for options in content)
