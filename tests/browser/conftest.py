"""Browser tests: Playwright (sync API) driving Debian's Chromium against pytest-django's live server.

`live_server` needs transactional database access, which FLUSHES the tables
after each test: every test loads the documents it reads, and the whole
corpus is loaded back once the module is done so the tests that run after
still find it.
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


@pytest.fixture(scope="module", autouse=True)
def corpus_restored_after_module(django_db_blocker):
    yield
    from rulesdb import services

    with django_db_blocker.unblock():
        services.vendored_load()


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
def load_documents(transactional_db):
    """Load vendored documents into the (flushed) live-server database."""
    from rulesdb import services

    def load(*slugs: str) -> None:
        services.vendored_load(slugs=list(slugs))

    return load
