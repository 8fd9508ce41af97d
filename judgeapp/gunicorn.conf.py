"""gunicorn settings for `make serve` (and any deployment): `gunicorn -c judgeapp/gunicorn.conf.py`.

JUDGEAPP_BIND (default 127.0.0.1:8000), JUDGEAPP_WORKERS (default 2: one per core of a small
machine; each worker is a process with its own search index reader and page caches),
JUDGEAPP_THREADS (default 16 per worker, reading requests), JUDGEAPP_APP_CONCURRENCY (default 4
per worker, running the application), JUDGEAPP_REQUEST_DEADLINE (default 5 s for a request's
headers and body to arrive) and JUDGEAPP_TRUSTED_PROXIES (the proxies whose X-Forwarded-Proto is
believed; default none) configure it."""
import ctypes
import importlib
import os

from judgeapp.settings.env import env_int

wsgi_app = "judgeapp.wsgi:application"
bind = os.environ.get("JUDGEAPP_BIND", "127.0.0.1:8000")
workers = env_int("JUDGEAPP_WORKERS", 2, minimum=1)
# Threaded workers: while one request waits (on the database's write lock, on the disk, on a slow
# client), the worker's other threads answer. With SQLite in WAL mode readers never wait for a writer.
# Many threads read requests, JUDGEAPP_APP_CONCURRENCY of them run the application at once, and a
# request must arrive whole within JUDGEAPP_REQUEST_DEADLINE seconds (judgeapp/serving.py).
worker_class = "judgeapp.serving.DeadlineThreadWorker"
threads = env_int("JUDGEAPP_THREADS", 16, minimum=1)
# Kept-alive connections spare a browser (or a proxy) a new connection per request.
keepalive = 5
# A request holds its thread until answered; a long sandbox run stays under this.
timeout = env_int("JUDGEAPP_TIMEOUT", 60, minimum=1)
graceful_timeout = 30
# X-Forwarded-Proto (the request's scheme) is believed from the proxies the application trusts and
# from no one else: the same variable as settings.TRUSTED_PROXIES (judgeapp/client_address.py).
forwarded_allow_ips = ",".join(p.strip() for p in os.environ.get("JUDGEAPP_TRUSTED_PROXIES", "").split(",")
                               if p.strip())
accesslog = os.environ.get("JUDGEAPP_ACCESS_LOG") or None
errorlog = "-"
SETTINGS = "judgeapp.settings.prod"
raw_env = [f"DJANGO_SETTINGS_MODULE={SETTINGS}"]
# The settings are read here, in the master, before any worker starts: a value they refuse stops
# gunicorn with its one line (judgeapp/settings/env.py) instead of every worker failing and being
# started again, forever.
importlib.import_module(SETTINGS)


M_ARENA_MAX = -8  # glibc's mallopt parameter


def pre_request(worker, req):
    """Headers are in: a declared body gets the time a slow network needs (judgeapp/serving.py)."""
    from judgeapp.serving import watchdog

    for name, value in req.headers:
        if name == "CONTENT-LENGTH" and value.isdigit():
            watchdog.body_expected(int(value))


def post_fork(server, worker):
    """Two malloc arenas per worker: glibc otherwise gives each thread that allocates its own
    (up to eight per core), and a threaded worker's resident memory then creeps up with every
    arena's free but unreturned pages.  Set in the worker before its threads start."""
    try:
        ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, 2)
    except (OSError, AttributeError):  # not glibc: its allocator has no such setting
        pass
