"""Issue 16: Altered's lost headings derived from the numbering, its inferred
rule, references to derived headings, and icons the extraction lost (all five
documents). Runs over the corpus loaded for the session."""
import io
import re

import pytest
from django.core.management import call_command

from rulesdb import rendering, selectors
from rulesdb.models import Clause, Document, Reference
from rulesdb.parsers.icons import lost_icons, with_placeholders

pytestmark = pytest.mark.django_db
SLUGS = ["vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"]


def _run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_lint_altered_reports_no_missing_parent_and_lists_unprinted_nodes():
    out = _run("lint_rules", "altered-cr-it")
    assert "missing-parent" not in out
    assert "unprinted\t134" in out
    assert "derived\t1.4\tline 101\theading derived from the numbering: Regole d'Oro" in out
    assert "derived\t7.3.19\tline 625\theading derived from the numbering: (untitled)" in out
    assert "inferred\t7.3.19.a\tline 625\tnumber inferred from the sequence; printed without one" in out
    assert "lost-icons\t82" in out


@pytest.mark.parametrize("slug", SLUGS)
def test_every_clause_has_its_parent_and_references_to_headings_resolve(slug):
    """The Weiss Schwarz, Playbook and Altered check of the issue (Vanguard is
    left out of the parent half: its missing parents are printed that way)."""
    out = _run("lint_rules", slug)
    if slug in ("ws-cr-it", "vg-playbook-it-3.00", "altered-cr-it"):
        assert "missing-parent" not in out
    numbers = set(Clause.objects.filter(document__slug=slug).exclude(number="").values_list("number", flat=True))
    prefixes = {n.rsplit(".", 1)[0] for n in numbers if "." in n}
    dangling_to_heading = Reference.objects.filter(
        source__document__slug=slug, target__isnull=True, target_number__in=prefixes
    )
    assert list(dangling_to_heading.values_list("raw", flat=True)) == []


def test_altered_references_to_derived_headings_resolve():
    refs = {
        r.raw: r for r in Reference.objects.filter(source__document__slug="altered-cr-it").select_related("target")
    }
    for raw, number in [
        ("Sottosezione 1.4", "1.4"), ("Sezione 2", "2"), ("Vedi 7.1.4", "7.1.4"), ("Sezione 4.4.", "4.4"),
        ("6.4.", "6.4"),
    ]:
        target = refs[raw].target
        assert (target.number, target.origin) == (number, "derived"), raw
    assert refs["Vedi 7.1.4"].target.title == "Simboli di costo"
    # `torna al punto 1` is step 1 of 4.2.3.c's own list, not section 1.
    assert not Reference.objects.filter(source__document__slug="altered-cr-it", source__number="4.2.3.c").exists()


def test_export_clauses_lists_printed_clauses_unless_asked():
    rows = _run("export_clauses", "altered-cr-it").splitlines()[1:]
    by_id = {r.split("\t")[0]: r.split("\t") for r in rows}
    assert "7.3.19.a" not in by_id and "1.4" not in by_id and "1" not in by_id
    assert by_id["7.3.18.a"][5] == '"Sabotaggio" significa scartare fino a una carta bersaglio in una Riserva.'
    assert by_id["1.1.1.a"][2] == ""  # nearest printed ancestor: none
    assert by_id["1.3.1.a"][2] == "1.3.1"
    assert len(rows) == Clause.objects.filter(document__slug="altered-cr-it", origin="printed").count() == 611
    full = {r.split("\t")[0]: r.split("\t") for r in _run(
        "export_clauses", "altered-cr-it", "--include-unprinted").splitlines()[1:]}
    assert full["7.3.19.a"][1:4] == ["7.3.19.a", "7.3.19", "rule"]
    assert full["1.1.1.a"][2] == "1.1.1" and full["1.4"][4] == "Regole d'Oro"


def test_reader_marks_derived_and_inferred_nodes(client):
    html = client.get("/rules/altered-cr-it/1.4/").content.decode()
    assert "Regole d&#x27;Oro" in html or "Regole d'Oro" in html
    assert "Heading derived from the numbering" in html
    html = client.get("/rules/altered-cr-it/7.3.19.a/").content.decode()
    assert "Number inferred from the sequence" in html and "sacrificare" in html
    toc = client.get("/rules/altered-cr-it/").content.decode()
    assert "<details><summary><a href=\"/rules/altered-cr-it/1/\">" in toc
    assert "(heading derived from the numbering)" in toc


# --- lost icons -------------------------------------------------------------

# What a lost icon leaves: empty parentheses or quotes, a comma opening or closing
# a list, a space before punctuation after a word, a line opening with a colon.
_ORPHANS = [
    re.compile(r"\(\s*\)"),
    re.compile(r"\(\s*,"),
    re.compile(r",\s*,"),
    re.compile(r"[^\W\d_][ \t]+[,;]"),
    re.compile(r"[^\W\d_][ \t]+\.(?!\.)"),
    re.compile(r"(?m)^:\s"),
    re.compile(r"(?:^|[\s(])\"\s*\"(?!\w)"),
]
# Parentheses that are the subject of the sentence, not a lost icon.
_LITERAL = re.compile(r"\b(?:di|in|nelle)\s+\(\)")


@pytest.mark.parametrize("slug", SLUGS)
def test_no_displayed_clause_text_keeps_punctuation_left_by_lost_icons(slug):
    document = Document.objects.get(slug=slug)
    index = selectors.document_index(document=document)
    left = []
    for clause in index.clauses:
        shown = _LITERAL.sub(lambda m: m.group(0)[:-2] + "parentesi", rendering.clause_plain_text(index, clause))
        for pattern in _ORPHANS:
            match = pattern.search(shown)
            if match:
                left.append((clause.stable_id, shown[max(0, match.start() - 30) : match.end() + 10]))
    assert left == []


def test_lost_icons_named_and_counted_in_the_import_report():
    assert Document.objects.get(slug="altered-cr-it").report["lost_icons"] == 82
    assert with_placeholders("al massimo 15 carte rare ().", language="it") == (
        "al massimo 15 carte rare ([icona rara])."
    )
    assert with_placeholders("i suoi inneschi , e si attivano", language="it") == (
        "i suoi inneschi [icona], [icona] e [icona] si attivano"
    )
    assert with_placeholders("in un cerchio (, , …) in un costo", language="it") == (
        "in un cerchio ([icona], [icona], …) in un costo"
    )
    assert with_placeholders("indicated by the icon .", language="en") == "indicated by the icon [icon]."
    assert lost_icons("Some cards have text in () to show", language="en") == []


def test_reader_shows_the_placeholder_not_empty_parentheses(client):
    html = client.get("/rules/altered-cr-it/1.1.4.f/").content.decode()
    assert 'carte rare <span class="lost-icon"' in html and "([icona rara])</span>" in html
    assert "rare ()" not in html
