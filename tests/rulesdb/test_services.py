"""Importing documents: the vendored corpus, new files, bad input, atomicity."""
import io

import pytest
from django.db.models import F
from django.core.management import call_command

from rulesdb import services
from rulesdb.models import Clause, Document, Reference
from rulesdb.services import DocumentSpec, RulesImportError

pytestmark = pytest.mark.django_db

SLUGS = ["vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"]

SPEC = DocumentSpec(slug="vg-cr-it-2.2", game="vanguard", kind="cr", language="it", version="2.2", family="vanguard-cr")


def _export(slug: str) -> str:
    out = io.StringIO()
    call_command("export_clauses", slug, stdout=out)
    call_command("export_references", slug, stdout=out)
    return out.getvalue()


def _snapshot():
    return (
        Clause.objects.count(),
        Reference.objects.count(),
        list(Document.objects.order_by("slug").values_list("slug", "source_sha256")),
    )


def test_all_five_documents_loaded():
    assert sorted(Document.objects.values_list("slug", flat=True)) == sorted(SLUGS)
    for slug in SLUGS:
        assert Clause.objects.filter(document__slug=slug).count() > 100, slug


@pytest.mark.parametrize("slug", SLUGS)
def test_import_report_loses_no_line(slug):
    report = Document.objects.get(slug=slug).report
    assert report["lost"] == []
    assert report["unfaithful"] == []
    assert report["total_lines"] == report["claimed"] + len(report["dropped"])
    assert all(d["reason"] for d in report["dropped"])


def test_reloading_gives_identical_exports():
    before = {slug: _export(slug) for slug in SLUGS}
    call_command("load_rules", stdout=io.StringIO())
    after = {slug: _export(slug) for slug in SLUGS}
    assert before == after


def test_duplicate_numbers_get_distinct_stable_ids():
    ids = list(
        Clause.objects.filter(document__slug="vg-cr-it-2.2", number="11.15.1.1").order_by("order").values_list("stable_id", flat=True)
    )
    assert ids == ["11.15.1.1", "11.15.1.1~2"]


def test_misprinted_numbers_stay_under_the_heading_they_are_printed_under():
    """IT 2.2 section 11 prints its keyword rules with the numbers of the next heading:
    each stays under its own heading, at the number it has there, the printed one kept."""
    rows = Clause.objects.filter(document__slug="vg-cr-it-2.2").exclude(printed_number="").order_by("order")
    found = [(c.printed_number, c.number, c.stable_id, c.parent.number, c.text.split('"')[1] if '"' in c.text else c.title)
             for c in rows.select_related("parent")]
    assert found == [
        ("11.2.1", "11.1.1", "11.1.1", "11.1", "Supporto"),
        ("11.3.1", "11.2.1", "11.2.1", "11.2", "Intercetto"),
        ("11.5.1", "11.4.2", "11.4.2", "11.4", "Triplo Assalto"),
        ("11.5.1", "11.6.1", "11.6.1", "11.6", "Vincolo"),
        ("10.30", "11.30", "11.30", "11", "Oscurità"),
    ]
    for slug in ("vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"):
        assert not Clause.objects.filter(document__slug=slug).exclude(printed_number="").exists(), slug


def test_tree_comes_from_numbers():
    clause = Clause.objects.get(document__slug="vg-cr-en-1.48", number="1.2.2.2")
    assert clause.parent.number == "1.2.2"  # printed one indent deeper than its sibling
    # 4.6.7 is printed again, word for word, inside 10.24 "Bloccare": the repeat stays where it is printed.
    stray = Clause.objects.filter(document__slug="vg-cr-it-2.2", number="4.6.7").order_by("order")[1]
    assert stray.parent.number == "10.24" and stray.printed_number == ""
    children = Clause.objects.filter(document__slug="vg-cr-it-2.2", parent__number="11.5", parent__document__slug="vg-cr-it-2.2")
    # 11.5.1 is printed three times: under 11.4 (misprinted), under 11.5, under 11.6 (misprinted).
    assert sorted(c.line_start for c in children) == [1537]
    # Altered prints 7.4.3.a-c before their heading "7.4.3 Gigante": the number decides there.
    gigante = Clause.objects.get(document__slug="altered-cr-it", number="7.4.3.a")
    assert gigante.parent.number == "7.4.3" and gigante.printed_number == ""


def test_references_resolved_within_document():
    refs = Reference.objects.filter(source__document__slug="vg-cr-it-2.2")
    ref = refs.get(source__number="2.8.1.1.4", raw="(3.17.1.1.)")
    assert ref.target.number == "3.17.1.1" and ref.target.document.slug == "vg-cr-it-2.2"
    section = refs.filter(source__number="1.2.2", target_number="3.5").get()
    assert section.raw == "(sezione 3.5)" and section.target.title == "Check Timing"
    english = Reference.objects.filter(source__document__slug="vg-cr-en-1.48", raw="(Section 9.6)").first()
    assert english.target.number == "9.6"


