"""What a synthetic next version (benchmarks/_synthetic_versions.py) is checked for: its change report
against what the generator changed (each expected change found, each row expected), and, once published,
the site: superseded pages through renumbering, clause history, counterparts carried over and flagged.
Needs Django set up."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from benchmarks._synthetic_versions import Row, Variant


def row_key(row: dict) -> Row:
    """A change-report row as the generator's expectations name it."""
    if row["detail"].startswith("reference"):
        target = re.search(r"points at (?:a different clause )?([^\s,;]+)", row["detail"])
        return ("reference", row["old_number"], row["new_number"], target.group(1) if target else "")
    if row["change"] == "moved":
        return ("moved", row["old_number"], row["new_number"], "reworded" in row["detail"])
    return (row["change"], row["old_number"], row["new_number"])


@dataclass
class Score:
    """Change-report rows against a variant's expectations."""

    found: dict[str, list[int]] = field(default_factory=dict)
    """kind -> [expected, found]."""
    true_rows: dict[str, int] = field(default_factory=dict)
    false_rows: list[Row] = field(default_factory=list)
    missed: list[tuple[str, list]] = field(default_factory=list)

    @property
    def reported(self) -> int:
        return sum(self.true_rows.values()) + len(self.false_rows)


def report_score(variant: Variant, rows: list[dict]) -> Score:
    keys = [row_key(r) for r in rows]
    present = set(keys)
    score = Score()
    claimed: dict[Row, str] = {}
    for expect in variant.expects:
        tally = score.found.setdefault(expect.kind, [0, 0])
        tally[0] += 1
        hit = next((alt for alt in expect.alternatives if alt <= present), None)
        if hit is None:
            score.missed.append((expect.kind, [sorted(a, key=str) for a in expect.alternatives]))
            continue
        tally[1] += 1
        for key in hit:
            claimed[key] = expect.kind
    for key in keys:
        if key in claimed:
            score.true_rows[claimed[key]] = score.true_rows.get(claimed[key], 0) + 1
        else:
            score.false_rows.append(key)
    return score


def counterparts(document, other) -> dict[str, str]:
    """Stable id in `document` -> stable id of its counterpart in `other` (their stored alignment)."""
    from rulesdb.models import AlignedPair

    if document.language == "it":
        rows = AlignedPair.objects.filter(alignment__left=document, alignment__right=other, right_clause__isnull=False,
                                          left_clause__isnull=False).values_list("left_clause__stable_id", "right_clause__stable_id")
    else:
        rows = AlignedPair.objects.filter(alignment__left=other, alignment__right=document, right_clause__isnull=False,
                                          left_clause__isnull=False).values_list("right_clause__stable_id", "left_clause__stable_id")
    return dict(rows)


