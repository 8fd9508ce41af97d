"""Plain words for the translator's pages: an aligned pair's status and a change report's kinds,
in the interface language (the codes stay in URLs, CSV, TSV and the API)."""
from django import template
from django.utils.translation import pgettext_lazy

register = template.Library()

PAIR_STATUS_WORDS = {
    "same": pgettext_lazy("aligned pair", "same"),
    "renumbered": pgettext_lazy("aligned pair", "renumbered"),
    "left-only": pgettext_lazy("aligned pair", "left only"),
    "right-only": pgettext_lazy("aligned pair", "right only"),
    "unchanged": pgettext_lazy("aligned pair", "unchanged"),
    "changed": pgettext_lazy("aligned pair", "changed"),
    "uncertain": pgettext_lazy("aligned pair", "uncertain"),
}
CHANGE_WORDS = {
    "added": pgettext_lazy("change report", "added"),
    "removed": pgettext_lazy("change report", "removed"),
    "changed": pgettext_lazy("change report", "changed"),
    "moved": pgettext_lazy("change report", "moved"),
}


@register.filter
def pair_status(status: str) -> str:
    """`{{ p.status|pair_status }}`: `left-only` as `solo a sinistra`."""
    return str(PAIR_STATUS_WORDS.get(status, status))


@register.filter
def change_kind(kind: str) -> str:
    """`{{ c.change|change_kind }}`: `added` as `aggiunta`."""
    return str(CHANGE_WORDS.get(kind, kind))


