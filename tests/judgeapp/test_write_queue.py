"""The write queue (judgeapp/write_queue.py) and the SQLite backend that takes it around write transactions."""
import os
import urllib.request
import threading
import time

import pytest
from django.db.utils import ConnectionHandler

from judgeapp.write_queue import WriteQueue, queue_for


def test_a_second_thread_waits_until_the_first_releases(tmp_path):
    queue = WriteQueue(str(tmp_path / "q"))
    order = []
    queue.acquire()
    waiter = threading.Thread(target=lambda: (queue.acquire(), order.append("second"), queue.release()))
    waiter.start()
    time.sleep(0.1)
    order.append("first")  # the waiter has not got in while this thread holds the lock
    queue.release()
    waiter.join(5)
    assert order == ["first", "second"]


def test_a_waiter_wakes_as_soon_as_the_lock_is_released(tmp_path):
    queue = WriteQueue(str(tmp_path / "q"))
    woke = {}
    queue.acquire()
    waiter = threading.Thread(target=lambda: (queue.acquire(), woke.setdefault("at", time.perf_counter()),
                                              queue.release()))
    waiter.start()
    time.sleep(0.2)
    released = time.perf_counter()
    queue.release()
    waiter.join(5)
    assert woke["at"] - released < 0.05  # no polling interval between release and wake-up


def test_acquiring_twice_in_one_thread_does_not_deadlock(tmp_path):
    queue = WriteQueue(str(tmp_path / "q"))
    queue.acquire()
    assert queue.acquire() == 0.0 and queue.held
    queue.release()
    assert not queue.held


def test_another_process_waits_for_the_lock(tmp_path):
    path = str(tmp_path / "q")
    queue = WriteQueue(path)
    queue.acquire()
    marker = tmp_path / "child-got-it"
    pid = os.fork()
    if pid == 0:  # the child: a process of its own with its own queue object
        child_queue = WriteQueue(path)
        child_queue.acquire()
        marker.write_text(str(time.perf_counter()))
        child_queue.release()
        os._exit(0)
    time.sleep(0.2)
    assert not marker.exists()
    queue.release()
    os.waitpid(pid, 0)
    assert marker.exists()


def test_one_queue_per_database_file_in_a_process(tmp_path):
    assert queue_for(tmp_path / "db.sqlite3") is queue_for(str(tmp_path / "db.sqlite3"))
    assert queue_for(tmp_path / "db.sqlite3").path.endswith("db.sqlite3.write-queue")


def test_the_backend_holds_the_queue_from_begin_to_commit_or_rollback(tmp_path, django_db_blocker):
    django_db_blocker.unblock()
    handler = ConnectionHandler({"default": {"ENGINE": "judgeapp.sqlite_backend", "NAME": str(tmp_path / "db.sqlite3"),
                                             "OPTIONS": {"transaction_mode": "IMMEDIATE"}}})
    connection = handler["default"]
    queue = queue_for(tmp_path / "db.sqlite3")
    try:
        with connection.cursor() as cursor:
            cursor.execute("CREATE TABLE t (n INTEGER)")
        for finish in (connection.commit, connection.rollback):
            connection.set_autocommit(True)
            connection._start_transaction_under_autocommit()
            assert queue.held
            with connection.cursor() as cursor:
                cursor.execute("INSERT INTO t VALUES (1)")
            finish()
            assert not queue.held
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM t")
            assert cursor.fetchone() == (1,)  # the committed row, not the rolled back one
    finally:
        connection.close()
        django_db_blocker.restore()


# ---------------------------------------------------------------- bounds: wait, hold, 503
def test_a_waiter_past_its_timeout_gets_write_busy_and_the_lock_stays_usable(tmp_path):
    from judgeapp.write_queue import WriteBusy

    path = str(tmp_path / "q")
    holder, waiter = WriteQueue(path), WriteQueue(path)  # two open files: as two processes
    holder.acquire()
    outcome = {}

    def wait():
        started = time.perf_counter()
        try:
            waiter.acquire(timeout=0.3)
            outcome["got"] = True
        except WriteBusy as exc:
            outcome["busy"], outcome["after"] = exc.waited, time.perf_counter() - started
        outcome["held"] = waiter.held
    thread = threading.Thread(target=wait)
    thread.start()
    thread.join(5)
    assert "got" not in outcome and 0.3 <= outcome["after"] < 1.0 and not outcome["held"]
    holder.release()
    time.sleep(0.1)  # the abandoned helper takes the lock and gives it back at once
    third = WriteQueue(path)
    assert third.acquire(timeout=0.5) < 0.5
    third.release()
    # The thread that gave up can queue again, on a new file (the helper closed the old one).
    again = {}
    thread = threading.Thread(target=lambda: (waiter.acquire(timeout=0.5), again.setdefault("held", waiter.held),
                                              waiter.release()))
    thread.start()
    thread.join(5)
    assert again == {"held": True}


def test_a_waiter_within_its_timeout_gets_the_lock_as_soon_as_it_is_released(tmp_path):
    path = str(tmp_path / "q")
    holder, waiter = WriteQueue(path), WriteQueue(path)
    holder.acquire()
    woke = {}
    thread = threading.Thread(target=lambda: (waiter.acquire(timeout=5), woke.setdefault("at", time.perf_counter()),
                                              waiter.release()))
    thread.start()
    time.sleep(0.2)
    released = time.perf_counter()
    holder.release()
    thread.join(5)
    assert woke["at"] - released < 0.05


