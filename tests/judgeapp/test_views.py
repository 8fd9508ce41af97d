"""Site pages."""
import pytest

pytestmark = pytest.mark.django_db


def test_home_lists_the_five_documents_with_counts(client):
    from rulesdb.models import Clause

    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for game in ("Cardfight!! Vanguard", "Weiss Schwarz", "Altered TCG"):
        assert game in html
    for slug in ("vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"):
        assert f'href="/rules/{slug}/"' in html
        count = Clause.objects.filter(document__slug=slug).count()
        assert f"<td>{count}</td>" in html


def test_unknown_page_is_a_404_page_not_a_traceback(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert b"Traceback" not in response.content
