"""What the search index holds, read from the database: one row per clause of every published
document, with what a clause alone does not say.

- `context`: the titles of its ancestors (a rule under "Intercetto" is found by "intercetto");
  `parent_number`/`parent_title`: the nearest titled ancestor, the heading a judge reads it under.
- `aligned`: the title and text of its counterpart in a published translation (the stored
  clause-by-clause alignments), in the counterpart's language, and `counterpart`, that clause's key.
- `describes`/`describes_term`: the words of a clause that only describes its term (`structure`).
- `defines`: the name of the term a clause defines ("... is called a column"; `structure`).
- `current`: whether its document is its series' newest version (searched by default).
- `preview`: for a heading without text, the first text under it (its snippet).
- `asked`: the questions the project's rulings ask of it, by language (`asked`); `written`: the
  questions written for the search whose answer it is, likewise.

Kept apart from `index` (the index's schema, files and rebuild), which turns these rows into
whoosh documents.
"""
from __future__ import annotations

import collections
import datetime as dt

from .analysis import LANGUAGES, WORD_RE
from .asked import asked_attach, asked_load, whole_load, written_load
from .structure import defined_term, descriptive_clauses


def _counterparts(documents: list) -> dict[int, tuple[str, str, str]]:
    """clause id -> (language, title and text, index key) of its counterpart in a published translation,
    from the stored alignments (a re-import deletes the pairs of the clauses it replaced)."""
    from ..models import AlignedPair

    language = {d.pk: d.language for d in documents}
    slug = {d.pk: d.slug for d in documents}
    pairs = AlignedPair.objects.filter(
        alignment__left__in=documents,
        alignment__right__in=documents,
        left_clause__isnull=False,
        right_clause__isnull=False,
    ).values_list(
        "alignment__left_id", "alignment__right_id", "left_clause_id", "right_clause_id",
        "left_clause__title", "left_clause__text", "right_clause__title", "right_clause__text",
        "left_clause__stable_id", "right_clause__stable_id",
    )
    found: dict[int, tuple[str, str, str]] = {}
    for left, right, left_id, right_id, left_title, left_text, right_title, right_text, left_sid, right_sid in pairs:
        if language[left] == language[right]:
            continue  # two versions of one translation: the same words
        found[left_id] = (language[right], f"{right_title}\n{right_text}".strip(), f"{slug[right]}|{right_sid}")
        found[right_id] = (language[left], f"{left_title}\n{left_text}".strip(), f"{slug[left]}|{left_sid}")
    return found


def _newest(documents: list) -> dict[str, object]:
    """Series -> its current version (the newest published, by date then import time)."""
    newest: dict[str, object] = {}
    for document in documents:
        best = newest.get(document.series)
        if best is None or (document.date or dt.date.min, document.imported_at) > (best.date or dt.date.min, best.imported_at):
            newest[document.series] = document
    return newest


def current_first(documents: list) -> list:
    """Each series' newest version before the older ones, in the given order otherwise."""
    newest = _newest(documents)
    return sorted(documents, key=lambda d: newest[d.series] is not d)


def _descends(clause: dict, ancestor_id: int, by_id: dict[int, dict]) -> bool:
    parent = by_id.get(clause["parent_id"])
    while parent is not None:
        if parent["id"] == ancestor_id:
            return True
        parent = by_id.get(parent["parent_id"])
    return False


