"""``ENGINE: judgeapp.sqlite_backend``: django.db.backends.sqlite3 whose write transactions wait
their turn in a :class:`~judgeapp.write_queue.WriteQueue` before ``BEGIN IMMEDIATE``, and give it
up at commit, rollback or close.  Settings select it for every file database (settings/base.py);
an in-memory database (the tests') has one connection and needs no queue.  The database's files
(sessions, password hashes) are readable by their owner only."""
from __future__ import annotations

import os
import stat

from django.db.backends.sqlite3 import base as sqlite3_base

from judgeapp.write_queue import queue_for


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
        queue.acquire()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            queue.release()
            raise

    def _release_queue(self) -> None:
        queue = self._write_queue
        if queue is not None:
            queue.release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release_queue()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release_queue()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._release_queue()
