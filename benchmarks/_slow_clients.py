"""Slow and stalled clients for the serving test and the load benchmark: connections that send their
headers, or their body, one byte at a time, and open a new connection whenever the server cuts one
(as a hostile client would), so that the same number stays open all along."""
from __future__ import annotations

import selectors
import socket
import threading
import time
from collections import Counter

HEADER = "header"
LENGTH_BODY = "body (Content-Length)"
CHUNKED_BODY = "body (chunked)"
DECLARED_BODY_BYTES = 100_000


def _opening(kind: str, host_header: str) -> bytes:
    """What a connection of ``kind`` sends at once, before it starts dripping."""
    if kind == HEADER:
        return f"GET /api/v1/documents/ HTTP/1.1\r\nHost: {host_header}\r\n".encode()
    framing = (f"Content-Length: {DECLARED_BODY_BYTES}" if kind == LENGTH_BODY else "Transfer-Encoding: chunked")
    return (f"POST /api/v1/scenarios/ HTTP/1.1\r\nHost: {host_header}\r\nContent-Type: application/json\r\n"
            f"{framing}\r\n\r\n").encode()


def _drop(kind: str) -> bytes:
    """One more byte of the request: of a never-ending header line, or one byte of the body (JSON may
    open with any amount of white space), as a one-byte chunk when the body is chunked."""
    if kind == HEADER:
        return b"x"
    return b" " if kind == LENGTH_BODY else b"1\r\n \r\n"


class Drippers:
    """``headers`` connections dripping a header and ``bodies`` dripping a body (half of them with a
    Content-Length, half chunked) to host:port, one byte every ``interval`` seconds, from one thread.

    ``summary()`` says, per kind, how many connections were opened, how many the server shut without
    an answer, which answers it gave (status lines), and how long the cut connections had lived."""

    def __init__(self, host: str, port: int, *, headers: int = 50, bodies: int = 50, interval: float = 1.0,
                 host_header: str = "127.0.0.1"):
        self.address = (host, port)
        self.interval = interval
        self.host_header = host_header
        self.kinds = [HEADER] * headers + [LENGTH_BODY] * (bodies - bodies // 2) + [CHUNKED_BODY] * (bodies // 2)
        self.open: list[tuple[str, socket.socket, float] | None] = [None] * len(self.kinds)
        self.lock = threading.Lock()
        self.opened: Counter = Counter()
        self.cut: Counter = Counter()
        self.refused: Counter = Counter()  # connections the server would not even accept
        self.answers: dict[str, Counter] = {kind: Counter() for kind in set(self.kinds)}
        self.lifetimes: dict[str, list[float]] = {kind: [] for kind in set(self.kinds)}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._selector = selectors.DefaultSelector()  # select() itself stops at descriptor 1024

    def _connect(self, index: int) -> None:
        kind = self.kinds[index]
        try:
            sock = socket.create_connection(self.address, timeout=5)
            sock.sendall(_opening(kind, self.host_header))
            sock.setblocking(False)
        except OSError:
            self.refused[kind] += 1
            self.open[index] = None
            return
        self.opened[kind] += 1
        self.open[index] = (kind, sock, time.monotonic())
        self._selector.register(sock, selectors.EVENT_READ)

    def _ended(self, index: int, answer: bytes) -> None:
        """The server answered or shut connection ``index``: note how, and open another in its place."""
        kind, sock, since = self.open[index]
        with self.lock:
            if answer:
                status = answer.split(b"\r\n", 1)[0].decode(errors="replace")
                self.answers[kind][status] += 1
            else:
                self.cut[kind] += 1
            self.lifetimes[kind].append(time.monotonic() - since)
        self._selector.unregister(sock)
        sock.close()
        self._connect(index)

    def start(self) -> "Drippers":
        for index in range(len(self.kinds)):
            self._connect(index)
        self._thread = threading.Thread(target=self._run, name="drippers", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            answered = {key.fileobj for key, _ in self._selector.select(0)}
            for index, entry in enumerate(self.open):
                if self._stop.is_set():
                    return
                if entry is None:
                    self._connect(index)
                    continue
                kind, sock, _ = entry
                try:
                    if sock in answered:
                        self._ended(index, sock.recv(4096))
                        continue
                    sock.send(_drop(kind))
                except (BlockingIOError, InterruptedError):
                    pass  # the server reads slower than we drip: nothing sent this time
                except OSError:
                    self._ended(index, b"")

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        for entry in self.open:
            if entry is not None:
                entry[1].close()
        self._selector.close()

    def held(self) -> int:
        """Connections open now."""
        return sum(entry is not None for entry in self.open)

    def summary(self) -> list[str]:
        lines = []
        for kind in (HEADER, LENGTH_BODY, CHUNKED_BODY):
            if kind not in self.answers:
                continue
            lives = sorted(self.lifetimes[kind])
            life = f", cut after {lives[0]:.1f}-{lives[-1]:.1f} s" if lives else ""
            answers = dict(self.answers[kind]) or "none"
            lines.append(f"{kind}: {self.opened[kind]} connections opened, {self.cut[kind]} shut without an answer"
                         f"{life}; answers {answers}; refused at connect {self.refused[kind]}")
        return lines

    def __enter__(self) -> "Drippers":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
