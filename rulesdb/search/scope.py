"""A search's filters (document, game, language, kind, version): checked, then turned into the stored field
values a clause must have.

By default only each series' current version is searched; a document named, a version asked for
("2.2") or every version ("all") widen it. An unknown filter value is a 400 that names the known
ones in plain words, never an empty page.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext

from .analysis import fold
from .results import SearchQueryError

# A language filter as people write it ("IT", "ita", "italiano", "English") -> the code documents carry.
_LANGUAGE_NAMES = {
    "it": "it", "ita": "it", "italian": "it", "italiano": "it", "italiana": "it",
    "en": "en", "eng": "en", "english": "en", "inglese": "en",
}


def version_scope(*, document: str, version: str) -> dict[str, str]:
    """The version filter as index field values: each series' current version unless a document
    is named (any version of it) or `version` asks for one ("2.2") or for all ("all")."""
    if document or version == "all":
        return {}
    if version:
        return {"version": version}
    return {"current": "yes"}


def scope_fields(*, document: str, game: str, language: str, kind: str, version: str = "") -> dict[str, str]:
    """The stored field values a clause must have to be searched: the filters given, and the version one
    (`version_scope`). Searches keep the clauses whose fields have them all (`IndexData.docs_matching`):
    a set per index and value, where a whoosh filter query would be turned into one on every search."""
    values = {name: value for name, value in (("document", document), ("game", game), ("language", language),
                                               ("kind", kind)) if value}
    values.update(version_scope(document=document, version=version))
    return values


def _compact(text: str) -> str:
    """"Cardfight!! Vanguard", "cardfight-vanguard" and "CardFight Vanguard" compare equal."""
    return re.sub(r"[^0-9a-z]+", "", fold(text))


def _game_resolve(value: str) -> str:
    from ..models import Game
    from .vocabulary import game_words

    wanted = _compact(value)
    for slug, name, code in Game.objects.values_list("slug", "name", "code"):
        if wanted in {_compact(slug), _compact(name), _compact(code)}:
            return slug
    return game_words().get(fold(value.strip()), value)


def _document_resolve(value: str) -> str:
    """A document's address in any case, or a series without its version (`vg-cr-it`): the
    series' current version, as the versionless reader addresses do."""
    from ..models import Document

    documents = Document.objects.published()
    slug = value.strip().lower()
    if documents.filter(slug=slug).exists():
        return slug
    newest = documents.in_series(slug).values_list("slug", flat=True).first()
    return newest or value


def _kind_resolve(value: str) -> str:
    from ..models import Clause
    from ..rendering import kind_words

    wanted = fold(value.strip())
    for kind, _ in Clause.KIND_CHOICES:
        if wanted == kind or wanted in {fold(kind_words(kind, language)) for language in ("it", "en")}:
            return kind
    return value


def scope_resolve(*, document: str = "", game: str = "", language: str = "", kind: str = "",
                  version: str = "") -> dict[str, str]:
    """The filters as a visitor or a script may write them, in the values the index holds: a game
    by its name, code or a word of it ("Weiss Schwarz", "ws", "weiss"), a language by its name
    ("italiano", "EN"), a document in any case or by its series, a kind by its name on the pages
    ("Domanda"), a version with a leading "v". What matches nothing is left as typed, for
    `scope_check` to refuse in words."""
    version = version.strip()
    if version[:1] in "vV" and version[1:2].isdigit():
        version = version[1:]
    return {
        "document": _document_resolve(document) if document.strip() else "",
        "game": _game_resolve(game) if game.strip() else "",
        "language": _LANGUAGE_NAMES.get(fold(language.strip()), language) if language.strip() else "",
        "kind": _kind_resolve(kind) if kind.strip() else "",
        "version": "all" if version.lower() == "all" else version,
    }


def scope_check(*, document: str = "", game: str = "", language: str = "", kind: str = "", version: str = "") -> None:
    """Unknown filter values are a 400, not an empty page."""
    from ..models import Clause, Document

    if version and version != "all" and not Document.objects.published().filter(version=version).exists():
        known = sorted(set(Document.objects.published().exclude(version="").values_list("version", flat=True)))
        raise SearchQueryError(gettext("There is no published version “%(version)s”; known: %(known)s, or “all”.")
                               % {"version": version[:20], "known": ", ".join(known) or gettext("none")})

    if document and not Document.objects.published().filter(slug=document).exists():
        known = ", ".join(Document.objects.published().order_by("slug").values_list("slug", flat=True))
        raise SearchQueryError(gettext("There is no document “%(document)s”; known: %(known)s.")
                               % {"document": document[:60], "known": known or gettext("none")})
    if game and not Document.objects.published().filter(game__slug=game).exists():
        from ..models import Game

        known = ", ".join(Game.objects.filter(documents__published=True).distinct().order_by("name")
                          .values_list("name", flat=True))
        raise SearchQueryError(gettext("No game “%(game)s” has documents loaded; known: %(known)s.")
                               % {"game": game[:60], "known": known or gettext("none")})
    if language and not Document.objects.published().filter(language=language).exists():
        raise SearchQueryError(gettext("There is no document in the language “%(language)s”.") % {"language": language[:20]})
    kinds = {k for k, _ in Clause.KIND_CHOICES}
    if kind and kind not in kinds:
        from ..rendering import kind_words  # the kinds as the pages name them, never their codes

        raise SearchQueryError(gettext("There is no kind “%(kind)s”; known: %(known)s.")
                               % {"kind": kind[:40], "known": ", ".join(sorted(kind_words(k).lower() for k in kinds))})
