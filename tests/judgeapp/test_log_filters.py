"""The log: a visitor's mistake is one line, a server error keeps its traceback."""
import logging
import os
import subprocess
import sys
from pathlib import Path

from judgeapp.log_filters import VisitorMistakeWithoutTraceback

ROOT = Path(__file__).resolve().parents[2]


def _record(name: str, level: int) -> logging.LogRecord:
    try:
        raise ValueError("boom")
    except ValueError:
        return logging.LogRecord(name, level, __file__, 1, "message", (), sys.exc_info())


def test_only_server_errors_keep_their_traceback():
    keep = VisitorMistakeWithoutTraceback()
    for name, level, traceback in (("django.request", logging.WARNING, False),
                                   ("django.security.DisallowedHost", logging.ERROR, False),
                                   ("django.request", logging.ERROR, True)):
        record = _record(name, level)
        assert keep.filter(record) and (record.exc_info is not None) == traceback, (name, level)


def test_an_unknown_host_is_logged_in_one_line_by_production_settings(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "JUDGEAPP_"))}
    env.update(DJANGO_SETTINGS_MODULE="judgeapp.settings.prod", JUDGEAPP_VAR_DIR=str(tmp_path),
               DJANGO_SECRET_KEY="q7-Vd0S_3kLw9zP1xR8mN2bT5yH4cJ6fG0aE9uI7oK3sD1lZ8vB2nM5xC4qW6eR0tY",
               DJANGO_ALLOWED_HOSTS="judges.example.org")
    # An API address: its answer needs no collected static files (a page's would, under production settings).
    script = ("import django; django.setup()\n"
              "from django.test import Client\n"
              "print(Client(raise_request_exception=False).get('/api/v1/documents/', HTTP_HOST='evil.example').status_code)\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.strip() == "400", result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "evil.example" in lines[0] and "Traceback" not in result.stderr, result.stderr
