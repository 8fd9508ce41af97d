"""Production: refuses to start with a missing or weak secret key, with DEBUG on, or with an
environment value it cannot read (one line naming the variable: judgeapp/settings/env.py).

`make serve` generates DJANGO_SECRET_KEY into var/ on first run when it is not given.
Behind a proxy that terminates TLS, JUDGEAPP_HTTPS=1 turns on the HTTPS redirect, HSTS and
believes the X-Forwarded-Proto header of the proxies in JUDGEAPP_TRUSTED_PROXIES, and no one
else's (judgeapp/client_address.py, docs/deploy.md)."""
import os

from .base import *  # noqa: F401,F403
from .env import ConfigurationError, env_flag, env_float, env_int, secret_key_weakness

if not os.environ.get("DJANGO_SECRET_KEY"):
    raise ConfigurationError("DJANGO_SECRET_KEY must be set in production (`make serve` generates one)")
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
_weakness = secret_key_weakness(SECRET_KEY)
if _weakness:
    raise ConfigurationError(f"DJANGO_SECRET_KEY {_weakness}: give a random key of at least 50 characters "
                             "(`make serve` generates one)")

if env_flag("DJANGO_DEBUG"):
    raise ConfigurationError("DEBUG must be off in production (unset DJANGO_DEBUG)")
DEBUG = False

ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
SESSION_COOKIE_HTTPONLY = True

# A venue's plain-HTTP network (`make serve` on a laptop) needs cookies a browser sends over HTTP;
# behind TLS every cookie is Secure and HTTP is redirected.
if env_flag("JUDGEAPP_HTTPS"):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env_int("JUDGEAPP_HSTS_SECONDS", 365 * 24 * 3600, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("JUDGEAPP_HSTS_SUBDOMAINS", default=True)
    # Joining the browsers' preload list binds the whole domain for months: the domain owner's
    # decision (JUDGEAPP_HSTS_PRELOAD=1), so `check --deploy` is not asked to insist on it.
    SECURE_HSTS_PRELOAD = env_flag("JUDGEAPP_HSTS_PRELOAD")
    SILENCED_SYSTEM_CHECKS = ["security.W021"]

# `make venue VENUE_TLS=1`: nginx on this machine serves HTTPS with the venue's certificate, and its
# plain-HTTP side only the landing page (and redirects): cookies go over HTTPS only. No HSTS: browsers
# ignore it for an IP address, and the landing page must stay reachable over HTTP.
if VENUE_TLS_DIR:  # noqa: F405
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# Rate limits and the admin login throttle count in a SQLite file every worker shares, one atomic
# statement per count (judgeapp/throttle.py).
RATE_LIMIT_DB = VAR_DIR / "ratelimit.sqlite3"  # noqa: F405
# Django's cache (nothing of the site's limits lives in it any more): a file cache every worker of
# this server shares, rather than one in-memory cache per worker.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(VAR_DIR / "cache"),  # noqa: F405
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
}

# A load test from one machine (benchmarks/load.py) sends every simulated judge from one address:
# JUDGEAPP_RATE_LIMIT_FACTOR multiplies every limit of RATE_LIMITS (never set it on a public server).
_rate_limit_factor = env_float("JUDGEAPP_RATE_LIMIT_FACTOR", 1.0, positive=True)
RATE_LIMITS = {scope: (max(1, round(count * _rate_limit_factor)), window)  # noqa: F405
               for scope, (count, window) in RATE_LIMITS.items()}  # noqa: F405

# JUDGEAPP_SERVER_TIMING=1: every answer says the CPU time its request took (a Server-Timing header),
# for measuring what each kind of request costs under load.
if env_flag("JUDGEAPP_SERVER_TIMING"):
    MIDDLEWARE = ["judgeapp.middleware.ServerTimingMiddleware", *MIDDLEWARE]  # noqa: F405
