"""``ENGINE: judgeapp.sqlite_backend``: django.db.backends.sqlite3 whose write transactions wait
their turn in a :class:`~judgeapp.write_queue.WriteQueue` before ``BEGIN IMMEDIATE``, and give it
up at commit, rollback or close.  Settings select it for every file database (settings/base.py);
an in-memory database (the tests') has one connection and needs no queue.

Within a request (judgeapp.write_queue.WriteBoundsMiddleware) the wait for the queue is bounded
(WriteBusy past it), and so is the time a transaction holds it: a statement that would start past
the hold bound is refused, and SQLite's progress handler (called every thousand virtual-machine
instructions) interrupts one that runs past it; the transaction rolls back and the request answers
503.  A slow path between two statements keeps the lock at most until its next statement.

The database's files (sessions, password hashes) are readable by their owner only."""
from __future__ import annotations

import os
import sqlite3
import stat
import time

from django.db.backends.sqlite3 import base as sqlite3_base

from judgeapp.write_queue import current_bounds, queue_for

PROGRESS_INSTRUCTIONS = 1000  # how often (SQLite instructions) a running statement checks the hold bound
INTERRUPTED = "interrupted"  # SQLite's own message for an interrupted statement


class _GuardedCursor(sqlite3_base.SQLiteCursorWrapper):
    """Refuses to start a statement past its transaction's hold bound, as SQLite interrupts one."""

    def __init__(self, connection, wrapper: "DatabaseWrapper"):
        super().__init__(connection)
        self._wrapper = wrapper

    def _check(self) -> None:
        deadline = self._wrapper.hold_deadline
        if deadline is not None and time.monotonic() > deadline:
            raise sqlite3.OperationalError(INTERRUPTED)

    def execute(self, query, params=None):
        self._check()
        return super().execute(query, params)

    def executemany(self, query, param_list):
        self._check()
        return super().executemany(query, param_list)


def sqlite_files_private(path) -> None:
    """Create the SQLite database ``path`` readable and writable by its owner only, and take group and
    others' access away from one created before (its -wal and -shm files too: SQLite gives new ones the
    database file's mode)."""
    path = os.fspath(path)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for name in (path, path + "-wal", path + "-shm"):
        try:
            if os.stat(name).st_mode & (stat.S_IRWXG | stat.S_IRWXO):
                os.chmod(name, 0o600)
        except FileNotFoundError:
            pass


class DatabaseWrapper(sqlite3_base.DatabaseWrapper):
    hold_deadline: float | None = None  # monotonic time past which this transaction may run no statement

    def create_cursor(self, name=None):
        return self.connection.cursor(factory=lambda connection: _GuardedCursor(connection, self))

    def get_new_connection(self, conn_params):
        if not self.is_in_memory_db():
            sqlite_files_private(self.settings_dict["NAME"])
        return super().get_new_connection(conn_params)

    @property
    def _write_queue(self):
        # Looked up each time: the test runner renames the database after the wrapper is made.
        return None if self.is_in_memory_db() else queue_for(self.settings_dict["NAME"])

    def _start_transaction_under_autocommit(self):
        queue = self._write_queue
        if queue is None:
            return super()._start_transaction_under_autocommit()
        wait, hold = current_bounds()
        hold = hold() if callable(hold) else hold  # before the queue: it may read the session
        queue.acquire(timeout=wait)
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            queue.release()
            raise
        if hold is not None:
            deadline = self.hold_deadline = time.monotonic() + hold
            self.connection.set_progress_handler(lambda: time.monotonic() > deadline, PROGRESS_INSTRUCTIONS)

    def _release_queue(self) -> None:
        queue = self._write_queue
        if queue is not None:
            queue.release()

    def _guard_off(self) -> None:
        self.hold_deadline = None
        if self.connection is not None:
            self.connection.set_progress_handler(None, 0)

    def _commit(self):
        self._guard_off()
        try:
            return super()._commit()
        finally:
            self._release_queue()

    def _rollback(self):
        self._guard_off()
        try:
            return super()._rollback()
        finally:
            self._release_queue()

    def _close(self):
        self.hold_deadline = None
        try:
            return super()._close()
        finally:
            self._release_queue()