def site_check(old, new, variant, client, before: dict[str, str] | None, other) -> tuple[dict, dict]:
    """The published site against what the variant changed: ({check: [checked, right]}, {check: [a few
    examples it got wrong]}). `before`: the old version's counterparts in `other` (counterparts()), read
    before the publication; `client` a django.test.Client for the pages a reader gets."""
    from rulesdb import versions
    from rulesdb.models import Clause, CounterpartFlag

    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses: dict[str, list[str]] = defaultdict(list)

    def count(check: str, right: bool, example: str = "") -> None:
        tally[check][0] += 1
        tally[check][1] += bool(right)
        if not right and len(misses[check]) < 4:
            misses[check].append(example)

    old_clauses = {c.stable_id: c for c in Clause.objects.filter(document=old)}
    pages = 0
    for sid, number in variant.numbers.items():
        clause = old_clauses[sid]
        if number is not None and number == clause.number and sid not in variant.changed:
            continue
        where = versions.clause_in_current(document=old, clause=clause)
        if number is None and sid not in variant.ambiguous:
            count("old page says removed in the new version",
                  where and where.clause is None and where.removed_in and where.removed_in.pk == new.pk, clause.number)
        elif number != clause.number and sid not in variant.ambiguous:
            count("old page links the renumbered clause", where and where.clause and where.clause.number == number,
                  clause.number)
            if pages < 5:  # and as a reader gets it
                pages += 1
                html = client.get(f"/rules/{old.slug}/{clause.number}/").content.decode()
                count("old page links the renumbered clause (HTML)", f'href="/rules/{new.slug}/{number}/"' in html)
        if sid in variant.changed and number is not None and sid not in variant.ambiguous:
            steps = versions.clause_history(document=old, clause=clause)
            count("history of a reworded clause shows the diff", steps[-1].clause is not None and steps[-1].diff
                  and "reworded" in steps[-1].status and steps[-1].clause.number == number, clause.number)
    if other is not None and before is not None:
        after = counterparts(new, other)
        expected = {old_clauses[sid].number for sid in before
                    if sid in variant.numbers and (sid in variant.changed or variant.numbers[sid] is None)}
        flagged = set(CounterpartFlag.objects.filter(raised_by=new).values_list("old_number", flat=True))
        for number in expected:
            count("counterpart of a reworded or removed clause flagged", number in flagged, number)
        for number in flagged - expected:
            count("flags on counterparts of unchanged clauses (should be 0)", False, number)
        for sid, theirs in before.items():
            if sid in variant.numbers and sid not in variant.changed and variant.numbers[sid] is not None:
                # Stable ids are numbers (with ~2 for a number printed again): an unmoved clause keeps its own.
                new_sid = sid if variant.numbers[sid] == old_clauses[sid].number else variant.numbers[sid]
                count("unchanged clause keeps its counterpart", after.get(new_sid) == theirs,
                      f"{old_clauses[sid].number}: {theirs} then {after.get(new_sid)}")
        _reader_checks(new, other, variant, client, count)
    return dict(tally), dict(misses)


def _reader_checks(new, other, variant, client, count) -> None:
    """What a reader and a translator get: the home jump and search follow the new version, and the
    flagged counterparts show in the compare filter and the CSV export."""
    import csv
    import io

    from rulesdb.models import Clause, CounterpartFlag

    renumbered = [n for sid, n in variant.numbers.items() if n and sid not in variant.ambiguous
                  and n != sid.split("~")[0]][:5]
    for number in renumbered:
        chain = client.get("/", {"doc": new.series, "n": number}, follow=True).redirect_chain
        count("home jump keeps the number in the new version", chain and chain[-1][0] == f"/rules/{new.slug}/{number}/", number)
    reworded = Clause.objects.filter(document=new, number__in=[variant.numbers[sid] for sid in variant.changed
                                                                if variant.numbers.get(sid)])[:3]
    for clause in reworded:
        query = " ".join(re.findall(r"[^\W\d_]{6,}", clause.text)[:3])
        hits = client.get("/api/v1/search/", {"q": query, "language": new.language}).json()["results"]
        mine = [h for h in hits if h["document"].startswith(new.series)]
        count("search: the series answers from the new version only, each clause once",
              mine and {h["document"] for h in mine} == {new.slug} and len({h["id"] for h in hits}) == len(hits), query)
    left, right = (new, other) if new.language == "it" else (other, new)
    flagged = [f.clause.number for f in CounterpartFlag.objects.filter(raised_by=new).select_related("clause")]
    column = "target_number" if right.pk == other.pk else "source_number"
    body = client.get(f"/compare/{left.slug}/{right.slug}/export.csv").content.decode("utf-8-sig")
    marked = {r[column] for r in csv.DictReader(io.StringIO(body)) if r["may_need_updating"]}
    for number in flagged:
        count("flagged counterpart marked in the CSV export", number in marked, number)
    html = client.get(f"/compare/{left.slug}/{right.slug}/", {"status": "may need updating"}).content.decode()
    for number in flagged[:10]:
        count("flagged counterpart listed by the compare filter", f'href="/rules/{other.slug}/{number}/"' in html, number)
