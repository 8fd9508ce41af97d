"""Exports of an aligned pair of documents for translators (CSV and XLIFF 2.0), and a translated XLIFF
brought back as a new draft version of the target document.

XLIFF 2.0 (OASIS, core only): one `<unit>` per pair whose source clause has words (an empty clause,
such as a bare number, has nothing to translate), named by the source clause's stable id; its notes
carry the target clause's stable id (category `target`) and the alignment. A segment is
`translated` only when the pair is certain; a pair below the confidence threshold, or a clause with
no counterpart, is `initial` with a note asking for review. Text with line breaks keeps them
(`xml:space="preserve"`).
"""
from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from django.utils.translation import gettext

from ..models import Alignment, Clause, Document
from .alignment import alignment_pairs, pair_uncertain

XLIFF_NS = "urn:oasis:names:tc:xliff:document:2.0"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
CSV_HEADER = [
    "order", "source_id", "source_number", "target_id", "target_number", "status", "score", "review", "source", "target",
    "may_need_updating",
]


class XliffImportError(ValueError):
    """A translated XLIFF refused; the message is written for the visitor."""


def _text(clause) -> str:
    if clause is None:
        return ""
    return "\n".join(part for part in (clause.title, clause.text) if part)


def _review(pair, cross_language: bool) -> str:
    """Why a translator should look at this pair before trusting it, or ""."""
    if pair.left_clause is None or pair.right_clause is None:
        return "no counterpart"
    if cross_language and pair_uncertain(status=pair.status, score=pair.score):
        return "uncertain counterpart"
    return ""


def alignment_csv(*, alignment: Alignment) -> str:
    """One row per aligned pair; the left document is the source, the right one the target.
    Rows end in CRLF (RFC 4180); the caller adds the byte-order mark spreadsheets need."""
    cross = alignment.left.language != alignment.right.language
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    from .freshness import flag_explanation, flags_active

    flags = {**flags_active(document=alignment.left), **flags_active(document=alignment.right)}
    for pair in alignment_pairs(alignment=alignment):
        a, b = pair.left_clause, pair.right_clause
        flag = flags.get(pair.left_clause_id) or flags.get(pair.right_clause_id)
        writer.writerow([
            pair.order, a.stable_id if a else "", a.number if a else "", b.stable_id if b else "", b.number if b else "",
            pair.status, f"{pair.score:.3f}", _review(pair, cross), _text(a), _text(b),
            flag_explanation(flag) if flag else "",
        ])
    return out.getvalue()


def _text_element(parent, tag: str, text: str):
    element = ET.SubElement(parent, f"{{{XLIFF_NS}}}{tag}")
    element.text = text
    if "\n" in text:
        element.set(XML_SPACE, "preserve")
    return element


def alignment_xliff(*, alignment: Alignment) -> bytes:
    left, right = alignment.left, alignment.right
    cross = left.language != right.language
    ET.register_namespace("", XLIFF_NS)
    root = ET.Element(f"{{{XLIFF_NS}}}xliff", {"version": "2.0", "srcLang": left.language, "trgLang": right.language})
    file = ET.SubElement(root, f"{{{XLIFF_NS}}}file", {"id": f"{left.slug}--{right.slug}"})
    for pair in alignment_pairs(alignment=alignment):
        a, b = pair.left_clause, pair.right_clause
        source = _text(a)
        if not source.strip():
            continue  # nothing to translate from
        unit = ET.SubElement(file, f"{{{XLIFF_NS}}}unit", {"id": f"u{pair.order}", "name": a.stable_id})
        notes = ET.SubElement(unit, f"{{{XLIFF_NS}}}notes")
        ET.SubElement(notes, f"{{{XLIFF_NS}}}note", {"category": "target"}).text = b.stable_id if b else ""
        ET.SubElement(notes, f"{{{XLIFF_NS}}}note", {"category": "alignment"}).text = (
            f"source {a.number or a.stable_id}; target {(b.number or b.stable_id) if b else '-'}; "
            f"status {pair.status}; score {pair.score:.3f}"
        )
        review = _review(pair, cross)
        if review:
            ET.SubElement(notes, f"{{{XLIFF_NS}}}note", {"category": "review", "priority": "1"}).text = (
                f"Review: {review}; check the target before trusting it."
            )
        segment = ET.SubElement(unit, f"{{{XLIFF_NS}}}segment", {"state": "initial" if review else "translated"})
        _text_element(segment, "source", source)
        if b is not None:
            _text_element(segment, "target", _text(b))
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


@dataclass
class XliffChanges:
    target: Document
    """The document the XLIFF's targets belong to (its current version)."""
    changed: dict[str, str]
    """Target clause stable id -> its new text (title and text, as exported)."""
    skipped: int
    """Units whose target names no clause of the document (a source clause with no counterpart)."""