def _file_connection(tmp_path):
    handler = ConnectionHandler({"default": {"ENGINE": "judgeapp.sqlite_backend", "NAME": str(tmp_path / "db.sqlite3"),
                                             "OPTIONS": {"transaction_mode": "IMMEDIATE"}}})
    connection = handler["default"]
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t (n INTEGER)")
    return connection


def test_a_transaction_past_its_hold_bound_is_interrupted_and_rolled_back(tmp_path, django_db_blocker):
    from django.db import OperationalError

    from judgeapp.write_queue import bounded, is_write_bound_error

    django_db_blocker.unblock()
    connection = _file_connection(tmp_path)
    queue = queue_for(tmp_path / "db.sqlite3")
    try:
        with bounded(wait=1, hold=0.1):
            try:
                with _ConnectionAtomic(connection):
                    with connection.cursor() as cursor:
                        cursor.execute("INSERT INTO t VALUES (1)")
                        time.sleep(0.2)  # a slow path between two statements, past the bound
                        cursor.execute("INSERT INTO t VALUES (2)")
            except OperationalError as exc:
                assert is_write_bound_error(exc)
            else:
                raise AssertionError("the statement past the hold bound ran")
        assert not queue.held
        with bounded(wait=1, hold=0.5), _ConnectionAtomic(connection):  # within the bound: runs and commits
            with connection.cursor() as cursor:
                cursor.execute("INSERT INTO t VALUES (3)")
        with connection.cursor() as cursor:
            cursor.execute("SELECT n FROM t")
            assert cursor.fetchall() == [(3,)]
    finally:
        connection.close()
        django_db_blocker.restore()


class _ConnectionAtomic:
    """transaction.atomic() on a connection made outside django.db.connections (the test's own file)."""

    def __init__(self, connection):
        self.connection = connection

    def __enter__(self):
        self.connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)

    def __exit__(self, kind, *_):
        try:
            (self.connection.rollback if kind else self.connection.commit)()
        finally:
            self.connection.set_autocommit(True)


def test_a_waiter_past_the_wait_bound_begins_nothing(tmp_path, django_db_blocker):
    import pytest

    from judgeapp.write_queue import WriteBusy, bounded

    django_db_blocker.unblock()
    connection = _file_connection(tmp_path)
    holder = WriteQueue(str(tmp_path / "db.sqlite3") + ".write-queue")
    holder.acquire()
    try:
        with bounded(wait=0.2, hold=None), pytest.raises(WriteBusy):
            connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
        assert connection.get_autocommit() and not connection.in_atomic_block
    finally:
        holder.release()
        connection.close()
        django_db_blocker.restore()


@pytest.mark.django_db
def test_a_write_past_its_bounds_answers_503_with_retry_after_on_the_api_and_the_pages(client, monkeypatch):
    from judgeapp.sandbox import services
    from judgeapp.write_queue import WriteBusy
    from tests.judgeapp.sandbox.test_api import board

    created = client.post("/api/v1/scenarios/", {"scenario": board()}, content_type="application/json").json()

    def busy(**kwargs):
        raise WriteBusy(5.0)
    monkeypatch.setattr(services, "scenario_step", busy)
    api = client.post(f"/api/v1/scenarios/{created['id']}/step/", {"mode": "decision"},
                      content_type="application/json")
    assert api.status_code == 503 and api["Retry-After"] == "2"
    assert api.json()["error"] == "busy" and "try again" in api.json()["message"]
    page = client.post(f"/sandbox/{created['id']}/play/", {"op": "step", "mode": "decision"})
    assert page.status_code == 503 and page["Retry-After"] == "2"
    assert b"try again in a few seconds" in page.content and b"WriteBusy" not in page.content


@pytest.mark.django_db
def test_a_session_save_past_the_bounds_answers_503_too(client, monkeypatch):
    """The session is saved after the view, where no middleware's process_exception sees an error: the
    server-error handler answers it."""
    from django.contrib.sessions.backends.db import SessionStore

    from judgeapp.write_queue import WriteBusy

    def busy(self, must_create=False):
        raise WriteBusy(5.0)
    monkeypatch.setattr(SessionStore, "save", busy)
    client.raise_request_exception = False
    page = client.post("/sandbox/new/")  # creates a board and remembers it in the session
    assert page.status_code == 503 and page["Retry-After"] == "2" and b"try again" in page.content


def test_postgresql_lock_and_statement_timeouts_count_as_writes_past_their_bounds():
    from django.db import OperationalError

    from judgeapp.write_queue import is_write_bound_error

    class PostgresError(Exception):
        def __init__(self, sqlstate):
            self.sqlstate = sqlstate

    for sqlstate, bound in (("55P03", True), ("57014", True), ("53300", False)):
        wrapped = OperationalError("stopped")
        wrapped.__cause__ = PostgresError(sqlstate)
        assert is_write_bound_error(wrapped) is bound
    assert not is_write_bound_error(OperationalError("database is locked"))
    assert not is_write_bound_error(ValueError("interrupted"))