def index_rows() -> list[dict]:
    """One dict per clause of every published document, with its ancestors' titles, its
    nearest titled ancestor, its counterpart's words in a translation, and whether it only
    describes its term."""
    from ..models import Clause, Document

    documents = current_first(
        list(Document.objects.published().select_related("game").order_by("game__name", "kind", "slug"))
    )
    counterparts = _counterparts(documents)
    newest = _newest(documents)
    rows = []
    for rank, document in enumerate(documents):
        clauses = list(
            Clause.objects.filter(document=document)
            .order_by("order")
            .values("id", "parent_id", "stable_id", "number", "kind", "title", "text", "order")
        )
        by_id = {c["id"]: c for c in clauses}
        lang = document.language if document.language in LANGUAGES else None
        describing = descriptive_clauses(clauses, lang)
        for position, clause in enumerate(clauses):
            context = []
            heading = None
            parent = by_id.get(clause["parent_id"])
            while parent is not None and len(context) < 6:
                if parent["title"]:
                    context.append(parent["title"])
                    heading = heading or parent
                parent = by_id.get(parent["parent_id"])
            aligned_lang, aligned, counterpart = counterparts.get(clause["id"], ("", "", ""))
            preview = ""
            if not clause["text"]:
                # The first text under a heading that has none, for its snippet.
                below = next((c for c in clauses[position + 1 : position + 40] if c["text"]), None)
                if below is not None and _descends(below, clause["id"], by_id):
                    preview = below["text"][:300]
            rows.append(
                dict(
                    document=document.slug,
                    series=document.series,
                    game=document.game.slug,
                    language=document.language,
                    doc_rank=rank,
                    # Searched by default; an older version only when a version filter asks for it.
                    current="yes" if newest[document.series] is document else "no",
                    version=document.version or "",
                    context=" ".join(context),
                    parent_number=heading["number"] if heading else "",
                    parent_title=heading["title"] if heading else "",
                    aligned_language=aligned_lang,
                    aligned=aligned,
                    counterpart=counterpart,
                    describes=" ".join(sorted(describing.get(clause["id"], ((), ()))[1])),
                    describes_term=" ".join(sorted(describing.get(clause["id"], ((), ()))[0])),
                    defines=" ".join(defined_term(clause["text"], lang)),
                    preview=preview,
                    **{k: clause[k] for k in ("stable_id", "number", "kind", "title", "text", "order")},
                )
            )
    asked_attach(rows, asked_load())
    asked_attach(rows, written_load(), field="written")
    asked_attach(rows, whole_load(), field="whole")
    return rows


def aligned_pairs(rows: list[dict]) -> list[tuple[str, str, str, str]]:
    """(language, title and text, counterpart's language, its title and text) of each aligned pair,
    once (from the side whose language sorts first): what the bilingual word list is learned from."""
    return [
        (row["language"], f"{row['title']}\n{row['text']}", row["aligned_language"], row["aligned"])
        for row in rows
        if row.get("aligned") and row["language"] < row["aligned_language"]
    ]


_OFFLINE_AGREED = 1
"""How many of a clause's written questions must use a word for the offline search to get it. Measured with
benchmarks/offline_search.py over all 23 question sets: 2 -> MRR@5 0.700, bundles 1.2 MB; 1 -> 0.736, 1.56 MB
(the whole questions beside them: 0.738, 1.9 MB, not kept)."""


def written_words(document) -> dict[int, str]:
    """Clause id -> the words that the questions written for the clause use (`_OFFLINE_AGREED` of them) and
    the clause does not print, for the offline search of `document` (rulesdb.offline.bundles): the judges'
    words for the clause, in both languages, in a few bytes. A clause of a translation gets its counterpart's,
    a clause of a newer version those that followed its number, as in the index (`asked_attach`)."""
    from ..models import Clause, Document

    documents = list(Document.objects.published().filter(game_id=document.game_id))
    if document not in documents:
        documents.append(document)
    counterparts = _counterparts(documents)
    newest = _newest(documents)
    rows = []
    for other in documents:
        for clause in Clause.objects.filter(document=other).values("id", "stable_id", "number", "title", "text"):
            rows.append(dict(clause, document=other.slug, series=other.series,
                             current="yes" if newest[other.series] is other else "no",
                             counterpart=counterparts.get(clause["id"], ("", "", ""))[2]))
    asked_attach(rows, written_load(), field="written")
    words = {}
    for row in rows:
        if row["document"] != document.slug or not row.get("written"):
            continue
        printed = {w.casefold() for w in WORD_RE.findall(f"{row['title']} {row['text']}")}
        agreed = collections.Counter(
            word for texts in row["written"].values() for text in texts
            for word in {w.casefold() for w in WORD_RE.findall(text) if len(w) > 2}
        )
        kept = [w for w, n in agreed.most_common() if n >= _OFFLINE_AGREED and w not in printed]
        if kept:
            words[row["id"]] = " ".join(kept)
    return words
