"""Clause-by-clause alignment of two documents of one game.

Two translations (Italian 2.2 / English 1.48) or two versions of one
document are aligned the same way:

1. Every clause gets a bag of signals: referenced clause numbers, numbers in
   the text (`+5000`, `6`), words (same language) or language-independent
   word tokens (cross-language: bilingual glossary concepts, else a 4-letter
   stem, which catches cognates such as `unità`/`unit`, `intercetto`/
   `intercept`). A heading's bag also holds its subtree's signals, so two
   headings align when their rules do. Tokens are weighted by rarity (IDF).
2. Hierarchically, from the sections down: the children of two aligned
   clauses are aligned by a monotone sequence alignment (Needleman-Wunsch
   with a same-number bonus); children left over on both sides are then
   paired by content regardless of order (moved keyword abilities).
3. Clauses still unpaired anywhere are paired by content across parents
   (a rule moved to another heading), with a stricter threshold.

The result is stored as an `Alignment` with `AlignedPair` rows, recomputed
when either document was re-imported since (source sha256, import time).
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import get_language_info, gettext

from ..models import AlignedPair, Alignment, Clause, Document
from .changes import changes_compute, previous_version
from .pairing import AlignmentError, documents_align  # noqa: F401 (AlignmentError: raised here too)
from .written_numbers import numbers_differ

LANGUAGE_NAMES = {"it": "Italian", "en": "English", "fr": "French", "de": "German", "es": "Spanish", "ja": "Japanese"}
def _fresh(alignment: Alignment, left: Document, right: Document) -> bool:
    return (
        alignment.left_sha256 == left.source_sha256
        and alignment.right_sha256 == right.source_sha256
        and alignment.computed_at >= left.imported_at
        and alignment.computed_at >= right.imported_at
    )


def alignment_get_or_compute(*, left: Document, right: Document) -> Alignment:
    """The stored alignment of `left` with `right`, computed and stored when missing or stale."""
    if left.game_id != right.game_id:
        raise AlignmentError(f"{left.slug} and {right.slug} are documents of different games; align versions or translations of one game")
    alignment = Alignment.objects.filter(left=left, right=right).first()
    if alignment is not None and _fresh(alignment, left, right):
        return alignment
    return alignment_compute(left=left, right=right)


def _version_map(*, old: Document, new: Document) -> dict[int, int]:
    """Clause id of `old` -> id of the same clause, word for word, in `new` (its next version),
    through renumbering: from the change report (computed when missing)."""
    from ..models import ChangeReport

    report = ChangeReport.objects.filter(old=old, new=new).first()
    rows = report.changes if report is not None else changes_compute(old=old, new=new)
    # A reference row leaves the clause's words as they were (only what a number it cites names
    # changed): the clause keeps its counterpart.
    rows = [r for r in rows if not (r["change"] == "changed" and r["detail"].startswith("reference"))]
    touched_old = {r["old_id"] for r in rows if r["old_id"]}
    touched_new = {r["new_id"] for r in rows if r["new_id"]}
    renamed = {r["old_id"]: r["new_id"] for r in rows if r["change"] == "moved" and "reworded" not in r["detail"]}
    old_ids = dict(old.clauses.values_list("stable_id", "id"))
    new_ids = dict(new.clauses.values_list("stable_id", "id"))
    found = {old_ids[sid]: new_ids[sid] for sid in old_ids if sid not in touched_old and sid in new_ids and sid not in touched_new}
    found.update({old_ids[a]: new_ids[b] for a, b in renamed.items() if a in old_ids and b in new_ids})
    return found


def _carried_pairs(*, left: Document, right: Document) -> dict[int, tuple[int, float]]:
    """The pairs a new version inherits: the previous version of one side was aligned with the
    other side; each of its clauses the new version keeps word for word keeps its counterpart."""
    for new, other, new_is_left in ((left, right, True), (right, left, False)):
        previous = previous_version(document=new)
        if previous is None or previous.date and new.date and previous.date > new.date:
            continue
        pair = (previous, other) if new_is_left else (other, previous)
        stored = Alignment.objects.filter(left=pair[0], right=pair[1]).first()
        if stored is None:
            continue
        carried = _version_map(old=previous, new=new)
        seeds = {}
        rows = stored.pairs.filter(left_clause__isnull=False, right_clause__isnull=False)
        for left_id, right_id, score in rows.values_list("left_clause_id", "right_clause_id", "score"):
            if new_is_left and left_id in carried:
                seeds[carried[left_id]] = (right_id, score)
            elif not new_is_left and right_id in carried:
                seeds[left_id] = (carried[right_id], score)
        if seeds:
            return seeds
    return {}


def alignment_compute(*, left: Document, right: Document) -> Alignment:
    seeds = _carried_pairs(left=left, right=right) if left.language != right.language else None
    results = documents_align(left=left, right=right, seeds=seeds)
    with transaction.atomic():
        Alignment.objects.filter(left=left, right=right).delete()
        alignment = Alignment.objects.create(
            left=left, right=right, left_sha256=left.source_sha256, right_sha256=right.source_sha256
        )
        AlignedPair.objects.bulk_create(
            [
                AlignedPair(
                    alignment=alignment,
                    order=index,
                    left_clause_id=r.left.id if r.left else None,
                    right_clause_id=r.right.id if r.right else None,
                    status=r.status,
                    score=round(r.score, 3),
                    diff=r.diff,
                )
                for index, r in enumerate(results)
            ],
            batch_size=500,
        )
    return alignment


def document_label(document: Document) -> str:
    """`italiano 2.2`: the document's language in the interface language, and its version."""
    try:
        language = get_language_info(document.language)["name_translated"]
    except KeyError:
        language = LANGUAGE_NAMES.get(document.language, document.language)
    return f"{language} {document.version}".strip()


