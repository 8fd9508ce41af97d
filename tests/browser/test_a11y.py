"""A quick automated accessibility check of every kind of page in a real browser: one <main>, one
<h1>, a lang attribute, a label on every form control, no positive tabindex (and unique ids, links
and buttons with a name).

Not a full audit (no contrast, no ARIA validity): the structural mistakes a template edit can
introduce unnoticed.
"""
import pytest

CHECK = """() => {
  const problems = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const mains = document.querySelectorAll("main");
  if (mains.length !== 1) problems.push(`${mains.length} <main> elements`);
  const h1s = document.querySelectorAll("h1");
  if (h1s.length !== 1) problems.push(`${h1s.length} <h1> elements: ${[...h1s].map(h => h.textContent.trim()).join(" | ")}`);
  const lang = document.documentElement.getAttribute("lang");
  if (!lang || !lang.trim()) problems.push("no lang attribute on <html>");
  for (const el of document.querySelectorAll("input, select, textarea")) {
    const type = (el.getAttribute("type") || "").toLowerCase();
    if (["hidden", "submit", "button", "reset", "image"].includes(type)) continue;
    const labelled = (el.labels && el.labels.length && [...el.labels].some(l => l.textContent.trim()))
      || (el.getAttribute("aria-label") || "").trim()
      || (el.getAttribute("aria-labelledby") || "").split(/\\s+/).some(id => id && document.getElementById(id)
           && document.getElementById(id).textContent.trim());
    if (!labelled) problems.push(`unlabelled <${el.tagName.toLowerCase()}${el.name ? ` name=${el.name}` : ""}${el.id ? ` id=${el.id}` : ""}>`);
  }
  for (const el of document.querySelectorAll("[tabindex]")) {
    if (parseInt(el.getAttribute("tabindex"), 10) > 0) problems.push(`positive tabindex on <${el.tagName.toLowerCase()}${el.id ? ` id=${el.id}` : ""}>`);
  }
  const ids = {};
  for (const el of document.querySelectorAll("[id]")) ids[el.id] = (ids[el.id] || 0) + 1;
  for (const [id, n] of Object.entries(ids)) if (n > 1) problems.push(`id ${id} used ${n} times`);
  for (const el of document.querySelectorAll("a[href]")) {
    if (visible(el) && !el.textContent.trim() && !(el.getAttribute("aria-label") || "").trim()) problems.push(`a link without a name (${el.getAttribute("href")})`);
  }
  for (const el of document.querySelectorAll("button")) {
    if (visible(el) && !el.textContent.trim() && !(el.getAttribute("aria-label") || "").trim()) problems.push("a button without a name");
  }
  return problems;
}"""

PAGES = [
    ("home", "/"),
    ("document", "/rules/vg-cr-it-2.2/"),
    ("clause", "/rules/vg-cr-it-2.2/7.3.1.3.1/"),
    ("clause-en", "/rules/vg-cr-en-1.48/7.3/"),
    ("clause-404", "/rules/vg-cr-it-2.2/99.99/"),
    ("glossary", "/rules/vg-cr-it-2.2/glossary/"),
    ("search-empty", "/search/"),
    ("search", "/search/?q=turno"),
    ("compare", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/"),
    ("compare-terminology", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/"),
    ("sandbox", "/sandbox/"),
]


def test_every_page_has_one_main_one_h1_a_lang_labelled_controls_and_no_positive_tabindex(
    browser, live_server, load_documents
):
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    found = {}
    try:
        for name, url in PAGES:
            response = page.goto(f"{live_server.url}{url}")
            assert response.status in (200, 404), (url, response.status)
            problems = page.evaluate(CHECK)
            if problems:
                found[name] = problems
    finally:
        page.close()
    assert not found, "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in found.items())


def test_the_check_reports_what_it_looks_for(browser, live_server, transactional_db):
    page = browser.new_page()
    try:
        page.goto(f"{live_server.url}/")
        assert page.evaluate(CHECK) == []
        page.evaluate("""() => {
            document.documentElement.removeAttribute("lang");
            document.querySelector("main").insertAdjacentHTML("beforeend",
                '<h1>Second</h1><input name="stray"><select id="s"></select><a href="#" tabindex="2">x</a><a href="#e"></a><i id="main"></i>');
        }""")
        problems = page.evaluate(CHECK)
        assert any("2 <h1>" in p for p in problems)
        assert "no lang attribute on <html>" in problems
        assert "unlabelled <input name=stray>" in problems and "unlabelled <select id=s>" in problems
        assert "positive tabindex on <a>" in problems
        assert "a link without a name (#e)" in problems and "id main used 2 times" in problems
    finally:
        page.close()
