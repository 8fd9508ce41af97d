"""Reads and writes of the translation QA pages: the findings of a pair of documents less the ones
staff dismissed (terminology.py computes them), and dismissing or restoring a finding."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from ..models import Alignment, Document, QADismissal
from . import alignment as aligning
from . import terminology


class QAError(ValueError):
    """A dismissal refused; the message is written for the visitor."""


@dataclass
class QAView:
    alignment: Alignment
    english: Document
    italian: Document
    findings: list[terminology.Finding]
    """Findings still open (not dismissed)."""
    dismissed: dict[str, QADismissal]
    """Key -> dismissal, for the findings staff dismissed that the QA still reports."""
    reported: list[terminology.Finding]
    """Every finding, dismissed or not."""


def qa_languages(*, left: Document, right: Document) -> tuple[Document, Document]:
    """(English, Italian) of a compared pair; QAError when the pair is not English and Italian."""
    if {left.language, right.language} != {"en", "it"}:
        raise QAError(gettext("Translation QA compares an English and an Italian document; pick one of each."))
    return (left, right) if left.language == "en" else (right, left)


def qa_view(*, left: Document, right: Document) -> QAView:
    english, italian = qa_languages(left=left, right=right)
    stored = aligning.alignment_get_or_compute(left=left, right=right)
    found = terminology.qa_run(alignment=stored)
    dismissals = {d.key: d for d in QADismissal.objects.filter(english=english, italian=italian)}
    open_findings = [f for f in found if f.key not in dismissals]
    reported = {f.key for f in found}
    return QAView(
        stored, english, italian, open_findings, {k: d for k, d in dismissals.items() if k in reported}, found
    )


def qa_dismissals(*, english: Document, italian: Document):
    return QADismissal.objects.filter(english=english, italian=italian)


def qa_dismiss(*, left: Document, right: Document, key: str, reason: str, user: str) -> QADismissal:
    """Dismiss a finding the QA reports now, with a reason; dismissing it again updates the reason."""
    reason = " ".join(reason.split())
    if not reason:
        raise QAError(gettext("Say why this finding is not a problem: the reason is kept with the dismissal."))
    if len(reason) > 300:
        raise QAError(gettext("Keep the reason under 300 characters."))
    view = qa_view(left=left, right=right)
    if key not in {f.key for f in view.findings} and key not in view.dismissed:
        raise QAError(gettext("That finding is no longer reported for these documents; reload the page."))
    try:
        with transaction.atomic():
            dismissal, _ = QADismissal.objects.update_or_create(
                english=view.english, italian=view.italian, key=key,
                defaults={"reason": reason, "dismissed_by": user[:150]},
            )
    except IntegrityError:
        # Two staff dismissing the same finding at once: the other one won; keep theirs.
        dismissal = QADismissal.objects.get(english=view.english, italian=view.italian, key=key)
    return dismissal


def qa_dismissal_undo(*, left: Document, right: Document, dismissal_id: int) -> bool:
    """Restore a dismissed finding; False when there was no such dismissal (already undone)."""
    english, italian = qa_languages(left=left, right=right)
    deleted, _ = QADismissal.objects.filter(pk=dismissal_id, english=english, italian=italian).delete()
    return bool(deleted)
