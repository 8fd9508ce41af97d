"""Small helpers that validate JSON-like data and name the failing field path."""

from __future__ import annotations

from typing import Any, Iterable

from .errors import DefinitionError


def describe(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def obj(data: Any, path: str, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict:
    """Check ``data`` is an object with exactly the allowed keys."""
    if not isinstance(data, dict):
        raise DefinitionError(path, f"expected an object, got {describe(data)}")
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in data:
        if key not in allowed:
            raise DefinitionError(join(path, key), f"unknown field (allowed: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in data:
            raise DefinitionError(join(path, key), "required field is missing")
    return data


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def integer(data: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    ok = isinstance(data, int) and not isinstance(data, bool)
    if ok and (lo is None or data >= lo) and (hi is None or data <= hi):
        return data
    if lo is not None and hi is not None:
        want = f"integer {lo}-{hi}"
    elif lo is not None:
        want = f"integer >= {lo}"
    else:
        want = "integer"
    raise DefinitionError(path, f"expected {want}, got {describe(data)}")


def string(data: Any, path: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(data, str):
        raise DefinitionError(path, f"expected a string, got {describe(data)}")
    if choices is not None:
        choices = tuple(choices)
        if data not in choices:
            raise DefinitionError(path, f"expected one of {', '.join(choices)}, got {describe(data)}")
    return data


def boolean(data: Any, path: str) -> bool:
    if not isinstance(data, bool):
        raise DefinitionError(path, f"expected true or false, got {describe(data)}")
    return data


def array(data: Any, path: str) -> list:
    if not isinstance(data, list):
        raise DefinitionError(path, f"expected a list, got {describe(data)}")
    return data
