"""Browser tests: Playwright (sync API) driving Debian's Chromium against one live server per run.

pytest-django's `live_server` makes every test that uses it transactional, and
a transactional test FLUSHES every table when it ends: the corpus then had to
be loaded again for each test and each module (about a third of a run's time).
`site_server` is a live server over the test database as the run loaded it,
started once; its tests write in autocommit, and the rows they leave (boards,
sessions) are no one else's business because the browser tests run last
(tests/conftest.py orders them).
"""
import os
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def site_server(django_db_setup, django_db_blocker):
    """The site served from a thread of this process, over the loaded test database (the whole corpus)."""
    from pytest_django.live_server_helper import LiveServer

    from rulesdb import search

    with django_db_blocker.unblock():
        search.index_rebuild()  # once, before any page asks: a first search would build it inside a page load
        server = LiveServer("localhost")
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def database_open_to_the_test(django_db_setup, django_db_blocker):
    """A browser test reads and writes the database as the server thread does, outside any transaction; the
    boards it made are deleted after it (the corpus is never written), so no later test of the process sees them."""
    from judgeapp.sandbox.models import Scenario

    with django_db_blocker.unblock():
        before = Scenario.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        yield
        Scenario.objects.filter(pk__gt=before).delete()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def load_documents(django_db_setup):
    """Make sure vendored documents are in the database (the whole corpus is, unless a test took one out)."""
    from rulesdb import services

    def load(*slugs: str) -> None:
        services.vendored_load(slugs=list(slugs), if_missing=True)

    return load
