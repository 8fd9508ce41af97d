"""Shared fixtures: the test database holds the whole vendored corpus, loaded once."""
import pytest


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from rulesdb import services

    with django_db_blocker.unblock():
        services.vendored_load()


@pytest.fixture(autouse=True)
def _interface_language_reset():
    """A request switches the thread's language (LocaleMiddleware activates it and nothing deactivates it), so
    a test after one made in Italian would read words computed outside a request in Italian: each test starts
    from the settings' language."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


def pytest_collection_modifyitems(config, items):
    """The browser tests last: they share one live server over the loaded database and write to it
    outside transactions (tests/browser/conftest.py), so no other test may run after their rows."""
    items.sort(key=lambda item: "/tests/browser/" in str(item.path).replace("\\", "/"))
