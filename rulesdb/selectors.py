"""Reads from the clause database: lookups, exports and the lint report."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from django.db.models import Count, QuerySet

from .models import Clause, Document, Reference


class DocumentNotFound(LookupError):
    pass


def document_get(*, slug: str) -> Document:
    try:
        return Document.objects.select_related("game").get(slug=slug)
    except Document.DoesNotExist:
        known = ", ".join(Document.objects.order_by("slug").values_list("slug", flat=True))
        raise DocumentNotFound(f"no document {slug!r}; loaded: {known or 'none'}") from None


def document_list() -> QuerySet[Document]:
    return Document.objects.published().select_related("game").annotate(clause_count=Count("clauses"))


def clause_list(*, document: Document) -> QuerySet[Clause]:
    return document.clauses.select_related("parent").order_by("order")


def _tsv_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n").replace("\t", " ")


def clauses_tsv(*, document: Document) -> Iterator[str]:
    """`id number parent kind title text`, one row per clause in document order."""
    yield "id\tnumber\tparent\tkind\ttitle\ttext"
    for clause in clause_list(document=document):
        parent = clause.parent.number if clause.parent else ""
        yield "\t".join(
            _tsv_cell(v) for v in (clause.stable_id, clause.number, parent, clause.kind, clause.title, clause.text)
        )


def references_tsv(*, document: Document) -> Iterator[str]:
    """`source_id source_number raw target_number resolved_id` (resolved_id empty when dangling)."""
    yield "source_id\tsource_number\traw\ttarget_number\tresolved_id"
    references = (
        Reference.objects.filter(source__document=document)
        .select_related("source", "target")
        .order_by("source__order", "start")
    )
    for ref in references:
        yield "\t".join(
            _tsv_cell(v)
            for v in (
                ref.source.stable_id,
                ref.source.number,
                ref.raw,
                ref.target_number,
                ref.target.stable_id if ref.target else "",
            )
        )


def number_key(number: str) -> tuple:
    """Sort key comparing number segments as numbers (`7.10` after `7.9`; `1.1.4.g` after `.f`)."""
    key = []
    for part in number.split("."):
        key.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(key)


@dataclass
class Anomaly:
    kind: str
    """`duplicate`, `out-of-order`, `gap`, `missing-parent`, `dangling-reference`."""
    number: str
    line: int
    detail: str


@dataclass
class LintReport:
    by_kind: Counter = field(default_factory=Counter)
    by_depth: Counter = field(default_factory=Counter)
    by_kind_depth: Counter = field(default_factory=Counter)
    anomalies: list[Anomaly] = field(default_factory=list)


_NUMERIC = re.compile(r"^\d+(?:\.\d+)*$")


def document_lint(*, document: Document) -> LintReport:
    report = LintReport()
    clauses = list(clause_list(document=document))
    for c in clauses:
        report.by_kind[c.kind] += 1
        report.by_depth[c.depth] += 1
        report.by_kind_depth[(c.kind, c.depth)] += 1

    numbered = [c for c in clauses if c.number and c.kind not in ("note", "example")]
    first_line: dict[str, int] = {}
    for c in numbered:
        if c.number in first_line:
            report.anomalies.append(
                Anomaly("duplicate", c.number, c.line_start, f"also printed at line {first_line[c.number]}")
            )
        else:
            first_line[c.number] = c.line_start
    previous = None
    for c in numbered:
        if previous is not None and number_key(c.number) < number_key(previous.number):
            report.anomalies.append(
                Anomaly("out-of-order", c.number, c.line_start, f"printed after {previous.number}")
            )
        previous = c
    for c in numbered:
        parts = c.number.split(".")
        if len(parts) > 1:
            parent_number = ".".join(parts[:-1])
            if parent_number not in first_line:
                report.anomalies.append(
                    Anomaly("missing-parent", c.number, c.line_start, f"no clause {parent_number}")
                )
    report.anomalies.extend(_gaps(numbered))
    dangling = (
        Reference.objects.filter(source__document=document, target__isnull=True)
        .select_related("source")
        .order_by("source__order", "start")
    )
    for ref in dangling:
        report.anomalies.append(
            Anomaly(
                "dangling-reference",
                ref.source.number or ref.source.stable_id,
                ref.source.line_start,
                f"{ref.raw!r} points at {ref.target_number}, which does not exist",
            )
        )
    return report


def _gaps(numbered: list[Clause]) -> list[Anomaly]:
    """Siblings whose last segments skip values (11.16 then 11.19)."""
    seen_children: dict[str, list[Clause]] = {}
    for c in numbered:
        if not _NUMERIC.match(c.number):
            continue
        parent_number = c.number.rsplit(".", 1)[0] if "." in c.number else ""
        seen_children.setdefault(parent_number, []).append(c)
    gaps = []
    for parent_number, children in seen_children.items():
        values = sorted({int(c.number.rsplit(".", 1)[-1]) for c in children})
        by_value = {int(c.number.rsplit(".", 1)[-1]): c for c in children}
        expected = 1
        for value in values:
            if value > expected:
                missing = [f"{parent_number}.{v}" if parent_number else str(v) for v in range(expected, value)]
                c = by_value[value]
                gaps.append(Anomaly("gap", c.number, c.line_start, f"missing {', '.join(missing)}"))
            expected = value + 1
    gaps.sort(key=lambda a: a.line)
    return gaps
