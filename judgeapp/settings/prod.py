"""Production: refuses to start with a default secret or with DEBUG on."""
import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F401,F403

if not os.environ.get("DJANGO_SECRET_KEY"):
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set in production")
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]

if os.environ.get("DJANGO_DEBUG", "").lower() in {"1", "true", "yes", "on"}:
    raise ImproperlyConfigured("DEBUG must be off in production (unset DJANGO_DEBUG)")
DEBUG = False

ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
