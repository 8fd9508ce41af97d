"""A queue for a SQLite file's single write lock, shared by every thread and process of a server.

SQLite lets one writer at a time hold a database's write lock; the others get
SQLITE_BUSY and its busy handler sleeps and polls (1, 2, 5, 10 ... then 100 ms
at a time).  Under many writers that wastes the lock: it is released while every
waiter sleeps, and a waiter may sleep 100 ms past the moment it could have run.
Measured with 40 writers on 2 workers: the write lock was free most of the time
while answers waited ~500 ms.

Taking an exclusive ``flock`` on a file beside the database *before* asking SQLite
for its write lock puts the waiters in the kernel's queue instead: the next one
wakes as soon as the holder releases it, and SQLite's busy handler is left for
writers that do not take the queue (one-statement autocommits, other programs).
``flock`` locks belong to an open file, so each thread opens its own: the queue
orders threads of one process as well as processes.  While a thread waits it
holds no GIL (``fcntl.flock`` releases it).

A visitor's request waits for the lock and holds it for a bounded time
(:func:`bounded`, set for each request by :class:`WriteBoundsMiddleware` from
``settings.WRITE_LOCK_WAIT_SECONDS`` and ``WRITE_LOCK_HOLD_SECONDS``): past the
wait it gets :class:`WriteBusy`, past the hold its next statement is interrupted
(judgeapp.sqlite_backend), and either answers 503 with ``Retry-After``
(:func:`busy_response`) instead of leaving every other writer frozen behind it.
Management commands (loading the rules, pruning) run without bounds.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time

from django.utils.translation import gettext_lazy


class WriteBusy(Exception):
    """The write lock stayed taken past this thread's wait bound; nothing was written."""

    def __init__(self, waited: float):
        self.waited = waited
        super().__init__(f"the database's write lock stayed taken for {waited:.1f} s")


_bounds = threading.local()


@contextlib.contextmanager
def bounded(*, wait: float | None, hold: float | None):
    """Within this block, this thread's write transactions wait at most ``wait`` seconds for the lock
    and may hold it ``hold`` seconds (None: unbounded; a callable is asked when a transaction begins)."""
    before = getattr(_bounds, "value", (None, None))
    _bounds.value = (wait, hold)
    try:
        yield
    finally:
        _bounds.value = before


def current_bounds() -> tuple[float | None, float | None]:
    """(wait, hold) of this thread's writes, seconds or None."""
    return getattr(_bounds, "value", (None, None))


class WriteQueue:
    """``acquire()`` blocks until this thread is the only holder among everyone using ``path``."""

    def __init__(self, path: str):
        self.path = path
        self._local = threading.local()

    def _fd(self) -> int:
        fd = getattr(self._local, "fd", None)
        if fd is None:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            self._local.fd = fd
        return fd

    @property
    def held(self) -> bool:
        return getattr(self._local, "held", False)

    def acquire(self, timeout: float | None = None) -> float:
        """Take the queue's lock (a no-op when this thread holds it); returns the seconds waited.
        With ``timeout``, raise :class:`WriteBusy` (not holding it) after waiting that long."""
        if self.held:
            return 0.0
        started = time.perf_counter()
        if timeout is None:
            fcntl.flock(self._fd(), fcntl.LOCK_EX)
        else:
            self._acquire_within(timeout, started)
        self._local.held = True
        self._local.since = time.perf_counter()
        waited = self._local.since - started
        self._local.waited = getattr(self._local, "waited", 0.0) + waited
        return waited

    def _acquire_within(self, timeout: float, started: float) -> None:
        """``flock`` has no timeout.  An uncontended lock is taken at once (LOCK_NB); otherwise a helper
        thread waits in the kernel's queue on this thread's file (keeping the queue's order and its
        immediate wake-up, which polling with LOCK_NB would lose) while this thread waits at most
        ``timeout`` for it.  A helper that gets the lock after its waiter gave up releases it at once
        and closes the file, which its waiter no longer uses: a lock is per open file, so a later
        ``acquire`` of this thread on the same file would silently share the helper's lock."""
        fd = self._fd()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        outcome = {"got": False, "abandoned": False, "error": None}
        settled = threading.Condition()

        def wait_in_queue() -> None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
            except OSError as exc:  # pragma: no cover - the kernel refused (EINTR is retried by Python)
                with settled:
                    outcome["error"] = exc
                    settled.notify()
                return
            with settled:
                if outcome["abandoned"]:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                    os.close(fd)
                else:
                    outcome["got"] = True
                    settled.notify()

        threading.Thread(target=wait_in_queue, name="write-queue-waiter", daemon=True).start()
        with settled:
            settled.wait_for(lambda: outcome["got"] or outcome["error"], timeout)
            if outcome["error"] is not None:
                raise outcome["error"]
            if not outcome["got"]:
                outcome["abandoned"] = True
                self._local.fd = None  # the helper owns the file now; the next acquire opens another
                waited = time.perf_counter() - started
                self._local.waited = getattr(self._local, "waited", 0.0) + waited
                raise WriteBusy(waited)

    def release(self) -> None:
        if self.held:
            self._local.held = False
            fcntl.flock(self._fd(), fcntl.LOCK_UN)
            self._local.holding = getattr(self._local, "holding", 0.0) + time.perf_counter() - self._local.since

    def waited(self, reset: bool = False) -> float:
        """Seconds this thread has waited for the lock (since the last reset)."""
        value = getattr(self._local, "waited", 0.0)
        if reset:
            self._local.waited = 0.0
        return value

    def holding(self, reset: bool = False) -> float:
        """Seconds this thread has held the lock (since the last reset)."""
        value = getattr(self._local, "holding", 0.0)
        if reset:
            self._local.holding = 0.0
        return value


