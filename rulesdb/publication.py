"""What follows a rules document's import, publication and unpublication (the version pipeline).

Kept apart from rulesdb.services (parsing and storing an import) because it reaches into the
translation tools and search, which themselves import and read documents: services calls the
pipeline, the pipeline never calls back into services.
"""
from __future__ import annotations

from typing import Callable

from django.db import transaction
from django.utils import timezone

from . import search
from .models import ChangeReport, Document
from .selectors import current_versions
from .translation import alignment, changes, freshness, terminology


Progress = Callable[[str], None]
"""Told each step of an import or a publication as it starts (the upload page streams them)."""


def no_progress(step: str) -> None:
    """The default `progress`: an import run from a command or a test reports nothing."""


def document_pipeline_run(document: Document, *, progress: Progress = no_progress) -> None:
    """What follows an import, a publication and an unpublication, in this order:

    - a draft gets its change report against its series' current version, for staff to review;
    - a published document (its series' current version or not) is aligned with the current
      version of every other language, starting from the previous version's pairs
      (translation.alignment), and its rewordings flag their counterparts (translation.freshness);
    - for a published document, the search index is rebuilt once the transaction commits (only
      published documents are in it, each series' current version searched by default).
    """

    if not document.published:
        progress("Comparing with the current version")
        changes.change_report_create(new=document)
    elif document.kind == "cr":
        progress("Aligning with the other languages")
        for other in current_versions(game_id=document.game_id, kind="cr", exclude_language=document.language):
            left, right = (document, other) if document.language == "it" else (other, document)
            # The translation QA of the new alignment too: its page then answers from the cache.
            terminology.qa_run(alignment=alignment.alignment_compute(left=left, right=right))
        freshness.flags_refresh(document=document)
    if document.published:
        # A draft stays out of search: the index changes when the publication does.
        progress("Updating the search index")
        search.index_refresh_after_import(document)


def document_publish(*, document: Document, reviewer: str, progress: Progress = no_progress) -> Document:
    """Publish a reviewed draft: from now on its series' URLs, jump, search, API and counterparts
    follow it if it is the newest by date. Its pending change report records who and when."""


    with transaction.atomic():
        locked = Document.objects.select_for_update().get(pk=document.pk)
        locked.published = True
        locked.save(update_fields=["published"])
        ChangeReport.objects.filter(new=locked, published_at__isnull=True).update(
            published_at=timezone.now(), reviewed_by=reviewer[:150]
        )
    document.refresh_from_db()
    document_pipeline_run(document, progress=progress)
    return document


def document_unpublish(*, document: Document, progress: Progress = no_progress) -> Document:
    """Take a version back to draft: its series falls back to the previous published version,
    whose alignments and flags the pipeline brings back."""

    with transaction.atomic():
        locked = Document.objects.select_for_update().get(pk=document.pk)
        locked.published = False
        locked.save(update_fields=["published"])
        ChangeReport.objects.filter(new=locked).update(published_at=None, reviewed_by="")
        freshness.flags_raised_by_delete(document=locked)
    document.refresh_from_db()
    current = Document.objects.published().in_series(document.series).first()
    if current is not None:
        document_pipeline_run(current, progress=progress)
    else:
        search.index_refresh_after_import(document)
    return document


def change_report_publish(*, report: ChangeReport, reviewer: str) -> ChangeReport:
    """Staff accepted the report: the new version is published (document_publish, which
    runs the version pipeline) and the report records who and when."""

    document_publish(document=report.new, reviewer=reviewer)
    report.refresh_from_db()
    return report
