"""Rendered reader pages are kept per process and served again without rebuilding them, until a
document is imported or its publication changes; staff pages are never kept."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulesdb import page_cache
from rulesdb.models import Clause, Document

pytestmark = pytest.mark.django_db

URL = "/rules/vg-cr-it-2.2/7.2.1.2/"


@pytest.fixture(autouse=True)
def _empty_cache():
    page_cache.page_cache_clear()
    yield
    page_cache.page_cache_clear()


def test_a_page_served_again_costs_one_query_and_is_the_same_page(client):
    first = client.get(URL)
    assert first.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        again = client.get(URL)
    assert again.status_code == 200 and again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]
    assert len(queries) == 1  # the corpus stamp; a rebuilt page takes several
    assert "Content-Security-Policy" in again  # the site's headers are still added to a kept page


def test_a_new_import_or_an_unpublished_document_is_seen_at_once(client):
    assert client.get(URL).status_code == 200
    document = Document.objects.get(slug="vg-cr-it-2.2")
    clause = Clause.objects.get(document=document, number="7.2.1.2")
    Clause.objects.filter(pk=clause.pk).update(text="Testo del tutto nuovo della regola.")
    document.save()  # what an import does: the import time moves on
    assert "Testo del tutto nuovo" in client.get(URL).content.decode()
    Document.objects.filter(pk=document.pk).update(published=False)  # publication changes without a save
    assert client.get(URL).status_code == 404


def test_staff_pages_are_not_kept(client, django_user_model):
    staff = django_user_model.objects.create_user("editor", password="pw", is_staff=True)
    client.force_login(staff)
    client.get(URL)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(URL).status_code == 200
    assert len(queries) > 1
    client.logout()
    with CaptureQueriesContext(connection) as queries:
        client.get(URL)
    assert len(queries) > 1  # the staff visit left nothing behind for anonymous readers