def test_a_reference_quoting_a_keyword_reaches_that_keywords_heading():
    """IT 2.10.1.x kept an older edition's numbers: "Supporto" (sezione 11.4.) means 11.1."""
    refs = Reference.objects.filter(source__document__slug="vg-cr-it-2.2", source__number__startswith="2.10.1.")
    assert {(r.source.number, r.target_number, r.target.number) for r in refs.select_related("source", "target")} == {
        ("2.10.1.1", "11.4", "11.1"), ("2.10.1.2", "11.5", "11.2"), ("2.10.1.3", "11.6", "11.4"), ("2.10.1.4", "11.7", "11.4"),
    }
    # The same noun as another heading's verb is no other keyword ("Trascendenza" (10.28) "Trascendere").
    stride = Reference.objects.get(source__document__slug="vg-cr-it-2.2", source__number="8.5.1.4", target_number="10.28")
    assert stride.target.number == "10.28"
    # Every other reference of every document reaches the number it gives.
    others = Reference.objects.filter(target__isnull=False).exclude(target__number=F("target_number"))
    assert sorted(others.values_list("source__number", flat=True)) == ["2.10.1.1", "2.10.1.2", "2.10.1.3", "2.10.1.4"]


def test_dangling_reference_kept():
    ref = Reference.objects.get(source__document__slug="vg-cr-it-2.2", raw="torna al 7.1.5.2.")
    assert ref.target is None and ref.target_number == "7.1.5.2"


def test_reference_range_gives_both_ends():
    refs = Reference.objects.filter(source__document__slug="ws-cr-it", source__number="8.9.1.4")
    assert {"8.9.1.1", "8.9.1.3"} <= set(refs.values_list("target_number", flat=True))


def test_glossary_terms_defined():
    from rulesdb.models import GlossaryTerm

    terms = set(GlossaryTerm.objects.filter(document__slug="vg-cr-it-2.2").values_list("term", flat=True))
    assert {"Intercetto", "Sentinella", "Ritirare"} <= terms


# --- bad input: a clear error, nothing changed ------------------------------------

@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "the file is empty"),
        (b"  \n\n \n", "the file is empty"),
        (bytes(range(256)) * 40, "binary file"),
        ("Sezione 1: Profilo\n1.1. Città\n".encode("latin-1"), "line 2: not valid UTF-8"),
        (b"Some words\nwithout any numbers at all\n", "no section heading"),
    ],
)
def test_bad_input_refused_and_database_unchanged(data, message):
    before = _snapshot()
    with pytest.raises(RulesImportError) as error:
        services.ruleset_import(spec=SPEC, data=data)
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert _snapshot() == before


def test_no_clause_numbers_refused():
    before = _snapshot()
    with pytest.raises(RulesImportError, match="no clause numbers"):
        services.ruleset_import(spec=SPEC, data="Sezione 1: Profilo\nSolo testo, nessun numero.\n".encode())
    assert _snapshot() == before


def test_oversized_file_refused(settings):
    settings.RULES_MAX_UPLOAD_BYTES = 1000
    with pytest.raises(RulesImportError, match="limit is"):
        services.ruleset_import(spec=SPEC, data=b"x" * 1001)


def test_failure_while_writing_rolls_back(monkeypatch):
    before = _snapshot()
    text_before = _export("vg-cr-it-2.2")

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(Reference.objects, "bulk_create", explode)
    data = (services.SOURCES_DIR / "vg-cr-it-2.2.txt").read_bytes().replace(b"Numero di giocatori", b"Giocatori")
    with pytest.raises(RuntimeError):
        services.ruleset_import(spec=SPEC, data=data)
    monkeypatch.undo()
    assert _snapshot() == before
    assert _export("vg-cr-it-2.2") == text_before


def test_unknown_slug_refused():
    with pytest.raises(RulesImportError, match="unknown document slug"):
        services.vendored_load(slugs=["vg-cr-xx"])


def test_altered_marked_words_link_to_the_rule_that_defines_them():
    from rulesdb.models import TermLink

    links = TermLink.objects.filter(clause__document__slug="altered-cr-it")
    oggetti = links.filter(surface__iexact="oggetti").first()
    assert oggetti.term.clause.number == "1.2.2.a"
    assert oggetti.term.clause.text.startswith("Gli oggetti sono i pezzi di gioco di Altered.")
    passive = links.filter(surface__iexact="abilità passive").first()
    assert (passive.term.term, passive.term.clause.number) == ("abilità passive", "2.2.10.j")
    assert links.filter(term__isnull=False).count() >= 280
