"""gunicorn settings for `make serve` (and any deployment): `gunicorn -c judgeapp/gunicorn.conf.py`.

`make serve` puts nginx in front (judgeapp/serving.py), which hands gunicorn only whole requests over
loopback and takes whole answers from it, so slow clients never hold one of gunicorn's threads.  Never
expose gunicorn itself: a client sending a byte a second would hold a thread as long as it liked.

JUDGEAPP_APP_BIND (default 127.0.0.1:8001; `make serve` passes a socket it chose, fd://N),
JUDGEAPP_WORKERS (default 2: one per core of a small machine; each worker is a process with its own
search index reader and page caches), JUDGEAPP_THREADS (default 16 per worker),
JUDGEAPP_APP_CONCURRENCY (default 4 per worker, judgeapp/wsgi.py) and JUDGEAPP_TRUSTED_PROXIES
(the proxies whose X-Forwarded-Proto is believed: nginx on this machine under `make serve`) configure it."""
import ctypes
import importlib
import os

from judgeapp.settings.env import env_int

wsgi_app = "judgeapp.wsgi:application"
bind = os.environ.get("JUDGEAPP_APP_BIND", "127.0.0.1:8001")
workers = env_int("JUDGEAPP_WORKERS", 2, minimum=1)
# Threaded workers: while one request waits (on the database's write lock, on the disk, on reading it
# from nginx or writing its answer back), the worker's other threads answer; with SQLite in WAL mode
# readers never wait for a writer.  Of the threads, JUDGEAPP_APP_CONCURRENCY (default 4) run the
# application at once (judgeapp/wsgi.py; measured in judgeapp/serving.py's ConcurrencyLimit).
worker_class = "gthread"
threads = env_int("JUDGEAPP_THREADS", 16, minimum=1)
# Read by judgeapp/wsgi.py in each worker; checked here so that a bad value stops the master instead.
env_int("JUDGEAPP_APP_CONCURRENCY", 4, minimum=1)
# nginx opens a connection per request (judgeapp/serving.py); a client talking to gunicorn directly
# (a test, a proxy of your own) keeps its connection this long between requests.
keepalive = 5
# A request holds its thread until answered; a long sandbox run stays under this.
timeout = env_int("JUDGEAPP_TIMEOUT", 60, minimum=1)
graceful_timeout = 30
# X-Forwarded-Proto (the request's scheme) is believed from the proxies the application trusts and
# from no one else: the same variable as settings.TRUSTED_PROXIES (judgeapp/client_address.py);
# `make serve` trusts its own nginx on 127.0.0.1.
forwarded_allow_ips = ",".join(p.strip() for p in os.environ.get("JUDGEAPP_TRUSTED_PROXIES", "").split(",")
                               if p.strip())
errorlog = "-"
# `make serve` writes gunicorn's pid beside the data: `kill -HUP $(cat var/gunicorn.pid)` reloads the workers.
pidfile = os.environ.get("JUDGEAPP_GUNICORN_PIDFILE") or None
# gunicorn's control socket defaults to one path per user ($HOME/.gunicorn/gunicorn.ctl), which every
# gunicorn that user starts would share (tests and benchmarks start several): the pid file is enough.
control_socket_disable = True
SETTINGS = "judgeapp.settings.prod"
raw_env = [f"DJANGO_SETTINGS_MODULE={SETTINGS}"]
# The settings are read here, in the master, before any worker starts: a value they refuse stops
# gunicorn with its one line (judgeapp/settings/env.py) instead of every worker failing and being
# started again, forever.
importlib.import_module(SETTINGS)


M_ARENA_MAX = -8  # glibc's mallopt parameter


def post_fork(server, worker):
    """Two malloc arenas per worker: glibc otherwise gives each thread that allocates its own
    (up to eight per core), and a threaded worker's resident memory then creeps up with every
    arena's free but unreturned pages.  Set in the worker before its threads start."""
    try:
        ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, 2)
    except (OSError, AttributeError):  # not glibc: its allocator has no such setting
        pass


def post_worker_init(worker):
    """Load in each worker, as it starts, what its first request would otherwise wait for (the views, the
    URL map, the search index: judgeapp/warmup.py). A failure here is logged and the worker serves
    anyway: its first request then tries again and says what went wrong."""
    from judgeapp.warmup import worker_warm

    try:
        worker_warm()
    except Exception:  # noqa: BLE001 - the warm-up is an optimisation; the worker must start regardless
        worker.log.exception("The worker could not load its views or search index ahead of the first request.")
