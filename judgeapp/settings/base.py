"""Settings shared by every environment."""
from pathlib import Path
import ipaddress
import os

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from .env import ConfigurationError

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Runtime data (SQLite database, search index) lives outside the source tree.
VAR_DIR = Path(os.environ.get("JUDGEAPP_VAR_DIR", BASE_DIR / "var"))
try:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
except OSError as error:
    raise ConfigurationError(f"JUDGEAPP_VAR_DIR must be a directory this user can create and write to "
                             f"({VAR_DIR}: {error.strerror})") from None

# `make venue VENUE_TLS=1` (judgeapp/serving.py sets both): the folder of the venue's certificate
# authority, which the plain-HTTP landing page /venue/ offers (judgeapp/venue_pages.py), and the port
# the site is served on over HTTPS. Without it /venue/ is not found.
VENUE_TLS_DIR = os.environ.get("JUDGEAPP_VENUE_TLS_DIR", "")
VENUE_HTTPS_PORT = os.environ.get("JUDGEAPP_VENUE_HTTPS_PORT", "443")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-not-secret")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",  # intcomma: counts grouped as the interface language writes them
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "judgeapp",
    "judgeapp.sandbox",
    "rulesdb",
]

MIDDLEWARE = [
    "judgeapp.client_address.ForwardedHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "judgeapp.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "judgeapp.middleware.HeadAsGetMiddleware",
    "judgeapp.errors.ErrorBodyMiddleware",
    "judgeapp.middleware.ChunkedBodyLimitMiddleware",
    "judgeapp.middleware.ValidUnicodeMiddleware",
    "judgeapp.write_queue.WriteBoundsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The interface language: the language cookie (the header's switch), else Accept-Language,
    # else LANGUAGE_CODE. URLs carry no language prefix: they are an interface of their own.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "judgeapp.middleware.AdminLoginThrottleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "judgeapp.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "judgeapp.wsgi.application"

try:
    DATABASES = {
        "default": dj_database_url.config(
            default=f"sqlite:///{VAR_DIR / 'judgeapp.sqlite3'}", conn_max_age=60
        )
    }
except ValueError:  # never the address itself in the message: it holds the password
    raise ConfigurationError("DATABASE_URL must be a database address such as "
                             "postgres://user:password@host:5432/name or sqlite:////path/to/file") from None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many writers at once (two gunicorn workers, threads): readers never block the writer in
    # WAL mode; a write transaction takes the write lock when it begins (IMMEDIATE), so two
    # writers queue on the busy timeout instead of one failing at once with "database is
    # locked" when it upgrades a read lock. WAL is a property of the file, set again on connecting.
    # judgeapp.sqlite_backend: the same backend, with writers queued in the kernel instead of
    # polling on the busy timeout (judgeapp/write_queue.py).
    DATABASES["default"]["ENGINE"] = "judgeapp.sqlite_backend"
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Italian first: the site's judges and translators are Italian, and so are most of its rules.
LANGUAGE_CODE = "it"
LANGUAGES = [("it", "Italiano"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Rome"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise warns at start-up about a missing directory
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed copies made by collectstatic; whitenoise serves them with far-future
    # cache headers (a changed file gets a new name). Tests and `runserver` use the plain storage.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_MAX_AGE = 365 * 24 * 3600

# Uploaded rule files larger than this are refused before parsing.
RULES_MAX_UPLOAD_BYTES = 5 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # The session only (CSRF is enforced for a logged-in user's writes); no HTTP Basic, which
    # would take password guesses past the admin login throttle.
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    # Error answers say what happened in words for the visitor, never an exception's text (judgeapp/errors.py).
    "EXCEPTION_HANDLER": "judgeapp.errors.api_exception_handler",
}
CSRF_FAILURE_VIEW = "judgeapp.errors.csrf_failure"

SPECTACULAR_SETTINGS = {
    "TITLE": "judgeapp API",
    "DESCRIPTION": "Rules reference, comparison and scenario sandbox for card-game judges.",
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Admin login: this many failures for one user name lock that name out for the window; an address
# gets ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS (judgeapp/middleware.py).
ADMIN_LOGIN_MAX_FAILURES = 5
ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS = 20
ADMIN_LOGIN_WINDOW = 15 * 60

# Behind TLS (a proxy that terminates HTTPS and sets X-Forwarded-Proto), production switches these on
# with JUDGEAPP_HTTPS=1 (judgeapp.settings.prod); see docs/deploy.md.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"visitor_mistakes": {"()": "judgeapp.log_filters.VisitorMistakeWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["visitor_mistakes"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}


def _networks(name: str) -> list:
    """A comma-separated list of IP addresses or networks from the environment variable ``name``."""
    networks = []
    for item in filter(None, (part.strip() for part in os.environ.get(name, "").split(","))):
        try:
            networks.append(ipaddress.ip_network(item))
        except ValueError:
            raise ImproperlyConfigured(f"{name}: {item[:60]!r} is not an IP address or network "
                                       "(write 127.0.0.1 or 10.0.0.0/8, comma-separated)") from None
    return networks


# The proxies in front of the application server whose X-Forwarded-For and X-Forwarded-Proto are
# believed (judgeapp/client_address.py); from anyone else those headers are dropped.  Empty: the
# peer's own address is the client's.
TRUSTED_PROXIES = _networks("JUDGEAPP_TRUSTED_PROXIES")

# Per-client limits on writes anyone may make: scope -> (requests, window in seconds); see judgeapp/throttle.py.
RATE_LIMITS = {
    "scenario-create": (60, 3600),
    "scenario-fork": (60, 3600),
    "scenario-import": (60, 3600),
    "scenario-step": (600, 60),
}
RATE_LIMIT_CACHE = "default"
RATE_LIMIT_DB = None  # a SQLite file path shared by a server's workers (settings.prod); None: the cache
RATE_LIMIT_ADDRESS_FACTOR = 10  # an address (a venue behind one router) gets ten sessions' worth
RATE_LIMIT_SESSIONLESS_FACTOR = 1  # requests without a session, per address: one visitor's worth
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Rendered reader pages kept per server process (rulesdb/page_cache.py), least recently used out first.
READER_PAGE_CACHE_BYTES = 16 * 1024 * 1024

# Sandbox bounds (docs/sandbox-api.md "Size limits"; judgeapp/sandbox/validation.py).
# Script actions an import replays, its branches included: the longest example holds 11; 500 actions
# on a 200-card board replay in about 0.65 s (benchmarks/sandbox_import.py).
SANDBOX_MAX_SCRIPT_ACTIONS = 500

# A request's write waits at most this long for the database's write lock, and holds it at most this
# long (staff are not held to the hold: a rules upload), else 503 with Retry-After (judgeapp/write_queue.py).
# The longest import allowed holds it about 0.05-0.1 s.
WRITE_LOCK_WAIT_SECONDS = 5.0
WRITE_LOCK_HOLD_SECONDS = 2.0

# One board's state as stored JSON (cards after `count` expansion, every text in them), and everything a
# board's history stores (each point's state and events): refused past these with a message (413).
# A played-out 517-step game stores about 15 MB; an import replaying 32 MB of states takes about 0.5 s of CPU.
SANDBOX_MAX_STATE_BYTES = 256 * 1024
SANDBOX_MAX_BOARD_BYTES = 32 * 1024 * 1024
# Storage as a whole: no new board or point once the database is this large (None: no bound), and at
# most this many boards per signed-in owner or per browser session (403 with a message).
SANDBOX_MAX_DATABASE_BYTES = 8 * 1024 ** 3
SANDBOX_MAX_BOARDS_PER_OWNER = 500

# Per-process sandbox caches, in bytes (judgeapp/caches.py): parsed event lists, rendered logs, API
# board answers, log sentences in judges' words.  With the reader's pages (READER_PAGE_CACHE_BYTES),
# a worker's caches stay under about 70 MB whatever visitors send (a 500-event log weighs about 0.6 MB).
SANDBOX_CACHE_BYTES = {"event_lists": 16 * 2**20, "logs": 16 * 2**20, "answers": 16 * 2**20, "sentences": 4 * 2**20}
