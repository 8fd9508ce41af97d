"""Input checks shared by the sandbox's services, views and API: sizes, JSON, text, integers, and the two errors.

:class:`SandboxError` names the offending field (``players[0].hand[2].grade``,
``action.card``, ``title``...) so a page or the API can say what to fix;
:class:`ActionRefused` carries the engine's reason and the clause that forbids
the action.
"""
from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from django.utils.translation import gettext, gettext_noop

import engine
from engine.core.scenario_format import METADATA_LANGUAGES
from judgeapp.text_checks import json_invalid_field, text_invalid

MAX_CARDS = 200
MAX_NODES = 1000
MAX_EVENTS = 5000
MAX_BODY_BYTES = 1024 * 1024
MAX_DEPTH = 24
MAX_EXPECTATIONS = 100
TEXT_LIMITS = {"title": 200, "question": 4000, "description": 20000}
# Every string anywhere in a body the sandbox reads (a board, a card, an action, an expectation, a
# script): at most STRING_LIMIT characters, or its key's own limit here; every key at most KEY_LIMIT.
# A card's name is copied into every card its template's ``count`` expands to and into every stored
# state after it: unbounded, a 200 KB body stored 40 MB per point of the history.
STRING_LIMIT = 200
KEY_LIMIT = 60
# A title, question or description in another language (metadata.description_it) has the limit of the field it
# translates: a worked example whose Italian description ran past 200 characters could not be opened.
STRING_LIMITS = {**TEXT_LIMITS, **{f"{key}_{language}": limit for key, limit in TEXT_LIMITS.items()
                                   for language in METADATA_LANGUAGES}, "text": 1000, "note": 1000}
MAX_TAGS, MAX_TAG_LENGTH = 20, 40
MAX_CLAUSES = 50


class SandboxError(ValueError):
    """Invalid input: ``field`` is the path of the offending field; ``status`` 400 or 413."""

    def __init__(self, field: str, message: str, status: int = 400):
        self.field = field
        self.message = message
        self.status = status
        super().__init__(f"{field}: {message}" if field else message)

    def to_json(self) -> dict:
        return {"error": "invalid", "field": self.field, "message": self.message}


class ActionRefused(ValueError):
    """The engine refused an action: reason plus the forbidding clause."""

    def __init__(self, error: engine.IllegalActionError, action: dict):
        self.reason = error.reason
        self.citation = error.citation
        self.action = action
        super().__init__(str(error))

    def to_json(self) -> dict:
        return {"error": "refused", "reason": self.reason, "action": self.action,
                "citation": self.citation.to_json() if self.citation else None}


