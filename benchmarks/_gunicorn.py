"""The production server as `make serve` runs it (nginx in front of gunicorn, production settings,
whitenoise: `python -m judgeapp.serving`), on a free loopback port with its own data directory: for the
load benchmark, the serving test and the concurrency tests."""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(var_dir: Path, port: int, workers: int) -> dict:
    """What `make serve HOST=127.0.0.1:<port> WORKERS=<workers>` exports (see the Makefile)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "JUDGEAPP_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="judgeapp.settings.prod", DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost", JUDGEAPP_VAR_DIR=str(var_dir),
        JUDGEAPP_BIND=f"127.0.0.1:{port}", JUDGEAPP_WORKERS=str(workers), JUDGEAPP_TRUSTED_PROXIES="127.0.0.1",
    )
    return env


def prepare(var_dir: Path, *, corpus: bool, env: dict) -> None:
    """Migrate, collect static files, and (corpus=True) load the documents and build the index."""
    commands = [["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]]
    if corpus:
        commands += [["load_rules", "--if-missing"], ["seed_glossary", "--if-empty"], ["rebuild_index", "--if-missing"]]
    for command in commands:
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)


def _children(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return [int(p) for p in children.read_text().split()]
    except OSError:
        return []


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _descendant(pid: int, word: str) -> int | None:
    """The first process under ``pid`` whose command line holds ``word`` (breadth first)."""
    queue = [pid]
    while queue:
        current = queue.pop(0)
        if current != pid and word in _command(current):
            return current
        queue += _children(current)
    return None


@contextlib.contextmanager
def production_server(var_dir: Path, *, workers: int = 2, corpus: bool = False, extra_env: dict | None = None,
                      prepare_with=None):
    """Yields (base URL, gunicorn's master pid) of the server `make serve` starts, serving `var_dir`,
    started with the command `make serve` ends with and the environment it exports; stops it afterwards.
    ``prepare_with(var_dir, env)`` prepares the data directory instead of `prepare`; `extra_env` adds
    settings (JUDGEAPP_RATE_LIMIT_FACTOR, JUDGEAPP_SERVER_TIMING)."""
    port = free_port()
    env = {**server_env(Path(var_dir), port, workers), **(extra_env or {})}
    (prepare_with or partial(prepare, corpus=corpus))(Path(var_dir), env=env)
    command = [sys.executable, "-m", "judgeapp.serving"]
    # The server's log goes to a file: a pipe nobody reads fills up (Django logs every 4xx as a warning)
    # and then every worker blocks on its next log line, which froze whole runs for the clients' timeout.
    # JUDGEAPP_SERVER_LOG=<file> keeps it (appended) to read after a run that met a 500.
    kept = os.environ.get("JUDGEAPP_SERVER_LOG")
    log = open(kept, "ab+") if kept else tempfile.TemporaryFile()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/api/v1/documents/", timeout=2).read()
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    raise RuntimeError("the server did not start: " + log.read().decode(errors="replace")[-3000:])
                time.sleep(0.3)
        yield base, _descendant(process.pid, "gunicorn")
    finally:
        # The whole group: the supervisor, nginx and gunicorn.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=45)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


def nginx_pids(gunicorn_master: int) -> list[int]:
    """nginx's processes beside this gunicorn (children of the same supervisor)."""
    try:
        supervisor = int(Path(f"/proc/{gunicorn_master}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return []
    master = next((pid for pid in _children(supervisor) if "nginx" in _command(pid)), None)
    return [master, *_children(master)] if master else []


def worker_pids(master: int) -> list[int]:
    return _children(master)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def request(base: str, method: str, path: str, body=None, headers: dict | None = None, timeout: float = 30):
    """(status, parsed JSON or raw bytes) of one request; never raises for an HTTP error status."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw
