"""Reads about a series' versions: which one is current, where a clause went in the next version,
each clause's history across the series, and what a version changed.

A series' current version is its newest published version (by date, then import time): publishing
a version makes it current, unpublishing it hands the series back to the one before. Clauses are
followed from one version to the next through the change report (translation.changes), so a
renumbered clause is the same clause under its new number; a pair of versions without a stored
report is compared on the fly (and kept per process).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .models import ChangeReport, Clause, Document
from .selectors import document_index


_STAMP_FIELDS = ("pk", "published", "imported_at", "flags", "newest_flag", "dismissed", "last_dismissal",
                 "series", "date", "slug", "title", "version", "language", "game_id", "kind", "credit")


class VersionState:
    """Every document (from the page cache's corpus stamp, which changes with any import,
    publication or flag change), and, read on first need, change reports and counterpart flags:
    once per stamp, so a clause page's version notices cost no query of their own."""

    def __init__(self, stamp: tuple):
        self.documents: list[Document] = []
        self.any_flags = False
        for values in stamp:
            row = dict(zip(_STAMP_FIELDS, values))
            has_flags = bool(row.pop("flags"))
            self.any_flags = self.any_flags or has_flags
            for key in ("newest_flag", "dismissed", "last_dismissal"):
                row.pop(key)
            self.documents.append(Document(**row))
        self._reports: list[ChangeReport] | None = None
        self._flags: list | None = None

    @property
    def reports(self) -> list[ChangeReport]:
        if self._reports is None:
            self._reports = list(ChangeReport.objects.order_by("-created_at"))
        return self._reports

    @property
    def flags(self) -> list:
        from .models import CounterpartFlag

        if self._flags is None:
            self._flags = list(CounterpartFlag.objects.select_related("raised_by", "changed_clause")) if self.any_flags else []
        return self._flags

    def in_series(self, series: str) -> list[Document]:
        """Published versions, newest first (as DocumentQuerySet.in_series orders them)."""
        found = [d for d in self.documents if d.series == series and d.published]
        return sorted(found, key=lambda d: (d.date is not None, d.date, d.imported_at), reverse=True)

    def series_size(self, series: str) -> int:
        return sum(1 for d in self.documents if d.series == series)


def version_state() -> VersionState:
    from .page_cache import corpus_stamp_of_request

    return _version_state(corpus_stamp_of_request())


@functools.lru_cache(maxsize=2)
def _version_state(stamp) -> VersionState:
    return VersionState(stamp)


def series_current(*, series: str) -> Document | None:
    found = version_state().in_series(series)
    return found[0] if found else None


def series_versions(*, series: str, include: Document | None = None) -> list[Document]:
    """The published versions of a series, oldest first; `include` (a draft staff are reading) too."""
    versions = version_state().in_series(series)
    if include is not None and all(v.pk != include.pk for v in versions):
        versions.append(include)
        versions.sort(key=lambda d: (d.date is not None, d.date, d.imported_at), reverse=True)
    return versions[::-1]


def _report_rows(old: Document, new: Document) -> list[dict]:
    report = next((r for r in version_state().reports if r.old_id == old.pk and r.new_id == new.pk), None)
    if report is not None:
        return report.changes
    return _computed_rows(old.pk, old.imported_at, new.pk, new.imported_at)


@functools.lru_cache(maxsize=8)
def _computed_rows(old_id: int, old_stamp, new_id: int, new_stamp) -> list[dict]:
    from .translation.changes import changes_compute

    return changes_compute(old=Document.objects.get(pk=old_id), new=Document.objects.get(pk=new_id))


