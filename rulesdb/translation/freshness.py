"""Counterparts that may need updating: when a clause changes in one language's new version, its
counterpart in the other language's current version is flagged until a newer version of that
language is published or staff dismiss the flag (rulesdb.models.CounterpartFlag)."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ..models import AlignedPair, ChangeReport, Clause, CounterpartFlag, Document
from .alignment import alignment_get_or_compute


class FlagError(ValueError):
    """A dismissal that cannot be done; the message is for staff."""


def _reworded(row: dict) -> bool:
    if row["change"] == "changed":
        return not row["detail"].startswith("reference ")
    return row["change"] == "moved" and "reworded" in row["detail"]


def _counterparts(*, old: Document, other: Document) -> dict[int, Clause]:
    """Clause id of `old` -> its counterpart in `other`, from their stored alignment."""
    left, right = (old, other) if old.language == "it" else (other, old)
    stored = alignment_get_or_compute(left=left, right=right)
    mine, theirs = ("left_clause", "right_clause") if left.pk == old.pk else ("right_clause", "left_clause")
    found = {}
    pairs = AlignedPair.objects.filter(
        alignment=stored, left_clause__isnull=False, right_clause__isnull=False
    ).select_related(theirs)
    for pair in pairs:
        found[getattr(pair, f"{mine}_id")] = getattr(pair, theirs)
    return found


def flags_refresh(*, document: Document) -> list[CounterpartFlag]:
    """`document` was published: flags on its language's older versions lapse, and each clause
    its change report records as reworded or removed flags its counterpart in the current
    version of every other language."""
    from ..selectors import current_versions

    newest = Document.objects.published().in_series(document.series).first()
    if newest is None or newest.pk != document.pk:
        return []  # an older version published again: the current one decides
    CounterpartFlag.objects.filter(document__series=document.series).exclude(document=document).delete()
    report = ChangeReport.objects.filter(new=document, old__published=True).select_related("old").first()
    if report is None:
        return []
    rows = [r for r in report.changes if _reworded(r) or r["change"] == "removed"]
    if not rows:
        return []
    old_ids = dict(report.old.clauses.filter(stable_id__in=[r["old_id"] for r in rows]).values_list("stable_id", "id"))
    new_ids = dict(document.clauses.filter(stable_id__in=[r["new_id"] for r in rows if r["new_id"]]).values_list("stable_id", "id"))
    created = []
    for other in current_versions(game_id=document.game_id, kind=document.kind, exclude_language=document.language):
        counterparts = _counterparts(old=report.old, other=other)
        flags = {}
        for row in rows:
            there = counterparts.get(old_ids.get(row["old_id"]))
            if there is None or there.pk in flags:
                continue
            flags[there.pk] = CounterpartFlag(
                clause=there, document=other, raised_by=document, changed_clause_id=new_ids.get(row["new_id"]),
                old_number=row["old_number"], change="removed" if row["change"] == "removed" else "reworded",
                detail=row["detail"][:400],
            )
        with transaction.atomic():
            CounterpartFlag.objects.filter(raised_by=document, document=other).delete()
            created += CounterpartFlag.objects.bulk_create(flags.values())
    return created


def flags_raised_by_delete(*, document: Document) -> None:
    """`document` went back to draft: what it raised is withdrawn."""
    CounterpartFlag.objects.filter(raised_by=document).delete()


def flags_active(*, document: Document) -> dict[int, CounterpartFlag]:
    """Clause id -> its undismissed flag, for a document's pages, compare view and exports."""
    flags = (
        CounterpartFlag.objects.filter(document=document, dismissed_at__isnull=True)
        .select_related("raised_by", "changed_clause")
    )
    return {flag.clause_id: flag for flag in flags}


def flag_dismiss(*, flag: CounterpartFlag, user: str, reason: str) -> CounterpartFlag:
    reason = " ".join(reason.split())
    if not reason:
        raise FlagError("Say why the clause does not need updating: the reason is kept with the dismissal.")
    flag.dismissed_by, flag.dismissed_at, flag.dismiss_reason = user[:150], timezone.now(), reason[:300]
    flag.save(update_fields=["dismissed_by", "dismissed_at", "dismiss_reason"])
    return flag


def flag_restore(*, flag: CounterpartFlag) -> CounterpartFlag:
    flag.dismissed_by, flag.dismissed_at, flag.dismiss_reason = "", None, ""
    flag.save(update_fields=["dismissed_by", "dismissed_at", "dismiss_reason"])
    return flag


def flag_explanation(flag: CounterpartFlag) -> str:
    """What the page says about a flagged clause, in plain words."""
    from .alignment import document_label

    version = document_label(flag.raised_by)
    if flag.change == "removed":
        return f"May need updating: its counterpart {flag.old_number} was removed in {version}."
    return f"May need updating: its counterpart {flag.old_number} was reworded in {version}."
