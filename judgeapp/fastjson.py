"""orjson where the sandbox moves large JSON: a scenario's JSON fields and the API's JSON answers.

A scenario's history tree is one JSON document that grows with every step (a few
hundred points are several hundred KB), read and written by every write, and the
API answers with the board and the whole log.  The standard library's json spends
most of a long history's step there; orjson does the same work several times
faster.  Output is the same JSON (non-string keys become strings, as json does).
"""
from __future__ import annotations

import json
import re

import orjson
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from rest_framework.renderers import JSONRenderer

OPTIONS = orjson.OPT_NON_STR_KEYS
_LONG_NUMBER = re.compile(r"[0-9]{19}")


class EncodedJSON(str):
    """JSON text already encoded (with :func:`encode`): a FastJSONField writes it as it is, so a
    write can encode its value before taking the database's write lock."""


def _dumps(value) -> str:
    try:
        return orjson.dumps(value, option=OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):  # integers past 64 bits, types orjson does not know
        return json.dumps(value, cls=DjangoJSONEncoder)


def encode(value) -> EncodedJSON:
    return EncodedJSON(_dumps(value))


class FastJSONField(models.JSONField):
    """A JSONField encoded and decoded with orjson on SQLite (other databases keep Django's own path)."""

    def from_db_value(self, value, expression, connection):
        # orjson reads an integer past 64 bits as a float: such text (rare) is read the standard way.
        if isinstance(value, str) and connection.vendor == "sqlite" and not _LONG_NUMBER.search(value):
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:
                pass
        return super().from_db_value(value, expression, connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if isinstance(value, EncodedJSON):
            if connection.vendor == "sqlite":
                return str(value)
            value = orjson.loads(str(value))  # other databases adapt the value themselves
        if connection.vendor != "sqlite" or isinstance(value, models.expressions.Expression):
            return super().get_db_prep_value(value, connection, prepared)
        if not prepared:
            value = self.get_prep_value(value)
        return _dumps(value)


class FastJSONRenderer(JSONRenderer):
    """DRF's JSON answers through orjson (compact UTF-8, as DRF's own); indented output falls back to DRF."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if self.get_indent(accepted_media_type, renderer_context or {}):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            return orjson.dumps(data, option=OPTIONS)
        except TypeError:  # a type orjson does not know (lazy text, Decimal): DRF's encoder knows it
            return super().render(data, accepted_media_type, renderer_context)
