"""What changed between two versions of one document: the change report staff review before publishing.

Clauses are paired by content (rulesdb.translation.alignment, same-language mode), not
by number, so a renumbered clause is `moved`, not `removed` + `added`; a clause printed word for
word once in each version is paired with itself before the aligner runs. A heading the parser
rebuilt (origin `derived`) is reported only when renumbered: its text is not printed.
benchmarks/versions.py scores the report on generated versions of every vendored source.
One row per finding, in the new version's order (removed clauses where they
stood in the old one):

- `added`: a clause of the new version with no counterpart in the old one.
- `removed`: a clause of the old version with no counterpart in the new one.
- `moved`: a numbered clause found by content under another number
  (a renumbered subsection gives one row per clause in it); `detail` says
  `reworded` too when the words changed.
- `changed`: same number, different words (`detail` is the word diff,
  `-[old words] +[new words]`); also a reference of a kept clause whose
  target vanished or moved (`detail` starts with `reference`).
"""
from __future__ import annotations

from django.db import transaction

from ..models import ChangeReport, Clause, Document, Reference
from .pairing import documents_align
from .signals import PairResult

CHANGE_KINDS = ("added", "removed", "changed", "moved")


def _label(node) -> str:
    return node.number or node.stable_id


def _excerpt(node, limit: int = 80) -> str:
    text = " ".join(f"{node.title} {node.text}".split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def diff_summary(diff: list, limit: int = 300) -> str:
    """`-[old words] +[new words]` for each edit of a word diff."""
    parts = [f"{op}[{words}]" for op, words in diff if op in "-+"]
    text = " ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _references(document: Document) -> dict[int, list[tuple[str, str, int | None]]]:
    found: dict[int, list] = {}
    rows = Reference.objects.filter(source__document=document).values_list("source_id", "raw", "target_number", "target_id")
    for source_id, raw, target_number, target_id in rows:
        found.setdefault(source_id, []).append((raw, target_number, target_id))
    return found


def changes_compute(*, old: Document, new: Document) -> list[dict]:
    """The change rows between two versions (same game and language), in new-document order."""
    if old.language != new.language:
        raise ValueError(f"{old.slug} and {new.slug} are in different languages: compare them, not diff them")
    pairs = documents_align(left=old, right=new, seeds=_identical_seeds(old, new))
    counterpart_of_old = {p.left.id: p.right for p in pairs if p.left and p.right}
    old_by_id = {p.left.id: p.left for p in pairs if p.left}
    old_refs, new_refs = _references(old), _references(new)
    # A heading the extraction lost is rebuilt with a title read from the text around it: when only
    # that title differs, the change is in the printed clause it was read from, reported there.
    derived = set(Clause.objects.filter(document__in=(old, new), origin="derived").values_list("id", flat=True))
    rows: list[dict] = []
    for pair in pairs:
        if pair.left and pair.right and {pair.left.id, pair.right.id} <= derived and pair.left.number == pair.right.number:
            continue
        rows.extend(_pair_rows(pair))
        if pair.left and pair.right:
            rows.extend(_reference_rows(pair, old_refs, new_refs, counterpart_of_old, old_by_id))
    return rows


def _identical_seeds(old: Document, new: Document) -> dict[int, tuple[int, float]]:
    """Clauses printed word for word once in each version are the same clause, whatever their number:
    a section moved among near-identical neighbours (two rules that differ by one word) keeps its
    clauses, and the aligner is left only what changed."""
    def texts(document: Document) -> dict[tuple[str, str], list[int]]:
        found: dict[tuple[str, str], list[int]] = {}
        for clause_id, kind, title, text in Clause.objects.filter(document=document).values_list("id", "kind", "title", "text"):
            words = " ".join(f"{title} {text}".split())
            if len(words) >= 12:  # a bare title ("Nota", "Turno") says too little to be sure
                found.setdefault((kind, words), []).append(clause_id)
        return found

    new_texts = texts(new)
    return {
        ids[0]: (new_texts[key][0], 1.0)
        for key, ids in texts(old).items()
        if len(ids) == 1 and len(new_texts.get(key, ())) == 1
    }


def _row(change: str, old, new, detail: str) -> dict:
    return {
        "change": change,
        "old_number": _label(old) if old else "",
        "new_number": _label(new) if new else "",
        "old_id": old.stable_id if old else "",
        "new_id": new.stable_id if new else "",
        "detail": detail,
    }


def _pair_rows(pair: PairResult) -> list[dict]:
    old, new = pair.left, pair.right
    if new is None:
        return [_row("removed", old, None, _excerpt(old))]
    if old is None:
        return [_row("added", None, new, _excerpt(new))]
    reworded = bool(pair.diff)
    if old.number and new.number and old.number != new.number:
        detail = f"{old.number} is now {new.number}"
        if reworded:
            detail += f"; reworded: {diff_summary(pair.diff)}"
        return [_row("moved", old, new, detail)]
    if reworded:
        return [_row("changed", old, new, diff_summary(pair.diff))]
    return []


def _reference_rows(pair: PairResult, old_refs, new_refs, counterpart_of_old, old_by_id) -> list[dict]:
    """References of a kept clause whose target vanished or now names another clause."""
    rows = []
    old_targets = {number: target_id for _, number, target_id in old_refs.get(pair.left.id, [])}
    reported = set()
    for raw, number, target_id in new_refs.get(pair.right.id, []):
        old_target = old_targets.get(number)
        if old_target is None or number in reported:
            continue  # a new reference, or one that was already dangling
        moved_to = counterpart_of_old.get(old_target)
        if target_id is None:
            where = f"the old {number} is now {_label(moved_to)}" if moved_to else f"the old {number} was removed"
            detail = f"reference {raw} points at {number}, which no longer exists; {where}"
        elif moved_to is None or moved_to.id != target_id:
            where = f"now {_label(moved_to)}" if moved_to else "removed"
            detail = f"reference {raw} now points at a different clause {number}; the old {number} is {where}"
        else:
            continue
        reported.add(number)
        rows.append(_row("changed", pair.left, pair.right, detail))
    return rows


def previous_version(*, document: Document) -> Document | None:
    """The newest published other document of the same series."""
    return (
        Document.objects.published()
        .in_series(document.series)
        .exclude(pk=document.pk)
        .first()
    )


def change_report_create(*, new: Document, old: Document | None = None) -> ChangeReport | None:
    """Compute and store the report of `new` against `old` (default: its previous version)."""
    old = old or previous_version(document=new)
    if old is None:
        return None
    changes = changes_compute(old=old, new=new)
    with transaction.atomic():
        ChangeReport.objects.filter(old=old, new=new, published_at__isnull=True).delete()
        return ChangeReport.objects.create(old=old, new=new, changes=changes)


def _tsv_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n").replace("\t", " ")


def changes_tsv(*, changes: list[dict]):
    """`change old_number new_number detail` (docs/commands.md)."""
    yield "change\told_number\tnew_number\tdetail"
    for row in changes:
        yield "\t".join(_tsv_cell(row[k]) for k in ("change", "old_number", "new_number", "detail"))
