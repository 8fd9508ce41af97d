"""gunicorn settings for `make serve` (and any deployment): `gunicorn -c judgeapp/gunicorn.conf.py`.

JUDGEAPP_BIND (default 127.0.0.1:8000), JUDGEAPP_WORKERS (default 2: one per core of a small
machine; each worker is a process with its own search index reader and page caches) and
JUDGEAPP_THREADS (default 4 per worker) configure it."""
import ctypes
import os

wsgi_app = "judgeapp.wsgi:application"
bind = os.environ.get("JUDGEAPP_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("JUDGEAPP_WORKERS", "2"))
# Threaded workers: while one request waits (on the database's write lock, on the disk, on a slow
# client), the worker's other threads answer. With SQLite in WAL mode readers never wait for a writer.
worker_class = "gthread"
threads = int(os.environ.get("JUDGEAPP_THREADS", "4"))
# Kept-alive connections spare a browser (or a proxy) a new connection per request.
keepalive = 5
# A request holds its thread until answered; a long sandbox run stays under this.
timeout = int(os.environ.get("JUDGEAPP_TIMEOUT", "60"))
graceful_timeout = 30
# Behind a proxy on the same machine only: it is the one that sets X-Forwarded-Proto.
forwarded_allow_ips = os.environ.get("JUDGEAPP_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("JUDGEAPP_ACCESS_LOG") or None
errorlog = "-"
raw_env = ["DJANGO_SETTINGS_MODULE=judgeapp.settings.prod"]


M_ARENA_MAX = -8  # glibc's mallopt parameter


def post_fork(server, worker):
    """Two malloc arenas per worker: glibc otherwise gives each thread that allocates its own
    (up to eight per core), and a threaded worker's resident memory then creeps up with every
    arena's free but unreturned pages.  Set in the worker before its threads start."""
    try:
        ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, 2)
    except (OSError, AttributeError):  # not glibc: its allocator has no such setting
        pass