_queues: dict[str, WriteQueue] = {}
_queues_lock = threading.Lock()


def queue_for(database_path: str) -> WriteQueue:
    """The one queue of a database file in this process (its lock file is ``<database>.write-queue``)."""
    path = os.path.abspath(str(database_path)) + ".write-queue"
    with _queues_lock:
        queue = _queues.get(path)
        if queue is None:
            queue = _queues[path] = WriteQueue(path)
        return queue


RETRY_AFTER_SECONDS = 2
_BUSY_MESSAGE = gettext_lazy("The site is saving many changes at this moment and could not save yours in time. "
                            "Nothing was changed: try again in a few seconds.")


def __getattr__(name: str):
    """``BUSY_MESSAGE``: the busy answer's words in the active language."""
    if name == "BUSY_MESSAGE":
        return str(_BUSY_MESSAGE)
    raise AttributeError(name)


# PostgreSQL's codes for a statement stopped by the server's lock_timeout or statement_timeout (set on
# the application's role, docs/deploy.md): the same situation as WriteBusy.
POSTGRES_TIMEOUTS = frozenset(("55P03", "57014"))


def is_write_bound_error(exc: BaseException | None) -> bool:
    """A write that gave up for its bounds: WriteBusy, a statement SQLite interrupted past the hold bound
    (judgeapp.sqlite_backend), or one PostgreSQL stopped at its lock or statement timeout."""
    from django.db import OperationalError

    if isinstance(exc, WriteBusy):
        return True
    if not isinstance(exc, OperationalError):
        return False
    return str(exc) == "interrupted" or getattr(exc.__cause__, "sqlstate", None) in POSTGRES_TIMEOUTS


def busy_response(request):
    """503 with Retry-After: JSON for the API, the busy page for the rest."""
    from django.http import JsonResponse
    from django.shortcuts import render

    if request.path.startswith("/api/"):
        response = JsonResponse({"error": "busy", "message": str(_BUSY_MESSAGE)}, status=503)
    else:
        response = render(request, "503.html", {"message": _BUSY_MESSAGE}, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class WriteBoundsMiddleware:
    """Bounds every request's writes (wait for and hold the write lock, settings
    WRITE_LOCK_WAIT_SECONDS / WRITE_LOCK_HOLD_SECONDS); a write past them answers 503 with
    Retry-After.  Staff are not held to the hold bound: uploading a rules document is one long
    write a visitor cannot start (their wait is bounded as everyone's)."""

    def __init__(self, get_response):
        from django.conf import settings

        self.get_response = get_response
        self.wait = settings.WRITE_LOCK_WAIT_SECONDS
        self.hold = settings.WRITE_LOCK_HOLD_SECONDS

    def __call__(self, request):
        asking = []

        def hold() -> float | None:
            # Asked when a write begins: the user is known by then (this middleware runs before the
            # session's, so that the session's own save is bounded too).  Finding the user may itself
            # write (a session flushed for a changed password): that write is bounded, not asked again.
            if asking:
                return self.hold
            asking.append(True)
            try:
                return None if getattr(getattr(request, "user", None), "is_staff", False) else self.hold
            finally:
                asking.clear()

        with bounded(wait=self.wait, hold=hold):
            return self.get_response(request)

    def process_exception(self, request, exception):
        if is_write_bound_error(exception):
            return busy_response(request)
        return None


def waited_by_this_thread(reset: bool = False) -> tuple[float, float]:
    """Seconds the current thread waited in any queue, and held their locks (for Server-Timing)."""
    queues = list(_queues.values())
    return sum(queue.waited(reset) for queue in queues), sum(queue.holding(reset) for queue in queues)
