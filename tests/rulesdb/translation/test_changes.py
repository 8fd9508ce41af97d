"""Change reports between versions: a synthetic 2.3 built from the Italian 2.2 text."""
import datetime as dt
import io

import pytest
from django.core.management import CommandError, call_command

from rulesdb.models import ChangeReport, Document
from rulesdb.services import SOURCES_DIR, DocumentSpec, ruleset_import
from rulesdb import publication
from rulesdb.translation import changes

pytestmark = pytest.mark.django_db


def synthetic_it_2_3() -> bytes:
    """IT 2.2 with: 7.2.1.2 reworded, 7.2.1.4 inserted, 10.7.1.5 and 3.12.4.2 deleted
    (3.12.4.3 keeps citing 3.12.4.2: a dangling reference), 12.4 renumbered 12.5."""
    lines = (SOURCES_DIR / "vg-cr-it-2.2.txt").read_text(encoding="utf-8").split("\n")

    def find(prefix: str, start: int = 200) -> int:
        return next(i for i, line in enumerate(lines) if i >= start and line.lstrip("- ").startswith(prefix))

    lines[find("7.2.1.2. ")] = "7.2.1.2. Il Giocatore di Turno decide se attaccare oppure non attaccare."
    lines.insert(
        find("7.2.1.3. ") + 1,
        "\n7.2.1.4. Se il Giocatore di Turno ha già dichiarato tre attacchi in questo turno con la stessa unità, "
        "quella unità non può essere scelta di nuovo.",
    )
    del lines[find("10.7.1.5. ")]
    del lines[find("3.12.4.2. ")]
    heading = find("12.4. Turni")
    for i in range(heading, heading + 3):
        lines[i] = lines[i].replace("12.4.", "12.5.")
    return "\n".join(lines).encode("utf-8")


def _import(data: bytes, slug: str = "vg-cr-it-2.3") -> Document:
    spec = DocumentSpec(
        slug=slug, game="vanguard", kind="cr", language="it", version="2.3",
        family="vanguard-cr", date=dt.date(2024, 6, 1), file="vg-cr-it-2.3.txt",
    )
    return ruleset_import(spec=spec, data=data, published=False)


EXPECTED = [
    ("removed", "3.12.4.2", ""),
    ("changed", "3.12.4.3", "3.12.4.3"),  # reference to 3.12.4.2 left dangling
    ("changed", "7.2.1.2", "7.2.1.2"),
    ("added", "", "7.2.1.4"),
    ("removed", "10.7.1.5", ""),
    ("moved", "12.4", "12.5"),
    ("moved", "12.4.1", "12.5.1"),
    ("moved", "12.4.2", "12.5.2"),
]


def test_synthetic_version_gives_exactly_the_expected_report():
    new = _import(synthetic_it_2_3())
    report = ChangeReport.objects.get(new=new)
    assert report.old.slug == "vg-cr-it-2.2" and report.published_at is None
    got = [(c["change"], c["old_number"], c["new_number"]) for c in report.changes]
    assert got == EXPECTED
    by_key = {(c["change"], c["old_number"]): c["detail"] for c in report.changes}
    assert "-[sceglie] +[decide]" in by_key[("changed", "7.2.1.2")]
    assert by_key[("changed", "3.12.4.3")].startswith("reference") and "removed" in by_key[("changed", "3.12.4.3")]
    assert by_key[("moved", "12.4")] == "12.4 is now 12.5"


def test_same_text_gives_an_empty_report_and_publishing_switches_versions():
    old = Document.objects.get(slug="vg-cr-it-2.2")
    new = _import((SOURCES_DIR / "vg-cr-it-2.2.txt").read_bytes(), slug="vg-cr-it-2.2-copy")
    report = ChangeReport.objects.get(new=new)
    assert report.changes == []
    publication.change_report_publish(report=report, reviewer="staff")
    new.refresh_from_db()
    assert new.published and report.published_at is not None
    assert changes.previous_version(document=old) == new


def test_export_changes_command():
    _import(synthetic_it_2_3())
    out = io.StringIO()
    call_command("export_changes", "vg-cr-it-2.2", "vg-cr-it-2.3", stdout=out)
    rows = out.getvalue().splitlines()
    assert rows[0] == "change\told_number\tnew_number\tdetail"
    assert [tuple(r.split("\t")[:3]) for r in rows[1:]] == EXPECTED
    with pytest.raises(CommandError, match="not versions of one document"):
        call_command("export_changes", "vg-cr-it-2.2", "vg-cr-en-1.48", stdout=io.StringIO())
    with pytest.raises(CommandError, match="no document “nope”"):
        call_command("export_changes", "nope", "vg-cr-it-2.2", stdout=io.StringIO())


def _ws_edited(edit) -> Document:
    text = (SOURCES_DIR / "ws-cr-it.txt").read_text(encoding="utf-8")
    spec = DocumentSpec(slug="ws-cr-it-next", game="weiss-schwarz", kind="cr", language="it", version="2",
                        family="weiss-cr", date=dt.date(2026, 1, 15))
    return ruleset_import(spec=spec, data=edit(text).encode("utf-8"), published=False)


def test_a_rule_moved_among_near_identical_neighbours_keeps_its_words():
    """8.5.1.2 and 8.5.1.3 differ by one word ("non"): 8.5.1.2 moved after 8.5.1.4 is the same rule
    under a new number, not a rewording of its neighbour that took its number."""
    def move(text: str) -> str:
        lines = text.split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("- 8.5.1.2 "))
        moved = lines.pop(at).replace("8.5.1.2 ", "8.5.1.4 ", 1)
        at3 = next(i for i, line in enumerate(lines) if line.startswith("- 8.5.1.3 "))
        lines[at3] = lines[at3].replace("8.5.1.3 ", "8.5.1.2 ", 1)
        at4 = next(i for i, line in enumerate(lines) if line.startswith("- 8.5.1.4 "))
        lines[at4] = lines[at4].replace("8.5.1.4 ", "8.5.1.3 ", 1)
        lines.insert(at4 + 1, moved)
        return "\n".join(lines)

    rows = ChangeReport.objects.get(new=_ws_edited(move)).changes
    assert sorted((r["change"], r["old_number"], r["new_number"], r["detail"]) for r in rows) == [
        ("moved", "8.5.1.2", "8.5.1.4", "8.5.1.2 is now 8.5.1.4"),
        ("moved", "8.5.1.3", "8.5.1.2", "8.5.1.3 is now 8.5.1.2"),
        ("moved", "8.5.1.4", "8.5.1.3", "8.5.1.4 is now 8.5.1.3"),
    ]


def test_a_heading_rebuilt_from_the_text_is_not_reported_when_only_its_read_title_moves():
    """Altered prints no section headings: section 2 is rebuilt, titled from `Sezione 2 "Oggetti"` in
    1.1.1.c. Rewording that reference changes 1.1.1.c, and nothing printed in sections 2 or 3."""
    text = (SOURCES_DIR / "altered-cr-it.txt").read_text(encoding="utf-8")
    spec = DocumentSpec(slug="altered-cr-it-next", game="altered", kind="cr", language="it", version="2",
                        family="altered-cr", date=dt.date(2026, 1, 15))
    edited = text.replace('dalla Sezione 2 "Oggetti" in poi', 'dalla Sezione 3 "Oggetti" in poi', 1)
    assert edited != text
    new = ruleset_import(spec=spec, data=edited.encode("utf-8"), published=False)
    rows = ChangeReport.objects.get(new=new).changes
    assert [(r["change"], r["old_number"]) for r in rows] == [("changed", "1.1.1.c")]