@dataclass
class Step:
    """How one version's clauses became the next version's."""

    forward: dict[str, str | None] = field(default_factory=dict)
    """old stable id -> new stable id (None: removed); ids absent here are kept as they are."""
    row_by_new: dict[str, dict] = field(default_factory=dict)
    row_by_old: dict[str, dict] = field(default_factory=dict)
    added: set[str] = field(default_factory=set)

    def follow(self, stable_id: str, new_ids) -> str | None:
        if stable_id in self.forward:
            return self.forward[stable_id]
        return stable_id if stable_id in new_ids and stable_id not in self.added else None

    def back(self, stable_id: str, old_ids) -> str | None:
        for old, new in self.forward.items():
            if new == stable_id:
                return old
        if stable_id in self.added:
            return None
        return stable_id if stable_id in old_ids and stable_id not in self.forward else None


def version_step(*, old: Document, new: Document) -> Step:
    step = Step()
    for row in _report_rows(old, new):
        if row["change"] == "removed":
            step.forward[row["old_id"]] = None
            step.row_by_old[row["old_id"]] = row
        elif row["change"] == "added":
            step.added.add(row["new_id"])
            step.row_by_new[row["new_id"]] = row
        else:
            step.forward[row["old_id"]] = row["new_id"]
            # A rewording first: a reference row of the same clause says less.
            if row["new_id"] not in step.row_by_new or step.row_by_new[row["new_id"]]["detail"].startswith("reference"):
                step.row_by_new[row["new_id"]] = row
            step.row_by_old.setdefault(row["old_id"], row)
    return step


@dataclass
class LineageEntry:
    document: Document
    clause: Clause | None
    row: dict | None = None
    """The change-report row that recorded how the clause came to this version (None: unchanged)."""


def clause_lineage(*, document: Document, clause: Clause, versions: list[Document] | None = None) -> list[LineageEntry]:
    """The clause in every version of its series, oldest first, followed through renumbering;
    a version without it has clause None (not yet added, or removed)."""
    versions = versions or series_versions(series=document.series, include=document)
    at = next((i for i, v in enumerate(versions) if v.pk == document.pk), None)
    if at is None:
        return [LineageEntry(document, clause)]
    entries: dict[int, LineageEntry] = {at: LineageEntry(document, clause)}
    stable_id: str | None = clause.stable_id
    for i in range(at + 1, len(versions)):
        old, new = versions[i - 1], versions[i]
        step = version_step(old=old, new=new)
        new_index = document_index(document=new)
        row = step.row_by_old.get(stable_id) if stable_id else None
        stable_id = step.follow(stable_id, new_index.by_stable_id) if stable_id else None
        entries[i] = LineageEntry(new, new_index.by_stable_id.get(stable_id) if stable_id else None,
                                  step.row_by_new.get(stable_id, row) if stable_id else row)
    stable_id = clause.stable_id
    for i in range(at - 1, -1, -1):
        old, new = versions[i], versions[i + 1]
        step = version_step(old=old, new=new)
        if stable_id and entries[i + 1].row is None:
            entries[i + 1].row = step.row_by_new.get(stable_id)
        old_index = document_index(document=old)
        stable_id = step.back(stable_id, old_index.by_stable_id) if stable_id else None
        entries[i] = LineageEntry(old, old_index.by_stable_id.get(stable_id) if stable_id else None)
    return [entries[i] for i in range(len(versions))]


@dataclass
class CurrentClause:
    """Where an older version's clause stands in its series' current version."""

    current: Document
    clause: Clause | None
    removed_in: Document | None = None


def clause_in_current(*, document: Document, clause: Clause) -> CurrentClause | None:
    """None when `document` is its series' current version (or a draft); else the same clause in
    the current version, or the version that removed it."""
    current = series_current(series=document.series)
    if current is None or current.pk == document.pk or not document.published:
        return None
    versions = series_versions(series=document.series)
    lineage = clause_lineage(document=document, clause=clause, versions=versions)
    at = next(i for i, e in enumerate(lineage) if e.document.pk == document.pk)
    removed_in = next((e.document for e in lineage[at + 1:] if e.clause is None), None)
    return CurrentClause(current, lineage[-1].clause, removed_in if lineage[-1].clause is None else None)


