"""Reading configuration from the environment (the settings modules and judgeapp/gunicorn.conf.py).

A value that cannot be used stops start-up with one line naming the variable and what it expects
(``judgeapp: JUDGEAPP_HSTS_SECONDS must be a whole number of 0 or more, not 'abc'``): the error is a
SystemExit, which Python, ``manage.py`` and gunicorn print without a traceback.  Plain Python on
purpose: gunicorn's configuration imports this before Django is set up.
"""
from __future__ import annotations

import os

TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off", "")
# Django's own check (security.W009): a key shorter than this or with fewer distinct characters is guessable.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_DISTINCT = 5
INSECURE_KEY_PREFIX = "django-insecure-"


class ConfigurationError(SystemExit):
    """A setting that cannot be used: the process stops and prints this one line."""

    def __init__(self, message: str):
        super().__init__(f"judgeapp: {message}")


def _shown(value: str) -> str:
    return repr(value[:40])


def env_int(name: str, default: int, *, minimum: int | None = None, maximum: int | None = None) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise ConfigurationError(f"{name} must be a whole number{_range(minimum, maximum)}, not {_shown(raw)}")
    return value


def env_float(name: str, default: float, *, minimum: float | None = None, positive: bool = False) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = None
    if value is None or value != value or value in (float("inf"), float("-inf")) \
            or (positive and value <= 0) or (minimum is not None and value < minimum):
        wanted = "a number above 0" if positive else f"a number{_range(minimum, None)}"
        raise ConfigurationError(f"{name} must be {wanted}, not {_shown(raw)}")
    return value


def env_flag(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ConfigurationError(f"{name} must be 1 or 0 (on or off), not {_shown(raw)}")


def _range(minimum, maximum) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum} to {maximum}"
    if minimum is not None:
        return f" of {minimum} or more"
    return f" of {maximum} or less" if maximum is not None else ""


def secret_key_weakness(key: str) -> str | None:
    """Why ``key`` is too weak to sign sessions and CSRF tokens in production (None: strong enough)."""
    if key.startswith(INSECURE_KEY_PREFIX):
        return "is Django's generated development key"
    if len(key) < SECRET_KEY_MIN_LENGTH:
        return f"is shorter than {SECRET_KEY_MIN_LENGTH} characters"
    if len(set(key)) < SECRET_KEY_MIN_DISTINCT:
        return f"has fewer than {SECRET_KEY_MIN_DISTINCT} different characters"
    return None