# ---------------------------------------------------------------- generic input checks
def json_depth_check(value: Any, field: str = "", limit: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than ``limit`` (iteratively: no recursion on hostile input)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            raise SandboxError(field, gettext("nested deeper than %(limit)s levels") % {"limit": limit})
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


NOT_TEXT = gettext_noop("holds characters that are not valid text (a NUL or a lone "
                        "surrogate)")  # translated when raised


def json_text_check(value: Any, field: str = "") -> None:
    """Refuse a NUL or a lone surrogate in any string or key of parsed JSON, naming where it is, and any
    string or key longer than its limit (:func:`json_length_check`).
    The request middleware refuses invalid text first; this holds for every other way into the services."""
    found = json_invalid_field(value, field)
    if found:
        raise SandboxError(found, gettext(NOT_TEXT))
    json_length_check(value, field)


def json_length_check(value: Any, field: str = "") -> None:
    """Refuse a string longer than its key's limit (STRING_LIMITS, else STRING_LIMIT) or a key longer
    than KEY_LIMIT, naming its path; iterative, the path built only for the one refused."""
    stack: list[tuple[Any, Any, Any]] = [(value, None, None)]  # (item, its key or index, the parent's entry)
    while stack:
        entry = stack.pop()
        item, key = entry[0], entry[1]
        if isinstance(item, str):
            limit = STRING_LIMITS.get(_owning_key(entry), STRING_LIMIT)
            if len(item) > limit:
                raise SandboxError(_entry_path(entry, field), gettext("longer than %(limit)s characters") % {
                    "limit": limit})
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and len(k) > KEY_LIMIT:
                    raise SandboxError(_entry_path(entry, field),
                                       gettext("holds a name longer than %(key_limit)s characters (%(name)s...)") % {
                                           "key_limit": KEY_LIMIT, "name": k[:20]})
                stack.append((v, k, entry))
        elif isinstance(item, list):
            stack.extend((v, i, entry) for i, v in enumerate(item))


def _owning_key(entry: tuple) -> Any:
    """The nearest object key above a value (a list's items take their list's key)."""
    while entry is not None and not isinstance(entry[1], str):
        entry = entry[2]
    return entry[1] if entry is not None else None


def _entry_path(entry: tuple, field: str) -> str:
    """The path of a value, under ``field``; a request body's fields (and a scenario pasted in the import
    page's "json" box) are named as the body names them (``scenario.templates``, ``title``)."""
    parts = []
    while entry is not None and entry[2] is not None:
        key = entry[1]
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
        entry = entry[2]
    path = ("" if field in ("body", "json") else field) + "".join(reversed(parts))
    return (path[1:] if path.startswith(".") else path) or field


def json_parse(raw: bytes | str, field: str = "") -> Any:
    """Parse JSON text from a client: size, syntax, depth and text checked, errors name ``field``."""
    if len(raw) > MAX_BODY_BYTES:
        raise SandboxError(field, gettext("larger than %(max_body_bytes)s KB") % {
            "max_body_bytes": MAX_BODY_BYTES // 1024}, status=413)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise SandboxError(field, _json_error(exc)) from None
    json_depth_check(data, field)
    json_text_check(data, field)
    return data


def _json_error(exc: Exception) -> str:
    """Where the JSON went wrong, in our words (the parser's own text is not written for a visitor)."""
    if isinstance(exc, RecursionError):
        return gettext("nested too deeply")
    if isinstance(exc, json.JSONDecodeError):
        return gettext("invalid JSON (line %(line)s, column %(column)s)") % {"line": exc.lineno, "column": exc.colno}
    return gettext("invalid JSON: the text is not UTF-8")


def state_size_check(state_text: str, field: str) -> None:
    """Refuse a state whose stored JSON is larger than settings.SANDBOX_MAX_STATE_BYTES."""
    limit = settings.SANDBOX_MAX_STATE_BYTES
    size = len(state_text) if len(state_text) * 4 <= limit else len(state_text.encode("utf-8"))
    if size > limit:
        raise SandboxError(field, gettext("the board holds %(size)s KB of card data: at most %(limit)s KB (shorten "
                                          "names and texts, "
                                          "or use fewer cards)") % {
                                              "size": size // 1024, "limit": limit // 1024}, status=413)


def script_length_check(data: dict, field: str = "scenario") -> None:
    """Refuse a scenario whose script and branches together hold more actions than an import may replay
    (``settings.SANDBOX_MAX_SCRIPT_ACTIONS``), before anything runs."""
    limit = settings.SANDBOX_MAX_SCRIPT_ACTIONS
    history = data.get("history")
    if isinstance(history, dict) and isinstance(history.get("points"), list):
        # an export's points are what its import replays (its script and branches are the same moves)
        if len(history["points"]) > limit:
            raise SandboxError(f"{field}.history.points", gettext("%(count)d points: a scenario's history holds at "
                                                                  "most %(most)d") % {"count": len(history["points"]),
                                                                                      "most": limit})
        return
    scripts = [(f"{field}.script", data.get("script"))]
    branches = data.get("branches")
    if isinstance(branches, list):
        scripts += [(f"{field}.branches[{b}].script", branch.get("script"))
                    for b, branch in enumerate(branches) if isinstance(branch, dict)]
    total = 0
    for path, script in scripts:
        total += sum(_weight(item) for item in script) if isinstance(script, list) else 0
        if total > limit:
            raise SandboxError(path, gettext("%(total)s or more script actions: a scenario's script and branches "
                                             "hold at most %(limit)s together") % {"total": total, "limit": limit})


def _weight(item: Any) -> int:
    """How many actions a script item stands for: a loop's ``repeat`` its rounds times its items."""
    spec = item.get("repeat") if isinstance(item, dict) else None
    if isinstance(spec, dict) and isinstance(spec.get("times"), int) and isinstance(spec.get("script"), list):
        return max(1, spec["times"]) * max(1, len(spec["script"]))
    return 1


def text_clean(value: Any, field: str, limit: int) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise SandboxError(field, gettext("expected a string"))
    if len(value) > limit:
        raise SandboxError(field, gettext("longer than %(limit)s characters") % {"limit": limit})
    if text_invalid(value):
        raise SandboxError(field, gettext(NOT_TEXT))
    return value.strip()


def int_clean(value: Any, field: str, lo: int, hi: int) -> int:
    if isinstance(value, str) and re.fullmatch(r"-?\d{1,10}", value.strip()):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise SandboxError(field, gettext("expected an integer %(lo)s-%(hi)s") % {"lo": lo, "hi": hi})
    return value


def engine_error(exc: engine.DefinitionError, prefix: str = "") -> SandboxError:
    field = exc.path
    if prefix:
        field = f"{prefix}.{field}" if field and not field.startswith("[") else f"{prefix}{field}"
    return SandboxError(field, exc.message)


class ScenarioConflict(ValueError):
    """The history moved on since the caller last read it (another tab, another judge): reload and retry."""

    def __init__(self, seen: int, current: int):
        self.seen = seen
        self.current = current
        self.message = gettext("the board has changed since you loaded it (you were at point %(seen)s, it is now at "
                               "point %(current)s): reload it and try again") % {"seen": seen, "current": current}
        super().__init__(self.message)

    def to_json(self) -> dict:
        return {"error": "conflict", "message": self.message, "current": self.current}


CLAUSE_RE = re.compile(r"^\d{1,3}(\.\d{1,3}){0,7}(\.[a-z])?$")  # letters end some numbers (4.2.5.d)


def meta_clean(data: dict, partial: bool = False) -> dict:
    """Validate title, question, description, tags and clauses; return the cleaned subset given."""
    out: dict = {}
    for key, limit in TEXT_LIMITS.items():
        if key in data or not partial:
            out[key] = text_clean(data.get(key), key, limit)
    if "tags" in data or not partial:
        tags = data.get("tags") or []
        if isinstance(tags, str):
            tags = [t for t in re.split(r"[,\n]", tags)]
        if not isinstance(tags, list):
            raise SandboxError("tags", gettext("expected a list of strings"))
        if len(tags) > MAX_TAGS:
            raise SandboxError("tags", gettext("at most %(max_tags)s tags") % {"max_tags": MAX_TAGS})
        clean = []
        for i, tag in enumerate(tags):
            tag = text_clean(tag, f"tags[{i}]", MAX_TAG_LENGTH)
            if tag and tag not in clean:
                clean.append(tag)
        out["tags"] = clean
    if "clauses" in data or not partial:
        clauses = data.get("clauses") or []
        if isinstance(clauses, str):
            clauses = re.split(r"[\s,;]+", clauses)
        if not isinstance(clauses, list):
            raise SandboxError("clauses", gettext("expected a list of clause numbers"))
        if len(clauses) > MAX_CLAUSES:
            raise SandboxError("clauses", gettext("at most %(max_clauses)s clauses") % {"max_clauses": MAX_CLAUSES})
        clean = []
        for i, number in enumerate(clauses):
            number = text_clean(number, f"clauses[{i}]", 40)
            if not number:
                continue
            if not CLAUSE_RE.match(number):
                raise SandboxError(f"clauses[{i}]", gettext("not a clause number like 7.4.1: “%(number)s”") % {
                    "number": number[:40]})
            if number not in clean:
                clean.append(number)
        out["clauses"] = clean
    return out
