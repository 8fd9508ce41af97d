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


@register.filter
def version_label(document) -> str:
    """A document named with its version ("Regolamento completo 2.2"), as the version notices name it."""
    return f"{document.title} {document.version}" if getattr(document, "version", "") else document.title


#: What a version did to a clause (rulesdb/versions.py's clause_history), in the page's language.
HISTORY_STATUS = {"removed": _("removed"), "not yet printed": _("not yet printed"),
                  "first printed here": _("first printed here"), "as printed": _("as printed"),
                  "unchanged": _("unchanged"), "reworded": _("reworded"), "renumbered": _("renumbered"),
                  "renumbered and reworded": _("renumbered and reworded")}


@register.filter
def history_status(status: str) -> str:
    return str(HISTORY_STATUS.get(status, status))
