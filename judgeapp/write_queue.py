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
"""
from __future__ import annotations

import fcntl
import os
import threading
import time


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

    def acquire(self) -> float:
        """Take the queue's lock (a no-op when this thread holds it); returns the seconds waited."""
        if self.held:
            return 0.0
        started = time.perf_counter()
        fcntl.flock(self._fd(), fcntl.LOCK_EX)
        self._local.held = True
        self._local.since = time.perf_counter()
        waited = self._local.since - started
        self._local.waited = getattr(self._local, "waited", 0.0) + waited
        return waited

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


def waited_by_this_thread(reset: bool = False) -> tuple[float, float]:
    """Seconds the current thread waited in any queue, and held their locks (for Server-Timing)."""
    queues = list(_queues.values())
    return sum(queue.waited(reset) for queue in queues), sum(queue.holding(reset) for queue in queues)
