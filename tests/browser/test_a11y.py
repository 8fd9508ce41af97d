"""A quick automated accessibility check of every kind of page in a real browser: one <main>, one
<h1>, a lang attribute, a label on every form control, no positive tabindex (and unique ids, links
and buttons with a name).

And text contrast (WCAG 2 AA: 4.5:1, 3:1 for large text), computed from the styles the browser
applies. Not a full audit (no ARIA validity): the mistakes a template or stylesheet edit can
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

CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const blend = (fg, bg) => [0, 1, 2].map(i => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat([1]);
  const lum = (c) => { const ch = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]; };
  const background = (el) => {
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    let color = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = blend(layer, color);
    return color;
  };
  const problems = new Set();
  for (const el of document.querySelectorAll("body *")) {
    if (!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)) continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (el.disabled || el.closest("[aria-disabled=true], [disabled]")) continue;  // WCAG exempts inactive controls
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || parseFloat(style.opacity) === 0) continue;
    const bg = background(el);
    const fg = blend(parse(style.color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < need) {
      const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "");
      problems.add(`${name} ${ratio.toFixed(2)}:1 (${style.color} on rgb(${bg.slice(0, 3).map(Math.round).join(", ")}))`);
    }
  }
  return [...problems];
}"""

PAGES = [
    ("home", "/"),
    ("document", "/rules/vg-cr-it-2.2/"),
    ("document-en", "/rules/vg-cr-en-1.48/"),
    ("document-weiss", "/rules/ws-cr-it/"),
    ("document-altered", "/rules/altered-cr-it/"),
    ("clause", "/rules/vg-cr-it-2.2/7.3.1.3.1/"),
    ("clause-en", "/rules/vg-cr-en-1.48/7.3/"),
    ("clause-altered", "/rules/altered-cr-it/4.2.5.d/"),
    ("clause-history", "/rules/vg-cr-it-2.2/7.2.1.2/history/"),
    ("clause-404", "/rules/vg-cr-it-2.2/99.99/"),
    ("document-404", "/rules/nope/"),
    ("page-404", "/nowhere/"),
    ("bad-request", "/?doc=nope"),
    ("glossary", "/rules/vg-cr-it-2.2/glossary/"),
    ("glossary-en", "/rules/vg-cr-en-1.48/glossary/"),
    ("search-empty", "/search/"),
    ("search", "/search/?q=turno"),
    ("search-english", "/search/?q=guardian&language=en"),
    ("search-number-in-several-documents", "/search/?q=7.3.1"),
    ("search-did-you-mean", "/search/?q=guardain"),
    ("search-nothing", "/search/?q=zzzqqqxxx"),
    ("search-bad-filter", "/search/?q=guardiano&kind=nope"),
    ("compare", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/"),
    ("compare-pair", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/1/"),
    ("compare-terminology", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/"),
    ("compare-dismissed", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/dismissed/"),
    ("offline", "/offline/"),
    ("api-docs", "/api/docs/"),
    ("sandbox", "/sandbox/"),
    ("sandbox-readings", "/sandbox/assumptions/"),
]
LOCALES = ["it-IT", "en-GB"]


def _check_pages(page, base: str, pages, locale: str) -> dict[str, list[str]]:
    found = {}
    for name, url in pages:
        response = page.goto(f"{base}{url}")
        assert response.status in (200, 400, 404), (url, response.status)
        assert page.locator("html").get_attribute("lang") == locale[:2], url
        problems = page.evaluate(CHECK) + page.evaluate(CONTRAST)
        if problems:
            found[name] = problems
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_has_one_main_one_h1_a_lang_labelled_controls_no_positive_tabindex_and_contrast(
    browser, site_server, load_documents, locale
):
    """Every page kind a visitor reaches (reader, search, compare, errors, offline, API reference), in both
    interface languages (the browser's Accept-Language chooses it)."""
    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48", "ws-cr-it", "altered-cr-it")
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale=locale)
    try:
        found = _check_pages(page, site_server.url, PAGES, locale)
    finally:
        page.close()
    assert not found, "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in found.items())


@pytest.fixture
def staff_cookie(django_db_blocker):
    """A staff member's session, made through Django's test client and handed to the browser as its cookie."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    with django_db_blocker.unblock():
        user, _ = get_user_model().objects.get_or_create(
            username="a11y-staff", defaults={"is_staff": True, "is_superuser": True})
        client = Client()
        client.force_login(user)
        yield client.cookies[settings.SESSION_COOKIE_NAME].value
        user.delete()


@pytest.mark.parametrize("locale", LOCALES)
def test_the_staff_pages_pass_the_same_checks(browser, site_server, load_documents, staff_cookie, django_db_blocker,
                                              locale):
    """Upload, a change report with its publish and unpublish confirmations, the XLIFF import, and the
    terminology QA as staff see it (with its dismiss forms), in both languages."""
    from rulesdb.models import Document
    from rulesdb.translation import changes

    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")
    with django_db_blocker.unblock():
        old = Document.objects.get(slug="vg-cr-it-2.2")
        report = changes.change_report_create(new=old, old=old)
    pages = [("upload", "/compare/upload/"),
             ("xliff-import", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/import-xliff/"),
             ("terminology-as-staff", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/"),
             ("dismissed-as-staff", "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/dismissed/")]
    if report is not None:
        pages += [("change-report", f"/compare/changes/{report.pk}/"),
                  ("publish", f"/compare/changes/{report.pk}/publish/"),
                  ("unpublish", f"/compare/changes/{report.pk}/unpublish/")]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
    context.add_cookies([{"name": "sessionid", "value": staff_cookie, "url": site_server.url}])
    page = context.new_page()
    try:
        found = _check_pages(page, site_server.url, pages, locale)
        page.goto(f"{site_server.url}/compare/upload/")
        assert page.locator("input[type=file]").count() == 1  # signed in: the form, not the admin's login
    finally:
        context.close()
        if report is not None:
            with django_db_blocker.unblock():
                report.delete()
    assert not found, "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in found.items())


def test_the_check_reports_what_it_looks_for(browser, site_server):
    page = browser.new_page()
    try:
        page.goto(f"{site_server.url}/")
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


def test_the_contrast_check_reports_faint_text(browser, site_server):
    page = browser.new_page()
    try:
        page.goto(f"{site_server.url}/")
        assert page.evaluate(CONTRAST) == []
        # Styles set through the DOM (the page's Content-Security-Policy refuses style attributes in markup).
        page.evaluate("""() => {
            document.querySelector("main").insertAdjacentHTML("beforeend",
                '<p id="faint">faint</p><div id="darkbox"><span id="dark">dark on dark</span></div><p id="big">big enough</p>');
            const set = (id, css) => Object.assign(document.getElementById(id).style, css);
            set("faint", {color: "#bbb", background: "#fff"});
            set("darkbox", {background: "#222"});
            set("dark", {color: "#444"});
            set("big", {color: "#949494", background: "#fff", fontSize: "30px"});
        }""")
        problems = page.evaluate(CONTRAST)
        assert any(p.startswith("p#faint 1.9") for p in problems), problems
        assert any(p.startswith("span#dark") for p in problems), problems
        assert not any(p.startswith("p#big") for p in problems), problems
    finally:
        page.close()


@pytest.mark.parametrize("locale", ["it-IT", "en-GB"])
def test_every_sandbox_page_kind_passes_the_same_checks(browser, site_server, load_documents, locale):
    """The sandbox's page kinds (issue 14): index, readings, example, a board being set up, a started board with a
    card's menu open, a refusal, a player's view, the shared link, a player's link, a comparison, a ruling."""
    import json

    load_documents("vg-cr-it-2.2", "vg-cr-en-1.48")
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale=locale)
    found = {}

    def check(name: str) -> None:
        problems = page.evaluate(CHECK) + page.evaluate(CONTRAST)
        if problems:
            found[name] = problems

    try:
        for name, url in (("index", "/sandbox/"), ("readings", "/sandbox/assumptions/"),
                          ("example", "/sandbox/examples/playbook-q17/")):
            page.goto(f"{site_server.url}{url}")
            check(name)
        page.goto(f"{site_server.url}/sandbox/")
        page.click("#sb-new")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        page.fill("#sb-quick-line", "G3 13000 twin")
        page.click("#sb-quick-add")
        page.wait_for_selector("#board .sb-a-vanguard [data-card]")
        check("draft")
        card = {"name": "Unit", "grade": 1, "power": 8000, "shield": 5000, "keywords": ["boost"], "clan": "A"}
        scenario = {"format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1,
                    "phase": "battle", "metadata": {"title": "Checked", "question": "Does it hit?"},
                    "players": [{"field": {"vanguard": dict(card, id="a-vg", grade=3, power=13000),
                                           "back_centre": dict(card, id="a-bc")},
                                 "deck": [dict(card, id=f"a-d{i}") for i in range(5)]},
                                {"field": {"vanguard": dict(card, id="b-vg", grade=3)},
                                 "hand": [dict(card, id="b-h1")], "deck": [dict(card, id=f"b-d{i}") for i in range(5)]}],
                    "script": [{"do": {"kind": "attack", "card": "a-vg"}}, {"do": {"kind": "target", "card": "b-vg"}},
                               {"do": {"kind": "boost", "card": "a-bc"}}],
                    "branches": [{"script": [{"do": {"kind": "attack", "card": "a-vg"}},
                                             {"do": {"kind": "target", "card": "b-vg"}}, {"do": {"kind": "pass"}}]}]}
        page.goto(f"{site_server.url}/sandbox/")
        page.fill("#sb-import-json", json.dumps(scenario))
        page.click("#sb-import")
        page.wait_for_url("**/sandbox/*-*-*-*-*/")
        detail = page.url
        check("started")
        page.locator('#board [data-card="b-h1"]').click()
        check("a card's menu open")
        page.locator("#decision .sb-general .sb-option").first.wait_for()
        sid = detail.rstrip("/").rsplit("/", 1)[1]
        page.goto(detail + "?view=p1")
        check("player view")
        page.goto(detail)
        share = page.locator("#sb-share-url").input_value()
        player = page.locator("#sb-player0-url").input_value()
        ruling = page.locator("#sb-ruling-link").get_attribute("href")
        leaves = page.locator(".sb-branches > li").evaluate_all("els => els.map(e => e.dataset.leaf)")
        for name, url in (("shared", share), ("player link", player), ("ruling", f"{site_server.url}{ruling}"),
                          ("compare", f"{site_server.url}/sandbox/{sid}/compare/?a={leaves[0]}&b={leaves[1]}")):
            page.goto(url)
            check(name)
    finally:
        page.close()
    assert not found, "\n".join(f"{name}: {'; '.join(problems)}" for name, problems in found.items())
