"""Local development: DEBUG on, SQLite under var/."""
from .base import *  # noqa: F401,F403

DEBUG = True

# runserver serves the source files; hashed copies exist only after collectstatic.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405