def clause_counterpart(*, clause: Clause, other_document: Document) -> tuple[Clause | None, str]:
    """The clause of `other_document` with the same content as `clause`, and how it was found.

    Two queries when the stored alignment is fresh: the alignment row (either
    direction) and the pair holding the clause.
    """
    document = clause.document
    if document.game_id != other_document.game_id:
        return None, gettext("no counterpart: %(slug)s is a document of another game") % {"slug": other_document.slug}
    if document.pk == other_document.pk:
        return clause, gettext("same document")
    alignments = [
        a
        for a in Alignment.objects.filter(left__in=[document, other_document], right__in=[document, other_document])
        if {a.left_id, a.right_id} == {document.pk, other_document.pk}
    ]
    alignment = None
    for candidate in alignments:
        left, right = (document, other_document) if candidate.left_id == document.pk else (other_document, document)
        if _fresh(candidate, left, right):
            alignment = candidate
            break
    if alignment is None:
        alignment = alignment_compute(left=document, right=other_document)
    mine, theirs = ("left_clause", "right_clause") if alignment.left_id == document.pk else ("right_clause", "left_clause")
    pair = (
        AlignedPair.objects.filter(alignment=alignment, **{mine: clause})
        .select_related(theirs)
        .first()
    )
    if pair is None:
        # Stored pairs lost to a re-import the timestamps did not show: recompute once.
        alignment = alignment_compute(left=document, right=other_document)
        mine, theirs = "left_clause", "right_clause"
        pair = AlignedPair.objects.filter(alignment=alignment, left_clause=clause).select_related(theirs).first()
    counterpart = getattr(pair, theirs) if pair else None
    if counterpart is None:
        return None, gettext("no counterpart: this clause exists only in %(document)s") % {
            "document": document_label(document)}
    return counterpart, pair_explanation(
        status=pair.status, score=pair.score, here=clause, there=counterpart,
        languages=(document.language, other_document.language),
    )


UNCERTAIN_SCORE = 0.5
"""Below this score a cross-language pair is uncertain: the aligner found the clause, not proof that
both say the same (a clause new in one language pairs with an unrelated one of the same number)."""


def pair_uncertain(*, status: str, score: float) -> bool:
    return status in ("same", "renumbered") and score < UNCERTAIN_SCORE


def pair_explanation(*, status: str, score: float, here: Clause, there: Clause, languages: tuple[str, str] = ("", "")) -> str:
    """How two clauses were matched, in words a judge reads on a clause page (no score: the compare pages
    and exports carry it for translators); `languages` (here, there) lets it compare the numbers the two
    texts write when they are an English/Italian pair."""
    if pair_uncertain(status=status, score=score):
        return gettext(
            "uncertain counterpart: numbered %(here)s here and %(there)s there, but the texts may say different things"
        ) % {"here": here.printed_number or here.number or gettext("without a number"),
             "there": there.printed_number or there.number or gettext("without a number")}
    if status in ("same", "renumbered"):
        differ = numbers_differ(here=here, there=there, languages=languages)
        if differ:
            if status == "same":
                return gettext("same number, but the numbers differ: %(differ)s") % {"differ": differ}
            return gettext("the same text under another number, but the numbers differ: %(differ)s") % {"differ": differ}
    if status in ("same", "unchanged"):
        return gettext("same number, same content")
    if status == "changed":
        return gettext("same number, reworded")
    here_number = here.printed_number or here.number
    there_number = there.printed_number or there.number
    if here_number and there_number and here_number != there_number:
        return gettext("the same text under another number: %(here)s here, %(there)s there (matched by what it says)") % {
            "here": here_number, "there": there_number}
    return gettext("matched by what it says")


def alignment_pairs(*, alignment: Alignment, status: str = "", section: str = ""):
    """Stored pairs in order, with both clauses; `section` keeps one top-level section (by either side's number)."""
    pairs = alignment.pairs.select_related("left_clause", "right_clause").order_by("order")
    if status:
        pairs = pairs.filter(status=status)
    if section:
        from django.db.models import Q

        pairs = pairs.filter(
            Q(left_clause__number=section) | Q(left_clause__number__startswith=f"{section}.")
            | Q(left_clause__isnull=True, right_clause__number=section)
            | Q(left_clause__isnull=True, right_clause__number__startswith=f"{section}.")
            | Q(left_clause__stable_id__startswith=f"{section}.") | Q(left_clause__stable_id__startswith=f"{section}~")
        )
    return pairs


def alignment_counts(*, alignment: Alignment) -> dict[str, int]:
    from django.db.models import Count

    counts = dict(alignment.pairs.values_list("status").annotate(n=Count("id")).order_by("status"))
    return {status: counts.get(status, 0) for status, _ in AlignedPair.STATUS_CHOICES if status in counts}


def _tsv_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n").replace("\t", " ")


def alignment_tsv(*, left: Document, right: Document):
    """`left_id left_number right_id right_number status score` (docs/commands.md)."""
    alignment = alignment_get_or_compute(left=left, right=right)
    yield "left_id\tleft_number\tright_id\tright_number\tstatus\tscore"
    for pair in alignment_pairs(alignment=alignment):
        a, b = pair.left_clause, pair.right_clause
        yield "\t".join(
            _tsv_cell(v)
            for v in (
                a.stable_id if a else "", a.number if a else "",
                b.stable_id if b else "", b.number if b else "",
                pair.status, f"{pair.score:.3f}",
            )
        )
