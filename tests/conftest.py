"""Shared fixtures: the test database holds the whole vendored corpus, loaded once."""
import pytest


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from rulesdb import services

    with django_db_blocker.unblock():
        services.vendored_load()