def xliff_read(*, data: bytes, game_id: int) -> XliffChanges:
    """The target segments of a translated XLIFF that differ from the current target clauses."""
    if b"<!DOCTYPE" in data[:4096] or b"<!ENTITY" in data:
        raise XliffImportError(gettext("The XLIFF declares a document type or entities; export it again from the comparison page."))
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise XliffImportError(gettext("This is not a well-formed XLIFF file (line %(line)s).") % {"line": error.position[0]}) from None
    ns = {"x": XLIFF_NS}
    if root.tag != f"{{{XLIFF_NS}}}xliff" or root.get("version") not in ("2.0", "2.1"):
        raise XliffImportError(gettext("This is not an XLIFF 2.0 file: export one from the comparison page and translate that."))
    file = root.find("x:file", ns)
    slugs = (file.get("id") or "").split("--") if file is not None else []
    if len(slugs) != 2:
        raise XliffImportError(gettext("The XLIFF does not say which documents it was exported from; export it again from the comparison page."))
    target = Document.objects.filter(slug=slugs[1], game_id=game_id).first()
    if target is None:
        raise XliffImportError(gettext("The XLIFF was exported for %(slug)s, which is not a document of this game.") % {"slug": slugs[1][:60]})
    if target.language != (root.get("trgLang") or "").split("-")[0]:
        raise XliffImportError(gettext("The XLIFF's target language is not the language of its target document."))
    current = {c.stable_id: c for c in Clause.objects.filter(document=target)}
    changed, skipped = {}, 0
    for unit in file.findall("x:unit", ns):
        target_id = ""
        for note in unit.findall("x:notes/x:note", ns):
            if note.get("category") == "target":
                target_id = (note.text or "").strip()
        element = unit.find("x:segment/x:target", ns)
        if element is None:
            continue
        text = "".join(element.itertext())
        clause = current.get(target_id)
        if clause is None:
            skipped += 1
            continue
        if text.split() != _text(clause).split():
            changed[target_id] = text
    return XliffChanges(target, changed, skipped)


def _replace_in(lines: list[str], old: str, new: str) -> bool:
    """Replace `old` by `new` in a clause's source lines, where it is written whole on them."""
    if not old:
        return not new
    joined = "\n".join(lines)
    if old in joined:
        lines[:] = joined.replace(old, new, 1).split("\n")
        return True
    return False


def xliff_source_text(*, changes: XliffChanges) -> str:
    """The target document's source file with the changed segments written in (their clause's lines)."""
    from ..services import SOURCES_DIR, source_decode

    target = changes.target
    path = SOURCES_DIR / target.source_file if target.source_file else None
    data = path.read_bytes() if path is not None and path.is_file() else b""
    if not data or hashlib.sha256(data).hexdigest() != target.source_sha256:
        raise XliffImportError(
            gettext("The source file of %(title)s is not kept on the server, so the translation cannot be written "
                    "into it; upload the new version as a rules file instead.") % {"title": target.title}
        )
    lines = source_decode(data).split("\n")
    clauses = {c.stable_id: c for c in Clause.objects.filter(document=target, stable_id__in=list(changes.changed))}
    # From the bottom up, so earlier clauses' line numbers stay right when a text gains or loses lines.
    for stable_id, text in sorted(changes.changed.items(), key=lambda item: -clauses[item[0]].line_start):
        clause = clauses[stable_id]
        new_title, new_text = (text.split("\n", 1) + [""])[:2] if clause.title else ("", text)
        span = lines[clause.line_start - 1 : clause.line_end]
        ok = _replace_in(span, clause.text, new_text.strip()) if clause.text.strip() != new_text.strip() else True
        if clause.title and clause.title.strip() != new_title.strip():
            ok = ok and _replace_in(span, clause.title, new_title.strip())
        if not ok:
            label = clause.number or clause.stable_id
            raise XliffImportError(
                gettext("The text of %(label)s is written over several lines or with formatting in the source file, so "
                        "the translation could not be put in its place; edit the file and upload it instead.") % {"label": label}
            )
        lines[clause.line_start - 1 : clause.line_end] = span
    return "\n".join(lines)


def xliff_import(*, data: bytes, left: Document, right: Document, version: str, slug: str) -> Document:
    """A translated XLIFF of the `left` -> `right` comparison as a new draft version of `right` (unpublished),
    whose change report against the published version shows the translated segments."""
    from ..services import DocumentSpec, ruleset_import

    changes = xliff_read(data=data, game_id=left.game_id)
    if changes.target.pk != right.pk:
        raise XliffImportError(gettext("This XLIFF was exported for %(exported)s, not %(target)s.") % {"exported": changes.target.title, "target": right.title})
    if not changes.changed:
        raise XliffImportError(gettext("No target segment differs from the current text: there is nothing to import."))
    text = xliff_source_text(changes=changes)
    spec = DocumentSpec(
        slug=slug, game=right.game.slug, kind=right.kind, language=right.language, version=version,
        family=right.family, title=f"{right.title} ({version})",
        date=dt.date.today(), credit=right.credit, file=f"{slug}.txt",
    )
    return ruleset_import(spec=spec, data=text.encode("utf-8"), published=False)
