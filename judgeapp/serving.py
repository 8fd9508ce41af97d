"""Serving under slow or hostile clients: the gunicorn worker class and the WSGI wrapper `make serve` uses.

A threaded gunicorn worker parses each request in one of its pool's threads, reading
the socket as the client sends.  A client that sends its headers (or its body) a byte
every few seconds holds that thread as long as it likes: measured here, 12 such
connections left the production server answering nobody.  Three measures, together (with
them, 200 dripping connections delayed an ordinary request by one deadline, 5.2 s, once):

* a deadline: a request's headers must have arrived within ``JUDGEAPP_REQUEST_DEADLINE``
  seconds (default 5) of its being queued for a thread, and its body within that plus the
  time a slow network needs for its declared length, else a watchdog shuts the connection
  (:class:`Watchdog`).  A request whose headers are already in (one that only waited its
  turn) is never cut off for the wait;
* more threads to read requests than run the application (``JUDGEAPP_THREADS``, default 16
  per worker), so that a few slow clients at once still leave threads for everyone else.
  Not many more: measured with the load benchmark, 64 threads per worker cost 50% more CPU
  per request than 16 (253 against 395 req/s) and more memory;
* few threads in the application at once (``JUDGEAPP_APP_CONCURRENCY``, default 4 per
  worker, :class:`ConcurrencyLimit`): the work is CPU and the interpreter runs one thread at
  a time, so more would only share the same cores and hold more memory.  The body is read
  before a thread takes its place, so a slow body never holds a place in the application.

A site on the open internet still belongs behind a proxy that buffers requests (nginx;
docs/deploy.md); these keep a venue's server answering without one.
"""
from __future__ import annotations

import io
import os
import socket
import threading
import time

from judgeapp.settings.env import env_float, env_int

REQUEST_DEADLINE = env_float("JUDGEAPP_REQUEST_DEADLINE", 5.0, positive=True)
# A declared body adds time at this slowest rate a client may send (a phone on a venue's network
# uploading an export or a rules file), so only a body slower than that is cut off.
MIN_BODY_BYTES_PER_SECOND = 20_000
APP_CONCURRENCY = env_int("JUDGEAPP_APP_CONCURRENCY", 4, minimum=1)
# Bodies up to this size (the sandbox API's limit) are read before the request takes a place in
# the application. Larger ones (staff's rule uploads, or bodies Django will refuse) are read by
# the application itself: a reading thread never holds more than this much of a body in memory.
PREREAD_MAX_BYTES = 1024 * 1024


class Watchdog:
    """Shuts the sockets whose request has not fully arrived by its deadline (one thread per process)."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self._lock = threading.Lock()
        self._watched: dict[socket.socket, float] = {}
        self._local = threading.local()
        self._thread: threading.Thread | None = None

    def watch(self, sock: socket.socket, since: float | None = None) -> None:
        """This thread starts reading a request from ``sock``: it has ``deadline`` seconds from
        ``since`` (default: now)."""
        with self._lock:
            self._watched[sock] = (time.monotonic() if since is None else since) + self.deadline
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="request-deadline", daemon=True)
                self._thread.start()
        self._local.sock = sock

    def body_expected(self, length: int) -> None:
        """The request's headers say a body of ``length`` bytes follows: more time for it."""
        sock = getattr(self._local, "sock", None)
        if sock is not None and length > 0:
            with self._lock:
                if sock in self._watched:
                    self._watched[sock] = time.monotonic() + self.deadline + length / MIN_BODY_BYTES_PER_SECOND

    def arrived(self) -> None:
        """The request this thread reads has arrived whole (or the thread gave it up)."""
        sock = getattr(self._local, "sock", None)
        if sock is not None:
            self._local.sock = None
            with self._lock:
                self._watched.pop(sock, None)

    def expired(self, now: float) -> list[socket.socket]:
        with self._lock:
            late = [sock for sock, deadline in self._watched.items() if deadline <= now]
            for sock in late:
                del self._watched[sock]
        return late

    def _run(self) -> None:
        while True:
            time.sleep(min(1.0, self.deadline / 4))
            for sock in self.expired(time.monotonic()):
                _shut(sock)  # the reading thread sees the end of the stream


watchdog = Watchdog(REQUEST_DEADLINE)


class ConcurrencyLimit:
    """A WSGI wrapper: at most ``limit`` requests inside ``app`` at once, each with its body already read."""

    def __init__(self, app, limit: int):
        self.app = app
        self.places = threading.BoundedSemaphore(limit) if limit > 0 else None

    def __call__(self, environ, start_response):
        try:
            _read_body(environ)
        except (OSError, ValueError):  # the client went away mid-body, or the watchdog cut it off
            watchdog.arrived()
            start_response("400 Bad Request", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"The request body did not arrive whole: send it again.\n"]
        watchdog.arrived()
        if self.places is None:
            return self.app(environ, start_response)
        with self.places:
            return self.app(environ, start_response)


def _read_body(environ) -> None:
    """Read a body of declared length (up to PREREAD_MAX_BYTES) now, while the deadline runs."""
    # A shorter body than declared is what it is: the application sees the bytes that came.
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return
    if 0 < length <= PREREAD_MAX_BYTES:
        environ["wsgi.input"] = io.BytesIO(environ["wsgi.input"].read(length))


def _headers_waiting(sock: socket.socket) -> bool:
    """Whether a whole request head is already in the socket's buffer (a client that was only queued)."""
    try:
        return b"\r\n\r\n" in sock.recv(65536, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return False
    except OSError:
        return True  # not ours to judge: the worker reads it and finds out


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


# How long a thread waits for a new connection's first bytes before handing it back to the
# worker's poller, where waiting costs no thread (gunicorn's own default is 5 s: 200 connections
# that sent nothing held every thread and delayed an ordinary request by 4.9 s).
FIRST_BYTES_WAIT = 0.5


def _thread_worker_class():
    from gunicorn.workers import gthread
    from gunicorn.workers.gthread import ThreadWorker

    gthread.DEFAULT_WORKER_DATA_TIMEOUT = FIRST_BYTES_WAIT  # read by ThreadWorker.handle on every call

    class DeadlineThreadWorker(ThreadWorker):
        """gunicorn's threaded worker, each request under the watchdog's deadline until it has arrived.

        The deadline counts from the moment the request was queued for a thread: slow clients
        queued behind slow clients are cut off as soon as a thread takes them up, instead of each
        getting a full deadline in turn while ordinary requests wait behind them."""

        def enqueue_req(self, conn):
            conn.judgeapp_queued = time.monotonic()
            super().enqueue_req(conn)

        def handle(self, conn):
            queued = getattr(conn, "judgeapp_queued", None)
            if queued is not None and time.monotonic() - queued > watchdog.deadline:
                if _headers_waiting(conn.sock):
                    queued = None  # it only waited its turn: a deadline from now
                else:
                    _shut(conn.sock)  # it had its time while it waited: the read below sees the end
            watchdog.watch(conn.sock, since=queued)
            try:
                return super().handle(conn)
            finally:
                watchdog.arrived()

    return DeadlineThreadWorker


def __getattr__(name: str):
    # gunicorn imports the worker class by name; the site itself never needs gunicorn.
    if name == "DeadlineThreadWorker":
        return _thread_worker_class()
    raise AttributeError(name)
