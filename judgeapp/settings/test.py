"""Test runs: DEBUG off so error pages behave as in production; data in temporary directories."""
import tempfile
from pathlib import Path

from .base import *  # noqa: F401,F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Never touch the developer's var/search index: each test run gets its own.
SEARCH_INDEX_DIR = Path(tempfile.mkdtemp(prefix="judgeapp-test-index-"))

# Pages in tests link the source static files (no collectstatic before a test run).
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405

# The suite reads the English interface unless a test asks for another language (Accept-Language,
# the language cookie): its assertions quote English words. The Italian default of the site itself
# (base.LANGUAGE_CODE) is checked in tests/judgeapp/test_i18n.py.
LANGUAGE_CODE = "en"

# Tests rebuild the index when they mean to; a background rebuild could not see a test's transaction.
SEARCH_INDEX_FOLLOWS_DATABASE = False

# SQLite test databases live in memory, one per test process. Named so explicitly because pytest-xdist
# (make test runs the suite in parallel) otherwise derives each worker's database name from the file
# path of the development database, and our backend is not the one pytest-django recognises as SQLite.
if DATABASES["default"]["ENGINE"] == "judgeapp.sqlite_backend":  # noqa: F405
    DATABASES["default"].setdefault("TEST", {})["NAME"] = ":memory:"  # noqa: F405
