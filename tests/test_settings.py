"""Production settings refuse unsafe configurations."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _import_prod(env_extra):
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "DJANGO_DEBUG")}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-c", "import judgeapp.settings.prod"], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_prod_refuses_without_secret_key():
    result = _import_prod({})
    assert result.returncode != 0 and "DJANGO_SECRET_KEY must be set" in result.stderr


def test_prod_refuses_debug():
    result = _import_prod({"DJANGO_SECRET_KEY": "x" * 50, "DJANGO_DEBUG": "1"})
    assert result.returncode != 0 and "DEBUG must be off" in result.stderr


def test_prod_starts_with_secret_key():
    assert _import_prod({"DJANGO_SECRET_KEY": "x" * 50}).returncode == 0
