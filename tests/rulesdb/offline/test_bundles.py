"""A document's offline bundle holds exactly the database's clauses, in the reader's words and
addresses, and the catalogue offers each series' current version with its sizes."""
import datetime
import gzip
import json

import pytest

from rulesdb import rendering, selectors
from rulesdb.models import Clause, Document
from rulesdb.offline import bundles

pytestmark = pytest.mark.django_db

SLUGS = ["vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"]


def _rows(document):
    payload = json.loads(bundles.document_bundle(document=document).content)
    return payload, [dict(zip(payload["fields"], row)) for row in payload["clauses"]]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bundle_matches_the_database_clause_for_clause(slug):
    document = Document.objects.get(slug=slug)
    payload, rows = _rows(document)
    clauses = list(Clause.objects.filter(document=document).order_by("order"))
    assert payload["slug"] == slug and payload["series"] == document.series and payload["title"] == document.title
    assert len(rows) == len(clauses) > 50
    position = {clause.pk: i for i, clause in enumerate(clauses)}
    for row, clause in zip(rows, clauses):
        assert (row["number"], row["title"], row["kind"]) == (clause.number, clause.title, clause.kind)
        assert row["parent"] == position.get(clause.parent_id, -1)
    index = selectors.document_index(document=document)
    for row, clause in zip(rows[::97], clauses[::97]):
        # The address the site gives the clause, and the text its page shows.
        assert rendering.document_url(slug) + row["address"] == rendering.clause_url(index, clause, slug)
        assert row["html"] == str(rendering.clause_html(index, clause, slug))


def test_a_clause_is_found_by_number_with_its_text_and_links():
    payload, rows = _rows(Document.objects.get(slug="vg-cr-it-2.2"))
    clause = next(row for row in rows if row["number"] == "7.3.1.4")
    assert clause["address"] == "7.3.1.4/" and clause["label"] == "7.3.1.4"
    assert not any("<script" in row["html"] for row in rows)
    assert any('href="/rules/vg-cr-it-2.2/' in row["html"] for row in rows)  # references lead to clauses


def test_a_clause_carries_the_judges_words_for_it_that_its_text_does_not_print():
    """The offline search reads them: "deck out lose" finds Vanguard 1.2.2.2 with no network, in the Italian
    rules (whose text says "mazzo") and in the English ones (which get their Italian counterpart's words)."""
    import re

    for slug in ("vg-cr-it-2.2", "vg-cr-en-1.48"):
        _, rows = _rows(Document.objects.get(slug=slug))
        row = next(row for row in rows if row["number"] == "1.2.2.2")
        asked = set(row["asked"].split())
        printed = {w.casefold() for w in re.findall(r"\w+", row["html"])}
        assert {"lose", "empty"} <= asked and not asked & printed, (slug, asked & printed)
        assert sum(bool(row["asked"]) for row in rows) > len(rows) / 2


def test_the_sizes_told_are_the_bundle_s():
    document = Document.objects.get(slug="vg-cr-en-1.48")
    bundle = bundles.document_bundle(document=document)
    assert abs(len(gzip.compress(bundle.content)) - bundle.gzip_bytes) < len(bundle.content) * 0.01
    assert bundle.brotli_bytes < bundle.gzip_bytes < len(bundle.content) / 3


def test_a_new_import_has_a_new_address():
    document = Document.objects.get(slug="ws-cr-it")
    before = bundles.document_bundle(document=document)
    Clause.objects.filter(document=document, number="1.1").update(title="Titolo cambiato")
    document.save()  # what an import does: the import time moves on
    after = bundles.document_bundle(document=document)
    assert after.digest != before.digest and after.url != before.url


def test_the_catalogue_offers_the_published_documents_and_the_current_version_of_each_series():
    entries = {entry["slug"]: entry for entry in bundles.catalogue(user=None)}
    assert set(SLUGS) <= set(entries)
    assert all(entry["current"] for entry in entries.values())
    old = Document.objects.get(slug="vg-cr-it-2.2")
    new = Document.objects.create(
        game=old.game, slug="vg-cr-it-2.3", series=old.series, kind=old.kind, language=old.language,
        version="2.3", date=old.date + datetime.timedelta(days=30), title="Regole 2.3", family=old.family,
        source_file="x", source_sha256="0" * 64,
    )
    Clause.objects.create(document=new, stable_id="1", number="1", order=0, depth=0, kind="section",
                          title="Uno", line_start=1, line_end=1)
    entries = {entry["slug"]: entry for entry in bundles.catalogue(user=None)}
    assert entries["vg-cr-it-2.3"]["current"] and not entries["vg-cr-it-2.2"]["current"]
    assert entries["vg-cr-it-2.3"]["series"] == entries["vg-cr-it-2.2"]["series"]
    Document.objects.filter(pk=new.pk).update(published=False)  # a draft is never offered
    assert "vg-cr-it-2.3" not in {entry["slug"] for entry in bundles.catalogue(user=None)}


