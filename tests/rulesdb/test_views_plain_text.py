"""What the reader's pages say: the rule each engine citation and each keyword opens, and no
internal id, slug, kind code or score on any page a judge reads (rulesdb/views.py, search/views.py)."""
import html as html_module
import re

import pytest

from engine.vanguard import citations as vanguard_citations
from engine.weiss import citations as weiss_citations
from rulesdb import selectors
from rulesdb.models import Clause, Document
from rulesdb.parsers.base import fold

pytestmark = pytest.mark.django_db


def _visible(page: str) -> str:
    """The words a reader sees: no head, scripts, styles or tags; entities decoded."""
    page = re.sub(r"(?s)<(head|script|style)\b.*?</\1>", " ", page)
    return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", " ", page)))


def _rule_text(page: str) -> str:
    """The clause's rule text on its page: its own text and its sub-clauses, not its heading line."""
    article = page.split('<article class="clause', 1)[1].split("</article>", 1)[0]
    article = re.sub(r"(?s)<header class=\"clause-head\">.*?</header>", " ", article)
    article = re.sub(r'(?s)<(p|aside) class="notice[^"]*".*?</\1>', " ", article)
    return fold(_visible(article))


# --- Engine citations open the rule the engine applied --------------------------------------

REGISTRIES = [
    (key, entry) for registry in (vanguard_citations.ALL_CLAUSES, weiss_citations.ALL_CLAUSES)
    for key, entry in sorted(registry.items())
]


@pytest.mark.parametrize("key, entry", REGISTRIES, ids=[f"{e.citation.document}-{k}" for k, e in REGISTRIES])
def test_every_engine_citation_opens_a_page_whose_rule_text_says_its_words(client, key, entry):
    """A heading's own title does not count: the words must be in the rule text the page shows
    (the Italian 11.2 "Intercetto" page once showed the boost rule under that title)."""
    response = client.get(f"/rules/{entry.citation.document}/{entry.citation.number}/")
    assert response.status_code == 200, key
    text = _rule_text(response.content.decode())
    missing = [word for word in entry.words if fold(word) not in text]
    assert not missing, f"{key}: {entry.citation.number} page lacks {missing}"


# --- Keywords of Vanguard's section 11 show their own rule ------------------------------------

def _keyword_parts(term: str) -> list[str]:
    """`Doppio Assalto e Triplo Assalto` names two keywords."""
    return [fold(p.strip()) for p in re.split(r"\s+(?:e|and)\s+|/", term) if p.strip()]


def _first_keyword(text: str, keywords: list[str]) -> str | None:
    """The section-11 keyword a text names first (longest on a tie), or None."""
    found = []
    for keyword in keywords:
        match = re.search(rf"(?<!\w){re.escape(keyword)}(?!\w)", text)
        if match:
            found.append((match.start(), -len(keyword), keyword))
    return min(found)[2] if found else None


@pytest.mark.parametrize("slug", ["vg-cr-it-2.2", "vg-cr-en-1.48"])
def test_each_section_11_keyword_page_and_glossary_entry_show_its_own_rule(client, slug):
    """The first rule on a keyword's page and its glossary definition name that keyword, or no
    keyword at all; never another keyword's (misprinted numbers once filed each rule one heading up)."""
    from rulesdb.glossary_pages import glossary_page

    document = Document.objects.get(slug=slug)
    index = selectors.document_index(document=document)
    headings = [c for c in index.clauses if c.kind == "heading" and c.number.startswith("11.") and c.defines_term]
    keywords = sorted({part for h in headings for part in _keyword_parts(h.defines_term)}, key=len, reverse=True)
    definitions = {e.clause.pk: e.definition for e in glossary_page(document=document).entries}
    assert len(headings) >= 15 and len(definitions) >= 15
    wrong = []
    for heading in headings:
        own = _keyword_parts(heading.defines_term)
        rules = [c for c, level in index.subtree(heading) if level == 1 and c.kind == "rule"]
        page = client.get(f"/rules/{slug}/{heading.number}/").content.decode()
        sub = page.split('class="subclauses"', 1)[1] if rules else ""
        first_rule = fold(_visible(sub.split("</section>", 1)[0])) if rules else ""
        for where, text in (("page", first_rule), ("glossary", fold(definitions.get(heading.pk, "")))):
            named = _first_keyword(text, keywords)
            if named is not None and named not in own:
                wrong.append(f"{heading.number} {heading.defines_term}: {where} shows the rule of {named!r}")
        if rules:  # and the rule's own page is that rule
            rule_page = _rule_text(client.get(f"/rules/{slug}/{rules[0].number}/").content.decode())
            named = _first_keyword(rule_page, keywords)
            if named is not None and named not in own:
                wrong.append(f"{rules[0].number}: its page shows the rule of {named!r}")
    assert wrong == []
    if slug == "vg-cr-it-2.2":
        for number, keyword in (("11.1", "supporto"), ("11.2", "intercetto"), ("11.6", "vincolo")):
            heading = next(h for h in headings if h.number == number)
            assert fold(definitions[heading.pk]).startswith(f'"{keyword}"'), number


