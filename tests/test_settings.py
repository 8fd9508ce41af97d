"""Production settings refuse unsafe configurations, each with one line naming what to fix."""
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRONG_KEY = "q7-Vd0S_3kLw9zP1xR8mN2bT5yH4cJ6fG0aE9uI7oK3sD1lZ8vB2nM5xC4qW6eR0tY"


def _clean_env(tmp_path, env_extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "JUDGEAPP_"))}
    env.update(JUDGEAPP_VAR_DIR=str(tmp_path), **env_extra)
    return env


def _import_prod(tmp_path, env_extra):
    return subprocess.run([sys.executable, "-c", "import judgeapp.settings.prod"], cwd=ROOT,
                          env=_clean_env(tmp_path, env_extra), capture_output=True, text=True)


def _check(tmp_path, env_extra):
    """`manage.py check` on production settings, as `make serve` runs it first."""
    return subprocess.run([sys.executable, "manage.py", "check", "--settings=judgeapp.settings.prod"], cwd=ROOT,
                          env=_clean_env(tmp_path, env_extra), capture_output=True, text=True)


def _one_line(result) -> str:
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def test_prod_refuses_without_secret_key(tmp_path):
    assert "DJANGO_SECRET_KEY must be set" in _one_line(_import_prod(tmp_path, {}))


def test_prod_refuses_debug(tmp_path):
    assert "DEBUG must be off" in _one_line(_import_prod(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY, "DJANGO_DEBUG": "1"}))


def test_prod_starts_with_a_strong_secret_key(tmp_path):
    assert _import_prod(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY}).returncode == 0


@pytest.mark.parametrize("key, why", [
    ("abc", "shorter than 50"), ("x" * 80, "fewer than 5 different"), ("ab" * 40, "fewer than 5 different"),
    ("django-insecure-" + STRONG_KEY, "development key"),
])
def test_prod_refuses_a_weak_secret_key_in_one_line_that_does_not_show_it(tmp_path, key, why):
    line = _one_line(_check(tmp_path, {"DJANGO_SECRET_KEY": key}))
    assert "DJANGO_SECRET_KEY" in line and why in line and key not in line


@pytest.mark.parametrize("name, value, expects", [
    ("JUDGEAPP_HSTS_SECONDS", "abc", "whole number"),
    ("JUDGEAPP_HSTS_SECONDS", "-5", "0 or more"),
    ("JUDGEAPP_RATE_LIMIT_FACTOR", "lots", "number above 0"),
    ("JUDGEAPP_RATE_LIMIT_FACTOR", "0", "number above 0"),
    ("JUDGEAPP_RATE_LIMIT_FACTOR", "nan", "number above 0"),
    ("JUDGEAPP_HTTPS", "perhaps", "1 or 0"),
    ("JUDGEAPP_HSTS_PRELOAD", "2", "1 or 0"),
    ("JUDGEAPP_SERVER_TIMING", "yes please", "1 or 0"),
    ("JUDGEAPP_APP_CONCURRENCY", "four", "whole number"),
])
def test_a_bad_environment_value_stops_check_with_one_line_naming_it(tmp_path, name, value, expects):
    env = {"DJANGO_SECRET_KEY": STRONG_KEY, "JUDGEAPP_HTTPS": "1", name: value}
    if name == "JUDGEAPP_APP_CONCURRENCY":  # read by the server (its configuration), not the settings
        result = subprocess.run([sys.executable, "-c", "import runpy; runpy.run_path('judgeapp/gunicorn.conf.py')"], cwd=ROOT,
                                env=_clean_env(tmp_path, env), capture_output=True, text=True)
    else:
        result = _check(tmp_path, env)
    line = _one_line(result)
    assert line.startswith(f"judgeapp: {name} must be") and expects in line, line


@pytest.mark.parametrize("name, value", [("JUDGEAPP_WORKERS", "two"), ("JUDGEAPP_THREADS", "0"),
                                         ("JUDGEAPP_TIMEOUT", "1m"), ("JUDGEAPP_RATE_LIMIT_FACTOR", "x")])
def test_gunicorn_stops_at_start_with_one_line_naming_the_variable(tmp_path, name, value):
    """Before any worker starts: a worker that fails on its settings would be started again, forever."""
    env = _clean_env(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY, "JUDGEAPP_BIND": "127.0.0.1:0", name: value})
    result = subprocess.run([str(Path(sys.executable).parent / "gunicorn"), "-c", "judgeapp/gunicorn.conf.py"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "Booting worker" not in result.stderr
    assert result.stderr.strip().splitlines() == [result.stderr.strip().splitlines()[-1]], result.stderr
    assert result.stderr.strip().startswith(f"judgeapp: {name} must be")


def test_the_database_files_are_readable_by_their_owner_only(tmp_path):
    env = _clean_env(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY, "DJANGO_SETTINGS_MODULE": "judgeapp.settings.prod"})
    script = ("import django; django.setup()\n"
              "from django.db import connection; connection.ensure_connection()\n"
              "from judgeapp import throttle\n"
              "from django.test import RequestFactory\n"
              "throttle.rate_limit_check(RequestFactory().post('/'), 'scenario-create')\n"
              "from django.core.cache import cache; cache.set('k', 1)\n")
    old = os.umask(0o022)  # what a shell usually has: new files readable by everyone
    try:
        result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    finally:
        os.umask(old)
    assert result.returncode == 0, result.stderr
    made = [p for p in tmp_path.rglob("*") if p.is_file() and "staticfiles" not in p.parts]
    names = {p.name for p in made}
    assert {"judgeapp.sqlite3", "ratelimit.sqlite3"} <= names and any(n.endswith(".djcache") for n in names), names
    for path in made:
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, (path, oct(path.stat().st_mode))


def test_a_bad_database_url_stops_check_with_one_line_that_does_not_show_the_password(tmp_path):
    line = _one_line(_check(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY,
                                       "DATABASE_URL": "postgres://judge:hunter2@db:notaport/judgeapp"}))
    assert line.startswith("judgeapp: DATABASE_URL must be") and "hunter2" not in line


def test_a_var_dir_that_cannot_be_made_stops_check_with_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = _check(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY})
    assert result.returncode == 0, result.stderr  # the directory itself is fine
    env = _clean_env(tmp_path, {"DJANGO_SECRET_KEY": STRONG_KEY})
    env["JUDGEAPP_VAR_DIR"] = str(blocker / "var")
    failed = subprocess.run([sys.executable, "manage.py", "check", "--settings=judgeapp.settings.prod"], cwd=ROOT,
                            env=env, capture_output=True, text=True)
    assert _one_line(failed).startswith("judgeapp: JUDGEAPP_VAR_DIR must be a directory")
