"""A search's filters (document, game, language, kind, version): checked, then turned into index terms.

By default only each series' current version is searched; a document named, a version asked for
("2.2") or every version ("all") widen it. An unknown filter value is a 400 that names the known
ones in plain words, never an empty page.
"""
from __future__ import annotations

from django.utils.translation import gettext
from whoosh.query import And, Query, Term

from .results import SearchQueryError


def version_scope(*, document: str, version: str) -> dict[str, str]:
    """The version filter as index field values: each series' current version unless a document
    is named (any version of it) or `version` asks for one ("2.2") or for all ("all")."""
    if document or version == "all":
        return {}
    if version:
        return {"version": version}
    return {"current": "yes"}


def scope_filter(*, document: str, game: str, language: str, kind: str, version: str = "") -> Query | None:
    filters = [
        Term(name, value)
        for name, value in (("document", document), ("game", game), ("language", language), ("kind", kind),
                            *version_scope(document=document, version=version).items())
        if value
    ]
    if not filters:
        return None
    return filters[0] if len(filters) == 1 else And(filters)


def scope_check(*, document: str = "", game: str = "", language: str = "", kind: str = "", version: str = "") -> None:
    """Unknown filter values are a 400, not an empty page."""
    from ..models import Clause, Document

    if version and version != "all" and not Document.objects.published().filter(version=version).exists():
        known = sorted(set(Document.objects.published().exclude(version="").values_list("version", flat=True)))
        raise SearchQueryError(f"no published version {version[:20]!r}; known: {', '.join(known) or 'none'}, or all")

    if document and not Document.objects.published().filter(slug=document).exists():
        known = ", ".join(Document.objects.published().order_by("slug").values_list("slug", flat=True))
        raise SearchQueryError(gettext("There is no document “%(document)s”; known: %(known)s.")
                               % {"document": document[:60], "known": known or gettext("none")})
    if game and not Document.objects.published().filter(game__slug=game).exists():
        raise SearchQueryError(gettext("No game “%(game)s” has documents loaded.") % {"game": game[:60]})
    if language and not Document.objects.published().filter(language=language).exists():
        raise SearchQueryError(gettext("There is no document in the language “%(language)s”.") % {"language": language[:20]})
    kinds = {k for k, _ in Clause.KIND_CHOICES}
    if kind and kind not in kinds:
        from ..rendering import kind_words  # the kinds as the pages name them, never their codes

        raise SearchQueryError(gettext("There is no kind “%(kind)s”; known: %(known)s.")
                               % {"kind": kind[:40], "known": ", ".join(sorted(kind_words(k).lower() for k in kinds))})
