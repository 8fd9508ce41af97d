"""The write queue (judgeapp/write_queue.py) and the SQLite backend that takes it around write transactions."""
import os
import threading
import time

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
