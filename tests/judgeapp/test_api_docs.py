"""The API's documentation (judgeapp/api_docs.py): a light reference page, the console one link away."""
import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_old_redoc_address_leads_to_the_reference(client):
    moved = client.get("/api/redoc/")
    assert moved.status_code == 301 and moved["Location"] == "/api/docs/"


def test_the_swagger_page_has_the_site_header_and_loads_one_viewer(client):
    page = client.get("/api/docs/try/").content.decode()
    assert 'class="site-header"' in page and 'href="/api/docs/"' in page
    assert "swagger-ui-bundle" in page and "standalone-preset" not in page and "/api/redoc/redoc." not in page


def test_the_console_s_files_are_loaded_when_asked_for_and_their_size_is_told(client):
    from django.template.defaultfilters import filesizeformat

    from judgeapp.api_docs import console_download_bytes

    page = client.get("/api/docs/try/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Named for the console's script (api-console.js), not loaded by the page itself.
    scripts = re.findall(r'<script src="([^"]+)"', page)
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert not any("swagger-ui" in src for src in scripts + links)
    assert any("api-console" in src for src in scripts)
    assert re.search(r'data-bundle="[^"]*swagger-ui-bundle[^"]*"', page) and re.search(r'data-css="[^"]*swagger-ui[^"]*\.css"', page)
    assert re.search(r'data-init="/api/docs/try/\?[^"]*script', page)
    assert 200_000 < console_download_bytes() < 800_000
    size = filesizeformat(console_download_bytes()).replace("\xa0", " ")
    assert f"about {size} to download" in page.replace("\xa0", " ")
    assert 'id="api-console-open"' in page


def test_the_reference_is_plain_html_with_every_operation_and_type(client):
    from drf_spectacular.generators import SchemaGenerator

    answer = client.get("/api/docs/")
    page = answer.content.decode()
    assert answer.status_code == 200 and 'class="site-header"' in page and "<script" not in page.split("</header>")[1]
    assert "swagger" not in page.lower().replace("swagger ui, a heavier page", "")  # no viewer script, a link to it
    assert 'href="/api/docs/try/"' in page and 'href="/api/schema/"' in page
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            assert f'id="{operation["operationId"]}"' in page and f"{method.upper()} {path}" in page
    for name in schema["components"]["schemas"]:
        assert f'id="type-{name}"' in page
    # Every type it names is linked to its entry on the page.
    for target in re.findall(r'href="#type-(\w+)"', page):
        assert f'id="type-{target}"' in page
    assert "unsafe-inline" not in answer["Content-Security-Policy"]
    assert len(answer.content) < 200_000  # some 15 KB once compressed: checked by benchmarks/phone_pages.py
