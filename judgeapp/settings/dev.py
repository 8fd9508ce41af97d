"""Local development: DEBUG on, SQLite under var/."""
from .base import *  # noqa: F401,F403

DEBUG = True
