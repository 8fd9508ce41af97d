"""Lint of an imported document: the anomalies a PDF extraction leaves (misprinted, duplicate,
out-of-order or missing numbers, references that go nowhere or somewhere else), for `manage.py lint_rules`."""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from django.db import models

from .models import Clause, Document, Reference
from .selectors import NUMERIC_NUMBER, clause_list, number_key


@dataclass
class Anomaly:
    kind: str
    """`misprinted-number`, `duplicate`, `out-of-order`, `gap`, `missing-parent`, `lost-list`,
    `misdirected-reference`, `dangling-reference`."""
    number: str
    line: int
    detail: str


@dataclass
class LintReport:
    by_kind: Counter = field(default_factory=Counter)
    by_depth: Counter = field(default_factory=Counter)
    by_kind_depth: Counter = field(default_factory=Counter)
    anomalies: list[Anomaly] = field(default_factory=list)
    unprinted: list[Clause] = field(default_factory=list)
    """Derived headings and clauses with an inferred number, in document order."""




def document_lint(*, document: Document) -> LintReport:
    report = LintReport()
    clauses = list(clause_list(document=document))
    for c in clauses:
        report.by_kind[c.kind] += 1
        report.by_depth[c.depth] += 1
        report.by_kind_depth[(c.kind, c.depth)] += 1

    report.unprinted = [c for c in clauses if c.origin != "printed"]
    by_id = {c.pk: c for c in clauses}
    for c in clauses:
        if c.printed_number:
            parent = by_id.get(c.parent_id)
            under = f"{parent.shown_number} {parent.title}".strip() if parent else "the top level"
            report.anomalies.append(
                Anomaly("misprinted-number", c.printed_number, c.line_start,
                        f"printed under {under}; its address there is {c.number}")
            )
    # Duplicates, order and gaps are facts of the printed numbering (misprints as
    # printed); a missing parent is one of the structure (addresses), where a
    # derived heading still counts as the parent its children need.
    heads = {c.number for c in clauses if c.origin == "derived"}
    numbered = [c for c in clauses if c.number and c.kind not in ("note", "example") and c.origin != "derived"]
    first_line: dict[str, int] = {}
    for c in numbered:
        if c.shown_number in first_line:
            report.anomalies.append(
                Anomaly("duplicate", c.shown_number, c.line_start, f"also printed at line {first_line[c.shown_number]}")
            )
        else:
            first_line[c.shown_number] = c.line_start
    previous = None
    for c in numbered:
        if previous is not None and number_key(c.shown_number) < number_key(previous.shown_number):
            report.anomalies.append(
                Anomaly("out-of-order", c.shown_number, c.line_start, f"printed after {previous.shown_number}")
            )
        previous = c
    addresses = {c.number for c in numbered}
    for c in numbered:
        parts = c.number.split(".")
        if len(parts) > 1:
            parent_number = ".".join(parts[:-1])
            if parent_number not in addresses and parent_number not in heads:
                report.anomalies.append(
                    Anomaly("missing-parent", c.number, c.line_start, f"no clause {parent_number}")
                )
    report.anomalies.extend(_gaps(numbered))
    report.anomalies.extend(_lost_lists(clauses))
    misdirected = (
        Reference.objects.filter(source__document=document, target__isnull=False)
        .exclude(target__number=models.F("target_number"))
        .select_related("source", "target")
        .order_by("source__order", "start")
    )
    for ref in misdirected:
        report.anomalies.append(
            Anomaly(
                "misdirected-reference",
                ref.source.number or ref.source.stable_id,
                ref.source.line_start,
                f"{ref.raw!r} points at {ref.target_number}, but the keyword it quotes is under "
                f"{ref.target.number} {ref.target.title}: linked there",
            )
        )
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


_REMARKS = ("note", "example")


def list_lost(clauses: list[Clause], position: int) -> bool:
    """Whether `clauses[position]` (a document's clauses in order) announces a list ("… se le tre seguenti
    condizioni sono vere:") that the clause after it, remarks aside, does not begin, under it or beside it:
    the extraction lost the list, and a judge reads a rule that stops mid-sentence."""
    clause = clauses[position]
    if clause.kind in _REMARKS or not (clause.text or "").rstrip().endswith(":"):
        return False
    after = next((c for c in itertools.islice(clauses, position + 1, None) if c.kind not in _REMARKS), None)
    return after is None or after.parent_id not in (clause.pk, clause.parent_id)


def _lost_lists(clauses: list[Clause]) -> list[Anomaly]:
    return [
        Anomaly("lost-list", c.shown_number or c.stable_id, c.line_start,
                "announces a list, and nothing under or beside it follows: the list is missing")
        for i, c in enumerate(clauses)
        if list_lost(clauses, i)
    ]


def _gaps(numbered: list[Clause]) -> list[Anomaly]:
    """Siblings whose last segments skip values (11.16 then 11.19)."""
    seen_children: dict[str, list[Clause]] = {}
    for c in numbered:
        if not NUMERIC_NUMBER.match(c.number):
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


# --- The reader -------------------------------------------------------------
#
# A document does not change between imports, and a clause page needs its
# neighbours (ancestors, sub-clauses, previous/next, what cites it). Every
# page reads them from one in-memory index per imported document, built with
# four queries and keyed by (id, imported_at) so a re-import is picked up.
