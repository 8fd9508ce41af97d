"""Terminology QA of aligned English/Italian pairs against the bilingual glossary.

A pair is flagged when the English clause uses a glossary term and the
Italian one uses none of its accepted translations, and whenever the Italian
uses a forbidden variant. Inflected forms count as matches: Italian plurals
and feminines (`-o/-a/-i/-e`, `-ione/-ioni`), English plurals (`-s/-es`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..models import Alignment, BilingualTerm
from .alignment import alignment_pairs, fold


@dataclass(frozen=True)
class TermIssue:
    pair_order: int
    english_id: str
    italian_id: str
    english_number: str
    italian_number: str
    term: str
    kind: str
    """`missing` (no accepted translation) or `forbidden` (a forbidden variant used)."""
    detail: str


def _italian_word(word: str) -> str:
    if word.endswith(("ione", "ioni")):
        return re.escape(word[:-1]) + "[ei]"
    if len(word) > 3 and word[-1] in "oaie":
        # `specifica`/`specifiche`, `luogo`/`luoghi`: the hard c/g keeps its sound with an h.
        h = "h?" if word[-2] in "cg" else ""
        return re.escape(word[:-1]) + h + "[oaie]"
    return re.escape(word)


def _english_word(word: str) -> str:
    if word.endswith("y") and len(word) > 3:
        return re.escape(word[:-1]) + "(?:y|ies)"
    return re.escape(word) + "(?:s|es)?"


@lru_cache(maxsize=2048)
def term_pattern(phrase: str, language: str) -> re.Pattern:
    """A phrase matched word by word in folded text, each word in any inflection."""
    words = fold(phrase).replace("-", " ").split()
    inflect = _italian_word if language == "it" else _english_word
    body = r"[\s\-’']+".join(inflect(w) for w in words)
    return re.compile(rf"(?<!\w){body}(?!\w)")


def term_used(phrase: str, text: str, *, language: str) -> bool:
    return bool(term_pattern(phrase, language).search(fold(text)))


def terminology_check(*, alignment: Alignment) -> list[TermIssue]:
    left, right = alignment.left, alignment.right
    if {left.language, right.language} != {"en", "it"}:
        return []
    english_is_left = left.language == "en"
    terms = list(BilingualTerm.objects.filter(game_id=left.game_id))
    issues: list[TermIssue] = []
    for pair in alignment_pairs(alignment=alignment):
        if pair.left_clause is None or pair.right_clause is None:
            continue
        en, it = (pair.left_clause, pair.right_clause) if english_is_left else (pair.right_clause, pair.left_clause)
        en_text, it_text = f"{en.title}\n{en.text}", f"{it.title}\n{it.text}"
        for term in terms:
            def issue(kind: str, detail: str) -> TermIssue:
                return TermIssue(pair.order, en.stable_id, it.stable_id, en.number, it.number, term.english, kind, detail)

            for variant in term.forbidden:
                if term_used(variant, it_text, language="it"):
                    issues.append(issue("forbidden", f"uses {variant!r}; use {term.italian[0]!r}" if term.italian else f"uses {variant!r}"))
            if term.italian and term_used(term.english, en_text, language="en"):
                if not any(term_used(t, it_text, language="it") for t in term.italian):
                    issues.append(issue("missing", f"English uses {term.english!r}; Italian has none of {', '.join(term.italian)}"))
    return issues


def terminology_by_term(issues: list[TermIssue]) -> dict[str, list[TermIssue]]:
    grouped: dict[str, list[TermIssue]] = {}
    for found in issues:
        grouped.setdefault(found.term, []).append(found)
    return dict(sorted(grouped.items(), key=lambda item: (-len(item[1]), item[0].lower())))
