"""Plain words for clauses on the reader's pages: never an internal id or a kind code."""
from django import template

from rulesdb import rendering

register = template.Library()


@register.filter
def clause_label(clause, language: str = "en") -> str:
    """`{{ clause|clause_label:document.language }}`: the printed number, or `Esempio (2.2.1.h)`."""
    return rendering.clause_label(clause, language or "en")


@register.filter
def kind_words(kind: str, language: str = "en") -> str:
    """`{{ hit.kind|kind_words }}`: `qa` as `Question`."""
    return rendering.kind_words(kind, language or "en")
