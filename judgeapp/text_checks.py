"""Text that is not valid Unicode: a NUL, or a lone UTF-16 surrogate (what a JSON ``"\\ud800"`` escape
parses to).  SQLite would store either and every later answer showing it would fail to encode;
PostgreSQL refuses NUL.  The request middleware (judgeapp.middleware) refuses such text in any
request, and the sandbox's input checks (judgeapp.sandbox.validation) again, for callers that
reach the services some other way."""
from __future__ import annotations

from typing import Any


def text_invalid(value: str) -> bool:
    if "\x00" in value:
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return True
    return False


def json_invalid_field(value: Any, path: str) -> str | None:
    """The path (``players[0].hand[2].name``) of the first string or key in a parsed JSON value that is
    not valid text, or None. ``path`` names the value itself ("" at the top of a body: "body")."""
    if isinstance(value, str):
        return path or "body" if text_invalid(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and text_invalid(key):
                return f"a key in {path or 'the body'}"
            found = json_invalid_field(item, f"{path}.{key}" if path else str(key))
            if found:
                return found
    elif isinstance(value, list):
        for position, item in enumerate(value):
            found = json_invalid_field(item, f"{path or 'body'}[{position}]")
            if found:
                return found
    return None