def _terms(payload):
    glossary = payload["glossary"]
    return glossary, [dict(zip(glossary["fields"], row)) for row in glossary["terms"]]


@pytest.mark.parametrize("slug", ["vg-cr-it-2.2", "vg-cr-en-1.48", "altered-cr-it"])
def test_the_glossary_is_the_glossary_page_s_term_for_term(slug):
    from rulesdb import glossary_pages
    from rulesdb.management.commands.seed_glossary import glossary_seed

    glossary_seed()  # translations come from the game's bilingual glossary
    document = Document.objects.get(slug=slug)
    payload, rows = _rows(document)
    glossary, terms = _terms(payload)
    page = glossary_pages.glossary_page(document=document)
    assert len(terms) == len(page.entries) > 10
    for term, entry in zip(terms, page.entries):
        assert (term["term"], term["anchor"], term["definition"]) == (entry.term.term, entry.anchor, entry.definition)
        # Clauses by their position in the bundle's list: the same clauses the page links.
        assert rows[term["clause"]]["number"] == entry.clause.number
        assert [(rows[p]["number"], rows[p]["title"], rows[p]["kind"]) for p in term["uses"]] == \
            [(c.number, c.title, c.kind) for c in entry.uses]
        assert term["translations"] == entry.translations
    if slug.startswith("vg-"):  # Vanguard has both languages: translations, and the other glossary's anchors
        assert glossary["translation_language"] == ("en" if slug == "vg-cr-it-2.2" else "it")
        assert any(term["translations"] for term in terms) and any(term["other_anchor"] for term in terms)
        assert glossary["other"]["url"].endswith("/glossary/")


def test_an_edit_of_the_bilingual_glossary_gives_a_new_bundle():
    from rulesdb.management.commands.seed_glossary import glossary_seed
    from rulesdb.models import BilingualTerm

    glossary_seed()
    document = Document.objects.get(slug="vg-cr-it-2.2")
    before = bundles.document_bundle(document=document)
    _, terms = _terms(json.loads(before.content))
    translated = next(term for term in terms if term["translations"])
    entry = BilingualTerm.objects.get(game=document.game, english=translated["translations"][0])
    entry.english = "Renamed in the admin"
    entry.save()  # staff edit it in the admin: no import, the document's import time stays
    after = bundles.document_bundle(document=document)
    assert after.digest != before.digest
    _, terms = _terms(json.loads(after.content))
    assert "Renamed in the admin" in next(term for term in terms if term["term"] == translated["term"])["translations"]


def test_a_bundle_names_its_game_and_the_words_a_judge_calls_it_by():
    """The offline search reads "ws 7.3.1" and "7.3.1 vanguard" as that game's clause."""
    payload, _ = _rows(Document.objects.get(slug="ws-cr-it"))
    assert payload["game"] == "weiss-schwarz"
    assert {"weiss", "ws"} <= set(payload["game_words"]) and "vanguard" not in payload["game_words"]


def test_a_bundle_carries_its_game_s_equivalents_and_no_other_game_s():
    """Glossary terms in both languages, the word table's everyday words, the judges' words of the game
    and of every game: the offline search searches each for the others."""
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed
    from rulesdb.models import BilingualTerm, SearchSynonym

    glossary_seed()
    synonyms_seed()
    document = Document.objects.get(slug="vg-cr-it-2.2")
    payload = json.loads(bundles.document_bundle(document=document).content)
    groups = {tuple(group) for group in payload["equivalents"]}
    assert all(len(group) > 1 for group in groups)
    term = BilingualTerm.objects.filter(game=document.game).exclude(italian=[]).first()
    assert (term.english, *term.italian) in groups
    mine = SearchSynonym.objects.filter(game=document.game).first()
    every = SearchSynonym.objects.filter(game__isnull=True).first()
    other = SearchSynonym.objects.exclude(game=document.game).exclude(game__isnull=True).first()
    assert tuple(mine.terms) in groups and tuple(every.terms) in groups
    assert tuple(other.terms) not in groups or SearchSynonym.objects.filter(game=document.game, terms=other.terms).exists()
    assert any("remove" in group and "rimuovere" in group for group in groups)  # the word table


def test_an_edit_of_the_judges_words_gives_a_new_bundle():
    from rulesdb.management.commands.seed_glossary import synonyms_seed
    from rulesdb.models import SearchSynonym

    synonyms_seed()
    document = Document.objects.get(slug="ws-cr-it")
    before = bundles.document_bundle(document=document)
    SearchSynonym.objects.create(language="en", game=document.game, terms=["goldbar", "gold bar"])
    after = bundles.document_bundle(document=document)
    assert after.digest != before.digest
    assert ["goldbar", "gold bar"] in json.loads(after.content)["equivalents"]