def number_renumbered(*, document: Document, number: str) -> tuple[Clause | None, Document | None]:
    """A number `document` does not print, printed by an older version of its series: (the same
    clause in `document`, None) when it was renumbered, (None, the version that removed it)."""
    versions = series_versions(series=document.series, include=document)
    at = next((i for i, v in enumerate(versions) if v.pk == document.pk), None)
    if at is None:
        return None, None
    for older in reversed(versions[:at]):
        index = document_index(document=older)
        clauses = index.by_number.get(number)
        if not clauses:
            continue
        lineage = clause_lineage(document=older, clause=clauses[0], versions=versions)
        here = lineage[at]
        if here.clause is not None:
            return here.clause, None
        gone = next((e.document for e in lineage[versions.index(older) + 1: at + 1] if e.clause is None), None)
        return None, gone
    return None, None


def version_marks(*, document: Document) -> dict[str, str]:
    """Stable id -> what this version did to the clause ("changed", "new", "renumbered"), from its
    change report against the version before it: the marks on its pages and in its contents."""
    versions = series_versions(series=document.series, include=document)
    at = next((i for i, v in enumerate(versions) if v.pk == document.pk), 0)
    if at == 0:
        return {}
    marks: dict[str, str] = {}
    for row in _report_rows(versions[at - 1], document):
        if row["change"] == "added":
            marks[row["new_id"]] = "new"
        elif row["change"] == "moved":
            marks[row["new_id"]] = "renumbered and changed" if "reworded" in row["detail"] else "renumbered"
        elif row["change"] == "changed" and not row["detail"].startswith("reference"):
            marks.setdefault(row["new_id"], "changed")
    return marks


def version_report(*, document: Document) -> ChangeReport | None:
    """The change report that recorded this version against the one before it."""
    state = version_state()
    if state.series_size(document.series) < 2:
        return None  # the only version of its series: no report to read
    return next((r for r in state.reports if r.new_id == document.pk), None)


def clause_flags(*, document: Document, clause: Clause) -> tuple[object | None, list]:
    """(the clause's undismissed counterpart flag or None, its dismissed flags)."""
    mine = [f for f in version_state().flags if f.clause_id == clause.pk and f.document_id == document.pk]
    active = next((f for f in mine if f.dismissed_at is None), None)
    return active, [f for f in mine if f.dismissed_at is not None]


@dataclass
class HistoryStep:
    document: Document
    clause: Clause | None
    url: str
    row: dict | None
    diff: list
    """Word diff from the previous version's text ([op, words] with op "=", "-", "+"); empty when
    unchanged, when the clause is new here, or absent."""
    status: str
    """In plain words: "as printed", "first printed here", "unchanged", "reworded", "renumbered",
    "renumbered and reworded", "removed", "not yet printed"."""


def _full_text(clause: Clause) -> str:
    return f"{clause.title}\n{clause.text}".strip()


def clause_history(*, document: Document, clause: Clause) -> list[HistoryStep]:
    """The history page's rows, oldest version first."""
    from . import rendering
    from .translation.aligner import word_diff

    steps: list[HistoryStep] = []
    previous: Clause | None = None
    started = False
    for entry in clause_lineage(document=document, clause=clause):
        here = entry.clause
        url = ""
        if here is not None:
            url = rendering.clause_url(document_index(document=entry.document), here, entry.document.slug)
        diff: list = []
        if here is None:
            status = "removed" if started else "not yet printed"
        elif previous is None:
            status = "first printed here" if started or entry.row else "as printed"
        else:
            changed = _full_text(previous).split() != _full_text(here).split()
            diff = word_diff(_full_text(previous), _full_text(here)) if changed else []
            renumbered = previous.number != here.number
            status = {(False, False): "unchanged", (False, True): "reworded", (True, False): "renumbered",
                      (True, True): "renumbered and reworded"}[(renumbered, changed)]
        started = started or here is not None
        steps.append(HistoryStep(entry.document, here, url, entry.row, diff, status))
        previous = here if here is not None else previous
    return steps
