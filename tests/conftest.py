"""Shared fixtures: the test database holds the whole vendored corpus, loaded once."""
import pytest


@pytest.fixture(scope="session")
def django_db_setup(request, django_test_environment, django_db_blocker, django_db_use_migrations, django_db_keepdb,
                    django_db_createdb, django_db_modify_db_settings):
    """pytest-django's own set-up, with the default database always created (it creates only those the
    collected tests mark, and the browser tests mark none: they use the database outside transactions,
    tests/browser/conftest.py), then the corpus loaded."""
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _disable_migrations, _get_databases_for_setup

    from rulesdb import services

    if not django_db_use_migrations:
        _disable_migrations()
    aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
    keepdb = {"keepdb": True} if django_db_keepdb and not django_db_createdb else {}
    with django_db_blocker.unblock():
        db_cfg = setup_databases(verbosity=request.config.option.verbose, interactive=False,
                                 aliases=aliases | {"default"}, serialized_aliases=serialized_aliases, **keepdb)
        services.vendored_load()
    yield
    if not django_db_keepdb:
        with django_db_blocker.unblock():
            teardown_databases(db_cfg, verbosity=request.config.option.verbose)


@pytest.fixture(autouse=True)
def _caches_cleared():
    """Each test starts with empty caches: the rate limits count in the default cache when no counting file is set
    (tests), and a process that ran many tests creating boards would otherwise be over its budget for the next."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def _interface_language_reset():
    """A request switches the thread's language (LocaleMiddleware activates it and nothing deactivates it), so
    a test after one made in Italian would read words computed outside a request in Italian: each test starts
    from the settings' language."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _board_game_reset():
    """A request that shows a board names its game for the words of that page (judgeapp.sandbox.wording), and only the
    next request resets it: a test that calls the sandbox's presenters without a request, after a test that showed an
    Altered board, read "Player 2" where the default game says "Second player". Each test starts with no game named."""
    from judgeapp.sandbox import wording

    wording.game_is(None)
    yield
    wording.game_is(None)

def pytest_collection_modifyitems(config, items):
    """The browser tests last: they share one live server over the loaded database and write to it
    outside transactions (tests/browser/conftest.py), so no other test may run after their rows. A browser
    test on pytest-django's `live_server` or a transactional database would flush every table, the corpus
    included, after itself: refused here, naming the fixture to use."""
    def in_browser(item) -> bool:
        return "/tests/browser/" in str(item.path).replace("\\", "/")

    flushing = [item.nodeid for item in items if in_browser(item) and (
        {"live_server", "transactional_db"} & set(getattr(item, "fixturenames", ()))
        or any(m.kwargs.get("transaction") for m in item.iter_markers("django_db")))]
    if flushing:
        raise pytest.UsageError("browser tests use `site_server` (tests/browser/conftest.py), not pytest-django's "
                                "live_server or a transactional database: " + ", ".join(flushing[:5]))
    items.sort(key=in_browser)
