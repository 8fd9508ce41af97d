"""Exports of an aligned pair of documents for translators: CSV and XLIFF 2.0."""
from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

from ..models import Alignment
from .alignment import alignment_pairs

XLIFF_NS = "urn:oasis:names:tc:xliff:document:2.0"
CSV_HEADER = ["order", "source_id", "source_number", "target_id", "target_number", "status", "score", "source", "target"]


def _text(clause) -> str:
    if clause is None:
        return ""
    return "\n".join(part for part in (clause.title, clause.text) if part)


def _row(pair) -> list:
    a, b = pair.left_clause, pair.right_clause
    return [
        pair.order, a.stable_id if a else "", a.number if a else "", b.stable_id if b else "", b.number if b else "",
        pair.status, f"{pair.score:.3f}", _text(a), _text(b),
    ]


def alignment_csv(*, alignment: Alignment) -> str:
    """One row per aligned pair; the left document is the source, the right one the target."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for pair in alignment_pairs(alignment=alignment):
        writer.writerow(_row(pair))
    return out.getvalue()


def alignment_xliff(*, alignment: Alignment) -> bytes:
    """XLIFF 2.0: one unit per pair with a source clause; the ids and status are in the unit's notes."""
    left, right = alignment.left, alignment.right
    ET.register_namespace("", XLIFF_NS)
    root = ET.Element(f"{{{XLIFF_NS}}}xliff", {"version": "2.0", "srcLang": left.language, "trgLang": right.language})
    file = ET.SubElement(root, f"{{{XLIFF_NS}}}file", {"id": f"{left.slug}--{right.slug}"})
    for pair in alignment_pairs(alignment=alignment):
        a, b = pair.left_clause, pair.right_clause
        if a is None:
            continue  # nothing to translate from
        unit = ET.SubElement(file, f"{{{XLIFF_NS}}}unit", {"id": f"u{pair.order}", "name": a.stable_id})
        notes = ET.SubElement(unit, f"{{{XLIFF_NS}}}notes")
        note = ET.SubElement(notes, f"{{{XLIFF_NS}}}note", {"category": "alignment"})
        note.text = f"source {a.stable_id}; target {b.stable_id if b else '-'}; status {pair.status}; score {pair.score:.3f}"
        segment = ET.SubElement(unit, f"{{{XLIFF_NS}}}segment", {"state": "translated" if b else "initial"})
        ET.SubElement(segment, f"{{{XLIFF_NS}}}source").text = _text(a)
        if b is not None:
            ET.SubElement(segment, f"{{{XLIFF_NS}}}target").text = _text(b)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)
