"""The API browsers (judgeapp/api_docs.py): ReDoc's bundle is served with its logo from the site."""
import pytest

pytestmark = pytest.mark.django_db


def test_the_redoc_page_loads_the_bundle_from_the_site(client):
    page = client.get("/api/redoc/").content.decode()
    assert 'src="/api/redoc/redoc.standalone.js"' in page and "cdn." not in page


def test_the_bundle_asks_no_other_host_for_its_logo(client):
    response = client.get("/api/redoc/redoc.standalone.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    bundle = response.content.decode()
    assert "cdn.redoc.ly" not in bundle and "/static/judgeapp/icons/icon.svg" in bundle
    assert len(bundle) > 500_000  # the whole bundle, not a stub
    assert client.head("/api/redoc/redoc.standalone.js").status_code == 200