# --- No internal id, slug, kind code or score on a judge's page --------------------------------

def _page_urls():
    """One URL of every reader and search page kind, for every document."""
    urls = ["/", "/search/?q=intercetto", "/search/?q=guardian", "/search/?q=7.3.1", "/search/?q=spedizione&kind=rule"]
    for document in Document.objects.published():
        index = selectors.document_index(document=document)
        slug = document.slug
        urls += [f"/rules/{slug}/", f"/rules/{slug}/glossary/", f"/rules/{slug}/jump/?n=9.9.9.9"]
        numbered = [c for c in index.clauses if c.number]
        urls.append(f"/rules/{slug}/{numbered[len(numbered) // 2].number}/")
        with_refs = next((index.by_id[s] for s in index.references if index.by_id[s].number), None)
        if with_refs is not None:
            urls.append(f"/rules/{slug}/{with_refs.number}/")
        # A clause whose neighbours are unnumbered notes or examples (Altered), and one of those.
        for clause in index.clauses:
            previous, following = index.neighbours(clause)
            if clause.number and following is not None and not following.number:
                urls += [f"/rules/{slug}/{clause.number}/", f"/rules/{slug}/id/{following.stable_id}/"]
                break
        dangling = next((index.by_id[r.source_id] for refs in index.references.values() for r in refs
                         if r.target_id is None and index.by_id[r.source_id].number), None)
        if dangling is not None:
            urls.append(f"/rules/{slug}/{dangling.number}/")
    urls += ["/rules/vg-cr-it-2.2/11.2/", "/rules/vg-cr-it-2.2/11.5.1/", "/rules/vg-cr-it-2.2/11.15.1.1/",
             "/rules/vg-cr-it-2.2/id/11.15.1.1~2/", "/rules/vg-cr-it-2.2/7.2/"]
    return urls


def test_no_page_a_judge_reads_shows_a_slug_an_internal_id_a_kind_code_or_a_score(client):
    slugs = list(Document.objects.values_list("slug", flat=True)) + list(
        Document.objects.values_list("series", flat=True).distinct())
    internal_ids = [s for s in Clause.objects.filter(stable_id__contains="~").values_list("stable_id", flat=True)]
    problems = []
    pages = 0
    for url in _page_urls():
        response = client.get(url, follow=True)
        assert response.status_code in (200, 404), url
        text = _visible(response.content.decode())
        pages += 1
        for slug in slugs:
            if re.search(rf"(?<![\w/-]){re.escape(slug)}(?![\w-])", text):
                problems.append(f"{url}: slug {slug}")
        for stable_id in internal_ids:
            if stable_id in text:
                problems.append(f"{url}: internal id {stable_id}")
        if re.search(r"~[nev]?\d", text):
            problems.append(f"{url}: an id suffix")
        for code in re.findall(r"(?<![\w-])(qa|changelog|cr)(?![\w-])", text):
            problems.append(f"{url}: kind code {code!r}")
        if re.search(r"\bscore\b|\bpunteggio\b", text, re.IGNORECASE):
            problems.append(f"{url}: a score")
        if re.search(r"(?<![\w.])(?:it|en)(?![\w.])\s*·|·\s*(?:IT|EN)\b", text):
            problems.append(f"{url}: a language code")
    assert pages >= 30
    assert problems == []


def test_no_glossary_entry_lists_a_clause_twice(client):
    """Two printings of one number (IT 11.15.1.1) read as the same clause listed twice; the clause the
    definition is quoted from is named beside it, not listed again among the uses."""
    for document in Document.objects.published():
        page = client.get(f"/rules/{document.slug}/glossary/").content.decode()
        for entry in page.split('<div class="glossary-entry"')[1:]:
            uses = entry.split('class="uses"', 1)[1] if 'class="uses"' in entry else ""
            labels = re.findall(r'<span class="num">([^<]+)</span>', uses)
            assert len(labels) == len(set(labels)), (document.slug, labels)
            quoted = re.search(r'\(text from <a href="([^"]+)"', entry)
            if quoted:
                assert f'href="{quoted.group(1)}"' not in uses, (document.slug, quoted.group(1))
