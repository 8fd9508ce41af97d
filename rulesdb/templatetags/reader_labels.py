"""Plain words for clauses on the reader's pages: never an internal id or a kind code."""
from django import template
from django.utils.translation import gettext_lazy as _

from rulesdb import rendering

register = template.Library()

# The search page's filters by what they filter (the query-string names stay as they are).
_FILTER_NAMES = {"document": _("document"), "game": _("game"), "language": _("language"), "kind": _("kind")}


@register.filter
def clause_label(clause, language: str = "en") -> str:
    """`{{ clause|clause_label:document.language }}`: the printed number, or `Esempio (2.2.1.h)`."""
    return rendering.clause_label(clause, language or "en")


@register.filter
def kind_words(kind: str, language: str | None = None) -> str:
    """`{{ hit.kind|kind_words }}`: `qa` as `Domanda` (the interface language unless one is given)."""
    return rendering.kind_words(kind, language)


@register.filter
def search_filter_name(name: str) -> str:
    """`{{ name|search_filter_name }}`: a search filter's name in the interface language."""
    return str(_FILTER_NAMES.get(name, name))
