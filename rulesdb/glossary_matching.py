"""Where a document's glossary terms appear in its text: one pattern over every term's spellings (the links the
reader makes, `rendering.glossary_spans`, and the sense checks of `term_sense`, which must see the same spellings).
Kept apart from rendering because term_sense reads it and rendering reads term_sense."""
from __future__ import annotations

import re

from .parsers.base import fold
from .selectors import DocumentIndex


def _term_forms(term: str) -> list[str]:
    """`Attivare/Mettere a Riposo` → both halves; halves under 4 letters are too vague to link."""
    forms = [term.strip()] if "/" not in term else [p.strip() for p in term.split("/")]
    return [f for f in forms if len(f) >= 4]


def glossary_matcher(index: DocumentIndex) -> tuple[re.Pattern | None, dict[str, object]]:
    """One case-insensitive, word-bounded pattern over the document's glossary terms
    (longest first), and a map from the folded form (`_folded_match`) to its GlossaryTerm."""
    cached = index.cache.get("glossary_matcher")
    if cached is not None:
        return cached
    by_form: dict[str, object] = {}
    for term in index.glossary:
        for form in _term_forms(term.term):
            by_form.setdefault(_folded_match(form), term)
    if not by_form:
        result = (None, by_form)
    else:
        alternatives = []
        for form in sorted({f for t in index.glossary for f in _term_forms(t.term)}, key=len, reverse=True):
            alternatives.append(re.sub("['’]", "['’]", re.escape(form)).replace(r"\ ", r"\s+"))
        result = (re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE), by_form)
    index.cache["glossary_matcher"] = result
    return result


def _folded_match(text: str) -> str:
    return fold(re.sub(r"\s+", " ", text).replace("'", "’"))
