"""Serving under slow or hostile clients (judgeapp/serving.py): the request deadline, the places in the
application, and the production server answering while slow clients hold connections open."""
import io
import socket
import threading
import time
import urllib.request

import pytest

from judgeapp.serving import ConcurrencyLimit, Watchdog, _headers_waiting


def _pair_watched(deadline: float):
    server_side, client_side = socket.socketpair()
    dog = Watchdog(deadline)
    return dog, server_side, client_side


def test_a_request_not_arrived_by_its_deadline_has_its_connection_shut():
    dog, server_side, client_side = _pair_watched(0.2)
    dog.watch(server_side)
    client_side.settimeout(3)
    started = time.monotonic()
    assert server_side.recv(10) == b""  # the reading thread sees the end of the stream
    assert 0.15 < time.monotonic() - started < 2


def test_a_request_that_arrived_in_time_is_left_alone():
    dog, server_side, client_side = _pair_watched(0.2)
    dog.watch(server_side)
    dog.arrived()
    time.sleep(0.6)
    assert dog.expired(time.monotonic() + 60) == []
    client_side.sendall(b"x")
    assert server_side.recv(10) == b"x"


def test_a_declared_body_gets_more_time():
    dog, server_side, _ = _pair_watched(0.2)
    dog.watch(server_side)
    dog.body_expected(100_000)  # five seconds at the slowest rate allowed
    assert dog.expired(time.monotonic() + 1) == []
    assert dog.expired(time.monotonic() + 10) == [server_side]


def test_a_request_head_already_in_the_buffer_is_told_from_a_slow_one():
    server_side, client_side = socket.socketpair()
    assert not _headers_waiting(server_side)  # nothing yet
    client_side.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    assert not _headers_waiting(server_side)  # a head still coming
    client_side.sendall(b"\r\n")
    assert _headers_waiting(server_side)
    assert server_side.recv(100).startswith(b"GET /")  # peeking consumed nothing


def test_the_worker_hands_silent_connections_back_to_its_poller_quickly():
    from gunicorn.workers import gthread

    from judgeapp import serving

    worker_class = serving.DeadlineThreadWorker  # what gunicorn.conf.py names
    assert issubclass(worker_class, gthread.ThreadWorker)
    assert gthread.DEFAULT_WORKER_DATA_TIMEOUT == serving.FIRST_BYTES_WAIT <= 1


def test_at_most_limit_requests_run_in_the_application_at_once():
    inside, most = [0], [0]
    lock = threading.Lock()

    def app(environ, start_response):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.05)
        with lock:
            inside[0] -= 1
        return [b"ok"]

    limited = ConcurrencyLimit(app, 2)
    threads = [threading.Thread(target=limited, args=({"wsgi.input": io.BytesIO()}, None)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 2


def test_the_body_is_read_before_the_application_runs():
    class Stream(io.BytesIO):
        reads = 0

        def read(self, *args):
            Stream.reads += 1
            return super().read(*args)

    seen = {}

    def app(environ, start_response):
        seen["reads before"] = Stream.reads
        seen["body"] = environ["wsgi.input"].read()
        return [b""]

    ConcurrencyLimit(app, 1)({"CONTENT_LENGTH": "5", "wsgi.input": Stream(b"hello")}, None)
    assert seen == {"reads before": 1, "body": b"hello"}


def test_a_body_that_never_arrives_whole_is_a_400_not_an_error():
    class Broken(io.BytesIO):
        def read(self, *args):
            raise OSError("no more data")

    answered = {}
    body = ConcurrencyLimit(lambda e, s: [b"app"], 1)(
        {"CONTENT_LENGTH": "10", "wsgi.input": Broken()}, lambda status, headers: answered.update(status=status))
    assert answered["status"].startswith("400") and b"did not arrive whole" in b"".join(body)


@pytest.mark.django_db(transaction=True)
def test_the_server_answers_while_clients_sit_idle_or_drip_their_headers(tmp_path):
    from benchmarks._gunicorn import production_server

    with production_server(tmp_path, workers=2, extra_env={"JUDGEAPP_REQUEST_DEADLINE": "3"}) as (base, _):
        host, port = base.removeprefix("http://").split(":")
        # Connections that send nothing go back to the worker's poller within FIRST_BYTES_WAIT.
        idle = [socket.create_connection((host, int(port))) for _ in range(100)]
        started = time.monotonic()
        with urllib.request.urlopen(base + "/api/v1/documents/", timeout=15) as answer:
            assert answer.status == 200
        assert time.monotonic() - started < 4
        for sock in idle:
            sock.close()
        # More slow clients than either worker has threads: the deadline frees their threads.
        slow = []
        for _ in range(150):
            sock = socket.create_connection((host, int(port)))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow.append(sock)
        stop = threading.Event()

        def drip():
            while not stop.wait(1):
                for sock in slow:
                    try:
                        sock.sendall(b"X-Slow: 1\r\n")
                    except OSError:
                        pass

        dripping = threading.Thread(target=drip, daemon=True)
        dripping.start()
        try:
            waits = []
            for _ in range(3):
                started = time.monotonic()
                with urllib.request.urlopen(base + "/api/v1/documents/", timeout=15) as answer:
                    assert answer.status == 200
                waits.append(time.monotonic() - started)
                time.sleep(0.5)
            assert max(waits) < 5, waits  # at most one deadline's wait, not for ever
            # The slow connections were cut: reading one gives the end of the stream, not an answer.
            slow[0].settimeout(5)
            try:
                data = slow[0].recv(100)
            except ConnectionResetError:
                data = b""
            assert data == b""
        finally:
            stop.set()
            for sock in slow:
                sock.close()
