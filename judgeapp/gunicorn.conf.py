"""gunicorn settings for `make serve` (and any deployment): `gunicorn -c judgeapp/gunicorn.conf.py`.

`make serve` puts nginx in front (judgeapp/serving.py), which hands gunicorn only whole requests over
loopback and takes whole answers from it, so slow clients never hold one of gunicorn's threads.  Never
expose gunicorn itself: a client sending a byte a second would hold a thread as long as it liked.

JUDGEAPP_APP_BIND (default 127.0.0.1:8001; `make serve` passes a socket it chose, fd://N),
JUDGEAPP_WORKERS (default 2: one per core of a small machine; each worker is a process with its own
search index reader and page caches), JUDGEAPP_THREADS (default 16 per worker) and
JUDGEAPP_APP_CONCURRENCY (default 4 per worker, judgeapp/wsgi.py) configure it."""
import ctypes
import os

wsgi_app = "judgeapp.wsgi:application"
bind = os.environ.get("JUDGEAPP_APP_BIND", "127.0.0.1:8001")
workers = int(os.environ.get("JUDGEAPP_WORKERS", "2"))
# Threaded workers: while one request waits (on the database's write lock, on the disk, on reading it
# from nginx or writing its answer back), the worker's other threads answer; with SQLite in WAL mode
# readers never wait for a writer.  Of the threads, JUDGEAPP_APP_CONCURRENCY (default 4) run the
# application at once (judgeapp/wsgi.py; measured in judgeapp/serving.py's ConcurrencyLimit).
worker_class = "gthread"
threads = int(os.environ.get("JUDGEAPP_THREADS", "16"))
# nginx opens a connection per request (judgeapp/serving.py); a client talking to gunicorn directly
# (a test, a proxy of your own) keeps its connection this long between requests.
keepalive = 5
# A request holds its thread until answered; a long sandbox run stays under this.
timeout = int(os.environ.get("JUDGEAPP_TIMEOUT", "60"))
graceful_timeout = 30
# Only nginx on this machine talks to gunicorn; it sets X-Forwarded-Proto itself.
forwarded_allow_ips = os.environ.get("JUDGEAPP_FORWARDED_ALLOW_IPS", "127.0.0.1")
errorlog = "-"
# `make serve` writes gunicorn's pid beside the data: `kill -HUP $(cat var/gunicorn.pid)` reloads the workers.
pidfile = os.environ.get("JUDGEAPP_GUNICORN_PIDFILE") or None
# gunicorn's control socket defaults to one path per user ($HOME/.gunicorn/gunicorn.ctl), which every
# gunicorn that user starts would share (tests and benchmarks start several): the pid file is enough.
control_socket_disable = True
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
